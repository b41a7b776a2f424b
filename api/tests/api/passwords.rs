//! Passwords (issue 26, ASVS 6.2): the common-password list wherever a
//! password is set, long passwords, and a signed-in user changing theirs.

use commands::accounts::email_scope;
use commands::{Effects, Loaded, Metadata};
use domain::account::{self, Account, Registration, Role};
use domain::validation::Email;
use event_store::Actor;
use reqwest::StatusCode;
use serde_json::json;
use uuid::Uuid;

use crate::fixtures::{ADMIN_PASSWORD, CANDIDATE_PASSWORD};
use crate::support::TestApp;

const COMMON: &str = "This password is too common. Choose one that is harder to guess.";
const RULE: &str = "Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character";
const CHANGED: &str =
    "Your password has been changed. You have been signed out on your other devices.";
const SESSION_ENDED: &str = "Your session has ended. Please sign in again.";
const CHANGE: &str = "/api/auth/change-password";
const NEW_PASSWORD: &str = "Wattle#Tree1";

#[tokio::test]
async fn a_common_password_is_refused_wherever_a_password_is_set_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    app.register_candidate("forgetful@example.com").await;
    app.forgot_password("candidate", "forgetful@example.com")
        .await
        .assert_status(StatusCode::OK);
    let reset_token = app.reset_link("forgetful@example.com").await;
    app.settle().await;
    let before = app.event_count().await;

    // Case does not matter, nor digits and symbols added at the end.
    let candidate = app
        .post(
            "/api/auth/candidate/register",
            None,
            json!({"name": "Pat Common", "email": "pat@example.com", "password": "PASSWORD1!"}),
        )
        .await;
    candidate.assert_error(StatusCode::UNPROCESSABLE_ENTITY, COMMON);
    let employer = app
        .post(
            "/api/auth/employer/register",
            None,
            json!({"name": "Sam Sunny", "email": "sam@sunny.test", "password": "Sunshine2024!", "company": "Sunny Pty Ltd"}),
        )
        .await;
    employer.assert_error(StatusCode::UNPROCESSABLE_ENTITY, COMMON);
    app.add_admin(&admin, "Riley Staff", "riley@harbourit.test", "Admin123!")
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, COMMON);
    app.reset_password("candidate", &reset_token, "Letmein#2026")
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, COMMON);
    // The SPEC rule keeps its own text, and comes first.
    app.reset_password("candidate", &reset_token, "password")
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, RULE);
    assert_eq!(app.event_count().await, before);

    // The link is unspent: an uncommon password is taken.
    app.reset_password("candidate", &reset_token, NEW_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn an_account_whose_password_became_common_still_signs_in() {
    let app = TestApp::spawn().await;
    // Registered before the list existed, with a password it now refuses.
    let writer = &app.app.state.commands;
    let id = Uuid::now_v7();
    let email = Email::parse("old.timer@example.com").unwrap();
    let events = account::register(
        None,
        Registration {
            account_id: id,
            role: Role::Candidate,
            name: "Old Timer".into(),
            email: email.clone(),
            phone: None,
            company: None,
            password_hash: commands::passwords::hash("Password1!".into())
                .await
                .unwrap(),
            created_by: None,
            now: chrono::Utc::now(),
        },
    )
    .unwrap();
    let claim = writer
        .hasher
        .claim(email_scope(Role::Candidate), email.as_str(), id);
    writer
        .append::<Account>(
            id,
            &Loaded {
                state: None,
                version: 0,
            },
            events,
            Effects::default().claim(claim),
            Metadata::system(Actor::Test),
        )
        .await
        .unwrap();
    app.settle().await;
    app.login("candidate", "old.timer@example.com", "Password1!")
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn a_password_of_sixty_four_characters_and_more_is_set_and_signs_in() {
    let app = TestApp::spawn().await;
    let long = format!("Harbour#{}", "wattle-tree-".repeat(10));
    assert!(long.chars().count() >= 64, "{}", long.chars().count());
    app.post(
        "/api/auth/candidate/register",
        None,
        json!({"name": "Lee Long", "email": "long@example.com", "password": long}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.settle().await;
    app.login("candidate", "long@example.com", &long)
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn changing_the_password_ends_every_other_session_and_keeps_this_device_signed_in() {
    let app = TestApp::spawn().await;
    app.register_candidate("mover@example.com").await;
    app.settle().await;
    let phone = app.candidate_sign_in("mover@example.com").await;
    let laptop = app.candidate_sign_in("mover@example.com").await;

    let changed = app
        .post(
            CHANGE,
            Some(&laptop),
            json!({"currentPassword": CANDIDATE_PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(changed.body["message"], CHANGED);
    let fresh = changed.body["token"].as_str().unwrap().to_owned();
    app.settle().await;

    for old in [&phone, &laptop] {
        app.get("/api/auth/candidate/profile", Some(old))
            .await
            .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
    }
    app.get("/api/auth/candidate/profile", Some(&fresh))
        .await
        .assert_status(StatusCode::OK);
    app.login("candidate", "mover@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_error(StatusCode::UNAUTHORIZED, "Invalid email or password");
    app.login("candidate", "mover@example.com", NEW_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(app.events_of_type("PasswordChanged").await, 1);
}

#[tokio::test]
async fn employers_and_admins_change_their_passwords_too() {
    let app = TestApp::spawn().await;
    let (_, employer_email, employer) = app.employer("Wattle Works", true).await;
    let (_, admin) = app.admin_token().await;
    app.settle().await;
    let admin_email = app
        .get("/api/auth/admin/me", Some(&admin))
        .await
        .assert_status(StatusCode::OK)
        .body["email"]
        .as_str()
        .unwrap()
        .to_owned();

    for (role, email, token, current) in [
        ("employer", &employer_email, &employer, "Employer1!"),
        ("admin", &admin_email, &admin, ADMIN_PASSWORD),
    ] {
        let changed = app
            .post(
                CHANGE,
                Some(token),
                json!({"currentPassword": current, "newPassword": NEW_PASSWORD}),
            )
            .await
            .assert_status(StatusCode::OK);
        let fresh = changed.body["token"].as_str().unwrap();
        app.settle().await;
        let me = format!("/api/auth/{role}/me");
        app.get(&me, Some(token))
            .await
            .assert_error(StatusCode::UNAUTHORIZED, SESSION_ENDED);
        app.get(&me, Some(fresh))
            .await
            .assert_status(StatusCode::OK);
        app.login(role, email, NEW_PASSWORD)
            .await
            .assert_status(StatusCode::OK);
    }
}

#[tokio::test]
async fn a_bad_password_change_gets_a_clear_text_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let token = app.candidate_token("careful@example.com").await;
    app.settle().await;
    let before = app.event_count().await;

    app.post(
        CHANGE,
        None,
        json!({"currentPassword": CANDIDATE_PASSWORD, "newPassword": NEW_PASSWORD}),
    )
    .await
    .assert_status(StatusCode::UNAUTHORIZED);
    for (current, new, message) in [
        ("", NEW_PASSWORD, "Please fill in all fields"),
        (CANDIDATE_PASSWORD, "", "Please fill in all fields"),
        (
            "Wrong#Password9",
            NEW_PASSWORD,
            "Your current password is not right",
        ),
        (CANDIDATE_PASSWORD, "wattle-tree", RULE),
        (CANDIDATE_PASSWORD, "Password1!", COMMON),
        (
            CANDIDATE_PASSWORD,
            CANDIDATE_PASSWORD,
            "Your new password must be different from your current one",
        ),
    ] {
        app.post(
            CHANGE,
            Some(&token),
            json!({"currentPassword": current, "newPassword": new}),
        )
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }
    assert_eq!(app.event_count().await, before);
    app.get("/api/auth/candidate/profile", Some(&token))
        .await
        .assert_status(StatusCode::OK);
    app.login("candidate", "careful@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::OK);
}

#[tokio::test]
async fn wrong_current_passwords_count_against_the_sign_in_throttle() {
    let app = TestApp::spawn().await;
    let token = app.candidate_token("guessed@example.com").await;
    app.settle().await;
    let guess = |current: &'static str| {
        app.post(
            CHANGE,
            Some(&token),
            json!({"currentPassword": current, "newPassword": NEW_PASSWORD}),
        )
    };
    for _ in 0..5 {
        guess("Wrong#Password9").await.assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Your current password is not right",
        );
    }
    // A stolen session cannot go on guessing, even the right password...
    let refused = guess(CANDIDATE_PASSWORD).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers.contains_key("retry-after"));
    // ...nor sign in from the same place.
    app.login("candidate", "guessed@example.com", CANDIDATE_PASSWORD)
        .await
        .assert_status(StatusCode::TOO_MANY_REQUESTS);
}
