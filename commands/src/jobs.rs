//! PostJob, UpdateJob, CloseJob: an approved employer manages its listings.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::{AccountStatus, Role};
use domain::job::{self, Employer, JobDetails, JobEvent, JobInput, KnownLocation};
use domain::reference::{self, ReferenceEvent};
use uuid::Uuid;

use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent};
use crate::{CommandError, Commands};

/// A listing as an employer sends it.
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

pub struct JobWritten {
    pub job_id: Uuid,
    pub position: i64,
}

impl Commands {
    pub async fn post_job(
        &self,
        employer_id: Uuid,
        form: JobForm,
        metadata: Metadata,
    ) -> Result<JobWritten, CommandError> {
        let employer = self.employer(employer_id).await?;
        let details = self.job_details(&form).await?;
        let job_id = Uuid::now_v7();
        let events = job::post(None, &employer, details, self.clock.now())?;
        self.append_job(job_id, 0, events, metadata).await
    }

    pub async fn update_job(
        &self,
        employer_id: Uuid,
        job_id: Uuid,
        form: JobForm,
        metadata: Metadata,
    ) -> Result<JobWritten, CommandError> {
        let employer = self.employer(employer_id).await?;
        let details = self.job_details(&form).await?;
        let (state, version) = self.load_job(job_id).await?;
        let events = job::update(state.as_ref(), &employer, details, self.clock.now())?;
        self.append_job(job_id, version, events, metadata).await
    }

    pub async fn close_job(
        &self,
        employer_id: Uuid,
        job_id: Uuid,
        metadata: Metadata,
    ) -> Result<JobWritten, CommandError> {
        let employer = self.employer(employer_id).await?;
        let (state, version) = self.load_job(job_id).await?;
        let events = job::close(state.as_ref(), &employer, self.clock.now())?;
        self.append_job(job_id, version, events, metadata).await
    }

    async fn append_job(
        &self,
        job_id: Uuid,
        version: i64,
        events: Vec<JobEvent>,
        metadata: Metadata,
    ) -> Result<JobWritten, CommandError> {
        let request = AppendRequest::new(
            job::stream_id(job_id),
            ExpectedVersion::after(version),
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, None))
                .collect(),
            metadata,
        );
        let result = self.store.append(request).await?;
        Ok(JobWritten {
            job_id,
            position: result.position,
        })
    }

    pub async fn load_job(&self, job_id: Uuid) -> anyhow::Result<(Option<job::Job>, i64)> {
        let (events, version) = self.store.load::<JobEvent>(&job::stream_id(job_id)).await?;
        Ok((events.iter().fold(None, job::evolve), version))
    }

    async fn employer(&self, employer_id: Uuid) -> Result<Employer, CommandError> {
        let (state, _) = self.load_account(employer_id).await?;
        let account = state
            .filter(|a| a.role == Role::Employer)
            .ok_or(DomainError::NotFound("Employer"))?;
        Ok(Employer {
            id: account.id,
            approved: account.status == AccountStatus::Active,
            company: account.company.unwrap_or_default(),
        })
    }

    /// Validates a form against the reference data, read from its streams (not a
    /// read model) so a location added a moment ago is already known.
    async fn job_details(&self, form: &JobForm) -> Result<JobDetails, CommandError> {
        let (locations, _) = self
            .store
            .load::<ReferenceEvent>(reference::LOCATIONS_STREAM)
            .await?;
        let location = locations
            .iter()
            .find_map(|e| match e {
                ReferenceEvent::LocationAdded {
                    location_id,
                    display_name,
                    ..
                } if *location_id == form.location_id => Some(KnownLocation {
                    id: *location_id,
                    display_name: display_name.clone(),
                }),
                _ => None,
            })
            .ok_or_else(|| DomainError::invalid("Please choose a location from the list"))?;
        if let Some(range_id) = form.salary_range_id {
            let (ranges, _) = self
                .store
                .load::<ReferenceEvent>(reference::SALARY_RANGES_STREAM)
                .await?;
            let known = ranges
                .iter()
                .any(|e| matches!(e, ReferenceEvent::SalaryRangeAdded { salary_range_id, .. } if *salary_range_id == range_id));
            if !known {
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
