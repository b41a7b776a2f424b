//! `recruit keys status` and `recruit keys rotate`: which key-encryption keys
//! wrap the data-subject keys, and rewrapping every one with the current KEK
//! while servers keep serving (docs/PRIVACY.md has the rotation steps).

use anyhow::bail;
use clap::Subcommand;
use event_store::postgres::Rewrap;
use event_store::postgres::keys::count_by_kek;

use api::app;
use api::config::Config;
use bench::progress::Progress;

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// How many data keys each key-encryption key wraps (and how many are still clear).
    Status,
    /// Rewrap every data key with DATA_KEY_ENCRYPTION_KEY, unwrapping with it or
    /// DATA_KEY_ENCRYPTION_KEY_PREVIOUS. In batches; idempotent and resumable.
    Rotate {
        #[arg(long, default_value_t = 500)]
        batch_size: i64,
    },
}

pub async fn run(config: Config, command: KeysCommand) -> anyhow::Result<()> {
    config.validate()?;
    let keys = app::data_keys(&config)?;
    let pool = app::connect(&config).await?;
    app::migrate(&pool).await?;
    match command {
        KeysCommand::Status => {
            println!("{:<18} {:>10}", "kek", "data keys");
            for (kek, count) in count_by_kek(&pool).await? {
                let current = if kek.as_deref() == Some(keys.current_kek_id()) {
                    "  (current)"
                } else {
                    ""
                };
                let kek = kek.unwrap_or_else(|| "(clear)".into());
                println!("{kek:<18} {count:>10}{current}");
            }
        }
        KeysCommand::Rotate { batch_size } => {
            if batch_size < 1 {
                bail!("--batch-size must be at least 1");
            }
            let total = keys.pending(&pool, Rewrap::NotCurrent).await?;
            let mut bar = Progress::new(
                format!("rewrapping data keys with {}", keys.current_kek_id()),
                Some(total.max(0) as u64),
            );
            let report = keys
                .rewrap(&pool, Rewrap::NotCurrent, batch_size, |n| bar.set(n))
                .await?;
            bar.finish(report.rewrapped);
            if report.remaining > 0 {
                bail!(
                    "{} data keys were held by other transactions on every pass: run `recruit keys rotate` again",
                    report.remaining
                );
            }
            println!(
                "rewrapped {} data keys: every data key is wrapped with {}",
                report.rewrapped,
                keys.current_kek_id()
            );
        }
    }
    Ok(())
}
