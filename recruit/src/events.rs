//! `recruit events stream <id> [--as-of T [--since T0]]` and
//! `recruit events tail --from N [--follow]`: history for auditors, one JSON
//! object per line, personal data decrypted (or `[erased]`) and payloads
//! upcast to the current schema. `--as-of` prints the aggregate's state as it
//! was at T instead (time travel); with `--since`, what changed from T0 to T.

use std::time::Duration;

use chrono::{DateTime, Utc};
use clap::Subcommand;
use event_store::{EventStore, GlobalCheckpoint};

use api::app;
use api::config::Config;
use api::time_travel;

/// An event as auditors see it: secrets (password and token hashes,
/// two-factor secrets) replaced by `[secret]`.
fn shown(mut event: event_store::RecordedEvent) -> event_store::RecordedEvent {
    event.payload = domain::event::without_secrets(&event.event_type, event.payload);
    event
}

fn parse_time(raw: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("expected a time like 2026-11-20T09:00:00Z ({e})"))
}

#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Every event of one stream, e.g. `account-0190...` or `job-0190...`.
    Stream {
        stream_id: String,
        /// Print the state at this time (RFC 3339) instead of the events:
        /// accounts, jobs, applications and profiles.
        #[arg(long, value_parser = parse_time)]
        as_of: Option<DateTime<Utc>>,
        /// With --as-of: print the differences from this earlier time instead.
        #[arg(long, value_parser = parse_time, requires = "as_of")]
        since: Option<DateTime<Utc>>,
    },
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
    let store = app::event_store(&config, pool)?;
    match command {
        EventsCommand::Stream {
            stream_id,
            as_of,
            since,
        } => {
            let events = store.read_stream(&stream_id).await?;
            if events.is_empty() {
                anyhow::bail!("no stream named {stream_id}");
            }
            let Some(at) = as_of else {
                for e in events {
                    println!("{}", serde_json::to_string(&shown(e))?);
                }
                return Ok(());
            };
            let (version, state) = time_travel::state_as_of(&stream_id, &events, at)?;
            match since {
                None => println!(
                    "{}",
                    serde_json::json!({"stream_id": stream_id, "at": at, "version": version, "state": state})
                ),
                Some(from) => {
                    let (_, before) = time_travel::state_as_of(&stream_id, &events, from)?;
                    for change in time_travel::differences(&before, &state) {
                        println!("{}", serde_json::to_string(&change)?);
                    }
                }
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
                    println!("{}", serde_json::to_string(&shown(e.clone()))?);
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
