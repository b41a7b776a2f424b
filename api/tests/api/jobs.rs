//! Employer job commands and the public job board.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::job_form;
use crate::support::TestApp;

#[tokio::test]
async fn an_approved_employer_posts_updates_and_closes_a_job_on_the_board() {
    let app = TestApp::spawn().await;
    let sydney = app.add_location("Sydney CBD, NSW").await;
    let (_, _, token) = app.employer("Tasman Cloud", true).await;

    let posted = app
        .post_job(&token, job_form(&sydney.to_string()))
        .await
        .assert_status(StatusCode::CREATED);
    let id = posted.id();

    // Read-your-writes: the board shows the job as soon as the command returns.
    let board = app
        .get_after("/api/admin/jobs/job-board", None, &posted)
        .await;
    let jobs = board.body.as_array().unwrap();
    assert_eq!(jobs.len(), 1);
    let j = &jobs[0];
    for field in [
        "id",
        "title",
        "company",
        "location",
        "location_id",
        "type",
        "salary",
        "salary_range_id",
        "description",
        "responsibilities",
        "requirements",
        "created_at",
        "expires_at",
    ] {
        assert!(
            j.get(field).is_some(),
            "SPEC 3 Job field {field} is missing: {j}"
        );
    }
    assert_eq!(j["company"], "Tasman Cloud");
    assert_eq!(j["location"], "Sydney CBD, NSW");
    assert_eq!(j["type"], "Full-time");

    let mut changed = job_form(&sydney.to_string());
    changed["title"] = json!("Principal Rust Engineer");
    let updated = app
        .update_job(&token, &id, changed)
        .await
        .assert_status(StatusCode::OK);
    let one = app
        .get_after(&format!("/api/jobs/{id}"), None, &updated)
        .await;
    assert_eq!(one.body["title"], "Principal Rust Engineer");

    let closed = app.job_action(&token, &id, "close").await;
    assert_eq!(closed.status, StatusCode::OK);
    let board = app
        .get_after("/api/admin/jobs/job-board", None, &closed)
        .await;
    assert!(board.body.as_array().unwrap().is_empty());
    let one = app.get(&format!("/api/jobs/{id}"), None).await;
    assert_eq!(one.body["status"], "closed");
    let again = app.job_action(&token, &id, "close").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn only_the_owning_approved_employer_may_change_a_job() {
    let app = TestApp::spawn().await;
    let perth = app.add_location("Perth, WA").await;
    let (_, _, owner) = app.employer("Owner Co", true).await;
    let (_, _, other) = app.employer("Other Co", true).await;
    let posted = app.post_job(&owner, job_form(&perth.to_string())).await;
    let id = posted.body["id"].as_str().unwrap();
    let before = app.event_count().await;

    let hijack = app.job_action(&other, id, "close").await;
    assert_eq!(hijack.status, StatusCode::NOT_FOUND);
    let candidate = app.candidate_token("nosy@example.com").await;
    let before_candidate = app.event_count().await;
    assert_eq!(
        app.post_job(&candidate, job_form(&perth.to_string()))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.event_count().await, before_candidate);
    assert!(
        before_candidate > before,
        "only the candidate's registration was written"
    );
}

#[tokio::test]
async fn a_pending_employer_cannot_post() {
    let app = TestApp::spawn().await;
    let perth = app.add_location("Perth, WA").await;
    let (id, _, _) = app.employer("Pending Co", false).await;
    // A pending employer cannot sign in, so forge nothing: use a real token issued for it.
    let token = app
        .app
        .state
        .jwt
        .issue(id, domain::account::Role::Employer)
        .unwrap();
    let reply = app.post_job(&token, job_form(&perth.to_string())).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    assert_eq!(
        reply.error(),
        "Only approved employers can manage job listings"
    );
}

#[tokio::test]
async fn job_input_is_validated_against_reference_data() {
    let app = TestApp::spawn().await;
    let perth = app.add_location("Perth, WA").await;
    let (_, _, token) = app.employer("Valid Co", true).await;
    let before = app.event_count().await;
    let mut unknown_location = job_form(&uuid::Uuid::now_v7().to_string());
    unknown_location["title"] = json!("x");
    let reply = app
        .post("/api/employer/jobs", Some(&token), unknown_location)
        .await;
    reply.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Please choose a location from the list",
    );
    let mut past = job_form(&perth.to_string());
    past["expires_at"] = json!((Utc::now() - Duration::hours(1)).to_rfc3339());
    let reply = app.post("/api/employer/jobs", Some(&token), past).await;
    assert_eq!(reply.error(), "The closing date must be in the future");
    let mut no_title = job_form(&perth.to_string());
    no_title["title"] = json!("   ");
    assert_eq!(
        app.post("/api/employer/jobs", Some(&token), no_title)
            .await
            .error(),
        "Job title is required"
    );
    assert_eq!(app.event_count().await, before);
}

#[tokio::test]
async fn reference_lists_come_wrapped_in_data() {
    let app = TestApp::spawn().await;
    app.add_location("Hobart, TAS").await;
    app.app
        .state
        .commands
        .add_salary_range(
            commands::reference_data::AddSalaryRange {
                display_name: "$100,000 - $120,000".into(),
                min: 100_000,
                max: Some(120_000),
            },
            commands::Metadata::system(event_store::Actor::Test),
        )
        .await
        .unwrap();
    app.settle().await;
    let locations = app.get("/api/reference/locations", None).await;
    assert_eq!(locations.body["data"][0]["display_name"], "Hobart, TAS");
    assert!(locations.body["data"][0]["id"].is_string());
    let ranges = app.get("/api/reference/salary-ranges", None).await;
    assert_eq!(
        ranges.body["data"][0]["display_name"],
        "$100,000 - $120,000"
    );
    assert_eq!(ranges.body["data"][0]["min"], 100_000);
}

/// The public reads are cached (issue 13): the same answer is served from
/// memory until a job changes; a job change reaches anonymous readers without
/// waiting out the cache, and a reader with a consistency token skips it.
#[tokio::test]
async fn the_public_job_reads_are_cached_until_a_job_changes() {
    let app = TestApp::spawn().await;
    let (id, employer) = app.open_job("Data Engineer").await;
    app.settle().await;
    let board = app.get("/api/admin/jobs/job-board", None).await;
    assert_eq!(board.body[0]["title"], "Data Engineer");
    let one = app.get(&format!("/api/jobs/{id}"), None).await;
    assert_eq!(one.body["title"], "Data Engineer");

    // A change the read model gets behind the change feed's back (no event, so
    // no JobChanged): the cached answers stand, for the cache's life. A busy
    // machine can take longer than that life between two requests, so the
    // check counts only on a round that fitted in it: each round starts once
    // what the last one cached has expired, and fills the cache afresh.
    let location = one.body["location_id"].as_str().unwrap().to_owned();
    for round in 0.. {
        assert!(round < 20, "no round of reads fitted in the cache's life");
        if round > 0 {
            tokio::time::sleep(api::public_reads::TTL).await;
        }
        let started = std::time::Instant::now();
        let board = app.get("/api/admin/jobs/job-board", None).await;
        let one = app.get(&format!("/api/jobs/{id}"), None).await;
        sqlx::query("UPDATE jobs SET title = $2 WHERE id = $1::uuid")
            .bind(&id)
            .bind(format!("Changed behind the cache {round}"))
            .execute(&app.pool)
            .await
            .unwrap();
        let cached_board = app.get("/api/admin/jobs/job-board", None).await;
        let cached = app.get(&format!("/api/jobs/{id}"), None).await;
        if started.elapsed() < api::public_reads::TTL {
            assert_eq!(
                cached_board.body[0]["title"], board.body[0]["title"],
                "served from the cache"
            );
            assert_eq!(
                cached.body["title"], one.body["title"],
                "served from the cache"
            );
            break;
        }
    }

    // A real edit: its JobChanged drops the cache in every process.
    let mut form = job_form(&location);
    form["title"] = json!("Senior Data Engineer");
    let edited = app
        .update_job(&employer, &id, form)
        .await
        .assert_status(StatusCode::OK);
    // With the token: fresh at once.
    let fresh = app
        .get_after(&format!("/api/jobs/{id}"), None, &edited)
        .await;
    assert_eq!(fresh.body["title"], "Senior Data Engineer");
    // Without: as soon as the change feed has it (well inside the cache's
    // one-second life; polled, so a slow machine only takes longer).
    crate::support::until("the board shows the new title", async || {
        let board = app.get("/api/admin/jobs/job-board", None).await;
        board.body[0]["title"] == "Senior Data Engineer"
    })
    .await;
}
