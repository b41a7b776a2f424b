//! `contact_messages`: enquiries from the public contact form, for agency staff.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::contact::ContactEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Change, EventProjector};

pub struct ContactMessagesProjector;

impl EventProjector for ContactMessagesProjector {
    const NAME: &'static str = "contact_messages";
    const TABLES: &'static [&'static str] = &["contact_messages"];
    type Event = ContactEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        _: &RecordedEvent,
        event: ContactEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let ContactEvent::ContactMessageReceived {
            message_id,
            first_name,
            last_name,
            email,
            phone,
            message,
            received_at,
        } = event;
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
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct ContactMessage {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub message: String,
    pub received_at: DateTime<Utc>,
}

pub async fn recent(pool: &PgPool, limit: i64) -> anyhow::Result<Vec<ContactMessage>> {
    // language=PostgreSQL
    sqlx::query_as("SELECT * FROM contact_messages ORDER BY received_at DESC LIMIT $1")
        .bind(limit)
        .fetch_all(pool)
        .await
        .context("Failed to list contact messages")
}
