//! /api/account/export, /api/admin/people/{id}/export, /api/exports/{token}:
//! a person's data export (APP 12, GDPR articles 15 and 20). Asking for one
//! answers a download link that works once, for an hour, and only with the
//! session of the person or of an admin; following it streams the ZIP
//! (crate::export). An admin downloading a candidate's export is recorded in
//! the candidate's access log, like opening their record.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Utc};
use commands::access::RecordCandidateView;
use domain::account::Role;
use projections::read_models::accounts::{self, AccountRow};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, PathId, RequestMeta, Resource, refusals};
use crate::app::AppState;
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::auth::{Session, SteppedUpAdmin};
use crate::error::{ApiError, ErrorBody};
use crate::export::{self, links};
use crate::openapi::FileBytes;
use crate::routes;

pub const NOT_VALID: &str = "This download link is not valid";
pub const USED: &str = "This download link has already been used. Ask for a new export.";
pub const EXPIRED: &str = "This download link has expired. Ask for a new export.";
pub const ADMIN_HAS_NO_EXPORT: &str = "This area is for candidate and employer accounts";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request_own))
        .routes(routes!(request_for_person))
        .routes(routes!(download))
}

/// `{"url": "/api/exports/<token>", "expires_at": ...}`
#[derive(Serialize, utoipa::ToSchema)]
struct ExportLink {
    /// Where to download the archive, with the bearer token of the person or
    /// of an admin: once, before `expires_at`.
    url: String,
    /// An hour from now.
    expires_at: DateTime<Utc>,
}

impl From<links::NewLink> for ExportLink {
    fn from(link: links::NewLink) -> Self {
        Self {
            url: format!("/api/exports/{}", link.token),
            expires_at: link.expires_at,
        }
    }
}

/// The `{token}` of a download link.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct TokenInPath {
    /// The secret part of the link `url` an export request answered.
    token: String,
}

#[utoipa::path(post, path = "/api/account/export", tag = "auth", security(("candidate" = []), ("employer" = [])),
    responses((status = 201, description = "A download link for everything held about the signed-in person", body = ExportLink),
        (status = 403, description = "An admin's session (`This area is for candidate and employer accounts`), or a suspended employer", body = ErrorBody),
        (status = 429, description = "Too many export links (10 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody)))]
async fn request_own(
    State(state): State<AppState>,
    session: Session,
    Client(client): Client,
) -> Result<(StatusCode, Json<ExportLink>), ApiError> {
    if session.role == Role::Admin {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ADMIN_HAS_NO_EXPORT));
    }
    throttle::attempt_from(&state, Action::Export, &client).await?;
    let link = links::create(&state.pool, session.user_id, session.user_id).await?;
    Ok((StatusCode::CREATED, Json(link.into())))
}

#[utoipa::path(post, path = "/api/admin/people/{id}/export", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 201, description = "A download link for everything held about this candidate or employer, for any admin to follow", body = ExportLink),
        refusals::StepUpRequired,
        (status = 404, description = "`No such person`: no candidate or employer account has that id", body = ErrorBody),
        (status = 429, description = "Too many export links (10 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody)))]
async fn request_for_person(
    State(state): State<AppState>,
    SteppedUpAdmin(me, _): SteppedUpAdmin,
    PathId(id, _): PathId<routes::Person>,
    Client(client): Client,
) -> Result<(StatusCode, Json<ExportLink>), ApiError> {
    throttle::attempt_from(&state, Action::Export, &client).await?;
    let person = person(&state, id)
        .await?
        .ok_or_else(routes::Person::not_found)?;
    let link = links::create(&state.pool, person.id, me).await?;
    Ok((StatusCode::CREATED, Json(link.into())))
}

/// The candidate or employer account `id`, looking again once the read
/// models have caught up if it is not there (an account made a moment ago).
async fn person(state: &AppState, id: Uuid) -> Result<Option<AccountRow>, ApiError> {
    let is_person = |a: &AccountRow| matches!(a.role, Role::Candidate | Role::Employer);
    if let Some(account) = accounts::by_id(&state.pool, id).await? {
        return Ok(Some(account).filter(is_person));
    }
    state.wait_for_head().await;
    Ok(accounts::by_id(&state.pool, id).await?.filter(is_person))
}

#[utoipa::path(get, path = "/api/exports/{token}", operation_id = "download_export", tag = "auth", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(TokenInPath),
    responses((status = 200, description = "The archive, streamed as it is written (no Content-Length): `data.json` and `files/…`. The link is spent as the download starts.",
            content_type = "application/zip", body = FileBytes,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"harbour-it-data-<yyyy-mm-dd>.zip\"`"))),
        (status = 404, description = "`This download link is not valid`: no such link, or the session is neither the person's nor an admin's", body = ErrorBody),
        (status = 410, description = "`This download link has already been used. Ask for a new export.` or `This download link has expired. Ask for a new export.`", body = ErrorBody)))]
async fn download(
    State(state): State<AppState>,
    session: Session,
    Path(token): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Response, ApiError> {
    let is_admin = session.role == Role::Admin;
    let subject = match links::claim(&state.pool, &token, session.user_id, is_admin).await? {
        links::Claim::Granted(subject) => subject,
        links::Claim::NotValid => return Err(ApiError::new(StatusCode::NOT_FOUND, NOT_VALID)),
        links::Claim::Used => return Err(ApiError::new(StatusCode::GONE, USED)),
        links::Claim::Expired => return Err(ApiError::new(StatusCode::GONE, EXPIRED)),
    };
    let account = person(&state, subject)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, NOT_VALID))?;
    if is_admin && account.role == Role::Candidate {
        // Recorded before anything personal is read, like opening the record.
        state
            .commands
            .record_candidate_view(
                RecordCandidateView {
                    admin_id: session.user_id,
                    candidate_id: subject,
                },
                meta,
            )
            .await?;
    }
    Ok(export::download(state, account))
}
