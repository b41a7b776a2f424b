//! A person's data export over real HTTP, real PostgreSQL and real storage:
//! the link (once, for an hour, only for the person or an admin), and the ZIP
//! it streams, unzipped and read back.
//!
//! Long on purpose: the export's contract is what the archive holds, so the
//! tests read data.json back field by field, for each kind of person.

use std::io::{Cursor, Read};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::fixtures::pdf;
use crate::support::{TestApp, db};

const NOT_VALID: &str = "This download link is not valid";
const USED: &str = "This download link has already been used. Ask for a new export.";
const EXPIRED: &str = "This download link has expired. Ask for a new export.";

/// An unzipped export: its entries by name.
pub struct Unzipped {
    entries: std::collections::BTreeMap<String, Vec<u8>>,
}

impl Unzipped {
    fn read(bytes: Vec<u8>) -> Self {
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a valid ZIP");
        let mut entries = std::collections::BTreeMap::new();
        for i in 0..archive.len() {
            let mut file = archive.by_index(i).unwrap();
            let mut content = Vec::new();
            file.read_to_end(&mut content).unwrap();
            entries.insert(file.name().unwrap().into_owned(), content);
        }
        Self { entries }
    }

    pub fn data(&self) -> Value {
        serde_json::from_slice(&self.entries["data.json"]).expect("data.json is JSON")
    }

    pub fn file(&self, name: &str) -> &[u8] {
        self.entries
            .get(name)
            .unwrap_or_else(|| panic!("{name} not in {:?}", self.entries.keys()))
    }
}

impl TestApp {
    /// Asks for an export (`path`: the person's own or an admin's) and
    /// returns the link's path.
    pub async fn export_link(&self, path: &str, token: &str) -> String {
        let reply = self
            .post(path, Some(token), json!({}))
            .await
            .assert_status(StatusCode::CREATED);
        reply.body["url"].as_str().unwrap().to_owned()
    }

    pub async fn unzip(&self, url: &str, token: &str) -> Unzipped {
        let res = self.download(url, token).await;
        assert_eq!(res.status(), StatusCode::OK);
        Unzipped::read(res.bytes().await.unwrap().to_vec())
    }
}

fn token_of(url: &str) -> &str {
    url.strip_prefix("/api/exports/").expect("a download path")
}

#[tokio::test]
async fn a_candidate_exports_everything_held_about_them_once() {
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("export@example.com").await;
    let me_id = registered["user"]["id"].as_str().unwrap().to_owned();
    let me = app.candidate_sign_in("export@example.com").await;
    let profile = json!({
        "name": "Jordan Lee", "phone": "0412 345 678", "location": "Parramatta, NSW", "summary": "Data engineer",
        "skills": "Rust, SQL", "languages": "English", "linkedin": null, "portfolio": null,
        "education": [{"degree": "BSc", "institution": "UNSW", "field": "Computer Science", "graduationYear": "2018-12-01"}],
        "experience": []
    });
    app.save_profile(&me, profile)
        .await
        .assert_status(StatusCode::OK);
    let resume = pdf(3000);
    // The profile's resume, and its copy filed among the documents.
    let copy_id = app
        .upload_resume(&me, "My CV.pdf", resume.clone())
        .await
        .assert_status(StatusCode::OK)
        .body["documentId"]
        .as_str()
        .unwrap()
        .to_owned();
    let letter = pdf(5000);
    let doc_id = app
        .add_document(
            &me,
            "Cover Letter – Jo.pdf",
            letter.clone(),
            &[("title", "Cover letter"), ("document_type", "cover_letter")],
        )
        .await;
    let (job, employer) = app.open_job("Data Engineer").await;
    let applied = app
        .submit_application(&me, json!({"jobId": job, "coverLetterId": doc_id}))
        .await
        .assert_status(StatusCode::CREATED);
    let application = applied.id();
    app.set_application_status(
        &employer,
        &application,
        json!({"status": "accepted", "feedback": "Strong SQL"}),
    )
    .await
    .assert_status(StatusCode::OK);
    app.post(
        &format!("/api/employer/applications/{application}/notes"),
        Some(&employer),
        json!({"body": "Keen, ask about on-call"}),
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.settle().await;

    let asked = app
        .post("/api/account/export", Some(&me), json!({}))
        .await
        .assert_status(StatusCode::CREATED);
    let url = asked.body["url"].as_str().unwrap().to_owned();
    assert_eq!(token_of(&url).len(), 64, "{url}");
    let expires: chrono::DateTime<chrono::Utc> =
        asked.body["expires_at"].as_str().unwrap().parse().unwrap();
    let in_an_hour = chrono::Utc::now() + chrono::Duration::hours(1);
    assert!((expires - in_an_hour).num_seconds().abs() < 60, "{expires}");
    // Only the token's SHA-256 is kept.
    let (stored,): (Vec<u8>,) = sqlx::query_as("SELECT token_hash FROM export_links")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, Sha256::digest(token_of(&url).as_bytes()).to_vec());

    let res = app.download(&url, &me).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/zip");
    let today = api::export::file_name(chrono::Utc::now());
    assert_eq!(
        res.headers()["content-disposition"],
        format!("attachment; filename=\"{today}\"; filename*=UTF-8''{today}").as_str()
    );
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    let zip = Unzipped::read(res.bytes().await.unwrap().to_vec());
    let mut entries = zip.entries.keys().cloned().collect::<Vec<_>>();
    entries.sort();
    let mut expected = vec![
        "data.json".to_owned(),
        format!("files/documents/{copy_id}-My CV.pdf"),
        format!("files/documents/{doc_id}-Cover Letter – Jo.pdf"),
        "files/resume/My CV.pdf".to_owned(),
    ];
    expected.sort();
    assert_eq!(entries, expected);
    assert_eq!(zip.file("files/resume/My CV.pdf"), resume);
    assert_eq!(
        zip.file(&format!("files/documents/{copy_id}-My CV.pdf")),
        resume
    );
    assert_eq!(
        zip.file(&format!("files/documents/{doc_id}-Cover Letter – Jo.pdf")),
        letter
    );

    let data = zip.data();
    assert_eq!(data["format"], api::export::FORMAT);
    let account = &data["account"];
    assert_eq!(
        (
            account["id"].as_str(),
            account["name"].as_str(),
            account["email"].as_str(),
            account["phone"].as_str(),
            account["role"].as_str(),
            account["status"].as_str()
        ),
        (
            Some(me_id.as_str()),
            Some("Jordan Lee"),
            Some("export@example.com"),
            Some("0412 345 678"),
            Some("candidate"),
            Some("active")
        )
    );
    assert!(account["created_at"].is_string() && account["updated_at"].is_string());
    assert_eq!(data["profile"]["details"]["summary"], "Data engineer");
    assert_eq!(
        data["profile"]["details"]["education"][0]["institution"],
        "UNSW"
    );
    assert_eq!(data["profile"]["resume"]["original_name"], "My CV.pdf");
    assert_eq!(data["profile"]["resume"]["file"], "files/resume/My CV.pdf");

    let documents = data["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 2);
    let copy = documents
        .iter()
        .find(|d| d["id"] == copy_id.as_str())
        .unwrap();
    assert_eq!(
        (copy["title"].as_str(), copy["document_type"].as_str()),
        (Some("Resume - My CV.pdf"), Some("resume"))
    );
    let letter_entry = documents
        .iter()
        .find(|d| d["id"] == doc_id.as_str())
        .unwrap();
    assert_eq!(
        (
            letter_entry["id"].as_str(),
            letter_entry["title"].as_str(),
            letter_entry["document_type"].as_str(),
            letter_entry["file_size"].as_i64(),
            letter_entry["content_type"].as_str(),
        ),
        (
            Some(doc_id.as_str()),
            Some("Cover letter"),
            Some("cover_letter"),
            Some(5000),
            Some("application/pdf"),
        )
    );
    assert_eq!(
        letter_entry["file"],
        format!("files/documents/{doc_id}-Cover Letter – Jo.pdf")
    );

    let applications = data["applications"].as_array().unwrap();
    assert_eq!(applications.len(), 1);
    let a = &applications[0];
    assert_eq!(
        (
            a["id"].as_str(),
            a["job_title"].as_str(),
            a["company"].as_str(),
            a["status"].as_str(),
            a["stage"].as_str(),
            a["feedback"].as_str(),
            a["cover_letter_id"].as_str()
        ),
        (
            Some(application.as_str()),
            Some("Data Engineer"),
            Some("Hiring Co"),
            Some("accepted"),
            Some("interview"),
            Some("Strong SQL"),
            Some(doc_id.as_str())
        )
    );
    let history: Vec<&str> = a["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["submitted", "status_changed"]);
    assert_eq!(a["history"][1]["feedback"], "Strong SQL");
    assert!(
        !data["notifications"].as_array().unwrap().is_empty(),
        "the decision notified them: {}",
        data["notifications"]
    );

    // Every event about them, in order, unsealed, secrets hidden.
    let events = data["events"].as_array().unwrap();
    let positions: Vec<i64> = events
        .iter()
        .map(|e| e["position"].as_i64().unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
    let of_type = |t: &str| {
        events
            .iter()
            .find(|e| e["type"] == t)
            .unwrap_or_else(|| panic!("no {t} in {events:#?}"))
    };
    let registered = of_type("AccountRegistered");
    assert_eq!(registered["stream"], format!("account-{me_id}"));
    assert_eq!(registered["payload"]["email"], "export@example.com");
    assert_eq!(registered["payload"]["name"], "Jordan Lee");
    assert_eq!(registered["payload"]["password_hash"], "[secret]");
    assert!(registered["recorded_at"].is_string());
    for t in [
        "ProfileUpdated",
        "ResumeUploaded",
        "DocumentUploaded",
        "ApplicationSubmitted",
        "ApplicationStatusChanged",
        "NotificationRaised",
    ] {
        of_type(t);
    }
    // What an employer wrote about them is theirs to see here, though their
    // screens never show it (GDPR article 15: opinions about a person are
    // their personal data).
    assert_eq!(
        of_type("NoteAdded")["payload"]["body"],
        "Keen, ask about on-call"
    );
    let text = String::from_utf8(zip.entries["data.json"].clone()).unwrap();
    assert!(
        !text.contains("$sealed") && !text.contains("$argon2"),
        "nothing sealed and no password hash in the export"
    );

    // Once only.
    let again = app.get(&url, Some(&me)).await;
    again.assert_error(StatusCode::GONE, USED);
}

#[tokio::test]
async fn a_link_works_only_for_its_person_or_an_admin_and_only_for_an_hour() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("mine@example.com").await;
    let other = app.candidate_token("other@example.com").await;
    let (_, _, employer) = app.employer("Nosy Co", true).await;

    let url = app.export_link("/api/account/export", &me).await;
    let no_session = app.get(&url, None).await;
    assert_eq!(no_session.status, StatusCode::UNAUTHORIZED);
    for stranger in [&other, &employer] {
        let peek = app.get(&url, Some(stranger)).await;
        peek.assert_error(StatusCode::NOT_FOUND, NOT_VALID);
    }
    let made_up = app
        .get(&format!("/api/exports/{}", "ab".repeat(32)), Some(&me))
        .await;
    made_up.assert_error(StatusCode::NOT_FOUND, NOT_VALID);
    let garbage = app.get("/api/exports/not-a-token", Some(&me)).await;
    garbage.assert_error(StatusCode::NOT_FOUND, NOT_VALID);
    // The strangers' tries did not spend it.
    let zip = app.unzip(&url, &me).await;
    assert_eq!(zip.data()["account"]["email"], "mine@example.com");

    let late = app.export_link("/api/account/export", &me).await;
    sqlx::query("UPDATE export_links SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    let expired = app.get(&late, Some(&me)).await;
    expired.assert_error(StatusCode::GONE, EXPIRED);
    // Used beats expired: it says what happened first.
    let used = app.get(&url, Some(&me)).await;
    used.assert_error(StatusCode::GONE, USED);

    // Two downloads racing for one link: one archive, one 410.
    let raced = app.export_link("/api/account/export", &me).await;
    let (a, b) = tokio::join!(app.download(&raced, &me), app.download(&raced, &me));
    let mut statuses = [a.status(), b.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::GONE]);
    let winner = if a.status() == StatusCode::OK { a } else { b };
    Unzipped::read(winner.bytes().await.unwrap().to_vec());
}

#[tokio::test]
async fn an_admin_exports_a_candidate_or_an_employer_and_nobody_else() {
    let app = TestApp::spawn().await;
    let (admin_id, admin) = app.admin_token().await;
    let registered = app.register_candidate("person@example.com").await;
    let candidate_id = registered["user"]["id"].as_str().unwrap().to_owned();
    let candidate = app.candidate_sign_in("person@example.com").await;
    let (employer_id, employer_email, employer) = app.employer("Acme Hiring", true).await;
    app
        .put(
            "/api/employer/company",
            Some(&employer),
            Some(json!({"name": "Acme Hiring Pty Ltd", "website": "https://acme.example", "about": "We hire.", "location": "Sydney"})),
        )
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;

    let url = app
        .export_link(&format!("/api/admin/people/{candidate_id}/export"), &admin)
        .await;
    let zip = app.unzip(&url, &admin).await;
    let data = zip.data();
    assert_eq!(data["account"]["email"], "person@example.com");
    // The admin's download is in the candidate's access log, like opening
    // their record, and so in the export itself.
    let viewed = data["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == "CandidateRecordViewed")
        .unwrap_or_else(|| panic!("no access event in {:#?}", data["events"]));
    assert_eq!(viewed["payload"]["viewed_by"], admin_id.to_string());
    assert_eq!(viewed["stream"], format!("access-{candidate_id}"));

    // A link an admin asked for works for the person too (once).
    let for_them = app
        .export_link(&format!("/api/admin/people/{candidate_id}/export"), &admin)
        .await;
    let zip = app.unzip(&for_them, &candidate).await;
    assert_eq!(zip.data()["account"]["id"], candidate_id);

    let url = app
        .export_link(&format!("/api/admin/people/{employer_id}/export"), &admin)
        .await;
    let data = app.unzip(&url, &admin).await.data();
    assert_eq!(data["account"]["email"], employer_email);
    assert_eq!(data["account"]["role"], "employer");
    assert_eq!(data["company"]["name"], "Acme Hiring Pty Ltd");
    assert!(
        data["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["type"] == "CompanyProfileUpdated"
                && e["stream"] == format!("company-{employer_id}")),
        "the company stream is theirs: {:#?}",
        data["events"]
    );
    assert!(data["profile"].is_null());
    // The employer's own export works too.
    let own = app.export_link("/api/account/export", &employer).await;
    assert_eq!(
        app.unzip(&own, &employer).await.data()["account"]["id"],
        employer_id.to_string()
    );

    for nobody in [
        admin_id.to_string(),
        Uuid::now_v7().to_string(),
        "not-a-uuid".to_owned(),
    ] {
        let reply = app
            .post(
                &format!("/api/admin/people/{nobody}/export"),
                Some(&admin),
                json!({}),
            )
            .await;
        reply.assert_error(StatusCode::NOT_FOUND, "No such person");
    }
    let own_admin = app
        .post("/api/account/export", Some(&admin), json!({}))
        .await;
    own_admin.assert_error(
        StatusCode::FORBIDDEN,
        "This area is for candidate and employer accounts",
    );
    let not_admin = app
        .post(
            &format!("/api/admin/people/{candidate_id}/export"),
            Some(&candidate),
            json!({}),
        )
        .await;
    assert_eq!(not_admin.status, StatusCode::FORBIDDEN);
    let anonymous = app.post("/api/account/export", None, json!({})).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_large_export_is_streamed_not_buffered() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("big@example.com").await;
    // 9 MB that do not compress, after a PDF's first bytes.
    let mut big = b"%PDF-1.7\n".to_vec();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while big.len() < 9 * 1024 * 1024 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        big.extend_from_slice(&x.to_le_bytes());
    }
    let doc_id = app
        .add_document(&me, "portfolio.pdf", big.clone(), &[("title", "Portfolio")])
        .await;
    app.settle().await;

    let url = app.export_link("/api/account/export", &me).await;
    let mut res = app.download(&url, &me).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers().get("content-length").is_none(),
        "a streamed archive has no length up front: {:?}",
        res.headers()
    );
    assert_eq!(res.headers()["transfer-encoding"], "chunked");
    let mut bytes = Vec::new();
    let mut chunks = 0;
    while let Some(chunk) = res.chunk().await.unwrap() {
        chunks += 1;
        bytes.extend_from_slice(&chunk);
    }
    assert!(bytes.len() > 9 * 1024 * 1024, "{} bytes", bytes.len());
    assert!(chunks > 10, "arrived in {chunks} pieces");
    let zip = Unzipped::read(bytes);
    assert_eq!(
        zip.file(&format!("files/documents/{doc_id}-portfolio.pdf")),
        big
    );
}

#[tokio::test]
async fn a_file_gone_from_storage_is_listed_without_its_bytes() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("gone@example.com").await;
    app.upload_document(
        &me,
        "notes.txt",
        b"plain notes".to_vec(),
        &[("title", "Notes")],
    )
    .await
    .assert_status(StatusCode::CREATED);
    app.settle().await;
    let (key,): (String,) = sqlx::query_as("SELECT storage_key FROM documents")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    app.app.state.files.remove(&key).await.unwrap();

    let url = app.export_link("/api/account/export", &me).await;
    let zip = app.unzip(&url, &me).await;
    assert_eq!(zip.entries.keys().collect::<Vec<_>>(), ["data.json"]);
    let data = zip.data();
    assert_eq!(data["documents"][0]["title"], "Notes");
    assert!(data["documents"][0]["file"].is_null());
}

#[tokio::test]
async fn asking_for_export_links_is_throttled() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("eager@example.com").await;
    for _ in 0..10 {
        app.export_link("/api/account/export", &me).await;
    }
    let refused = app.post("/api/account/export", Some(&me), json!({})).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers.contains_key("retry-after"));
}

/// Events for the store-level test: `n` job closures on `stream`, sealed for
/// `subject` if any.
async fn append(
    store: &dyn event_store::EventStore,
    stream: &str,
    subject: Option<Uuid>,
    n: usize,
) {
    let events = (0..n)
        .map(|_| {
            event_store::NewEvent::from_domain(
                &domain::job::JobEvent::JobClosed {
                    closed_by: Uuid::nil(),
                    closed_at: chrono::Utc::now(),
                },
                subject,
            )
        })
        .collect();
    store
        .append(event_store::AppendRequest::new(
            stream,
            event_store::ExpectedVersion::Any,
            events,
            event_store::Metadata::system(event_store::Actor::Test),
        ))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_store_pages_through_the_events_about_one_person_only() {
    let db = db().await;
    let store: &dyn event_store::EventStore = &db.store;
    let (person, someone_else) = (Uuid::now_v7(), Uuid::now_v7());
    append(store, "job-sealed-for-them", Some(person), 3).await;
    append(store, "job-sealed-for-someone-else", Some(someone_else), 2).await;
    append(store, "company-theirs", None, 2).await;
    append(store, "job-nobodys", None, 1).await;
    append(store, "job-sealed-for-them", Some(person), 1).await;

    let streams = vec!["company-theirs".to_owned()];
    let mut seen = Vec::new();
    let mut after = 0;
    loop {
        let page = store.read_about(person, &streams, after, 2).await.unwrap();
        assert!(page.len() <= 2);
        let Some(last) = page.last() else { break };
        after = last.position;
        seen.extend(page.into_iter().map(|e| (e.position, e.stream_id)));
    }
    let positions: Vec<i64> = seen.iter().map(|(p, _)| *p).collect();
    assert_eq!(positions, [1, 2, 3, 6, 7, 9]);
    assert!(
        seen.iter()
            .all(|(_, s)| s == "job-sealed-for-them" || s == "company-theirs"),
        "{seen:?}"
    );
}
