//! The agency's contact inbox over real HTTP: an enquiry arrives, is assigned
//! to a member of staff, answered by mail, and marked handled.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::TestApp;

#[tokio::test]
async fn an_enquiry_is_assigned_answered_by_mail_and_handled() {
    let app = TestApp::spawn().await;
    let sent = app
        .post(
            "/api/contact",
            None,
            json!({"firstName": "Grace", "lastName": "Ng", "email": "grace.ng@example.com",
                   "message": "Do you place contract data engineers in Parramatta?"}),
        )
        .await
        .assert_status(StatusCode::OK);
    let (_, admin) = app.admin_token().await;
    let (colleague, _) = app.admin_token().await;
    let open = app
        .get_after(
            "/api/admin/contact-messages?status=open",
            Some(&admin),
            &sent,
        )
        .await;
    let id = open.body[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(open.body[0]["replies"], 0);

    let candidate = app.candidate_token("not-staff@example.com").await;
    let me_id = app
        .get("/api/auth/candidate/profile", Some(&candidate))
        .await
        .body["id"]
        .as_str()
        .map(str::to_owned);
    let to_candidate = app
        .enquiry_action(
            &admin,
            &id,
            "assign",
            json!({"admin_id": me_id.unwrap_or_else(|| uuid::Uuid::now_v7().to_string())}),
        )
        .await;
    to_candidate.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Choose a member of staff to assign it to",
    );
    app.enquiry_action(&admin, &id, "assign", json!({"admin_id": colleague}))
        .await
        .assert_status(StatusCode::OK);

    let empty = app
        .enquiry_action(&admin, &id, "reply", json!({"body": " "}))
        .await;
    empty.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "Reply is required");
    let replied = app
        .enquiry_action(
            &admin,
            &id,
            "reply",
            json!({"body": "Yes, we do. Could we call you on Monday morning?"}),
        )
        .await;
    replied.assert_message(StatusCode::OK, "Reply sent");
    let (mail,): (String,) =
        sqlx::query_as("SELECT body FROM mail_outbox WHERE recipient = 'grace.ng@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(
        mail.starts_with("Hi Grace,") && mail.contains("Could we call you on Monday morning?"),
        "{mail}"
    );

    let handled = app.enquiry_action(&admin, &id, "handled", json!({})).await;
    assert_eq!(handled.status, StatusCode::OK);
    let done = app
        .get_after(
            "/api/admin/contact-messages?status=handled",
            Some(&admin),
            &handled,
        )
        .await;
    let row = &done.body[0];
    assert_eq!(
        (row["id"].as_str(), row["replies"].as_i64()),
        (Some(id.as_str()), Some(1))
    );
    assert_eq!(row["assigned_to"], colleague.to_string());
    assert!(row["handled_at"].is_string());
    let still_open = app
        .get("/api/admin/contact-messages?status=open", Some(&admin))
        .await;
    assert_eq!(still_open.array().len(), 0);

    let not_staff = app
        .get("/api/admin/contact-messages", Some(&candidate))
        .await;
    assert_eq!(not_staff.status, StatusCode::FORBIDDEN);
    let unknown = uuid::Uuid::now_v7().to_string();
    let nothing = app
        .enquiry_action(&admin, &unknown, "handled", json!({}))
        .await;
    nothing.assert_error(StatusCode::NOT_FOUND, "Message not found");
}

#[tokio::test]
async fn the_outbox_lists_mail_by_state_and_sends_a_failed_one_again() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    app.post(
        "/api/contact",
        None,
        json!({"firstName": "Ken", "lastName": "Ito", "email": "ken@example.com", "message": "Hello there"}),
    )
    .await;
    // A mail that gave up after every attempt (as an unreachable SMTP server leaves it).
    sqlx::query(
        "UPDATE mail_outbox SET attempts = 10, sent_at = NULL, last_error = 'connection refused'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let failed = app
        .get("/api/admin/outbox?state=failed", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let mail = &failed.body[0];
    assert_eq!(
        (mail["state"].as_str(), mail["last_error"].as_str()),
        (Some("failed"), Some("connection refused"))
    );
    let id = mail["id"].as_str().unwrap().to_owned();

    let resent = app
        .post(
            &format!("/api/admin/outbox/{id}/resend"),
            Some(&admin),
            json!({}),
        )
        .await;
    resent.assert_message(StatusCode::OK, "Queued to send again");
    let none_failed = app
        .get("/api/admin/outbox?state=failed", Some(&admin))
        .await;
    assert_eq!(none_failed.array().len(), 0);
    let again = app
        .post(
            &format!("/api/admin/outbox/{id}/resend"),
            Some(&admin),
            json!({}),
        )
        .await;
    again.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Only a mail that failed can be sent again",
    );
    let bad = app.get("/api/admin/outbox?state=lost", Some(&admin)).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
}
