//! An employer's company profile: name, website, about, location and a logo,
//! shown on its public job pages and in their JobPosting markup
//! (`hiringOrganization`). Stream: `company-{employer_id}`. Business facts,
//! not personal data: nothing here is sealed.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::document::StoredFile;
use crate::job::Employer;
use crate::validation::{
    MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_multiline_text, optional_text, required_text,
};
use crate::{DomainError, DomainEvent};

pub const MAX_LOGO_BYTES: u64 = 2 * 1024 * 1024;
pub const LOGO_EXTENSIONS: [&str; 3] = ["png", "jpg", "jpeg"];

pub fn stream_id(employer_id: Uuid) -> String {
    format!("company-{employer_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CompanyEvent {
    CompanyProfileUpdated {
        employer_id: Uuid,
        name: String,
        website: Option<String>,
        about: Option<String>,
        location: Option<String>,
        updated_at: DateTime<Utc>,
    },
    CompanyLogoUploaded {
        employer_id: Uuid,
        storage_key: String,
        content_type: String,
        size: i64,
        uploaded_at: DateTime<Utc>,
    },
}

impl DomainEvent for CompanyEvent {
    const TYPES: &'static [&'static str] = &["CompanyProfileUpdated", "CompanyLogoUploaded"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::CompanyProfileUpdated { .. } => "CompanyProfileUpdated",
            Self::CompanyLogoUploaded { .. } => "CompanyLogoUploaded",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Company {
    pub name: Option<String>,
    pub logo_key: Option<String>,
}

pub fn evolve(mut state: Company, event: &CompanyEvent) -> Company {
    match event {
        CompanyEvent::CompanyProfileUpdated { name, .. } => state.name = Some(name.clone()),
        CompanyEvent::CompanyLogoUploaded { storage_key, .. } => {
            state.logo_key = Some(storage_key.clone())
        }
    }
    state
}

/// The profile as the employer typed it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProfileInput<'a> {
    pub name: &'a str,
    pub website: Option<&'a str>,
    pub about: Option<&'a str>,
    pub location: Option<&'a str>,
}

fn approved(employer: &Employer) -> Result<(), DomainError> {
    if employer.approved {
        Ok(())
    } else {
        Err(DomainError::EmployerNotApproved)
    }
}

pub fn update_profile(
    employer: &Employer,
    input: ProfileInput<'_>,
    now: DateTime<Utc>,
) -> Result<Vec<CompanyEvent>, DomainError> {
    approved(employer)?;
    let website = optional_text(input.website, "Website", 500)?;
    if let Some(w) = &website {
        let rest = w
            .strip_prefix("https://")
            .or_else(|| w.strip_prefix("http://"));
        if rest.is_none_or(|r| r.is_empty() || !r.contains('.') || r.contains(char::is_whitespace))
        {
            return Err(DomainError::invalid(
                "Website must be a full address starting with https://",
            ));
        }
    }
    Ok(vec![CompanyEvent::CompanyProfileUpdated {
        employer_id: employer.id,
        name: required_text(input.name, "Company name", MAX_SHORT_TEXT_LEN)?,
        website,
        about: optional_multiline_text(input.about, "About", MAX_LONG_TEXT_LEN)?,
        location: optional_text(input.location, "Location", MAX_SHORT_TEXT_LEN)?,
        updated_at: now,
    }])
}

pub fn upload_logo(
    employer: &Employer,
    file: StoredFile,
    now: DateTime<Utc>,
) -> Result<Vec<CompanyEvent>, DomainError> {
    approved(employer)?;
    Ok(vec![CompanyEvent::CompanyLogoUploaded {
        employer_id: employer.id,
        storage_key: file.storage_key,
        content_type: file.content_type,
        size: file.size,
        uploaded_at: now,
    }])
}

crate::aggregate::entity_aggregate!(Company, CompanyEvent, state: Company, |_, _| None);

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn employer(approved: bool) -> Employer {
        Employer {
            id: Uuid::from_u128(2),
            approved,
            company: "Acme".into(),
        }
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap()
    }

    #[test]
    fn a_profile_needs_a_name_and_a_real_website_address() {
        let input = |name, website| ProfileInput {
            name,
            website,
            about: Some("We build payments software in Pyrmont."),
            location: Some("Pyrmont, NSW"),
        };
        assert!(
            update_profile(
                &employer(true),
                input("Acme Payments", Some("https://acme.com.au")),
                now()
            )
            .is_ok()
        );
        assert_eq!(
            update_profile(&employer(true), input("  ", None), now()),
            Err(DomainError::invalid("Company name is required"))
        );
        for bad in [
            "acme.com.au",
            "javascript:alert(1)",
            "https://",
            "https://acme",
        ] {
            assert_eq!(
                update_profile(&employer(true), input("Acme", Some(bad)), now()),
                Err(DomainError::invalid(
                    "Website must be a full address starting with https://"
                )),
                "{bad}"
            );
        }
        assert_eq!(
            update_profile(&employer(false), input("Acme", None), now()),
            Err(DomainError::EmployerNotApproved)
        );
    }
}
