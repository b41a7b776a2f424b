//! Notifications for all roles, raised by policies from other events.
//! Stream: `notification-{id}`, where the id is derived from the event that
//! caused it, so a policy that runs twice cannot notify twice.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::Role;

use crate::application::{ApplicationEvent, ApplicationStatus};
use crate::interview::{Interview, InterviewEvent};
use crate::pipeline::Stage;
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

/// Where a notification leads when it is clicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum NotificationLink {
    /// A job's page on the public board (a job alert's new job, issue 28).
    Job { job_id: Uuid },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotificationRaised {
    pub notification_id: Uuid,
    pub user_id: Uuid,
    pub user_role: Role,
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
    /// Absent in notifications raised before links existed (and in those
    /// that lead nowhere): no upcast needed, an absent field reads as none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<NotificationLink>,
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
            link: notice.link,
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
    /// Where clicking it leads, if anywhere.
    pub link: Option<NotificationLink>,
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
                link: None,
            },
            Notice {
                recipient: s.employer_id,
                role: Role::Employer,
                kind: NotificationKind::Info,
                title: "New application".into(),
                message: format!("You have a new application for {}.", s.job_title),
                link: None,
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
                link: None,
            }]
        }
        // A pipeline move tells the candidate where the application now
        // stands, in plain words (issue 27): a move to Interview is an
        // invitation, not an "acceptance". A move that changes nothing they
        // can read (the same stage, no feedback) says nothing.
        ApplicationEvent::ApplicationMoved {
            stage,
            previous,
            feedback,
            ..
        } => {
            let feedback = feedback.as_deref().filter(|f| !f.trim().is_empty());
            if stage == previous && feedback.is_none() {
                return vec![];
            }
            vec![stage_notice(*stage, feedback, candidate_id, job_title)]
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
        link: None,
    }
}

/// A status set directly (SPEC 7's status endpoint): `accepted` moves the
/// application on without saying to which stage, so the notice says it is
/// going further rather than naming a step it may not have reached.
fn status_notice(
    status: ApplicationStatus,
    feedback: Option<&str>,
    candidate_id: Uuid,
    job_title: &str,
) -> Notice {
    let (kind, title, line) = match status {
        ApplicationStatus::Accepted => (
            NotificationKind::Success,
            format!("Your application for {job_title} is going further"),
            "Good news: the hiring team would like to take your application for {job} further. We'll be in touch about the next step.",
        ),
        ApplicationStatus::Rejected => not_progressed(),
        ApplicationStatus::Pending => in_review(),
    };
    candidate_notice(kind, title, line, feedback, candidate_id, job_title)
}

/// Where a pipeline move leaves the application, as the candidate reads it.
fn stage_notice(
    stage: Stage,
    feedback: Option<&str>,
    candidate_id: Uuid,
    job_title: &str,
) -> Notice {
    let (kind, title, line) = match stage {
        Stage::New | Stage::Screening => in_review(),
        Stage::Interview => (
            NotificationKind::Success,
            format!("Invited to an interview for {job_title}"),
            "Good news: the hiring team would like to interview you for {job}. We'll let you know as soon as a time is booked.",
        ),
        Stage::Offer => (
            NotificationKind::Success,
            format!("An offer is coming for {job_title}"),
            "Great news: the hiring team is preparing an offer for you for {job}. They'll be in touch with the details.",
        ),
        Stage::Hired => (
            NotificationKind::Success,
            format!("Hired for {job_title}"),
            "Congratulations: you've been hired for {job}. The employer will be in touch about your start.",
        ),
        Stage::Rejected => not_progressed(),
    };
    candidate_notice(kind, title, line, feedback, candidate_id, job_title)
}

fn in_review() -> (NotificationKind, String, &'static str) {
    (
        NotificationKind::Info,
        "Application in review".into(),
        "The hiring team is reviewing your application for {job}.",
    )
}

fn not_progressed() -> (NotificationKind, String, &'static str) {
    (
        NotificationKind::Error,
        "Application not progressed".into(),
        "Your application for {job} won't go further this time. Thank you for applying.",
    )
}

fn candidate_notice(
    kind: NotificationKind,
    title: String,
    line: &str,
    feedback: Option<&str>,
    candidate_id: Uuid,
    job_title: &str,
) -> Notice {
    let mut message = line.replace("{job}", job_title);
    if let Some(f) = feedback.filter(|f| !f.trim().is_empty()) {
        message.push_str(&format!(" Feedback from the employer: {f}"));
    }
    Notice {
        recipient: candidate_id,
        role: Role::Candidate,
        kind,
        title,
        message,
        link: None,
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
            link: None,
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
                    link: None,
                    created_at: at,
                },
            )]);
    }

    #[test]
    fn a_notification_raised_before_links_reads_as_leading_nowhere_and_a_link_round_trips() {
        let old = serde_json::json!({
            "notification_id": Uuid::from_u128(1), "user_id": Uuid::from_u128(2),
            "user_role": "candidate", "kind": "info", "title": "t", "message": "m",
            "created_at": "2026-11-01T00:00:00Z"
        });
        let raised: NotificationRaised = serde_json::from_value(old).unwrap();
        assert_eq!(raised.link, None);
        let linked = NotificationRaised {
            link: Some(NotificationLink::Job {
                job_id: Uuid::from_u128(7),
            }),
            ..raised
        };
        let stored = serde_json::to_value(&linked).unwrap();
        assert_eq!(
            stored["link"],
            serde_json::json!({"to": "job", "job_id": Uuid::from_u128(7)})
        );
        assert_eq!(
            serde_json::from_value::<NotificationRaised>(stored).unwrap(),
            linked
        );
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
    fn a_pipeline_move_says_in_plain_words_where_the_application_now_stands() {
        let moved = |previous, stage, feedback: Option<&str>| ApplicationEvent::ApplicationMoved {
            stage,
            previous,
            feedback: feedback.map(Into::into),
            moved_by: Uuid::from_u128(4),
            moved_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        };
        let candidate = Uuid::from_u128(2);
        let said = |previous, stage| {
            notices_for(&moved(previous, stage, None), candidate, "Rust Engineer")
                .into_iter()
                .map(|n| (n.title, n.message))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            said(Stage::New, Stage::Screening),
            [(
                "Application in review".to_owned(),
                "The hiring team is reviewing your application for Rust Engineer.".to_owned()
            )]
        );
        let invited = said(Stage::Screening, Stage::Interview);
        assert_eq!(invited[0].0, "Invited to an interview for Rust Engineer");
        assert!(!invited[0].1.to_lowercase().contains("accepted"));
        assert_eq!(
            said(Stage::Interview, Stage::Offer)[0].0,
            "An offer is coming for Rust Engineer"
        );
        assert_eq!(
            said(Stage::Offer, Stage::Hired)[0].0,
            "Hired for Rust Engineer"
        );
        assert_eq!(
            said(Stage::Interview, Stage::Rejected)[0].0,
            "Application not progressed"
        );
        assert!(said(Stage::Interview, Stage::Interview).is_empty());

        let with_feedback = notices_for(
            &moved(
                Stage::Screening,
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
    fn a_status_set_to_accepted_says_the_application_goes_further_not_accepted() {
        let changed = ApplicationEvent::ApplicationStatusChanged {
            status: ApplicationStatus::Accepted,
            previous: ApplicationStatus::Pending,
            feedback: None,
            changed_by: Uuid::from_u128(4),
            changed_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        };
        let notice = &notices_for(&changed, Uuid::from_u128(2), "Rust Engineer")[0];
        assert_eq!(
            notice.title,
            "Your application for Rust Engineer is going further"
        );
        assert!(!notice.message.to_lowercase().contains("accepted"));
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
            "Good news: the hiring team would like to take your application for Rust Engineer further. We'll be in touch about the next step. Feedback from the employer: Loved your portfolio"
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
