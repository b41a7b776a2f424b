//! Account commands for all three roles.

mod change_password;
mod password_reset;
mod register_account;
mod review_employer;
mod sign_in;
mod suspension;
mod two_factor;

pub use change_password::ChangePassword;
pub use password_reset::{RequestPasswordReset, ResetPassword};
pub use register_account::RegisterAccount;
pub use review_employer::{ReviewDecision, ReviewEmployer};
pub use sign_in::SignIn;
pub use suspension::{ReinstateEmployer, SuspendEmployer};
pub use two_factor::{
    ISSUER, SecondFactor, TwoFactorSetup, recovery_code_hash, totp as totp_generator,
};

use domain::account::{Account, Role};

use crate::Commands;

/// Uniqueness scope: one account per email per role.
pub fn email_scope(role: Role) -> String {
    format!("account_email:{role}")
}

impl Commands {
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
            .claim_owner(&email_scope(role), &self.hasher.lookups(email.as_str()))
            .await?
        else {
            return Ok(None);
        };
        Ok(self.load::<Account>(id).await?.state)
    }
}
