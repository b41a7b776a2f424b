//! ChangePassword: a signed-in account holder, of any role, chooses a new
//! password by giving the current one. Tokens issued before it are refused.

use chrono::{DateTime, Utc};
use domain::account::{self, Account};
use domain::validation::{MAX_PASSWORD_LEN, NewPassword};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written, passwords};

#[derive(Clone)]
pub struct ChangePassword {
    pub account_id: Uuid,
    pub current_password: String,
    /// Parsed by the form (`PasswordChangeForm`): the rule and the common list.
    pub new_password: NewPassword,
}

impl std::fmt::Debug for ChangePassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangePassword")
            .field("account_id", &self.account_id)
            .finish_non_exhaustive()
    }
}

impl Commands {
    /// Written's output is when the password changed: sessions issued at or
    /// before it are over.
    pub async fn change_password(
        &self,
        cmd: ChangePassword,
        metadata: Metadata,
    ) -> Result<Written<DateTime<Utc>>, CommandError> {
        let loaded = self.load::<Account>(cmd.account_id).await?;
        let state = loaded.state.as_ref();
        // Longer than any password can be set: wrong, without spending a hash on it.
        let settable = cmd.current_password.chars().count() <= MAX_PASSWORD_LEN;
        let current_matches = settable
            && passwords::verify(
                cmd.current_password.clone(),
                state.map(|a| a.password_hash.clone()),
            )
            .await?;
        let same_as_current = cmd.current_password == cmd.new_password.expose();
        let now = self.clock.now();
        // Decide before hashing, so a wrong current password costs no second
        // argon2 run...
        account::change_password(state, current_matches, same_as_current, String::new(), now)?;
        let password_hash = passwords::hash(cmd.new_password.expose().to_owned()).await?;
        let events =
            account::change_password(state, current_matches, same_as_current, password_hash, now)?;
        // ...and append at the version whose hash was checked: a reset or
        // another change in between makes this one a conflict, not a silent
        // overwrite.
        let written = self
            .append(
                cmd.account_id,
                &loaded,
                events,
                Effects::default(),
                metadata,
            )
            .await?;
        Ok(written.with(now))
    }
}
