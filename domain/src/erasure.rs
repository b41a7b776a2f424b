//! Erasing a person (APP 11.2, GDPR 17): the record that someone was erased,
//! who asked, when and on what grounds, and the retention warning that comes
//! before an erasure for inactivity. Stream: `erasure-{subject_id}`.
//!
//! These events hold nothing personal (ids, kinds, grounds and times), so they
//! are never sealed and never erased themselves: the record of an erasure
//! outlives the person. The erasure itself is the event store's crypto-
//! shredding (the subject's data key is deleted in the same transaction as
//! [`ErasureEvent::PersonErased`]) plus the read models' purge of their rows.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::Role;
use crate::{DomainError, DomainEvent};

pub fn stream_id(subject_id: Uuid) -> String {
    format!("erasure-{subject_id}")
}

/// Whose data is erased: a person with an account, or one contact-form
/// message (each message is its own data subject).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SubjectKind {
    Candidate,
    Employer,
    ContactMessage,
}

impl SubjectKind {
    /// Admins are not erased: their accounts are removed by another admin, and
    /// what they did stays attributable for the audit.
    pub fn of_role(role: Role) -> Option<Self> {
        match role {
            Role::Candidate => Some(Self::Candidate),
            Role::Employer => Some(Self::Employer),
            Role::Admin => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Candidate => "candidate",
            Self::Employer => "employer",
            Self::ContactMessage => "contact_message",
        }
    }
}

read_back_by!(
    SubjectKind,
    as_str,
    "subject kind",
    [Self::Candidate, Self::Employer, Self::ContactMessage]
);

/// Why a person was erased.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Grounds {
    /// The person asked: in their portal, or of the agency, who erased them.
    PersonAsked,
    /// The agency decided (for example a spam contact message).
    AdminDecision,
    /// No sign-in or activity for the retention period, and a warning went
    /// unanswered.
    RetentionPeriod,
}

impl Grounds {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::PersonAsked => "person_asked",
            Self::AdminDecision => "admin_decision",
            Self::RetentionPeriod => "retention_period",
        }
    }
}

read_back_by!(
    Grounds,
    as_str,
    "erasure grounds",
    [
        Self::PersonAsked,
        Self::AdminDecision,
        Self::RetentionPeriod
    ]
);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ErasureEvent {
    /// A candidate was told by mail that their data goes unless they sign in.
    RetentionWarningSent {
        subject_id: Uuid,
        last_active_at: DateTime<Utc>,
        erase_after: DateTime<Utc>,
        warned_at: DateTime<Utc>,
    },
    /// The person's data key was deleted with this event: every sealed field
    /// about them reads `[erased]` from here on. `files` are the storage keys
    /// (generated names, nothing personal) still to delete.
    PersonErased {
        subject_id: Uuid,
        subject_kind: SubjectKind,
        grounds: Grounds,
        /// The admin who erased them, or the person themselves; `None` for the
        /// retention job.
        requested_by: Option<Uuid>,
        files: Vec<String>,
        erased_at: DateTime<Utc>,
    },
    /// The steps outside the event store are done (files deleted, cached
    /// answers dropped, read models purged).
    ErasureCompleted {
        files_deleted: u32,
        completed_at: DateTime<Utc>,
    },
}

impl DomainEvent for ErasureEvent {
    const TYPES: &'static [&'static str] =
        &["RetentionWarningSent", "PersonErased", "ErasureCompleted"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::RetentionWarningSent { .. } => "RetentionWarningSent",
            Self::PersonErased { .. } => "PersonErased",
            Self::ErasureCompleted { .. } => "ErasureCompleted",
        }
    }
}

/// What the write side knows about one subject's erasure.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Erasure {
    pub warned_at: Option<DateTime<Utc>>,
    pub erased: Option<Erased>,
    pub completed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Erased {
    pub kind: SubjectKind,
    pub at: DateTime<Utc>,
    pub files: Vec<String>,
}

pub fn evolve(mut state: Erasure, event: &ErasureEvent) -> Erasure {
    match event {
        ErasureEvent::RetentionWarningSent { warned_at, .. } => state.warned_at = Some(*warned_at),
        ErasureEvent::PersonErased {
            subject_kind,
            files,
            erased_at,
            ..
        } => {
            state.erased = Some(Erased {
                kind: *subject_kind,
                at: *erased_at,
                files: files.clone(),
            })
        }
        ErasureEvent::ErasureCompleted { completed_at, .. } => {
            state.completed_at = Some(*completed_at)
        }
    }
    state
}

/// What an erase request asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct EraseRequest {
    pub subject_id: Uuid,
    pub kind: SubjectKind,
    pub grounds: Grounds,
    pub requested_by: Option<Uuid>,
    pub files: Vec<String>,
}

/// Erase: once. A second request is not an error for the caller (it says so),
/// but it records nothing: `AlreadyErased` carries when the first one was.
pub fn erase(
    state: &Erasure,
    request: EraseRequest,
    now: DateTime<Utc>,
) -> Result<Vec<ErasureEvent>, AlreadyErased> {
    if let Some(erased) = &state.erased {
        return Err(AlreadyErased { at: erased.at });
    }
    Ok(vec![ErasureEvent::PersonErased {
        subject_id: request.subject_id,
        subject_kind: request.kind,
        grounds: request.grounds,
        requested_by: request.requested_by,
        files: request.files,
        erased_at: now,
    }])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlreadyErased {
    pub at: DateTime<Utc>,
}

/// Records that the steps after the append are done; nothing if they were.
pub fn complete(
    state: &Erasure,
    files_deleted: u32,
    now: DateTime<Utc>,
) -> Result<Vec<ErasureEvent>, DomainError> {
    if state.erased.is_none() {
        return Err(DomainError::NotFound("Erasure"));
    }
    if state.completed_at.is_some() {
        return Ok(vec![]);
    }
    Ok(vec![ErasureEvent::ErasureCompleted {
        files_deleted,
        completed_at: now,
    }])
}

/// Warns an inactive candidate once per spell of inactivity: a warning sent
/// after their last activity stands; activity since it calls for a new one.
pub fn warn(
    state: &Erasure,
    subject_id: Uuid,
    last_active_at: DateTime<Utc>,
    grace: chrono::Duration,
    now: DateTime<Utc>,
) -> Vec<ErasureEvent> {
    if state.erased.is_some() || state.warned_at.is_some_and(|w| w >= last_active_at) {
        return vec![];
    }
    vec![ErasureEvent::RetentionWarningSent {
        subject_id,
        last_active_at,
        erase_after: now + grace,
        warned_at: now,
    }]
}

// Nothing personal: the record of an erasure is never sealed or erased.
crate::aggregate::entity_aggregate!(Erasure, ErasureEvent, state: Erasure, |_, _| None);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Aggregate;
    use chrono::TimeZone;

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, 9, 0, 0).unwrap()
    }

    fn request(id: Uuid) -> EraseRequest {
        EraseRequest {
            subject_id: id,
            kind: SubjectKind::Candidate,
            grounds: Grounds::PersonAsked,
            requested_by: Some(id),
            files: vec!["resumes/0190".into()],
        }
    }

    #[test]
    fn given_nothing_when_erased_then_person_erased_records_who_why_and_the_files() {
        let id = Uuid::now_v7();
        let events = erase(&Erasure::default(), request(id), at(2)).unwrap();
        assert_eq!(
            events,
            vec![ErasureEvent::PersonErased {
                subject_id: id,
                subject_kind: SubjectKind::Candidate,
                grounds: Grounds::PersonAsked,
                requested_by: Some(id),
                files: vec!["resumes/0190".into()],
                erased_at: at(2),
            }]
        );
        assert!(events[0].personal_fields().is_empty(), "never erasable");
    }

    #[test]
    fn given_an_erasure_when_erased_again_then_nothing_is_recorded_and_it_says_when() {
        let id = Uuid::now_v7();
        let state = Erasure::fold(&erase(&Erasure::default(), request(id), at(2)).unwrap());
        assert_eq!(
            erase(&state, request(id), at(3)),
            Err(AlreadyErased { at: at(2) })
        );
    }

    #[test]
    fn completion_is_recorded_once_and_only_after_an_erasure() {
        let id = Uuid::now_v7();
        assert_eq!(
            complete(&Erasure::default(), 0, at(2)),
            Err(DomainError::NotFound("Erasure"))
        );
        let erased = Erasure::fold(&erase(&Erasure::default(), request(id), at(2)).unwrap());
        let done = complete(&erased, 1, at(2)).unwrap();
        assert_eq!(done.len(), 1);
        let completed = done.iter().fold(erased, evolve);
        assert_eq!(complete(&completed, 1, at(3)), Ok(vec![]));
    }

    #[test]
    fn a_warning_stands_until_the_person_is_active_again() {
        let id = Uuid::now_v7();
        let grace = chrono::Duration::days(30);
        let warned = warn(&Erasure::default(), id, at(1), grace, at(2));
        assert!(matches!(
            warned.as_slice(),
            [ErasureEvent::RetentionWarningSent { erase_after, .. }] if *erase_after == at(2) + grace
        ));
        let state = Erasure::fold(&warned);
        assert!(
            warn(&state, id, at(1), grace, at(3)).is_empty(),
            "warned once"
        );
        assert_eq!(
            warn(&state, id, at(4), grace, at(5)).len(),
            1,
            "active since the warning: a new spell, a new warning"
        );
    }

    #[test]
    fn admins_are_not_erased() {
        assert_eq!(SubjectKind::of_role(Role::Admin), None);
        assert_eq!(
            SubjectKind::of_role(Role::Candidate),
            Some(SubjectKind::Candidate)
        );
    }

    #[test]
    fn kinds_and_grounds_are_stored_as_snake_case_names() {
        let event = ErasureEvent::PersonErased {
            subject_id: Uuid::nil(),
            subject_kind: SubjectKind::ContactMessage,
            grounds: Grounds::RetentionPeriod,
            requested_by: None,
            files: vec![],
            erased_at: at(2),
        };
        let payload = event.to_payload();
        assert_eq!(payload["subject_kind"], "contact_message");
        assert_eq!(payload["grounds"], "retention_period");
        assert_eq!(
            ErasureEvent::from_payload("PersonErased", payload).unwrap(),
            event
        );
    }
}
