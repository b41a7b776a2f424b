//! The read-fold-write steps that the rebuild folds not yet on
//! [`crate::RowFold`] still take by hand; [`crate::row_fold`] is the one
//! path the other folded read models take.

use std::collections::{HashMap, HashSet};

use event_store::RecordedEvent;
use sqlx::PgConnection;
use uuid::Uuid;

use super::stream_uuid;
pub(crate) use crate::row_fold::FoldedRow;

/// The rows of `ids`, read once; no ids, no query.
async fn rows_by_id<R: FoldedRow>(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> anyhow::Result<HashMap<Uuid, R>> {
    let mut rows = HashMap::new();
    if !ids.is_empty() {
        let found: Vec<R> = sqlx::query_as(R::SELECT)
            .bind(ids)
            .fetch_all(&mut *conn)
            .await?;
        rows.extend(found.into_iter().map(|row| (row.id(), row)));
    }
    Ok(rows)
}

/// Writes `rows` back; no rows, no statement.
async fn write_rows<R: FoldedRow>(conn: &mut PgConnection, rows: &[&R]) -> anyhow::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    R::upsert(conn, rows).await
}

/// The rows a rebuild segment folds set-wise: those from before it that its
/// events change (read once), those it creates, and the order they were first
/// touched in, which is the order its one upsert sends them.
pub(crate) struct SegmentRows<R> {
    rows: HashMap<Uuid, R>,
    order: Vec<Uuid>,
}

impl<R: FoldedRow> SegmentRows<R> {
    /// Reads the rows of the segment's streams, but for those of the events
    /// that `creates` a row: they are new.
    pub(crate) async fn load<E>(
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &E)],
        creates: impl Fn(&E) -> bool,
    ) -> anyhow::Result<Self> {
        let ids: Vec<Uuid> = segment
            .iter()
            .filter(|(_, event)| !creates(event))
            .map(|(recorded, _)| stream_uuid(&recorded.stream_id))
            .collect::<anyhow::Result<_>>()?;
        Ok(Self {
            rows: rows_by_id(conn, &ids).await?,
            order: Vec::new(),
        })
    }
}

impl<R> SegmentRows<R> {
    /// Adds the row an event creates; `false` (and nothing added) when the
    /// id already has one, which a sound log never does.
    pub(crate) fn create(&mut self, id: Uuid, row: R) -> bool {
        if self.rows.contains_key(&id) {
            return false;
        }
        self.order.push(id);
        self.rows.insert(id, row);
        true
    }

    /// The row of `id` to change, if there is one, noted as touched.
    pub(crate) fn touch(&mut self, id: Uuid) -> Option<&mut R> {
        let row = self.rows.get_mut(&id)?;
        self.order.push(id);
        Some(row)
    }

    /// The row of `id` to change, made by `new` when there is none yet.
    pub(crate) fn touch_or_insert(&mut self, id: Uuid, new: impl FnOnce() -> R) -> &mut R {
        self.order.push(id);
        self.rows.entry(id).or_insert_with(new)
    }

    /// Drops the row of `id`; whether there was one.
    pub(crate) fn remove(&mut self, id: Uuid) -> bool {
        self.rows.remove(&id).is_some()
    }

    /// The rows still there, each once, in the order they were first touched.
    fn changed(&self) -> Vec<&R> {
        let mut seen = HashSet::new();
        self.order
            .iter()
            .filter(|id| seen.insert(**id))
            .filter_map(|id| self.rows.get(id))
            .collect()
    }
}

impl<R: FoldedRow> SegmentRows<R> {
    /// Writes the rows the segment touched and still has.
    pub(crate) async fn write(&self, conn: &mut PgConnection) -> anyhow::Result<()> {
        write_rows(conn, &self.changed()).await
    }
}
