//! Account commands for all three roles.

mod password_reset;
mod register_account;
mod review_employer;
mod sign_in;

pub use password_reset::{RequestPasswordReset, ResetPassword};
pub use register_account::RegisterAccount;
pub use review_employer::ReviewDecision;
pub use sign_in::SignIn;

use domain::account::{self, Account, AccountEvent, Role};
use uuid::Uuid;

use crate::Commands;

/// Uniqueness scope: one account per email per role.
pub fn email_scope(role: Role) -> String {
    format!("account_email:{role}")
}

impl Commands {
    /// Folds an account stream; `None` when there is no such account.
    pub async fn load_account(&self, account_id: Uuid) -> anyhow::Result<(Option<Account>, i64)> {
        let (events, version) = self
            .store
            .load::<AccountEvent>(&account::stream_id(account_id))
            .await?;
        Ok((events.iter().fold(None, account::evolve), version))
    }

    /// The account registered with this email for this role, if any. Reads the
    /// uniqueness claim, which is written with the registration, so it never lags.
    pub async fn find_account_by_email(
        &self,
        role: Role,
        email: &str,
    ) -> anyhow::Result<Option<Account>> {
        let Ok(email) = domain::validation::Email::parse(email) else {
            return Ok(None);
        };
        let Some(id) = self
            .store
            .claim_owner(&email_scope(role), email.as_str())
            .await?
        else {
            return Ok(None);
        };
        Ok(self.load_account(id).await?.0)
    }
}
