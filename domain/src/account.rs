//! Accounts of all three roles: registration, employer approval, sign-in
//! decisions, password resets and changes. Stream: `account-{id}`.
//!
//! Long on purpose: about a third of it is the given/when/then tests that sit
//! beside the account rules they check.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{DomainError, DomainEvent};

/// How long a password reset link stays valid.
pub const RESET_TOKEN_TTL: Duration = Duration::hours(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Candidate,
    Employer,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Candidate => "candidate",
            Self::Employer => "employer",
            Self::Admin => "admin",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "candidate" => Some(Self::Candidate),
            "employer" => Some(Self::Employer),
            "admin" => Some(Self::Admin),
            _ => None,
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountStatus {
    /// Employers start here until an admin approves them.
    Pending,
    Active,
    Rejected,
    /// An admin stopped an approved employer: no sign-in, no session, no
    /// listings on the board, until reinstated.
    Suspended,
    /// An admin account another admin removed: no sign-in, sessions refused.
    Removed,
}

impl AccountStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Active => "active",
            Self::Rejected => "rejected",
            Self::Suspended => "suspended",
            Self::Removed => "removed",
        }
    }
}

pub fn stream_id(account_id: Uuid) -> String {
    format!("account-{account_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AccountRegistered {
    pub account_id: Uuid,
    pub role: Role,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub password_hash: String,
    pub status: AccountStatus,
    /// The admin who created this account, for admins made by an admin.
    pub created_by: Option<Uuid>,
    pub registered_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AccountEvent {
    AccountRegistered(AccountRegistered),
    EmployerApproved {
        approved_by: Uuid,
        approved_at: DateTime<Utc>,
    },
    EmployerRejected {
        rejected_by: Uuid,
        reason: Option<String>,
        rejected_at: DateTime<Utc>,
    },
    /// Only a hash of the token is kept; the token itself goes out by mail.
    PasswordResetRequested {
        token_hash: String,
        requested_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    },
    PasswordReset {
        token_hash: String,
        password_hash: String,
        reset_at: DateTime<Utc>,
    },
    /// The signed-in account holder chose a new password, giving the current
    /// one. Sessions issued before it end, like after a reset.
    PasswordChanged {
        password_hash: String,
        changed_at: DateTime<Utc>,
    },
    EmployerSuspended {
        suspended_by: Uuid,
        reason: Option<String>,
        suspended_at: DateTime<Utc>,
    },
    EmployerReinstated {
        reinstated_by: Uuid,
        reinstated_at: DateTime<Utc>,
    },
    /// Another admin took this admin's access away.
    AdminRemoved {
        removed_by: Uuid,
        removed_at: DateTime<Utc>,
    },
    /// The account holder ended every session they had: tokens issued before
    /// this are refused and open sockets close.
    SignedOutEverywhere {
        signed_out_at: DateTime<Utc>,
    },
    /// An admin began turning on two-factor sign-in: the shared secret (base32)
    /// their authenticator app was shown. Sealed like a password hash.
    TotpEnrolmentStarted {
        secret: String,
        started_at: DateTime<Utc>,
    },
    /// Two-factor sign-in is on, confirmed with a code of `step`. Recovery
    /// codes are kept only as SHA-256 hashes, each good once. Every session
    /// issued before it ends but `kept_session`, the one that turned it on
    /// (absent in events from before sessions had ids: then none ended).
    TotpEnabled {
        recovery_code_hashes: Vec<String>,
        step: u64,
        enabled_at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kept_session: Option<Uuid>,
    },
    /// A code from the app was accepted: no code of this step or an earlier
    /// one is accepted again (RFC 6238 section 5.2).
    TotpCodeAccepted {
        step: u64,
        accepted_at: DateTime<Utc>,
    },
    /// A recovery code was spent.
    RecoveryCodeUsed {
        code_hash: String,
        used_at: DateTime<Utc>,
    },
    /// One session ended: its holder signed out. Its tokens are refused.
    SignedOut {
        session_id: Uuid,
        signed_out_at: DateTime<Utc>,
    },
    /// Two-factor sign-in is off: the admin turned it off with a code, or
    /// another admin reset it (a lost phone). Every session issued before it
    /// ends (a token that passed a code must not outlive it); the admin sets
    /// it up again before working on.
    TotpTurnedOff {
        turned_off_by: Uuid,
        turned_off_at: DateTime<Utc>,
    },
}

impl DomainEvent for AccountEvent {
    const TYPES: &'static [&'static str] = &[
        "AccountRegistered",
        "EmployerApproved",
        "EmployerRejected",
        "PasswordResetRequested",
        "PasswordReset",
        "PasswordChanged",
        "EmployerSuspended",
        "EmployerReinstated",
        "AdminRemoved",
        "SignedOutEverywhere",
        "TotpEnrolmentStarted",
        "TotpEnabled",
        "TotpCodeAccepted",
        "RecoveryCodeUsed",
        "SignedOut",
        "TotpTurnedOff",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::AccountRegistered(_) => "AccountRegistered",
            Self::EmployerApproved { .. } => "EmployerApproved",
            Self::EmployerRejected { .. } => "EmployerRejected",
            Self::PasswordResetRequested { .. } => "PasswordResetRequested",
            Self::PasswordReset { .. } => "PasswordReset",
            Self::PasswordChanged { .. } => "PasswordChanged",
            Self::EmployerSuspended { .. } => "EmployerSuspended",
            Self::EmployerReinstated { .. } => "EmployerReinstated",
            Self::AdminRemoved { .. } => "AdminRemoved",
            Self::SignedOutEverywhere { .. } => "SignedOutEverywhere",
            Self::TotpEnrolmentStarted { .. } => "TotpEnrolmentStarted",
            Self::TotpEnabled { .. } => "TotpEnabled",
            Self::TotpCodeAccepted { .. } => "TotpCodeAccepted",
            Self::RecoveryCodeUsed { .. } => "RecoveryCodeUsed",
            Self::SignedOut { .. } => "SignedOut",
            Self::TotpTurnedOff { .. } => "TotpTurnedOff",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::AccountRegistered(_) => &["name", "email", "phone", "password_hash"],
            Self::PasswordReset { .. } | Self::PasswordChanged { .. } => &["password_hash"],
            Self::TotpEnrolmentStarted { .. } => &["secret"],
            _ => &[],
        }
    }
}

/// An account as the write side sees it, folded from its stream.
/// Serialised for auditors' time travel, without the secrets.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Account {
    pub id: Uuid,
    pub role: Role,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    #[serde(skip)]
    pub password_hash: String,
    pub status: AccountStatus,
    pub registered_at: DateTime<Utc>,
    /// Reset tokens issued since the last password change: (hash, expiry).
    #[serde(skip)]
    pub open_reset_tokens: Vec<(String, DateTime<Utc>)>,
    /// Two-factor sign-in (admins): the secret being set up, then what is on.
    #[serde(skip)]
    pub totp_pending: Option<String>,
    #[serde(skip)]
    pub totp: Option<crate::two_factor::TwoFactor>,
}

/// `evolve`: the state after one more event. Events are facts, so this never fails.
pub fn evolve(state: Option<Account>, event: &AccountEvent) -> Option<Account> {
    match (state, event) {
        (_, AccountEvent::AccountRegistered(e)) => Some(Account {
            id: e.account_id,
            role: e.role,
            name: e.name.clone(),
            email: e.email.clone(),
            phone: e.phone.clone(),
            company: e.company.clone(),
            password_hash: e.password_hash.clone(),
            status: e.status,
            registered_at: e.registered_at,
            open_reset_tokens: vec![],
            totp_pending: None,
            totp: None,
        }),
        (
            Some(mut a),
            AccountEvent::EmployerApproved { .. } | AccountEvent::EmployerReinstated { .. },
        ) => {
            a.status = AccountStatus::Active;
            Some(a)
        }
        (Some(mut a), AccountEvent::EmployerRejected { .. }) => {
            a.status = AccountStatus::Rejected;
            Some(a)
        }
        (Some(mut a), AccountEvent::EmployerSuspended { .. }) => {
            a.status = AccountStatus::Suspended;
            Some(a)
        }
        (Some(mut a), AccountEvent::AdminRemoved { .. }) => {
            a.status = AccountStatus::Removed;
            Some(a)
        }
        (Some(mut a), AccountEvent::TotpEnrolmentStarted { secret, .. }) => {
            a.totp_pending = Some(secret.clone());
            Some(a)
        }
        (
            Some(mut a),
            AccountEvent::TotpEnabled {
                recovery_code_hashes,
                step,
                ..
            },
        ) => {
            a.totp = a
                .totp_pending
                .take()
                .map(|secret| crate::two_factor::TwoFactor {
                    secret,
                    recovery_code_hashes: recovery_code_hashes.clone(),
                    last_step: *step,
                });
            Some(a)
        }
        (Some(mut a), AccountEvent::TotpCodeAccepted { step, .. }) => {
            if let Some(t) = a.totp.as_mut() {
                t.last_step = t.last_step.max(*step);
            }
            Some(a)
        }
        (Some(mut a), AccountEvent::RecoveryCodeUsed { code_hash, .. }) => {
            if let Some(t) = a.totp.as_mut() {
                t.recovery_code_hashes.retain(|h| h != code_hash);
            }
            Some(a)
        }
        (
            Some(mut a),
            AccountEvent::PasswordResetRequested {
                token_hash,
                expires_at,
                ..
            },
        ) => {
            a.open_reset_tokens.push((token_hash.clone(), *expires_at));
            Some(a)
        }
        (
            Some(mut a),
            AccountEvent::PasswordReset { password_hash, .. }
            | AccountEvent::PasswordChanged { password_hash, .. },
        ) => {
            a.password_hash = password_hash.clone();
            // A new password spends every outstanding reset link: a link
            // asked for before the change would undo it.
            a.open_reset_tokens.clear();
            Some(a)
        }
        (Some(mut a), AccountEvent::TotpTurnedOff { .. }) => {
            a.totp = None;
            a.totp_pending = None;
            Some(a)
        }
        // Sessions are not write-side state: the read side refuses old tokens.
        (Some(a), AccountEvent::SignedOutEverywhere { .. } | AccountEvent::SignedOut { .. }) => {
            Some(a)
        }
        (None, _) => None,
    }
}

/// Everything a registration needs, already parsed and hashed by the caller.
#[derive(Debug, Clone)]
pub struct Registration {
    pub account_id: Uuid,
    pub role: Role,
    pub name: String,
    pub email: crate::validation::Email,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub password_hash: String,
    pub created_by: Option<Uuid>,
    pub now: DateTime<Utc>,
}

pub fn register(
    state: Option<&Account>,
    reg: Registration,
) -> Result<Vec<AccountEvent>, DomainError> {
    if state.is_some() {
        return Err(DomainError::AlreadyExists("Account"));
    }
    if reg.role == Role::Employer && reg.company.is_none() {
        return Err(DomainError::invalid("Company name is required"));
    }
    let status = match reg.role {
        Role::Employer => AccountStatus::Pending,
        Role::Candidate | Role::Admin => AccountStatus::Active,
    };
    Ok(vec![AccountEvent::AccountRegistered(AccountRegistered {
        account_id: reg.account_id,
        role: reg.role,
        name: reg.name,
        email: reg.email.as_str().to_owned(),
        phone: reg.phone,
        company: reg.company,
        password_hash: reg.password_hash,
        status,
        created_by: reg.created_by,
        registered_at: reg.now,
    })])
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

/// Takes an admin's access away. That the agency keeps an admin is the
/// roster's rule (`admin_roster::remove`), decided in the same append.
pub fn remove_admin(
    state: Option<&Account>,
    acting_admin: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = state
        .filter(|a| a.role == Role::Admin && a.status == AccountStatus::Active)
        .ok_or(DomainError::NotFound("Admin"))?;
    if account.id == acting_admin {
        return Err(DomainError::invalid("You cannot remove yourself"));
    }
    Ok(vec![AccountEvent::AdminRemoved {
        removed_by: acting_admin,
        removed_at: now,
    }])
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

fn employer(state: Option<&Account>) -> Result<&Account, DomainError> {
    state
        .filter(|a| a.role == Role::Employer)
        .ok_or(DomainError::NotFound("Employer"))
}

/// An employer still waiting for an admin's decision.
fn pending_employer(state: Option<&Account>) -> Result<&Account, DomainError> {
    let account = employer(state)?;
    if account.status != AccountStatus::Pending {
        return Err(DomainError::NotPending);
    }
    Ok(account)
}

/// Stops an approved employer: its sign-ins, its sessions and its listings.
pub fn suspend_employer(
    state: Option<&Account>,
    admin_id: Uuid,
    reason: Option<String>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = employer(state)?;
    if account.status != AccountStatus::Active {
        return Err(DomainError::invalid(
            "Only an approved employer can be suspended",
        ));
    }
    Ok(vec![AccountEvent::EmployerSuspended {
        suspended_by: admin_id,
        reason: rejection_reason(reason)?,
        suspended_at: now,
    }])
}

pub fn reinstate_employer(
    state: Option<&Account>,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = employer(state)?;
    if account.status != AccountStatus::Suspended {
        return Err(DomainError::invalid("This employer is not suspended"));
    }
    Ok(vec![AccountEvent::EmployerReinstated {
        reinstated_by: admin_id,
        reinstated_at: now,
    }])
}

pub fn approve_employer(
    state: Option<&Account>,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    pending_employer(state)?;
    Ok(vec![AccountEvent::EmployerApproved {
        approved_by: admin_id,
        approved_at: now,
    }])
}

pub fn reject_employer(
    state: Option<&Account>,
    admin_id: Uuid,
    reason: Option<String>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    pending_employer(state)?;
    Ok(vec![AccountEvent::EmployerRejected {
        rejected_by: admin_id,
        reason,
        rejected_at: now,
    }])
}

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

pub const SIGN_IN_FIELDS_MESSAGE: &str = "Please enter your email and password";
pub const MAX_REJECTION_REASON_LEN: usize = 2000;

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

/// A role people may sign themselves up as. Admins are created only by an
/// existing admin, so there is no admin here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelfRegistration {
    Candidate,
    Employer,
}

impl SelfRegistration {
    pub fn for_role(role: Role) -> Result<Self, DomainError> {
        match role {
            Role::Candidate => Ok(Self::Candidate),
            Role::Employer => Ok(Self::Employer),
            Role::Admin => Err(DomainError::AdminSelfRegistration),
        }
    }

    pub fn role(self) -> Role {
        match self {
            Self::Candidate => Role::Candidate,
            Self::Employer => Role::Employer,
        }
    }

    /// What the new account holder is told once registered.
    pub fn welcome(self) -> &'static str {
        match self {
            Self::Candidate => "Registration successful! Please log in.",
            Self::Employer => {
                "Thanks for registering. We review every employer account and will email you as soon as yours is approved."
            }
        }
    }

    /// Only an employer has a company; whatever else a candidate sends is dropped.
    pub fn company(self, company: Option<String>) -> Option<String> {
        match self {
            Self::Employer => company,
            Self::Candidate => None,
        }
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

/// Why an admin turned an employer down: optional (blank means none), kept as
/// written (several lines allowed, no other control characters), at most 2000
/// characters.
pub fn rejection_reason(raw: Option<String>) -> Result<Option<String>, DomainError> {
    let reason = raw
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            crate::validation::plain_text(&r, "Reason", crate::validation::Lines::Many)
                .map(|r| r.into_owned())
        })
        .transpose()?;
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > MAX_REJECTION_REASON_LEN)
    {
        return Err(DomainError::invalid(format!(
            "Reason must be at most {MAX_REJECTION_REASON_LEN} characters"
        )));
    }
    Ok(reason)
}

crate::aggregate::entity_aggregate!(Account, AccountEvent, |id, _| Some(id));

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::testing::Given;
    use crate::validation::Email;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
    }

    fn registered(role: Role) -> AccountEvent {
        register(None, registration(role)).unwrap().remove(0)
    }

    fn registration(role: Role) -> Registration {
        Registration {
            account_id: Uuid::nil(),
            role,
            name: "Ada Lovelace".into(),
            email: Email::parse("ada@example.com").unwrap(),
            phone: None,
            company: (role == Role::Employer).then(|| "Analytical Engines Pty Ltd".into()),
            password_hash: "hash".into(),
            created_by: None,
            now: now(),
        }
    }

    fn given(events: Vec<AccountEvent>) -> Given<Option<Account>, AccountEvent> {
        Given::new(None, evolve, events)
    }

    #[test]
    fn anyone_can_sign_out_everywhere_and_still_sign_in_afterwards() {
        given(vec![registered(Role::Candidate)])
            .when(|s| sign_out_everywhere(s.as_ref(), now()))
            .then(vec![AccountEvent::SignedOutEverywhere {
                signed_out_at: now(),
            }]);
        given(vec![])
            .when(|s| sign_out_everywhere(s.as_ref(), now()))
            .then_err(DomainError::NotFound("Account"));
        let state = given(vec![
            registered(Role::Candidate),
            AccountEvent::SignedOutEverywhere {
                signed_out_at: now(),
            },
        ])
        .state();
        assert!(sign_in(state.as_ref(), Role::Candidate, true).is_ok());
    }

    #[test]
    fn an_admin_removes_another_admin_but_never_themselves() {
        let me = Uuid::from_u128(5);
        // The registered admin's id is nil; `me` is someone else.
        given(vec![registered(Role::Admin)])
            .when(|s| remove_admin(s.as_ref(), me, now()))
            .then(vec![AccountEvent::AdminRemoved {
                removed_by: me,
                removed_at: now(),
            }]);
        given(vec![registered(Role::Admin)])
            .when(|s| remove_admin(s.as_ref(), Uuid::nil(), now()))
            .then_err(DomainError::invalid("You cannot remove yourself"));
        given(vec![registered(Role::Candidate)])
            .when(|s| remove_admin(s.as_ref(), me, now()))
            .then_err(DomainError::NotFound("Admin"));
        let removed = AccountEvent::AdminRemoved {
            removed_by: me,
            removed_at: now(),
        };
        given(vec![registered(Role::Admin), removed.clone()])
            .when(|s| remove_admin(s.as_ref(), me, now()))
            .then_err(DomainError::NotFound("Admin"));
        let state = given(vec![registered(Role::Admin), removed]).state();
        assert_eq!(
            sign_in(state.as_ref(), Role::Admin, true),
            Err(DomainError::InvalidCredentials)
        );
    }

    #[test]
    fn candidates_are_active_on_registration_and_employers_pending() {
        let AccountEvent::AccountRegistered(c) = registered(Role::Candidate) else {
            panic!()
        };
        assert_eq!(c.status, AccountStatus::Active);
        let AccountEvent::AccountRegistered(e) = registered(Role::Employer) else {
            panic!()
        };
        assert_eq!(e.status, AccountStatus::Pending);
    }

    #[test]
    fn an_employer_needs_a_company() {
        let mut reg = registration(Role::Employer);
        reg.company = None;
        assert_eq!(
            register(None, reg),
            Err(DomainError::invalid("Company name is required"))
        );
    }

    #[test]
    fn rejects_registering_the_same_account_twice() {
        given(vec![registered(Role::Candidate)])
            .when(|s| register(s.as_ref(), registration(Role::Candidate)))
            .then_err(DomainError::AlreadyExists("Account"));
    }

    #[test]
    fn a_pending_employer_cannot_sign_in_and_is_told_why() {
        let state = given(vec![registered(Role::Employer)]).state();
        assert_eq!(
            sign_in(state.as_ref(), Role::Employer, true),
            Err(DomainError::EmployerPending)
        );
    }

    #[test]
    fn an_approved_employer_signs_in() {
        let state = given(vec![
            registered(Role::Employer),
            AccountEvent::EmployerApproved {
                approved_by: Uuid::nil(),
                approved_at: now(),
            },
        ])
        .state();
        assert_eq!(sign_in(state.as_ref(), Role::Employer, true), Ok(()));
    }

    #[test]
    fn a_wrong_password_or_role_is_the_same_invalid_credentials() {
        let state = given(vec![registered(Role::Candidate)]).state();
        assert_eq!(
            sign_in(state.as_ref(), Role::Candidate, false),
            Err(DomainError::InvalidCredentials)
        );
        assert_eq!(
            sign_in(state.as_ref(), Role::Admin, true),
            Err(DomainError::InvalidCredentials)
        );
        assert_eq!(
            sign_in(None, Role::Candidate, true),
            Err(DomainError::InvalidCredentials)
        );
    }

    #[test]
    fn only_a_pending_employer_can_be_approved() {
        given(vec![registered(Role::Candidate)])
            .when(|s| approve_employer(s.as_ref(), Uuid::nil(), now()))
            .then_err(DomainError::NotFound("Employer"));
        given(vec![
            registered(Role::Employer),
            AccountEvent::EmployerApproved {
                approved_by: Uuid::nil(),
                approved_at: now(),
            },
        ])
        .when(|s| approve_employer(s.as_ref(), Uuid::nil(), now()))
        .then_err(DomainError::NotPending);
    }

    #[test]
    fn a_reset_token_works_once_within_the_hour() {
        let requested = AccountEvent::PasswordResetRequested {
            token_hash: "t1".into(),
            requested_at: now(),
            expires_at: now() + RESET_TOKEN_TTL,
        };
        given(vec![registered(Role::Candidate), requested.clone()])
            .when(|s| {
                reset_password(
                    s.as_ref(),
                    "t1",
                    "new".into(),
                    now() + Duration::minutes(59),
                )
            })
            .then(vec![AccountEvent::PasswordReset {
                token_hash: "t1".into(),
                password_hash: "new".into(),
                reset_at: now() + Duration::minutes(59),
            }]);
        given(vec![registered(Role::Candidate), requested.clone()])
            .when(|s| {
                reset_password(
                    s.as_ref(),
                    "t1",
                    "new".into(),
                    now() + Duration::minutes(61),
                )
            })
            .then_err(DomainError::InvalidResetToken);
        given(vec![
            registered(Role::Candidate),
            requested,
            AccountEvent::PasswordReset {
                token_hash: "t1".into(),
                password_hash: "new".into(),
                reset_at: now(),
            },
        ])
        .when(|s| reset_password(s.as_ref(), "t1", "again".into(), now()))
        .then_err(DomainError::InvalidResetToken);
    }

    #[test]
    fn a_completed_reset_spends_every_older_link() {
        let request = |hash: &str| AccountEvent::PasswordResetRequested {
            token_hash: hash.into(),
            requested_at: now(),
            expires_at: now() + RESET_TOKEN_TTL,
        };
        given(vec![
            registered(Role::Candidate),
            request("t1"),
            request("t2"),
            AccountEvent::PasswordReset {
                token_hash: "t2".into(),
                password_hash: "new".into(),
                reset_at: now(),
            },
        ])
        .when(|s| reset_password(s.as_ref(), "t1", "x".into(), now()))
        .then_err(DomainError::InvalidResetToken);
    }

    #[test]
    fn a_signed_in_holder_changes_their_password_by_giving_the_current_one() {
        given(vec![registered(Role::Candidate)])
            .when(|s| change_password(s.as_ref(), true, false, "new".into(), now()))
            .then(vec![AccountEvent::PasswordChanged {
                password_hash: "new".into(),
                changed_at: now(),
            }]);
        given(vec![registered(Role::Employer)])
            .when(|s| change_password(s.as_ref(), false, false, "new".into(), now()))
            .then_err(DomainError::WrongCurrentPassword);
        assert_eq!(
            DomainError::WrongCurrentPassword.to_string(),
            "Your current password is not right"
        );
        given(vec![registered(Role::Admin)])
            .when(|s| change_password(s.as_ref(), true, true, "new".into(), now()))
            .then_err(DomainError::invalid(
                "Your new password must be different from your current one",
            ));
        given(vec![])
            .when(|s| change_password(s.as_ref(), true, false, "new".into(), now()))
            .then_err(DomainError::NotFound("Account"));
    }

    #[test]
    fn a_changed_password_replaces_the_hash_and_spends_open_reset_links() {
        let state = given(vec![
            registered(Role::Candidate),
            AccountEvent::PasswordResetRequested {
                token_hash: "t1".into(),
                requested_at: now(),
                expires_at: now() + RESET_TOKEN_TTL,
            },
            AccountEvent::PasswordChanged {
                password_hash: "changed".into(),
                changed_at: now(),
            },
        ])
        .state();
        assert_eq!(state.as_ref().unwrap().password_hash, "changed");
        assert_eq!(
            reset_password(state.as_ref(), "t1", "x".into(), now()),
            Err(DomainError::InvalidResetToken)
        );
        assert_eq!(
            AccountEvent::PasswordChanged {
                password_hash: "changed".into(),
                changed_at: now(),
            }
            .personal_fields(),
            &["password_hash"],
            "sealed like every password hash"
        );
    }

    #[test]
    fn a_change_password_form_needs_both_fields_and_a_new_password_that_passes() {
        use crate::validation::{COMMON_PASSWORD_MESSAGE, PASSWORD_MESSAGE};
        for (current, new) in [("", "Wattle#Tree1"), ("Candidate1!", "")] {
            assert_eq!(
                PasswordChangeForm::parse(current.into(), new),
                Err(DomainError::invalid(
                    crate::validation::FILL_ALL_FIELDS_MESSAGE
                ))
            );
        }
        assert_eq!(
            PasswordChangeForm::parse("Candidate1!".into(), "wattle"),
            Err(DomainError::invalid(PASSWORD_MESSAGE))
        );
        assert_eq!(
            PasswordChangeForm::parse("Candidate1!".into(), "Password1!"),
            Err(DomainError::invalid(COMMON_PASSWORD_MESSAGE))
        );
        let form = PasswordChangeForm::parse("Candidate1!".into(), "Wattle#Tree1").unwrap();
        assert_eq!(form.new_password.expose(), "Wattle#Tree1");
        assert!(!format!("{form:?}").contains("Candidate1!"));
    }

    #[test]
    fn an_unknown_token_is_invalid() {
        given(vec![registered(Role::Candidate)])
            .when(|s| reset_password(s.as_ref(), "nope", "x".into(), now()))
            .then_err(DomainError::InvalidResetToken);
    }

    #[test]
    fn personal_fields_cover_everything_that_identifies_a_person() {
        let event = registered(Role::Candidate);
        assert_eq!(
            event.personal_fields(),
            &["name", "email", "phone", "password_hash"]
        );
        let payload = event.to_payload();
        for field in event.personal_fields() {
            assert!(payload.get(field).is_some(), "{field} is a payload field");
        }
    }

    #[test]
    fn sign_in_needs_both_fields() {
        for (email, password) in [
            ("", "Secret1!"),
            ("   ", "Secret1!"),
            ("ada@example.com", ""),
        ] {
            assert_eq!(
                Credentials::parse(email.into(), password.into()),
                Err(DomainError::invalid(SIGN_IN_FIELDS_MESSAGE)),
                "{email:?}"
            );
        }
    }

    #[test]
    fn over_long_credentials_are_answered_like_a_wrong_password() {
        let long_email = format!("{}@example.com", "a".repeat(250));
        assert_eq!(
            Credentials::parse(long_email, "Secret1!".into()),
            Err(DomainError::InvalidCredentials)
        );
        assert_eq!(
            Credentials::parse("ada@example.com".into(), "A!".repeat(65)),
            Err(DomainError::InvalidCredentials)
        );
        assert_eq!(
            Credentials::parse(" Ada@Example.com ".into(), "Secret1!".into()),
            Ok(Credentials {
                email: " Ada@Example.com ".into(),
                password: "Secret1!".into()
            }),
            "kept as typed: the lookup normalises"
        );
    }

    #[test]
    fn credentials_never_show_the_password() {
        let c = Credentials::parse("ada@example.com".into(), "Secret1!".into()).unwrap();
        assert!(!format!("{c:?}").contains("Secret1!"));
    }

    #[test]
    fn admins_cannot_sign_themselves_up() {
        assert_eq!(
            SelfRegistration::for_role(Role::Admin),
            Err(DomainError::AdminSelfRegistration)
        );
        assert_eq!(
            DomainError::AdminSelfRegistration.to_string(),
            "Admin accounts can only be created by an existing administrator"
        );
        for role in [Role::Candidate, Role::Employer] {
            assert_eq!(SelfRegistration::for_role(role).unwrap().role(), role);
        }
    }

    #[test]
    fn each_role_is_told_what_happens_next() {
        assert_eq!(
            SelfRegistration::Candidate.welcome(),
            "Registration successful! Please log in."
        );
        assert!(
            SelfRegistration::Employer
                .welcome()
                .contains("We review every employer account")
        );
    }

    #[test]
    fn only_an_employer_keeps_a_company() {
        let company = || Some("Analytical Engines Pty Ltd".to_owned());
        assert_eq!(SelfRegistration::Employer.company(company()), company());
        assert_eq!(SelfRegistration::Candidate.company(company()), None);
    }

    #[test]
    fn a_forgot_password_request_needs_a_valid_email() {
        assert_eq!(
            reset_request_email("  "),
            Err(DomainError::invalid(
                crate::validation::FORGOT_EMAIL_MESSAGE
            ))
        );
        assert_eq!(
            reset_request_email("ada"),
            Err(DomainError::invalid(crate::validation::EMAIL_MESSAGE))
        );
        assert_eq!(
            reset_request_email(" Ada@Example.com").unwrap().as_str(),
            "ada@example.com"
        );
    }

    #[test]
    fn a_reset_form_needs_the_token_and_a_new_password() {
        for (token, password) in [("", "Secret1!"), (" ", "Secret1!"), ("t1", "")] {
            assert_eq!(
                ResetForm::parse(token.into(), password.into()),
                Err(DomainError::invalid(
                    crate::validation::FILL_ALL_FIELDS_MESSAGE
                )),
                "{token:?}"
            );
        }
        assert!(ResetForm::parse("t1".into(), "Secret1!".into()).is_ok());
    }

    #[test]
    fn a_rejection_reason_is_optional_and_at_most_2000_characters() {
        assert_eq!(rejection_reason(None), Ok(None));
        assert_eq!(rejection_reason(Some("  ".into())), Ok(None));
        assert_eq!(
            rejection_reason(Some(" Unverified ABN ".into())),
            Ok(Some(" Unverified ABN ".into()))
        );
        assert_eq!(
            rejection_reason(Some("é".repeat(2000))),
            Ok(Some("é".repeat(2000))),
            "characters, not bytes"
        );
        assert_eq!(
            rejection_reason(Some("x".repeat(2001))),
            Err(DomainError::invalid(
                "Reason must be at most 2000 characters"
            ))
        );
    }

    #[test]
    fn todays_stored_registrations_decode_into_the_typed_role_and_status() {
        let stored = serde_json::json!({
            "account_id": Uuid::from_u128(1), "role": "employer", "name": "Bo Boss",
            "email": "bo@acme.com", "phone": null, "company": "Acme",
            "password_hash": "$argon2id$x", "status": "pending", "created_by": null,
            "registered_at": "2026-11-02T09:30:00Z"
        });
        let event = AccountEvent::from_payload("AccountRegistered", stored.clone()).unwrap();
        assert!(matches!(&event, AccountEvent::AccountRegistered(r)
            if r.role == Role::Employer && r.status == AccountStatus::Pending));
        assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
    }

    #[test]
    fn an_approved_employer_is_suspended_then_reinstated_and_cannot_sign_in_meanwhile() {
        let admin = Uuid::from_u128(1);
        let history = vec![AccountEvent::AccountRegistered(AccountRegistered {
            account_id: Uuid::from_u128(2),
            role: Role::Employer,
            name: "Bo Boss".into(),
            email: "bo@acme.com".into(),
            phone: None,
            company: Some("Acme".into()),
            password_hash: "x".into(),
            status: AccountStatus::Pending,
            created_by: None,
            registered_at: now(),
        })];
        Given::new(None, evolve, history.clone())
            .when(|s| suspend_employer(s.as_ref(), admin, None, now()))
            .then_err(DomainError::invalid(
                "Only an approved employer can be suspended",
            ));
        let mut approved = history;
        approved.push(AccountEvent::EmployerApproved {
            approved_by: admin,
            approved_at: now(),
        });
        let suspended = AccountEvent::EmployerSuspended {
            suspended_by: admin,
            reason: Some("Fake listings reported".into()),
            suspended_at: now(),
        };
        Given::new(None, evolve, approved.clone())
            .when(|s| {
                suspend_employer(
                    s.as_ref(),
                    admin,
                    Some("Fake listings reported".into()),
                    now(),
                )
            })
            .then(vec![suspended.clone()]);
        approved.push(suspended);
        let state = Given::new(None, evolve, approved.clone()).state();
        assert_eq!(
            sign_in(state.as_ref(), Role::Employer, true),
            Err(DomainError::EmployerSuspended)
        );
        Given::new(None, evolve, approved)
            .when(|s| reinstate_employer(s.as_ref(), admin, now()))
            .then(vec![AccountEvent::EmployerReinstated {
                reinstated_by: admin,
                reinstated_at: now(),
            }]);
    }
}
