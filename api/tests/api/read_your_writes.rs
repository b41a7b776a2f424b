//! Read your writes without the client's help (issue 13): a client that never
//! echoes `X-Consistency-Token` still sees its own last write on its next read,
//! on another process too, because the server records each user's last written
//! position (`last_writes`) and the session check makes that user's reads wait
//! for it.
//!
//! The profile projector is held back by a lock the test takes on its table
//! (reads still pass: `EXCLUSIVE` blocks writers, not readers), so a read that
//! did not wait would answer the old profile.

use std::time::Duration;

use api::app::Application;
use api::config::Config;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Connection;

use crate::support::{Reply, Socket, TestApp, test_config, url_for};

fn profile(summary: &str) -> Value {
    json!({
        "name": "Jordan Lee", "phone": "0412 345 678", "location": "Parramatta, NSW", "summary": summary,
        "skills": "Rust, SQL", "languages": null, "linkedin": null, "portfolio": null,
        "education": [], "experience": []
    })
}

/// A second server process on the same database, without projectors of its
/// own (the first one's runtime keeps the read models). Its reads wait up to
/// 20 s for a write: long enough that a loaded machine cannot make a read
/// that should wait give up before the test releases the read model.
async fn second_process(app: &TestApp) -> Application {
    let config = Config {
        read_wait_ms: 20_000,
        ..test_config(&app.database)
    };
    Application::build(config, None)
        .await
        .expect("start a second process")
}

#[test]
fn the_read_wait_is_bounded() {
    let with = |read_wait_ms| Config {
        read_wait_ms,
        ..test_config("read_wait")
    };
    assert!(with(5000).validate().is_ok());
    for bad in [0, 60_001] {
        let error = with(bad).validate().unwrap_err().to_string();
        assert!(error.contains("READ_WAIT_MS"), "{bad}: {error}");
    }
}

async fn plain_get(base: &str, path: &str, token: &str) -> Reply {
    let res = reqwest::Client::new()
        .get(format!("{base}{path}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    Reply::read(res).await
}

/// Holds the profile projector back: a transaction that locks its table until
/// the caller rolls it back.
async fn hold_profile_projector(app: &TestApp) -> sqlx::PgConnection {
    let mut blocker = sqlx::PgConnection::connect(&url_for(&app.database))
        .await
        .unwrap();
    sqlx::query("BEGIN").execute(&mut blocker).await.unwrap();
    sqlx::query("LOCK TABLE candidate_profiles IN EXCLUSIVE MODE")
        .execute(&mut blocker)
        .await
        .unwrap();
    blocker
}

#[tokio::test]
async fn a_client_that_never_echoes_the_token_reads_its_own_write_on_another_process() {
    let app = TestApp::spawn().await;
    let other = second_process(&app).await;
    let me = app.candidate_token("ryw@example.com").await;
    let stranger = app.candidate_token("stranger@example.com").await;
    let first = app
        .save_profile(&me, profile("First summary"))
        .await
        .assert_status(StatusCode::OK);
    let read = app
        .get_after("/api/candidate/profile", Some(&me), &first)
        .await;
    assert_eq!(read.body["summary"], "First summary");
    app.settle().await;

    let mut blocker = hold_profile_projector(&app).await;

    let saved = app
        .save_profile(&me, profile("Second summary"))
        .await
        .assert_status(StatusCode::OK);
    assert!(saved.consistency().is_some(), "a write answers its token");

    // The same user reads on the other process, sending no token: it waits.
    let base = other.url();
    let token = me.clone();
    let reading =
        tokio::spawn(async move { plain_get(&base, "/api/candidate/profile", &token).await });
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(
        !reading.is_finished(),
        "the read answered before the read model had the write"
    );
    // Someone else's read is not held up by this user's write (a read that
    // waited would take the 20 s read wait; a busy machine still answers
    // well inside 10).
    let theirs = tokio::time::timeout(
        Duration::from_secs(10),
        plain_get(&other.url(), "/api/candidate/profile", &stranger),
    )
    .await
    .expect("another user's read does not wait");
    assert_eq!(theirs.status, StatusCode::OK);

    sqlx::query("ROLLBACK").execute(&mut blocker).await.unwrap();
    let reply = reading.await.unwrap();
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["summary"], "Second summary");

    // Caught up: the next reads answer at once, with the same data.
    let again = tokio::time::timeout(
        Duration::from_secs(10),
        plain_get(&other.url(), "/api/candidate/profile", &me),
    )
    .await
    .expect("a caught-up user's read does not wait");
    assert_eq!(again.body["summary"], "Second summary");
}

#[tokio::test]
async fn a_stalled_read_model_costs_one_slow_read_not_one_per_request() {
    let app = TestApp::spawn_with(|c| c.read_wait_ms = 8000).await;
    let me = app.candidate_token("stall@example.com").await;
    let mut blocker = hold_profile_projector(&app).await;
    app.save_profile(&me, profile("Stuck summary"))
        .await
        .assert_status(StatusCode::OK);

    // The first read waits out READ_WAIT_MS (8 s here, 5 s by default: a
    // wait no shorter than 8 s can only be the configured one, however busy
    // the machine) and answers what the read model holds.
    let started = std::time::Instant::now();
    let first = app.get("/api/candidate/profile", Some(&me)).await;
    assert_eq!(first.status, StatusCode::OK);
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(8),
        "it waited the configured time, not the default: {waited:?}"
    );
    // The next one does not wait again (which would take another 8 s).
    let second = tokio::time::timeout(
        Duration::from_secs(6),
        app.get("/api/candidate/profile", Some(&me)),
    )
    .await
    .expect("the write was forgotten after one slow read");
    assert_eq!(second.status, StatusCode::OK);
    sqlx::query("ROLLBACK").execute(&mut blocker).await.unwrap();
}

/// A process that runs no projectors (`serve --no-projections`) still pushes
/// to its own sockets what the projectors of another process write: it
/// listens for their change notifications as any process does.
#[tokio::test]
async fn a_process_without_projectors_pushes_what_another_process_projects() {
    let app = TestApp::spawn().await;
    let other = second_process(&app).await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let candidate = app.candidate_token("elsewhere@example.com").await;
    let mut socket = Socket::connected(&other.url(), &candidate, "candidate").await;
    let id = app
        .submit_application(&candidate, json!({"jobId": job}))
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    app.settle().await;
    app.move_application(
        &employer,
        &id,
        json!({"stage": "interview", "feedback": "See you on Thursday."}),
    )
    .await
    .assert_status(StatusCode::OK);
    // First the receipt of the application, then the move with its feedback.
    let received = socket.expect("notification").await;
    assert_eq!(received["title"], "Application received", "{received}");
    let moved = socket.expect("notification").await;
    assert!(
        moved["message"]
            .as_str()
            .is_some_and(|m| m.contains("See you on Thursday.")),
        "{moved}"
    );
}
