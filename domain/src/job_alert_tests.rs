//! The job alert decisions, given / when / then.

use super::*;
use crate::testing::given;

const CANDIDATE: Uuid = Uuid::from_u128(3);
const ALERT: Uuid = Uuid::from_u128(7);

fn now() -> DateTime<Utc> {
    "2026-11-27T01:00:00Z".parse().unwrap()
}

fn input(name: &str) -> AlertInput<'_> {
    AlertInput {
        name,
        keywords: Some("Rust"),
        frequency: "instant",
        ..AlertInput::default()
    }
}

fn created(alert_id: Uuid) -> JobAlertEvent {
    JobAlertEvent::JobAlertCreated(JobAlertCreated {
        alert_id,
        candidate_id: CANDIDATE,
        name: "Rust in Sydney".into(),
        search: AlertSearch {
            keywords: Some("Rust".into()),
            ..AlertSearch::default()
        },
        frequency: Frequency::Instant,
        created_at: now(),
    })
}

#[test]
fn a_form_is_checked_field_by_field_in_the_order_it_shows_them() {
    let err = |i: AlertInput<'_>| AlertForm::parse(i).unwrap_err().to_string();
    assert_eq!(err(input("  ")), "Alert name is required");
    assert_eq!(
        err(input(&"x".repeat(81))),
        "Alert name must be at most 80 characters"
    );
    assert_eq!(
        err(AlertInput {
            keywords: Some(&"k".repeat(101)),
            ..input("Rust")
        }),
        "Keywords must be at most 100 characters"
    );
    assert_eq!(
        err(AlertInput {
            job_type: Some("Weekends"),
            ..input("Rust")
        }),
        "Job type must be Full-time, Part-time, Contract or Temporary"
    );
    assert_eq!(
        err(AlertInput {
            keywords: Some("  "),
            ..input("Rust")
        }),
        "Add keywords or choose a location, salary range, job type or specialisation"
    );
    assert_eq!(
        err(AlertInput {
            frequency: "weekly",
            ..input("Rust")
        }),
        "How often must be instant or daily"
    );
}

#[test]
fn a_search_of_only_a_job_type_is_enough() {
    let form = AlertForm::parse(AlertInput {
        name: "Contracts",
        job_type: Some("contract"),
        frequency: "Daily",
        ..AlertInput::default()
    })
    .unwrap();
    assert_eq!(form.search.job_type, Some(JobType::Contract));
    assert_eq!(form.frequency, Frequency::Daily);
}

#[test]
fn creates_an_alert_for_its_candidate() {
    let form = AlertForm::parse(input("Rust in Sydney")).unwrap();
    given::<JobAlerts>(vec![])
        .when(|s| create(s, CANDIDATE, ALERT, form, now()))
        .then(vec![created(ALERT)]);
}

#[test]
fn refuses_a_twenty_first_alert() {
    let history = (0..20).map(|i| created(Uuid::from_u128(100 + i))).collect();
    let form = AlertForm::parse(input("One more")).unwrap();
    given::<JobAlerts>(history)
        .when(|s| create(s, CANDIDATE, ALERT, form, now()))
        .then_err(DomainError::QuotaReached(
            "You can keep up to 20 job alerts. Delete one to add another.",
        ));
}

#[test]
fn a_deleted_alert_frees_its_place() {
    let mut history: Vec<_> = (0..20).map(|i| created(Uuid::from_u128(100 + i))).collect();
    history.push(JobAlertEvent::JobAlertDeleted {
        alert_id: Uuid::from_u128(100),
        deleted_at: now(),
    });
    let form = AlertForm::parse(input("Rust in Sydney")).unwrap();
    given::<JobAlerts>(history)
        .when(|s| create(s, CANDIDATE, ALERT, form, now()))
        .then(vec![created(ALERT)]);
}

#[test]
fn pausing_twice_writes_once_and_resuming_an_active_alert_writes_nothing() {
    given::<JobAlerts>(vec![created(ALERT)])
        .when(|s| resume(s, ALERT, now()))
        .then(vec![]);
    let paused = JobAlertEvent::JobAlertPaused {
        alert_id: ALERT,
        unsubscribed: true,
        paused_at: now(),
    };
    given::<JobAlerts>(vec![created(ALERT)])
        .when(|s| pause(s, ALERT, true, now()))
        .then(vec![paused.clone()]);
    given::<JobAlerts>(vec![created(ALERT), paused])
        .when(|s| pause(s, ALERT, false, now()))
        .then(vec![]);
}

#[test]
fn an_alert_that_is_not_in_the_stream_is_not_found() {
    given::<JobAlerts>(vec![created(ALERT)])
        .when(|s| delete(s, Uuid::from_u128(8), now()))
        .then_err(DomainError::NotFound("Alert"));
    given::<JobAlerts>(vec![
        created(ALERT),
        JobAlertEvent::JobAlertDeleted {
            alert_id: ALERT,
            deleted_at: now(),
        },
    ])
    .when(|s| pause(s, ALERT, false, now()))
    .then_err(DomainError::NotFound("Alert"));
}

#[test]
fn an_edit_that_changes_nothing_writes_nothing() {
    let form = AlertForm::parse(AlertInput {
        name: "Rust in Sydney",
        ..input("x")
    })
    .unwrap();
    given::<JobAlerts>(vec![created(ALERT)])
        .when(|s| edit(s, ALERT, form, now()))
        .then(vec![]);
}

#[test]
fn a_match_is_recorded_once() {
    let matched = JobAlertMatched {
        match_id: match_id(ALERT, Uuid::from_u128(1)),
        alert_id: ALERT,
        candidate_id: CANDIDATE,
        job_id: Uuid::from_u128(1),
        job_title: "Rust Engineer".into(),
        frequency: Frequency::Instant,
        mailed: true,
        matched_at: now(),
    };
    given::<JobAlertMatch>(vec![])
        .when(|s| record_match(s, matched.clone()))
        .then(vec![JobAlertEvent::JobAlertMatched(matched.clone())]);
    given::<JobAlertMatch>(vec![JobAlertEvent::JobAlertMatched(matched.clone())])
        .when(|s| record_match(s, matched))
        .then(vec![]);
    assert_eq!(
        match_id(ALERT, Uuid::from_u128(1)),
        match_id(ALERT, Uuid::from_u128(1))
    );
    assert_ne!(
        match_id(ALERT, Uuid::from_u128(1)),
        match_id(ALERT, Uuid::from_u128(2))
    );
}

#[test]
fn a_digest_is_sent_once_a_day_and_never_empty() {
    let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    let digest = Digest {
        alert_id: ALERT,
        candidate_id: CANDIDATE,
        day,
        match_ids: vec![Uuid::from_u128(11)],
    };
    let sent = JobAlertEvent::JobAlertDigestSent {
        digest_id: digest_id(ALERT, day),
        alert_id: ALERT,
        candidate_id: CANDIDATE,
        day,
        match_ids: vec![Uuid::from_u128(11)],
        sent_at: now(),
    };
    given::<JobAlertDigest>(vec![])
        .when(|s| send_digest(s, digest.clone(), now()))
        .then(vec![sent.clone()]);
    given::<JobAlertDigest>(vec![sent])
        .when(|s| send_digest(s, digest.clone(), now()))
        .then(vec![]);
    given::<JobAlertDigest>(vec![])
        .when(|s| {
            send_digest(
                s,
                Digest {
                    match_ids: vec![],
                    ..digest.clone()
                },
                now(),
            )
        })
        .then(vec![]);
    assert_ne!(
        digest_id(ALERT, day),
        digest_id(ALERT, day.succ_opt().unwrap())
    );
}

#[test]
fn stored_payloads_keep_the_search_flat_and_seal_name_and_keywords() {
    let event = created(ALERT);
    let payload = event.to_payload();
    assert_eq!(payload["keywords"], "Rust");
    assert_eq!(payload["frequency"], "instant");
    assert!(payload.get("search").is_none());
    assert_eq!(event.personal_fields(), &["name", "keywords"]);
    let back = JobAlertEvent::from_payload("JobAlertCreated", payload).unwrap();
    assert_eq!(back, event);
}
