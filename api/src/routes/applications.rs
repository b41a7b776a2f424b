//! /api/applications/* (candidate, SPEC 7.3) and /api/employer/applications
//! (the employer side: its own jobs' applicants only).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use commands::applications::{ChangeApplicationStatus, SubmitApplication};
use domain::application::ApplicationStatus;
use projections::read_models::applications::{self, Application};
use projections::read_models::interviews::{self, InterviewRow};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Message, PathId, RequestMeta, Saved};
use crate::app::{AppState, Written};
use crate::auth::{CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/applications/my-applications", get(mine))
        .route("/api/applications/submit", post(submit))
        .route("/api/employer/applications", get(for_employer))
        .route("/api/employer/applications/{id}/status", put(set_status))
}

/// SPEC 3 'Application', plus the interviews booked for it.
#[derive(Serialize)]
struct MyApplication {
    #[serde(flatten)]
    application: Application,
    interviews: Vec<InterviewRow>,
}

async fn mine(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Vec<MyApplication>>, ApiError> {
    let mut interviews = interviews::for_candidate(&state.pool, me).await?;
    let mine = applications::for_candidate(&state.pool, me).await?;
    Ok(Json(
        mine.into_iter()
            .map(|application| {
                let (theirs, rest): (Vec<_>, Vec<_>) = interviews
                    .drain(..)
                    .partition(|i| i.application_id == application.id);
                interviews = rest;
                MyApplication {
                    application,
                    interviews: theirs,
                }
            })
            .collect(),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SubmitBody {
    job_id: Uuid,
    resume_id: Option<Uuid>,
    cover_letter_id: Option<Uuid>,
}

async fn submit(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<SubmitBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let submitted = state
        .commands
        .submit_application(
            SubmitApplication {
                candidate_id: me,
                job_id: body.job_id,
                resume_id: body.resume_id,
                cover_letter_id: body.cover_letter_id,
            },
            meta,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Written(
            submitted.position,
            Json(Saved::with_message(
                submitted.output,
                "Application submitted successfully",
            )),
        ),
    ))
}

async fn for_employer(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
) -> Result<Json<Vec<Application>>, ApiError> {
    Ok(Json(applications::for_employer(&state.pool, me).await?))
}

#[derive(Deserialize)]
struct StatusBody {
    status: String,
    feedback: Option<String>,
}

async fn set_status(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(application_id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<StatusBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .change_application_status(
            ChangeApplicationStatus {
                employer_id: me,
                application_id,
                status: ApplicationStatus::parse(&body.status)?,
                feedback: body.feedback,
            },
            meta,
        )
        .await?;
    let message = if written.position.is_some() {
        "Application updated"
    } else {
        "Nothing changed"
    };
    Ok(Written(written.position, Json(Message::new(message))))
}
