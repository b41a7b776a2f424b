//! Rebuilding every projector in one pass over the log ([`rebuild_all`]):
//! one reader, one decode, a task per projector applying into its own
//! shadow tables, and swaps only once all of them have the whole log.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use event_store::{GlobalCheckpoint, LogBatch, RecordedEvent};
use sqlx::PgConnection;

use super::shadow::{begin_load, build_indexes, defer_indexes, prepare_shadow, swap};
use super::{Stages, connection_with_fresh_statistics};
use crate::runtime::{Decoded, EventSource, Projector, ensure_checkpoint};

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
/// then each swaps as [`rebuild`](super::rebuild) does, one at a time. Batches
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
        deferred.push(defer_indexes(&mut conn, &shadow, projector.found_by()).await?);
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
        // Named, so pg_stat_activity (and `.ci/rebuild-cpu`) tell the
        // projectors' sessions apart.
        let options = pool
            .connect_options()
            .as_ref()
            .clone()
            .application_name(&format!("rebuild {}", projector.name()));
        let conn = <PgConnection as sqlx::Connection>::connect_with(&options)
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
            let mut tx = begin_load(&mut conn, &shadow).await?;
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
