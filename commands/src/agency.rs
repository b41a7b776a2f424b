//! CloseJobByAgency, RemoveAdmin: what the agency's staff decide across
//! clients and about each other (removing an admin also changes the admin
//! roster, `admin_roster.rs`, in the same append).

use domain::DomainError;
use domain::account::{self, Account};
use domain::admin_roster;
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

    /// The account records the removal; the roster, in the same append,
    /// keeps the agency from losing its last admin. Of two removals decided
    /// on the same roster only one lands; the other is decided again on the
    /// roster it left (and refused if it would leave none).
    pub async fn remove_admin(
        &self,
        cmd: RemoveAdmin,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.decide_again_on_conflict(|| {
            let metadata = metadata.clone();
            async move {
                let now = self.clock.now();
                let account = self.load::<Account>(cmd.target_id).await?;
                let events = account::remove_admin(account.state.as_ref(), cmd.admin_id, now)?;
                let (roster, roster_events) = self
                    .decide_on_admin_roster(|r| admin_roster::remove(r, cmd.target_id, now))
                    .await?;
                let effects = Effects::default().also((), &roster, roster_events);
                self.append(cmd.target_id, &account, events, effects, metadata)
                    .await
            }
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
