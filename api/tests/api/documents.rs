//! The candidate's document library over real HTTP: owner-only access, and
//! bad files refused with nothing stored.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::pdf;
use crate::support::TestApp;

#[tokio::test]
async fn documents_upload_list_edit_download_and_delete_for_their_owner_only() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("docs@example.com").await;
    let other = app.candidate_token("snoop@example.com").await;
    let content = pdf(4096);
    let up = app
        .upload_document(
            &me,
            "Cover Letter – Jo.pdf",
            content.clone(),
            &[
                ("title", "Cover letter"),
                ("description", "For the data role"),
                ("document_type", "cover_letter"),
            ],
        )
        .await
        .assert_status(StatusCode::CREATED);
    let id = up.body["document"]["id"].as_str().unwrap().to_owned();
    let list = app.get_after("/api/documents", Some(&me), &up).await;
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
    let list = app.get_after("/api/documents", Some(&me), &edited).await;
    assert_eq!(list.body["documents"][0]["title"], "Letter v2");

    let files_before = app.file_count().await;
    let deleted = app.delete(&format!("/api/documents/{id}"), Some(&me)).await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(
        app.file_count().await,
        files_before - 1,
        "the bytes are gone too"
    );
    let list = app.get_after("/api/documents", Some(&me), &deleted).await;
    assert!(list.body["documents"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn oversized_wrong_type_and_disguised_files_are_refused_with_nothing_stored() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("uploader@example.com").await;
    let (events, files) = (app.event_count().await, app.file_count().await);

    // (case, file name, bytes, title, status, the error's text where it is checked)
    let refused = [
        (
            "a file just over the limit",
            "big.pdf",
            pdf(10 * 1024 * 1024 + 1),
            "Big",
            StatusCode::PAYLOAD_TOO_LARGE,
            Some("File is too large (maximum 10 MB)"),
        ),
        (
            "a file far over the limit",
            "huge.pdf",
            pdf(12 * 1024 * 1024),
            "Huge",
            StatusCode::PAYLOAD_TOO_LARGE,
            None,
        ),
        (
            "an executable",
            "setup.exe",
            b"MZ\x90\x00binary".to_vec(),
            "Tool",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            None,
        ),
        (
            "an executable named as a PDF",
            "cv.pdf",
            b"MZ\x90\x00 an executable in disguise".to_vec(),
            "CV",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Some("The file's content does not match its .pdf extension"),
        ),
        (
            "a blank title",
            "cv.pdf",
            pdf(100),
            "  ",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("Please provide a title and select a file"),
        ),
    ];
    for (case, file_name, bytes, title, status, text) in refused {
        let r = app
            .upload_document(&me, file_name, bytes, &[("title", title)])
            .await;
        assert_eq!(r.status, status, "{case}: {}", r.body);
        if let Some(text) = text {
            assert_eq!(r.error(), text, "{case}");
        }
    }

    let big = app
        .upload_resume(&me, "cv.pdf", pdf(5 * 1024 * 1024 + 1))
        .await;
    big.assert_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        "File size must be less than 5MB",
    );
    let png = app
        .upload_resume(&me, "me.png", vec![0x89, b'P', b'N', b'G', 13, 10, 26, 10])
        .await;
    png.assert_error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Please select a PDF or Word document (.pdf, .doc, .docx)",
    );

    assert_eq!(
        app.event_count().await,
        events,
        "no event for a refused file"
    );
    assert_eq!(app.file_count().await, files, "no bytes for a refused file");
}

#[tokio::test]
async fn a_resume_sent_with_an_application_is_filed_as_a_resume_and_marked_as_used_last() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("resume@example.com").await;
    let up = app
        .upload_document(
            &me,
            "Sam CV.pdf",
            pdf(2048),
            &[
                ("title", "Resume - Sam CV.pdf"),
                ("document_type", "resume"),
            ],
        )
        .await
        .assert_status(StatusCode::CREATED);
    assert_eq!(up.body["document"]["document_type"], "resume");
    let resume = up.body["document"]["id"].as_str().unwrap().to_owned();
    let stats = app.get_after("/api/documents/stats", Some(&me), &up).await;
    assert_eq!(
        stats.body["stats"],
        json!([{"document_type": "resume", "count": 1}])
    );
    let list = app.get("/api/documents", Some(&me)).await;
    assert!(
        list.body["documents"][0].get("last_used_at").is_none(),
        "not sent with anything yet"
    );

    let (job, employer) = app.open_job("Frontend Engineer").await;
    let applied = app
        .submit_application(&me, json!({"jobId": job, "resumeId": resume}))
        .await
        .assert_status(StatusCode::CREATED);
    let list = app.get_after("/api/documents", Some(&me), &applied).await;
    assert!(
        list.body["documents"][0]["last_used_at"].is_string(),
        "the resume sent is the one used last: {}",
        list.body
    );
    // The employer sees the resume, but not when it went with other applications.
    let application = applied.id();
    let seen = app
        .get(
            &format!("/api/employer/applications/{application}"),
            Some(&employer),
        )
        .await;
    assert!(
        !seen.body.to_string().contains("last_used_at"),
        "{}",
        seen.body
    );
}

#[tokio::test]
async fn an_unknown_document_type_still_gets_the_specs_message() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("types@example.com").await;
    app.upload_document(
        &me,
        "cv.pdf",
        pdf(100),
        &[("title", "CV"), ("document_type", "selfie")],
    )
    .await
    .assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Document type must be cover_letter, portfolio, certificate or other",
    );
}
