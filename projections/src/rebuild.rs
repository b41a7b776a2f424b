//! Rebuilding a read model from position 0 without taking the site down.
//!
//! The projector replays the whole log into shadow copies of its tables in a
//! schema of their own (its SQL uses unqualified names; `search_path` points at
//! the shadow schema first). Then one short transaction locks the projector's
//! checkpoint row (the live runner waits), replays the few events that arrived
//! meanwhile, drops the live tables, moves the shadow tables in and sets the
//! checkpoint. Readers see the old model until that commit and the new one after.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use event_store::{GlobalCheckpoint, LogBatch, RecordedEvent};
use sqlx::{Acquire, AssertSqlSafe, PgConnection};

use crate::runtime::{
    self, Decoded, EventSource, Projector, advance_checkpoint, decode_batch, ensure_checkpoint,
    lock_checkpoint,
};

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
    let deferred = defer_indexes(&mut conn, &shadow, projector.erased_by()).await?;
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
        let mut tx = Acquire::begin(&mut *conn).await?;
        set_search_path(&mut tx, &shadow).await?;
        projector
            .apply(&mut tx, &batch)
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

/// The swap: short, and the live runner of this projector waits on the row
/// lock. Applies the events that arrived after `checkpoint` (returns how
/// many), moves the shadow tables in and sets the checkpoint.
async fn swap(
    conn: &mut PgConnection,
    source: &EventSource,
    projector: &dyn Projector,
    mut checkpoint: GlobalCheckpoint,
    events: u64,
    batch_size: i64,
) -> anyhow::Result<u64> {
    let name = projector.name();
    let shadow = format!("rebuild_{name}");
    let mut tx = Acquire::begin(&mut *conn).await?;
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
    let events = events + tail as u64;
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
    Ok(tail as u64)
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
    // Unlogged while they load: no WAL record for each row and index entry.
    // A crash empties them, which costs nothing (an interrupted rebuild
    // starts again from scratch). No autovacuum either: workers would vacuum
    // and analyze each table several times over, taking CPU from the load.
    // `build_indexes` makes them durable in one piece and gives autovacuum
    // back before the swap.
    for table in tables {
        sqlx::query(AssertSqlSafe(format!(
            "CREATE UNLOGGED TABLE {shadow}.{table} (LIKE public.{table} INCLUDING ALL)
               WITH (autovacuum_enabled = false)"
        )))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("Failed to create the shadow of {table}"))?;
    }
    Ok(())
}

/// Drops the secondary indexes of a freshly made shadow schema's tables and
/// returns their definitions, for [`build_indexes`] once the tables are
/// loaded: one sorted build instead of an index insertion per row version
/// (and updates that change no remaining index column can be HOT). Unique
/// indexes stay (upserts and lookups by key need them), and so does, for
/// each of `keep` (what erasures find rows by), the narrowest whole-table
/// index that leads with it (a partial one could not serve the lookup).
async fn defer_indexes(
    conn: &mut PgConnection,
    shadow: &str,
    keep: &[&str],
) -> anyhow::Result<Vec<String>> {
    // language=PostgreSQL
    let indexes: Vec<(String, String, String, Option<String>, bool)> = sqlx::query_as(
        "SELECT t.relname::text, x.relname::text, pg_get_indexdef(i.indexrelid), a.attname::text,
                i.indpred IS NULL AS whole_table
           FROM pg_index i
           JOIN pg_class x ON x.oid = i.indexrelid
           JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
           LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
          WHERE n.nspname = $1 AND NOT i.indisunique AND NOT i.indisprimary
            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
          ORDER BY t.relname, i.indpred IS NOT NULL, i.indnatts, x.relname",
    )
    .bind(shadow)
    .fetch_all(&mut *conn)
    .await
    .context("Failed to list the shadow tables' indexes")?;
    let mut kept = std::collections::HashSet::new();
    let mut deferred = Vec::new();
    for (table, index, definition, leading, whole_table) in indexes {
        if let Some(column) = leading.filter(|c| whole_table && keep.contains(&c.as_str()))
            && kept.insert((table, column))
        {
            continue;
        }
        sqlx::query(AssertSqlSafe(format!("DROP INDEX {shadow}.{index}")))
            .execute(&mut *conn)
            .await?;
        deferred.push(definition);
    }
    Ok(deferred)
}

/// Once a shadow schema is loaded: makes its tables durable (`SET LOGGED`
/// writes each one to the WAL whole, and rebuilds the indexes it kept),
/// builds the indexes [`defer_indexes`]
/// dropped (their definitions name the shadow schema), gathers each table's
/// statistics and lets autovacuum see its tables again, before the swap, so
/// the live runner never waits for any of it and the first queries on the
/// swapped-in tables are planned on real row counts (autovacuum was off
/// during the load, so nothing analysed them).
async fn build_indexes(
    conn: &mut PgConnection,
    shadow: &str,
    tables: &[&str],
    definitions: &[String],
) -> anyhow::Result<()> {
    for table in tables {
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} SET LOGGED"
        )))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("Failed to make the shadow of {table} durable"))?;
    }
    for definition in definitions {
        sqlx::query(AssertSqlSafe(definition.clone()))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("Failed to build an index after a rebuild: {definition}"))?;
    }
    for table in tables {
        sqlx::query(AssertSqlSafe(format!("ANALYZE {shadow}.{table}")))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("Failed to analyze {table} after a rebuild"))?;
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} RESET (autovacuum_enabled)"
        )))
        .execute(&mut *conn)
        .await?;
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

/// How many batches wait for each projector of a [`rebuild_all`]; a
/// projector applies at most one more than this in one transaction.
const QUEUE: usize = 3;

/// What [`rebuild_all`] did, in total and per projector.
#[derive(Debug, Clone)]
pub struct RebuildAllReport {
    pub events: u64,
    pub elapsed: Duration,
    pub stages: Stages,
    /// Each projector: name, time in its folds and writes (commits included), swap.
    pub projectors: Vec<(&'static str, Duration, Duration)>,
}

impl RebuildAllReport {
    pub fn events_per_second(&self) -> f64 {
        self.events as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// One batch as every projector of a [`rebuild_all`] receives it.
struct FanBatch {
    events: Vec<Decoded>,
    last: GlobalCheckpoint,
}

/// Rebuilds several projectors in one pass over the log: one reader fetches
/// each batch once (each data subject's key unwrapped once for the run),
/// it is decoded once, and every projector applies it on its own connection
/// into its own shadow tables, concurrently with the others and with the
/// reading of the next batches. Channels are bounded (`QUEUE` batches per
/// projector), so the reader waits for the slowest projector and memory
/// stays at a few batches whatever the log's length. No projector swaps in
/// its model until every one has applied the whole log and nothing failed;
/// then each swaps as [`rebuild`] does, one at a time. Batches
/// are committed without waiting for the WAL flush: a crash loses at most
/// the shadow tables, which a rebuild starts by dropping; the swap commits
/// durably.
pub async fn rebuild_all(
    source: &EventSource,
    projectors: &[Arc<dyn Projector>],
    batch_size: i64,
    mut progress: impl FnMut(u64),
) -> anyhow::Result<RebuildAllReport> {
    let started = Instant::now();
    let mut stages = Stages::default();
    let pool = &source.pool;
    let timer = Instant::now();
    let mut conn = connection_with_fresh_statistics(pool).await?;
    let mut deferred = Vec::with_capacity(projectors.len());
    for projector in projectors {
        ensure_checkpoint(pool, projector.name()).await?;
        let shadow = format!("rebuild_{}", projector.name());
        prepare_shadow(&mut conn, &shadow, projector.tables()).await?;
        deferred.push(defer_indexes(&mut conn, &shadow, projector.erased_by()).await?);
    }
    drop(conn);
    stages.swap += timer.elapsed();

    // One task per projector, each on a connection of its own (not the
    // pool's: a rebuild of every projector would take most of it).
    let mut senders = Vec::with_capacity(projectors.len());
    let mut tasks = tokio::task::JoinSet::new();
    // One swap at a time: each rewrites catalog rows (`apply_analyst_grants`)
    // that concurrent swaps would update at once ("tuple concurrently
    // updated"), and one at a time each holds its tables' locks only briefly.
    let swapping = Arc::new(tokio::sync::Mutex::new(()));
    // How the pass is going: a projector swaps only once every projector has
    // applied the whole log and nothing failed (the reader, a decode, any
    // projector); otherwise no live table is touched.
    let (outcome, _) = tokio::sync::watch::channel(PassOutcome::default());
    let outcome = Arc::new(outcome);
    let total = projectors.len();
    for (projector, deferred) in projectors.iter().zip(deferred) {
        let (tx, rx) = tokio::sync::mpsc::channel::<Arc<FanBatch>>(QUEUE);
        senders.push(tx);
        let conn = <PgConnection as sqlx::Connection>::connect_with(&pool.connect_options())
            .await
            .context("Failed to connect for a rebuild")?;
        tasks.spawn(apply_all(
            source.clone(),
            projector.clone(),
            conn,
            rx,
            batch_size,
            swapping.clone(),
            Pass {
                outcome: outcome.clone(),
                total,
                deferred,
            },
        ));
    }

    let (batches, mut incoming) = tokio::sync::mpsc::channel::<anyhow::Result<LogBatch>>(2);
    let mut reader = source.store.log_reader(GlobalCheckpoint::default()).await?;
    let reading = tokio::spawn(async move {
        loop {
            let batch = reader.next_batch(batch_size).await;
            let done = batch.as_ref().map_or(true, |b| b.events.is_empty());
            if batches.send(batch).await.is_err() || done {
                return;
            }
        }
    });

    let mut events = 0u64;
    let fanned: anyhow::Result<()> = async {
        loop {
            // The reader ends with an empty batch; a channel closed without
            // one means the reader died (a panic), and the pass did not read
            // the whole log.
            let batch = incoming
                .recv()
                .await
                .context("the log reader stopped before the end of the log")??;
            let Some(last) = batch.events.last().map(RecordedEvent::checkpoint) else {
                break;
            };
            stages.fetch += batch.fetch;
            stages.unseal += batch.unseal;
            let count = batch.events.len() as u64;
            let timer = Instant::now();
            let decoded = decode_text(batch.events, batch.payloads)?;
            stages.decode += timer.elapsed();
            let batch = Arc::new(FanBatch {
                events: decoded,
                last,
            });
            for sender in &senders {
                // A projector that failed dropped its receiver: its error is
                // reported below.
                if sender.send(batch.clone()).await.is_err() {
                    anyhow::bail!("a projector stopped during the rebuild");
                }
            }
            events += count;
            progress(events);
        }
        Ok(())
    }
    .await;
    if fanned.is_err() {
        outcome.send_modify(|o| o.failed = true);
    }
    drop(senders);
    reading.abort();

    let mut projector_times = Vec::new();
    let mut failure = None;
    let mut tail = 0u64;
    while let Some(joined) = tasks.join_next().await {
        match joined.context("a rebuild task panicked")? {
            // Abandoned with the rebuild: the cause is reported below.
            Ok(None) => {}
            Ok(Some(done)) => {
                stages.apply += done.apply;
                stages.swap += done.swap;
                tail = tail.max(done.tail);
                projector_times.push((done.name, done.apply, done.swap));
            }
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    fanned?;
    projector_times.sort_by_key(|(_, apply, _)| std::cmp::Reverse(*apply));
    let events = events + tail;
    progress(events);
    Ok(RebuildAllReport {
        events,
        elapsed: started.elapsed(),
        stages,
        projectors: projector_times,
    })
}

/// What a projector of a one-pass rebuild shares with the others.
struct Pass {
    outcome: Arc<tokio::sync::watch::Sender<PassOutcome>>,
    /// How many projectors take part.
    total: usize,
    /// This projector's secondary indexes, built once its batches are in.
    deferred: Vec<String>,
}

/// How a one-pass rebuild is going, shared by its projectors.
#[derive(Debug, Default, Clone, Copy)]
struct PassOutcome {
    /// Projectors that applied every batch they were sent.
    applied: usize,
    /// The reader, a decode or a projector failed: nobody swaps.
    failed: bool,
}

struct Applied {
    name: &'static str,
    apply: Duration,
    swap: Duration,
    tail: u64,
}

/// One projector's side of [`rebuild_all`]: every batch into its shadow
/// tables, then its swap, but only when the whole log was read (`None` when
/// the rebuild stopped early: the live tables stay as they were, and the next
/// rebuild drops the shadow ones).
async fn apply_all(
    source: EventSource,
    projector: Arc<dyn Projector>,
    mut conn: PgConnection,
    mut batches: tokio::sync::mpsc::Receiver<Arc<FanBatch>>,
    batch_size: i64,
    swapping: Arc<tokio::sync::Mutex<()>>,
    pass: Pass,
) -> anyhow::Result<Option<Applied>> {
    let Pass {
        outcome,
        total,
        deferred,
    } = pass;
    let name = projector.name();
    let shadow = format!("rebuild_{name}");
    let mut apply = Duration::ZERO;
    let mut checkpoint = GlobalCheckpoint::default();
    let mut events = 0u64;
    let applied: anyhow::Result<()> = async {
        while let Some(first) = batches.recv().await {
            // A projector behind the others finds more batches waiting: it
            // takes them all into one transaction, so its folds see a longer
            // stretch of the log (a row made and changed within it is written
            // once) and it catches up in fewer, larger statements.
            let mut run = vec![first];
            while run.len() <= QUEUE
                && let Ok(next) = batches.try_recv()
            {
                run.push(next);
            }
            let timer = Instant::now();
            let mut tx = Acquire::begin(&mut conn).await?;
            set_search_path(&mut tx, &shadow).await?;
            // Shadow tables start empty and grow without statistics: the
            // planner took the batch folds' `id = ANY($1)` lookups for seq
            // scans of small tables (hundreds of full scans per rebuild).
            // language=PostgreSQL
            for setting in [
                "SET LOCAL synchronous_commit TO off",
                "SET LOCAL enable_seqscan TO off",
            ] {
                sqlx::query(setting).execute(&mut *tx).await?;
            }
            let slices: Vec<&[Decoded]> = run.iter().map(|b| b.events.as_slice()).collect();
            projector
                .rebuild_apply(&mut tx, &slices)
                .await
                .with_context(|| format!("rebuild of {name} failed"))?;
            tx.commit().await?;
            apply += timer.elapsed();
            for batch in &run {
                checkpoint = batch.last;
                events += batch.events.len() as u64;
            }
        }
        if outcome.borrow().failed {
            // Nobody will swap: the indexes would be dropped with the shadow.
            return Ok(());
        }
        let timer = Instant::now();
        build_indexes(&mut conn, &shadow, projector.tables(), &deferred).await?;
        apply += timer.elapsed();
        Ok(())
    }
    .await;
    if let Err(e) = applied {
        outcome.send_modify(|o| o.failed = true);
        return Err(e);
    }
    // This projector's channel ended: with the whole log, or because the pass
    // failed elsewhere. Swap only when every projector has applied it all.
    outcome.send_modify(|o| o.applied += 1);
    let mut watching = outcome.subscribe();
    let all_applied = watching
        .wait_for(|o| o.failed || o.applied == total)
        .await
        .map(|o| !o.failed)
        .unwrap_or(false);
    if !all_applied {
        sqlx::Connection::close(conn).await.ok();
        return Ok(None);
    }
    let one_at_a_time = swapping.lock().await;
    let timer = Instant::now();
    let tail = swap(
        &mut conn,
        &source,
        projector.as_ref(),
        checkpoint,
        events,
        batch_size,
    )
    .await?;
    let swap = timer.elapsed();
    drop(one_at_a_time);
    sqlx::Connection::close(conn).await.ok();
    Ok(Some(Applied {
        name,
        apply,
        swap,
        tail,
    }))
}

/// Decodes a batch from the log reader's payload texts straight into domain
/// events (no `serde_json::Value` on the way; `recorded.payload` stays
/// `null`, as nothing in a rebuild reads it).
fn decode_text(events: Vec<RecordedEvent>, payloads: Vec<String>) -> anyhow::Result<Vec<Decoded>> {
    anyhow::ensure!(
        events.len() == payloads.len(),
        "the log reader gave {} payloads for {} events",
        payloads.len(),
        events.len()
    );
    events
        .into_iter()
        .zip(payloads)
        .map(|(recorded, payload)| {
            let event = domain::AnyEvent::decode_json(&recorded.event_type, &payload);
            Decoded::new(recorded, event)
        })
        .collect()
}
