//! SignIn: checks an email and password for a role. Appends nothing: failed
//! attempts are throttled at the edge, not recorded as history.

use domain::account::{self, Account, Role};

use crate::{CommandError, Commands, passwords};

#[derive(Debug, Clone)]
pub struct SignIn {
    pub role: Role,
    pub email: String,
    pub password: String,
}

impl Commands {
    pub async fn sign_in(&self, cmd: SignIn) -> Result<Account, CommandError> {
        let state = self.find_account_by_email(cmd.role, &cmd.email).await?;
        let matches = passwords::verify(
            cmd.password,
            state.as_ref().map(|a| a.password_hash.clone()),
        )
        .await?;
        account::sign_in(state.as_ref(), cmd.role, matches)?;
        Ok(state.expect("sign_in accepted an account"))
    }
}
