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

pub const HIRED_IS_FINAL: &str =
    "This applicant has been hired, so their stage can no longer change";
pub const HIRE_NEEDS_OFFER: &str = "Move the applicant to Offer before marking them hired";
pub const JOB_CLOSED: &str = "This job is closed. Reopen it to move its applicants";
pub const WITHDRAWN: &str = "The candidate withdrew this application";

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Progress {
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

impl TryFrom<String> for Stage {
    type Error = DomainError;

    fn try_from(raw: String) -> Result<Self, DomainError> {
        Self::parse(&raw)
    }
}

/// A move the employer asks for, with what the decision needs to know.
#[derive(Debug, Clone)]
pub struct Move<'a> {
    pub employer_id: Uuid,
    pub to: Stage,
    pub feedback: Option<&'a str>,
    /// Whether the application's job is open (looked up first).
    pub job_open: bool,
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
    if app.stage == m.to && feedback.is_none() {
        return Ok(vec![]);
    }
    if !m.job_open {
        return Err(DomainError::invalid(JOB_CLOSED));
    }
    if app.stage == Stage::Hired {
        return Err(DomainError::invalid(HIRED_IS_FINAL));
    }
    if app.withdrawn {
        return Err(DomainError::invalid(WITHDRAWN));
    }
    if m.to == Stage::Hired && app.stage != Stage::Offer {
        return Err(DomainError::invalid(HIRE_NEEDS_OFFER));
    }
    Ok(vec![ApplicationEvent::ApplicationMoved {
        stage: m.to,
        previous: app.stage,
        feedback,
        moved_by: m.employer_id,
        moved_at: m.now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::application::{self, ApplicationSubmitted};
    use crate::testing::given;

    const EMPLOYER: Uuid = Uuid::from_u128(2);

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap()
    }

    fn submitted() -> ApplicationEvent {
        ApplicationEvent::ApplicationSubmitted(ApplicationSubmitted {
            application_id: Uuid::from_u128(9),
            candidate_id: Uuid::from_u128(3),
            job_id: Uuid::from_u128(1),
            employer_id: EMPLOYER,
            job_title: "Rust Engineer".into(),
            company: "Acme".into(),
            resume_id: None,
            cover_letter_id: None,
            submitted_at: now(),
        })
    }

    fn moved(previous: Stage, stage: Stage) -> ApplicationEvent {
        ApplicationEvent::ApplicationMoved {
            stage,
            previous,
            feedback: None,
            moved_by: EMPLOYER,
            moved_at: now(),
        }
    }

    fn to(stage: Stage) -> Move<'static> {
        Move {
            employer_id: EMPLOYER,
            to: stage,
            feedback: None,
            job_open: true,
            now: now(),
        }
    }

    #[test]
    fn moves_a_new_application_to_screening() {
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), to(Stage::Screening)))
            .then(vec![moved(Stage::New, Stage::Screening)]);
    }

    #[test]
    fn the_candidate_sees_three_statuses() {
        use ApplicationStatus::*;
        let seen: Vec<_> = Stage::ALL.iter().map(|s| s.visible_status()).collect();
        assert_eq!(
            seen,
            [Pending, Pending, Accepted, Accepted, Accepted, Rejected]
        );
        let state = application::evolve(
            application::evolve(None, &submitted()),
            &moved(Stage::New, Stage::Offer),
        )
        .unwrap();
        assert_eq!((state.stage, state.status), (Stage::Offer, Accepted));
    }

    #[test]
    fn rejects_a_move_by_another_employer_as_not_found() {
        given::<Application>(vec![submitted()])
            .when(|s| {
                move_to(
                    s.as_ref(),
                    Move {
                        employer_id: Uuid::from_u128(77),
                        ..to(Stage::Screening)
                    },
                )
            })
            .then_err(DomainError::NotFound("Application"));
    }

    #[test]
    fn rejects_moving_a_hired_applicant_back() {
        given::<Application>(vec![
            submitted(),
            moved(Stage::New, Stage::Offer),
            moved(Stage::Offer, Stage::Hired),
        ])
        .when(|s| move_to(s.as_ref(), to(Stage::New)))
        .then_err(DomainError::invalid(HIRED_IS_FINAL));
    }

    #[test]
    fn rejects_hiring_without_an_offer() {
        given::<Application>(vec![submitted(), moved(Stage::New, Stage::Interview)])
            .when(|s| move_to(s.as_ref(), to(Stage::Hired)))
            .then_err(DomainError::invalid(HIRE_NEEDS_OFFER));
    }

    #[test]
    fn rejects_moves_on_a_closed_job() {
        given::<Application>(vec![submitted()])
            .when(|s| {
                move_to(
                    s.as_ref(),
                    Move {
                        job_open: false,
                        ..to(Stage::Rejected)
                    },
                )
            })
            .then_err(DomainError::invalid(JOB_CLOSED));
    }

    #[test]
    fn moving_to_the_same_stage_without_feedback_changes_nothing() {
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), to(Stage::New)))
            .then(vec![]);
    }

    #[test]
    fn rejects_with_feedback_trimmed() {
        given::<Application>(vec![submitted()])
            .when(|s| {
                move_to(
                    s.as_ref(),
                    Move {
                        feedback: Some("  We went with someone closer to Parramatta. "),
                        ..to(Stage::Rejected)
                    },
                )
            })
            .then(vec![ApplicationEvent::ApplicationMoved {
                stage: Stage::Rejected,
                previous: Stage::New,
                feedback: Some("We went with someone closer to Parramatta.".into()),
                moved_by: EMPLOYER,
                moved_at: now(),
            }]);
    }

    #[test]
    fn a_status_set_directly_keeps_the_stage_while_it_reads_the_same() {
        assert_eq!(
            Stage::Offer.after_status_change(ApplicationStatus::Accepted),
            Stage::Offer
        );
        assert_eq!(
            Stage::Screening.after_status_change(ApplicationStatus::Accepted),
            Stage::Interview
        );
        assert_eq!(
            Stage::Rejected.after_status_change(ApplicationStatus::Pending),
            Stage::New
        );
    }
}
