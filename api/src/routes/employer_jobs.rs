//! /api/employer/jobs: an approved employer's own listings.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use commands::jobs::{CloseJob, ExtendJob, JobAction, JobForm, PostJob, ReopenJob, UpdateJob};
use projections::read_models::applications::{self, StageCounts};
use projections::read_models::job_board::{self, Job};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, PathId, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update))
        .routes(routes!(close))
        .routes(routes!(publish))
        .routes(routes!(reopen))
        .routes(routes!(extend))
        .routes(routes!(duplicate))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct JobBody {
    title: String,
    location_id: Uuid,
    /// `Full-time`, `Part-time`, `Contract` or `Temporary` (also accepted as `type`).
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
#[derive(Serialize, utoipa::ToSchema)]
struct EmployerJob {
    #[serde(flatten)]
    job: Job,
    applications: StageCounts,
    /// Set when the agency closed the listing: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    closed_by_agency: Option<String>,
}

#[utoipa::path(get, path = "/api/employer/jobs", operation_id = "list_employer_jobs", tag = "employer", security(("employer" = [])),
    responses((status = 200, description = "The employer's own jobs, all statuses, with applicants per stage", body = Vec<EmployerJob>), refusals::NotApproved))]
async fn list(
    reads: ReadPool,
    EmployerUser(employer): EmployerUser,
) -> Result<Json<Vec<EmployerJob>>, ApiError> {
    let mut counts = applications::stage_counts(&reads, employer).await?;
    let jobs = job_board::employer_jobs(&reads, employer).await?;
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

#[utoipa::path(post, path = "/api/employer/jobs", operation_id = "create_job", tag = "employer", security(("employer" = [])), request_body = JobBody,
    responses((status = 201, description = "Posted (or saved as a draft)", body = Saved), refusals::NotApproved,
        refusals::JobFieldRule))]
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
        Written::json(written.position, Saved::id(written.output)),
    ))
}

#[utoipa::path(put, path = "/api/employer/jobs/{id}", operation_id = "update_job", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = JobBody,
    responses((status = 200, description = "Saved", body = Saved), refusals::NotApproved, refusals::JobNotFound,
        (status = 409, description = "The job is closed, or changed at the same moment", body = ErrorBody),
        refusals::JobFieldRule))]
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
    Ok(Written::json(written.position, Saved::id(id)))
}

#[utoipa::path(post, path = "/api/employer/jobs/{id}/close", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 200, description = "Closed", body = Saved), refusals::NotApproved, refusals::JobNotFound,
        (status = 409, description = "Already closed, or changed at the same moment", body = ErrorBody),
        (status = 422, description = "It cannot be closed now", body = ErrorBody)))]
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
    Ok(Written::json(written.position, Saved::id(id)))
}

#[utoipa::path(post, path = "/api/employer/jobs/{id}/publish", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 200, description = "`Job published`", body = Saved), refusals::NotApproved, refusals::JobNotFound,
        refusals::ChangedMeanwhile,
        (status = 422, description = "`This job is already published`", body = ErrorBody)))]
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
    Ok(Written::json(
        written.position,
        Saved::with_message(id, "Job published"),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ReopenBody {
    expires_at: Option<DateTime<Utc>>,
}

#[utoipa::path(post, path = "/api/employer/jobs/{id}/reopen", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = ReopenBody,
    responses((status = 200, description = "`Job reopened`", body = Saved), refusals::NotApproved, refusals::JobNotFound,
        refusals::ChangedMeanwhile,
        (status = 422, description = "`Only a closed job can be reopened`, a closing date not in the future, or the agency closed it", body = ErrorBody)))]
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
    Ok(Written::json(
        written.position,
        Saved::with_message(id, "Job reopened"),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ExtendBody {
    expires_at: DateTime<Utc>,
}

#[utoipa::path(post, path = "/api/employer/jobs/{id}/extend", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = ExtendBody,
    responses((status = 200, description = "`Closing date extended`", body = Saved), refusals::NotApproved, refusals::JobNotFound,
        refusals::ChangedMeanwhile,
        (status = 422, description = "`The new closing date must be later than the current one`", body = ErrorBody)))]
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
    Ok(Written::json(
        written.position,
        Saved::with_message(id, "Closing date extended"),
    ))
}

#[utoipa::path(post, path = "/api/employer/jobs/{id}/duplicate", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 201, description = "A draft copy", body = Saved), refusals::NotApproved, refusals::JobNotFound))]
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
        Written::json(
            written.position,
            Saved::with_message(
                written.output,
                "Copied as a draft. Review it, then publish.",
            ),
        ),
    ))
}
