//! `recruit`: one binary for serving, migrating, seeding, operating projections,
//! reading history, creating the first admin and benchmarking. The server is
//! the api library (`recruit serve` builds its `Application`); the benchmarks
//! are the bench library; the operator commands and the demo seed are here.

mod admin;
mod events;
mod keys;
mod projections_cmd;
mod seed;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use api::app::{self, Application};
use api::config::Config;

/// jemalloc, not glibc's malloc: glibc kept what it once held in each thread's
/// arena (argon2's 19 MiB blocks, socket buffers freed on another thread), so
/// the server's RSS only grew; jemalloc's background threads hand freed pages
/// back after a few seconds, and its size classes waste less on the many small
/// per-socket objects. `/metrics` reports its figures (`recruit_heap_bytes`).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    init_tracing(&cli);
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[derive(Debug, Parser)]
#[command(name = "recruit", version, about = "Harbour IT Recruitment platform")]
struct Cli {
    #[command(flatten)]
    pub config: Config,

    /// Log as JSON lines (for log shippers) instead of text.
    #[arg(long, env = "LOG_JSON", global = true)]
    pub log_json: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
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
enum FilesCommand {
    /// Remove stored uploads that nothing refers to (older than the grace
    /// period, UPLOAD_ORPHAN_GRACE_MINUTES). The server does this by itself
    /// every 15 minutes.
    Sweep {
        /// List what would go; delete nothing.
        #[arg(long)]
        dry_run: bool,
        /// Judge files older than this many minutes instead of the grace
        /// period. Below it only with every server stopped: an upload in
        /// flight has stored its file and not yet written its event.
        #[arg(long, value_name = "MINUTES")]
        older_than_minutes: Option<u64>,
    },
}

#[derive(Debug, Subcommand)]
enum RetentionCommand {
    /// Run one round now: finish half-done erasures, warn, erase.
    Run {
        /// List who would be warned or erased; change nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

fn init_tracing(cli: &Cli) {
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

async fn run(cli: Cli) -> anyhow::Result<()> {
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
            command:
                FilesCommand::Sweep {
                    dry_run,
                    older_than_minutes,
                },
        } => {
            let minutes = older_than_minutes.unwrap_or(config.upload_orphan_grace_minutes);
            let grace = std::time::Duration::from_secs(minutes * 60);
            let state = commands(config).await?;
            let swept = api::sweeper::sweep(&state, grace, dry_run).await?;
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
            let round = api::retention::round(&state, dry_run).await?;
            if round.skipped {
                eprintln!("another process is running a retention round; nothing done");
                return Ok(());
            }
            for d in &round.due {
                let step = match d.step {
                    api::retention::Step::Warn => "warn",
                    api::retention::Step::Erase => "erase",
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
            out.write_all(api::openapi::pretty_json().as_bytes())?;
            Ok(out.flush()?)
        }
    }
}

/// Commands wired to the configured database, for CLI work.
pub(crate) async fn commands(config: Config) -> anyhow::Result<app::AppState> {
    config.validate()?;
    let pool = app::connect(&config).await?;
    app::migrate(&pool).await?;
    app::state(config, pool)
}
