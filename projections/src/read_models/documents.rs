//! `documents`: a candidate's live documents (deleted ones are removed).

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::document::DocumentEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct DocumentsProjector;

impl EventProjector for DocumentsProjector {
    const NAME: &'static str = "documents";
    const TABLES: &'static [&'static str] = &["documents"];
    type Event = DocumentEvent;

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM documents WHERE owner_id = $1"];

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: DocumentEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        match event {
            DocumentEvent::DocumentUploaded(d) => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO documents (id, owner_id, title, description, document_type, original_name,
                                            storage_key, content_type, file_size, created_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
                )
                .bind(d.document_id)
                .bind(d.owner_id)
                .bind(d.title)
                .bind(d.description)
                .bind(d.document_type.as_str())
                .bind(d.original_name)
                .bind(d.storage_key)
                .bind(d.content_type)
                .bind(d.file_size)
                .bind(d.uploaded_at)
                .execute(&mut *conn)
                .await?;
            }
            DocumentEvent::DocumentEdited {
                title,
                description,
                document_type,
                edited_at,
            } => {
                // language=PostgreSQL
                sqlx::query("UPDATE documents SET title = $2, description = $3, document_type = $4, updated_at = $5 WHERE id = $1")
                    .bind(id)
                    .bind(title)
                    .bind(description)
                    .bind(document_type.as_str())
                    .bind(edited_at)
                    .execute(&mut *conn)
                    .await?;
            }
            DocumentEvent::DocumentDeleted { .. } => {
                // language=PostgreSQL
                sqlx::query("DELETE FROM documents WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

/// SPEC 3 'Document'.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Document {
    pub id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub document_type: String,
    pub original_name: String,
    pub file_size: i64,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub owner_id: Uuid,
    #[serde(skip)]
    pub storage_key: String,
    #[serde(skip)]
    pub content_type: String,
}

// language=PostgreSQL
const COLUMNS: &str = "id, title, description, document_type, original_name, file_size, created_at, owner_id, storage_key, content_type";

pub async fn for_owner(pool: &PgPool, owner: Uuid) -> anyhow::Result<Vec<Document>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM documents WHERE owner_id = $1 ORDER BY created_at DESC"
    )))
    .bind(owner)
    .fetch_all(pool)
    .await
    .context("Failed to list documents")
}

pub async fn by_id(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Document>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM documents WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await
    .context("Failed to read a document")
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Stat {
    pub document_type: String,
    pub count: i64,
}

pub async fn stats(pool: &PgPool, owner: Uuid) -> anyhow::Result<Vec<Stat>> {
    // language=PostgreSQL
    sqlx::query_as("SELECT document_type, count(*) AS count FROM documents WHERE owner_id = $1 GROUP BY document_type ORDER BY document_type")
        .bind(owner)
        .fetch_all(pool)
        .await
        .context("Failed to count documents")
}

/// How many documents an owner holds and their bytes in total (for the quota).
pub async fn usage(pool: &PgPool, owner: Uuid) -> anyhow::Result<(i64, i64)> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT count(*), coalesce(sum(file_size), 0)::bigint FROM documents WHERE owner_id = $1",
    )
    .bind(owner)
    .fetch_one(pool)
    .await
    .context("Failed to measure an owner's documents")
}
