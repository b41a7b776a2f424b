//! /api/reference/*: the lists the job board filters by (SPEC 7.2).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use projections::read_models::reference::{self, Location, SalaryRange};

use super::Data;
use crate::app::AppState;
use crate::error::ApiError;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reference/locations", get(locations))
        .route("/api/reference/salary-ranges", get(salary_ranges))
}

async fn locations(State(state): State<AppState>) -> Result<Json<Data<Vec<Location>>>, ApiError> {
    Ok(Json(Data {
        data: reference::locations(&state.pool).await?,
    }))
}

async fn salary_ranges(
    State(state): State<AppState>,
) -> Result<Json<Data<Vec<SalaryRange>>>, ApiError> {
    Ok(Json(Data {
        data: reference::salary_ranges(&state.pool).await?,
    }))
}
