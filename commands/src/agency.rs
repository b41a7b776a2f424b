//! CloseJobByAgency, RemoveAdmin: what the agency's staff decide across
//! clients and about each other.

use domain::DomainError;
use domain::account::{self, Account};
use domain::job::{self, Job, JobEvent};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

/// The agency takes a listing off the board and tells its employer why.
#[derive(Debug, Clone)]
pub struct CloseJobByAgency {
    pub admin_id: Uuid,
    pub job_id: Uuid,
    pub reason: String,
}

/// An admin takes another admin's access away.
#[derive(Debug, Clone, Copy)]
pub struct RemoveAdmin {
    pub admin_id: Uuid,
    pub target_id: Uuid,
    /// Admins who can sign in now, the target among them (from the read model).
    pub active_admins: i64,
}

impl Commands {
    pub async fn close_job_by_agency(
        &self,
        cmd: CloseJobByAgency,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Job>(cmd.job_id).await?;
        let events = job::close_by_agency(
            loaded.state.as_ref(),
            cmd.admin_id,
            &cmd.reason,
            self.clock.now(),
        )?;
        let (Some(listing), Some(JobEvent::JobClosedByAgency { reason, .. })) =
            (loaded.state.as_ref(), events.first())
        else {
            return Err(DomainError::NotFound("Job").into());
        };
        let employer = self.load::<Account>(listing.employer_id).await?;
        let mail = self.employer_mail(
            employer.state.as_ref(),
            &format!("We have closed your listing: {}", listing.title),
            &format!(
                "We have taken your listing \"{}\" off the job board.\n\nThe reason given: {reason}\n\nIts applicants stay in your pipeline. Reply to this email if you would like to talk it through.",
                listing.title
            ),
        )?;
        self.append(
            cmd.job_id,
            &loaded,
            events,
            Effects::default().mail(mail),
            metadata,
        )
        .await
    }

    pub async fn remove_admin(
        &self,
        cmd: RemoveAdmin,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Account>(cmd.target_id, metadata, |state| {
            account::remove_admin(state.as_ref(), cmd.admin_id, cmd.active_admins, now)
        })
        .await
    }

    /// Ends every session of the account: a lost phone, a shared computer.
    pub async fn sign_out_everywhere(
        &self,
        account_id: Uuid,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Account>(account_id, metadata, |state| {
            account::sign_out_everywhere(state.as_ref(), now)
        })
        .await
    }

    /// Ends one session: the one its holder signs out of.
    pub async fn sign_out(
        &self,
        account_id: Uuid,
        session_id: Uuid,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Account>(account_id, metadata, |state| {
            account::sign_out(state.as_ref(), session_id, now)
        })
        .await
    }
}
