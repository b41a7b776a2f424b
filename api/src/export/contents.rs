//! What an export holds, written into its archive in order: the stored files
//! first (`files/resume/…`, `files/documents/…`), then `data.json`, which
//! says which of them it found. `data.json` is everything the read models
//! hold about the person, then every event about them, written a page at a
//! time as it is read from the log.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::account::Role;
use event_store::{Actor, RecordedEvent};
use futures::StreamExt;
use projections::read_models::accounts::AccountRow;
use projections::read_models::companies::{self, CompanyProfile};
use projections::read_models::documents::{self, Document};
use projections::read_models::interviews::{self, InterviewRow};
use projections::read_models::job_alerts::{self, AlertMatch, JobAlert};
use projections::read_models::notifications::Notification;
use projections::read_models::profiles;
use projections::read_models::saved_jobs::{self, SavedJob};
use projections::read_models::subject_access::{self, ApplicationHeld};
use serde::Serialize;
use serde_json::Value;
use uuid::Uuid;

use super::archive::{Packing, ZipSink};
use super::entry_name;
use crate::app::AppState;
use crate::routes::{TimelineStep, application_timeline};

/// What `data.json` says it is, for whoever reads it later.
pub const FORMAT: &str = "harbour-it-data-export/1";
/// Events read from the log at a time.
const EVENT_PAGE: i64 = 500;

/// `data.json` without its events, which follow it page by page.
#[derive(Serialize)]
struct Held {
    format: &'static str,
    exported_at: DateTime<Utc>,
    account: AccountRow,
    profile: Option<ProfileHeld>,
    company: Option<CompanyProfile>,
    applications: Vec<ApplicationWithHistory>,
    interviews: Vec<InterviewRow>,
    documents: Vec<DocumentHeld>,
    /// The jobs they saved to come back to, as their list shows them.
    saved_jobs: Vec<SavedJob>,
    notifications: Vec<Notification>,
    /// Saved searches, and the jobs that matched them (issue 28).
    job_alerts: Vec<JobAlert>,
    job_alert_matches: Vec<AlertMatch>,
}

#[derive(Serialize)]
struct ProfileHeld {
    /// Education, experience, skills, as last saved.
    details: Option<Value>,
    updated_at: DateTime<Utc>,
    resume: Option<FileHeld>,
}

#[derive(Serialize)]
struct FileHeld {
    original_name: String,
    content_type: String,
    /// Where the file is in this archive; null when the storage no longer
    /// has it.
    file: Option<String>,
}

#[derive(Serialize)]
struct ApplicationWithHistory {
    #[serde(flatten)]
    application: ApplicationHeld,
    history: Vec<TimelineStep>,
}

#[derive(Serialize)]
struct DocumentHeld {
    #[serde(flatten)]
    document: Document,
    content_type: String,
    /// Where the file is in this archive; null when the storage no longer
    /// has it.
    file: Option<String>,
}

/// One event about the person, as the audit screen shows it: personal fields
/// unsealed (or `[erased]`), secrets `[secret]`.
#[derive(Serialize)]
struct EventHeld {
    position: i64,
    stream: String,
    stream_version: i64,
    #[serde(rename = "type")]
    event_type: String,
    recorded_at: DateTime<Utc>,
    /// Who caused it, by role: `candidate`, `employer`, `admin`, `policy`, …
    actor: Option<Actor>,
    payload: Value,
}

impl From<RecordedEvent> for EventHeld {
    fn from(e: RecordedEvent) -> Self {
        Self {
            payload: domain::event::without_secrets(&e.event_type, e.payload),
            position: e.position,
            stream: e.stream_id,
            stream_version: e.stream_version,
            event_type: e.event_type,
            recorded_at: e.recorded_at,
            actor: e.metadata.actor_role,
        }
    }
}

/// The streams named after a person that seal nothing for them: their
/// company profile, and the log of who opened their record. (Their account,
/// profile, applications, documents and notifications are sealed for them,
/// which is how the log finds those.)
fn own_streams(person: Uuid) -> Vec<String> {
    vec![
        domain::account::stream_id(person),
        domain::profile::stream_id(person),
        domain::company::stream_id(person),
        domain::access::stream_id(person),
    ]
}

/// Writes `account`'s export into `zip` and finishes it.
pub async fn write(state: &AppState, account: AccountRow, mut zip: ZipSink) -> anyhow::Result<()> {
    let person = account.id;
    let is_candidate = account.role == Role::Candidate;
    let exported_at = Utc::now();

    let mut profile = None;
    let mut documents_held = Vec::new();
    let mut applications = Vec::new();
    let mut interviews = Vec::new();
    let mut saved = Vec::new();
    if is_candidate {
        if let Some(row) = profiles::by_candidate(&state.pool, person).await? {
            let resume = match (row.resume_key, row.resume_original_name) {
                (Some(key), Some(name)) => {
                    let path = format!("files/resume/{}", entry_name(&name));
                    let file = copy_file(state, &mut zip, &key, path).await?;
                    Some(FileHeld {
                        original_name: name,
                        content_type: row.resume_content_type.unwrap_or_default(),
                        file,
                    })
                }
                _ => None,
            };
            profile = Some(ProfileHeld {
                details: row.profile,
                updated_at: row.updated_at,
                resume,
            });
        }
        for document in documents::for_owner(&state.pool, person).await? {
            let path = format!(
                "files/documents/{}-{}",
                document.id,
                entry_name(&document.original_name)
            );
            let file = copy_file(state, &mut zip, &document.storage_key, path).await?;
            documents_held.push(DocumentHeld {
                content_type: document.content_type.clone(),
                document,
                file,
            });
        }
        for application in subject_access::applications(&state.pool, person).await? {
            let stream = domain::application::stream_id(application.id);
            let history = application_timeline(&state.store().read_stream(&stream).await?)?;
            applications.push(ApplicationWithHistory {
                application,
                history,
            });
        }
        interviews = interviews::for_candidate(&state.pool, person).await?;
        saved = saved_jobs::for_candidate(&state.pool, person).await?;
    }
    let company = if account.role == Role::Employer {
        companies::by_employer(&state.pool, person).await?
    } else {
        None
    };
    let held = Held {
        format: FORMAT,
        exported_at,
        account,
        profile,
        company,
        applications,
        interviews,
        documents: documents_held,
        saved_jobs: saved,
        notifications: subject_access::notifications(&state.pool, person).await?,
        job_alerts: job_alerts::list(&state.pool, person).await?,
        job_alert_matches: job_alerts::matches_of(&state.pool, person).await?,
    };

    zip.entry("data.json".into(), Packing::Text).await?;
    // The held data as one pretty object, left open for the events.
    let head = serde_json::to_string_pretty(&held)?;
    let head = head
        .strip_suffix("\n}")
        .context("The export's data is not a JSON object")?;
    zip.write(format!("{head},\n  \"events\": [")).await?;
    let streams = own_streams(person);
    let mut after = 0;
    let mut first = true;
    loop {
        let page = state
            .store()
            .read_about(person, &streams, after, EVENT_PAGE)
            .await?;
        let Some(last) = page.last() else { break };
        after = last.position;
        let full = page.len() as i64 == EVENT_PAGE;
        let mut text = String::new();
        for event in page {
            text.push_str(if first { "\n    " } else { ",\n    " });
            first = false;
            let pretty = serde_json::to_string_pretty(&EventHeld::from(event))?;
            text.push_str(&indent(&pretty, 4));
        }
        zip.write(text).await?;
        if !full {
            break;
        }
    }
    zip.write(if first { "]\n}\n" } else { "\n  ]\n}\n" })
        .await?;
    zip.finish().await
}

/// `json` with every line after the first indented by `by` spaces, to sit
/// inside the document at that depth.
fn indent(json: &str, by: usize) -> String {
    json.replace('\n', &format!("\n{}", " ".repeat(by)))
}

/// Copies a stored file into the archive at `path`, chunk by chunk. Where
/// it is (None: nothing is stored under `key` any more).
async fn copy_file(
    state: &AppState,
    zip: &mut ZipSink,
    key: &str,
    path: String,
) -> anyhow::Result<Option<String>> {
    let Some(mut chunks) = state.files.chunks(key).await? else {
        tracing::warn!(key, "an exported file is missing from storage");
        return Ok(None);
    };
    zip.entry(path.clone(), Packing::Upload).await?;
    while let Some(chunk) = chunks.next().await {
        zip.write(chunk.context("Failed to read a stored file")?)
            .await?;
    }
    Ok(Some(path))
}
