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

read_back_by!(
    NotificationKind,
    as_str,
    "notification kind",
    [Self::Success, Self::Warning, Self::Error, Self::Info]
);

/// Where a notification leads when it is clicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum NotificationLink {
    /// A job's page on the public board (a job alert's new job, issue 28).
    Job { job_id: Uuid },
    /// The application it is about, where its recipient follows it: the
    /// candidate's My Applications, the employer's applicant page.
    Application { application_id: Uuid },
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
    NotificationMarkedUnread { marked_at: DateTime<Utc> },
    NotificationDeleted { deleted_at: DateTime<Utc> },
}

impl DomainEvent for NotificationEvent {
    const TYPES: &'static [&'static str] = &[
        "NotificationRaised",
        "NotificationRead",
        "NotificationMarkedUnread",
        "NotificationDeleted",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::NotificationRaised(_) => "NotificationRaised",
            Self::NotificationRead { .. } => "NotificationRead",
            Self::NotificationMarkedUnread { .. } => "NotificationMarkedUnread",
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
        (Some(n), NotificationEvent::NotificationMarkedUnread { .. }) => {
            Some(Notification { read: false, ..n })
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
    set_read(
        state,
        user,
        true,
        NotificationEvent::NotificationRead { read_at: now },
    )
}

/// Marking an unread notification unread changes nothing, as reading a read
/// one does.
pub fn mark_unread(
    state: Option<&Notification>,
    user: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<NotificationEvent>, DomainError> {
    let marked = NotificationEvent::NotificationMarkedUnread { marked_at: now };
    set_read(state, user, false, marked)
}

/// The owner's notification becomes `read` (or not) through `event`; one
/// already so writes nothing.
fn set_read(
    state: Option<&Notification>,
    user: Uuid,
    read: bool,
    event: NotificationEvent,
) -> Result<Vec<NotificationEvent>, DomainError> {
    let n = own(state, user)?;
    Ok(if n.read == read { vec![] } else { vec![event] })
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

/// The notification policy: what each application event tells whom. The
/// caller supplies the application's id, candidate and job title (for a later
/// event they live in the earlier ApplicationSubmitted). Every notice leads to
/// the application it is about.
pub fn notices_for(
    event: &ApplicationEvent,
    application_id: Uuid,
    candidate_id: Uuid,
    job_title: &str,
) -> Vec<Notice> {
    let mut notices = application_notices(event, candidate_id, job_title);
    for notice in &mut notices {
        notice.link = Some(NotificationLink::Application { application_id });
    }
    notices
}

fn application_notices(
    event: &ApplicationEvent,
    candidate_id: Uuid,
    job_title: &str,
) -> Vec<Notice> {
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
        InterviewEvent::InterviewCancelled { reason, .. } => (
            NotificationKind::Warning,
            "Interview cancelled",
            match crate::interview::ApplicationEnded::of_reason(reason.as_deref()) {
                Some(crate::interview::ApplicationEnded::Withdrawn) => format!(
                    "Your interview for {job} on {when} is cancelled, as you withdrew your application."
                ),
                Some(crate::interview::ApplicationEnded::Rejected) => format!(
                    "Your interview for {job} on {when} is cancelled, as the application is not going ahead."
                ),
                None => format!("Your interview for {job} on {when} has been cancelled."),
            },
        ),
    };
    Notice {
        recipient: interview.candidate_id,
        role: Role::Candidate,
        kind,
        title: title.into(),
        message,
        link: Some(NotificationLink::Application {
            application_id: interview.application_id,
        }),
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
mod tests;
