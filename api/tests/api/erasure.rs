//! Erasing a person (issue 12): the person in their portal or an admin with
//! two-factor sign-in; afterwards no table, stored file, mail or rebuilt read
//! model holds their name, email, phone or a sentence of their resume, while
//! the non-personal facts (an application existed and moved to interview)
//! stay, for reports and audits.

use chrono::Utc;
use commands::erasure::{ErasePerson, ErasureTarget};
use domain::erasure::Grounds;
use event_store::{Actor, AppendRequest, ExpectedVersion, Metadata, NewEvent};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::fixtures::{ADMIN_PASSWORD, CANDIDATE_PASSWORD, pdf};
use crate::support::TestApp;

const NAME: &str = "Quentin Marlowe-Fitzgerald";
const EMAIL: &str = "quentin.erasable@example.com";
const PHONE: &str = "0498 765 432";
const RESUME_SENTENCE: &str = "Tamed seventeen kraken-shaped Kubernetes clusters at Wollongong";
const PASSWORD: &str = CANDIDATE_PASSWORD;

/// An admin who has turned on two-factor sign-in and signed in with it a
/// moment ago: (id, session).
async fn admin_with_two_factor(app: &TestApp) -> (Uuid, String) {
    app.admin_token().await
}

/// A candidate with everything a candidate can leave behind: a profile, a
/// resume and a document, an application an employer moved, noted, scored
/// and gave feedback on, a password-reset mail. Returns (candidate id, their
/// session, the employer's session, the job id, the application id).
async fn candidate_with_history(app: &TestApp) -> (Uuid, String, String, String, String) {
    let registered = app
        .post(
            "/api/auth/candidate/register",
            None,
            json!({"name": NAME, "email": EMAIL, "password": PASSWORD, "phone": PHONE}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let id: Uuid = registered.body["user"]["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let me = app.token("candidate", EMAIL, PASSWORD).await;
    app.save_profile(
        &me,
        json!({"name": NAME, "phone": PHONE, "summary": RESUME_SENTENCE,
                        "skills": "Rust, SQL", "education": [], "experience": []}),
    )
    .await
    .assert_status(StatusCode::OK);
    let mut resume = b"%PDF-1.7\n".to_vec();
    resume.extend_from_slice(RESUME_SENTENCE.as_bytes());
    resume.extend(pdf(2000));
    app.upload_resume(&me, "quentin-cv.pdf", resume.clone())
        .await
        .assert_status(StatusCode::OK);
    let document_id = app
        .add_document(
            &me,
            "quentin-letter.pdf",
            resume,
            &[
                ("title", "Cover letter for Quentin Marlowe-Fitzgerald"),
                ("document_type", "cover_letter"),
            ],
        )
        .await;

    let (job, employer) = app.open_job("Platform Engineer").await;
    let submitted = app
        .submit_application(&me, json!({"jobId": job, "coverLetterId": document_id}))
        .await
        .assert_status(StatusCode::CREATED);
    let application = submitted.id();
    app.settle().await;
    app.post(
        &format!("/api/employer/applications/{application}/move"),
        Some(&employer),
        json!({"stage": "interview", "feedback": format!("{NAME} impressed the panel")}),
    )
    .await
    .assert_status(StatusCode::OK);
    app.post(
        &format!("/api/employer/applications/{application}/notes"),
        Some(&employer),
        json!({"body": format!("Called {NAME} on {PHONE}")}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.post(
        &format!("/api/employer/applications/{application}/scorecards"),
        Some(&employer),
        json!({"ratings": [{"criterion": "Rust", "score": 5}], "recommendation": "yes",
                   "comment": format!("{NAME} knows Kubernetes")}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.post(
        "/api/auth/candidate/forgot-password",
        None,
        json!({"email": EMAIL}),
    )
    .await
    .assert_status(StatusCode::OK);
    app.settle().await;
    (id, me, employer, job, application)
}

/// Every row of every table in the public schema that mentions one of
/// `terms` (as text; bytea columns are searched as bytes too), by table.
async fn mentions(app: &TestApp, terms: &[&str]) -> Vec<String> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut found = Vec::new();
    for table in tables {
        for term in terms {
            let pattern = format!("%{}%", term.to_lowercase());
            let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT count(*) FROM \"{table}\" t WHERE lower(t::text) LIKE $1"
            )))
            .bind(&pattern)
            .fetch_one(&app.pool)
            .await
            .unwrap();
            if n > 0 {
                found.push(format!("{table}: {n} row(s) mention {term:?}"));
            }
        }
    }
    // Bytes: cached answers of retried commands.
    for term in terms {
        let n: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM idempotency_keys WHERE body IS NOT NULL AND position($1 IN body) > 0",
        )
        .bind(term.as_bytes())
        .fetch_one(&app.pool)
        .await
        .unwrap();
        if n > 0 {
            found.push(format!(
                "idempotency_keys: {n} cached answer(s) hold {term:?}"
            ));
        }
    }
    found
}

/// Stored files (at any depth) whose bytes hold `needle`.
fn files_holding(dir: &std::path::Path, needle: &[u8]) -> Vec<std::path::PathBuf> {
    let mut hits = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            hits.extend(files_holding(&path, needle));
        } else if std::fs::read(&path)
            .unwrap_or_default()
            .windows(needle.len())
            .any(|w| w == needle)
        {
            hits.push(path);
        }
    }
    hits
}

/// The whole log as read back (unsealed where a key remains), as one string.
async fn the_log(app: &TestApp) -> String {
    let store = app.app.state.store();
    let mut after = event_store::GlobalCheckpoint::default();
    let mut all = String::new();
    loop {
        let batch = store.read_all(after, 1000).await.unwrap();
        let Some(last) = batch.last() else { break };
        after = last.checkpoint();
        for e in &batch {
            all.push_str(&serde_json::to_string(&e.payload).unwrap());
            all.push('\n');
        }
    }
    all
}

#[tokio::test]
async fn an_erased_candidate_leaves_no_trace_in_tables_files_mail_or_a_rebuild() {
    let app = TestApp::spawn().await;
    let (id, me, employer, job, application) = candidate_with_history(&app).await;
    let terms = [NAME, EMAIL, PHONE, RESUME_SENTENCE];
    // The candidate is everywhere before: the test can see them.
    let before = mentions(&app, &terms).await;
    for table in [
        "accounts",
        "candidate_profiles",
        "documents",
        "application_notes",
        "scorecards",
        "mail_outbox",
    ] {
        assert!(
            before.iter().any(|m| m.starts_with(&format!("{table}:"))),
            "{table} should mention the candidate before: {before:#?}"
        );
    }
    assert!(the_log(&app).await.contains(NAME));
    let reports_before = analyst_answers(&app).await;
    assert!(
        !files_holding(
            &app.app.state.config.storage_dir,
            RESUME_SENTENCE.as_bytes()
        )
        .is_empty()
    );
    let events_before = app.event_count().await;

    let erased = app.erase_candidate(&me).await.assert_status(StatusCode::OK);
    assert_eq!(erased.body["status"], "erased");
    assert_eq!(
        erased.body["message"],
        "Your account and personal data have been erased."
    );
    app.settle().await;

    // No throttle row keeps their email's hash (their own erase request made one).
    let throttled: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM login_throttle WHERE key LIKE '%:email:candidate:%'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(throttled, 0);
    // Signed out for good, and the email no longer signs in.
    app.get("/api/candidate/profile", Some(&me))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    let sign_in = app.login("candidate", EMAIL, PASSWORD).await;
    sign_in.assert_error(StatusCode::UNAUTHORIZED, "Invalid email or password");

    // Zero hits: every table, every stored file, every mail, the log.
    assert_eq!(mentions(&app, &terms).await, Vec::<String>::new());
    assert_eq!(
        files_holding(
            &app.app.state.config.storage_dir,
            RESUME_SENTENCE.as_bytes()
        ),
        Vec::<std::path::PathBuf>::new()
    );
    let log = the_log(&app).await;
    for term in terms {
        assert!(!log.contains(term), "the log still reads {term:?}");
    }
    assert!(log.contains("[erased]"));

    // The facts stay: the employer's board still has the application, at
    // interview, from an `[erased]` candidate; the audit keeps every event.
    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await
        .assert_status(StatusCode::OK);
    let card = find_card(&board.body, &application).expect("the application stays on the board");
    assert_eq!(card["candidate_name"], "[erased]");
    assert_eq!(card["stage"], "interview");
    assert!(
        app.event_count().await > events_before,
        "the erasure is an event"
    );
    // Nobody can invite them any more.
    let invited = app
        .post(
            &format!("/api/employer/applications/{application}/interviews"),
            Some(&employer),
            json!({"starts_at_local": "2099-01-20T10:00", "duration_minutes": 30, "location": "Level 12, 1 Market St"}),
        )
        .await;
    invited.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This candidate's personal data was erased, so they can no longer be invited",
    );
    // Nor move their application on: the card offers only Rejected, and the
    // server refuses anything else from anywhere (a move or the status),
    // changing nothing.
    let only_rejected =
        "This candidate's personal data was erased, so their application can only be rejected";
    let offered = card["moves"].as_array().expect("the card's moves");
    for m in offered {
        let expected = if m["to"] == "rejected" {
            json!(null)
        } else {
            json!(only_rejected)
        };
        assert_eq!(m["refused"], expected, "{offered:?}");
    }
    let events_now = app.event_count().await;
    app.move_to(&employer, &application, "offer")
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, only_rejected);
    app.put(
        &format!("/api/employer/applications/{application}/status"),
        Some(&employer),
        Some(json!({"status": "pending"})),
    )
    .await
    .assert_error(StatusCode::UNPROCESSABLE_ENTITY, only_rejected);
    assert_eq!(app.event_count().await, events_now);
    let record: (String, String, Option<Uuid>) = sqlx::query_as(
        "SELECT subject_kind, grounds, requested_by FROM erasures WHERE subject_id = $1 AND completed_at IS NOT NULL",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        record,
        ("candidate".into(), "person_asked".into(), Some(id))
    );

    // Analysts still count the application, as `recruit_analyst`.
    let mut conn = app.pool.acquire().await.unwrap();
    sqlx::query("SET ROLE recruit_analyst")
        .execute(&mut *conn)
        .await
        .unwrap();
    let (applications, at_interview): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE stage = 'interview') FROM applications WHERE job_id = $1::uuid",
    )
    .bind(&job)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    let erasures: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM erasures WHERE grounds = 'person_asked' AND erased_at IS NOT NULL",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    sqlx::query("RESET ROLE").execute(&mut *conn).await.unwrap();
    drop(conn);
    assert_eq!((applications, at_interview, erasures), (1, 1, 1));
    assert_eq!(
        analyst_answers(&app).await,
        reports_before,
        "docs/ANALYSTS.md's reports answer the same after an erasure"
    );

    // A full rebuild from the log brings none of it back.
    let source = app.app.state.source();
    for projector in projections::all() {
        projections::rebuild::rebuild(&source, projector.as_ref(), 500, |_| {})
            .await
            .unwrap();
    }
    assert_eq!(mentions(&app, &terms).await, Vec::<String>::new());
    let board = app
        .get(
            &format!("/api/employer/jobs/{job}/pipeline"),
            Some(&employer),
        )
        .await;
    let card = find_card(&board.body, &application).expect("the application survives a rebuild");
    assert_eq!(
        (card["candidate_name"].as_str(), card["stage"].as_str()),
        (Some("[erased]"), Some("interview"))
    );

    // Closing it as Rejected is how the employer clears it from the board;
    // asked to email them, nobody is emailed: there is no one to tell.
    let closed = app
        .move_application(
            &employer,
            &application,
            json!({"stage": "rejected", "email_candidate": true}),
        )
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(closed.body["emailed"], false);
    let rejection_mails: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM mail_outbox WHERE subject LIKE 'Your application for %'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(rejection_mails, 0);
}

/// The answers of docs/ANALYSTS.md's example queries (but the one about
/// erasures), run as `recruit_analyst`, each as JSON.
async fn analyst_answers(app: &TestApp) -> Vec<Value> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/ANALYSTS.md"))
        .unwrap();
    let mut conn = app.pool.acquire().await.unwrap();
    sqlx::query("SET ROLE recruit_analyst")
        .execute(&mut *conn)
        .await
        .unwrap();
    let mut answers = Vec::new();
    for query in doc
        .split("```sql")
        .skip(1)
        .map(|b| b.split("```").next().unwrap().trim())
    {
        // Erasures are counted there; the projectors' positions move on.
        if query.contains("erasures") || query.contains("projector_checkpoints") {
            continue;
        }
        let answer: Value = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT coalesce(json_agg(q), '[]'::json) FROM ({query}) q"
        )))
        .fetch_one(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("{query}\n{e}"));
        answers.push(answer);
    }
    sqlx::query("RESET ROLE").execute(&mut *conn).await.unwrap();
    assert!(answers.len() >= 4, "docs/ANALYSTS.md has example queries");
    answers
}

fn find_card<'a>(board: &'a Value, application: &str) -> Option<&'a Value> {
    fn walk<'a>(v: &'a Value, id: &str, out: &mut Option<&'a Value>) {
        match v {
            Value::Object(map) => {
                if map.get("id").and_then(Value::as_str) == Some(id)
                    && map.contains_key("candidate_name")
                {
                    *out = Some(v);
                    return;
                }
                map.values().for_each(|x| walk(x, id, out));
            }
            Value::Array(items) => items.iter().for_each(|x| walk(x, id, out)),
            _ => {}
        }
    }
    let mut found = None;
    walk(board, application, &mut found);
    found
}

#[tokio::test]
async fn erasing_yourself_needs_your_password_and_admins_are_never_erased() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("careful@example.com").await;
    let (_, admin) = app.admin_token().await;
    let none = app
        .post("/api/account/erase", None, json!({"password": PASSWORD}))
        .await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    for (case, token, body, status, text) in [
        (
            "no password",
            &me,
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Enter your password to confirm",
        ),
        (
            "a wrong password",
            &me,
            json!({"password": "Wrong123!"}),
            StatusCode::FORBIDDEN,
            "That password is incorrect",
        ),
        (
            "a password too long to be one",
            &me,
            json!({"password": "x".repeat(5000)}),
            StatusCode::FORBIDDEN,
            "That password is incorrect",
        ),
        (
            "an admin",
            &admin,
            json!({"password": ADMIN_PASSWORD}),
            StatusCode::FORBIDDEN,
            "Admin accounts are removed by another admin, not erased",
        ),
    ] {
        let r = app.post("/api/account/erase", Some(token), body).await;
        assert_eq!((r.status, r.error()), (status, text), "{case}: {}", r.body);
    }
    // Nothing was erased by any of it.
    let still = app.get("/api/candidate/profile", Some(&me)).await;
    assert_eq!(still.status, StatusCode::OK);
    let erasures = app.events_of_type("PersonErased").await;
    assert_eq!(erasures, 0);
}

#[tokio::test]
async fn an_admin_erases_only_with_two_factor_and_a_second_time_is_a_no_op_that_says_so() {
    let app = TestApp::spawn().await;
    let (employer_id, employer_email, _) = app.employer("Erasable Pty Ltd", true).await;
    let (_, _, plain_admin) = app.password_admin().await;
    let path = format!("/api/admin/people/{employer_id}/erase");
    let refused = app
        .post(
            &path,
            Some(&plain_admin),
            json!({"grounds": "person_asked"}),
        )
        .await;
    refused.assert_error(
        StatusCode::FORBIDDEN,
        "Turn on two-factor sign-in to use the admin workspace.",
    );
    assert_eq!(refused.body["code"], "two_factor_enrolment_required");
    let (admin_id, admin) = admin_with_two_factor(&app).await;
    let no_grounds = app.post(&path, Some(&admin), json!({})).await;
    no_grounds.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Choose the grounds for this erasure",
    );
    let unknown = app
        .post(
            &format!("/api/admin/people/{}/erase", Uuid::now_v7()),
            Some(&admin),
            json!({"grounds": "person_asked"}),
        )
        .await;
    unknown.assert_error(StatusCode::NOT_FOUND, "No such person");
    let an_admin = app
        .post(
            &format!("/api/admin/people/{admin_id}/erase"),
            Some(&admin),
            json!({"grounds": "admin_decision"}),
        )
        .await;
    assert_eq!(
        an_admin.status,
        StatusCode::NOT_FOUND,
        "admins are not erased: {:?}",
        an_admin.body
    );

    let first = app
        .post(&path, Some(&admin), json!({"grounds": "person_asked"}))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(first.body["status"], "erased");
    // The answer's token is the completion's, the last write of the request,
    // so a read with it sees the erasure complete.
    let (completion,): (i64,) = sqlx::query_as(
        "SELECT position FROM events WHERE event_type = 'ErasureCompleted' AND stream_id LIKE $1",
    )
    .bind(format!("%{employer_id}"))
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(first.consistency(), Some(completion.to_string()));
    let events = app.event_count().await;
    let second = app
        .post(&path, Some(&admin), json!({"grounds": "admin_decision"}))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(second.body["status"], "already_erased");
    assert!(
        second.body["message"]
            .as_str()
            .unwrap()
            .starts_with("This person was already erased on "),
        "{:?}",
        second.body
    );
    assert_eq!(second.body["erased_at"], first.body["erased_at"]);
    assert_eq!(
        app.event_count().await,
        events,
        "nothing recorded the second time"
    );

    let sign_in = app.login("employer", &employer_email, "Employer1!").await;
    assert_eq!(sign_in.status, StatusCode::UNAUTHORIZED);
    let list = app
        .get_after("/api/admin/erasures", Some(&admin), &first)
        .await
        .assert_status(StatusCode::OK);
    let row = &list.body["erasures"][0];
    assert_eq!(row["subject_id"], employer_id.to_string());
    assert_eq!(row["subject_kind"], "employer");
    assert_eq!(row["grounds"], "person_asked");
    assert_eq!(row["requested_by"], admin_id.to_string());
    assert_eq!(row["requested_by_name"], "Ada Admin");
    assert!(row["completed_at"].is_string(), "{row:?}");
    let employers = app.get("/api/admin/employers", Some(&admin)).await;
    let erased = employers.find_id(&employer_id.to_string()).unwrap();
    assert_eq!(
        (
            erased["name"].as_str(),
            erased["email"].as_str(),
            erased["status"].as_str()
        ),
        (Some("[erased]"), Some("[erased]"), Some("erased"))
    );
    // The erasure record itself is never sealed: it names no one.
    let stored: Value =
        sqlx::query_scalar("SELECT payload FROM events WHERE event_type = 'PersonErased'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(stored["grounds"], "person_asked");
    assert!(!stored.to_string().contains("$sealed"));
}

#[tokio::test]
async fn a_contact_form_sender_is_erased_from_the_inbox_and_the_outbox() {
    let app = TestApp::spawn().await;
    app.post(
        "/api/contact",
        None,
        json!({"firstName": "Perpetua", "lastName": "Oyelaran", "email": "perpetua.o@example.com",
                   "phone": "0411 222 333", "message": "Please place me somewhere near Katoomba"}),
    )
    .await
    .assert_status(StatusCode::OK);
    let (_, admin) = admin_with_two_factor(&app).await;
    app.settle().await;
    let inbox = app.get("/api/admin/contact-messages", Some(&admin)).await;
    let id = find_id(&inbox.body, "perpetua.o@example.com").expect("the message is in the inbox");
    let terms = [
        "Perpetua",
        "Oyelaran",
        "perpetua.o@example.com",
        "0411 222 333",
        "near Katoomba",
    ];
    assert!(!mentions(&app, &terms).await.is_empty());

    // Mail that only looks like theirs (their name inside a longer word) is
    // someone else's, and stays as it was.
    sqlx::query("INSERT INTO mail_outbox (id, recipient, subject, body) VALUES ($1, 'other@example.com', 'Newsletter', $2)")
        .bind(Uuid::now_v7())
        .bind("Perpetua Oyelarans Pty Ltd is hiring")
        .execute(&app.pool)
        .await
        .unwrap();

    app.enquiry_action(&admin, &id, "erase", json!({"grounds": "admin_decision"}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let untouched: String =
        sqlx::query_scalar("SELECT body FROM mail_outbox WHERE recipient = 'other@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(untouched, "Perpetua Oyelarans Pty Ltd is hiring");
    sqlx::query("DELETE FROM mail_outbox WHERE recipient = 'other@example.com'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(mentions(&app, &terms).await, Vec::<String>::new());
    let inbox = app.get("/api/admin/contact-messages", Some(&admin)).await;
    assert!(
        inbox.body.to_string().contains("[erased]"),
        "the message stays, erased"
    );
}

fn find_id(v: &Value, email: &str) -> Option<String> {
    match v {
        Value::Object(map) => {
            if map.get("email").and_then(Value::as_str) == Some(email) {
                return map.get("id").and_then(Value::as_str).map(str::to_owned);
            }
            map.values().find_map(|x| find_id(x, email))
        }
        Value::Array(items) => items.iter().find_map(|x| find_id(x, email)),
        _ => None,
    }
}

#[tokio::test]
async fn an_erasure_stopped_half_way_is_finished_by_the_next_round() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("halfway@example.com").await;
    app.upload_resume(&me, "cv.pdf", pdf(4000))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let id: Uuid =
        sqlx::query_scalar("SELECT id FROM accounts WHERE email = 'halfway@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let key: String =
        sqlx::query_scalar("SELECT resume_key FROM candidate_profiles WHERE candidate_id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    // The command alone: the process "stops" before the files go.
    let subject = app
        .app
        .state
        .commands
        .erasure_subject(id, ErasureTarget::Account)
        .await
        .unwrap();
    app.app
        .state
        .commands
        .erase_person(
            ErasePerson {
                files: vec![key.clone()],
                ..ErasePerson::new(id, ErasureTarget::Account, Grounds::PersonAsked, Some(id))
            },
            subject,
            Metadata::system(Actor::Test),
        )
        .await
        .unwrap();
    app.settle().await;
    assert!(
        app.app.state.files.exists(&key).await,
        "the file is still there"
    );
    let open: Option<chrono::DateTime<Utc>> =
        sqlx::query_scalar("SELECT completed_at FROM erasures WHERE subject_id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(open, None, "recorded as not finished");

    let finished = api::privacy::finish_unfinished(&app.app.state)
        .await
        .unwrap();
    assert_eq!(finished, 1);
    app.settle().await;
    assert!(!app.app.state.files.exists(&key).await);
    let done: Option<chrono::DateTime<Utc>> =
        sqlx::query_scalar("SELECT completed_at FROM erasures WHERE subject_id = $1")
            .bind(id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(done.is_some());
    assert_eq!(
        api::privacy::finish_unfinished(&app.app.state)
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn an_event_about_an_erased_person_is_written_erased_and_makes_no_new_key() {
    let app = TestApp::spawn().await;
    let subject = Uuid::now_v7();
    let mut conn = app.pool.acquire().await.unwrap();
    event_store::postgres::keys::erase(&mut conn, subject)
        .await
        .unwrap();
    drop(conn);
    let event = NewEvent {
        event_id: Uuid::now_v7(),
        event_type: "ContactMessageReceived",
        schema_version: 1,
        payload: json!({"message_id": subject, "first_name": "Late", "last_name": "Comer", "email": "late@example.com",
                        "phone": null, "message": "Hello", "received_at": Utc::now()}),
        data_subject: Some(subject),
        personal_fields: &["first_name", "last_name", "email", "phone", "message"],
    };
    app.app
        .state
        .store()
        .append(AppendRequest::new(
            format!("contact-{subject}"),
            ExpectedVersion::NoStream,
            vec![event],
            Metadata::system(Actor::Test),
        ))
        .await
        .unwrap();
    let (payload,): (Value,) = sqlx::query_as("SELECT payload FROM events WHERE data_subject = $1")
        .bind(subject)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(payload["first_name"], "[erased]");
    assert_eq!(payload["email"], "[erased]");
    assert_eq!(payload["phone"], Value::Null, "nulls stay null");
    let keys: i64 =
        sqlx::query_scalar("SELECT count(*) FROM data_subject_keys WHERE subject_id = $1")
            .bind(subject)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(keys, 0);
}
