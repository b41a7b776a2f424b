//! Job alerts in the generated history (issue 28): some candidates save
//! searches, change, pause, resume or delete them, and jobs match them.
//! Drawn from dice of their own (seeded by the candidate), so every other
//! event of the history comes out as it did before alerts existed.

use chrono::{DateTime, Utc};
use domain::job::JobType;
use domain::job_alert::{
    AlertSearch, Frequency, JobAlertCreated, JobAlertEvent, JobAlertMatched, digest_id, match_id,
};
use event_store::Actor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

use super::names::SPECIALISATIONS;
use super::{World, uuid_at};

impl World {
    /// The candidate's alerts; returns when the last thing happened to them.
    pub(super) fn job_alerts(&mut self, candidate: Uuid, at: DateTime<Utc>) -> DateTime<Utc> {
        let mut dice = StdRng::seed_from_u64(candidate.as_u128() as u64);
        let mut last = at;
        if !dice.random_bool(if self.small { 0.5 } else { 0.2 }) {
            return last;
        }
        let stream = domain::job_alert::stream_id(candidate);
        let me = (Some(candidate), Actor::Candidate);
        for n in 0..dice.random_range(1..=3) {
            let alert_id = uuid_at(at, &mut dice);
            let mut t = at + chrono::Duration::minutes(dice.random_range(5..600));
            let frequency = if dice.random_bool(0.7) {
                Frequency::Instant
            } else {
                Frequency::Daily
            };
            let search = AlertSearch {
                keywords: Some(["Rust", "Engineer", "Data", "Cloud"][n % 4].into()),
                location_id: self
                    .locations
                    .get(dice.random_range(0..self.locations.len().max(1)))
                    .map(|l| l.0)
                    .filter(|_| dice.random_bool(0.5)),
                salary_range_id: None,
                job_type: dice.random_bool(0.3).then_some(JobType::FullTime),
                specialisation: dice
                    .random_bool(0.3)
                    .then(|| SPECIALISATIONS[dice.random_range(0..SPECIALISATIONS.len())]),
            };
            let created = JobAlertEvent::JobAlertCreated(JobAlertCreated {
                alert_id,
                candidate_id: candidate,
                name: format!("{} jobs", search.keywords.as_deref().unwrap_or("My")),
                search: search.clone(),
                frequency,
                created_at: t,
            });
            self.alert_event(&mut dice, t, &stream, &created, candidate, me);
            if dice.random_bool(0.3) {
                t += chrono::Duration::minutes(dice.random_range(60..6000));
                let edited = JobAlertEvent::JobAlertEdited {
                    alert_id,
                    name: "Renamed alert".into(),
                    search: AlertSearch {
                        keywords: Some("Senior".into()),
                        ..search
                    },
                    frequency,
                    edited_at: t,
                };
                self.alert_event(&mut dice, t, &stream, &edited, candidate, me);
            }
            let mut matched_ids = Vec::new();
            for _ in 0..dice.random_range(0..=2) {
                let Some(job) = self.jobs.get(dice.random_range(0..self.jobs.len().max(1))) else {
                    break;
                };
                t += chrono::Duration::minutes(dice.random_range(60..6000));
                let matched = JobAlertEvent::JobAlertMatched(JobAlertMatched {
                    match_id: match_id(alert_id, job.id),
                    alert_id,
                    candidate_id: candidate,
                    job_id: job.id,
                    job_title: job.title.clone(),
                    frequency,
                    mailed: frequency == Frequency::Instant,
                    matched_at: t,
                });
                matched_ids.push(match_id(alert_id, job.id));
                let match_stream = domain::job_alert::match_stream_id(match_id(alert_id, job.id));
                self.alert_event(
                    &mut dice,
                    t,
                    &match_stream,
                    &matched,
                    candidate,
                    (None, Actor::Policy),
                );
            }
            if frequency == Frequency::Daily && !matched_ids.is_empty() {
                t += chrono::Duration::minutes(dice.random_range(60..1440));
                let day = t.date_naive();
                let digest = JobAlertEvent::JobAlertDigestSent {
                    digest_id: digest_id(alert_id, day),
                    alert_id,
                    candidate_id: candidate,
                    day,
                    match_ids: matched_ids,
                    sent_at: t,
                };
                let stream = domain::job_alert::digest_stream_id(digest_id(alert_id, day));
                self.alert_event(
                    &mut dice,
                    t,
                    &stream,
                    &digest,
                    candidate,
                    (None, Actor::Policy),
                );
            }
            if dice.random_bool(0.3) {
                t += chrono::Duration::minutes(dice.random_range(60..6000));
                let paused = JobAlertEvent::JobAlertPaused {
                    alert_id,
                    unsubscribed: dice.random_bool(0.3),
                    paused_at: t,
                };
                self.alert_event(&mut dice, t, &stream, &paused, candidate, me);
                if dice.random_bool(0.5) {
                    t += chrono::Duration::minutes(dice.random_range(60..6000));
                    let resumed = JobAlertEvent::JobAlertResumed {
                        alert_id,
                        resumed_at: t,
                    };
                    self.alert_event(&mut dice, t, &stream, &resumed, candidate, me);
                }
            }
            if dice.random_bool(0.2) {
                t += chrono::Duration::minutes(dice.random_range(60..6000));
                let deleted = JobAlertEvent::JobAlertDeleted {
                    alert_id,
                    deleted_at: t,
                };
                self.alert_event(&mut dice, t, &stream, &deleted, candidate, me);
            }
            last = last.max(t);
        }
        last
    }

    fn alert_event(
        &mut self,
        dice: &mut StdRng,
        t: DateTime<Utc>,
        stream: &str,
        event: &JobAlertEvent,
        candidate: Uuid,
        actor: (Option<Uuid>, Actor),
    ) {
        let id = uuid_at(t, dice);
        self.schedule_with_id(id, t, stream.to_owned(), event, Some(candidate), actor);
    }
}
