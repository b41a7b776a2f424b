//! /api/notifications/* (SPEC 7.6), for every role: each user sees only their own.

use axum::extract::{Query, State};
use axum::routing::{delete, get, put};
use axum::{Json, Router};
use commands::notifications::NotificationAction;
use projections::read_models::notifications;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::Session;
use crate::error::ApiError;
use crate::routes;

pub const MAX_PAGE: i64 = 100;

/// One page of a user's notifications, over HTTP and over the socket alike.
#[derive(Debug, Serialize)]
pub struct NotificationPage<T> {
    pub notifications: Vec<T>,
    pub total: i64,
    pub unread_count: i64,
}

#[derive(Debug, Serialize)]
struct UnreadCount {
    unread_count: i64,
}

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
) -> Result<Json<NotificationPage<notifications::Notification>>, ApiError> {
    let limit = page.limit.unwrap_or(20).clamp(1, MAX_PAGE);
    let offset = page.offset.unwrap_or(0).max(0);
    let (notifications, total, unread_count) =
        notifications::list(&state.pool, session.user_id, limit, offset).await?;
    Ok(Json(NotificationPage {
        notifications,
        total,
        unread_count,
    }))
}

async fn unread_count(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<UnreadCount>, ApiError> {
    Ok(Json(UnreadCount {
        unread_count: notifications::unread_count(&state.pool, session.user_id).await?,
    }))
}

async fn read_one(
    State(state): State<AppState>,
    session: Session,
    PathId(id, _): PathId<routes::Notification>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .mark_notification_read(action(&session, id), meta)
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new("Notification marked as read")),
    ))
}

async fn read_all(
    State(state): State<AppState>,
    session: Session,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let unread = notifications::unread_ids(&state.pool, session.user_id).await?;
    let written = state
        .commands
        .mark_notifications_read(session.user_id, &unread, meta)
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new("All notifications marked as read")),
    ))
}

async fn remove(
    State(state): State<AppState>,
    session: Session,
    PathId(id, _): PathId<routes::Notification>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .delete_notification(action(&session, id), meta)
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new("Notification deleted")),
    ))
}

fn action(session: &Session, notification_id: Uuid) -> NotificationAction {
    NotificationAction {
        user_id: session.user_id,
        notification_id,
    }
}
