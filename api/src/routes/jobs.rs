//! Public job reads: the board (SPEC 7.2) and one listing.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use projections::read_models::companies::{self, CompanyProfile};
use projections::read_models::job_board::{self, Job};
use serde::Serialize;

use crate::app::AppState;
use crate::error::ApiError;
use crate::routes::{self, PathId};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/jobs/job-board", get(job_board))
        .route("/api/jobs/{id}", get(job))
}

async fn job_board(State(state): State<AppState>) -> Result<Json<Vec<Job>>, ApiError> {
    Ok(Json(job_board::open_jobs(&state.pool).await?))
}

/// A listing with its employer's company profile, when it has one (for the
/// page and its JobPosting `hiringOrganization`).
#[derive(Serialize)]
struct PublicJob {
    #[serde(flatten)]
    job: Job,
    company_profile: Option<CompanyProfile>,
}

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
