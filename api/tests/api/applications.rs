//! Applications over real HTTP: a candidate applies once, only to open jobs and
//! with their own documents; employers see and decide on their own jobs only.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::pdf;
use crate::support::TestApp;

#[tokio::test]
async fn a_candidate_applies_once_and_sees_the_application_immediately() {
    let app = TestApp::spawn().await;
    let (job, _) = app.open_job("Data Engineer").await;
    let me = app.candidate_token("applicant@example.com").await;
    let submitted = app
        .submit_application(&me, json!({"jobId": job}))
        .await
        .assert_status(StatusCode::CREATED);
    assert_eq!(
        submitted.body["message"],
        "Application submitted successfully"
    );

    // Read your writes: the very next query shows it.
    let mine = app.my_applications_after(&me, &submitted).await;
    let list = mine.body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    let a = &list[0];
    for field in [
        "id",
        "job_id",
        "job_title",
        "company",
        "status",
        "created_at",
        "last_updated",
        "feedback",
    ] {
        assert!(
            a.get(field).is_some(),
            "SPEC 3 Application field {field} missing: {a}"
        );
    }
    assert_eq!(
        (
            a["job_title"].as_str(),
            a["company"].as_str(),
            a["status"].as_str()
        ),
        (Some("Data Engineer"), Some("Hiring Co"), Some("pending"))
    );

    let again = app.submit_application(&me, json!({"jobId": job})).await;
    again.assert_error(
        StatusCode::CONFLICT,
        "You have already applied for this job",
    );

    // The candidate's copy went with the application, once: the refused
    // second try queued nothing.
    let mail = copies(&app, "applicant@example.com").await;
    assert_eq!(mail.len(), 1, "{mail:?}");
    assert_eq!(mail[0].0, "Application sent: Data Engineer at Hiring Co");
    assert!(
        mail[0]
            .1
            .contains("has gone to their hiring team without a resume.")
            && mail[0].1.contains("/candidate/dashboard/applications"),
        "{}",
        mail[0].1
    );
}

/// The "application sent" copies queued for `email`: (subject, body).
async fn copies(app: &TestApp, email: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT subject, body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Application sent:%' ORDER BY created_at",
    )
    .bind(email)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn concurrent_double_submits_create_one_application() {
    let app = TestApp::spawn().await;
    let (job, _) = app.open_job("SRE").await;
    let me = app.candidate_token("eager@example.com").await;
    let tries = (0..8).map(|_| app.submit_application(&me, json!({"jobId": job})));
    let replies = futures::future::join_all(tries).await;
    assert_eq!(
        replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count(),
        1
    );
    assert!(
        replies
            .iter()
            .filter(|r| r.status != StatusCode::CREATED)
            .all(|r| r.status == StatusCode::CONFLICT)
    );
    assert_eq!(copies(&app, "eager@example.com").await.len(), 1);
}

#[tokio::test]
async fn no_applying_to_closed_jobs_or_with_someone_elses_documents() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Closed Soon").await;
    let alice = app.candidate_token("alice@example.com").await;
    let bob = app.candidate_token("bob@example.com").await;
    let bobs_doc = app
        .add_document(
            &bob,
            "cv.pdf",
            pdf(2000),
            &[("title", "Bob CV"), ("document_type", "other")],
        )
        .await;
    let before = app.event_count().await;
    let stolen = app
        .submit_application(&alice, json!({"jobId": job, "resumeId": bobs_doc}))
        .await;
    stolen.assert_error(StatusCode::NOT_FOUND, "Document not found");
    assert_eq!(app.event_count().await, before);

    app.job_action(&employer, &job, "close").await;
    let late = app.submit_application(&alice, json!({"jobId": job})).await;
    late.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job is no longer accepting applications",
    );
    let unknown = app
        .submit_application(&alice, json!({"jobId": uuid::Uuid::now_v7()}))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn employers_see_and_decide_only_on_applications_to_their_own_jobs() {
    let app = TestApp::spawn().await;
    let (job, owner) = app.open_job("Analyst").await;
    let (_, other) = app.open_job("Other role").await;
    let me = app.candidate_token("cand@example.com").await;
    let cv_id = app
        .add_document(&me, "resume.pdf", pdf(3000), &[("title", "My resume")])
        .await;
    let submitted = app
        .submit_application(&me, json!({"jobId": job, "resumeId": cv_id}))
        .await;
    let id = submitted.id();

    let inbox = app
        .get_after("/api/employer/applications", Some(&owner), &submitted)
        .await;
    assert_eq!(inbox.body[0]["candidate_email"], "cand@example.com");
    let other_inbox = app.get("/api/employer/applications", Some(&other)).await;
    assert!(other_inbox.body.as_array().unwrap().is_empty());

    let hijack = app
        .set_application_status(&other, &id, json!({"status": "rejected"}))
        .await;
    assert_eq!(hijack.status, StatusCode::NOT_FOUND);
    let bad = app
        .set_application_status(&owner, &id, json!({"status": "maybe"}))
        .await;
    bad.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Status must be pending, accepted or rejected",
    );

    // The owner may download the attached resume; the other employer may not.
    let own = app
        .download(&format!("/api/documents/{cv_id}/download"), &owner)
        .await;
    assert_eq!(own.status(), StatusCode::OK);
    let theirs = app
        .download(&format!("/api/documents/{cv_id}/download"), &other)
        .await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);

    let accepted = app
        .set_application_status(
            &owner,
            &id,
            json!({"status": "accepted", "feedback": "Great interview"}),
        )
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&me, &accepted).await;
    assert_eq!(
        (
            mine.body[0]["status"].as_str(),
            mine.body[0]["feedback"].as_str()
        ),
        (Some("accepted"), Some("Great interview"))
    );
}

/// The employer's list of applications looks each applicant up by key, however
/// many accounts there are. The application's connections price a random page
/// read as PostgreSQL's documentation suggests for SSDs
/// (`app::RANDOM_PAGE_COST`); with the default, the planner hashed every
/// account for each request instead.
#[tokio::test]
async fn an_employers_applications_look_up_each_applicant_by_key() {
    let app = TestApp::spawn().await;
    let employer = uuid::Uuid::now_v7();
    // language=PostgreSQL
    sqlx::raw_sql(
        "INSERT INTO accounts (id, role, name, email, status, created_at, updated_at)
         SELECT gen_random_uuid(), 'candidate', 'Candidate ' || n, 'c' || n || '@example.com', 'active', now(), now()
           FROM generate_series(1, 20000) n;
         ANALYZE accounts",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO applications (id, candidate_id, employer_id, job_id, job_title, company, status, created_at,
                                   last_updated, stage_entered_at)
         SELECT gen_random_uuid(), id, $1, $1, 'Rust Engineer', 'Harbour Labs', 'pending', now(), now(), now()
           FROM accounts LIMIT 250",
    )
    .bind(employer)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::raw_sql("ANALYZE applications")
        .execute(&app.pool)
        .await
        .unwrap();
    let (plan,): (serde_json::Value,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "EXPLAIN (FORMAT JSON) {}",
        projections::read_models::applications::FOR_EMPLOYER_SQL
    )))
    .bind(employer)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let plan = plan.to_string();
    assert!(
        plan.contains("accounts_pkey") && !plan.contains("\"Seq Scan\""),
        "{plan}"
    );
    // Connections opened from the pool's options (projectors, rebuilds,
    // the change-feed listener) are set up alike.
    let mut own =
        <sqlx::PgConnection as sqlx::Connection>::connect_with(&app.pool.connect_options())
            .await
            .unwrap();
    let (cost,): (String,) = sqlx::query_as("SHOW random_page_cost")
        .fetch_one(&mut own)
        .await
        .unwrap();
    assert_eq!(cost, api::app::RANDOM_PAGE_COST);
}
