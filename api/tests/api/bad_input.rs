//! Bad input at the edge: clear errors, right status codes, nothing appended.

use reqwest::StatusCode;

use crate::support::{Reply, TestApp};

async fn raw(app: &TestApp, path: &str, content_type: &str, body: Vec<u8>) -> (StatusCode, String) {
    let res = app
        .client
        .post(format!("{}{path}", app.base))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    (res.status(), res.text().await.unwrap())
}

#[tokio::test]
async fn malformed_mistyped_oversized_and_misrouted_requests_are_refused_and_store_nothing() {
    let app = TestApp::spawn().await;
    let before = app.event_count().await;
    let path = "/api/auth/candidate/register";

    let (status, body) = raw(&app, path, "application/json", b"{\"name\": ".to_vec()).await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            r#"{"error":"Request body is not valid JSON"}"#
        )
    );

    let (status, body) = raw(
        &app,
        path,
        "application/json",
        br#"{"name": "A", "password": "Secret1!"}"#.to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("missing field `email`"), "{body}");

    let (status, body) = raw(
        &app,
        path,
        "application/json",
        br#"{"name": 7, "email": "a@b.co", "password": "Secret1!"}"#.to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("\"error\""), "{body}");

    let (status, _) = raw(&app, path, "text/plain", b"hello".to_vec()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let mut huge = br#"{"name": ""#.to_vec();
    huge.extend(std::iter::repeat_n(b'a', 1_100_000));
    huge.extend(br#"", "email": "a@b.co", "password": "Secret1!"}"#);
    let (status, body) = raw(&app, path, "application/json", huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    let (status, body) = raw(
        &app,
        "/api/auth/superuser/login",
        "application/json",
        br#"{"email":"a@b.co","password":"x"}"#.to_vec(),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (
            StatusCode::BAD_REQUEST,
            r#"{"error":"Unknown account type"}"#
        )
    );

    let unknown_job = app
        .get(&format!("/api/jobs/{}", uuid::Uuid::now_v7()), None)
        .await;
    unknown_job.assert_error(StatusCode::NOT_FOUND, "Job not found");
    app.get("/api/jobs/not-a-uuid", None)
        .await
        .assert_status(StatusCode::NOT_FOUND);
    let no_route = app.get("/api/nothing-here", None).await;
    no_route.assert_error(StatusCode::NOT_FOUND, "Endpoint not found");

    assert_eq!(
        app.event_count().await,
        before,
        "no rejected request appended anything"
    );
}

#[tokio::test]
async fn the_contact_form_is_validated_on_the_server_with_the_spec_messages() {
    let app = TestApp::spawn().await;
    let before = app.event_count().await;
    let bad_phone = app
        .post(
            "/api/contact",
            None,
            serde_json::json!({"firstName": "Ana", "lastName": "Silva", "email": "ana@example.com", "phone": "12345", "message": "Hi"}),
        )
        .await;
    bad_phone.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Please enter a valid Australian phone number",
    );
    let bad_email = app
        .post("/api/contact", None, serde_json::json!({"firstName": "Ana", "lastName": "Silva", "email": "ana", "message": "Hi"}))
        .await;
    assert_eq!(bad_email.error(), "Please enter a valid email address");
    assert_eq!(app.event_count().await, before);

    let ok = app
        .post(
            "/api/contact",
            None,
            serde_json::json!({"firstName": "Ana", "lastName": "Silva", "email": "ana@example.com", "phone": "0412 345 678", "message": "We need two data engineers."}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body["message"], "OK");
    let (to, subject): (String, String) =
        sqlx::query_as("SELECT recipient, subject FROM mail_outbox")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(to, "inbox@harbourit.test");
    assert_eq!(subject, "Website enquiry from Ana Silva");
    let (_, admin) = app.admin_token().await;
    let list = app
        .get_after("/api/admin/contact-messages", Some(&admin), &ok)
        .await;
    assert_eq!(list.body[0]["message"], "We need two data engineers.");
}

#[tokio::test]
async fn rejections_from_the_framework_also_answer_with_a_json_error() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("shapes@example.com").await;

    let query = app.get("/api/notifications?limit=abc", Some(&me)).await;
    assert_eq!(query.status, StatusCode::BAD_REQUEST);
    assert!(query.error().contains("limit"), "{:?}", query.body);

    let not_multipart = app
        .post("/api/documents/upload", Some(&me), serde_json::json!({}))
        .await;
    assert_eq!(not_multipart.status, StatusCode::BAD_REQUEST);
    assert!(
        !not_multipart.error().is_empty(),
        "{:?}",
        not_multipart.body
    );

    let wrong_method = app.get("/api/auth/candidate/login", None).await;
    wrong_method.assert_error(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed");
    assert!(wrong_method.headers.contains_key("allow"));
}

#[tokio::test]
async fn an_id_in_a_path_that_is_not_a_uuid_is_that_resources_404_everywhere() {
    let app = TestApp::spawn().await;
    let candidate = app.candidate_token("paths@example.com").await;
    let (_, employer) = {
        let (id, _, token) = app.employer("Path Checks", true).await;
        (id, token)
    };
    let (_, admin) = app.admin_token().await;
    let before = app.event_count().await;

    let cases: Vec<(Reply, &str)> = vec![
        (app.get("/api/jobs/42", None).await, "Job not found"),
        (
            app.put(
                "/api/employer/jobs/42",
                Some(&employer),
                Some(serde_json::json!({})),
            )
            .await,
            "Job not found",
        ),
        (
            app.post(
                "/api/employer/jobs/42/close",
                Some(&employer),
                serde_json::json!({}),
            )
            .await,
            "Job not found",
        ),
        (
            app.put(
                "/api/employer/applications/42/status",
                Some(&employer),
                Some(serde_json::json!({"status": "accepted"})),
            )
            .await,
            "Application not found",
        ),
        (
            app.delete("/api/documents/42", Some(&candidate)).await,
            "Document not found",
        ),
        (
            app.get("/api/documents/42/download", Some(&candidate))
                .await,
            "Document not found",
        ),
        (
            app.put("/api/notifications/42/read", Some(&candidate), None)
                .await,
            "Notification not found",
        ),
        (
            app.delete("/api/notifications/42", Some(&candidate)).await,
            "Notification not found",
        ),
        (
            app.post(
                "/api/admin/employers/42/approve",
                Some(&admin),
                serde_json::json!({}),
            )
            .await,
            "Employer not found",
        ),
    ];
    for (reply, text) in cases {
        reply.assert_error(StatusCode::NOT_FOUND, text);
    }
    assert_eq!(app.event_count().await, before, "nothing was appended");
}

/// A NUL byte is not text to PostgreSQL: search boxes drop control
/// characters instead of failing the query (Schemathesis found the board's).
#[tokio::test]
async fn a_search_with_a_nul_byte_or_other_controls_is_answered_not_a_500() {
    let app = TestApp::spawn().await;
    let (job, employer, _, _) = app.applied("Platform Engineer", "nul@example.com").await;
    let (_, admin) = app.admin_token().await;
    for (path, token) in [
        (
            format!("/api/employer/jobs/{job}/pipeline?q=%00%C2%91"),
            &employer,
        ),
        ("/api/admin/candidates?q=nul%00".to_owned(), &admin),
        ("/api/admin/accounts?q=%00nul".to_owned(), &admin),
    ] {
        let reply = app.get(&path, Some(token)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {:?}", reply.body);
    }
}
