//! `documents`: a candidate's live documents (deleted ones are removed).

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::document::{DocumentEvent, DocumentType};
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{column, stream_uuid};
use crate::{Change, FoldedRow, RowFold, RowOf};

pub struct DocumentsProjector;

impl RowFold for DocumentsProjector {
    const NAME: &'static str = "documents";
    const TABLES: &'static [&'static str] = &["documents"];

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM documents WHERE owner_id = $1"];
    const FOUND_BY: &'static [&'static str] = &["owner_id"];

    type Event = DocumentEvent;
    type Row = Row;

    fn row_of(r: &RecordedEvent, event: &DocumentEvent) -> anyhow::Result<RowOf> {
        Ok(match event {
            DocumentEvent::DocumentUploaded(d) => RowOf::New(d.document_id),
            _ => RowOf::Existing(stream_uuid(&r.stream_id)?),
        })
    }

    /// Documents push no [`Change`]: no realtime topic is about them.
    fn fold(
        row: &mut Option<Row>,
        _: &RecordedEvent,
        event: &DocumentEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            DocumentEvent::DocumentUploaded(d) => {
                anyhow::ensure!(
                    row.is_none(),
                    "document {} is uploaded twice",
                    d.document_id
                );
                *row = Some(Row {
                    id: d.document_id,
                    owner_id: d.owner_id,
                    title: d.title.clone(),
                    description: d.description.clone(),
                    document_type: d.document_type,
                    original_name: d.original_name.clone(),
                    storage_key: d.storage_key.clone(),
                    content_type: d.content_type.clone(),
                    file_size: d.file_size,
                    created_at: d.uploaded_at,
                    updated_at: d.uploaded_at,
                });
            }
            DocumentEvent::DocumentEdited {
                title,
                description,
                document_type,
                edited_at,
            } => {
                if let Some(row) = row {
                    row.title = title.clone();
                    row.description = description.clone();
                    row.document_type = *document_type;
                    row.updated_at = *edited_at;
                }
            }
            // Deleted documents are removed, not kept marked.
            DocumentEvent::DocumentDeleted { .. } => *row = None,
        }
        Ok(())
    }
}

/// A row of `documents`, as the fold sees it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Row {
    id: Uuid,
    owner_id: Uuid,
    title: String,
    description: Option<String>,
    #[sqlx(try_from = "String")]
    document_type: DocumentType,
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
    // language=PostgreSQL
    const DELETE: Option<&'static str> = Some("DELETE FROM documents WHERE id = ANY($1)");

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
        .bind(rows.iter().map(|r| r.document_type.as_str()).collect::<Vec<_>>())
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
    #[sqlx(try_from = "String")]
    pub document_type: DocumentType,
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
    #[sqlx(try_from = "String")]
    pub document_type: DocumentType,
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

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::document::{DocumentType, DocumentUploaded};

    use super::*;
    use crate::row_fold::recorded;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, hour, 0, 0).unwrap()
    }

    #[test]
    fn an_edited_then_deleted_document_is_removed_silently() {
        let id = Uuid::now_v7();
        let stream = domain::document::stream_id(id);
        let mut row = None;
        let mut changes = Vec::new();
        let uploaded = DocumentEvent::DocumentUploaded(DocumentUploaded {
            document_id: id,
            owner_id: Uuid::now_v7(),
            title: "CV".into(),
            description: None,
            document_type: DocumentType::Resume,
            original_name: "cv.pdf".into(),
            storage_key: "k".into(),
            content_type: "application/pdf".into(),
            file_size: 10,
            uploaded_at: at(8),
        });
        DocumentsProjector::fold(&mut row, &recorded(&stream, 1), &uploaded, &mut changes).unwrap();
        let edited = DocumentEvent::DocumentEdited {
            title: "Letter".into(),
            description: Some("for Acme".into()),
            document_type: DocumentType::CoverLetter,
            edited_at: at(9),
        };
        DocumentsProjector::fold(&mut row, &recorded(&stream, 2), &edited, &mut changes).unwrap();
        let edited_row = row.clone().expect("an edited document stays");
        assert_eq!(
            (edited_row.title.as_str(), edited_row.document_type.as_str()),
            ("Letter", "cover_letter")
        );
        assert_eq!(
            (edited_row.created_at, edited_row.updated_at),
            (at(8), at(9))
        );

        let deleted = DocumentEvent::DocumentDeleted { deleted_at: at(10) };
        DocumentsProjector::fold(&mut row, &recorded(&stream, 3), &deleted, &mut changes).unwrap();
        assert_eq!(row, None);
        assert!(changes.is_empty());
    }

    #[test]
    fn editing_a_document_never_uploaded_makes_none() {
        let stream = domain::document::stream_id(Uuid::now_v7());
        let mut row = None;
        let edited = DocumentEvent::DocumentEdited {
            title: "Letter".into(),
            description: None,
            document_type: DocumentType::Other,
            edited_at: at(9),
        };
        DocumentsProjector::fold(&mut row, &recorded(&stream, 2), &edited, &mut Vec::new())
            .unwrap();
        assert_eq!(row, None);
    }
}
