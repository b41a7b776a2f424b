//! /api/applications/* (candidate, SPEC 7.3) and /api/employer/applications
//! (the employer side: its own jobs' applicants only).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use commands::applications::{ChangeApplicationStatus, SubmitApplication, WithdrawApplication};
use domain::application::ApplicationStatus;
use domain::pipeline::Progress;
use projections::read_models::applications::{self, Application};
use projections::read_models::interviews::{self, InterviewRow};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::pipeline::upcoming_if;
use super::{IdInPath, Message, PathId, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::auth::{CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(mine))
        .routes(routes!(submit))
        .routes(routes!(for_employer))
        .routes(routes!(set_status))
        .routes(routes!(withdraw))
}

/// SPEC 3 'Application', plus where it stands in plain words and the
/// interviews booked for it.
#[derive(Serialize, utoipa::ToSchema)]
struct MyApplication {
    #[serde(flatten)]
    application: Application,
    progress: Progress,
    interviews: Vec<InterviewRow>,
}

#[utoipa::path(get, path = "/api/applications/my-applications", operation_id = "my_applications", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The candidate's applications, newest first, each with its interviews", body = Vec<MyApplication>)))]
async fn mine(
    reads: ReadPool,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Vec<MyApplication>>, ApiError> {
    let mut interviews = interviews::for_candidate(&reads, me).await?;
    let mine = applications::for_candidate(&reads, me).await?;
    Ok(Json(
        mine.into_iter()
            .map(|application| {
                let (theirs, rest): (Vec<_>, Vec<_>) = interviews
                    .drain(..)
                    .partition(|i| i.application_id == application.id);
                interviews = rest;
                MyApplication {
                    progress: application.stage.progress(),
                    application,
                    interviews: theirs,
                }
            })
            .collect(),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SubmitBody {
    job_id: Uuid,
    resume_id: Option<Uuid>,
    cover_letter_id: Option<Uuid>,
}

#[utoipa::path(post, path = "/api/applications/submit", tag = "candidate", security(("candidate" = [])), request_body = SubmitBody,
    responses((status = 201, description = "`Application submitted successfully`", body = Saved),
        (status = 404, description = "`Job not found`, or a document that is not the candidate's", body = ErrorBody),
        (status = 409, description = "Already applied to this job, or the job is closed", body = ErrorBody),
        (status = 422, description = "The job no longer takes applications, or a document of the wrong kind", body = ErrorBody)))]
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
        Written::json(
            submitted.position,
            Saved::with_message(submitted.output, "Application submitted successfully"),
        ),
    ))
}

#[utoipa::path(get, path = "/api/employer/applications", tag = "employer", security(("employer" = [])),
    responses((status = 200, description = "Applications to the employer's jobs, newest first", body = Vec<Application>)))]
async fn for_employer(
    reads: ReadPool,
    EmployerUser(me): EmployerUser,
) -> Result<Json<Vec<Application>>, ApiError> {
    Ok(Json(applications::for_employer(&reads, me).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct StatusBody {
    // Read in any case.
    #[serde(deserialize_with = "crate::error::parsed")]
    status: ApplicationStatus,
    feedback: Option<String>,
}

#[utoipa::path(put, path = "/api/employer/applications/{id}/status", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = StatusBody,
    responses((status = 200, description = "`Application updated`, or `Nothing changed`", body = Message),
        refusals::ApplicationNotFound,
        (status = 422, description = "`Status must be pending, accepted or rejected`, feedback too long, or a change the pipeline does not allow", body = ErrorBody)))]
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
                status: body.status,
                feedback: body.feedback,
                upcoming_interviews: upcoming_if(
                    &state,
                    body.status == ApplicationStatus::Rejected,
                    application_id,
                )
                .await?,
            },
            meta,
        )
        .await?;
    let message = if written.position.is_some() {
        "Application updated"
    } else {
        "Nothing changed"
    };
    Ok(Written::message(written.position, message))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct WithdrawBody {
    reason: Option<String>,
}

/// The candidate takes an application back; the employer is told.
#[utoipa::path(post, path = "/api/applications/{id}/withdraw", tag = "candidate", security(("candidate" = [])), params(IdInPath), request_body = WithdrawBody,
    responses((status = 200, description = "`Your application has been withdrawn`", body = Message),
        (status = 404, description = "`Application not found`: no such application, or someone else's", body = ErrorBody),
        (status = 422, description = "Already withdrawn or decided, or a reason too long", body = ErrorBody)))]
async fn withdraw(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(application_id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<WithdrawBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = WithdrawApplication {
        candidate_id: me,
        application_id,
        reason: body.reason,
        upcoming_interviews: upcoming_if(&state, true, application_id).await?,
    };
    let written = state.commands.withdraw_application(cmd, meta).await?;
    Ok(Written::message(
        written.position,
        "Your application has been withdrawn",
    ))
}
