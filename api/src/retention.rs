//! Retention (APP 11.2): a candidate with no sign-in or activity for the
//! retention period (`RETENTION_PERIOD_DAYS`, two years) is warned by mail;
//! one who is still inactive `RETENTION_WARNING_DAYS` (30) after the warning
//! is erased, on the grounds `retention_period`. Signing in (or any activity)
//! after a warning starts a new spell: no erasure until a new warning has run
//! its course.
//!
//! Activity is the latest of: the account's creation, its last sign-in
//! (`account_activity`), its profile's last change, its applications' last
//! change. Every server runs the job, but a round runs in exactly one process
//! at a time: it holds a PostgreSQL advisory lock on its own connection for
//! the round, and another process finding it held skips the round. Each round
//! first finishes erasures a stopped process left half done.

use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};
use chrono_tz::Australia::Sydney;
use commands::erasure::{ErasePerson, ErasureTarget};
use domain::erasure::Grounds;
use event_store::{Actor, Metadata, OutgoingMail};
use serde::Serialize;
use uuid::Uuid;

use crate::app::AppState;

/// The advisory lock that makes a round run in one process ("retentn").
pub const LOCK_KEY: i64 = 0x0072_6574_656e_746e;

/// What a round does about one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Warn,
    Erase,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Due {
    pub candidate_id: Uuid,
    pub last_active_at: DateTime<Utc>,
    pub step: Step,
}

/// What a round found and did.
#[derive(Debug, Default, PartialEq)]
pub struct Round {
    pub due: Vec<Due>,
    pub warned: usize,
    pub erased: usize,
    /// Half-done erasures this round finished.
    pub finished: usize,
    /// Another process held the lock: this one did nothing.
    pub skipped: bool,
}

#[derive(sqlx::FromRow)]
struct Inactive {
    id: Uuid,
    last_active_at: DateTime<Utc>,
    warned_at: Option<DateTime<Utc>>,
    erase_after: Option<DateTime<Utc>>,
}

/// Candidates past the retention period, and what is due for each.
pub async fn due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<Vec<Due>> {
    let period = chrono::Duration::days(state.config.retention_period_days.into());
    // language=PostgreSQL
    let rows: Vec<Inactive> = sqlx::query_as(
        "SELECT a.id, x.last_active_at, e.warned_at, e.erase_after
           FROM accounts a
           LEFT JOIN account_activity s ON s.account_id = a.id
           LEFT JOIN candidate_profiles p ON p.candidate_id = a.id
           LEFT JOIN erasures e ON e.subject_id = a.id
           CROSS JOIN LATERAL (
               SELECT greatest(a.created_at, s.last_signed_in, p.updated_at,
                               (SELECT max(last_updated) FROM applications WHERE candidate_id = a.id)) AS last_active_at
           ) x
          WHERE a.role = 'candidate' AND a.status <> 'erased'
            AND x.last_active_at < $1
          ORDER BY x.last_active_at, a.id",
    )
    .bind(now - period)
    .fetch_all(&state.pool)
    .await
    .context("Failed to find inactive candidates")?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            let warned_for_this_spell = r.warned_at.is_some_and(|w| w >= r.last_active_at);
            let step = match (warned_for_this_spell, r.erase_after) {
                (false, _) => Step::Warn,
                (true, Some(after)) if after <= now => Step::Erase,
                (true, _) => return None,
            };
            Some(Due {
                candidate_id: r.id,
                last_active_at: r.last_active_at,
                step,
            })
        })
        .collect())
}

/// One round: finish half-done erasures, then warn and erase who is due.
/// `dry_run` only lists who is due.
pub async fn round(state: &AppState, dry_run: bool) -> anyhow::Result<Round> {
    let round = crate::one_at_a_time::run(
        &state.pool,
        LOCK_KEY,
        "retention",
        round_locked(state, dry_run),
    )
    .await?;
    Ok(round.unwrap_or(Round {
        skipped: true,
        ..Round::default()
    }))
}

async fn round_locked(state: &AppState, dry_run: bool) -> anyhow::Result<Round> {
    let now = Utc::now();
    let due = due(state, now).await?;
    let mut round = Round {
        due: due.clone(),
        ..Round::default()
    };
    if dry_run {
        return Ok(round);
    }
    round.finished = crate::privacy::finish_unfinished(state).await?;
    let grace = chrono::Duration::days(state.config.retention_warning_days.into());
    for d in due {
        match act(state, &d, grace, now).await {
            Ok(true) if d.step == Step::Warn => round.warned += 1,
            Ok(true) => round.erased += 1,
            Ok(false) => {}
            // One candidate's failure does not hold up the others; the next
            // round tries again.
            Err(e) => {
                tracing::warn!(candidate = %d.candidate_id, error = %format!("{e:#}"), "retention: step failed")
            }
        }
    }
    Ok(round)
}

/// Does what is due for one candidate; `false` when it no longer is.
async fn act(
    state: &AppState,
    d: &Due,
    grace: chrono::Duration,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let meta = || Metadata::system(Actor::Policy);
    match d.step {
        Step::Warn => {
            let Some(account) =
                projections::read_models::accounts::by_id(&state.pool, d.candidate_id).await?
            else {
                return Ok(false);
            };
            let mail = warning(state, &account.name, &account.email, now + grace);
            state
                .commands
                .warn_inactive(d.candidate_id, d.last_active_at, grace, mail, meta())
                .await?;
            tracing::info!(candidate = %d.candidate_id, "retention: warned an inactive candidate");
        }
        Step::Erase => {
            // Signed in since the round began? Then not now.
            // language=PostgreSQL
            let since: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM account_activity WHERE account_id = $1 AND last_signed_in > $2)",
            )
            .bind(d.candidate_id)
            .bind(d.last_active_at)
            .fetch_one(&state.pool)
            .await?;
            if since {
                return Ok(false);
            }
            let cmd = ErasePerson::new(
                d.candidate_id,
                ErasureTarget::Account,
                Grounds::RetentionPeriod,
                None,
            );
            crate::privacy::erase(state, cmd, meta())
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            tracing::info!(candidate = %d.candidate_id, "retention: erased an inactive candidate");
        }
    }
    Ok(true)
}

fn warning(state: &AppState, name: &str, email: &str, erase_on: DateTime<Utc>) -> OutgoingMail {
    let date = erase_on.with_timezone(&Sydney).format("%-d %B %Y");
    let sign_in = format!("{}/candidate/login", state.commands.links.public);
    OutgoingMail {
        recipient: email.to_owned(),
        subject: format!("We will erase your Harbour IT account on {date}"),
        body: format!(
            "Hi {name},\n\n\
             You haven't signed in to Harbour IT Recruitment for a long while. We don't keep \
             personal details longer than we need them, so on {date} we will erase your account, \
             profile, resume and documents.\n\n\
             To keep your account, just sign in before then: {sign_in}\n\n\
             If you're happy for us to erase it, there's nothing you need to do.\n\n\
             Harbour IT Recruitment\n"
        ),
        ..OutgoingMail::default()
    }
}

/// Runs a round every `interval` for as long as the server runs.
pub async fn run(state: AppState, interval: Duration) {
    loop {
        tokio::time::sleep(interval).await;
        match round(&state, false).await {
            Ok(r) if r.warned + r.erased + r.finished > 0 => tracing::info!(
                warned = r.warned,
                erased = r.erased,
                finished = r.finished,
                "retention round done"
            ),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "retention round failed"),
        }
    }
}
