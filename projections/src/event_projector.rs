//! Projectors that handle one event at a time: they name their aggregate's
//! event enum and write one handler. The batch loop and picking their events
//! out of the global log live here, once.
//!
//! A projector that writes batch-wise (`accounts`, `job_board`: one statement
//! per batch, not per event) implements [`Projector`] itself.

use std::future::Future;

use chrono::{DateTime, Utc};
use domain::erasure::{ErasureEvent, SubjectKind};
use domain::{AnyEvent, FromAnyEvent};
use event_store::RecordedEvent;
use sqlx::PgConnection;
use uuid::Uuid;

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

    /// What purges or anonymises this projector's rows about a person who was
    /// just erased ([`ErasureEvent::PersonErased`], which every projector
    /// sees whatever its aggregate): statements run in order with `$1` the
    /// subject's id and `$2` the text `[erased]`. They run in a rebuild too,
    /// where the person's sealed fields already read `[erased]`: write the
    /// same values the rebuild would (`[erased]` where a sealed value was,
    /// rows deleted either way), so live and rebuilt read models agree.
    const ERASE: &'static [&'static str] = &[];

    /// The columns [`Self::ERASE`] (or [`Self::erase`]) finds rows by; see
    /// [`Projector::erased_by`].
    const ERASED_BY: &'static [&'static str] = &[];

    /// Whether `handle` may append events (a policy); see [`Projector::appends`].
    const APPENDS: bool = false;

    /// Applies a rebuild's consecutive batches, where nobody hears of changes
    /// (see [`Projector::rebuild_apply`]): the events between two erasures go to
    /// [`Self::fold_segment`], each erasure runs as live in its place.
    fn rebuild_batch(
        &self,
        conn: &mut PgConnection,
        batches: &[&[Decoded]],
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        async move {
            let mut segment = Vec::new();
            for batch in batches {
                for decoded in batch.iter() {
                    if let Some(erased) = ErasedSubject::of(decoded.event.as_ref()) {
                        self.fold_segment(conn, &segment).await?;
                        segment.clear();
                        self.erase(conn, &erased, &mut Vec::new()).await?;
                    }
                    if let Some(event) = decoded.event.as_ref().and_then(Self::Event::from_any) {
                        segment.push((&decoded.recorded, event));
                    }
                }
            }
            self.fold_segment(conn, &segment).await
        }
    }

    /// A rebuild's run of this projector's events with no erasure among
    /// them. By default event by event, as live; a projector with many
    /// events may fold them in memory and write them set-wise, provided the
    /// rows come out as live projection leaves them.
    fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &Self::Event)],
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        async move {
            for (recorded, event) in segment {
                self.handle(conn, recorded, (*event).clone(), &mut Vec::new())
                    .await?;
            }
            Ok(())
        }
    }

    /// Runs [`Self::ERASE`]; a projector that must also tell realtime what
    /// changed overrides it.
    fn erase(
        &self,
        conn: &mut PgConnection,
        erased: &ErasedSubject,
        changes: &mut Vec<Change>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        let _ = changes;
        async move {
            for sql in Self::ERASE {
                let query = sqlx::query(sqlx::AssertSqlSafe(*sql)).bind(erased.subject_id);
                let query = if sql.contains("$2") {
                    query.bind(domain::event::ERASED)
                } else {
                    query
                };
                query.execute(&mut *conn).await?;
            }
            Ok(())
        }
    }
}

/// A data subject erased at a point of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErasedSubject {
    pub subject_id: Uuid,
    pub kind: SubjectKind,
    pub at: DateTime<Utc>,
}

impl ErasedSubject {
    /// The erasure this event records, if it is one.
    pub fn of(event: Option<&AnyEvent>) -> Option<Self> {
        match event {
            Some(AnyEvent::Erasure(ErasureEvent::PersonErased {
                subject_id,
                subject_kind,
                erased_at,
                ..
            })) => Some(Self {
                subject_id: *subject_id,
                kind: *subject_kind,
                at: *erased_at,
            }),
            _ => None,
        }
    }
}

impl<P: EventProjector> Projector for P {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn tables(&self) -> &'static [&'static str] {
        P::TABLES
    }

    fn erased_by(&self) -> &'static [&'static str] {
        P::ERASED_BY
    }

    /// Its aggregate's events and erasures: what `apply_each` acts on.
    fn reads(&self, event: &AnyEvent) -> bool {
        P::Event::from_any(event).is_some() || ErasedSubject::of(Some(event)).is_some()
    }

    fn appends(&self) -> bool {
        P::APPENDS
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [Decoded],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>> {
        Box::pin(async move {
            let mut changes = Vec::new();
            apply_each(self, conn, events, &mut changes).await?;
            Ok(changes)
        })
    }

    fn rebuild_apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        batches: &'a [&'a [Decoded]],
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(self.rebuild_batch(conn, batches))
    }
}

/// The live way: erasures and this projector's events, one at a time.
async fn apply_each<P: EventProjector + ?Sized>(
    projector: &P,
    conn: &mut PgConnection,
    events: &[Decoded],
    changes: &mut Vec<Change>,
) -> anyhow::Result<()> {
    for decoded in events {
        if let Some(erased) = ErasedSubject::of(decoded.event.as_ref()) {
            projector.erase(conn, &erased, changes).await?;
        }
        let Some(event) = decoded.event.as_ref().and_then(P::Event::from_any) else {
            continue;
        };
        projector
            .handle(conn, &decoded.recorded, event.clone(), changes)
            .await?;
    }
    Ok(())
}
