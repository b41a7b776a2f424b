//! What the read models hold about one person that their own screens do not
//! list in full, for their data export (APP 12, GDPR articles 15 and 20):
//! every application with its stage (withdrawn ones too), and every
//! notification. The export reads the rest through the other modules'
//! queries. Read-only: this module owns no table.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::application::ApplicationStatus;
use domain::pipeline::Stage;
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::notifications::Notification;

/// One application as the export shows it: what the candidate's list shows,
/// plus the pipeline stage and when it was withdrawn.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct ApplicationHeld {
    pub id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: String,
    /// What the candidate sees.
    #[sqlx(try_from = "String")]
    pub status: ApplicationStatus,
    /// Where the employer has it.
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub feedback: Option<String>,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub last_updated: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

/// Every application a candidate made, oldest first, withdrawn ones included.
pub async fn applications(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<ApplicationHeld>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, job_id, job_title, company, status, stage, feedback, resume_id, cover_letter_id,
                created_at, last_updated, withdrawn_at
           FROM applications WHERE candidate_id = $1 ORDER BY created_at, id",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to read a person's applications")
}

/// Every notification of an account, oldest first (the screens page them).
pub async fn notifications(pool: &PgPool, user: Uuid) -> anyhow::Result<Vec<Notification>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, kind, title, message, link, is_read, created_at, user_id FROM notifications
          WHERE user_id = $1 ORDER BY created_at, id",
    )
    .bind(user)
    .fetch_all(pool)
    .await
    .context("Failed to read a person's notifications")
}
