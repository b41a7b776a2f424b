//! The upload-orphan sweeper. An upload stores its bytes first and appends
//! its event second; a crash (or a lost database) between the two leaves a
//! file that nothing refers to. The sweeper removes stored files that no read
//! model refers to once they are older than a grace period.
//!
//! Safe against a file whose event is still on its way: the grace period
//! (an hour by default) is far longer than a request may run (its timeout),
//! so every file older than it either has its event committed or never will.
//! Before it judges, the sweeper waits until the projectors that hold file
//! keys have caught up with the log's head; if they have not (one is failing
//! or far behind), it deletes nothing this round.

use std::time::Duration;

use anyhow::Context;
use chrono::Utc;
use sqlx::PgPool;

use crate::app::AppState;

/// Where uploads are stored, by the routes that store them.
const PREFIXES: [&str; 3] = ["documents", "resumes", "logos"];
/// The read-model tables that refer to stored files.
const TABLES: [&str; 3] = ["documents", "candidate_profiles", "companies"];

/// What a sweep found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Stored files older than the grace period.
    pub examined: usize,
    /// Of those, files no read model refers to (deleted unless a dry run).
    pub orphans: Vec<String>,
}

/// One sweep. `dry_run` reports without deleting.
pub async fn sweep(state: &AppState, grace: Duration, dry_run: bool) -> anyhow::Result<Swept> {
    let cutoff = Utc::now() - chrono::Duration::from_std(grace).context("grace is too long")?;
    let mut stored = Vec::new();
    for prefix in PREFIXES {
        stored.extend(state.files.stored_before(prefix, cutoff).await?);
    }
    if stored.is_empty() {
        return Ok(Swept::default());
    }
    let head = state.store().head_position().await?;
    let holders: Vec<&str> = projections::all()
        .iter()
        .filter(|p| p.tables().iter().any(|t| TABLES.contains(t)))
        .map(|p| p.name())
        .collect();
    if !projections::wait::until_position(&state.source(), &holders, head, Duration::from_secs(10))
        .await?
    {
        anyhow::bail!("the read models that refer to files are behind the log; nothing swept");
    }
    let orphans = unreferenced(&state.pool, &stored).await?;
    if !dry_run {
        for key in &orphans {
            state.files.delete(key).await;
            tracing::info!(key, "removed an upload that nothing refers to");
        }
        crate::metrics::orphans_swept(orphans.len());
    }
    Ok(Swept {
        examined: stored.len(),
        orphans,
    })
}

async fn unreferenced(pool: &PgPool, keys: &[String]) -> anyhow::Result<Vec<String>> {
    let mut orphans = Vec::new();
    for chunk in keys.chunks(1000) {
        // language=PostgreSQL
        let rows: Vec<(String,)> = sqlx::query_as(
            "SELECT k FROM unnest($1::text[]) AS k
              WHERE NOT EXISTS (SELECT 1 FROM documents WHERE storage_key = k)
                AND NOT EXISTS (SELECT 1 FROM candidate_profiles WHERE resume_key = k)
                AND NOT EXISTS (SELECT 1 FROM companies WHERE logo_key = k)",
        )
        .bind(chunk)
        .fetch_all(pool)
        .await
        .context("Failed to look up which stored files are referred to")?;
        orphans.extend(rows.into_iter().map(|(k,)| k));
    }
    Ok(orphans)
}

/// Sweeps every `interval` for as long as the server runs. Every process may
/// run it: deleting a file twice is harmless.
pub async fn run(state: AppState, interval: Duration, grace: Duration) {
    loop {
        tokio::time::sleep(interval).await;
        match sweep(&state, grace, false).await {
            Ok(swept) if !swept.orphans.is_empty() => {
                tracing::info!(removed = swept.orphans.len(), "upload sweep done");
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "upload sweep skipped"),
        }
    }
}
