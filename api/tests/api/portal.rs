//! The candidate portal over real HTTP: applications, documents, profile and
//! resume, notifications; IDOR attempts and bad files.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, pdf, upload};

#[tokio::test]
async fn a_candidate_applies_once_and_sees_the_application_immediately() {
    let app = TestApp::spawn().await;
    let (job, _) = app.open_job("Data Engineer").await;
    let me = app.candidate_token("applicant@example.com").await;
    let submitted = app
        .post("/api/applications/submit", Some(&me), json!({"jobId": job}))
        .await;
    assert_eq!(
        submitted.status,
        StatusCode::CREATED,
        "{:?}",
        submitted.body
    );
    assert_eq!(
        submitted.body["message"],
        "Application submitted successfully"
    );

    // Read your writes: the very next query shows it.
    let mine = app
        .get_after(
            "/api/applications/my-applications",
            Some(&me),
            &submitted.consistency().unwrap(),
        )
        .await;
    let list = mine.body.as_array().unwrap();
    assert_eq!(list.len(), 1);
    let a = &list[0];
    for field in [
        "id",
        "job_id",
        "job_title",
        "company",
        "status",
        "created_at",
        "last_updated",
        "feedback",
    ] {
        assert!(
            a.get(field).is_some(),
            "SPEC 3 Application field {field} missing: {a}"
        );
    }
    assert_eq!(
        (
            a["job_title"].as_str(),
            a["company"].as_str(),
            a["status"].as_str()
        ),
        (Some("Data Engineer"), Some("Hiring Co"), Some("pending"))
    );

    let again = app
        .post("/api/applications/submit", Some(&me), json!({"jobId": job}))
        .await;
    assert_eq!(
        (again.status, again.error()),
        (
            StatusCode::CONFLICT,
            "You have already applied for this job"
        )
    );
}

#[tokio::test]
async fn concurrent_double_submits_create_one_application() {
    let app = TestApp::spawn().await;
    let (job, _) = app.open_job("SRE").await;
    let me = app.candidate_token("eager@example.com").await;
    let tries =
        (0..8).map(|_| app.post("/api/applications/submit", Some(&me), json!({"jobId": job})));
    let replies = futures::future::join_all(tries).await;
    assert_eq!(
        replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count(),
        1
    );
    assert!(
        replies
            .iter()
            .filter(|r| r.status != StatusCode::CREATED)
            .all(|r| r.status == StatusCode::CONFLICT)
    );
}

#[tokio::test]
async fn no_applying_to_closed_jobs_or_with_someone_elses_documents() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Closed Soon").await;
    let alice = app.candidate_token("alice@example.com").await;
    let bob = app.candidate_token("bob@example.com").await;
    let bobs = upload(
        &app,
        "/api/documents/upload",
        &bob,
        "document",
        "cv.pdf",
        pdf(2000),
        &[("title", "Bob CV"), ("document_type", "other")],
    )
    .await;
    assert_eq!(bobs.status, StatusCode::CREATED, "{:?}", bobs.body);
    let bobs_doc = bobs.body["document"]["id"].as_str().unwrap();
    let before = app.event_count().await;
    let stolen = app
        .post(
            "/api/applications/submit",
            Some(&alice),
            json!({"jobId": job, "resumeId": bobs_doc}),
        )
        .await;
    assert_eq!(
        (stolen.status, stolen.error()),
        (StatusCode::NOT_FOUND, "Document not found")
    );
    assert_eq!(app.event_count().await, before);

    app.post(
        &format!("/api/employer/jobs/{job}/close"),
        Some(&employer),
        json!({}),
    )
    .await;
    let late = app
        .post(
            "/api/applications/submit",
            Some(&alice),
            json!({"jobId": job}),
        )
        .await;
    assert_eq!(
        (late.status, late.error()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "This job is no longer accepting applications"
        )
    );
    let unknown = app
        .post(
            "/api/applications/submit",
            Some(&alice),
            json!({"jobId": uuid::Uuid::now_v7()}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn employers_see_and_decide_only_on_applications_to_their_own_jobs() {
    let app = TestApp::spawn().await;
    let (job, owner) = app.open_job("Analyst").await;
    let (_, other) = app.open_job("Other role").await;
    let me = app.candidate_token("cand@example.com").await;
    let cv = upload(
        &app,
        "/api/documents/upload",
        &me,
        "document",
        "resume.pdf",
        pdf(3000),
        &[("title", "My resume")],
    )
    .await;
    let cv_id = cv.body["document"]["id"].as_str().unwrap().to_owned();
    let submitted = app
        .post(
            "/api/applications/submit",
            Some(&me),
            json!({"jobId": job, "resumeId": cv_id}),
        )
        .await;
    let id = submitted.body["id"].as_str().unwrap().to_owned();

    let inbox = app
        .get_after(
            "/api/employer/applications",
            Some(&owner),
            &submitted.consistency().unwrap(),
        )
        .await;
    assert_eq!(inbox.body[0]["candidate_email"], "cand@example.com");
    let other_inbox = app.get("/api/employer/applications", Some(&other)).await;
    assert!(other_inbox.body.as_array().unwrap().is_empty());

    let hijack = app
        .put(
            &format!("/api/employer/applications/{id}/status"),
            Some(&other),
            Some(json!({"status": "rejected"})),
        )
        .await;
    assert_eq!(hijack.status, StatusCode::NOT_FOUND);
    let bad = app
        .put(
            &format!("/api/employer/applications/{id}/status"),
            Some(&owner),
            Some(json!({"status": "maybe"})),
        )
        .await;
    assert_eq!(
        (bad.status, bad.error()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Status must be pending, accepted or rejected"
        )
    );

    // The owner may download the attached resume; the other employer may not.
    let own = app
        .download(&format!("/api/documents/{cv_id}/download"), &owner)
        .await;
    assert_eq!(own.status(), StatusCode::OK);
    let theirs = app
        .download(&format!("/api/documents/{cv_id}/download"), &other)
        .await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);

    let accepted = app
        .put(
            &format!("/api/employer/applications/{id}/status"),
            Some(&owner),
            Some(json!({"status": "accepted", "feedback": "Great interview"})),
        )
        .await;
    assert_eq!(accepted.status, StatusCode::OK, "{:?}", accepted.body);
    let mine = app
        .get_after(
            "/api/applications/my-applications",
            Some(&me),
            &accepted.consistency().unwrap(),
        )
        .await;
    assert_eq!(
        (
            mine.body[0]["status"].as_str(),
            mine.body[0]["feedback"].as_str()
        ),
        (Some("accepted"), Some("Great interview"))
    );
}

#[tokio::test]
async fn documents_upload_list_edit_download_and_delete_for_their_owner_only() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("docs@example.com").await;
    let other = app.candidate_token("snoop@example.com").await;
    let content = pdf(4096);
    let up = upload(
        &app,
        "/api/documents/upload",
        &me,
        "document",
        "Cover Letter – Jo.pdf",
        content.clone(),
        &[
            ("title", "Cover letter"),
            ("description", "For the data role"),
            ("document_type", "cover_letter"),
        ],
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED, "{:?}", up.body);
    let id = up.body["document"]["id"].as_str().unwrap().to_owned();
    let list = app
        .get_after("/api/documents", Some(&me), &up.consistency().unwrap())
        .await;
    let d = &list.body["documents"][0];
    assert_eq!(
        (
            d["title"].as_str(),
            d["document_type"].as_str(),
            d["original_name"].as_str(),
            d["file_size"].as_i64()
        ),
        (
            Some("Cover letter"),
            Some("cover_letter"),
            Some("Cover Letter – Jo.pdf"),
            Some(4096)
        )
    );
    let stats = app.get("/api/documents/stats", Some(&me)).await;
    assert_eq!(
        stats.body["stats"],
        json!([{"document_type": "cover_letter", "count": 1}])
    );

    let res = app
        .download(&format!("/api/documents/{id}/download"), &me)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment;")
            && disposition.contains("filename*=UTF-8''Cover%20Letter%20%E2%80%93%20Jo.pdf"),
        "{disposition}"
    );
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.bytes().await.unwrap().to_vec(), content);

    // Another candidate: not listed, not readable, not editable, not deletable.
    assert!(
        app.get("/api/documents", Some(&other)).await.body["documents"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let peek = app
        .download(&format!("/api/documents/{id}/download"), &other)
        .await;
    assert_eq!(peek.status(), StatusCode::NOT_FOUND);
    let edit = app
        .put(
            &format!("/api/documents/{id}"),
            Some(&other),
            Some(json!({"title": "mine now", "document_type": "other"})),
        )
        .await;
    assert_eq!(edit.status, StatusCode::NOT_FOUND);
    let del = app
        .delete(&format!("/api/documents/{id}"), Some(&other))
        .await;
    assert_eq!(del.status, StatusCode::NOT_FOUND);

    let no_title = app
        .put(
            &format!("/api/documents/{id}"),
            Some(&me),
            Some(json!({"title": " ", "document_type": "other"})),
        )
        .await;
    assert_eq!(no_title.error(), "Please provide a title");
    let edited = app
        .put(
            &format!("/api/documents/{id}"),
            Some(&me),
            Some(json!({"title": "Letter v2", "document_type": "portfolio"})),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK);
    let list = app
        .get_after("/api/documents", Some(&me), &edited.consistency().unwrap())
        .await;
    assert_eq!(list.body["documents"][0]["title"], "Letter v2");

    let files_before = app.file_count().await;
    let deleted = app.delete(&format!("/api/documents/{id}"), Some(&me)).await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(
        app.file_count().await,
        files_before - 1,
        "the bytes are gone too"
    );
    let list = app
        .get_after("/api/documents", Some(&me), &deleted.consistency().unwrap())
        .await;
    assert!(list.body["documents"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn oversized_wrong_type_and_disguised_files_are_refused_with_nothing_stored() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("uploader@example.com").await;
    let (events, files) = (app.event_count().await, app.file_count().await);
    let path = "/api/documents/upload";

    let big = upload(
        &app,
        path,
        &me,
        "document",
        "big.pdf",
        pdf(10 * 1024 * 1024 + 1),
        &[("title", "Big")],
    )
    .await;
    assert_eq!(
        (big.status, big.error()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "File is too large (maximum 10 MB)"
        )
    );
    let huge = upload(
        &app,
        path,
        &me,
        "document",
        "huge.pdf",
        pdf(12 * 1024 * 1024),
        &[("title", "Huge")],
    )
    .await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    let exe = upload(
        &app,
        path,
        &me,
        "document",
        "setup.exe",
        b"MZ\x90\x00binary".to_vec(),
        &[("title", "Tool")],
    )
    .await;
    assert_eq!(exe.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let disguised = upload(
        &app,
        path,
        &me,
        "document",
        "cv.pdf",
        b"MZ\x90\x00 an executable in disguise".to_vec(),
        &[("title", "CV")],
    )
    .await;
    assert_eq!(
        (disguised.status, disguised.error()),
        (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "The file's content does not match its .pdf extension"
        )
    );
    let untitled = upload(
        &app,
        path,
        &me,
        "document",
        "cv.pdf",
        pdf(100),
        &[("title", "  ")],
    )
    .await;
    assert_eq!(
        (untitled.status, untitled.error()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Please provide a title and select a file"
        )
    );

    let resume = "/api/candidate/resume/upload";
    let big = upload(
        &app,
        resume,
        &me,
        "resume",
        "cv.pdf",
        pdf(5 * 1024 * 1024 + 1),
        &[],
    )
    .await;
    assert_eq!(
        (big.status, big.error()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "File size must be less than 5MB"
        )
    );
    let png = upload(
        &app,
        resume,
        &me,
        "resume",
        "me.png",
        vec![0x89, b'P', b'N', b'G', 13, 10, 26, 10],
        &[],
    )
    .await;
    assert_eq!(
        (png.status, png.error()),
        (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Please select a PDF or Word document (.pdf, .doc, .docx)"
        )
    );

    assert_eq!(
        app.event_count().await,
        events,
        "no event for a refused file"
    );
    assert_eq!(app.file_count().await, files, "no bytes for a refused file");
}

#[tokio::test]
async fn the_profile_saves_whole_replays_from_history_and_keeps_a_resume() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("profile@example.com").await;
    let fresh = app.get("/api/candidate/profile", Some(&me)).await;
    assert_eq!(
        (fresh.body["name"].as_str(), fresh.body["email"].as_str()),
        (Some("Jordan Lee"), Some("profile@example.com"))
    );
    assert_eq!(fresh.body["education"], json!([]));

    let profile = json!({
        "name": "Jordan Lee", "phone": "0412 345 678", "location": "Parramatta, NSW", "summary": "Data engineer",
        "skills": "Rust, SQL", "languages": "English, Tagalog", "linkedin": "https://linkedin.com/in/jordan", "portfolio": null,
        "education": [{"degree": "BSc", "institution": "UNSW", "field": "Computer Science", "graduationYear": "2018-12-01"}],
        "experience": [{"company": "Acme", "position": "Engineer", "startDate": "2019-02-01", "endDate": null, "description": "Pipelines"}]
    });
    let saved = app
        .put("/api/candidate/profile", Some(&me), Some(profile.clone()))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["message"], "Profile updated successfully");
    let read = app
        .get_after(
            "/api/candidate/profile",
            Some(&me),
            &saved.consistency().unwrap(),
        )
        .await;
    for key in [
        "name",
        "phone",
        "location",
        "summary",
        "skills",
        "languages",
        "linkedin",
        "portfolio",
        "education",
        "experience",
    ] {
        assert_eq!(read.body[key], profile[key], "{key}");
    }
    assert_eq!(
        read.body["experience"][0]["endDate"],
        serde_json::Value::Null
    );

    let bad = app
        .put("/api/candidate/profile", Some(&me), Some(json!({"name": "J", "education": [{"degree": "", "institution": "UNSW"}], "experience": []})))
        .await;
    assert_eq!(bad.error(), "Please fill in degree and institution fields.");

    let second = app
        .put(
            "/api/candidate/profile",
            Some(&me),
            Some(json!({"name": "Jordan L.", "education": [], "experience": []})),
        )
        .await;
    assert_eq!(second.status, StatusCode::OK);
    // Every save is one event: the profile's whole history replays.
    let id = app
        .login("candidate", "profile@example.com", "Secret1!")
        .await
        .body["user"]["id"]
        .as_str()
        .unwrap()
        .parse::<uuid::Uuid>()
        .unwrap();
    let (history, _) = app
        .app
        .state
        .store()
        .load::<domain::profile::ProfileEvent>(&domain::profile::stream_id(id))
        .await
        .unwrap();
    assert_eq!(history.len(), 2);

    let cv = pdf(1024);
    let up = upload(
        &app,
        "/api/candidate/resume/upload",
        &me,
        "resume",
        "Jordan CV.pdf",
        cv.clone(),
        &[],
    )
    .await;
    assert_eq!(up.status, StatusCode::OK, "{:?}", up.body);
    assert_eq!(up.body["originalName"], "Jordan CV.pdf");
    let stored = up.body["filename"].as_str().unwrap().to_owned();
    assert!(
        uuid::Uuid::parse_str(&stored).is_ok(),
        "stored under a generated name, not the user's: {stored}"
    );
    let got = app.download("/api/candidate/resume/download", &me).await;
    assert_eq!(got.bytes().await.unwrap().to_vec(), cv);
    let read = app
        .get_after(
            "/api/candidate/profile",
            Some(&me),
            &up.consistency().unwrap(),
        )
        .await;
    assert_eq!(read.body["resumeOriginalName"], "Jordan CV.pdf");
    assert_eq!(read.body["resumeFilename"], stored.as_str());
    let del = app.delete("/api/candidate/resume", Some(&me)).await;
    assert_eq!(del.body["message"], "Resume deleted successfully");
    let gone = app.download("/api/candidate/resume/download", &me).await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
}

async fn notifications_of(app: &TestApp, token: &str, want: usize) -> serde_json::Value {
    for _ in 0..100 {
        let r = app
            .get("/api/notifications?limit=20&offset=0", Some(token))
            .await;
        if r.body["notifications"]
            .as_array()
            .is_some_and(|a| a.len() >= want)
        {
            return r.body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {want} notifications arrived");
}

#[tokio::test]
async fn notifications_are_raised_by_policy_and_managed_by_their_owner_only() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let me = app.candidate_token("notify@example.com").await;
    let stranger = app.candidate_token("stranger@example.com").await;
    let submitted = app
        .post("/api/applications/submit", Some(&me), json!({"jobId": job}))
        .await;
    let app_id = submitted.body["id"].as_str().unwrap().to_owned();

    let mine = notifications_of(&app, &me, 1).await;
    assert_eq!(mine["notifications"][0]["title"], "Application received");
    assert_eq!(mine["notifications"][0]["type"], "success");
    let theirs = notifications_of(&app, &employer, 1).await;
    assert_eq!(theirs["notifications"][0]["title"], "New application");

    app.put(
        &format!("/api/employer/applications/{app_id}/status"),
        Some(&employer),
        Some(json!({"status": "rejected", "feedback": "We went with someone more senior"})),
    )
    .await;
    let mine = notifications_of(&app, &me, 2).await;
    let newest = &mine["notifications"][0];
    assert_eq!(newest["type"], "error");
    assert!(
        newest["message"]
            .as_str()
            .unwrap()
            .ends_with("Feedback from the employer: We went with someone more senior")
    );
    assert_eq!(
        app.get("/api/notifications/unread-count", Some(&me))
            .await
            .body["unread_count"],
        2
    );

    let id = newest["id"].as_str().unwrap();
    let snoop = app
        .put(
            &format!("/api/notifications/{id}/read"),
            Some(&stranger),
            None,
        )
        .await;
    assert_eq!(snoop.status, StatusCode::NOT_FOUND);
    let snoop = app
        .delete(&format!("/api/notifications/{id}"), Some(&stranger))
        .await;
    assert_eq!(snoop.status, StatusCode::NOT_FOUND);
    assert!(
        app.get("/api/notifications", Some(&stranger)).await.body["notifications"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    let read = app
        .put(&format!("/api/notifications/{id}/read"), Some(&me), None)
        .await;
    let count = app
        .get_after(
            "/api/notifications/unread-count",
            Some(&me),
            &read.consistency().unwrap(),
        )
        .await;
    assert_eq!(count.body["unread_count"], 1);
    let all = app
        .put("/api/notifications/read-all", Some(&me), None)
        .await;
    let count = app
        .get_after(
            "/api/notifications/unread-count",
            Some(&me),
            &all.consistency().unwrap(),
        )
        .await;
    assert_eq!(count.body["unread_count"], 0);
    let del = app
        .delete(&format!("/api/notifications/{id}"), Some(&me))
        .await;
    let list = app
        .get_after("/api/notifications", Some(&me), &del.consistency().unwrap())
        .await;
    assert_eq!(list.body["notifications"].as_array().unwrap().len(), 1);

    // Paging: limit and offset.
    let page = app
        .get("/api/notifications?limit=1&offset=1", Some(&me))
        .await;
    assert_eq!(page.body["notifications"].as_array().unwrap().len(), 0);
    assert_eq!(page.body["total"], 1);
}
