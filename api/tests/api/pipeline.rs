//! The employer's pipeline over real HTTP: a job's board, moves with an
//! expected version, what the candidate sees and hears, and bulk rejection.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Reply, TestApp};

/// A "Platform Engineer" job with one application from `email`.
async fn applied(app: &TestApp, email: &str) -> (String, String, String, String) {
    app.applied("Platform Engineer", email).await
}

async fn board(app: &TestApp, employer: &str, job: &str, query: &str) -> Reply {
    app.get(
        &format!("/api/employer/jobs/{job}/pipeline{query}"),
        Some(employer),
    )
    .await
}

#[tokio::test]
async fn the_board_shows_a_new_applicant_and_moves_keep_the_candidate_view_to_three_statuses() {
    let app = TestApp::spawn().await;
    let (job, employer, id, candidate) = applied(&app, "pipeline@example.com").await;

    let first = board(&app, &employer, &job, "")
        .await
        .assert_status(StatusCode::OK);
    let c = first.listed("applications", &id);
    assert_eq!(
        (c["stage"].as_str(), c["version"].as_i64()),
        (Some("new"), Some(1))
    );
    assert_eq!(c["candidate_email"], "pipeline@example.com");
    assert_eq!(first.body["counts"]["new"], 1);
    assert_eq!(
        first.body["stages"],
        json!([
            "new",
            "screening",
            "interview",
            "offer",
            "hired",
            "rejected"
        ])
    );

    // Screening reads `pending` like New: the candidate's view is unchanged.
    let screened = app
        .move_application(&employer, &id, json!({"stage": "screening", "version": 1}))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (
            screened.body["stage"].as_str(),
            screened.body["version"].as_i64()
        ),
        (Some("screening"), Some(2))
    );
    let mine = app.my_applications_after(&candidate, &screened).await;
    assert_eq!(mine.body[0]["status"], "pending");
    assert!(
        mine.body[0].get("stage").is_none(),
        "the stage is the employer's: {}",
        mine.body[0]
    );
    // beside the status, where it stands in the candidate's words
    assert_eq!(mine.body[0]["progress"], "in_review");

    // Interview reads `accepted`.
    let interview = app
        .move_application(&employer, &id, json!({"stage": "interview", "version": 2}))
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&candidate, &interview).await;
    assert_eq!(mine.body[0]["status"], "accepted");
    assert_eq!(mine.body[0]["progress"], "interview");

    // The candidate heard of each step in plain words, and Interview is an
    // invitation, not an "acceptance".
    app.settle().await;
    let titles = app.notification_titles(&candidate).await;
    assert_eq!(
        titles,
        [
            "Invited to an interview for Platform Engineer",
            "Application in review",
            "Application received"
        ]
    );

    // The employer's job list counts applicants per stage.
    let jobs = app
        .get_after("/api/employer/jobs", Some(&employer), &interview)
        .await;
    let listed = jobs.find_id(&job).unwrap();
    assert_eq!(
        (
            listed["applications"]["interview"].as_i64(),
            listed["applications"]["total"].as_i64()
        ),
        (Some(1), Some(1))
    );
}

#[tokio::test]
async fn two_people_moving_the_same_card_at_once_get_one_success_and_a_clear_409() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = applied(&app, "race@example.com").await;
    let (a, b) = tokio::join!(
        app.move_application(&employer, &id, json!({"stage": "screening", "version": 1})),
        app.move_application(&employer, &id, json!({"stage": "rejected", "version": 1})),
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{:?} / {:?}",
        a.body,
        b.body
    );
    let (won, lost) = if a.status == StatusCode::OK {
        (a, b)
    } else {
        (b, a)
    };
    assert_eq!(
        lost.error(),
        "Someone else moved this applicant a moment ago. The board now shows where they are."
    );
    // The board shows the winner's state, at version 2.
    let now = app
        .get_after(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
            &won,
        )
        .await;
    let c = now.listed("applications", &id);
    assert_eq!(
        (c["stage"].as_str(), c["version"].as_i64()),
        (won.body["stage"].as_str(), Some(2))
    );

    // A board that is behind is refused too, and nothing is written.
    app.settle().await;
    let before = app.event_count().await;
    let stale = app
        .move_application(&employer, &id, json!({"stage": "offer", "version": 1}))
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    assert_eq!(app.event_count().await, before);
}

#[tokio::test]
async fn invalid_moves_are_422_with_a_clear_text_and_change_nothing() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = applied(&app, "moves@example.com").await;

    let hire_early = app.move_to(&employer, &id, "hired").await;
    hire_early.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Move the applicant to Offer before marking them hired",
    );
    let unknown = app.move_to(&employer, &id, "limbo").await;
    unknown.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Stage must be new, screening, interview, offer, hired or rejected",
    );
    app.move_to(&employer, &id, "offer").await;
    app.move_to(&employer, &id, "hired")
        .await
        .assert_status(StatusCode::OK);

    app.settle().await;
    let before = app.event_count().await;
    let back = app.move_to(&employer, &id, "new").await;
    back.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This applicant has been hired, so their stage can no longer change",
    );
    let status_back = app
        .put(
            &format!("/api/employer/applications/{id}/status"),
            Some(&employer),
            Some(json!({"status": "pending"})),
        )
        .await;
    assert_eq!(status_back.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.event_count().await, before);

    // On a closed job, nobody moves.
    let (job2, employer2, id2, _) = applied(&app, "closed@example.com").await;
    app.job_action(&employer2, &job2, "close")
        .await
        .assert_status(StatusCode::OK);
    let on_closed = app.move_to(&employer2, &id2, "screening").await;
    on_closed.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job is closed. Reopen it to move its applicants",
    );
    let _ = job;
}

/// A card's `moves`: stage -> the refusal a move there would get (null when allowed).
fn moves(card: &Value) -> Vec<(String, Option<String>)> {
    card["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("no moves on {card}"))
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap().to_owned(),
                m["refused"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[tokio::test]
async fn each_card_says_which_moves_the_pipeline_allows_and_why_not_the_others() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = applied(&app, "offered@example.com").await;
    let offer = "Move the applicant to Offer before marking them hired";

    let fresh = board(&app, &employer, &job, "").await;
    let allowed: Vec<(String, Option<String>)> =
        ["screening", "interview", "offer", "hired", "rejected"]
            .into_iter()
            .map(|s| (s.to_owned(), (s == "hired").then(|| offer.to_owned())))
            .collect();
    assert_eq!(moves(fresh.listed("applications", &id)), allowed);
    // The card says how its candidate reads it, in the candidate portal's terms.
    assert_eq!(fresh.listed("applications", &id)["progress"], "received");

    // What the board offers is what the server does: the refused move gets
    // the very words the card carried, and an allowed one goes through.
    app.move_to(&employer, &id, "hired")
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, offer);
    app.move_to(&employer, &id, "offer")
        .await
        .assert_status(StatusCode::OK);
    let at_offer = board(&app, &employer, &job, "").await;
    assert!(
        moves(at_offer.listed("applications", &id))
            .iter()
            .all(|(_, refused)| refused.is_none()),
        "from Offer every stage is open: {:?}",
        moves(at_offer.listed("applications", &id))
    );

    // Hired is final; the applicant page's card says so too.
    app.move_to(&employer, &id, "hired")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let page = app
        .get(&format!("/api/employer/applications/{id}"), Some(&employer))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(page.body["application"]["progress"], "hired");
    let hired = moves(&page.body["application"]);
    assert_eq!(hired.len(), 5);
    assert!(hired.iter().all(|(_, refused)| refused.as_deref()
        == Some("This applicant has been hired, so their stage can no longer change")));

    // A closed job's applicants stay where they are.
    let (job2, employer2, id2, _) = applied(&app, "closed-moves@example.com").await;
    app.job_action(&employer2, &job2, "close")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let closed = board(&app, &employer2, &job2, "").await;
    assert!(
        moves(closed.listed("applications", &id2))
            .iter()
            .all(|(_, refused)| refused.as_deref()
                == Some("This job is closed. Reopen it to move its applicants"))
    );
}

#[tokio::test]
async fn another_employers_board_and_cards_are_404() {
    let app = TestApp::spawn().await;
    let (job, _, id, candidate) = applied(&app, "mine@example.com").await;
    let (_, _, other) = app.employer("Rival Pty Ltd", true).await;
    let peek = board(&app, &other, &job, "").await;
    peek.assert_error(StatusCode::NOT_FOUND, "Job not found");
    let poke = app.move_to(&other, &id, "rejected").await;
    poke.assert_error(StatusCode::NOT_FOUND, "Application not found");
    let not_an_id = board(&app, &other, "not-a-uuid", "").await;
    assert_eq!(not_an_id.status, StatusCode::NOT_FOUND);
    // Candidates have no business here at all.
    let as_candidate = app.move_to(&candidate, &id, "rejected").await;
    assert_eq!(as_candidate.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_list_view_filters_by_stage_and_keyword_and_sorts_by_name() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let mut ids = vec![];
    for (name, email) in [
        ("Zara Quinn", "zara@example.com"),
        ("Amir Patel", "amir@example.com"),
        ("Lee Wong", "lee@example.com"),
    ] {
        let _ = name;
        ids.push(app.new_applicant(&job, email).await.0);
    }
    app.settle().await;
    app.move_to(&employer, &ids[1], "screening").await;
    app.settle().await;

    let screening = board(&app, &employer, &job, "?stage=screening").await;
    assert_eq!(screening.list("applications").len(), 1);
    assert_eq!(screening.body["applications"][0]["id"], ids[1]);
    let by_keyword = board(&app, &employer, &job, "?q=ZARA").await;
    assert_eq!(by_keyword.list("applications").len(), 1);
    // `%` is a character to look for, not a wildcard.
    let wildcard = board(&app, &employer, &job, "?q=%25").await;
    assert_eq!(wildcard.list("applications").len(), 0);
    let oldest = board(&app, &employer, &job, "?sort=oldest").await;
    assert_eq!(oldest.body["applications"][0]["id"], ids[0]);
    let future = board(&app, &employer, &job, "?from=2999-01-01").await;
    assert_eq!(future.list("applications").len(), 0);
    assert_eq!(
        future.body["counts"]["total"], 3,
        "counts are the whole job's"
    );
    let bad_stage = board(&app, &employer, &job, "?stage=limbo").await;
    assert_eq!(bad_stage.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn bulk_reject_rejects_each_with_feedback_and_reports_the_ones_it_could_not() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("QA Lead").await;
    let mut ids = vec![];
    for email in ["one@example.com", "two@example.com"] {
        ids.push(app.new_applicant(&job, email).await.0);
    }
    let (_, _, foreign, _) = applied(&app, "elsewhere@example.com").await;
    app.settle().await;
    let reply = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": [ids[0], ids[1], foreign], "feedback": "We filled the role internally."}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(reply.body["rejected"], 2);
    let failed: Vec<&Value> = reply
        .list("results")
        .iter()
        .filter(|r| r.get("error").is_some())
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(
        (failed[0]["id"].as_str(), failed[0]["error"].as_str()),
        (Some(foreign.as_str()), Some("Application not found"))
    );
    let now = app
        .get_after(
            &format!("/api/employer/jobs/{job}/pipeline?stage=rejected"),
            Some(&employer),
            &reply,
        )
        .await;
    let rejected = now.list("applications");
    assert_eq!(rejected.len(), 2);
    assert!(
        rejected
            .iter()
            .all(|c| c["feedback"] == "We filled the role internally.")
    );

    let none = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": []}),
        )
        .await;
    none.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Choose at least one applicant to reject",
    );
}

#[tokio::test]
async fn an_open_board_hears_of_new_applicants_and_moves_and_no_other_employer_does() {
    use crate::support::Socket;
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Mobile Developer").await;
    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    let mut board_socket = Socket::connected(&app.base, &employer, "employer").await;
    let mut rival_socket = Socket::connected(&app.base, &rival, "employer").await;

    let candidate = app.candidate_token("live@example.com").await;
    let submitted = app
        .submit_application(&candidate, json!({"jobId": job}))
        .await;
    let id = submitted.id();
    let pushed = board_socket.expect("pipeline_updated").await;
    assert_eq!(
        (pushed["job_id"].as_str(), pushed["application_id"].as_str()),
        (Some(job.as_str()), Some(id.as_str()))
    );

    app.move_to(&employer, &id, "screening").await;
    let moved = board_socket.expect("pipeline_updated").await;
    assert_eq!(moved["application_id"], id);

    let heard = rival_socket
        .drain(std::time::Duration::from_millis(500))
        .await;
    assert!(
        !heard.contains(&"pipeline_updated".to_owned()),
        "another employer heard: {heard:?}"
    );
}

#[tokio::test]
async fn the_job_report_counts_stages_and_weeks_and_times_responses_and_hires() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = applied(&app, "report@example.com").await;
    app.move_to(&employer, &id, "offer").await;
    let hired = app
        .move_to(&employer, &id, "hired")
        .await
        .assert_status(StatusCode::OK);
    let report = app
        .get_after(
            &format!("/api/employer/jobs/{job}/report"),
            Some(&employer),
            &hired,
        )
        .await
        .assert_status(StatusCode::OK);
    let r = &report.body;
    assert_eq!(
        (r["counts"]["hired"].as_i64(), r["counts"]["total"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(r["by_week"].as_array().unwrap().len(), 1);
    assert_eq!(r["by_week"][0]["applications"], 1);
    assert_eq!(
        (r["responded"].as_i64(), r["hired"].as_i64()),
        (Some(1), Some(1))
    );
    let first = r["median_first_response_hours"].as_f64().unwrap();
    assert!((0.0..0.1).contains(&first), "moved within seconds: {first}");
    assert!(r["median_days_to_hire"].as_f64().unwrap() < 0.01);

    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    let peek = app
        .get(&format!("/api/employer/jobs/{job}/report"), Some(&rival))
        .await;
    assert_eq!(peek.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_withdrawn_application_stays_marked_on_both_lists_and_cannot_move() {
    let app = TestApp::spawn().await;
    let (job, employer, id, candidate) = applied(&app, "changed-mind@example.com").await;
    let (_, _, _, stranger) = applied(&app, "stranger@example.com").await;
    let theirs = app.withdraw_application(&stranger, &id, json!({})).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let withdrawn = app
        .withdraw_application(&candidate, &id, json!({"reason": "I took another offer."}))
        .await;
    withdrawn.assert_message(StatusCode::OK, "Your application has been withdrawn");
    let mine = app.my_applications_after(&candidate, &withdrawn).await;
    assert_eq!(
        mine.array().len(),
        1,
        "kept, so they still see they applied"
    );
    assert!(mine.array()[0]["withdrawn_at"].is_string());
    let board_now = board(&app, &employer, &job, "").await;
    assert!(board_now.listed("applications", &id)["withdrawn_at"].is_string());
    let moved = app.move_to(&employer, &id, "screening").await;
    moved.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "The candidate withdrew this application",
    );
    let again = app.withdraw_application(&candidate, &id, json!({})).await;
    assert_eq!(again.error(), "You have already withdrawn this application");
    // The employer hears of it, pointed to the reason (not given a copy of
    // the candidate's words, which are erased with the candidate).
    app.settle().await;
    let notes = app
        .get("/api/notifications?limit=20&offset=0", Some(&employer))
        .await;
    let withdrawn_note = notes
        .list("notifications")
        .iter()
        .find(|n| n["title"] == "Application withdrawn")
        .expect("the employer is notified");
    assert!(
        withdrawn_note["message"]
            .as_str()
            .unwrap()
            .ends_with("Their reason is on the application's history.")
    );
}

/// The rejection mails of `email`, oldest first: (subject, body).
async fn rejection_mails(app: &TestApp, email: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT subject, body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Your application for %' ORDER BY created_at",
    )
    .bind(email)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// A rejection can email the candidate (as Greenhouse's and Lever's do):
/// the mail goes with the move, says it kindly with the feedback, and the
/// history says it went. Without the flag, or for any other move, no mail.
#[tokio::test]
async fn a_rejection_emails_the_candidate_when_asked_and_only_then() {
    let app = TestApp::spawn().await;
    let (job, employer, id, _) = applied(&app, "told@example.com").await;

    // Only a rejection is emailed from a move; a refused one writes nothing.
    let before = app.event_count().await;
    app.move_application(
        &employer,
        &id,
        json!({"stage": "interview", "email_candidate": true}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Only a rejection is emailed from a move: an interview is emailed when it is booked",
    );
    assert_eq!(app.event_count().await, before);

    let feedback = "We went with someone with more on-call experience.";
    let rejected = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "rejected", "feedback": feedback, "email_candidate": true}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(rejected.body["emailed"], true);
    // Feedback added to the rejection later does not mail the decision again.
    let again = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "rejected", "feedback": "One more thing.", "email_candidate": true}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(again.body["emailed"], false);
    let mails = rejection_mails(&app, "told@example.com").await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(
        mails[0].0,
        "Your application for Platform Engineer at Hiring Co"
    );
    assert!(mails[0].1.contains(feedback), "{}", mails[0].1);
    app.settle().await;
    let page = app
        .get(&format!("/api/employer/applications/{id}"), Some(&employer))
        .await
        .assert_status(StatusCode::OK);
    let said = page.body.to_string();
    assert!(said.contains(", and emailed"), "{said}");

    // Without the flag the candidate hears in the portal only.
    let (quiet, _) = app.new_applicant(&job, "quiet@example.com").await;
    app.settle().await;
    app.move_to(&employer, &quiet, "rejected")
        .await
        .assert_status(StatusCode::OK);
    assert!(rejection_mails(&app, "quiet@example.com").await.is_empty());

    // Many at once, each mailed once.
    let mut ids = vec![];
    for email in ["bulk-a@example.com", "bulk-b@example.com"] {
        ids.push(app.new_applicant(&job, email).await.0);
    }
    app.settle().await;
    // One already rejected among them is left as they were: not mailed
    // again, and not counted as rejected by this.
    ids.push(quiet.clone());
    let bulk = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": ids, "email_candidates": true}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (
            bulk.body["rejected"].as_u64(),
            bulk.body["emailed"].as_u64()
        ),
        (Some(2), Some(2))
    );
    let quiet_result = bulk
        .list("results")
        .iter()
        .find(|r| r["id"] == quiet.as_str())
        .cloned()
        .expect("the already rejected one is reported");
    assert_eq!(
        (&quiet_result["emailed"], &quiet_result["already_rejected"]),
        (&json!(false), &json!(true))
    );
    assert!(rejection_mails(&app, "quiet@example.com").await.is_empty());
    for email in ["bulk-a@example.com", "bulk-b@example.com"] {
        let mails = rejection_mails(&app, email).await;
        assert_eq!(mails.len(), 1, "{email}: {mails:?}");
        assert!(!mails[0].1.contains("A note from"), "{}", mails[0].1);
    }
}
