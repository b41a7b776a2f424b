//! The employer's hiring pipeline: a job's board (and its list view), moving an
//! applicant between stages, and rejecting several at once.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::NaiveDate;
use commands::CommandError;
use commands::applications::MoveApplication;
use domain::application::MAX_FEEDBACK_LEN;
use domain::pipeline::Stage;
use projections::read_models::applications::{
    self, JobReport, PipelineCard, PipelineFilter, PipelineSort, StageCounts,
};
use projections::read_models::job_board::{self, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

/// At most this many applicants in one bulk rejection.
pub const MAX_BULK: usize = 200;

pub const MOVED_BY_SOMEONE_ELSE: &str =
    "Someone else moved this applicant a moment ago. The board now shows where they are.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/employer/jobs/{id}/pipeline", get(board))
        .route("/api/employer/jobs/{id}/report", get(report))
        .route("/api/employer/applications/{id}/move", post(move_one))
        .route("/api/employer/applications/bulk-reject", post(bulk_reject))
}

#[derive(Deserialize)]
struct BoardQuery {
    stage: Option<String>,
    q: Option<String>,
    /// Applied on or after this day (Australia/Sydney days are close enough
    /// for a filter: midnight UTC).
    from: Option<NaiveDate>,
    /// Applied on or before this day.
    to: Option<NaiveDate>,
    #[serde(default)]
    sort: PipelineSort,
}

#[derive(Serialize)]
struct Board {
    job: Job,
    counts: StageCounts,
    stages: [Stage; 6],
    applications: Vec<PipelineCard>,
}

async fn board(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(job_id, _): PathId<routes::Job>,
    Query(query): Query<BoardQuery>,
) -> Result<Json<Board>, ApiError> {
    let job = job_board::job(&state.pool, job_id)
        .await?
        .filter(|j| j.employer_id == me)
        .ok_or_else(|| ApiError::not_found("Job"))?;
    let day = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
    let filter = PipelineFilter {
        stage: query.stage.as_deref().map(Stage::parse).transpose()?,
        keyword: query.q.map(|q| q.chars().take(100).collect()),
        from: query.from.and_then(day),
        to: query.to.and_then(|d| d.succ_opt()).and_then(day),
        sort: query.sort,
    };
    let counts = applications::stage_counts(&state.pool, me)
        .await?
        .remove(&job_id)
        .unwrap_or_default();
    let applications = applications::pipeline(&state.pool, me, job_id, &filter).await?;
    Ok(Json(Board {
        job,
        counts,
        stages: Stage::ALL,
        applications,
    }))
}

/// Per job: applicants per stage and per week, time to first response, time to hire.
async fn report(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(job_id, _): PathId<routes::Job>,
) -> Result<Json<JobReport>, ApiError> {
    job_board::job(&state.pool, job_id)
        .await?
        .filter(|j| j.employer_id == me)
        .ok_or_else(|| ApiError::not_found("Job"))?;
    Ok(Json(
        applications::job_report(&state.pool, me, job_id).await?,
    ))
}

#[derive(Deserialize)]
struct MoveBody {
    stage: String,
    feedback: Option<String>,
    /// The card's version as the board showed it.
    version: Option<i64>,
}

#[derive(Serialize)]
struct MovedReply {
    id: Uuid,
    stage: Stage,
    version: i64,
    message: &'static str,
}

async fn move_one(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(application_id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<MoveBody>,
) -> Result<Written<Json<MovedReply>>, ApiError> {
    let stage = Stage::parse(&body.stage)?;
    let cmd = MoveApplication {
        employer_id: me,
        application_id,
        stage,
        feedback: body.feedback,
        expected_version: body.version,
    };
    let written = state
        .commands
        .move_application(cmd, meta)
        .await
        .map_err(|e| match e {
            CommandError::Conflict(_) => ApiError::new(StatusCode::CONFLICT, MOVED_BY_SOMEONE_ELSE),
            e => e.into(),
        })?;
    let message = if written.position.is_some() {
        "Applicant moved"
    } else {
        "Nothing changed"
    };
    Ok(Written(
        written.position,
        Json(MovedReply {
            id: application_id,
            stage,
            version: written.output,
            message,
        }),
    ))
}

#[derive(Deserialize)]
struct BulkRejectBody {
    application_ids: Vec<Uuid>,
    feedback: Option<String>,
}

#[derive(Serialize)]
struct BulkOutcome {
    id: Uuid,
    /// `None` when it was rejected (or already was); else why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct BulkRejected {
    rejected: usize,
    results: Vec<BulkOutcome>,
}

/// Rejects each listed applicant with the same feedback. Each is its own
/// command: one that fails (hired, someone else's, a closed job) is reported
/// and the others go ahead.
async fn bulk_reject(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<BulkRejectBody>,
) -> Result<Written<Json<BulkRejected>>, ApiError> {
    if body.application_ids.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Choose at least one applicant to reject",
        ));
    }
    if body.application_ids.len() > MAX_BULK {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("Reject at most {MAX_BULK} applicants at a time"),
        ));
    }
    if body
        .feedback
        .as_deref()
        .is_some_and(|f| f.chars().count() > MAX_FEEDBACK_LEN)
    {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("Feedback must be at most {MAX_FEEDBACK_LEN} characters"),
        ));
    }
    let mut ids = body.application_ids;
    ids.sort();
    ids.dedup();
    let mut results = Vec::with_capacity(ids.len());
    let mut position = None;
    let mut rejected = 0;
    for id in ids {
        let cmd = MoveApplication {
            employer_id: me,
            application_id: id,
            stage: Stage::Rejected,
            feedback: body.feedback.clone(),
            expected_version: None,
        };
        match state.commands.move_application(cmd, meta.clone()).await {
            Ok(written) => {
                position = written.position.or(position);
                rejected += 1;
                results.push(BulkOutcome { id, error: None });
            }
            Err(CommandError::Internal(e)) => return Err(ApiError::Internal(e)),
            Err(e) => results.push(BulkOutcome {
                id,
                error: Some(ApiError::from(e).to_string()),
            }),
        }
    }
    Ok(Written(position, Json(BulkRejected { rejected, results })))
}
