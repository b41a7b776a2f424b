//! socket.io with the official JavaScript client, over both transports.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{Socket, TestApp, fast_runtime, test_config};

#[tokio::test]
async fn a_socket_needs_a_valid_token_whose_role_matches_user_type() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("sock@example.com").await;
    let mut wrong_type = Socket::connect(&app.base, &me, "employer", "websocket").await;
    assert_eq!(
        wrong_type.expect("connect_error").await["message"],
        "unauthorized"
    );
    let mut garbage = Socket::connect(&app.base, "not-a-token", "candidate", "polling").await;
    assert_eq!(
        garbage.expect("connect_error").await["message"],
        "unauthorized"
    );
    let mut ok = Socket::connect(&app.base, &me, "candidate", "websocket").await;
    ok.expect("connect").await;
    assert!(ok.expect("connected").await["user_id"].is_string());
}

async fn live_notification_flow(transport: &str) {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Live Role").await;
    let me = app
        .candidate_token(&format!("live-{transport}@example.com"))
        .await;
    let bystander = app
        .candidate_token(&format!("other-{transport}@example.com"))
        .await;
    let mut socket = Socket::connect(&app.base, &me, "candidate", transport).await;
    assert_eq!(socket.expect("connect").await["transport"], transport);
    socket.expect("connected").await;
    let mut other = Socket::connect(&app.base, &bystander, "candidate", transport).await;
    other.expect("connected").await;

    let submitted = app.submit_application(&me, json!({"jobId": job})).await;
    let received = socket.expect("notification").await;
    assert_eq!(received["title"], "Application received");
    assert_eq!(socket.expect("unread_count").await["count"], 1);

    let id = submitted.body["id"].as_str().unwrap();
    let changed = app
        .set_application_status(
            &employer,
            id,
            json!({"status": "accepted", "feedback": "Welcome aboard"}),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    let accepted = socket.expect("notification").await;
    assert_eq!(
        accepted["title"],
        "Your application for Live Role is going further"
    );
    assert!(
        accepted["message"]
            .as_str()
            .unwrap()
            .contains("Welcome aboard")
    );
    assert_eq!(socket.expect("unread_count").await["count"], 2);

    socket
        .emit("get_notifications", Some(json!({"limit": 50, "offset": 0})))
        .await;
    let list = socket.expect("notifications_list").await;
    assert_eq!(list["notifications"].as_array().unwrap().len(), 2);

    socket
        .emit(
            "mark_notification_read",
            Some(json!({"notification_id": accepted["id"]})),
        )
        .await;
    let read = socket.expect("notification_read").await;
    assert_eq!(
        (
            read["notification_id"].clone(),
            read["unread_count"].clone()
        ),
        (accepted["id"].clone(), json!(1))
    );
    socket.emit("mark_all_read", None).await;
    socket.expect("all_notifications_read").await;
    // Marked unread over HTTP (from another tab): this tab's bell counts it again.
    let accepted_id = accepted["id"].as_str().unwrap();
    app.put(
        &format!("/api/notifications/{accepted_id}/unread"),
        Some(&me),
        None,
    )
    .await
    .assert_status(StatusCode::OK);
    let unread = socket.expect("notification_unread").await;
    assert_eq!(
        (
            unread["notification_id"].clone(),
            unread["unread_count"].clone()
        ),
        (accepted["id"].clone(), json!(1))
    );
    socket
        .emit(
            "mark_notification_read",
            Some(json!({"notification_id": uuid::Uuid::now_v7()})),
        )
        .await;
    assert_eq!(
        socket.expect("error").await["message"],
        "Notification not found"
    );

    // The other candidate got none of it.
    let seen = other.drain(Duration::from_millis(300)).await;
    assert!(
        seen.iter().all(|e| ![
            "notification",
            "unread_count",
            "notification_read",
            "notification_unread"
        ]
        .contains(&e.as_str())),
        "{seen:?}"
    );
}

#[tokio::test]
async fn a_candidate_gets_live_notifications_over_websocket() {
    live_notification_flow("websocket").await;
}

#[tokio::test]
async fn a_candidate_gets_live_notifications_over_long_polling() {
    live_notification_flow("polling").await;
}

#[tokio::test]
async fn a_socket_on_one_process_gets_the_notification_caused_on_another() {
    let a = TestApp::spawn().await;
    // Process B: a second server on the same database.
    let b = api::app::Application::build(test_config(&a.database), Some(fast_runtime()))
        .await
        .unwrap();
    let (job, employer) = a.open_job("Two Process Role").await;
    let me = a.candidate_token("twoproc@example.com").await;
    let submitted = a.submit_application(&me, json!({"jobId": job})).await;
    let id = submitted.id();

    let mut socket = Socket::connected(&b.url(), &me, "candidate").await;
    a.set_application_status(&employer, &id, json!({"status": "accepted"}))
        .await;
    // "Application received" may still be on its way too: wait for the acceptance.
    let mut titles = vec![];
    while titles
        .last()
        .is_none_or(|t| t != "Your application for Two Process Role is going further")
    {
        titles.push(
            socket.expect("notification").await["title"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
        assert!(titles.len() <= 2, "unexpected notifications: {titles:?}");
    }
    drop(b);
}
