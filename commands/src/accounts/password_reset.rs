//! RequestPasswordReset and ResetPassword, for every role.
//!
//! The request always answers the same way whether or not the account exists;
//! the token goes out by mail (outbox) and only its hash is stored in the event.

use domain::DomainError;
use domain::account::{self, Account, Role};
use domain::validation::{NewPassword, PasswordRule};
use event_store::{AppendError, Metadata, OutgoingMail};

use crate::passwords;
use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone)]
pub struct RequestPasswordReset {
    pub role: Role,
    pub email: String,
}

#[derive(Debug, Clone)]
pub struct ResetPassword {
    pub role: Role,
    pub token: String,
    pub new_password: String,
}

impl Commands {
    /// Writes nothing (no position) when no account matched, which the caller
    /// must not reveal.
    pub async fn request_password_reset(
        &self,
        cmd: RequestPasswordReset,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let Some(found) = self.find_account_by_email(cmd.role, &cmd.email).await? else {
            tracing::info!(role = %cmd.role, "password reset asked for an unknown email");
            return Ok(Written {
                output: (),
                position: None,
            });
        };
        let loaded = self.load::<Account>(found.id).await?;
        let token = passwords::new_reset_token(found.id);
        let events = account::request_password_reset(
            loaded.state.as_ref(),
            passwords::token_hash(&token),
            self.clock.now(),
        )?;
        let base = match cmd.role {
            Role::Candidate => &self.links.public,
            Role::Employer => &self.links.employer,
            Role::Admin => &self.links.admin,
        };
        let link = format!(
            "{}/reset-password?token={token}",
            base.trim_end_matches('/')
        );
        let mail = OutgoingMail {
            recipient: found.email.clone(),
            subject: "Reset your Harbour IT Recruitment password".into(),
            body: format!(
                "Hi {name},\n\nSomeone (hopefully you) asked to reset the password for your {role} account.\n\
                 Use this link within the next hour to choose a new one:\n\n{link}\n\n\
                 If you didn't ask for this, you can ignore this email: your password stays as it is.\n\n\
                 Harbour IT Recruitment, Sydney\n",
                name = found.name.split_whitespace().next().unwrap_or("there"),
                role = cmd.role,
            ),
            ..OutgoingMail::default()
        };
        self.append(
            found.id,
            &loaded,
            events,
            Effects::default().mail(mail),
            metadata,
        )
        .await
    }

    pub async fn reset_password(
        &self,
        cmd: ResetPassword,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let password = NewPassword::parse(&cmd.new_password, PasswordRule::Reset)?;
        let account_id =
            passwords::reset_token_account(&cmd.token).ok_or(DomainError::InvalidResetToken)?;
        let loaded = self.load::<Account>(account_id).await?;
        let state = &loaded.state;
        if state.as_ref().is_none_or(|a| a.role != cmd.role) {
            return Err(DomainError::InvalidResetToken.into());
        }
        let token_hash = passwords::token_hash(&cmd.token);
        // Decide before hashing so that a dead token costs no argon2 work...
        account::reset_password(state.as_ref(), &token_hash, String::new(), self.clock.now())?;
        let password_hash = passwords::hash(password.expose().to_owned()).await?;
        let events =
            account::reset_password(state.as_ref(), &token_hash, password_hash, self.clock.now())?;
        // ...and append at exactly the version we decided on: two uses of the same
        // token race for one slot and the loser gets a conflict, never a second reset.
        match self
            .append(account_id, &loaded, events, Effects::default(), metadata)
            .await
        {
            Err(CommandError::Conflict(AppendError::WrongExpectedVersion { .. })) => {
                Err(DomainError::InvalidResetToken.into())
            }
            other => other,
        }
    }
}
