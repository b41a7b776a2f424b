//! SuspendEmployer / ReinstateEmployer: an admin stops an approved employer
//! (no sign-in, sessions ended, listings off the board) and lets it back.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::{self, Account, AccountEvent};
use event_store::{Metadata, OutgoingMail};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone)]
pub struct SuspendEmployer {
    pub admin_id: Uuid,
    pub employer_id: Uuid,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Copy)]
pub struct ReinstateEmployer {
    pub admin_id: Uuid,
    pub employer_id: Uuid,
}

impl Commands {
    pub async fn suspend_employer(
        &self,
        cmd: SuspendEmployer,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.decide_and_tell_employer(
            cmd.employer_id,
            metadata,
            |state, now| account::suspend_employer(state, cmd.admin_id, cmd.reason, now),
            |events| {
                let reason = match events.first() {
                    Some(AccountEvent::EmployerSuspended {
                        reason: Some(r), ..
                    }) => format!("\n\nThe reason given: {r}"),
                    _ => String::new(),
                };
                (
                    "Your Harbour IT Recruitment employer account is suspended",
                    format!(
                        "We have suspended your employer account. You cannot sign in, and your job listings are hidden from the board until it is reinstated.{reason}\n\nReply to this email if you would like to talk it through."
                    ),
                )
            },
        )
        .await
    }

    pub async fn reinstate_employer(
        &self,
        cmd: ReinstateEmployer,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.decide_and_tell_employer(
            cmd.employer_id,
            metadata,
            |state, now| account::reinstate_employer(state, cmd.admin_id, now),
            |_| {
                (
                    "Your Harbour IT Recruitment employer account is active again",
                    format!(
                        "Your employer account is active again and your open listings are back on the board. Sign in to continue:\n\n{}/login",
                        self.links.employer
                    ),
                )
            },
        )
        .await
    }

    /// An admin's decision on an employer's account, written with the mail
    /// (subject and text, from the events decided) that tells the employer.
    async fn decide_and_tell_employer(
        &self,
        employer_id: Uuid,
        metadata: Metadata,
        decide: impl FnOnce(Option<&Account>, DateTime<Utc>) -> Result<Vec<AccountEvent>, DomainError>,
        mail: impl FnOnce(&[AccountEvent]) -> (&'static str, String),
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Account>(employer_id).await?;
        let events = decide(loaded.state.as_ref(), self.clock.now())?;
        let (subject, text) = mail(&events);
        let mail = self.employer_mail(loaded.state.as_ref(), subject, &text)?;
        self.append(
            employer_id,
            &loaded,
            events,
            Effects::default().mail(mail),
            metadata,
        )
        .await
    }

    pub(crate) fn employer_mail(
        &self,
        account: Option<&Account>,
        subject: &str,
        text: &str,
    ) -> Result<OutgoingMail, CommandError> {
        let account = account.ok_or(DomainError::NotFound("Employer"))?;
        Ok(OutgoingMail {
            recipient: account.email.clone(),
            subject: subject.into(),
            body: format!(
                "Hi {},\n\n{text}\n\nHarbour IT Recruitment, Sydney\n",
                account.name
            ),
            ..OutgoingMail::default()
        })
    }
}
