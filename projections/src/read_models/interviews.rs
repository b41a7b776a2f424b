//! `interviews`: every interview with its current slot and status, for the
//! employer's applicant screen and the candidate's list of applications.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::interview::InterviewEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{column, stream_uuid};
use crate::{Change, FoldedRow, RowFold, RowOf};

pub struct InterviewsProjector;

impl RowFold for InterviewsProjector {
    const NAME: &'static str = "interviews";
    const TABLES: &'static [&'static str] = &["interviews"];
    type Event = InterviewEvent;
    type Row = Row;

    fn row_of(r: &RecordedEvent, event: &InterviewEvent) -> anyhow::Result<RowOf> {
        Ok(match event {
            InterviewEvent::InterviewScheduled { interview_id, .. } => RowOf::New(*interview_id),
            _ => RowOf::Existing(stream_uuid(&r.stream_id)?),
        })
    }

    fn fold(
        row: &mut Option<Row>,
        r: &RecordedEvent,
        event: &InterviewEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            InterviewEvent::InterviewScheduled {
                interview_id,
                application_id,
                candidate_id,
                employer_id,
                job_id,
                job_title,
                slot,
                scheduled_at,
            } => {
                anyhow::ensure!(row.is_none(), "interview {interview_id} is scheduled twice");
                *row = Some(Row {
                    id: *interview_id,
                    application_id: *application_id,
                    candidate_id: *candidate_id,
                    employer_id: *employer_id,
                    job_id: *job_id,
                    job_title: job_title.clone(),
                    starts_at: slot.starts_at,
                    duration_minutes: i32::from(slot.duration_minutes),
                    location: slot.location.clone(),
                    video_link: slot.video_link.clone(),
                    interviewers: serde_json::to_value(&slot.interviewers)?,
                    status: InterviewStatus::Scheduled,
                    cancel_reason: None,
                    version: r.stream_version,
                    updated_at: *scheduled_at,
                });
            }
            InterviewEvent::InterviewRescheduled {
                slot,
                rescheduled_at,
            } => {
                if let Some(row) = row {
                    row.starts_at = slot.starts_at;
                    row.duration_minutes = i32::from(slot.duration_minutes);
                    row.location = slot.location.clone();
                    row.video_link = slot.video_link.clone();
                    row.interviewers = serde_json::to_value(&slot.interviewers)?;
                    row.version = r.stream_version;
                    row.updated_at = *rescheduled_at;
                }
            }
            InterviewEvent::InterviewCancelled {
                reason,
                cancelled_at,
            } => {
                if let Some(row) = row {
                    row.status = InterviewStatus::Cancelled;
                    row.cancel_reason = reason.clone();
                    row.version = r.stream_version;
                    row.updated_at = *cancelled_at;
                }
            }
        }
        // Both sides hear of every event about an interview this model has
        // (one it never saw changes nothing): the candidate's application
        // and the employer's board show it.
        if let Some(row) = row {
            changes.push(Change::ApplicationChanged {
                candidate_id: row.candidate_id,
                application_id: row.application_id,
            });
            changes.push(Change::PipelineChanged {
                employer_id: row.employer_id,
                job_id: row.job_id,
                application_id: row.application_id,
            });
        }
        Ok(())
    }
}

/// Whether an interview is still on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InterviewStatus {
    Scheduled,
    Cancelled,
}

impl InterviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Scheduled => "scheduled",
            Self::Cancelled => "cancelled",
        }
    }
}

/// Read back from the `interviews.status` column.
impl TryFrom<String> for InterviewStatus {
    type Error = anyhow::Error;

    fn try_from(raw: String) -> anyhow::Result<Self> {
        [Self::Scheduled, Self::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == raw)
            .with_context(|| format!("unknown interview status {raw}"))
    }
}

/// A row of `interviews`, as the fold sees it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Row {
    id: Uuid,
    application_id: Uuid,
    candidate_id: Uuid,
    employer_id: Uuid,
    job_id: Uuid,
    job_title: String,
    starts_at: DateTime<Utc>,
    duration_minutes: i32,
    location: Option<String>,
    video_link: Option<String>,
    interviewers: Value,
    #[sqlx(try_from = "String")]
    status: InterviewStatus,
    cancel_reason: Option<String>,
    version: i64,
    updated_at: DateTime<Utc>,
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str =
        "SELECT id, application_id, candidate_id, employer_id, job_id, job_title, starts_at, duration_minutes,
                location, video_link, interviewers, status, cancel_reason, version, updated_at
           FROM interviews WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO interviews (id, application_id, candidate_id, employer_id, job_id, job_title, starts_at,
                                     duration_minutes, location, video_link, interviewers, status, cancel_reason, version,
                                     updated_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[],
                                  $7::timestamptz[], $8::int[], $9::text[], $10::text[], $11::jsonb[], $12::text[],
                                  $13::text[], $14::bigint[], $15::timestamptz[])
             ON CONFLICT (id) DO UPDATE SET
                 starts_at = EXCLUDED.starts_at, duration_minutes = EXCLUDED.duration_minutes,
                 location = EXCLUDED.location, video_link = EXCLUDED.video_link, interviewers = EXCLUDED.interviewers,
                 status = EXCLUDED.status, cancel_reason = EXCLUDED.cancel_reason, version = EXCLUDED.version,
                 updated_at = EXCLUDED.updated_at",
        )
        .bind(column!(rows, id))
        .bind(column!(rows, application_id))
        .bind(column!(rows, candidate_id))
        .bind(column!(rows, employer_id))
        .bind(column!(rows, job_id))
        .bind(column!(rows, job_title))
        .bind(column!(rows, starts_at))
        .bind(column!(rows, duration_minutes))
        .bind(column!(rows, location))
        .bind(column!(rows, video_link))
        .bind(column!(rows, interviewers))
        .bind(rows.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
        .bind(column!(rows, cancel_reason))
        .bind(column!(rows, version))
        .bind(column!(rows, updated_at))
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

/// An interview as both sides see it (the candidate without the version).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct InterviewRow {
    pub id: Uuid,
    pub application_id: Uuid,
    pub job_title: String,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub location: Option<String>,
    pub video_link: Option<String>,
    #[schema(value_type = Vec<String>)]
    pub interviewers: sqlx::types::Json<Vec<String>>,
    #[sqlx(try_from = "String")]
    pub status: InterviewStatus,
    pub cancel_reason: Option<String>,
    pub updated_at: DateTime<Utc>,
}

// language=PostgreSQL
const COLUMNS: &str = "id, application_id, job_title, starts_at, duration_minutes, location, video_link, interviewers,
    status, cancel_reason, updated_at";

/// One application's interviews, soonest first, for its employer.
pub async fn for_application(
    pool: &PgPool,
    employer: Uuid,
    application: Uuid,
) -> anyhow::Result<Vec<InterviewRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM interviews WHERE employer_id = $1 AND application_id = $2 ORDER BY starts_at, id"
    )))
    .bind(employer)
    .bind(application)
    .fetch_all(pool)
    .await
    .context("Failed to read an application's interviews")
}

/// Whose interviews still to come [`upcoming_ids`] lists.
#[derive(Debug, Clone, Copy)]
pub enum UpcomingOf {
    /// An application's, for a decision that may end it.
    Application(Uuid),
    /// A candidate's, for their erasure.
    Candidate(Uuid),
}

/// The ids of the interviews still to come (not cancelled, not started) of
/// an application or a candidate, for the write side to cancel; it checks
/// each against the interview's own stream.
pub async fn upcoming_ids(pool: &PgPool, of: UpcomingOf) -> anyhow::Result<Vec<Uuid>> {
    let (column, id) = match of {
        UpcomingOf::Application(id) => ("application_id", id),
        UpcomingOf::Candidate(id) => ("candidate_id", id),
    };
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT id FROM interviews
         WHERE {column} = $1 AND status = 'scheduled' AND starts_at > now()
         ORDER BY starts_at, id"
    )))
    .bind(id)
    .fetch_all(pool)
    .await
    .context("Failed to read the interviews still to come")
}

/// A booked interview on the employer's list of what is coming up: with
/// whom, for which job.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct UpcomingInterview {
    pub id: Uuid,
    pub application_id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    /// The candidate's name (`[erased]` once their data is erased, as on the
    /// board).
    pub candidate_name: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
    pub location: Option<String>,
    pub video_link: Option<String>,
    #[schema(value_type = Vec<String>)]
    pub interviewers: sqlx::types::Json<Vec<String>>,
}

/// An employer's booked interviews that have not ended, across their jobs,
/// soonest first, at most `limit`.
pub async fn coming_up_for_employer(
    pool: &PgPool,
    employer: Uuid,
    limit: i64,
) -> anyhow::Result<Vec<UpcomingInterview>> {
    sqlx::query_as(
        "SELECT i.id, i.application_id, i.job_id, i.job_title,
                c.name AS candidate_name,
                i.starts_at, i.duration_minutes, i.location, i.video_link, i.interviewers
           FROM interviews i
           LEFT JOIN accounts c ON c.id = i.candidate_id
          WHERE i.employer_id = $1 AND i.status = 'scheduled'
            -- none lasts longer than eight hours: a range the index can use
            AND i.starts_at > now() - interval '8 hours'
            AND i.starts_at + make_interval(mins => i.duration_minutes) > now()
          ORDER BY i.starts_at, i.id
          LIMIT $2",
    )
    .bind(employer)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to read an employer's interviews coming up")
}

/// Every interview of a candidate, soonest first.
pub async fn for_candidate(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<InterviewRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM interviews WHERE candidate_id = $1 ORDER BY starts_at, id"
    )))
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to read a candidate's interviews")
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::interview::Slot;

    use super::*;
    use crate::row_fold::recorded;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, hour, 0, 0).unwrap()
    }

    fn slot(hour: u32) -> Slot {
        Slot {
            starts_at: at(hour),
            duration_minutes: 45,
            location: Some("Room 1".into()),
            video_link: None,
            interviewers: vec!["Ada".into()],
        }
    }

    #[test]
    fn a_cancelled_interview_keeps_its_slot_and_both_sides_hear_of_it() {
        let id = Uuid::now_v7();
        let (application_id, candidate_id, employer_id, job_id) = (
            Uuid::now_v7(),
            Uuid::now_v7(),
            Uuid::now_v7(),
            Uuid::now_v7(),
        );
        let stream = domain::interview::stream_id(id);
        let mut row = None;
        let mut changes = Vec::new();
        let scheduled = InterviewEvent::InterviewScheduled {
            interview_id: id,
            application_id,
            candidate_id,
            employer_id,
            job_id,
            job_title: "Welder".into(),
            slot: slot(10),
            scheduled_at: at(8),
        };
        InterviewsProjector::fold(&mut row, &recorded(&stream, 1), &scheduled, &mut changes)
            .unwrap();
        let cancelled = InterviewEvent::InterviewCancelled {
            reason: Some("Filled".into()),
            cancelled_at: at(9),
        };
        InterviewsProjector::fold(&mut row, &recorded(&stream, 2), &cancelled, &mut changes)
            .unwrap();

        let row = row.expect("the interview stays, cancelled");
        assert_eq!(row.status, InterviewStatus::Cancelled);
        assert_eq!(row.cancel_reason.as_deref(), Some("Filled"));
        assert_eq!((row.starts_at, row.duration_minutes), (at(10), 45));
        assert_eq!(row.interviewers, serde_json::json!(["Ada"]));
        assert_eq!((row.version, row.updated_at), (2, at(9)));
        let heard = [
            Change::ApplicationChanged {
                candidate_id,
                application_id,
            },
            Change::PipelineChanged {
                employer_id,
                job_id,
                application_id,
            },
        ];
        assert_eq!(changes, [heard.clone(), heard].concat());
    }

    #[test]
    fn an_interview_never_scheduled_stays_absent_and_silent() {
        let stream = domain::interview::stream_id(Uuid::now_v7());
        let mut row = None;
        let mut changes = Vec::new();
        let rescheduled = InterviewEvent::InterviewRescheduled {
            slot: slot(11),
            rescheduled_at: at(9),
        };
        InterviewsProjector::fold(&mut row, &recorded(&stream, 2), &rescheduled, &mut changes)
            .unwrap();
        assert_eq!(row, None);
        assert!(changes.is_empty());
    }

    #[test]
    fn an_interview_is_scheduled_once() {
        let id = Uuid::now_v7();
        let scheduled = InterviewEvent::InterviewScheduled {
            interview_id: id,
            application_id: id,
            candidate_id: id,
            employer_id: id,
            job_id: id,
            job_title: "Welder".into(),
            slot: slot(10),
            scheduled_at: at(8),
        };
        let r = recorded(&domain::interview::stream_id(id), 1);
        let mut row = None;
        InterviewsProjector::fold(&mut row, &r, &scheduled, &mut Vec::new()).unwrap();
        assert!(InterviewsProjector::fold(&mut row, &r, &scheduled, &mut Vec::new()).is_err());
    }
}
