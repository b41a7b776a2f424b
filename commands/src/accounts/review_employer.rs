//! ApproveEmployer / RejectEmployer: an admin decides on a pending employer.

use domain::DomainError;
use domain::account::{self, Account};
use event_store::{Metadata, OutgoingMail};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone)]
pub enum ReviewDecision {
    /// `note`: what the admin checked, kept for the audit; not mailed.
    Approve {
        note: Option<String>,
    },
    Reject {
        reason: Option<String>,
    },
}

#[derive(Debug, Clone)]
pub struct ReviewEmployer {
    pub admin_id: Uuid,
    pub employer_id: Uuid,
    pub decision: ReviewDecision,
}

impl Commands {
    pub async fn review_employer(
        &self,
        ReviewEmployer {
            admin_id,
            employer_id,
            decision,
        }: ReviewEmployer,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Account>(employer_id).await?;
        let state = &loaded.state;
        let now = self.clock.now();
        let (events, mail) = match &decision {
            ReviewDecision::Approve { note } => (
                account::approve_employer(state.as_ref(), admin_id, note.clone(), now)?,
                "Good news: your employer account is approved. You can now sign in and post roles."
                    .to_owned(),
            ),
            ReviewDecision::Reject { reason } => (
                account::reject_employer(state.as_ref(), admin_id, reason.clone(), now)?,
                match reason {
                    Some(reason) => format!(
                        "We weren't able to approve your employer account.\n\nThe reason given: {reason}\n\nReply to this email if you would like to talk it through."
                    ),
                    None => "We weren't able to approve your employer account. Reply to this email and we'll explain why.".to_owned(),
                },
            ),
        };
        // The decision accepted the review, so the account exists.
        let account = state.as_ref().ok_or(DomainError::NotFound("Employer"))?;
        let effects = Effects::default().mail(OutgoingMail {
            recipient: account.email.clone(),
            subject: "Your Harbour IT Recruitment employer account".into(),
            body: format!(
                "Hi {},\n\n{mail}\n\n{}/login\n\nHarbour IT Recruitment, Sydney\n",
                account.name, self.links.employer
            ),
            ..OutgoingMail::default()
        });
        self.append(employer_id, &loaded, events, effects, metadata)
            .await
    }
}
