//! One applicant, as the employer of the job sees them: the application, the
//! candidate's profile and attached documents (the resume also on its own, to
//! show in the page), the history read from the events as sentences, and the
//! employer's private notes and scorecards.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Utc};
use commands::assessments::{AddNote, SubmitScorecard};
use domain::application::ApplicationEvent;
use domain::assessment::Recommendation;
use domain::document::Document as StoredDocument;
use domain::pipeline::Stage;
use event_store::{Actor, RecordedEvent};
use projections::read_models::applications::{self, PipelineCard};
use projections::read_models::assessments::{self, Note, Scorecard};
use projections::read_models::documents::{self, Document};
use projections::read_models::interviews::{self, InterviewRow};
use projections::read_models::{job_board, profiles};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, PathId, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::applicant_history::{self, HistoryEntry};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::openapi::FileBytes;
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(detail))
        .routes(routes!(resume))
        .routes(routes!(add_note))
        .routes(routes!(add_scorecard))
}

#[derive(Serialize, utoipa::ToSchema)]
struct JobRef {
    id: Uuid,
    title: String,
    status: job_board::JobStatus,
}

/// One step of the application's history, from its events.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = TimelineStep)]
pub(crate) struct Step {
    at: DateTime<Utc>,
    /// `submitted`, `moved`, `status_changed` or `withdrawn`.
    kind: &'static str,
    stage: Option<Stage>,
    previous: Option<Stage>,
    status: Option<&'static str>,
    feedback: Option<String>,
    /// Who did it (the candidate for `submitted`), and as what.
    actor_id: Option<Uuid>,
    /// `candidate`, `employer`, `admin`, `anonymous`, `policy`, `seed` or `cli`.
    #[schema(value_type = Option<String>)]
    actor_role: Option<Actor>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ApplicantDetail {
    application: PipelineCard,
    job: JobRef,
    /// The candidate's profile as they last saved it (education, experience,
    /// skills), or null: the read model keeps it as the domain's `Profile`.
    #[schema(value_type = Option<domain::profile::Profile>)]
    profile: Option<Value>,
    /// The resume and cover letter attached to this application.
    documents: Vec<Document>,
    /// What happened to the application, oldest first, each as a sentence
    /// naming who did it: its moves, scorecards, notes and interviews.
    history: Vec<HistoryEntry>,
    notes: Vec<Note>,
    scorecards: Vec<Scorecard>,
    interviews: Vec<InterviewRow>,
    /// The same candidate's applications to this employer's other jobs,
    /// newest first (none once their data is erased).
    other_applications: Vec<applications::OtherApplication>,
}

#[utoipa::path(get, path = "/api/employer/applications/{id}", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 200, description = "The applicant: card, profile, attached documents, history, notes, scorecards, interviews, and their other applications to this employer", body = ApplicantDetail), refusals::ApplicationNotFound))]
async fn detail(
    State(state): State<AppState>,
    reads: ReadPool,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
) -> Result<Json<ApplicantDetail>, ApiError> {
    let application = applications::card(&reads, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    let job = job_board::job(&reads, application.job_id)
        .await?
        .map(|j| JobRef {
            id: j.id,
            title: j.title,
            status: j.status,
        })
        .ok_or_else(|| ApiError::not_found("Job"))?;
    let profile = profiles::by_candidate(&reads, application.candidate_id)
        .await?
        .and_then(|p| p.profile);
    let mut attached = Vec::new();
    for doc in [application.resume_id, application.cover_letter_id]
        .into_iter()
        .flatten()
    {
        attached.extend(documents::by_id(&reads, doc).await?);
    }
    let (notes, scorecards) = assessments::for_application(&reads, me, id).await?;
    let interviews = interviews::for_application(&reads, me, id).await?;
    let other_applications = applications::others_of_candidate(&reads, me, &application).await?;
    let history = applicant_history::read(
        &state,
        id,
        &interviews.iter().map(|i| i.id).collect::<Vec<_>>(),
    )
    .await?;
    Ok(Json(ApplicantDetail {
        application,
        job,
        profile,
        documents: attached,
        history,
        notes,
        scorecards,
        interviews,
        other_applications,
    }))
}

/// An application's history from its events (its stream, oldest first): what
/// the candidate's data export holds.
pub(crate) fn timeline(history: &[RecordedEvent]) -> anyhow::Result<Vec<Step>> {
    let mut timeline = Vec::with_capacity(history.len());
    for recorded in history {
        let event: ApplicationEvent = recorded.decode()?;
        let at = event.occurred_at();
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
            // The candidate's reason, shown where the feedback would be.
            ApplicationEvent::ApplicationWithdrawn { reason, .. } => {
                ("withdrawn", None, None, None, reason)
            }
        };
        timeline.push(Step {
            at,
            kind,
            stage,
            previous,
            status,
            feedback,
            actor_id: recorded.metadata.actor_id,
            actor_role: recorded.metadata.actor_role,
        });
    }
    Ok(timeline)
}

#[utoipa::path(get, path = "/api/employer/applications/{id}/resume", operation_id = "applicant_resume", tag = "employer", security(("employer" = [])), params(IdInPath),
    responses((status = 200, description = "The resume that came with the application, to show in the page: `inline` for a PDF or an image, an attachment otherwise; never cached, never sniffed",
            content((FileBytes = "application/pdf"), (FileBytes = "image/jpeg"), (FileBytes = "image/png"), (FileBytes = "image/gif"), (FileBytes = "application/msword"), (FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (FileBytes = "text/plain"))),
        (status = 404, description = "`Application not found` (not one of this employer's), or `Resume not found` (none came with it, or it was deleted)", body = ErrorBody)))]
async fn resume(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
) -> Result<Response, ApiError> {
    let application = applications::card(&state.pool, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    let resume_id = application
        .resume_id
        .ok_or_else(|| ApiError::not_found("Resume"))?;
    // The write side is the authority on a deletion (no read-model lag here).
    let doc = state
        .commands
        .load::<StoredDocument>(resume_id)
        .await?
        .state
        .filter(|d| !d.deleted)
        .ok_or_else(|| ApiError::not_found("Resume"))?;
    state
        .files
        .shown_in_page(&doc.storage_key, &doc.original_name, &doc.content_type)
        .await
}

#[derive(Deserialize, utoipa::ToSchema)]
struct NoteBody {
    body: String,
}

#[utoipa::path(post, path = "/api/employer/applications/{id}/notes", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = NoteBody,
    responses((status = 201, description = "`Note added`", body = Saved), refusals::ApplicationNotFound,
        (status = 422, description = "Empty, or over 5000 characters", body = ErrorBody)))]
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
        Written::json(
            written.position,
            Saved::with_message(written.output, "Note added"),
        ),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct RatingBody {
    criterion: String,
    score: u8,
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ScorecardBody {
    ratings: Vec<RatingBody>,
    #[serde(deserialize_with = "crate::error::parsed")]
    recommendation: Recommendation,
    comment: Option<String>,
}

#[utoipa::path(post, path = "/api/employer/applications/{id}/scorecards", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = ScorecardBody,
    responses((status = 201, description = "`Scorecard saved`", body = Saved), refusals::ApplicationNotFound,
        (status = 422, description = "1 to 12 ratings, each criterion once, scores 1 to 5, a known recommendation", body = ErrorBody)))]
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
        recommendation: body.recommendation,
        comment: body.comment,
    };
    let written = state.commands.submit_scorecard(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written::json(
            written.position,
            Saved::with_message(written.output, "Scorecard saved"),
        ),
    ))
}
