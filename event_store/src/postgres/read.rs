//! Reading: one stream in version order, or the global log in commit order
//! below the read horizon. Personal fields are unsealed (or read `[erased]`)
//! and payloads upcast to the current schema on the way out.

use std::collections::BTreeSet;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::event::upcast;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use super::keys::DataKeys;
use crate::personal_data::{self, SealedFor};
use crate::types::{GlobalCheckpoint, RecordedEvent};

/// Reads the global log from `after`, in batches, for audit and rebuilds.
pub async fn read_all_in(
    conn: &mut PgConnection,
    keys: &DataKeys,
    after: GlobalCheckpoint,
    limit: i64,
) -> anyhow::Result<Vec<RecordedEvent>> {
    // language=PostgreSQL
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT position, transaction_id::text::bigint AS transaction_id, event_id, stream_id, stream_version,
                event_type, schema_version, payload, metadata, data_subject, recorded_at
           FROM events
          WHERE transaction_id >= $1::text::xid8
            AND (transaction_id, position) > ($1::text::xid8, $2)
            AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY transaction_id, position
          LIMIT $3",
    )
    .bind(after.transaction_id.to_string())
    .bind(after.position)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
    .context("Failed to read the global event log")?;
    decode_rows(conn, keys, rows).await
}

/// One stream's events in version order.
pub async fn read_stream_in(
    conn: &mut PgConnection,
    keys: &DataKeys,
    stream_id: &str,
) -> anyhow::Result<Vec<RecordedEvent>> {
    // language=PostgreSQL
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT position, transaction_id::text::bigint AS transaction_id, event_id, stream_id, stream_version,
                event_type, schema_version, payload, metadata, data_subject, recorded_at
           FROM events WHERE stream_id = $1 ORDER BY stream_version",
    )
    .bind(stream_id)
    .fetch_all(&mut *conn)
    .await
    .context("Failed to read a stream")?;
    decode_rows(conn, keys, rows).await
}

/// Committed events after `after`, whether or not the horizon hides them yet.
pub(super) async fn count_after(
    conn: &mut PgConnection,
    after: GlobalCheckpoint,
) -> anyhow::Result<i64> {
    // language=PostgreSQL
    let (count,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM events
          WHERE transaction_id >= $1::text::xid8
            AND (transaction_id, position) > ($1::text::xid8, $2)",
    )
    .bind(after.transaction_id.to_string())
    .bind(after.position)
    .fetch_one(&mut *conn)
    .await
    .context("Failed to count events after a checkpoint")?;
    Ok(count)
}

#[derive(sqlx::FromRow)]
pub(super) struct EventRow {
    position: i64,
    transaction_id: i64,
    event_id: Uuid,
    stream_id: String,
    stream_version: i64,
    event_type: String,
    schema_version: i32,
    payload: Value,
    metadata: Value,
    data_subject: Option<Uuid>,
    recorded_at: DateTime<Utc>,
}

pub(super) async fn decode_rows(
    conn: &mut PgConnection,
    keys: &DataKeys,
    rows: Vec<EventRow>,
) -> anyhow::Result<Vec<RecordedEvent>> {
    let subjects: Vec<Uuid> = rows
        .iter()
        .filter_map(|r| r.data_subject)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let keys = keys.keys_for(conn, &subjects).await?;
    rows.into_iter()
        .map(|row| {
            let mut payload = row.payload;
            if let Some(subject) = row.data_subject {
                let owner = SealedFor {
                    subject,
                    event_id: row.event_id,
                };
                personal_data::unseal(&mut payload, owner, keys.get(&subject)).with_context(
                    || format!("Failed to unseal event at position {}", row.position),
                )?;
            }
            Ok(RecordedEvent {
                position: row.position,
                transaction_id: row.transaction_id,
                event_id: row.event_id,
                stream_id: row.stream_id,
                stream_version: row.stream_version,
                payload: upcast(&row.event_type, row.schema_version, payload),
                event_type: row.event_type,
                schema_version: row.schema_version,
                metadata: serde_json::from_value(row.metadata).unwrap_or_default(),
                data_subject: row.data_subject,
                recorded_at: row.recorded_at,
            })
        })
        .collect()
}
