//! The `projector_checkpoints` rows: where each projector is in the log,
//! moved only forward and only against what was read, its failures, and the
//! status the CLI and the admin API show.

use anyhow::Context;
use chrono::{DateTime, Utc};
use event_store::GlobalCheckpoint;
use serde::Serialize;
use sqlx::PgConnection;
use sqlx::postgres::PgPool;

pub(super) async fn read_checkpoint(pool: &PgPool, name: &str) -> anyhow::Result<GlobalCheckpoint> {
    // language=PostgreSQL
    let (transaction_id, position): (i64, i64) = sqlx::query_as(
        "SELECT last_transaction_id, last_position FROM projector_checkpoints WHERE name = $1",
    )
    .bind(name)
    .fetch_one(pool)
    .await
    .with_context(|| format!("Failed to read the checkpoint of {name}"))?;
    Ok(GlobalCheckpoint {
        transaction_id,
        position,
    })
}

pub async fn ensure_checkpoint(pool: &PgPool, name: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("INSERT INTO projector_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(name)
        .execute(pool)
        .await
        .context("Failed to create a projector checkpoint")?;
    Ok(())
}

/// Locks the checkpoint row for the batch: a second runner (or a rebuild's swap)
/// waits here and then sees the advanced checkpoint, never the old one.
pub(crate) async fn lock_checkpoint(
    conn: &mut PgConnection,
    name: &str,
) -> anyhow::Result<GlobalCheckpoint> {
    // language=PostgreSQL
    let (transaction_id, position): (i64, i64) = sqlx::query_as(
        "SELECT last_transaction_id, last_position FROM projector_checkpoints WHERE name = $1 FOR UPDATE",
    )
    .bind(name)
    .fetch_one(&mut *conn)
    .await
    .with_context(|| format!("Failed to lock the checkpoint of {name}"))?;
    Ok(GlobalCheckpoint {
        transaction_id,
        position,
    })
}

/// Moves the checkpoint to `to` (status live, errors cleared).
pub(crate) async fn advance_checkpoint(
    conn: &mut PgConnection,
    name: &str,
    to: GlobalCheckpoint,
    seen: usize,
) -> anyhow::Result<()> {
    move_checkpoint(conn, name, None, to, seen).await.map(drop)
}

/// Moves the checkpoint to `to`, if it is still at `from` (any position when
/// `None`). Whether it moved.
pub(super) async fn move_checkpoint(
    conn: &mut PgConnection,
    name: &str,
    from: Option<GlobalCheckpoint>,
    to: GlobalCheckpoint,
    seen: usize,
) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let moved = sqlx::query(
        "UPDATE projector_checkpoints
            SET last_transaction_id = $4, last_position = $5, events_seen = events_seen + $6,
                status = 'live', last_error = NULL, failing_since = NULL, attempts = 0, updated_at = now()
          WHERE name = $1
            AND ($2::bigint IS NULL OR (last_transaction_id, last_position) = ($2, $3))",
    )
    .bind(name)
    .bind(from.map(|c| c.transaction_id))
    .bind(from.map(|c| c.position))
    .bind(to.transaction_id)
    .bind(to.position)
    .bind(seen as i64)
    .execute(&mut *conn)
    .await
    .context("Failed to advance a checkpoint")?;
    Ok(moved.rows_affected() == 1)
}

pub(super) async fn record_failure(pool: &PgPool, name: &str, error: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query(
        "UPDATE projector_checkpoints
            SET status = 'failing', last_error = $2, attempts = attempts + 1,
                failing_since = coalesce(failing_since, now()), updated_at = now()
          WHERE name = $1",
    )
    .bind(name)
    .bind(error)
    .execute(pool)
    .await
    .context("Failed to record a projector failure")?;
    Ok(())
}

/// What `projections status` and the admin API show.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ProjectorStatus {
    pub name: String,
    pub status: String,
    pub last_position: i64,
    pub events_seen: i64,
    /// Committed events the projector has not handled yet.
    pub lag: i64,
    pub last_error: Option<String>,
    pub failing_since: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub updated_at: DateTime<Utc>,
}

pub async fn status(pool: &PgPool) -> anyhow::Result<Vec<ProjectorStatus>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT c.name, c.status, c.last_position, c.events_seen,
                (SELECT count(*) FROM events e
                  WHERE (e.transaction_id, e.position) > (c.last_transaction_id::text::xid8, c.last_position)) AS lag,
                c.last_error, c.failing_since, c.attempts, c.updated_at
           FROM projector_checkpoints c ORDER BY c.name",
    )
    .fetch_all(pool)
    .await
    .context("Failed to read projector status")
}
