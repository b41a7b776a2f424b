//! Passwords: asking for a reset link, resetting with it, and changing the
//! password while signed in, with the forms each starts from.

use chrono::{DateTime, Duration, Utc};

use super::{Account, AccountEvent};
use crate::DomainError;

/// How long a password reset link stays valid.
pub const RESET_TOKEN_TTL: Duration = Duration::hours(1);
pub fn request_password_reset(
    state: Option<&Account>,
    token_hash: String,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    state.ok_or(DomainError::NotFound("Account"))?;
    Ok(vec![AccountEvent::PasswordResetRequested {
        token_hash,
        requested_at: now,
        expires_at: now + RESET_TOKEN_TTL,
    }])
}

/// A reset is allowed once per issued token, within its hour, and only while no
/// later reset has spent it.
pub fn reset_password(
    state: Option<&Account>,
    token_hash: &str,
    new_password_hash: String,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = state.ok_or(DomainError::InvalidResetToken)?;
    let valid = account
        .open_reset_tokens
        .iter()
        .any(|(hash, expires_at)| hash == token_hash && now < *expires_at);
    if !valid {
        return Err(DomainError::InvalidResetToken);
    }
    Ok(vec![AccountEvent::PasswordReset {
        token_hash: token_hash.to_owned(),
        password_hash: new_password_hash,
        reset_at: now,
    }])
}

pub const PASSWORD_MUST_CHANGE_MESSAGE: &str =
    "Your new password must be different from your current one";

/// A signed-in account holder changes their password. The caller has parsed
/// the new one (`NewPassword`), checked the current one against the hash
/// (`current_matches`) and compared the two as typed (`same_as_current`).
pub fn change_password(
    state: Option<&Account>,
    current_matches: bool,
    same_as_current: bool,
    new_password_hash: String,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    state.ok_or(DomainError::NotFound("Account"))?;
    if !current_matches {
        return Err(DomainError::WrongCurrentPassword);
    }
    if same_as_current {
        return Err(DomainError::invalid(PASSWORD_MUST_CHANGE_MESSAGE));
    }
    Ok(vec![AccountEvent::PasswordChanged {
        password_hash: new_password_hash,
        changed_at: now,
    }])
}

/// A filled-in change-password form: the current password as typed and a
/// new one that meets the register rule (so it also passes the sign-in
/// forms' check) and is not common.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordChangeForm {
    pub current_password: String,
    pub new_password: crate::validation::NewPassword,
}

impl PasswordChangeForm {
    pub fn parse(current_password: String, new_password: &str) -> Result<Self, DomainError> {
        if current_password.is_empty() || new_password.is_empty() {
            return Err(DomainError::invalid(
                crate::validation::FILL_ALL_FIELDS_MESSAGE,
            ));
        }
        let new_password = crate::validation::NewPassword::parse(
            new_password,
            crate::validation::PasswordRule::Standard,
        )?;
        Ok(Self {
            current_password,
            new_password,
        })
    }
}

impl std::fmt::Debug for PasswordChangeForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordChangeForm(..)")
    }
}
/// The address a forgot-password form names: required, then a valid email.
pub fn reset_request_email(raw: &str) -> Result<crate::validation::Email, DomainError> {
    if raw.trim().is_empty() {
        return Err(DomainError::invalid(
            crate::validation::FORGOT_EMAIL_MESSAGE,
        ));
    }
    crate::validation::Email::parse(raw)
}

/// A filled-in reset form: the token from the link and a new password. The
/// password rule itself is checked when the reset is decided.
#[derive(Clone, PartialEq, Eq)]
pub struct ResetForm {
    pub token: String,
    pub new_password: String,
}

impl ResetForm {
    pub fn parse(token: String, new_password: String) -> Result<Self, DomainError> {
        if token.trim().is_empty() || new_password.is_empty() {
            return Err(DomainError::invalid(
                crate::validation::FILL_ALL_FIELDS_MESSAGE,
            ));
        }
        Ok(Self {
            token,
            new_password,
        })
    }
}

impl std::fmt::Debug for ResetForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResetForm(..)")
    }
}
