//! Throttling, shared by every api process through PostgreSQL: sign-ins and
//! password-reset requests per account email (per role) and per client
//! address; registrations, contact messages, uploads and export links per
//! client address (each one writes, mails, stores or sends something). An attempt is counted *before* it is judged, in one statement over
//! every key, so parallel guesses cannot all pass the check before any failure
//! is recorded. Past the limit, attempts get 429 with Retry-After until the
//! block ends. Limits apply whether or not the account exists, so a 429 tells
//! nobody which emails have accounts.

use anyhow::Context;
use domain::account::Role;
use sqlx::PgPool;

use crate::app::AppState;
use crate::auth::client_addr::ClientKey;
use crate::error::ApiError;

pub const WINDOW_MINUTES: i32 = 15;

/// What is being counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Sign-ins (and two-factor codes): guessing passwords. A success gives
    /// its attempt back.
    SignIn,
    /// Every reset request: each one mails the account's owner.
    PasswordReset,
    /// Self-registration: each one creates an account (and mails).
    Register,
    /// The public contact form: each message lands in the agency's inbox.
    Contact,
    /// Uploads of documents, resumes and logos: each one stores bytes.
    Upload,
    /// Data-export links: each one lets a whole archive be read and sent.
    Export,
}

impl Action {
    fn prefix(self) -> &'static str {
        match self {
            Self::SignIn => "signin",
            Self::PasswordReset => "reset",
            Self::Register => "register",
            Self::Contact => "contact",
            Self::Upload => "upload",
            Self::Export => "export",
        }
    }

    /// (per email, per address) attempts judged within the window. Actions
    /// counted per address only have no email limit.
    pub fn limits(self) -> (i32, i32) {
        match self {
            Self::SignIn => (5, 30),
            Self::PasswordReset => (3, 20),
            // An office or a university network shares one address: room
            // for a class signing up together, not for a script.
            Self::Register => (0, 30),
            Self::Contact => (0, 5),
            Self::Upload => (0, 40),
            // A person needs one now and then; an admin a few in a row.
            Self::Export => (0, 10),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::SignIn => "sign_in",
            Self::PasswordReset => "password_reset",
            Self::Register => "register",
            Self::Contact => "contact",
            Self::Upload => "upload",
            Self::Export => "export",
        }
    }
}

/// Keyed like the claims, so the table names no email a guess could confirm.
fn email_key(state: &AppState, action: Action, role: Role, email: &str) -> String {
    let email = state.commands.hasher.hash(&email.trim().to_lowercase());
    format!("{}:email:{role}:{email}", action.prefix())
}

fn addr_key(action: Action, client: &ClientKey) -> String {
    format!("{}:addr:{client}", action.prefix())
}

/// Forgets the throttle's rows for an email (an erased person's): the keyed
/// hash of their address goes with them.
pub async fn forget_email(state: &AppState, role: Role, email: &str) -> Result<(), ApiError> {
    let keys: Vec<String> = [Action::SignIn, Action::PasswordReset]
        .into_iter()
        .map(|action| email_key(state, action, role, email))
        .collect();
    // language=PostgreSQL
    sqlx::query("DELETE FROM login_throttle WHERE key = ANY($1)")
        .bind(&keys)
        .execute(&state.pool)
        .await
        .context("Failed to forget an email's throttle rows")?;
    Ok(())
}

/// Counts one attempt and answers 429 when the email or the address is past
/// its limit. Call it before checking the password.
pub async fn attempt(
    state: &AppState,
    action: Action,
    role: Role,
    email: &str,
    client: &ClientKey,
) -> Result<(), ApiError> {
    let (per_email, per_address) = action.limits();
    count(
        &state.pool,
        action,
        vec![
            (email_key(state, action, role, email), per_email),
            (addr_key(action, client), per_address),
        ],
    )
    .await
}

/// Counts one attempt of an action limited per client address only.
pub async fn attempt_from(
    state: &AppState,
    action: Action,
    client: &ClientKey,
) -> Result<(), ApiError> {
    let (_, per_address) = action.limits();
    count(
        &state.pool,
        action,
        vec![(addr_key(action, client), per_address)],
    )
    .await
}

/// Counts one attempt against each `(key, limit)`, in one statement.
async fn count(pool: &PgPool, action: Action, keys: Vec<(String, i32)>) -> Result<(), ApiError> {
    let (per_email, per_address) = action.limits();
    let (keys, limits): (Vec<String>, Vec<i32>) = keys.into_iter().unzip();
    // Both keys in one statement, always email first then address, so two
    // requests lock rows in the same order. A window older than WINDOW_MINUTES
    // starts over unless the key is blocked; the attempt that reaches the
    // limit blocks the key for a full window; attempts past it are refused.
    // language=PostgreSQL
    let refused: Option<(f64,)> = sqlx::query_as(
        "WITH counted AS (
             INSERT INTO login_throttle AS t (key, failures, window_start, blocked_until)
             SELECT k.key, 1, now(),
                    CASE WHEN k.lim <= 1 THEN now() + make_interval(mins => $4) END
               FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(key, lim, ord)
              ORDER BY k.ord
             ON CONFLICT (key) DO UPDATE SET
                 failures = CASE WHEN t.window_start < now() - make_interval(mins => $4)
                                  AND (t.blocked_until IS NULL OR t.blocked_until <= now())
                                 THEN 1 ELSE t.failures + 1 END,
                 window_start = CASE WHEN t.window_start < now() - make_interval(mins => $4)
                                      AND (t.blocked_until IS NULL OR t.blocked_until <= now())
                                     THEN now() ELSE t.window_start END,
                 blocked_until = CASE
                     WHEN t.blocked_until > now() THEN t.blocked_until
                     WHEN t.window_start >= now() - make_interval(mins => $4)
                          AND t.failures + 1 >= (CASE WHEN t.key LIKE '%:email:%' THEN $3 ELSE $5 END)
                     THEN now() + make_interval(mins => $4)
                     ELSE NULL END
             RETURNING t.key, t.failures, t.blocked_until
         )
         SELECT coalesce(extract(epoch FROM max(blocked_until) - now())::float8, 60) FROM counted
          WHERE failures > (CASE WHEN key LIKE '%:email:%' THEN $3 ELSE $5 END)
         HAVING count(*) > 0",
    )
    .bind(keys)
    .bind(limits)
    .bind(per_email)
    .bind(WINDOW_MINUTES)
    .bind(per_address)
    .fetch_optional(pool)
    .await
    .context("Failed to count an attempt in the throttle")?;
    match refused {
        Some((secs,)) => {
            crate::metrics::throttle_refused(action);
            Err(ApiError::TooManyRequests {
                retry_after_secs: secs.ceil().max(1.0) as u64,
            })
        }
        None => Ok(()),
    }
}

/// A sign-in that succeeded: the account's count starts over and the address
/// gets its attempt back (an office behind one address is not locked out by
/// its own colleagues signing in).
pub async fn succeeded(
    state: &AppState,
    role: Role,
    email: &str,
    client: &ClientKey,
) -> anyhow::Result<()> {
    let (_, per_address) = Action::SignIn.limits();
    // language=PostgreSQL
    sqlx::query(
        "WITH cleared AS (DELETE FROM login_throttle WHERE key = $1)
         UPDATE login_throttle SET
             failures = greatest(failures - 1, 0),
             blocked_until = CASE WHEN failures - 1 < $3 THEN NULL ELSE blocked_until END
          WHERE key = $2",
    )
    .bind(email_key(state, Action::SignIn, role, email))
    .bind(addr_key(Action::SignIn, client))
    .bind(per_address)
    .execute(&state.pool)
    .await
    .context("Failed to clear the sign-in throttle")?;
    Ok(())
}

/// Deletes the rows whose window is over and that block nothing (the purge's
/// round): the next attempt would start them over anyway, and they hold a
/// client's address or the keyed hash of an email. Returns how many.
pub async fn purge_expired(db: impl sqlx::PgExecutor<'_>) -> anyhow::Result<u64> {
    // language=PostgreSQL
    let purged = sqlx::query(
        "DELETE FROM login_throttle
          WHERE window_start < now() - make_interval(mins => $1)
            AND (blocked_until IS NULL OR blocked_until <= now())",
    )
    .bind(WINDOW_MINUTES)
    .execute(db)
    .await
    .context("Failed to purge expired throttle rows")?;
    Ok(purged.rows_affected())
}
