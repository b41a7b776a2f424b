//! Public job reads: the board (SPEC 7.2) and one listing.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use projections::read_models::job_board::{self, Job};

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

async fn job(
    State(state): State<AppState>,
    PathId(id, _): PathId<routes::Job>,
) -> Result<Json<Job>, ApiError> {
    Ok(Json(
        job_board::public_job(&state.pool, id)
            .await?
            .ok_or_else(|| ApiError::not_found("Job"))?,
    ))
}
