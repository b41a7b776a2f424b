//! `documents`: a candidate's live documents (deleted ones are removed).

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::document::DocumentEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{FoldedRow, SegmentRows, column, stream_uuid};
use crate::{Change, EventProjector};

pub struct DocumentsProjector;

impl EventProjector for DocumentsProjector {
    const NAME: &'static str = "documents";
    const TABLES: &'static [&'static str] = &["documents"];
    type Event = DocumentEvent;

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM documents WHERE owner_id = $1"];
    const ERASED_BY: &'static [&'static str] = &["owner_id"];

    /// A rebuild's batch set-wise: the rows it touches are read once, folded
    /// as `handle`'s statements would change them, and written by one
    /// DELETE and one upsert. An erasure writes what was folded so far,
    /// then runs as live.
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &DocumentEvent)],
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let mut rows = SegmentRows::<Row>::load(conn, segment, |e| {
            matches!(e, DocumentEvent::DocumentUploaded(_))
        })
        .await?;
        let mut deleted = Vec::new();
        for (r, event) in segment {
            match event {
                DocumentEvent::DocumentUploaded(d) => {
                    let row = Row {
                        id: d.document_id,
                        owner_id: d.owner_id,
                        title: d.title.clone(),
                        description: d.description.clone(),
                        document_type: d.document_type.as_str().to_owned(),
                        original_name: d.original_name.clone(),
                        storage_key: d.storage_key.clone(),
                        content_type: d.content_type.clone(),
                        file_size: d.file_size,
                        created_at: d.uploaded_at,
                        updated_at: d.uploaded_at,
                    };
                    anyhow::ensure!(
                        rows.create(d.document_id, row),
                        "document {} is uploaded twice",
                        d.document_id
                    );
                }
                DocumentEvent::DocumentEdited {
                    title,
                    description,
                    document_type,
                    edited_at,
                } => {
                    if let Some(row) = rows.touch(stream_uuid(&r.stream_id)?) {
                        row.title = title.clone();
                        row.description = description.clone();
                        row.document_type = document_type.as_str().to_owned();
                        row.updated_at = *edited_at;
                    }
                }
                DocumentEvent::DocumentDeleted { .. } => {
                    let id = stream_uuid(&r.stream_id)?;
                    if rows.remove(id) {
                        deleted.push(id);
                    }
                }
            }
        }
        if !deleted.is_empty() {
            // language=PostgreSQL
            sqlx::query("DELETE FROM documents WHERE id = ANY($1)")
                .bind(&deleted)
                .execute(&mut *conn)
                .await?;
        }
        rows.write(conn).await
    }

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

/// A row of `documents`, as a rebuild batch folds it.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Row {
    id: Uuid,
    owner_id: Uuid,
    title: String,
    description: Option<String>,
    document_type: String,
    original_name: String,
    storage_key: String,
    content_type: String,
    file_size: i64,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str =
        "SELECT id, owner_id, title, description, document_type, original_name, storage_key, content_type,
                file_size, created_at, updated_at
           FROM documents WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO documents (id, owner_id, title, description, document_type, original_name, storage_key,
                                    content_type, file_size, created_at, updated_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::bigint[], $10::timestamptz[], $11::timestamptz[])
             ON CONFLICT (id) DO UPDATE SET
                 title = EXCLUDED.title, description = EXCLUDED.description,
                 document_type = EXCLUDED.document_type, updated_at = EXCLUDED.updated_at",
        )
        .bind(column!(rows, id))
        .bind(column!(rows, owner_id))
        .bind(column!(rows, title))
        .bind(column!(rows, description))
        .bind(column!(rows, document_type))
        .bind(column!(rows, original_name))
        .bind(column!(rows, storage_key))
        .bind(column!(rows, content_type))
        .bind(column!(rows, file_size))
        .bind(column!(rows, created_at))
        .bind(column!(rows, updated_at))
        .execute(&mut *conn)
        .await?;
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
    /// When its owner last sent it with an application (their own list
    /// only: an employer shown the document never learns of other
    /// applications). The apply dialog preselects the resume used last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<DateTime<Utc>>,
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
        "SELECT {COLUMNS},
                (SELECT max(a.created_at) FROM applications a
                  WHERE a.candidate_id = documents.owner_id
                    AND (a.resume_id = documents.id OR a.cover_letter_id = documents.id)) AS last_used_at
           FROM documents WHERE owner_id = $1 ORDER BY created_at DESC, id DESC"
    )))
    .bind(owner)
    .fetch_all(pool)
    .await
    .context("Failed to list documents")
}

pub async fn by_id(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Document>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, NULL::timestamptz AS last_used_at FROM documents WHERE id = $1"
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
