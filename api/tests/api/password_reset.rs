//! Password resets over real HTTP: single-use links that never reach the
//! event store, the mail that carries them, and per-email request limits.

use reqwest::StatusCode;

use crate::fixtures::CANDIDATE_PASSWORD;
use crate::support::TestApp;

#[tokio::test]
async fn a_password_reset_works_once_and_the_old_password_stops_working() {
    let app = TestApp::spawn().await;
    app.register_candidate("forgetful@example.com").await;
    let unknown = app.forgot_password("candidate", "ghost@example.com").await;
    let known = app
        .forgot_password("candidate", "forgetful@example.com")
        .await;
    for reply in [&unknown, &known] {
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(
            reply.body["message"],
            "If an account exists with this email, a password reset link will be sent."
        );
    }
    let token = app.reset_link("forgetful@example.com").await;
    let (hashes,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM events WHERE payload::text LIKE '%' || $1 || '%'")
            .bind(&token)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(hashes, 0, "the token itself is never stored in an event");

    let weak = app.reset_password("candidate", &token, "short").await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    let empty = app.reset_password("candidate", "", "").await;
    assert_eq!(empty.error(), "Please fill in all fields");
    let wrong_role = app.reset_password("employer", &token, "Brand(New)1").await;
    assert_eq!(wrong_role.status, StatusCode::BAD_REQUEST);

    let ok = app
        .reset_password("candidate", &token, "Brand(New)1")
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(ok.body["message"], "Password has been reset successfully.");
    let reused = app.reset_password("candidate", &token, "Other(New)1").await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reused.error(),
        "This reset link is invalid or has expired. Please request a new one."
    );
    app.login("candidate", "forgetful@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    app.login("candidate", "forgetful@example.com", "Brand(New)1")
        .await
        .assert_status(StatusCode::OK);

    let tampered = format!("{}A", &token[..token.len() - 1]);
    let reply = app
        .reset_password("candidate", &tampered, "Other(New)1")
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_mail_sender_delivers_the_outbox_to_the_mail_folder() {
    let app = TestApp::spawn().await;
    app.register_candidate("mailme@example.com").await;
    app.forgot_password("candidate", "mailme@example.com").await;
    let dir = app.app.state.config.mail_dir.clone();
    let mut found = None;
    // Only whole mails are `.eml` files: one is written under another name
    // and renamed when complete.
    crate::support::until("a mail file appears", async || {
        found = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .find(|path| path.extension().is_some_and(|e| e == "eml"))
            .map(|path| std::fs::read_to_string(path).unwrap());
        found.is_some()
    })
    .await;
    let mail = found.unwrap();
    assert!(mail.contains("To: mailme@example.com"));
    assert!(mail.contains("http://localhost:8080/reset-password?token="));
    // The file is written inside the transaction that marks the mail sent:
    // the mark is visible once that commits, a moment later.
    crate::support::until("the mail is marked sent", async || {
        let (sent,): (i64,) =
            sqlx::query_as("SELECT count(*) FROM mail_outbox WHERE sent_at IS NOT NULL")
                .fetch_one(&app.pool)
                .await
                .unwrap();
        sent == 1
    })
    .await;
}

#[tokio::test]
async fn reset_requests_are_limited_per_email_so_nobody_can_flood_an_inbox() {
    let app = TestApp::spawn().await;
    app.register_candidate("inbox@example.com").await;
    let ask = |email: &'static str| app.forgot_password("candidate", email);
    for _ in 0..3 {
        assert_eq!(ask("inbox@example.com").await.status, StatusCode::OK);
    }
    let flooded = ask("inbox@example.com").await;
    assert_eq!(flooded.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(flooded.headers.contains_key("retry-after"));
    // The limit does not depend on the account existing, so it reveals nothing.
    for _ in 0..3 {
        ask("ghost@example.com").await;
    }
    assert_eq!(
        ask("ghost@example.com").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    let (mails,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM mail_outbox WHERE recipient = 'inbox@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(mails, 3);
    // Sign-in for that account is a separate budget.
    app.login("candidate", "inbox@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
}
