//! The projector runtime against a real database: leadership across runtimes,
//! failure isolation, crash safety and rebuilds.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use domain::job::{JobEvent, JobPosted, JobType};
use event_store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent, PgEventStore};
use projections::{BoxFuture, Change, ChangeFeed, Decoded, Projector};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::support::{Db, PATIENCE, db, fast_runtime, until};

/// A safety poll no test lives to see: what a test waits for happens because
/// it was announced, or not at all.
const NEVER: Duration = Duration::from_secs(3600);

fn posted(n: usize) -> JobEvent {
    JobEvent::JobPosted(JobPosted {
        employer_id: Uuid::now_v7(),
        company: format!("Company {n}"),
        title: format!("Engineer {n}"),
        location_id: None,
        location: "Sydney CBD, NSW".into(),
        job_type: JobType::Contract,
        specialisation: domain::job::Specialisation::Digital,
        salary: String::new(),
        salary_range_id: None,
        description: "d".into(),
        responsibilities: vec![],
        requirements: vec![],
        expires_at: None,
        posted_at: Utc::now(),
        draft: false,
    })
}

/// Appends `jobs` postings, each followed by a close of every third one.
async fn write_history(store: &PgEventStore, jobs: usize) {
    let writes = (0..jobs).map(|n| {
        let mut events = vec![NewEvent::from_domain(&posted(n), None)];
        if n % 3 == 0 {
            events.push(NewEvent::from_domain(
                &JobEvent::JobClosed {
                    closed_by: Uuid::nil(),
                    closed_at: Utc::now(),
                },
                None,
            ));
        }
        store.append(AppendRequest::new(
            format!("job-{}", Uuid::now_v7()),
            ExpectedVersion::NoStream,
            events,
            Metadata::system(event_store::Actor::Test),
        ))
    });
    for r in futures::future::join_all(writes).await {
        r.unwrap();
    }
}

async fn job_rows(pool: &PgPool) -> i64 {
    sqlx::query_as::<_, (i64,)>("SELECT count(*) FROM jobs")
        .fetch_one(pool)
        .await
        .unwrap()
        .0
}

/// The real projector runtime over `projectors`, with no one listening.
async fn start(
    db: &Db,
    projectors: Vec<Arc<dyn Projector>>,
    config: projections::RuntimeConfig,
) -> projections::RuntimeHandle {
    projections::start(db.source.clone(), projectors, ChangeFeed::default(), config)
        .await
        .unwrap()
}

/// The newest event in read order (under concurrent appends not always the
/// highest position).
async fn head(db: &Db) -> i64 {
    db.store.head_position().await.unwrap()
}

async fn wait_caught_up(db: &Db, names: &[&str]) {
    let position = head(db).await;
    assert!(
        projections::wait::until_position(&db.source, names, position, PATIENCE)
            .await
            .unwrap(),
        "projectors did not catch up"
    );
}

async fn snapshot(pool: &PgPool, table: &str) -> Vec<String> {
    sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(format!(
        "SELECT row_to_json(t)::text FROM {table} t ORDER BY id"
    )))
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .map(|(s,)| s)
    .collect()
}

#[tokio::test]
async fn with_two_runtimes_on_one_database_each_projector_has_exactly_one_leader() {
    let db = db().await;
    let names: Vec<&str> = projections::all().iter().map(|p| p.name()).collect();
    let a = start(&db, projections::all(), fast_runtime()).await;
    let b = start(&db, projections::all(), fast_runtime()).await;
    until("every projector has a leader", async || {
        a.leading().len() + b.leading().len() >= names.len()
    })
    .await;
    let (mut led_a, led_b) = (a.leading(), b.leading());
    assert!(
        led_a.iter().all(|n| !led_b.contains(n)),
        "a projector has two leaders: {led_a:?} / {led_b:?}"
    );
    led_a.extend(led_b.iter());
    led_a.sort();
    let mut all = names.clone();
    all.sort();
    assert_eq!(led_a, all, "every projector has a leader");

    write_history(&db.store, 30).await;
    wait_caught_up(&db, &names).await;
    let rows = job_rows(&db.pool).await;
    assert_eq!(rows, 30, "each event applied exactly once");

    // The leader goes away: the standby takes over and keeps the model current.
    drop(a);
    until("the standby leads every projector", async || {
        b.leading().len() == names.len()
    })
    .await;
    let mut led = b.leading();
    led.sort();
    assert_eq!(led, all, "the standby took over every projector");
    write_history(&db.store, 5).await;
    wait_caught_up(&db, &names).await;
    let rows = job_rows(&db.pool).await;
    assert_eq!(rows, 35);
}

/// A test projector that writes nothing: `Fragile` fails every batch that
/// holds a closed job, `Gated` waits at its [`Gate`] in every batch so a test
/// can act while a batch is in flight, `Blind` reads no event and fails any
/// batch it is handed.
/// `Echo` is a policy: it answers each posting by posting an echo of it,
/// inside its batch (as the product's policies raise notices), after a pause
/// by which every other projector has gone idle.
enum Probe {
    Fragile,
    Gated(Arc<Gate>),
    Blind,
    Echo(event_store::postgres::DataKeys),
}

/// Where a `Gated` projector's batches wait, inside their transaction, until
/// the test lets them through: the test knows how many batches arrived and
/// decides how many pass, so nothing depends on how fast the machine is.
struct Gate {
    passes: tokio::sync::Semaphore,
    arrived: tokio::sync::watch::Sender<usize>,
}

impl Gate {
    /// Shut: no batch passes until the test opens it.
    fn shut() -> Self {
        Self {
            passes: tokio::sync::Semaphore::new(0),
            arrived: tokio::sync::watch::Sender::new(0),
        }
    }

    async fn pass(&self) {
        self.arrived.send_modify(|n| *n += 1);
        self.passes
            .acquire()
            .await
            .expect("the gate stays open")
            .forget();
    }

    /// How many batches have come to the gate.
    fn arrived(&self) -> usize {
        *self.arrived.borrow()
    }

    /// Lets `n` more batches through.
    fn open(&self, n: usize) {
        self.passes.add_permits(n);
    }

    /// Waits until `n` batches in all have come to the gate.
    async fn until_arrived(&self, n: usize) {
        let mut arrived = self.arrived.subscribe();
        tokio::time::timeout(PATIENCE, arrived.wait_for(|a| *a >= n))
            .await
            .unwrap_or_else(|_| panic!("{n} batches never reached the gate"))
            .unwrap();
    }
}

impl Projector for Probe {
    fn name(&self) -> &'static str {
        match self {
            Probe::Fragile => "fragile",
            Probe::Gated(_) => "gated",
            Probe::Blind => "blind",
            Probe::Echo(_) => "echo",
        }
    }

    fn reads(&self, event: &domain::AnyEvent) -> bool {
        match self {
            Probe::Blind => false,
            Probe::Echo(_) => matches!(event, domain::AnyEvent::Job(JobEvent::JobPosted(_))),
            Probe::Fragile | Probe::Gated(_) => true,
        }
    }

    fn appends(&self) -> bool {
        matches!(self, Probe::Echo(_))
    }

    fn tables(&self) -> &'static [&'static str] {
        &[]
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [Decoded],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>> {
        Box::pin(async move {
            match self {
                Probe::Fragile if events.iter().any(|e| e.recorded.event_type == "JobClosed") => {
                    anyhow::bail!("cannot handle a closed job")
                }
                Probe::Fragile => {}
                Probe::Gated(gate) => gate.pass().await,
                Probe::Blind => anyhow::bail!("handed a batch it does not read"),
                Probe::Echo(keys) => echo_postings(conn, keys, events).await?,
            }
            Ok(vec![])
        })
    }
}

#[tokio::test]
async fn a_failing_projector_retries_with_backoff_is_visible_and_the_others_keep_going() {
    let db = db().await;
    let mut set = projections::all();
    set.push(Arc::new(Probe::Fragile));
    let _runtime = start(&db, set, fast_runtime()).await;
    write_history(&db.store, 9).await;
    wait_caught_up(
        &db,
        &["accounts", "job_board", "reference", "contact_messages"],
    )
    .await;

    let mut status = vec![];
    until("the fragile projector has tried three times", async || {
        status = projections::status(&db.pool).await.unwrap();
        status
            .iter()
            .any(|s| s.name == "fragile" && s.attempts >= 3)
    })
    .await;
    let fragile = status.iter().find(|s| s.name == "fragile").unwrap();
    assert_eq!(fragile.status, "failing");
    assert!(fragile.attempts >= 3, "it retried: {fragile:?}");
    assert!(
        fragile
            .last_error
            .as_deref()
            .unwrap()
            .contains("cannot handle a closed job")
    );
    assert!(fragile.lag > 0 && fragile.failing_since.is_some());
    let board = status.iter().find(|s| s.name == "job_board").unwrap();
    assert_eq!((board.status.as_str(), board.lag), ("live", 0));
}

/// An event costs a batch transaction only in the projectors that read it;
/// the others' checkpoints still pass it, so reads that wait for them return.
#[tokio::test]
async fn a_projector_is_never_handed_a_batch_it_does_not_read_and_still_passes_it() {
    let db = db().await;
    let mut set = projections::all();
    set.push(Arc::new(Probe::Blind));
    let _runtime = start(&db, set, fast_runtime()).await;
    write_history(&db.store, 9).await;
    wait_caught_up(&db, &["blind", "job_board"]).await;

    let status = projections::status(&db.pool).await.unwrap();
    let blind = status.iter().find(|s| s.name == "blind").unwrap();
    assert_eq!(
        (blind.status.as_str(), blind.lag, blind.attempts),
        ("live", 0, 0),
        "{blind:?}"
    );
    assert_eq!(blind.events_seen, 12, "9 postings and 3 closes passed over");
    assert_eq!(job_rows(&db.pool).await, 9);
}

async fn echo_postings(
    conn: &mut PgConnection,
    keys: &event_store::postgres::DataKeys,
    events: &[Decoded],
) -> anyhow::Result<()> {
    tokio::time::sleep(Duration::from_millis(300)).await;
    for d in events {
        let Some(domain::AnyEvent::Job(JobEvent::JobPosted(p))) = &d.event else {
            continue;
        };
        if p.company == "Echo" {
            continue;
        }
        let mut echo = posted(0);
        if let JobEvent::JobPosted(e) = &mut echo {
            e.company = "Echo".into();
        }
        let request = AppendRequest::new(
            format!("job-{}", Uuid::now_v7()),
            ExpectedVersion::NoStream,
            vec![NewEvent::from_domain(&echo, None)],
            Metadata::system(event_store::Actor::Test),
        );
        event_store::postgres::append_within(conn, keys, &request).await?;
    }
    Ok(())
}

/// Events a policy appends inside its batch are announced by no append: the
/// runtime wakes the others after such a batch, so they are not left to the
/// safety poll (which here never comes).
#[tokio::test]
async fn what_a_policy_appends_in_its_batch_reaches_the_read_models_without_the_poll() {
    let db = db().await;
    let mut config = fast_runtime();
    config.poll_interval = NEVER;
    let mut set = projections::all();
    let names: Vec<&str> = set.iter().map(|p| p.name()).collect();
    set.push(Arc::new(Probe::Echo(crate::support::development_keys())));
    let runtime = start(&db, set, config).await;
    until("the runtime leads every projector", async || {
        runtime.leading().len() > names.len()
    })
    .await;

    write_history(&db.store, 3).await;
    until(
        "3 postings and their 3 echoes are on the board",
        async || job_rows(&db.pool).await == 6,
    )
    .await;
}

#[tokio::test]
async fn killing_a_runtime_mid_batch_then_restarting_matches_a_clean_rebuild_row_for_row() {
    let db = db().await;
    write_history(&db.store, 1500).await;
    let mut config = fast_runtime();
    config.batch_size = 40;
    let runtime = start(&db, projections::all(), config.clone()).await;
    // Let it get part of the way, then kill it wherever it is.
    let target = head(&db).await;
    // (A current-thread test: once the query answers, nothing else runs
    // before the abort, so the runtime is stopped where it was seen.)
    until("the first batches are in", async || {
        checkpoint_of(&db.pool, "job_board").await > 0
    })
    .await;
    runtime.abort();
    let (partial,): (i64,) =
        sqlx::query_as("SELECT last_position FROM projector_checkpoints WHERE name = 'job_board'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(
        partial > 0 && partial < target,
        "killed mid-way ({partial} of {target})"
    );

    let _restarted = start(&db, projections::all(), config).await;
    wait_caught_up(&db, &["job_board", "accounts"]).await;
    let live = snapshot(&db.pool, "jobs").await;
    assert_eq!(live.len(), 1500);

    let report = projections::rebuild::rebuild(
        &db.source,
        &projections::read_models::job_board::JobBoardProjector,
        300,
        |_| {},
    )
    .await
    .unwrap();
    assert_eq!(report.events, 2000);
    let rebuilt = snapshot(&db.pool, "jobs").await;
    assert_eq!(
        live, rebuilt,
        "restarted model equals a clean rebuild, row for row"
    );
}

#[tokio::test]
async fn a_rebuild_swaps_in_while_the_live_runner_keeps_going() {
    let db = db().await;
    write_history(&db.store, 200).await;
    let _runtime = start(&db, projections::all(), fast_runtime()).await;
    wait_caught_up(&db, &["job_board"]).await;
    // Writes keep arriving during the rebuild.
    let store = db.store.clone();
    let writer = tokio::spawn(async move {
        for _ in 0..10 {
            write_history(&store, 5).await;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    });
    projections::rebuild::rebuild(
        &db.source,
        &projections::read_models::job_board::JobBoardProjector,
        50,
        |_| {},
    )
    .await
    .unwrap();
    writer.await.unwrap();
    wait_caught_up(&db, &["job_board"]).await;
    let rows = job_rows(&db.pool).await;
    assert_eq!(rows, 250, "no event lost or doubled across the swap");
    let (schemas,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild_%'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(schemas, 0, "the shadow schema is gone");
    let (grant,): (bool,) =
        sqlx::query_as("SELECT has_table_privilege('recruit_analyst', 'jobs', 'SELECT')")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(grant, "analysts can still read the swapped-in table");
}

/// Regression: events hidden behind an older open transaction used to wait for
/// the safety poll after that transaction ended, since nothing announces it.
#[tokio::test]
async fn a_projector_held_back_by_an_open_transaction_catches_up_when_it_ends() {
    let db = db().await;
    let mut config = fast_runtime();
    config.poll_interval = NEVER;
    let _runtime = start(&db, projections::all(), config).await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    // An older transaction with an id, still open: it holds the read horizon.
    let mut blocker = db.pool.begin().await.unwrap();
    sqlx::query("SELECT pg_current_xact_id()")
        .execute(&mut *blocker)
        .await
        .unwrap();
    write_history(&db.store, 3).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rows = job_rows(&db.pool).await;
    assert_eq!(rows, 0, "hidden while the older transaction runs");

    // Once it ends, the projector catches up by itself: the poll never comes.
    blocker.commit().await.unwrap();
    wait_caught_up(&db, &["job_board"]).await;
}

async fn checkpoint_of(pool: &PgPool, name: &str) -> i64 {
    sqlx::query_as::<_, (i64,)>("SELECT last_position FROM projector_checkpoints WHERE name = $1")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
        .0
}

/// The backend holding a projector's advisory lock (pg_locks splits the
/// bigint key into classid, the high half, and objid, the low half).
async fn lock_holder(pool: &PgPool, name: &str) -> Option<i32> {
    sqlx::query_as::<_, (i32,)>(
        "SELECT pid FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objsubid = 1
            AND objid = ((hashtext('projector:' || $1)::bigint) & 4294967295)::oid",
    )
    .bind(name)
    .fetch_optional(pool)
    .await
    .unwrap()
    .map(|(pid,)| pid)
}

/// The runner's batches wait at a gate, so the test decides where the leader
/// is when its lock connection drops: in the middle of its second batch, with
/// the rest of the history still to do. No timer decides anything.
#[tokio::test]
async fn a_leader_whose_lock_connection_dropped_runs_no_batch_until_it_leads_again() {
    let db = db().await;
    write_history(&db.store, 10).await;
    let mut config = fast_runtime();
    config.batch_size = 1;
    let gate = Arc::new(Gate::shut());
    let runtime = start(&db, vec![Arc::new(Probe::Gated(gate.clone()))], config).await;

    // One batch passes; the second waits at the gate, inside its transaction
    // on the leadership connection.
    gate.open(1);
    gate.until_arrived(2).await;
    let frozen = checkpoint_of(&db.pool, "gated").await;
    assert!(frozen > 0, "the first batch committed");
    assert!(frozen < head(&db).await, "still work to do");
    assert_eq!(runtime.leading(), vec!["gated"]);
    let holder = lock_holder(&db.pool, "gated")
        .await
        .expect("the runtime holds the projector's lock");

    // The leader's lock connection drops (as in a database restart) and
    // someone else takes the lock; the old leader is still held at the gate,
    // so it cannot take it back first.
    sqlx::query("SELECT pg_terminate_backend($1)")
        .bind(holder)
        .execute(&db.pool)
        .await
        .unwrap();
    let mut rival = db.pool.acquire().await.unwrap().detach();
    tokio::time::timeout(
        PATIENCE,
        sqlx::query("SELECT pg_advisory_lock(hashtext('projector:gated'))").execute(&mut rival),
    )
    .await
    .expect("the rival got the lock")
    .unwrap();

    // Every batch may pass the gate now: the one in flight finds its
    // connection gone, and without the lock the old leader must run no
    // other. Once it knows it no longer leads, nothing has moved.
    gate.open(1000);
    until("the old leader lets go", async || {
        runtime.leading().is_empty()
    })
    .await;
    assert_eq!(
        checkpoint_of(&db.pool, "gated").await,
        frozen,
        "a batch ran without the leadership lock"
    );

    // The lock comes free: it leads again and finishes the work.
    sqlx::query("SELECT pg_advisory_unlock(hashtext('projector:gated'))")
        .execute(&mut rival)
        .await
        .unwrap();
    wait_caught_up(&db, &["gated"]).await;
    assert_eq!(runtime.leading(), vec!["gated"]);
}

/// A batch that cannot finish (here it waits on a checkpoint row another
/// session keeps locked, as a stuck session anywhere would make it) is given
/// up after `batch_timeout`: the leader ends its own session, which frees
/// the leadership lock, and leads again from a new one. Without that, the
/// projector would wait for as long as the other session lives. Once the
/// row is free it catches up.
#[tokio::test]
async fn a_batch_that_overruns_its_timeout_ends_its_session_and_leads_again() {
    let db = db().await;
    write_history(&db.store, 5).await;
    projections::runtime::ensure_checkpoint(&db.pool, "gated")
        .await
        .unwrap();
    let mut rival = db.pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM projector_checkpoints WHERE name = 'gated' FOR UPDATE")
        .execute(&mut *rival)
        .await
        .unwrap();

    let mut config = fast_runtime();
    config.batch_timeout = Duration::from_millis(300);
    let gate = Arc::new(Gate::shut());
    gate.open(1000);
    let runtime = start(&db, vec![Arc::new(Probe::Gated(gate.clone()))], config).await;
    let first = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Some(pid) = lock_holder(&db.pool, "gated").await {
                return pid;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the runtime takes the leadership");

    // Its batch waits on the row; the timeout ends that session and a new
    // one leads, while the rival still holds the row.
    until("a new session leads", async || {
        lock_holder(&db.pool, "gated")
            .await
            .is_some_and(|pid| pid != first)
    })
    .await;
    let (ended,): (bool,) =
        sqlx::query_as("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)")
            .bind(first)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(ended, "the stuck session was ended, not left holding locks");
    assert_eq!(checkpoint_of(&db.pool, "gated").await, 0, "nothing moved");
    assert_eq!(gate.arrived(), 0, "no batch got past the checkpoint row");

    rival.commit().await.unwrap();
    wait_caught_up(&db, &["gated"]).await;
    assert_eq!(runtime.leading(), vec!["gated"]);
}

/// A rebuild loads its shadow tables without their secondary indexes but
/// keeps, for each column a projector finds rows by (`found_by`), a
/// whole-table index leading with it in every one of its tables that has
/// the column. A table with no such index keeps nothing, and its lookups
/// scan it once per batch (as `job_alert_matches` did by `alert_id` before
/// it was listed).
#[tokio::test]
async fn every_column_a_projector_finds_rows_by_leads_a_whole_table_index() {
    let db = db().await;
    let mut missing = Vec::new();
    for projector in projections::all() {
        for column in projector.found_by() {
            // Each of the projector's tables that has the column, and
            // whether a whole-table index of its own leads with it.
            let tables: Vec<(String, bool)> = sqlx::query_as(
                "SELECT t.relname::text,
                        EXISTS (SELECT 1 FROM pg_index i
                                 WHERE i.indrelid = t.oid AND i.indkey[0] = a.attnum
                                   AND i.indpred IS NULL)
                   FROM pg_class t
                   JOIN pg_namespace n ON n.oid = t.relnamespace
                   JOIN pg_attribute a ON a.attrelid = t.oid
                  WHERE n.nspname = 'public' AND t.relname = ANY($1) AND a.attname = $2
                    AND NOT a.attisdropped",
            )
            .bind(projector.tables())
            .bind(column)
            .fetch_all(&db.pool)
            .await
            .unwrap();
            if tables.is_empty() {
                missing.push(format!("{}: no table has {column}", projector.name()));
            }
            for (table, indexed) in tables {
                if !indexed {
                    missing.push(format!("{}: {table}.{column}", projector.name()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no whole-table index leads with {missing:?}"
    );
    let alerts = projections::all()
        .into_iter()
        .find(|p| p.name() == "job_alerts")
        .unwrap();
    assert!(alerts.found_by().contains(&"alert_id"));
}
