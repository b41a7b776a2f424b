//! Interviews over real HTTP: booked in Sydney time, stored in UTC, mailed to
//! the candidate as an RFC 5545 invitation that a reschedule or cancel updates,
//! and shown on the candidate's applications.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::TestApp;

/// A job with an application in Interview: (employer token, application id, candidate token).
async fn in_interview(app: &TestApp, email: &str) -> (String, String, String) {
    let (_, employer, id, candidate) = app.applied("Cloud Engineer", email).await;
    app.move_to(&employer, &id, "interview")
        .await
        .assert_status(StatusCode::OK);
    (employer, id, candidate)
}

/// The calendar attachments mailed to `email`, oldest first, once the sender has delivered `n`.
async fn invitations(app: &TestApp, email: &str, n: usize) -> Vec<String> {
    let mut rows: Vec<(Option<String>, Option<chrono::DateTime<chrono::Utc>>)> = vec![];
    crate::support::until(&format!("{n} invitations are sent to {email}"), async || {
        rows = sqlx::query_as(
            "SELECT calendar, sent_at FROM mail_outbox WHERE recipient = $1 AND calendar IS NOT NULL ORDER BY created_at",
        )
        .bind(email)
        .fetch_all(&app.pool)
        .await
        .unwrap();
        rows.len() >= n && rows.iter().all(|(_, sent)| sent.is_some())
    })
    .await;
    rows.into_iter().filter_map(|(c, _)| c).collect()
}

/// A date in Sydney comfortably in the future, in daylight saving time (UTC+11).
const SUMMER: &str = "2099-01-20T10:00";

#[tokio::test]
async fn a_booked_interview_is_mailed_as_an_invitation_and_shown_to_the_candidate() {
    let app = TestApp::spawn().await;
    let (employer, id, candidate) = in_interview(&app, "booked@example.com").await;
    let booked = app
        .book_interview(
            &employer,
            &id,
            json!({"starts_at_local": SUMMER, "duration_minutes": 45,
                   "video_link": "https://meet.example.com/harbour-1", "interviewers": ["Priya Shah", "Tom Nguyen"]}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let interview = booked.id();

    let mine = app.my_applications_after(&candidate, &booked).await;
    let shown = &mine.body[0]["interviews"][0];
    assert_eq!(
        shown["starts_at"], "2099-01-19T23:00:00Z",
        "10 am in Sydney summer is 23:00 UTC the day before"
    );
    assert_eq!(
        (shown["status"].as_str(), shown["duration_minutes"].as_i64()),
        (Some("scheduled"), Some(45))
    );

    let ics = &invitations(&app, "booked@example.com", 1).await[0];
    for line in [
        "METHOD:REQUEST",
        "SEQUENCE:1",
        "DTSTART:20990119T230000Z",
        "DTEND:20990119T234500Z",
        "STATUS:CONFIRMED",
    ] {
        assert!(ics.lines().any(|l| l == line), "{line} missing from\n{ics}");
    }
    assert!(ics.contains(&format!("UID:interview-{interview}@")));
    // The delivered mail carries it as a calendar part.
    let dir = app.app.state.config.mail_dir.clone();
    let mail = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .find(|m| m.contains("To: booked@example.com") && m.contains("Interview"))
        .expect("the invitation mail is in the folder");
    assert!(mail.contains("text/calendar"), "{mail}");
    assert!(mail.contains("invite.ics"));

    // The candidate's bell says so.
    app.settle().await;
    let titles = app.notification_titles(&candidate).await;
    assert!(titles.iter().any(|t| t == "Interview booked"), "{titles:?}");
}

#[tokio::test]
async fn rescheduling_and_cancelling_update_the_same_calendar_entry() {
    let app = TestApp::spawn().await;
    let (employer, id, candidate) = in_interview(&app, "moved@example.com").await;
    let booked = app
        .book_interview(
            &employer,
            &id,
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Level 12, 1 Market St, Sydney"}),
        )
        .await;
    let interview = booked.id();
    // Winter in Sydney: UTC+10.
    let moved = app
        .put(
            &format!("/api/employer/interviews/{interview}"),
            Some(&employer),
            Some(json!({"starts_at_local": "2099-06-10T14:00", "duration_minutes": 30, "location": "Level 12, 1 Market St, Sydney"})),
        )
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&candidate, &moved).await;
    assert_eq!(
        mine.body[0]["interviews"][0]["starts_at"],
        "2099-06-10T04:00:00Z"
    );

    let cancelled = app
        .cancel_interview(
            &employer,
            &interview,
            json!({"reason": "The role was filled internally."}),
        )
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&candidate, &cancelled).await;
    assert_eq!(mine.body[0]["interviews"][0]["status"], "cancelled");

    let sent = invitations(&app, "moved@example.com", 3).await;
    let uid = |ics: &str| {
        ics.lines()
            .find(|l| l.starts_with("UID:"))
            .unwrap()
            .to_owned()
    };
    assert_eq!(uid(&sent[0]), uid(&sent[1]));
    assert_eq!(uid(&sent[1]), uid(&sent[2]));
    assert!(
        sent[1].lines().any(|l| l == "SEQUENCE:2")
            && sent[1].lines().any(|l| l == "DTSTART:20990610T040000Z")
    );
    assert!(
        sent[2].lines().any(|l| l == "METHOD:CANCEL") && sent[2].lines().any(|l| l == "SEQUENCE:3")
    );

    let again = app.cancel_interview(&employer, &interview, json!({})).await;
    again.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This interview was cancelled",
    );
}

#[tokio::test]
async fn bad_slots_are_422_with_clear_texts_and_other_employers_get_404() {
    let app = TestApp::spawn().await;
    let (employer, id, _) = in_interview(&app, "picky@example.com").await;
    app.settle().await;
    let before = app.event_count().await;
    for (body, text) in [
        (
            json!({"starts_at_local": "2020-01-01T10:00", "duration_minutes": 30, "location": "Office"}),
            "The interview must be in the future",
        ),
        (
            json!({"starts_at_local": "2099-10-04T02:30", "duration_minutes": 30, "location": "Office"}),
            "That time does not exist in Sydney (daylight saving starts)",
        ),
        (
            json!({"starts_at_local": "next tuesday", "duration_minutes": 30, "location": "Office"}),
            "Please choose a date and time for the interview",
        ),
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 5, "location": "Office"}),
            "An interview lasts from 15 to 480 minutes",
        ),
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 30}),
            "Give a place or a video link for the interview",
        ),
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "video_link": "javascript:alert(1)"}),
            "The video link must start with https://",
        ),
    ] {
        let r = app.book_interview(&employer, &id, body).await;
        r.assert_error(StatusCode::UNPROCESSABLE_ENTITY, text);
    }
    assert_eq!(app.event_count().await, before, "nothing written");

    let (_, _, rival) = app.employer("Rival Pty Ltd", true).await;
    let office = json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Office"});
    let poach = app.book_interview(&rival, &id, office.clone()).await;
    assert_eq!(poach.status, StatusCode::NOT_FOUND);
    let ok = app.book_interview(&employer, &id, office).await;
    let interview = ok.body["id"].as_str().unwrap();
    let meddle = app.cancel_interview(&rival, interview, json!({})).await;
    meddle.assert_error(StatusCode::NOT_FOUND, "Interview not found");
}

/// A CR or LF in a one-line field would reach the invitation's .ics (and the
/// mail): it is refused with the field's name, and nothing is stored or sent.
#[tokio::test]
async fn a_line_break_or_other_control_in_a_slot_is_422_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let (employer, id, _) = in_interview(&app, "crlf@example.com").await;
    app.settle().await;
    let before = app.event_count().await;
    for (body, text) in [
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Room 4\r\nATTENDEE:mailto:x@evil.example"}),
            "Location must be on one line, without tabs or control characters",
        ),
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "video_link": "https://meet.example.com/a\rX"}),
            "Video link must be on one line, without tabs or control characters",
        ),
        (
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Office", "interviewers": ["Priya\nShah"]}),
            "Interviewer must be on one line, without tabs or control characters",
        ),
    ] {
        let r = app.book_interview(&employer, &id, body).await;
        r.assert_error(StatusCode::UNPROCESSABLE_ENTITY, text);
    }
    assert_eq!(app.event_count().await, before, "nothing written");
    let (mails,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM mail_outbox WHERE recipient = $1 AND calendar IS NOT NULL",
    )
    .bind("crlf@example.com")
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(mails, 0, "no invitation sent");

    // A reason may run over several lines, but holds no other control.
    let booked = app
        .book_interview(
            &employer,
            &id,
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Office"}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let interview = booked.body["id"].as_str().unwrap();
    // (The booking's notice to the candidate is appended by a policy.)
    app.settle().await;
    let before = app.event_count().await;
    app.cancel_interview(&employer, interview, json!({"reason": "Sorry\u{7}"}))
        .await
        .assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Reason must not contain control characters",
        );
    assert_eq!(app.event_count().await, before, "nothing written");
    app.cancel_interview(
        &employer,
        interview,
        json!({"reason": "Sorry.\r\nWe filled the role."}),
    )
    .await
    .assert_status(StatusCode::OK);
}
