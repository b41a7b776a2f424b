//! Failed sign-in throttling, shared by every api process through PostgreSQL.
//! Per account email (per role) and per client address: after too many failures
//! in a window, further attempts get 429 with Retry-After until the block ends.

use std::net::IpAddr;

use anyhow::Context;
use domain::account::Role;
use sqlx::PgPool;

use crate::error::ApiError;

pub const MAX_FAILURES_PER_EMAIL: i32 = 5;
pub const MAX_FAILURES_PER_ADDRESS: i32 = 30;
pub const WINDOW_MINUTES: i32 = 15;

fn keys(role: Role, email: &str, addr: Option<IpAddr>) -> Vec<String> {
    let email = commands::store::hash_claim_value(&email.trim().to_lowercase());
    let mut keys = vec![format!("email:{role}:{email}")];
    if let Some(addr) = addr {
        keys.push(format!("addr:{addr}"));
    }
    keys
}

/// 429 when any key is blocked.
pub async fn check(
    pool: &PgPool,
    role: Role,
    email: &str,
    addr: Option<IpAddr>,
) -> Result<(), ApiError> {
    // language=PostgreSQL
    let blocked: Option<(f64,)> = sqlx::query_as(
        "SELECT extract(epoch FROM max(blocked_until) - now())::float8 FROM login_throttle
          WHERE key = ANY($1) AND blocked_until > now() HAVING max(blocked_until) IS NOT NULL",
    )
    .bind(keys(role, email, addr))
    .fetch_optional(pool)
    .await
    .context("Failed to read the sign-in throttle")?;
    match blocked {
        Some((secs,)) => Err(ApiError::TooManyRequests {
            retry_after_secs: secs.ceil() as u64,
        }),
        None => Ok(()),
    }
}

pub async fn record_failure(
    pool: &PgPool,
    role: Role,
    email: &str,
    addr: Option<IpAddr>,
) -> anyhow::Result<()> {
    for key in keys(role, email, addr) {
        let limit = if key.starts_with("email:") {
            MAX_FAILURES_PER_EMAIL
        } else {
            MAX_FAILURES_PER_ADDRESS
        };
        // A window older than WINDOW_MINUTES starts over; reaching the limit blocks
        // the key for a full window.
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO login_throttle AS t (key, failures, window_start) VALUES ($1, 1, now())
             ON CONFLICT (key) DO UPDATE SET
                 failures = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END,
                 window_start = CASE WHEN t.window_start < now() - make_interval(mins => $3) THEN now() ELSE t.window_start END,
                 blocked_until = CASE
                     WHEN t.window_start >= now() - make_interval(mins => $3) AND t.failures + 1 >= $2
                     THEN now() + make_interval(mins => $3)
                     ELSE t.blocked_until END",
        )
        .bind(&key)
        .bind(limit)
        .bind(WINDOW_MINUTES)
        .execute(pool)
        .await
        .context("Failed to record a failed sign-in")?;
    }
    Ok(())
}

/// A successful sign-in clears the account's count (not the address's).
pub async fn record_success(pool: &PgPool, role: Role, email: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        .bind(&keys(role, email, None)[0])
        .execute(pool)
        .await
        .context("Failed to clear the sign-in throttle")?;
    Ok(())
}
