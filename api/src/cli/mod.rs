//! The subcommands of `recruit`.

mod admin;
pub mod bench;
mod bench_alerts;
mod bench_audit;
pub mod bench_history;
mod bench_http;
mod bench_rebuild;
mod bench_signin;
mod bench_uploads;
mod events;
mod keys;
pub mod progress;
mod projections_cmd;
pub mod seed;
mod seed_agency;
mod seed_data;
mod seed_pipelines;
mod seed_resume;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use crate::app::{self, Application};
use crate::config::Config;

#[derive(Debug, Parser)]
#[command(name = "recruit", version, about = "Harbour IT Recruitment platform")]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,

    /// Log as JSON lines (for log shippers) instead of text.
    #[arg(long, env = "LOG_JSON", global = true)]
    pub log_json: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP server, realtime and the projectors (migrates first).
    Serve {
        /// Do not run projectors in this process (another process runs them).
        #[arg(long)]
        no_projections: bool,
    },
    /// Apply database migrations, and wrap data keys still stored in clear.
    Migrate,
    /// Load demo data through the commands (idempotent: skips if present).
    Seed,
    /// Projector status and rebuilds.
    Projections {
        #[command(subcommand)]
        command: projections_cmd::ProjectionsCommand,
    },
    /// Read history: one stream, or the global log.
    Events {
        #[command(subcommand)]
        command: events::EventsCommand,
    },
    /// Data-subject keys: status, and rotating the key-encryption key.
    Keys {
        #[command(subcommand)]
        command: keys::KeysCommand,
    },
    /// Administrator accounts.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
    /// Stored uploads.
    Files {
        #[command(subcommand)]
        command: FilesCommand,
    },
    /// Retention: warn, then erase, candidates inactive for the retention
    /// period (RETENTION_PERIOD_DAYS). The server runs a round every hour.
    Retention {
        #[command(subcommand)]
        command: RetentionCommand,
    },
    /// Measure the event store and projections; prints a table.
    Bench(bench::BenchArgs),
    /// Print the API's OpenAPI document (what GET /api/openapi.json serves,
    /// pretty-printed); needs no database. web/src/api/openapi.json is its
    /// output, and the web's API types are generated from that.
    Openapi,
}

#[derive(Debug, Subcommand)]
pub enum FilesCommand {
    /// Remove stored uploads that nothing refers to (older than the grace
    /// period, UPLOAD_ORPHAN_GRACE_MINUTES). The server does this by itself
    /// every 15 minutes.
    Sweep {
        /// List what would go; delete nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum RetentionCommand {
    /// Run one round now: finish half-done erasures, warn, erase.
    Run {
        /// List who would be warned or erased; change nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

pub fn init_tracing(cli: &Cli) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if cli.log_json {
        builder.json().init();
    } else {
        builder.init();
    }
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = cli.config;
    match cli.command {
        Command::Serve { no_projections } => {
            let runtime = (!no_projections).then(projections::RuntimeConfig::default);
            Application::build(config, runtime)
                .await?
                .run_until_stopped()
                .await
        }
        Command::Migrate => {
            let keys = app::data_keys(&config)?;
            let pool = app::connect(&config).await?;
            app::migrate(&pool).await?;
            let wrapped = app::wrap_clear_keys(&pool, &keys).await?;
            eprintln!("migrations applied; {wrapped} clear data keys wrapped");
            Ok(())
        }
        Command::Seed => seed::run(config).await,
        Command::Projections { command } => projections_cmd::run(config, command).await,
        Command::Events { command } => events::run(config, command).await,
        Command::Keys { command } => keys::run(config, command).await,
        Command::Admin { command } => admin::run(config, command).await,
        Command::Files {
            command: FilesCommand::Sweep { dry_run },
        } => {
            let grace = std::time::Duration::from_secs(config.upload_orphan_grace_minutes * 60);
            let state = commands(config).await?;
            let swept = crate::sweeper::sweep(&state, grace, dry_run).await?;
            for key in &swept.orphans {
                println!("{key}");
            }
            eprintln!(
                "{} stored files past the grace period, {} referred to by nothing{}",
                swept.examined,
                swept.orphans.len(),
                if dry_run {
                    " (dry run: kept)"
                } else {
                    " (removed)"
                }
            );
            Ok(())
        }
        Command::Retention {
            command: RetentionCommand::Run { dry_run },
        } => {
            let state = commands(config).await?;
            let round = crate::retention::round(&state, dry_run).await?;
            if round.skipped {
                eprintln!("another process is running a retention round; nothing done");
                return Ok(());
            }
            for d in &round.due {
                let step = match d.step {
                    crate::retention::Step::Warn => "warn",
                    crate::retention::Step::Erase => "erase",
                };
                println!(
                    "{step}\t{}\tlast active {}",
                    d.candidate_id,
                    d.last_active_at.format("%Y-%m-%d")
                );
            }
            if dry_run {
                eprintln!(
                    "{} candidates due (dry run: nothing changed)",
                    round.due.len()
                );
            } else {
                eprintln!(
                    "{} warned, {} erased, {} half-done erasures finished",
                    round.warned, round.erased, round.finished
                );
            }
            Ok(())
        }
        Command::Bench(args) => bench::run(config, args).await,
        Command::Openapi => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(crate::openapi::pretty_json().as_bytes())?;
            Ok(out.flush()?)
        }
    }
}

/// Commands wired to the configured database, for CLI work.
pub async fn commands(config: Config) -> anyhow::Result<app::AppState> {
    config.validate()?;
    let pool = app::connect(&config).await?;
    app::migrate(&pool).await?;
    app::state(config, pool)
}
