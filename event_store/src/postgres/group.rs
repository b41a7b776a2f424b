//! Group commit: side-effect-free appends that arrive together are written by
//! ONE statement, so they share one transaction and one WAL flush, while each
//! keeps its own expected-version check and its own outcome.
//!
//! An append joins a queue. Up to [`COMMITTERS`] committer tasks run at once;
//! a committer takes everything waiting (up to [`MAX_COMMANDS`] commands and
//! [`MAX_EVENTS`] events, at most one command per stream), writes it, answers
//! each caller, and takes the next batch until the queue is empty, on one
//! connection it keeps for that run (a fresh one after a failure). Nobody
//! waits for a batch to fill: a lone append is a batch of one, written with the
//! single autocommitted statement appends have always used; a batch forms only
//! from requests that arrived while the previous one was being written. When
//! nothing is queued and a committer slot is free, the caller takes the slot
//! and writes its batch of one itself (no task, no channel: a lone writer
//! pays what a plain INSERT does).
//!
//! A batch of several is one autocommitted `INSERT`: an answer is sent only
//! after the statement (and so its COMMIT, with `synchronous_commit`) has
//! returned, so an acknowledged append is durable; an error of the statement
//! rolls all of it back. Inside the statement each command's first event is
//! inserted with `ON CONFLICT (stream_id, stream_version) DO NOTHING`: a
//! command whose first version is taken (wrong `NoStream`, a stale `Exact`, a
//! lost `Any` race) writes nothing and is answered
//! [`AppendError::WrongExpectedVersion`] without touching its neighbours.
//! Its remaining events are inserted only if its first one was. Since a
//! stream's versions are always a prefix `1..=m` of the integers, a taken
//! later version implies a taken first one, so a command never half-lands.
//!
//! When the statement fails because of the data (an integrity or data error,
//! a deadlock: PostgreSQL has rolled it back and named no command), each
//! command of the batch is retried on its own, so one bad command fails only
//! itself. Any other failure (the connection died, the server shut down) fails
//! every command of the batch: their outcome is not known to be a commit.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use anyhow::{Context, anyhow};
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};
use tokio::sync::oneshot;
use uuid::Uuid;

use super::append;
use crate::types::{AppendError, AppendRequest, AppendResult, ExpectedVersion};

/// Committer tasks (so batches, and connections) in flight at once, unless
/// the store is built with another number. More than one lets a batch form
/// and run while another waits for its WAL flush; PostgreSQL flushes those
/// that overlap together. Two measured best at 16 writers on the 2-core
/// machine once each committer kept its connection (docs/BENCHMARKS.md,
/// "group commit, third round"): batches of ~7.5 against ~3.8 with four,
/// and one committer makes a slow flush wait for the next statement.
pub const COMMITTERS: usize = 2;
/// At most this many commands in one batch.
pub const MAX_COMMANDS: usize = 256;
/// At most this many events in one batch (a bigger command goes alone).
pub const MAX_EVENTS: usize = 2048;

type Reply = oneshot::Sender<Result<AppendResult, AppendError>>;

struct Pending {
    request: Arc<AppendRequest>,
    reply: Reply,
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Pending>,
    /// Committer slots taken: committer tasks running plus lone appends being
    /// written by their callers ([`GroupCommit::inline`]).
    active: usize,
}

/// What group commit has done so far, for benchmarks and tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GroupCommitStats {
    /// Batches written (a lone append is a batch of one).
    pub batches: u64,
    /// Batches of more than one command.
    pub shared_batches: u64,
    /// Commands in all batches.
    pub commands: u64,
    /// The most commands one batch held.
    pub largest: u64,
    /// Appends waiting for a committer now.
    pub queued: usize,
    /// Committer slots taken now (0 when the store is idle).
    pub active: usize,
}

pub(super) struct GroupCommit {
    pool: PgPool,
    committers: usize,
    queue: Mutex<Queue>,
    batches: AtomicU64,
    shared_batches: AtomicU64,
    commands: AtomicU64,
    largest: AtomicU64,
}

impl GroupCommit {
    pub(super) fn new(pool: PgPool, committers: usize) -> Self {
        Self {
            pool,
            committers: committers.max(1),
            queue: Mutex::new(Queue::default()),
            batches: AtomicU64::new(0),
            shared_batches: AtomicU64::new(0),
            commands: AtomicU64::new(0),
            largest: AtomicU64::new(0),
        }
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        // The lock guards plain data and no code panics holding it.
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(super) fn stats(&self) -> GroupCommitStats {
        let (queued, active) = {
            let queue = self.queue();
            (queue.waiting.len(), queue.active)
        };
        GroupCommitStats {
            batches: self.batches.load(Ordering::Relaxed),
            shared_batches: self.shared_batches.load(Ordering::Relaxed),
            commands: self.commands.load(Ordering::Relaxed),
            largest: self.largest.load(Ordering::Relaxed),
            queued,
            active,
        }
    }

    /// Appends `request` (which has no side effects) in the next batch and
    /// answers once that batch has committed or failed.
    pub(super) async fn append(
        self: &Arc<Self>,
        request: Arc<AppendRequest>,
    ) -> Result<AppendResult, AppendError> {
        if request.events.is_empty() {
            // Nothing to write: a batch would read "no rows" as a conflict.
            return self.alone(&request, &mut None).await;
        }
        let queued = {
            let mut queue = self.queue();
            let free = queue.active < self.committers;
            if free {
                queue.active += 1;
            }
            if free && queue.waiting.is_empty() {
                None
            } else {
                let (reply, answer) = oneshot::channel();
                queue.waiting.push_back(Pending {
                    request: request.clone(),
                    reply,
                });
                Some((free, answer))
            }
        };
        let Some((start, answer)) = queued else {
            // Nothing waits and a committer slot was free (now taken): the
            // batch would be this append alone, so it is written here, with
            // no queue, task or channel between the caller and its statement
            // (the 1-writer path; a committer would do exactly the same).
            return self.inline(&request).await;
        };
        if start {
            // A task of its own: a caller that gives up (a dropped request
            // future) must not abandon a batch holding other callers' appends.
            tokio::spawn(self.clone().run());
        }
        answer.await.unwrap_or_else(|_| {
            Err(AppendError::Internal(anyhow!(
                "the group committer stopped before answering"
            )))
        })
    }

    /// A batch of one written by its caller, holding a committer slot. What
    /// queued behind it meanwhile is handed to a committer task when the slot
    /// is given back ([`Active`]'s drop), also if the caller gives up half way
    /// (its future dropped): only its own append is abandoned, never another's.
    async fn inline(
        self: &Arc<Self>,
        request: &AppendRequest,
    ) -> Result<AppendResult, AppendError> {
        let _slot = Active {
            group: self.clone(),
            counted: true,
        };
        self.count_batch(1);
        self.alone(request, &mut None).await
    }

    /// One committer: batch after batch until nothing waits.
    async fn run(self: Arc<Self>) {
        let mut active = Active {
            group: self.clone(),
            counted: true,
        };
        // One connection for the committer's batches back to back: taking it
        // from the pool for each would add the pool's liveness ping, a round
        // trip, to every batch. It goes back when the queue is empty, and
        // after a failure that may have broken it.
        let mut held = None;
        loop {
            let batch = {
                let mut queue = self.queue();
                let batch = take_batch(&mut queue.waiting);
                if batch.is_empty() {
                    // Decided under the same lock a newcomer checks `active`
                    // under, so no append is left waiting without a committer.
                    queue.active -= 1;
                    active.counted = false;
                    return;
                }
                batch
            };
            self.commit(batch, &mut held).await;
            // Let the callers just answered run first: most append again at
            // once, and then join the next batch instead of trickling in
            // behind a batch of one or two.
            tokio::task::yield_now().await;
        }
    }

    async fn commit(&self, mut batch: Vec<Pending>, held: &mut Option<PoolConnection<Postgres>>) {
        let n = batch.len() as u64;
        self.count_batch(n);
        if batch.len() == 1 {
            let Pending { request, reply } = batch.remove(0);
            let _ = reply.send(self.alone(&request, held).await);
            return;
        }
        self.shared_batches.fetch_add(1, Ordering::Relaxed);
        let written = match self.connection(held).await {
            Ok(conn) => insert_batch(conn, &batch).await,
            Err(e) => Err(e),
        };
        if written
            .as_ref()
            .is_err_and(|e| !rolled_back_for_the_data(e))
        {
            close(held);
        }
        match written {
            Ok(mut outcomes) => {
                for Pending { request, reply } in batch {
                    let outcome = outcomes.remove(&request.stream_id).ok_or_else(|| {
                        AppendError::WrongExpectedVersion {
                            stream_id: request.stream_id.clone(),
                            expected: request.expected,
                        }
                    });
                    let _ = reply.send(outcome);
                }
            }
            Err(e) if rolled_back_for_the_data(&e) => {
                // PostgreSQL rolled the statement back but does not say whose
                // command it was: each one again on its own, on the same
                // connection (a data error leaves it sound).
                for Pending { request, reply } in batch {
                    let _ = reply.send(self.alone(&request, held).await);
                }
            }
            Err(e) => {
                let message = format!("{e:#}");
                for Pending { reply, .. } in batch {
                    let _ = reply.send(Err(AppendError::Internal(anyhow!(
                        "a group commit of {n} appends failed, none was acknowledged: {message}"
                    ))));
                }
            }
        }
    }

    /// The committer's connection, taken from the pool if it holds none.
    async fn connection<'c>(
        &self,
        held: &'c mut Option<PoolConnection<Postgres>>,
    ) -> anyhow::Result<&'c mut PgConnection> {
        let conn = match held {
            Some(conn) => conn,
            None => held.insert(
                self.pool
                    .acquire()
                    .await
                    .context("Failed to get a connection to append")?,
            ),
        };
        Ok(&mut **conn)
    }

    fn count_batch(&self, commands: u64) {
        self.batches.fetch_add(1, Ordering::Relaxed);
        self.commands.fetch_add(commands, Ordering::Relaxed);
        self.largest.fetch_max(commands, Ordering::Relaxed);
    }

    /// One command in its own autocommitted statement, on `held` (a
    /// committer's connection, or `&mut None` for one from the pool that goes
    /// back after), closed after a failure that may have broken it.
    async fn alone(
        &self,
        request: &AppendRequest,
        held: &mut Option<PoolConnection<Postgres>>,
    ) -> Result<AppendResult, AppendError> {
        let outcome = match self.connection(held).await {
            Ok(conn) => append::insert_alone(conn, request).await,
            Err(e) => Err(e.into()),
        };
        if matches!(outcome, Err(AppendError::Internal(_))) {
            close(held);
        }
        outcome
    }
}

/// Keeps the committer count right if a committer task unwinds (a panic),
/// and gives back an inline append's slot: with appends still waiting, a new
/// committer takes its place, so none is left without one (their callers
/// would wait for ever).
struct Active {
    group: Arc<GroupCommit>,
    counted: bool,
}

impl Drop for Active {
    fn drop(&mut self) {
        if !self.counted {
            return;
        }
        let mut queue = self.group.queue();
        if queue.waiting.is_empty() {
            queue.active -= 1;
            return;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                // The slot passes to the new committer.
                drop(queue);
                runtime.spawn(self.group.clone().run());
            }
            Err(_) => {
                // Dropped outside a runtime (it is shutting down): no task can
                // run, so the waiting appends are answered "stopped before
                // answering" (their replies dropped) instead of never.
                queue.active -= 1;
                queue.waiting.clear();
            }
        }
    }
}

/// Closes a committer's connection after a failure that may have broken it,
/// instead of handing it back to the pool; the next batch takes a fresh one.
fn close(held: &mut Option<PoolConnection<Postgres>>) {
    if let Some(mut conn) = held.take() {
        conn.close_on_drop();
    }
}

/// The next batch, oldest first: at most one command per stream (a second one
/// waits for the next batch, so two commands of one stream never race inside
/// one statement), within the size caps.
fn take_batch(waiting: &mut VecDeque<Pending>) -> Vec<Pending> {
    let mut batch = Vec::new();
    let mut streams = HashSet::new();
    let mut events = 0;
    let mut later = VecDeque::new();
    while let Some(pending) = waiting.pop_front() {
        let size = pending.request.events.len();
        if batch.len() == MAX_COMMANDS || (!batch.is_empty() && events + size > MAX_EVENTS) {
            waiting.push_front(pending);
            break;
        }
        if streams.insert(pending.request.stream_id.clone()) {
            events += size;
            batch.push(pending);
        } else {
            later.push_back(pending);
        }
    }
    while let Some(pending) = later.pop_back() {
        waiting.push_front(pending);
    }
    batch
}

/// Whether PostgreSQL refused the statement because of what it wrote (and so
/// rolled it back and is ready for the next): an integrity or data error, or
/// a deadlock / serialization failure.
fn rolled_back_for_the_data(e: &anyhow::Error) -> bool {
    e.downcast_ref::<sqlx::Error>()
        .and_then(|e| e.as_database_error())
        .and_then(|db| db.code())
        .is_some_and(|code| {
            ["22", "23", "40"]
                .iter()
                .any(|class| code.starts_with(class))
        })
}

/// Writes a batch of commands on distinct streams in one statement. Returns
/// the result of each command that was written, by stream; a command absent
/// from the map wrote nothing because its expected version did not hold.
async fn insert_batch(
    conn: &mut PgConnection,
    batch: &[Pending],
) -> anyhow::Result<HashMap<String, AppendResult>> {
    // One array per column: of the commands, then of all their events.
    let mut streams = Vec::with_capacity(batch.len());
    let mut kinds = Vec::with_capacity(batch.len());
    let mut exacts = Vec::with_capacity(batch.len());
    let mut metadata = Vec::with_capacity(batch.len());
    let mut recorded_at: Vec<Option<DateTime<Utc>>> = Vec::with_capacity(batch.len());
    let mut command: Vec<i64> = vec![];
    let mut n: Vec<i64> = vec![];
    let mut ids: Vec<Uuid> = vec![];
    let mut types: Vec<&str> = vec![];
    let mut versions: Vec<i32> = vec![];
    let mut payloads: Vec<Value> = vec![];
    let mut subjects: Vec<Option<Uuid>> = vec![];
    for (i, Pending { request, .. }) in (1..).zip(batch) {
        let (kind, exact) = match request.expected {
            ExpectedVersion::Any => ("any", 0),
            ExpectedVersion::NoStream => ("no_stream", 0),
            ExpectedVersion::Exact(v) => ("exact", v),
        };
        streams.push(request.stream_id.as_str());
        kinds.push(kind);
        exacts.push(exact);
        metadata
            .push(serde_json::to_value(&request.metadata).context("Failed to encode metadata")?);
        recorded_at.push(request.recorded_at);
        for (j, event) in (1..).zip(&request.events) {
            command.push(i);
            n.push(j);
            ids.push(event.event_id);
            types.push(event.event_type);
            versions.push(event.schema_version);
            payloads.push(event.payload.clone());
            subjects.push(event.data_subject);
        }
    }

    // Each command's current version is looked up once (`command` is
    // materialized; `input` is, being read twice), and not at all for
    // `NoStream`: its version 1 is taken exactly when the stream exists.
    // First events go in stream order: two batches in flight then wait for
    // each other's rows in one order, never in a cycle (no deadlock).
    let one_event_each = batch.iter().all(|p| p.request.events.len() == 1);
    let sql = if one_event_each {
        // The common case, one event per command: no second insert, no join.
        // language=PostgreSQL
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                                 data_subject, recorded_at)
             SELECT c.event_id, c.stream_id, v.current + 1, c.event_type, c.schema_version, c.payload, c.metadata,
                    c.data_subject, coalesce(c.recorded_at, clock_timestamp())
               FROM unnest($1::text[], $2::text[], $3::bigint[], $4::jsonb[], $5::timestamptz[], $6::uuid[], $7::text[],
                           $8::int[], $9::jsonb[], $10::uuid[])
                        AS c(stream_id, kind, exact, metadata, recorded_at, event_id, event_type, schema_version, payload,
                             data_subject),
                    LATERAL (SELECT CASE WHEN c.kind = 'no_stream' THEN 0
                                         ELSE (SELECT coalesce(max(e.stream_version), 0) FROM events e
                                                WHERE e.stream_id = c.stream_id)
                                    END AS current
                              OFFSET 0) v
              WHERE c.kind <> 'exact' OR v.current = c.exact
              ORDER BY c.stream_id
             ON CONFLICT ON CONSTRAINT events_stream_version_key DO NOTHING
             RETURNING stream_id, position, stream_version"
    } else {
        // language=PostgreSQL
        "WITH command AS MATERIALIZED (
             SELECT c.i, c.stream_id, c.metadata, c.recorded_at,
                    CASE WHEN c.kind = 'no_stream' THEN 0
                         ELSE (SELECT coalesce(max(e.stream_version), 0) FROM events e WHERE e.stream_id = c.stream_id)
                    END AS current,
                    c.kind, c.exact
               FROM unnest($1::text[], $2::text[], $3::bigint[], $4::jsonb[], $5::timestamptz[])
                        WITH ORDINALITY AS c(stream_id, kind, exact, metadata, recorded_at, i)
         ),
         admitted AS (
             SELECT * FROM command WHERE kind <> 'exact' OR current = exact
         ),
         input AS (
             SELECT * FROM unnest($6::bigint[], $7::bigint[], $8::uuid[], $9::text[], $10::int[], $11::jsonb[], $12::uuid[])
                        AS e(command, n, event_id, event_type, schema_version, payload, data_subject)
         ),
         first AS (
             INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                                 data_subject, recorded_at)
             SELECT input.event_id, admitted.stream_id, admitted.current + 1, input.event_type, input.schema_version,
                    input.payload, admitted.metadata, input.data_subject, coalesce(admitted.recorded_at, clock_timestamp())
               FROM admitted JOIN input ON input.command = admitted.i AND input.n = 1
              ORDER BY admitted.stream_id
             ON CONFLICT ON CONSTRAINT events_stream_version_key DO NOTHING
             RETURNING stream_id, position, stream_version
         ),
         rest AS (
             INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                                 data_subject, recorded_at)
             SELECT input.event_id, admitted.stream_id, admitted.current + input.n, input.event_type, input.schema_version,
                    input.payload, admitted.metadata, input.data_subject, coalesce(admitted.recorded_at, clock_timestamp())
               FROM first
                    JOIN admitted ON admitted.stream_id = first.stream_id
                    JOIN input ON input.command = admitted.i AND input.n > 1
              ORDER BY admitted.stream_id, input.n
             RETURNING stream_id, position, stream_version
         )
         SELECT stream_id, position, stream_version FROM first
          UNION ALL
         SELECT stream_id, position, stream_version FROM rest"
    };
    let query = sqlx::query_as(sql)
        .bind(&streams)
        .bind(&kinds)
        .bind(&exacts)
        .bind(&metadata)
        .bind(&recorded_at);
    // Only the general statement numbers each command's events.
    let query = if one_event_each {
        query
    } else {
        query.bind(&command).bind(&n)
    };
    let rows: Vec<(String, i64, i64)> = query
        .bind(&ids)
        .bind(&types)
        .bind(&versions)
        .bind(&payloads)
        .bind(&subjects)
        .fetch_all(&mut *conn)
        .await
        .context("Failed to append a group of commands")?;

    let mut results: HashMap<String, AppendResult> = HashMap::with_capacity(batch.len());
    for (stream_id, position, version) in rows {
        let result = results.entry(stream_id).or_insert(AppendResult {
            position: 0,
            version: 0,
        });
        result.position = result.position.max(position);
        result.version = result.version.max(version);
    }
    Ok(results)
}
