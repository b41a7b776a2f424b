//! An admin's decisions on an account's standing: approving, rejecting,
//! suspending and reinstating an employer, and removing an admin.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Account, AccountEvent, AccountStatus, Role};
use crate::DomainError;

pub const MAX_REJECTION_REASON_LEN: usize = 2000;

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

/// `note`: what the admin checked before approving (an ABN, the website, a
/// call), for whoever later asks why; it stays with the agency, the employer
/// is not sent it. Optional, under the reason's rule.
pub fn approve_employer(
    state: Option<&Account>,
    admin_id: Uuid,
    note: Option<String>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    pending_employer(state)?;
    Ok(vec![AccountEvent::EmployerApproved {
        approved_by: admin_id,
        approved_at: now,
        note: decision_text(note, "Note")?,
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
/// Why an admin turned an employer down: optional (blank means none), kept as
/// written (several lines allowed, no other control characters), at most 2000
/// characters.
pub fn rejection_reason(raw: Option<String>) -> Result<Option<String>, DomainError> {
    decision_text(raw, "Reason")
}

/// The words an admin gives with a decision, under the reason's rule, named
/// `field` in the refusal.
fn decision_text(raw: Option<String>, field: &str) -> Result<Option<String>, DomainError> {
    let text = raw
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            crate::validation::plain_text(&r, field, crate::validation::Lines::Many)
                .map(|r| r.into_owned())
        })
        .transpose()?;
    if text
        .as_ref()
        .is_some_and(|r| r.chars().count() > MAX_REJECTION_REASON_LEN)
    {
        return Err(DomainError::invalid(format!(
            "{field} must be at most {MAX_REJECTION_REASON_LEN} characters"
        )));
    }
    Ok(text)
}
