//! Passwords (issue 26, ASVS 6.2): the common-password list wherever a
//! password is set, and long passwords.

use commands::accounts::email_scope;
use commands::{Effects, Loaded, Metadata};
use domain::account::{self, Account, Registration, Role};
use domain::validation::Email;
use event_store::Actor;
use reqwest::StatusCode;
use serde_json::json;
use uuid::Uuid;

use crate::support::TestApp;

const COMMON: &str = "This password is too common. Choose one that is harder to guess.";
const RULE: &str = "Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character";
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
