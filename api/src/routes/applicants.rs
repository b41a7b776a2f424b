//! One applicant, as the employer of the job sees them: the application, the
//! candidate's profile and attached documents, the application's history read
//! from its events, and the employer's private notes and scorecards.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use commands::assessments::{AddNote, SubmitScorecard};
use domain::application::{self, ApplicationEvent};
use domain::assessment::Recommendation;
use domain::pipeline::Stage;
use event_store::Actor;
use projections::read_models::applications::{self, PipelineCard};
use projections::read_models::assessments::{self, Note, Scorecard};
use projections::read_models::documents::{self, Document};
use projections::read_models::{job_board, profiles};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{PathId, RequestMeta, Saved};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/employer/applications/{id}", get(detail))
        .route("/api/employer/applications/{id}/notes", post(add_note))
        .route(
            "/api/employer/applications/{id}/scorecards",
            post(add_scorecard),
        )
}

#[derive(Serialize)]
struct JobRef {
    id: Uuid,
    title: String,
    status: String,
}

/// One step of the application's history, from its events.
#[derive(Serialize)]
struct Step {
    at: DateTime<Utc>,
    /// `submitted`, `moved` or `status_changed`.
    kind: &'static str,
    stage: Option<Stage>,
    previous: Option<Stage>,
    status: Option<&'static str>,
    feedback: Option<String>,
    /// Who did it (the candidate for `submitted`), and as what.
    actor_id: Option<Uuid>,
    actor_role: Option<Actor>,
}

#[derive(Serialize)]
struct ApplicantDetail {
    application: PipelineCard,
    job: JobRef,
    /// The candidate's profile as they last saved it (education, experience,
    /// skills), or null.
    profile: Option<Value>,
    /// The resume and cover letter attached to this application.
    documents: Vec<Document>,
    timeline: Vec<Step>,
    notes: Vec<Note>,
    scorecards: Vec<Scorecard>,
}

async fn detail(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
) -> Result<Json<ApplicantDetail>, ApiError> {
    let application = applications::card(&state.pool, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    let job = job_board::job(&state.pool, application.job_id)
        .await?
        .map(|j| JobRef {
            id: j.id,
            title: j.title,
            status: j.status,
        })
        .ok_or_else(|| ApiError::not_found("Job"))?;
    let profile = profiles::by_candidate(&state.pool, application.candidate_id)
        .await?
        .and_then(|p| p.profile);
    let mut attached = Vec::new();
    for doc in [application.resume_id, application.cover_letter_id]
        .into_iter()
        .flatten()
    {
        attached.extend(documents::by_id(&state.pool, doc).await?);
    }
    let history = state
        .commands
        .store
        .read_stream(&application::stream_id(id))
        .await?;
    let mut timeline = Vec::with_capacity(history.len());
    for recorded in &history {
        let event: ApplicationEvent = recorded.decode().map_err(anyhow::Error::from)?;
        let (kind, stage, previous, status, feedback) = match event {
            ApplicationEvent::ApplicationSubmitted(_) => {
                ("submitted", Some(Stage::New), None, Some("pending"), None)
            }
            ApplicationEvent::ApplicationMoved {
                stage,
                previous,
                feedback,
                ..
            } => (
                "moved",
                Some(stage),
                Some(previous),
                Some(stage.visible_status().as_str()),
                feedback,
            ),
            ApplicationEvent::ApplicationStatusChanged {
                status, feedback, ..
            } => (
                "status_changed",
                None,
                None,
                Some(status.as_str()),
                feedback,
            ),
        };
        timeline.push(Step {
            at: recorded.recorded_at,
            kind,
            stage,
            previous,
            status,
            feedback,
            actor_id: recorded.metadata.actor_id,
            actor_role: recorded.metadata.actor_role,
        });
    }
    let (notes, scorecards) = assessments::for_application(&state.pool, me, id).await?;
    Ok(Json(ApplicantDetail {
        application,
        job,
        profile,
        documents: attached,
        timeline,
        notes,
        scorecards,
    }))
}

#[derive(Deserialize)]
struct NoteBody {
    body: String,
}

async fn add_note(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<NoteBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = AddNote {
        employer_id: me,
        application_id: id,
        body: body.body,
    };
    let written = state.commands.add_note(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written(
            written.position,
            Json(Saved::with_message(written.output, "Note added")),
        ),
    ))
}

#[derive(Deserialize)]
struct RatingBody {
    criterion: String,
    score: u8,
}

#[derive(Deserialize)]
struct ScorecardBody {
    ratings: Vec<RatingBody>,
    recommendation: String,
    comment: Option<String>,
}

async fn add_scorecard(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ScorecardBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = SubmitScorecard {
        employer_id: me,
        application_id: id,
        ratings: body
            .ratings
            .into_iter()
            .map(|r| (r.criterion, r.score))
            .collect(),
        recommendation: Recommendation::parse(&body.recommendation)?,
        comment: body.comment,
    };
    let written = state.commands.submit_scorecard(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written(
            written.position,
            Json(Saved::with_message(written.output, "Scorecard saved")),
        ),
    ))
}
