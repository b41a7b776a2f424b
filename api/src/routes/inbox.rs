//! The agency's contact inbox: enquiries from the public contact form, assigned
//! to a member of staff, answered by mail from the screen, marked handled; and
//! the mail outbox, where a mail that gave up can be sent again.

use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use commands::contact::{AssignContactMessage, MarkContactMessageHandled, ReplyToContactMessage};
use projections::read_models::contact_messages::{self, ContactMessage};
use serde::Deserialize;
use uuid::Uuid;

use super::{Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/contact-messages", get(list))
        .route("/api/admin/contact-messages/{id}/assign", post(assign))
        .route("/api/admin/contact-messages/{id}/reply", post(reply))
        .route("/api/admin/contact-messages/{id}/handled", post(handled))
        .route("/api/admin/outbox", get(outbox))
        .route("/api/admin/outbox/{id}/resend", post(resend))
}

#[derive(Deserialize)]
struct InboxQuery {
    /// `open` or `handled`; all when absent.
    status: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<InboxQuery>,
) -> Result<Json<Vec<ContactMessage>>, ApiError> {
    let handled = match query.status.as_deref() {
        None => None,
        Some("open") => Some(false),
        Some("handled") => Some(true),
        Some(_) => return Err(ApiError::unprocessable("Status must be open or handled")),
    };
    Ok(Json(
        contact_messages::recent(&state.pool, 200, handled).await?,
    ))
}

#[derive(Deserialize)]
struct AssignBody {
    admin_id: Uuid,
}

async fn assign(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::ContactMessage>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<AssignBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = AssignContactMessage {
        admin_id: me,
        message_id: id,
        assign_to: body.admin_id,
    };
    let written = state.commands.assign_contact_message(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Message::new("Message assigned")),
    ))
}

#[derive(Deserialize)]
struct ReplyBody {
    body: String,
}

async fn reply(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::ContactMessage>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ReplyBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = ReplyToContactMessage {
        admin_id: me,
        message_id: id,
        body: body.body,
    };
    let written = state.commands.reply_to_contact_message(cmd, meta).await?;
    Ok(Written(written.position, Json(Message::new("Reply sent"))))
}

async fn handled(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::ContactMessage>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = MarkContactMessageHandled {
        admin_id: me,
        message_id: id,
    };
    let written = state
        .commands
        .mark_contact_message_handled(cmd, meta)
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new("Marked as handled")),
    ))
}

#[derive(Deserialize)]
struct OutboxQuery {
    /// `queued`, `sent` or `failed`; all when absent.
    state: Option<String>,
}

async fn outbox(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<OutboxQuery>,
) -> Result<Json<Vec<crate::mail::OutboxMail>>, ApiError> {
    if let Some(s) = &query.state
        && !["queued", "sent", "failed"].contains(&s.as_str())
    {
        return Err(ApiError::unprocessable(
            "State must be queued, sent or failed",
        ));
    }
    Ok(Json(
        crate::mail::outbox(&state.pool, query.state.as_deref(), 200).await?,
    ))
}

async fn resend(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::Mail>,
) -> Result<Json<Message>, ApiError> {
    if !crate::mail::resend(&state.pool, id).await? {
        return Err(ApiError::unprocessable(
            "Only a mail that failed can be sent again",
        ));
    }
    tracing::info!(mail_id = %id, admin_id = %me, "mail queued again by an admin");
    Ok(Json(Message::new("Queued to send again")))
}
