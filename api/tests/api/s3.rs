//! Uploads in an S3 bucket: the same routes against a real S3-protocol server
//! (moto in server mode, which `.ci/test` installs and starts on localhost),
//! observed both through the API and straight from the server.
//!
//! Ignored unless asked for (`cargo test -p api --test api s3:: --
//! --ignored`): they need the server at `TEST_S3_ENDPOINT`, and the restart
//! test `TEST_MOTO_SERVER` to start one of its own. `.ci/test` sets both.

use std::time::Duration;

use reqwest::StatusCode;

use crate::fixtures::pdf;
use crate::support::{TestApp, create_bucket, until};

/// The keys in the app's bucket, read from the S3 server itself (an unsigned
/// ListObjectsV2, which moto answers), not through the app.
async fn keys_in_bucket(app: &TestApp) -> Vec<String> {
    let config = &app.app.state.config;
    let (endpoint, bucket) = (
        config.s3_endpoint.as_deref().unwrap(),
        config.s3_bucket.as_deref().unwrap(),
    );
    let listing = reqwest::get(format!("{endpoint}/{bucket}?list-type=2"))
        .await
        .expect("list the bucket")
        .text()
        .await
        .unwrap();
    listing
        .split("<Key>")
        .skip(1)
        .map(|rest| rest.split("</Key>").next().unwrap().to_owned())
        .collect()
}

/// One object's bytes, straight from the S3 server.
async fn object(app: &TestApp, key: &str) -> Vec<u8> {
    let config = &app.app.state.config;
    let url = format!(
        "{}/{}/{key}",
        config.s3_endpoint.as_deref().unwrap(),
        config.s3_bucket.as_deref().unwrap()
    );
    let res = reqwest::get(url).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{key} is in the bucket");
    res.bytes().await.unwrap().to_vec()
}

async fn storage_key(app: &TestApp, document: &str) -> String {
    app.settle().await;
    let (key,): (String,) = sqlx::query_as("SELECT storage_key FROM documents WHERE id = $1")
        .bind(uuid::Uuid::parse_str(document).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    key
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_S3_ENDPOINT (.ci/test starts moto)"]
async fn an_upload_goes_to_the_bucket_and_downloads_as_an_attachment() {
    let app = TestApp::spawn_on_s3().await;
    let me = app.candidate_token("bucket@example.com").await;
    // Over S3's 5 MiB part: stored as a multipart upload.
    let big = pdf(7 * 1024 * 1024 + 3);
    let id = app
        .add_document(&me, "Folio 2026.pdf", big.clone(), &[("title", "Folio")])
        .await;
    let key = storage_key(&app, &id).await;
    assert_eq!(keys_in_bucket(&app).await, vec![key.clone()]);
    assert_eq!(object(&app, &key).await, big, "the bucket holds the bytes");

    let res = app
        .download(&format!("/api/documents/{id}/download"), &me)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let header = |name: &str| res.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(header("content-type"), "application/pdf");
    assert_eq!(
        header("content-disposition"),
        "attachment; filename=\"Folio 2026.pdf\"; filename*=UTF-8''Folio%202026.pdf"
    );
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("cache-control"), "private, no-store");
    assert_eq!(header("content-length"), big.len().to_string());
    assert_eq!(res.bytes().await.unwrap().to_vec(), big);

    // A small one goes in one put.
    app.add_document(&me, "note.txt", b"short".to_vec(), &[("title", "Note")])
        .await;
    assert_eq!(keys_in_bucket(&app).await.len(), 2);
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_S3_ENDPOINT (.ci/test starts moto)"]
async fn a_refused_upload_leaves_nothing_in_the_bucket() {
    let app = TestApp::spawn_on_s3().await;
    let me = app.candidate_token("refused@example.com").await;
    // Over the limit part way, after a 5 MiB part went to the server.
    let too_big = app
        .upload_document(&me, "huge.pdf", pdf(11_000_000), &[("title", "Huge")])
        .await;
    too_big.assert_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        "File is too large (maximum 10 MB)",
    );
    // Stored, then refused for its title: deleted again.
    let untitled = app
        .upload_document(&me, "cv.pdf", pdf(2000), &[("title", "")])
        .await;
    assert_eq!(untitled.status, StatusCode::UNPROCESSABLE_ENTITY);
    let wrong = app
        .upload_document(&me, "cv.pdf", b"not a pdf".to_vec(), &[("title", "CV")])
        .await;
    assert_eq!(wrong.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(keys_in_bucket(&app).await, Vec::<String>::new());
    assert_eq!(app.events_of_type("DocumentUploaded").await, 0);
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_S3_ENDPOINT (.ci/test starts moto)"]
async fn erasing_a_candidate_deletes_their_objects() {
    let app = TestApp::spawn_on_s3().await;
    let me = app.candidate_token("erase-s3@example.com").await;
    let other = app.candidate_token("stays@example.com").await;
    app.add_document(&me, "cv.pdf", pdf(4000), &[("title", "CV")])
        .await;
    app.upload_resume(&me, "resume.pdf", pdf(3000))
        .await
        .assert_status(StatusCode::OK);
    let kept = app
        .add_document(&other, "mine.pdf", pdf(1000), &[("title", "Mine")])
        .await;
    let kept_key = storage_key(&app, &kept).await;
    // Theirs: the document, the profile's resume and its copy among the
    // documents (made by the store's own copy); and the other's.
    assert_eq!(keys_in_bucket(&app).await.len(), 4);

    app.erase_candidate(&me).await.assert_status(StatusCode::OK);
    assert_eq!(keys_in_bucket(&app).await, vec![kept_key]);
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_S3_ENDPOINT (.ci/test starts moto)"]
async fn the_data_export_carries_the_objects() {
    let app = TestApp::spawn_on_s3().await;
    let me = app.candidate_token("export-s3@example.com").await;
    let folio = pdf(6 * 1024 * 1024);
    let id = app
        .add_document(&me, "folio.pdf", folio.clone(), &[("title", "Folio")])
        .await;
    app.settle().await;
    let url = app.export_link("/api/account/export", &me).await;
    let zip = app.unzip(&url, &me).await;
    assert_eq!(zip.file(&format!("files/documents/{id}-folio.pdf")), folio);
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_S3_ENDPOINT (.ci/test starts moto)"]
async fn the_sweeper_removes_objects_no_event_refers_to() {
    let app = TestApp::spawn_on_s3().await;
    let me = app.candidate_token("sweep-s3@example.com").await;
    let kept = app
        .add_document(&me, "cv.txt", b"my cv".to_vec(), &[("title", "CV")])
        .await;
    let kept_key = storage_key(&app, &kept).await;
    // Bytes whose event never came (a crash between the two).
    let orphan = app.store_orphan().await;
    assert_eq!(keys_in_bucket(&app).await.len(), 2);
    // S3 keeps whole seconds: wait past the one-second grace period.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let swept = api::sweeper::sweep(&app.app.state, Duration::from_secs(1), false)
        .await
        .unwrap();
    assert_eq!(swept.orphans, vec![orphan]);
    assert_eq!(keys_in_bucket(&app).await, vec![kept_key]);
}

/// A moto server of this test's own, to stop and start again.
struct Moto {
    child: tokio::process::Child,
    port: u16,
}

impl Moto {
    async fn start_on(port: u16) -> Self {
        let bin = std::env::var("TEST_MOTO_SERVER")
            .expect("the restart test starts moto itself: set TEST_MOTO_SERVER (as .ci/test does)");
        let child = tokio::process::Command::new(bin)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("start moto_server");
        let moto = Self { child, port };
        let url = moto.endpoint();
        until("moto answers", async || reqwest::get(&url).await.is_ok()).await;
        moto
    }

    fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Stops it dead (SIGKILL): what a crashed or restarting server looks like.
    async fn kill(&mut self) {
        self.child.kill().await.unwrap();
    }
}

#[tokio::test]
#[ignore = "needs an S3 server: TEST_MOTO_SERVER (.ci/test installs moto)"]
async fn while_the_bucket_is_away_uploads_are_refused_with_503_and_nothing_is_half_written() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut moto = Moto::start_on(port).await;
    let app = TestApp::spawn_on_s3_at(&moto.endpoint()).await;
    let bucket = app.app.state.config.s3_bucket.clone().unwrap();
    let me = app.candidate_token("outage@example.com").await;
    let before = app
        .add_document(
            &me,
            "before.txt",
            b"before".to_vec(),
            &[("title", "Before")],
        )
        .await;

    moto.kill().await;
    let events = app.event_count().await;
    for (name, bytes) in [
        ("small.txt", b"during".to_vec()),
        ("big.pdf", pdf(7_000_000)),
    ] {
        let refused = app
            .upload_document(&me, name, bytes, &[("title", "During")])
            .await;
        refused.assert_error(
            StatusCode::SERVICE_UNAVAILABLE,
            api::files::UPLOAD_UNAVAILABLE,
        );
        assert!(refused.headers.contains_key("retry-after"));
    }
    app.upload_resume(&me, "cv.pdf", pdf(2000))
        .await
        .assert_error(
            StatusCode::SERVICE_UNAVAILABLE,
            api::files::UPLOAD_UNAVAILABLE,
        );
    let download = app
        .download(&format!("/api/documents/{before}/download"), &me)
        .await;
    assert_eq!(download.status(), StatusCode::SERVICE_UNAVAILABLE);
    app.settle().await;
    assert_eq!(app.event_count().await, events, "no event without its file");
    let listed = app.get("/api/documents", Some(&me)).await;
    assert_eq!(listed.list("documents").len(), 1);

    // Back on the same address. (moto keeps nothing across a restart; a real
    // S3 server keeps its buckets, so the test makes it again.)
    let moto = Moto::start_on(moto.port).await;
    create_bucket(&moto.endpoint(), &bucket).await;
    let after = app
        .add_document(&me, "after.txt", b"after".to_vec(), &[("title", "After")])
        .await;
    let res = app
        .download(&format!("/api/documents/{after}/download"), &me)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.bytes().await.unwrap().as_ref(), b"after");
    // Nothing from the outage is in the bucket: only what an event refers to.
    let key = storage_key(&app, &after).await;
    until("the bucket lists the new upload", async || {
        keys_in_bucket(&app).await == vec![key.clone()]
    })
    .await;
}
