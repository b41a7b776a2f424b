//! One applicant on the employer's side over real HTTP: the detail screen's
//! data, its history from the events, and private notes and scorecards that
//! never reach the candidate.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::pdf;
use crate::support::{Socket, TestApp};

const NOTE: &str = "Private: keen on Tokio, salary expectation above the band.";
const COMMENT: &str = "Private: would hire for the platform team.";

#[tokio::test]
async fn the_detail_shows_profile_documents_history_notes_and_scorecards() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Rust Engineer").await;
    let candidate = app.candidate_token("detail@example.com").await;
    let profile = json!({"name": "Dana Reyes", "skills": "Rust, PostgreSQL", "education": [], "experience": []});
    app.save_profile(&candidate, profile)
        .await
        .assert_status(StatusCode::OK);
    let (id, resume_id) = app
        .apply_with_resume(&candidate, &job, "cv.pdf", pdf(2000))
        .await;
    app.settle().await;
    app.move_to(&employer, &id, "interview")
        .await
        .assert_status(StatusCode::OK);
    let note = app.add_note(&employer, &id, NOTE).await;
    note.assert_message(StatusCode::CREATED, "Note added");
    let scorecard = app
        .add_scorecard(
            &employer,
            &id,
            json!({"ratings": [{"criterion": "Rust", "score": 5}, {"criterion": "Communication", "score": 4}],
                   "recommendation": "strong_yes", "comment": COMMENT}),
        )
        .await
        .assert_status(StatusCode::CREATED);

    let detail = app
        .get_after(
            &format!("/api/employer/applications/{id}"),
            Some(&employer),
            &scorecard,
        )
        .await
        .assert_status(StatusCode::OK);
    let d = &detail.body;
    assert_eq!(d["application"]["stage"], "interview");
    assert_eq!(d["job"]["title"], "Rust Engineer");
    assert_eq!(d["profile"]["skills"], "Rust, PostgreSQL");
    assert_eq!(d["documents"][0]["id"], resume_id);
    let history: Vec<&str> = d["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["summary"].as_str().unwrap())
        .collect();
    assert_eq!(
        history,
        [
            "Applied for Rust Engineer",
            "Moved to Interview by Morgan Reid",
            "Note added by Morgan Reid",
            "Scorecard added by Morgan Reid: Strong yes",
        ]
    );
    assert_eq!(d["history"][1]["kind"], "moved");
    assert_eq!(d["notes"][0]["body"], NOTE);
    // Each note and scorecard names who wrote it, as the history does.
    assert_eq!(
        (
            &d["notes"][0]["author_name"],
            &d["scorecards"][0]["author_name"]
        ),
        (&json!("Morgan Reid"), &json!("Morgan Reid"))
    );
    assert_eq!(d["scorecards"][0]["recommendation"], "strong_yes");
    assert_eq!(
        d["scorecards"][0]["ratings"][0],
        json!({"criterion": "Rust", "score": 5})
    );
}

#[tokio::test]
async fn notes_and_scorecards_never_reach_the_candidate() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let candidate = app.candidate_token("private@example.com").await;
    let mut socket = Socket::connected(&app.base, &candidate, "candidate").await;
    let submitted = app
        .submit_application(&candidate, json!({"jobId": job}))
        .await;
    let id = submitted.id();
    app.settle().await;
    app.add_note(&employer, &id, NOTE).await;
    app.add_scorecard(
        &employer,
        &id,
        json!({"ratings": [{"criterion": "SQL", "score": 3}], "recommendation": "yes", "comment": COMMENT}),
    )
    .await;
    // A move with feedback the candidate should see, after the notes.
    let moved = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "interview", "feedback": "See you on Thursday."}),
        )
        .await;
    app.settle().await;

    let mut seen = String::new();
    for path in [
        "/api/applications/my-applications",
        "/api/notifications?limit=50&offset=0",
        "/api/candidate/profile",
        "/api/documents",
        "/api/auth/candidate/profile",
    ] {
        let r = app.get_after(path, Some(&candidate), &moved).await;
        seen.push_str(&r.body.to_string());
    }
    socket
        .emit("get_notifications", Some(json!({"limit": 50, "offset": 0})))
        .await;
    socket.expect("notifications_list").await;
    socket.drain(std::time::Duration::from_millis(300)).await;
    seen.push_str(&format!("{:?}", socket_seen(&mut socket).await));
    assert!(
        seen.contains("See you on Thursday."),
        "the feedback did reach the candidate"
    );
    for secret in [NOTE, COMMENT, "strong_yes", "salary expectation"] {
        assert!(!seen.contains(secret), "{secret:?} leaked to the candidate");
    }
}

/// Everything the socket received so far, as text.
async fn socket_seen(socket: &mut Socket) -> String {
    let mut all = String::new();
    for event in [
        "notification",
        "unread_count",
        "application_updated",
        "notifications_list",
    ] {
        while let Ok(v) =
            tokio::time::timeout(std::time::Duration::from_millis(50), socket.expect(event)).await
        {
            all.push_str(&v.to_string());
        }
    }
    all
}

#[tokio::test]
async fn another_employer_cannot_read_or_annotate_an_applicant_and_bad_scorecards_are_422() {
    let app = TestApp::spawn().await;
    let (_, employer, id, _) = app.applied("QA Lead", "guarded@example.com").await;
    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    let peek = app
        .get(&format!("/api/employer/applications/{id}"), Some(&rival))
        .await;
    peek.assert_error(StatusCode::NOT_FOUND, "Application not found");
    let scribble = app.add_note(&rival, &id, "Mine now").await;
    assert_eq!(scribble.status, StatusCode::NOT_FOUND);

    let before = app.event_count().await;
    for (body, text) in [
        (
            json!({"ratings": [], "recommendation": "yes"}),
            "Rate at least one criterion",
        ),
        (
            json!({"ratings": [{"criterion": "Rust", "score": 6}], "recommendation": "yes"}),
            "Each rating must be from 1 to 5",
        ),
        (
            json!({"ratings": [{"criterion": "Rust", "score": 3}], "recommendation": "maybe"}),
            "Recommendation must be strong_yes, yes, no or strong_no",
        ),
    ] {
        let r = app.add_scorecard(&employer, &id, body).await;
        r.assert_error(StatusCode::UNPROCESSABLE_ENTITY, text);
    }
    let empty = app.add_note(&employer, &id, "  ").await;
    empty.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "Note is required");
    assert_eq!(app.event_count().await, before, "nothing written");
}
