//! Public job reads: the board (SPEC 7.2) and one listing.

use axum::Json;
use axum::extract::State;
use projections::read_models::companies::{self, CompanyProfile};
use projections::read_models::job_board::{self, Job};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::{self, IdInPath, PathId};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(job_board))
        .routes(routes!(job))
}

#[utoipa::path(get, path = "/api/admin/jobs/job-board", tag = "public",
    responses((status = 200, description = "Open jobs, newest first, not yet expired (SPEC 7.2 keeps this path)", body = Vec<Job>)))]
async fn job_board(State(state): State<AppState>) -> Result<Json<Vec<Job>>, ApiError> {
    Ok(Json(job_board::open_jobs(&state.pool).await?))
}

/// A listing with its employer's company profile, when it has one (for the
/// page and its JobPosting `hiringOrganization`).
#[derive(Serialize, utoipa::ToSchema)]
struct PublicJob {
    #[serde(flatten)]
    job: Job,
    company_profile: Option<CompanyProfile>,
}

#[utoipa::path(get, path = "/api/jobs/{id}", tag = "public", params(IdInPath),
    responses(
        (status = 200, description = "One listing (closed and expired ones too: see `status`) with its company profile", body = PublicJob),
        (status = 404, description = "`Job not found` (or a draft)", body = ErrorBody),
    ))]
async fn job(
    State(state): State<AppState>,
    PathId(id, _): PathId<routes::Job>,
) -> Result<Json<PublicJob>, ApiError> {
    let job = job_board::public_job(&state.pool, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Job"))?;
    let company_profile = companies::by_employer(&state.pool, job.employer_id)
        .await?
        .filter(|c| !c.name.is_empty());
    Ok(Json(PublicJob {
        job,
        company_profile,
    }))
}
