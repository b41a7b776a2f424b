//! `recruit bench`: measures the event store against a raw INSERT baseline,
//! rebuilds, the audit trail, sign-in timing, job alert matching and upload
//! memory, in a scratch database it creates and drops. Prints a Markdown
//! table (docs/BENCHMARKS.md records the numbers). The `recruit` binary
//! parses [`BenchArgs`] and calls [`run`]; the generated history
//! ([`history::write_history`]) is public for the rebuild tests.

mod alerts;
mod appends;
mod audit;
mod board_rebuild;
pub mod history;
mod http;
pub mod progress;
mod rebuild;
mod signin;
mod uploads;

use anyhow::Context;
use clap::Args;
use event_store::PgEventStore;
use sqlx::postgres::PgPoolOptions;
use sqlx::{AssertSqlSafe, Connection, PgConnection};

use api::app;
use api::config::Config;

#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// Appends (one event each) per scenario.
    #[arg(long, default_value_t = 20_000)]
    pub appends: u64,
    /// Concurrent writers to measure, comma separated.
    #[arg(long, value_delimiter = ',', default_value = "1,16")]
    pub writers: Vec<usize>,
    /// Group-commit batches the store keeps in flight at once.
    #[arg(long, default_value_t = event_store::postgres::group::COMMITTERS)]
    pub committers: usize,
    /// Raw INSERT and append alternate this many times (totals are reported).
    #[arg(long, default_value_t = 4)]
    pub rounds: u64,
    /// Events in the history a rebuild replays.
    #[arg(long, default_value_t = 100_000)]
    pub rebuild_events: u64,
    /// Events in the log the audit trail benchmark browses (0 skips it).
    #[arg(long, default_value_t = 1_000_000)]
    pub audit_events: u64,
    /// Only the audit trail benchmark.
    #[arg(long)]
    pub audit_only: bool,
    /// Only the rebuild of every projector over a realistic history of
    /// `--rebuild-events` events (every event type, personal fields sealed),
    /// one-pass against the per-projector rebuild, with readers querying.
    #[arg(long)]
    pub rebuild_only: bool,
    /// With --rebuild-only: skip the per-projector baseline (it takes minutes).
    #[arg(long)]
    pub no_rebuild_baseline: bool,
    /// With --rebuild-only: keep the scratch database (its name is printed),
    /// e.g. to run another build's `projections rebuild --all` on the same history.
    #[arg(long)]
    pub keep_database: bool,
    /// Only the sign-in timing comparison, with this many sign-ins of each
    /// kind (known and unknown email); needs no database.
    #[arg(long)]
    pub sign_in: Option<u64>,
    /// Only the job alert matching benchmark, with this many active alerts.
    #[arg(long)]
    pub alerts: Option<u64>,
    /// Only the upload memory comparison: this many concurrent 10 MB uploads
    /// into the configured store (STORAGE_DIR or S3_BUCKET), streamed and
    /// buffered; needs no database.
    #[arg(long)]
    pub uploads: Option<usize>,
    /// Serve the query benchmark's baseline here (a bare axum handler per
    /// file of --bare-dir) until stopped; needs no database.
    #[arg(long, requires = "bare_dir")]
    pub bare_http: Option<std::net::SocketAddr>,
    /// The bodies the bare baseline answers with (`GET /<file name>`).
    #[arg(long)]
    pub bare_dir: Option<std::path::PathBuf>,
}

pub async fn run(config: Config, args: BenchArgs) -> anyhow::Result<()> {
    if let (Some(addr), Some(dir)) = (args.bare_http, &args.bare_dir) {
        return crate::http::serve(addr, dir).await;
    }
    if let Some(n) = args.sign_in {
        return crate::signin::run(n.max(1)).await;
    }
    if let Some(n) = args.alerts {
        return crate::alerts::run(&config, n.max(1)).await;
    }
    if let Some(n) = args.uploads {
        return crate::uploads::run(&config, n.max(1)).await;
    }
    let keys = app::data_keys(&config)?;
    let scratch = format!("recruit_bench_{}", std::process::id());
    let admin_url = with_database(config.database_url()?, "postgres");
    let mut admin = PgConnection::connect(&admin_url)
        .await
        .context("Failed to connect to the server in DATABASE_URL")?;
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {scratch}")))
        .execute(&mut admin)
        .await?;
    let url = with_database(config.database_url()?, &scratch);
    if args.rebuild_only {
        let result =
            crate::rebuild::run(&url, &keys, args.rebuild_events, !args.no_rebuild_baseline).await;
        if args.keep_database {
            println!("Kept the database {scratch}");
        } else {
            sqlx::query(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {scratch} WITH (FORCE)"
            )))
            .execute(&mut admin)
            .await?;
        }
        return result;
    }
    let result = appends::measure(&url, &args, &keys).await;
    let audit = match &result {
        Ok(_) if args.audit_events > 0 => {
            let pool = PgPoolOptions::new()
                .max_connections(4)
                .connect(&url)
                .await?;
            let store = PgEventStore::new(pool.clone(), keys.clone());
            let rows = crate::audit::measure(&pool, &store, args.audit_events).await;
            pool.close().await;
            Some(rows)
        }
        _ => None,
    };
    sqlx::query(AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {scratch} WITH (FORCE)"
    )))
    .execute(&mut admin)
    .await?;
    let rows = result?;
    let audit = audit.transpose()?;
    let (fsync,): (String,) = sqlx::query_as("SHOW fsync").fetch_one(&mut admin).await?;
    let (version,): (String,) = sqlx::query_as("SHOW server_version")
        .fetch_one(&mut admin)
        .await?;
    println!();
    println!(
        "PostgreSQL {version}, fsync={fsync}, {} CPU cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    appends::print(&rows);
    if let Some(audit) = audit {
        crate::audit::print(&audit, args.audit_events);
    }
    Ok(())
}

/// `url` with its database part replaced by `db` (query string kept).
pub(crate) fn with_database(url: &str, db: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    match query {
        Some(q) => format!("{base}/{db}?{q}"),
        None => format!("{base}/{db}"),
    }
}

/// 12975.4 -> "12,975".
pub(crate) fn thousands(n: f64) -> String {
    let digits = format!("{:.0}", n.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
