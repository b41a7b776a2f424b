//! The `Idempotency-Key` cache (issue 26): an answer is replayed only to its
//! user while a session of theirs is valid; answers that carry credentials or
//! exports are never kept; an anonymous key keeps only an answer that did
//! something; an erasure deletes the person's answers; a keyed body is read no
//! further than its route's limit; kept answers are purged after a day; the
//! answer commits with the command, so a try that dies after its commit is
//! replayed and one that dies before it wrote nothing. (The replay itself:
//! `hardening::a_command_retried_with_its_idempotency_key_answers_as_the_first_time`.)

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use api::idempotency::hooks::{self, Moment};

use crate::fixtures::{CANDIDATE_PASSWORD, job_form, pdf};
use crate::support::TestApp;

/// The profile form, as the candidate portal sends it.
fn profile(summary: &str) -> Value {
    json!({"name": "Kim Keyholder", "phone": "0400 111 222", "summary": summary,
           "skills": "Rust", "education": [], "experience": []})
}

/// `token`'s holder saves their profile, sending `key`.
async fn save_profile(app: &TestApp, token: &str, key: &str, body: &Value) -> reqwest::Response {
    app.client
        .put(format!("{}/api/candidate/profile", app.base))
        .bearer_auth(token)
        .header("idempotency-key", key)
        .json(body)
        .send()
        .await
        .unwrap()
}

fn replayed(response: &reqwest::Response) -> bool {
    response
        .headers()
        .get("idempotency-replayed")
        .is_some_and(|v| v == "true")
}

async fn kept_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM idempotency_keys")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_kept_answer_is_replayed_to_any_valid_session_of_its_user_and_to_nobody_else() {
    let app = TestApp::spawn().await;
    app.register_candidate("keyholder@example.com").await;
    app.settle().await;
    let phone = app.candidate_sign_in("keyholder@example.com").await;
    let body = profile("Retries with care.");
    let first = save_profile(&app, &phone, "profile-1", &body).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(!replayed(&first));
    assert!(replayed(
        &save_profile(&app, &phone, "profile-1", &body).await
    ));
    // Another session of the same person is the same person.
    let laptop = app.candidate_sign_in("keyholder@example.com").await;
    assert!(replayed(
        &save_profile(&app, &laptop, "profile-1", &body).await
    ));
    // Someone else's key of the same name is theirs.
    let other = app.candidate_token("someone.else@example.com").await;
    let theirs = save_profile(&app, &other, "profile-1", &body).await;
    assert_eq!(theirs.status(), StatusCode::OK);
    assert!(!replayed(&theirs));
    // A token that is not a session gets nothing.
    let forged = save_profile(&app, "not-a-token", "profile-1", &body).await;
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED);
    assert!(!replayed(&forged));
}

#[tokio::test]
async fn a_kept_answer_is_not_replayed_to_a_session_that_has_ended() {
    let app = TestApp::spawn().await;
    app.register_candidate("signed.out@example.com").await;
    app.settle().await;
    let token = app.candidate_sign_in("signed.out@example.com").await;
    let body = profile("Signed out since.");
    let first = save_profile(&app, &token, "profile-1", &body).await;
    assert_eq!(first.status(), StatusCode::OK);
    app.post("/api/auth/sign-out-everywhere", Some(&token), json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    // Refused as every request of that session is, before anything kept is read.
    let stale = save_profile(&app, &token, "profile-1", &body).await;
    assert_eq!(stale.status(), StatusCode::UNAUTHORIZED);
    assert!(!replayed(&stale));
    let error: Value = stale.json().await.unwrap();
    assert_eq!(
        error["error"],
        "Your session has ended. Please sign in again."
    );
}

#[tokio::test]
async fn answers_that_carry_credentials_or_exports_are_never_kept() {
    let app = TestApp::spawn().await;
    app.register_candidate("signs.in@example.com").await;
    app.settle().await;
    let login = || {
        app.client
            .post(format!("{}/api/auth/candidate/login", app.base))
            .header("idempotency-key", "login-1")
            .json(&json!({"email": "signs.in@example.com", "password": CANDIDATE_PASSWORD}))
            .send()
    };
    let first = login().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let again = login().await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    assert!(!replayed(&again), "a sign-in is not replayed");
    let token: Value = again.json().await.unwrap();
    let token = token["token"].as_str().unwrap().to_owned();

    let export = || {
        app.client
            .post(format!("{}/api/account/export", app.base))
            .bearer_auth(&token)
            .header("idempotency-key", "export-1")
            .send()
    };
    let link = export().await.unwrap();
    assert_eq!(link.status(), StatusCode::CREATED);
    let again = export().await.unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    assert!(!replayed(&again), "an export link is not replayed");

    assert_eq!(kept_rows(&app).await, 0, "no answer was kept");
    // language=PostgreSQL
    let credentials: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM idempotency_keys
          WHERE position(convert_to('\"token\"', 'UTF8') IN body) > 0
             OR position(convert_to('/api/exports/', 'UTF8') IN body) > 0",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(credentials, 0);
}

#[tokio::test]
async fn an_anonymous_key_keeps_only_an_answer_that_did_something() {
    let app = TestApp::spawn().await;
    let send = |path: &str, key: &str, body: Value| {
        app.client
            .post(format!("{}{path}", app.base))
            .header("idempotency-key", key.to_owned())
            .json(&body)
            .send()
    };
    // Refused requests keep nothing: a flood of them writes no rows.
    for i in 0..5 {
        let refused = send("/api/employer/jobs", &format!("nobody-{i}"), json!({}))
            .await
            .unwrap();
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    }
    let invalid = send("/api/contact", "enquiry-0", json!({"firstName": ""}))
        .await
        .unwrap();
    assert_eq!(invalid.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(kept_rows(&app).await, 0);

    // A command that did something keeps its answer for its retry.
    let enquiry = json!({"firstName": "Ana", "lastName": "Nonymous", "email": "ana@example.com",
                         "message": "We would like to talk about a role."});
    let sent = send("/api/contact", "enquiry-1", enquiry.clone())
        .await
        .unwrap();
    assert!(sent.status().is_success(), "{}", sent.status());
    assert_eq!(kept_rows(&app).await, 1);
    let retried = send("/api/contact", "enquiry-1", enquiry).await.unwrap();
    assert!(replayed(&retried));
    assert_eq!(app.events_of_type("ContactMessageReceived").await, 1);
}

#[tokio::test]
async fn an_erasure_deletes_the_answers_kept_for_the_person() {
    use commands::erasure::{ErasePerson, ErasureTarget};
    use domain::erasure::Grounds;
    use event_store::{Actor, Metadata};

    const TITLE: &str = "Notes on my move to Kalgoorlie";
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("erase.my.answers@example.com").await;
    let id: Uuid = registered["user"]["id"].as_str().unwrap().parse().unwrap();
    app.settle().await;
    let token = app.candidate_sign_in("erase.my.answers@example.com").await;
    let form = reqwest::multipart::Form::new()
        .part(
            "document",
            reqwest::multipart::Part::bytes(pdf(2000)).file_name("notes.pdf"),
        )
        .text("title", TITLE);
    let uploaded = app
        .client
        .post(format!("{}/api/documents/upload", app.base))
        .bearer_auth(&token)
        .header("idempotency-key", "upload-1")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let holding_the_title = || {
        sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM idempotency_keys WHERE position(convert_to($1, 'UTF8') IN body) > 0",
        )
        .bind(TITLE)
        .fetch_one(&app.pool)
    };
    assert_eq!(holding_the_title().await.unwrap(), 1);

    // The erasure path every trigger shares (the person, an admin, retention).
    let erase = ErasePerson::new(id, ErasureTarget::Account, Grounds::PersonAsked, Some(id));
    api::privacy::erase(&app.app.state, erase, Metadata::system(Actor::Test))
        .await
        .unwrap();
    assert_eq!(holding_the_title().await.unwrap(), 0);
    assert_eq!(kept_rows(&app).await, 0);
}

#[tokio::test]
async fn a_keyed_body_is_read_no_further_than_its_routes_limit() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn().await;
    // A JSON route takes 1 MB. The client says 3 MB are coming, sends 1.5 MB
    // and waits: the server must answer by then, not wait for the rest.
    let client = tokio::net::TcpStream::connect(app.app.addr).await.unwrap();
    let (mut reader, mut writer) = client.into_split();
    let head = format!(
        "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Idempotency-Key: big-1\r\nContent-Length: {}\r\n\r\n",
        3 * 1024 * 1024
    );
    // Written aside, so a server that stops reading cannot stall the test.
    let sending = tokio::spawn(async move {
        let _ = writer.write_all(head.as_bytes()).await;
        let _ = writer.write_all(&vec![b' '; 1536 * 1024]).await;
        writer
    });
    let mut answer = vec![0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(20), reader.read(&mut answer))
        .await
        .expect("an answer before the whole body was sent")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    sending.abort();

    // An upload may be as large as its own route allows, key or no key.
    let token = app.candidate_token("big.upload@example.com").await;
    let form = reqwest::multipart::Form::new()
        .part(
            "document",
            reqwest::multipart::Part::bytes(pdf(9 * 1024 * 1024)).file_name("scan.pdf"),
        )
        .text("title", "A large scan");
    let uploaded = app
        .client
        .post(format!("{}/api/documents/upload", app.base))
        .bearer_auth(&token)
        .header("idempotency-key", "upload-9mb")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn kept_answers_are_purged_once_a_day_old_and_old_rows_are_never_replayed() {
    let app = TestApp::spawn().await;
    app.register_candidate("purged@example.com").await;
    app.settle().await;
    let token = app.candidate_sign_in("purged@example.com").await;
    for key in ["old-1", "new-1"] {
        let saved = save_profile(&app, &token, key, &profile(key)).await;
        assert_eq!(saved.status(), StatusCode::OK);
    }
    // A row kept before answers had a subject: its scope was the hash of the
    // whole Authorization header.
    use sha2::{Digest, Sha256};
    let mut legacy = Sha256::new();
    legacy.update(format!("Bearer {token}").as_bytes());
    legacy.update([0]);
    legacy.update("PUT");
    legacy.update([0]);
    legacy.update("/api/candidate/profile");
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO idempotency_keys (scope, key, request_hash, status, content_type, body)
         SELECT $1, 'legacy-1', request_hash, 200, 'application/json', convert_to('{\"message\":\"legacy\"}', 'UTF8')
           FROM idempotency_keys WHERE key = 'new-1'",
    )
    .bind(hex::encode(legacy.finalize()))
    .execute(&app.pool)
    .await
    .unwrap();
    let legacy = save_profile(&app, &token, "legacy-1", &profile("new-1")).await;
    assert_eq!(legacy.status(), StatusCode::OK);
    assert!(
        !replayed(&legacy),
        "a row without a subject is never replayed"
    );

    // language=PostgreSQL
    sqlx::query(
        "UPDATE idempotency_keys SET created_at = now() - interval '25 hours'
          WHERE key = 'old-1' OR subject IS NULL",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let purged = api::purge::round(&app.app.state).await.unwrap();
    assert_eq!(purged.cached_answers, 2);
    let keys: Vec<String> = sqlx::query_scalar("SELECT key FROM idempotency_keys ORDER BY key")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    // The legacy row is gone; the retry that ran afresh kept a row of its own.
    assert_eq!(keys, ["legacy-1", "new-1"]);
    assert!(replayed(
        &save_profile(&app, &token, "new-1", &profile("new-1")).await
    ));
}

/// How long a client waits for an answer that will never come.
const GIVE_UP: Duration = Duration::from_secs(2);

/// Sends `request` with `key`; with `give_up`, the client stops waiting then,
/// as one whose server died would.
async fn send_keyed(
    request: reqwest::RequestBuilder,
    key: &str,
    give_up: Option<Duration>,
) -> reqwest::Result<reqwest::Response> {
    let request = request.header("idempotency-key", key);
    match give_up {
        Some(after) => request.timeout(after).send().await,
        None => request.send().await,
    }
}

#[tokio::test]
async fn a_retry_after_the_first_try_died_after_its_commit_gets_the_first_answer() {
    let app = TestApp::spawn().await;
    let location = app.add_location("Launceston").await;
    let (_, _, employer) = app.employer("Lost Answers", true).await;
    // One form for every try: a retry sends the very same request.
    let form = job_form(&location.to_string());
    let post_job = || {
        app.client
            .post(format!("{}/api/employer/jobs", app.base))
            .bearer_auth(&employer)
            .json(&form)
    };
    let sign_up = || {
        app.client
            .post(format!("{}/api/auth/candidate/register", app.base))
            .json(
                &json!({"name": "Lost Answer", "email": "lost.answer@example.com",
                          "password": CANDIDATE_PASSWORD}),
            )
    };
    // A signed-in command and an anonymous one, each with the event that
    // names its new id.
    let cases: [(&dyn Fn() -> reqwest::RequestBuilder, &str, &str, &str); 2] = [
        (&post_job, "JobPosted", "/id", "job-"),
        (&sign_up, "AccountRegistered", "/user/id", "account-"),
    ];
    for (request, event, id_at, stream) in cases {
        let key = format!("lost-{}", Uuid::new_v4());
        let before = app.events_of_type(event).await;
        hooks::stop_next_try(&key, Moment::AfterCommit);
        let lost = send_keyed(request(), &key, Some(GIVE_UP)).await;
        assert!(
            lost.as_ref().is_err_and(|e| e.is_timeout()),
            "{event}: the first try never answers: {lost:?}"
        );
        // Its events and the answer for its retry committed as one.
        assert_eq!(app.events_of_type(event).await, before + 1, "{event}");
        // language=PostgreSQL
        let (status, first_answer, first_token): (i16, Vec<u8>, i64) =
            sqlx::query_as("SELECT status, body, consistency FROM idempotency_keys WHERE key = $1")
                .bind(&key)
                .fetch_one(&app.pool)
                .await
                .unwrap();
        assert_eq!(status, 201, "{event}");

        let retry = send_keyed(request(), &key, None).await.unwrap();
        assert_eq!(retry.status(), StatusCode::CREATED, "{event}");
        assert!(replayed(&retry), "{event}");
        let token: i64 = retry.headers()["x-consistency-token"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            token, first_token,
            "{event}: the first try's consistency token"
        );
        let body = retry.bytes().await.unwrap();
        assert_eq!(
            body.as_ref(),
            first_answer.as_slice(),
            "{event}: the first try's answer, byte for byte"
        );
        // The id the first try made, and the token is where its event is.
        let body: Value = serde_json::from_slice(&body).unwrap();
        let id = body.pointer(id_at).and_then(Value::as_str).unwrap();
        let written = app.stream_events(&format!("{stream}{id}")).await;
        assert_eq!(written.first().map(|e| e.event_type.as_str()), Some(event));
        assert_eq!(written.last().unwrap().position, token, "{event}");
        assert_eq!(
            app.events_of_type(event).await,
            before + 1,
            "{event}: the retry wrote nothing"
        );
    }
}

#[tokio::test]
async fn a_first_try_that_died_before_its_commit_wrote_nothing_and_its_retry_runs_once() {
    // A try is dropped at the request timeout, and its claim is abandoned
    // 5 s later: a short timeout keeps the test short, and leaves a loaded
    // machine time for the set-up's sign-up and sign-in.
    let app = TestApp::spawn_with(|config| config.request_timeout_secs = 4).await;
    let token = app.candidate_token("dies.first@example.com").await;
    let document = app
        .add_document(
            &token,
            "cv.pdf",
            pdf(2000),
            &[("title", "Old CV"), ("document_type", "other")],
        )
        .await;
    let files = app.file_count().await;
    let delete = || {
        app.client
            .delete(format!("{}/api/documents/{document}", app.base))
            .bearer_auth(&token)
    };
    let key = "delete-old-cv";
    hooks::stop_next_try(key, Moment::BeforeCommit);
    let died = send_keyed(delete(), key, Some(GIVE_UP)).await;
    assert!(
        died.as_ref().is_err_and(|e| e.is_timeout())
            || died.as_ref().is_ok_and(|r| r.status().is_server_error()),
        "the first try never succeeds: {died:?}"
    );
    // Dropped before its commit: no event, and its file is still there (it
    // was to be deleted only once the deletion committed).
    assert_eq!(app.events_of_type("DocumentDeleted").await, 0);
    assert_eq!(app.file_count().await, files);

    // Its claim holds until it is abandoned, then the retry runs it.
    let retry = crate::support::until("the claim is abandoned", async || {
        let retry = send_keyed(delete(), key, None).await.unwrap();
        if retry.status() == StatusCode::CONFLICT {
            let error: Value = retry.json().await.unwrap();
            assert_eq!(error["error"], api::idempotency::IN_PROGRESS);
            tokio::time::sleep(Duration::from_millis(250)).await;
            return false;
        }
        assert_eq!(retry.status(), StatusCode::OK);
        assert!(!replayed(&retry), "it ran");
        true
    });
    retry.await;
    assert_eq!(app.events_of_type("DocumentDeleted").await, 1);
    assert_eq!(app.file_count().await, files - 1);
    let again = send_keyed(delete(), key, None).await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    assert!(replayed(&again));
    assert_eq!(app.events_of_type("DocumentDeleted").await, 1);
}
