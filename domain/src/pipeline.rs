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
    if app.stage == m.to && feedback.is_none() && !new_reason {
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
            emailed: false,
            reason: None,
        }
    }

    fn to(stage: Stage) -> Move<'static> {
        crate::testing::employer_move(stage, now())
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
    fn an_erased_candidates_application_can_only_be_rejected() {
        let erased = |stage| Move {
            candidate_erased: true,
            ..to(stage)
        };
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), erased(Stage::Interview)))
            .then_err(DomainError::invalid(CANDIDATE_ERASED));
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), erased(Stage::Rejected)))
            .then(vec![moved(Stage::New, Stage::Rejected)]);
    }

    #[test]
    fn a_rejection_may_email_the_candidate_and_nothing_else_does() {
        let emailing = |stage| Move {
            email_candidate: true,
            ..to(stage)
        };
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), emailing(Stage::Rejected)))
            .then(vec![ApplicationEvent::ApplicationMoved {
                stage: Stage::Rejected,
                previous: Stage::New,
                feedback: None,
                moved_by: EMPLOYER,
                moved_at: now(),
                reason: None,
                emailed: true,
            }]);
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), emailing(Stage::Interview)))
            .then_err(DomainError::invalid(ONLY_REJECTION_EMAILED));
        // Feedback added to a rejection already made does not mail it again.
        given::<Application>(vec![submitted(), moved(Stage::New, Stage::Rejected)])
            .when(|s| {
                move_to(
                    s.as_ref(),
                    Move {
                        feedback: Some("One more thing"),
                        ..emailing(Stage::Rejected)
                    },
                )
            })
            .then(vec![ApplicationEvent::ApplicationMoved {
                stage: Stage::Rejected,
                previous: Stage::Rejected,
                feedback: Some("One more thing".into()),
                moved_by: EMPLOYER,
                reason: None,
                moved_at: now(),
                emailed: false,
            }]);
        // An erased candidate has no address left: the rejection goes, unmailed.
        given::<Application>(vec![submitted()])
            .when(|s| {
                move_to(
                    s.as_ref(),
                    Move {
                        candidate_erased: true,
                        ..emailing(Stage::Rejected)
                    },
                )
            })
            .then(vec![moved(Stage::New, Stage::Rejected)]);
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
                reason: None,
                moved_by: EMPLOYER,
                moved_at: now(),
                emailed: false,
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

    #[test]
    fn the_moves_offered_are_the_moves_the_decision_allows() {
        let allowed = |from, withdrawn, job_open| -> Vec<Stage> {
            let standing = Standing {
                withdrawn,
                job_open,
                ..Standing::IN_PLAY
            };
            moves(from, standing)
                .into_iter()
                .filter(|m| m.refused.is_none())
                .map(|m| m.to)
                .collect()
        };
        assert_eq!(
            allowed(Stage::New, false, true),
            [
                Stage::Screening,
                Stage::Interview,
                Stage::Offer,
                Stage::Rejected
            ]
        );
        assert_eq!(
            allowed(Stage::Offer, false, true),
            [
                Stage::New,
                Stage::Screening,
                Stage::Interview,
                Stage::Hired,
                Stage::Rejected
            ]
        );
        assert!(allowed(Stage::Hired, false, true).is_empty());
        assert!(allowed(Stage::Screening, true, true).is_empty());
        assert!(allowed(Stage::Screening, false, false).is_empty());
        let erased = Standing {
            candidate_erased: true,
            ..Standing::IN_PLAY
        };
        for m in moves(Stage::Screening, erased) {
            let expected = (m.to != Stage::Rejected).then_some(CANDIDATE_ERASED);
            assert_eq!(m.refused.as_deref(), expected, "{:?}", m.to);
        }
        let hire = moves(Stage::Interview, Standing::IN_PLAY)
            .into_iter()
            .find(|m| m.to == Stage::Hired)
            .unwrap();
        assert_eq!(hire.refused.as_deref(), Some(HIRE_NEEDS_OFFER));
        // Every refusal offered is the one the decision gives.
        for from in Stage::ALL {
            for m in moves(from, Standing::IN_PLAY) {
                let decided = given::<Application>(vec![submitted(), moved(Stage::New, from)])
                    .state()
                    .map(|s| move_to(Some(&s), to(m.to)));
                match (decided, m.refused) {
                    (Some(Ok(_)), None) => {}
                    (Some(Err(e)), Some(reason)) => assert_eq!(e, DomainError::invalid(reason)),
                    (other, refused) => panic!("{from:?} -> {:?}: {other:?} vs {refused:?}", m.to),
                }
            }
        }
    }

    fn rejected_for(reason: Option<RejectionReason>) -> ApplicationEvent {
        ApplicationEvent::ApplicationMoved {
            stage: Stage::Rejected,
            previous: Stage::New,
            feedback: None,
            moved_by: EMPLOYER,
            moved_at: now(),
            emailed: false,
            reason,
        }
    }

    fn for_reason(stage: Stage, reason: Option<RejectionReason>) -> Move<'static> {
        Move {
            reason,
            ..to(stage)
        }
    }

    #[test]
    fn a_rejection_keeps_its_reason_and_no_other_move_takes_one() {
        let salary = Some(RejectionReason::Salary);
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), for_reason(Stage::Rejected, salary)))
            .then(vec![rejected_for(salary)]);
        given::<Application>(vec![submitted()])
            .when(|s| move_to(s.as_ref(), for_reason(Stage::Screening, salary)))
            .then_err(DomainError::invalid(REASON_ONLY_WITH_REJECTION));
    }

    #[test]
    fn a_new_reason_for_a_rejection_is_recorded_and_the_same_one_changes_nothing() {
        let salary = Some(RejectionReason::Salary);
        let rejected = vec![submitted(), rejected_for(salary)];
        given::<Application>(rejected.clone())
            .when(|s| move_to(s.as_ref(), for_reason(Stage::Rejected, salary)))
            .then(vec![]);
        let state = rejected.iter().fold(None, application::evolve);
        assert_eq!(state.as_ref().unwrap().rejection_reason, salary);
        let skills = Some(RejectionReason::Skills);
        let events = move_to(state.as_ref(), for_reason(Stage::Rejected, skills)).unwrap();
        let ApplicationEvent::ApplicationMoved {
            previous,
            reason,
            emailed,
            ..
        } = &events[0]
        else {
            panic!("{events:?}");
        };
        assert_eq!(
            (*previous, *reason, *emailed),
            (Stage::Rejected, skills, false)
        );
    }

    #[test]
    fn the_reason_goes_when_the_applicant_leaves_rejected_and_stays_with_feedback() {
        use application::reason_after;
        let salary = Some(RejectionReason::Salary);
        assert_eq!(
            reason_after(Stage::Rejected, salary, Stage::Rejected, None),
            salary
        );
        assert_eq!(
            reason_after(Stage::Rejected, salary, Stage::Screening, None),
            None
        );
        assert_eq!(
            reason_after(Stage::Offer, None, Stage::Rejected, None),
            None
        );
        assert_eq!(
            reason_after(
                Stage::Offer,
                None,
                Stage::Rejected,
                Some(RejectionReason::DeclinedOffer)
            ),
            Some(RejectionReason::DeclinedOffer)
        );
    }
}
