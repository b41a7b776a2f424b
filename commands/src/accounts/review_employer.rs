//! ApproveEmployer / RejectEmployer: an admin decides on a pending employer.

use domain::account;
use uuid::Uuid;

use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent, OutgoingMail};
use crate::{CommandError, Commands};

#[derive(Debug, Clone)]
pub enum ReviewDecision {
    Approve,
    Reject { reason: Option<String> },
}

impl Commands {
    pub async fn review_employer(
        &self,
        admin_id: Uuid,
        employer_id: Uuid,
        decision: ReviewDecision,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let (state, version) = self.load_account(employer_id).await?;
        let now = self.clock.now();
        let (events, mail) = match &decision {
            ReviewDecision::Approve => (
                account::approve_employer(state.as_ref(), admin_id, now)?,
                "Good news: your employer account is approved. You can now sign in and post roles.",
            ),
            ReviewDecision::Reject { reason } => (
                account::reject_employer(state.as_ref(), admin_id, reason.clone(), now)?,
                "We weren't able to approve your employer account. Reply to this email and we'll explain why.",
            ),
        };
        let account = state.expect("review accepted an account");
        let request = AppendRequest::new(
            account::stream_id(employer_id),
            ExpectedVersion::Exact(version),
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, Some(employer_id)))
                .collect(),
            metadata,
        )
        .mail(OutgoingMail {
            recipient: account.email.clone(),
            subject: "Your Harbour IT Recruitment employer account".into(),
            body: format!(
                "Hi {},\n\n{mail}\n\n{}/login\n\nHarbour IT Recruitment, Sydney\n",
                account.name, self.links.employer
            ),
        });
        Ok(self.store.append(request).await?.position)
    }
}
