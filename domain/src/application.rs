//! Applications: a candidate applies once to an open job; the job's employer
//! moves it through the hiring pipeline (`pipeline.rs`: stages and moves) or
//! sets the candidate-visible status with optional feedback.
//! Stream: `application-{id}`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::pipeline::{RejectionReason, Stage};
use crate::validation::optional_multiline_text;
use crate::{DomainError, DomainEvent};

pub const MAX_FEEDBACK_LEN: usize = 2000;

pub fn stream_id(application_id: Uuid) -> String {
    format!("application-{application_id}")
}

/// Uniqueness scope: one application per candidate per job.
pub fn claim_scope(job_id: Uuid) -> String {
    format!("application:{job_id}")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApplicationStatus {
    Pending,
    Accepted,
    Rejected,
}

impl ApplicationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
        }
    }

    /// Its name as a sentence shows it: "Accepted".
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "Pending",
            Self::Accepted => "Accepted",
            Self::Rejected => "Rejected",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        match raw.trim().to_lowercase().as_str() {
            "pending" => Ok(Self::Pending),
            "accepted" => Ok(Self::Accepted),
            "rejected" => Ok(Self::Rejected),
            _ => Err(DomainError::invalid(
                "Status must be pending, accepted or rejected",
            )),
        }
    }
}

parsed_by_parse!(ApplicationStatus);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApplicationSubmitted {
    pub application_id: Uuid,
    pub candidate_id: Uuid,
    pub job_id: Uuid,
    pub employer_id: Uuid,
    /// Copied from the job at the time of applying, so the candidate's list
    /// keeps showing what they applied for even if the listing changes.
    pub job_title: String,
    pub company: String,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
    pub submitted_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ApplicationEvent {
    ApplicationSubmitted(ApplicationSubmitted),
    ApplicationStatusChanged {
        status: ApplicationStatus,
        previous: ApplicationStatus,
        /// Employer feedback is about the candidate: sealed with their key.
        feedback: Option<String>,
        changed_by: Uuid,
        changed_at: DateTime<Utc>,
    },
    /// A move along the employer's pipeline. The candidate sees only the
    /// stage's visible status (`Stage::visible_status`).
    ApplicationMoved {
        stage: Stage,
        previous: Stage,
        /// Employer feedback is about the candidate: sealed with their key.
        feedback: Option<String>,
        moved_by: Uuid,
        moved_at: DateTime<Utc>,
        /// The employer had the candidate emailed about it (a rejection); the
        /// mail went out with the move. Older events read `false`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        emailed: bool,
        /// Why the hiring team is not going ahead (a rejection only; never
        /// shown to the candidate). Older events and rejections without one
        /// read `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<RejectionReason>,
    },
    /// The candidate took the application back. Carries who to tell.
    ApplicationWithdrawn {
        employer_id: Uuid,
        job_title: String,
        reason: Option<String>,
        withdrawn_at: DateTime<Utc>,
    },
}

impl DomainEvent for ApplicationEvent {
    const TYPES: &'static [&'static str] = &[
        "ApplicationSubmitted",
        "ApplicationStatusChanged",
        "ApplicationMoved",
        "ApplicationWithdrawn",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::ApplicationSubmitted(_) => "ApplicationSubmitted",
            Self::ApplicationStatusChanged { .. } => "ApplicationStatusChanged",
            Self::ApplicationMoved { .. } => "ApplicationMoved",
            Self::ApplicationWithdrawn { .. } => "ApplicationWithdrawn",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::ApplicationSubmitted(_) => &[],
            Self::ApplicationStatusChanged { .. } | Self::ApplicationMoved { .. } => &["feedback"],
            Self::ApplicationWithdrawn { .. } => &["reason"],
        }
    }
}

impl ApplicationEvent {
    /// When it happened in the business's terms (an imported or seeded event
    /// may be stored later than it happened).
    pub fn occurred_at(&self) -> DateTime<Utc> {
        match self {
            Self::ApplicationSubmitted(s) => s.submitted_at,
            Self::ApplicationStatusChanged { changed_at, .. } => *changed_at,
            Self::ApplicationMoved { moved_at, .. } => *moved_at,
            Self::ApplicationWithdrawn { withdrawn_at, .. } => *withdrawn_at,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Application {
    pub id: Uuid,
    pub candidate_id: Uuid,
    pub employer_id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    /// What the candidate sees; always `stage.visible_status()`.
    pub status: ApplicationStatus,
    pub stage: Stage,
    /// Why it was rejected, while it is and the team said why.
    pub rejection_reason: Option<RejectionReason>,
    pub withdrawn: bool,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
}

pub fn evolve(state: Option<Application>, event: &ApplicationEvent) -> Option<Application> {
    match (state, event) {
        (_, ApplicationEvent::ApplicationSubmitted(e)) => Some(Application {
            id: e.application_id,
            candidate_id: e.candidate_id,
            employer_id: e.employer_id,
            job_id: e.job_id,
            job_title: e.job_title.clone(),
            status: ApplicationStatus::Pending,
            stage: Stage::New,
            rejection_reason: None,
            withdrawn: false,
            resume_id: e.resume_id,
            cover_letter_id: e.cover_letter_id,
        }),
        (Some(mut a), ApplicationEvent::ApplicationStatusChanged { status, .. }) => {
            a.stage = a.stage.after_status_change(*status);
            a.status = a.stage.visible_status();
            if a.stage != Stage::Rejected {
                a.rejection_reason = None;
            }
            Some(a)
        }
        (Some(mut a), ApplicationEvent::ApplicationMoved { stage, reason, .. }) => {
            a.rejection_reason = reason_after(a.stage, a.rejection_reason, *stage, *reason);
            a.stage = *stage;
            a.status = stage.visible_status();
            Some(a)
        }
        (Some(a), ApplicationEvent::ApplicationWithdrawn { .. }) => Some(Application {
            withdrawn: true,
            ..a
        }),
        (None, _) => None,
    }
}

/// The rejection reason after a move from `from` to `to`: the move's own on
/// entering or staying in Rejected, the one it had when a move there gives
/// none (feedback added), and none outside Rejected.
pub fn reason_after(
    from: Stage,
    had: Option<RejectionReason>,
    to: Stage,
    given: Option<RejectionReason>,
) -> Option<RejectionReason> {
    match (to, given) {
        (Stage::Rejected, Some(reason)) => Some(reason),
        (Stage::Rejected, None) if from == Stage::Rejected => had,
        _ => None,
    }
}

/// What the decision needs to know about the job, looked up first.
#[derive(Debug, Clone)]
pub struct JobFacts {
    pub id: Uuid,
    pub employer_id: Uuid,
    pub title: String,
    pub company: String,
    pub open: bool,
    pub expires_at: Option<DateTime<Utc>>,
}

/// A document the candidate wants to attach, with who owns it.
#[derive(Debug, Clone, Copy)]
pub struct Attachment {
    pub id: Uuid,
    pub owner_id: Option<Uuid>,
}

pub struct Submission {
    pub application_id: Uuid,
    pub candidate_id: Uuid,
    pub job: Option<JobFacts>,
    pub resume: Option<Attachment>,
    pub cover_letter: Option<Attachment>,
    pub now: DateTime<Utc>,
}

pub fn submit(sub: Submission) -> Result<Vec<ApplicationEvent>, DomainError> {
    let job = sub.job.ok_or(DomainError::NotFound("Job"))?;
    if !job.open || job.expires_at.is_some_and(|e| e <= sub.now) {
        return Err(DomainError::JobNotAccepting);
    }
    for doc in [sub.resume, sub.cover_letter].into_iter().flatten() {
        // Someone else's document, or none at all, reads the same: not found.
        if doc.owner_id != Some(sub.candidate_id) {
            return Err(DomainError::NotFound("Document"));
        }
    }
    Ok(vec![ApplicationEvent::ApplicationSubmitted(
        ApplicationSubmitted {
            application_id: sub.application_id,
            candidate_id: sub.candidate_id,
            job_id: job.id,
            employer_id: job.employer_id,
            job_title: job.title,
            company: job.company,
            resume_id: sub.resume.map(|d| d.id),
            cover_letter_id: sub.cover_letter.map(|d| d.id),
            submitted_at: sub.now,
        },
    )])
}

pub fn change_status(
    state: Option<&Application>,
    employer_id: Uuid,
    status: ApplicationStatus,
    feedback: Option<&str>,
    candidate_erased: bool,
    now: DateTime<Utc>,
) -> Result<Vec<ApplicationEvent>, DomainError> {
    let app = state
        .filter(|a| a.employer_id == employer_id)
        .ok_or(DomainError::NotFound("Application"))?;
    let feedback = optional_multiline_text(feedback, "Feedback", MAX_FEEDBACK_LEN)?;
    if app.status == status && feedback.is_none() {
        return Ok(vec![]);
    }
    if candidate_erased && status != ApplicationStatus::Rejected {
        return Err(DomainError::invalid(crate::pipeline::CANDIDATE_ERASED));
    }
    if app.stage == Stage::Hired {
        return Err(DomainError::invalid(crate::pipeline::HIRED_IS_FINAL));
    }
    if app.withdrawn {
        return Err(DomainError::invalid(crate::pipeline::WITHDRAWN));
    }
    Ok(vec![ApplicationEvent::ApplicationStatusChanged {
        status,
        previous: app.status,
        feedback,
        changed_by: employer_id,
        changed_at: now,
    }])
}

pub const ALREADY_WITHDRAWN: &str = "You have already withdrawn this application";
pub const HIRED_CANNOT_WITHDRAW: &str =
    "You have been hired for this role. Please contact the employer directly.";

/// The candidate takes their application back, with an optional reason for
/// the employer. One already decided (hired or rejected) stays as it is.
pub fn withdraw(
    state: Option<&Application>,
    candidate_id: Uuid,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Vec<ApplicationEvent>, DomainError> {
    let app = state
        .filter(|a| a.candidate_id == candidate_id)
        .ok_or(DomainError::NotFound("Application"))?;
    if app.withdrawn {
        return Err(DomainError::invalid(ALREADY_WITHDRAWN));
    }
    match app.stage {
        Stage::Hired => return Err(DomainError::invalid(HIRED_CANNOT_WITHDRAW)),
        Stage::Rejected => {
            return Err(DomainError::invalid(
                "This application has already been decided",
            ));
        }
        _ => {}
    }
    Ok(vec![ApplicationEvent::ApplicationWithdrawn {
        employer_id: app.employer_id,
        job_title: app.job_title.clone(),
        reason: optional_multiline_text(reason, "Reason", 500)?,
        withdrawn_at: now,
    }])
}

// Feedback is about the candidate.
crate::aggregate::entity_aggregate!(Application, ApplicationEvent, |_, state| state
    .as_ref()
    .map(|a| a.candidate_id));

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};

    use super::*;
    use crate::testing::Given;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
    }

    fn job(open: bool, expires_at: Option<DateTime<Utc>>) -> JobFacts {
        JobFacts {
            id: Uuid::from_u128(1),
            employer_id: Uuid::from_u128(2),
            title: "Rust Engineer".into(),
            company: "Acme".into(),
            open,
            expires_at,
        }
    }

    fn submission(job: Option<JobFacts>) -> Submission {
        Submission {
            application_id: Uuid::from_u128(9),
            candidate_id: Uuid::from_u128(3),
            job,
            resume: None,
            cover_letter: None,
            now: now(),
        }
    }

    #[test]
    fn rejects_applying_to_a_closed_or_expired_job() {
        assert_eq!(
            submit(submission(Some(job(false, None)))),
            Err(DomainError::JobNotAccepting)
        );
        assert_eq!(
            submit(submission(Some(job(true, Some(now()))))),
            Err(DomainError::JobNotAccepting)
        );
        assert!(
            submit(submission(Some(job(
                true,
                Some(now() + Duration::hours(1))
            ))))
            .is_ok()
        );
        assert_eq!(submit(submission(None)), Err(DomainError::NotFound("Job")));
    }

    #[test]
    fn rejects_attaching_someone_elses_document() {
        let mut sub = submission(Some(job(true, None)));
        sub.resume = Some(Attachment {
            id: Uuid::from_u128(5),
            owner_id: Some(Uuid::from_u128(4)),
        });
        assert_eq!(submit(sub), Err(DomainError::NotFound("Document")));
        let mut sub = submission(Some(job(true, None)));
        sub.cover_letter = Some(Attachment {
            id: Uuid::from_u128(5),
            owner_id: Some(Uuid::from_u128(3)),
        });
        let events = submit(sub).unwrap();
        assert!(
            matches!(&events[0], ApplicationEvent::ApplicationSubmitted(s) if s.cover_letter_id == Some(Uuid::from_u128(5)))
        );
    }

    #[test]
    fn only_the_jobs_employer_changes_the_status() {
        let submitted = submit(submission(Some(job(true, None)))).unwrap();
        Given::new(None, evolve, submitted.clone())
            .when(|s| {
                change_status(
                    s.as_ref(),
                    Uuid::from_u128(77),
                    ApplicationStatus::Accepted,
                    None,
                    false,
                    now(),
                )
            })
            .then_err(DomainError::NotFound("Application"));
        Given::new(None, evolve, submitted.clone())
            .when(|s| {
                change_status(
                    s.as_ref(),
                    Uuid::from_u128(2),
                    ApplicationStatus::Accepted,
                    None,
                    true,
                    now(),
                )
            })
            .then_err(DomainError::invalid(crate::pipeline::CANDIDATE_ERASED));
        Given::new(None, evolve, submitted)
            .when(|s| {
                change_status(
                    s.as_ref(),
                    Uuid::from_u128(2),
                    ApplicationStatus::Accepted,
                    Some(" Great interview "),
                    false,
                    now(),
                )
            })
            .then(vec![ApplicationEvent::ApplicationStatusChanged {
                status: ApplicationStatus::Accepted,
                previous: ApplicationStatus::Pending,
                feedback: Some("Great interview".into()),
                changed_by: Uuid::from_u128(2),
                changed_at: now(),
            }]);
    }

    #[test]
    fn setting_the_same_status_again_without_feedback_changes_nothing() {
        let submitted = submit(submission(Some(job(true, None)))).unwrap();
        Given::new(None, evolve, submitted)
            .when(|s| {
                change_status(
                    s.as_ref(),
                    Uuid::from_u128(2),
                    ApplicationStatus::Pending,
                    None,
                    false,
                    now(),
                )
            })
            .then(vec![]);
    }

    #[test]
    fn a_candidate_withdraws_once_and_only_their_own_undecided_application() {
        let submitted = submit(submission(Some(job(true, None)))).unwrap();
        let candidate = Uuid::from_u128(3);
        let withdrawn = ApplicationEvent::ApplicationWithdrawn {
            employer_id: Uuid::from_u128(2),
            job_title: "Rust Engineer".into(),
            reason: Some("Took another offer".into()),
            withdrawn_at: now(),
        };
        Given::new(None, evolve, submitted.clone())
            .when(|s| withdraw(s.as_ref(), candidate, Some(" Took another offer "), now()))
            .then(vec![withdrawn.clone()]);
        Given::new(None, evolve, submitted.clone())
            .when(|s| withdraw(s.as_ref(), Uuid::from_u128(77), None, now()))
            .then_err(DomainError::NotFound("Application"));
        let mut history = submitted.clone();
        history.push(withdrawn);
        Given::new(None, evolve, history.clone())
            .when(|s| withdraw(s.as_ref(), candidate, None, now()))
            .then_err(DomainError::invalid(ALREADY_WITHDRAWN));
        // Nobody moves a withdrawn application.
        Given::new(None, evolve, history)
            .when(|s| {
                crate::pipeline::move_to(
                    s.as_ref(),
                    crate::testing::employer_move(Stage::Screening, now()),
                )
            })
            .then_err(DomainError::invalid(crate::pipeline::WITHDRAWN));
    }
}
