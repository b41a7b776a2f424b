//! Suspending an employer over real HTTP: no sign-in, sessions ended, listings
//! off the board; reinstating brings the listings back but not old sessions.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::job_form;
use crate::support::{Socket, TestApp};

#[tokio::test]
async fn a_suspended_employer_cannot_sign_in_or_use_its_session_and_its_jobs_leave_the_board() {
    let app = TestApp::spawn().await;
    let location = app.add_location("North Sydney, NSW").await;
    let (employer_id, email, token) = app.employer("Shady Pty Ltd", true).await;
    let posted = app.post_job(&token, job_form(&location.to_string())).await;
    let job = posted.id();
    let (_, admin) = app.admin_token().await;
    let mut socket = Socket::connected(&app.base, &token, "employer").await;

    let candidate = app.candidate_token("watcher@example.com").await;
    let not_staff = app
        .manage_employer(&candidate, employer_id, "suspend", json!({}))
        .await;
    assert_eq!(not_staff.status, StatusCode::FORBIDDEN);

    let suspended = app
        .manage_employer(
            &admin,
            employer_id,
            "suspend",
            json!({"reason": "Listings reported as fake"}),
        )
        .await;
    suspended.assert_message(StatusCode::OK, "Employer suspended");
    app.settle().await;
    let listed = app
        .get(
            "/api/admin/employers?status=suspended&q=shady",
            Some(&admin),
        )
        .await;
    assert_eq!(listed.array().len(), 1);
    assert_eq!(listed.body[0]["reason"], "Listings reported as fake");
    // Its open socket is closed by the server, and the old token cannot reconnect.
    assert_eq!(
        socket.expect("disconnect").await["reason"],
        "io server disconnect"
    );
    let mut retry = Socket::connect(&app.base, &token, "employer", "websocket").await;
    retry.expect("connect_error").await;

    let suspended_text = "Your employer account is suspended. Please contact us for details.";
    let again = app.login("employer", &email, "Employer1!").await;
    again.assert_error(StatusCode::FORBIDDEN, suspended_text);
    let old_session = app.get("/api/employer/jobs", Some(&token)).await;
    old_session.assert_error(StatusCode::FORBIDDEN, suspended_text);
    let board = app.get("/api/admin/jobs/job-board", None).await;
    assert!(board.find_id(&job).is_none());
    app.get(&format!("/api/jobs/{job}"), None)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    let mail = app.latest_mail_to(&email).await;
    assert!(mail.contains("Listings reported as fake"), "{mail}");

    let listed = app
        .get("/api/admin/employers?status=suspended", Some(&admin))
        .await;
    assert!(listed.find_id(&employer_id.to_string()).is_some());

    let twice = app
        .manage_employer(&admin, employer_id, "suspend", json!({}))
        .await;
    twice.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Only an approved employer can be suspended",
    );

    app.manage_employer(&admin, employer_id, "reinstate", json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let back = app.get("/api/admin/jobs/job-board", None).await;
    assert!(back.find_id(&job).is_some());
    // A token from before the suspension stays refused; a new sign-in works.
    let stale = app.get("/api/employer/jobs", Some(&token)).await;
    stale.assert_error(
        StatusCode::UNAUTHORIZED,
        "Your session has ended. Please sign in again.",
    );
    // Tokens carry whole seconds: make sure the new one is issued after the suspension's second.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let fresh = app.token("employer", &email, "Employer1!").await;
    app.get("/api/employer/jobs", Some(&fresh))
        .await
        .assert_status(StatusCode::OK);
}
