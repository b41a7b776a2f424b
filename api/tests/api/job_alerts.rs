//! Job alerts (issue 28): a candidate's saved searches through the real
//! router, the policy that matches published jobs against them (once per
//! alert and job), the mail and bell it raises, the one-click unsubscribe,
//! and the alerts' place in export and erasure.

use chrono::{Duration, Utc};
use domain::job::{JobType, Specialisation};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::fixtures::job_form;
use crate::support::{Reply, TestApp};

const ALERTS: &str = "/api/candidate/alerts";

fn alert(name: &str, keywords: &str) -> Value {
    json!({"name": name, "keywords": keywords, "frequency": "instant"})
}

impl TestApp {
    async fn create_alert(&self, token: &str, body: Value) -> Reply {
        self.post(ALERTS, Some(token), body).await
    }

    /// The candidate's alerts once the read models hold every write.
    async fn alerts(&self, token: &str) -> Vec<Value> {
        self.settle().await;
        self.get(ALERTS, Some(token))
            .await
            .assert_status(StatusCode::OK)
            .list("alerts")
            .to_vec()
    }

    /// A fresh approved employer posts `title` at a new location (as
    /// `draft` or straight onto the board): (job id, employer token, location).
    async fn post_titled(&self, title: &str, draft: bool) -> (String, String, Uuid) {
        let location = self
            .add_location(&format!("Ultimo {}", Uuid::new_v4().simple()))
            .await;
        let (_, _, employer) = self.employer("Harbour Labs", true).await;
        let mut form = job_form(&location.to_string());
        form["title"] = json!(title);
        form["salary"] = json!("$150k + super");
        form["draft"] = json!(draft);
        let id = self
            .post_job(&employer, form)
            .await
            .assert_status(StatusCode::CREATED)
            .id();
        (id, employer, location)
    }

    async fn matches(&self) -> i64 {
        self.settle().await;
        self.events_of_type("JobAlertMatched").await
    }

    /// (subject, body, List-Unsubscribe) of every mail to `recipient`, oldest first.
    async fn mails_to(&self, recipient: &str) -> Vec<(String, String, Option<String>)> {
        self.settle().await;
        sqlx::query_as(
            "SELECT subject, body, list_unsubscribe FROM mail_outbox WHERE recipient = $1 ORDER BY created_at",
        )
        .bind(recipient)
        .fetch_all(&self.pool)
        .await
        .unwrap()
    }
}

/// The token in an alert mail's unsubscribe link.
fn token_in(body: &str) -> String {
    let start = body
        .find("unsubscribe?token=")
        .expect("an unsubscribe link")
        + 18;
    body[start..].split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn a_candidate_saves_edits_pauses_resumes_and_deletes_an_alert_of_their_own() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("seeker@example.com").await;
    let other = app.candidate_token("someone.else@example.com").await;
    let location = app.add_location("Surry Hills").await;

    let created = app
        .create_alert(
            &me,
            json!({"name": "Rust in Surry Hills", "keywords": " Rust ", "location_id": location,
                   "type": "full-time", "specialisation": "Development + Testing", "frequency": "daily"}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    assert_eq!(created.body["message"], "Job alert saved");
    let id = created.id();
    let alerts = app.alerts(&me).await;
    assert_eq!(alerts.len(), 1);
    let a = &alerts[0];
    assert_eq!(
        (a["id"].as_str(), a["name"].as_str(), a["keywords"].as_str()),
        (Some(id.as_str()), Some("Rust in Surry Hills"), Some("Rust"))
    );
    assert_eq!(a["type"], "Full-time");
    assert_eq!(a["frequency"], "daily");
    assert_eq!(a["location_id"], location.to_string());
    assert_eq!(
        (a["paused"].as_bool(), a["match_count"].as_i64()),
        (Some(false), Some(0))
    );
    assert!(
        app.alerts(&other).await.is_empty(),
        "another candidate sees none"
    );

    app.put(
        &format!("{ALERTS}/{id}"),
        Some(&me),
        Some(json!({"name": "Any Rust job", "keywords": "Rust", "frequency": "instant"})),
    )
    .await
    .assert_message(StatusCode::OK, "Job alert updated");
    let a = &app.alerts(&me).await[0];
    assert_eq!(
        (a["name"].as_str(), a["frequency"].as_str()),
        (Some("Any Rust job"), Some("instant"))
    );
    assert!(a["location_id"].is_null() && a["type"].is_null());

    app.post(&format!("{ALERTS}/{id}/pause"), Some(&me), json!({}))
        .await
        .assert_message(StatusCode::OK, "Job alert paused");
    assert_eq!(app.alerts(&me).await[0]["paused"], true);
    app.post(&format!("{ALERTS}/{id}/resume"), Some(&me), json!({}))
        .await
        .assert_message(StatusCode::OK, "Job alert resumed");
    assert_eq!(app.alerts(&me).await[0]["paused"], false);

    // Someone else's alert, or no alert at all, is not found; nothing is written.
    let before = app.event_count().await;
    for path in [
        format!("{ALERTS}/{id}/pause"),
        format!("{ALERTS}/{id}/resume"),
        format!("{ALERTS}/{}/pause", Uuid::now_v7()),
        format!("{ALERTS}/not-an-id/pause"),
    ] {
        app.post(&path, Some(&other), json!({}))
            .await
            .assert_error(StatusCode::NOT_FOUND, "Alert not found");
    }
    app.put(
        &format!("{ALERTS}/{id}"),
        Some(&other),
        Some(alert("Mine now", "Rust")),
    )
    .await
    .assert_error(StatusCode::NOT_FOUND, "Alert not found");
    app.delete(&format!("{ALERTS}/{id}"), Some(&other))
        .await
        .assert_error(StatusCode::NOT_FOUND, "Alert not found");
    assert_eq!(app.event_count().await, before);
    // Only candidates have alerts.
    let (_, _, employer) = app.employer("Not A Seeker", true).await;
    assert_eq!(
        app.get(ALERTS, Some(&employer)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get(ALERTS, None).await.status, StatusCode::UNAUTHORIZED);

    app.delete(&format!("{ALERTS}/{id}"), Some(&me))
        .await
        .assert_message(StatusCode::OK, "Job alert deleted");
    assert!(app.alerts(&me).await.is_empty());
    app.delete(&format!("{ALERTS}/{id}"), Some(&me))
        .await
        .assert_error(StatusCode::NOT_FOUND, "Alert not found");
}

/// A listing's and an alert's job type and specialisation are stored under
/// the labels the domain writes and read back into its types: the tables
/// take every label the domain has and refuse anything else, so the
/// migration's lists cannot drift from the domain's enums unnoticed.
#[tokio::test]
async fn the_tables_take_every_job_type_and_specialisation_and_refuse_other_labels() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("labels@example.com").await;
    let (job, _) = app.open_job("Platform Engineer").await;
    app.create_alert(&me, alert("Anything", "platform"))
        .await
        .assert_status(StatusCode::CREATED);
    app.settle().await;
    let set = async |table: &str, column: &str, label: &str| {
        // language=PostgreSQL
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET {column} = $1"
        )))
        .bind(label)
        .execute(&app.pool)
        .await
    };
    for table in ["jobs", "job_alerts"] {
        for t in JobType::ALL {
            set(table, "job_type", t.label()).await.unwrap();
        }
        for s in Specialisation::ALL {
            set(table, "specialisation", s.label()).await.unwrap();
        }
        for (column, label) in [("job_type", "full-time"), ("specialisation", "Gardening")] {
            let refused = set(table, column, label).await.unwrap_err();
            assert_eq!(
                refused
                    .as_database_error()
                    .and_then(|e| e.code())
                    .as_deref(),
                Some("23514"),
                "{table}.{column} took {label:?}"
            );
        }
    }
    // What was stored last reads back as the domain's values.
    let listing = app.get(&format!("/api/jobs/{job}"), None).await;
    assert_eq!(listing.body["type"], JobType::Temporary.label());
    assert_eq!(
        listing.body["specialisation"],
        Specialisation::Security.label()
    );
    let alerts = app.alerts(&me).await;
    assert_eq!(alerts[0]["type"], JobType::Temporary.label());
    assert_eq!(
        alerts[0]["specialisation"],
        Specialisation::Security.label()
    );
}

#[tokio::test]
async fn a_bad_form_is_refused_with_its_reason_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("careful.seeker@example.com").await;
    let before = app.event_count().await;
    for (body, text) in [
        (alert("", "Rust"), "Alert name is required"),
        (
            alert(&"n".repeat(81), "Rust"),
            "Alert name must be at most 80 characters",
        ),
        (
            alert("Long", &"k".repeat(101)),
            "Keywords must be at most 100 characters",
        ),
        (
            json!({"name": "Nothing", "keywords": "  ", "frequency": "instant"}),
            "Add keywords or choose a location, salary range, job type or specialisation",
        ),
        (
            json!({"name": "Odd", "type": "Weekends", "frequency": "instant"}),
            "Job type must be Full-time, Part-time, Contract or Temporary",
        ),
        (
            json!({"name": "Odd", "specialisation": "Gardening", "frequency": "instant"}),
            "Please choose one of our nine specialisations",
        ),
        (
            json!({"name": "Often", "keywords": "Rust", "frequency": "hourly"}),
            "How often must be instant or daily",
        ),
        (
            json!({"name": "Often", "keywords": "Rust"}),
            "How often must be instant or daily",
        ),
        (
            json!({"name": "Nowhere", "location_id": Uuid::now_v7(), "frequency": "daily"}),
            "Please choose a location from the list",
        ),
        (
            json!({"name": "No pay", "salary_range_id": Uuid::now_v7(), "frequency": "daily"}),
            "Please choose a salary range from the list",
        ),
    ] {
        app.create_alert(&me, body)
            .await
            .assert_error(StatusCode::UNPROCESSABLE_ENTITY, text);
    }
    // A body of the wrong shape is the edge's 422, never a 500.
    let wrong = app
        .create_alert(&me, json!({"name": 5, "frequency": "daily"}))
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.event_count().await, before);
}

#[tokio::test]
async fn a_candidate_keeps_at_most_twenty_alerts_even_when_creating_at_once() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("collector@example.com").await;
    for i in 0..18 {
        app.create_alert(&me, alert(&format!("Alert {i}"), "Rust"))
            .await
            .assert_status(StatusCode::CREATED);
    }
    // Four at once for the last two places: exactly two land.
    let tries = (0..4).map(|i| app.create_alert(&me, alert(&format!("Race {i}"), "Go")));
    let replies = futures::future::join_all(tries).await;
    let created = replies
        .iter()
        .filter(|r| r.status == StatusCode::CREATED)
        .count();
    assert_eq!(
        created,
        2,
        "{:?}",
        replies.iter().map(|r| &r.body).collect::<Vec<_>>()
    );
    for refused in replies.iter().filter(|r| r.status != StatusCode::CREATED) {
        refused.assert_error(
            StatusCode::CONFLICT,
            "You can keep up to 20 job alerts. Delete one to add another.",
        );
    }
    let alerts = app.alerts(&me).await;
    assert_eq!(alerts.len(), 20);
    // Deleting one frees its place.
    let first = alerts[0]["id"].as_str().unwrap();
    app.delete(&format!("{ALERTS}/{first}"), Some(&me))
        .await
        .assert_status(StatusCode::OK);
    app.create_alert(&me, alert("One more", "Rust"))
        .await
        .assert_status(StatusCode::CREATED);
}

#[tokio::test]
async fn a_published_job_tells_an_instant_alert_once_by_bell_and_mail() {
    let app = TestApp::spawn().await;
    let email = "instant.seeker@example.com";
    let me = app.candidate_token(email).await;
    let alert_id = app
        .create_alert(&me, alert("Platform roles", "platform engineer"))
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    let daily = app
        .create_alert(
            &me,
            json!({"name": "Daily platform", "keywords": "Platform", "frequency": "daily"}),
        )
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    let paused = app
        .create_alert(&me, alert("Paused platform", "platform"))
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    app.post(&format!("{ALERTS}/{paused}/pause"), Some(&me), json!({}))
        .await
        .assert_status(StatusCode::OK);
    app.settle().await;

    let (job, employer, _) = app.post_titled("Senior Platform Engineer", false).await;
    app.post_titled("Data Analyst", false).await;
    assert_eq!(
        app.matches().await,
        2,
        "the instant and the daily alert, not the paused one"
    );

    let mails = app.mails_to(email).await;
    assert_eq!(mails.len(), 1, "only the instant alert mails: {mails:?}");
    let (subject, body, list_unsubscribe) = &mails[0];
    assert_eq!(subject, "New job: Senior Platform Engineer");
    for part in [
        "Senior Platform Engineer",
        "Harbour Labs",
        "Ultimo ",
        "$150k + super",
        &format!("/jobs/{job}"),
        "\u{201c}Platform roles\u{201d}",
    ] {
        assert!(body.contains(part), "{part:?} not in {body}");
    }
    let link = list_unsubscribe.as_deref().expect("a List-Unsubscribe URL");
    assert!(link.ends_with(&format!("/api/alerts/unsubscribe?token={}", token_in(body))));
    let titles = app.notification_titles(&me).await;
    assert_eq!(titles, ["New job for your alert"]);
    // The bell's item leads to the job's page, like the mail's link.
    let bell = app
        .get("/api/notifications?limit=20&offset=0", Some(&me))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(
        bell.list("notifications")[0]["link"],
        format!("/jobs/{job}")
    );

    // Edited, closed and reopened: still one match per alert, one mail, one bell.
    let mut form = job_form(&Uuid::nil().to_string());
    form["title"] = json!("Senior Platform Engineer (edited)");
    let _ = app.update_job(&employer, &job, form).await;
    app.job_action(&employer, &job, "close")
        .await
        .assert_status(StatusCode::OK);
    app.job_action(&employer, &job, "reopen")
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(app.matches().await, 2);
    assert_eq!(app.mails_to(email).await.len(), 1);
    assert_eq!(app.notification_titles(&me).await.len(), 1);

    let alerts = app.alerts(&me).await;
    let of = |id: &str| alerts.iter().find(|a| a["id"] == id).unwrap().clone();
    assert_eq!(of(&alert_id)["match_count"], 1);
    assert_eq!(of(&alert_id)["newest_job_id"], job.as_str());
    assert_eq!(of(&daily)["match_count"], 1);

    // The admin analytics count this week's alerts and mails.
    let (_, admin) = app.admin_token().await;
    let analytics = app
        .get("/api/admin/analytics", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    let weeks = analytics.list("job_alerts");
    let total = |key: &str| weeks.iter().map(|w| w[key].as_i64().unwrap()).sum::<i64>();
    assert_eq!((total("alerts_created"), total("mails_sent")), (3, 1));
}

#[tokio::test]
async fn keywords_match_whole_words_of_the_title_in_any_order_not_parts_of_words() {
    let app = TestApp::spawn().await;
    let me = app.candidate_token("wordy.seeker@example.com").await;
    let mut ids = Vec::new();
    for keywords in ["Java", "engineer  platform", "C#", ".NET", "dev"] {
        ids.push(
            app.create_alert(&me, alert(keywords, keywords))
                .await
                .assert_status(StatusCode::CREATED)
                .id(),
        );
    }
    app.settle().await;
    app.post_titled("Senior JavaScript Developer", false).await;
    app.post_titled("Platform Engineer (Java)", false).await;
    app.post_titled("C#/.NET Developer", false).await;
    assert_eq!(app.matches().await, 4);

    let matched: Vec<(String, String)> = sqlx::query_as(
        "SELECT a.keywords, m.job_title FROM job_alert_matches m JOIN job_alerts a ON a.id = m.alert_id
          ORDER BY 1, 2",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let matched: Vec<(&str, &str)> = matched
        .iter()
        .map(|(k, t)| (k.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        matched,
        [
            (".NET", "C#/.NET Developer"),
            ("C#", "C#/.NET Developer"),
            ("Java", "Platform Engineer (Java)"),
            ("engineer  platform", "Platform Engineer (Java)"),
        ],
        "\"java\" is not JavaScript, \"dev\" is not Developer; order and case do not matter"
    );
    // The portal's count of what each matches now says the same.
    let alerts = app.alerts(&me).await;
    let counts: Vec<i64> = ids
        .iter()
        .map(|id| {
            alerts.iter().find(|a| &a["id"] == id).unwrap()["match_count"]
                .as_i64()
                .unwrap()
        })
        .collect();
    assert_eq!(counts, [1, 1, 1, 1, 0]);
}

#[tokio::test]
async fn drafts_and_closed_jobs_never_match_and_publishing_or_reopening_does() {
    let app = TestApp::spawn().await;
    let email = "patient.seeker@example.com";
    let me = app.candidate_token(email).await;
    // A job that is closed before the alert exists.
    let (closed, closer, _) = app.post_titled("Kotlin Developer", false).await;
    app.job_action(&closer, &closed, "close")
        .await
        .assert_status(StatusCode::OK);
    app.create_alert(&me, alert("Kotlin", "kotlin"))
        .await
        .assert_status(StatusCode::CREATED);
    let (draft, employer, _) = app.post_titled("Kotlin Engineer", true).await;
    assert_eq!(
        app.matches().await,
        0,
        "a closed job and a draft match nothing"
    );
    assert_eq!(app.alerts(&me).await[0]["match_count"], 0);

    app.job_action(&employer, &draft, "publish")
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(app.matches().await, 1, "publishing the draft matches");
    app.job_action(&closer, &closed, "reopen")
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(app.matches().await, 2, "reopening the closed job matches");
    assert_eq!(app.mails_to(email).await.len(), 2);
    assert_eq!(app.alerts(&me).await[0]["match_count"], 2);
}

/// The unsubscribe link opened in a browser: a page (never a JSON error),
/// with `status`. Its HTML.
async fn unsubscribe_page(app: &TestApp, token: &str, status: StatusCode) -> String {
    let page = app
        .raw_get(&format!("/api/alerts/unsubscribe?token={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), status);
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    page.text().await.unwrap()
}

#[tokio::test]
async fn the_unsubscribe_link_pauses_its_alert_without_signing_in_and_refuses_a_bad_link() {
    let app = TestApp::spawn().await;
    let email = "unsubscriber@example.com";
    let me = app.candidate_token(email).await;
    let id = app
        .create_alert(&me, alert("Rust roles", "rust"))
        .await
        .assert_status(StatusCode::CREATED)
        .id();
    app.settle().await;
    app.post_titled("Rust Engineer", false).await;
    let mails = app.mails_to(email).await;
    let token = token_in(&mails[0].1);

    // Tampered: one character of the signature changed, or another alert's id.
    let mut tampered = token.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == '0' { '1' } else { '0' });
    let html = unsubscribe_page(&app, &tampered, StatusCode::BAD_REQUEST).await;
    assert!(
        html.starts_with("<!doctype html>") && html.contains("<h1>This link doesn't work</h1>"),
        "a page, not an API error: {html}"
    );
    assert!(html.contains("/candidate/login?to=alerts\">Sign in</a>"));
    let foreign = token.replacen(
        &Uuid::parse_str(&id).unwrap().simple().to_string(),
        &Uuid::now_v7().simple().to_string(),
        1,
    );
    app.post(
        &format!("/api/alerts/unsubscribe?token={foreign}"),
        None,
        json!({}),
    )
    .await
    .assert_error(StatusCode::BAD_REQUEST, "This link doesn't work");
    // Expired: signed with the server's key, but its time has passed.
    let hasher = &app.app.state.commands.hasher;
    let me_id: Uuid = sqlx::query_scalar("SELECT candidate_id FROM job_alerts WHERE id = $1")
        .bind(Uuid::parse_str(&id).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let expired = api::alert_links::token(
        hasher,
        me_id,
        Uuid::parse_str(&id).unwrap(),
        Utc::now() - Duration::minutes(1),
    );
    app.post(
        &format!("/api/alerts/unsubscribe?token={expired}"),
        None,
        json!({}),
    )
    .await
    .assert_error(StatusCode::GONE, "This link has expired");
    app.post("/api/alerts/unsubscribe", None, json!({}))
        .await
        .assert_error(StatusCode::BAD_REQUEST, "This link doesn't work");
    assert_eq!(
        app.alerts(&me).await[0]["paused"],
        false,
        "no bad link paused it"
    );

    // The link from the mail, opened in a browser: a page that says so.
    let html = unsubscribe_page(&app, &token, StatusCode::OK).await;
    assert!(
        html.contains("Job alert paused") && html.contains("Rust roles"),
        "{html}"
    );
    assert_eq!(app.alerts(&me).await[0]["paused"], true);
    // Its "Sign in" comes back to the portal's Job Alerts tab, where the
    // alert can be resumed (the login reads `?to=alerts`), not to Browse Jobs.
    let public = app.app.state.commands.links.public.trim_end_matches('/');
    assert!(
        html.contains(&format!(
            "<a href=\"{public}/candidate/login?to=alerts\">Sign in</a>"
        )),
        "{html}"
    );
    // A mail client's one-click POST (RFC 8058) says the same, again.
    let one_click = app
        .client
        .post(format!("{}/api/alerts/unsubscribe?token={token}", app.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(one_click.status(), StatusCode::OK);
    let paused_events: i64 = app.events_of_type("JobAlertPaused").await;
    assert_eq!(paused_events, 1, "pausing a paused alert writes nothing");
    // Paused: the next matching job says nothing.
    app.post_titled("Rust Developer", false).await;
    assert_eq!(app.mails_to(email).await.len(), 1);
}

#[tokio::test]
async fn alerts_are_in_the_export_and_go_with_an_erasure() {
    let app = TestApp::spawn().await;
    let email = "leaving.seeker@example.com";
    let me = app.candidate_token(email).await;
    app.create_alert(&me, alert("Quokka hunting", "Quokka"))
        .await
        .assert_status(StatusCode::CREATED);
    app.settle().await;
    let (job, _, _) = app.post_titled("Quokka Wrangler", false).await;
    assert_eq!(app.matches().await, 1);

    let url = app.export_link("/api/account/export", &me).await;
    let data = app.unzip(&url, &me).await.data();
    assert_eq!(data["job_alerts"][0]["name"], "Quokka hunting");
    assert_eq!(data["job_alert_matches"][0]["job_id"], job.as_str());
    assert!(
        data["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["type"] == "JobAlertMatched"),
        "the match's event is about them"
    );

    // The analyst role reads the alerts but never what was typed.
    let mut conn = app.pool.acquire().await.unwrap();
    sqlx::query("SET ROLE recruit_analyst")
        .execute(&mut *conn)
        .await
        .unwrap();
    let counted: i64 = sqlx::query_scalar("SELECT count(id) FROM job_alerts")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(counted, 1);
    for column in [
        "keywords",
        "name",
        "keyword_words",
        "match_keys",
        "candidate_id",
    ] {
        let refused = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {column} FROM job_alerts"
        )))
        .fetch_all(&mut *conn)
        .await;
        assert!(refused.is_err(), "the analyst read {column}");
    }
    sqlx::query("RESET ROLE").execute(&mut *conn).await.unwrap();
    drop(conn);

    app.erase_candidate(&me).await.assert_status(StatusCode::OK);
    app.settle().await;
    let (alerts, matches): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM job_alerts), (SELECT count(*) FROM job_alert_matches)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((alerts, matches), (0, 0));
    let mail_left: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_outbox WHERE body LIKE '%Quokka hunting%'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(mail_left, 0, "the alert's mail went with its owner");
    // What they typed reads [erased] in the log.
    let created = app.events_of_type("JobAlertCreated").await;
    assert_eq!(created, 1);
    let log: Vec<(String,)> =
        sqlx::query_as("SELECT stream_id FROM events WHERE event_type = 'JobAlertCreated'")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let events = app.stream_events(&log[0].0).await;
    assert_eq!(events[0].payload["keywords"], "[erased]");
    assert_eq!(events[0].payload["name"], "[erased]");
}

#[tokio::test]
async fn a_rebuild_reproduces_alerts_and_matches_and_sends_nothing_again() {
    let app = TestApp::spawn().await;
    let email = "rebuilt.seeker@example.com";
    let me = app.candidate_token(email).await;
    app.create_alert(&me, alert("Go roles", "go"))
        .await
        .assert_status(StatusCode::CREATED);
    app.settle().await;
    app.post_titled("Go Developer", false).await;
    app.post_titled("Senior Go Engineer", false).await;
    app.post_titled("Django Developer", false).await;
    assert_eq!(
        app.matches().await,
        2,
        "\"go\" is a word, not a part of Django"
    );
    let rows = |pool: sqlx::PgPool| async move {
        let mut all = Vec::new();
        for table in ["job_alerts", "job_alert_matches", "notifications"] {
            let rows: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT to_jsonb(t)::text FROM {table} t ORDER BY 1"
            )))
            .fetch_all(&pool)
            .await
            .unwrap();
            all.extend(rows.into_iter().map(|(r,)| r));
        }
        all
    };
    let (live, outbox, bells) = (
        rows(app.pool.clone()).await,
        app.mails_to(email).await.len(),
        app.notification_titles(&me).await.len(),
    );
    assert_eq!((outbox, bells), (2, 2));

    // The alerts' read model and the bell's, each replayed from the log (one
    // projector at a time: `--all` takes a connection per projector).
    let source = app.app.state.source();
    for projector in projections::all()
        .into_iter()
        .filter(|p| ["job_alerts", "notifications"].contains(&p.name()))
    {
        projections::rebuild::rebuild(&source, projector.as_ref(), 500, |_| {})
            .await
            .unwrap();
    }
    app.settle().await;
    assert_eq!(rows(app.pool.clone()).await, live);
    assert_eq!(app.mails_to(email).await.len(), 2, "a rebuild mails nobody");
    assert_eq!(app.notification_titles(&me).await.len(), 2);
    assert_eq!(app.events_of_type("JobAlertMatched").await, 2);
}

/// The first moment the digest hour strikes in Sydney after `at`.
fn next_digest_hour(at: chrono::DateTime<Utc>) -> chrono::DateTime<Utc> {
    use chrono::{TimeZone, Timelike};
    let local = at.with_timezone(&chrono_tz::Australia::Sydney);
    let mut day = local.date_naive();
    if local.hour() >= api::alert_digest::DIGEST_HOUR {
        day = day.succ_opt().unwrap();
    }
    chrono_tz::Australia::Sydney
        .from_local_datetime(
            &day.and_hms_opt(api::alert_digest::DIGEST_HOUR, 0, 0)
                .unwrap(),
        )
        .earliest()
        .unwrap()
        .with_timezone(&Utc)
}

#[tokio::test]
async fn a_daily_alert_gets_one_digest_at_the_hour_and_nothing_when_there_is_nothing() {
    let app = TestApp::spawn().await;
    let email = "daily.seeker@example.com";
    let quiet = "quiet.seeker@example.com";
    let me = app.candidate_token(email).await;
    let them = app.candidate_token(quiet).await;
    let daily = |name: &str, keywords: &str| json!({"name": name, "keywords": keywords, "frequency": "daily"});
    app.create_alert(&me, daily("Swift daily", "swift"))
        .await
        .assert_status(StatusCode::CREATED);
    app.create_alert(&them, daily("Cobol daily", "cobol"))
        .await
        .assert_status(StatusCode::CREATED);
    app.settle().await;
    app.post_titled("Swift Developer", false).await;
    app.post_titled("Senior Swift Engineer", false).await;
    assert_eq!(app.matches().await, 2);
    assert!(
        app.mails_to(email).await.is_empty(),
        "daily alerts mail nothing at once"
    );
    assert!(app.notification_titles(&me).await.is_empty());

    let matched_at: chrono::DateTime<Utc> =
        sqlx::query_scalar("SELECT max(matched_at) FROM job_alert_matches")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let hour = next_digest_hour(matched_at);
    let state = &app.app.state;
    let early = api::alert_digest::round(state, hour - Duration::minutes(1))
        .await
        .unwrap();
    assert_eq!(early.sent, 0, "nothing before the hour");
    let on_time = api::alert_digest::round(state, hour + Duration::minutes(3))
        .await
        .unwrap();
    assert_eq!(on_time.sent, 1, "one digest: the quiet alert had nothing");
    app.settle().await;
    let again = api::alert_digest::round(state, hour + Duration::minutes(8))
        .await
        .unwrap();
    assert_eq!(again.sent, 0, "a second round sends nothing again");
    let tomorrow = api::alert_digest::round(state, hour + Duration::days(1))
        .await
        .unwrap();
    assert_eq!(tomorrow.sent, 0, "nothing new, nothing sent");

    let mails = app.mails_to(email).await;
    assert_eq!(mails.len(), 1);
    let (subject, body, unsubscribe) = &mails[0];
    assert_eq!(subject, "2 new jobs for \u{201c}Swift daily\u{201d}");
    assert!(
        body.contains("Swift Developer") && body.contains("Senior Swift Engineer"),
        "{body}"
    );
    assert!(
        body.contains("Harbour Labs") && body.contains("$150k + super"),
        "{body}"
    );
    assert!(
        unsubscribe
            .as_deref()
            .is_some_and(|u| u.contains(&token_in(body)))
    );
    assert!(app.mails_to(quiet).await.is_empty());
    assert_eq!(app.events_of_type("JobAlertDigestSent").await, 1);
}
