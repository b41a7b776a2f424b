//! Scheduled work that runs on one server of the cluster at a time
//! (retention, the daily alert digest): a session-level PostgreSQL advisory
//! lock held on a connection of its own for the length of one round.

use std::future::Future;

use anyhow::Context;
use sqlx::PgPool;

/// Runs `work` if no other server holds `key`, and returns its result;
/// `None` when another server is already doing it. The lock lives on a
/// detached connection, closed when the round ends however it ends, so it
/// never stays behind on a pooled connection.
pub async fn run<T, F>(pool: &PgPool, key: i64, what: &str, work: F) -> anyhow::Result<Option<T>>
where
    F: Future<Output = anyhow::Result<T>>,
{
    let mut lock = pool
        .acquire()
        .await
        .with_context(|| format!("Failed to get a connection for the {what} lock"))?
        .detach();
    // language=PostgreSQL
    let held: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(key)
        .fetch_one(&mut lock)
        .await?;
    if !held {
        return Ok(None);
    }
    let result = work.await;
    // language=PostgreSQL
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(key)
        .execute(&mut lock)
        .await?;
    result.map(Some)
}
