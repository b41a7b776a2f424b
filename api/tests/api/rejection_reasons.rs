//! Why the team did not go ahead with an applicant: kept with a rejection,
//! shown on the team's board, counted in the job's report, the agency's
//! analytics and its CSV, and never shown to the candidate.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::TestApp;

fn reasons(body: &Value) -> Vec<(String, String, i64)> {
    body["rejection_reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["reason"].as_str().unwrap().to_owned(),
                r["label"].as_str().unwrap().to_owned(),
                r["applications"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_rejection_keeps_its_reason_for_the_team_and_never_shows_it_to_the_candidate() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("QA Lead").await;
    let mut applicants = vec![];
    for email in ["one@example.com", "two@example.com", "three@example.com"] {
        applicants.push(app.new_applicant(&job, email).await);
    }
    app.settle().await;
    let (one, one_candidate) = &applicants[0];

    // The form's choices, in its order, in the team's words.
    let options = app
        .get("/api/employer/rejection-reasons", Some(&employer))
        .await
        .assert_status(StatusCode::OK);
    let listed: Vec<&str> = options
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        [
            "skills",
            "salary",
            "location",
            "another_candidate",
            "declined_offer",
            "no_response",
            "role_closed",
            "other"
        ]
    );
    assert_eq!(options.body[1]["label"], "Salary expectations");
    app.get("/api/employer/rejection-reasons", Some(one_candidate))
        .await
        .assert_status(StatusCode::FORBIDDEN);

    // A reason goes with a rejection only, and only one of the list.
    for (body, message) in [
        (
            json!({"stage": "screening", "reason": "salary"}),
            "Only a rejection takes a reason",
        ),
        (
            json!({"stage": "rejected", "reason": "vibes"}),
            "Reason must be skills, salary, location, another_candidate, declined_offer, \
             no_response, role_closed or other",
        ),
    ] {
        app.move_application(&employer, one, body)
            .await
            .assert_error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }

    let rejected = app
        .move_application(
            &employer,
            one,
            json!({"stage": "rejected", "reason": "salary", "feedback": "We are looking for someone more senior."}),
        )
        .await
        .assert_status(StatusCode::OK);
    let board = app
        .get_after(
            &format!("/api/employer/jobs/{job}/pipeline?stage=rejected"),
            Some(&employer),
            &rejected,
        )
        .await;
    let card = board.listed("applications", one);
    assert_eq!(card["rejection_reason"], "salary");

    // The candidate reads the feedback, not the team's reason.
    let mine = app.my_applications_after(one_candidate, &rejected).await;
    assert_eq!(mine.body[0]["status"], "rejected");
    let seen = mine.body.to_string();
    assert!(
        !seen.contains("salary") && !seen.contains("reason"),
        "the candidate sees no reason: {seen}"
    );

    // A second thought on the reason is recorded; the same one again is not.
    let again = app
        .move_application(
            &employer,
            one,
            json!({"stage": "rejected", "reason": "salary"}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(again.body["message"], "Nothing changed");
    let changed = app
        .move_application(
            &employer,
            one,
            json!({"stage": "rejected", "reason": "skills"}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(changed.body["message"], "Applicant moved");
    assert_eq!(changed.body["emailed"], false, "a new reason mails nobody");

    // Bulk rejection takes one reason for all; a rejection may still give none.
    let bulk = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": [applicants[1].0], "reason": "another_candidate"}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(bulk.body["rejected"], 1);
    app.move_to(&employer, &applicants[2].0, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.move_to(&employer, &applicants[2].0, "rejected")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;

    let report = app
        .get(&format!("/api/employer/jobs/{job}/report"), Some(&employer))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        reasons(&report.body),
        vec![
            (
                "another_candidate".into(),
                "Went with another candidate".into(),
                1
            ),
            ("skills".into(), "Skills or experience".into(), 1),
        ]
    );
    assert_eq!(report.body["rejected_without_reason"], 1);
    // Where in the pipeline they were let go, in board order.
    assert_eq!(
        report.body["rejected_from"],
        json!([{"stage": "new", "count": 2}, {"stage": "screening", "count": 1}])
    );

    // Back out of Rejected, the reason goes with it.
    app.move_to(&employer, one, "screening")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let report = app
        .get(&format!("/api/employer/jobs/{job}/report"), Some(&employer))
        .await;
    assert_eq!(reasons(&report.body).len(), 1);
    assert_eq!(
        report.body["rejected_from"],
        json!([{"stage": "new", "count": 1}, {"stage": "screening", "count": 1}])
    );

    // The agency sees the reasons across its clients, and in its CSV.
    let (_, admin) = app.admin_token().await;
    // The agency reads a code in a record by the same words.
    let admins = app
        .get("/api/admin/rejection-reasons", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(admins.body, options.body);
    app.get("/api/admin/rejection-reasons", Some(&employer))
        .await
        .assert_status(StatusCode::FORBIDDEN);
    let numbers = app
        .get("/api/admin/analytics", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        reasons(&numbers.body),
        vec![(
            "another_candidate".into(),
            "Went with another candidate".into(),
            1
        )]
    );
    assert_eq!(numbers.body["rejected_without_reason"], 1);
    // The funnel counts a rejected applicant at every stage they reached:
    // the one rejected at Screening reached Screening.
    let funnel: Vec<(String, i64)> = numbers.body["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["stage"].as_str().unwrap().to_owned(),
                s["count"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        funnel,
        [
            ("new", 3),
            ("screening", 2),
            ("interview", 0),
            ("offer", 0),
            ("hired", 0)
        ]
        .map(|(s, n)| (s.to_owned(), n))
    );
    let rejected = app
        .get("/api/admin/applications?stage=rejected", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let mut seen: Vec<(Value, Value, Value)> = rejected
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["rejection_reason"].clone(),
                a["rejection_reason_label"].clone(),
                a["rejected_from"].clone(),
            )
        })
        .collect();
    seen.sort_by_key(|(reason, _, _)| reason.to_string());
    assert_eq!(
        seen,
        vec![
            (
                json!("another_candidate"),
                json!("Went with another candidate"),
                json!("new")
            ),
            (Value::Null, Value::Null, json!("screening")),
        ]
    );
    // One client at a time: theirs, and a client with no applications.
    let client = rejected.body[0]["employer_id"].as_str().unwrap().to_owned();
    let theirs = app
        .get(
            &format!("/api/admin/analytics?employer_id={client}"),
            Some(&admin),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(reasons(&theirs.body), reasons(&numbers.body));
    assert_eq!(theirs.body["rejected_from"], numbers.body["rejected_from"]);
    let (rival, _, _) = app.employer("Rival Pty Ltd", true).await;
    let none = app
        .get(
            &format!("/api/admin/analytics?employer_id={rival}"),
            Some(&admin),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (&none.body["rejection_reasons"], &none.body["per_week"]),
        (&json!([]), &json!([]))
    );
    app.get("/api/admin/analytics?employer_id=acme", Some(&admin))
        .await
        .assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Choose an employer from the list",
        );
    let rivals_csv = app
        .download(
            &format!("/api/admin/analytics/applications.csv?employer_id={rival}"),
            &admin,
        )
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(
        rivals_csv.lines().count(),
        1,
        "only the header: {rivals_csv}"
    );

    let csv = app
        .download("/api/admin/analytics/applications.csv", &admin)
        .await
        .text()
        .await
        .unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(r#""withdrawn_at","rejection_reason","rejected_from","rejected_at""#),
        "{csv}"
    );
    assert_eq!(
        csv.lines()
            .filter(|l| l.contains(r#""another_candidate","new","20"#))
            .count(),
        1,
        "{csv}"
    );
}

/// The team's own note with a rejection: saved in the same append as the move,
/// led by the reason, on each applicant a bulk rejection rejects and on no one
/// it passes over; too long, it refuses the move and keeps everything as it was.
#[tokio::test]
async fn a_team_note_goes_with_the_rejection_it_explains() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let mut applicants = vec![];
    for email in ["ana@example.com", "ben@example.com", "cai@example.com"] {
        applicants.push(app.new_applicant(&job, email).await);
    }
    app.settle().await;
    let notes = |reply: &crate::support::Reply| -> Vec<String> {
        reply.body["notes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["body"].as_str().unwrap().to_owned())
            .collect()
    };
    let (ana, ana_candidate) = &applicants[0];

    // Too long: refused with the field's limit, and nothing moved or noted.
    let long = "x".repeat(2001);
    let events = app.event_count().await;
    app.move_application(
        &employer,
        ana,
        json!({"stage": "rejected", "reason": "salary", "team_note": long}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Note for your team must be at most 2000 characters",
    );
    assert_eq!(app.event_count().await, events, "nothing was appended");

    let rejected = app
        .move_application(
            &employer,
            ana,
            json!({"stage": "rejected", "reason": "salary", "team_note": "  Asked for 40k over the band. "}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(rejected.body["note_saved"], true);
    let page = app
        .get_after(
            &format!("/api/employer/applications/{ana}"),
            Some(&employer),
            &rejected,
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        notes(&page),
        ["Rejected (Salary expectations): Asked for 40k over the band."]
    );
    // The move and its note are one append: the note is the application's
    // next entry, and the candidate sees neither the note nor the reason.
    let mine = app.my_applications_after(ana_candidate, &rejected).await;
    let seen = mine.body.to_string();
    assert!(
        !seen.contains("40k"),
        "the candidate never sees the note: {seen}"
    );

    // A second thought on the reason is the team's: the candidate's
    // "Updated" date stays, and no note is asked for.
    let updated = mine.body[0]["last_updated"].clone();
    let rethought = app
        .move_application(
            &employer,
            ana,
            json!({"stage": "rejected", "reason": "skills"}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(rethought.body["note_saved"], false);
    let mine = app.my_applications_after(ana_candidate, &rethought).await;
    assert_eq!(mine.body[0]["last_updated"], updated);
    app.move_application(
        &employer,
        ana,
        json!({"stage": "rejected", "reason": "salary"}),
    )
    .await
    .assert_status(StatusCode::OK);

    // Nothing changed, so nothing noted.
    let again = app
        .move_application(
            &employer,
            ana,
            json!({"stage": "rejected", "reason": "salary", "team_note": "Said twice."}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        (&again.body["message"], &again.body["note_saved"]),
        (&json!("Nothing changed"), &json!(false))
    );

    // Bulk: the note on each it rejects, not on Ana, already rejected.
    let ids: Vec<&str> = applicants.iter().map(|(id, _)| id.as_str()).collect();
    app.post(
        "/api/employer/applications/bulk-reject",
        Some(&employer),
        json!({"application_ids": ids, "reason": "another_candidate", "team_note": long}),
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Note for your team must be at most 2000 characters",
    );
    let bulk = app
        .post(
            "/api/employer/applications/bulk-reject",
            Some(&employer),
            json!({"application_ids": ids, "reason": "another_candidate", "team_note": "Hired from the March round."}),
        )
        .await
        .assert_status(StatusCode::OK);
    let saved: Vec<(String, bool)> = bulk.body["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_owned(),
                r["note_saved"].as_bool().unwrap(),
            )
        })
        .collect();
    for (id, _) in &applicants {
        let page = app
            .get_after(
                &format!("/api/employer/applications/{id}"),
                Some(&employer),
                &bulk,
            )
            .await;
        let expected: Vec<String> = if id == ana {
            vec!["Rejected (Salary expectations): Asked for 40k over the band.".into()]
        } else {
            vec!["Rejected (Went with another candidate): Hired from the March round.".into()]
        };
        assert_eq!(notes(&page), expected, "{id}");
        assert!(saved.contains(&(id.clone(), id != ana)), "{saved:?}");
    }
}
