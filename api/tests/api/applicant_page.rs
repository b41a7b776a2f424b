//! What the employer's applicant page reads over real HTTP: its history as
//! sentences naming who did what, and the resume served to show in the page
//! (inline, with its own headers) to the job's employer only.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::pdf;
use crate::support::TestApp;

/// 10:00 on a Tuesday in Sydney, far enough ahead to stay in the future.
const SLOT: &str = "2099-01-20T10:00";

fn summaries(detail: &serde_json::Value) -> Vec<String> {
    detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["summary"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_history_names_who_moved_booked_and_scored_in_plain_sentences() {
    let app = TestApp::spawn().await;
    let (_, employer, id, _) = app.applied("Platform Engineer", "told@example.com").await;
    app.move_to(&employer, &id, "interview")
        .await
        .assert_status(StatusCode::OK);
    app.book_interview(
        &employer,
        &id,
        json!({"starts_at_local": SLOT, "duration_minutes": 45, "location": "Level 3, 20 Bridge St"}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.add_scorecard(
        &employer,
        &id,
        json!({"ratings": [{"criterion": "Kubernetes", "score": 4}], "recommendation": "yes"}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    let offer = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "offer", "feedback": "Expect a call from us today."}),
        )
        .await
        .assert_status(StatusCode::OK);

    let detail = app
        .get_after(
            &format!("/api/employer/applications/{id}"),
            Some(&employer),
            &offer,
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        summaries(&detail.body),
        [
            "Applied for Platform Engineer",
            "Moved to Interview by Morgan Reid",
            "Interview booked for Tue 20 Jan 2099, 10:00 am by Morgan Reid",
            "Scorecard added by Morgan Reid: Yes",
            "Moved to Offer by Morgan Reid",
        ]
    );
    let last = &detail.body["history"][4];
    assert_eq!(last["kind"], "moved");
    assert_eq!(last["detail"], "Expect a call from us today.");
    assert!(last["at"].as_str().is_some_and(|t| t.contains('T')));

    // A rejection reads as one, and the rival employer sees none of it.
    let rejected = app.move_to(&employer, &id, "rejected").await;
    let after = app
        .get_after(
            &format!("/api/employer/applications/{id}"),
            Some(&employer),
            &rejected,
        )
        .await;
    // It takes the interview still to come with it, in that order.
    assert_eq!(
        summaries(&after.body)[5..],
        [
            "Rejected by Morgan Reid, not emailed",
            "Interview on Tue 20 Jan 2099, 10:00 am cancelled by Morgan Reid",
        ]
    );
    assert_eq!(
        after.body["history"][6]["detail"],
        "The application is not going ahead."
    );
    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    app.get(&format!("/api/employer/applications/{id}"), Some(&rival))
        .await
        .assert_error(StatusCode::NOT_FOUND, "Application not found");
}

/// A record that names a file the store no longer holds says so in words
/// (and logs the key), not "Something went wrong".
#[tokio::test]
async fn a_resume_missing_from_storage_is_a_clear_404() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let candidate = app.candidate_token("lost@example.com").await;
    let (id, resume) = app
        .apply_with_resume(&candidate, &job, "Lost CV.pdf", pdf(1000))
        .await;
    app.settle().await;
    let doc = app
        .app
        .state
        .commands
        .load::<domain::document::Document>(resume.parse().unwrap())
        .await
        .unwrap()
        .state
        .unwrap();
    app.app.state.files.remove(&doc.storage_key).await.unwrap();

    app.get(
        &format!("/api/employer/applications/{id}/resume"),
        Some(&employer),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND, api::files::FILE_MISSING);
}

#[tokio::test]
async fn the_resume_is_served_inline_for_the_page_and_to_the_jobs_employer_only() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let candidate = app.candidate_token("resume@example.com").await;
    let content = pdf(3000);
    let (id, resume) = app
        .apply_with_resume(&candidate, &job, "Dana Reyes CV.pdf", content.clone())
        .await;
    app.settle().await;

    let path = format!("/api/employer/applications/{id}/resume");
    let res = app.download(&path, &employer).await;
    assert_eq!(res.status(), StatusCode::OK);
    let h = res.headers().clone();
    assert_eq!(h["content-type"], "application/pdf");
    let disposition = h["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("inline; filename=\"Dana Reyes CV.pdf\""),
        "{disposition}"
    );
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["cache-control"], "private, no-store");
    assert_eq!(h["x-frame-options"], "SAMEORIGIN");
    let policy = h["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'self'"),
        "{policy}"
    );
    assert_eq!(res.bytes().await.unwrap().to_vec(), content);

    // The download elsewhere stays an attachment.
    let download = app
        .download(&format!("/api/documents/{resume}/download"), &employer)
        .await;
    assert_eq!(download.status(), StatusCode::OK);
    assert!(
        download.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment;")
    );

    // Another employer's applicant: 404, as if it did not exist.
    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    app.get(&path, Some(&rival))
        .await
        .assert_error(StatusCode::NOT_FOUND, "Application not found");
    // The candidate cannot use the employer's door.
    assert_eq!(
        app.get(&path, Some(&candidate)).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn no_resume_is_404_and_a_word_resume_comes_as_an_attachment() {
    let app = TestApp::spawn().await;
    let (job, employer, bare, _) = app.applied("QA Lead", "bare@example.com").await;
    app.get(
        &format!("/api/employer/applications/{bare}/resume"),
        Some(&employer),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND, "Resume not found");

    let candidate = app.candidate_token("word@example.com").await;
    let mut docx = b"PK\x03\x04".to_vec();
    docx.resize(500, b'x');
    let (id, _) = app
        .apply_with_resume(&candidate, &job, "cv.docx", docx)
        .await;
    app.settle().await;
    let res = app
        .download(
            &format!("/api/employer/applications/{id}/resume"),
            &employer,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment;")
    );
}

#[tokio::test]
async fn the_applicant_page_lists_their_other_applications_to_this_employer_only() {
    let app = TestApp::spawn().await;
    let (first_job, employer, first, candidate) =
        app.applied("Data Engineer", "two.jobs@example.com").await;
    let location = app.add_location("Parramatta, NSW").await;
    let mut form = crate::fixtures::job_form(&location.to_string());
    form["title"] = json!("Analytics Engineer");
    let second_job = app
        .post_job(&employer, form)
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    let second = app
        .submit_application(&candidate, json!({"jobId": second_job}))
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    // The same candidate at another employer is not this employer's business.
    let (elsewhere, _) = app.open_job("Platform Engineer").await;
    app.submit_application(&candidate, json!({"jobId": elsewhere}))
        .await
        .assert_status(StatusCode::CREATED);
    app.settle().await;

    let page = app
        .get(
            &format!("/api/employer/applications/{first}"),
            Some(&employer),
        )
        .await
        .assert_status(StatusCode::OK);
    let others = page.body["other_applications"].as_array().unwrap();
    assert_eq!(others.len(), 1, "{others:?}");
    assert_eq!(
        (
            others[0]["id"].as_str(),
            others[0]["job_id"].as_str(),
            others[0]["job_title"].as_str(),
            others[0]["stage"].as_str()
        ),
        (
            Some(second.as_str()),
            Some(second_job.as_str()),
            Some("Analytics Engineer"),
            Some("new")
        )
    );
    let back = app
        .get(
            &format!("/api/employer/applications/{second}"),
            Some(&employer),
        )
        .await;
    assert_eq!(back.body["other_applications"][0]["job_id"], first_job);

    // Once erased, their applications stay apart.
    let erased = app
        .erase_candidate(&candidate)
        .await
        .assert_status(StatusCode::OK);
    let after = app
        .get_after(
            &format!("/api/employer/applications/{first}"),
            Some(&employer),
            &erased,
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(after.body["other_applications"], json!([]));
}
