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
    board.find_id(id).is_some()
}

#[tokio::test]
async fn a_draft_stays_off_the_board_until_published_then_closes_and_reopens() {
    let app = TestApp::spawn().await;
    let location = app.add_location("Chatswood, NSW").await;
    let (_, _, employer) = app.employer("Harbour Labs", true).await;
    let mut form = job_form(&location.to_string());
    form["draft"] = json!(true);
    let drafted = app
        .post_job(&employer, form)
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

    let published = app.job_action(&employer, &id, "publish").await;
    published.assert_message(StatusCode::OK, "Job published");
    assert!(on_board(&app, &published, &id).await);
    let twice = app.job_action(&employer, &id, "publish").await;
    twice.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job is already published",
    );

    let closed = app.job_action(&employer, &id, "close").await;
    assert!(!on_board(&app, &closed, &id).await);
    let reopened = app
        .job_action(&employer, &id, "reopen")
        .await
        .assert_status(StatusCode::OK);
    assert!(on_board(&app, &reopened, &id).await);

    // A new closing date `days` from now.
    let extend = async |days: i64| {
        let expires_at = (chrono::Utc::now() + chrono::Duration::days(days)).to_rfc3339();
        app.post(
            &format!("/api/employer/jobs/{id}/extend"),
            Some(&employer),
            json!({"expires_at": expires_at}),
        )
        .await
    };
    let extended = extend(90).await.assert_status(StatusCode::OK);
    let job = app
        .get_after(&format!("/api/jobs/{id}"), None, &extended)
        .await;
    let shown: chrono::DateTime<chrono::Utc> =
        job.body["expires_at"].as_str().unwrap().parse().unwrap();
    assert!(shown > chrono::Utc::now() + chrono::Duration::days(89));
    let backwards = extend(2).await;
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
        .job_action(&employer, &id, "duplicate")
        .await
        .assert_status(StatusCode::CREATED);
    let copy = copied.id();
    assert_ne!(copy, id);
    let mine = app
        .get_after("/api/employer/jobs", Some(&employer), &copied)
        .await;
    let listed = mine.find_id(&copy).unwrap();
    assert_eq!(
        (listed["status"].as_str(), listed["title"].as_str()),
        (Some("draft"), Some("Site Reliability Engineer"))
    );

    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    for action in ["publish", "reopen", "duplicate", "close"] {
        let r = app.job_action(&rival, &copy, action).await;
        r.assert_error(StatusCode::NOT_FOUND, "Job not found");
    }
}
