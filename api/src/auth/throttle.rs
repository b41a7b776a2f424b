//! Throttling, shared by every api process through PostgreSQL: sign-ins and
//! password-reset requests per account email (per role) and per client
//! address; registrations, contact messages, uploads and export links per
//! client address (each one writes, mails, stores or sends something). An attempt is counted *before* it is judged, in one statement over
//! every key, so parallel guesses cannot all pass the check before any failure
//! is recorded. Past the limit, attempts get 429 with Retry-After until the
//! block ends. Limits apply whether or not the account exists, so a 429 tells
//! nobody which emails have accounts.
//!
//! A client that signed in to an account before (its address, or its IPv6
//! /64, within `KNOWN_CLIENT_DAYS`) has a sign-in budget of its own at that
//! account, as limited as the shared one: strangers' wrong guesses lock out
//! only strangers, never the owner where they usually sign in.

use anyhow::Context;
use domain::account::Role;
use sqlx::PgPool;

use crate::app::AppState;
use crate::auth::client_addr::ClientKey;
use crate::error::ApiError;

pub const WINDOW_MINUTES: i32 = 15;
/// How long a client that signed in to an account stays known to it.
pub const KNOWN_CLIENT_DAYS: i32 = 90;

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

/// An account as the throttle names it: its role and the keyed hash of its
/// email (keyed like the claims, so no table names an email a guess could
/// confirm).
fn account_key(state: &AppState, role: Role, email: &str) -> String {
    let email = state.commands.hasher.hash(&email.trim().to_lowercase());
    format!("{role}:{email}")
}

fn email_key(state: &AppState, action: Action, role: Role, email: &str) -> String {
    format!(
        "{}:email:{}",
        action.prefix(),
        account_key(state, role, email)
    )
}

fn addr_key(action: Action, client: &ClientKey) -> String {
    format!("{}:addr:{client}", action.prefix())
}

/// Which budget a sign-in attempt at an account spends: the account's
/// shared one, or (a client that signed in to it before) that client's own.
struct SignInBudget {
    /// `account_key`.
    account: String,
    /// A keyed hash of the account and the client together, so that one
    /// address's rows for two accounts do not match.
    client: String,
    known: bool,
}

impl SignInBudget {
    async fn of(
        state: &AppState,
        role: Role,
        email: &str,
        client: &ClientKey,
    ) -> anyhow::Result<Self> {
        let account = account_key(state, role, email);
        let client = state.commands.hasher.hash(&format!("{account}|{client}"));
        // language=PostgreSQL
        let known: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM known_sign_in_clients
                             WHERE account_key = $1 AND client_key = $2
                               AND last_signed_in_at > now() - make_interval(days => $3))",
        )
        .bind(&account)
        .bind(&client)
        .bind(KNOWN_CLIENT_DAYS)
        .fetch_one(&state.pool)
        .await
        .context("Failed to look up a known sign-in client")?;
        Ok(Self {
            account,
            client,
            known,
        })
    }

    /// The account's shared key: what `email_key` gives for sign-ins.
    fn shared(&self) -> String {
        format!("{}:email:{}", Action::SignIn.prefix(), self.account)
    }

    /// The throttle key this attempt counts against. A known client's is an
    /// email key too (the account's limit applies; an erasure forgets it).
    fn key(&self) -> String {
        if self.known {
            format!("{}:known:{}", self.shared(), self.client)
        } else {
            self.shared()
        }
    }
}

/// Forgets the throttle's rows for an email (an erased person's): the keyed
/// hash of their address goes with them, and so do their known clients.
pub async fn forget_email(state: &AppState, role: Role, email: &str) -> Result<(), ApiError> {
    let keys: Vec<String> = [Action::SignIn, Action::PasswordReset]
        .into_iter()
        .map(|action| email_key(state, action, role, email))
        .collect();
    // language=PostgreSQL
    sqlx::query(
        "WITH clients AS (DELETE FROM known_sign_in_clients WHERE account_key = $3)
         DELETE FROM login_throttle WHERE key = ANY($1) OR key LIKE $2",
    )
    .bind(&keys)
    .bind(format!(
        "{}:known:%",
        email_key(state, Action::SignIn, role, email)
    ))
    .bind(account_key(state, role, email))
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
    let account_key = match action {
        Action::SignIn => SignInBudget::of(state, role, email, client).await?.key(),
        _ => email_key(state, action, role, email),
    };
    count(
        &state.pool,
        action,
        vec![
            (account_key, per_email),
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

/// A sign-in that succeeded: the count it was made against starts over (a
/// known client's own, else the account's shared one: the owner signing in
/// where they usually do gives strangers no fresh guesses), the address gets
/// its attempt back (an office behind one address is not locked out by its
/// own colleagues signing in), and the client is known to the account from
/// now on. Known clients unseen for `KNOWN_CLIENT_DAYS` are forgotten here.
pub async fn succeeded(
    state: &AppState,
    role: Role,
    email: &str,
    client: &ClientKey,
) -> anyhow::Result<()> {
    let (_, per_address) = Action::SignIn.limits();
    let budget = SignInBudget::of(state, role, email, client).await?;
    // The stale-row delete leaves this client's row alone: one statement
    // must not change the same row twice.
    // language=PostgreSQL
    sqlx::query(
        "WITH cleared AS (DELETE FROM login_throttle WHERE key = $1),
              remembered AS (
                  INSERT INTO known_sign_in_clients (account_key, client_key, last_signed_in_at)
                  VALUES ($4, $5, now())
                  ON CONFLICT (account_key, client_key) DO UPDATE SET last_signed_in_at = now()),
              forgotten AS (
                  DELETE FROM known_sign_in_clients
                   WHERE last_signed_in_at < now() - make_interval(days => $6)
                     AND (account_key, client_key) <> ($4, $5))
         UPDATE login_throttle SET
             failures = greatest(failures - 1, 0),
             blocked_until = CASE WHEN failures - 1 < $3 THEN NULL ELSE blocked_until END
          WHERE key = $2",
    )
    .bind(budget.key())
    .bind(addr_key(Action::SignIn, client))
    .bind(per_address)
    .bind(&budget.account)
    .bind(&budget.client)
    .bind(KNOWN_CLIENT_DAYS)
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
