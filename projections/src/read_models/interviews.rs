//! `interviews`: every interview with its current slot and status, for the
//! employer's applicant screen and the candidate's list of applications.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::interview::{InterviewEvent, Slot};
use event_store::RecordedEvent;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{FoldedRow, SegmentRows, column, stream_uuid};
use crate::{Change, EventProjector};

pub struct InterviewsProjector;

impl EventProjector for InterviewsProjector {
    const NAME: &'static str = "interviews";
    const TABLES: &'static [&'static str] = &["interviews"];
    type Event = InterviewEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: InterviewEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
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
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO interviews (id, application_id, candidate_id, employer_id, job_id, job_title, starts_at,
                                             duration_minutes, location, video_link, interviewers, status, version, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'scheduled', $12, $13)",
                )
                .bind(interview_id)
                .bind(application_id)
                .bind(candidate_id)
                .bind(employer_id)
                .bind(job_id)
                .bind(job_title)
                .bind(slot.starts_at)
                .bind(i32::from(slot.duration_minutes))
                .bind(slot.location)
                .bind(slot.video_link)
                .bind(sqlx::types::Json(slot.interviewers))
                .bind(r.stream_version)
                .bind(scheduled_at)
                .execute(&mut *conn)
                .await?;
            }
            InterviewEvent::InterviewRescheduled {
                slot,
                rescheduled_at,
            } => {
                let Slot {
                    starts_at,
                    duration_minutes,
                    location,
                    video_link,
                    interviewers,
                } = slot;
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE interviews SET starts_at = $2, duration_minutes = $3, location = $4, video_link = $5,
                            interviewers = $6, version = $7, updated_at = $8 WHERE id = $1",
                )
                .bind(id)
                .bind(starts_at)
                .bind(i32::from(duration_minutes))
                .bind(location)
                .bind(video_link)
                .bind(sqlx::types::Json(interviewers))
                .bind(r.stream_version)
                .bind(rescheduled_at)
                .execute(&mut *conn)
                .await?;
            }
            InterviewEvent::InterviewCancelled {
                reason,
                cancelled_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE interviews SET status = 'cancelled', cancel_reason = $2, version = $3, updated_at = $4
                      WHERE id = $1",
                )
                .bind(id)
                .bind(reason)
                .bind(r.stream_version)
                .bind(cancelled_at)
                .execute(&mut *conn)
                .await?;
            }
        }
        // language=PostgreSQL
        let row: Option<(Uuid, Uuid, Uuid, Uuid)> = sqlx::query_as(
            "SELECT candidate_id, employer_id, job_id, application_id FROM interviews WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((candidate_id, employer_id, job_id, application_id)) = row {
            changes.push(Change::ApplicationChanged {
                candidate_id,
                application_id,
            });
            changes.push(Change::PipelineChanged {
                employer_id,
                job_id,
                application_id,
            });
        }
        Ok(())
    }
}

/// A row of `interviews`, as a rebuild batch folds it.
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

#[derive(Debug, Clone, sqlx::FromRow)]
struct Row {
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
