//! The `recruit` binary's subcommands against a real database.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::support::{TestApp, drop_database, fresh_database, url_for};

struct Cli {
    database: String,
    mail: std::path::PathBuf,
}

impl Drop for Cli {
    fn drop(&mut self) {
        drop_database(self.database.clone());
    }
}

impl Cli {
    async fn new() -> Self {
        let database = fresh_database().await;
        let mail = std::env::temp_dir().join(format!("recruit-cli-{database}"));
        Self { database, mail }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_recruit"));
        cmd.args(args)
            .env("DATABASE_URL", url_for(&self.database))
            .env("APP_ENV", "development")
            .env("MAIL_DIR", &self.mail)
            .env("STORAGE_DIR", self.mail.join("storage"))
            .env("RUST_LOG", "warn");
        cmd
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self.command(args).output().expect("run recruit");
        assert!(
            out.status.success(),
            "recruit {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON event per line"))
        .collect()
}

#[tokio::test]
async fn seed_loads_demo_data_through_the_commands_once_with_progress() {
    let cli = Cli::new().await;
    let first = cli.run(&["seed"]);
    let progress = String::from_utf8_lossy(&first.stderr);
    assert!(
        progress.contains("seeding [")
            && progress.contains(
                "seeded 12 locations, 7 salary ranges, 8 employers, 44 jobs, 2 admins, 5 enquiries"
            ),
        "{progress}"
    );
    let second = cli.run(&["seed"]);
    assert!(String::from_utf8_lossy(&second.stderr).contains("already present"));

    // History, not rows: every job is an event, the expired ones included.
    let tail = cli.run(&["events", "tail", "--from", "0"]);
    let events = lines(&tail);
    let posted = events
        .iter()
        .filter(|e| e["event_type"] == "JobPosted")
        .count();
    assert_eq!(posted, 44);
    // The demo employer's pipelines: applicants at every stage, with notes,
    // scorecards and interviews.
    assert!(
        progress.contains("and 16 applications in the demo employer's pipelines"),
        "{progress}"
    );
    let count = |t: &str| events.iter().filter(|e| e["event_type"] == t).count();
    // The applicant erased on request had an interview booked: the erasure
    // cancelled it (the seed brings the interviews read model up to date
    // first), so it is not left on the employer's list. Nothing else is.
    assert_eq!(count("InterviewCancelled"), 1);
    assert_eq!(count("ApplicationSubmitted"), 16);
    let stages: std::collections::HashSet<&str> = events
        .iter()
        .filter(|e| e["event_type"] == "ApplicationMoved")
        .map(|e| e["payload"]["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        stages.len(),
        5,
        "moved to every stage after new: {stages:?}"
    );
    assert!(
        count("NoteAdded") >= 5
            && count("ScorecardSubmitted") >= 3
            && count("InterviewScheduled") >= 4
    );
    assert_eq!(count("CompanyProfileUpdated"), 1);
    // The admin workspace's demo: enquiries at every step, a moderated job.
    assert_eq!(count("ContactMessageReceived"), 5);
    assert_eq!(count("JobClosedByAgency"), 1);
    // The demo candidate's saved searches come before the jobs they match,
    // so the alert policy tells them of those jobs as it would have.
    let created = events
        .iter()
        .position(|e| e["event_type"] == "JobAlertCreated")
        .expect("the demo candidate's job alerts");
    let first_job = events
        .iter()
        .position(|e| e["event_type"] == "JobPosted")
        .unwrap();
    assert_eq!(count("JobAlertCreated"), 2);
    assert!(created < first_job);
    assert!(
        events
            .iter()
            .filter(|e| e["event_type"] == "JobAlertCreated")
            .all(|e| e["metadata"]["actor_id"] == e["payload"]["candidate_id"])
    );
    // History has a past: the seed stamps events with the time they play at.
    let oldest = events
        .iter()
        .filter_map(|e| e["recorded_at"].as_str())
        .filter_map(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .min()
        .unwrap();
    assert!(chrono::Utc::now().signed_duration_since(oldest) > chrono::Duration::days(14));
    assert!(events.iter().all(|e| e["metadata"]["actor_role"] == "seed"));
    // ... each pipeline event in the name of the person it plays, so histories
    // read "Moved to Interview by Mei Chen", not "by the demo data".
    let of_type = |t: &'static str| events.iter().filter(move |e| e["event_type"] == t);
    assert!(
        of_type("ApplicationMoved").all(|e| e["metadata"]["actor_id"] == e["payload"]["moved_by"])
    );
    assert!(
        of_type("ApplicationSubmitted")
            .all(|e| e["metadata"]["actor_id"] == e["payload"]["candidate_id"])
    );
    assert!(
        of_type("InterviewScheduled")
            .all(|e| e["metadata"]["actor_id"] == e["payload"]["employer_id"])
    );
    // ... and the jobs, approvals, reference data and the erasure in the name of the employer or admin who
    // would have done it: the audit trail reads "Mei Chen posted …", not "the demo data posted".
    assert!(of_type("JobPosted").all(|e| e["metadata"]["actor_id"] == e["payload"]["employer_id"]));
    assert!(
        of_type("EmployerApproved")
            .all(|e| e["metadata"]["actor_id"] == e["payload"]["approved_by"])
    );
    assert!(
        of_type("LocationAdded")
            .chain(of_type("SalaryRangeAdded"))
            .chain(of_type("PersonErased"))
            .all(|e| e["metadata"]["actor_id"].is_string())
    );
    // Every seeded applicant but the demo candidate and the one erased sends a
    // resume, uploaded once (one of them applies twice, with the same one).
    assert_eq!(count("DocumentUploaded"), 13);
    assert_eq!(
        of_type("ApplicationSubmitted")
            .filter(|e| e["payload"]["resume_id"].is_string())
            .count(),
        14
    );
    let positions: Vec<i64> = events
        .iter()
        .map(|e| e["position"].as_i64().unwrap())
        .collect();
    let from = positions[10];
    let later = lines(&cli.run(&[
        "events",
        "tail",
        "--from",
        &from.to_string(),
        "--limit",
        "3",
    ]));
    assert_eq!(
        later
            .iter()
            .map(|e| e["position"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        positions[11..14].to_vec()
    );

    let stream = events
        .iter()
        .find(|e| e["event_type"] == "AccountRegistered")
        .unwrap()["stream_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let one = lines(&cli.run(&["events", "stream", &stream]));
    assert_eq!(
        one[0]["payload"]["email"], "admin@example.com",
        "auditors read decrypted personal data"
    );
    let missing = cli
        .command(&["events", "stream", "account-nope"])
        .output()
        .unwrap();
    assert!(!missing.status.success());

    let rebuilt = cli.run(&["projections", "rebuild", "--all"]);
    let report = String::from_utf8_lossy(&rebuilt.stdout);
    assert!(
        report.contains("job_board:") && report.contains("events/s"),
        "{report}"
    );
    let status = String::from_utf8_lossy(&cli.run(&["projections", "status"]).stdout).to_string();
    for name in ["accounts", "job_board", "notifications", "reference"] {
        assert!(
            status
                .lines()
                .any(|l| l.starts_with(name) && l.contains("live")),
            "{name}: {status}"
        );
    }
}

#[tokio::test]
async fn admin_create_reads_the_password_from_stdin_and_checks_it() {
    let cli = Cli::new().await;
    cli.run(&["migrate"]);
    let mut child = cli
        .command(&[
            "admin",
            "create",
            "--email",
            "ops@harbourit.test",
            "--name",
            "Ops Admin",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Sup3r$ecret\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("admin created: "));

    let weak = cli
        .command(&[
            "admin",
            "create",
            "--email",
            "weak@harbourit.test",
            "--name",
            "Weak",
        ])
        .env("RECRUIT_ADMIN_PASSWORD", "password")
        .output()
        .unwrap();
    assert!(!weak.status.success());
    assert!(
        String::from_utf8_lossy(&weak.stderr)
            .contains("Password must be at least 8 characters long")
    );
    let common = cli
        .command(&[
            "admin",
            "create",
            "--email",
            "common@harbourit.test",
            "--name",
            "Common",
        ])
        .env("RECRUIT_ADMIN_PASSWORD", "Admin123!")
        .output()
        .unwrap();
    assert!(!common.status.success());
    assert!(
        String::from_utf8_lossy(&common.stderr)
            .contains("This password is too common. Choose one that is harder to guess.")
    );
}

/// `recruit openapi` is what web/src/api/openapi.json is made from (and CI
/// compares them), so it must print the served document, and print it with
/// no database to read: CI and a web developer run it with none.
#[tokio::test]
async fn openapi_prints_the_served_document_without_a_database() {
    let app = TestApp::spawn().await;
    let served = app.get("/api/openapi.json", None).await.body;
    let out = Command::new(env!("CARGO_BIN_EXE_recruit"))
        .arg("openapi")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .output()
        .expect("run recruit openapi");
    assert!(
        out.status.success(),
        "recruit openapi failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.ends_with("}\n"), "no trailing newline");
    assert_eq!(serde_json::from_str::<Value>(&printed).unwrap(), served);
}
