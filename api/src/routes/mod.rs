//! HTTP endpoints, one module per endpoint group (docs/API.md lists them).

mod admin;
mod agency;
mod applicants;
mod applications;
mod audit;
mod auth;
mod candidate_profile;
mod candidates;
mod company;
mod contact;
mod documents;
mod employer_jobs;
mod erasure;
mod exports;
pub(crate) mod health;
mod inbox;
mod interviews;
mod job_alerts;
pub mod jobs;
mod notifications;
mod pipeline;
mod reference;
mod refusals;
mod saved_jobs;
mod two_factor;

use std::borrow::Cow;
use std::marker::PhantomData;

use axum::Router;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use commands::{Actor, Metadata};
use domain::account::Role;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::app::{AppState, CORRELATION_HEADER, REQUEST_ID_HEADER};
use crate::auth::Session;
use crate::error::ApiError;

pub(crate) use applicants::{Step as TimelineStep, timeline as application_timeline};
pub use health::Readiness;
pub use notifications::{MAX_PAGE as MAX_NOTIFICATION_PAGE, NotificationPage};

/// Every /api endpoint with its OpenAPI operation: each module lists its
/// handlers in `routes!`, which routes them by their `#[utoipa::path]` and
/// documents them in the same step (crate::openapi).
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(crate::openapi::base())
        .routes(routes!(crate::openapi::serve))
        .merge(auth::router())
        .merge(reference::router())
        .merge(jobs::router())
        .merge(employer_jobs::router())
        .merge(admin::router())
        .merge(contact::router())
        .merge(applications::router())
        .merge(documents::router())
        .merge(candidate_profile::router())
        .merge(notifications::router())
        .merge(pipeline::router())
        .merge(applicants::router())
        .merge(interviews::router())
        .merge(company::router())
        .merge(inbox::router())
        .merge(candidates::router())
        .merge(audit::router())
        .merge(agency::router())
        .merge(two_factor::router())
        .merge(erasure::router())
        .merge(exports::router())
        .merge(saved_jobs::router())
        .merge(job_alerts::router())
}

/// The most a route's body may weigh: an upload its file rule's cap (which
/// answers 413 with its own text) and room for the form around it; every
/// other route `JSON_BODY_LIMIT`. Applied outside the API's middleware
/// (`body_limit` in `app/router.rs`), so everything that reads a body, the
/// `Idempotency-Key` cache included, reads no more than its route accepts.
pub fn body_limit(route: &str) -> usize {
    const FORM: usize = 256 * 1024;
    match route {
        "/api/documents/upload" => crate::files::DOCUMENT_RULE.max_bytes as usize + FORM,
        "/api/candidate/resume/upload" => crate::files::RESUME_RULE.max_bytes as usize + FORM,
        "/api/employer/company/logo" => domain::company::MAX_LOGO_BYTES as usize + 64 * 1024,
        _ => crate::app::JSON_BODY_LIMIT,
    }
}

/// /healthz, /readyz and /metrics: for operators, not part of the API document.
pub fn health() -> Router<AppState> {
    health::router()
}

/// The `{id}` of a path, as the API document describes it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
pub struct IdInPath {
    /// The resource's id (a UUID); anything else names nothing: its 404.
    id: Uuid,
}

/// What a path id names, for its 404 text ("Job not found").
pub trait Resource {
    const NAME: &'static str;

    /// The answer when the id names nothing (or nothing this session may see).
    fn not_found() -> ApiError {
        ApiError::not_found(Self::NAME)
    }
}

macro_rules! resources {
    ($($name:ident),*) => {$(
        #[doc = concat!("A `PathId` kind: ", stringify!($name), ".")]
        pub struct $name;
        impl Resource for $name {
            const NAME: &'static str = stringify!($name);
        }
    )*};
}
resources!(
    Job,
    Application,
    Document,
    Notification,
    Employer,
    Interview,
    Mail,
    Candidate,
    Admin
);

/// A `PathId` kind: a contact-form message ("Message not found").
pub struct ContactMessage;
impl Resource for ContactMessage {
    const NAME: &'static str = "Message";
}

/// A `PathId` kind: a candidate's or employer's account, for what is done
/// to a person as a whole (their data export): "No such person".
pub struct Person;
impl Resource for Person {
    const NAME: &'static str = "Person";

    fn not_found() -> ApiError {
        ApiError::new(axum::http::StatusCode::NOT_FOUND, NO_SUCH_PERSON)
    }
}

pub const NO_SUCH_PERSON: &str = "No such person";

/// The one `{id}` path segment of a route, as a UUID. Anything that is not a
/// UUID names nothing, so it is the resource's 404, never a 400.
pub struct PathId<R>(pub Uuid, PhantomData<R>);

impl<R: Resource + Send, S: Send + Sync> FromRequestParts<S> for PathId<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| R::not_found())?;
        Uuid::parse_str(&raw)
            .map(|id| Self(id, PhantomData))
            .map_err(|_| R::not_found())
    }
}

/// The `{role}` path segment of the auth routes. A role nobody has is 400
/// "Unknown account type".
pub struct PathRole(pub Role);

impl<S: Send + Sync> FromRequestParts<S> for PathRole {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let unknown = || ApiError::bad_request("Unknown account type");
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| unknown())?;
        Role::parse(&raw).map(Self).ok_or_else(unknown)
    }
}

/// `{"message": ...}`: what most commands answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Message {
    #[schema(value_type = String)]
    pub message: Cow<'static, str>,
}

impl Message {
    pub fn new(message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// `{"id": ...}`, or `{"id": ..., "message": ...}`: the resource a command
/// created or changed, by id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Saved {
    pub id: Uuid,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'static str>,
}

impl Saved {
    pub fn id(id: Uuid) -> Self {
        Self { id, message: None }
    }

    pub fn with_message(id: Uuid, message: &'static str) -> Self {
        Self {
            id,
            message: Some(message),
        }
    }
}

/// `{"data": [...]}`: how the reference lists answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Data<T> {
    pub data: T,
}

/// Event metadata for a command started by this request.
pub struct RequestMeta(pub Metadata);

impl FromRequestParts<AppState> for RequestMeta {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let request_id = parts
            .headers
            .get(REQUEST_ID_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let correlation_id = parts
            .headers
            .get(CORRELATION_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| Uuid::parse_str(v).ok())
            .unwrap_or_else(Uuid::now_v7);
        let session = Session::from_request_parts(parts, state).await.ok();
        Ok(Self(Metadata {
            correlation_id,
            causation_id: None,
            actor_id: session.as_ref().map(|s| s.user_id),
            actor_role: Some(session.as_ref().map_or(Actor::Anonymous, |s| s.role.into())),
            request_id,
        }))
    }
}

/// Search text as a query takes it: without control characters (a NUL byte
/// is not text to PostgreSQL, and no one types the others), trimmed, at
/// most 100 characters.
pub(crate) fn search_text(q: &str) -> String {
    let kept: String = q.chars().filter(|c| !c.is_control()).collect();
    kept.trim().chars().take(100).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn search_text_drops_control_characters_trims_and_stops_at_100() {
        assert_eq!(super::search_text(" Chlo\0e\u{91} "), "Chloe");
        assert_eq!(super::search_text(&"a".repeat(150)).len(), 100);
        assert_eq!(super::search_text("\0\t"), "");
    }

    #[test]
    fn every_route_with_a_body_limit_of_its_own_is_an_upload_the_api_serves() {
        let (_, doc) = super::api().split_for_parts();
        for route in [
            "/api/documents/upload",
            "/api/candidate/resume/upload",
            "/api/employer/company/logo",
        ] {
            let upload = doc
                .paths
                .paths
                .get(route)
                .and_then(|item| item.post.as_ref());
            assert!(upload.is_some(), "no POST {route} in the API");
            assert!(super::body_limit(route) > crate::app::JSON_BODY_LIMIT);
        }
        assert_eq!(
            super::body_limit("/api/contact"),
            crate::app::JSON_BODY_LIMIT
        );
    }
}
