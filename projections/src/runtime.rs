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
//! exponential backoff; other projectors are not affected. A batch that does
//! not finish within [`RuntimeConfig::batch_timeout`] (waiting on a lock that
//! is never granted, or on a connection that no longer answers) is given up:
//! the leader ends its own session from the pool, so its transaction rolls
//! back and the leadership lock is free, and leads again (or another process
//! does) with batches half the size.
//!
//! This file holds the projector's contract ([`Projector`], [`Decoded`]),
//! starting the runtime and this process's link to the others (wake-ups and
//! change notifications); `leader` holds leadership and the batch,
//! `checkpoints` the checkpoint rows and the status they give.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use domain::AnyEvent;
use event_store::{EventStore, RecordedEvent};
use sqlx::PgConnection;
use sqlx::postgres::{PgListener, PgPool};
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::changes::{self, Change, ChangeFeed};

mod checkpoints;
mod leader;

pub use checkpoints::{ProjectorStatus, ensure_checkpoint, status};
pub(crate) use checkpoints::{advance_checkpoint, lock_checkpoint};
pub(crate) use leader::run_batch;
use leader::run_projector;

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

    /// Columns other than a unique key that its writes find rows by: its
    /// erasure statements (`WHERE user_id = $1`), or a fold's
    /// (`WHERE alert_id = ANY($1)`). A rebuild builds secondary indexes after
    /// loading the shadow tables, but keeps one index leading with each of
    /// these through the load, so such a write in the log does not scan a
    /// table.
    fn found_by(&self) -> &'static [&'static str] {
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
    /// A batch (or a ping of the leadership connection) that takes longer
    /// is given up: the leader ends its session, which frees the
    /// leadership, and the next batches read and write half as many events
    /// (see `runtime/leader.rs`).
    pub batch_timeout: Duration,
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        Self {
            batch_size: 1000,
            poll_interval: Duration::from_secs(5),
            standby_retry: Duration::from_secs(2),
            backoff_initial: Duration::from_millis(250),
            backoff_max: Duration::from_secs(60),
            batch_timeout: Duration::from_secs(60),
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
