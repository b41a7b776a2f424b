//! The PostgreSQL adapter of the event store port.
//!
//! One append-only `events` table; `UNIQUE (stream_id, stream_version)` turns a
//! lost race into [`AppendError::WrongExpectedVersion`]. Appends with no side
//! effects are group-committed ([`group`]): those that arrive together are
//! written by one autocommitted statement, each with its own version check and
//! outcome; a lone one is a single-row statement as cheap as a plain INSERT.
//! One with uniqueness claims, personal data, mail or other streams' events
//! runs in a transaction of its own with them. Inside a [`deferred`] scope
//! (a keyed command), appends join the scope's one transaction instead, which
//! its owner commits with writes of its own.
//!
//! Readers of the global log order by `(transaction_id, position)` and only read
//! below the oldest transaction still running (`pg_snapshot_xmin`), so an event
//! whose transaction commits late is never skipped. See docs/ARCHITECTURE.md.
//!
//! Split by concern: [`append`], [`read`], `browse` (the audit view), `about` (one
//! person's events, for their export), [`claims`], [`outbox`], [`keys`]
//! (the data-subject keys of crypto-shredding, stored wrapped by the key-encryption keys
//! the store is built with).

mod about;
pub mod append;
mod browse;
mod claims;
pub mod deferred;
pub mod group;
pub mod keys;
mod outbox;
pub mod read;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlx::PgPool;
use tokio::sync::watch;
use uuid::Uuid;

pub use append::append_within;
pub use deferred::{DeferredCommit, once_committed};
pub use group::GroupCommitStats;
pub use keys::{DataKeys, Rewrap, RewrapReport};
pub use read::read_all_in;

use crate::types::{
    AppendError, AppendRequest, AppendResult, ExpectedVersion, GlobalCheckpoint, LogBatch,
    LogFilter, RecordedEvent,
};
use crate::{BoxFuture, EventStore, LogReader};

/// The PostgreSQL event store. Cheap to clone.
#[derive(Clone)]
pub struct PgEventStore {
    pool: PgPool,
    keys: DataKeys,
    appended: Arc<watch::Sender<u64>>,
    group: Arc<group::GroupCommit>,
}

impl PgEventStore {
    /// A store on `pool` whose data-subject keys are unwrapped by `keys`.
    pub fn new(pool: PgPool, keys: DataKeys) -> Self {
        Self {
            group: Arc::new(group::GroupCommit::new(pool.clone(), group::COMMITTERS)),
            pool,
            keys,
            appended: Arc::new(watch::channel(0).0),
        }
    }

    /// The same store with `committers` group-commit batches in flight at
    /// once (default [`group::COMMITTERS`]); for measuring.
    pub fn with_group_committers(mut self, committers: usize) -> Self {
        self.group = Arc::new(group::GroupCommit::new(self.pool.clone(), committers));
        self
    }

    /// What group commit has done so far (shared by every clone of the store).
    pub fn group_commit_stats(&self) -> GroupCommitStats {
        self.group.stats()
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The data-subject keys, for appends in a caller's transaction
    /// ([`append_within`]) and for rewrapping.
    pub fn keys(&self) -> &DataKeys {
        &self.keys
    }

    async fn append_once(&self, request: &Arc<AppendRequest>) -> Result<AppendResult, AppendError> {
        if let Some(scope) = deferred::current() {
            // Committed (and subscribers woken) by the scope's owner.
            return scope
                .append(&self.pool, &self.keys, &self.appended, request)
                .await;
        }
        let result = if request.has_side_effects() {
            // Claims, keys, shredding and mail keep a transaction of their own
            // rather than a savepoint in a shared batch: they take locks (a
            // subject's key, a claimed value) and may wait on other
            // transactions, and in a batch every neighbour would wait with
            // them and hold its rows until the slowest had finished.
            let mut tx = self
                .pool
                .begin()
                .await
                .context("Failed to begin an append transaction")?;
            let result = append::append_in(&mut tx, &self.keys, request).await?;
            tx.commit()
                .await
                .map_err(|e| append::classify(e, &request.stream_id, request.expected))?;
            result
        } else {
            self.group.append(request.clone()).await?
        };
        self.wake();
        Ok(result)
    }

    async fn connection(
        &self,
        why: &str,
    ) -> anyhow::Result<sqlx::pool::PoolConnection<sqlx::Postgres>> {
        self.pool
            .acquire()
            .await
            .with_context(|| format!("Failed to get a connection to {why}"))
    }
}

impl EventStore for PgEventStore {
    fn append(&self, request: AppendRequest) -> BoxFuture<'_, Result<AppendResult, AppendError>> {
        Box::pin(async move {
            let request = Arc::new(request);
            // `Any` can lose a race for the next version number without anyone's
            // expectation being wrong: then it simply tries again.
            let mut attempt = 0;
            loop {
                match self.append_once(&request).await {
                    Err(AppendError::WrongExpectedVersion { stream_id, .. })
                        if request.expected == ExpectedVersion::Any
                            && stream_id == request.stream_id
                            && attempt < 5 =>
                    {
                        attempt += 1;
                        tokio::time::sleep(Duration::from_millis(2 * attempt)).await;
                    }
                    other => return other,
                }
            }
        })
    }

    fn read_stream<'a>(
        &'a self,
        stream_id: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>> {
        Box::pin(async move {
            if let Some(scope) = deferred::current()
                && let Some(mut tx) = scope.transaction().await
            {
                return read::read_stream_in(&mut tx, &self.keys, stream_id).await;
            }
            let mut conn = self.connection("read a stream").await?;
            read::read_stream_in(&mut conn, &self.keys, stream_id).await
        })
    }

    fn read_all(
        &self,
        after: GlobalCheckpoint,
        limit: i64,
    ) -> BoxFuture<'_, anyhow::Result<Vec<RecordedEvent>>> {
        Box::pin(async move {
            let mut conn = self.connection("read the log").await?;
            read::read_all_in(&mut conn, &self.keys, after, limit).await
        })
    }

    fn browse<'a>(
        &'a self,
        filter: &'a LogFilter,
        limit: i64,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>> {
        Box::pin(async move {
            let mut conn = self.connection("browse the log").await?;
            browse::browse_in(&mut conn, &self.keys, filter, limit).await
        })
    }

    fn read_about<'a>(
        &'a self,
        subject: Uuid,
        streams: &'a [String],
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>> {
        Box::pin(async move {
            let mut conn = self.connection("read the events about a person").await?;
            about::read_about_in(&mut conn, &self.keys, subject, streams, after, limit).await
        })
    }

    fn log_reader(
        &self,
        after: GlobalCheckpoint,
    ) -> BoxFuture<'_, anyhow::Result<Box<dyn LogReader>>> {
        Box::pin(async move {
            let conn = self.connection("read the log").await?;
            Ok(Box::new(read::PgLogReader {
                conn: Some(conn),
                pool: self.pool.clone(),
                keys: self.keys.clone(),
                cache: Default::default(),
                after,
                ahead: None,
            }) as Box<dyn LogReader>)
        })
    }

    fn count_after(&self, after: GlobalCheckpoint) -> BoxFuture<'_, anyhow::Result<i64>> {
        Box::pin(async move {
            let mut conn = self.connection("count events").await?;
            read::count_after(&mut conn, after).await
        })
    }

    fn checkpoint_of(
        &self,
        position: i64,
    ) -> BoxFuture<'_, anyhow::Result<Option<GlobalCheckpoint>>> {
        Box::pin(async move {
            // language=PostgreSQL
            let row: Option<(i64,)> = sqlx::query_as(
                "SELECT transaction_id::text::bigint FROM events WHERE position = $1",
            )
            .bind(position)
            .fetch_optional(&self.pool)
            .await
            .context("Failed to look up an event position")?;
            Ok(row.map(|(transaction_id,)| GlobalCheckpoint {
                transaction_id,
                position,
            }))
        })
    }

    fn head_position(&self) -> BoxFuture<'_, anyhow::Result<i64>> {
        Box::pin(async move {
            // language=PostgreSQL
            // The last row of the events_global_order index.
            let head: Option<(i64,)> = sqlx::query_as(
                "SELECT position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1",
            )
            .fetch_optional(&self.pool)
            .await
            .context("Failed to read the head of the log")?;
            Ok(head.map_or(0, |(position,)| position))
        })
    }

    fn claim_owner<'a>(
        &'a self,
        scope: &'a str,
        hashes: &'a [String],
    ) -> BoxFuture<'a, anyhow::Result<Option<Uuid>>> {
        Box::pin(async move {
            if let Some(deferred) = deferred::current()
                && let Some(mut tx) = deferred.transaction().await
            {
                return claims::owner(&mut tx, scope, hashes).await;
            }
            let mut conn = self.connection("look up a claim").await?;
            claims::owner(&mut conn, scope, hashes).await
        })
    }

    fn claim_owners<'a>(&'a self, scope: &'a str) -> BoxFuture<'a, anyhow::Result<Vec<Uuid>>> {
        Box::pin(async move {
            if let Some(deferred) = deferred::current()
                && let Some(mut tx) = deferred.transaction().await
            {
                return claims::owners(&mut tx, scope).await;
            }
            let mut conn = self.connection("list a claim's owners").await?;
            claims::owners(&mut conn, scope).await
        })
    }

    fn subscribe(&self) -> watch::Receiver<u64> {
        self.appended.subscribe()
    }

    fn wake(&self) {
        self.appended.send_modify(|n| *n = n.wrapping_add(1));
    }
}

impl LogReader for read::PgLogReader {
    fn next_batch(&mut self, limit: i64) -> BoxFuture<'_, anyhow::Result<LogBatch>> {
        Box::pin(self.next(limit))
    }
}
