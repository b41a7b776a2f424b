//! Candidates for staff over real HTTP: search, open a record, and the record's
//! own log of who opened it.

use reqwest::StatusCode;

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
