//! SubmitApplication and ChangeApplicationStatus.

use domain::DomainError;
use domain::application::{
    self, ApplicationEvent, ApplicationStatus, Attachment, JobFacts, Submission,
};
use uuid::Uuid;

use crate::store::{
    AppendError, AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent, UniqueClaim,
};
use crate::{CommandError, Commands};

#[derive(Debug, Clone)]
pub struct SubmitApplication {
    pub candidate_id: Uuid,
    pub job_id: Uuid,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
}

pub struct Submitted {
    pub application_id: Uuid,
    pub position: i64,
}

impl Commands {
    pub async fn submit_application(
        &self,
        cmd: SubmitApplication,
        metadata: Metadata,
    ) -> Result<Submitted, CommandError> {
        let (job, _) = self.load_job(cmd.job_id).await?;
        let job = job.map(|j| JobFacts {
            id: cmd.job_id,
            employer_id: j.employer_id,
            title: j.title,
            company: j.company,
            open: j.open,
            expires_at: j.expires_at,
        });
        let resume = self.attachment(cmd.resume_id).await?;
        let cover_letter = self.attachment(cmd.cover_letter_id).await?;
        let application_id = Uuid::now_v7();
        let events = application::submit(Submission {
            application_id,
            candidate_id: cmd.candidate_id,
            job,
            resume,
            cover_letter,
            now: self.clock.now(),
        })?;
        let request = AppendRequest::new(
            application::stream_id(application_id),
            ExpectedVersion::NoStream,
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, Some(cmd.candidate_id)))
                .collect(),
            metadata,
        )
        // Inside the append transaction: a second try, however fast, is refused.
        .claim(UniqueClaim::new(
            application::claim_scope(cmd.job_id),
            &cmd.candidate_id.to_string(),
            application_id,
        ));
        match self.store.append(request).await {
            Ok(r) => Ok(Submitted {
                application_id,
                position: r.position,
            }),
            Err(AppendError::Claimed { .. }) => Err(DomainError::AlreadyApplied.into()),
            Err(e) => Err(e.into()),
        }
    }

    async fn attachment(&self, id: Option<Uuid>) -> Result<Option<Attachment>, CommandError> {
        let Some(id) = id else { return Ok(None) };
        let (doc, _) = self.load_document(id).await?;
        Ok(Some(Attachment {
            id,
            owner_id: doc.filter(|d| !d.deleted).map(|d| d.owner_id),
        }))
    }

    pub async fn load_application(
        &self,
        id: Uuid,
    ) -> anyhow::Result<(Option<application::Application>, i64)> {
        let (events, version) = self
            .store
            .load::<ApplicationEvent>(&application::stream_id(id))
            .await?;
        Ok((events.iter().fold(None, application::evolve), version))
    }

    /// Returns the position written, or `None` when nothing changed.
    pub async fn change_application_status(
        &self,
        employer_id: Uuid,
        application_id: Uuid,
        status: &str,
        feedback: Option<&str>,
        metadata: Metadata,
    ) -> Result<Option<i64>, CommandError> {
        let status = ApplicationStatus::parse(status)?;
        let (state, version) = self.load_application(application_id).await?;
        let events = application::change_status(
            state.as_ref(),
            employer_id,
            status,
            feedback,
            self.clock.now(),
        )?;
        if events.is_empty() {
            return Ok(None);
        }
        let candidate = state.map(|a| a.candidate_id);
        let request = AppendRequest::new(
            application::stream_id(application_id),
            ExpectedVersion::Exact(version),
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, candidate))
                .collect(),
            metadata,
        );
        Ok(Some(self.store.append(request).await?.position))
    }
}
