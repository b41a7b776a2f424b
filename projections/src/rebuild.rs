//! Rebuilding a read model from position 0 without taking the site down.
//!
//! The projector replays the whole log into shadow copies of its tables in a
//! schema of their own (its SQL uses unqualified names; `search_path` points at
//! the shadow schema first). Then one short transaction locks the projector's
//! checkpoint row (the live runner waits), replays the few events that arrived
//! meanwhile, drops the live tables, moves the shadow tables in and sets the
//! checkpoint. Readers see the old model until that commit and the new one after.

use std::time::{Duration, Instant};

use anyhow::Context;
use event_store::{GlobalCheckpoint, RecordedEvent};
use sqlx::{Acquire, AssertSqlSafe, PgConnection};

use crate::runtime::{
    self, EventSource, Projector, advance_checkpoint, decode_batch, ensure_checkpoint,
    lock_checkpoint,
};

#[derive(Debug, Clone, Copy)]
pub struct RebuildReport {
    pub events: u64,
    pub elapsed: Duration,
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
    let name = projector.name();
    let shadow = format!("rebuild_{name}");
    let pool = &source.pool;
    ensure_checkpoint(pool, name).await?;

    let mut conn = pool
        .acquire()
        .await
        .context("Failed to get a connection for the rebuild")?;
    // A rebuild often follows a bulk load; with stale statistics the planner may
    // sort the whole log instead of walking the (transaction_id, position) index.
    sqlx::query("ANALYZE events")
        .execute(&mut *conn)
        .await
        .context("Failed to analyze the event log")?;
    prepare_shadow(&mut conn, &shadow, projector.tables()).await?;

    // Reading and applying overlap: a reader task fetches (and decrypts) the
    // next batches on its own connection while this one applies the current
    // batch, so the database and the projector work at the same time.
    let (batches, mut incoming) =
        tokio::sync::mpsc::channel::<anyhow::Result<Vec<RecordedEvent>>>(2);
    let reader_store = source.store.clone();
    let reader = tokio::spawn(async move {
        let mut after = GlobalCheckpoint::default();
        loop {
            let batch = reader_store.read_all(after, batch_size).await;
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
                return;
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
        let batch = decode_batch(batch)?;
        let mut tx = conn.begin().await?;
        set_search_path(&mut tx, &shadow).await?;
        projector
            .apply(&mut tx, &batch)
            .await
            .with_context(|| format!("rebuild of {name} failed"))?;
        tx.commit().await?;
        checkpoint = last;
        events += count;
        progress(events);
    }
    reader.await.context("the rebuild's reader task failed")?;

    // The swap: short, and the live runner of this projector waits on the row lock.
    let mut tx = conn.begin().await?;
    lock_checkpoint(&mut tx, name).await?;
    set_search_path(&mut tx, &shadow).await?;
    let mut tail = 0usize;
    loop {
        // Read through the port on its own connection; the row lock held here
        // keeps the live runner from moving on meanwhile.
        let batch = source.store.read_all(checkpoint, batch_size).await?;
        let Some(last) = batch.last().map(|e| e.checkpoint()) else {
            break;
        };
        let count = batch.len();
        let batch = decode_batch(batch)?;
        projector
            .apply(&mut tx, &batch)
            .await
            .with_context(|| format!("rebuild of {name} failed at the swap"))?;
        checkpoint = last;
        tail += count;
    }
    events += tail as u64;
    // language=PostgreSQL
    sqlx::query("SET LOCAL search_path TO public")
        .execute(&mut *tx)
        .await?;
    for table in projector.tables() {
        sqlx::query(AssertSqlSafe(format!(
            "DROP TABLE IF EXISTS public.{table}"
        )))
        .execute(&mut *tx)
        .await?;
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} SET SCHEMA public"
        )))
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(AssertSqlSafe(format!("DROP SCHEMA {shadow}")))
        .execute(&mut *tx)
        .await?;
    // language=PostgreSQL
    sqlx::query("SELECT apply_analyst_grants()")
        .execute(&mut *tx)
        .await?;
    // The rebuilt model has seen `events` events; the checkpoint restarts its count.
    sqlx::query("UPDATE projector_checkpoints SET events_seen = 0 WHERE name = $1")
        .bind(name)
        .execute(&mut *tx)
        .await?;
    advance_checkpoint(&mut tx, name, checkpoint, events as usize).await?;
    tx.commit()
        .await
        .context("Failed to swap in the rebuilt read model")?;
    progress(events);
    Ok(RebuildReport {
        events,
        elapsed: started.elapsed(),
    })
}

async fn prepare_shadow(
    conn: &mut PgConnection,
    shadow: &str,
    tables: &[&str],
) -> anyhow::Result<()> {
    // A shadow left by an interrupted rebuild is stale: start clean.
    sqlx::query(AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {shadow} CASCADE"
    )))
    .execute(&mut *conn)
    .await?;
    sqlx::query(AssertSqlSafe(format!("CREATE SCHEMA {shadow}")))
        .execute(&mut *conn)
        .await?;
    for table in tables {
        sqlx::query(AssertSqlSafe(format!(
            "CREATE TABLE {shadow}.{table} (LIKE public.{table} INCLUDING ALL)"
        )))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("Failed to create the shadow of {table}"))?;
    }
    Ok(())
}

async fn set_search_path(conn: &mut PgConnection, shadow: &str) -> anyhow::Result<()> {
    sqlx::query(AssertSqlSafe(format!(
        "SET LOCAL search_path TO {shadow}, public"
    )))
    .execute(&mut *conn)
    .await?;
    Ok(())
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
