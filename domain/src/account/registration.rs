//! Becoming an account holder: the registration decision and the roles
//! people may sign themselves up as.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Account, AccountEvent, AccountRegistered, AccountStatus, Role};
use crate::DomainError;

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
