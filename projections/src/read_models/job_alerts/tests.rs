use chrono::TimeZone;
use domain::job_alert::{JobAlertCreated, JobAlertMatched};

use super::*;

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, hour, 0, 0).unwrap()
}

fn created(alert_id: Uuid, candidate_id: Uuid, hour: u32) -> JobAlertEvent {
    JobAlertEvent::JobAlertCreated(JobAlertCreated {
        alert_id,
        candidate_id,
        name: "Welding".into(),
        search: AlertSearch {
            keywords: Some("welder".into()),
            ..AlertSearch::default()
        },
        frequency: Frequency::Daily,
        created_at: at(hour),
    })
}

fn matched(alert_id: Uuid, mailed: bool, hour: u32) -> (Uuid, JobAlertEvent) {
    let job_id = Uuid::now_v7();
    let match_id = domain::job_alert::match_id(alert_id, job_id);
    let event = JobAlertEvent::JobAlertMatched(JobAlertMatched {
        match_id,
        alert_id,
        candidate_id: Uuid::nil(),
        job_id,
        job_title: "Welder".into(),
        frequency: Frequency::Daily,
        mailed,
        matched_at: at(hour),
    });
    (match_id, event)
}

fn deleted(alert_id: Uuid, hour: u32) -> JobAlertEvent {
    JobAlertEvent::JobAlertDeleted {
        alert_id,
        deleted_at: at(hour),
    }
}

fn digest(match_ids: Vec<Uuid>, hour: u32) -> JobAlertEvent {
    JobAlertEvent::JobAlertDigestSent {
        digest_id: Uuid::now_v7(),
        alert_id: Uuid::nil(),
        candidate_id: Uuid::nil(),
        day: at(hour).date_naive(),
        match_ids,
        sent_at: at(hour),
    }
}

fn fold_all(stored: Vec<AlertRow>, events: &[JobAlertEvent]) -> Run {
    let mut run = Run::new(stored);
    for event in events {
        run.fold(event).unwrap();
    }
    run
}

/// The alert `events` leave behind, folded from nothing.
fn stored(events: &[JobAlertEvent]) -> AlertRow {
    let run = fold_all(Vec::new(), events);
    let upserts = run.upserts();
    upserts[0].clone()
}

#[test]
fn a_created_edited_and_paused_alert_is_one_row_with_its_last_state() {
    let (id, candidate) = (Uuid::now_v7(), Uuid::now_v7());
    let edited = JobAlertEvent::JobAlertEdited {
        alert_id: id,
        name: "Nights".into(),
        search: AlertSearch {
            keywords: Some("night welder".into()),
            job_type: Some(JobType::Contract),
            ..AlertSearch::default()
        },
        frequency: Frequency::Instant,
        edited_at: at(9),
    };
    let paused = JobAlertEvent::JobAlertPaused {
        alert_id: id,
        unsubscribed: true,
        paused_at: at(10),
    };
    let run = fold_all(Vec::new(), &[created(id, candidate, 8), edited, paused]);

    let upserts = run.upserts();
    assert!(run.deleted.is_empty());
    let [row] = upserts[..] else {
        panic!("one alert, written once: {upserts:?}")
    };
    assert_eq!((row.id, row.candidate_id), (id, candidate));
    assert_eq!(row.name, "Nights");
    assert_eq!(row.keywords.as_deref(), Some("night welder"));
    assert_eq!(row.job_type, Some(JobType::Contract));
    assert_eq!(row.frequency, Frequency::Instant);
    assert!(row.paused);
    assert_eq!((row.created_at, row.updated_at), (at(8), at(10)));
    assert_eq!(run.counts, BTreeMap::from([(at(8), (1, 0))]));
}

#[test]
fn a_resumed_stored_alert_is_rewritten_and_one_only_matched_is_not() {
    let (paused_id, matched_id) = (Uuid::now_v7(), Uuid::now_v7());
    let mut paused = stored(&[created(paused_id, Uuid::now_v7(), 1)]);
    paused.paused = true;
    let other = stored(&[created(matched_id, Uuid::now_v7(), 1)]);
    let resumed = JobAlertEvent::JobAlertResumed {
        alert_id: paused_id,
        resumed_at: at(12),
    };
    let (_, m) = matched(matched_id, false, 11);
    let run = fold_all(vec![paused, other], &[m, resumed]);

    let upserts = run.upserts();
    assert!(run.deleted.is_empty());
    let [row] = upserts[..] else {
        panic!("only the resumed alert changed: {upserts:?}")
    };
    assert_eq!(
        (row.id, row.paused, row.updated_at),
        (paused_id, false, at(12))
    );
    assert_eq!(run.matches.iter().flatten().count(), 1);
    assert!(run.counts.is_empty(), "a daily match mails nobody");
}

#[test]
fn an_event_about_an_alert_it_does_not_have_changes_no_alert() {
    let id = Uuid::now_v7();
    let paused = JobAlertEvent::JobAlertPaused {
        alert_id: id,
        unsubscribed: false,
        paused_at: at(10),
    };
    let run = fold_all(Vec::new(), &[paused]);
    assert!(run.upserts().is_empty() && run.deleted.is_empty());
}

#[test]
fn a_deleted_alert_takes_the_runs_matches_and_its_stored_ones_with_it() {
    let (id, kept) = (Uuid::now_v7(), Uuid::now_v7());
    let alert = stored(&[created(id, Uuid::now_v7(), 1)]);
    let run = fold_all(
        vec![alert],
        &[
            created(kept, Uuid::now_v7(), 8),
            matched(kept, false, 9).1,
            matched(id, true, 9).1,
            deleted(id, 10),
            matched(id, true, 11).1,
        ],
    );

    let upserts = run.upserts();
    assert_eq!(upserts.iter().map(|r| r.id).collect::<Vec<_>>(), [kept]);
    assert_eq!(run.deleted, [id], "it goes, with its stored matches");
    let left: Vec<Uuid> = run.matches.iter().flatten().map(|m| m.alert_id).collect();
    assert_eq!(left, [kept]);
    // Both mails went, whatever became of the alert.
    assert_eq!(
        run.counts,
        BTreeMap::from([(at(8), (1, 0)), (at(9), (0, 1)), (at(11), (0, 1))])
    );
}

#[test]
fn an_alert_it_does_not_have_gets_no_match_but_its_mail_counts() {
    let run = fold_all(Vec::new(), &[matched(Uuid::now_v7(), true, 9).1]);
    assert_eq!(run.matches.iter().flatten().count(), 0);
    assert_eq!(run.counts, BTreeMap::from([(at(9), (0, 1))]));
}

#[test]
fn an_alert_created_and_deleted_in_one_run_is_written_as_a_delete() {
    let id = Uuid::now_v7();
    let (_, m) = matched(id, false, 9);
    let run = fold_all(
        Vec::new(),
        &[created(id, Uuid::now_v7(), 8), m, deleted(id, 10)],
    );
    assert!(run.upserts().is_empty());
    assert_eq!(run.deleted, [id]);
    assert_eq!(run.matches.iter().flatten().count(), 0);
    assert_eq!(run.counts, BTreeMap::from([(at(8), (1, 0))]));
}

#[test]
fn an_alert_deleted_and_created_again_in_one_run_keeps_only_its_later_match() {
    let id = Uuid::now_v7();
    let (_, before) = matched(id, false, 9);
    let (after_id, after) = matched(id, false, 12);
    let run = fold_all(
        vec![stored(&[created(id, Uuid::now_v7(), 1)])],
        &[
            before,
            deleted(id, 10),
            created(id, Uuid::now_v7(), 11),
            after,
        ],
    );
    // The stored alert and its stored matches go first, then it is
    // written again as created, with the match that came after.
    assert_eq!(run.deleted, [id]);
    let upserts = run.upserts();
    assert_eq!(upserts.len(), 1);
    assert_eq!(upserts[0].created_at, at(11));
    let left: Vec<Uuid> = run.matches.iter().flatten().map(|m| m.id).collect();
    assert_eq!(left, [after_id]);
}

/// The run's index of matches by alert follows each life of an alert:
/// every deletion takes the matches of the life it ends, and only those.
#[test]
fn each_deletion_takes_only_the_matches_of_the_life_it_ends() {
    let (id, other) = (Uuid::now_v7(), Uuid::now_v7());
    let (first, first_match) = matched(id, false, 2);
    let (second, second_match) = matched(id, false, 4);
    let (third, third_match) = matched(id, false, 7);
    let (others, others_match) = matched(other, false, 3);
    let run = fold_all(
        Vec::new(),
        &[
            created(id, Uuid::now_v7(), 1),
            created(other, Uuid::now_v7(), 1),
            first_match,
            others_match,
            deleted(id, 3),
            created(id, Uuid::now_v7(), 4),
            second_match,
            deleted(id, 5),
            created(id, Uuid::now_v7(), 6),
            third_match,
        ],
    );
    let left: Vec<Uuid> = run.matches.iter().flatten().map(|m| m.id).collect();
    assert_eq!(left, [others, third]);
    assert!(!run.match_at.contains_key(&first) && !run.match_at.contains_key(&second));
    assert_eq!(run.matches_of.get(&id).map(Vec::len), Some(1));
    assert_eq!(run.deleted, [id], "deleted once, written as a delete once");
    let upserts = run.upserts();
    let alive: Vec<(Uuid, DateTime<Utc>)> = upserts.iter().map(|r| (r.id, r.created_at)).collect();
    assert!(alive.contains(&(id, at(6))) && alive.contains(&(other, at(1))));
}

#[test]
fn a_digest_marks_the_runs_matches_and_names_the_stored_ones() {
    let id = Uuid::now_v7();
    let (new_match, m) = matched(id, false, 9);
    let stored_match = Uuid::now_v7();
    let run = fold_all(
        Vec::new(),
        &[
            created(id, Uuid::now_v7(), 8),
            m,
            digest(vec![new_match, stored_match], 10),
            digest(vec![stored_match], 11),
        ],
    );
    let added: Vec<&MatchRow> = run.matches.iter().flatten().collect();
    assert_eq!(added[0].digested_at, Some(at(10)));
    assert_eq!(
        run.digested.get(&stored_match),
        Some(&at(11)),
        "the last digest wins"
    );
    assert_eq!(
        run.counts,
        BTreeMap::from([(at(8), (1, 0)), (at(10), (0, 1)), (at(11), (0, 1))])
    );
}

#[test]
fn a_match_made_after_a_digest_is_not_digested_by_it() {
    let id = Uuid::now_v7();
    let (match_id, m) = matched(id, false, 11);
    let run = fold_all(
        Vec::new(),
        &[
            created(id, Uuid::now_v7(), 8),
            digest(vec![match_id], 10),
            m,
        ],
    );
    let added: Vec<&MatchRow> = run.matches.iter().flatten().collect();
    assert_eq!(added[0].digested_at, None);
}

#[test]
fn a_second_match_of_one_id_keeps_the_first() {
    let id = Uuid::now_v7();
    let (_, first) = matched(id, true, 9);
    let mut second = first.clone();
    if let JobAlertEvent::JobAlertMatched(m) = &mut second {
        m.job_title = "Fitter".into();
    }
    let run = fold_all(Vec::new(), &[created(id, Uuid::now_v7(), 8), first, second]);
    let added: Vec<&MatchRow> = run.matches.iter().flatten().collect();
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].job_title, "Welder");
}

#[test]
fn an_alert_created_twice_fails_the_run() {
    let id = Uuid::now_v7();
    let mut run = Run::new(Vec::new());
    run.fold(&created(id, Uuid::now_v7(), 8)).unwrap();
    assert!(run.fold(&created(id, Uuid::now_v7(), 9)).is_err());
}

#[test]
fn a_run_reads_the_alerts_it_does_not_create_first() {
    let (new, old, digested) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
    let events = [
        created(new, Uuid::now_v7(), 8),
        matched(new, false, 9).1,
        deleted(old, 9),
        matched(old, false, 10).1,
        digest(vec![digested], 11),
    ];
    let events: Vec<&JobAlertEvent> = events.iter().collect();
    assert_eq!(alerts_to_read(&events), [old]);
}
