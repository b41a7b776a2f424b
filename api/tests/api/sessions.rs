//! Sessions and admin two-factor sign-in (issue 26): a token says how it was
//! proved; admins must use two-factor sign-in; sensitive actions need a code
//! passed in the last 15 minutes; signing out ends that session alone.

use api::auth::jwt::{Claims, Factor};
use api::config::AdminTwoFactor;
use chrono::{Duration, Utc};
use commands::accounts::totp_generator;
use reqwest::StatusCode;
use serde_json::json;
use uuid::Uuid;

use crate::fixtures::ADMIN_PASSWORD;
use crate::support::{Reply, TestApp};

const ENROLMENT_REQUIRED: &str = "Turn on two-factor sign-in to use the admin workspace.";
const STEP_UP_REQUIRED: &str = "Confirm it's you: enter a code from your authenticator app.";
const SESSION_ENDED: &str = "Your session has ended. Please sign in again.";

#[track_caller]
fn assert_refused(reply: &Reply, message: &str, code: &str) {
    reply.assert_error(StatusCode::FORBIDDEN, message);
    assert_eq!(reply.body["code"], code, "{}", reply.body);
}

/// The current code of `secret`'s app, `steps` 30-second steps from now (one
/// step either way is accepted, so a test can have two fresh codes).
fn code(secret: &str, email: &str, steps: i64) -> String {
    let at = Utc::now().timestamp() + steps * 30;
    totp_generator(secret, email)
        .unwrap()
        .generate(at as u64)
        .to_string()
}

fn token(reply: &Reply) -> String {
    reply.body["token"].as_str().unwrap().to_owned()
}

/// The review's reproduction: an admin signs in with a password alone (T0),
/// turns two-factor sign-in on with T0, and tries to erase someone with T0.
/// Refused until T0 passes a fresh code.
#[tokio::test]
async fn a_password_only_session_cannot_erase_even_after_turning_two_factor_on_until_it_steps_up() {
    let app = TestApp::spawn().await;
    let (employer_id, _, _) = app.employer("Erasable Pty Ltd", true).await;
    let erase = format!("/api/admin/people/{employer_id}/erase");
    let grounds = json!({"grounds": "person_asked"});
    let (_, email, t0) = app.password_admin().await;
    let login = app.login("admin", &email, ADMIN_PASSWORD).await;
    assert_eq!(login.body["two_factor_enrolment_required"], true);
    let other_device = token(&login);

    // Until it is on, the session may only set it up.
    assert_refused(
        &app.post(&erase, Some(&t0), grounds.clone()).await,
        ENROLMENT_REQUIRED,
        "two_factor_enrolment_required",
    );
    assert_refused(
        &app.get("/api/admin/overview", Some(&t0)).await,
        ENROLMENT_REQUIRED,
        "two_factor_enrolment_required",
    );
    app.get("/api/auth/admin/me", Some(&t0))
        .await
        .assert_status(StatusCode::OK);
    app.get("/api/admin/two-factor", Some(&t0))
        .await
        .assert_status(StatusCode::OK);

    let setup = app
        .post(
            "/api/admin/two-factor/setup",
            Some(&t0),
            json!({"password": ADMIN_PASSWORD}),
        )
        .await
        .assert_status(StatusCode::OK);
    let secret = setup.body["secret"].as_str().unwrap().to_owned();
    let on = app
        .post(
            "/api/admin/two-factor/confirm",
            Some(&t0),
            json!({"code": code(&secret, &email, 0)}),
        )
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;

    // Every other session of the account has ended.
    app.get("/api/auth/admin/me", Some(&other_device))
        .await
        .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    // T0 was proved with the password alone: no erasure, nothing else.
    assert_refused(
        &app.post(&erase, Some(&t0), grounds.clone()).await,
        STEP_UP_REQUIRED,
        "step_up_required",
    );
    assert_refused(
        &app.get("/api/admin/overview", Some(&t0)).await,
        STEP_UP_REQUIRED,
        "step_up_required",
    );
    // The token the confirmation handed back passed the code just now.
    app.get("/api/admin/overview", Some(&token(&on)))
        .await
        .assert_status(StatusCode::OK);

    // T0 steps up with a fresh code, then the same erasure goes through.
    app.post(
        "/api/auth/admin/step-up",
        Some(&t0),
        json!({"code": code(&secret, &email, 0)}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "That code has already been used. Wait for the next one.",
    );
    let stepped_up = app
        .post(
            "/api/auth/admin/step-up",
            Some(&t0),
            json!({"code": code(&secret, &email, 1)}),
        )
        .await
        .assert_status(StatusCode::OK);
    let claims = app.app.state.jwt.verify(&token(&stepped_up)).unwrap();
    assert_eq!(claims.amr, vec![Factor::Password, Factor::Code]);
    assert_eq!(
        claims.session_id(),
        app.app.state.jwt.verify(&t0).unwrap().session_id(),
        "a step-up keeps the session"
    );
    app.post(&erase, Some(&token(&stepped_up)), grounds)
        .await
        .assert_status(StatusCode::OK);
}

/// A token for `admin`'s session that passed a code `minutes_ago`.
fn passed_code_minutes_ago(app: &TestApp, admin: Uuid, minutes_ago: i64) -> String {
    let now = Utc::now();
    app.app
        .state
        .jwt
        .sign(&Claims {
            sub: admin,
            role: domain::account::Role::Admin,
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            exp: (now + Duration::hours(1)).timestamp(),
            purpose: None,
            sid: Some(Uuid::now_v7()),
            amr: vec![Factor::Password, Factor::Code],
            mfa_at: Some((now - Duration::minutes(minutes_ago)).timestamp()),
        })
        .unwrap()
}

#[tokio::test]
async fn every_sensitive_action_needs_a_code_passed_in_the_last_fifteen_minutes() {
    let app = TestApp::spawn().await;
    let admin = app.enrolled_admin().await;
    let stale = passed_code_minutes_ago(&app, admin.id, 16);
    let fresh = passed_code_minutes_ago(&app, admin.id, 14);
    let someone = Uuid::now_v7();
    let sensitive: Vec<(reqwest::Method, String, Option<serde_json::Value>)> = vec![
        (
            reqwest::Method::POST,
            format!("/api/admin/people/{someone}/erase"),
            Some(json!({"grounds": "admin_decision"})),
        ),
        (
            reqwest::Method::POST,
            format!("/api/admin/contact-messages/{someone}/erase"),
            Some(json!({"grounds": "admin_decision"})),
        ),
        (
            reqwest::Method::POST,
            format!("/api/admin/people/{someone}/export"),
            Some(json!({})),
        ),
        (
            reqwest::Method::POST,
            "/api/admin/admins".into(),
            Some(
                json!({"name": "Sam Staff", "email": "sam@harbourit.test", "password": ADMIN_PASSWORD}),
            ),
        ),
        (
            reqwest::Method::DELETE,
            format!("/api/admin/admins/{someone}"),
            None,
        ),
        (
            reqwest::Method::POST,
            format!("/api/admin/admins/{someone}/two-factor/reset"),
            Some(json!({})),
        ),
    ];
    for (method, path, body) in sensitive {
        let refused = app
            .send(method.clone(), &path, Some(&stale), body.clone())
            .await;
        assert_refused(&refused, STEP_UP_REQUIRED, "step_up_required");
        // Within the window the same request gets past the session check
        // (to its own answer: nobody has that id, or the code is wrong).
        let answered = app.send(method, &path, Some(&fresh), body).await;
        assert_ne!(
            answered.status,
            StatusCode::FORBIDDEN,
            "{path}: {}",
            answered.body
        );
    }
    // The stale session still does everyday work.
    app.get("/api/admin/overview", Some(&stale))
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn signing_out_ends_that_session_and_no_other() {
    let app = TestApp::spawn().await;
    app.register_candidate("two.devices@harbourit.test").await;
    let laptop = app.candidate_sign_in("two.devices@harbourit.test").await;
    let phone = app.candidate_sign_in("two.devices@harbourit.test").await;
    app.post("/api/auth/sign-out", Some(&laptop), json!({}))
        .await
        .assert_message(StatusCode::OK, "You have signed out.");
    app.settle().await;
    app.get("/api/auth/candidate/profile", Some(&laptop))
        .await
        .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    app.get("/api/auth/candidate/profile", Some(&phone))
        .await
        .assert_status(StatusCode::OK);
    // The same for staff, whose tokens last as long.
    let (_, admin) = app.admin_token().await;
    app.post("/api/auth/sign-out", Some(&admin), json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    app.get("/api/admin/overview", Some(&admin))
        .await
        .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
}

#[tokio::test]
async fn a_token_from_before_session_ids_can_still_be_signed_out_on_its_own() {
    let app = TestApp::spawn().await;
    let body = app.register_candidate("old.token@harbourit.test").await;
    let id: Uuid = body["user"]["id"].as_str().unwrap().parse().unwrap();
    let now = Utc::now();
    let old = |offset_ms: i64| {
        app.app
            .state
            .jwt
            .sign(&Claims {
                sub: id,
                role: domain::account::Role::Candidate,
                iat: now.timestamp(),
                iat_ms: Some(now.timestamp_millis() + offset_ms),
                exp: (now + Duration::hours(1)).timestamp(),
                purpose: None,
                sid: None,
                amr: vec![],
                mfa_at: None,
            })
            .unwrap()
    };
    let (first, second) = (old(0), old(1));
    app.post("/api/auth/sign-out", Some(&first), json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    app.get("/api/auth/candidate/profile", Some(&first))
        .await
        .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    app.get("/api/auth/candidate/profile", Some(&second))
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn turning_two_factor_off_takes_a_code_and_puts_the_admin_back_at_set_up() {
    let app = TestApp::spawn().await;
    let mut admin = app.enrolled_admin().await;
    // The code it takes is its step-up: a session whose last code is old
    // needs no second one.
    admin.token = passed_code_minutes_ago(&app, admin.id, 60);
    let other_device = {
        let challenge = app.login("admin", &admin.email, ADMIN_PASSWORD).await;
        token(
            &app.post(
                "/api/auth/admin/login/two-factor",
                None,
                json!({"challenge": challenge.body["challenge"], "code": admin.recovery_codes[0]}),
            )
            .await
            .assert_status(StatusCode::OK),
        )
    };
    app.post(
        "/api/admin/two-factor/disable",
        Some(&admin.token),
        json!({"code": ""}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Enter the code from your app",
    );
    app.post(
        "/api/admin/two-factor/disable",
        Some(&admin.token),
        json!({"code": "000000"}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "That code is not right. Check the time on your device and try again.",
    );
    let off = app
        .post(
            "/api/admin/two-factor/disable",
            Some(&admin.token),
            json!({"code": code(&admin.secret, &admin.email, 1)}),
        )
        .await;
    off.assert_message(
        StatusCode::OK,
        "Two-factor sign-in is off. Set it up again to keep using the admin workspace.",
    );
    app.settle().await;
    // Every token that passed a code has ended, on every device.
    for ended in [&admin.token, &other_device] {
        app.get("/api/admin/overview", Some(ended))
            .await
            .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    }
    // The new token may only set it up again.
    assert_refused(
        &app.get("/api/admin/overview", Some(&token(&off))).await,
        ENROLMENT_REQUIRED,
        "two_factor_enrolment_required",
    );
    let status = app
        .get("/api/admin/two-factor", Some(&token(&off)))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(status.body["enabled"], false);
}

#[tokio::test]
async fn another_admin_resets_a_lost_phone_and_that_admins_sessions_end() {
    let app = TestApp::spawn().await;
    let (me, mine) = app.admin_token().await;
    let lost = app.enrolled_admin().await;
    let path = |id: Uuid| format!("/api/admin/admins/{id}/two-factor/reset");
    let has_two_factor = |list: &Reply, id: Uuid| {
        list.body
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id.to_string())
            .map(|a| a["two_factor"].clone())
    };
    app.settle().await;
    let listed = app.get("/api/admin/admins", Some(&mine)).await;
    assert_eq!(has_two_factor(&listed, lost.id), Some(json!(true)));
    app.post(&path(me), Some(&mine), json!({}))
        .await
        .assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Turn your own two-factor sign-in off on your two-factor screen",
        );
    app.post(&path(lost.id), Some(&mine), json!({}))
        .await
        .assert_message(
            StatusCode::OK,
            "Two-factor sign-in reset. They set it up again when they next sign in.",
        );
    app.settle().await;
    app.get("/api/admin/overview", Some(&lost.token))
        .await
        .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    let listed = app.get("/api/admin/admins", Some(&mine)).await;
    assert_eq!(has_two_factor(&listed, lost.id), Some(json!(false)));
    // Their password alone now signs them in to set it up again.
    let again = app.login("admin", &lost.email, ADMIN_PASSWORD).await;
    assert_eq!(again.body["two_factor_enrolment_required"], true);
    assert_refused(
        &app.get("/api/admin/overview", Some(&token(&again))).await,
        ENROLMENT_REQUIRED,
        "two_factor_enrolment_required",
    );
    app.post(&path(lost.id), Some(&mine), json!({}))
        .await
        .assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Two-factor sign-in is not on",
        );
}

#[tokio::test]
async fn in_development_the_demo_admins_may_work_without_two_factor_but_not_erase() {
    let app = TestApp::spawn_with(|c| c.admin_two_factor = AdminTwoFactor::Optional).await;
    let (_, email, token) = app.password_admin().await;
    let login = app.login("admin", &email, ADMIN_PASSWORD).await;
    assert!(login.body.get("two_factor_enrolment_required").is_none());
    app.get("/api/admin/overview", Some(&token))
        .await
        .assert_status(StatusCode::OK);
    assert_refused(
        &app.post(
            &format!("/api/admin/people/{}/erase", Uuid::now_v7()),
            Some(&token),
            json!({"grounds": "person_asked"}),
        )
        .await,
        ENROLMENT_REQUIRED,
        "two_factor_enrolment_required",
    );
}

#[test]
fn optional_two_factor_for_admins_is_refused_outside_development() {
    let mut config = crate::support::test_config("unused");
    config.admin_two_factor = AdminTwoFactor::Optional;
    assert!(config.validate().is_ok());
    config.app_env = "production".into();
    let refused = config.validate().unwrap_err().to_string();
    assert!(refused.contains("ADMIN_TWO_FACTOR=optional"), "{refused}");
    assert!(config.admin_two_factor_required());
}
