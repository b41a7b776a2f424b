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

#[test]
fn a_bulk_rejection_passes_over_someone_already_rejected() {
    let salary = Some(RejectionReason::Salary);
    let bulk = |stage| Move {
        reason: Some(RejectionReason::AnotherCandidate),
        feedback: Some("Thanks for your time."),
        pass_over_rejected: true,
        ..to(stage)
    };
    // already rejected for salary: neither the reason nor the feedback changes
    given::<Application>(vec![submitted(), rejected_for(salary)])
        .when(|s| move_to(s.as_ref(), bulk(Stage::Rejected)))
        .then(vec![]);
    // anyone else is rejected as one move would be
    let events = given::<Application>(vec![submitted()])
        .state()
        .map(|s| move_to(Some(&s), bulk(Stage::Rejected)).unwrap())
        .unwrap();
    assert!(
        matches!(
            &events[..],
            [ApplicationEvent::ApplicationMoved { stage: Stage::Rejected, previous: Stage::New, reason, .. }]
                if *reason == Some(RejectionReason::AnotherCandidate)
        ),
        "{events:?}"
    );
}
