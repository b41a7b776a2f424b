//! `job_alerts` and `job_alert_matches`: candidates' saved searches and the
//! published jobs that matched them (issue 28), and `job_alert_weeks`, the
//! alerts created and mails sent each week. Also the query the job alert
//! policy asks when a job goes on the board: which active alerts it matches.
//!
//! A run of events is folded in memory (`Run::fold`, the one place of the
//! read model's logic) and written set-wise, live and in a rebuild alike.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, Utc};
use domain::job::{JobType, Specialisation};
use domain::job_alert::{AlertSearch, Frequency, JobAlertEvent};
use event_store::RecordedEvent;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{Nullable, column};
use crate::{Change, EventProjector};

pub struct JobAlertsProjector;

impl EventProjector for JobAlertsProjector {
    const NAME: &'static str = "job_alerts";
    const TABLES: &'static [&'static str] = &["job_alerts", "job_alert_matches", "job_alert_weeks"];
    type Event = JobAlertEvent;

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &[
        "DELETE FROM job_alerts WHERE candidate_id = $1",
        "DELETE FROM job_alert_matches WHERE candidate_id = $1",
    ];
    /// Erasures find rows by `candidate_id`; a deleted alert's stored
    /// matches go by `alert_id` (see `Run::write`).
    const FOUND_BY: &'static [&'static str] = &["candidate_id", "alert_id"];

    /// A run of alert events, live and in a rebuild alike: one SELECT of the
    /// stored alerts the run names, the pure `Run::fold` of every event in
    /// order (the read model's logic, its one place), then `Run::write`:
    /// at most one statement per kind of write, however long the run.
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &JobAlertEvent)],
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        if segment.is_empty() {
            return Ok(());
        }
        let events: Vec<&JobAlertEvent> = segment.iter().map(|(_, event)| *event).collect();
        let mut run = Run::new(stored_alerts(conn, &alerts_to_read(&events)).await?);
        for event in events {
            run.fold(event)?;
        }
        run.write(conn).await
    }

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: JobAlertEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        self.fold_segment(conn, &[(r, &event)], changes).await
    }
}

/// The alerts a run names that may be stored already: each whose first
/// event in the run is not its creation (one the run creates is new, and a
/// digest names matches, not the alert it reads).
fn alerts_to_read(events: &[&JobAlertEvent]) -> Vec<Uuid> {
    let mut seen = HashSet::new();
    let mut ids = Vec::new();
    for event in events {
        let (id, created) = match event {
            JobAlertEvent::JobAlertCreated(c) => (c.alert_id, true),
            JobAlertEvent::JobAlertEdited { alert_id, .. }
            | JobAlertEvent::JobAlertPaused { alert_id, .. }
            | JobAlertEvent::JobAlertResumed { alert_id, .. }
            | JobAlertEvent::JobAlertDeleted { alert_id, .. } => (*alert_id, false),
            JobAlertEvent::JobAlertMatched(m) => (m.alert_id, false),
            JobAlertEvent::JobAlertDigestSent { .. } => continue,
        };
        if seen.insert(id) && !created {
            ids.push(id);
        }
    }
    ids
}

/// The stored alerts of `ids`, read once; no ids, no query.
async fn stored_alerts(conn: &mut PgConnection, ids: &[Uuid]) -> anyhow::Result<Vec<AlertRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // language=PostgreSQL
    let rows = sqlx::query_as(
        "SELECT id, candidate_id, name, keywords, location_id, salary_range_id, job_type, specialisation,
                frequency, paused, created_at, updated_at
           FROM job_alerts WHERE id = ANY($1)",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows)
}

/// A row of `job_alerts` as the fold sees it (its generated word columns
/// are the database's).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
struct AlertRow {
    id: Uuid,
    candidate_id: Uuid,
    name: String,
    keywords: Option<String>,
    location_id: Option<Uuid>,
    salary_range_id: Option<Uuid>,
    #[sqlx(try_from = "Nullable")]
    job_type: Option<JobType>,
    #[sqlx(try_from = "Nullable")]
    specialisation: Option<Specialisation>,
    #[sqlx(try_from = "String")]
    frequency: Frequency,
    paused: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl AlertRow {
    /// Its search and frequency as an event states them.
    fn set_search(&mut self, name: &str, s: &AlertSearch, frequency: Frequency) {
        self.name = name.to_owned();
        self.keywords = s.keywords.clone();
        self.location_id = s.location_id;
        self.salary_range_id = s.salary_range_id;
        self.job_type = s.job_type;
        self.specialisation = s.specialisation;
        self.frequency = frequency;
    }
}

/// A row of `job_alert_matches` a run adds.
#[derive(Debug, Clone, PartialEq)]
struct MatchRow {
    id: Uuid,
    alert_id: Uuid,
    candidate_id: Uuid,
    job_id: Uuid,
    job_title: String,
    frequency: Frequency,
    matched_at: DateTime<Utc>,
    digested_at: Option<DateTime<Utc>>,
}

/// What a run of events does to the three tables, folded in memory: the
/// same rows as applying its events one at a time, written at the end.
#[derive(Debug, Default)]
struct Run {
    /// Every alert the run names: as stored before it (absent: none), then
    /// as folded (`None`: deleted).
    alerts: HashMap<Uuid, Option<AlertRow>>,
    /// The alerts the run changed, in the order first changed.
    changed: Vec<Uuid>,
    changed_set: HashSet<Uuid>,
    /// Every alert the run deleted: its stored matches go with it.
    deleted: Vec<Uuid>,
    /// The matches the run adds, in order (`None`: its alert was deleted
    /// since).
    matches: Vec<Option<MatchRow>>,
    /// Where each match the run adds (and still has) is in `matches`.
    match_at: HashMap<Uuid, usize>,
    /// The run's matches of each alert, by place in `matches`, so a
    /// deletion finds its alert's without reading every match.
    matches_of: HashMap<Uuid, Vec<usize>>,
    /// Each match a digest carried and when the last one was sent, for the
    /// stored matches (those the run adds hold it already).
    digested: HashMap<Uuid, DateTime<Utc>>,
    /// Alerts created and mails sent, by when: the week each falls in is
    /// the database's to work out, as it always has (a Sydney week).
    counts: BTreeMap<DateTime<Utc>, (i32, i32)>,
}

impl Run {
    /// A run over these stored alerts.
    fn new(stored: Vec<AlertRow>) -> Self {
        Self {
            alerts: stored.into_iter().map(|row| (row.id, Some(row))).collect(),
            ..Self::default()
        }
    }

    /// The read model's logic: how `event` changes the alerts, their
    /// matches and the weekly counts. Pure: no IO, nothing but its arguments.
    fn fold(&mut self, event: &JobAlertEvent) -> anyhow::Result<()> {
        match event {
            JobAlertEvent::JobAlertCreated(c) => {
                let row = self.alerts.entry(c.alert_id).or_insert(None);
                anyhow::ensure!(row.is_none(), "job alert {} is created twice", c.alert_id);
                let mut alert = AlertRow {
                    id: c.alert_id,
                    candidate_id: c.candidate_id,
                    name: String::new(),
                    keywords: None,
                    location_id: None,
                    salary_range_id: None,
                    job_type: None,
                    specialisation: None,
                    frequency: c.frequency,
                    paused: false,
                    created_at: c.created_at,
                    updated_at: c.created_at,
                };
                alert.set_search(&c.name, &c.search, c.frequency);
                *row = Some(alert);
                self.mark_changed(c.alert_id);
                self.count(c.created_at, 1, 0);
            }
            JobAlertEvent::JobAlertEdited {
                alert_id,
                name,
                search,
                frequency,
                edited_at,
            } => self.change(*alert_id, |row| {
                row.set_search(name, search, *frequency);
                row.updated_at = *edited_at;
            }),
            JobAlertEvent::JobAlertPaused {
                alert_id,
                paused_at,
                ..
            } => self.change(*alert_id, |row| {
                row.paused = true;
                row.updated_at = *paused_at;
            }),
            JobAlertEvent::JobAlertResumed {
                alert_id,
                resumed_at,
            } => self.change(*alert_id, |row| {
                row.paused = false;
                row.updated_at = *resumed_at;
            }),
            JobAlertEvent::JobAlertDeleted { alert_id, .. } => {
                if let Some(row) = self.alerts.get_mut(alert_id)
                    && row.take().is_some()
                {
                    self.mark_changed(*alert_id);
                }
                if !self.deleted.contains(alert_id) {
                    self.deleted.push(*alert_id);
                }
                for at in self.matches_of.remove(alert_id).unwrap_or_default() {
                    if let Some(m) = self.matches[at].take() {
                        self.match_at.remove(&m.id);
                    }
                }
            }
            JobAlertEvent::JobAlertDigestSent {
                match_ids, sent_at, ..
            } => {
                for id in match_ids {
                    if let Some(&at) = self.match_at.get(id)
                        && let Some(m) = &mut self.matches[at]
                    {
                        m.digested_at = Some(*sent_at);
                    }
                    self.digested.insert(*id, *sent_at);
                }
                self.count(*sent_at, 0, 1);
            }
            JobAlertEvent::JobAlertMatched(m) => {
                // An alert deleted before its match was projected keeps no
                // match (as a deletion after it removes them); a match
                // already there stays as it is.
                if matches!(self.alerts.get(&m.alert_id), Some(Some(_)))
                    && !self.match_at.contains_key(&m.match_id)
                {
                    self.match_at.insert(m.match_id, self.matches.len());
                    self.matches_of
                        .entry(m.alert_id)
                        .or_default()
                        .push(self.matches.len());
                    self.matches.push(Some(MatchRow {
                        id: m.match_id,
                        alert_id: m.alert_id,
                        candidate_id: m.candidate_id,
                        job_id: m.job_id,
                        job_title: m.job_title.clone(),
                        frequency: m.frequency,
                        matched_at: m.matched_at,
                        digested_at: None,
                    }));
                }
                if m.mailed {
                    self.count(m.matched_at, 0, 1);
                }
            }
        }
        Ok(())
    }

    /// Changes the alert `id` if it is there (an event about an alert this
    /// model does not have changes nothing).
    fn change(&mut self, id: Uuid, change: impl FnOnce(&mut AlertRow)) {
        if let Some(Some(row)) = self.alerts.get_mut(&id) {
            change(row);
            self.mark_changed(id);
        }
    }

    fn mark_changed(&mut self, id: Uuid) {
        if self.changed_set.insert(id) {
            self.changed.push(id);
        }
    }

    fn count(&mut self, at: DateTime<Utc>, created: i32, mailed: i32) {
        let counts = self.counts.entry(at).or_default();
        counts.0 += created;
        counts.1 += mailed;
    }

    /// The alerts the run changed and leaves in place, in the order first
    /// changed: what it upserts (what it removed is `deleted`).
    fn upserts(&self) -> Vec<&AlertRow> {
        self.changed
            .iter()
            .filter_map(|id| self.alerts.get(id).and_then(Option::as_ref))
            .collect()
    }

    /// Writes what the run did: the deleted alerts and their stored matches
    /// go, the changed alerts are upserted, the stored matches' digests set
    /// (before the run's own matches go in, which hold theirs), the new
    /// matches inserted and the weekly counts added, one statement each.
    async fn write(self, conn: &mut PgConnection) -> anyhow::Result<()> {
        // A deleted alert goes with its stored matches (one the run deletes
        // and creates again is upserted after).
        if !self.deleted.is_empty() {
            // language=PostgreSQL
            sqlx::query("DELETE FROM job_alerts WHERE id = ANY($1)")
                .bind(&self.deleted)
                .execute(&mut *conn)
                .await?;
            // language=PostgreSQL
            sqlx::query("DELETE FROM job_alert_matches WHERE alert_id = ANY($1)")
                .bind(&self.deleted)
                .execute(&mut *conn)
                .await?;
        }
        let upserts = self.upserts();
        if !upserts.is_empty() {
            upsert_alerts(conn, &upserts).await?;
        }
        if !self.digested.is_empty() {
            let (ids, times): (Vec<Uuid>, Vec<DateTime<Utc>>) = self.digested.into_iter().unzip();
            // language=PostgreSQL
            sqlx::query(
                "UPDATE job_alert_matches m SET digested_at = d.at
                   FROM unnest($1::uuid[], $2::timestamptz[]) AS d(id, at)
                  WHERE m.id = d.id",
            )
            .bind(ids)
            .bind(times)
            .execute(&mut *conn)
            .await?;
        }
        let matches: Vec<&MatchRow> = self.matches.iter().flatten().collect();
        if !matches.is_empty() {
            insert_matches(conn, &matches).await?;
        }
        if !self.counts.is_empty() {
            let (times, counts): (Vec<DateTime<Utc>>, Vec<(i32, i32)>) =
                self.counts.into_iter().unzip();
            let (created, mailed): (Vec<i32>, Vec<i32>) = counts.into_iter().unzip();
            // The Sydney week each falls in, worked out as it always was.
            // language=PostgreSQL
            sqlx::query(
                "INSERT INTO job_alert_weeks (week, alerts_created, mails_sent)
                 SELECT date_trunc('week', c.at AT TIME ZONE 'Australia/Sydney')::date,
                        sum(c.created)::int, sum(c.mailed)::int
                   FROM unnest($1::timestamptz[], $2::int[], $3::int[]) AS c(at, created, mailed)
                  GROUP BY 1
                 ON CONFLICT (week) DO UPDATE
                    SET alerts_created = job_alert_weeks.alerts_created + EXCLUDED.alerts_created,
                        mails_sent = job_alert_weeks.mails_sent + EXCLUDED.mails_sent",
            )
            .bind(times)
            .bind(created)
            .bind(mailed)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

/// Writes alerts with one statement: each alert the run changed once,
/// however many of its events the run folded, so its generated word columns
/// are worked out once per run, not once per event (twice for a stored
/// alert: for the proposed row and for the update; a pause rewrites them as
/// an edit does).
async fn upsert_alerts(conn: &mut PgConnection, rows: &[&AlertRow]) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO job_alerts (id, candidate_id, name, keywords, location_id, salary_range_id, job_type,
                                 specialisation, frequency, paused, created_at, updated_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::uuid[], $7::text[],
                              $8::text[], $9::text[], $10::bool[], $11::timestamptz[], $12::timestamptz[])
         ON CONFLICT (id) DO UPDATE SET
             candidate_id = EXCLUDED.candidate_id, name = EXCLUDED.name, keywords = EXCLUDED.keywords,
             location_id = EXCLUDED.location_id, salary_range_id = EXCLUDED.salary_range_id,
             job_type = EXCLUDED.job_type, specialisation = EXCLUDED.specialisation,
             frequency = EXCLUDED.frequency, paused = EXCLUDED.paused, created_at = EXCLUDED.created_at,
             updated_at = EXCLUDED.updated_at",
    )
    .bind(column!(rows, id))
    .bind(column!(rows, candidate_id))
    .bind(column!(rows, name))
    .bind(column!(rows, keywords))
    .bind(column!(rows, location_id))
    .bind(column!(rows, salary_range_id))
    .bind(rows.iter().map(|r| r.job_type.map(JobType::label)).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.specialisation.map(Specialisation::label)).collect::<Vec<_>>())
    .bind(rows.iter().map(|r| r.frequency.as_str()).collect::<Vec<_>>())
    .bind(column!(rows, paused))
    .bind(column!(rows, created_at))
    .bind(column!(rows, updated_at))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Inserts a run's matches with one statement (one already there stays).
async fn insert_matches(conn: &mut PgConnection, rows: &[&MatchRow]) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO job_alert_matches (id, alert_id, candidate_id, job_id, job_title, frequency, matched_at,
                                        digested_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                              $7::timestamptz[], $8::timestamptz[])
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(column!(rows, id))
    .bind(column!(rows, alert_id))
    .bind(column!(rows, candidate_id))
    .bind(column!(rows, job_id))
    .bind(column!(rows, job_title))
    .bind(rows.iter().map(|r| r.frequency.as_str()).collect::<Vec<_>>())
    .bind(column!(rows, matched_at))
    .bind(column!(rows, digested_at))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

mod queries;
pub use queries::*;

#[cfg(test)]
mod tests;
