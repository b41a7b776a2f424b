//! The read and write steps that `accounts` and `job_board` still take by
//! hand; [`crate::row_fold`] is the one path the other folded read models
//! take.

use std::collections::HashMap;

use sqlx::PgConnection;
use uuid::Uuid;

pub(crate) use crate::row_fold::FoldedRow;

/// The rows of `ids`, read once; no ids, no query.
pub(crate) async fn rows_by_id<R: FoldedRow>(
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
pub(crate) async fn write_rows<R: FoldedRow>(
    conn: &mut PgConnection,
    rows: &[&R],
) -> anyhow::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    R::upsert(conn, rows).await
}
