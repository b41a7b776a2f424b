//! Reads from a streaming standby (`READ_DATABASE_URL`): which pool a query
//! reads from, and whether the standby may be read at all.
//!
//! Commands, projectors and everything that writes use the primary; the
//! read-model queries of GET routes take a [`ReadPool`], which the read your
//! writes middleware (`app/consistency.rs`) chooses per request:
//!
//! - A read that carries a consistency token, or a signed-in reader's last
//!   write, reads the standby once the standby's own copy of the projector
//!   checkpoints has reached that position. A checkpoint is written in the
//!   same transaction as the read-model rows it covers, and a standby replays
//!   transactions whole and in commit order, so "the standby's checkpoint
//!   has passed N" means "the standby holds every read-model row up to N":
//!   the same test the primary path uses, asked of the replicated state, with
//!   no LSN bookkeeping per write. It waits at most `REPLICA_MAX_LAG_MS`,
//!   then reads the primary (which waits for the projectors as before).
//! - Any other read goes to the standby while it is in use.
//!
//! The standby is in use while a watcher ([`ReadReplica::watch`], every
//! [`CHECK_EVERY`]) finds it answering and no further behind the primary than
//! `REPLICA_MAX_LAG_MS`. Lag is measured in time: the watcher samples the
//! primary's WAL position each round, and the standby is as far behind as
//! the oldest sample it has not replayed. A standby that stops answering or
//! falls behind is left within a round or two; it is read again as soon as
//! it has caught up.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::time::Instant;

use crate::app::AppState;
use crate::config::Config;

/// How often the watcher looks at the standby.
pub const CHECK_EVERY: Duration = Duration::from_millis(250);
/// How long one look may take before the standby counts as down.
const CHECK_TIMEOUT: Duration = Duration::from_millis(500);
/// WAL samples kept while the standby is behind (a minute of rounds): past
/// that it is far behind, and how far no longer matters.
const MAX_SAMPLES: usize = 240;

/// Which database a read goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFrom {
    Primary,
    Standby,
}

impl ReadFrom {
    /// Its label in `/metrics` (`recruit_reads_total{from}`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Primary => "primary",
            Self::Standby => "standby",
        }
    }
}

/// The pool a GET route's queries read from: the standby, or the primary when
/// there is none, it is not in use, or it has not replayed the reader's write.
/// Chosen by the read your writes middleware; outside it (no choice made),
/// the primary.
#[derive(Clone)]
pub struct ReadPool(pub PgPool);

impl std::ops::Deref for ReadPool {
    type Target = PgPool;
    fn deref(&self) -> &PgPool {
        &self.0
    }
}

impl FromRequestParts<AppState> for ReadPool {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ReadPool>()
            .cloned()
            .unwrap_or_else(|| ReadPool(state.pool.clone())))
    }
}

/// The standby and whether reads may go to it.
pub struct ReadReplica {
    pool: PgPool,
    in_use: AtomicBool,
    max_lag: Duration,
}

/// What one look at the standby found.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Health {
    /// Answering, this far behind the primary.
    Behind(Duration),
    /// Not answering (or not within [`CHECK_TIMEOUT`]).
    Down,
}

impl ReadReplica {
    /// The standby named by `READ_DATABASE_URL`, if any. Connects lazily: a
    /// standby that is down at start costs nothing but its reads.
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Arc<Self>>> {
        let Some(url) = &config.read_database_url else {
            return Ok(None);
        };
        let options = crate::app::connect_options(url)
            .context("READ_DATABASE_URL is not a PostgreSQL connection URL")?;
        let pool = PgPoolOptions::new()
            .max_connections(config.pool_size)
            .acquire_timeout(Duration::from_millis(config.acquire_timeout_ms))
            .connect_lazy_with(options);
        Ok(Some(Arc::new(Self {
            pool,
            in_use: AtomicBool::new(false),
            max_lag: Duration::from_millis(config.replica_max_lag_ms),
        })))
    }

    /// Whether reads go to the standby now.
    pub fn in_use(&self) -> bool {
        self.in_use.load(Ordering::Acquire)
    }

    /// A read on the standby could not get a connection (it answered 503):
    /// reads go to the primary at once, not at the watcher's next look, which
    /// puts them back when the standby answers again.
    pub fn stop_using(&self) {
        if self.in_use.swap(false, Ordering::AcqRel) {
            tracing::warn!("a read could not reach the standby: reads go to the primary");
        }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Whether the standby holds every read model up to `position`, waiting
    /// for it up to `REPLICA_MAX_LAG_MS`. `false` when it does not by then or
    /// cannot be asked: the caller reads the primary.
    pub async fn has_replayed(&self, state: &AppState, position: i64) -> bool {
        let source = projections::EventSource::new(state.commands.store.clone(), self.pool.clone());
        match projections::wait::until_position(&source, &state.read_models, position, self.max_lag)
            .await
        {
            Ok(reached) => reached,
            Err(e) => {
                tracing::debug!(error = %format!("{e:#}"), "could not ask the standby for a position");
                false
            }
        }
    }

    /// Looks at the standby every [`CHECK_EVERY`] for as long as the server
    /// runs, and puts reads on it or takes them off.
    pub async fn watch(self: Arc<Self>, primary: PgPool) {
        let mut samples = VecDeque::new();
        loop {
            let health = self.check(&primary, &mut samples).await;
            let usable = matches!(health, Health::Behind(lag) if lag <= self.max_lag);
            let was = self.in_use.swap(usable, Ordering::AcqRel);
            match (was, usable, health) {
                (false, true, _) => tracing::info!("reads go to the standby"),
                (true, false, Health::Down) => {
                    tracing::warn!("the standby does not answer: reads go to the primary");
                }
                (true, false, Health::Behind(lag)) => tracing::warn!(
                    lag_ms = lag.as_millis() as u64,
                    "the standby is behind: reads go to the primary"
                ),
                _ => {}
            }
            metrics::gauge!("recruit_read_replica_in_use").set(if usable { 1.0 } else { 0.0 });
            tokio::time::sleep(CHECK_EVERY).await;
        }
    }

    /// One look: the primary's WAL position joins `samples`, and the standby
    /// is as far behind as the oldest sample it has not replayed.
    async fn check(&self, primary: &PgPool, samples: &mut VecDeque<(Instant, i64)>) -> Health {
        // language=PostgreSQL
        let written = tokio::time::timeout(
            CHECK_TIMEOUT,
            sqlx::query_scalar::<_, i64>("SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint")
                .fetch_one(primary),
        )
        .await;
        // The primary away: nothing to compare with, and nothing new to replay.
        if let Ok(Ok(lsn)) = written {
            samples.push_back((Instant::now(), lsn));
            if samples.len() > MAX_SAMPLES {
                samples.pop_front();
            }
        }
        // A server out of recovery (a promoted standby, or the primary itself
        // named as the read database) has replayed everything it holds.
        // language=PostgreSQL
        let replayed = tokio::time::timeout(
            CHECK_TIMEOUT,
            sqlx::query_scalar::<_, i64>(
                "SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()
                              ELSE pg_current_wal_lsn() END - '0/0'::pg_lsn)::bigint",
            )
            .fetch_one(&self.pool),
        )
        .await;
        let Ok(Ok(replayed)) = replayed else {
            return Health::Down;
        };
        while samples.front().is_some_and(|(_, lsn)| *lsn <= replayed) {
            samples.pop_front();
        }
        Health::Behind(
            samples
                .front()
                .map_or(Duration::ZERO, |(at, _)| at.elapsed()),
        )
    }
}
