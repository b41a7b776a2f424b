use super::*;
use crate::testing::{application, given};

const EMPLOYER: Uuid = Uuid::from_u128(2);

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap()
}

fn input(local: &str) -> SlotInput<'_> {
    SlotInput {
        starts_at_local: local,
        duration_minutes: 45,
        location: Some("Level 12, 1 Market St, Sydney"),
        video_link: None,
        interviewers: &[],
    }
}

/// Schedules `slot` on an application at `stage`, as `employer` (the
/// application's own is [`EMPLOYER`]).
fn schedule_at(
    stage: Stage,
    employer: Uuid,
    slot: Slot,
) -> Result<Vec<InterviewEvent>, DomainError> {
    schedule(
        Some(&application(stage)),
        employer,
        Uuid::nil(),
        slot,
        now(),
    )
}

#[test]
fn a_sydney_wall_clock_time_is_stored_in_utc_across_daylight_saving() {
    // 25 November: AEDT, UTC+11.
    let summer = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
    assert_eq!(
        summer.starts_at,
        Utc.with_ymd_and_hms(2026, 11, 24, 23, 0, 0).unwrap()
    );
    assert_eq!(
        summer.sydney_time(),
        "Wednesday 25 November 2026, 10:00 am (Sydney time)"
    );
    // 2 June 2027: AEST, UTC+10.
    let winter = Slot::parse(input("2027-06-02T14:30"), now()).unwrap();
    assert_eq!(
        winter.starts_at,
        Utc.with_ymd_and_hms(2027, 6, 2, 4, 30, 0).unwrap()
    );
    assert_eq!(
        winter.ends_at(),
        Utc.with_ymd_and_hms(2027, 6, 2, 5, 15, 0).unwrap()
    );
}

#[test]
fn refuses_a_time_skipped_by_daylight_saving_a_past_time_and_a_missing_place() {
    // Clocks go from 2:00 to 3:00 am on 4 October 2026.
    assert_eq!(
        Slot::parse(
            input("2026-10-04T02:30"),
            Utc.with_ymd_and_hms(2026, 9, 1, 0, 0, 0).unwrap()
        ),
        Err(DomainError::invalid(
            "That time does not exist in Sydney (daylight saving starts)"
        ))
    );
    assert_eq!(
        Slot::parse(input("2026-11-01T10:00"), now()),
        Err(DomainError::invalid("The interview must be in the future"))
    );
    let nowhere = SlotInput {
        location: None,
        ..input("2026-11-25T10:00")
    };
    assert_eq!(
        Slot::parse(nowhere, now()),
        Err(DomainError::invalid(
            "Give a place or a video link for the interview"
        ))
    );
    let insecure = SlotInput {
        video_link: Some("http://meet.example.com/x"),
        ..input("2026-11-25T10:00")
    };
    assert_eq!(
        Slot::parse(insecure, now()),
        Err(DomainError::invalid(
            "The video link must start with https://"
        ))
    );
}

#[test]
fn schedules_for_an_applicant_still_in_the_running_only() {
    let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
    let events = schedule_at(Stage::Interview, EMPLOYER, slot.clone()).unwrap();
    assert!(
        matches!(&events[0], InterviewEvent::InterviewScheduled { candidate_id, .. } if *candidate_id == Uuid::from_u128(3))
    );
    assert!(schedule_at(Stage::Rejected, EMPLOYER, slot.clone()).is_err());
    let withdrawn = Application {
        withdrawn: true,
        ..application(Stage::Interview)
    };
    assert!(schedule(Some(&withdrawn), EMPLOYER, Uuid::nil(), slot.clone(), now()).is_err());
    assert_eq!(
        schedule_at(Stage::Interview, Uuid::from_u128(77), slot),
        Err(DomainError::NotFound("Application"))
    );
}

#[test]
fn an_application_that_ends_cancels_its_interviews_still_to_come_only() {
    let app = application(Stage::Interview);
    let rejected = Application {
        stage: Stage::Rejected,
        ..app.clone()
    };
    let withdrawn = Application {
        withdrawn: true,
        ..app.clone()
    };
    let hired = Application {
        stage: Stage::Hired,
        ..app.clone()
    };
    assert_eq!(
        ApplicationEnded::by(&app, &rejected),
        Some(ApplicationEnded::Rejected)
    );
    assert_eq!(
        ApplicationEnded::by(&app, &withdrawn),
        Some(ApplicationEnded::Withdrawn)
    );
    assert_eq!(ApplicationEnded::by(&app, &hired), None);
    assert_eq!(ApplicationEnded::by(&rejected, &rejected), None);
    for ended in [ApplicationEnded::Rejected, ApplicationEnded::Withdrawn] {
        assert_eq!(
            ApplicationEnded::of_reason(Some(ended.reason())),
            Some(ended)
        );
    }
    assert_eq!(ApplicationEnded::of_reason(Some("Role filled")), None);
    assert_eq!(ApplicationEnded::of_reason(None), None);

    let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
    let scheduled = schedule_at(Stage::Interview, EMPLOYER, slot).unwrap();
    let booked = evolve(None, &scheduled[0]).unwrap();
    let ended = ApplicationEnded::Rejected;
    assert_eq!(
        cancel_with_application(Some(&booked), app.id, ended, now()),
        vec![InterviewEvent::InterviewCancelled {
            reason: Some("The application is not going ahead.".into()),
            cancelled_at: now(),
        }]
    );
    // Another application's, one that has started, one cancelled already.
    assert!(cancel_with_application(Some(&booked), Uuid::from_u128(99), ended, now()).is_empty());
    let started = booked.slot.starts_at + Duration::minutes(1);
    assert!(cancel_with_application(Some(&booked), app.id, ended, started).is_empty());
    let cancelled = Interview {
        cancelled: true,
        ..booked.clone()
    };
    assert!(cancel_with_application(Some(&cancelled), app.id, ended, now()).is_empty());
    assert!(cancel_with_application(None, app.id, ended, now()).is_empty());

    // An erased candidate's: only theirs, still to come.
    assert_eq!(
        cancel_for_erased_candidate(Some(&booked), app.candidate_id, now()).len(),
        1
    );
    assert!(cancel_for_erased_candidate(Some(&booked), Uuid::from_u128(98), now()).is_empty());
    assert!(cancel_for_erased_candidate(Some(&cancelled), app.candidate_id, now()).is_empty());
    assert!(cancel_for_erased_candidate(Some(&booked), app.candidate_id, started).is_empty());
}

#[test]
fn a_cancelled_interview_cannot_be_moved_and_the_same_slot_changes_nothing() {
    let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
    let scheduled = schedule_at(Stage::Interview, EMPLOYER, slot.clone()).unwrap();
    given::<Interview>(scheduled.clone())
        .when(|s| reschedule(s.as_ref(), EMPLOYER, slot.clone(), now()))
        .then(vec![]);
    let mut history = scheduled;
    history.extend(
        cancel(
            Some(&evolve(None, &history[0]).unwrap()),
            EMPLOYER,
            Some("Role filled"),
            now(),
        )
        .unwrap(),
    );
    given::<Interview>(history)
        .when(|s| reschedule(s.as_ref(), EMPLOYER, slot.clone(), now()))
        .then_err(DomainError::invalid("This interview was cancelled"));
}
