//! `applications`: every application with its job, status and feedback; the
//! candidate's list and the employer's inbox read it.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::application::ApplicationEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct ApplicationsProjector;

impl EventProjector for ApplicationsProjector {
    const NAME: &'static str = "applications";
    const TABLES: &'static [&'static str] = &["applications"];
    type Event = ApplicationEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ApplicationEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            ApplicationEvent::ApplicationSubmitted(s) => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO applications (id, candidate_id, employer_id, job_id, job_title, company, status,
                                               resume_id, cover_letter_id, created_at, last_updated)
                     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $9)",
                )
                .bind(s.application_id)
                .bind(s.candidate_id)
                .bind(s.employer_id)
                .bind(s.job_id)
                .bind(&s.job_title)
                .bind(&s.company)
                .bind(s.resume_id)
                .bind(s.cover_letter_id)
                .bind(s.submitted_at)
                .execute(&mut *conn)
                .await?;
                changes.push(Change::ApplicationChanged {
                    candidate_id: s.candidate_id,
                    application_id: s.application_id,
                });
            }
            ApplicationEvent::ApplicationStatusChanged {
                status,
                feedback,
                changed_at,
                ..
            } => {
                let id = stream_uuid(&r.stream_id)?;
                // language=PostgreSQL
                let row: Option<(Uuid,)> = sqlx::query_as(
                    "UPDATE applications SET status = $2, feedback = coalesce($3, feedback), last_updated = $4
                      WHERE id = $1 RETURNING candidate_id",
                )
                .bind(id)
                .bind(status.as_str())
                .bind(feedback)
                .bind(changed_at)
                .fetch_optional(&mut *conn)
                .await?;
                if let Some((candidate,)) = row {
                    changes.push(Change::ApplicationChanged {
                        candidate_id: candidate,
                        application_id: id,
                    });
                }
            }
        }
        Ok(())
    }
}

/// SPEC 3 'Application'.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Application {
    pub id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub last_updated: DateTime<Utc>,
    pub feedback: Option<String>,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_email: Option<String>,
}

pub async fn for_candidate(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<Application>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, job_id, job_title, company, status, created_at, last_updated, feedback, resume_id, cover_letter_id,
                NULL::text AS candidate_name, NULL::text AS candidate_email
           FROM applications WHERE candidate_id = $1 ORDER BY created_at DESC",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to list a candidate's applications")
}

/// Applications to an employer's own jobs, with who applied.
pub async fn for_employer(pool: &PgPool, employer: Uuid) -> anyhow::Result<Vec<Application>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT a.id, a.job_id, a.job_title, a.company, a.status, a.created_at, a.last_updated, a.feedback,
                a.resume_id, a.cover_letter_id, c.name AS candidate_name, c.email AS candidate_email
           FROM applications a LEFT JOIN accounts c ON c.id = a.candidate_id
          WHERE a.employer_id = $1 ORDER BY a.created_at DESC",
    )
    .bind(employer)
    .fetch_all(pool)
    .await
    .context("Failed to list an employer's applications")
}

/// Whether `document` is attached to an application to one of `employer`'s jobs.
pub async fn employer_may_read_document(
    pool: &PgPool,
    employer: Uuid,
    document: Uuid,
) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let (ok,): (bool,) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM applications WHERE employer_id = $1 AND (resume_id = $2 OR cover_letter_id = $2))",
    )
    .bind(employer)
    .bind(document)
    .fetch_one(pool)
    .await
    .context("Failed to check document access")?;
    Ok(ok)
}
