//! HTTP endpoints, one module per endpoint group (docs/API.md lists them).

mod admin;
mod applications;
mod auth;
mod candidate_profile;
mod contact;
mod documents;
mod employer_jobs;
mod health;
mod jobs;
mod notifications;
mod reference;

use axum::Router;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use commands::Metadata;
use uuid::Uuid;

use crate::app::{AppState, REQUEST_ID_HEADER};
use crate::auth::Session;
use crate::error::ApiError;

pub use notifications::MAX_PAGE as MAX_NOTIFICATION_PAGE;

pub fn api() -> Router<AppState> {
    Router::new()
        .merge(auth::router())
        .merge(reference::router())
        .merge(jobs::router())
        .merge(employer_jobs::router())
        .merge(admin::router())
        .merge(contact::router())
        .merge(health::router())
        .merge(applications::router())
        .merge(documents::router())
        .merge(candidate_profile::router())
        .merge(notifications::router())
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
            .get("x-correlation-id")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| Uuid::parse_str(v).ok())
            .unwrap_or_else(Uuid::now_v7);
        let session = Session::from_request_parts(parts, state).await.ok();
        Ok(Self(Metadata {
            correlation_id,
            causation_id: None,
            actor_id: session.map(|s| s.user_id),
            actor_role: Some(session.map_or("anonymous", |s| s.role.as_str()).to_owned()),
            request_id,
        }))
    }
}
