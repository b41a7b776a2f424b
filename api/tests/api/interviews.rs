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

/// Books an interview on `id` and waits until the candidate's list shows it
/// (the write side finds interviews still to come through that read model).
async fn booked(app: &TestApp, employer: &str, id: &str, candidate: &str) -> String {
    let booked = app
        .book_interview(
            employer,
            id,
            json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Level 12, 1 Market St, Sydney"}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    app.my_applications_after(candidate, &booked).await;
    booked.id()
}

/// An application that has ended takes no new interview.
async fn no_booking_for(app: &TestApp, employer: &str, id: &str) {
    app.book_interview(
        employer,
        id,
        json!({"starts_at_local": SUMMER, "duration_minutes": 30, "location": "Level 12"}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Interviews can only be scheduled for applicants still in the running",
    );
}

/// The candidate's interview on their list: (status, reason given).
fn their_interview(mine: &crate::support::Reply) -> (String, String) {
    let shown = &mine.body[0]["interviews"][0];
    (
        shown["status"].as_str().unwrap_or_default().to_owned(),
        shown["cancel_reason"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

#[tokio::test]
async fn a_rejection_cancels_the_interviews_still_to_come_with_a_calendar_update() {
    let app = TestApp::spawn().await;
    let (job, employer, id, candidate) =
        app.applied("Cloud Engineer", "rejected@example.com").await;
    app.move_to(&employer, &id, "interview")
        .await
        .assert_status(StatusCode::OK);
    booked(&app, &employer, &id, &candidate).await;
    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await;
    let card = &board.body["applications"][0];
    assert_eq!(
        (&card["next_interview_at"], &card["upcoming_interviews"]),
        (&json!("2099-01-19T23:00:00Z"), &json!(1)),
        "the board's card shows the interview to come"
    );

    let rejected = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "rejected", "feedback": "We went with someone closer to the stack.", "email_candidate": false}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(rejected.body["interviews_cancelled"], 1);
    let mine = app.my_applications_after(&candidate, &rejected).await;
    assert_eq!(
        their_interview(&mine),
        (
            "cancelled".into(),
            "The application is not going ahead.".into()
        )
    );
    let board = app
        .get_after(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
            &rejected,
        )
        .await;
    assert_eq!(board.body["applications"][0]["upcoming_interviews"], 0);
    // Even without the rejection mail, their calendar drops the booking.
    let sent = invitations(&app, "rejected@example.com", 2).await;
    assert!(sent[1].lines().any(|l| l == "METHOD:CANCEL"), "{}", sent[1]);
    let rejection_mails: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Your application for %'",
    )
    .bind("rejected@example.com")
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        rejection_mails, 0,
        "the rejection itself was not to be emailed"
    );

    // Feedback added to the rejection later cancels nothing more.
    let again = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "rejected", "feedback": "Strong on Rust."}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(again.body["interviews_cancelled"], 0);
    // And no interview can be booked for them now.
    no_booking_for(&app, &employer, &id).await;
}

#[tokio::test]
async fn a_bulk_rejection_and_the_spec_status_cancel_them_too() {
    let app = TestApp::spawn().await;
    let (employer, id, candidate) = in_interview(&app, "bulk@example.com").await;
    booked(&app, &employer, &id, &candidate).await;
    let bulk = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": [id]}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (
            &bulk.body["interviews_cancelled"],
            &bulk.body["results"][0]["interviews_cancelled"]
        ),
        (&json!(1), &json!(1))
    );
    let mine = app.my_applications_after(&candidate, &bulk).await;
    assert_eq!(their_interview(&mine).0, "cancelled");

    let (employer, id, candidate) = in_interview(&app, "status@example.com").await;
    booked(&app, &employer, &id, &candidate).await;
    let status = app
        .put(
            &format!("/api/employer/applications/{id}/status"),
            Some(&employer),
            Some(json!({"status": "rejected"})),
        )
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&candidate, &status).await;
    assert_eq!(their_interview(&mine).0, "cancelled");
}

#[tokio::test]
async fn a_withdrawal_cancels_them_and_the_employer_sees_why() {
    let app = TestApp::spawn().await;
    let (employer, id, candidate) = in_interview(&app, "withdrawn@example.com").await;
    let interview = booked(&app, &employer, &id, &candidate).await;

    let withdrawn = app
        .withdraw_application(&candidate, &id, json!({"reason": "I took another offer."}))
        .await
        .assert_status(StatusCode::OK);
    let mine = app.my_applications_after(&candidate, &withdrawn).await;
    assert_eq!(
        their_interview(&mine),
        ("cancelled".into(), "The application was withdrawn.".into())
    );
    let sent = invitations(&app, "withdrawn@example.com", 2).await;
    assert!(sent[1].lines().any(|l| l == "METHOD:CANCEL"), "{}", sent[1]);
    // The employer's applicant page shows the same.
    let page = app
        .get_after(
            &format!("/api/employer/applications/{id}"),
            Some(&employer),
            &withdrawn,
        )
        .await
        .assert_status(StatusCode::OK);
    let theirs = page.body["interviews"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == interview.as_str())
        .cloned()
        .unwrap_or_default();
    assert_eq!(theirs["status"], "cancelled", "{}", page.body);
    no_booking_for(&app, &employer, &id).await;
}

#[tokio::test]
async fn the_employer_sees_what_is_coming_up_across_their_jobs_soonest_first() {
    let app = TestApp::spawn().await;
    let (job, employer, first, first_candidate) =
        app.applied("Platform Engineer", "first@example.com").await;
    let (second, second_candidate) = app.new_applicant(&job, "second@example.com").await;
    for id in [&first, &second] {
        app.move_to(&employer, id, "interview")
            .await
            .assert_status(StatusCode::OK);
    }
    let slot = |at: &str| json!({"starts_at_local": at, "duration_minutes": 45, "video_link": "https://meet.example.com/x"});
    let later = app
        .book_interview(&employer, &first, slot("2099-03-02T15:00"))
        .await
        .assert_status(StatusCode::CREATED);
    let sooner = app
        .book_interview(&employer, &second, slot("2099-03-02T09:30"))
        .await
        .assert_status(StatusCode::CREATED);
    let dropped = app
        .book_interview(&employer, &second, slot("2099-03-05T09:30"))
        .await
        .assert_status(StatusCode::CREATED);
    let cancelled = app
        .cancel_interview(&employer, &dropped.id(), json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.my_applications_after(&first_candidate, &later).await;
    app.my_applications_after(&second_candidate, &cancelled)
        .await;

    let list = app
        .get_after("/api/employer/interviews", Some(&employer), &cancelled)
        .await
        .assert_status(StatusCode::OK);
    let rows = list.body.as_array().unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| r["id"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>(),
        vec![sooner.id(), later.id()],
        "soonest first, the cancelled one left out: {}",
        list.body
    );
    assert_eq!(rows[0]["job_title"], "Platform Engineer");
    assert_eq!(rows[0]["application_id"], second.as_str());
    assert!(
        rows[0]["candidate_name"]
            .as_str()
            .is_some_and(|n| !n.is_empty())
    );

    // Another employer's list is their own.
    let (_, _, other) = app.employer("Other Co", true).await;
    let theirs = app
        .get("/api/employer/interviews", Some(&other))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(theirs.body, json!([]));
    // A candidate has no employer list.
    app.get("/api/employer/interviews", Some(&first_candidate))
        .await
        .assert_status(StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_agency_sees_the_day_by_sydney_time_across_every_client() {
    use chrono::{TimeZone, Utc};
    use projections::read_models::agency;

    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    let (employer, id, candidate) = in_interview(&app, "today@example.com").await;
    // 10:00 am on Tuesday 20 January 2099 in Sydney (AEDT): 23:00 UTC the day before.
    let booked = booked(&app, &employer, &id, &candidate).await;

    // At 6:30 am Sydney time that Tuesday (19:30 UTC on the Monday) it is today's.
    let tuesday_morning = Utc.with_ymd_and_hms(2099, 1, 19, 19, 30, 0).unwrap();
    let day = agency::today(&app.pool, tuesday_morning).await.unwrap();
    assert_eq!(
        day.interviews
            .iter()
            .map(|i| i.id.to_string())
            .collect::<Vec<_>>(),
        vec![booked.clone()]
    );
    assert_eq!(day.interviews[0].job_title, "Cloud Engineer");
    // Late on the Monday in Sydney (though already Monday 12:30 UTC), and on
    // the Wednesday, it is not.
    for other in [
        Utc.with_ymd_and_hms(2099, 1, 19, 12, 30, 0).unwrap(),
        Utc.with_ymd_and_hms(2099, 1, 20, 14, 0, 0).unwrap(),
    ] {
        assert!(
            agency::today(&app.pool, other)
                .await
                .unwrap()
                .interviews
                .is_empty()
        );
    }
    // A week on, an application still in New is waiting on the employer.
    app.applied("Data Engineer", "waiting@example.com").await;
    let week_on = Utc::now() + chrono::Duration::days(8);
    assert_eq!(
        agency::today(&app.pool, week_on)
            .await
            .unwrap()
            .waiting_a_week,
        1
    );

    let overview = app
        .get("/api/admin/overview", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let today = &overview.body["today"];
    assert_eq!(today["applications_today"], 2, "{today}");
    assert_eq!(today["waiting_a_week"], 0, "{today}");
    assert!(today["interviews"].is_array());
}

#[tokio::test]
async fn a_bulk_rejection_cancels_only_what_each_applicant_has_booked() {
    let app = TestApp::spawn().await;
    let (job, employer, booked_id, booked_candidate) = app
        .applied("Site Reliability Engineer", "has-one@example.com")
        .await;
    let (free_id, _) = app.new_applicant(&job, "has-none@example.com").await;
    let (hired_id, hired_candidate) = app.new_applicant(&job, "hired@example.com").await;
    for (id, stages) in [
        (&booked_id, &["interview"][..]),
        (&free_id, &["screening"][..]),
        (&hired_id, &["interview", "offer"][..]),
    ] {
        for stage in stages {
            app.move_to(&employer, id, stage)
                .await
                .assert_status(StatusCode::OK);
        }
    }
    booked(&app, &employer, &booked_id, &booked_candidate).await;
    let kept = booked(&app, &employer, &hired_id, &hired_candidate).await;
    app.move_to(&employer, &hired_id, "hired")
        .await
        .assert_status(StatusCode::OK);

    let bulk = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": [booked_id, free_id, hired_id]}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (&bulk.body["rejected"], &bulk.body["interviews_cancelled"]),
        (&json!(2), &json!(1)),
        "{}",
        bulk.body
    );
    let outcome = |id: &str| {
        bulk.body["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .cloned()
            .unwrap()
    };
    assert_eq!(outcome(&booked_id)["interviews_cancelled"], 1);
    assert_eq!(outcome(&free_id)["interviews_cancelled"], 0);
    // The hired one is refused, and their interview stays booked.
    assert!(outcome(&hired_id)["error"].is_string());
    let list = app
        .get_after("/api/employer/interviews", Some(&employer), &bulk)
        .await;
    let ids: Vec<&str> = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec![kept.as_str()]);
}

#[tokio::test]
async fn erasing_a_candidate_cancels_their_interviews_and_nobody_is_mailed() {
    let app = TestApp::spawn().await;
    let (employer, id, candidate) = in_interview(&app, "gone@example.com").await;
    let interview = booked(&app, &employer, &id, &candidate).await;
    invitations(&app, "gone@example.com", 1).await;
    let erased = app
        .erase_candidate(&candidate)
        .await
        .assert_status(StatusCode::OK);

    // Off the employer's list, cancelled with the reason, in the erasure's
    // own transaction.
    let list = app
        .get_after("/api/employer/interviews", Some(&employer), &erased)
        .await;
    assert_eq!(list.body, json!([]));
    let page = app
        .get_after(
            &format!("/api/employer/applications/{id}"),
            Some(&employer),
            &erased,
        )
        .await;
    let theirs = &page.body["interviews"][0];
    assert_eq!(
        (
            theirs["id"].as_str(),
            theirs["status"].as_str(),
            theirs["cancel_reason"].as_str()
        ),
        (
            Some(interview.as_str()),
            Some("cancelled"),
            Some("The candidate's personal data was erased.")
        )
    );
    // Closing the application then cancels nothing more, and mails no one.
    let rejected = app
        .move_application(
            &employer,
            &id,
            json!({"stage": "rejected", "email_candidate": true}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (
            &rejected.body["interviews_cancelled"],
            &rejected.body["emailed"]
        ),
        (&json!(0), &json!(false))
    );
    app.settle().await;
    let mails: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM mail_outbox WHERE calendar LIKE '%METHOD:CANCEL%'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(mails, 0, "no one to send a calendar update to");
}
