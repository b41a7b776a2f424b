//! Accounts for all three roles over real HTTP: registration, sign-in and its
//! throttling, tokens and roles, admin creation and employer approval.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::CANDIDATE_PASSWORD;
use crate::support::{JWT_SECRET, TestApp};

#[tokio::test]
async fn a_candidate_registers_signs_in_and_reads_their_profile() {
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("jordan@example.com").await;
    assert_eq!(
        registered["message"],
        "Registration successful! Please log in."
    );
    let login = app
        .login("candidate", "Jordan@Example.com ", CANDIDATE_PASSWORD)
        .await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["user"]["email"], "jordan@example.com");
    assert_eq!(login.body["user"]["role"], "candidate");
    let token = login.body["token"].as_str().unwrap();

    let claims = api::auth::jwt::JwtKeys::new(JWT_SECRET.as_bytes(), chrono::Duration::minutes(60))
        .verify(token)
        .unwrap();
    assert_eq!(claims.role, domain::account::Role::Candidate);
    assert_eq!(claims.exp - claims.iat, 3600);

    let profile = app
        .get("/api/auth/candidate/profile", Some(token))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(profile.body["name"], "Jordan Lee");
    assert_eq!(profile.body["user"]["email"], "jordan@example.com");
}

#[tokio::test]
async fn wrong_passwords_and_unknown_emails_get_the_same_answer() {
    let app = TestApp::spawn().await;
    app.register_candidate("kim@example.com").await;
    let wrong = app.login("candidate", "kim@example.com", "Wrong123!").await;
    let unknown = app
        .login("candidate", "nobody@example.com", CANDIDATE_PASSWORD)
        .await;
    let other_role = app
        .login("employer", "kim@example.com", CANDIDATE_PASSWORD)
        .await;
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
            json!({"name": "A", "email": "not-an-email", "password": CANDIDATE_PASSWORD}),
            "Please enter a valid email address",
        ),
        (
            json!({"name": "A", "email": "a@example.com", "password": "secret11"}),
            "Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character",
        ),
        (
            json!({"name": "  ", "email": "a@example.com", "password": CANDIDATE_PASSWORD}),
            "Name is required",
        ),
        (
            json!({"name": "x".repeat(101), "email": "a@example.com", "password": CANDIDATE_PASSWORD}),
            "Name must be at most 100 characters",
        ),
        (
            json!({"name": "A", "email": "a@example.com", "password": CANDIDATE_PASSWORD, "phone": "call me"}),
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
        list.find_id(&employer_id.to_string()).is_some(),
        "{:?}",
        list.body
    );
    let approved = app
        .manage_employer(&admin, employer_id, "approve", json!({}))
        .await
        .assert_status(StatusCode::OK);
    let again = app
        .manage_employer(&admin, employer_id, "approve", json!({}))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    let login = app.login("employer", &email, "Employer1!").await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(login.body["user"]["company"], "Eucalypt Software");
    let me = app
        .get_after(
            "/api/auth/employer/me",
            login.body["token"].as_str(),
            &approved,
        )
        .await;
    assert_eq!(me.body["status"], "active");
}

/// What the admin checked goes into the approval event for the audit, and
/// not into the mail the employer reads; a note over the limit approves
/// nothing.
#[tokio::test]
async fn an_approval_keeps_what_was_checked_for_the_audit_only() {
    let app = TestApp::spawn().await;
    let (employer_id, email, _) = app.employer("Eucalypt Software", false).await;
    let (_, admin) = app.admin_token().await;

    let long = app
        .manage_employer(
            &admin,
            employer_id,
            "approve",
            json!({"note": "x".repeat(2001)}),
        )
        .await;
    long.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Note must be at most 2000 characters",
    );
    // A note of the wrong shape is named, as any other body's field is.
    let shaped = app
        .manage_employer(&admin, employer_id, "approve", json!({"note": 5}))
        .await;
    assert_eq!(shaped.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        shaped.error().starts_with("Invalid request: note"),
        "{:?}",
        shaped.body
    );
    let note = "ABN active on the register\nCalled their listed number";
    app.manage_employer(&admin, employer_id, "approve", json!({ "note": note }))
        .await
        .assert_status(StatusCode::OK);

    let history = app.account_stream(&admin, employer_id).await;
    let approvals: Vec<&Value> = history.body["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event_type"] == "EmployerApproved")
        .collect();
    assert_eq!(approvals.len(), 1, "the refused note approved nothing");
    assert_eq!(approvals[0]["payload"]["note"], note);
    let mail = app.latest_mail_to(&email).await;
    assert!(mail.contains("your employer account is approved"), "{mail}");
    assert!(!mail.contains("ABN active"), "{mail}");
}

#[tokio::test]
async fn no_anonymous_route_creates_an_admin() {
    let app = TestApp::spawn().await;
    let reply = app
        .post(
            "/api/auth/admin/register",
            None,
            json!({"name": "Eve", "email": "eve@example.com", "password": CANDIDATE_PASSWORD}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(
        reply.error(),
        "Admin accounts can only be created by an existing administrator"
    );
    let candidate = app.candidate_token("c@example.com").await;
    let reply = app
        .add_admin(&candidate, "Eve", "eve@example.com", CANDIDATE_PASSWORD)
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);

    let (_, admin) = app.admin_token().await;
    let created = app
        .add_admin(
            &admin,
            "Second Admin",
            "two@harbourit.test",
            CANDIDATE_PASSWORD,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    app.login("admin", "two@harbourit.test", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
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

    let keys = api::auth::jwt::JwtKeys::new(JWT_SECRET.as_bytes(), chrono::Duration::minutes(5));
    let now = chrono::Utc::now().timestamp();
    let expired = keys
        .sign(&api::auth::jwt::Claims {
            purpose: None,
            sub: uuid::Uuid::now_v7(),
            role: domain::account::Role::Candidate,
            iat: now - 120,
            iat_ms: None,
            exp: now - 60,
            sid: None,
            amr: vec![],
            mfa_at: None,
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
    app.get("/api/auth/candidate/profile", Some(&admin))
        .await
        .assert_status(StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn repeated_failed_sign_ins_are_throttled_with_retry_after() {
    let app = TestApp::spawn().await;
    app.register_candidate("target@example.com").await;
    for _ in 0..5 {
        app.login("candidate", "target@example.com", "Wrong123!")
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
    }
    let blocked = app
        .login("candidate", "target@example.com", CANDIDATE_PASSWORD)
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
    app.login("candidate", "bystander@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
}
