//! The agency's contact inbox: enquiries from the public contact form, assigned
//! to a member of staff, answered by mail from the screen, marked handled; and
//! the mail outbox, where a mail that gave up can be sent again.

use axum::Json;
use axum::extract::{Query, State};
use commands::contact::{AssignContactMessage, MarkContactMessageHandled, ReplyToContactMessage};
use projections::read_models::contact_messages::{self, ContactMessage};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(assign))
        .routes(routes!(reply))
        .routes(routes!(handled))
        .routes(routes!(outbox))
        .routes(routes!(resend))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct InboxQuery {
    /// `open` or `handled`; all when absent.
    status: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/contact-messages", operation_id = "list_enquiries", tag = "admin", security(("admin" = [])), params(InboxQuery),
    responses((status = 200, description = "Contact-form enquiries, newest 200", body = Vec<ContactMessage>),
        (status = 422, description = "`Status must be open or handled`", body = ErrorBody)))]
async fn list(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<InboxQuery>,
) -> Result<Json<Vec<ContactMessage>>, ApiError> {
    let handled = match query.status.as_deref() {
        None => None,
        Some("open") => Some(false),
        Some("handled") => Some(true),
        Some(_) => return Err(ApiError::unprocessable("Status must be open or handled")),
    };
    Ok(Json(contact_messages::recent(&reads, 200, handled).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct AssignBody {
    admin_id: Uuid,
}

#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/assign", tag = "admin", security(("admin" = [])), params(IdInPath), request_body = AssignBody,
    responses((status = 200, description = "`Message assigned`", body = Message), refusals::MessageNotFound,
        (status = 422, description = "`Choose a member of staff to assign it to`", body = ErrorBody)))]
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
    Ok(Written::message(written.position, "Message assigned"))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ReplyBody {
    body: String,
}

#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/reply", tag = "admin", security(("admin" = [])), params(IdInPath), request_body = ReplyBody,
    responses((status = 200, description = "`Reply sent`: mailed to the sender", body = Message), refusals::MessageNotFound,
        (status = 422, description = "`Reply is required`, or too long", body = ErrorBody)))]
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
    Ok(Written::message(written.position, "Reply sent"))
}

#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/handled", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Marked as handled`", body = Message), refusals::MessageNotFound))]
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
    Ok(Written::message(written.position, "Marked as handled"))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct OutboxQuery {
    /// `queued`, `sent` or `failed`; all when absent.
    state: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/outbox", tag = "admin", security(("admin" = [])), params(OutboxQuery),
    responses((status = 200, description = "Mail in the outbox, newest 200", body = Vec<crate::mail::OutboxMail>),
        (status = 422, description = "`State must be queued, sent or failed`", body = ErrorBody)))]
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

#[utoipa::path(post, path = "/api/admin/outbox/{id}/resend", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Queued to send again`", body = Message),
        (status = 422, description = "`Only a mail that failed can be sent again` (an unknown id too)", body = ErrorBody)))]
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
