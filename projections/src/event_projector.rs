//! Projectors that handle one event at a time: they name their aggregate's
//! event enum and write one handler. The batch loop and picking their events
//! out of the global log live here, once.
//!
//! A projector that writes batch-wise (`accounts`, `job_board`: one statement
//! per batch, not per event) implements [`Projector`] itself.

use std::future::Future;

use domain::FromAnyEvent;
use event_store::RecordedEvent;
use sqlx::PgConnection;

use crate::{BoxFuture, Change, Decoded, Projector};

pub trait EventProjector: Send + Sync + 'static {
    /// The checkpoint's name.
    const NAME: &'static str;
    /// The tables it owns (rebuilt and swapped together).
    const TABLES: &'static [&'static str];
    /// The aggregate whose events it reads; every other event is skipped.
    type Event: FromAnyEvent;

    /// Applies one event inside the batch transaction, noting what changed for
    /// realtime. SQL uses unqualified table names (see [`Projector`]).
    fn handle(
        &self,
        conn: &mut PgConnection,
        recorded: &RecordedEvent,
        event: Self::Event,
        changes: &mut Vec<Change>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

impl<P: EventProjector> Projector for P {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        P::TABLES
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [Decoded],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>> {
        Box::pin(async move {
            let mut changes = Vec::new();
            for decoded in events {
                let Some(event) = decoded.event.as_ref().and_then(P::Event::from_any) else {
                    continue;
                };
                self.handle(conn, &decoded.recorded, event.clone(), &mut changes)
                    .await?;
            }
            Ok(changes)
        })
    }
}
