//! `erasures`: one row per data subject with a retention warning or an
//! erasure. The admin's record of who was erased, when, why and by whom, and
//! what the retention job reads to know whom it warned. Nothing personal: ids,
//! kinds, grounds and times.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::erasure::{ErasureEvent, Grounds, SubjectKind};
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct ErasuresProjector;

impl EventProjector for ErasuresProjector {
    const NAME: &'static str = "erasures";
    const TABLES: &'static [&'static str] = &["erasures"];
    type Event = ErasureEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ErasureEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        match event {
            ErasureEvent::RetentionWarningSent {
                erase_after,
                warned_at,
                ..
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO erasures (subject_id, subject_kind, warned_at, erase_after) VALUES ($1, 'candidate', $2, $3)
                     ON CONFLICT (subject_id) DO UPDATE SET warned_at = EXCLUDED.warned_at, erase_after = EXCLUDED.erase_after",
                )
                .bind(id)
                .bind(warned_at)
                .bind(erase_after)
                .execute(&mut *conn)
                .await?;
            }
            ErasureEvent::PersonErased {
                subject_kind,
                grounds,
                requested_by,
                erased_at,
                ..
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO erasures (subject_id, subject_kind, grounds, requested_by, erased_at)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (subject_id) DO UPDATE SET subject_kind = EXCLUDED.subject_kind,
                         grounds = EXCLUDED.grounds, requested_by = EXCLUDED.requested_by, erased_at = EXCLUDED.erased_at",
                )
                .bind(id)
                .bind(subject_kind.as_str())
                .bind(grounds.as_str())
                .bind(requested_by)
                .bind(erased_at)
                .execute(&mut *conn)
                .await?;
            }
            ErasureEvent::ErasureCompleted { completed_at, .. } => {
                // language=PostgreSQL
                sqlx::query("UPDATE erasures SET completed_at = $2 WHERE subject_id = $1")
                    .bind(id)
                    .bind(completed_at)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        Ok(())
    }
}

/// One erasure as the admin's privacy screen lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ErasureRow {
    pub subject_id: Uuid,
    #[sqlx(try_from = "String")]
    pub subject_kind: SubjectKind,
    #[sqlx(try_from = "String")]
    pub grounds: Grounds,
    pub requested_by: Option<Uuid>,
    /// The admin who asked (the person themselves read `[erased]`).
    pub requested_by_name: Option<String>,
    pub erased_at: DateTime<Utc>,
    /// When the steps after the erasure (files) were done; `null` while they run.
    pub completed_at: Option<DateTime<Utc>>,
}

/// Erasures, newest first.
pub async fn list(pool: &PgPool, limit: i64) -> anyhow::Result<Vec<ErasureRow>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT e.subject_id, e.subject_kind, e.grounds, e.requested_by, a.name AS requested_by_name,
                e.erased_at, e.completed_at
           FROM erasures e LEFT JOIN accounts a ON a.id = e.requested_by
          WHERE e.erased_at IS NOT NULL
          ORDER BY e.erased_at DESC, e.subject_id
          LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to list erasures")
}

/// Erasures whose steps after the append have not been recorded as done
/// (a process stopped half way): the retention job finishes them.
pub async fn unfinished(pool: &PgPool) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid,)> = sqlx::query_as(
        "SELECT subject_id FROM erasures WHERE erased_at IS NOT NULL AND completed_at IS NULL
          ORDER BY erased_at LIMIT 100",
    )
    .fetch_all(pool)
    .await
    .context("Failed to list unfinished erasures")?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
