//! /api/candidate/alerts/* (issue 28): a candidate's job alerts, their own
//! only (anyone else's is 404); and /api/alerts/unsubscribe, the one-click
//! link of an alert mail, which needs no session (RFC 8058).

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use commands::job_alerts::{AlertAction, JobAlertForm};
use projections::read_models::job_alerts;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, Message, PathId, RequestMeta, Resource, Saved, refusals};
use crate::alert_links::{self, Refusal};
use crate::app::{AppState, Written};
use crate::auth::CandidateUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;

/// A `PathId` kind: one of the candidate's job alerts ("Alert not found").
pub struct Alert;
impl Resource for Alert {
    const NAME: &'static str = "Alert";
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(edit, remove))
        .routes(routes!(pause))
        .routes(routes!(resume))
        .routes(routes!(unsubscribe_page, unsubscribe_one_click))
}

/// An alert's form. Every criterion left out (or empty) matches anything,
/// but at least one, or keywords, must be given.
#[derive(Deserialize, utoipa::ToSchema)]
struct AlertBody {
    /// Required, at most 80 characters.
    name: String,
    /// Words a job's title must all hold, as whole words in any order ("java" is not "JavaScript"); at most 100 characters.
    keywords: Option<String>,
    /// A location from `GET /api/reference/locations`.
    location_id: Option<Uuid>,
    /// A salary range from `GET /api/reference/salary-ranges`.
    salary_range_id: Option<Uuid>,
    /// `Full-time`, `Part-time`, `Contract` or `Temporary`.
    #[serde(rename = "type")]
    job_type: Option<String>,
    /// One of the nine specialisations, e.g. `Development + Testing`.
    specialisation: Option<String>,
    /// `instant` (a notification and a mail per job) or `daily` (one digest a day).
    frequency: Option<String>,
}

impl From<AlertBody> for JobAlertForm {
    fn from(b: AlertBody) -> Self {
        Self {
            name: b.name,
            keywords: b.keywords,
            location_id: b.location_id,
            salary_range_id: b.salary_range_id,
            job_type: b.job_type,
            specialisation: b.specialisation,
            frequency: b.frequency.unwrap_or_default(),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
struct Alerts {
    alerts: Vec<job_alerts::JobAlert>,
}

#[utoipa::path(get, path = "/api/candidate/alerts", operation_id = "list_alerts", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The candidate's alerts, oldest first, each with how many open jobs it matches now and the newest of them", body = Alerts)))]
async fn list(reads: ReadPool, CandidateUser(me): CandidateUser) -> Result<Json<Alerts>, ApiError> {
    Ok(Json(Alerts {
        alerts: job_alerts::list(&reads, me).await?,
    }))
}

#[utoipa::path(post, path = "/api/candidate/alerts", operation_id = "create_alert", tag = "candidate", security(("candidate" = [])), request_body = AlertBody,
    responses((status = 201, description = "`Job alert saved`, with the new alert's id", body = Saved),
        (status = 409, description = "`You can keep up to 20 job alerts. Delete one to add another.`", body = ErrorBody),
        (status = 422, description = "A field that fails its rule, e.g. `Alert name is required`, or `Add keywords or choose a location, salary range, job type or specialisation`", body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<AlertBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let written = state
        .commands
        .create_job_alert(me, &body.into(), meta)
        .await?;
    Ok((
        StatusCode::CREATED,
        Written::json(
            written.position,
            Saved::with_message(written.output, "Job alert saved"),
        ),
    ))
}

#[utoipa::path(put, path = "/api/candidate/alerts/{id}", operation_id = "edit_alert", tag = "candidate", security(("candidate" = [])), params(IdInPath), request_body = AlertBody,
    responses((status = 200, description = "`Job alert updated` (the whole form replaces the alert)", body = Message), refusals::AlertNotFound,
        (status = 422, description = "A field that fails its rule", body = ErrorBody)))]
async fn edit(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<Alert>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<AlertBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .edit_job_alert(me, id, &body.into(), meta)
        .await?;
    Ok(Written::message(written.position, "Job alert updated"))
}

/// A candidate's action on one of their alerts, answered with what it did.
async fn act(
    state: &AppState,
    me: Uuid,
    id: Uuid,
    action: AlertAction,
    meta: commands::Metadata,
) -> Result<Written<Json<Message>>, ApiError> {
    let message = match action {
        AlertAction::Pause | AlertAction::Unsubscribe => "Job alert paused",
        AlertAction::Resume => "Job alert resumed",
        AlertAction::Delete => "Job alert deleted",
    };
    let written = state
        .commands
        .act_on_job_alert(me, id, action, meta)
        .await?;
    Ok(Written::message(written.position, message))
}

#[utoipa::path(post, path = "/api/candidate/alerts/{id}/pause", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Job alert paused`: it matches no new jobs until resumed (pausing a paused alert changes nothing)", body = Message), refusals::AlertNotFound))]
async fn pause(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<Alert>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    act(&state, me, id, AlertAction::Pause, meta).await
}

#[utoipa::path(post, path = "/api/candidate/alerts/{id}/resume", operation_id = "resume_alert", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Job alert resumed`: jobs published from now on match it again", body = Message), refusals::AlertNotFound))]
async fn resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<Alert>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    act(&state, me, id, AlertAction::Resume, meta).await
}

#[utoipa::path(delete, path = "/api/candidate/alerts/{id}", operation_id = "remove_alert", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Job alert deleted`, with its matches", body = Message), refusals::AlertNotFound))]
async fn remove(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<Alert>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    act(&state, me, id, AlertAction::Delete, meta).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct UnsubscribeLink {
    /// The signed token from the alert mail's link.
    token: Option<String>,
}

/// What using a link did, in words and as a status.
async fn unsubscribe(
    state: &AppState,
    token: Option<&str>,
    meta: commands::Metadata,
) -> Result<(StatusCode, &'static str, String), ApiError> {
    let now = state.commands.clock.now();
    let claim = match token.map(|t| alert_links::verify(&state.commands.hasher, t, now)) {
        Some(Ok(claim)) => claim,
        Some(Err(Refusal::Expired)) => {
            return Ok((
                StatusCode::GONE,
                "This link has expired",
                "Sign in to pause or change your job alerts under Alerts.".into(),
            ));
        }
        Some(Err(Refusal::Invalid)) | None => {
            return Ok((
                StatusCode::BAD_REQUEST,
                "This link doesn't work",
                "It may have been copied only in part. Sign in to pause or change your job alerts under Alerts.".into(),
            ));
        }
    };
    let name = job_alerts::name_of(&state.pool, claim.candidate_id, claim.alert_id).await?;
    match state
        .commands
        .act_on_job_alert(
            claim.candidate_id,
            claim.alert_id,
            AlertAction::Unsubscribe,
            meta,
        )
        .await
    {
        Ok(_) => Ok((
            StatusCode::OK,
            "Job alert paused",
            match name {
                Some(name) => format!(
                    "We won't send you jobs for \u{201c}{name}\u{201d} any more. You can resume it any time under Alerts when you sign in."
                ),
                None => "We won't send you jobs for this alert any more. You can resume it any time under Alerts when you sign in.".into(),
            },
        )),
        Err(commands::CommandError::Domain(domain::DomainError::NotFound(_))) => Ok((
            StatusCode::NOT_FOUND,
            "This alert is gone",
            "It was deleted, so there is nothing more to send.".into(),
        )),
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(get, path = "/api/alerts/unsubscribe", tag = "public", params(UnsubscribeLink),
    responses((status = 200, description = "A page saying the alert is paused (using the link again says the same)", content_type = "text/html", body = String),
        (status = 400, description = "A page saying the link doesn't work (missing, changed or not ours)", content_type = "text/html", body = String),
        (status = 404, description = "A page saying the alert was deleted", content_type = "text/html", body = String),
        (status = 410, description = "A page saying the link has expired", content_type = "text/html", body = String)))]
async fn unsubscribe_page(
    State(state): State<AppState>,
    Query(link): Query<UnsubscribeLink>,
    RequestMeta(meta): RequestMeta,
) -> Result<Response, ApiError> {
    let (status, title, text) = unsubscribe(&state, link.token.as_deref(), meta).await?;
    Ok((status, Html(page(&state, title, &text))).into_response())
}

#[utoipa::path(post, path = "/api/alerts/unsubscribe", tag = "public", params(UnsubscribeLink),
    responses((status = 200, description = "`Job alert paused`: the one-click unsubscribe a mail client sends (RFC 8058; its body, `List-Unsubscribe=One-Click`, is not needed)", body = Message),
        (status = 400, description = "`This link doesn't work`", body = ErrorBody),
        (status = 404, description = "`This alert is gone`", body = ErrorBody),
        (status = 410, description = "`This link has expired`", body = ErrorBody)))]
async fn unsubscribe_one_click(
    State(state): State<AppState>,
    Query(link): Query<UnsubscribeLink>,
    RequestMeta(meta): RequestMeta,
) -> Result<Response, ApiError> {
    let (status, title, _) = unsubscribe(&state, link.token.as_deref(), meta).await?;
    Ok(if status == StatusCode::OK {
        Json(Message::new(title)).into_response()
    } else {
        ApiError::new(status, title).into_response()
    })
}

/// A small page of its own: it must work from a mail client without the web
/// app (and say what happened even if the app's scripts never load). Its
/// "Sign in" asks the login to come back to the portal's Job Alerts tab
/// (`?to=alerts`, the web app's `returnsToAlerts`), where the alert can be
/// resumed or changed.
fn page(state: &AppState, title: &str, text: &str) -> String {
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let home = state.commands.links.public.trim_end_matches('/');
    format!(
        "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title} | Harbour IT Recruitment</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:0;padding:3rem 1.25rem;color:#1f2937;background:#f8fafc}}\
         main{{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:2rem}}\
         h1{{font-size:1.5rem;margin:0 0 .75rem}}p{{line-height:1.5}}a{{color:#0b5cad}}</style></head>\
         <body><main><h1>{title}</h1><p>{text}</p>\
         <p><a href=\"{home}/candidate/login?to=alerts\">Sign in</a> · <a href=\"{home}/jobs/find\">Find jobs</a></p></main></body></html>",
        title = escape(title),
        text = escape(text),
        home = escape(home),
    )
}
