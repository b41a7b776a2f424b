//! Sessions: what someone typed to sign in, the sign-in decision, and
//! signing out of one session or all of them.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Account, AccountEvent, AccountStatus, Role};
use crate::DomainError;

pub const SIGN_IN_FIELDS_MESSAGE: &str = "Please enter your email and password";

/// What someone typed to sign in, before any account is looked up. Blank
/// fields are a form error; a field longer than any account's cannot match,
/// so it gets the wrong-password answer without hashing anything.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

impl Credentials {
    pub fn parse(email: String, password: String) -> Result<Self, DomainError> {
        if email.trim().is_empty() || password.is_empty() {
            return Err(DomainError::invalid(SIGN_IN_FIELDS_MESSAGE));
        }
        // Measured as the rules that made the account measure them: the
        // address trimmed and lower-cased, in bytes (`Email::parse`); the
        // password in characters (`NewPassword::parse`).
        if email.trim().to_lowercase().len() > crate::validation::MAX_EMAIL_LEN
            || password.chars().count() > crate::validation::MAX_PASSWORD_LEN
        {
            return Err(DomainError::InvalidCredentials);
        }
        Ok(Self { email, password })
    }
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("email", &self.email)
            .finish_non_exhaustive()
    }
}
/// Sign-in decision, after the caller has checked the password against the hash.
/// A wrong password and an unknown account give the same answer.
pub fn sign_in(
    state: Option<&Account>,
    role: Role,
    password_matches: bool,
) -> Result<(), DomainError> {
    let account = state.ok_or(DomainError::InvalidCredentials)?;
    if account.role != role || !password_matches {
        return Err(DomainError::InvalidCredentials);
    }
    match account.status {
        AccountStatus::Active => Ok(()),
        AccountStatus::Pending => Err(DomainError::EmployerPending),
        AccountStatus::Rejected => Err(DomainError::EmployerRejected),
        AccountStatus::Suspended => Err(DomainError::EmployerSuspended),
        // A removed admin is told nothing more than a stranger would be.
        AccountStatus::Removed => Err(DomainError::InvalidCredentials),
    }
}

/// Anyone signed in may end the session they are using (signing out). The
/// account must exist; its status does not matter.
pub fn sign_out(
    state: Option<&Account>,
    session_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    state.ok_or(DomainError::NotFound("Account"))?;
    Ok(vec![AccountEvent::SignedOut {
        session_id,
        signed_out_at: now,
    }])
}

/// Anyone signed in may end all of their sessions at once (a lost phone, a
/// shared computer). The account must exist; its status does not matter.
pub fn sign_out_everywhere(
    state: Option<&Account>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    state.ok_or(DomainError::NotFound("Account"))?;
    Ok(vec![AccountEvent::SignedOutEverywhere {
        signed_out_at: now,
    }])
}
