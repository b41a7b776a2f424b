//! /api/employer/jobs: an approved employer's own listings.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use commands::jobs::{CloseJob, ExtendJob, JobAction, JobForm, PostJob, ReopenJob, UpdateJob};
use projections::read_models::applications::{self, StageCounts};
use projections::read_models::job_board::{self, Job};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{PathId, RequestMeta, Saved};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/employer/jobs", get(list).post(create))
        .route("/api/employer/jobs/{id}", put(update))
        .route("/api/employer/jobs/{id}/close", post(close))
        .route("/api/employer/jobs/{id}/publish", post(publish))
        .route("/api/employer/jobs/{id}/reopen", post(reopen))
        .route("/api/employer/jobs/{id}/extend", post(extend))
        .route("/api/employer/jobs/{id}/duplicate", post(duplicate))
}

#[derive(Deserialize)]
struct JobBody {
    title: String,
    location_id: Uuid,
    #[serde(alias = "type")]
    job_type: String,
    specialisation: String,
    salary: Option<String>,
    salary_range_id: Option<Uuid>,
    description: String,
    #[serde(default)]
    responsibilities: Vec<String>,
    #[serde(default)]
    requirements: Vec<String>,
    expires_at: Option<DateTime<Utc>>,
    /// Save as a draft instead of publishing.
    #[serde(default)]
    draft: bool,
}

impl From<JobBody> for JobForm {
    fn from(b: JobBody) -> Self {
        Self {
            title: b.title,
            location_id: b.location_id,
            job_type: b.job_type,
            specialisation: b.specialisation,
            salary: b.salary,
            salary_range_id: b.salary_range_id,
            description: b.description,
            responsibilities: b.responsibilities,
            requirements: b.requirements,
            expires_at: b.expires_at,
        }
    }
}

/// A listing with how many applicants it has in each pipeline stage.
#[derive(Serialize)]
struct EmployerJob {
    #[serde(flatten)]
    job: Job,
    applications: StageCounts,
    /// Set when the agency closed the listing: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    closed_by_agency: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
) -> Result<Json<Vec<EmployerJob>>, ApiError> {
    let mut counts = applications::stage_counts(&state.pool, employer).await?;
    let jobs = job_board::employer_jobs(&state.pool, employer).await?;
    Ok(Json(
        jobs.into_iter()
            .map(|job| EmployerJob {
                applications: counts.remove(&job.id).unwrap_or_default(),
                closed_by_agency: job.closed_reason.clone(),
                job,
            })
            .collect(),
    ))
}

async fn create(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<JobBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = PostJob {
        employer_id: employer,
        draft: body.draft,
        form: body.into(),
    };
    let written = state.commands.post_job(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written(written.position, Json(Saved::id(written.output))),
    ))
}

async fn update(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<JobBody>,
) -> Result<Written<Json<Saved>>, ApiError> {
    let cmd = UpdateJob {
        employer_id: employer,
        job_id: id,
        form: body.into(),
    };
    let written = state.commands.update_job(cmd, meta).await?;
    Ok(Written(written.position, Json(Saved::id(id))))
}

async fn close(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Saved>>, ApiError> {
    let cmd = CloseJob {
        employer_id: employer,
        job_id: id,
    };
    let written = state.commands.close_job(cmd, meta).await?;
    Ok(Written(written.position, Json(Saved::id(id))))
}

async fn publish(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Saved>>, ApiError> {
    let cmd = JobAction {
        employer_id: employer,
        job_id: id,
    };
    let written = state.commands.publish_job(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Saved::with_message(id, "Job published")),
    ))
}

#[derive(Deserialize)]
struct ReopenBody {
    expires_at: Option<DateTime<Utc>>,
}

async fn reopen(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ReopenBody>,
) -> Result<Written<Json<Saved>>, ApiError> {
    let cmd = ReopenJob {
        employer_id: employer,
        job_id: id,
        expires_at: body.expires_at,
    };
    let written = state.commands.reopen_job(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Saved::with_message(id, "Job reopened")),
    ))
}

#[derive(Deserialize)]
struct ExtendBody {
    expires_at: DateTime<Utc>,
}

async fn extend(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ExtendBody>,
) -> Result<Written<Json<Saved>>, ApiError> {
    let cmd = ExtendJob {
        employer_id: employer,
        job_id: id,
        expires_at: body.expires_at,
    };
    let written = state.commands.extend_job(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Saved::with_message(id, "Closing date extended")),
    ))
}

async fn duplicate(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = JobAction {
        employer_id: employer,
        job_id: id,
    };
    let written = state.commands.duplicate_job(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written(
            written.position,
            Json(Saved::with_message(
                written.output,
                "Copied as a draft. Review it, then publish.",
            )),
        ),
    ))
}
