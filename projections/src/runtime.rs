//! The projector runtime.
//!
//! Each projector runs in its own task. A task first becomes the projector's
//! leader by taking a session-level advisory lock on a dedicated connection, so
//! with several api processes exactly one runs each projector and the others
//! stand by. The leader handles batches: it reads its checkpoint and the next
//! events of the global log through the store's port (holding no transaction),
//! then in ONE transaction, on the connection that holds its lock (so a batch
//! can never run after leadership was lost with that connection), locks the
//! checkpoint row, checks it has not moved (if it has, it reads again), lets
//! the projector write its read model, advances the checkpoint and queues
//! change notifications. A crash anywhere in that transaction rolls all of it
//! back, so read models are updated exactly once. A batch of events the
//! projector does not read ([`Projector::reads`]) needs none of that: one
//! statement on the same connection moves the checkpoint past them if it has
//! not moved, so each event costs a batch transaction (and its round trips
//! and row lock) only in the projectors it concerns.
//!
//! Between batches it waits for a wake-up: an append in this process, `NOTIFY
//! events_appended` from another, or the slow safety-net poll. A batch that
//! fails is rolled back, recorded as `failing` with its error, and retried with
//! exponential backoff; other projectors are not affected.
//!
//! Long on purpose: leadership, batches, checkpoints, failure recording and
//! the change feed are one mechanism, read best in one place.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::AnyEvent;
use event_store::{EventStore, GlobalCheckpoint, RecordedEvent};
use serde::Serialize;
use sqlx::postgres::{PgListener, PgPool};
use sqlx::{Connection, PgConnection};
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::changes::{self, Change, ChangeFeed};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// An event as a projector receives it: the record (stream, position,
/// metadata, time) and its domain event, decoded once by the runtime (`None`
/// for a type this build does not know, written by a newer version: skip it).
#[derive(Debug, Clone)]
pub struct Decoded {
    pub recorded: RecordedEvent,
    pub event: Option<AnyEvent>,
}

impl Decoded {
    /// `recorded` with what decoding its payload gave; an error names the
    /// event that would not decode.
    pub(crate) fn new(
        recorded: RecordedEvent,
        event: Result<Option<AnyEvent>, serde_json::Error>,
    ) -> anyhow::Result<Self> {
        let event = event.with_context(|| {
            format!(
                "undecodable {} at position {}",
                recorded.event_type, recorded.position
            )
        })?;
        Ok(Self { recorded, event })
    }
}

/// Decodes a batch read from the log; an event this build knows but cannot
/// decode fails the batch (it is retried and reported, never skipped).
pub fn decode_batch(events: Vec<RecordedEvent>) -> anyhow::Result<Vec<Decoded>> {
    events
        .into_iter()
        .map(|recorded| {
            let event = AnyEvent::decode(&recorded.event_type, recorded.payload.clone());
            Decoded::new(recorded, event)
        })
        .collect()
}

/// A read model builder. `apply` gets a batch of decoded events in global order, inside
/// the batch transaction, and must be idempotent only per batch: the runtime
/// guarantees each event is applied once. SQL must use unqualified table names
/// (a rebuild points `search_path` at shadow tables).
pub trait Projector: Send + Sync + 'static {
    fn name(&self) -> &'static str;

    /// The tables this projector owns (rebuilt and swapped together).
    fn tables(&self) -> &'static [&'static str];

    /// Columns its erasure statements find rows by (`WHERE user_id = $1`). A
    /// rebuild builds secondary indexes after loading the shadow tables, but
    /// keeps one index leading with each of these through the load, so an
    /// erasure in the log does not scan a table.
    fn erased_by(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether [`Projector::apply`] does anything with `event`. A live batch
    /// in which the projector reads nothing is passed over: its checkpoint
    /// moves past the events in one statement, with no batch transaction, so
    /// that an event wakes only the projectors it concerns into real work.
    /// By default every event (never wrong, only slower).
    fn reads(&self, event: &AnyEvent) -> bool {
        let _ = event;
        true
    }

    /// Whether a batch may append events. Policies append inside the batch
    /// transaction, where the store does not see it, so after such a batch
    /// the runtime wakes the other projectors (and, through the store, other
    /// processes). Other projectors wake no one.
    fn appends(&self) -> bool {
        false
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [Decoded],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>>;

    /// Applies consecutive batches of a rebuild in one transaction, where no
    /// one listens for changes. By default [`Projector::apply`] on each, its
    /// changes dropped; a projector that works event by event live may write
    /// them set-wise instead, provided the rows come out the same (the
    /// rebuild-equals-live test holds every projector to that).
    fn rebuild_apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        batches: &'a [&'a [Decoded]],
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            for events in batches {
                self.apply(conn, events).await?;
            }
            Ok(())
        })
    }
}

/// What the read side runs on: the event store, through its port, and the
/// PostgreSQL database that holds the read models and checkpoints.
#[derive(Clone)]
pub struct EventSource {
    pub store: Arc<dyn EventStore>,
    pub pool: PgPool,
}

impl EventSource {
    pub fn new(store: Arc<dyn EventStore>, pool: PgPool) -> Self {
        Self { store, pool }
    }
}

#[derive(Debug, Clone)]
pub struct RuntimeConfig {
    pub batch_size: i64,
    /// Safety net: look for events even without a wake-up this often.
    pub poll_interval: Duration,
    /// How often a standby retries to become leader.
    pub standby_retry: Duration,
    pub backoff_initial: Duration,
    pub backoff_max: Duration,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        Self {
            batch_size: 1000,
            poll_interval: Duration::from_secs(5),
            standby_retry: Duration::from_secs(2),
            backoff_initial: Duration::from_millis(250),
            backoff_max: Duration::from_secs(60),
        }
    }
}

/// The running projectors of this process. Dropping it stops them.
pub struct RuntimeHandle {
    tasks: JoinSet<()>,
    leading: watch::Receiver<Vec<&'static str>>,
}

impl RuntimeHandle {
    /// Names of the projectors this process currently leads.
    pub fn leading(&self) -> Vec<&'static str> {
        self.leading.borrow().clone()
    }

    /// Stops every task at once, wherever it is (a batch in flight rolls back).
    pub fn abort(mut self) {
        self.tasks.abort_all();
    }
}

impl Drop for RuntimeHandle {
    fn drop(&mut self) {
        self.tasks.abort_all();
    }
}

/// Starts every projector plus this process's link to the others: the
/// listener for their wake-ups and change notifications, and the task that
/// announces this process's appends. With no projectors, only the link
/// (a process that serves requests while others project).
pub async fn start(
    source: EventSource,
    projectors: Vec<Arc<dyn Projector>>,
    feed: ChangeFeed,
    config: RuntimeConfig,
) -> anyhow::Result<RuntimeHandle> {
    let pool = source.pool.clone();
    for p in &projectors {
        ensure_checkpoint(&pool, p.name()).await?;
    }
    let (remote_tx, remote_rx) = watch::channel(0u64);
    let (leading_tx, leading_rx) = watch::channel(Vec::new());
    let leading_tx = Arc::new(leading_tx);
    let mut tasks = JoinSet::new();

    let mut listener = PgListener::connect_with(&pool)
        .await
        .context("Failed to open the notification listener")?;
    listener
        .listen_all([changes::CHANNEL, EVENTS_APPENDED])
        .await
        .context("Failed to LISTEN for notifications")?;
    tasks.spawn(listen(listener, remote_tx, feed));
    tasks.spawn(announce_appends(source.clone()));

    for projector in projectors {
        let source = source.clone();
        let config = config.clone();
        let remote = remote_rx.clone();
        let leading = leading_tx.clone();
        tasks.spawn(async move { run_projector(source, projector, config, remote, leading).await });
    }
    Ok(RuntimeHandle {
        tasks,
        leading: leading_rx,
    })
}

const EVENTS_APPENDED: &str = "events_appended";

/// Tells other processes that this one appended. Appends only tick a local
/// watch; this task turns bursts of them into one NOTIFY, outside the append
/// transactions (a NOTIFY inside each append would serialise their commits).
async fn announce_appends(source: EventSource) {
    let mut appended = source.store.subscribe();
    while appended.changed().await.is_ok() {
        // language=PostgreSQL
        if let Err(e) = sqlx::query("SELECT pg_notify($1, '')")
            .bind(EVENTS_APPENDED)
            .execute(&source.pool)
            .await
        {
            tracing::warn!(error = %e, "could not announce appended events; other processes will poll");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn listen(mut listener: PgListener, remote: watch::Sender<u64>, feed: ChangeFeed) {
    loop {
        match listener.recv().await {
            Ok(n) if n.channel() == EVENTS_APPENDED => {
                remote.send_modify(|v| *v = v.wrapping_add(1))
            }
            Ok(n) => match serde_json::from_str::<Vec<Change>>(n.payload()) {
                Ok(list) => list.into_iter().for_each(|c| feed.publish(c)),
                Err(e) => tracing::warn!(error = %e, "unreadable change notification"),
            },
            Err(e) => {
                // PgListener reconnects by itself on the next recv; the poll covers the gap.
                tracing::warn!(error = %e, "notification listener lost its connection");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

async fn run_projector(
    source: EventSource,
    projector: Arc<dyn Projector>,
    config: RuntimeConfig,
    mut remote: watch::Receiver<u64>,
    leading: Arc<watch::Sender<Vec<&'static str>>>,
) {
    let name = projector.name();
    let mut local = source.store.subscribe();
    loop {
        let mut lock = match acquire_leadership(&source.pool, name).await {
            Ok(Some(conn)) => conn,
            Ok(None) => {
                tokio::time::sleep(config.standby_retry).await;
                continue;
            }
            Err(e) => {
                tracing::warn!(projector = name, error = %format!("{e:#}"), "could not try for leadership");
                tokio::time::sleep(config.standby_retry).await;
                continue;
            }
        };
        tracing::info!(projector = name, "leading projector");
        leading.send_modify(|l| l.push(name));
        let mut backoff = config.backoff_initial;
        let mut blocked_pause = Duration::from_millis(2);
        // The checkpoint this leader last wrote; read from the table again
        // whenever a batch finds it moved.
        let mut known = None;
        loop {
            // Mark what we have seen before reading, so a wake-up that lands
            // while we read is not lost.
            local.borrow_and_update();
            remote.borrow_and_update();
            // The batch transaction runs on the connection that holds the
            // lock: if that connection died (a database restart), the batch
            // fails instead of running without leadership.
            let batch = run_batch_inner(
                &source,
                &mut lock,
                projector.as_ref(),
                config.batch_size,
                &mut known,
            )
            .await;
            // A policy's batch appends where the store does not see it (and
            // one whose commit failed to answer may have committed): let the
            // others look. Other projectors' batches wake no one.
            if projector.appends() && matches!(batch, Ok(Batch::Handled(_)) | Err(_)) {
                source.store.wake();
            }
            match batch {
                Ok(Batch::Blocked) => {
                    // Short and growing: a long-running transaction elsewhere
                    // must not turn this into a busy loop.
                    tokio::time::sleep(blocked_pause).await;
                    blocked_pause = (blocked_pause * 2).min(Duration::from_millis(200));
                }
                Ok(Batch::Idle) => {
                    backoff = config.backoff_initial;
                    blocked_pause = Duration::from_millis(2);
                    tokio::select! {
                        _ = local.changed() => {}
                        _ = remote.changed() => {}
                        _ = tokio::time::sleep(config.poll_interval) => {}
                    }
                    // Still leader? The lock lives as long as its connection.
                    if lock.ping().await.is_err() {
                        tracing::warn!(projector = name, "lost the leadership connection");
                        break;
                    }
                }
                Ok(Batch::Handled(_) | Batch::Passed(_)) => {
                    backoff = config.backoff_initial;
                    blocked_pause = Duration::from_millis(2);
                }
                Err(e) => {
                    if lock.ping().await.is_err() {
                        // Not a failing projector: we are no longer leader.
                        tracing::warn!(projector = name, "lost the leadership connection");
                        break;
                    }
                    let error = format!("{e:#}");
                    tracing::error!(projector = name, error = %error, retry_in = ?backoff, "projector batch failed");
                    if let Err(e) = record_failure(&source.pool, name, &error).await {
                        tracing::error!(projector = name, error = %format!("{e:#}"), "could not record the failure");
                    }
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(config.backoff_max);
                }
            }
        }
        leading.send_modify(|l| l.retain(|n| *n != name));
    }
}

/// A dedicated connection holding the projector's advisory lock, or `None` when
/// another runner holds it.
async fn acquire_leadership(pool: &PgPool, name: &str) -> anyhow::Result<Option<PgConnection>> {
    let mut conn = PgConnection::connect_with(&pool.connect_options())
        .await
        .context("Failed to connect for leadership")?;
    // language=PostgreSQL
    let (locked,): (bool,) =
        sqlx::query_as("SELECT pg_try_advisory_lock(hashtext('projector:' || $1))")
            .bind(name)
            .fetch_one(&mut conn)
            .await
            .context("Failed to try the projector lock")?;
    if locked {
        Ok(Some(conn))
    } else {
        let _ = conn.close().await;
        Ok(None)
    }
}

/// One batch in one transaction. Returns how many events it handled.
pub(crate) async fn run_batch(
    source: &EventSource,
    projector: &dyn Projector,
    batch_size: i64,
) -> anyhow::Result<usize> {
    let mut conn = source
        .pool
        .acquire()
        .await
        .context("Failed to get a connection for a projector batch")?;
    Ok(
        match run_batch_inner(source, &mut conn, projector, batch_size, &mut None).await? {
            Batch::Handled(n) | Batch::Passed(n) => n,
            Batch::Idle | Batch::Blocked => 0,
        },
    )
}

/// What one batch found.
enum Batch {
    Handled(usize),
    /// Events none of which the projector reads: the checkpoint moved past
    /// them without a batch transaction.
    Passed(usize),
    /// Nothing after the checkpoint.
    Idle,
    /// Committed events exist after the checkpoint, but an older transaction
    /// still running (anywhere on the cluster) hides them: look again soon, as
    /// nothing will announce that transaction's end.
    Blocked,
}

/// `known` is the checkpoint as this runner last wrote it, if it has; the
/// batch reads it from the table otherwise. It is dropped when a batch finds
/// the row moved, after any failed batch, and with leadership. Only batches
/// move a checkpoint (a leader's, or `rebuild::step`'s by hand) and a
/// rebuild's swap, all forward and all checked against the row: a known
/// checkpoint that is stale has events after it, so the batch that reads
/// them finds the row moved and reads it again.
async fn run_batch_inner(
    source: &EventSource,
    conn: &mut PgConnection,
    projector: &dyn Projector,
    batch_size: i64,
    known: &mut Option<GlobalCheckpoint>,
) -> anyhow::Result<Batch> {
    let name = projector.name();
    // Read first, through the store's port and without holding a transaction,
    // so a batch holds one connection and no transaction id while it reads.
    let checkpoint = match known.take() {
        Some(checkpoint) => checkpoint,
        None => read_checkpoint(&source.pool, name).await?,
    };
    let events = source.store.read_all(checkpoint, batch_size).await?;
    let Some(last) = events.last().map(RecordedEvent::checkpoint) else {
        let hidden = source.store.count_after(checkpoint).await? > 0;
        *known = Some(checkpoint);
        return Ok(if hidden { Batch::Blocked } else { Batch::Idle });
    };
    let count = events.len();
    let events = decode_batch(events)?;
    let read = |d: &Decoded| d.event.as_ref().is_some_and(|e| projector.reads(e));
    if !events.iter().any(read) {
        // Nothing to write and no one to tell: one statement, on the
        // leadership connection, that moves the checkpoint only if no one
        // else has (a rebuild's swap); if someone has, read again.
        if !move_checkpoint(conn, name, Some(checkpoint), last, count).await? {
            return Ok(Batch::Handled(0));
        }
        *known = Some(last);
        return Ok(Batch::Passed(count));
    }
    let mut tx = conn
        .begin()
        .await
        .context("Failed to begin a projector batch")?;
    if lock_checkpoint(&mut tx, name).await? != checkpoint {
        // Another runner (or a rebuild's swap) moved it while we read: read again.
        tx.rollback().await.ok();
        return Ok(Batch::Handled(0));
    }
    let changes = projector.apply(&mut tx, &events).await.with_context(|| {
        format!(
            "projector {name} failed on events after position {}",
            checkpoint.position
        )
    })?;
    advance_checkpoint(&mut tx, name, last, count).await?;
    notify_changes(&mut tx, &changes).await?;
    tx.commit()
        .await
        .context("Failed to commit a projector batch")?;
    *known = Some(last);
    Ok(Batch::Handled(count))
}

async fn read_checkpoint(pool: &PgPool, name: &str) -> anyhow::Result<GlobalCheckpoint> {
    // language=PostgreSQL
    let (transaction_id, position): (i64, i64) = sqlx::query_as(
        "SELECT last_transaction_id, last_position FROM projector_checkpoints WHERE name = $1",
    )
    .bind(name)
    .fetch_one(pool)
    .await
    .with_context(|| format!("Failed to read the checkpoint of {name}"))?;
    Ok(GlobalCheckpoint {
        transaction_id,
        position,
    })
}

pub async fn ensure_checkpoint(pool: &PgPool, name: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("INSERT INTO projector_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(name)
        .execute(pool)
        .await
        .context("Failed to create a projector checkpoint")?;
    Ok(())
}

/// Locks the checkpoint row for the batch: a second runner (or a rebuild's swap)
/// waits here and then sees the advanced checkpoint, never the old one.
pub(crate) async fn lock_checkpoint(
    conn: &mut PgConnection,
    name: &str,
) -> anyhow::Result<GlobalCheckpoint> {
    // language=PostgreSQL
    let (transaction_id, position): (i64, i64) = sqlx::query_as(
        "SELECT last_transaction_id, last_position FROM projector_checkpoints WHERE name = $1 FOR UPDATE",
    )
    .bind(name)
    .fetch_one(&mut *conn)
    .await
    .with_context(|| format!("Failed to lock the checkpoint of {name}"))?;
    Ok(GlobalCheckpoint {
        transaction_id,
        position,
    })
}

/// Moves the checkpoint to `to` (status live, errors cleared).
pub(crate) async fn advance_checkpoint(
    conn: &mut PgConnection,
    name: &str,
    to: GlobalCheckpoint,
    seen: usize,
) -> anyhow::Result<()> {
    move_checkpoint(conn, name, None, to, seen).await.map(drop)
}

/// Moves the checkpoint to `to`, if it is still at `from` (any position when
/// `None`). Whether it moved.
async fn move_checkpoint(
    conn: &mut PgConnection,
    name: &str,
    from: Option<GlobalCheckpoint>,
    to: GlobalCheckpoint,
    seen: usize,
) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let moved = sqlx::query(
        "UPDATE projector_checkpoints
            SET last_transaction_id = $4, last_position = $5, events_seen = events_seen + $6,
                status = 'live', last_error = NULL, failing_since = NULL, attempts = 0, updated_at = now()
          WHERE name = $1
            AND ($2::bigint IS NULL OR (last_transaction_id, last_position) = ($2, $3))",
    )
    .bind(name)
    .bind(from.map(|c| c.transaction_id))
    .bind(from.map(|c| c.position))
    .bind(to.transaction_id)
    .bind(to.position)
    .bind(seen as i64)
    .execute(&mut *conn)
    .await
    .context("Failed to advance a checkpoint")?;
    Ok(moved.rows_affected() == 1)
}

async fn notify_changes(conn: &mut PgConnection, changes: &[Change]) -> anyhow::Result<()> {
    // NOTIFY payloads are limited to 8000 bytes: send in chunks well below that.
    let mut chunk: Vec<&Change> = Vec::new();
    let mut size = 0;
    for change in changes {
        let len = serde_json::to_string(change)?.len();
        if size + len > 6000 && !chunk.is_empty() {
            send_chunk(conn, &chunk).await?;
            chunk.clear();
            size = 0;
        }
        chunk.push(change);
        size += len;
    }
    if !chunk.is_empty() {
        send_chunk(conn, &chunk).await?;
    }
    Ok(())
}

async fn send_chunk(conn: &mut PgConnection, chunk: &[&Change]) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(changes::CHANNEL)
        .bind(serde_json::to_string(chunk)?)
        .execute(&mut *conn)
        .await
        .context("Failed to queue change notifications")?;
    Ok(())
}

async fn record_failure(pool: &PgPool, name: &str, error: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query(
        "UPDATE projector_checkpoints
            SET status = 'failing', last_error = $2, attempts = attempts + 1,
                failing_since = coalesce(failing_since, now()), updated_at = now()
          WHERE name = $1",
    )
    .bind(name)
    .bind(error)
    .execute(pool)
    .await
    .context("Failed to record a projector failure")?;
    Ok(())
}

/// What `projections status` and the admin API show.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ProjectorStatus {
    pub name: String,
    pub status: String,
    pub last_position: i64,
    pub events_seen: i64,
    /// Committed events the projector has not handled yet.
    pub lag: i64,
    pub last_error: Option<String>,
    pub failing_since: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub updated_at: DateTime<Utc>,
}

pub async fn status(pool: &PgPool) -> anyhow::Result<Vec<ProjectorStatus>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT c.name, c.status, c.last_position, c.events_seen,
                (SELECT count(*) FROM events e
                  WHERE (e.transaction_id, e.position) > (c.last_transaction_id::text::xid8, c.last_position)) AS lag,
                c.last_error, c.failing_since, c.attempts, c.updated_at
           FROM projector_checkpoints c ORDER BY c.name",
    )
    .fetch_all(pool)
    .await
    .context("Failed to read projector status")
}
