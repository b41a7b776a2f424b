//! Job listings: an approved employer drafts or posts them, publishes a draft,
//! updates, closes and reopens them, and extends their closing date.
//! Stream: `job-{id}`.
//!
//! Long on purpose: the listing rules (SPEC 5) and their tests sit together.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{
    MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_text, required_multiline_text, required_text,
};
use crate::{DomainError, DomainEvent};

pub const MAX_LIST_ITEMS: usize = 30;
pub const MAX_LIST_ITEM_LEN: usize = 500;

pub fn stream_id(job_id: Uuid) -> String {
    format!("job-{job_id}")
}

/// A listing's job type, sent as the board names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

/// One of the agency's nine specialisations (SPEC 1), sent as the site
/// names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

read_back_by!(JobType, label, "job type");
read_back_by!(Specialisation, label, "specialisation");

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
            description: required_multiline_text(
                input.description,
                "Description",
                MAX_LONG_TEXT_LEN,
            )?,
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
    /// Saved as a draft: not on the board until published. Absent (false) in
    /// every payload written before drafts existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draft: bool,
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
    /// A draft went on the board.
    JobPublished {
        published_at: DateTime<Utc>,
    },
    /// A closed listing is open again, with its new closing date if it needed one.
    JobReopened {
        reopened_by: Uuid,
        expires_at: Option<DateTime<Utc>>,
        reopened_at: DateTime<Utc>,
    },
    JobExpiryExtended {
        expires_at: DateTime<Utc>,
        extended_at: DateTime<Utc>,
    },
    /// The agency took a listing off the board (moderation); the employer sees why.
    JobClosedByAgency {
        closed_by: Uuid,
        reason: String,
        closed_at: DateTime<Utc>,
    },
}

impl DomainEvent for JobEvent {
    const TYPES: &'static [&'static str] = &[
        "JobPosted",
        "JobUpdated",
        "JobClosed",
        "JobPublished",
        "JobReopened",
        "JobExpiryExtended",
        "JobClosedByAgency",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::JobPosted(_) => "JobPosted",
            Self::JobUpdated { .. } => "JobUpdated",
            Self::JobClosed { .. } => "JobClosed",
            Self::JobPublished { .. } => "JobPublished",
            Self::JobReopened { .. } => "JobReopened",
            Self::JobExpiryExtended { .. } => "JobExpiryExtended",
            Self::JobClosedByAgency { .. } => "JobClosedByAgency",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Job {
    pub employer_id: Uuid,
    pub title: String,
    pub company: String,
    pub expires_at: Option<DateTime<Utc>>,
    /// On the board (published and not closed); it may still have expired.
    pub open: bool,
    pub draft: bool,
    /// The listing's content, for duplicating it.
    pub details: JobDetails,
    /// Why the agency closed it, if it did: only the agency can open it again.
    pub closed_by_agency: Option<String>,
}

pub fn evolve(state: Option<Job>, event: &JobEvent) -> Option<Job> {
    match (state, event) {
        (_, JobEvent::JobPosted(p)) => Some(Job {
            employer_id: p.employer_id,
            title: p.title.clone(),
            company: p.company.clone(),
            expires_at: p.expires_at,
            open: !p.draft,
            draft: p.draft,
            details: JobDetails {
                title: p.title.clone(),
                location_id: p.location_id,
                location: p.location.clone(),
                job_type: p.job_type,
                specialisation: p.specialisation,
                salary: p.salary.clone(),
                salary_range_id: p.salary_range_id,
                description: p.description.clone(),
                responsibilities: p.responsibilities.clone(),
                requirements: p.requirements.clone(),
                expires_at: p.expires_at,
            },
            closed_by_agency: None,
        }),
        (Some(job), JobEvent::JobUpdated { details, .. }) => Some(Job {
            title: details.title.clone(),
            expires_at: details.expires_at,
            details: details.clone(),
            ..job
        }),
        (Some(job), JobEvent::JobClosed { .. }) => Some(Job { open: false, ..job }),
        (Some(job), JobEvent::JobClosedByAgency { reason, .. }) => Some(Job {
            open: false,
            closed_by_agency: Some(reason.clone()),
            ..job
        }),
        (Some(job), JobEvent::JobPublished { .. }) => Some(Job {
            open: true,
            draft: false,
            ..job
        }),
        (Some(mut job), JobEvent::JobReopened { expires_at, .. }) => {
            job.open = true;
            if expires_at.is_some() {
                job.expires_at = *expires_at;
                job.details.expires_at = *expires_at;
            }
            Some(job)
        }
        (Some(mut job), JobEvent::JobExpiryExtended { expires_at, .. }) => {
            job.expires_at = Some(*expires_at);
            job.details.expires_at = Some(*expires_at);
            Some(job)
        }
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

/// Posts a listing, or saves it as a draft (`draft`) to publish later.
pub fn post(
    state: Option<&Job>,
    employer: &Employer,
    details: JobDetails,
    draft: bool,
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
        draft,
    })])
}

/// Edits an open listing or a draft.
pub fn update(
    state: Option<&Job>,
    employer: &Employer,
    details: JobDetails,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    let job = owned(state, employer)?;
    if !job.open && !job.draft {
        return Err(DomainError::JobClosed);
    }
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

pub const MAX_MODERATION_REASON_LEN: usize = 500;

/// The agency takes a published listing off the board, saying why.
pub fn close_by_agency(
    state: Option<&Job>,
    admin_id: Uuid,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    let job = state.ok_or(DomainError::NotFound("Job"))?;
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(DomainError::invalid("Please give a reason"));
    }
    let reason = crate::validation::plain_text(reason, "Reason", crate::validation::Lines::Many)?;
    if reason.chars().count() > MAX_MODERATION_REASON_LEN {
        return Err(DomainError::invalid(
            "Keep the reason to 500 characters or fewer",
        ));
    }
    if job.draft {
        return Err(DomainError::invalid(
            "This job is a draft and is not on the board",
        ));
    }
    if !job.open {
        return Err(DomainError::invalid("This job is already closed"));
    }
    Ok(vec![JobEvent::JobClosedByAgency {
        closed_by: admin_id,
        reason: reason.into_owned(),
        closed_at: now,
    }])
}

fn owned<'a>(state: Option<&'a Job>, employer: &Employer) -> Result<&'a Job, DomainError> {
    let job = state.ok_or(DomainError::NotFound("Job"))?;
    if job.employer_id != employer.id {
        // Another employer's listing is not theirs to see either.
        return Err(DomainError::NotFound("Job"));
    }
    if !employer.approved {
        return Err(DomainError::EmployerNotApproved);
    }
    Ok(job)
}

fn owned_open_job<'a>(state: Option<&'a Job>, employer: &Employer) -> Result<&'a Job, DomainError> {
    let job = owned(state, employer)?;
    if !job.open {
        return Err(DomainError::JobClosed);
    }
    Ok(job)
}

fn future(expires_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<DateTime<Utc>, DomainError> {
    if expires_at <= now {
        return Err(DomainError::invalid(
            "The closing date must be in the future",
        ));
    }
    Ok(expires_at)
}

/// Puts a draft on the board. Its posting date is now.
pub fn publish(
    state: Option<&Job>,
    employer: &Employer,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    let job = owned(state, employer)?;
    if !job.draft {
        return Err(DomainError::invalid("This job is already published"));
    }
    if let Some(expires_at) = job.expires_at {
        future(expires_at, now).map_err(|_| {
            DomainError::invalid("Choose a closing date in the future before publishing")
        })?;
    }
    Ok(vec![JobEvent::JobPublished { published_at: now }])
}

/// Opens a closed listing again. A listing whose closing date has passed
/// needs a new one (`expires_at`), or it would be closed the moment it opens.
pub fn reopen(
    state: Option<&Job>,
    employer: &Employer,
    expires_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    let job = owned(state, employer)?;
    if job.open || job.draft {
        return Err(DomainError::invalid("Only a closed job can be reopened"));
    }
    if job.closed_by_agency.is_some() {
        return Err(DomainError::invalid(
            "The agency closed this job. Please contact us to reopen it.",
        ));
    }
    let expires_at = expires_at.map(|e| future(e, now)).transpose()?;
    if expires_at.is_none() && job.expires_at.is_some_and(|e| e <= now) {
        return Err(DomainError::invalid(
            "Choose a new closing date in the future to reopen this job",
        ));
    }
    Ok(vec![JobEvent::JobReopened {
        reopened_by: employer.id,
        expires_at,
        reopened_at: now,
    }])
}

/// Moves an open listing's closing date later.
pub fn extend(
    state: Option<&Job>,
    employer: &Employer,
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<JobEvent>, DomainError> {
    let job = owned_open_job(state, employer)?;
    let expires_at = future(expires_at, now)?;
    if job.expires_at.is_some_and(|current| expires_at <= current) {
        return Err(DomainError::invalid(
            "The new closing date must be later than the current one",
        ));
    }
    Ok(vec![JobEvent::JobExpiryExtended {
        expires_at,
        extended_at: now,
    }])
}

crate::aggregate::entity_aggregate!(Job, JobEvent, |_, _| None);

#[cfg(test)]
mod tests;
