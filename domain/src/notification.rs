//! Notifications for all roles, raised by policies from other events.
//! Stream: `notification-{id}`, where the id is derived from the event that
//! caused it, so a policy that runs twice cannot notify twice.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::application::{ApplicationEvent, ApplicationStatus};
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotificationRaised {
    pub notification_id: Uuid,
    pub user_id: Uuid,
    pub user_role: String,
    /// success, warning, error or info (SPEC 3).
    pub kind: String,
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

/// A notification a policy wants raised: for whom, and what it says.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub recipient: Uuid,
    pub role: &'static str,
    pub kind: &'static str,
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
                role: "candidate",
                kind: "success",
                title: "Application received".into(),
                message: format!(
                    "Your application for {} at {} has been received.",
                    s.job_title, s.company
                ),
            },
            Notice {
                recipient: s.employer_id,
                role: "employer",
                kind: "info",
                title: "New application".into(),
                message: format!("You have a new application for {}.", s.job_title),
            },
        ],
        ApplicationEvent::ApplicationStatusChanged {
            status, feedback, ..
        } => {
            let (kind, title, line) = match status {
                ApplicationStatus::Accepted => (
                    "success",
                    "Application accepted",
                    "Good news! Your application for {job} has been accepted.",
                ),
                ApplicationStatus::Rejected => (
                    "error",
                    "Application update",
                    "Your application for {job} was not successful this time.",
                ),
                ApplicationStatus::Pending => (
                    "info",
                    "Application under review",
                    "Your application for {job} is being reviewed again.",
                ),
            };
            let mut message = line.replace("{job}", job_title);
            if let Some(f) = feedback.as_deref().filter(|f| !f.trim().is_empty()) {
                message.push_str(&format!(" Feedback from the employer: {f}"));
            }
            vec![Notice {
                recipient: candidate_id,
                role: "candidate",
                kind,
                title: title.into(),
                message,
            }]
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::application::ApplicationSubmitted;

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
                (Uuid::from_u128(2), "candidate"),
                (Uuid::from_u128(4), "employer")
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
        assert_eq!(notices[0].kind, "success");
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
}
