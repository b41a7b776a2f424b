//! Accounts of all three roles: the roles and statuses, the account's events
//! and its folded state. Stream: `account-{id}`. The decisions live beside
//! it by what they decide: `registration`, `sessions` (sign-in and out),
//! `status` (an admin's decisions on employers and admins) and `password`;
//! they are re-exported here, so callers name them `account::register` etc.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::DomainEvent;

mod password;
mod registration;
mod sessions;
mod status;

pub use password::{
    PASSWORD_MUST_CHANGE_MESSAGE, PasswordChangeForm, RESET_TOKEN_TTL, ResetForm, change_password,
    request_password_reset, reset_password, reset_request_email,
};
pub use registration::{Registration, SelfRegistration, register};
pub use sessions::{Credentials, SIGN_IN_FIELDS_MESSAGE, sign_in, sign_out, sign_out_everywhere};
pub use status::{
    MAX_REJECTION_REASON_LEN, approve_employer, reinstate_employer, reject_employer,
    rejection_reason, remove_admin, suspend_employer,
};

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

/// Read back from a read model's text column.
impl TryFrom<String> for Role {
    type Error = crate::DomainError;

    fn try_from(raw: String) -> Result<Self, crate::DomainError> {
        Self::parse(&raw).ok_or_else(|| crate::DomainError::invalid(format!("unknown role {raw}")))
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

    pub fn parse(raw: &str) -> Option<Self> {
        [
            Self::Pending,
            Self::Active,
            Self::Rejected,
            Self::Suspended,
            Self::Removed,
        ]
        .into_iter()
        .find(|s| s.as_str() == raw)
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
        /// What the admin checked before approving; events before it was
        /// asked for have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
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

crate::aggregate::entity_aggregate!(Account, AccountEvent, |id, _| Some(id));

#[cfg(test)]
mod tests;
