//! Read models kept as rows, one per id, each changed by a pure fold of its
//! events: the one place such a read model's logic lives.
//!
//! A [`RowFold`] says which row an event is about and how the event changes
//! it (row before, event -> row after, and the [`Change`]s to push). The
//! runtime does the rest, the same way live and in a rebuild: it reads the
//! rows a run of events touches once, folds every event into them in memory
//! and writes back what the run changed with one upsert (and one DELETE for
//! rows the run removed). A rebuild's runs are long, a live batch's short;
//! the fold cannot tell them apart, so rebuilt and live read models cannot
//! drift.

use std::collections::{HashMap, HashSet};
use std::future::Future;

use domain::FromAnyEvent;
use event_store::RecordedEvent;
use sqlx::PgConnection;
use sqlx::postgres::PgRow;
use uuid::Uuid;

use crate::event_projector::run_erase_statements;
use crate::{Change, ErasedSubject, EventProjector};

/// Which row an event is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowOf {
    /// The event starts the row: there is none to read first.
    New(Uuid),
    /// The event changes (or removes) the row of this id, if there is one.
    Existing(Uuid),
}

impl RowOf {
    fn id(self) -> Uuid {
        match self {
            Self::New(id) | Self::Existing(id) => id,
        }
    }
}

/// A read model's row as the runtime reads, folds and writes it.
pub trait FoldedRow: for<'r> sqlx::FromRow<'r, PgRow> + Send + Sync + Unpin {
    /// Reads the rows whose ids are in `$1`.
    const SELECT: &'static str;
    /// Deletes the rows whose ids are in `$1`; `None` for a read model that
    /// never removes a row (a fold that tries fails its batch).
    const DELETE: Option<&'static str> = None;

    fn id(&self) -> Uuid;

    /// Writes `rows` (at least one) with one statement (or one per table the
    /// row spans).
    fn upsert(
        conn: &mut PgConnection,
        rows: &[&Self],
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// A read model kept as rows by id and changed by a pure fold; implementing
/// it makes the type an [`EventProjector`] whose live batches and rebuild
/// runs both go through [`fold_rows`].
pub trait RowFold: Send + Sync + 'static {
    /// The checkpoint's name.
    const NAME: &'static str;
    /// The tables it owns (rebuilt and swapped together).
    const TABLES: &'static [&'static str];
    /// What purges or anonymises its rows about an erased person; see
    /// [`EventProjector::ERASE`].
    const ERASE: &'static [&'static str] = &[];
    /// The columns its erasure or its writes find rows by; see
    /// [`EventProjector::FOUND_BY`].
    const FOUND_BY: &'static [&'static str] = &[];

    /// The aggregate whose events it reads; every other event is skipped.
    type Event: FromAnyEvent;
    type Row: FoldedRow;

    /// The row `event` is about.
    fn row_of(recorded: &RecordedEvent, event: &Self::Event) -> anyhow::Result<RowOf>;

    /// The read model's logic: how `event` changes `row` (`None` before: no
    /// such row yet; `None` after: the row is removed), and what browsers
    /// should hear of it. Pure: no IO, nothing but its arguments.
    fn fold(
        row: &mut Option<Self::Row>,
        recorded: &RecordedEvent,
        event: &Self::Event,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()>;

    /// Completes the changes a run made once its rows are written, with what
    /// only the table can say (a person's unread count, say); by default
    /// nothing.
    fn settle(
        conn: &mut PgConnection,
        changes: &mut [Change],
    ) -> impl Future<Output = anyhow::Result<()>> + Send {
        let _ = (conn, changes);
        async { Ok(()) }
    }

    /// Runs [`Self::ERASE`]; a read model that must also tell realtime what
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

impl<F: RowFold> EventProjector for F {
    const NAME: &'static str = F::NAME;
    const TABLES: &'static [&'static str] = F::TABLES;
    const ERASE: &'static [&'static str] = F::ERASE;
    const FOUND_BY: &'static [&'static str] = F::FOUND_BY;
    type Event = F::Event;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        recorded: &RecordedEvent,
        event: F::Event,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        fold_rows::<F>(conn, &[(recorded, &event)], changes).await
    }

    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &F::Event)],
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        fold_rows::<F>(conn, segment, changes).await
    }

    /// A rebuild's run: folded and written the same, without `settle`.
    async fn fold_unheard_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &F::Event)],
    ) -> anyhow::Result<()> {
        write_rows::<F>(conn, segment, &mut Vec::new()).await
    }

    async fn erase(
        &self,
        conn: &mut PgConnection,
        erased: &ErasedSubject,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        RowFold::erase(self, conn, erased, changes).await
    }
}

/// The one runtime path of a [`RowFold`]: reads the rows of `segment` that
/// exist before it (one SELECT; rows its events start are not read), folds
/// every event into them in order, then deletes the stored rows the run
/// removed and upserts the rest it touched, in the order first touched;
/// last, [`RowFold::settle`] completes the run's changes.
pub async fn fold_rows<F: RowFold>(
    conn: &mut PgConnection,
    segment: &[(&RecordedEvent, &F::Event)],
    changes: &mut Vec<Change>,
) -> anyhow::Result<()> {
    let first_change = changes.len();
    write_rows::<F>(conn, segment, changes).await?;
    F::settle(conn, &mut changes[first_change..]).await
}

/// [`fold_rows`] but for `settle`: what a rebuild runs, where no one hears
/// the changes.
async fn write_rows<F: RowFold>(
    conn: &mut PgConnection,
    segment: &[(&RecordedEvent, &F::Event)],
    changes: &mut Vec<Change>,
) -> anyhow::Result<()> {
    if segment.is_empty() {
        return Ok(());
    }
    let targets: Vec<RowOf> = segment
        .iter()
        .map(|(recorded, event)| F::row_of(recorded, event))
        .collect::<anyhow::Result<_>>()?;
    let mut rows = stored_rows::<F::Row>(conn, &targets).await?;
    let stored: HashSet<Uuid> = rows.keys().copied().collect();
    let mut order = Vec::new();
    for ((recorded, event), target) in segment.iter().zip(&targets) {
        let id = target.id();
        let row = rows.entry(id).or_insert(None);
        F::fold(row, recorded, event, changes)?;
        order.push(id);
    }
    let mut seen = HashSet::new();
    let mut upserts = Vec::new();
    let mut deletes = Vec::new();
    for id in order.into_iter().filter(|id| seen.insert(*id)) {
        match rows.get(&id) {
            Some(Some(row)) => upserts.push(row),
            _ if stored.contains(&id) => deletes.push(id),
            _ => {}
        }
    }
    if !deletes.is_empty() {
        let Some(delete) = <F::Row as FoldedRow>::DELETE else {
            anyhow::bail!("{} removed a row but has no DELETE", F::NAME);
        };
        sqlx::query(delete)
            .bind(&deletes)
            .execute(&mut *conn)
            .await?;
    }
    if !upserts.is_empty() {
        F::Row::upsert(conn, &upserts).await?;
    }
    Ok(())
}

/// The stored rows of the targets that are not new, read once; no ids, no
/// query.
async fn stored_rows<R: FoldedRow>(
    conn: &mut PgConnection,
    targets: &[RowOf],
) -> anyhow::Result<HashMap<Uuid, Option<R>>> {
    let ids: Vec<Uuid> = targets
        .iter()
        .filter_map(|target| match target {
            RowOf::Existing(id) => Some(*id),
            RowOf::New(_) => None,
        })
        .collect();
    let mut rows = HashMap::with_capacity(targets.len());
    if !ids.is_empty() {
        let found: Vec<R> = sqlx::query_as(R::SELECT)
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
        rows.extend(found.into_iter().map(|row| (row.id(), Some(row))));
    }
    Ok(rows)
}

/// One field of every row, as the array an `unnest` write binds.
macro_rules! column {
    ($rows:expr, $field:ident) => {
        $rows.iter().map(|r| r.$field.clone()).collect::<Vec<_>>()
    };
}
pub(crate) use column;

/// A recorded event of `stream_id` at `version`, all else blank, for the
/// folds' unit tests (a fold reads nothing else of it).
#[cfg(test)]
pub(crate) fn recorded(stream_id: &str, version: i64) -> RecordedEvent {
    RecordedEvent {
        position: version,
        transaction_id: 1,
        event_id: Uuid::nil(),
        stream_id: stream_id.to_owned(),
        stream_version: version,
        event_type: String::new(),
        schema_version: 1,
        payload: serde_json::Value::Null,
        metadata: event_store::Metadata::default(),
        data_subject: None,
        recorded_at: chrono::DateTime::UNIX_EPOCH,
    }
}
