//! `projections rebuild --all` (one pass over the log, every projector at
//! once) against live projection, over a generated history with every event
//! type, sealed personal fields and erasures.

use std::collections::BTreeMap;

use sqlx::{AssertSqlSafe, PgPool};

use support::db;

/// The api tests' harness (a database per test, cloned from the migrated
/// template), compiled in here: this crate calls only `db`.
#[allow(dead_code)]
#[path = "../../api/tests/api/support.rs"]
mod support;

/// Every read model table's rows, as sorted JSON text.
async fn snapshot(pool: &PgPool) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for projector in projections::all() {
        for table in projector.tables() {
            let rows: Vec<(String,)> = sqlx::query_as(AssertSqlSafe(format!(
                "SELECT to_jsonb(t)::text FROM {table} t ORDER BY 1"
            )))
            .fetch_all(pool)
            .await
            .unwrap();
            out.insert(table.to_string(), rows.into_iter().map(|(r,)| r).collect());
        }
    }
    out
}

/// Gives every projector a checkpoint at the start of the log, as the live
/// runtime does on its first run, and catches each up from there.
async fn project_live(source: &projections::EventSource, pool: &PgPool) {
    for projector in projections::all() {
        projections::runtime::ensure_checkpoint(pool, projector.name())
            .await
            .unwrap();
    }
    catch_up(source, pool).await;
}

/// Steps every projector, as the live runtime would, until it has handled
/// the whole log (waiting out other tests' transactions that hide events).
async fn catch_up(source: &projections::EventSource, pool: &PgPool) {
    for projector in projections::all() {
        for _ in 0..3000 {
            let handled = projections::rebuild::step(source, projector.as_ref(), 300)
                .await
                .unwrap();
            if handled > 0 {
                continue;
            }
            let (done,): (bool,) = sqlx::query_as(
                "SELECT NOT EXISTS (SELECT 1 FROM events e, projector_checkpoints c
                                     WHERE c.name = $1
                                       AND (e.transaction_id, e.position)
                                           > (c.last_transaction_id::text::xid8, c.last_position))",
            )
            .bind(projector.name())
            .fetch_one(pool)
            .await
            .unwrap();
            if done {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
}

/// Waits until the log reader returns `stream`'s events. The log shows a
/// commit only once no older transaction is open anywhere in the cluster,
/// and the tests running beside this one keep some open. One reader is
/// polled: what it has returned it does not read again.
async fn until_the_log_shows(source: &projections::EventSource, stream: &str) {
    let mut reader = source
        .store
        .log_reader(event_store::GlobalCheckpoint::default())
        .await
        .unwrap();
    for _ in 0..3000 {
        let batch = reader.next_batch(5000).await.unwrap();
        if batch.events.iter().any(|e| e.stream_id == stream) {
            return;
        }
        if batch.events.is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    panic!("the log never showed {stream}");
}

#[tokio::test]
async fn a_one_pass_rebuild_of_every_projector_equals_live_projection_row_for_row() {
    let db = db().await;
    let history = bench::history::write_history(&db.pool, db.store.keys(), 8000, 7, |_| {})
        .await
        .unwrap();
    assert_eq!(history.events, 8000);
    let missing: Vec<_> = domain::event::all_event_types()
        .into_iter()
        .filter(|t| !history.by_type.contains_key(t))
        .collect();
    assert!(missing.is_empty(), "the history lacks {missing:?}");
    assert!(history.subjects_erased > 0 && history.sealed_events > 1000);

    // Live: each projector through the runtime's batches, event by event.
    project_live(&db.source, &db.pool).await;
    let live = snapshot(&db.pool).await;
    assert!(
        live.values().filter(|rows| !rows.is_empty()).count() >= 15,
        "most read models have rows: {:?}",
        live.iter().map(|(t, r)| (t, r.len())).collect::<Vec<_>>()
    );

    let report = projections::rebuild::rebuild_all(&db.source, &projections::all(), 700, |_| {})
        .await
        .unwrap();
    // Another test's open transaction can hide the last events from the
    // rebuild (it stops at the read horizon, as live batches do): the live
    // runner's batches pick them up after the swap.
    assert!(report.events > 0 && report.events <= 8000);
    catch_up(&db.source, &db.pool).await;
    let rebuilt = snapshot(&db.pool).await;
    for (table, rows) in &live {
        assert!(
            rows == &rebuilt[table],
            "{table}: {} live rows, {} rebuilt; first difference: {:?}",
            rows.len(),
            rebuilt[table].len(),
            rows.iter().zip(&rebuilt[table]).find(|(a, b)| a != b)
        );
    }

    // Every checkpoint is at the head, and no shadow schema is left.
    let behind: Vec<(String,)> = sqlx::query_as(
        "SELECT name FROM projector_checkpoints
          WHERE last_position <> (SELECT max(position) FROM events)",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let rebuilt_names: Vec<_> = projections::all().iter().map(|p| p.name()).collect();
    assert!(
        behind
            .iter()
            .all(|(n,)| !rebuilt_names.contains(&n.as_str())),
        "{behind:?}"
    );
    let (shadows,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild_%'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(shadows, 0);

    // Shadow tables load unlogged; what is swapped in must be durable again
    // (an unlogged table is emptied by crash recovery and never replicated).
    let tables: Vec<&str> = projections::all()
        .iter()
        .flat_map(|p| p.tables().iter().copied())
        .collect();
    // The tables, and what depends on them: indexes, owned sequences.
    let unlogged: Vec<(String,)> = sqlx::query_as(
        "SELECT c.relname::text FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relpersistence <> 'p'
            AND (c.relname = ANY($1)
                 OR EXISTS (SELECT 1 FROM pg_depend d JOIN pg_class t ON t.oid = d.refobjid
                             WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                               AND d.refclassid = 'pg_class'::regclass AND t.relname = ANY($1)))",
    )
    .bind(&tables)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(
        unlogged.is_empty(),
        "not durable after the swap: {unlogged:?}"
    );
}

/// The oid of every read-model table: a swap replaces a table, so a changed
/// oid means it was swapped.
async fn table_oids(pool: &PgPool) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for projector in projections::all() {
        for table in projector.tables() {
            let (oid,): (sqlx::postgres::types::Oid,) =
                sqlx::query_as(AssertSqlSafe(format!("SELECT '{table}'::regclass::oid")))
                    .fetch_one(pool)
                    .await
                    .unwrap();
            out.insert(table.to_string(), oid.0);
        }
    }
    out
}

#[tokio::test]
async fn a_rebuild_that_stops_early_swaps_no_projector_in() {
    let db = db().await;
    bench::history::write_history(&db.pool, db.store.keys(), 1500, 5, |_| {})
        .await
        .unwrap();
    project_live(&db.source, &db.pool).await;
    let live = snapshot(&db.pool).await;
    let oids = table_oids(&db.pool).await;
    // A second LocationAdded for a location that exists (as the fault suite
    // poisons the log): decodable, but only the reference projector reads it,
    // and its insert fails. Every other projector would finish its pass.
    sqlx::query(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata)
         SELECT gen_random_uuid(), 'reference-poisoned', 1, event_type, schema_version, payload, '{}'
           FROM events WHERE event_type = 'LocationAdded' ORDER BY position LIMIT 1",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    // The pass must read it, not the swap's tail after the others swapped.
    until_the_log_shows(&db.source, "reference-poisoned").await;

    let failed =
        projections::rebuild::rebuild_all(&db.source, &projections::all(), 200, |_| {}).await;
    let error = format!("{:#}", failed.expect_err("the reference projector fails"));
    assert!(error.contains("rebuild of reference failed"), "{error}");
    assert_eq!(
        table_oids(&db.pool).await,
        oids,
        "no other read model was swapped in"
    );
    assert_eq!(
        snapshot(&db.pool).await,
        live,
        "the live read models are untouched"
    );
}
