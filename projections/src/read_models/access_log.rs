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

    /// A run of views as one INSERT, live and in a rebuild (an erasure,
    /// should this projector ever forget anything, writes what came before
    /// it first).
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &AccessEvent)],
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let mut rows = Views::default();
        for (_, event) in segment {
            rows.push(event);
        }
        rows.write(conn).await
    }

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: AccessEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        self.fold_segment(conn, &[(r, &event)], changes).await
    }
}

/// A run of views to insert with one statement.
#[derive(Default)]
struct Views {
    candidates: Vec<Uuid>,
    viewers: Vec<Uuid>,
    times: Vec<DateTime<Utc>>,
}

impl Views {
    fn push(&mut self, event: &AccessEvent) {
        let AccessEvent::CandidateRecordViewed {
            candidate_id,
            viewed_by,
            viewed_at,
        } = event;
        self.candidates.push(*candidate_id);
        self.viewers.push(*viewed_by);
        self.times.push(*viewed_at);
    }

    async fn write(&mut self, conn: &mut PgConnection) -> anyhow::Result<()> {
        if self.candidates.is_empty() {
            return Ok(());
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO candidate_access_log (candidate_id, viewed_by, viewed_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])",
        )
        .bind(&self.candidates)
        .bind(&self.viewers)
        .bind(&self.times)
        .execute(&mut *conn)
        .await?;
        *self = Self::default();
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
