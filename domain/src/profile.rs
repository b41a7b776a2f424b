//! A candidate's professional profile and resume. Every save is one event
//! holding the whole profile, so the history of a profile replays exactly.
//! Stream: `profile-{candidate_id}`.
//!
//! Long on purpose: the profile rules and their tests sit together.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{self, MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_text};
use crate::{DomainError, DomainEvent};

pub const MAX_ITEMS: usize = 30;
pub const EDUCATION_MESSAGE: &str = "Please fill in degree and institution fields.";
pub const EXPERIENCE_MESSAGE: &str = "Please fill in company and position fields.";

pub fn stream_id(candidate_id: Uuid) -> String {
    format!("profile-{candidate_id}")
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Education {
    pub degree: String,
    pub institution: String,
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub graduation_year: Option<NaiveDate>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Experience {
    pub company: String,
    pub position: String,
    #[serde(default)]
    pub start_date: Option<NaiveDate>,
    /// None means "present".
    #[serde(default)]
    pub end_date: Option<NaiveDate>,
    #[serde(default)]
    pub description: Option<String>,
}

/// The editable profile (SPEC 3 'Candidate profile' minus email and resume).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Profile {
    pub name: String,
    pub phone: Option<String>,
    pub location: Option<String>,
    pub summary: Option<String>,
    pub skills: Option<String>,
    pub languages: Option<String>,
    pub linkedin: Option<String>,
    pub portfolio: Option<String>,
    pub education: Vec<Education>,
    pub experience: Vec<Experience>,
}

impl Profile {
    /// What an erased candidate's profile reads as: the name says so, the
    /// rest is empty.
    pub fn erased() -> Self {
        Self {
            name: crate::event::ERASED.into(),
            ..Self::default()
        }
    }
}

fn profile_or_erased<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    if value.as_str() == Some(crate::event::ERASED) {
        return Ok(Profile::erased());
    }
    serde_json::from_value(value).map_err(serde::de::Error::custom)
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProfileEvent {
    ProfileUpdated {
        /// Sealed whole; once its candidate is erased it reads `[erased]`,
        /// which decodes as [`Profile::erased`].
        #[serde(deserialize_with = "profile_or_erased")]
        profile: Profile,
        updated_at: DateTime<Utc>,
    },
    ResumeUploaded {
        storage_key: String,
        original_name: String,
        content_type: String,
        file_size: i64,
        uploaded_at: DateTime<Utc>,
    },
    ResumeDeleted {
        deleted_at: DateTime<Utc>,
    },
}

impl DomainEvent for ProfileEvent {
    const TYPES: &'static [&'static str] = &["ProfileUpdated", "ResumeUploaded", "ResumeDeleted"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::ProfileUpdated { .. } => "ProfileUpdated",
            Self::ResumeUploaded { .. } => "ResumeUploaded",
            Self::ResumeDeleted { .. } => "ResumeDeleted",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::ProfileUpdated { .. } => &["profile"],
            Self::ResumeUploaded { .. } => &["original_name"],
            Self::ResumeDeleted { .. } => &[],
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ProfileState {
    pub profile: Option<Profile>,
    pub resume: Option<Resume>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resume {
    pub storage_key: String,
    pub original_name: String,
    pub content_type: String,
}

impl ProfileState {
    /// The state after `events`, starting from `state`.
    pub fn fold_onto(state: &ProfileState, events: &[ProfileEvent]) -> ProfileState {
        events.iter().fold(state.clone(), evolve)
    }
}

pub fn evolve(mut state: ProfileState, event: &ProfileEvent) -> ProfileState {
    match event {
        ProfileEvent::ProfileUpdated { profile, .. } => state.profile = Some(profile.clone()),
        ProfileEvent::ResumeUploaded {
            storage_key,
            original_name,
            content_type,
            ..
        } => {
            state.resume = Some(Resume {
                storage_key: storage_key.clone(),
                original_name: original_name.clone(),
                content_type: content_type.clone(),
            })
        }
        ProfileEvent::ResumeDeleted { .. } => state.resume = None,
    }
    state
}

/// UpdateProfile: the whole profile as submitted replaces the last one.
pub fn update(raw: Profile, now: DateTime<Utc>) -> Result<Vec<ProfileEvent>, DomainError> {
    Ok(vec![ProfileEvent::ProfileUpdated {
        profile: parse(raw)?,
        updated_at: now,
    }])
}

/// UploadResume: a new resume replaces the one before (the caller removes the
/// old file once this is stored).
pub fn upload_resume(file: crate::document::StoredFile, now: DateTime<Utc>) -> Vec<ProfileEvent> {
    vec![ProfileEvent::ResumeUploaded {
        storage_key: file.storage_key,
        original_name: file.original_name,
        content_type: file.content_type,
        file_size: file.size,
        uploaded_at: now,
    }]
}

/// DeleteResume: only a resume that exists can go.
pub fn delete_resume(
    state: &ProfileState,
    now: DateTime<Utc>,
) -> Result<Vec<ProfileEvent>, DomainError> {
    state
        .resume
        .as_ref()
        .ok_or(DomainError::NotFound("Resume"))?;
    Ok(vec![ProfileEvent::ResumeDeleted { deleted_at: now }])
}

fn short(v: Option<String>, field: &str) -> Result<Option<String>, DomainError> {
    optional_text(v.as_deref(), field, MAX_SHORT_TEXT_LEN)
}

/// A text area's worth: several lines.
fn long(v: Option<String>, field: &str) -> Result<Option<String>, DomainError> {
    validation::optional_multiline_text(v.as_deref(), field, MAX_LONG_TEXT_LEN)
}

fn link(v: Option<String>, field: &str) -> Result<Option<String>, DomainError> {
    let v = short(v, field)?;
    if let Some(url) = &v
        && !(url.starts_with("https://") || url.starts_with("http://"))
    {
        return Err(DomainError::invalid(format!(
            "{field} must be a web address starting with https://"
        )));
    }
    Ok(v)
}

/// Validates and normalises a whole profile as submitted.
pub fn parse(raw: Profile) -> Result<Profile, DomainError> {
    if raw.education.len() > MAX_ITEMS || raw.experience.len() > MAX_ITEMS {
        return Err(DomainError::invalid(format!(
            "A profile can list at most {MAX_ITEMS} education and experience items"
        )));
    }
    let education = raw
        .education
        .into_iter()
        .map(|e| {
            if e.degree.trim().is_empty() || e.institution.trim().is_empty() {
                return Err(DomainError::invalid(EDUCATION_MESSAGE));
            }
            Ok(Education {
                degree: validation::required_text(&e.degree, "Degree", MAX_SHORT_TEXT_LEN)?,
                institution: validation::required_text(
                    &e.institution,
                    "Institution",
                    MAX_SHORT_TEXT_LEN,
                )?,
                field: short(e.field, "Field of study")?,
                graduation_year: e.graduation_year,
            })
        })
        .collect::<Result<_, _>>()?;
    let experience = raw
        .experience
        .into_iter()
        .map(|e| {
            if e.company.trim().is_empty() || e.position.trim().is_empty() {
                return Err(DomainError::invalid(EXPERIENCE_MESSAGE));
            }
            if let (Some(start), Some(end)) = (e.start_date, e.end_date)
                && end < start
            {
                return Err(DomainError::invalid(
                    "An end date cannot be before its start date",
                ));
            }
            Ok(Experience {
                company: validation::required_text(&e.company, "Company", MAX_SHORT_TEXT_LEN)?,
                position: validation::required_text(&e.position, "Position", MAX_SHORT_TEXT_LEN)?,
                start_date: e.start_date,
                end_date: e.end_date,
                description: long(e.description, "Description")?,
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(Profile {
        name: validation::person_name(&raw.name, "Name")?,
        phone: validation::optional_phone(raw.phone.as_deref())?,
        location: short(raw.location, "Location")?,
        summary: long(raw.summary, "Summary")?,
        // One line (comma separated) on the form, but as long as a text area.
        skills: optional_text(raw.skills.as_deref(), "Skills", MAX_LONG_TEXT_LEN)?,
        languages: short(raw.languages, "Languages")?,
        linkedin: link(raw.linkedin, "LinkedIn")?,
        portfolio: link(raw.portfolio, "Portfolio")?,
        education,
        experience,
    })
}

// A profile's id is its candidate's, who is its data subject.
crate::aggregate::entity_aggregate!(
    ProfileState,
    ProfileEvent,
    state: ProfileState,
    |candidate_id, _| Some(candidate_id)
);

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Profile {
        Profile {
            name: "Sam Taylor".into(),
            ..Profile::default()
        }
    }

    #[test]
    fn education_and_experience_need_their_key_fields_with_the_spec_messages() {
        let mut p = base();
        p.education.push(Education {
            degree: "BSc".into(),
            institution: " ".into(),
            ..Default::default()
        });
        assert_eq!(parse(p), Err(DomainError::invalid(EDUCATION_MESSAGE)));
        let mut p = base();
        p.experience.push(Experience {
            company: "".into(),
            position: "Dev".into(),
            ..Default::default()
        });
        assert_eq!(parse(p), Err(DomainError::invalid(EXPERIENCE_MESSAGE)));
    }

    #[test]
    fn empty_text_becomes_none_and_dates_may_be_missing() {
        let mut p = base();
        p.summary = Some("   ".into());
        p.experience.push(Experience {
            company: "Acme".into(),
            position: "Dev".into(),
            start_date: NaiveDate::from_ymd_opt(2020, 1, 1),
            end_date: None,
            description: None,
        });
        let parsed = parse(p).unwrap();
        assert_eq!(parsed.summary, None);
        assert_eq!(parsed.experience[0].end_date, None);
    }

    #[test]
    fn links_must_be_web_addresses_and_dates_in_order() {
        let mut p = base();
        p.linkedin = Some("javascript:alert(1)".into());
        assert!(parse(p).is_err());
        let mut p = base();
        p.experience.push(Experience {
            company: "Acme".into(),
            position: "Dev".into(),
            start_date: NaiveDate::from_ymd_opt(2022, 1, 1),
            end_date: NaiveDate::from_ymd_opt(2021, 1, 1),
            description: None,
        });
        assert_eq!(
            parse(p),
            Err(DomainError::invalid(
                "An end date cannot be before its start date"
            ))
        );
    }

    #[test]
    fn the_profile_in_camel_case_json_round_trips() {
        let json = serde_json::json!({
            "name": "Sam", "phone": null, "location": null, "summary": null, "skills": null, "languages": null,
            "linkedin": null, "portfolio": null,
            "education": [{"degree": "BSc", "institution": "UNSW", "field": null, "graduationYear": "2019-12-01"}],
            "experience": [{"company": "Acme", "position": "Dev", "startDate": null, "endDate": null, "description": null}]
        });
        let p: Profile = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(
            p.education[0].graduation_year,
            NaiveDate::from_ymd_opt(2019, 12, 1)
        );
        assert_eq!(serde_json::to_value(&p).unwrap(), json);
    }

    mod decisions {
        use chrono::TimeZone;

        use super::*;
        use crate::document::StoredFile;
        use crate::testing::given;

        fn now() -> DateTime<Utc> {
            Utc.with_ymd_and_hms(2026, 11, 2, 9, 30, 0).unwrap()
        }

        fn file(key: &str) -> StoredFile {
            StoredFile {
                storage_key: key.into(),
                original_name: "Sam Taylor CV.pdf".into(),
                content_type: "application/pdf".into(),
                size: 2048,
            }
        }

        #[test]
        fn a_valid_profile_is_recorded_normalised() {
            let mut raw = base();
            raw.name = "  Sam Taylor  ".into();
            given::<ProfileState>(vec![])
                .when(|_| update(raw.clone(), now()))
                .then(vec![ProfileEvent::ProfileUpdated {
                    profile: parse(raw).unwrap(),
                    updated_at: now(),
                }]);
        }

        #[test]
        fn an_invalid_profile_records_nothing() {
            let mut raw = base();
            raw.linkedin = Some("linkedin.com/in/sam".into());
            given::<ProfileState>(vec![])
                .when(|_| update(raw, now()))
                .then_err(DomainError::invalid(
                    "LinkedIn must be a web address starting with https://",
                ));
        }

        #[test]
        fn a_new_resume_replaces_the_old_one() {
            let history = upload_resume(file("resumes/old"), now());
            let state = given::<ProfileState>(history.clone()).state();
            assert_eq!(state.resume.unwrap().storage_key, "resumes/old");
            let mut both = history;
            both.extend(upload_resume(file("resumes/new"), now()));
            let state = given::<ProfileState>(both).state();
            assert_eq!(state.resume.unwrap().storage_key, "resumes/new");
        }

        #[test]
        fn deleting_a_resume_needs_one() {
            given::<ProfileState>(vec![])
                .when(|s| delete_resume(s, now()))
                .then_err(DomainError::NotFound("Resume"));
            given::<ProfileState>(upload_resume(file("resumes/a"), now()))
                .when(|s| delete_resume(s, now()))
                .then(vec![ProfileEvent::ResumeDeleted { deleted_at: now() }]);
        }
    }
}
