//! Hardening (issue 11): each test here names an attack or a fault and fails
//! without the protection it checks. Throttling that counts before it judges,
//! client addresses behind a trusted proxy, sessions that can be ended,
//! security headers, request ids, a database that goes away, readiness and
//! metrics.

use std::time::{Duration, Instant};

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Connection, PgConnection};

use crate::fixtures::CANDIDATE_PASSWORD;
use crate::support::{JWT_SECRET, Socket, TestApp, url_for};

#[tokio::test]
async fn two_hundred_parallel_guesses_for_one_account_get_at_most_five_verdicts() {
    let app = TestApp::spawn().await;
    app.register_candidate("target@example.com").await;
    app.settle().await;
    let guesses = (0..200).map(|i| {
        app.post(
            "/api/auth/candidate/login",
            None,
            json!({"email": "target@example.com", "password": format!("Guess{i}!a")}),
        )
    });
    let replies = join_all(guesses).await;
    let judged = replies
        .iter()
        .filter(|r| r.status == StatusCode::UNAUTHORIZED)
        .count();
    let refused = replies
        .iter()
        .filter(|r| r.status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert!(
        (1..=5).contains(&judged),
        "{judged} guesses were judged (at most 5 may be)"
    );
    assert_eq!(judged + refused, 200);
    // The refused ones say when to come back.
    let refusal = replies
        .iter()
        .find(|r| r.status == StatusCode::TOO_MANY_REQUESTS)
        .unwrap();
    assert!(refusal.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn a_right_password_gives_its_attempt_back_so_an_office_is_not_locked_out() {
    let app = TestApp::spawn().await;
    // Everyone here comes from 127.0.0.1: forty good sign-ins from one
    // address (more than the 30 an address may fail) all succeed.
    app.register_candidate("busy@example.com").await;
    app.settle().await;
    for _ in 0..40 {
        app.login("candidate", "busy@example.com", CANDIDATE_PASSWORD)
            .await
            .assert_status(StatusCode::OK);
    }
}

/// The status of a POST that arrives through a proxy which says the client
/// is `forwarded_for`.
async fn post_forwarded_for(
    app: &TestApp,
    path: &str,
    forwarded_for: &str,
    body: Value,
) -> StatusCode {
    app.client
        .post(format!("{}{path}", app.base))
        .header("x-forwarded-for", forwarded_for)
        .json(&body)
        .send()
        .await
        .unwrap()
        .status()
}

/// A failed candidate sign-in from `forwarded_for`.
async fn login_from(app: &TestApp, forwarded_for: &str, email: &str) -> StatusCode {
    let body = json!({"email": email, "password": "Wrong123!"});
    post_forwarded_for(app, "/api/auth/candidate/login", forwarded_for, body).await
}

/// An app behind a proxy it trusts to name the client (X-Forwarded-For).
async fn behind_a_trusted_proxy() -> TestApp {
    TestApp::spawn_with(|c| c.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()]).await
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_address_budget() {
    let app = behind_a_trusted_proxy().await;
    // One attacker exhausts their address's budget (30) across many emails.
    for i in 0..30 {
        let status = login_from(&app, "198.51.100.7", &format!("victim{i}@example.com")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(
        login_from(&app, "198.51.100.7", "another@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // A forged left-most hop does not help: the proxy appended the real one.
    assert_eq!(
        login_from(&app, "203.0.113.1, 198.51.100.7", "more@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // Someone else behind the same proxy is not locked out.
    assert_eq!(
        login_from(&app, "192.0.2.44", "innocent@example.com").await,
        StatusCode::UNAUTHORIZED
    );
    // IPv6: the whole /64 shares one budget.
    for i in 0..30 {
        login_from(
            &app,
            &format!("2001:db8:5:6::{:x}", i + 1),
            "v6@example.com",
        )
        .await;
    }
    assert_eq!(
        login_from(&app, "2001:db8:5:6:ffff::1", "v6-other@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// A candidate sign-in with the right password from `forwarded_for`.
async fn owner_signs_in_from(app: &TestApp, forwarded_for: &str, email: &str) -> StatusCode {
    let body = json!({"email": email, "password": CANDIDATE_PASSWORD});
    post_forwarded_for(app, "/api/auth/candidate/login", forwarded_for, body).await
}

/// `guesses` wrong sign-ins at `email` at once, from `from(i)`: how many got
/// a verdict (401); every other one must be a 429.
async fn parallel_guesses(
    app: &TestApp,
    email: &str,
    guesses: usize,
    from: impl Fn(usize) -> String,
) -> usize {
    let statuses = join_all((0..guesses).map(|i| {
        let addr = from(i);
        async move { login_from(app, &addr, email).await }
    }))
    .await;
    let judged = statuses
        .iter()
        .filter(|s| **s == StatusCode::UNAUTHORIZED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(judged + refused, guesses, "{statuses:?}");
    judged
}

#[tokio::test]
async fn a_strangers_wrong_guesses_do_not_lock_the_owner_out_where_they_sign_in() {
    let app = behind_a_trusted_proxy().await;
    app.register_candidate("owner@example.com").await;
    app.settle().await;
    // The owner signs in at home: that address is known to the account.
    assert_eq!(
        owner_signs_in_from(&app, "192.0.2.10", "owner@example.com").await,
        StatusCode::OK
    );
    for _ in 0..5 {
        assert_eq!(
            login_from(&app, "198.51.100.7", "owner@example.com").await,
            StatusCode::UNAUTHORIZED
        );
    }
    // Strangers are locked out now, from anywhere, right password or not...
    assert_eq!(
        login_from(&app, "198.51.100.8", "owner@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        owner_signs_in_from(&app, "203.0.113.5", "owner@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ...but the owner at home is not, and signs in again and again.
    for _ in 0..3 {
        assert_eq!(
            owner_signs_in_from(&app, "192.0.2.10", "owner@example.com").await,
            StatusCode::OK
        );
    }
    // An IPv6 owner is known by their /64.
    app.register_candidate("owner6@example.com").await;
    app.settle().await;
    assert_eq!(
        owner_signs_in_from(&app, "2001:db8:7:8::1", "owner6@example.com").await,
        StatusCode::OK
    );
    for i in 0..6 {
        login_from(&app, &format!("2001:db8:9:{i}::1"), "owner6@example.com").await;
    }
    assert_eq!(
        owner_signs_in_from(&app, "2001:db8:7:8:ffff::2", "owner6@example.com").await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn sixty_parallel_guesses_from_strangers_still_get_at_most_five_verdicts() {
    let app = behind_a_trusted_proxy().await;
    app.register_candidate("popular@example.com").await;
    app.settle().await;
    assert_eq!(
        owner_signs_in_from(&app, "192.0.2.10", "popular@example.com").await,
        StatusCode::OK
    );
    // Sixty strangers, each from an address of its own.
    let judged = parallel_guesses(&app, "popular@example.com", 60, |i| {
        format!("198.51.100.{}", i + 1)
    })
    .await;
    assert!((1..=5).contains(&judged), "{judged} guesses were judged");
    assert_eq!(
        owner_signs_in_from(&app, "192.0.2.10", "popular@example.com").await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_known_address_has_a_budget_of_its_own_and_it_is_limited_too() {
    let app = behind_a_trusted_proxy().await;
    app.register_candidate("shared.office@example.com").await;
    app.settle().await;
    assert_eq!(
        owner_signs_in_from(&app, "192.0.2.10", "shared.office@example.com").await,
        StatusCode::OK
    );
    // Someone at the owner's address guesses, sixty at once: five verdicts
    // at most (the address's own limit is 30), then that address waits...
    let judged = parallel_guesses(&app, "shared.office@example.com", 60, |_| {
        "192.0.2.10".to_owned()
    })
    .await;
    assert!((1..=5).contains(&judged), "{judged} guesses were judged");
    assert_eq!(
        owner_signs_in_from(&app, "192.0.2.10", "shared.office@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ...while the account's shared budget is untouched: the owner signs in
    // from a new device.
    assert_eq!(
        owner_signs_in_from(&app, "203.0.113.9", "shared.office@example.com").await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn without_a_trusted_proxy_x_forwarded_for_changes_nothing() {
    let app = TestApp::spawn().await;
    for i in 0..30 {
        // A different claimed address on every request: still one client.
        login_from(
            &app,
            &format!("198.51.100.{i}"),
            &format!("x{i}@example.com"),
        )
        .await;
    }
    assert_eq!(
        login_from(&app, "192.0.2.1", "y@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_session_and_closes_sockets() {
    let app = TestApp::spawn().await;
    app.register_candidate("lost.phone@example.com").await;
    app.settle().await;
    let phone = app.candidate_sign_in("lost.phone@example.com").await;
    let laptop = app.candidate_sign_in("lost.phone@example.com").await;
    let mut socket = Socket::connected(&app.base, &phone, "candidate").await;

    let done = app
        .post("/api/auth/sign-out-everywhere", Some(&laptop), json!({}))
        .await;
    done.assert_message(
        StatusCode::OK,
        "You have been signed out on every device. Sign in again to carry on.",
    );
    app.settle().await;
    for token in [&phone, &laptop] {
        let stale = app.get("/api/auth/candidate/profile", Some(token)).await;
        stale.assert_error(
            StatusCode::UNAUTHORIZED,
            "Your session has ended. Please sign in again.",
        );
    }
    assert_eq!(
        socket.expect("disconnect").await["reason"],
        "io server disconnect"
    );
    let mut again = Socket::connect(&app.base, &phone, "candidate", "websocket").await;
    again.expect("connect_error").await;
    // Signing in straight away works: the new token is newer than the event,
    // even within the same second.
    let fresh = app.candidate_sign_in("lost.phone@example.com").await;
    app.get("/api/auth/candidate/profile", Some(&fresh))
        .await
        .assert_status(StatusCode::OK);
    // No session, no sign-out.
    app.post("/api/auth/sign-out-everywhere", None, json!({}))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_password_reset_ends_the_sessions_issued_before_it() {
    let app = TestApp::spawn().await;
    app.register_candidate("reset.me@example.com").await;
    app.settle().await;
    let before = app.candidate_sign_in("reset.me@example.com").await;
    app.forgot_password("candidate", "reset.me@example.com")
        .await;
    let token = app.reset_link("reset.me@example.com").await;
    app.reset_password("candidate", &token, "Wattle#Tree1")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    app.get("/api/auth/candidate/profile", Some(&before))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    let after = app
        .token("candidate", "reset.me@example.com", "Wattle#Tree1")
        .await;
    app.get("/api/auth/candidate/profile", Some(&after))
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn a_socket_closes_when_its_token_expires() {
    let app = TestApp::spawn().await;
    let body = app.register_candidate("short.lived@example.com").await;
    app.settle().await;
    let id: uuid::Uuid = body["user"]["id"].as_str().unwrap().parse().unwrap();
    let keys = api::auth::jwt::JwtKeys::new(JWT_SECRET.as_bytes(), chrono::Duration::hours(1));
    let now = chrono::Utc::now();
    let token = keys
        .sign(&api::auth::jwt::Claims {
            sub: id,
            role: domain::account::Role::Candidate,
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            exp: now.timestamp() + 2,
            purpose: None,
            sid: None,
            amr: vec![],
            mfa_at: None,
        })
        .unwrap();
    let mut socket = Socket::connected(&app.base, &token, "candidate").await;
    assert_eq!(
        socket.expect("disconnect").await["reason"],
        "io server disconnect"
    );
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await;
    for path in [
        "/",
        "/jobs/find",
        "/api/reference/locations",
        "/api/nope",
        "/readyz",
    ] {
        let reply = app.get(path, None).await;
        let header = |name: &str| {
            reply
                .headers
                .get(name)
                .unwrap_or_else(|| panic!("{path} has no {name}"))
                .to_str()
                .unwrap()
                .to_owned()
        };
        let csp = header("content-security-policy");
        let script_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert_eq!(script_src, "script-src 'self'", "{path}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(header("x-content-type-options"), "nosniff");
        assert_eq!(header("referrer-policy"), "strict-origin-when-cross-origin");
        assert!(
            !reply.headers.contains_key("strict-transport-security"),
            "no HSTS over plain http"
        );
    }
    let https = TestApp::spawn_with(|c| c.public_url = "https://harbourit.test".into()).await;
    let reply = https.get("/api/reference/locations", None).await;
    assert!(
        reply.headers["strict-transport-security"]
            .to_str()
            .unwrap()
            .starts_with("max-age=31536000")
    );
}

#[tokio::test]
async fn a_request_id_is_kept_only_when_it_is_a_uuid() {
    let app = TestApp::spawn().await;
    let send = |id: &'static str| {
        app.raw_get("/api/reference/locations")
            .header("x-request-id", id)
            .send()
    };
    let mine = "0193a3b4-1111-7000-8000-000000000001";
    let kept = send(mine).await.unwrap();
    assert_eq!(kept.headers()["x-request-id"], mine);
    let forged = send("admin'; DROP TABLE events; --").await.unwrap();
    let replaced = forged.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(replaced).is_ok(), "{replaced}");
}

/// Takes the test's database away from the app (no new connections, every
/// open one cut), and gives it back when `back` is called.
async fn cut_database(database: &str) -> PgConnection {
    let mut admin = PgConnection::connect(&url_for("postgres")).await.unwrap();
    sqlx::query(AssertSqlSafe(format!(
        "ALTER DATABASE {database} WITH ALLOW_CONNECTIONS false"
    )))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(database)
        .execute(&mut admin)
        .await
        .unwrap();
    admin
}

#[tokio::test]
async fn while_the_database_is_away_requests_answer_503_fast_and_recover_by_themselves() {
    let app = TestApp::spawn().await;
    app.get("/api/reference/locations", None)
        .await
        .assert_status(StatusCode::OK);
    let mut admin = cut_database(&app.database).await;

    let started = Instant::now();
    let away = app.get("/api/reference/locations", None).await;
    let took = started.elapsed();
    away.assert_error(
        StatusCode::SERVICE_UNAVAILABLE,
        "The service is briefly unavailable. Please try again in a moment.",
    );
    assert!(away.headers.contains_key("retry-after"));
    // The acquire timeout is 1 s (sqlx's own is 30 s): an outage does not
    // hold requests. The bound leaves a busy machine room.
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.status, StatusCode::SERVICE_UNAVAILABLE);

    sqlx::query(AssertSqlSafe(format!(
        "ALTER DATABASE {} WITH ALLOW_CONNECTIONS true",
        app.database
    )))
    .execute(&mut admin)
    .await
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let reply = app.get("/api/reference/locations", None).await;
        if reply.status == StatusCode::OK {
            break;
        }
        assert!(Instant::now() < deadline, "still {:?}", reply.status);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Writes work again too, and the read side catches up.
    app.register_candidate("after.outage@example.com").await;
    app.settle().await;
    app.login("candidate", "after.outage@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn metrics_are_exported_for_prometheus() {
    let app = TestApp::spawn().await;
    app.get("/api/reference/locations", None).await;
    app.register_candidate("counted@example.com").await;
    for _ in 0..6 {
        app.login("candidate", "counted@example.com", "Wrong123!")
            .await;
    }
    let scraped = app.raw_get("/metrics").send().await.unwrap();
    assert_eq!(scraped.status(), StatusCode::OK);
    let text = scraped.text().await.unwrap();
    for expected in [
        "recruit_http_request_duration_seconds_bucket{route=\"/api/reference/locations\",method=\"GET\",status=\"200\"",
        "recruit_http_requests_total{route=\"/api/auth/{role}/login\",method=\"POST\",status=\"401\"}",
        "recruit_throttle_refusals_total{action=\"sign_in\"}",
        "recruit_event_log_head_position ",
        "recruit_projector_lag_events{projector=\"accounts\"}",
        "recruit_projector_lag_seconds{projector=\"accounts\"}",
        "recruit_mail_outbox_pending ",
        "recruit_rebuild_running ",
    ] {
        assert!(text.contains(expected), "no {expected} in:\n{text}");
    }
    // With a token configured, a scraper must present it.
    let guarded = TestApp::spawn_with(|c| c.metrics_token = Some("scrape-me".into())).await;
    let url = format!("{}/metrics", guarded.base);
    assert_eq!(
        guarded.client.get(&url).send().await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        guarded
            .client
            .get(&url)
            .bearer_auth("scrape-me")
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_fresh_start_is_ready_only_once_the_read_models_have_caught_up() {
    use crate::support::{drop_database, fast_runtime, fresh_database, test_config};
    let database = fresh_database().await;
    // History written while no projector runs.
    let writer = api::app::Application::build(test_config(&database), None)
        .await
        .unwrap();
    let client = reqwest::Client::new();
    let registered = client
        .post(format!("{}/api/auth/candidate/register", writer.url()))
        .json(&json!({"name": "Early Bird", "email": "early@example.com", "password": CANDIDATE_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), StatusCode::CREATED);

    let starting = api::app::Application::build(test_config(&database), None)
        .await
        .unwrap();
    let readyz = format!("{}/readyz", starting.url());
    let answer = client.get(&readyz).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(body["error"], "read models catching up");

    // A process with projectors catches the read models up; then it is ready.
    let projecting = api::app::Application::build(test_config(&database), Some(fast_runtime()))
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    while client.get(&readyz).send().await.unwrap().status() != StatusCode::OK {
        assert!(Instant::now() < deadline, "never became ready");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop((writer, starting, projecting));
    drop_database(database);
}

#[tokio::test]
async fn production_refuses_to_start_without_smtp() {
    use crate::support::{drop_database, fresh_database, test_config};
    let database = fresh_database().await;
    let mut config = test_config(&database);
    config.app_env = "production".into();
    match api::app::Application::build(config, None).await {
        Ok(_) => panic!("a production server started with nowhere to send mail"),
        Err(e) => assert!(
            format!("{e:#}").contains("SMTP_URL is required outside development"),
            "{e:#}"
        ),
    }
    drop_database(database);
}

#[tokio::test]
async fn a_command_retried_with_its_idempotency_key_answers_as_the_first_time() {
    let app = TestApp::spawn().await;
    let register = |key: &'static str, email: &'static str| {
        app.client
            .post(format!("{}/api/auth/candidate/register", app.base))
            .header("idempotency-key", key)
            .json(&json!({"name": "Retry Ready", "email": email, "password": CANDIDATE_PASSWORD}))
            .send()
    };
    let first = register("signup-7f3a", "retry@example.com").await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(!first.headers().contains_key("idempotency-replayed"));
    let first: serde_json::Value = first.json().await.unwrap();
    // The answer was lost; the client sends the same request again.
    let again = register("signup-7f3a", "retry@example.com").await.unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(again.headers()["idempotency-replayed"], "true");
    let again: serde_json::Value = again.json().await.unwrap();
    assert_eq!(again["user"]["id"], first["user"]["id"]);
    let registered = app.events_of_type("AccountRegistered").await;
    assert_eq!(registered, 1, "the retry wrote nothing");
    // Without the key, the same request is what it always was: a conflict.
    let plain = app
        .post(
            "/api/auth/candidate/register",
            None,
            json!({"name": "Retry Ready", "email": "retry@example.com", "password": CANDIDATE_PASSWORD}),
        )
        .await;
    assert_eq!(plain.status, StatusCode::CONFLICT);

    // A signed-in caller's key is theirs: the same key with another body is refused.
    let token = app.candidate_sign_in("retry@example.com").await;
    let send = |body: serde_json::Value| {
        app.client
            .post(format!("{}/api/contact", app.base))
            .bearer_auth(&token)
            .header("idempotency-key", "enquiry-1")
            .json(&body)
            .send()
    };
    let enquiry = json!({"firstName": "Retry", "lastName": "Ready", "email": "retry@example.com", "message": "We would like to talk about a role."});
    let sent = send(enquiry.clone()).await.unwrap().status();
    assert!(sent.is_success(), "{sent}");
    let other = send(json!({"firstName": "Someone", "lastName": "Else", "email": "x@example.com", "message": "A different enquiry altogether."}))
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let error: serde_json::Value = other.json().await.unwrap();
    assert_eq!(
        error["error"],
        "This Idempotency-Key was already used for a different request"
    );
    assert_eq!(send(enquiry).await.unwrap().status(), sent);
    // A key that is not a visible token is refused before anything runs.
    let bad = app
        .client
        .post(format!("{}/api/contact", app.base))
        .header("idempotency-key", "")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

/// A candidate registration from `forwarded_for`.
async fn register_from(app: &TestApp, forwarded_for: &str, email: &str) -> StatusCode {
    let body = json!({"name": "Sam Script", "email": email, "password": CANDIDATE_PASSWORD});
    post_forwarded_for(app, "/api/auth/candidate/register", forwarded_for, body).await
}

#[tokio::test]
async fn registrations_are_throttled_per_client_and_a_refusal_creates_nothing() {
    let app = behind_a_trusted_proxy().await;
    for i in 0..30 {
        let email = format!("bulk{i}@example.com");
        assert_eq!(
            register_from(&app, "198.51.100.7", &email).await,
            StatusCode::CREATED
        );
    }
    let before = app.event_count().await;
    assert_eq!(
        register_from(&app, "198.51.100.7", "one.more@example.com").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        app.event_count().await,
        before,
        "the refused one wrote nothing"
    );
    // Another client is not held up.
    assert_eq!(
        register_from(&app, "192.0.2.44", "someone.else@example.com").await,
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn the_contact_form_takes_five_messages_per_client_in_a_window() {
    let app = TestApp::spawn().await;
    let message = |i: usize| {
        json!({"firstName": "Robin", "lastName": "Spam", "email": "robin@example.com",
               "message": format!("Message number {i} about hiring two engineers.")})
    };
    for i in 0..5 {
        app.post("/api/contact", None, message(i))
            .await
            .assert_status(StatusCode::OK);
    }
    let refused = app.post("/api/contact", None, message(5)).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        refused.error(),
        "Too many attempts. Please wait a few minutes and try again."
    );
    assert!(refused.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn uploads_are_throttled_per_client() {
    let app = TestApp::spawn().await;
    let token = app.candidate_token("uploader@example.com").await;
    for i in 0..40 {
        let reply = app
            .upload_document(
                &token,
                "note.txt",
                format!("note {i}").into_bytes(),
                &[("title", &format!("Note {i}"))],
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
        if i == 39 {
            break;
        }
        // Keep under the document quota (50): delete as we go.
        let id = reply.body["document"]["id"].as_str().unwrap().to_owned();
        app.delete(&format!("/api/documents/{id}"), Some(&token))
            .await
            .assert_status(StatusCode::OK);
    }
    let files = app.file_count().await;
    let refused = app
        .upload_document(&token, "late.txt", b"late".to_vec(), &[("title", "Late")])
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.file_count().await, files, "no bytes were stored");
}

#[tokio::test]
async fn a_candidates_documents_have_a_quota_with_a_clear_text() {
    let app = TestApp::spawn().await;
    let token = app.candidate_token("hoarder@example.com").await;
    let mib = 1024 * 1024;
    // Ten files of 9.5 MiB: 95 MiB of the 100 MiB allowed.
    for i in 0..10 {
        let reply = app
            .upload_document(
                &token,
                "scan.pdf",
                pdf_of(mib * 19 / 2),
                &[("title", &format!("Scan {i}"))],
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    }
    app.settle().await;
    let files = app.file_count().await;
    let over = app
        .upload_document(&token, "big.pdf", pdf_of(6 * mib), &[("title", "Too much")])
        .await;
    assert_eq!(over.status, StatusCode::CONFLICT);
    assert_eq!(
        over.error(),
        domain::document::DOCUMENT_STORAGE_FULL,
        "says what to do"
    );
    assert_eq!(app.file_count().await, files, "nothing stored");
    // What still fits goes in.
    let small = app
        .upload_document(&token, "small.pdf", pdf_of(mib), &[("title", "Fits")])
        .await;
    assert_eq!(small.status, StatusCode::CREATED, "{}", small.body);
}

/// A file the PDF check accepts, `size` bytes long.
fn pdf_of(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(size, b' ');
    bytes
}

#[tokio::test]
async fn one_client_cannot_hold_more_than_its_share_of_sockets() {
    let app = TestApp::spawn_with(|c| c.sockets_per_client = 3).await;
    let token = app.candidate_token("tabs@example.com").await;
    let mut open = vec![];
    for _ in 0..3 {
        open.push(Socket::connected(&app.base, &token, "candidate").await);
    }
    let mut fourth = Socket::connect(&app.base, &token, "candidate", "websocket").await;
    let refused = fourth.expect("connect_error").await;
    assert_eq!(refused["message"], "too many connections");
    // One closes: its slot is free again.
    drop(open.pop());
    // (The server notices the close within moments: try until it has.)
    let mut admitted = false;
    for _ in 0..20 {
        let mut socket = Socket::connect(&app.base, &token, "candidate", "websocket").await;
        let mut events = vec![];
        for _ in 0..100 {
            events = socket.drain(Duration::from_millis(100)).await;
            if events
                .iter()
                .any(|e| e == "connected" || e == "connect_error")
            {
                break;
            }
        }
        if events.iter().any(|e| e == "connected") {
            admitted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(admitted, "a freed slot can be used");
}

#[tokio::test]
async fn a_client_that_trickles_its_headers_is_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn_with(|c| c.header_read_timeout_secs = 1).await;
    let mut slow = tokio::net::TcpStream::connect(app.app.addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 512];
    // Dribble one header line every 300 ms: never finishing the headers.
    // (Cut off after the configured 1 s, not the default 10 s; the bounds
    // leave a busy machine room.)
    let closed = tokio::time::timeout(Duration::from_secs(9), async {
        loop {
            tokio::select! {
                read = slow.read(&mut buf) => break read,
                _ = tokio::time::sleep(Duration::from_millis(300)) => {
                    if slow.write_all(b"X-Slow: yes\r\n").await.is_err() {
                        break Ok(0);
                    }
                }
            }
        }
    })
    .await
    .expect("the server closed the connection");
    match closed {
        Ok(0) | Err(_) => {}
        // Or told so before the close.
        Ok(n) => assert!(
            buf[..n].starts_with(b"HTTP/1.1 408"),
            "answered instead: {}",
            String::from_utf8_lossy(&buf[..n])
        ),
    }
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(9),
        "cut off after {waited:?}"
    );
    // A normal request on a fresh connection is served.
    app.get("/healthz", None)
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn an_upload_whose_event_never_came_is_swept_after_the_grace_period() {
    let app = TestApp::spawn().await;
    let token = app.candidate_token("sweeper@example.com").await;
    let kept = app
        .upload_document(&token, "cv.txt", b"my cv".to_vec(), &[("title", "CV")])
        .await;
    assert_eq!(kept.status, StatusCode::CREATED);
    // A crash between storing bytes and appending: bytes with no event.
    let orphan = app.store_orphan().await;
    app.settle().await;
    let state = &app.app.state;

    // Inside the grace period nothing goes.
    let swept = api::sweeper::sweep(state, Duration::from_secs(3600), false)
        .await
        .unwrap();
    assert_eq!(swept.orphans, Vec::<String>::new());
    assert!(state.files.exists(&orphan).await);

    // Past it, only the orphan goes; a dry run only reports.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let dry = api::sweeper::sweep(state, Duration::from_secs(1), true)
        .await
        .unwrap();
    assert_eq!(dry.orphans, vec![orphan.clone()]);
    assert!(state.files.exists(&orphan).await);
    let swept = api::sweeper::sweep(state, Duration::from_secs(1), false)
        .await
        .unwrap();
    assert_eq!(swept.orphans, vec![orphan.clone()]);
    assert_eq!(swept.examined, 2);
    assert!(!state.files.exists(&orphan).await);
    let id = kept.body["document"]["id"].as_str().unwrap();
    let download = app
        .download(&format!("/api/documents/{id}/download"), &token)
        .await;
    assert_eq!(download.status(), StatusCode::OK, "the real upload stays");
}

#[tokio::test]
async fn email_claims_and_throttle_keys_are_keyed_hashes_and_old_claims_still_hold() {
    use sha2::{Digest, Sha256};
    let app = TestApp::spawn().await;
    app.register_candidate("claimed@example.com").await;
    let bare = hex::encode(Sha256::digest(b"claimed@example.com"));
    let stored: Vec<(String,)> = sqlx::query_as("SELECT value_hash FROM unique_claims")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(!stored.is_empty());
    assert!(
        stored.iter().all(|(h,)| h != &bare),
        "a bare SHA-256 of the email is stored"
    );
    app.login("candidate", "claimed@example.com", "Wrong123!")
        .await;
    let keys: Vec<(String,)> = sqlx::query_as("SELECT key FROM login_throttle")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(keys.iter().all(|(k,)| !k.contains(&bare)), "{keys:?}");

    // A claim written before keyed hashing (bare SHA-256) still refuses a
    // second account with that email.
    let legacy = hex::encode(Sha256::digest(b"old.timer@example.com"));
    sqlx::query("INSERT INTO unique_claims (scope, value_hash, owner_id) VALUES ('account_email:candidate', $1, $2)")
        .bind(&legacy)
        .bind(uuid::Uuid::now_v7())
        .execute(&app.pool)
        .await
        .unwrap();
    let again = app
        .post(
            "/api/auth/candidate/register",
            None,
            json!({"name": "Old Timer", "email": "old.timer@example.com", "password": CANDIDATE_PASSWORD}),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
}
