//! Saved jobs over real HTTP (issue 27): save, list with each job's status
//! now, unsave; idempotent both ways; drafts and unknown jobs are 404; the
//! limit; another candidate's list; the data export and erasure.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::fixtures::job_form;
use crate::support::TestApp;

const LIST: &str = "/api/candidate/saved-jobs";

fn path(job: &str) -> String {
    format!("{LIST}/{job}")
}

impl TestApp {
    async fn save_job(&self, token: &str, job: &str) -> crate::support::Reply {
        self.put(&path(job), Some(token), None).await
    }

    async fn saved_after(&self, token: &str, write: &crate::support::Reply) -> Vec<Value> {
        self.get_after(LIST, Some(token), write)
            .await
            .assert_status(StatusCode::OK)
            .list("saved_jobs")
            .to_vec()
    }
}

fn ids(list: &[Value]) -> Vec<&str> {
    list.iter().map(|j| j["job_id"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_candidate_saves_a_job_finds_it_with_its_details_and_unsaves_it() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("saver@example.com").await;
    let (job, employer) = app.open_job("Platform Engineer").await;
    let (other_job, _) = app.open_job("Data Engineer").await;

    let saved = app.save_job(&me, &job).await.assert_status(StatusCode::OK);
    assert_eq!(saved.body["message"], "Job saved");
    let later = app
        .save_job(&me, &other_job)
        .await
        .assert_status(StatusCode::OK);
    let list = app.saved_after(&me, &later).await;
    assert_eq!(
        ids(&list),
        [other_job.as_str(), job.as_str()],
        "the last saved first"
    );
    let first = &list[1];
    assert_eq!(
        (
            first["title"].as_str(),
            first["company"].as_str(),
            first["status"].as_str()
        ),
        (Some("Platform Engineer"), Some("Hiring Co"), Some("open"))
    );
    assert!(first["location"].as_str().unwrap().starts_with("Sydney"));
    assert_eq!(
        app.get(LIST, Some(&me)).await.body["limit"],
        200,
        "the list says how many may be kept"
    );

    // A saved job that closes stays on the list and says so; it can be unsaved, not saved.
    let closed = app
        .job_action(&employer, &job, "close")
        .await
        .assert_status(StatusCode::OK);
    let list = app.saved_after(&me, &closed).await;
    let closed_one = list.iter().find(|j| j["job_id"] == job.as_str()).unwrap();
    assert_eq!(closed_one["status"], "closed");
    let events = app.event_count().await;
    let again = app.save_job(&me, &job).await;
    assert_eq!(
        again.status,
        StatusCode::OK,
        "already saved: nothing to refuse"
    );
    let (fresh, fresh_employer) = app.open_job("Closing Soon").await;
    app.job_action(&fresh_employer, &fresh, "close")
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;
    let events = events.max(app.event_count().await);
    app.save_job(&me, &fresh).await.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "This job has closed, so it can't be saved. You can still remove it from your saved jobs.",
    );
    assert_eq!(app.event_count().await, events, "a refusal appends nothing");

    let removed = app
        .delete(&path(&job), Some(&me))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(removed.body["message"], "Job removed from your saved jobs");
    let list = app.saved_after(&me, &removed).await;
    assert_eq!(ids(&list), [other_job.as_str()]);
}

#[tokio::test]
async fn saving_or_unsaving_twice_writes_once() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("twice@example.com").await;
    let (job, _) = app.open_job("Site Reliability Engineer").await;
    let first = app.save_job(&me, &job).await.assert_status(StatusCode::OK);
    assert!(first.consistency().is_some());
    let second = app.save_job(&me, &job).await.assert_status(StatusCode::OK);
    assert_eq!(second.body["message"], "Job saved");
    assert_eq!(second.consistency(), None, "nothing new was written");
    assert_eq!(app.events_of_type("JobSaved").await, 1);
    app.delete(&path(&job), Some(&me))
        .await
        .assert_status(StatusCode::OK);
    let again = app
        .delete(&path(&job), Some(&me))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(again.consistency(), None);
    assert_eq!(app.events_of_type("JobUnsaved").await, 1);
}

#[tokio::test]
async fn an_unknown_or_draft_job_is_not_found_and_signing_in_is_needed() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("nosuch@example.com").await;
    let (_, _, employer) = app.employer("Drafty Co", true).await;
    let location = app.add_location("Penrith, NSW").await;
    let mut form = job_form(&location.to_string());
    form["draft"] = json!(true);
    let draft = app
        .post_job(&employer, form)
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    let before = app.event_count().await;
    for job in [draft, Uuid::now_v7().to_string(), "not-a-job".to_owned()] {
        app.save_job(&me, &job)
            .await
            .assert_error(StatusCode::NOT_FOUND, "Job not found");
    }
    assert_eq!(app.event_count().await, before);
    let (job, _) = app.open_job("Backend Engineer").await;
    let anonymous = app.put(&path(&job), None, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let as_employer = app.save_job(&employer, &job).await;
    assert_eq!(as_employer.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get(LIST, None).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_candidate_sees_only_their_own_saved_jobs() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("mine@example.com").await;
    let them = app.candidate_token("theirs@example.com").await;
    let (job, _) = app.open_job("Cloud Engineer").await;
    let saved = app.save_job(&me, &job).await.assert_status(StatusCode::OK);
    assert_eq!(app.saved_after(&me, &saved).await.len(), 1);
    assert!(app.saved_after(&them, &saved).await.is_empty());
    // Their unsave of my saved job touches only their own (empty) list.
    app.delete(&path(&job), Some(&them))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(app.saved_after(&me, &saved).await.len(), 1);
}

#[tokio::test]
async fn the_two_hundred_and_first_saved_job_is_refused_with_what_to_do() {
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("hoarder@example.com").await;
    let me_id: Uuid = registered["user"]["id"].as_str().unwrap().parse().unwrap();
    let me = app.candidate_sign_in("hoarder@example.com").await;
    // 200 saved jobs already (written straight to the log: 200 listings would be slow to post).
    let events = (0..200)
        .map(|_| {
            event_store::NewEvent::from_domain(
                &domain::saved_job::SavedJobEvent::JobSaved {
                    candidate_id: me_id,
                    job_id: Uuid::now_v7(),
                    saved_at: chrono::Utc::now(),
                },
                Some(me_id),
            )
        })
        .collect();
    app.app
        .state
        .store()
        .append(event_store::AppendRequest::new(
            domain::saved_job::stream_id(me_id),
            event_store::ExpectedVersion::NoStream,
            events,
            event_store::Metadata::system(event_store::Actor::Test),
        ))
        .await
        .unwrap();
    let (job, _) = app.open_job("One Too Many").await;
    app.save_job(&me, &job).await.assert_error(
        StatusCode::CONFLICT,
        "You can save up to 200 jobs. Remove one you no longer need, then save this one.",
    );
}

#[tokio::test]
async fn saved_jobs_are_in_the_data_export_and_gone_after_erasure() {
    let app = TestApp::spawn().await;
    let registered = app.register_candidate("leaving@example.com").await;
    let me_id = registered["user"]["id"].as_str().unwrap().to_owned();
    let me = app.candidate_sign_in("leaving@example.com").await;
    let (job, _) = app.open_job("Security Engineer").await;
    let saved = app.save_job(&me, &job).await.assert_status(StatusCode::OK);
    app.saved_after(&me, &saved).await;

    let url = app.export_link("/api/account/export", &me).await;
    let data = app.unzip(&url, &me).await.data();
    let held = data["saved_jobs"].as_array().unwrap();
    assert_eq!(
        (
            held.len(),
            held[0]["job_id"].as_str(),
            held[0]["title"].as_str()
        ),
        (1, Some(job.as_str()), Some("Security Engineer"))
    );
    assert!(
        data["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["type"] == "JobSaved" && e["stream"] == format!("saved-{me_id}")),
        "the events about them include their saves"
    );

    app.erase_candidate(&me).await.assert_status(StatusCode::OK);
    app.settle().await;
    let (rows,): (i64,) = sqlx::query_as("SELECT count(*) FROM saved_jobs WHERE candidate_id = $1")
        .bind(Uuid::parse_str(&me_id).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(rows, 0, "erasure removes the saved jobs");
}
