//! The candidate profile and resume over real HTTP: whole saves replayed from
//! history, one resume per candidate.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::{CANDIDATE_PASSWORD, pdf};
use crate::support::TestApp;

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
        .save_profile(&me, profile.clone())
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(saved.body["message"], "Profile updated successfully");
    let read = app
        .get_after("/api/candidate/profile", Some(&me), &saved)
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

    let half_a_degree = json!({"name": "J", "education": [{"degree": "", "institution": "UNSW"}], "experience": []});
    let bad = app.save_profile(&me, half_a_degree).await;
    assert_eq!(bad.error(), "Please fill in degree and institution fields.");

    let second = app
        .save_profile(
            &me,
            json!({"name": "Jordan L.", "education": [], "experience": []}),
        )
        .await;
    assert_eq!(second.status, StatusCode::OK);
    // Every save is one event: the profile's whole history replays.
    let id = app
        .login("candidate", "profile@example.com", CANDIDATE_PASSWORD)
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
    let up = app
        .upload_resume(&me, "Jordan CV.pdf", cv.clone())
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(up.body["originalName"], "Jordan CV.pdf");
    let stored = up.body["filename"].as_str().unwrap().to_owned();
    assert!(
        uuid::Uuid::parse_str(&stored).is_ok(),
        "stored under a generated name, not the user's: {stored}"
    );
    let got = app.download("/api/candidate/resume/download", &me).await;
    assert_eq!(got.bytes().await.unwrap().to_vec(), cv);
    let read = app
        .get_after("/api/candidate/profile", Some(&me), &up)
        .await;
    assert_eq!(read.body["resumeOriginalName"], "Jordan CV.pdf");
    assert_eq!(read.body["resumeFilename"], stored.as_str());

    // A copy is filed among the documents as a Resume, so the apply dialog
    // offers it; one upload, one document.
    let document = up.body["documentId"].as_str().unwrap().to_owned();
    let documents = app.get_after("/api/documents", Some(&me), &up).await;
    let filed = documents.list("documents");
    assert_eq!(filed.len(), 1, "{filed:?}");
    assert_eq!(
        (
            filed[0]["id"].as_str(),
            filed[0]["title"].as_str(),
            filed[0]["document_type"].as_str(),
            filed[0]["description"].as_str(),
            filed[0]["original_name"].as_str(),
        ),
        (
            Some(document.as_str()),
            Some("Resume - Jordan CV.pdf"),
            Some("resume"),
            Some("Uploaded on your profile"),
            Some("Jordan CV.pdf")
        )
    );

    // The two live apart: deleting the profile's resume leaves the document,
    // which still opens and still applies.
    let del = app.delete("/api/candidate/resume", Some(&me)).await;
    assert_eq!(del.body["message"], "Resume deleted successfully");
    let gone = app.download("/api/candidate/resume/download", &me).await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let copy = app
        .download(&format!("/api/documents/{document}/download"), &me)
        .await;
    assert_eq!(copy.status(), StatusCode::OK);
    assert_eq!(copy.bytes().await.unwrap().to_vec(), cv);
    let (job, _) = app.open_job("Platform Engineer").await;
    let applied = app
        .submit_application(&me, json!({"jobId": job, "resumeId": document}))
        .await;
    assert_eq!(applied.status, StatusCode::CREATED, "{:?}", applied.body);
}
