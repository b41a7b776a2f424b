//! SubmitApplication and ChangeApplicationStatus.

use domain::DomainError;
use domain::application::{self, Application, ApplicationStatus, Attachment, JobFacts, Submission};
use domain::document::Document;
use domain::job::Job;
use event_store::{AppendError, Metadata, UniqueClaim};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

#[derive(Debug, Clone)]
pub struct SubmitApplication {
    pub candidate_id: Uuid,
    pub job_id: Uuid,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
}

#[derive(Debug, Clone)]
pub struct ChangeApplicationStatus {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub status: ApplicationStatus,
    pub feedback: Option<String>,
}

impl Commands {
    /// Written's output is the new application's id.
    pub async fn submit_application(
        &self,
        cmd: SubmitApplication,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let job = self.load::<Job>(cmd.job_id).await?.state.map(|j| JobFacts {
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
        // Inside the append transaction: a second try, however fast, is refused.
        let effects = Effects::default().claim(UniqueClaim::new(
            application::claim_scope(cmd.job_id),
            &cmd.candidate_id.to_string(),
            application_id,
        ));
        let new = Loaded::<Application> {
            state: None,
            version: 0,
        };
        match self
            .append(application_id, &new, events, effects, metadata)
            .await
        {
            Ok(written) => Ok(written.with(application_id)),
            Err(CommandError::Conflict(AppendError::Claimed { .. })) => {
                Err(DomainError::AlreadyApplied.into())
            }
            Err(e) => Err(e),
        }
    }

    async fn attachment(&self, id: Option<Uuid>) -> Result<Option<Attachment>, CommandError> {
        let Some(id) = id else { return Ok(None) };
        let doc = self.load::<Document>(id).await?.state;
        Ok(Some(Attachment {
            id,
            owner_id: doc.filter(|d| !d.deleted).map(|d| d.owner_id),
        }))
    }

    /// Writes nothing (no position) when neither status nor feedback changes.
    pub async fn change_application_status(
        &self,
        cmd: ChangeApplicationStatus,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Application>(cmd.application_id, metadata, |state| {
            application::change_status(
                state.as_ref(),
                cmd.employer_id,
                cmd.status,
                cmd.feedback.as_deref(),
                now,
            )
        })
        .await
    }
}
