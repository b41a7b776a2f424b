//! Read-your-writes: wait until every projector has passed a global position.

use std::time::Duration;

use crate::runtime::EventSource;
use anyhow::Context;
use sqlx::PgPool;

/// Waits until every projector's checkpoint has reached the event at `position`,
/// or `timeout` passes. Returns whether it was reached.
pub async fn until_position(
    source: &EventSource,
    names: &[&str],
    position: i64,
    timeout: Duration,
) -> anyhow::Result<bool> {
    let Some(target) = source.store.checkpoint_of(position).await? else {
        // Not committed (or never written): nothing to wait for.
        return Ok(true);
    };
    let deadline = tokio::time::Instant::now() + timeout;
    let mut pause = Duration::from_millis(2);
    loop {
        if reached(&source.pool, names, target.transaction_id, target.position).await? {
            return Ok(true);
        }
        if tokio::time::Instant::now() >= deadline {
            return Ok(false);
        }
        // Poll, backing off: the projector's leader may be another process.
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

async fn reached(
    pool: &PgPool,
    names: &[&str],
    transaction_id: i64,
    position: i64,
) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let (count,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM projector_checkpoints
          WHERE name = ANY($1) AND (last_transaction_id, last_position) >= ($2, $3)",
    )
    .bind(names)
    .bind(transaction_id)
    .bind(position)
    .fetch_one(pool)
    .await
    .context("Failed to read projector checkpoints")?;
    Ok(count as usize == names.len())
}
