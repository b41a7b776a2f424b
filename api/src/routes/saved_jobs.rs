//! /api/candidate/saved-jobs: the jobs a candidate saved to come back to
//! (issue 27). Saving is a PUT and unsaving a DELETE of the same address, so
//! both are idempotent: a second save or unsave changes nothing and says so
//! in the same words.

use axum::Json;
use axum::extract::State;
use commands::saved_jobs::{SaveJob, UnsaveJob};
use domain::saved_job::MAX_SAVED_JOBS;
use projections::read_models::saved_jobs::{self, SavedJob};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::CandidateUser;
use crate::error::{ApiError, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(save, unsave))
}

#[derive(Serialize, utoipa::ToSchema)]
struct SavedJobs {
    saved_jobs: Vec<SavedJob>,
    /// The most a candidate may save (200).
    limit: usize,
}

#[utoipa::path(get, path = "/api/candidate/saved-jobs", operation_id = "list_saved_jobs", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The candidate's saved jobs, the last saved first, each with its status now (a job that closed stays, marked `closed` or `expired`)", body = SavedJobs)))]
async fn list(
    reads: ReadPool,
    CandidateUser(me): CandidateUser,
) -> Result<Json<SavedJobs>, ApiError> {
    Ok(Json(SavedJobs {
        saved_jobs: saved_jobs::for_candidate(&reads, me).await?,
        limit: MAX_SAVED_JOBS,
    }))
}

#[utoipa::path(put, path = "/api/candidate/saved-jobs/{id}", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Job saved`, also when it was saved already", body = Message),
        (status = 404, description = "`Job not found`: no such job, or a draft", body = ErrorBody),
        (status = 409, description = "Already 200 saved jobs, with what to do", body = ErrorBody),
        (status = 422, description = "The job has closed (it can still be unsaved)", body = ErrorBody)))]
async fn save(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(job_id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = SaveJob {
        candidate_id: me,
        job_id,
    };
    let written = state.commands.save_job(cmd, meta).await?;
    Ok(Written::message(written.position, "Job saved"))
}

#[utoipa::path(delete, path = "/api/candidate/saved-jobs/{id}", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Job removed from your saved jobs`, also when it was not saved", body = Message),
        (status = 404, description = "`Job not found`: the address names no job id", body = ErrorBody)))]
async fn unsave(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(job_id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = UnsaveJob {
        candidate_id: me,
        job_id,
    };
    let written = state.commands.unsave_job(cmd, meta).await?;
    Ok(Written::message(
        written.position,
        "Job removed from your saved jobs",
    ))
}
