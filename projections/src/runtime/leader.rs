//! A projector's leader: taking the projector's advisory lock, the loop that
//! waits for wake-ups and retries with backoff, and one batch in one
//! transaction (checkpoint locked, model written, checkpoint advanced,
//! changes queued for NOTIFY).

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use event_store::GlobalCheckpoint;
use sqlx::postgres::PgPool;
use sqlx::{Connection, PgConnection};
use tokio::sync::watch;

use super::checkpoints::{
    advance_checkpoint, lock_checkpoint, move_checkpoint, read_checkpoint, record_failure,
};
use super::{Decoded, EventSource, Projector, RuntimeConfig, decode_batch};
use crate::changes::{self, Change};

pub(super) async fn run_projector(
    source: EventSource,
    projector: Arc<dyn Projector>,
    config: RuntimeConfig,
    mut remote: watch::Receiver<u64>,
    leading: Arc<watch::Sender<Vec<&'static str>>>,
) {
    let name = projector.name();
    let mut local = source.store.subscribe();
    // How many events the projector reads that one batch may write, and how
    // many events it reads from the log: both halved after a batch that
    // overran `batch_timeout`, so a slow batch is retried smaller, not
    // forever. The write limit grows back only with batches that write; the
    // read limit with every batch that finishes, so a stretch the projector
    // does not read speeds up again at once while the writes stay small.
    let mut batch_size = config.batch_size;
    let mut read_size = config.batch_size;
    loop {
        let (mut lock, backend) = match acquire_leadership(&source.pool, name).await {
            Ok(Some(held)) => held,
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
            let Ok(batch) = tokio::time::timeout(
                config.batch_timeout,
                run_batch_inner(
                    &source,
                    &mut lock,
                    projector.as_ref(),
                    Limits {
                        read: read_size,
                        write: batch_size,
                    },
                    &mut known,
                ),
            )
            .await
            else {
                // Stuck (a lock that is never granted, a connection that no
                // longer answers): end the leadership connection's session
                // from another, which rolls the batch back and frees the
                // lock, and lead again, or let another process.
                batch_size = (batch_size / 2).max(1);
                read_size = batch_size;
                let error = format!(
                    "a batch did not finish within {:?}: its session was ended, and batches are now {batch_size} events",
                    config.batch_timeout
                );
                tracing::error!(projector = name, error = %error, "projector batch overran");
                end_session(&source.pool, name, backend, config.batch_timeout).await;
                // The batch may have committed before the timeout: a policy's
                // appends must not wait for the poll.
                if projector.appends() {
                    source.store.wake();
                }
                // Bounded too: what held the batch may hold the row.
                let recorded = tokio::time::timeout(
                    config.batch_timeout,
                    record_failure(&source.pool, name, &error),
                )
                .await;
                if !matches!(recorded, Ok(Ok(()))) {
                    tracing::error!(projector = name, "could not record the overrun");
                }
                break;
            };
            // Only a batch that wrote shows its size is safe again (one that
            // passed events by cost next to nothing).
            if matches!(batch, Ok(Batch::Handled(_))) {
                batch_size = (batch_size * 2).min(config.batch_size);
            }
            if matches!(batch, Ok(Batch::Handled(_) | Batch::Passed(_))) {
                read_size = (read_size * 2).min(config.batch_size);
            }
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
                    // Still leader? The lock lives as long as its connection
                    // (one that no longer answers counts as gone).
                    if !answers(&mut lock, config.batch_timeout).await {
                        tracing::warn!(projector = name, "lost the leadership connection");
                        end_session(&source.pool, name, backend, config.batch_timeout).await;
                        break;
                    }
                }
                Ok(Batch::Handled(_) | Batch::Passed(_) | Batch::Moved) => {
                    backoff = config.backoff_initial;
                    blocked_pause = Duration::from_millis(2);
                }
                Err(e) => {
                    if !answers(&mut lock, config.batch_timeout).await {
                        // Not a failing projector: we are no longer leader.
                        tracing::warn!(projector = name, "lost the leadership connection");
                        end_session(&source.pool, name, backend, config.batch_timeout).await;
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

/// The key of projector `$1`'s advisory lock, which its leader holds: one
/// text for taking it and for finding the session that holds it.
macro_rules! projector_lock_key {
    () => {
        "hashtext('projector:' || $1)"
    };
}

/// A dedicated connection holding the projector's advisory lock, with its
/// session's process id, or `None` when another runner holds it.
async fn acquire_leadership(
    pool: &PgPool,
    name: &str,
) -> anyhow::Result<Option<(PgConnection, i32)>> {
    let mut conn = PgConnection::connect_with(&pool.connect_options())
        .await
        .context("Failed to connect for leadership")?;
    // language=PostgreSQL
    let (locked, backend): (bool, i32) = sqlx::query_as(concat!(
        "SELECT pg_try_advisory_lock(",
        projector_lock_key!(),
        "), pg_backend_pid()"
    ))
    .bind(name)
    .fetch_one(&mut conn)
    .await
    .context("Failed to try the projector lock")?;
    if locked {
        Ok(Some((conn, backend)))
    } else {
        let _ = conn.close().await;
        Ok(None)
    }
}

/// Whether the leadership connection answers a ping within `patience`.
async fn answers(lock: &mut PgConnection, patience: Duration) -> bool {
    matches!(
        tokio::time::timeout(patience, lock.ping()).await,
        Ok(Ok(()))
    )
}

/// Ends a leadership session from the pool: its transaction rolls back and
/// its locks go, even while the session waits on a lock or its client no
/// longer reads (dropping the connection alone would leave the session
/// holding both until PostgreSQL noticed, and this process standing by
/// behind its own dead session). Only while that session still holds this
/// projector's lock: a pid that has since ended may belong to another
/// session now. Best effort, and bounded: a session already gone is what we
/// want.
async fn end_session(pool: &PgPool, name: &str, backend: i32, patience: Duration) {
    // pg_locks splits an advisory lock's bigint key: objid is its low half.
    // language=PostgreSQL
    let ended = sqlx::query(concat!(
        "SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND pid = $2 AND objsubid = 1
            AND objid = ((",
        projector_lock_key!(),
        "::bigint) & 4294967295)::oid"
    ))
    .bind(name)
    .bind(backend)
    .execute(pool);
    match tokio::time::timeout(patience, ended).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => {
            tracing::warn!(projector = name, backend, error = %e, "could not end a stuck leadership session");
        }
        Err(_) => {
            tracing::warn!(
                projector = name,
                backend,
                "ending a stuck leadership session did not answer"
            );
        }
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
    let limits = Limits {
        read: batch_size,
        write: batch_size,
    };
    Ok(
        match run_batch_inner(source, &mut conn, projector, limits, &mut None).await? {
            Batch::Handled(n) | Batch::Passed(n) => n,
            Batch::Moved | Batch::Idle | Batch::Blocked => 0,
        },
    )
}

/// What one batch found.
enum Batch {
    /// Events written to the read model (at least one the projector reads),
    /// the checkpoint moved past them, in one transaction.
    Handled(usize),
    /// Events none of which the projector reads: the checkpoint moved past
    /// them without a batch transaction.
    Passed(usize),
    /// Another runner, or a rebuild's swap, moved the checkpoint while this
    /// one read: nothing was written, and the next batch reads from the row.
    Moved,
    /// Nothing after the checkpoint.
    Idle,
    /// Committed events exist after the checkpoint, but an older transaction
    /// still running (anywhere on the cluster) hides them: look again soon, as
    /// nothing will announce that transaction's end.
    Blocked,
}

/// How much one batch takes on.
#[derive(Debug, Clone, Copy)]
struct Limits {
    /// Events read from the log.
    read: i64,
    /// Of those, events the projector reads that the batch writes; the
    /// batch ends before the next one.
    write: i64,
}

/// How many of `events` a batch takes: all of them, or those before the
/// event the projector reads beyond `write` of them.
fn batch_len(events: &[Decoded], reads: impl Fn(&Decoded) -> bool, write: i64) -> usize {
    let write = usize::try_from(write.max(1)).unwrap_or(usize::MAX);
    events
        .iter()
        .enumerate()
        .filter(|(_, d)| reads(d))
        .nth(write)
        .map_or(events.len(), |(i, _)| i)
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
    limits: Limits,
    known: &mut Option<GlobalCheckpoint>,
) -> anyhow::Result<Batch> {
    let name = projector.name();
    // Read first, through the store's port and without holding a transaction,
    // so a batch holds one connection and no transaction id while it reads.
    let checkpoint = match known.take() {
        Some(checkpoint) => checkpoint,
        None => read_checkpoint(&source.pool, name).await?,
    };
    let events = source.store.read_all(checkpoint, limits.read).await?;
    if events.is_empty() {
        let hidden = source.store.count_after(checkpoint).await? > 0;
        *known = Some(checkpoint);
        return Ok(if hidden { Batch::Blocked } else { Batch::Idle });
    }
    let mut events = decode_batch(events)?;
    let read = |d: &Decoded| d.event.as_ref().is_some_and(|e| projector.reads(e));
    events.truncate(batch_len(&events, read, limits.write));
    let count = events.len();
    let last = events
        .last()
        .map(|d| d.recorded.checkpoint())
        .context("a batch keeps at least one event")?;
    if !events.iter().any(read) {
        // Nothing to write and no one to tell: one statement, on the
        // leadership connection, that moves the checkpoint only if no one
        // else has (a rebuild's swap); if someone has, read again.
        if !move_checkpoint(conn, name, Some(checkpoint), last, count).await? {
            return Ok(Batch::Moved);
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
        return Ok(Batch::Moved);
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

/// Queues the batch's changes, each distinct one once (a batch that changes
/// a row twice tells browsers once), in the order first made.
async fn notify_changes(conn: &mut PgConnection, changes: &[Change]) -> anyhow::Result<()> {
    // NOTIFY payloads are limited to 8000 bytes: send in chunks well below that.
    let mut chunk: Vec<&Change> = Vec::new();
    let mut size = 0;
    let mut seen = std::collections::HashSet::new();
    for change in changes {
        let json = serde_json::to_string(change)?;
        let len = json.len();
        if !seen.insert(json) {
            continue;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Events of these streams, in order: the projector reads the `job-`
    /// ones.
    fn batch(streams: &[&str]) -> Vec<Decoded> {
        (1..)
            .zip(streams)
            .map(|(position, stream)| Decoded {
                recorded: crate::row_fold::recorded(stream, position),
                event: None,
            })
            .collect()
    }

    fn reads(d: &Decoded) -> bool {
        d.recorded.stream_id.starts_with("job-")
    }

    #[test]
    fn a_batch_within_its_write_limit_takes_everything_it_read() {
        let events = batch(&["job-1", "account-1", "job-2", "account-2"]);
        assert_eq!(batch_len(&events, reads, 2), 4);
        assert_eq!(batch_len(&events, reads, 5000), 4);
    }

    /// After an overrun the leader writes fewer events a batch: the batch
    /// ends just before the first event over the limit, with the events it
    /// does not read before that one.
    #[test]
    fn a_batch_over_its_write_limit_ends_before_the_event_that_passes_it() {
        let events = batch(&["account-1", "job-1", "account-2", "job-2", "job-3"]);
        assert_eq!(batch_len(&events, reads, 1), 3);
        assert_eq!(batch_len(&events, reads, 2), 4);
    }

    /// A stretch the projector does not read passes whole, however small the
    /// write limit.
    #[test]
    fn a_stretch_the_projector_does_not_read_is_never_cut() {
        let events = batch(&["account-1"; 300]);
        assert_eq!(batch_len(&events, reads, 1), 300);
        let events = batch(&["account-1", "account-2", "job-1", "job-2"]);
        assert_eq!(batch_len(&events, reads, 1), 3);
        // A limit of nothing still lets one event through.
        assert_eq!(batch_len(&events, reads, 0), 3);
    }
}
