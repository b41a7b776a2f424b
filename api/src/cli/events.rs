//! `recruit events stream <id>` and `recruit events tail --from N [--follow]`:
//! history for auditors, one JSON object per line, personal data decrypted
//! (or `[erased]`) and payloads upcast to the current schema.

use std::time::Duration;

use clap::Subcommand;
use event_store::{EventStore, GlobalCheckpoint, PgEventStore};

use crate::app;
use crate::config::Config;

#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Every event of one stream, e.g. `account-0190...` or `job-0190...`.
    Stream { stream_id: String },
    /// The global log after position N, in commit order.
    Tail {
        #[arg(long, default_value_t = 0)]
        from: i64,
        /// Keep waiting for new events.
        #[arg(long)]
        follow: bool,
        #[arg(long)]
        limit: Option<usize>,
    },
}

pub async fn run(config: Config, command: EventsCommand) -> anyhow::Result<()> {
    let pool = app::connect(&config).await?;
    let store = PgEventStore::new(pool);
    match command {
        EventsCommand::Stream { stream_id } => {
            let events = store.read_stream(&stream_id).await?;
            if events.is_empty() {
                anyhow::bail!("no stream named {stream_id}");
            }
            for e in events {
                println!("{}", serde_json::to_string(&e)?);
            }
        }
        EventsCommand::Tail {
            from,
            follow,
            limit,
        } => {
            let mut checkpoint = match from {
                0 => GlobalCheckpoint::default(),
                n => store
                    .checkpoint_of(n)
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("no event at position {n}"))?,
            };
            // Everything committed when we start is printed, even while another
            // transaction holds the read horizon back for a moment.
            let mut owed = store.count_after(checkpoint).await?;
            let mut printed = 0usize;
            loop {
                let batch = store.read_all(checkpoint, 500).await?;
                for e in &batch {
                    println!("{}", serde_json::to_string(e)?);
                    printed += 1;
                    owed -= 1;
                    if limit.is_some_and(|l| printed >= l) {
                        return Ok(());
                    }
                }
                match batch.last() {
                    Some(last) => checkpoint = last.checkpoint(),
                    None if follow || owed > 0 => {
                        tokio::time::sleep(Duration::from_millis(100)).await
                    }
                    None => return Ok(()),
                }
            }
        }
    }
    Ok(())
}
