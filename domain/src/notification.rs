//! Notifications for all roles, raised by policies from other events.
//! Stream: `notification-{id}`, where the id is derived from the event that
//! caused it, so a policy that runs twice cannot notify twice.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::Role;

use crate::application::{ApplicationEvent, ApplicationStatus};
use crate::interview::{Interview, InterviewEvent};
use crate::{DomainError, DomainEvent};

pub fn stream_id(notification_id: Uuid) -> String {
    format!("notification-{notification_id}")
}

/// The id of the notification that `source_event` raises for `recipient`.
pub fn id_for(source_event: Uuid, recipient: Uuid) -> Uuid {
    let mut name = source_event.as_bytes().to_vec();
    name.extend_from_slice(recipient.as_bytes());
    Uuid::new_v5(&Uuid::NAMESPACE_OID, &name)
}

/// How a notification reads (SPEC 3): stored as its lowercase name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum NotificationKind {
    Success,
    Warning,
    Error,
    Info,
}

impl NotificationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::Warning => "warning",
            Self::Error => "error",
            Self::Info => "info",
        }
    }
}

/// Read back from a read model's text column.
impl TryFrom<String> for NotificationKind {
    type Error = DomainError;

    fn try_from(raw: String) -> Result<Self, DomainError> {
        [Self::Success, Self::Warning, Self::Error, Self::Info]
            .into_iter()
            .find(|k| k.as_str() == raw)
            .ok_or_else(|| DomainError::invalid(format!("unknown notification kind {raw}")))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotificationRaised {
    pub notification_id: Uuid,
    pub user_id: Uuid,
    pub user_role: Role,
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NotificationEvent {
    NotificationRaised(NotificationRaised),
    NotificationRead { read_at: DateTime<Utc> },
    NotificationDeleted { deleted_at: DateTime<Utc> },
}

impl DomainEvent for NotificationEvent {
    const TYPES: &'static [&'static str] = &[
        "NotificationRaised",
        "NotificationRead",
        "NotificationDeleted",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::NotificationRaised(_) => "NotificationRaised",
            Self::NotificationRead { .. } => "NotificationRead",
            Self::NotificationDeleted { .. } => "NotificationDeleted",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::NotificationRaised(_) => &["title", "message"],
            _ => &[],
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub user_id: Uuid,
    pub read: bool,
    pub deleted: bool,
}

pub fn evolve(state: Option<Notification>, event: &NotificationEvent) -> Option<Notification> {
    match (state, event) {
        (_, NotificationEvent::NotificationRaised(e)) => Some(Notification {
            user_id: e.user_id,
            read: false,
            deleted: false,
        }),
        (Some(n), NotificationEvent::NotificationRead { .. }) => {
            Some(Notification { read: true, ..n })
        }
        (Some(n), NotificationEvent::NotificationDeleted { .. }) => {
            Some(Notification { deleted: true, ..n })
        }
        (None, _) => None,
    }
}

fn own(state: Option<&Notification>, user: Uuid) -> Result<&Notification, DomainError> {
    state
        .filter(|n| n.user_id == user && !n.deleted)
        .ok_or(DomainError::NotFound("Notification"))
}

/// Marking an already read notification read again changes nothing.
pub fn mark_read(
    state: Option<&Notification>,
    user: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<NotificationEvent>, DomainError> {
    let n = own(state, user)?;
    Ok(if n.read {
        vec![]
    } else {
        vec![NotificationEvent::NotificationRead { read_at: now }]
    })
}

pub fn delete(
    state: Option<&Notification>,
    user: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<NotificationEvent>, DomainError> {
    own(state, user)?;
    Ok(vec![NotificationEvent::NotificationDeleted {
        deleted_at: now,
    }])
}

/// Raising `notice` as notification `id` (see [`id_for`]: derived from the
/// event that caused it). A stream that already exists was raised before by an
/// earlier run of the policy: nothing more to write.
pub fn raise(
    state: Option<&Notification>,
    id: Uuid,
    notice: &Notice,
    at: DateTime<Utc>,
) -> Result<Vec<NotificationEvent>, DomainError> {
    if state.is_some() {
        return Ok(vec![]);
    }
    Ok(vec![NotificationEvent::NotificationRaised(
        NotificationRaised {
            notification_id: id,
            user_id: notice.recipient,
            user_role: notice.role,
            kind: notice.kind,
            title: notice.title.clone(),
            message: notice.message.clone(),
            created_at: at,
        },
    )])
}

/// A notification a policy wants raised: for whom, and what it says.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub recipient: Uuid,
    pub role: Role,
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
}

/// The notification policy: what each application event tells whom.
/// For a status change the caller supplies the application's candidate and job
/// title (they live in the earlier ApplicationSubmitted).
pub fn notices_for(event: &ApplicationEvent, candidate_id: Uuid, job_title: &str) -> Vec<Notice> {
    match event {
        ApplicationEvent::ApplicationSubmitted(s) => vec![
            Notice {
                recipient: s.candidate_id,
                role: Role::Candidate,
                kind: NotificationKind::Success,
                title: "Application received".into(),
                message: format!(
                    "Your application for {} at {} has been received.",
                    s.job_title, s.company
                ),
            },
            Notice {
                recipient: s.employer_id,
                role: Role::Employer,
                kind: NotificationKind::Info,
                title: "New application".into(),
                message: format!("You have a new application for {}.", s.job_title),
            },
        ],
        ApplicationEvent::ApplicationStatusChanged {
            status, feedback, ..
        } => vec![status_notice(
            *status,
            feedback.as_deref(),
            candidate_id,
            job_title,
        )],
        ApplicationEvent::ApplicationWithdrawn {
            employer_id,
            job_title,
            reason,
            ..
        } => {
            // The reason is the candidate's words, sealed with their key: the
            // notice (sealed with the employer's) points to it rather than
            // copying it, so it goes when the candidate is erased.
            let mut message = format!("A candidate withdrew their application for {job_title}.");
            if reason.is_some() {
                message.push_str(" Their reason is on the application's history.");
            }
            vec![Notice {
                recipient: *employer_id,
                role: Role::Employer,
                kind: NotificationKind::Warning,
                title: "Application withdrawn".into(),
                message,
            }]
        }
        // A pipeline move tells the candidate only what they can see: a new
        // visible status, or feedback. Screening after New reads the same.
        ApplicationEvent::ApplicationMoved {
            stage,
            previous,
            feedback,
            ..
        } => {
            let feedback = feedback.as_deref().filter(|f| !f.trim().is_empty());
            if stage.visible_status() == previous.visible_status() && feedback.is_none() {
                return vec![];
            }
            vec![status_notice(
                stage.visible_status(),
                feedback,
                candidate_id,
                job_title,
            )]
        }
    }
}

/// What an interview event tells the candidate; `interview` is the state after it.
pub fn interview_notice(event: &InterviewEvent, interview: &Interview) -> Notice {
    let job = &interview.job_title;
    let when = interview.slot.sydney_time();
    let (kind, title, message) = match event {
        InterviewEvent::InterviewScheduled { .. } => (
            NotificationKind::Info,
            "Interview booked",
            format!(
                "Your interview for {job} is booked for {when}. Check your email for the calendar invitation."
            ),
        ),
        InterviewEvent::InterviewRescheduled { .. } => (
            NotificationKind::Warning,
            "Interview moved",
            format!("Your interview for {job} has moved to {when}."),
        ),
        InterviewEvent::InterviewCancelled { .. } => (
            NotificationKind::Warning,
            "Interview cancelled",
            format!("Your interview for {job} on {when} has been cancelled."),
        ),
    };
    Notice {
        recipient: interview.candidate_id,
        role: Role::Candidate,
        kind,
        title: title.into(),
        message,
    }
}

fn status_notice(
    status: ApplicationStatus,
    feedback: Option<&str>,
    candidate_id: Uuid,
    job_title: &str,
) -> Notice {
    let (kind, title, line) = match status {
        ApplicationStatus::Accepted => (
            NotificationKind::Success,
            "Application accepted",
            "Good news! Your application for {job} has been accepted.",
        ),
        ApplicationStatus::Rejected => (
            NotificationKind::Error,
            "Application update",
            "Your application for {job} was not successful this time.",
        ),
        ApplicationStatus::Pending => (
            NotificationKind::Info,
            "Application under review",
            "Your application for {job} is being reviewed again.",
        ),
    };
    let mut message = line.replace("{job}", job_title);
    if let Some(f) = feedback.filter(|f| !f.trim().is_empty()) {
        message.push_str(&format!(" Feedback from the employer: {f}"));
    }
    Notice {
        recipient: candidate_id,
        role: Role::Candidate,
        kind,
        title: title.into(),
        message,
    }
}

crate::aggregate::entity_aggregate!(Notification, NotificationEvent, |_, state| state
    .as_ref()
    .map(|n| n.user_id));

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::application::ApplicationSubmitted;

    fn notice() -> Notice {
        Notice {
            recipient: Uuid::from_u128(2),
            role: Role::Candidate,
            kind: NotificationKind::Success,
            title: "Application received".into(),
            message: "Your application for Rust Engineer at Acme has been received.".into(),
        }
    }

    #[test]
    fn raising_a_notice_writes_it_for_its_recipient() {
        let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
        let id = id_for(Uuid::from_u128(9), Uuid::from_u128(2));
        crate::testing::given::<Notification>(vec![])
            .when(|s| raise(s.as_ref(), id, &notice(), at))
            .then(vec![NotificationEvent::NotificationRaised(
                NotificationRaised {
                    notification_id: id,
                    user_id: Uuid::from_u128(2),
                    user_role: Role::Candidate,
                    kind: NotificationKind::Success,
                    title: "Application received".into(),
                    message: "Your application for Rust Engineer at Acme has been received.".into(),
                    created_at: at,
                },
            )]);
    }

    #[test]
    fn raising_the_same_notice_again_writes_nothing() {
        let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
        let id = id_for(Uuid::from_u128(9), Uuid::from_u128(2));
        let first = raise(None, id, &notice(), at).unwrap();
        crate::testing::given::<Notification>(first)
            .when(|s| raise(s.as_ref(), id, &notice(), at))
            .then(vec![]);
    }

    #[test]
    fn a_pipeline_move_notifies_only_when_the_candidate_would_see_a_change() {
        use crate::pipeline::Stage;
        let moved = |previous, stage, feedback: Option<&str>| ApplicationEvent::ApplicationMoved {
            stage,
            previous,
            feedback: feedback.map(Into::into),
            moved_by: Uuid::from_u128(4),
            moved_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        };
        let candidate = Uuid::from_u128(2);
        assert!(
            notices_for(
                &moved(Stage::New, Stage::Screening, None),
                candidate,
                "Rust Engineer"
            )
            .is_empty()
        );
        assert!(
            notices_for(
                &moved(Stage::Interview, Stage::Offer, None),
                candidate,
                "Rust Engineer"
            )
            .is_empty()
        );
        let accepted = notices_for(
            &moved(Stage::Screening, Stage::Interview, None),
            candidate,
            "Rust Engineer",
        );
        assert_eq!(accepted.len(), 1);
        assert_eq!(accepted[0].title, "Application accepted");
        let with_feedback = notices_for(
            &moved(
                Stage::New,
                Stage::Screening,
                Some("Thanks, we'll call you this week."),
            ),
            candidate,
            "Rust Engineer",
        );
        assert!(
            with_feedback[0]
                .message
                .ends_with("Feedback from the employer: Thanks, we'll call you this week.")
        );
    }

    #[test]
    fn a_submission_tells_the_candidate_and_the_employer() {
        let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
        let e = ApplicationEvent::ApplicationSubmitted(ApplicationSubmitted {
            application_id: Uuid::from_u128(1),
            candidate_id: Uuid::from_u128(2),
            job_id: Uuid::from_u128(3),
            employer_id: Uuid::from_u128(4),
            job_title: "Rust Engineer".into(),
            company: "Acme".into(),
            resume_id: None,
            cover_letter_id: None,
            submitted_at: at,
        });
        let notices = notices_for(&e, Uuid::from_u128(2), "Rust Engineer");
        assert_eq!(
            notices
                .iter()
                .map(|n| (n.recipient, n.role))
                .collect::<Vec<_>>(),
            vec![
                (Uuid::from_u128(2), Role::Candidate),
                (Uuid::from_u128(4), Role::Employer)
            ]
        );
        assert!(notices[0].message.contains("Rust Engineer at Acme"));
    }

    #[test]
    fn a_status_change_tells_the_candidate_with_the_feedback() {
        let e = ApplicationEvent::ApplicationStatusChanged {
            status: ApplicationStatus::Accepted,
            previous: ApplicationStatus::Pending,
            feedback: Some("Loved your portfolio".into()),
            changed_by: Uuid::from_u128(4),
            changed_at: Utc::now(),
        };
        let notices = notices_for(&e, Uuid::from_u128(2), "Rust Engineer");
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].kind, NotificationKind::Success);
        assert_eq!(
            notices[0].message,
            "Good news! Your application for Rust Engineer has been accepted. Feedback from the employer: Loved your portfolio"
        );
    }

    #[test]
    fn ids_derived_from_the_source_are_stable_and_distinct_per_recipient() {
        let source = Uuid::from_u128(99);
        assert_eq!(
            id_for(source, Uuid::from_u128(1)),
            id_for(source, Uuid::from_u128(1))
        );
        assert_ne!(
            id_for(source, Uuid::from_u128(1)),
            id_for(source, Uuid::from_u128(2))
        );
    }

    #[test]
    fn only_the_recipient_reads_or_deletes_and_reading_twice_is_a_no_op() {
        let n = Notification {
            user_id: Uuid::from_u128(1),
            read: false,
            deleted: false,
        };
        assert_eq!(
            mark_read(Some(&n), Uuid::from_u128(2), Utc::now()),
            Err(DomainError::NotFound("Notification"))
        );
        let read = Notification {
            read: true,
            ..n.clone()
        };
        assert_eq!(
            mark_read(Some(&read), Uuid::from_u128(1), Utc::now()),
            Ok(vec![])
        );
        assert!(delete(Some(&n), Uuid::from_u128(1), Utc::now()).is_ok());
    }

    #[test]
    fn todays_stored_notification_payloads_decode_into_typed_role_and_kind() {
        let stored = serde_json::json!({
            "notification_id": Uuid::from_u128(9), "user_id": Uuid::from_u128(2),
            "user_role": "employer", "kind": "info", "title": "New application",
            "message": "Sam applied", "created_at": "2026-11-02T09:30:00Z"
        });
        let event = NotificationEvent::from_payload("NotificationRaised", stored.clone()).unwrap();
        let NotificationEvent::NotificationRaised(raised) = &event else {
            panic!("{event:?}")
        };
        assert_eq!(
            (raised.user_role, raised.kind),
            (Role::Employer, NotificationKind::Info)
        );
        assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
    }
}
