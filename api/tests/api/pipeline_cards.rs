//! What a hiring manager reads at a glance (issue 27): on each board card how
//! long it has sat in its stage, its scorecards' rating and its resume; on the
//! jobs list each job's applicants per stage.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::fixtures::{job_form, pdf};
use crate::support::{Reply, TestApp};

async fn board_after(app: &TestApp, employer: &str, job: &str, write: &Reply) -> Reply {
    app.get_after(
        &format!("/api/employer/jobs/{job}/pipeline"),
        Some(employer),
        write,
    )
    .await
    .assert_status(StatusCode::OK)
}

fn instant(v: &Value) -> chrono::DateTime<chrono::Utc> {
    v.as_str()
        .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
        .unwrap_or_else(|| panic!("not a time: {v}"))
        .to_utc()
}

#[tokio::test]
async fn a_card_counts_days_in_its_stage_from_when_it_entered_and_a_move_restarts_the_count() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = app.applied("Platform Engineer", "days@example.com").await;
    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await;
    let new = board.listed("applications", &id);
    assert_eq!(
        new["stage_entered_at"], new["created_at"],
        "New since it applied"
    );
    assert_eq!(new["days_in_stage"], 0);

    // Three days and a bit in New: whole days, rounded down.
    sqlx::query(
        "UPDATE applications SET stage_entered_at = now() - interval '3 days 5 hours' WHERE id = $1::uuid",
    )
    .bind(&id)
    .execute(&app.pool)
    .await
    .unwrap();
    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await;
    assert_eq!(board.listed("applications", &id)["days_in_stage"], 3);

    // A move to Screening restarts the count at the move.
    let before = chrono::Utc::now();
    let moved = app
        .move_to(&employer, &id, "screening")
        .await
        .assert_status(StatusCode::OK);
    let board = board_after(&app, &employer, &job, &moved).await;
    let screening = board.listed("applications", &id);
    assert_eq!(screening["stage"], "screening");
    assert_eq!(screening["days_in_stage"], 0);
    let entered = instant(&screening["stage_entered_at"]);
    assert!(
        entered >= before,
        "{entered} is before the move at {before}"
    );
    assert_eq!(screening["stage_entered_at"], screening["last_updated"]);

    // Feedback on the stage it is in is no move: the count goes on.
    let feedback = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "screening", "feedback": "Strong portfolio."}),
        )
        .await
        .assert_status(StatusCode::OK);
    let board = board_after(&app, &employer, &job, &feedback).await;
    let still = board.listed("applications", &id);
    assert_eq!(instant(&still["stage_entered_at"]), entered);
    assert_ne!(still["last_updated"], still["stage_entered_at"]);

    // The applicant page's card says the same.
    let detail = app
        .get(&format!("/api/employer/applications/{id}"), Some(&employer))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        instant(&detail.body["application"]["stage_entered_at"]),
        entered
    );
}

#[tokio::test]
async fn a_card_carries_the_average_of_its_scorecards_and_its_resume() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let candidate = app.candidate_token("rated@example.com").await;
    let (id, resume) = app
        .apply_with_resume(&candidate, &job, "Rae Smith CV.pdf", pdf(2000))
        .await;
    let (plain, _) = app.new_applicant(&job, "unrated@example.com").await;
    app.settle().await;

    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await;
    let c = board.listed("applications", &id);
    assert_eq!((&c["rating"], &c["scorecards"]), (&Value::Null, &json!(0)));
    assert_eq!(c["resume_id"], resume);
    assert_eq!(c["resume_name"], "Rae Smith CV.pdf");
    let p = board.listed("applications", &plain);
    assert_eq!(
        (&p["resume_id"], &p["resume_name"]),
        (&Value::Null, &Value::Null)
    );

    // One scorecard: the mean of its criteria.
    app.add_scorecard(
        &employer,
        &id,
        json!({"ratings": [{"criterion": "SQL", "score": 5}, {"criterion": "Communication", "score": 4}],
               "recommendation": "yes"}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    // A second: the average of the two scorecards' means, (4.5 + 2) / 2.
    let second = app
        .add_scorecard(
            &employer,
            &id,
            json!({"ratings": [{"criterion": "SQL", "score": 2}], "recommendation": "no"}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let board = board_after(&app, &employer, &job, &second).await;
    let c = board.listed("applications", &id);
    assert_eq!((&c["rating"], &c["scorecards"]), (&json!(3.3), &json!(2)));
    assert_eq!(board.listed("applications", &plain)["rating"], Value::Null);
}

#[tokio::test]
async fn the_jobs_list_counts_each_jobs_applicants_by_stage() {
    let app = TestApp::spawn().await;
    let (first, employer) = app.open_job("Frontend Engineer").await;
    let location = app.add_location("Parramatta").await;
    let mut form = job_form(&location.to_string());
    form["title"] = json!("QA Analyst");
    let second = app
        .post_job(&employer, form)
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    let (a, _) = app.new_applicant(&first, "one@example.com").await;
    let (b, _) = app.new_applicant(&first, "two@example.com").await;
    app.new_applicant(&first, "three@example.com").await;
    let (c, _) = app.new_applicant(&second, "four@example.com").await;
    app.settle().await;
    app.move_to(&employer, &a, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.move_to(&employer, &b, "interview")
        .await
        .assert_status(StatusCode::OK);
    let last = app
        .move_to(&employer, &c, "rejected")
        .await
        .assert_status(StatusCode::OK);

    let jobs = app
        .get_after("/api/employer/jobs", Some(&employer), &last)
        .await
        .assert_status(StatusCode::OK);
    let counts = |job: &str| jobs.find_id(job).unwrap()["applications"].clone();
    assert_eq!(
        counts(&first),
        json!({"new": 1, "screening": 1, "interview": 1, "offer": 0, "hired": 0, "rejected": 0, "total": 3})
    );
    assert_eq!(
        counts(&second),
        json!({"new": 0, "screening": 0, "interview": 0, "offer": 0, "hired": 0, "rejected": 1, "total": 1})
    );
    // Another employer's list has neither job.
    let (_, other) = app.open_job("Elsewhere").await;
    let theirs = app.get("/api/employer/jobs", Some(&other)).await;
    assert!(theirs.find_id(&first).is_none() && theirs.find_id(&second).is_none());
}

/// The migration's backfill, run again over a history the projector has
/// folded, gives every row the time the projector gave it: a move, feedback
/// without a move, a status set to what it shows and one that moves the card.
#[tokio::test]
async fn the_migrations_backfill_of_stage_entry_times_agrees_with_the_projector() {
    let app = TestApp::spawn().await;
    let (job, employer, moved, _) = app.applied("Backfill Engineer", "moved@example.com").await;
    let (feedback, _) = app.new_applicant(&job, "feedback@example.com").await;
    let (same_status, _) = app.new_applicant(&job, "same@example.com").await;
    let (accepted, _) = app.new_applicant(&job, "accepted@example.com").await;
    let (untouched, _) = app.new_applicant(&job, "untouched@example.com").await;
    app.settle().await;
    app.move_to(&employer, &moved, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.move_to(&employer, &moved, "interview")
        .await
        .assert_status(StatusCode::OK);
    app.move_to(&employer, &feedback, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.move_application(
        &employer,
        &feedback,
        json!({"stage": "screening", "feedback": "Keen."}),
    )
    .await
    .assert_status(StatusCode::OK);
    app.move_to(&employer, &same_status, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.set_application_status(&employer, &same_status, json!({"status": "pending"}))
        .await;
    app.set_application_status(&employer, &accepted, json!({"status": "accepted"}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;

    let entries = || async {
        let rows: Vec<(uuid::Uuid, String, chrono::DateTime<chrono::Utc>)> =
            sqlx::query_as("SELECT id, stage, stage_entered_at FROM applications ORDER BY id")
                .fetch_all(&app.pool)
                .await
                .unwrap();
        rows
    };
    let live = entries().await;
    assert_eq!(live.len(), 5);
    let created: Vec<(uuid::Uuid, chrono::DateTime<chrono::Utc>)> =
        sqlx::query_as("SELECT id, created_at FROM applications ORDER BY id")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let entered_later = |id: &str| {
        let id: uuid::Uuid = id.parse().unwrap();
        let at = live.iter().find(|r| r.0 == id).unwrap().2;
        at > created.iter().find(|r| r.0 == id).unwrap().1
    };
    assert!(entered_later(&moved) && entered_later(&feedback) && entered_later(&accepted));
    assert!(!entered_later(&untouched));

    let migration = include_str!("../../../migrations/20261127100001_stage_entered_at.sql");
    let start = migration.find("UPDATE applications a").unwrap();
    let backfill = &migration[start..start + migration[start..].find(';').unwrap()];
    sqlx::raw_sql("UPDATE applications SET stage_entered_at = 'epoch'")
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(backfill.to_owned()))
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(entries().await, live);
}
