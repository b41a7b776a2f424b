//! `contact_messages`: enquiries from the public contact form, for agency staff.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::contact::ContactEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct ContactMessagesProjector;

impl EventProjector for ContactMessagesProjector {
    const NAME: &'static str = "contact_messages";
    const TABLES: &'static [&'static str] = &["contact_messages"];
    type Event = ContactEvent;

    /// The message stays in the inbox's counts and history (when it came,
    /// who handled it); who sent it and what it said read `[erased]`.
    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["UPDATE contact_messages
            SET first_name = $2, last_name = $2, email = $2, message = $2,
                phone = CASE WHEN phone IS NULL THEN NULL ELSE $2 END
          WHERE id = $1"];

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ContactEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            ContactEvent::ContactMessageReceived {
                message_id,
                first_name,
                last_name,
                email,
                phone,
                message,
                received_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, received_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(message_id)
                .bind(first_name)
                .bind(last_name)
                .bind(email)
                .bind(phone)
                .bind(message)
                .bind(received_at)
                .execute(&mut *conn)
                .await?;
            }
            ContactEvent::ContactMessageAssigned { assigned_to, .. } => {
                // language=PostgreSQL
                sqlx::query("UPDATE contact_messages SET assigned_to = $2 WHERE id = $1")
                    .bind(stream_uuid(&r.stream_id)?)
                    .bind(assigned_to)
                    .execute(&mut *conn)
                    .await?;
            }
            ContactEvent::ContactReplySent { sent_at, .. } => {
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE contact_messages SET replies = replies + 1, last_reply_at = $2 WHERE id = $1",
                )
                .bind(stream_uuid(&r.stream_id)?)
                .bind(sent_at)
                .execute(&mut *conn)
                .await?;
            }
            ContactEvent::ContactMessageHandled { handled_at, .. } => {
                // language=PostgreSQL
                sqlx::query("UPDATE contact_messages SET handled_at = $2 WHERE id = $1")
                    .bind(stream_uuid(&r.stream_id)?)
                    .bind(handled_at)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ContactMessage {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub message: String,
    pub received_at: DateTime<Utc>,
    pub assigned_to: Option<Uuid>,
    pub replies: i32,
    pub last_reply_at: Option<DateTime<Utc>>,
    pub handled_at: Option<DateTime<Utc>>,
}

/// The newest messages; `handled`: only handled ones (`true`) or only open
/// ones (`false`).
pub async fn recent(
    pool: &PgPool,
    limit: i64,
    handled: Option<bool>,
) -> anyhow::Result<Vec<ContactMessage>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT * FROM contact_messages
          WHERE $2::bool IS NULL OR (handled_at IS NOT NULL) = $2
          ORDER BY received_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .bind(handled)
    .fetch_all(pool)
    .await
    .context("Failed to list contact messages")
}
