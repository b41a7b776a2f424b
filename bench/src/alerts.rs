//! `recruit bench --alerts N`: how long the job alert policy takes to find
//! the alerts one published job matches, among N active alerts (issue 28).
//! The product's statement (`job_alerts::matching`: the alerts sharing a key
//! with the job through the GIN index `job_alerts_match_keys`, then the
//! criteria tested on those) against a baseline from the same run and the
//! same rows: the same predicate without the index (a sequential scan). Both
//! must return the same alerts for every job, or the run fails.
//!
//! It runs twice over two sets of alerts: broad ones (30 % without keywords,
//! one or two words from 34, so a job matches about one alert in 35) and
//! realistic ones (most with keywords, a title's words drawn the way job
//! boards' are: a few common, a long tail of technologies).

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

use crate::progress::Progress;
use crate::with_database;
use api::config::Config;

/// Words the broad alerts' keywords and job titles are made of, all equally likely.
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

/// A realistic title's parts, the most common first: a few levels, a long
/// tail of technologies and fields, a handful of roles.
const LEVELS: &[&str] = &["Senior", "Lead", "Junior", "Principal", "Graduate"];
const FIELDS: &[&str] = &[
    "Java",
    "Data",
    ".NET",
    "Python",
    "Cloud",
    "React",
    "Cyber Security",
    "DevOps",
    "Salesforce",
    "Network",
    "AWS",
    "SAP",
    "Test Automation",
    "Full Stack",
    "Azure",
    "C#",
    "Business Intelligence",
    "Platform",
    "ServiceNow",
    "Frontend",
    "Machine Learning",
    "Node.js",
    "Site Reliability",
    "iOS",
    "Android",
    "Dynamics 365",
    "PHP",
    "Integration",
    "Golang",
    "Kotlin",
    "Identity",
    "Power BI",
    "Snowflake",
    "Embedded C++",
    "Rust",
    "Kubernetes",
    "Databricks",
    "Oracle",
    "Workday",
    "Scala",
    "Ruby on Rails",
    "GCP",
    "UX",
    "Linux",
    "Terraform",
    "Mainframe",
    "Unity",
    "Blockchain",
];
const ROLES: &[&str] = &[
    "Engineer",
    "Developer",
    "Analyst",
    "Consultant",
    "Architect",
    "Manager",
    "Administrator",
    "Specialist",
    "Designer",
    "Scientist",
    "Tester",
];

const JOBS: usize = 300;

/// Which alerts and jobs a run is made of.
#[derive(Clone, Copy)]
enum Mix {
    Broad,
    Realistic,
}

impl Mix {
    fn describe(self) -> &'static str {
        match self {
            Self::Broad => "broad alerts: 70 % with keywords",
            Self::Realistic => "realistic alerts: 85 % with keywords",
        }
    }
}

/// Index `0..n`, the first most likely (weight 1/(i+1), Zipf-like), as
/// words and places are on a real board.
fn zipf(rng: &mut StdRng, n: usize) -> usize {
    let total: f64 = (1..=n).map(|i| 1.0 / i as f64).sum();
    let mut left = rng.random_range(0.0..total);
    for i in 0..n {
        left -= 1.0 / (i + 1) as f64;
        if left < 0.0 {
            return i;
        }
    }
    n - 1
}

fn title(mix: Mix, rng: &mut StdRng) -> String {
    match mix {
        Mix::Broad => {
            let n = rng.random_range(2..=4);
            (0..n)
                .map(|_| WORDS[rng.random_range(0..WORDS.len())])
                .collect::<Vec<_>>()
                .join(" ")
        }
        Mix::Realistic => {
            let mut parts = Vec::new();
            if rng.random_bool(0.5) {
                parts.push(LEVELS[zipf(rng, LEVELS.len())]);
            }
            parts.push(FIELDS[zipf(rng, FIELDS.len())]);
            if rng.random_bool(0.2) {
                parts.push(FIELDS[zipf(rng, FIELDS.len())]);
            }
            parts.push(ROLES[zipf(rng, ROLES.len())]);
            parts.join(" ")
        }
    }
}

/// An alert's keywords, or "" for none.
fn alert_keywords(mix: Mix, rng: &mut StdRng) -> String {
    match mix {
        Mix::Broad => match rng.random_range(0..10) {
            0..=2 => String::new(),
            3..=7 => WORDS[rng.random_range(0..WORDS.len())].to_owned(),
            _ => format!(
                "{} {}",
                WORDS[rng.random_range(0..WORDS.len())],
                WORDS[rng.random_range(0..WORDS.len())]
            ),
        },
        // What people type: a technology ("react"), a technology and a role
        // ("java developer"), a role alone ("business analyst" reads as one
        // here), or a level too ("senior data engineer").
        Mix::Realistic => {
            let field = FIELDS[zipf(rng, FIELDS.len())];
            let role = ROLES[zipf(rng, ROLES.len())];
            let level = LEVELS[zipf(rng, LEVELS.len())];
            let typed = match rng.random_range(0..100) {
                0..=14 => String::new(),
                15..=54 => field.to_owned(),
                55..=79 => format!("{field} {role}"),
                80..=89 => role.to_owned(),
                _ => format!("{level} {field} {role}"),
            };
            typed.to_lowercase()
        }
    }
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs in a scratch database it creates and drops.
pub async fn run(config: &Config, alerts: u64) -> anyhow::Result<()> {
    let scratch = format!("recruit_bench_alerts_{}", std::process::id());
    let mut admin = PgConnection::connect(&with_database(config.database_url()?, "postgres"))
        .await
        .context("Failed to connect to the server in DATABASE_URL")?;
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {scratch}")))
        .execute(&mut admin)
        .await?;
    let result = measure(&with_database(config.database_url()?, &scratch), alerts).await;
    sqlx::query(AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {scratch} WITH (FORCE)"
    )))
    .execute(&mut admin)
    .await?;
    result
}

async fn measure(url: &str, alerts: u64) -> anyhow::Result<()> {
    let pool = PgPoolOptions::new().max_connections(2).connect(url).await?;
    api::app::migrate(&pool).await?;
    for mix in [Mix::Broad, Mix::Realistic] {
        measure_mix(&pool, alerts, mix).await?;
    }
    pool.close().await;
    Ok(())
}

async fn measure_mix(pool: &PgPool, alerts: u64, mix: Mix) -> anyhow::Result<()> {
    let mut rng = StdRng::seed_from_u64(28);
    let locations: Vec<Uuid> = (0..20).map(|_| Uuid::now_v7()).collect();
    let ranges: Vec<Uuid> = (0..8).map(|_| Uuid::now_v7()).collect();
    sqlx::query("TRUNCATE job_alerts").execute(pool).await?;
    let with_keywords = fill(pool, alerts, mix, &locations, &ranges, &mut rng).await?;

    let jobs: Vec<PublishedJob> = (0..JOBS)
        .map(|_| PublishedJob {
            title: title(mix, &mut rng),
            location_id: Some(locations[pick(mix, &mut rng, locations.len())]),
            salary_range_id: Some(ranges[rng.random_range(0..ranges.len())]),
            job_type: JobType::ALL[pick(mix, &mut rng, 4)],
            specialisation: Specialisation::ALL[pick(mix, &mut rng, 9)],
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
    // language=PostgreSQL
    let (table, index): (i64, i64) = sqlx::query_as(
        "SELECT pg_table_size('job_alerts'), pg_relation_size('job_alerts_match_keys')",
    )
    .fetch_one(&mut *conn)
    .await?;
    for v in [&mut indexed, &mut scanned] {
        v.sort_by(f64::total_cmp);
    }
    println!(
        "\n| {}: match one published job against {alerts} active alerts ({JOBS} jobs, {:.1} matches each) | p50 ms | p99 ms | max ms |",
        mix.describe(),
        found as f64 / JOBS as f64
    );
    println!("|---|---|---|---|");
    for (name, v) in [
        (
            "`job_alerts::matching` (GIN `match_keys && probe`, then the criteria)",
            &indexed,
        ),
        (
            "baseline: the same predicate on every alert (sequential scan)",
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
        "\n{:.1} % of the active alerts have keywords. Memory: the table holds {:.1} MB, \
         the GIN index `job_alerts_match_keys` {:.1} MB, for {} alerts (a tenth of them paused). \
         Example title: {:?}.",
        with_keywords as f64 * 100.0 / alerts as f64,
        table as f64 / 1e6,
        index as f64 / 1e6,
        alerts + alerts / 10,
        jobs[0].title,
    );
    Ok(())
}

/// A choice among `n` for a job: any equally (broad), or the first most
/// often (realistic: Sydney more than Hobart, full-time more than temporary).
fn pick(mix: Mix, rng: &mut StdRng, n: usize) -> usize {
    match mix {
        Mix::Broad => rng.random_range(0..n),
        Mix::Realistic => zipf(rng, n),
    }
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
/// 10,000. Broad: each criterion other than keywords set on about half of
/// them; realistic: a location on most, the rest less often. Returns how
/// many active ones have keywords.
async fn fill(
    pool: &PgPool,
    n: u64,
    mix: Mix,
    locations: &[Uuid],
    ranges: &[Uuid],
    rng: &mut StdRng,
) -> anyhow::Result<u64> {
    let (p_location, p_range, p_specialisation, p_type) = match mix {
        Mix::Broad => (0.5, 0.3, 0.5, 0.4),
        Mix::Realistic => (0.6, 0.2, 0.3, 0.25),
    };
    let total = n + n / 10;
    let mut progress = Progress::new("alerts", Some(total));
    let (mut done, mut with_keywords) = (0, 0);
    while done < total {
        let size = (total - done).min(10_000) as usize;
        let mut rows = Rows::default();
        for i in 0..size {
            let keywords = alert_keywords(mix, rng);
            let location = rng
                .random_bool(p_location)
                .then(|| locations[pick(mix, rng, locations.len())]);
            let range = rng
                .random_bool(p_range)
                .then(|| ranges[rng.random_range(0..ranges.len())]);
            let specialisation = rng
                .random_bool(p_specialisation)
                .then(|| Specialisation::ALL[pick(mix, rng, 9)].label());
            // An alert with no criterion at all cannot be saved: give those a type.
            let nothing_else = keywords.is_empty()
                && location.is_none()
                && range.is_none()
                && specialisation.is_none();
            let job_type = (nothing_else || rng.random_bool(p_type))
                .then(|| JobType::ALL[pick(mix, rng, 4)].label());
            let paused = done + (i as u64) >= n;
            if !paused && !keywords.is_empty() {
                with_keywords += 1;
            }
            rows.ids.push(Uuid::now_v7());
            rows.candidates.push(Uuid::now_v7());
            rows.keywords.push(keywords);
            rows.locations.push(location);
            rows.ranges.push(range);
            rows.job_types.push(job_type);
            rows.specialisations.push(specialisation);
            rows.paused.push(paused);
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO job_alerts (id, candidate_id, name, keywords, location_id,
                 salary_range_id, job_type, specialisation, frequency, paused, created_at, updated_at)
             SELECT id, candidate, 'Bench alert', nullif(k, ''), loc, sr, jt, sp, 'instant', p,
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
    Ok(with_keywords)
}

/// The baseline: the policy's predicate without the index's key test, so
/// every active alert is read and tested (a sequential scan).
async fn sequential(
    conn: &mut sqlx::PgConnection,
    job: &PublishedJob,
) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid,)> = job
        .bind_to(sqlx::query_as(
            "SELECT id FROM job_alerts
          WHERE NOT paused AND keyword_words <@ (SELECT job_alert_words($1))
            AND (location_id IS NULL OR location_id = $2)
            AND (salary_range_id IS NULL OR salary_range_id = $3)
            AND (job_type IS NULL OR job_type = $4)
            AND (specialisation IS NULL OR specialisation = $5)
            AND created_at <= $6",
        ))
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
