//! Tests of `notification`, beside it so the module stays short.
use chrono::TimeZone;

use super::*;
use crate::application::ApplicationSubmitted;

/// The application the notices are about.
const APP: Uuid = Uuid::from_u128(77);

fn notice() -> Notice {
    Notice {
        recipient: Uuid::from_u128(2),
        role: Role::Candidate,
        kind: NotificationKind::Success,
        title: "Application received".into(),
        message: "Your application for Rust Engineer at Acme has been received.".into(),
        link: None,
    }
}

#[test]
fn raising_a_notice_writes_it_for_its_recipient() {
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
    let id = id_for(Uuid::from_u128(9), Uuid::from_u128(2));
    crate::testing::given::<Notification>(vec![])
        .when(|s| raise(s.as_ref(), id, &notice(), at))
        .then(vec![NotificationEvent::NotificationRaised(
            NotificationRaised {
                notification_id: id,
                user_id: Uuid::from_u128(2),
                user_role: Role::Candidate,
                kind: NotificationKind::Success,
                title: "Application received".into(),
                message: "Your application for Rust Engineer at Acme has been received.".into(),
                link: None,
                created_at: at,
            },
        )]);
}

#[test]
fn a_notification_raised_before_links_reads_as_leading_nowhere_and_a_link_round_trips() {
    let old = serde_json::json!({
        "notification_id": Uuid::from_u128(1), "user_id": Uuid::from_u128(2),
        "user_role": "candidate", "kind": "info", "title": "t", "message": "m",
        "created_at": "2026-11-01T00:00:00Z"
    });
    let raised: NotificationRaised = serde_json::from_value(old).unwrap();
    assert_eq!(raised.link, None);
    let linked = NotificationRaised {
        link: Some(NotificationLink::Job {
            job_id: Uuid::from_u128(7),
        }),
        ..raised
    };
    let stored = serde_json::to_value(&linked).unwrap();
    assert_eq!(
        stored["link"],
        serde_json::json!({"to": "job", "job_id": Uuid::from_u128(7)})
    );
    assert_eq!(
        serde_json::from_value::<NotificationRaised>(stored).unwrap(),
        linked
    );
}

#[test]
fn raising_the_same_notice_again_writes_nothing() {
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
    let id = id_for(Uuid::from_u128(9), Uuid::from_u128(2));
    let first = raise(None, id, &notice(), at).unwrap();
    crate::testing::given::<Notification>(first)
        .when(|s| raise(s.as_ref(), id, &notice(), at))
        .then(vec![]);
}

#[test]
fn a_pipeline_move_says_in_plain_words_where_the_application_now_stands() {
    let moved = |previous, stage, feedback: Option<&str>| ApplicationEvent::ApplicationMoved {
        stage,
        previous,
        feedback: feedback.map(Into::into),
        moved_by: Uuid::from_u128(4),
        moved_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        emailed: false,
        reason: None,
    };
    let candidate = Uuid::from_u128(2);
    let said = |previous, stage| {
        notices_for(
            &moved(previous, stage, None),
            APP,
            candidate,
            "Rust Engineer",
        )
        .into_iter()
        .map(|n| (n.title, n.message))
        .collect::<Vec<_>>()
    };
    assert_eq!(
        said(Stage::New, Stage::Screening),
        [(
            "Application in review".to_owned(),
            "The hiring team is reviewing your application for Rust Engineer.".to_owned()
        )]
    );
    let invited = said(Stage::Screening, Stage::Interview);
    assert_eq!(invited[0].0, "Invited to an interview for Rust Engineer");
    assert!(!invited[0].1.to_lowercase().contains("accepted"));
    assert_eq!(
        said(Stage::Interview, Stage::Offer)[0].0,
        "An offer is coming for Rust Engineer"
    );
    assert_eq!(
        said(Stage::Offer, Stage::Hired)[0].0,
        "Hired for Rust Engineer"
    );
    assert_eq!(
        said(Stage::Interview, Stage::Rejected)[0].0,
        "Application not progressed"
    );
    assert!(said(Stage::Interview, Stage::Interview).is_empty());

    let with_feedback = notices_for(
        &moved(
            Stage::Screening,
            Stage::Screening,
            Some("Thanks, we'll call you this week."),
        ),
        APP,
        candidate,
        "Rust Engineer",
    );
    assert!(
        with_feedback[0]
            .message
            .ends_with("Feedback from the employer: Thanks, we'll call you this week.")
    );
}

#[test]
fn a_status_set_to_accepted_says_the_application_goes_further_not_accepted() {
    let changed = ApplicationEvent::ApplicationStatusChanged {
        status: ApplicationStatus::Accepted,
        previous: ApplicationStatus::Pending,
        feedback: None,
        changed_by: Uuid::from_u128(4),
        changed_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
    };
    let notice = &notices_for(&changed, APP, Uuid::from_u128(2), "Rust Engineer")[0];
    assert_eq!(
        notice.title,
        "Your application for Rust Engineer is going further"
    );
    assert!(!notice.message.to_lowercase().contains("accepted"));
}

#[test]
fn a_submission_tells_the_candidate_and_the_employer() {
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
    let e = ApplicationEvent::ApplicationSubmitted(ApplicationSubmitted {
        application_id: Uuid::from_u128(1),
        candidate_id: Uuid::from_u128(2),
        job_id: Uuid::from_u128(3),
        employer_id: Uuid::from_u128(4),
        job_title: "Rust Engineer".into(),
        company: "Acme".into(),
        resume_id: None,
        cover_letter_id: None,
        submitted_at: at,
    });
    let notices = notices_for(&e, Uuid::from_u128(1), Uuid::from_u128(2), "Rust Engineer");
    // each leads to the application, wherever its recipient follows it
    assert!(notices.iter().all(|n| n.link
        == Some(NotificationLink::Application {
            application_id: Uuid::from_u128(1)
        })));
    assert_eq!(
        notices
            .iter()
            .map(|n| (n.recipient, n.role))
            .collect::<Vec<_>>(),
        vec![
            (Uuid::from_u128(2), Role::Candidate),
            (Uuid::from_u128(4), Role::Employer)
        ]
    );
    assert!(notices[0].message.contains("Rust Engineer at Acme"));
}

#[test]
fn a_status_change_tells_the_candidate_with_the_feedback() {
    let e = ApplicationEvent::ApplicationStatusChanged {
        status: ApplicationStatus::Accepted,
        previous: ApplicationStatus::Pending,
        feedback: Some("Loved your portfolio".into()),
        changed_by: Uuid::from_u128(4),
        changed_at: Utc::now(),
    };
    let notices = notices_for(&e, APP, Uuid::from_u128(2), "Rust Engineer");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].kind, NotificationKind::Success);
    assert_eq!(
        notices[0].message,
        "Good news: the hiring team would like to take your application for Rust Engineer further. We'll be in touch about the next step. Feedback from the employer: Loved your portfolio"
    );
}

#[test]
fn ids_derived_from_the_source_are_stable_and_distinct_per_recipient() {
    let source = Uuid::from_u128(99);
    assert_eq!(
        id_for(source, Uuid::from_u128(1)),
        id_for(source, Uuid::from_u128(1))
    );
    assert_ne!(
        id_for(source, Uuid::from_u128(1)),
        id_for(source, Uuid::from_u128(2))
    );
}

#[test]
fn only_the_recipient_reads_or_deletes_and_reading_twice_is_a_no_op() {
    let n = Notification {
        user_id: Uuid::from_u128(1),
        read: false,
        deleted: false,
    };
    assert_eq!(
        mark_read(Some(&n), Uuid::from_u128(2), Utc::now()),
        Err(DomainError::NotFound("Notification"))
    );
    let read = Notification {
        read: true,
        ..n.clone()
    };
    assert_eq!(
        mark_read(Some(&read), Uuid::from_u128(1), Utc::now()),
        Ok(vec![])
    );
    assert!(delete(Some(&n), Uuid::from_u128(1), Utc::now()).is_ok());
}

#[test]
fn todays_stored_notification_payloads_decode_into_typed_role_and_kind() {
    let stored = serde_json::json!({
        "notification_id": Uuid::from_u128(9), "user_id": Uuid::from_u128(2),
        "user_role": "employer", "kind": "info", "title": "New application",
        "message": "Sam applied", "created_at": "2026-11-02T09:30:00Z"
    });
    let event = NotificationEvent::from_payload("NotificationRaised", stored.clone()).unwrap();
    let NotificationEvent::NotificationRaised(raised) = &event else {
        panic!("{event:?}")
    };
    assert_eq!(
        (raised.user_role, raised.kind),
        (Role::Employer, NotificationKind::Info)
    );
    assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
}

fn raised_for_user_2() -> NotificationEvent {
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap();
    raise(None, Uuid::from_u128(7), &notice(), at)
        .unwrap()
        .remove(0)
}

#[test]
fn its_owner_marks_a_read_notification_unread_again() {
    let at = Utc.with_ymd_and_hms(2026, 11, 2, 0, 0, 0).unwrap();
    crate::testing::given::<Notification>(vec![
        raised_for_user_2(),
        NotificationEvent::NotificationRead { read_at: at },
    ])
    .when(|s| mark_unread(s.as_ref(), Uuid::from_u128(2), at))
    .then(vec![NotificationEvent::NotificationMarkedUnread {
        marked_at: at,
    }]);
}

#[test]
fn marking_an_unread_notification_unread_is_a_no_op_as_reading_a_read_one_is() {
    crate::testing::given::<Notification>(vec![raised_for_user_2()])
        .when(|s| mark_unread(s.as_ref(), Uuid::from_u128(2), Utc::now()))
        .then(vec![]);
}

#[test]
fn another_users_or_a_deleted_notification_cannot_be_marked_unread() {
    let at = Utc.with_ymd_and_hms(2026, 11, 2, 0, 0, 0).unwrap();
    let read = NotificationEvent::NotificationRead { read_at: at };
    crate::testing::given::<Notification>(vec![raised_for_user_2(), read.clone()])
        .when(|s| mark_unread(s.as_ref(), Uuid::from_u128(3), at))
        .then_err(DomainError::NotFound("Notification"));
    crate::testing::given::<Notification>(vec![
        raised_for_user_2(),
        read,
        NotificationEvent::NotificationDeleted { deleted_at: at },
    ])
    .when(|s| mark_unread(s.as_ref(), Uuid::from_u128(2), at))
    .then_err(DomainError::NotFound("Notification"));
    crate::testing::given::<Notification>(vec![])
        .when(|s| mark_unread(s.as_ref(), Uuid::from_u128(2), at))
        .then_err(DomainError::NotFound("Notification"));
}

#[test]
fn an_interview_cancelled_with_the_application_says_why() {
    use crate::interview::{ApplicationEnded, Interview, InterviewEvent, Slot};
    let interview = Interview {
        id: Uuid::from_u128(5),
        application_id: APP,
        candidate_id: Uuid::from_u128(2),
        employer_id: Uuid::from_u128(3),
        job_title: "Rust Engineer".into(),
        slot: Slot {
            starts_at: Utc.with_ymd_and_hms(2099, 1, 19, 23, 0, 0).unwrap(),
            duration_minutes: 45,
            location: Some("Level 3".into()),
            video_link: None,
            interviewers: vec![],
        },
        cancelled: true,
    };
    let message = |reason: Option<&str>| {
        let event = InterviewEvent::InterviewCancelled {
            reason: reason.map(str::to_owned),
            cancelled_at: Utc::now(),
        };
        interview_notice(&event, &interview).message
    };
    let when = "Tuesday 20 January 2099, 10:00 am (Sydney time)";
    assert_eq!(
        message(Some(ApplicationEnded::Withdrawn.reason())),
        format!(
            "Your interview for Rust Engineer on {when} is cancelled, as you withdrew your application."
        )
    );
    assert_eq!(
        message(Some(ApplicationEnded::Rejected.reason())),
        format!(
            "Your interview for Rust Engineer on {when} is cancelled, as the application is not going ahead."
        )
    );
    assert_eq!(
        message(Some("Role filled")),
        format!("Your interview for Rust Engineer on {when} has been cancelled.")
    );
}
