//! The purge of what is kept only for a while: answers kept for retried
//! commands (`idempotency_keys`) once 24 hours old, and throttle rows
//! (`login_throttle`, which hold client addresses and keyed hashes of emails)
//! once their window and any block are over. Every server runs it; a round
//! runs in one process at a time (a transaction-scoped advisory lock, so it
//! cannot stay behind on a pooled connection), and a process finding a round
//! under way skips its own: deleting twice would be harmless, only wasted.

use std::time::Duration;

use anyhow::Context;

use crate::app::AppState;

/// The advisory lock that makes a round run in one process ("purge").
pub const LOCK_KEY: i64 = 0x0000_0070_7572_6765;

/// What a round deleted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub cached_answers: u64,
    pub throttle_rows: u64,
    /// Another process was running a round: this one did nothing.
    pub skipped: bool,
}

/// One round.
pub async fn round(state: &AppState) -> anyhow::Result<Purged> {
    let mut tx = state
        .pool
        .begin()
        .await
        .context("Failed to start a purge round")?;
    // language=PostgreSQL
    let held: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)")
        .bind(LOCK_KEY)
        .fetch_one(&mut *tx)
        .await?;
    if !held {
        return Ok(Purged {
            skipped: true,
            ..Purged::default()
        });
    }
    let purged = Purged {
        cached_answers: crate::idempotency::purge_expired(&mut *tx)
            .await
            .context("Failed to purge expired cached answers")?,
        throttle_rows: crate::auth::throttle::purge_expired(&mut *tx)
            .await
            .context("Failed to purge expired throttle rows")?,
        skipped: false,
    };
    tx.commit()
        .await
        .context("Failed to commit a purge round")?;
    Ok(purged)
}

/// Runs a round every `interval` for as long as the server runs.
pub async fn run(state: AppState, interval: Duration) {
    loop {
        tokio::time::sleep(interval).await;
        match round(&state).await {
            Ok(p) if p.cached_answers + p.throttle_rows > 0 => tracing::info!(
                cached_answers = p.cached_answers,
                throttle_rows = p.throttle_rows,
                "purge round done"
            ),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "purge round failed"),
        }
    }
}
