//! The global log for people: newest first, filtered by stream, event type,
//! actor and time, keyset-paged by position so page 500 costs what page 1 does.
//! Each filter has an index (migration 20261123000006): the planner walks one
//! of them backwards from the cursor and stops after `limit` rows.
//!
//! A time range is read newest first by `(recorded_at, position)` instead of
//! by position alone: walking the position index back to a day a month ago
//! passes every later event (the planner cannot know time and position rise
//! together), while the time index starts right there. The two orders differ
//! only for events stamped with a past time (the demo seed).

use anyhow::Context;
use sqlx::{PgConnection, Postgres, QueryBuilder};

use super::keys::DataKeys;
use super::read::{EventRow, decode_rows};
use crate::types::{LogFilter, RecordedEvent};

pub(super) async fn browse_in(
    conn: &mut PgConnection,
    keys: &DataKeys,
    filter: &LogFilter,
    limit: i64,
) -> anyhow::Result<Vec<RecordedEvent>> {
    let mut query = QueryBuilder::<Postgres>::new(
        "SELECT position, transaction_id::text::bigint AS transaction_id, event_id, stream_id, stream_version,
                event_type, schema_version, payload, metadata, data_subject, recorded_at
           FROM events WHERE true",
    );
    let by_time = filter.from.is_some() || filter.to.is_some();
    if let Some(before) = filter.before {
        if by_time {
            query
                .push(" AND (recorded_at, position) < (SELECT recorded_at, position FROM events WHERE position = ")
                .push_bind(before)
                .push(")");
        } else {
            query.push(" AND position < ").push_bind(before);
        }
    }
    if let Some(stream_id) = &filter.stream_id {
        query.push(" AND stream_id = ").push_bind(stream_id.clone());
    }
    if let Some(event_type) = &filter.event_type {
        query
            .push(" AND event_type = ")
            .push_bind(event_type.clone());
    }
    if let Some(types) = &filter.any_of_types {
        query
            .push(" AND event_type = ANY(")
            .push_bind(types.clone())
            .push(")");
    }
    if let Some(actor) = filter.actor_id {
        // The same expression as the index, so the planner can use it.
        query
            .push(" AND (metadata->>'actor_id') = ")
            .push_bind(actor.to_string());
    }
    if let Some(from) = filter.from {
        query.push(" AND recorded_at >= ").push_bind(from);
    }
    if let Some(to) = filter.to {
        query.push(" AND recorded_at <= ").push_bind(to);
    }
    query
        .push(if by_time {
            " ORDER BY recorded_at DESC, position DESC LIMIT "
        } else {
            " ORDER BY position DESC LIMIT "
        })
        .push_bind(limit);
    let rows: Vec<EventRow> = query
        .build_query_as()
        .fetch_all(&mut *conn)
        .await
        .context("Failed to browse the event log")?;
    decode_rows(conn, keys, rows).await
}
