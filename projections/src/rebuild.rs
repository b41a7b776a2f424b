//! Rebuilding a read model from position 0 without taking the site down.
//!
//! The projector replays the whole log into shadow copies of its tables in a
//! schema of their own (its SQL uses unqualified names; `search_path` points at
//! the shadow schema first). Then one short transaction locks the projector's
//! checkpoint row (the live runner waits), replays the few events that arrived
//! meanwhile, drops the live tables, moves the shadow tables in and sets the
//! checkpoint. Readers see the old model until that commit and the new one after.
//!
//! `shadow` holds the shadow schema's life (made, indexed, swapped in);
//! `one_pass` rebuilds every projector in one read of the log.

use std::time::{Duration, Instant};

use anyhow::Context;
use event_store::{GlobalCheckpoint, RecordedEvent};

use crate::runtime::{self, EventSource, Projector, decode_batch, ensure_checkpoint};

mod one_pass;
mod shadow;

pub use one_pass::{RebuildAllReport, rebuild_all};
use shadow::{begin_load, build_indexes, defer_indexes, prepare_shadow, swap};

#[derive(Debug, Clone, Copy)]
pub struct RebuildReport {
    pub events: u64,
    pub elapsed: Duration,
    /// Where the time went.
    pub stages: Stages,
}

/// Time spent in each stage of a rebuild. Stages overlap (the log is read
/// while batches are applied), so they add up to more than the wall time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stages {
    /// Reading rows and data keys from the database (with `unseal` when the
    /// reader cannot tell them apart: the per-projector rebuild).
    pub fetch: Duration,
    /// Opening sealed fields, upcasting.
    pub unseal: Duration,
    /// Payloads into domain events.
    pub decode: Duration,
    /// The projectors' folds and writes (summed over projectors), commits included.
    pub apply: Duration,
    /// Shadow tables: creating them, then the swap (tail, drop, move).
    pub swap: Duration,
}

impl std::ops::AddAssign for Stages {
    fn add_assign(&mut self, o: Self) {
        self.fetch += o.fetch;
        self.unseal += o.unseal;
        self.decode += o.decode;
        self.apply += o.apply;
        self.swap += o.swap;
    }
}

impl RebuildReport {
    pub fn events_per_second(&self) -> f64 {
        self.events as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Rebuilds one projector. `progress(events_so_far)` is called after each batch.
pub async fn rebuild(
    source: &EventSource,
    projector: &dyn Projector,
    batch_size: i64,
    mut progress: impl FnMut(u64),
) -> anyhow::Result<RebuildReport> {
    let started = Instant::now();
    let mut stages = Stages::default();
    let name = projector.name();
    let shadow = format!("rebuild_{name}");
    let pool = &source.pool;
    ensure_checkpoint(pool, name).await?;

    let mut conn = connection_with_fresh_statistics(pool).await?;
    let timer = Instant::now();
    prepare_shadow(&mut conn, &shadow, projector.tables()).await?;
    let deferred = defer_indexes(&mut conn, &shadow, projector.found_by()).await?;
    stages.swap += timer.elapsed();

    // Reading and applying overlap: a reader task fetches (and decrypts) the
    // next batches on its own connection while this one applies the current
    // batch, so the database and the projector work at the same time.
    let (batches, mut incoming) =
        tokio::sync::mpsc::channel::<anyhow::Result<Vec<RecordedEvent>>>(2);
    let reader_store = source.store.clone();
    let reader = tokio::spawn(async move {
        let mut after = GlobalCheckpoint::default();
        let mut reading = Duration::ZERO;
        loop {
            let timer = Instant::now();
            let batch = reader_store.read_all(after, batch_size).await;
            reading += timer.elapsed();
            let done = match &batch {
                Ok(b) => match b.last() {
                    Some(last) => {
                        after = last.checkpoint();
                        false
                    }
                    None => true,
                },
                Err(_) => true,
            };
            if batches.send(batch).await.is_err() || done {
                return reading;
            }
        }
    });

    let mut checkpoint = GlobalCheckpoint::default();
    let mut events = 0u64;
    while let Some(batch) = incoming.recv().await {
        let batch = batch?;
        let Some(last) = batch.last().map(|e| e.checkpoint()) else {
            break;
        };
        let count = batch.len() as u64;
        let timer = Instant::now();
        let batch = decode_batch(batch)?;
        stages.decode += timer.elapsed();
        let timer = Instant::now();
        let mut tx = begin_load(&mut conn, &shadow).await?;
        projector
            .rebuild_apply(&mut tx, &[batch.as_slice()])
            .await
            .with_context(|| format!("rebuild of {name} failed"))?;
        tx.commit().await?;
        stages.apply += timer.elapsed();
        checkpoint = last;
        events += count;
        progress(events);
    }
    stages.fetch += reader.await.context("the rebuild's reader task failed")?;

    let timer = Instant::now();
    build_indexes(&mut conn, &shadow, projector.tables(), &deferred).await?;
    events += swap(&mut conn, source, projector, checkpoint, events, batch_size).await?;
    stages.swap += timer.elapsed();
    progress(events);
    Ok(RebuildReport {
        events,
        elapsed: started.elapsed(),
        stages,
    })
}

/// The rebuild's connection, after `ANALYZE events`: a rebuild often follows
/// a bulk load, and with stale statistics the planner may sort the whole log
/// instead of walking the (transaction_id, position) index.
async fn connection_with_fresh_statistics(
    pool: &sqlx::PgPool,
) -> anyhow::Result<sqlx::pool::PoolConnection<sqlx::Postgres>> {
    let mut conn = pool
        .acquire()
        .await
        .context("Failed to get a connection for the rebuild")?;
    sqlx::query("ANALYZE events")
        .execute(&mut *conn)
        .await
        .context("Failed to analyze the event log")?;
    Ok(conn)
}

/// Runs one batch of a projector in the caller's process, for tests and tools
/// that want to step a projector by hand.
pub async fn step(
    source: &EventSource,
    projector: &dyn Projector,
    batch_size: i64,
) -> anyhow::Result<usize> {
    runtime::run_batch(source, projector, batch_size).await
}
