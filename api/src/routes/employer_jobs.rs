//! /api/employer/jobs: an approved employer's own listings.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use commands::jobs::JobForm;
use projections::read_models::job_board::{self, Job};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/employer/jobs", get(list).post(create))
        .route("/api/employer/jobs/{id}", put(update))
        .route("/api/employer/jobs/{id}/close", post(close))
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

fn job_id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("Job"))
}

async fn list(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
) -> Result<Json<Vec<Job>>, ApiError> {
    Ok(Json(job_board::employer_jobs(&state.pool, employer).await?))
}

async fn create(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<JobBody>,
) -> Result<(StatusCode, Written<Json<Value>>), ApiError> {
    let written = state.commands.post_job(employer, body.into(), meta).await?;
    Ok((
        StatusCode::CREATED,
        Written(written.position, Json(json!({ "id": written.job_id }))),
    ))
}

async fn update(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<JobBody>,
) -> Result<Written<Json<Value>>, ApiError> {
    let written = state
        .commands
        .update_job(employer, job_id(&id)?, body.into(), meta)
        .await?;
    Ok(Written(
        written.position,
        Json(json!({ "id": written.job_id })),
    ))
}

async fn close(
    State(state): State<AppState>,
    EmployerUser(employer): EmployerUser,
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let written = state
        .commands
        .close_job(employer, job_id(&id)?, meta)
        .await?;
    Ok(Written(
        written.position,
        Json(json!({ "id": written.job_id })),
    ))
}
