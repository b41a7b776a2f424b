//! Tests of `job`, beside it so the module stays short.
use chrono::{Duration, TimeZone};

use super::*;
use crate::testing::Given;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn employer(approved: bool) -> Employer {
    Employer {
        id: Uuid::from_u128(7),
        approved,
        company: "Acme".into(),
    }
}

fn details() -> JobDetails {
    JobDetails::parse(
        JobInput {
            title: " Senior Rust Engineer ",
            job_type: "full-time",
            specialisation: "Development + Testing",
            salary: Some("$150k - $170k + super"),
            description: "Build the platform.",
            responsibilities: &["Ship".into(), "  ".into()],
            requirements: &[],
            expires_at: Some(now() + Duration::days(30)),
        },
        KnownLocation {
            id: Uuid::from_u128(1),
            display_name: "Sydney, NSW".into(),
        },
        None,
        now(),
    )
    .unwrap()
}

fn given(events: Vec<JobEvent>) -> Given<Option<Job>, JobEvent> {
    Given::new(None, evolve, events)
}

fn posted() -> JobEvent {
    post(None, &employer(true), details(), false, now())
        .unwrap()
        .remove(0)
}

#[test]
fn details_are_trimmed_and_normalised() {
    let d = details();
    assert_eq!(d.title, "Senior Rust Engineer");
    assert_eq!(d.job_type, JobType::FullTime);
    assert_eq!(d.responsibilities, vec!["Ship".to_string()]);
    assert_eq!(d.location, "Sydney, NSW");
}

#[test]
fn rejects_a_closing_date_in_the_past() {
    let err = JobDetails::parse(
        JobInput {
            title: "x",
            job_type: "Contract",
            specialisation: "Digital",
            description: "d",
            expires_at: Some(now()),
            ..Default::default()
        },
        KnownLocation {
            id: Uuid::nil(),
            display_name: "Perth, WA".into(),
        },
        None,
        now(),
    );
    assert_eq!(
        err,
        Err(DomainError::invalid(
            "The closing date must be in the future"
        ))
    );
}

#[test]
fn rejects_an_unknown_specialisation_and_type() {
    let input = JobInput {
        title: "x",
        job_type: "Gig",
        specialisation: "Digital",
        description: "d",
        ..Default::default()
    };
    let loc = || KnownLocation {
        id: Uuid::nil(),
        display_name: "Perth, WA".into(),
    };
    assert!(
        matches!(JobDetails::parse(input, loc(), None, now()), Err(DomainError::Invalid(m)) if m.starts_with("Job type"))
    );
    let input = JobInput {
        title: "x",
        job_type: "Contract",
        specialisation: "Plumbing",
        description: "d",
        ..Default::default()
    };
    assert!(JobDetails::parse(input, loc(), None, now()).is_err());
}

#[test]
fn a_pending_employer_cannot_post() {
    given(vec![])
        .when(|s| post(s.as_ref(), &employer(false), details(), false, now()))
        .then_err(DomainError::EmployerNotApproved);
}

#[test]
fn an_employer_cannot_touch_another_employers_job() {
    let other = Employer {
        id: Uuid::from_u128(8),
        approved: true,
        company: "Other".into(),
    };
    given(vec![posted()])
        .when(|s| close(s.as_ref(), &other, now()))
        .then_err(DomainError::NotFound("Job"));
}

#[test]
fn a_closed_job_cannot_be_closed_or_updated_again() {
    let closed = JobEvent::JobClosed {
        closed_by: employer(true).id,
        closed_at: now(),
    };
    given(vec![posted(), closed.clone()])
        .when(|s| close(s.as_ref(), &employer(true), now()))
        .then_err(DomainError::JobClosed);
    given(vec![posted(), closed])
        .when(|s| update(s.as_ref(), &employer(true), details(), now()))
        .then_err(DomainError::JobClosed);
}

#[test]
fn the_agency_closes_a_listing_with_a_reason_and_only_it_can_reopen() {
    let admin = Uuid::from_u128(99);
    let closed = JobEvent::JobClosedByAgency {
        closed_by: admin,
        reason: "Duplicate of another listing".into(),
        closed_at: now(),
    };
    given(vec![posted()])
        .when(|s| close_by_agency(s.as_ref(), admin, "  Duplicate of another listing ", now()))
        .then(vec![closed.clone()]);
    given(vec![posted(), closed.clone()])
        .when(|s| close_by_agency(s.as_ref(), admin, "Again", now()))
        .then_err(DomainError::invalid("This job is already closed"));
    given(vec![posted(), closed])
        .when(|s| reopen(s.as_ref(), &employer(true), None, now()))
        .then_err(DomainError::invalid(
            "The agency closed this job. Please contact us to reopen it.",
        ));
}

#[test]
fn an_agency_close_needs_a_reason_of_sensible_length() {
    let admin = Uuid::from_u128(99);
    given(vec![posted()])
        .when(|s| close_by_agency(s.as_ref(), admin, "   ", now()))
        .then_err(DomainError::invalid("Please give a reason"));
    given(vec![posted()])
        .when(|s| close_by_agency(s.as_ref(), admin, &"x".repeat(501), now()))
        .then_err(DomainError::invalid(
            "Keep the reason to 500 characters or fewer",
        ));
    given(vec![])
        .when(|s| close_by_agency(s.as_ref(), admin, "Spam", now()))
        .then_err(DomainError::NotFound("Job"));
}

#[test]
fn the_owner_closes_an_open_job() {
    given(vec![posted()])
        .when(|s| close(s.as_ref(), &employer(true), now()))
        .then(vec![JobEvent::JobClosed {
            closed_by: employer(true).id,
            closed_at: now(),
        }]);
}

#[test]
fn todays_stored_payloads_decode_into_the_typed_job_type_and_specialisation() {
    let stored = serde_json::json!({
        "employer_id": Uuid::from_u128(4), "company": "Acme", "title": "Rust Engineer",
        "location_id": Uuid::from_u128(5), "location": "Sydney, NSW",
        "job_type": "Full-time", "specialisation": "Development + Testing",
        "salary": "$150k", "salary_range_id": null, "description": "Build things.",
        "responsibilities": ["Build"], "requirements": ["Rust"],
        "expires_at": null, "posted_at": "2026-11-02T09:30:00Z"
    });
    let event = JobEvent::from_payload("JobPosted", stored.clone()).unwrap();
    assert!(matches!(&event, JobEvent::JobPosted(p)
        if p.job_type == JobType::FullTime
            && p.specialisation == Specialisation::DevelopmentTesting));
    assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
}

fn drafted() -> JobEvent {
    post(None, &employer(true), details(), true, now())
        .unwrap()
        .remove(0)
}

#[test]
fn a_draft_is_off_the_board_until_published_and_its_payload_says_so() {
    let draft = drafted();
    assert_eq!(draft.to_payload()["draft"], true);
    assert!(
        posted().to_payload().get("draft").is_none(),
        "an ordinary post stores no draft field"
    );
    let state = evolve(None, &draft).unwrap();
    assert!(!state.open && state.draft);
    given(vec![draft.clone()])
        .when(|s| publish(s.as_ref(), &employer(true), now()))
        .then(vec![JobEvent::JobPublished {
            published_at: now(),
        }]);
    given(vec![posted()])
        .when(|s| publish(s.as_ref(), &employer(true), now()))
        .then_err(DomainError::invalid("This job is already published"));
    // A draft can be edited; a closed job cannot.
    given(vec![draft])
        .when(|s| update(s.as_ref(), &employer(true), details(), now()))
        .then(vec![JobEvent::JobUpdated {
            details: details(),
            updated_at: now(),
        }]);
}

#[test]
fn a_closed_job_reopens_and_needs_a_future_date_once_its_own_has_passed() {
    let closed = JobEvent::JobClosed {
        closed_by: employer(true).id,
        closed_at: now(),
    };
    given(vec![posted(), closed.clone()])
        .when(|s| reopen(s.as_ref(), &employer(true), None, now()))
        .then(vec![JobEvent::JobReopened {
            reopened_by: employer(true).id,
            expires_at: None,
            reopened_at: now(),
        }]);
    given(vec![posted()])
        .when(|s| reopen(s.as_ref(), &employer(true), None, now()))
        .then_err(DomainError::invalid("Only a closed job can be reopened"));
    // Its closing date (in 30 days) has long passed when the employer tries.
    let expired = JobEvent::JobClosed {
        closed_by: employer(true).id,
        closed_at: now(),
    };
    given(vec![posted(), expired])
        .when(|s| {
            reopen(
                s.as_ref(),
                &employer(true),
                None,
                now() + chrono::Duration::days(31),
            )
        })
        .then_err(DomainError::invalid(
            "Choose a new closing date in the future to reopen this job",
        ));
}

#[test]
fn an_extension_moves_the_closing_date_later_only() {
    // The posted listing closes in 30 days.
    let soon = now() + chrono::Duration::days(3);
    let later = now() + chrono::Duration::days(60);
    given(vec![posted()])
        .when(|s| extend(s.as_ref(), &employer(true), later, now()))
        .then(vec![JobEvent::JobExpiryExtended {
            expires_at: later,
            extended_at: now(),
        }]);
    let extended = JobEvent::JobExpiryExtended {
        expires_at: later,
        extended_at: now(),
    };
    given(vec![posted(), extended])
        .when(|s| extend(s.as_ref(), &employer(true), soon, now()))
        .then_err(DomainError::invalid(
            "The new closing date must be later than the current one",
        ));
    given(vec![posted()])
        .when(|s| extend(s.as_ref(), &employer(true), now(), now()))
        .then_err(DomainError::invalid(
            "The closing date must be in the future",
        ));
}
