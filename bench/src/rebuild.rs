//! `recruit bench --rebuild-only`: `projections rebuild --all` over a
//! realistic history (see `crate::history`), with the site's read-model
//! queries running all along. In one scratch database:
//!
//! 1. writes the history (every event type, personal fields sealed);
//! 2. rebuilds every projector with the one-pass rebuild (run 1: it also
//!    fills the live read models the readers query);
//! 3. measures the read queries with no rebuild running (their baseline);
//! 4. rebuilds every projector one after the other with the per-projector
//!    rebuild (`projections::rebuild::rebuild`, the code before issue 13:
//!    the baseline), and fingerprints every read model;
//! 5. rebuilds with the one-pass rebuild again (run 2) and checks that every
//!    read model is identical to the baseline's, row for row.
//!
//! Peak RSS is this process's VmHWM, reset before each rebuild.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use event_store::PgEventStore;
use event_store::postgres::DataKeys;
use projections::EventSource;
use projections::rebuild::Stages;
use sqlx::postgres::PgPoolOptions;
use sqlx::{AssertSqlSafe, PgPool};
use uuid::Uuid;

use crate::progress::Progress;

/// One rebuild measured.
pub struct Measured {
    pub label: String,
    pub events: u64,
    pub seconds: f64,
    pub stages: Stages,
    pub peak_rss_kb: u64,
    pub reads: ReadStats,
    pub per_projector: Vec<(String, f64)>,
}

impl Measured {
    fn rate(&self) -> f64 {
        self.events as f64 / self.seconds.max(1e-9)
    }
}

#[derive(Debug, Default, Clone)]
pub struct ReadStats {
    pub rounds: u64,
    pub errors: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

pub async fn run(url: &str, keys: &DataKeys, events: u64, baseline: bool) -> anyhow::Result<()> {
    let pool = PgPoolOptions::new()
        .max_connections(24)
        .connect(url)
        .await?;
    api::app::migrate(&pool).await?;
    let mut bar = Progress::new("writing a realistic history", Some(events));
    let started = Instant::now();
    let history = crate::history::write_history(&pool, keys, events, 13, |n| bar.set(n)).await?;
    bar.finish(history.events);
    let write_seconds = started.elapsed().as_secs_f64();
    let store = PgEventStore::new(pool.clone(), keys.clone());
    let source = EventSource::new(Arc::new(store), pool.clone());

    let readers = ReadTargets::sample(&pool).await?;
    let mut results = Vec::new();
    results.push(one_pass(&source, url, &readers, "one-pass rebuild --all (run 1)").await?);
    // The readers' baseline: the same queries on the now filled read models, no rebuild.
    let ((), idle) = readers
        .during(url, async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            Ok(())
        })
        .await?;
    let mut fingerprint_before = None;
    if baseline {
        results.push(per_projector(&source, url, &readers).await?);
        fingerprint_before = Some(fingerprint(&pool).await?);
    }
    results.push(one_pass(&source, url, &readers, "one-pass rebuild --all (run 2)").await?);
    let identical = match fingerprint_before {
        Some(before) => Some(before == fingerprint(&pool).await?),
        None => None,
    };
    pool.close().await;

    print_report(&history, write_seconds, &idle, &results, identical);
    summary(&results, events, identical)?;
    if identical == Some(false) {
        anyhow::bail!("the one-pass rebuild's read models differ from the per-projector rebuild's");
    }
    Ok(())
}

async fn one_pass(
    source: &EventSource,
    url: &str,
    readers: &ReadTargets,
    label: &str,
) -> anyhow::Result<Measured> {
    let total = source
        .store
        .count_after(event_store::GlobalCheckpoint::default())
        .await? as u64;
    reset_peak_rss();
    let mut bar = Progress::new(label, Some(total));
    let started = Instant::now();
    let (report, reads) = readers
        .during(url, async {
            projections::rebuild::rebuild_all(source, &projections::all(), 5000, |n| bar.set(n))
                .await
        })
        .await?;
    let seconds = started.elapsed().as_secs_f64();
    bar.finish(report.events);
    Ok(Measured {
        label: label.into(),
        events: report.events,
        seconds,
        stages: report.stages,
        peak_rss_kb: peak_rss_kb(),
        reads,
        per_projector: report
            .projectors
            .iter()
            .map(|(name, apply, _)| (name.to_string(), apply.as_secs_f64()))
            .collect(),
    })
}

/// Today's `rebuild --all` before issue 13: each projector in turn reads
/// the whole log.
async fn per_projector(
    source: &EventSource,
    url: &str,
    readers: &ReadTargets,
) -> anyhow::Result<Measured> {
    let total = source
        .store
        .count_after(event_store::GlobalCheckpoint::default())
        .await? as u64;
    let projectors = projections::all();
    reset_peak_rss();
    let started = Instant::now();
    let ((stages, per), reads) = readers
        .during(url, async {
            let mut stages = Stages::default();
            let mut per = Vec::new();
            for projector in &projectors {
                let mut bar = Progress::new(
                    format!("per-projector rebuild: {}", projector.name()),
                    Some(total),
                );
                let report =
                    projections::rebuild::rebuild(source, projector.as_ref(), 5000, |n| bar.set(n))
                        .await?;
                bar.finish(report.events);
                stages += report.stages;
                per.push((projector.name().to_string(), report.elapsed.as_secs_f64()));
            }
            Ok((stages, per))
        })
        .await?;
    let seconds = started.elapsed().as_secs_f64();
    let mut per = per;
    per.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(Measured {
        label: "per-projector rebuild, one after another (before issue 13)".into(),
        // The figure is events of history rebuilt per second, as for --all.
        events: total,
        seconds,
        stages,
        peak_rss_kb: peak_rss_kb(),
        reads,
        per_projector: per,
    })
}

/// Who the site's readers ask about: some candidates and employers.
struct ReadTargets {
    candidates: Vec<Uuid>,
    employers: Vec<Uuid>,
}

impl ReadTargets {
    async fn sample(pool: &PgPool) -> anyhow::Result<Self> {
        // language=PostgreSQL
        let candidates: Vec<(Uuid,)> = sqlx::query_as(
            "SELECT DISTINCT data_subject FROM events WHERE event_type = 'ApplicationSubmitted' LIMIT 500",
        )
        .fetch_all(pool)
        .await?;
        // language=PostgreSQL
        let employers: Vec<(Uuid,)> = sqlx::query_as(
            "SELECT DISTINCT (payload->>'employer_id')::uuid FROM events WHERE event_type = 'JobPosted' LIMIT 200",
        )
        .fetch_all(pool)
        .await?;
        Ok(Self {
            candidates: candidates.into_iter().map(|(id,)| id).collect(),
            employers: employers.into_iter().map(|(id,)| id).collect(),
        })
    }

    /// Runs `work` while two readers query the read models the way the
    /// site's pages do (a candidate's dashboard, an employer's jobs and
    /// inbox), each on its own pool; returns what `work` returned and the
    /// readers' latency per round.
    async fn during<T>(
        &self,
        url: &str,
        work: impl std::future::Future<Output = anyhow::Result<T>>,
    ) -> anyhow::Result<(T, ReadStats)> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut handles = Vec::new();
        for reader in 0..2u64 {
            // Sessions set up as the site's are.
            let pool = PgPoolOptions::new()
                .max_connections(1)
                .connect_with(api::app::connect_options(url)?)
                .await?;
            let (candidates, employers) = (self.candidates.clone(), self.employers.clone());
            let stop = stop.clone();
            handles.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut errors = 0u64;
                let mut n = reader as usize * 7919;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let started = Instant::now();
                    let candidate = candidates[n % candidates.len().max(1)];
                    let employer = employers[n % employers.len().max(1)];
                    let round = async {
                        use projections::read_models::*;
                        applications::for_candidate(&pool, candidate).await?;
                        notifications::list(&pool, candidate, 20, 0).await?;
                        profiles::by_candidate(&pool, candidate).await?;
                        accounts::by_id(&pool, candidate).await?;
                        job_board::employer_jobs(&pool, employer).await?;
                        applications::for_employer(&pool, employer).await?;
                        anyhow::Ok(())
                    }
                    .await;
                    match round {
                        Ok(()) => latencies.push(started.elapsed().as_secs_f64() * 1000.0),
                        Err(e) => {
                            errors += 1;
                            if errors <= 3 {
                                tracing::warn!(error = %format!("{e:#}"), "a read failed during the rebuild");
                            }
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                pool.close().await;
                (latencies, errors)
            }));
        }
        let result = work.await;
        stop.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        let mut errors = 0;
        for handle in handles {
            let (latencies, e) = handle.await.context("a reader panicked")?;
            all.extend(latencies);
            errors += e;
        }
        all.sort_by(f64::total_cmp);
        let at = |q: f64| {
            all.get(((all.len() as f64 - 1.0) * q).round().max(0.0) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let stats = ReadStats {
            rounds: all.len() as u64,
            errors,
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: all.last().copied().unwrap_or(0.0),
        };
        Ok((result?, stats))
    }
}

/// Every read model table's row count and a hash of its sorted rows.
async fn fingerprint(pool: &PgPool) -> anyhow::Result<Vec<(String, i64, String)>> {
    let mut out = Vec::new();
    for projector in projections::all() {
        for table in projector.tables() {
            // language=PostgreSQL
            let (count, hash): (i64, Option<String>) = sqlx::query_as(AssertSqlSafe(format!(
                "SELECT count(*), md5(string_agg(h, '' ORDER BY h)) FROM (SELECT md5(t::text) AS h FROM {table} t) rows"
            )))
            .fetch_one(pool)
            .await?;
            out.push((table.to_string(), count, hash.unwrap_or_default()));
        }
    }
    Ok(out)
}

/// Resets this process's peak RSS (VmHWM) so the next reading is one phase's.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn print_report(
    history: &crate::history::HistoryReport,
    write_seconds: f64,
    idle: &ReadStats,
    results: &[Measured],
    identical: Option<bool>,
) {
    println!();
    println!(
        "History: {} events in {} streams, {} event types, {} with sealed personal fields, {} people erased (written in {:.1}s)",
        history.events,
        history.streams,
        history.by_type.len(),
        history.sealed_events,
        history.subjects_erased,
        write_seconds
    );
    let mut types: Vec<_> = history.by_type.iter().collect();
    types.sort_by(|a, b| b.1.cmp(a.1));
    println!(
        "By type: {}",
        types
            .iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!();
    println!(
        "| rebuild of every projector | events | seconds | events/s | vs per-projector | peak RSS | reads p50 / p99 / max ms (rounds, errors) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    println!(
        "| (no rebuild: readers alone, 5 s) | | | | | | {:.1} / {:.1} / {:.1} ({}, {}) |",
        idle.p50_ms, idle.p99_ms, idle.max_ms, idle.rounds, idle.errors
    );
    let baseline = results
        .iter()
        .find(|r| r.label.starts_with("per-projector"))
        .map(Measured::rate);
    for r in results {
        println!(
            "| {} | {} | {:.1} | {:.0} | {} | {} MB | {:.1} / {:.1} / {:.1} ({}, {}) |",
            r.label,
            r.events,
            r.seconds,
            r.rate(),
            baseline.map_or(String::new(), |b| format!("{:.0} %", 100.0 * r.rate() / b)),
            r.peak_rss_kb / 1024,
            r.reads.p50_ms,
            r.reads.p99_ms,
            r.reads.max_ms,
            r.reads.rounds,
            r.reads.errors
        );
    }
    println!();
    println!("Where the time goes (seconds; stages overlap, apply is summed over projectors):");
    println!();
    println!(
        "| rebuild | wall | fetch (SQL + keys) | unseal + upcast | decode | apply (fold + write + commit) | shadow + swap |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for r in results {
        let s = &r.stages;
        println!(
            "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            r.label,
            r.seconds,
            s.fetch.as_secs_f64(),
            s.unseal.as_secs_f64(),
            s.decode.as_secs_f64(),
            s.apply.as_secs_f64(),
            s.swap.as_secs_f64()
        );
    }
    for r in results {
        println!();
        println!(
            "{} — per projector ({}): {}",
            r.label,
            if r.label.starts_with("per-projector") {
                "wall seconds"
            } else {
                "apply seconds"
            },
            r.per_projector
                .iter()
                .map(|(n, s)| format!("{n} {s:.1}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some(identical) = identical {
        println!();
        println!(
            "Read models after the one-pass rebuild identical to the per-projector rebuild's (every table, row for row): {}",
            if identical { "yes" } else { "NO" }
        );
    }
}

/// Appends target 2's line to $BENCH_SUMMARY (see `.ci/bench`).
fn summary(results: &[Measured], events: u64, identical: Option<bool>) -> anyhow::Result<()> {
    let Ok(path) = std::env::var("BENCH_SUMMARY") else {
        return Ok(());
    };
    let baseline = results
        .iter()
        .find(|r| r.label.starts_with("per-projector"));
    let best = results
        .iter()
        .filter(|r| r.label.starts_with("one-pass"))
        .min_by(|a, b| a.rate().total_cmp(&b.rate()));
    let Some(best) = best else { return Ok(()) };
    let rate = best.rate();
    let met = rate >= 100_000.0;
    let line = serde_json::json!({
        "target": 2,
        "figure": format!("projections rebuild --all, {} events (every type, sealed), slower of 2 runs", crate::thousands(events as f64)),
        "value": format!("{} /s", crate::thousands(rate)),
        "baseline": baseline.map_or("not measured".to_string(), |b| format!("per-projector rebuild (before issue 13), same history: {} /s", crate::thousands(b.rate()))),
        "ratio": baseline.map_or(String::new(), |b| format!("{:.0} %", 100.0 * rate / b.rate())),
        "goal": ">= 100,000 events/s",
        "met": met,
        "note": format!(
            "peak RSS {} MB; reads during the rebuild p99 {:.1} ms, {} errors; read models identical to the baseline's: {}",
            best.peak_rss_kb / 1024,
            best.reads.p99_ms,
            best.reads.errors,
            identical.map_or("not checked", |i| if i { "yes" } else { "NO" }),
        ),
    });
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("Failed to open BENCH_SUMMARY {path}"))?;
    writeln!(file, "{line}")?;
    Ok(())
}
