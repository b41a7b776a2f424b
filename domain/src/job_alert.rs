//! Job alerts: a candidate's saved searches, and the record that a published
//! job matched one of them (issue 28).
//!
//! Streams: `job-alerts-{candidate}` holds every alert of one candidate, so
//! the rule "at most [`MAX_ALERTS`] alerts each" is decided on one state and
//! held by the store's version check: two creations racing for the last place
//! cannot both land (the loser is decided again and refused). A match is its
//! own stream, `job-alert-match-{id}`, with an id derived from the alert and
//! the job ([`match_id`]): the policy appends it expecting no stream, so a job
//! that is edited, republished or reopened never matches one alert twice.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::job::{JobType, Specialisation};
use crate::validation::{optional_text, required_text};
use crate::{DomainError, DomainEvent};

/// The most alerts one candidate may keep.
pub const MAX_ALERTS: usize = 20;
pub const MAX_NAME_LEN: usize = 80;
pub const MAX_KEYWORDS_LEN: usize = 100;

pub fn stream_id(candidate_id: Uuid) -> String {
    format!("job-alerts-{candidate_id}")
}

pub fn match_stream_id(match_id: Uuid) -> String {
    format!("job-alert-match-{match_id}")
}

pub fn digest_stream_id(digest_id: Uuid) -> String {
    format!("job-alert-digest-{digest_id}")
}

/// The id of an alert's digest for one (Sydney) day: one digest per alert
/// and day, however many processes try to send it.
pub fn digest_id(alert: Uuid, day: NaiveDate) -> Uuid {
    let mut name = alert.as_bytes().to_vec();
    name.extend_from_slice(day.to_string().as_bytes());
    Uuid::new_v5(&Uuid::NAMESPACE_OID, &name)
}

/// The id of the match of `job` with `alert`: the same pair always gives
/// the same id, so its stream can be written once.
pub fn match_id(alert: Uuid, job: Uuid) -> Uuid {
    let mut name = alert.as_bytes().to_vec();
    name.extend_from_slice(job.as_bytes());
    Uuid::new_v5(&Uuid::NAMESPACE_OID, &name)
}

/// When the candidate hears of a match: at once, or in the day's digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Frequency {
    Instant,
    Daily,
}

impl Frequency {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Instant => "instant",
            Self::Daily => "daily",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "instant" => Ok(Self::Instant),
            "daily" => Ok(Self::Daily),
            _ => Err(DomainError::invalid("How often must be instant or daily")),
        }
    }
}

parsed_by_parse!(Frequency);

/// What an alert looks for, validated. Every criterion left out matches
/// anything; keywords match a job whose title holds each of their words as a
/// whole word, in any order and any case ("java" finds "Senior Java
/// Developer", not "JavaScript Developer"; the read model's
/// `job_alert_words` says what a word is).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AlertSearch {
    pub keywords: Option<String>,
    pub location_id: Option<Uuid>,
    pub salary_range_id: Option<Uuid>,
    pub job_type: Option<JobType>,
    pub specialisation: Option<Specialisation>,
}

/// An alert's form as the candidate sent it. Reference ids arrive checked
/// by the caller against the reference lists (`location_known` etc.).
#[derive(Debug, Clone, Default)]
pub struct AlertInput<'a> {
    pub name: &'a str,
    pub keywords: Option<&'a str>,
    pub location_id: Option<Uuid>,
    pub salary_range_id: Option<Uuid>,
    pub job_type: Option<&'a str>,
    pub specialisation: Option<&'a str>,
    pub frequency: &'a str,
}

/// An alert's form, validated in the order the form shows its fields.
#[derive(Debug, Clone, PartialEq)]
pub struct AlertForm {
    pub name: String,
    pub search: AlertSearch,
    pub frequency: Frequency,
}

/// A choice the form sent, `None` when it left it empty.
fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

impl AlertForm {
    pub fn parse(input: AlertInput<'_>) -> Result<Self, DomainError> {
        let name = required_text(input.name, "Alert name", MAX_NAME_LEN)?;
        let keywords = optional_text(input.keywords, "Keywords", MAX_KEYWORDS_LEN)?;
        let job_type = given(input.job_type).map(JobType::parse).transpose()?;
        let specialisation = given(input.specialisation)
            .map(Specialisation::parse)
            .transpose()?;
        let search = AlertSearch {
            keywords,
            location_id: input.location_id,
            salary_range_id: input.salary_range_id,
            job_type,
            specialisation,
        };
        if search == AlertSearch::default() {
            return Err(DomainError::invalid(
                "Add keywords or choose a location, salary range, job type or specialisation",
            ));
        }
        let frequency = Frequency::parse(input.frequency)?;
        Ok(Self {
            name,
            search,
            frequency,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobAlertCreated {
    pub alert_id: Uuid,
    pub candidate_id: Uuid,
    pub name: String,
    #[serde(flatten)]
    pub search: AlertSearch,
    pub frequency: Frequency,
    pub created_at: DateTime<Utc>,
}

/// A published job matched an alert (written by the job alert policy, once
/// per alert and job).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobAlertMatched {
    pub match_id: Uuid,
    pub alert_id: Uuid,
    pub candidate_id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    /// The alert's frequency when it matched: instant matches were mailed
    /// with this event, daily ones wait for the digest.
    pub frequency: Frequency,
    /// Whether a mail went with this event (an instant alert of an active
    /// account).
    pub mailed: bool,
    pub matched_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobAlertEvent {
    JobAlertCreated(JobAlertCreated),
    JobAlertEdited {
        alert_id: Uuid,
        name: String,
        #[serde(flatten)]
        search: AlertSearch,
        frequency: Frequency,
        edited_at: DateTime<Utc>,
    },
    JobAlertPaused {
        alert_id: Uuid,
        /// Paused from the one-click unsubscribe link in a mail rather
        /// than in the portal.
        #[serde(default)]
        unsubscribed: bool,
        paused_at: DateTime<Utc>,
    },
    JobAlertResumed {
        alert_id: Uuid,
        resumed_at: DateTime<Utc>,
    },
    JobAlertDeleted {
        alert_id: Uuid,
        deleted_at: DateTime<Utc>,
    },
    JobAlertMatched(JobAlertMatched),
    /// A daily alert's digest of `match_ids` was mailed (stream
    /// `job-alert-digest-{id}`, once per alert and day).
    JobAlertDigestSent {
        digest_id: Uuid,
        alert_id: Uuid,
        candidate_id: Uuid,
        day: NaiveDate,
        match_ids: Vec<Uuid>,
        sent_at: DateTime<Utc>,
    },
}

impl DomainEvent for JobAlertEvent {
    const TYPES: &'static [&'static str] = &[
        "JobAlertCreated",
        "JobAlertEdited",
        "JobAlertPaused",
        "JobAlertResumed",
        "JobAlertDeleted",
        "JobAlertMatched",
        "JobAlertDigestSent",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::JobAlertCreated(_) => "JobAlertCreated",
            Self::JobAlertEdited { .. } => "JobAlertEdited",
            Self::JobAlertPaused { .. } => "JobAlertPaused",
            Self::JobAlertResumed { .. } => "JobAlertResumed",
            Self::JobAlertDeleted { .. } => "JobAlertDeleted",
            Self::JobAlertMatched(_) => "JobAlertMatched",
            Self::JobAlertDigestSent { .. } => "JobAlertDigestSent",
        }
    }

    /// What the candidate typed: the alert's name and its keywords.
    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::JobAlertCreated(_) | Self::JobAlertEdited { .. } => &["name", "keywords"],
            _ => &[],
        }
    }
}

/// One alert as its candidate's stream holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Alert {
    pub name: String,
    pub search: AlertSearch,
    pub frequency: Frequency,
    pub paused: bool,
}

/// A candidate's alerts (deleted ones are gone).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JobAlerts {
    pub candidate_id: Option<Uuid>,
    pub alerts: BTreeMap<Uuid, Alert>,
}

pub fn evolve(mut state: JobAlerts, event: &JobAlertEvent) -> JobAlerts {
    match event {
        JobAlertEvent::JobAlertCreated(c) => {
            state.candidate_id = Some(c.candidate_id);
            state.alerts.insert(
                c.alert_id,
                Alert {
                    name: c.name.clone(),
                    search: c.search.clone(),
                    frequency: c.frequency,
                    paused: false,
                },
            );
        }
        JobAlertEvent::JobAlertEdited {
            alert_id,
            name,
            search,
            frequency,
            ..
        } => {
            if let Some(alert) = state.alerts.get_mut(alert_id) {
                alert.name = name.clone();
                alert.search = search.clone();
                alert.frequency = *frequency;
            }
        }
        JobAlertEvent::JobAlertPaused { alert_id, .. } => {
            if let Some(alert) = state.alerts.get_mut(alert_id) {
                alert.paused = true;
            }
        }
        JobAlertEvent::JobAlertResumed { alert_id, .. } => {
            if let Some(alert) = state.alerts.get_mut(alert_id) {
                alert.paused = false;
            }
        }
        JobAlertEvent::JobAlertDeleted { alert_id, .. } => {
            state.alerts.remove(alert_id);
        }
        JobAlertEvent::JobAlertMatched(_) | JobAlertEvent::JobAlertDigestSent { .. } => {}
    }
    state
}

// Its id is the candidate whose alerts these are.
crate::aggregate::entity_aggregate!(JobAlerts, JobAlertEvent, state: JobAlerts, |candidate, _| Some(
    candidate
));

/// One match of an alert with a job: its stream exists once it was recorded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JobAlertMatch {
    pub recorded: Option<JobAlertMatched>,
}

fn evolve_match(state: JobAlertMatch, event: &JobAlertEvent) -> JobAlertMatch {
    match event {
        JobAlertEvent::JobAlertMatched(m) => JobAlertMatch {
            recorded: Some(m.clone()),
        },
        _ => state,
    }
}

// Nothing in a match is sealed, but it is about its candidate: their export
// finds it, and erasure forgets it with them.
crate::aggregate::entity_aggregate!(
    JobAlertMatch,
    JobAlertEvent,
    state: JobAlertMatch,
    stream_id: match_stream_id,
    evolve: evolve_match,
    |_, state| state.recorded.as_ref().map(|m| m.candidate_id)
);

fn own(state: &JobAlerts, alert_id: Uuid) -> Result<&Alert, DomainError> {
    state
        .alerts
        .get(&alert_id)
        .ok_or(DomainError::NotFound("Alert"))
}

/// Saves a search as alert `alert_id`, unless the candidate keeps
/// [`MAX_ALERTS`] already.
pub fn create(
    state: &JobAlerts,
    candidate_id: Uuid,
    alert_id: Uuid,
    form: AlertForm,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    if state.alerts.len() >= MAX_ALERTS {
        return Err(DomainError::QuotaReached(
            "You can keep up to 20 job alerts. Delete one to add another.",
        ));
    }
    Ok(vec![JobAlertEvent::JobAlertCreated(JobAlertCreated {
        alert_id,
        candidate_id,
        name: form.name,
        search: form.search,
        frequency: form.frequency,
        created_at: now,
    })])
}

/// Replaces an alert's name, search and frequency; the same values again
/// change nothing.
pub fn edit(
    state: &JobAlerts,
    alert_id: Uuid,
    form: AlertForm,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    let alert = own(state, alert_id)?;
    if alert.name == form.name && alert.search == form.search && alert.frequency == form.frequency {
        return Ok(vec![]);
    }
    Ok(vec![JobAlertEvent::JobAlertEdited {
        alert_id,
        name: form.name,
        search: form.search,
        frequency: form.frequency,
        edited_at: now,
    }])
}

/// Stops an alert matching new jobs; pausing a paused alert changes nothing
/// (a second click on an unsubscribe link says the same page again).
pub fn pause(
    state: &JobAlerts,
    alert_id: Uuid,
    unsubscribed: bool,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    if own(state, alert_id)?.paused {
        return Ok(vec![]);
    }
    Ok(vec![JobAlertEvent::JobAlertPaused {
        alert_id,
        unsubscribed,
        paused_at: now,
    }])
}

pub fn resume(
    state: &JobAlerts,
    alert_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    if !own(state, alert_id)?.paused {
        return Ok(vec![]);
    }
    Ok(vec![JobAlertEvent::JobAlertResumed {
        alert_id,
        resumed_at: now,
    }])
}

pub fn delete(
    state: &JobAlerts,
    alert_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    own(state, alert_id)?;
    Ok(vec![JobAlertEvent::JobAlertDeleted {
        alert_id,
        deleted_at: now,
    }])
}

/// One alert's digest for one day, sent or not yet.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JobAlertDigest {
    pub sent_to: Option<Uuid>,
}

fn evolve_digest(state: JobAlertDigest, event: &JobAlertEvent) -> JobAlertDigest {
    match event {
        JobAlertEvent::JobAlertDigestSent { candidate_id, .. } => JobAlertDigest {
            sent_to: Some(*candidate_id),
        },
        _ => state,
    }
}

crate::aggregate::entity_aggregate!(
    JobAlertDigest,
    JobAlertEvent,
    state: JobAlertDigest,
    stream_id: digest_stream_id,
    evolve: evolve_digest,
    |_, state| state.sent_to
);

/// What a digest covers: whose alert, which day, which matches.
#[derive(Debug, Clone, PartialEq)]
pub struct Digest {
    pub alert_id: Uuid,
    pub candidate_id: Uuid,
    pub day: NaiveDate,
    pub match_ids: Vec<Uuid>,
}

/// Sends an alert's digest for a day once, and only with something in it.
pub fn send_digest(
    state: &JobAlertDigest,
    digest: Digest,
    now: DateTime<Utc>,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    if state.sent_to.is_some() || digest.match_ids.is_empty() {
        return Ok(vec![]);
    }
    Ok(vec![JobAlertEvent::JobAlertDigestSent {
        digest_id: digest_id(digest.alert_id, digest.day),
        alert_id: digest.alert_id,
        candidate_id: digest.candidate_id,
        day: digest.day,
        match_ids: digest.match_ids,
        sent_at: now,
    }])
}

/// Records that `job` matched an alert, once: a match stream that exists
/// was recorded by an earlier run of the policy.
pub fn record_match(
    state: &JobAlertMatch,
    matched: JobAlertMatched,
) -> Result<Vec<JobAlertEvent>, DomainError> {
    if state.recorded.is_some() {
        return Ok(vec![]);
    }
    Ok(vec![JobAlertEvent::JobAlertMatched(matched)])
}

#[cfg(test)]
#[path = "job_alert_tests.rs"]
mod tests;
