//! The purge round (issue 26): rows kept only for a while go once they have
//! expired. Cached answers: `idempotency::kept_answers_are_purged_once_a_day_old_and_old_rows_are_never_replayed`.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::TestApp;

#[tokio::test]
async fn throttle_rows_are_gone_after_a_purge_round_once_expired() {
    let app = TestApp::spawn().await;
    // Rows for an email and for this client's address.
    for _ in 0..2 {
        app.post(
            "/api/auth/candidate/login",
            None,
            json!({"email": "nobody@example.com", "password": "Wrong123!"}),
        )
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    }
    let rows = || {
        sqlx::query_scalar::<_, String>("SELECT key FROM login_throttle ORDER BY key")
            .fetch_all(&app.pool)
    };
    let keys = rows().await.unwrap();
    assert_eq!(keys.len(), 2, "{keys:?}");
    let (email, address) = (&keys[1], &keys[0]);
    assert!(email.contains(":email:") && address.contains(":addr:"));
    // Still counting: kept.
    let purged = api::purge::round(&app.app.state).await.unwrap();
    assert_eq!(purged.throttle_rows, 0);

    // Both windows over; the address is still blocked for a while.
    // language=PostgreSQL
    sqlx::query(
        "UPDATE login_throttle SET window_start = now() - interval '16 minutes',
                blocked_until = CASE WHEN key = $1 THEN now() + interval '5 minutes' END",
    )
    .bind(address)
    .execute(&app.pool)
    .await
    .unwrap();
    let purged = api::purge::round(&app.app.state).await.unwrap();
    assert_eq!(purged.throttle_rows, 1);
    assert_eq!(
        rows().await.unwrap(),
        vec![address.to_owned()],
        "the block holds"
    );

    // language=PostgreSQL
    sqlx::query("UPDATE login_throttle SET blocked_until = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    api::purge::round(&app.app.state).await.unwrap();
    assert!(rows().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_purge_round_runs_in_one_process_at_a_time() {
    use sqlx::Connection;
    let app = TestApp::spawn().await;
    let mut other = sqlx::PgConnection::connect(&crate::support::url_for(&app.database))
        .await
        .unwrap();
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(api::purge::LOCK_KEY)
        .execute(&mut other)
        .await
        .unwrap();
    assert!(api::purge::round(&app.app.state).await.unwrap().skipped);
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(api::purge::LOCK_KEY)
        .execute(&mut other)
        .await
        .unwrap();
    assert!(!api::purge::round(&app.app.state).await.unwrap().skipped);
}
