//! Reading: one stream in version order, or the global log in commit order
//! below the read horizon. Personal fields are unsealed (or read `[erased]`)
//! and payloads upcast to the current schema on the way out.

use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::event::upcast;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use super::keys::DataKeys;
use crate::personal_data::{self, Key, SealedFor};
use crate::types::{GlobalCheckpoint, LogBatch, Metadata, RecordedEvent};

/// Reads the global log from `after`, in batches, for audit and rebuilds.
pub async fn read_all_in(
    conn: &mut PgConnection,
    keys: &DataKeys,
    after: GlobalCheckpoint,
    limit: i64,
) -> anyhow::Result<Vec<RecordedEvent>> {
    let rows = fetch_log::<EventRow>(conn, after, limit).await?;
    decode_rows(conn, keys, rows).await
}

/// A long read of the whole log (a rebuild): one connection, and each data
/// subject's key read and unwrapped once for the whole read, not once per
/// batch. A key erased while the read runs may still open that subject's
/// older events: the `PersonErased` event later in the log makes every
/// projector forget them, as it does live.
pub(super) struct PgLogReader {
    /// The reading connection, while no read is under way.
    pub(super) conn: Option<sqlx::pool::PoolConnection<sqlx::Postgres>>,
    /// For data keys, beside the reading connection.
    pub(super) pool: sqlx::PgPool,
    pub(super) keys: DataKeys,
    pub(super) cache: HashMap<Uuid, Option<Key>>,
    pub(super) after: GlobalCheckpoint,
    /// The next batch, read while the caller works on this one.
    pub(super) ahead: Option<tokio::task::JoinHandle<Prefetched>>,
}

type Prefetched = (
    sqlx::pool::PoolConnection<sqlx::Postgres>,
    anyhow::Result<Vec<LogRow>>,
    std::time::Duration,
);

fn read_ahead(
    mut conn: sqlx::pool::PoolConnection<sqlx::Postgres>,
    after: GlobalCheckpoint,
    limit: i64,
) -> tokio::task::JoinHandle<Prefetched> {
    tokio::spawn(async move {
        let started = Instant::now();
        let rows = fetch_log::<LogRow>(&mut conn, after, limit).await;
        (conn, rows, started.elapsed())
    })
}

impl PgLogReader {
    /// Reads (or takes the batch read ahead), starts reading the next batch
    /// on the reading connection, then opens this one's sealed fields.
    pub(super) async fn next(&mut self, limit: i64) -> anyhow::Result<LogBatch> {
        let waited = Instant::now();
        let (conn, rows, fetch) = match self.ahead.take() {
            Some(ahead) => ahead.await.context("the log read-ahead task failed")?,
            None => {
                let mut conn = self
                    .conn
                    .take()
                    .context("the log reader lost its connection")?;
                let started = Instant::now();
                let rows = fetch_log::<LogRow>(&mut conn, self.after, limit).await;
                (conn, rows, started.elapsed())
            }
        };
        let rows = rows?;
        // What the caller waited for, not the read ahead's whole time.
        let fetch = fetch.min(waited.elapsed());
        match rows.last() {
            Some(last) => {
                self.after = GlobalCheckpoint {
                    transaction_id: last.head.transaction_id,
                    position: last.head.position,
                };
                self.ahead = Some(read_ahead(conn, self.after, limit));
            }
            None => self.conn = Some(conn),
        }
        let started = Instant::now();
        let missing: Vec<Uuid> = rows
            .iter()
            .filter_map(|r| r.head.data_subject)
            .filter(|s| !self.cache.contains_key(s))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if !missing.is_empty() {
            let mut conn = self
                .pool
                .acquire()
                .await
                .context("Failed to get a connection for data keys")?;
            let found = self.keys.keys_for(&mut conn, &missing).await?;
            for subject in missing {
                self.cache.insert(subject, found.get(&subject).copied());
            }
        }
        let keys = started.elapsed();
        let started = Instant::now();
        let mut events = Vec::with_capacity(rows.len());
        let mut payloads = Vec::with_capacity(rows.len());
        for row in rows {
            let (event, payload) = unseal_log_row(row, |s| self.cache.get(&s).copied().flatten())?;
            events.push(event);
            payloads.push(payload);
        }
        Ok(LogBatch {
            events,
            payloads,
            fetch: fetch + keys,
            unseal: started.elapsed(),
        })
    }
}

impl Drop for PgLogReader {
    fn drop(&mut self) {
        if let Some(ahead) = self.ahead.take() {
            ahead.abort();
        }
    }
}

/// The global log after a checkpoint (`$1` its transaction id as text, `$2`
/// its position), in read order, below the read horizon, at most `$3` rows:
/// an event's columns, with `$payload` for its payload (and metadata). The
/// ORDER BY names `events.` columns: unqualified, `transaction_id` would be
/// the output column of the same name (`::text::bigint`), which no index
/// sorts, and PostgreSQL sorted every event after the checkpoint for each
/// batch (1.8 s per batch half way through a million events; issue 13).
macro_rules! log_after {
    ($payload:literal) => {
        concat!(
            "SELECT position, transaction_id::text::bigint AS transaction_id, event_id, stream_id, stream_version,
                    event_type, schema_version, ",
            $payload,
            ", data_subject, recorded_at
               FROM events
              WHERE transaction_id >= $1::text::xid8
                AND (transaction_id, position) > ($1::text::xid8, $2)
                AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              ORDER BY events.transaction_id, events.position
              LIMIT $3"
        )
    };
}

/// A row the global log is read into, and the query that fills it.
trait LogQuery: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin {
    const QUERY: &'static str;
}

impl LogQuery for EventRow {
    const QUERY: &'static str = log_after!("payload, metadata");
}

/// For the log reader: payloads as text, no metadata.
impl LogQuery for LogRow {
    const QUERY: &'static str = log_after!("payload::text AS payload");
}

async fn fetch_log<R: LogQuery>(
    conn: &mut PgConnection,
    after: GlobalCheckpoint,
    limit: i64,
) -> anyhow::Result<Vec<R>> {
    sqlx::query_as(R::QUERY)
        .bind(after.transaction_id.to_string())
        .bind(after.position)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await
        .context("Failed to read the global event log")
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

/// The columns of an event every read takes, whatever it does with the
/// payload.
#[derive(sqlx::FromRow)]
pub(super) struct RowHead {
    position: i64,
    transaction_id: i64,
    event_id: Uuid,
    stream_id: String,
    stream_version: i64,
    event_type: String,
    schema_version: i32,
    data_subject: Option<Uuid>,
    recorded_at: DateTime<Utc>,
}

impl RowHead {
    /// The event, given its payload (unsealed and upcast) and metadata.
    fn event(self, payload: Value, metadata: Metadata) -> RecordedEvent {
        RecordedEvent {
            position: self.position,
            transaction_id: self.transaction_id,
            event_id: self.event_id,
            stream_id: self.stream_id,
            stream_version: self.stream_version,
            payload,
            event_type: self.event_type,
            schema_version: self.schema_version,
            metadata,
            data_subject: self.data_subject,
            recorded_at: self.recorded_at,
        }
    }
}

#[derive(sqlx::FromRow)]
pub(super) struct EventRow {
    #[sqlx(flatten)]
    head: RowHead,
    payload: Value,
    metadata: Value,
}

/// A row of the log reader: the payload as JSON text, no metadata.
#[derive(sqlx::FromRow)]
pub(super) struct LogRow {
    #[sqlx(flatten)]
    head: RowHead,
    payload: String,
}

pub(super) async fn decode_rows(
    conn: &mut PgConnection,
    keys: &DataKeys,
    rows: Vec<EventRow>,
) -> anyhow::Result<Vec<RecordedEvent>> {
    let subjects: Vec<Uuid> = rows
        .iter()
        .filter_map(|r| r.head.data_subject)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let keys = keys.keys_for(conn, &subjects).await?;
    rows.into_iter()
        .map(|row| unseal_row(row, |s| keys.get(&s).copied()))
        .collect()
}

fn unseal_row(row: EventRow, key: impl Fn(Uuid) -> Option<Key>) -> anyhow::Result<RecordedEvent> {
    let EventRow {
        head,
        mut payload,
        metadata,
    } = row;
    if let Some(subject) = head.data_subject {
        let owner = SealedFor {
            subject,
            event_id: head.event_id,
        };
        personal_data::unseal(&mut payload, owner, key(subject).as_ref())
            .with_context(|| format!("Failed to unseal event at position {}", head.position))?;
    }
    let payload = upcast(&head.event_type, head.schema_version, payload);
    Ok(head.event(
        payload,
        serde_json::from_value(metadata).unwrap_or_default(),
    ))
}

/// [`unseal_row`] on text: the event (its `payload` null, `metadata` the
/// default) and its payload unsealed and upcast, as JSON text.
fn unseal_log_row(
    row: LogRow,
    key: impl Fn(Uuid) -> Option<Key>,
) -> anyhow::Result<(RecordedEvent, String)> {
    let LogRow { head, mut payload } = row;
    if let Some(subject) = head.data_subject {
        let owner = SealedFor {
            subject,
            event_id: head.event_id,
        };
        let unsealed = personal_data::unseal_json(&payload, owner, key(subject).as_ref())
            .with_context(|| format!("Failed to unseal event at position {}", head.position))?;
        if let std::borrow::Cow::Owned(unsealed) = unsealed {
            payload = unsealed;
        }
    }
    if head.schema_version < domain::event::current_schema_version(&head.event_type) {
        let value: Value = serde_json::from_str(&payload)
            .with_context(|| format!("Unreadable payload at position {}", head.position))?;
        payload = upcast(&head.event_type, head.schema_version, value).to_string();
    }
    Ok((head.event(Value::Null, Metadata::default()), payload))
}
