//! `recruit projections status` and `recruit projections rebuild <name>|--all`.

use clap::Subcommand;
use std::sync::Arc;

use event_store::GlobalCheckpoint;
use projections::EventSource;

use api::app;
use api::config::Config;
use bench::progress::Progress;

#[derive(Debug, Subcommand)]
pub enum ProjectionsCommand {
    /// Each projector's position, lag and health.
    Status,
    /// Rebuild read models from the start of history into shadow tables, then swap.
    Rebuild {
        /// Projector name (see `status`).
        name: Option<String>,
        #[arg(long, conflicts_with = "name")]
        all: bool,
        #[arg(long, default_value_t = 5000)]
        batch_size: i64,
    },
}

pub async fn run(config: Config, command: ProjectionsCommand) -> anyhow::Result<()> {
    let pool = app::connect(&config).await?;
    app::migrate(&pool).await?;
    match command {
        ProjectionsCommand::Status => {
            let rows = projections::status(&pool).await?;
            println!(
                "{:<18} {:<8} {:>12} {:>10} {:>8}  error",
                "projector", "status", "position", "lag", "retries"
            );
            for r in rows {
                println!(
                    "{:<18} {:<8} {:>12} {:>10} {:>8}  {}",
                    r.name,
                    r.status,
                    r.last_position,
                    r.lag,
                    r.attempts,
                    r.last_error.unwrap_or_default()
                );
            }
        }
        ProjectionsCommand::Rebuild {
            name,
            all,
            batch_size,
        } => {
            let source = EventSource::new(
                Arc::new(app::event_store(&config, pool.clone())?),
                pool.clone(),
            );
            let selected: Vec<_> = projections::all()
                .into_iter()
                .filter(|p| all || name.as_deref() == Some(p.name()))
                .collect();
            if selected.is_empty() {
                let names: Vec<_> = projections::all().iter().map(|p| p.name()).collect();
                anyhow::bail!("name a projector ({}) or pass --all", names.join(", "));
            }
            let total = source
                .store
                .count_after(GlobalCheckpoint::default())
                .await?;
            if all {
                // One pass over the log for every projector (see rebuild_all).
                let mut bar = Progress::new("rebuilding every projector", Some(total as u64));
                let report =
                    projections::rebuild::rebuild_all(&source, &selected, batch_size, |n| {
                        bar.set(n)
                    })
                    .await?;
                bar.finish(report.events);
                for (name, apply, swap) in &report.projectors {
                    println!(
                        "{name}: applied in {:.2}s, swapped in {:.2}s",
                        apply.as_secs_f64(),
                        swap.as_secs_f64()
                    );
                }
                let stages = &report.stages;
                println!(
                    "the log: read in {:.2}s, unsealed in {:.2}s, decoded in {:.2}s",
                    stages.fetch.as_secs_f64(),
                    stages.unseal.as_secs_f64(),
                    stages.decode.as_secs_f64()
                );
                println!(
                    "all {} projectors: {} events in {:.2}s = {:.0} events/s",
                    selected.len(),
                    report.events,
                    report.elapsed.as_secs_f64(),
                    report.events_per_second()
                );
                return Ok(());
            }
            for projector in selected {
                let mut bar = Progress::new(
                    format!("rebuilding {:<16}", projector.name()),
                    Some(total as u64),
                );
                let report =
                    projections::rebuild::rebuild(&source, projector.as_ref(), batch_size, |n| {
                        bar.set(n)
                    })
                    .await?;
                bar.finish(report.events);
                println!(
                    "{}: {} events in {:.2}s = {:.0} events/s",
                    projector.name(),
                    report.events,
                    report.elapsed.as_secs_f64(),
                    report.events_per_second()
                );
            }
        }
    }
    Ok(())
}
