//! Public job reads: the board (SPEC 7.2) and one listing.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use projections::read_models::job_board::{self, Job};
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/jobs/job-board", get(job_board))
        .route("/api/jobs/{id}", get(job))
}

async fn job_board(State(state): State<AppState>) -> Result<Json<Vec<Job>>, ApiError> {
    Ok(Json(job_board::open_jobs(&state.pool).await?))
}

async fn job(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<Job>, ApiError> {
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::not_found("Job"))?;
    Ok(Json(
        job_board::job(&state.pool, id)
            .await?
            .ok_or_else(|| ApiError::not_found("Job"))?,
    ))
}
