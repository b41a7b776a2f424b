//! Accounts for all three roles over real HTTP.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::TestApp;

#[tokio::test]
async fn a_candidate_registers_signs_in_and_reads_their_profile() {
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("jordan@example.com").await;
    assert_eq!(
        registered["message"],
        "Registration successful! Please log in."
    );
    let login = app
        .login("candidate", "Jordan@Example.com ", "Secret1!")
        .await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["user"]["email"], "jordan@example.com");
    assert_eq!(login.body["user"]["role"], "candidate");
    let token = login.body["token"].as_str().unwrap();

    let claims = api::auth::jwt::JwtKeys::new(
        b"test-secret-that-is-at-least-32-bytes-long",
        chrono::Duration::minutes(60),
    )
    .verify(token)
    .unwrap();
    assert_eq!(claims.role, "candidate");
    assert_eq!(claims.exp - claims.iat, 3600);

    let profile = app.get("/api/auth/candidate/profile", Some(token)).await;
    assert_eq!(profile.status, StatusCode::OK, "{:?}", profile.body);
    assert_eq!(profile.body["name"], "Jordan Lee");
    assert_eq!(profile.body["user"]["email"], "jordan@example.com");
}

#[tokio::test]
async fn wrong_passwords_and_unknown_emails_get_the_same_answer() {
    let app = TestApp::spawn().await;
    app.register_candidate("kim@example.com").await;
    let wrong = app.login("candidate", "kim@example.com", "Wrong123!").await;
    let unknown = app
        .login("candidate", "nobody@example.com", "Secret1!")
        .await;
    let other_role = app.login("employer", "kim@example.com", "Secret1!").await;
    for reply in [wrong, unknown, other_role] {
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
        assert_eq!(reply.error(), "Invalid email or password");
    }
}

#[tokio::test]
async fn registration_checks_the_spec_rules_and_stores_nothing_when_they_fail() {
    let app = TestApp::spawn().await;
    let before = app.event_count().await;
    let cases = [
        (
            json!({"name": "A", "email": "not-an-email", "password": "Secret1!"}),
            "Please enter a valid email address",
        ),
        (
            json!({"name": "A", "email": "a@example.com", "password": "secret11"}),
            "Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character",
        ),
        (
            json!({"name": "  ", "email": "a@example.com", "password": "Secret1!"}),
            "Name is required",
        ),
        (
            json!({"name": "x".repeat(101), "email": "a@example.com", "password": "Secret1!"}),
            "Name must be at most 100 characters",
        ),
        (
            json!({"name": "A", "email": "a@example.com", "password": "Secret1!", "phone": "call me"}),
            "Please enter a valid phone number",
        ),
    ];
    for (body, message) in cases {
        let reply = app.post("/api/auth/candidate/register", None, body).await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(reply.error(), message);
    }
    assert_eq!(app.event_count().await, before);
}

#[tokio::test]
async fn a_pending_employer_cannot_sign_in_until_an_admin_approves() {
    let app = TestApp::spawn().await;
    let (employer_id, email, _) = app.employer("Eucalypt Software", false).await;
    let pending = app.login("employer", &email, "Employer1!").await;
    assert_eq!(pending.status, StatusCode::FORBIDDEN);
    assert_eq!(
        pending.error(),
        "Your employer account is awaiting approval. We will email you as soon as it is approved."
    );

    let (_, admin) = app.admin_token().await;
    app.settle().await;
    let list = app
        .get("/api/admin/employers?status=pending", Some(&admin))
        .await;
    assert!(
        list.body
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == employer_id.to_string()),
        "{:?}",
        list.body
    );
    let approved = app
        .post(
            &format!("/api/admin/employers/{employer_id}/approve"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(approved.status, StatusCode::OK, "{:?}", approved.body);
    let again = app
        .post(
            &format!("/api/admin/employers/{employer_id}/approve"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    let login = app.login("employer", &email, "Employer1!").await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["user"]["company"], "Eucalypt Software");
    let me = app
        .get_after(
            "/api/auth/employer/me",
            login.body["token"].as_str(),
            &approved.consistency().unwrap(),
        )
        .await;
    assert_eq!(me.body["status"], "active");
}

#[tokio::test]
async fn no_anonymous_route_creates_an_admin() {
    let app = TestApp::spawn().await;
    let reply = app
        .post(
            "/api/auth/admin/register",
            None,
            json!({"name": "Eve", "email": "eve@example.com", "password": "Secret1!"}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(
        reply.error(),
        "Admin accounts can only be created by an existing administrator"
    );
    let candidate = app.candidate_token("c@example.com").await;
    let reply = app
        .post(
            "/api/admin/admins",
            Some(&candidate),
            json!({"name": "Eve", "email": "eve@example.com", "password": "Secret1!"}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);

    let (_, admin) = app.admin_token().await;
    let created = app
        .post(
            "/api/admin/admins",
            Some(&admin),
            json!({"name": "Second Admin", "email": "two@harbourit.test", "password": "Secret1!"}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    assert_eq!(
        app.login("admin", "two@harbourit.test", "Secret1!")
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn tokens_are_checked_for_presence_validity_expiry_and_role() {
    let app = TestApp::spawn().await;
    let candidate = app.candidate_token("role@example.com").await;
    let missing = app.get("/api/auth/candidate/profile", None).await;
    assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
    let garbled = app
        .get("/api/auth/candidate/profile", Some("garbage.token.here"))
        .await;
    assert_eq!(garbled.status, StatusCode::UNAUTHORIZED);

    let keys = api::auth::jwt::JwtKeys::new(
        b"test-secret-that-is-at-least-32-bytes-long",
        chrono::Duration::minutes(5),
    );
    let now = chrono::Utc::now().timestamp();
    let expired = keys
        .sign(&api::auth::jwt::Claims {
            sub: uuid::Uuid::now_v7(),
            role: "candidate".into(),
            iat: now - 120,
            exp: now - 60,
        })
        .unwrap();
    let reply = app.get("/api/auth/candidate/profile", Some(&expired)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        reply.error(),
        "Your session has expired. Please sign in again."
    );

    for path in [
        "/api/auth/admin/me",
        "/api/auth/employer/me",
        "/api/admin/employers",
        "/api/employer/jobs",
    ] {
        let reply = app.get(path, Some(&candidate)).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{path}");
    }
    let (_, admin) = app.admin_token().await;
    assert_eq!(
        app.get("/api/auth/candidate/profile", Some(&admin))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

async fn reset_link(app: &TestApp, email: &str) -> String {
    let (body,): (String,) = sqlx::query_as(
        "SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(email)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let start = body.find("token=").expect("the mail has a reset link") + "token=".len();
    body[start..].split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn a_password_reset_works_once_and_the_old_password_stops_working() {
    let app = TestApp::spawn().await;
    app.register_candidate("forgetful@example.com").await;
    let unknown = app
        .post(
            "/api/auth/candidate/forgot-password",
            None,
            json!({"email": "ghost@example.com"}),
        )
        .await;
    let known = app
        .post(
            "/api/auth/candidate/forgot-password",
            None,
            json!({"email": "forgetful@example.com"}),
        )
        .await;
    for reply in [&unknown, &known] {
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(
            reply.body["message"],
            "If an account exists with this email, a password reset link will be sent."
        );
    }
    let token = reset_link(&app, "forgetful@example.com").await;
    let (hashes,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM events WHERE payload::text LIKE '%' || $1 || '%'")
            .bind(&token)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(hashes, 0, "the token itself is never stored in an event");

    let weak = app
        .post(
            "/api/auth/candidate/reset-password",
            None,
            json!({"token": token, "newPassword": "short"}),
        )
        .await;
    assert_eq!(weak.status, StatusCode::UNPROCESSABLE_ENTITY);
    let empty = app
        .post(
            "/api/auth/candidate/reset-password",
            None,
            json!({"token": "", "newPassword": ""}),
        )
        .await;
    assert_eq!(empty.error(), "Please fill in all fields");
    let wrong_role = app
        .post(
            "/api/auth/employer/reset-password",
            None,
            json!({"token": token, "newPassword": "Brand(New)1"}),
        )
        .await;
    assert_eq!(wrong_role.status, StatusCode::BAD_REQUEST);

    let ok = app
        .post(
            "/api/auth/candidate/reset-password",
            None,
            json!({"token": token, "newPassword": "Brand(New)1"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["message"], "Password has been reset successfully.");
    let reused = app
        .post(
            "/api/auth/candidate/reset-password",
            None,
            json!({"token": token, "newPassword": "Other(New)1"}),
        )
        .await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reused.error(),
        "This reset link is invalid or has expired. Please request a new one."
    );
    assert_eq!(
        app.login("candidate", "forgetful@example.com", "Secret1!")
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("candidate", "forgetful@example.com", "Brand(New)1")
            .await
            .status,
        StatusCode::OK
    );

    let tampered = format!("{}A", &token[..token.len() - 1]);
    let reply = app
        .post(
            "/api/auth/candidate/reset-password",
            None,
            json!({"token": tampered, "newPassword": "Other(New)1"}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_mail_sender_delivers_the_outbox_to_the_mail_folder() {
    let app = TestApp::spawn().await;
    app.register_candidate("mailme@example.com").await;
    app.post(
        "/api/auth/candidate/forgot-password",
        None,
        json!({"email": "mailme@example.com"}),
    )
    .await;
    let dir = app.app.state.config.mail_dir.clone();
    let mut found = None;
    for _ in 0..50 {
        if let Ok(mut entries) = std::fs::read_dir(&dir)
            && let Some(Ok(entry)) = entries.next()
        {
            found = Some(std::fs::read_to_string(entry.path()).unwrap());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mail = found.expect("a mail file appears");
    assert!(mail.contains("To: mailme@example.com"));
    assert!(mail.contains("http://localhost:8080/reset-password?token="));
    let (sent,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM mail_outbox WHERE sent_at IS NOT NULL")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(sent, 1);
}

#[tokio::test]
async fn repeated_failed_sign_ins_are_throttled_with_retry_after() {
    let app = TestApp::spawn().await;
    app.register_candidate("target@example.com").await;
    for _ in 0..5 {
        assert_eq!(
            app.login("candidate", "target@example.com", "Wrong123!")
                .await
                .status,
            StatusCode::UNAUTHORIZED
        );
    }
    let blocked = app
        .login("candidate", "target@example.com", "Secret1!")
        .await;
    assert_eq!(blocked.status, StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = blocked.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    // Another account is not blocked by this one's failures.
    app.register_candidate("bystander@example.com").await;
    assert_eq!(
        app.login("candidate", "bystander@example.com", "Secret1!")
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn reset_requests_are_limited_per_email_so_nobody_can_flood_an_inbox() {
    let app = TestApp::spawn().await;
    app.register_candidate("inbox@example.com").await;
    let ask = |email: &'static str| {
        app.post(
            "/api/auth/candidate/forgot-password",
            None,
            json!({"email": email}),
        )
    };
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
    assert_eq!(
        app.login("candidate", "inbox@example.com", "Secret1!")
            .await
            .status,
        StatusCode::OK
    );
}
