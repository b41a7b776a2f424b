//! SubmitApplication, ChangeApplicationStatus and MoveApplication (the
//! employer's pipeline).

use domain::DomainError;
use domain::application::{self, Application, ApplicationStatus, Attachment, JobFacts, Submission};
use domain::document::Document;
use domain::job::Job;
use domain::pipeline::{self, Stage};
use event_store::{AppendError, ExpectedVersion, Metadata};
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
pub struct WithdrawApplication {
    pub candidate_id: Uuid,
    pub application_id: Uuid,
    pub reason: Option<String>,
}

/// Moves an applicant along the employer's pipeline.
#[derive(Debug, Clone)]
pub struct MoveApplication {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub stage: Stage,
    pub feedback: Option<String>,
    /// The version the employer's board showed. A board that is behind gets a
    /// conflict instead of overwriting a colleague's move; `None` moves from
    /// wherever the application is.
    pub expected_version: Option<i64>,
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
        let effects = Effects::default().claim(self.hasher.claim(
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

    /// Written's output is the application's version after the move (its
    /// current one when nothing changed).
    pub async fn move_application(
        &self,
        cmd: MoveApplication,
        metadata: Metadata,
    ) -> Result<Written<i64>, CommandError> {
        let loaded = self.load::<Application>(cmd.application_id).await?;
        let Some(app) = loaded
            .state
            .as_ref()
            .filter(|a| a.employer_id == cmd.employer_id)
        else {
            return Err(DomainError::NotFound("Application").into());
        };
        if let Some(expected) = cmd.expected_version
            && expected != loaded.version
        {
            return Err(CommandError::Conflict(AppendError::WrongExpectedVersion {
                stream_id: application::stream_id(cmd.application_id),
                expected: ExpectedVersion::Exact(expected),
            }));
        }
        let job_open = self
            .load::<Job>(app.job_id)
            .await?
            .state
            .is_some_and(|j| j.open);
        let events = pipeline::move_to(
            loaded.state.as_ref(),
            pipeline::Move {
                employer_id: cmd.employer_id,
                to: cmd.stage,
                feedback: cmd.feedback.as_deref(),
                job_open,
                now: self.clock.now(),
            },
        )?;
        let version = loaded.version + events.len() as i64;
        Ok(self
            .append(
                cmd.application_id,
                &loaded,
                events,
                Effects::default(),
                metadata,
            )
            .await?
            .with(version))
    }

    pub async fn withdraw_application(
        &self,
        cmd: WithdrawApplication,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Application>(cmd.application_id, metadata, |state| {
            application::withdraw(state.as_ref(), cmd.candidate_id, cmd.reason.as_deref(), now)
        })
        .await
    }
}
