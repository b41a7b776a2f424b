//! The audit summary's sentences, one test per kind of sentence.

use chrono::Utc;
use domain::account::{AccountRegistered, AccountStatus};
use domain::application::ApplicationSubmitted;
use domain::job_alert::JobAlertEvent;
use domain::pipeline::Stage;

use super::*;

const PRIYA: Uuid = Uuid::from_u128(1);
const MEI: Uuid = Uuid::from_u128(2);
const JORDAN: Uuid = Uuid::from_u128(3);
const ACME: Uuid = Uuid::from_u128(4);
const JOB: Uuid = Uuid::from_u128(5);
const APPLICATION: Uuid = Uuid::from_u128(6);
const GONE: Uuid = Uuid::from_u128(7);

fn known() -> Known {
    let person = |name: &str, company: Option<&str>| Person {
        name: name.to_owned(),
        company: company.map(str::to_owned),
    };
    Known {
        people: HashMap::from([
            (PRIYA, person("Priya Raman", None)),
            (MEI, person("Mei Chen", Some("Acme Pty Ltd"))),
            (JORDAN, person("Jordan Lee", None)),
            (ACME, person("Sam Acme", Some("Acme Pty Ltd"))),
            (GONE, person("[erased]", None)),
        ]),
        jobs: HashMap::from([(JOB, "Senior Rust Engineer".to_owned())]),
        applications: HashMap::from([(
            APPLICATION,
            ApplicationOf {
                candidate_id: PRIYA,
                job_title: "Senior Rust Engineer".to_owned(),
            },
        )]),
    }
}

fn said<'a>(
    event_type: &'a str,
    stream_id: &'a str,
    event: Option<&'a AnyEvent>,
    actor: Option<Uuid>,
    role: Actor,
) -> Said<'a> {
    Said {
        event_type,
        stream_id,
        event,
        actor_id: actor,
        actor_role: Some(role),
    }
}

/// The sentence the audit log shows for `event` on `stream_id`, said by
/// `actor` in `role`.
fn says(stream_id: &str, event: &AnyEvent, actor: Option<Uuid>, role: Actor) -> String {
    let line = said(event.event_type(), stream_id, Some(event), actor, role);
    summary(&line, &known())
}

fn submitted(candidate_id: Uuid) -> AnyEvent {
    AnyEvent::Application(ApplicationEvent::ApplicationSubmitted(
        ApplicationSubmitted {
            application_id: APPLICATION,
            candidate_id,
            job_id: JOB,
            employer_id: MEI,
            job_title: "Senior Rust Engineer".to_owned(),
            company: "Acme Pty Ltd".to_owned(),
            resume_id: None,
            cover_letter_id: None,
            submitted_at: Utc::now(),
        },
    ))
}

#[test]
fn an_application_names_the_candidate_and_the_job() {
    let event = submitted(PRIYA);
    let stream = format!("application-{APPLICATION}");
    assert_eq!(
        says(&stream, &event, Some(PRIYA), Actor::Candidate),
        "Priya Raman applied to Senior Rust Engineer"
    );
}

/// Mei moving Priya's application from `previous` to `stage`, now, with no feedback.
fn mei_moved(
    previous: Stage,
    stage: Stage,
    emailed: bool,
    reason: Option<domain::pipeline::RejectionReason>,
) -> AnyEvent {
    AnyEvent::Application(ApplicationEvent::ApplicationMoved {
        stage,
        previous,
        feedback: None,
        moved_by: MEI,
        moved_at: Utc::now(),
        emailed,
        reason,
    })
}

#[test]
fn a_move_names_who_moved_whom_for_which_job_and_a_rejection_its_reason() {
    let event = mei_moved(Stage::Screening, Stage::Interview, false, None);
    let stream = format!("application-{APPLICATION}");
    assert_eq!(
        says(&stream, &event, Some(MEI), Actor::Employer),
        "Mei Chen moved Priya Raman to Interview for Senior Rust Engineer"
    );
    let rejected = mei_moved(
        Stage::Interview,
        Stage::Rejected,
        true,
        Some(domain::pipeline::RejectionReason::Salary),
    );
    assert_eq!(
        says(&stream, &rejected, Some(MEI), Actor::Employer),
        "Mei Chen rejected Priya Raman at Interview for Senior Rust Engineer, and emailed them. \
         Reason: Salary expectations"
    );
    // Not emailed is said too: "why did they hear nothing?" is asked of the trail.
    let quiet = mei_moved(Stage::Screening, Stage::Rejected, false, None);
    assert_eq!(
        says(&stream, &quiet, Some(MEI), Actor::Employer),
        "Mei Chen rejected Priya Raman at Screening for Senior Rust Engineer, without emailing \
         them (they see it in their portal)"
    );
    // An erased candidate has no address or portal: nothing is said of either.
    let mut erased = known();
    erased.applications.insert(
        APPLICATION,
        ApplicationOf {
            candidate_id: GONE,
            job_title: "Senior Rust Engineer".to_owned(),
        },
    );
    let line = said(
        quiet.event_type(),
        &stream,
        Some(&quiet),
        Some(MEI),
        Actor::Employer,
    );
    let sentence = summary(&line, &erased);
    assert!(
        sentence.ends_with("at Screening for Senior Rust Engineer"),
        "{sentence}"
    );
    // A second thought on the reason (or feedback added) is not a second rejection.
    let updated = mei_moved(
        Stage::Rejected,
        Stage::Rejected,
        false,
        Some(domain::pipeline::RejectionReason::Skills),
    );
    assert_eq!(
        says(&stream, &updated, Some(MEI), Actor::Employer),
        "Mei Chen updated the rejection of Priya Raman for Senior Rust Engineer. \
         Reason: Skills or experience"
    );
}

#[test]
fn an_interview_cancelled_with_its_application_says_the_decision_did_it() {
    let cancelled = |reason: &str| {
        AnyEvent::Interview(domain::interview::InterviewEvent::InterviewCancelled {
            reason: Some(reason.to_owned()),
            cancelled_at: Utc::now(),
        })
    };
    let stream = format!("interview-{}", Uuid::from_u128(8));
    let ended = domain::interview::ApplicationEnded::Withdrawn.reason();
    assert_eq!(
        says(&stream, &cancelled(ended), Some(PRIYA), Actor::Candidate),
        "Priya Raman withdrew, which cancelled an interview"
    );
    let ended = domain::interview::ApplicationEnded::Rejected.reason();
    assert_eq!(
        says(&stream, &cancelled(ended), Some(MEI), Actor::Employer),
        "Mei Chen rejected the application, which cancelled an interview"
    );
    assert_eq!(
        says(
            &stream,
            &cancelled("Role filled"),
            Some(MEI),
            Actor::Employer
        ),
        "Mei Chen cancelled an interview"
    );
}

#[test]
fn an_approval_names_the_business() {
    let event = AnyEvent::Account(AccountEvent::EmployerApproved {
        approved_by: JORDAN,
        approved_at: Utc::now(),
        note: Some("Checked the ABN".to_owned()),
    });
    let stream = format!("account-{ACME}");
    assert_eq!(
        says(&stream, &event, Some(JORDAN), Actor::Admin),
        "Jordan Lee approved Acme Pty Ltd"
    );
}

#[test]
fn an_erased_person_is_named_as_such_never_as_a_placeholder() {
    let event = submitted(GONE);
    let stream = format!("application-{APPLICATION}");
    assert_eq!(
        says(&stream, &event, Some(GONE), Actor::Candidate),
        "An erased person applied to Senior Rust Engineer"
    );

    let registered = AnyEvent::Account(AccountEvent::AccountRegistered(AccountRegistered {
        account_id: GONE,
        role: Role::Candidate,
        name: "[erased]".to_owned(),
        email: "[erased]".to_owned(),
        phone: None,
        company: None,
        password_hash: "[secret]".to_owned(),
        status: AccountStatus::Active,
        created_by: None,
        registered_at: Utc::now(),
    }));
    let stream = format!("account-{GONE}");
    let sentence = says(&stream, &registered, None, Actor::Anonymous);
    assert_eq!(sentence, "An erased person signed up as a candidate");
    assert!(!sentence.contains("[erased]"));
}

#[test]
fn a_job_event_names_the_job_by_its_title() {
    let event = AnyEvent::Job(JobEvent::JobClosed {
        closed_by: MEI,
        closed_at: Utc::now(),
    });
    let stream = format!("job-{JOB}");
    assert_eq!(
        says(&stream, &event, Some(MEI), Actor::Employer),
        "Mei Chen closed Senior Rust Engineer"
    );
}

#[test]
fn an_event_without_an_account_names_where_it_came_from() {
    let event = AnyEvent::Reference(ReferenceEvent::LocationAdded {
        location_id: Uuid::from_u128(9),
        display_name: "Parramatta, NSW".to_owned(),
        state: "NSW".to_owned(),
        sort_order: 1,
    });
    let stream = "reference-locations";
    assert_eq!(
        says(stream, &event, None, Actor::Seed),
        "The demo data added the location Parramatta, NSW"
    );
}

#[test]
fn an_event_this_build_cannot_read_gets_a_generic_sentence_without_ids() {
    let stream = format!("job-{JOB}");
    let line = said("JobArchived", &stream, None, Some(MEI), Actor::Employer);
    assert_eq!(
        summary(&line, &known()),
        "Mei Chen — job archived on Senior Rust Engineer"
    );

    // A record nobody can name any more is a kind of thing, never its id.
    let unknown = Uuid::from_u128(42);
    let stream = format!("application-{unknown}");
    let line = said("ApplicationArchived", &stream, None, None, Actor::Policy);
    let sentence = summary(&line, &known());
    assert_eq!(
        sentence,
        "The system — application archived on a candidate's application"
    );
    assert!(!sentence.contains(&unknown.to_string()));
}

#[test]
fn the_ids_a_page_needs_come_from_streams_actors_and_payloads() {
    let event = submitted(PRIYA);
    let stream = format!("application-{APPLICATION}");
    let mut wanted = Wanted::default();
    wanted.add(&said(
        "ApplicationSubmitted",
        &stream,
        Some(&event),
        Some(MEI),
        Actor::Candidate,
    ));
    let job = format!("job-{JOB}");
    wanted.add(&said("JobClosed", &job, None, None, Actor::Policy));
    assert_eq!(wanted.people, BTreeSet::from([PRIYA, MEI]));
    assert_eq!(wanted.applications, BTreeSet::from([APPLICATION]));
    assert_eq!(wanted.jobs, BTreeSet::from([JOB]));
}

#[test]
fn a_saved_job_names_the_candidate_and_the_job() {
    let stream = format!("saved-{PRIYA}");
    let saved = AnyEvent::SavedJob(SavedJobEvent::JobSaved {
        candidate_id: PRIYA,
        job_id: JOB,
        saved_at: Utc::now(),
    });
    assert_eq!(
        says(&stream, &saved, Some(PRIYA), Actor::Candidate),
        "Priya Raman saved Senior Rust Engineer"
    );
    let unsaved = AnyEvent::SavedJob(SavedJobEvent::JobUnsaved {
        candidate_id: PRIYA,
        job_id: Uuid::from_u128(99),
        unsaved_at: Utc::now(),
    });
    assert_eq!(
        says(&stream, &unsaved, Some(PRIYA), Actor::Candidate),
        "Priya Raman removed a job from their saved jobs"
    );
    let mut wanted = Wanted::default();
    wanted.add(&said(
        "JobUnsaved",
        &stream,
        Some(&unsaved),
        Some(PRIYA),
        Actor::Candidate,
    ));
    assert!(wanted.people.contains(&PRIYA) && wanted.jobs.contains(&Uuid::from_u128(99)));
}

#[test]
fn a_job_alert_says_what_its_candidate_did_and_a_match_names_job_and_candidate() {
    use domain::job_alert::{Frequency, JobAlertMatched};
    let paused = AnyEvent::JobAlert(JobAlertEvent::JobAlertPaused {
        alert_id: JOB,
        unsubscribed: false,
        paused_at: Utc::now(),
    });
    let stream = format!("job-alerts-{PRIYA}");
    assert_eq!(
        says(&stream, &paused, Some(PRIYA), Actor::Candidate),
        "Priya Raman paused a job alert"
    );
    let unsubscribed = AnyEvent::JobAlert(JobAlertEvent::JobAlertPaused {
        alert_id: JOB,
        unsubscribed: true,
        paused_at: Utc::now(),
    });
    assert_eq!(
        says(&stream, &unsubscribed, None, Actor::Anonymous),
        "A visitor paused a job alert from the link in its mail"
    );
    let matched = AnyEvent::JobAlert(JobAlertEvent::JobAlertMatched(JobAlertMatched {
        match_id: GONE,
        alert_id: JOB,
        candidate_id: PRIYA,
        job_id: JOB,
        job_title: "Senior Rust Engineer".into(),
        frequency: Frequency::Instant,
        mailed: true,
        matched_at: Utc::now(),
    }));
    let said_match = said(
        "JobAlertMatched",
        "job-alert-match-00000000-0000-0000-0000-000000000007",
        Some(&matched),
        None,
        Actor::Policy,
    );
    assert_eq!(
        summary(&said_match, &known()),
        "Senior Rust Engineer matched a job alert of Priya Raman"
    );
    let mut wanted = Wanted::default();
    wanted.add(&said_match);
    assert!(wanted.people.contains(&PRIYA));
    let digest = AnyEvent::JobAlert(JobAlertEvent::JobAlertDigestSent {
        digest_id: GONE,
        alert_id: JOB,
        candidate_id: PRIYA,
        day: chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(),
        match_ids: vec![GONE, JOB],
        sent_at: Utc::now(),
    });
    assert_eq!(
        says("job-alert-digest-x", &digest, None, Actor::Policy),
        "Priya Raman was mailed a daily digest of 2 jobs"
    );
}
