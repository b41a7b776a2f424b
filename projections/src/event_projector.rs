//! Projectors that handle one event at a time: they name their aggregate's
//! event enum and write one handler. The batch loop and picking their events
//! out of the global log live here, once.
//!
//! Live and in a rebuild an `EventProjector` takes the same path: its events
//! between two erasures go to [`EventProjector::fold_segment`] as one run
//! (event by event through `handle`, or, for a read model kept as rows, one
//! [`RowFold`](crate::RowFold) that reads, folds and writes them set-wise).

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

    /// The columns [`Self::ERASE`] (or [`Self::erase`]), or a write of its
    /// folds, finds rows by; see [`Projector::found_by`].
    const FOUND_BY: &'static [&'static str] = &[];

    /// Whether `handle` may append events (a policy); see [`Projector::appends`].
    const APPENDS: bool = false;

    /// A run of this projector's events with no erasure among them, live (a
    /// rebuild calls [`Self::fold_unheard_segment`], which by default comes
    /// here with changes nobody reads). By
    /// default event by event through [`Self::handle`]; a read model kept as
    /// rows folded in memory implements [`RowFold`](crate::RowFold) instead,
    /// which reads the run's rows once and writes them back set-wise.
    fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &Self::Event)],
        changes: &mut Vec<Change>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        async move {
            for (recorded, event) in segment {
                self.handle(conn, recorded, (*event).clone(), changes)
                    .await?;
            }
            Ok(())
        }
    }

    /// [`Self::fold_segment`] in a rebuild, where no one hears the changes:
    /// by default the same, its changes dropped. A [`RowFold`](crate::RowFold)
    /// skips [`RowFold::settle`](crate::RowFold::settle), which only
    /// completes changes for browsers (the unread counts it asks for were a
    /// third of `notifications`' rebuild statements).
    fn fold_unheard_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &Self::Event)],
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        async move { self.fold_segment(conn, segment, &mut Vec::new()).await }
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
        run_erase_statements(conn, Self::ERASE, erased)
    }
}

/// Runs erasure statements in order, `$1` the subject's id and `$2` (where
/// a statement has one) the text `[erased]`.
pub(crate) async fn run_erase_statements(
    conn: &mut PgConnection,
    statements: &'static [&'static str],
    erased: &ErasedSubject,
) -> anyhow::Result<()> {
    for sql in statements {
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

    fn found_by(&self) -> &'static [&'static str] {
        P::FOUND_BY
    }

    /// Its aggregate's events and erasures: what [`apply_segments`] acts on.
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
            apply_segments(self, conn, &[events], Some(&mut changes)).await?;
            Ok(changes)
        })
    }

    fn rebuild_apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        batches: &'a [&'a [Decoded]],
    ) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move { apply_segments(self, conn, batches, None).await })
    }
}

/// The one path of every [`EventProjector`], live and in a rebuild: the
/// projector's events between two erasures go to
/// [`EventProjector::fold_segment`] as one run, and each erasure runs in its
/// place, after what came before it is written. `changes` is `None` in a
/// rebuild, where no one hears them
/// ([`EventProjector::fold_unheard_segment`]).
async fn apply_segments<P: EventProjector + ?Sized>(
    projector: &P,
    conn: &mut PgConnection,
    batches: &[&[Decoded]],
    mut changes: Option<&mut Vec<Change>>,
) -> anyhow::Result<()> {
    let mut segment = Vec::new();
    for decoded in batches.iter().flat_map(|batch| batch.iter()) {
        if let Some(erased) = ErasedSubject::of(decoded.event.as_ref()) {
            fold(projector, conn, &segment, changes.as_deref_mut()).await?;
            segment.clear();
            match changes.as_deref_mut() {
                Some(changes) => projector.erase(conn, &erased, changes).await?,
                None => projector.erase(conn, &erased, &mut Vec::new()).await?,
            }
        }
        if let Some(event) = decoded.event.as_ref().and_then(P::Event::from_any) {
            segment.push((&decoded.recorded, event));
        }
    }
    fold(projector, conn, &segment, changes).await
}

/// One run, heard (live) or not (a rebuild).
async fn fold<P: EventProjector + ?Sized>(
    projector: &P,
    conn: &mut PgConnection,
    segment: &[(&RecordedEvent, &P::Event)],
    changes: Option<&mut Vec<Change>>,
) -> anyhow::Result<()> {
    match changes {
        Some(changes) => projector.fold_segment(conn, segment, changes).await,
        None => projector.fold_unheard_segment(conn, segment).await,
    }
}
