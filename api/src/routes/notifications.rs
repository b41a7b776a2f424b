//! /api/notifications/* (SPEC 7.6), for every role: each user sees only their own.

use axum::Json;
use axum::extract::{Query, State};
use commands::Metadata;
use commands::notifications::NotificationAction;
use projections::read_models::notifications;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::Session;
use crate::error::ApiError;
use crate::read_replica::ReadPool;
use crate::routes;

pub const MAX_PAGE: i64 = 100;

/// One page of a user's notifications, over HTTP and over the socket alike.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NotificationPage<T> {
    pub notifications: Vec<T>,
    pub total: i64,
    pub unread_count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct UnreadCount {
    unread_count: i64,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(unread_count))
        .routes(routes!(read_all))
        .routes(routes!(read_one))
        .routes(routes!(unread_one))
        .routes(routes!(remove))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Page {
    /// How many (20 when absent; kept within 1 to 100).
    limit: Option<i64>,
    /// How many to skip, newest first (0 when absent).
    offset: Option<i64>,
}

#[utoipa::path(get, path = "/api/notifications", operation_id = "list_notifications", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(Page),
    responses((status = 200, description = "One page of the user's notifications, newest first", body = NotificationPage<notifications::Notification>)))]
async fn list(
    reads: ReadPool,
    session: Session,
    Query(page): Query<Page>,
) -> Result<Json<NotificationPage<notifications::Notification>>, ApiError> {
    let limit = page.limit.unwrap_or(20).clamp(1, MAX_PAGE);
    let offset = page.offset.unwrap_or(0).max(0);
    let (notifications, total, unread_count) =
        notifications::list(&reads, session.user_id, limit, offset).await?;
    Ok(Json(NotificationPage {
        notifications,
        total,
        unread_count,
    }))
}

#[utoipa::path(get, path = "/api/notifications/unread-count", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])),
    responses((status = 200, description = "How many are unread", body = UnreadCount)))]
async fn unread_count(reads: ReadPool, session: Session) -> Result<Json<UnreadCount>, ApiError> {
    Ok(Json(UnreadCount {
        unread_count: notifications::unread_count(&reads, session.user_id).await?,
    }))
}

#[utoipa::path(put, path = "/api/notifications/{id}/read", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Notification marked as read`", body = Message), refusals::NotificationNotFound))]
async fn read_one(
    State(state): State<AppState>,
    session: Session,
    PathId(id, _): PathId<routes::Notification>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    mark(&state, &session, id, meta, true).await
}

/// Marks one of the user's read notifications unread again.
///
/// One already unread writes nothing (no consistency token comes back), as
/// reading a read one does.
#[utoipa::path(put, path = "/api/notifications/{id}/unread", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Notification marked as unread`", body = Message), refusals::NotificationNotFound))]
async fn unread_one(
    State(state): State<AppState>,
    session: Session,
    PathId(id, _): PathId<routes::Notification>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    mark(&state, &session, id, meta, false).await
}

/// Marks one of the user's notifications read or unread.
async fn mark(
    state: &AppState,
    session: &Session,
    id: Uuid,
    meta: Metadata,
    read: bool,
) -> Result<Written<Json<Message>>, ApiError> {
    let action = action(session, id);
    let commands = &state.commands;
    let (written, text) = if read {
        let written = commands.mark_notification_read(action, meta).await?;
        (written, "Notification marked as read")
    } else {
        let written = commands.mark_notification_unread(action, meta).await?;
        (written, "Notification marked as unread")
    };
    Ok(Written::message(written.position, text))
}

#[utoipa::path(put, path = "/api/notifications/read-all", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])),
    responses((status = 200, description = "`All notifications marked as read`", body = Message)))]
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
    Ok(Written::message(
        written.position,
        "All notifications marked as read",
    ))
}

#[utoipa::path(delete, path = "/api/notifications/{id}", operation_id = "remove_notification", tag = "notifications", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Notification deleted`", body = Message), refusals::NotificationNotFound))]
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
    Ok(Written::message(written.position, "Notification deleted"))
}

fn action(session: &Session, notification_id: Uuid) -> NotificationAction {
    NotificationAction {
        user_id: session.user_id,
        notification_id,
    }
}
