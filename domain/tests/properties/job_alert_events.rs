//! Generators of job alert events (issue 28), for events.rs's round trips.

use domain::job::{JobType, Specialisation};
use domain::job_alert::{AlertSearch, Frequency, JobAlertCreated, JobAlertEvent, JobAlertMatched};
use proptest::prelude::*;

use crate::strategies::{date, id, instant, opt_text};

fn search() -> impl Strategy<Value = AlertSearch> {
    (
        opt_text(),
        prop::option::of(id()),
        prop::option::of(id()),
        prop::option::of(prop::sample::select(JobType::ALL.to_vec())),
        prop::option::of(prop::sample::select(Specialisation::ALL.to_vec())),
    )
        .prop_map(
            |(keywords, location_id, salary_range_id, job_type, specialisation)| AlertSearch {
                keywords,
                location_id,
                salary_range_id,
                job_type,
                specialisation,
            },
        )
}

fn frequency() -> impl Strategy<Value = Frequency> {
    prop::sample::select(vec![Frequency::Instant, Frequency::Daily])
}

pub fn job_alert_event() -> impl Strategy<Value = JobAlertEvent> {
    prop_oneof![
        (
            id(),
            id(),
            any::<String>(),
            search(),
            frequency(),
            instant()
        )
            .prop_map(
                |(alert_id, candidate_id, name, search, frequency, created_at)| {
                    JobAlertEvent::JobAlertCreated(JobAlertCreated {
                        alert_id,
                        candidate_id,
                        name,
                        search,
                        frequency,
                        created_at,
                    })
                }
            ),
        (id(), any::<String>(), search(), frequency(), instant()).prop_map(
            |(alert_id, name, search, frequency, edited_at)| JobAlertEvent::JobAlertEdited {
                alert_id,
                name,
                search,
                frequency,
                edited_at,
            }
        ),
        (id(), any::<bool>(), instant()).prop_map(|(alert_id, unsubscribed, paused_at)| {
            JobAlertEvent::JobAlertPaused {
                alert_id,
                unsubscribed,
                paused_at,
            }
        }),
        (id(), instant()).prop_map(|(alert_id, resumed_at)| JobAlertEvent::JobAlertResumed {
            alert_id,
            resumed_at
        }),
        (id(), instant()).prop_map(|(alert_id, deleted_at)| JobAlertEvent::JobAlertDeleted {
            alert_id,
            deleted_at
        }),
        (
            (id(), id(), id(), id()),
            (any::<String>(), frequency(), any::<bool>(), instant())
        )
            .prop_map(
                |(
                    (match_id, alert_id, candidate_id, job_id),
                    (job_title, frequency, mailed, matched_at),
                )| {
                    JobAlertEvent::JobAlertMatched(JobAlertMatched {
                        match_id,
                        alert_id,
                        candidate_id,
                        job_id,
                        job_title,
                        frequency,
                        mailed,
                        matched_at,
                    })
                }
            ),
        (
            (id(), id(), id(), date()),
            (prop::collection::vec(id(), 0..4), instant())
        )
            .prop_map(
                |((digest_id, alert_id, candidate_id, day), (match_ids, sent_at))| {
                    JobAlertEvent::JobAlertDigestSent {
                        digest_id,
                        alert_id,
                        candidate_id,
                        day,
                        match_ids,
                        sent_at,
                    }
                }
            ),
    ]
}
