//! `candidate_access_log`: each time staff opened a candidate's record.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::access::AccessEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Change, EventProjector};

pub struct AccessLogProjector;

impl EventProjector for AccessLogProjector {
    const NAME: &'static str = "access_log";
    const TABLES: &'static [&'static str] = &["candidate_access_log"];
    type Event = AccessEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        _: &RecordedEvent,
        event: AccessEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let AccessEvent::CandidateRecordViewed {
            candidate_id,
            viewed_by,
            viewed_at,
        } = event;
        // language=PostgreSQL
        sqlx::query("INSERT INTO candidate_access_log (candidate_id, viewed_by, viewed_at) VALUES ($1, $2, $3)")
            .bind(candidate_id)
            .bind(viewed_by)
            .bind(viewed_at)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Access {
    pub viewed_by: Uuid,
    /// The staff member's name, when their account is known.
    pub viewed_by_name: Option<String>,
    pub viewed_at: DateTime<Utc>,
}

/// The newest views of a candidate's record first.
pub async fn for_candidate(
    pool: &PgPool,
    candidate: Uuid,
    limit: i64,
) -> anyhow::Result<Vec<Access>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT l.viewed_by, a.name AS viewed_by_name, l.viewed_at
           FROM candidate_access_log l LEFT JOIN accounts a ON a.id = l.viewed_by
          WHERE l.candidate_id = $1 ORDER BY l.viewed_at DESC LIMIT $2",
    )
    .bind(candidate)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to read a candidate's access log")
}
