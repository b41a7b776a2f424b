//! Job listings: an approved employer posts, updates and closes them.
//! Stream: `job-{id}`.
//!
//! Long on purpose: the listing rules (SPEC 5) and their tests sit together.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_text, required_text};
use crate::{DomainError, DomainEvent};

pub const MAX_LIST_ITEMS: usize = 30;
pub const MAX_LIST_ITEM_LEN: usize = 500;

pub fn stream_id(job_id: Uuid) -> String {
    format!("job-{job_id}")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobType {
    #[serde(rename = "Full-time")]
    FullTime,
    #[serde(rename = "Part-time")]
    PartTime,
    Contract,
    Temporary,
}

impl JobType {
    pub const ALL: [Self; 4] = [
        Self::FullTime,
        Self::PartTime,
        Self::Contract,
        Self::Temporary,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::FullTime => "Full-time",
            Self::PartTime => "Part-time",
            Self::Contract => "Contract",
            Self::Temporary => "Temporary",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|t| t.label().eq_ignore_ascii_case(raw.trim()))
            .ok_or_else(|| {
                DomainError::invalid("Job type must be Full-time, Part-time, Contract or Temporary")
            })
    }
}

/// The agency's nine specialisations (SPEC 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Specialisation {
    #[serde(rename = "Development + Testing")]
    DevelopmentTesting,
    #[serde(rename = "AI + Robotics")]
    AiRobotics,
    #[serde(rename = "BI + Data Analytics")]
    BiDataAnalytics,
    #[serde(rename = "Cloud + Infrastructure")]
    CloudInfrastructure,
    #[serde(rename = "Digital")]
    Digital,
    #[serde(rename = "ERP/SAP/CRM")]
    ErpSapCrm,
    #[serde(rename = "Executive IT")]
    ExecutiveIt,
    #[serde(rename = "Project Services")]
    ProjectServices,
    #[serde(rename = "Security + Cyber Security")]
    Security,
}

impl Specialisation {
    pub const ALL: [Self; 9] = [
        Self::DevelopmentTesting,
        Self::AiRobotics,
        Self::BiDataAnalytics,
        Self::CloudInfrastructure,
        Self::Digital,
        Self::ErpSapCrm,
        Self::ExecutiveIt,
        Self::ProjectServices,
        Self::Security,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::DevelopmentTesting => "Development + Testing",
            Self::AiRobotics => "AI + Robotics",
            Self::BiDataAnalytics => "BI + Data Analytics",
            Self::CloudInfrastructure => "Cloud + Infrastructure",
            Self::Digital => "Digital",
            Self::ErpSapCrm => "ERP/SAP/CRM",
            Self::ExecutiveIt => "Executive IT",
            Self::ProjectServices => "Project Services",
            Self::Security => "Security + Cyber Security",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|s| s.label().eq_ignore_ascii_case(raw.trim()))
            .ok_or_else(|| DomainError::invalid("Please choose one of our nine specialisations"))
    }
}

/// The editable content of a listing, validated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobDetails {
    pub title: String,
    pub location_id: Option<Uuid>,
    /// Display text of the location at the time of writing ("Sydney, NSW"), so the
    /// board never needs a join to show it.
    pub location: String,
    pub job_type: JobType,
    pub specialisation: Specialisation,
    /// Free text shown on the board; empty shows "Competitive salary".
    pub salary: String,
    pub salary_range_id: Option<Uuid>,
    pub description: String,
    pub responsibilities: Vec<String>,
    pub requirements: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Raw input for a listing, as it arrives from an employer.
#[derive(Debug, Clone, Default)]
pub struct JobInput<'a> {
    pub title: &'a str,
    pub job_type: &'a str,
    pub specialisation: &'a str,
    pub salary: Option<&'a str>,
    pub description: &'a str,
    pub responsibilities: &'a [String],
    pub requirements: &'a [String],
    pub expires_at: Option<DateTime<Utc>>,
}

/// A location the caller has looked up in the reference data.
#[derive(Debug, Clone)]
pub struct KnownLocation {
    pub id: Uuid,
    pub display_name: String,
}

impl JobDetails {
    pub fn parse(
        input: JobInput<'_>,
        location: KnownLocation,
        salary_range_id: Option<Uuid>,
        now: DateTime<Utc>,
    ) -> Result<Self, DomainError> {
        if let Some(expires_at) = input.expires_at
            && expires_at <= now
        {
            return Err(DomainError::invalid(
                "The closing date must be in the future",
            ));
        }
        Ok(Self {
            title: required_text(input.title, "Job title", MAX_SHORT_TEXT_LEN)?,
            location_id: Some(location.id),
            location: location.display_name,
            job_type: JobType::parse(input.job_type)?,
            specialisation: Specialisation::parse(input.specialisation)?,
            salary: optional_text(input.salary, "Salary", MAX_SHORT_TEXT_LEN)?.unwrap_or_default(),
            salary_range_id,
            description: required_text(input.description, "Description", MAX_LONG_TEXT_LEN)?,
            responsibilities: list(input.responsibilities, "Responsibilities")?,
            requirements: list(input.requirements, "Requirements")?,
            expires_at: input.expires_at,
        })
    }
}

fn list(items: &[String], field: &str) -> Result<Vec<String>, DomainError> {
    if items.len() > MAX_LIST_ITEMS {
        return Err(DomainError::invalid(format!(
            "{field} can have at most {MAX_LIST_ITEMS} items"
        )));
    }
    items
        .iter()
        .filter(|s| !s.trim().is_empty())
        .map(|s| required_text(s, field, MAX_LIST_ITEM_LEN))
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobPosted {
    pub employer_id: Uuid,
    pub company: String,
    pub title: String,
    pub location_id: Option<Uuid>,
    pub location: String,
    pub job_type: JobType,
    pub specialisation: Specialisation,
    pub salary: String,
    pub salary_range_id: Option<Uuid>,
    pub description: String,
    pub responsibilities: Vec<String>,
    pub requirements: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    pub posted_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobEvent {
    JobPosted(JobPosted),
    JobUpdated {
        details: JobDetails,
        updated_at: DateTime<Utc>,
    },
    JobClosed {
        closed_by: Uuid,
        closed_at: DateTime<Utc>,
    },
}

impl DomainEvent for JobEvent {
    const TYPES: &'static [&'static str] = &["JobPosted", "JobUpdated", "JobClosed"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::JobPosted(_) => "JobPosted",
            Self::JobUpdated { .. } => "JobUpdated",
            Self::JobClosed { .. } => "JobClosed",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub employer_id: Uuid,
    pub title: String,
    pub company: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub open: bool,
}

pub fn evolve(state: Option<Job>, event: &JobEvent) -> Option<Job> {
    match (state, event) {
        (_, JobEvent::JobPosted(p)) => Some(Job {
            employer_id: p.employer_id,
            title: p.title.clone(),
            company: p.company.clone(),
            expires_at: p.expires_at,
            open: true,
        }),
        (Some(job), JobEvent::JobUpdated { details, .. }) => Some(Job {
            title: details.title.clone(),
            expires_at: details.expires_at,
            ..job
        }),
        (Some(job), JobEvent::JobClosed { .. }) => Some(Job { open: false, ..job }),
        (None, _) => None,
    }
}

/// What the decision needs to know about the acting employer, looked up first.
#[derive(Debug, Clone)]
pub struct Employer {
    pub id: Uuid,
    pub approved: bool,
    pub company: String,
}

pub fn post(
    state: Option<&Job>,
    employer: &Employer,
    details: JobDetails,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    if state.is_some() {
        return Err(DomainError::AlreadyExists("Job"));
    }
    if !employer.approved {
        return Err(DomainError::EmployerNotApproved);
    }
    let JobDetails {
        title,
        location_id,
        location,
        job_type,
        specialisation,
        salary,
        salary_range_id,
        description,
        responsibilities,
        requirements,
        expires_at,
    } = details;
    Ok(vec![JobEvent::JobPosted(JobPosted {
        employer_id: employer.id,
        company: employer.company.clone(),
        title,
        location_id,
        location,
        job_type,
        specialisation,
        salary,
        salary_range_id,
        description,
        responsibilities,
        requirements,
        expires_at,
        posted_at: now,
    })])
}

pub fn update(
    state: Option<&Job>,
    employer: &Employer,
    details: JobDetails,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    owned_open_job(state, employer)?;
    Ok(vec![JobEvent::JobUpdated {
        details,
        updated_at: now,
    }])
}

pub fn close(
    state: Option<&Job>,
    employer: &Employer,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    owned_open_job(state, employer)?;
    Ok(vec![JobEvent::JobClosed {
        closed_by: employer.id,
        closed_at: now,
    }])
}

fn owned_open_job<'a>(state: Option<&'a Job>, employer: &Employer) -> Result<&'a Job, DomainError> {
    let job = state.ok_or(DomainError::NotFound("Job"))?;
    if job.employer_id != employer.id {
        // Another employer's listing is not theirs to see either.
        return Err(DomainError::NotFound("Job"));
    }
    if !employer.approved {
        return Err(DomainError::EmployerNotApproved);
    }
    if !job.open {
        return Err(DomainError::JobClosed);
    }
    Ok(job)
}

crate::aggregate::entity_aggregate!(Job, JobEvent, |_, _| None);

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;
    use crate::testing::Given;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
    }

    fn employer(approved: bool) -> Employer {
        Employer {
            id: Uuid::from_u128(7),
            approved,
            company: "Acme".into(),
        }
    }

    fn details() -> JobDetails {
        JobDetails::parse(
            JobInput {
                title: " Senior Rust Engineer ",
                job_type: "full-time",
                specialisation: "Development + Testing",
                salary: Some("$150k - $170k + super"),
                description: "Build the platform.",
                responsibilities: &["Ship".into(), "  ".into()],
                requirements: &[],
                expires_at: Some(now() + Duration::days(30)),
            },
            KnownLocation {
                id: Uuid::from_u128(1),
                display_name: "Sydney, NSW".into(),
            },
            None,
            now(),
        )
        .unwrap()
    }

    fn given(events: Vec<JobEvent>) -> Given<Option<Job>, JobEvent> {
        Given::new(None, evolve, events)
    }

    fn posted() -> JobEvent {
        post(None, &employer(true), details(), now())
            .unwrap()
            .remove(0)
    }

    #[test]
    fn details_are_trimmed_and_normalised() {
        let d = details();
        assert_eq!(d.title, "Senior Rust Engineer");
        assert_eq!(d.job_type, JobType::FullTime);
        assert_eq!(d.responsibilities, vec!["Ship".to_string()]);
        assert_eq!(d.location, "Sydney, NSW");
    }

    #[test]
    fn rejects_a_closing_date_in_the_past() {
        let err = JobDetails::parse(
            JobInput {
                title: "x",
                job_type: "Contract",
                specialisation: "Digital",
                description: "d",
                expires_at: Some(now()),
                ..Default::default()
            },
            KnownLocation {
                id: Uuid::nil(),
                display_name: "Perth, WA".into(),
            },
            None,
            now(),
        );
        assert_eq!(
            err,
            Err(DomainError::invalid(
                "The closing date must be in the future"
            ))
        );
    }

    #[test]
    fn rejects_an_unknown_specialisation_and_type() {
        let input = JobInput {
            title: "x",
            job_type: "Gig",
            specialisation: "Digital",
            description: "d",
            ..Default::default()
        };
        let loc = || KnownLocation {
            id: Uuid::nil(),
            display_name: "Perth, WA".into(),
        };
        assert!(
            matches!(JobDetails::parse(input, loc(), None, now()), Err(DomainError::Invalid(m)) if m.starts_with("Job type"))
        );
        let input = JobInput {
            title: "x",
            job_type: "Contract",
            specialisation: "Plumbing",
            description: "d",
            ..Default::default()
        };
        assert!(JobDetails::parse(input, loc(), None, now()).is_err());
    }

    #[test]
    fn a_pending_employer_cannot_post() {
        given(vec![])
            .when(|s| post(s.as_ref(), &employer(false), details(), now()))
            .then_err(DomainError::EmployerNotApproved);
    }

    #[test]
    fn an_employer_cannot_touch_another_employers_job() {
        let other = Employer {
            id: Uuid::from_u128(8),
            approved: true,
            company: "Other".into(),
        };
        given(vec![posted()])
            .when(|s| close(s.as_ref(), &other, now()))
            .then_err(DomainError::NotFound("Job"));
    }

    #[test]
    fn a_closed_job_cannot_be_closed_or_updated_again() {
        let closed = JobEvent::JobClosed {
            closed_by: employer(true).id,
            closed_at: now(),
        };
        given(vec![posted(), closed.clone()])
            .when(|s| close(s.as_ref(), &employer(true), now()))
            .then_err(DomainError::JobClosed);
        given(vec![posted(), closed])
            .when(|s| update(s.as_ref(), &employer(true), details(), now()))
            .then_err(DomainError::JobClosed);
    }

    #[test]
    fn the_owner_closes_an_open_job() {
        given(vec![posted()])
            .when(|s| close(s.as_ref(), &employer(true), now()))
            .then(vec![JobEvent::JobClosed {
                closed_by: employer(true).id,
                closed_at: now(),
            }]);
    }

    #[test]
    fn todays_stored_payloads_decode_into_the_typed_job_type_and_specialisation() {
        let stored = serde_json::json!({
            "employer_id": Uuid::from_u128(4), "company": "Acme", "title": "Rust Engineer",
            "location_id": Uuid::from_u128(5), "location": "Sydney, NSW",
            "job_type": "Full-time", "specialisation": "Development + Testing",
            "salary": "$150k", "salary_range_id": null, "description": "Build things.",
            "responsibilities": ["Build"], "requirements": ["Rust"],
            "expires_at": null, "posted_at": "2026-11-02T09:30:00Z"
        });
        let event = JobEvent::from_payload("JobPosted", stored.clone()).unwrap();
        assert!(matches!(&event, JobEvent::JobPosted(p)
            if p.job_type == JobType::FullTime
                && p.specialisation == Specialisation::DevelopmentTesting));
        assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
    }
}
