//! The applicant history's sentences: who is named, how an erased person and
//! an unnamed actor read, and the order lines come in.

use chrono::{Duration, TimeZone};
use domain::application::ApplicationSubmitted;
use domain::assessment::Rating;
use domain::interview::Slot;

use super::*;

const PRIYA: Uuid = Uuid::from_u128(1);
const MEI: Uuid = Uuid::from_u128(2);
const GONE: Uuid = Uuid::from_u128(3);
const APPLICATION: Uuid = Uuid::from_u128(4);
const INTERVIEW: &str = "interview-00000000-0000-0000-0000-000000000005";

fn people() -> HashMap<Uuid, Person> {
    let person = |name: &str| Person {
        name: name.to_owned(),
        company: None,
    };
    HashMap::from([
        (PRIYA, person("Priya Raman")),
        (MEI, person("Mei Chen")),
        (GONE, person(domain::event::ERASED)),
    ])
}

fn t(hours: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 0, 0, 0).unwrap() + Duration::hours(hours)
}

fn happened(position: i64, event: AnyEvent, actor_id: Option<Uuid>, role: Actor) -> Happened {
    let stream_id = match &event {
        AnyEvent::Interview(_) => INTERVIEW.to_owned(),
        AnyEvent::Assessment(_) => domain::assessment::stream_id(APPLICATION),
        _ => domain::application::stream_id(APPLICATION),
    };
    Happened {
        position,
        stream_id,
        event,
        actor_id,
        actor_role: Some(role),
    }
}

fn submitted(at: DateTime<Utc>) -> AnyEvent {
    AnyEvent::Application(ApplicationEvent::ApplicationSubmitted(
        ApplicationSubmitted {
            application_id: APPLICATION,
            candidate_id: PRIYA,
            job_id: Uuid::from_u128(9),
            employer_id: MEI,
            job_title: "Senior Rust Engineer".into(),
            company: "Eucalypt Software".into(),
            resume_id: None,
            cover_letter_id: None,
            submitted_at: at,
        },
    ))
}

fn moved(stage: Stage, by: Uuid, at: DateTime<Utc>, feedback: Option<&str>) -> AnyEvent {
    AnyEvent::Application(ApplicationEvent::ApplicationMoved {
        stage,
        previous: Stage::New,
        feedback: feedback.map(str::to_owned),
        moved_by: by,
        moved_at: at,
        emailed: false,
        reason: None,
    })
}

/// Mei's scorecard on Priya's application.
fn scorecard(
    ratings: Vec<Rating>,
    recommendation: Recommendation,
    submitted_at: DateTime<Utc>,
) -> AnyEvent {
    AnyEvent::Assessment(AssessmentEvent::ScorecardSubmitted {
        scorecard_id: Uuid::from_u128(10),
        application_id: APPLICATION,
        candidate_id: PRIYA,
        employer_id: MEI,
        author_id: MEI,
        ratings,
        recommendation,
        comment: None,
        submitted_at,
    })
}

fn slot(starts_at: DateTime<Utc>) -> Slot {
    Slot {
        starts_at,
        duration_minutes: 45,
        location: Some("Level 3".into()),
        video_link: None,
        interviewers: vec![],
    }
}

fn summaries(entries: &[HistoryEntry]) -> Vec<&str> {
    entries.iter().map(|e| e.summary.as_str()).collect()
}

#[test]
fn a_move_a_scorecard_and_a_note_name_the_person_who_made_them() {
    let scorecard = scorecard(
        vec![Rating {
            criterion: "Rust".into(),
            score: 5,
        }],
        Recommendation::StrongYes,
        t(3),
    );
    let note = AnyEvent::Assessment(AssessmentEvent::NoteAdded {
        note_id: Uuid::from_u128(11),
        application_id: APPLICATION,
        candidate_id: PRIYA,
        employer_id: MEI,
        author_id: MEI,
        body: "Private".into(),
        added_at: t(4),
    });
    let entries = history(
        vec![
            happened(1, submitted(t(0)), Some(PRIYA), Actor::Candidate),
            happened(
                2,
                moved(Stage::Interview, MEI, t(2), Some("See you soon")),
                Some(MEI),
                Actor::Employer,
            ),
            happened(3, scorecard, Some(MEI), Actor::Employer),
            happened(4, note, Some(MEI), Actor::Employer),
        ],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        [
            "Applied for Senior Rust Engineer",
            "Moved to Interview by Mei Chen",
            "Scorecard added by Mei Chen: Strong yes",
            "Note added by Mei Chen",
        ]
    );
    assert_eq!(entries[1].kind, "moved");
    assert_eq!(entries[1].detail.as_deref(), Some("See you soon"));
    assert!(
        entries.iter().all(|e| !e.summary.contains("0000")),
        "no ids in the text"
    );
}

#[test]
fn an_interview_reads_with_its_sydney_time_and_a_cancellation_says_which_one() {
    // 23:00 UTC on 30 November is 10:00 am on 1 December in Sydney (daylight time).
    let starts = Utc.with_ymd_and_hms(2026, 11, 30, 23, 0, 0).unwrap();
    let later = starts + Duration::days(1);
    let entries = history(
        vec![
            happened(
                1,
                AnyEvent::Interview(InterviewEvent::InterviewScheduled {
                    interview_id: Uuid::from_u128(5),
                    application_id: APPLICATION,
                    candidate_id: PRIYA,
                    employer_id: MEI,
                    job_id: Uuid::from_u128(9),
                    job_title: "Senior Rust Engineer".into(),
                    slot: slot(starts),
                    scheduled_at: t(1),
                }),
                Some(MEI),
                Actor::Employer,
            ),
            happened(
                2,
                AnyEvent::Interview(InterviewEvent::InterviewRescheduled {
                    slot: slot(later),
                    rescheduled_at: t(2),
                }),
                Some(MEI),
                Actor::Employer,
            ),
            happened(
                3,
                AnyEvent::Interview(InterviewEvent::InterviewCancelled {
                    reason: Some("Role filled".into()),
                    cancelled_at: t(3),
                }),
                Some(MEI),
                Actor::Employer,
            ),
        ],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        [
            "Interview booked for Tue 1 Dec 2026, 10:00 am by Mei Chen",
            "Interview moved to Wed 2 Dec 2026, 10:00 am by Mei Chen",
            "Interview on Wed 2 Dec 2026, 10:00 am cancelled by Mei Chen",
        ]
    );
    assert_eq!(entries[2].detail.as_deref(), Some("Role filled"));
}

#[test]
fn an_erased_person_is_named_as_one_and_a_rejection_reads_as_one() {
    let entries = history(
        vec![happened(
            1,
            moved(Stage::Rejected, GONE, t(1), Some(domain::event::ERASED)),
            Some(GONE),
            Actor::Employer,
        )],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        ["Rejected by an erased person, not emailed"]
    );
    // erased feedback is no feedback, never the placeholder
    assert_eq!(entries[0].detail, None);
}

#[test]
fn a_rejection_says_the_teams_reason() {
    let rejected = AnyEvent::Application(ApplicationEvent::ApplicationMoved {
        stage: Stage::Rejected,
        previous: Stage::Interview,
        feedback: None,
        moved_by: MEI,
        moved_at: t(1),
        emailed: true,
        reason: Some(domain::pipeline::RejectionReason::AnotherCandidate),
    });
    let entries = history(
        vec![happened(1, rejected, Some(MEI), Actor::Employer)],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        ["Rejected by Mei Chen (Went with another candidate), and emailed"]
    );
}

#[test]
fn an_event_without_an_author_names_the_metadata_actor_or_says_what_it_was() {
    let cancelled = |position| {
        AnyEvent::Interview(InterviewEvent::InterviewCancelled {
            reason: None,
            cancelled_at: t(position),
        })
    };
    let entries = history(
        vec![
            happened(1, cancelled(1), Some(MEI), Actor::Seed),
            happened(2, cancelled(2), None, Actor::Employer),
            happened(3, cancelled(3), Some(Uuid::from_u128(99)), Actor::Employer),
            happened(4, cancelled(4), None, Actor::Policy),
        ],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        [
            "Interview cancelled by Mei Chen",
            "Interview cancelled by your team",
            "Interview cancelled by someone",
            "Interview cancelled by the system",
        ]
    );
}

#[test]
fn lines_come_in_the_order_things_happened_whatever_order_they_were_stored() {
    // A seeded move stored after the scorecard but dated before it.
    let scorecard = scorecard(vec![], Recommendation::No, t(5));
    let entries = history(
        vec![
            happened(3, scorecard, Some(MEI), Actor::Employer),
            happened(4, moved(Stage::Offer, MEI, t(2), None), None, Actor::Seed),
            happened(1, submitted(t(0)), None, Actor::Seed),
        ],
        &people(),
    );
    assert_eq!(
        summaries(&entries),
        [
            "Applied for Senior Rust Engineer",
            "Moved to Offer by Mei Chen",
            "Scorecard added by Mei Chen: No",
        ]
    );
}
