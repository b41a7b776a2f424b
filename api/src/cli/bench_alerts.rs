//! `recruit bench --alerts N`: how long the job alert policy takes to find
//! the alerts one published job matches, among N active alerts (issue 28).
//! The product's statement (`job_alerts::matching`: an index probe per
//! substring of the title on `job_alerts_matching`) against a baseline from
//! the same run and the same rows: the same question asked the obvious way,
//! testing every alert's keywords against the title (a sequential scan).
//! Both must return the same alerts for every job, or the run fails.

use std::time::Instant;

use anyhow::{Context, ensure};
use chrono::Utc;
use domain::job::{JobType, Specialisation};
use projections::read_models::job_alerts::{self, PublishedJob};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::postgres::PgPoolOptions;
use sqlx::{AssertSqlSafe, Connection, PgConnection, PgPool};
use uuid::Uuid;

use super::bench::with_database;
use super::progress::Progress;
use crate::config::Config;

/// Words alert keywords and job titles are made of.
const WORDS: &[&str] = &[
    "rust",
    "senior",
    "engineer",
    "developer",
    "data",
    "cloud",
    "platform",
    "security",
    "analyst",
    "react",
    "java",
    "python",
    "devops",
    "lead",
    "architect",
    "sap",
    "crm",
    "test",
    "automation",
    "network",
    "support",
    "manager",
    "product",
    "mobile",
    "ios",
    "android",
    "golang",
    "kotlin",
    "typescript",
    "frontend",
    "backend",
    "site reliability",
    "machine learning",
    "bi",
];

const JOBS: usize = 300;

fn title(rng: &mut StdRng) -> String {
    let n = rng.random_range(2..=4);
    (0..n)
        .map(|_| WORDS[rng.random_range(0..WORDS.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs in a scratch database it creates and drops.
pub async fn run(config: &Config, alerts: u64) -> anyhow::Result<()> {
    let scratch = format!("recruit_bench_alerts_{}", std::process::id());
    let mut admin = PgConnection::connect(&with_database(&config.database_url, "postgres"))
        .await
        .context("Failed to connect to the server in DATABASE_URL")?;
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {scratch}")))
        .execute(&mut admin)
        .await?;
    let result = measure(&with_database(&config.database_url, &scratch), alerts).await;
    sqlx::query(AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {scratch} WITH (FORCE)"
    )))
    .execute(&mut admin)
    .await?;
    result
}

async fn measure(url: &str, alerts: u64) -> anyhow::Result<()> {
    let pool = PgPoolOptions::new().max_connections(2).connect(url).await?;
    crate::app::migrate(&pool).await?;
    let mut rng = StdRng::seed_from_u64(28);
    let locations: Vec<Uuid> = (0..20).map(|_| Uuid::now_v7()).collect();
    let ranges: Vec<Uuid> = (0..8).map(|_| Uuid::now_v7()).collect();
    fill(&pool, alerts, &locations, &ranges, &mut rng).await?;

    let jobs: Vec<PublishedJob> = (0..JOBS)
        .map(|_| PublishedJob {
            title: title(&mut rng),
            location_id: Some(locations[rng.random_range(0..locations.len())]),
            salary_range_id: Some(ranges[rng.random_range(0..ranges.len())]),
            job_type: JobType::ALL[rng.random_range(0..4)],
            specialisation: Specialisation::ALL[rng.random_range(0..9)],
            at: Utc::now(),
        })
        .collect();
    let mut conn = pool.acquire().await?;
    let (mut indexed, mut scanned, mut found) = (Vec::new(), Vec::new(), 0usize);
    let mut progress = Progress::new("matching jobs", Some(JOBS as u64 * 2));
    for (i, job) in jobs.iter().enumerate() {
        let started = Instant::now();
        let mut by_index: Vec<Uuid> = job_alerts::matching(&mut conn, job)
            .await?
            .into_iter()
            .map(|a| a.id)
            .collect();
        indexed.push(started.elapsed().as_secs_f64() * 1000.0);
        let started = Instant::now();
        let mut by_scan = sequential(&mut conn, job).await?;
        scanned.push(started.elapsed().as_secs_f64() * 1000.0);
        by_index.sort();
        by_scan.sort();
        ensure!(
            by_index == by_scan,
            "{:?}: the index found {} alerts, the scan {}",
            job.title,
            by_index.len(),
            by_scan.len()
        );
        found += by_index.len();
        progress.set(i as u64 * 2 + 2);
    }
    progress.finish(JOBS as u64 * 2);
    let (table, index): (i64, i64) = sqlx::query_as(
        "SELECT pg_table_size('job_alerts'), pg_relation_size('job_alerts_matching')",
    )
    .fetch_one(&mut *conn)
    .await?;
    for v in [&mut indexed, &mut scanned] {
        v.sort_by(f64::total_cmp);
    }
    println!(
        "\n| match one published job against {alerts} active alerts ({JOBS} jobs, {:.1} matches each) | p50 ms | p99 ms | max ms |",
        found as f64 / JOBS as f64
    );
    println!("|---|---|---|---|");
    for (name, v) in [
        (
            "`job_alerts::matching` (index probe per title substring)",
            &indexed,
        ),
        (
            "baseline: every alert's keywords tested (sequential scan)",
            &scanned,
        ),
    ] {
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} |",
            pct(v, 0.5),
            pct(v, 0.99),
            v[v.len() - 1]
        );
    }
    println!(
        "\nMemory: the table holds {:.1} MB, the partial index `job_alerts_matching` {:.1} MB; \
         a title of {} characters gives {} substrings to probe.",
        table as f64 / 1e6,
        index as f64 / 1e6,
        jobs[0].title.chars().count(),
        job_alerts::title_substrings(&jobs[0].title).len()
    );
    pool.close().await;
    Ok(())
}

/// One statement's worth of alerts, column by column (for `unnest`).
#[derive(Default)]
struct Rows {
    ids: Vec<Uuid>,
    candidates: Vec<Uuid>,
    keywords: Vec<String>,
    locations: Vec<Option<Uuid>>,
    ranges: Vec<Option<Uuid>>,
    job_types: Vec<Option<&'static str>>,
    specialisations: Vec<Option<&'static str>>,
    paused: Vec<bool>,
}

/// `n` active alerts (and a tenth as many paused), in one statement per
/// 10,000: keywords of one or two words, or none; each other criterion set
/// on about half of them.
async fn fill(
    pool: &PgPool,
    n: u64,
    locations: &[Uuid],
    ranges: &[Uuid],
    rng: &mut StdRng,
) -> anyhow::Result<()> {
    let total = n + n / 10;
    let mut progress = Progress::new("alerts", Some(total));
    let mut done = 0;
    while done < total {
        let size = (total - done).min(10_000) as usize;
        let mut rows = Rows::default();
        for i in 0..size {
            let keywords = match rng.random_range(0..10) {
                0..=2 => String::new(),
                3..=7 => WORDS[rng.random_range(0..WORDS.len())].to_owned(),
                _ => format!(
                    "{} {}",
                    WORDS[rng.random_range(0..WORDS.len())],
                    WORDS[rng.random_range(0..WORDS.len())]
                ),
            };
            let location = rng
                .random_bool(0.5)
                .then(|| locations[rng.random_range(0..locations.len())]);
            let range = rng
                .random_bool(0.3)
                .then(|| ranges[rng.random_range(0..ranges.len())]);
            let specialisation = rng
                .random_bool(0.5)
                .then(|| Specialisation::ALL[rng.random_range(0..9)].label());
            // An alert with no criterion at all cannot be saved: give those a type.
            let nothing_else = keywords.is_empty()
                && location.is_none()
                && range.is_none()
                && specialisation.is_none();
            let job_type = (nothing_else || rng.random_bool(0.4))
                .then(|| JobType::ALL[rng.random_range(0..4)].label());
            rows.ids.push(Uuid::now_v7());
            rows.candidates.push(Uuid::now_v7());
            rows.keywords.push(keywords);
            rows.locations.push(location);
            rows.ranges.push(range);
            rows.job_types.push(job_type);
            rows.specialisations.push(specialisation);
            rows.paused.push(done + (i as u64) >= n);
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO job_alerts (id, candidate_id, name, keywords, keywords_key, location_id,
                 salary_range_id, job_type, specialisation, frequency, paused, created_at, updated_at)
             SELECT id, candidate, 'Bench alert', nullif(k, ''), k, loc, sr, jt, sp, 'instant', p,
                    now() - interval '1 day', now() - interval '1 day'
               FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::bool[])
                    AS t(id, candidate, k, loc, sr, jt, sp, p)",
        )
        .bind(&rows.ids)
        .bind(&rows.candidates)
        .bind(&rows.keywords)
        .bind(&rows.locations)
        .bind(&rows.ranges)
        .bind(&rows.job_types)
        .bind(&rows.specialisations)
        .bind(&rows.paused)
        .execute(pool)
        .await
        .context("Failed to write the bench alerts")?;
        done += size as u64;
        progress.set(done);
    }
    progress.finish(done);
    sqlx::query("ANALYZE job_alerts").execute(pool).await?;
    Ok(())
}

/// The baseline: the same question without the substrings, every active
/// alert's keywords tested against the title.
async fn sequential(
    conn: &mut sqlx::PgConnection,
    job: &PublishedJob,
) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid,)> = sqlx::query_as(
        "SELECT id FROM job_alerts
          WHERE NOT paused AND strpos($1, keywords_key) > 0
            AND (location_id IS NULL OR location_id = $2)
            AND (salary_range_id IS NULL OR salary_range_id = $3)
            AND (job_type IS NULL OR job_type = $4)
            AND (specialisation IS NULL OR specialisation = $5)
            AND created_at <= $6",
    )
    .bind(job.title.to_lowercase())
    .bind(job.location_id)
    .bind(job.salary_range_id)
    .bind(job.job_type.label())
    .bind(job.specialisation.label())
    .bind(job.at)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
