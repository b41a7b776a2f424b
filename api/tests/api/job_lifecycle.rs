//! A listing's life on the employer's side over real HTTP: draft, publish,
//! close, reopen, extend, duplicate; and what the public board shows meanwhile.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::job_form;
use crate::support::{Reply, TestApp};

async fn on_board(app: &TestApp, after: &Reply, id: &str) -> bool {
    let board = app
        .get_after("/api/admin/jobs/job-board", None, after)
        .await;
    board.body.as_array().unwrap().iter().any(|j| j["id"] == id)
}

#[tokio::test]
async fn a_draft_stays_off_the_board_until_published_then_closes_and_reopens() {
    let app = TestApp::spawn().await;
    let location = app.add_location("Chatswood, NSW").await;
    let (_, _, employer) = app.employer("Harbour Labs", true).await;
    let mut form = job_form(&location.to_string());
    form["draft"] = json!(true);
    let drafted = app
        .post("/api/employer/jobs", Some(&employer), form)
        .await
        .assert_status(StatusCode::CREATED);
    let id = drafted.id();
    assert!(
        !on_board(&app, &drafted, &id).await,
        "a draft is not public"
    );
    let public = app.get(&format!("/api/jobs/{id}"), None).await;
    assert_eq!(public.status, StatusCode::NOT_FOUND, "nor is its page");
    let mine = app
        .get_after("/api/employer/jobs", Some(&employer), &drafted)
        .await;
    assert_eq!(mine.body[0]["status"], "draft");

    let published = app
        .post(
            &format!("/api/employer/jobs/{id}/publish"),
            Some(&employer),
            json!({}),
        )
        .await;
    assert_eq!(
        (published.status, published.body["message"].as_str()),
        (StatusCode::OK, Some("Job published"))
    );
    assert!(on_board(&app, &published, &id).await);
    let twice = app
        .post(
            &format!("/api/employer/jobs/{id}/publish"),
            Some(&employer),
            json!({}),
        )
        .await;
    twice.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job is already published",
    );

    let closed = app
        .post(
            &format!("/api/employer/jobs/{id}/close"),
            Some(&employer),
            json!({}),
        )
        .await;
    assert!(!on_board(&app, &closed, &id).await);
    let reopened = app
        .post(
            &format!("/api/employer/jobs/{id}/reopen"),
            Some(&employer),
            json!({}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert!(on_board(&app, &reopened, &id).await);

    let later = (chrono::Utc::now() + chrono::Duration::days(90)).to_rfc3339();
    let extended = app
        .post(
            &format!("/api/employer/jobs/{id}/extend"),
            Some(&employer),
            json!({"expires_at": later}),
        )
        .await
        .assert_status(StatusCode::OK);
    let job = app
        .get_after(&format!("/api/jobs/{id}"), None, &extended)
        .await;
    let shown: chrono::DateTime<chrono::Utc> =
        job.body["expires_at"].as_str().unwrap().parse().unwrap();
    assert!(shown > chrono::Utc::now() + chrono::Duration::days(89));
    let earlier = (chrono::Utc::now() + chrono::Duration::days(2)).to_rfc3339();
    let backwards = app
        .post(
            &format!("/api/employer/jobs/{id}/extend"),
            Some(&employer),
            json!({"expires_at": earlier}),
        )
        .await;
    backwards.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "The new closing date must be later than the current one",
    );
}

#[tokio::test]
async fn duplicating_makes_a_draft_copy_and_other_employers_get_404() {
    let app = TestApp::spawn().await;
    let (id, employer) = app.open_job("Site Reliability Engineer").await;
    let copied = app
        .post(
            &format!("/api/employer/jobs/{id}/duplicate"),
            Some(&employer),
            json!({}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let copy = copied.id();
    assert_ne!(copy, id);
    let mine = app
        .get_after("/api/employer/jobs", Some(&employer), &copied)
        .await;
    let listed = mine
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["id"] == copy)
        .unwrap();
    assert_eq!(
        (listed["status"].as_str(), listed["title"].as_str()),
        (Some("draft"), Some("Site Reliability Engineer"))
    );

    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    for action in ["publish", "reopen", "duplicate", "close"] {
        let r = app
            .post(
                &format!("/api/employer/jobs/{copy}/{action}"),
                Some(&rival),
                json!({}),
            )
            .await;
        r.assert_error(StatusCode::NOT_FOUND, "Job not found");
    }
}
