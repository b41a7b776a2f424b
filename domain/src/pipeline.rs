//! The hiring pipeline an employer moves applications through: New ->
//! Screening -> Interview -> Offer -> Hired, or Rejected from any stage before
//! Hired. The candidate sees SPEC's three statuses (New and Screening read
//! `pending`, Interview, Offer and Hired `accepted`, Rejected `rejected`) and,
//! beside them, where the application stands in plain words ([`Progress`]),
//! never the employer's own stage names.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::DomainError;
use crate::application::{Application, ApplicationEvent, ApplicationStatus, MAX_FEEDBACK_LEN};
use crate::validation::optional_multiline_text;

mod reason;
pub use reason::{REASON_ONLY_WITH_REJECTION, RejectionReason};

pub const HIRED_IS_FINAL: &str =
    "This applicant has been hired, so their stage can no longer change";
pub const HIRE_NEEDS_OFFER: &str = "Move the applicant to Offer before marking them hired";
pub const JOB_CLOSED: &str = "This job is closed. Reopen it to move its applicants";
pub const WITHDRAWN: &str = "The candidate withdrew this application";
pub const ONLY_REJECTION_EMAILED: &str =
    "Only a rejection is emailed from a move: an interview is emailed when it is booked";
pub const CANDIDATE_ERASED: &str =
    "This candidate's personal data was erased, so their application can only be rejected";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    New,
    Screening,
    Interview,
    Offer,
    Hired,
    Rejected,
}

impl Stage {
    /// In board order.
    pub const ALL: [Stage; 6] = [
        Self::New,
        Self::Screening,
        Self::Interview,
        Self::Offer,
        Self::Hired,
        Self::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Screening => "screening",
            Self::Interview => "interview",
            Self::Offer => "offer",
            Self::Hired => "hired",
            Self::Rejected => "rejected",
        }
    }

    /// Its name as a sentence shows it: "Interview".
    pub fn label(self) -> &'static str {
        match self {
            Self::New => "New",
            Self::Screening => "Screening",
            Self::Interview => "Interview",
            Self::Offer => "Offer",
            Self::Hired => "Hired",
            Self::Rejected => "Rejected",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(raw.trim()))
            .ok_or_else(|| {
                DomainError::invalid(
                    "Stage must be new, screening, interview, offer, hired or rejected",
                )
            })
    }

    /// What the candidate sees.
    pub fn visible_status(self) -> ApplicationStatus {
        match self {
            Self::New | Self::Screening => ApplicationStatus::Pending,
            Self::Interview | Self::Offer | Self::Hired => ApplicationStatus::Accepted,
            Self::Rejected => ApplicationStatus::Rejected,
        }
    }

    /// Where a status set directly (the status endpoint, or history from before
    /// the pipeline) leaves the card: it stays put while its visible status is
    /// unchanged, else goes to the first stage that shows the new status.
    pub fn after_status_change(self, status: ApplicationStatus) -> Stage {
        if self.visible_status() == status {
            return self;
        }
        match status {
            ApplicationStatus::Pending => Self::New,
            ApplicationStatus::Accepted => Self::Interview,
            ApplicationStatus::Rejected => Self::Rejected,
        }
    }
}

/// Where an application stands, as its candidate reads it beside the SPEC's
/// status (issue 27): received, in review, interview, offer, hired, not
/// progressed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Progress {
    /// Where every application starts.
    #[default]
    Received,
    InReview,
    Interview,
    Offer,
    Hired,
    NotProgressed,
}

impl Stage {
    /// The candidate's words for this stage.
    pub fn progress(self) -> Progress {
        match self {
            Self::New => Progress::Received,
            Self::Screening => Progress::InReview,
            Self::Interview => Progress::Interview,
            Self::Offer => Progress::Offer,
            Self::Hired => Progress::Hired,
            Self::Rejected => Progress::NotProgressed,
        }
    }
}

parsed_by_parse!(Stage);

/// What besides its stage decides where an application may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The candidate withdrew it.
    pub withdrawn: bool,
    /// Its job is open (a closed job's applicants stay where they are).
    pub job_open: bool,
    /// The candidate's personal data was erased: the application is out of
    /// the running, and can only be closed as Rejected.
    pub candidate_erased: bool,
}

impl Standing {
    /// An application still in play on an open job.
    pub const IN_PLAY: Self = Self {
        withdrawn: false,
        job_open: true,
        candidate_erased: false,
    };
}

/// Why the pipeline refuses to move an application from `from` to `to`, in
/// the words the refusal is given in; none when it allows the move. The one
/// rule, used by [`move_to`] and by the board to say which moves it offers
/// ([`moves`]), so the web does not keep a copy of it.
pub fn refusal(from: Stage, to: Stage, standing: Standing) -> Option<&'static str> {
    if standing.candidate_erased && to != Stage::Rejected {
        Some(CANDIDATE_ERASED)
    } else if !standing.job_open {
        Some(JOB_CLOSED)
    } else if from == Stage::Hired {
        Some(HIRED_IS_FINAL)
    } else if standing.withdrawn {
        Some(WITHDRAWN)
    } else if to == Stage::Hired && from != Stage::Offer {
        Some(HIRE_NEEDS_OFFER)
    } else {
        None
    }
}

/// One stage an applicant's card could go to, and why not if it cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StageMove {
    pub to: Stage,
    /// Why this move would be refused, in the words of the refusal; none when
    /// the pipeline allows it.
    pub refused: Option<String>,
}

/// Every other stage, in board order, each allowed or with its refusal.
pub fn moves(from: Stage, standing: Standing) -> Vec<StageMove> {
    Stage::ALL
        .into_iter()
        .filter(|&to| to != from)
        .map(|to| StageMove {
            to,
            refused: refusal(from, to, standing).map(str::to_owned),
        })
        .collect()
}

/// A move the employer asks for, with what the decision needs to know.
#[derive(Debug, Clone)]
pub struct Move<'a> {
    pub employer_id: Uuid,
    pub to: Stage,
    pub feedback: Option<&'a str>,
    /// Why the team is not going ahead (a rejection only).
    pub reason: Option<RejectionReason>,
    /// Whether the application's job is open (looked up first).
    pub job_open: bool,
    /// Whether the candidate's personal data was erased (looked up first).
    pub candidate_erased: bool,
    /// The employer asks for the candidate to be emailed (a rejection only).
    /// An erased candidate has no address: nobody is emailed.
    pub email_candidate: bool,
    /// A bulk rejection passes over anyone already rejected: their reason,
    /// feedback and notes stay as the team left them.
    pub pass_over_rejected: bool,
    pub now: DateTime<Utc>,
}

/// Moves an application to another stage. Moving to the stage it is in, with
/// no feedback, changes nothing.
pub fn move_to(
    state: Option<&Application>,
    m: Move<'_>,
) -> Result<Vec<ApplicationEvent>, DomainError> {
    let app = state
        .filter(|a| a.employer_id == m.employer_id)
        .ok_or(DomainError::NotFound("Application"))?;
    let feedback = optional_multiline_text(m.feedback, "Feedback", MAX_FEEDBACK_LEN)?;
    if m.email_candidate && m.to != Stage::Rejected {
        return Err(DomainError::invalid(ONLY_REJECTION_EMAILED));
    }
    if m.reason.is_some() && m.to != Stage::Rejected {
        return Err(DomainError::invalid(REASON_ONLY_WITH_REJECTION));
    }
    let new_reason = m.reason.is_some() && m.reason != app.rejection_reason;
    let passed_over = m.pass_over_rejected && app.stage == Stage::Rejected;
    if app.stage == m.to && (feedback.is_none() && !new_reason || passed_over) {
        return Ok(vec![]);
    }
    let standing = Standing {
        withdrawn: app.withdrawn,
        job_open: m.job_open,
        candidate_erased: m.candidate_erased,
    };
    if let Some(reason) = refusal(app.stage, m.to, standing) {
        return Err(DomainError::invalid(reason));
    }
    Ok(vec![ApplicationEvent::ApplicationMoved {
        stage: m.to,
        previous: app.stage,
        feedback,
        moved_by: m.employer_id,
        moved_at: m.now,
        // Only entering Rejected is news: feedback added to a rejection
        // already sent does not mail the decision again.
        emailed: m.email_candidate && !m.candidate_erased && app.stage != Stage::Rejected,
        reason: m.reason,
    }])
}

#[cfg(test)]
mod tests;
