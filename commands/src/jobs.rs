//! PostJob, UpdateJob, CloseJob, PublishJob, ReopenJob, ExtendJob,
//! DuplicateJob: an approved employer manages its listings.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::{Account, AccountStatus, Role};
use domain::company::Company;
use domain::job::{self, Employer, Job, JobDetails, JobInput, KnownLocation};
use domain::reference::{ReferenceList, ReferenceListId};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

/// A listing as an employer sends it; the decision checks every field in the
/// order the form shows them, so the first message is the first bad field.
#[derive(Debug, Clone, Default)]
pub struct JobForm {
    pub title: String,
    pub location_id: Uuid,
    pub job_type: String,
    pub specialisation: String,
    pub salary: Option<String>,
    pub salary_range_id: Option<Uuid>,
    pub description: String,
    pub responsibilities: Vec<String>,
    pub requirements: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct PostJob {
    pub employer_id: Uuid,
    pub form: JobForm,
    /// Save without publishing.
    pub draft: bool,
}

/// One of an employer's listings: publish, close or duplicate it.
#[derive(Debug, Clone, Copy)]
pub struct JobAction {
    pub employer_id: Uuid,
    pub job_id: Uuid,
}

#[derive(Debug, Clone, Copy)]
pub struct ReopenJob {
    pub employer_id: Uuid,
    pub job_id: Uuid,
    /// Required when the listing's own closing date has passed.
    pub expires_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Copy)]
pub struct ExtendJob {
    pub employer_id: Uuid,
    pub job_id: Uuid,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct UpdateJob {
    pub employer_id: Uuid,
    pub job_id: Uuid,
    pub form: JobForm,
}

#[derive(Debug, Clone, Copy)]
pub struct CloseJob {
    pub employer_id: Uuid,
    pub job_id: Uuid,
}

impl Commands {
    /// Written's output is the new job's id.
    pub async fn post_job(
        &self,
        PostJob {
            employer_id,
            form,
            draft,
        }: PostJob,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let employer = self.employer(employer_id).await?;
        let details = self.job_details(&form).await?;
        let job_id = Uuid::now_v7();
        let events = job::post(None, &employer, details, draft, self.clock.now())?;
        let new = Loaded::<Job> {
            state: None,
            version: 0,
        };
        Ok(self
            .append(job_id, &new, events, Effects::default(), metadata)
            .await?
            .with(job_id))
    }

    pub async fn update_job(
        &self,
        UpdateJob {
            employer_id,
            job_id,
            form,
        }: UpdateJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let employer = self.employer(employer_id).await?;
        let details = self.job_details(&form).await?;
        let now = self.clock.now();
        self.execute::<Job>(job_id, metadata, |state| {
            job::update(state.as_ref(), &employer, details, now)
        })
        .await
    }

    pub async fn close_job(
        &self,
        CloseJob {
            employer_id,
            job_id,
        }: CloseJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_job(employer_id, job_id, metadata, |state, employer, now| {
            job::close(state, employer, now)
        })
        .await
    }

    pub async fn publish_job(
        &self,
        cmd: JobAction,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_job(cmd.employer_id, cmd.job_id, metadata, job::publish)
            .await
    }

    pub async fn reopen_job(
        &self,
        cmd: ReopenJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_job(
            cmd.employer_id,
            cmd.job_id,
            metadata,
            |state, employer, now| job::reopen(state, employer, cmd.expires_at, now),
        )
        .await
    }

    pub async fn extend_job(
        &self,
        cmd: ExtendJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_job(
            cmd.employer_id,
            cmd.job_id,
            metadata,
            |state, employer, now| job::extend(state, employer, cmd.expires_at, now),
        )
        .await
    }

    /// The write path of a decision on one listing by its employer.
    async fn on_job(
        &self,
        employer_id: Uuid,
        job_id: Uuid,
        metadata: Metadata,
        decide: impl FnOnce(
            Option<&Job>,
            &Employer,
            DateTime<Utc>,
        ) -> Result<Vec<job::JobEvent>, DomainError>,
    ) -> Result<Written, CommandError> {
        let employer = self.employer(employer_id).await?;
        let now = self.clock.now();
        self.execute::<Job>(job_id, metadata, |state| {
            decide(state.as_ref(), &employer, now)
        })
        .await
    }

    /// A new draft with the listing's content (a closing date that has passed
    /// is left out). Written's output is the draft's id.
    pub async fn duplicate_job(
        &self,
        cmd: JobAction,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let employer = self.employer(cmd.employer_id).await?;
        let now = self.clock.now();
        let source = self
            .load::<Job>(cmd.job_id)
            .await?
            .state
            .filter(|j| j.employer_id == employer.id)
            .ok_or(DomainError::NotFound("Job"))?;
        let mut details = source.details;
        details.expires_at = details.expires_at.filter(|e| *e > now);
        let job_id = Uuid::now_v7();
        let events = job::post(None, &employer, details, true, now)?;
        let new = Loaded::<Job> {
            state: None,
            version: 0,
        };
        Ok(self
            .append(job_id, &new, events, Effects::default(), metadata)
            .await?
            .with(job_id))
    }

    /// The acting employer, with the company name its listings carry: the
    /// profile's name once it has one, else the name it registered with.
    pub(crate) async fn employer(&self, employer_id: Uuid) -> Result<Employer, CommandError> {
        let account = self
            .load::<Account>(employer_id)
            .await?
            .state
            .filter(|a| a.role == Role::Employer)
            .ok_or(DomainError::NotFound("Employer"))?;
        let profile = self.load::<Company>(employer_id).await?.state;
        Ok(Employer {
            id: account.id,
            approved: account.status == AccountStatus::Active,
            company: profile.name.or(account.company).unwrap_or_default(),
        })
    }

    /// Validates a form against the reference data, read from its streams (not a
    /// read model) so a location added a moment ago is already known.
    async fn job_details(&self, form: &JobForm) -> Result<JobDetails, CommandError> {
        let locations = self
            .load::<ReferenceList>(ReferenceListId::Locations)
            .await?
            .state;
        let location = locations
            .offered(form.location_id)
            .map(|l| KnownLocation {
                id: l.id,
                display_name: l.display_name.clone(),
            })
            .ok_or_else(|| DomainError::invalid("Please choose a location from the list"))?;
        if let Some(range_id) = form.salary_range_id {
            let ranges = self
                .load::<ReferenceList>(ReferenceListId::SalaryRanges)
                .await?
                .state;
            if ranges.offered(range_id).is_none() {
                return Err(
                    DomainError::invalid("Please choose a salary range from the list").into(),
                );
            }
        }
        Ok(JobDetails::parse(
            JobInput {
                title: &form.title,
                job_type: &form.job_type,
                specialisation: &form.specialisation,
                salary: form.salary.as_deref(),
                description: &form.description,
                responsibilities: &form.responsibilities,
                requirements: &form.requirements,
                expires_at: form.expires_at,
            },
            location,
            form.salary_range_id,
            self.clock.now(),
        )?)
    }
}
