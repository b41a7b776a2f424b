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

/// What an alert looks for, validated. Every criterion left out matches
/// anything; keywords match a job whose title holds them, as the board's
/// keyword box does.
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

impl crate::Aggregate for JobAlerts {
    /// The candidate whose alerts these are.
    type Id = Uuid;
    type Event = JobAlertEvent;
    type State = JobAlerts;

    fn stream_id(candidate: Uuid) -> String {
        stream_id(candidate)
    }

    fn evolve(state: JobAlerts, event: &JobAlertEvent) -> JobAlerts {
        evolve(state, event)
    }

    fn data_subject(candidate: Uuid, _: &JobAlerts) -> Option<Uuid> {
        Some(candidate)
    }
}

/// One match of an alert with a job: its stream exists once it was recorded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JobAlertMatch {
    pub recorded: Option<JobAlertMatched>,
}

impl crate::Aggregate for JobAlertMatch {
    type Id = Uuid;
    type Event = JobAlertEvent;
    type State = JobAlertMatch;

    fn stream_id(match_id: Uuid) -> String {
        match_stream_id(match_id)
    }

    fn evolve(state: JobAlertMatch, event: &JobAlertEvent) -> JobAlertMatch {
        match event {
            JobAlertEvent::JobAlertMatched(m) => JobAlertMatch {
                recorded: Some(m.clone()),
            },
            _ => state,
        }
    }

    /// Nothing in a match is sealed, but it is about its candidate: their
    /// export finds it, and erasure forgets it with them.
    fn data_subject(_: Uuid, state: &JobAlertMatch) -> Option<Uuid> {
        state.recorded.as_ref().map(|m| m.candidate_id)
    }
}

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

impl crate::Aggregate for JobAlertDigest {
    type Id = Uuid;
    type Event = JobAlertEvent;
    type State = JobAlertDigest;

    fn stream_id(digest_id: Uuid) -> String {
        digest_stream_id(digest_id)
    }

    fn evolve(state: JobAlertDigest, event: &JobAlertEvent) -> JobAlertDigest {
        match event {
            JobAlertEvent::JobAlertDigestSent { candidate_id, .. } => JobAlertDigest {
                sent_to: Some(*candidate_id),
            },
            _ => state,
        }
    }

    fn data_subject(_: Uuid, state: &JobAlertDigest) -> Option<Uuid> {
        state.sent_to
    }
}

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
mod tests {
    use super::*;
    use crate::testing::given;

    const CANDIDATE: Uuid = Uuid::from_u128(3);
    const ALERT: Uuid = Uuid::from_u128(7);

    fn now() -> DateTime<Utc> {
        "2026-11-27T01:00:00Z".parse().unwrap()
    }

    fn input(name: &str) -> AlertInput<'_> {
        AlertInput {
            name,
            keywords: Some("Rust"),
            frequency: "instant",
            ..AlertInput::default()
        }
    }

    fn created(alert_id: Uuid) -> JobAlertEvent {
        JobAlertEvent::JobAlertCreated(JobAlertCreated {
            alert_id,
            candidate_id: CANDIDATE,
            name: "Rust in Sydney".into(),
            search: AlertSearch {
                keywords: Some("Rust".into()),
                ..AlertSearch::default()
            },
            frequency: Frequency::Instant,
            created_at: now(),
        })
    }

    #[test]
    fn a_form_is_checked_field_by_field_in_the_order_it_shows_them() {
        let err = |i: AlertInput<'_>| AlertForm::parse(i).unwrap_err().to_string();
        assert_eq!(err(input("  ")), "Alert name is required");
        assert_eq!(
            err(input(&"x".repeat(81))),
            "Alert name must be at most 80 characters"
        );
        assert_eq!(
            err(AlertInput {
                keywords: Some(&"k".repeat(101)),
                ..input("Rust")
            }),
            "Keywords must be at most 100 characters"
        );
        assert_eq!(
            err(AlertInput {
                job_type: Some("Weekends"),
                ..input("Rust")
            }),
            "Job type must be Full-time, Part-time, Contract or Temporary"
        );
        assert_eq!(
            err(AlertInput {
                keywords: Some("  "),
                ..input("Rust")
            }),
            "Add keywords or choose a location, salary range, job type or specialisation"
        );
        assert_eq!(
            err(AlertInput {
                frequency: "weekly",
                ..input("Rust")
            }),
            "How often must be instant or daily"
        );
    }

    #[test]
    fn a_search_of_only_a_job_type_is_enough() {
        let form = AlertForm::parse(AlertInput {
            name: "Contracts",
            job_type: Some("contract"),
            frequency: "Daily",
            ..AlertInput::default()
        })
        .unwrap();
        assert_eq!(form.search.job_type, Some(JobType::Contract));
        assert_eq!(form.frequency, Frequency::Daily);
    }

    #[test]
    fn creates_an_alert_for_its_candidate() {
        let form = AlertForm::parse(input("Rust in Sydney")).unwrap();
        given::<JobAlerts>(vec![])
            .when(|s| create(s, CANDIDATE, ALERT, form, now()))
            .then(vec![created(ALERT)]);
    }

    #[test]
    fn refuses_a_twenty_first_alert() {
        let history = (0..20).map(|i| created(Uuid::from_u128(100 + i))).collect();
        let form = AlertForm::parse(input("One more")).unwrap();
        given::<JobAlerts>(history)
            .when(|s| create(s, CANDIDATE, ALERT, form, now()))
            .then_err(DomainError::QuotaReached(
                "You can keep up to 20 job alerts. Delete one to add another.",
            ));
    }

    #[test]
    fn a_deleted_alert_frees_its_place() {
        let mut history: Vec<_> = (0..20).map(|i| created(Uuid::from_u128(100 + i))).collect();
        history.push(JobAlertEvent::JobAlertDeleted {
            alert_id: Uuid::from_u128(100),
            deleted_at: now(),
        });
        let form = AlertForm::parse(input("Rust in Sydney")).unwrap();
        given::<JobAlerts>(history)
            .when(|s| create(s, CANDIDATE, ALERT, form, now()))
            .then(vec![created(ALERT)]);
    }

    #[test]
    fn pausing_twice_writes_once_and_resuming_an_active_alert_writes_nothing() {
        given::<JobAlerts>(vec![created(ALERT)])
            .when(|s| resume(s, ALERT, now()))
            .then(vec![]);
        let paused = JobAlertEvent::JobAlertPaused {
            alert_id: ALERT,
            unsubscribed: true,
            paused_at: now(),
        };
        given::<JobAlerts>(vec![created(ALERT)])
            .when(|s| pause(s, ALERT, true, now()))
            .then(vec![paused.clone()]);
        given::<JobAlerts>(vec![created(ALERT), paused])
            .when(|s| pause(s, ALERT, false, now()))
            .then(vec![]);
    }

    #[test]
    fn an_alert_that_is_not_in_the_stream_is_not_found() {
        given::<JobAlerts>(vec![created(ALERT)])
            .when(|s| delete(s, Uuid::from_u128(8), now()))
            .then_err(DomainError::NotFound("Alert"));
        given::<JobAlerts>(vec![
            created(ALERT),
            JobAlertEvent::JobAlertDeleted {
                alert_id: ALERT,
                deleted_at: now(),
            },
        ])
        .when(|s| pause(s, ALERT, false, now()))
        .then_err(DomainError::NotFound("Alert"));
    }

    #[test]
    fn an_edit_that_changes_nothing_writes_nothing() {
        let form = AlertForm::parse(AlertInput {
            name: "Rust in Sydney",
            ..input("x")
        })
        .unwrap();
        given::<JobAlerts>(vec![created(ALERT)])
            .when(|s| edit(s, ALERT, form, now()))
            .then(vec![]);
    }

    #[test]
    fn a_match_is_recorded_once() {
        let matched = JobAlertMatched {
            match_id: match_id(ALERT, Uuid::from_u128(1)),
            alert_id: ALERT,
            candidate_id: CANDIDATE,
            job_id: Uuid::from_u128(1),
            job_title: "Rust Engineer".into(),
            frequency: Frequency::Instant,
            mailed: true,
            matched_at: now(),
        };
        given::<JobAlertMatch>(vec![])
            .when(|s| record_match(s, matched.clone()))
            .then(vec![JobAlertEvent::JobAlertMatched(matched.clone())]);
        given::<JobAlertMatch>(vec![JobAlertEvent::JobAlertMatched(matched.clone())])
            .when(|s| record_match(s, matched))
            .then(vec![]);
        assert_eq!(
            match_id(ALERT, Uuid::from_u128(1)),
            match_id(ALERT, Uuid::from_u128(1))
        );
        assert_ne!(
            match_id(ALERT, Uuid::from_u128(1)),
            match_id(ALERT, Uuid::from_u128(2))
        );
    }

    #[test]
    fn a_digest_is_sent_once_a_day_and_never_empty() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let digest = Digest {
            alert_id: ALERT,
            candidate_id: CANDIDATE,
            day,
            match_ids: vec![Uuid::from_u128(11)],
        };
        let sent = JobAlertEvent::JobAlertDigestSent {
            digest_id: digest_id(ALERT, day),
            alert_id: ALERT,
            candidate_id: CANDIDATE,
            day,
            match_ids: vec![Uuid::from_u128(11)],
            sent_at: now(),
        };
        given::<JobAlertDigest>(vec![])
            .when(|s| send_digest(s, digest.clone(), now()))
            .then(vec![sent.clone()]);
        given::<JobAlertDigest>(vec![sent])
            .when(|s| send_digest(s, digest.clone(), now()))
            .then(vec![]);
        given::<JobAlertDigest>(vec![])
            .when(|s| {
                send_digest(
                    s,
                    Digest {
                        match_ids: vec![],
                        ..digest.clone()
                    },
                    now(),
                )
            })
            .then(vec![]);
        assert_ne!(
            digest_id(ALERT, day),
            digest_id(ALERT, day.succ_opt().unwrap())
        );
    }

    #[test]
    fn stored_payloads_keep_the_search_flat_and_seal_name_and_keywords() {
        let event = created(ALERT);
        let payload = event.to_payload();
        assert_eq!(payload["keywords"], "Rust");
        assert_eq!(payload["frequency"], "instant");
        assert!(payload.get("search").is_none());
        assert_eq!(event.personal_fields(), &["name", "keywords"]);
        let back = JobAlertEvent::from_payload("JobAlertCreated", payload).unwrap();
        assert_eq!(back, event);
    }
}
