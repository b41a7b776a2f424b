//! The employer's hiring pipeline: a job's board (and its list view), moving an
//! applicant between stages, and rejecting several at once.

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::NaiveDate;
use commands::CommandError;
use commands::applications::MoveApplication;
use domain::application::MAX_FEEDBACK_LEN;
use domain::pipeline::{RejectionReason, Stage};
use projections::RowFold;
use projections::read_models::applications::{
    self, JobReport, PipelineCard, PipelineFilter, PipelineSort, StageCounts,
};
use projections::read_models::interviews;
use projections::read_models::job_board::{self, Job};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

/// At most this many applicants in one bulk rejection.
pub const MAX_BULK: usize = 200;

pub const MOVED_BY_SOMEONE_ELSE: &str =
    "Someone else moved this applicant a moment ago. The board now shows where they are.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(board))
        .routes(routes!(report))
        .routes(routes!(move_one))
        .routes(routes!(bulk_reject))
        .routes(routes!(rejection_reasons))
}

/// A reason a rejection may give, as a form offers it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ReasonOption {
    reason: RejectionReason,
    /// How the hiring team reads it: "Salary expectations".
    label: &'static str,
}

/// Every reason with its words, in the order a form lists them.
pub(crate) fn reason_options() -> Vec<ReasonOption> {
    RejectionReason::ALL
        .into_iter()
        .map(|reason| ReasonOption {
            reason,
            label: reason.label(),
        })
        .collect()
}

/// The reasons a rejection may give, in the order a form lists them: the
/// team's own record of why, never shown to the candidate.
#[utoipa::path(get, path = "/api/employer/rejection-reasons", tag = "employer", security(("employer" = [])),
    responses((status = 200, description = "The reasons, in form order", body = Vec<ReasonOption>),
        refusals::NotApproved))]
async fn rejection_reasons(EmployerUser(_): EmployerUser) -> Json<Vec<ReasonOption>> {
    Json(reason_options())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct BoardQuery {
    /// Only this stage; an unknown one is 422.
    #[param(value_type = Option<Stage>)]
    stage: Option<String>,
    /// The applicant's name or email contains this (any case).
    q: Option<String>,
    /// Applied on or after this day (Australia/Sydney days are close enough
    /// for a filter: midnight UTC).
    from: Option<NaiveDate>,
    /// Applied on or before this day.
    to: Option<NaiveDate>,
    #[serde(default)]
    #[param(inline)]
    sort: PipelineSort,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Board {
    job: Job,
    counts: StageCounts,
    #[schema(value_type = Vec<Stage>)]
    stages: [Stage; 6],
    applications: Vec<PipelineCard>,
}

#[utoipa::path(get, path = "/api/employer/jobs/{id}/pipeline", tag = "employer", security(("employer" = [])), params(IdInPath, BoardQuery),
    responses((status = 200, description = "The job's board: its counts (whatever the filter) and the matching applicants, each with the time it entered its stage and whole days since, its scorecards' average rating and count, and its resume's file name", body = Board),
        refusals::JobNotFound,
        (status = 422, description = "An unknown stage", body = ErrorBody)))]
async fn board(
    reads: ReadPool,
    EmployerUser(me): EmployerUser,
    PathId(job_id, _): PathId<routes::Job>,
    Query(query): Query<BoardQuery>,
) -> Result<Json<Board>, ApiError> {
    let job = own_job(&reads, me, job_id).await?;
    let day = |d: NaiveDate| d.and_hms_opt(0, 0, 0).map(|t| t.and_utc());
    let filter = PipelineFilter {
        stage: query.stage.as_deref().map(Stage::parse).transpose()?,
        keyword: query.q.as_deref().map(super::search_text),
        from: query.from.and_then(day),
        to: query.to.and_then(|d| d.succ_opt()).and_then(day),
        sort: query.sort,
    };
    let counts = applications::stage_counts(&reads, me)
        .await?
        .remove(&job_id)
        .unwrap_or_default();
    let applications = applications::pipeline(&reads, me, job_id, &filter).await?;
    Ok(Json(Board {
        job,
        counts,
        stages: Stage::ALL,
        applications,
    }))
}

/// The employer's own job; another employer's is as missing as no job at all.
async fn own_job(pool: &sqlx::PgPool, me: Uuid, job_id: Uuid) -> Result<Job, ApiError> {
    job_board::job(pool, job_id)
        .await?
        .filter(|j| j.employer_id == me)
        .ok_or_else(|| ApiError::not_found("Job"))
}

/// Per job: applicants per stage and per week, time to first response, time to hire.
#[utoipa::path(get, path = "/api/employer/jobs/{id}/report", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 200, description = "Applicants per stage and per week, time to first response, time to hire", body = JobReport),
        refusals::JobNotFound))]
async fn report(
    reads: ReadPool,
    EmployerUser(me): EmployerUser,
    PathId(job_id, _): PathId<routes::Job>,
) -> Result<Json<JobReport>, ApiError> {
    own_job(&reads, me, job_id).await?;
    Ok(Json(applications::job_report(&reads, me, job_id).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct MoveBody {
    // Read in any case.
    #[serde(deserialize_with = "crate::error::parsed")]
    stage: Stage,
    feedback: Option<String>,
    /// Why the team is not going ahead: only with `rejected`, kept for the
    /// team's reports and never shown to the candidate.
    #[serde(default, deserialize_with = "crate::error::parsed_option")]
    reason: Option<RejectionReason>,
    /// The card's version as the board showed it.
    version: Option<i64>,
    /// Email the candidate too: only with `rejected` ("Your application for
    /// … at …", with the feedback). Without it they hear in their portal and
    /// notifications only.
    #[serde(default)]
    email_candidate: bool,
    /// The team's own note with the move (up to 2,000 characters), saved as
    /// a private note on the application, led by what the move did
    /// ("Rejected (Salary expectations): …"). Never in the candidate's
    /// portal, notifications or email; like every note, it is in a copy of
    /// their data they ask for.
    team_note: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct MovedReply {
    id: Uuid,
    stage: Stage,
    version: i64,
    message: &'static str,
    /// Whether the candidate was emailed: a rejection asked to be mailed,
    /// entering Rejected (not feedback added to one), to a candidate not erased.
    emailed: bool,
    /// How many of their interviews still to come the rejection cancelled
    /// (each with a calendar update to the candidate).
    interviews_cancelled: usize,
    /// Whether `team_note` was saved with the move (not when nothing changed).
    note_saved: bool,
}

#[utoipa::path(post, path = "/api/employer/applications/{id}/move", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = MoveBody,
    responses((status = 200, description = "`Applicant moved`, or `Nothing changed`", body = MovedReply),
        refusals::ApplicationNotFound,
        (status = 409, description = "Someone else moved this applicant since the board showed `version`", body = ErrorBody),
        (status = 422, description = "An unknown stage, a move the pipeline does not allow, a closed job, feedback or team note too long, `email_candidate` or `reason` with a stage other than `rejected`, an unknown reason", body = ErrorBody)))]
async fn move_one(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(application_id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<MoveBody>,
) -> Result<Written<Json<MovedReply>>, ApiError> {
    let stage = body.stage;
    let cmd = MoveApplication {
        employer_id: me,
        application_id,
        stage,
        feedback: body.feedback,
        reason: body.reason,
        expected_version: body.version,
        email_candidate: body.email_candidate,
        upcoming_interviews: upcoming_if(&state, stage == Stage::Rejected, application_id).await?,
        team_note: body.team_note,
        pass_over_rejected: false,
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
    Ok(Written::json(
        written.position,
        MovedReply {
            id: application_id,
            stage,
            version: written.output.version,
            emailed: written.output.emailed,
            interviews_cancelled: written.output.interviews_cancelled,
            note_saved: written.output.note_saved,
            message,
        },
    ))
}

/// How long a decision that may end an application waits for the interviews
/// read model to catch up with the log.
const UPCOMING_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// An application's interviews still to come, when the decision may end it
/// (the command cancels them with it); none to look up otherwise.
pub(crate) async fn upcoming_if(
    state: &AppState,
    may_end: bool,
    application_id: Uuid,
) -> Result<Vec<Uuid>, ApiError> {
    if !may_end {
        return Ok(vec![]);
    }
    interviews_caught_up(state).await?;
    upcoming_of(state, application_id).await
}

/// A booking made a moment ago is listed once the read model has it: waits
/// briefly for that. Should it be behind for longer, the command cancels what
/// it lists and the rest stay on the employer's list to cancel.
async fn interviews_caught_up(state: &AppState) -> Result<(), ApiError> {
    let head = state.store().head_position().await?;
    projections::wait::until_position(
        &state.source(),
        &[<interviews::InterviewsProjector as RowFold>::NAME],
        head,
        UPCOMING_WAIT,
    )
    .await?;
    Ok(())
}

async fn upcoming_of(state: &AppState, application_id: Uuid) -> Result<Vec<Uuid>, ApiError> {
    let of = interviews::UpcomingOf::Application(application_id);
    Ok(interviews::upcoming_ids(&state.pool, of).await?)
}

#[derive(Deserialize, utoipa::ToSchema)]
struct BulkRejectBody {
    application_ids: Vec<Uuid>,
    feedback: Option<String>,
    /// Why the team is not going ahead with them, the same for all.
    #[serde(default, deserialize_with = "crate::error::parsed_option")]
    reason: Option<RejectionReason>,
    /// Email each candidate too, as a single rejection can.
    #[serde(default)]
    email_candidates: bool,
    /// The team's own note, saved on each applicant this rejects (not on
    /// one already rejected), as with one move.
    team_note: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct BulkOutcome {
    id: Uuid,
    /// `None` when it was rejected (or already was); else why not.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Whether this candidate was emailed (as for one move).
    emailed: bool,
    /// How many of their interviews still to come were cancelled.
    interviews_cancelled: usize,
    /// Whether the team's note was saved on this applicant.
    note_saved: bool,
    /// They were rejected before: left as they were (reason, feedback and
    /// notes), emailed nothing, and not counted in `rejected`.
    already_rejected: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
struct BulkRejected {
    /// How many this rejected (not those already rejected).
    rejected: usize,
    /// How many of them were emailed.
    emailed: usize,
    /// How many interviews still to come were cancelled, over them all.
    interviews_cancelled: usize,
    results: Vec<BulkOutcome>,
}

/// Rejects each listed applicant with the same feedback. Each is its own
/// command: one that fails (hired, someone else's, a closed job) is reported
/// and the others go ahead.
#[utoipa::path(post, path = "/api/employer/applications/bulk-reject", tag = "employer", security(("employer" = [])), request_body = BulkRejectBody,
    responses((status = 200, description = "Each applicant's outcome: rejected, or why not", body = BulkRejected),
        (status = 422, description = "No applicants, more than 200, feedback or team note too long, or an unknown reason", body = ErrorBody)))]
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
    // Checked once, so that a note too long refuses the list, not each applicant.
    domain::assessment::team_note(body.team_note.as_deref())?;
    let mut ids = body.application_ids;
    ids.sort();
    ids.dedup();
    let mut results = Vec::with_capacity(ids.len());
    let mut position = None;
    let mut rejected = 0;
    let mut emailed = 0;
    let mut interviews_cancelled = 0;
    // Once for the whole list, not once an applicant.
    interviews_caught_up(&state).await?;
    for id in ids {
        let cmd = MoveApplication {
            employer_id: me,
            application_id: id,
            stage: Stage::Rejected,
            feedback: body.feedback.clone(),
            reason: body.reason,
            expected_version: None,
            email_candidate: body.email_candidates,
            upcoming_interviews: upcoming_of(&state, id).await?,
            team_note: body.team_note.clone(),
            pass_over_rejected: true,
        };
        match state.commands.move_application(cmd, meta.clone()).await {
            Ok(written) => {
                position = written.position.or(position);
                let already_rejected = written.position.is_none();
                rejected += usize::from(!already_rejected);
                emailed += usize::from(written.output.emailed);
                interviews_cancelled += written.output.interviews_cancelled;
                results.push(BulkOutcome {
                    id,
                    error: None,
                    emailed: written.output.emailed,
                    interviews_cancelled: written.output.interviews_cancelled,
                    note_saved: written.output.note_saved,
                    already_rejected,
                });
            }
            Err(CommandError::Internal(e)) => return Err(ApiError::Internal(e)),
            Err(e) => results.push(BulkOutcome {
                id,
                error: Some(ApiError::from(e).to_string()),
                emailed: false,
                interviews_cancelled: 0,
                note_saved: false,
                already_rejected: false,
            }),
        }
    }
    Ok(Written::json(
        position,
        BulkRejected {
            rejected,
            emailed,
            interviews_cancelled,
            results,
        },
    ))
}
