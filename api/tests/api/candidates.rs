//! Candidates for staff over real HTTP: search, open a record, and the record's
//! own log of who opened it.

use reqwest::StatusCode;

use crate::fixtures::pdf;
use crate::support::TestApp;

#[tokio::test]
async fn opening_a_candidates_record_is_logged_and_the_record_shows_the_log() {
    let app = TestApp::spawn().await;
    let candidate = app.register_candidate("wanda.li@example.com").await;
    let id = candidate["user"]["id"]
        .as_str()
        .or(candidate["id"].as_str())
        .unwrap()
        .to_owned();
    let (admin_id, admin) = app.admin_token().await;
    app.settle().await;

    let found = app
        .get("/api/admin/candidates?q=WANDA", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(found.body[0]["id"], id);
    // A recruiter finds people by what they do, not only by name.
    let token = app.candidate_sign_in("wanda.li@example.com").await;
    app.save_profile(
        &token,
        serde_json::json!({
            "name": "Wanda Li", "skills": "Rust, Kubernetes", "summary": "Platform engineer",
            "education": [], "experience": [{"company": "Canva", "position": "Site Reliability Engineer"}],
        }),
    )
    .await
    .assert_status(StatusCode::OK);
    app.settle().await;
    for q in ["kubernetes", "PLATFORM", "reliability"] {
        let found = app
            .get(&format!("/api/admin/candidates?q={q}"), Some(&admin))
            .await;
        assert_eq!(found.body[0]["id"], id, "{q}");
    }
    let nobody = app
        .get("/api/admin/candidates?q=position", Some(&admin))
        .await;
    assert_eq!(nobody.array().len(), 0, "a field's name is not its value");
    let none = app.get("/api/admin/candidates?q=%25", Some(&admin)).await;
    assert_eq!(none.array().len(), 0, "% is looked for, not a wildcard");

    let first = app
        .get(&format!("/api/admin/candidates/{id}"), Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(first.body["account"]["email"], "wanda.li@example.com");
    let log = first.body["access_log"].as_array().unwrap();
    assert_eq!(log.len(), 1, "this opening is already in the log");
    assert_eq!(log[0]["viewed_by"], admin_id.to_string());
    assert_eq!(log[0]["viewed_by_name"], "Ada Admin");
    let second = app
        .get(&format!("/api/admin/candidates/{id}"), Some(&admin))
        .await;
    assert_eq!(second.body["access_log"].as_array().unwrap().len(), 2);
    // History, not a counter: each opening is an event.
    let views = app.events_of_type("CandidateRecordViewed").await;
    assert_eq!(views, 2);

    let employer = app.employer("Nosy Co", true).await.2;
    app.get(&format!("/api/admin/candidates/{id}"), Some(&employer))
        .await
        .assert_status(StatusCode::FORBIDDEN);
    let unknown = app
        .get(
            &format!("/api/admin/candidates/{}", uuid::Uuid::now_v7()),
            Some(&admin),
        )
        .await;
    unknown.assert_error(StatusCode::NOT_FOUND, "Candidate not found");
}

/// Staff read an application where the pipeline has it (not only the
/// candidate's three words) and open the resume that came with it; each
/// opening of a file is an opening of the record, and shows in its log.
#[tokio::test]
async fn staff_see_the_pipeline_stage_and_open_a_candidates_resume() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let candidate = app.candidate_token("kenji@example.com").await;
    let content = pdf(2000);
    let (application, resume) = app
        .apply_with_resume(&candidate, &job, "Kenji CV.pdf", content.clone())
        .await;
    app.move_to(&employer, &application, "interview")
        .await
        .assert_status(StatusCode::OK);
    let (_, admin) = app.admin_token().await;
    app.settle().await;
    let id = app
        .get("/api/admin/candidates?q=kenji", Some(&admin))
        .await
        .body[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let record = app
        .get(&format!("/api/admin/candidates/{id}"), Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let row = &record.body["applications"][0];
    assert_eq!(row["stage"], "interview");
    assert_eq!(row["status"], "accepted", "what the candidate reads stays");
    assert_eq!(
        row["progress"], "interview",
        "and the words their portal gives it"
    );
    assert_eq!(row["job_title"], "Platform Engineer");

    let path = format!("/api/admin/documents/{resume}");
    let file = app.download(&path, &admin).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert!(
        file.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline; filename=\"Kenji CV.pdf\""),
    );
    assert_eq!(file.bytes().await.unwrap().to_vec(), content);
    assert_eq!(app.events_of_type("CandidateRecordViewed").await, 2);

    // Only staff, and only a candidate's own live file.
    assert_eq!(
        app.get(&path, Some(&employer)).await.status,
        StatusCode::FORBIDDEN
    );
    app.get(
        &format!("/api/admin/documents/{}", uuid::Uuid::now_v7()),
        Some(&admin),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND, "Document not found");
    assert_eq!(app.events_of_type("CandidateRecordViewed").await, 2);
}
