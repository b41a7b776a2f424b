//! `saved_jobs`: the jobs each candidate saved, and the list they read back
//! (with each job as it is now: a saved job that closed says so).

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::job::JobType;
use domain::saved_job::SavedJobEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::job_board::JobStatus;
use crate::{Change, EventProjector};

pub struct SavedJobsProjector;

impl EventProjector for SavedJobsProjector {
    const NAME: &'static str = "saved_jobs";
    const TABLES: &'static [&'static str] = &["saved_jobs"];
    type Event = SavedJobEvent;

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM saved_jobs WHERE candidate_id = $1"];
    const FOUND_BY: &'static [&'static str] = &["candidate_id"];

    async fn handle(
        &self,
        conn: &mut PgConnection,
        _: &RecordedEvent,
        event: SavedJobEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            SavedJobEvent::JobSaved {
                candidate_id,
                job_id,
                saved_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO saved_jobs (candidate_id, job_id, saved_at) VALUES ($1, $2, $3)
                     ON CONFLICT (candidate_id, job_id) DO UPDATE SET saved_at = EXCLUDED.saved_at",
                )
                .bind(candidate_id)
                .bind(job_id)
                .bind(saved_at)
                .execute(&mut *conn)
                .await?;
            }
            SavedJobEvent::JobUnsaved {
                candidate_id,
                job_id,
                ..
            } => {
                // language=PostgreSQL
                sqlx::query("DELETE FROM saved_jobs WHERE candidate_id = $1 AND job_id = $2")
                    .bind(candidate_id)
                    .bind(job_id)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

/// A saved job as the candidate's list shows it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct SavedJob {
    pub job_id: Uuid,
    pub title: String,
    pub company: String,
    pub location: String,
    #[serde(rename = "type")]
    #[sqlx(try_from = "String")]
    pub job_type: JobType,
    pub salary: String,
    /// `open`, `expired` (past its closing date) or `closed` (by its employer
    /// or the agency, or its employer is suspended): only an open job can be
    /// applied for.
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub expires_at: Option<DateTime<Utc>>,
    pub saved_at: DateTime<Utc>,
}

/// A candidate's saved jobs, the last saved first.
pub async fn for_candidate(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<SavedJob>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT s.job_id, j.title, j.company, j.location, j.job_type, j.salary,
                CASE WHEN j.status <> 'open' THEN j.status
                     WHEN EXISTS (SELECT 1 FROM accounts a WHERE a.id = j.employer_id AND a.status = 'suspended') THEN 'closed'
                     WHEN j.expires_at IS NOT NULL AND j.expires_at <= now() THEN 'expired'
                     ELSE 'open' END AS status,
                j.expires_at, s.saved_at
           FROM saved_jobs s JOIN jobs j ON j.id = s.job_id
          WHERE s.candidate_id = $1
          ORDER BY s.saved_at DESC, s.job_id",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to list a candidate's saved jobs")
}
