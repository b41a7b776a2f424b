//! Retention: a candidate inactive for the retention period is warned by
//! mail, and erased once the warning has run its course; signing in keeps the
//! account; a dry run lists who is due and changes nothing; a round runs in
//! one process at a time.

use reqwest::StatusCode;
use uuid::Uuid;

use crate::fixtures::CANDIDATE_PASSWORD;
use crate::support::TestApp;

async fn id_of(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("SELECT id FROM accounts WHERE email = $1")
        .bind(email)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// Makes a candidate look as if nothing happened for `days` days.
async fn idle_for(app: &TestApp, id: Uuid, days: i32) {
    sqlx::query("UPDATE accounts SET created_at = now() - make_interval(days => $2) WHERE id = $1")
        .bind(id)
        .bind(days)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE account_activity SET last_signed_in = now() - make_interval(days => $2) WHERE account_id = $1")
        .bind(id)
        .bind(days)
        .execute(&app.pool)
        .await
        .unwrap();
}

async fn mails_to(app: &TestApp, email: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY created_at")
        .bind(email)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_inactive_candidate_is_warned_then_erased_and_one_who_signs_in_stays() {
    let app = TestApp::spawn().await;
    let state = &app.app.state;
    app.candidate_token("dormant@example.com").await;
    app.candidate_token("returning@example.com").await;
    app.candidate_token("active@example.com").await;
    app.settle().await;
    let dormant = id_of(&app, "dormant@example.com").await;
    let returning = id_of(&app, "returning@example.com").await;
    idle_for(&app, dormant, 800).await;
    idle_for(&app, returning, 800).await;

    // A dry run lists both, changes nothing.
    let events = app.event_count().await;
    let dry = api::retention::round(state, true).await.unwrap();
    let mut listed: Vec<(Uuid, api::retention::Step)> =
        dry.due.iter().map(|d| (d.candidate_id, d.step)).collect();
    listed.sort();
    let mut expected = vec![
        (dormant, api::retention::Step::Warn),
        (returning, api::retention::Step::Warn),
    ];
    expected.sort();
    assert_eq!(listed, expected);
    assert_eq!(app.event_count().await, events, "a dry run writes nothing");

    // The round warns both, once.
    let round = api::retention::round(state, false).await.unwrap();
    assert_eq!((round.warned, round.erased), (2, 0));
    app.settle().await;
    let warned = mails_to(&app, "dormant@example.com").await;
    assert!(
        warned
            .iter()
            .any(|s| s.starts_with("We will erase your Harbour IT account on ")),
        "{warned:?}"
    );
    let again = api::retention::round(state, false).await.unwrap();
    assert_eq!(
        (again.warned, again.erased),
        (0, 0),
        "warned once, not every hour"
    );

    // One signs in; the warning runs its course for the other.
    let back = app
        .login("candidate", "returning@example.com", CANDIDATE_PASSWORD)
        .await;
    assert_eq!(back.status, StatusCode::OK);
    sqlx::query("UPDATE erasures SET erase_after = now() - interval '1 day'")
        .execute(&app.pool)
        .await
        .unwrap();
    let round = api::retention::round(state, false).await.unwrap();
    assert_eq!((round.warned, round.erased), (0, 1), "{round:?}");
    app.settle().await;
    let (status, grounds): (String, String) = sqlx::query_as(
        "SELECT a.status, e.grounds FROM accounts a JOIN erasures e ON e.subject_id = a.id WHERE a.id = $1",
    )
    .bind(dormant)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        (status.as_str(), grounds.as_str()),
        ("erased", "retention_period")
    );
    let kept: String = sqlx::query_scalar("SELECT status FROM accounts WHERE id = $1")
        .bind(returning)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, "active");
    assert!(
        mails_to(&app, "dormant@example.com").await.is_empty(),
        "their mail goes with them"
    );
    let sign_in = app
        .login("candidate", "dormant@example.com", CANDIDATE_PASSWORD)
        .await;
    assert_eq!(sign_in.status, StatusCode::UNAUTHORIZED);
    assert!(
        api::retention::due(state, chrono::Utc::now())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_round_runs_in_one_process_at_a_time() {
    let app = TestApp::spawn().await;
    let mut holder = app.pool.acquire().await.unwrap();
    let held: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(api::retention::LOCK_KEY)
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    assert!(held);
    let round = api::retention::round(&app.app.state, false).await.unwrap();
    assert!(round.skipped, "another process holds the round");
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(api::retention::LOCK_KEY)
        .execute(&mut *holder)
        .await
        .unwrap();
    let round = api::retention::round(&app.app.state, false).await.unwrap();
    assert!(!round.skipped);
}
