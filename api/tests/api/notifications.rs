//! Notifications over real HTTP: raised by policy, managed by their owner only.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Reply, TestApp};

async fn notifications_of(app: &TestApp, token: &str, want: usize) -> serde_json::Value {
    let mut body = serde_json::Value::Null;
    crate::support::until(&format!("{want} notifications arrive"), async || {
        body = app
            .get("/api/notifications?limit=20&offset=0", Some(token))
            .await
            .body;
        body["notifications"]
            .as_array()
            .is_some_and(|a| a.len() >= want)
    })
    .await;
    body
}

/// The user's unread count once `write` is visible.
async fn unread_after(app: &TestApp, token: &str, write: &Reply) -> serde_json::Value {
    app.get_after("/api/notifications/unread-count", Some(token), write)
        .await
        .body["unread_count"]
        .clone()
}

#[tokio::test]
async fn notifications_are_raised_by_policy_and_managed_by_their_owner_only() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let me = app.candidate_token("notify@example.com").await;
    let stranger = app.candidate_token("stranger@example.com").await;
    let submitted = app.submit_application(&me, json!({"jobId": job})).await;
    let app_id = submitted.id();

    let mine = notifications_of(&app, &me, 1).await;
    assert_eq!(mine["notifications"][0]["title"], "Application received");
    assert_eq!(mine["notifications"][0]["type"], "success");
    let theirs = notifications_of(&app, &employer, 1).await;
    assert_eq!(theirs["notifications"][0]["title"], "New application");
    // each opens the application, where its reader follows it
    assert_eq!(
        mine["notifications"][0]["link"],
        "/candidate/dashboard/applications"
    );
    assert_eq!(
        theirs["notifications"][0]["link"],
        format!("/dashboard/applicants/{app_id}")
    );

    app.set_application_status(
        &employer,
        &app_id,
        json!({"status": "rejected", "feedback": "We went with someone more senior"}),
    )
    .await;
    let mine = notifications_of(&app, &me, 2).await;
    let newest = &mine["notifications"][0];
    assert_eq!(newest["type"], "error");
    assert!(
        newest["message"]
            .as_str()
            .unwrap()
            .ends_with("Feedback from the employer: We went with someone more senior")
    );
    assert_eq!(
        app.get("/api/notifications/unread-count", Some(&me))
            .await
            .body["unread_count"],
        2
    );

    let id = newest["id"].as_str().unwrap();
    let snoop = app
        .put(
            &format!("/api/notifications/{id}/read"),
            Some(&stranger),
            None,
        )
        .await;
    assert_eq!(snoop.status, StatusCode::NOT_FOUND);
    let snoop = app
        .delete(&format!("/api/notifications/{id}"), Some(&stranger))
        .await;
    assert_eq!(snoop.status, StatusCode::NOT_FOUND);
    assert!(
        app.get("/api/notifications", Some(&stranger)).await.body["notifications"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    let read = app
        .put(&format!("/api/notifications/{id}/read"), Some(&me), None)
        .await;
    assert_eq!(unread_after(&app, &me, &read).await, 1);
    let all = app
        .put("/api/notifications/read-all", Some(&me), None)
        .await;
    assert_eq!(unread_after(&app, &me, &all).await, 0);
    let del = app
        .delete(&format!("/api/notifications/{id}"), Some(&me))
        .await;
    let list = app.get_after("/api/notifications", Some(&me), &del).await;
    assert_eq!(list.body["notifications"].as_array().unwrap().len(), 1);

    // Paging: limit and offset.
    let page = app
        .get("/api/notifications?limit=1&offset=1", Some(&me))
        .await;
    assert_eq!(page.body["notifications"].as_array().unwrap().len(), 0);
    assert_eq!(page.body["total"], 1);
}

#[tokio::test]
async fn its_owner_marks_a_read_notification_unread_and_the_count_goes_back_up() {
    let app = TestApp::spawn().await;
    let (job, _employer) = app.open_job("Unread Engineer").await;
    let me = app.candidate_token("unread@example.com").await;
    let stranger = app.candidate_token("unread-stranger@example.com").await;
    app.submit_application(&me, json!({"jobId": job})).await;
    let mine = notifications_of(&app, &me, 1).await;
    let id = mine["notifications"][0]["id"].as_str().unwrap().to_owned();
    let unread = format!("/api/notifications/{id}/unread");

    // Already unread: a success that writes nothing, as reading a read one.
    let again = app.put(&unread, Some(&me), None).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["message"], "Notification marked as unread");
    assert_eq!(again.consistency(), None, "nothing was written");

    let read = app
        .put(&format!("/api/notifications/{id}/read"), Some(&me), None)
        .await;
    assert_eq!(unread_after(&app, &me, &read).await, 0);

    app.put(&unread, Some(&stranger), None)
        .await
        .assert_error(StatusCode::NOT_FOUND, "Notification not found");

    let marked = app
        .put(&unread, Some(&me), None)
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(marked.body["message"], "Notification marked as unread");
    assert_eq!(unread_after(&app, &me, &marked).await, 1);
    let list = app
        .get_after("/api/notifications", Some(&me), &marked)
        .await;
    assert_eq!(list.body["notifications"][0]["is_read"], false);
    assert_eq!(list.body["unread_count"], 1);

    let del = app
        .delete(&format!("/api/notifications/{id}"), Some(&me))
        .await;
    app.get_after("/api/notifications", Some(&me), &del).await;
    app.put(&unread, Some(&me), None)
        .await
        .assert_error(StatusCode::NOT_FOUND, "Notification not found");
}
