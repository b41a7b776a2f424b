//! The event store port and its PostgreSQL adapter.
//!
//! Appends are optimistic: every event gets `stream_version = current + n` and
//! `UNIQUE (stream_id, stream_version)` turns a lost race into
//! [`AppendError::WrongExpectedVersion`]. An append with no side effects is one
//! autocommitted statement (as cheap as a plain INSERT); one with uniqueness
//! claims, personal data or mail runs in a transaction with them.
//!
//! Readers of the global log order by `(transaction_id, position)` and only read
//! below the oldest transaction still running (`pg_snapshot_xmin`), so an event
//! whose transaction commits late is never skipped. See docs/ARCHITECTURE.md.

use std::collections::BTreeSet;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::DomainEvent;
use domain::event::{current_schema_version, upcast};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use thiserror::Error;
use tokio::sync::watch;
use uuid::Uuid;

use crate::personal_data;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedVersion {
    /// Append whatever the stream's version.
    Any,
    /// The stream must not exist yet.
    NoStream,
    /// The stream's last version must be exactly this.
    Exact(i64),
}

impl ExpectedVersion {
    /// The expectation that continues a stream loaded at `version` (0 = empty).
    pub fn after(version: i64) -> Self {
        if version == 0 {
            Self::NoStream
        } else {
            Self::Exact(version)
        }
    }
}

/// Who and what caused an event; stored beside every event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    pub correlation_id: Uuid,
    // Absent fields are not stored: every byte is written once per event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub causation_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

impl Metadata {
    /// Metadata for work that no request started (CLI, seed, policies).
    pub fn system(actor: &str) -> Self {
        Self {
            correlation_id: Uuid::now_v7(),
            actor_role: Some(actor.to_owned()),
            ..Self::default()
        }
    }
}

/// An event ready to append.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub event_id: Uuid,
    pub event_type: &'static str,
    pub schema_version: i32,
    pub payload: Value,
    /// The person (or contact message) whose key seals `personal_fields`.
    pub data_subject: Option<Uuid>,
    pub personal_fields: &'static [&'static str],
}

impl NewEvent {
    pub fn from_domain<E: DomainEvent>(event: &E, data_subject: Option<Uuid>) -> Self {
        let event_type = event.event_type();
        Self {
            event_id: Uuid::now_v7(),
            event_type,
            schema_version: current_schema_version(event_type),
            payload: event.to_payload(),
            data_subject,
            personal_fields: if data_subject.is_some() {
                event.personal_fields()
            } else {
                &[]
            },
        }
    }
}

/// A cross-stream uniqueness rule claimed in the append transaction, e.g. one
/// account per email per role. Only a hash of the value is stored.
#[derive(Debug, Clone)]
pub struct UniqueClaim {
    pub scope: String,
    pub value_hash: String,
    pub owner_id: Uuid,
}

impl UniqueClaim {
    pub fn new(scope: impl Into<String>, value: &str, owner_id: Uuid) -> Self {
        Self {
            scope: scope.into(),
            value_hash: hash_claim_value(value),
            owner_id,
        }
    }
}

pub fn hash_claim_value(value: &str) -> String {
    hex::encode(Sha256::digest(value.as_bytes()))
}

/// Mail to send once the append commits.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

#[derive(Debug, Clone)]
pub struct AppendRequest {
    pub stream_id: String,
    pub expected: ExpectedVersion,
    pub events: Vec<NewEvent>,
    pub metadata: Metadata,
    pub claims: Vec<UniqueClaim>,
    pub outbox: Vec<OutgoingMail>,
}

impl AppendRequest {
    pub fn new(
        stream_id: impl Into<String>,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
        metadata: Metadata,
    ) -> Self {
        Self {
            stream_id: stream_id.into(),
            expected,
            events,
            metadata,
            claims: vec![],
            outbox: vec![],
        }
    }

    pub fn claim(mut self, claim: UniqueClaim) -> Self {
        self.claims.push(claim);
        self
    }

    pub fn mail(mut self, mail: OutgoingMail) -> Self {
        self.outbox.push(mail);
        self
    }

    fn has_side_effects(&self) -> bool {
        !self.claims.is_empty()
            || !self.outbox.is_empty()
            || self.events.iter().any(|e| !e.personal_fields.is_empty())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AppendResult {
    /// Global position of the last event written: the consistency token.
    pub position: i64,
    /// The stream's version after the append.
    pub version: i64,
}

#[derive(Debug, Error)]
pub enum AppendError {
    #[error("stream {stream_id} is not at the expected version {expected:?}")]
    WrongExpectedVersion {
        stream_id: String,
        expected: ExpectedVersion,
    },
    #[error("the value for {scope} is already claimed")]
    Claimed { scope: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A place in the global order of the log: `(transaction_id, position)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GlobalCheckpoint {
    pub transaction_id: i64,
    pub position: i64,
}

/// An event as read back: personal fields decrypted (or `[erased]`), payload
/// upcast to the current schema.
#[derive(Debug, Clone, Serialize)]
pub struct RecordedEvent {
    pub position: i64,
    pub transaction_id: i64,
    pub event_id: Uuid,
    pub stream_id: String,
    pub stream_version: i64,
    pub event_type: String,
    /// The version the payload was stored with (the payload itself is current).
    pub schema_version: i32,
    pub payload: Value,
    pub metadata: Metadata,
    pub data_subject: Option<Uuid>,
    pub recorded_at: DateTime<Utc>,
}

impl RecordedEvent {
    pub fn checkpoint(&self) -> GlobalCheckpoint {
        GlobalCheckpoint {
            transaction_id: self.transaction_id,
            position: self.position,
        }
    }

    pub fn decode<E: DomainEvent>(&self) -> Result<E, serde_json::Error> {
        E::from_payload(&self.event_type, self.payload.clone())
    }
}

/// The seam where another engine can be plugged in.
pub trait EventStore: Send + Sync {
    fn append(
        &self,
        request: AppendRequest,
    ) -> impl Future<Output = Result<AppendResult, AppendError>> + Send;
    fn read_stream(
        &self,
        stream_id: &str,
    ) -> impl Future<Output = anyhow::Result<Vec<RecordedEvent>>> + Send;
    fn read_all(
        &self,
        after: GlobalCheckpoint,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<RecordedEvent>>> + Send;
}

/// The PostgreSQL adapter.
#[derive(Clone)]
pub struct PgEventStore {
    pool: PgPool,
    appended: Arc<watch::Sender<u64>>,
}

impl PgEventStore {
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            appended: Arc::new(watch::channel(0).0),
        }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Ticks after every committed append in this process (projectors wake on it;
    /// other processes learn of appends through `NOTIFY events_appended`).
    pub fn appended(&self) -> watch::Receiver<u64> {
        self.appended.subscribe()
    }

    /// Wakes this process's readers as if an append had happened.
    pub fn wake(&self) {
        self.appended.send_modify(|n| *n = n.wrapping_add(1));
    }

    async fn append_once(&self, request: &AppendRequest) -> Result<AppendResult, AppendError> {
        let result = if request.has_side_effects() {
            let mut tx = self
                .pool
                .begin()
                .await
                .context("Failed to begin an append transaction")?;
            let result = append_in(&mut tx, request).await?;
            tx.commit().await.map_err(|e| classify(e, request))?;
            result
        } else {
            let mut conn = self
                .pool
                .acquire()
                .await
                .context("Failed to get a connection to append")?;
            if request.expected == ExpectedVersion::NoStream {
                insert_new_stream(&mut conn, request).await?
            } else {
                insert_events(&mut conn, request, &request.events).await?
            }
        };
        self.wake();
        Ok(result)
    }

    /// Reads the global log from `after`, in batches, for audit and rebuilds.
    pub async fn read_all_in(
        conn: &mut PgConnection,
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
        decode_rows(conn, rows).await
    }

    /// The global checkpoint of the event at `position`, if it is committed.
    pub async fn checkpoint_of(&self, position: i64) -> anyhow::Result<Option<GlobalCheckpoint>> {
        // language=PostgreSQL
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT transaction_id::text::bigint FROM events WHERE position = $1")
                .bind(position)
                .fetch_optional(&self.pool)
                .await
                .context("Failed to look up an event position")?;
        Ok(row.map(|(transaction_id,)| GlobalCheckpoint {
            transaction_id,
            position,
        }))
    }

    /// The stream's events and its current version.
    pub async fn load<E: DomainEvent>(&self, stream_id: &str) -> anyhow::Result<(Vec<E>, i64)> {
        let recorded = self.read_stream(stream_id).await?;
        let version = recorded.last().map_or(0, |e| e.stream_version);
        let events = recorded
            .iter()
            .map(|r| {
                r.decode::<E>().with_context(|| {
                    format!("Failed to decode {} v{}", r.event_type, r.schema_version)
                })
            })
            .collect::<anyhow::Result<Vec<E>>>()?;
        Ok((events, version))
    }

    /// The owner of a uniqueness claim, if the value is claimed.
    pub async fn claim_owner(&self, scope: &str, value: &str) -> anyhow::Result<Option<Uuid>> {
        // language=PostgreSQL
        let row: Option<(Uuid,)> = sqlx::query_as(
            "SELECT owner_id FROM unique_claims WHERE scope = $1 AND value_hash = $2",
        )
        .bind(scope)
        .bind(hash_claim_value(value))
        .fetch_optional(&self.pool)
        .await
        .context("Failed to look up a uniqueness claim")?;
        Ok(row.map(|(id,)| id))
    }
}

impl EventStore for PgEventStore {
    async fn append(&self, request: AppendRequest) -> Result<AppendResult, AppendError> {
        // `Any` can lose a race for the next version number without anyone's
        // expectation being wrong: then it simply tries again.
        let mut attempt = 0;
        loop {
            match self.append_once(&request).await {
                Err(AppendError::WrongExpectedVersion { .. })
                    if request.expected == ExpectedVersion::Any && attempt < 5 =>
                {
                    attempt += 1;
                    tokio::time::sleep(Duration::from_millis(2 * attempt)).await;
                }
                other => return other,
            }
        }
    }

    async fn read_stream(&self, stream_id: &str) -> anyhow::Result<Vec<RecordedEvent>> {
        let mut conn = self
            .pool
            .acquire()
            .await
            .context("Failed to get a connection to read a stream")?;
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
        decode_rows(&mut conn, rows).await
    }

    async fn read_all(
        &self,
        after: GlobalCheckpoint,
        limit: i64,
    ) -> anyhow::Result<Vec<RecordedEvent>> {
        let mut conn = self
            .pool
            .acquire()
            .await
            .context("Failed to get a connection to read the log")?;
        Self::read_all_in(&mut conn, after, limit).await
    }
}

/// The transactional append: claims, keys, events and mail, all or nothing.
/// Appends inside a transaction the caller owns (a policy in a projector batch).
/// A stream that is not at the expected version is reported without aborting
/// the caller's transaction.
pub async fn append_within(
    conn: &mut PgConnection,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    append_in(conn, request).await
}

async fn append_in(
    tx: &mut PgConnection,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    for claim in &request.claims {
        // language=PostgreSQL
        let claimed = sqlx::query(
            "INSERT INTO unique_claims (scope, value_hash, owner_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(&claim.scope)
        .bind(&claim.value_hash)
        .bind(claim.owner_id)
        .execute(&mut *tx)
        .await
        .context("Failed to claim a unique value")?;
        if claimed.rows_affected() == 0 {
            return Err(AppendError::Claimed {
                scope: claim.scope.clone(),
            });
        }
    }

    let mut events = request.events.clone();
    for event in events.iter_mut().filter(|e| !e.personal_fields.is_empty()) {
        let subject = event
            .data_subject
            .context("personal fields need a data subject")?;
        let key = personal_data::key_for(tx, subject).await?;
        personal_data::seal(&mut event.payload, event.personal_fields, subject, &key)?;
    }

    let result = insert_events(tx, request, &events).await?;

    for mail in &request.outbox {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO mail_outbox (id, recipient, subject, body) VALUES ($1, $2, $3, $4)",
        )
        .bind(Uuid::now_v7())
        .bind(&mail.recipient)
        .bind(&mail.subject)
        .bind(&mail.body)
        .execute(&mut *tx)
        .await
        .context("Failed to queue mail")?;
    }
    Ok(result)
}

/// A new stream outside a transaction: versions 1..k inserted directly, the
/// unique (stream_id, stream_version) constraint rejecting a stream that exists.
/// No lookup first, so it costs what a plain INSERT costs. (Inside a caller's
/// transaction a violation would abort it, so that path keeps the checked insert.)
async fn insert_new_stream(
    conn: &mut PgConnection,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    let metadata = serde_json::to_value(&request.metadata).context("Failed to encode metadata")?;
    let rows: Vec<(i64, i64)> = if let [event] = request.events.as_slice() {
        // language=PostgreSQL
        sqlx::query_as(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject)
             VALUES ($1, $2, 1, $3, $4, $5, $6, $7)
             RETURNING position, stream_version",
        )
        .bind(event.event_id)
        .bind(&request.stream_id)
        .bind(event.event_type)
        .bind(event.schema_version)
        .bind(&event.payload)
        .bind(&metadata)
        .bind(event.data_subject)
        .fetch_all(&mut *conn)
        .await
    } else {
        let events = &request.events;
        // language=PostgreSQL
        sqlx::query_as(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject)
             SELECT input.event_id, $1, input.n, input.event_type, input.schema_version, input.payload, $7, input.data_subject
               FROM unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::uuid[])
                        WITH ORDINALITY AS input(event_id, event_type, schema_version, payload, data_subject, n)
              ORDER BY input.n
             RETURNING position, stream_version",
        )
        .bind(&request.stream_id)
        .bind(events.iter().map(|e| e.event_id).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.event_type).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.schema_version).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.payload.clone()).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.data_subject).collect::<Vec<_>>())
        .bind(&metadata)
        .fetch_all(&mut *conn)
        .await
    }
    .map_err(|e| classify(e, request))?;
    let (position, version) = rows.iter().copied().max().unwrap_or((0, 0));
    Ok(AppendResult { position, version })
}

/// One statement: checks the expected version and inserts every event.
async fn insert_events(
    conn: &mut PgConnection,
    request: &AppendRequest,
    events: &[NewEvent],
) -> Result<AppendResult, AppendError> {
    let (kind, exact) = match request.expected {
        ExpectedVersion::Any => ("any", 0),
        ExpectedVersion::NoStream => ("no_stream", 0),
        ExpectedVersion::Exact(n) => ("exact", n),
    };
    let metadata = serde_json::to_value(&request.metadata).context("Failed to encode metadata")?;
    let ids: Vec<Uuid> = events.iter().map(|e| e.event_id).collect();
    let types: Vec<&str> = events.iter().map(|e| e.event_type).collect();
    let versions: Vec<i32> = events.iter().map(|e| e.schema_version).collect();
    let payloads: Vec<Value> = events.iter().map(|e| e.payload.clone()).collect();
    let subjects: Vec<Option<Uuid>> = events.iter().map(|e| e.data_subject).collect();
    // language=PostgreSQL
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "WITH current AS (
             SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1
         )
         INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject)
         SELECT input.event_id, $1, current.version + input.n, input.event_type, input.schema_version,
                input.payload, $7, input.data_subject
           FROM current,
                unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::uuid[])
                    WITH ORDINALITY AS input(event_id, event_type, schema_version, payload, data_subject, n)
          WHERE CASE $8 WHEN 'any' THEN true
                        WHEN 'no_stream' THEN current.version = 0
                        ELSE current.version = $9 END
          ORDER BY input.n
         RETURNING position, stream_version",
    )
    .bind(&request.stream_id)
    .bind(&ids)
    .bind(&types)
    .bind(&versions)
    .bind(&payloads)
    .bind(&subjects)
    .bind(&metadata)
    .bind(kind)
    .bind(exact)
    .fetch_all(&mut *conn)
    .await
    .map_err(|e| classify(e, request))?;

    if rows.len() != events.len() {
        return Err(AppendError::WrongExpectedVersion {
            stream_id: request.stream_id.clone(),
            expected: request.expected,
        });
    }
    let (position, version) = rows.iter().copied().max().unwrap_or((0, 0));
    Ok(AppendResult { position, version })
}

fn classify(e: sqlx::Error, request: &AppendRequest) -> AppendError {
    if let Some(db) = e.as_database_error()
        && db.constraint() == Some("events_stream_version_key")
    {
        return AppendError::WrongExpectedVersion {
            stream_id: request.stream_id.clone(),
            expected: request.expected,
        };
    }
    AppendError::Internal(anyhow::Error::new(e).context("Failed to append events"))
}

#[derive(sqlx::FromRow)]
struct EventRow {
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

async fn decode_rows(
    conn: &mut PgConnection,
    rows: Vec<EventRow>,
) -> anyhow::Result<Vec<RecordedEvent>> {
    let subjects: Vec<Uuid> = rows
        .iter()
        .filter_map(|r| r.data_subject)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let keys = personal_data::keys_for(conn, &subjects).await?;
    rows.into_iter()
        .map(|row| {
            let mut payload = row.payload;
            if let Some(subject) = row.data_subject {
                personal_data::unseal(&mut payload, subject, keys.get(&subject)).with_context(
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
