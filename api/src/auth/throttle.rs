//! Throttling of sign-in failures and password-reset requests, shared by every
//! api process through PostgreSQL. Per account email (per role) and per client
//! address: after too many in a window, further attempts get 429 with
//! Retry-After until the block ends. Limits apply whether or not the account
//! exists, so a 429 tells nobody which emails have accounts.

use std::net::IpAddr;

use anyhow::Context;
use domain::account::Role;
use sqlx::PgPool;

use crate::error::ApiError;

pub const WINDOW_MINUTES: i32 = 15;

/// What is being counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Failed sign-ins: guessing passwords.
    SignIn,
    /// Every reset request: each one mails the account's owner.
    PasswordReset,
}

impl Action {
    fn prefix(self) -> &'static str {
        match self {
            Self::SignIn => "signin",
            Self::PasswordReset => "reset",
        }
    }

    /// (per email, per address) within the window.
    pub fn limits(self) -> (i32, i32) {
        match self {
            Self::SignIn => (5, 30),
            Self::PasswordReset => (3, 20),
        }
    }
}

fn keys(action: Action, role: Role, email: &str, addr: Option<IpAddr>) -> Vec<String> {
    let email = event_store::hash_claim_value(&email.trim().to_lowercase());
    let prefix = action.prefix();
    let mut keys = vec![format!("{prefix}:email:{role}:{email}")];
    if let Some(addr) = addr {
        keys.push(format!("{prefix}:addr:{addr}"));
    }
    keys
}

/// 429 when any key is blocked.
pub async fn check(
    pool: &PgPool,
    action: Action,
    role: Role,
    email: &str,
    addr: Option<IpAddr>,
) -> Result<(), ApiError> {
    // language=PostgreSQL
    let blocked: Option<(f64,)> = sqlx::query_as(
        "SELECT extract(epoch FROM max(blocked_until) - now())::float8 FROM login_throttle
          WHERE key = ANY($1) AND blocked_until > now() HAVING max(blocked_until) IS NOT NULL",
    )
    .bind(keys(action, role, email, addr))
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

/// Counts one attempt (a failed sign-in, or any reset request).
pub async fn record(
    pool: &PgPool,
    action: Action,
    role: Role,
    email: &str,
    addr: Option<IpAddr>,
) -> anyhow::Result<()> {
    let (per_email, per_address) = action.limits();
    for (i, key) in keys(action, role, email, addr).into_iter().enumerate() {
        let limit = if i == 0 { per_email } else { per_address };
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
        .context("Failed to record an attempt in the throttle")?;
    }
    Ok(())
}

/// A successful sign-in clears the account's count (not the address's).
pub async fn record_success(pool: &PgPool, role: Role, email: &str) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        .bind(&keys(Action::SignIn, role, email, None)[0])
        .execute(pool)
        .await
        .context("Failed to clear the sign-in throttle")?;
    Ok(())
}
