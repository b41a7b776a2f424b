//! /api/notifications/* (SPEC 7.6), for every role: each user sees only their own.

use axum::extract::{Path, Query, State};
use axum::routing::{delete, get, put};
use axum::{Json, Router};
use projections::read_models::notifications;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::Session;
use crate::error::ApiError;

pub const MAX_PAGE: i64 = 100;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/notifications", get(list))
        .route("/api/notifications/unread-count", get(unread_count))
        .route("/api/notifications/read-all", put(read_all))
        .route("/api/notifications/{id}/read", put(read_one))
        .route("/api/notifications/{id}", delete(remove))
}

#[derive(Deserialize)]
struct Page {
    limit: Option<i64>,
    offset: Option<i64>,
}

async fn list(
    State(state): State<AppState>,
    session: Session,
    Query(page): Query<Page>,
) -> Result<Json<Value>, ApiError> {
    let limit = page.limit.unwrap_or(20).clamp(1, MAX_PAGE);
    let offset = page.offset.unwrap_or(0).max(0);
    let (items, total, unread) =
        notifications::list(&state.pool, session.user_id, limit, offset).await?;
    Ok(Json(
        json!({ "notifications": items, "total": total, "unread_count": unread }),
    ))
}

async fn unread_count(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "unread_count": notifications::unread_count(&state.pool, session.user_id).await? }),
    ))
}

fn id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("Notification"))
}

async fn read_one(
    State(state): State<AppState>,
    session: Session,
    Path(raw): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let position = state
        .commands
        .mark_notification_read(session.user_id, id(&raw)?, meta)
        .await?;
    Ok(Written(
        position.unwrap_or(0),
        Json(json!({ "message": "Notification marked as read" })),
    ))
}

async fn read_all(
    State(state): State<AppState>,
    session: Session,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let unread = notifications::unread_ids(&state.pool, session.user_id).await?;
    let position = state
        .commands
        .mark_notifications_read(session.user_id, &unread, meta)
        .await?;
    Ok(Written(
        position.unwrap_or(0),
        Json(json!({ "message": "All notifications marked as read" })),
    ))
}

async fn remove(
    State(state): State<AppState>,
    session: Session,
    Path(raw): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let position = state
        .commands
        .delete_notification(session.user_id, id(&raw)?, meta)
        .await?;
    Ok(Written(
        position,
        Json(json!({ "message": "Notification deleted" })),
    ))
}
