//! Read-your-writes: wait until every projector has passed a global position.

use std::time::Duration;

use crate::runtime::EventSource;
use anyhow::Context;
use sqlx::PgPool;
use uuid::Uuid;

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

/// Read your writes without the client's help: the position of `user`'s last
/// write (`last_writes`, recorded by whichever process took it) when some of
/// the named read models have not reached it yet; `None` when they all have
/// or the user has not written. One primary-key lookup; the checkpoints are
/// compared only for a user who has written.
pub async fn pending_write(
    pool: &PgPool,
    user: Uuid,
    names: &[&str],
) -> anyhow::Result<Option<i64>> {
    // language=PostgreSQL
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT w.position FROM last_writes w
          WHERE w.user_id = $1
            AND (SELECT count(*) FROM projector_checkpoints p
                  WHERE p.name = ANY($2)
                    AND (p.last_transaction_id, p.last_position) >= (w.transaction_id, w.position))
                < cardinality($2)",
    )
    .bind(user)
    .bind(names)
    .fetch_optional(pool)
    .await
    .context("Failed to read a user's last write")?;
    Ok(row.map(|(position,)| position))
}

/// The position of `user`'s last write, whether or not the read models hold
/// it (a standby may not, when the primary's do).
pub async fn last_write(pool: &PgPool, user: Uuid) -> anyhow::Result<Option<i64>> {
    // language=PostgreSQL
    sqlx::query_scalar("SELECT position FROM last_writes WHERE user_id = $1")
        .bind(user)
        .fetch_optional(pool)
        .await
        .context("Failed to read a user's last write")
}

/// Records `position` as `user`'s last write, kept only if it is later than
/// the one recorded.
pub async fn record_write(pool: &PgPool, user: Uuid, position: i64) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO last_writes (user_id, position, transaction_id)
         SELECT $1, position, transaction_id::text::bigint FROM events WHERE position = $2
         ON CONFLICT (user_id) DO UPDATE
            SET position = excluded.position, transaction_id = excluded.transaction_id, written_at = now()
          WHERE (last_writes.transaction_id, last_writes.position) < (excluded.transaction_id, excluded.position)",
    )
    .bind(user)
    .bind(position)
    .execute(pool)
    .await
    .context("Failed to record a user's last write")?;
    Ok(())
}

/// Forgets `user`'s last write if it is still `position`: a read waited for it
/// in vain (a stalled projector), and the next reads should not wait again.
pub async fn forget_write(pool: &PgPool, user: Uuid, position: i64) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("DELETE FROM last_writes WHERE user_id = $1 AND position = $2")
        .bind(user)
        .bind(position)
        .execute(pool)
        .await
        .context("Failed to forget a user's last write")?;
    Ok(())
}
