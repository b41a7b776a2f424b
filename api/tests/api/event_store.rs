//! The event store against a real database: expected versions (on one
//! stream or several at once), metadata, late commits, upcasting, personal
//! data, append-only history.

use chrono::Utc;
use domain::job::JobEvent;
use event_store::personal_data::ERASED;
use event_store::{
    AppendError, AppendRequest, AppendResult, EventStore, ExpectedVersion, GlobalCheckpoint,
    Metadata, StreamAppend,
};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::fixtures::{CANDIDATE_PASSWORD, job_closed, job_closings};
use crate::support::{TestApp, db};

/// Of appends that raced for one version, exactly one won and every other
/// lost on its expected version.
fn assert_exactly_one_won(results: &[Result<AppendResult, AppendError>]) {
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
    assert!(
        results
            .iter()
            .filter(|r| r.is_err())
            .all(|r| matches!(r, Err(AppendError::WrongExpectedVersion { .. })))
    );
}

/// Writes a JobClosed row at version 1 of `stream` by hand, inside a
/// transaction the test controls, and returns the position it took.
async fn insert_closed_in(tx: &mut PgConnection, stream: &str) -> i64 {
    let (position,): (i64,) = sqlx::query_as(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata)
         VALUES ($1, $2, 1, 'JobClosed', 1, $3, '{}') RETURNING position",
    )
    .bind(Uuid::now_v7())
    .bind(stream)
    .bind(json!({"closed_by": Uuid::nil(), "closed_at": Utc::now()}))
    .fetch_one(tx)
    .await
    .unwrap();
    position
}

#[tokio::test]
async fn appends_honour_every_kind_of_expected_version() {
    let db = db().await;
    let s = &db.store;
    let first = s
        .append(job_closings("job-a", ExpectedVersion::NoStream, 2))
        .await
        .unwrap();
    assert_eq!(first.version, 2);
    assert!(matches!(
        s.append(job_closings("job-a", ExpectedVersion::NoStream, 1))
            .await,
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    assert!(matches!(
        s.append(job_closings("job-a", ExpectedVersion::Exact(1), 1))
            .await,
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    // Exact(N) for a version the stream never reached is a conflict too, not a gap.
    assert!(matches!(
        s.append(job_closings("job-a", ExpectedVersion::Exact(7), 1))
            .await,
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    let third = s
        .append(job_closings("job-a", ExpectedVersion::Exact(2), 1))
        .await
        .unwrap();
    assert_eq!(third.version, 3);
    assert!(third.position > first.position);
    let any = s
        .append(job_closings("job-a", ExpectedVersion::Any, 1))
        .await
        .unwrap();
    assert_eq!(any.version, 4);
    assert_eq!(db.stream_versions("job-a").await, vec![1, 2, 3, 4]);
    let events = s.read_stream("job-a").await.unwrap();
    assert!(events.windows(2).all(|w| w[0].position < w[1].position));
}

#[tokio::test]
async fn concurrent_appends_at_the_same_version_let_exactly_one_win() {
    let db = db().await;
    db.store
        .append(job_closings("job-race", ExpectedVersion::NoStream, 1))
        .await
        .unwrap();
    let attempts = (0..10).map(|_| {
        db.store
            .append(job_closings("job-race", ExpectedVersion::Exact(1), 1))
    });
    let results = futures::future::join_all(attempts).await;
    assert_exactly_one_won(&results);
    assert_eq!(db.store.read_stream("job-race").await.unwrap().len(), 2);
}

#[tokio::test]
async fn every_event_carries_its_metadata() {
    let db = db().await;
    let meta = Metadata {
        correlation_id: Uuid::now_v7(),
        causation_id: Some(Uuid::now_v7()),
        actor_id: Some(Uuid::now_v7()),
        actor_role: Some(event_store::Actor::Employer),
        request_id: Some("req-42".into()),
    };
    db.store
        .append(AppendRequest::new(
            "job-m",
            ExpectedVersion::NoStream,
            vec![job_closed()],
            meta.clone(),
        ))
        .await
        .unwrap();
    let events = db.store.read_stream("job-m").await.unwrap();
    assert_eq!(events[0].metadata, meta);
}

/// Transaction A takes a position, then B takes a higher one and commits first.
/// A reader must not move past A's position while A is open, and must see A
/// (before B) once A commits.
#[tokio::test]
async fn readers_never_skip_an_event_whose_transaction_commits_late() {
    let db = db().await;
    let (late, early) = (
        format!("job-{}", Uuid::now_v7()),
        format!("job-{}", Uuid::now_v7()),
    );

    let mut a = db.pool.begin().await.unwrap();
    let a_position = insert_closed_in(&mut a, &late).await;

    let b = db
        .store
        .append(job_closings(&early, ExpectedVersion::NoStream, 1))
        .await
        .unwrap();
    assert!(b.position > a_position, "B took the higher position");

    // The real projector runtime's batch step, for the job board.
    let board = projections::read_models::job_board::JobBoardProjector;
    projections::runtime::ensure_checkpoint(&db.pool, "job_board")
        .await
        .unwrap();
    let handled = projections::rebuild::step(&db.source, &board, 100)
        .await
        .unwrap();
    assert_eq!(handled, 0, "B is visible, but reading it would skip A");
    let seen = db
        .store
        .read_all(GlobalCheckpoint::default(), 100)
        .await
        .unwrap();
    assert!(
        seen.is_empty(),
        "nothing is readable past an open transaction"
    );

    a.commit().await.unwrap();
    // The horizon is cluster-wide: another test's open transaction may hold it
    // back for a moment, so poll (it must get there, in order).
    let mut seen = vec![];
    crate::support::until("both commits are in reach", async || {
        seen = db
            .store
            .read_all(GlobalCheckpoint::default(), 100)
            .await
            .unwrap();
        seen.len() == 2
    })
    .await;
    assert_eq!(
        seen.iter().map(|e| e.position).collect::<Vec<_>>(),
        vec![a_position, b.position]
    );
    let handled = projections::rebuild::step(&db.source, &board, 100)
        .await
        .unwrap();
    assert_eq!(handled, 2, "the projector sees A, then B");
    let (last,): (i64,) =
        sqlx::query_as("SELECT last_position FROM projector_checkpoints WHERE name = 'job_board'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(last, b.position);
}

/// The head is the newest event in read order, not the highest position: here
/// A holds the older transaction id but takes its position after B, so a wait
/// for the highest position (A) would be satisfied before B is read.
#[tokio::test]
async fn the_head_is_the_last_event_in_read_order_not_the_highest_position() {
    let db = db().await;
    let mut a = db.pool.begin().await.unwrap();
    // Give A its transaction id now; it writes later.
    sqlx::query("SELECT pg_current_xact_id()")
        .execute(&mut *a)
        .await
        .unwrap();
    let b = db
        .store
        .append(job_closings(
            &format!("job-{}", Uuid::now_v7()),
            ExpectedVersion::NoStream,
            1,
        ))
        .await
        .unwrap();
    let a_position = insert_closed_in(&mut a, &format!("job-{}", Uuid::now_v7())).await;
    a.commit().await.unwrap();
    assert!(a_position > b.position, "A took the higher position");

    assert_eq!(db.store.head_position().await.unwrap(), b.position);
    let head = db.store.checkpoint_of(b.position).await.unwrap().unwrap();
    let a_at = db.store.checkpoint_of(a_position).await.unwrap().unwrap();
    assert!(
        (a_at.transaction_id, a_at.position) < (head.transaction_id, head.position),
        "B reads after A"
    );
}

#[tokio::test]
async fn a_stored_v1_payload_is_read_through_the_upcaster_as_the_current_shape() {
    let db = db().await;
    let v1 = json!({
        "employer_id": Uuid::now_v7(), "company": "Legacy Pty Ltd", "title": "COBOL Whisperer",
        "location": "Hobart, TAS", "job_type": "Contract", "salary": "", "description": "Keep it running",
        "expires_at": null, "posted_at": "2025-03-01T00:00:00Z"
    });
    sqlx::query(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata)
         VALUES ($1, 'job-0190f5d2-0000-7000-8000-000000000009', 1, 'JobPosted', 1, $2, '{}')",
    )
    .bind(Uuid::now_v7())
    .bind(&v1)
    .execute(&db.pool)
    .await
    .unwrap();
    let (events, _) = db
        .source
        .store
        .load::<JobEvent>("job-0190f5d2-0000-7000-8000-000000000009")
        .await
        .unwrap();
    let JobEvent::JobPosted(posted) = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!(posted.title, "COBOL Whisperer");
    assert_eq!(
        posted.specialisation,
        domain::job::Specialisation::DevelopmentTesting
    );
    assert!(posted.requirements.is_empty() && posted.location_id.is_none());
    // The stored row is untouched: still v1.
    let (version,): (i32,) = sqlx::query_as("SELECT schema_version FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(version, 1);
}

#[tokio::test]
async fn history_cannot_be_updated_or_deleted() {
    let db = db().await;
    db.store
        .append(job_closings("job-x", ExpectedVersion::NoStream, 1))
        .await
        .unwrap();
    let update = sqlx::query("UPDATE events SET event_type = 'Tampered'")
        .execute(&db.pool)
        .await;
    assert!(update.unwrap_err().to_string().contains("append-only"));
    let delete = sqlx::query("DELETE FROM events").execute(&db.pool).await;
    assert!(delete.unwrap_err().to_string().contains("append-only"));
}

#[tokio::test]
async fn the_events_table_holds_no_plaintext_personal_data_and_erasure_shreds_it() {
    let app = TestApp::spawn().await;
    let body = app.register_candidate("Priya.Sharma@Example.com").await;
    let id: Uuid = body["user"]["id"].as_str().unwrap().parse().unwrap();
    let (dump,): (String,) =
        sqlx::query_as("SELECT string_agg(payload::text || metadata::text, ' ') FROM events")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    for needle in ["priya", "Priya", "Jordan", "Lee", "0412", "argon2"] {
        assert!(
            !dump.contains(needle),
            "plaintext {needle:?} found in events: {dump}"
        );
    }
    // Readers with the key see the person...
    let events = app.stream_events(&domain::account::stream_id(id)).await;
    assert_eq!(events[0].payload["email"], "priya.sharma@example.com");
    // ...and after the key is deleted nobody does, while the history stays.
    let mut conn = app.pool.acquire().await.unwrap();
    assert!(
        event_store::postgres::keys::erase(&mut conn, id)
            .await
            .unwrap()
    );
    let events = app.stream_events(&domain::account::stream_id(id)).await;
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].payload["email"], ERASED);
    assert_eq!(events[0].payload["name"], ERASED);
    assert_eq!(events[0].payload["role"], "candidate");
}

#[tokio::test]
async fn twenty_concurrent_registrations_of_one_email_create_exactly_one_account() {
    let app = TestApp::spawn().await;
    let attempts = (0..20).map(|i| {
        app.post(
            "/api/auth/candidate/register",
            None,
            json!({"name": format!("Racer {i}"), "email": "race@example.com", "password": CANDIDATE_PASSWORD}),
        )
    });
    let replies = futures::future::join_all(attempts).await;
    let created = replies.iter().filter(|r| r.status == 201).count();
    let conflicts: Vec<_> = replies.iter().filter(|r| r.status == 409).collect();
    assert_eq!(created, 1);
    assert_eq!(conflicts.len(), 19);
    assert!(
        conflicts
            .iter()
            .all(|r| r.error() == "An account with this email already exists")
    );
    let accounts = app.events_of_type("AccountRegistered").await;
    assert_eq!(accounts, 1);
    // The same email may still have an account of another role.
    let employer = app
        .post(
            "/api/auth/employer/register",
            None,
            json!({"name": "Racer", "email": "race@example.com", "password": CANDIDATE_PASSWORD, "company": "Race Co"}),
        )
        .await;
    assert_eq!(employer.status, 201);
}

#[tokio::test]
async fn concurrent_creations_of_one_stream_let_exactly_one_win() {
    let db = db().await;
    let stream = format!("job-{}", Uuid::now_v7());
    let single = (0..10).map(|_| {
        db.store
            .append(job_closings(&stream, ExpectedVersion::NoStream, 1))
    });
    let results = futures::future::join_all(single).await;
    assert_exactly_one_won(&results);
    // Multi-event creation takes the same path: all or nothing.
    let other = format!("job-{}", Uuid::now_v7());
    let multi = (0..6).map(|_| {
        db.store
            .append(job_closings(&other, ExpectedVersion::NoStream, 3))
    });
    let results = futures::future::join_all(multi).await;
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
    assert_eq!(db.stream_versions(&other).await, vec![1, 2, 3]);
}

/// `n` [`job_closed`] events for another stream of the same append.
fn also_closings(stream: &str, expected: ExpectedVersion, n: usize) -> StreamAppend {
    StreamAppend {
        stream_id: stream.into(),
        expected,
        events: (0..n).map(|_| job_closed()).collect(),
    }
}

#[tokio::test]
async fn an_append_to_two_streams_lands_in_both_or_in_neither() {
    let db = db().await;
    let s = &db.store;
    s.append(job_closings("job-shared", ExpectedVersion::NoStream, 1))
        .await
        .unwrap();

    // The second stream is not where the append expects it: nothing lands,
    // and the error names that stream.
    let stale = job_closings("job-own", ExpectedVersion::NoStream, 2).also(also_closings(
        "job-shared",
        ExpectedVersion::Exact(7),
        1,
    ));
    match s.append(stale).await {
        Err(AppendError::WrongExpectedVersion { stream_id, .. }) => {
            assert_eq!(stream_id, "job-shared")
        }
        other => panic!("expected a wrong version: {other:?}"),
    }
    assert_eq!(db.stream_versions("job-own").await, Vec::<i64>::new());
    assert_eq!(db.stream_versions("job-shared").await, vec![1]);

    let both = job_closings("job-own", ExpectedVersion::NoStream, 2).also(also_closings(
        "job-shared",
        ExpectedVersion::Exact(1),
        1,
    ));
    let written = s.append(both).await.unwrap();
    assert_eq!(written.version, 2, "the request's own stream's version");
    assert_eq!(db.stream_versions("job-own").await, vec![1, 2]);
    assert_eq!(db.stream_versions("job-shared").await, vec![1, 2]);
    let shared = s.read_stream("job-shared").await.unwrap();
    let own = s.read_stream("job-own").await.unwrap();
    assert_eq!(written.position, shared[1].position.max(own[1].position));
    assert_eq!(
        shared[1].transaction_id, own[0].transaction_id,
        "one transaction"
    );
}

#[tokio::test]
async fn appends_that_share_a_stream_at_one_version_let_exactly_one_win() {
    let db = db().await;
    db.store
        .append(job_closings("job-roster", ExpectedVersion::NoStream, 1))
        .await
        .unwrap();
    let own: Vec<String> = (0..6).map(|i| format!("job-own-{i}")).collect();
    let attempts = own.iter().map(|stream| {
        db.store.append(
            job_closings(stream, ExpectedVersion::NoStream, 1).also(also_closings(
                "job-roster",
                ExpectedVersion::Exact(1),
                1,
            )),
        )
    });
    let results = futures::future::join_all(attempts).await;
    assert_exactly_one_won(&results);
    assert_eq!(db.stream_versions("job-roster").await, vec![1, 2]);
    let landed: usize = futures::future::join_all(own.iter().map(|s| db.stream_versions(s)))
        .await
        .iter()
        .map(Vec::len)
        .sum();
    assert_eq!(landed, 1, "the losers wrote nothing to their own streams");
}

/// In a transaction the caller goes on with (a policy's batch), a wrong
/// version on the second stream takes back the first stream's rows and
/// leaves the caller's transaction usable.
#[tokio::test]
async fn a_two_stream_append_in_a_callers_transaction_is_all_or_nothing() {
    let db = db().await;
    let mut tx = db.pool.begin().await.unwrap();
    let stale = job_closings("job-mine", ExpectedVersion::NoStream, 1).also(also_closings(
        "job-yours",
        ExpectedVersion::Exact(3),
        1,
    ));
    let refused = event_store::postgres::append_within(&mut tx, db.store.keys(), &stale).await;
    assert!(matches!(
        refused,
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    let fine = job_closings("job-other", ExpectedVersion::NoStream, 1);
    event_store::postgres::append_within(&mut tx, db.store.keys(), &fine)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(db.stream_versions("job-mine").await, Vec::<i64>::new());
    assert_eq!(db.stream_versions("job-other").await, vec![1]);
}

#[tokio::test]
async fn appends_in_a_deferred_scope_commit_only_with_their_owner() {
    use event_store::postgres::{DeferredCommit, once_committed};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let db = db().await;
    let s = &db.store;
    let scope = DeferredCommit::default();
    let (first, lost, seen_inside) = scope
        .scope(async {
            let first = s
                .append(job_closings("job-held", ExpectedVersion::NoStream, 2))
                .await;
            // A lost race undoes only itself: the transaction goes on.
            let lost = s
                .append(job_closings("job-held", ExpectedVersion::NoStream, 1))
                .await;
            let seen = s.read_stream("job-held").await.unwrap().len();
            (first, lost, seen)
        })
        .await;
    assert_eq!(first.unwrap().version, 2);
    assert!(matches!(
        lost,
        Err(AppendError::WrongExpectedVersion { .. })
    ));
    assert_eq!(seen_inside, 2, "the scope reads what it appended");
    assert!(
        s.read_stream("job-held").await.unwrap().is_empty(),
        "nobody else sees it before the commit"
    );
    let mut pending = scope.finish().await;
    assert!(pending.transaction().is_some());
    pending.commit().await.unwrap();
    assert_eq!(s.read_stream("job-held").await.unwrap().len(), 2);

    // Rolled back: nothing stays, and what waited for the commit never runs.
    let ran = Arc::new(AtomicBool::new(false));
    let scope = DeferredCommit::default();
    scope
        .scope(async {
            s.append(job_closings("job-undone", ExpectedVersion::NoStream, 1))
                .await
                .unwrap();
            let ran = ran.clone();
            once_committed(async move { ran.store(true, Ordering::SeqCst) }).await;
        })
        .await;
    assert!(!ran.load(Ordering::SeqCst), "not before the commit");
    scope.finish().await.roll_back().await.unwrap();
    assert!(s.read_stream("job-undone").await.unwrap().is_empty());
    assert!(!ran.load(Ordering::SeqCst), "nor after a roll-back");
    // Outside a scope an append has committed when it returns: the work runs now.
    let ran_now = Arc::new(AtomicBool::new(false));
    let flag = ran_now.clone();
    once_committed(async move { flag.store(true, Ordering::SeqCst) }).await;
    assert!(ran_now.load(Ordering::SeqCst));
}
