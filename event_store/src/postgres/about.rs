//! Every event about one person, for their data export: the events whose
//! personal fields are sealed for them (`data_subject`), and every event of
//! the streams named after them that seal nothing (a company profile, the log
//! of who opened their record). Position order, keyset-paged, so an export
//! holds one page at a time however long the person's history is; the
//! partial index `events_by_subject` (migration 20261123000012) and the
//! stream's unique key make each page a short index read.

use anyhow::Context;
use sqlx::PgConnection;
use uuid::Uuid;

use super::keys::DataKeys;
use super::read::{EventRow, decode_rows};
use crate::types::RecordedEvent;

pub(super) async fn read_about_in(
    conn: &mut PgConnection,
    keys: &DataKeys,
    subject: Uuid,
    streams: &[String],
    after: i64,
    limit: i64,
) -> anyhow::Result<Vec<RecordedEvent>> {
    // language=PostgreSQL
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT position, transaction_id::text::bigint AS transaction_id, event_id, stream_id, stream_version,
                event_type, schema_version, payload, metadata, data_subject, recorded_at
           FROM events
          WHERE (data_subject = $1 OR stream_id = ANY($2))
            AND position > $3
          ORDER BY position
          LIMIT $4",
    )
    .bind(subject)
    .bind(streams)
    .bind(after)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
    .context("Failed to read the events about a person")?;
    decode_rows(conn, keys, rows).await
}
