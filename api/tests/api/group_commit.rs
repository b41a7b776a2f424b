//! Group commit against a real database: appends that wait together share one
//! statement (one transaction), yet each keeps its own version check and
//! outcome, and nothing is acknowledged that did not commit.
//!
//! To make a batch deterministic, a test locks `events` (every append then
//! blocks), lets each committer start a lone append that waits on the lock,
//! queues the appends under test behind them and only then releases (or kills)
//! what is blocked: the queued appends are then taken as one batch.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use api::config::Config;
use event_store::postgres::group::COMMITTERS;
use event_store::{AppendError, AppendRequest, AppendResult, EventStore, ExpectedVersion};
use serde_json::json;
use sqlx::{PgPool, Postgres, Transaction};
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::fixtures::job_closings;
use crate::support::{Db, PATIENCE, db, test_config, until};

type Appended = JoinHandle<Result<AppendResult, AppendError>>;

fn new_stream() -> String {
    format!("job-{}", Uuid::now_v7())
}

/// A new stream that already holds `events` events.
async fn stream_of(db: &Db, events: usize) -> String {
    let stream = new_stream();
    db.store
        .append(job_closings(&stream, ExpectedVersion::NoStream, events))
        .await
        .unwrap();
    stream
}

fn spawn_append(db: &Db, request: AppendRequest) -> Appended {
    let store = db.store.clone();
    tokio::spawn(async move { store.append(request).await })
}

/// The backends waiting on a lock, by pid.
async fn lock_waiters(pool: &PgPool) -> Vec<i32> {
    let rows: Vec<(i32,)> = sqlx::query_as(
        "SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter().map(|(pid,)| pid).collect()
}

/// What an append answered in good time, which must be a commit.
async fn committed(h: Appended, what: &str) -> AppendResult {
    tokio::time::timeout(PATIENCE, h)
        .await
        .unwrap_or_else(|_| panic!("{what} was left without an answer"))
        .unwrap()
        .unwrap_or_else(|e| panic!("{what} did not commit: {e:?}"))
}

async fn terminate(pool: &PgPool, pids: &[i32]) {
    sqlx::query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid")
        .bind(pids)
        .execute(pool)
        .await
        .unwrap();
}

/// Locks `events` and occupies every committer with a lone append blocked on
/// that lock. Returns the lock's transaction and the blocked appends.
async fn block_the_committers(db: &Db) -> (Transaction<'static, Postgres>, Vec<Appended>) {
    block_committers(db, COMMITTERS).await
}

/// [`block_the_committers`] for a store built with `committers` of them.
async fn block_committers(
    db: &Db,
    committers: usize,
) -> (Transaction<'static, Postgres>, Vec<Appended>) {
    let mut lock = db.pool.begin().await.unwrap();
    sqlx::query("LOCK TABLE events IN SHARE MODE")
        .execute(&mut *lock)
        .await
        .unwrap();
    // One at a time: two plugs queued together would share one committer's
    // batch and leave a committer free.
    let mut plugs = Vec::with_capacity(committers);
    for blocked in 1..=committers as i64 {
        plugs.push(spawn_append(
            db,
            job_closings(&new_stream(), ExpectedVersion::NoStream, 1),
        ));
        until("every committer waits on the lock", async || {
            lock_waiters(&db.pool).await.len() as i64 == blocked
        })
        .await;
    }
    (lock, plugs)
}

/// Queues the requests behind the blocked committers; returns once all wait.
async fn queue(db: &Db, requests: Vec<AppendRequest>) -> Vec<Appended> {
    let n = requests.len();
    let handles = requests.into_iter().map(|r| spawn_append(db, r)).collect();
    until("the appends are queued", async || {
        db.store.group_commit_stats().queued == n
    })
    .await;
    handles
}

/// One first event for each of `streams` (each expects a new stream).
fn first_appends(streams: &[String]) -> Vec<AppendRequest> {
    streams
        .iter()
        .map(|s| job_closings(s, ExpectedVersion::NoStream, 1))
        .collect()
}

/// The streams the conflict tests aim at, named for what their appends
/// expect: one that exists (at version 1), one at version 2, one at 1 and one
/// for `Any` (at 1).
async fn conflict_streams(db: &Db) -> (String, String, String, String) {
    (
        stream_of(db, 1).await,
        stream_of(db, 2).await,
        stream_of(db, 1).await,
        stream_of(db, 1).await,
    )
}

/// Commits the lock's transaction, so the blocked committers (each of which
/// must commit) and then the queued batch go through; returns the batch's
/// results in queue order.
async fn release(
    lock: Transaction<'static, Postgres>,
    plugs: Vec<Appended>,
    queued: Vec<Appended>,
) -> Vec<Result<AppendResult, AppendError>> {
    lock.commit().await.unwrap();
    for plug in plugs {
        plug.await.unwrap().unwrap();
    }
    let mut results = vec![];
    for h in queued {
        results.push(h.await.unwrap());
    }
    results
}

async fn transaction_ids(pool: &PgPool, streams: &[&str]) -> HashSet<i64> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT DISTINCT transaction_id::text::bigint FROM events WHERE stream_id = ANY($1)",
    )
    .bind(streams)
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter().map(|(t,)| t).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_conflict_inside_a_shared_batch_fails_only_its_own_command() {
    let db = db().await;
    let s = &db.store;
    let (existing, at_two, at_one, any) = conflict_streams(&db).await;
    let fresh: Vec<String> = (0..5).map(|_| new_stream()).collect();
    let fresh_multi = new_stream();

    let (lock, plugs) = block_the_committers(&db).await;
    let before = s.group_commit_stats();
    let mut requests = first_appends(&fresh);
    // The two that must fail: a stream that exists, a version it never reached.
    requests.insert(2, job_closings(&existing, ExpectedVersion::NoStream, 1));
    requests.push(job_closings(&at_two, ExpectedVersion::Exact(5), 1));
    requests.push(job_closings(&at_one, ExpectedVersion::Exact(1), 3));
    requests.push(job_closings(&fresh_multi, ExpectedVersion::NoStream, 3));
    requests.push(job_closings(&any, ExpectedVersion::Any, 2));
    let handles = queue(&db, requests).await;
    let results = release(lock, plugs, handles).await;

    let after = s.group_commit_stats();
    assert_eq!(
        after.shared_batches - before.shared_batches,
        1,
        "the queued appends were written as one batch"
    );
    assert_eq!(after.largest, 10);

    assert!(matches!(
        &results[2],
        Err(AppendError::WrongExpectedVersion { stream_id, .. }) if *stream_id == existing
    ));
    assert!(matches!(
        &results[6],
        Err(AppendError::WrongExpectedVersion { stream_id, .. }) if *stream_id == at_two
    ));
    let ok: Vec<AppendResult> = results
        .iter()
        .enumerate()
        .filter(|(i, _)| ![2, 6].contains(i))
        .map(|(_, r)| *r.as_ref().expect("a good command of the batch committed"))
        .collect();
    assert!(ok[..5].iter().all(|r| r.version == 1));
    assert_eq!(ok[5].version, 4, "Exact(1) plus three events");
    assert_eq!(ok[6].version, 3, "a new stream of three events");
    assert_eq!(ok[7].version, 3, "Any after one event, plus two");

    // Every good command's events are there, and in one transaction.
    for f in &fresh {
        assert_eq!(db.stream_versions(f).await, vec![1]);
    }
    assert_eq!(db.stream_versions(&at_one).await, vec![1, 2, 3, 4]);
    assert_eq!(db.stream_versions(&fresh_multi).await, vec![1, 2, 3]);
    assert_eq!(db.stream_versions(&any).await, vec![1, 2, 3]);
    let mut written: Vec<&str> = fresh.iter().map(String::as_str).collect();
    written.push(&fresh_multi);
    let shared = transaction_ids(&db.pool, &written).await;
    assert_eq!(shared.len(), 1, "the batch was one transaction");
    // The failed commands wrote nothing.
    assert_eq!(db.stream_versions(&existing).await, vec![1]);
    assert_eq!(db.stream_versions(&at_two).await, vec![1, 2]);
    // Each command's position is its last event's, its events in version order.
    let events = s.read_stream(&fresh_multi).await.unwrap();
    assert!(events.windows(2).all(|w| w[0].position < w[1].position));
    assert_eq!(ok[6].position, events[2].position);
}

/// The same with one event per command, which takes the batch's simpler
/// statement.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_conflict_in_a_batch_of_single_events_fails_only_its_own_command() {
    let db = db().await;
    let s = &db.store;
    let (existing, at_two, at_one, any) = conflict_streams(&db).await;
    let fresh: Vec<String> = (0..4).map(|_| new_stream()).collect();

    let (lock, plugs) = block_the_committers(&db).await;
    let before = s.group_commit_stats();
    let mut requests = first_appends(&fresh);
    requests.push(job_closings(&existing, ExpectedVersion::NoStream, 1));
    requests.push(job_closings(&at_two, ExpectedVersion::Exact(1), 1));
    requests.push(job_closings(&at_one, ExpectedVersion::Exact(1), 1));
    requests.push(job_closings(&any, ExpectedVersion::Any, 1));
    let handles = queue(&db, requests).await;
    let results = release(lock, plugs, handles).await;
    assert_eq!(
        s.group_commit_stats().shared_batches - before.shared_batches,
        1
    );
    for r in &results[..4] {
        assert_eq!(r.as_ref().unwrap().version, 1);
    }
    assert!(matches!(
        results[4],
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    assert!(matches!(
        results[5],
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    assert_eq!(results[6].as_ref().unwrap().version, 2);
    assert_eq!(results[7].as_ref().unwrap().version, 2);
    assert_eq!(db.stream_versions(&existing).await, vec![1]);
    assert_eq!(db.stream_versions(&at_two).await, vec![1, 2]);
    assert_eq!(db.stream_versions(&at_one).await, vec![1, 2]);
    assert_eq!(db.stream_versions(&any).await, vec![1, 2]);
    let mut written: Vec<&str> = fresh.iter().map(String::as_str).collect();
    written.push(&at_one);
    written.push(&any);
    // at_one and any hold older events too: count only the batch's.
    let (tx,): (i64,) = sqlx::query_as(
        "SELECT count(DISTINCT transaction_id)::bigint FROM events
          WHERE stream_id = ANY($1) AND (stream_id = ANY($2) OR stream_version = 2)",
    )
    .bind(&written)
    .bind(fresh.iter().map(String::as_str).collect::<Vec<_>>())
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(tx, 1, "the batch was one transaction");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_command_postgres_refuses_inside_a_batch_fails_alone() {
    let db = db().await;
    let fresh: Vec<String> = (0..4).map(|_| new_stream()).collect();
    let poisoned = new_stream();
    let mut bad = job_closings(&poisoned, ExpectedVersion::NoStream, 1);
    // jsonb cannot hold U+0000: PostgreSQL refuses the whole statement.
    bad.events[0].payload = json!({"closed_by": "\u{0}"});

    let (lock, plugs) = block_the_committers(&db).await;
    let mut requests = first_appends(&fresh);
    requests.insert(1, bad);
    let handles = queue(&db, requests).await;
    let results = release(lock, plugs, handles).await;
    assert!(matches!(results[1], Err(AppendError::Internal(_))));
    for (i, r) in results.iter().enumerate().filter(|(i, _)| *i != 1) {
        assert_eq!(r.as_ref().unwrap().version, 1, "command {i} committed");
    }
    for f in &fresh {
        assert_eq!(db.stream_versions(f).await, vec![1]);
    }
    assert!(db.stream_versions(&poisoned).await.is_empty());
    assert!(db.store.group_commit_stats().shared_batches >= 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_batch_whose_connection_dies_acknowledges_nothing() {
    let db = db().await;
    let streams: Vec<String> = (0..6).map(|_| new_stream()).collect();
    let (lock, plugs) = block_the_committers(&db).await;
    let before = db.store.group_commit_stats();
    let handles = queue(&db, first_appends(&streams)).await;
    let mut all = plugs;
    all.extend(handles);

    // Kill whatever waits on the lock (the plugs, then the batch that follows
    // them) until every append has its answer.
    until("every append is answered", async || {
        terminate(&db.pool, &lock_waiters(&db.pool).await).await;
        all.iter().all(|h| h.is_finished())
    })
    .await;
    lock.rollback().await.unwrap();

    let after = db.store.group_commit_stats();
    assert_eq!(
        after.shared_batches - before.shared_batches,
        1,
        "the six were one batch"
    );
    assert_eq!(after.largest, 6);
    for h in all {
        assert!(matches!(h.await.unwrap(), Err(AppendError::Internal(_))));
    }
    let names: Vec<&str> = streams.iter().map(String::as_str).collect();
    assert!(
        transaction_ids(&db.pool, &names).await.is_empty(),
        "none of the failed batch's events exist"
    );
}

/// A committer keeps its connection from one batch to the next, so a batch
/// whose connection died must leave the next batch a fresh one: the appends
/// queued behind it commit.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_batch_after_one_whose_connection_died_commits() {
    let mut db = db().await;
    // One committer, so the second batch is written by the same task.
    db.store = db.store.clone().with_group_committers(1);
    let streams: Vec<String> = (0..6).map(|_| new_stream()).collect();
    let (lock, plugs) = block_committers(&db, 1).await;
    // Two commands for each stream: a batch takes one command a stream, so
    // the second ones wait for the batch after. The first ones are queued
    // before the second ones are sent (tasks spawned together can reach the
    // queue in any order).
    let doomed = queue(&db, first_appends(&streams)).await;
    let next: Vec<Appended> = streams
        .iter()
        .map(|s| spawn_append(&db, job_closings(s, ExpectedVersion::Any, 1)))
        .collect();
    until("the second commands are queued too", async || {
        db.store.group_commit_stats().queued == 2 * streams.len()
    })
    .await;

    // The plug first; then the first batch takes its place on the lock. A
    // killed backend can still be listed as waiting for a moment after its
    // client has the error, so the batch is told apart from it by pid.
    let plug = lock_waiters(&db.pool).await;
    assert_eq!(plug.len(), 1);
    terminate(&db.pool, &plug).await;
    let mut batch = vec![];
    until(
        "the plug is answered and the first batch waits",
        async || {
            batch = lock_waiters(&db.pool).await;
            batch.retain(|pid| !plug.contains(pid));
            plugs.iter().all(|p| p.is_finished()) && batch.len() == 1
        },
    )
    .await;
    let before = db.store.group_commit_stats();
    terminate(&db.pool, &batch).await;
    until("the first batch is answered", async || {
        doomed.iter().all(|h| h.is_finished())
    })
    .await;
    lock.rollback().await.unwrap();

    for h in doomed {
        assert!(matches!(h.await.unwrap(), Err(AppendError::Internal(_))));
    }
    for h in next {
        assert_eq!(
            committed(h, "the batch after the dead connection")
                .await
                .version,
            1
        );
    }
    let after = db.store.group_commit_stats();
    assert_eq!(
        after.shared_batches - before.shared_batches,
        1,
        "the second commands were one batch of their own"
    );
    let names: Vec<&str> = streams.iter().map(String::as_str).collect();
    assert_eq!(transaction_ids(&db.pool, &names).await.len(), 1);
}

/// GROUP_COMMITTERS is bounded, and the store the app builds has that many
/// committers: with its one committer blocked, the next append waits in the
/// queue (with the default two it would be written at once, inline).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_committers_come_from_the_config() {
    let with = |group_committers| Config {
        group_committers,
        ..test_config("committers")
    };
    for bad in [0, 17] {
        let error = with(bad).validate().unwrap_err().to_string();
        assert!(error.contains("GROUP_COMMITTERS"), "{bad}: {error}");
    }
    // The committers hold their connections under load: the pool must keep
    // one at least for everything else.
    let all_of_the_pool = Config {
        pool_size: 4,
        ..with(4)
    };
    assert_eq!(
        all_of_the_pool.validate().unwrap_err().to_string(),
        "GROUP_COMMITTERS must be less than DATABASE_POOL_SIZE"
    );
    Config {
        pool_size: 5,
        ..with(4)
    }
    .validate()
    .unwrap();
    let config = with(1);
    config.validate().unwrap();
    let mut db = db().await;
    db.store = api::app::event_store(&config, db.pool.clone()).unwrap();

    let (lock, plugs) = block_committers(&db, 1).await;
    let queued = queue(&db, first_appends(&[new_stream()])).await;
    assert_eq!(db.store.group_commit_stats().active, 1);
    lock.commit().await.unwrap();
    for h in plugs.into_iter().chain(queued) {
        assert_eq!(h.await.unwrap().unwrap().version, 1);
    }
}

/// A lone append is written by its caller, holding a committer slot. A caller
/// that gives up (its request future dropped, as when a client disconnects)
/// must hand what queued behind it to a committer, or those appends would wait
/// for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn appends_queued_behind_inline_writers_that_give_up_still_commit() {
    let db = db().await;
    let streams: Vec<String> = (0..6).map(|_| new_stream()).collect();
    let (lock, plugs) = block_the_committers(&db).await;
    assert_eq!(db.store.group_commit_stats().active, COMMITTERS);
    let handles = queue(&db, first_appends(&streams)).await;

    // Every slot holder gives up while its statement waits on the lock.
    for plug in &plugs {
        plug.abort();
    }
    for plug in plugs {
        assert!(plug.await.unwrap_err().is_cancelled());
    }
    lock.commit().await.unwrap();

    for h in handles {
        assert_eq!(committed(h, "a queued append").await.version, 1);
    }
    for s in &streams {
        assert_eq!(db.stream_versions(s).await, vec![1]);
    }
    until("every committer slot is given back", async || {
        db.store.group_commit_stats().active == 0
    })
    .await;
    assert_eq!(db.store.group_commit_stats().queued, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_acknowledged_append_is_in_the_log_while_connections_die() {
    let db = db().await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let killer = {
        let pool = db.pool.clone();
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let mut killed = 0u64;
            while !*stopped.borrow() {
                let (n,): (i64,) = sqlx::query_as(
                    "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
                      WHERE datname = current_database() AND pid <> pg_backend_pid()
                        AND state = 'active' AND query LIKE '%INSERT INTO events%'",
                )
                .fetch_one(&pool)
                .await
                .unwrap_or((0,));
                killed += n as u64;
                let _ = tokio::time::timeout(Duration::from_millis(3), stopped.changed()).await;
            }
            killed
        })
    };
    let writers = (0..16).map(|_| {
        let store = db.store.clone();
        tokio::spawn(async move {
            let mut results = vec![];
            for _ in 0..25 {
                let stream = new_stream();
                let r = store
                    .append(job_closings(&stream, ExpectedVersion::NoStream, 1))
                    .await;
                results.push((stream, r));
            }
            results
        })
    });
    let mut results = vec![];
    for w in futures::future::join_all(writers).await {
        results.extend(w.unwrap());
    }
    stop.send(true).unwrap();
    let killed = killer.await.unwrap();

    let stored: HashMap<String, (i64, i64)> = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT stream_id, position, stream_version FROM events",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .map(|(s, p, v)| (s, (p, v)))
    .collect();
    let acknowledged: Vec<_> = results
        .iter()
        .filter_map(|(s, r)| r.as_ref().ok().map(|r| (s, r)))
        .collect();
    assert!(!acknowledged.is_empty());
    for (stream, r) in &acknowledged {
        assert_eq!(
            stored.get(*stream),
            Some(&(r.position, r.version)),
            "acknowledged append to {stream} is in the log"
        );
    }
    for (_, r) in &results {
        if let Err(e) = r {
            assert!(matches!(e, AppendError::Internal(_)), "{e}");
        }
    }
    eprintln!(
        "{} acknowledged, {} failed, {killed} backends killed, {:?}",
        acknowledged.len(),
        results.len() - acknowledged.len(),
        db.store.group_commit_stats()
    );
}
