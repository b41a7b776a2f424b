//! Appending: optimistic concurrency on `(stream_id, stream_version)`, and the
//! transactional path that writes claims, sealed personal fields, mail and
//! other streams' events with the events.

use anyhow::Context;
use serde_json::Value;
use sqlx::{Connection, PgConnection};
use uuid::Uuid;

use super::keys::DataKeys;
use super::{claims, outbox};
use crate::personal_data::{self, SealedFor};
use crate::types::{
    AppendError, AppendRequest, AppendResult, ExpectedVersion, NewEvent, StreamAppend,
};

/// Appends inside a transaction the caller owns (a policy in a projector
/// batch): claims, keys, events and mail, all or nothing with the caller's
/// work. A stream that is not at the expected version is reported without
/// aborting the caller's transaction.
pub async fn append_within(
    conn: &mut PgConnection,
    keys: &DataKeys,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    append_in(conn, keys, request).await
}

pub(super) async fn append_in(
    tx: &mut PgConnection,
    keys: &DataKeys,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    claims::claim_all(tx, &request.claims).await?;
    if let Some(shred) = &request.shred {
        super::keys::shred(tx, shred.subject).await?;
        claims::release_all(tx, shred.subject).await?;
        outbox::purge(tx, &shred.recipients, &shred.mentions).await?;
    }

    let mut streams: Vec<StreamAppend> = request.streams().collect();
    for event in streams
        .iter_mut()
        .flat_map(|s| s.events.iter_mut())
        .filter(|e| !e.personal_fields.is_empty())
    {
        let subject = event
            .data_subject
            .context("personal fields need a data subject")?;
        let Some(key) = keys.key_for(tx, subject).await? else {
            // An erased subject gets no new key: what would be sealed is
            // written as it would read, `[erased]`.
            personal_data::blank(&mut event.payload, event.personal_fields);
            continue;
        };
        // Bound to the event's id, which is fixed before sealing and stored with it.
        let owner = SealedFor {
            subject,
            event_id: event.event_id,
        };
        personal_data::seal(&mut event.payload, event.personal_fields, owner, &key)?;
    }

    let result = if let [own] = streams.as_slice() {
        insert_events(tx, request, &own.stream_id, own.expected, &own.events).await?
    } else {
        insert_streams(tx, request, streams).await?
    };

    outbox::queue(tx, &request.outbox).await?;
    Ok(result)
}

/// Several streams' events, all or nothing: under a savepoint, so a wrong
/// version in a later stream undoes the earlier ones' rows even in a
/// transaction the caller goes on with ([`append_within`]). Streams are
/// written in `stream_id` order, so two appends that share streams take
/// their rows in one order and cannot deadlock. The answer is the request's
/// own stream's version and the last position written.
async fn insert_streams(
    conn: &mut PgConnection,
    request: &AppendRequest,
    mut streams: Vec<StreamAppend>,
) -> Result<AppendResult, AppendError> {
    streams.sort_by(|a, b| a.stream_id.cmp(&b.stream_id));
    let mut all = conn
        .begin()
        .await
        .context("Failed to begin a savepoint for a multi-stream append")?;
    let mut result = AppendResult {
        position: 0,
        version: 0,
    };
    for stream in streams.iter().filter(|s| !s.events.is_empty()) {
        let written = insert_events(
            &mut all,
            request,
            &stream.stream_id,
            stream.expected,
            &stream.events,
        )
        .await?;
        result.position = result.position.max(written.position);
        if stream.stream_id == request.stream_id {
            result.version = written.version;
        }
    }
    all.commit()
        .await
        .context("Failed to release a multi-stream append's savepoint")?;
    Ok(result)
}

/// A side-effect-free append on its own: ONE autocommitted statement, as
/// before group commit (a lone request keeps this path, so one writer pays no
/// more than a plain INSERT).
pub(super) async fn insert_alone(
    conn: &mut PgConnection,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    if request.expected == ExpectedVersion::NoStream {
        insert_new_stream(conn, request).await
    } else {
        insert_events(
            conn,
            request,
            &request.stream_id,
            request.expected,
            &request.events,
        )
        .await
    }
}

/// A new stream outside a transaction: versions 1..k inserted directly, the
/// unique (stream_id, stream_version) constraint rejecting a stream that exists.
/// No lookup first, so it costs what a plain INSERT costs. (Inside a caller's
/// transaction a violation would abort it, so that path keeps the checked insert.)
pub(super) async fn insert_new_stream(
    conn: &mut PgConnection,
    request: &AppendRequest,
) -> Result<AppendResult, AppendError> {
    let metadata = serde_json::to_value(&request.metadata).context("Failed to encode metadata")?;
    let rows: Vec<(i64, i64)> = if let [event] = request.events.as_slice() {
        // language=PostgreSQL
        sqlx::query_as(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject,
                                 recorded_at)
             VALUES ($1, $2, 1, $3, $4, $5, $6, $7, coalesce($8, clock_timestamp()))
             RETURNING position, stream_version",
        )
        .bind(event.event_id)
        .bind(&request.stream_id)
        .bind(event.event_type)
        .bind(event.schema_version)
        .bind(&event.payload)
        .bind(&metadata)
        .bind(event.data_subject)
        .bind(request.recorded_at)
        .fetch_all(&mut *conn)
        .await
    } else {
        let events = &request.events;
        // language=PostgreSQL
        sqlx::query_as(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject,
                                 recorded_at)
             SELECT input.event_id, $1, input.n, input.event_type, input.schema_version, input.payload, $7, input.data_subject,
                    coalesce($8, clock_timestamp())
               FROM unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::uuid[])
                        WITH ORDINALITY AS input(event_id, event_type, schema_version, payload, data_subject, n)
              ORDER BY input.n
             RETURNING position, stream_version",
        )
        .bind(&request.stream_id)
        .bind(events.iter().map(|e| e.event_id).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.event_type).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.schema_version).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.payload.clone()).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.data_subject).collect::<Vec<_>>())
        .bind(&metadata)
        .bind(request.recorded_at)
        .fetch_all(&mut *conn)
        .await
    }
    .map_err(|e| classify(e, &request.stream_id, request.expected))?;
    let (position, version) = rows.iter().copied().max().unwrap_or((0, 0));
    Ok(AppendResult { position, version })
}

/// One statement: checks `stream_id`'s expected version and inserts its
/// events, with the request's metadata and time.
pub(super) async fn insert_events(
    conn: &mut PgConnection,
    request: &AppendRequest,
    stream_id: &str,
    expected: ExpectedVersion,
    events: &[NewEvent],
) -> Result<AppendResult, AppendError> {
    let (kind, exact) = match expected {
        ExpectedVersion::Any => ("any", 0),
        ExpectedVersion::NoStream => ("no_stream", 0),
        ExpectedVersion::Exact(n) => ("exact", n),
    };
    let metadata = serde_json::to_value(&request.metadata).context("Failed to encode metadata")?;
    let ids: Vec<Uuid> = events.iter().map(|e| e.event_id).collect();
    let types: Vec<&str> = events.iter().map(|e| e.event_type).collect();
    let versions: Vec<i32> = events.iter().map(|e| e.schema_version).collect();
    let payloads: Vec<Value> = events.iter().map(|e| e.payload.clone()).collect();
    let subjects: Vec<Option<Uuid>> = events.iter().map(|e| e.data_subject).collect();
    // language=PostgreSQL
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "WITH current AS (
             SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1
         )
         INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject,
                             recorded_at)
         SELECT input.event_id, $1, current.version + input.n, input.event_type, input.schema_version,
                input.payload, $7, input.data_subject, coalesce($10, clock_timestamp())
           FROM current,
                unnest($2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::uuid[])
                    WITH ORDINALITY AS input(event_id, event_type, schema_version, payload, data_subject, n)
          WHERE CASE $8 WHEN 'any' THEN true
                        WHEN 'no_stream' THEN current.version = 0
                        ELSE current.version = $9 END
          ORDER BY input.n
         RETURNING position, stream_version",
    )
    .bind(stream_id)
    .bind(&ids)
    .bind(&types)
    .bind(&versions)
    .bind(&payloads)
    .bind(&subjects)
    .bind(&metadata)
    .bind(kind)
    .bind(exact)
    .bind(request.recorded_at)
    .fetch_all(&mut *conn)
    .await
    .map_err(|e| classify(e, stream_id, expected))?;

    if rows.len() != events.len() {
        return Err(AppendError::WrongExpectedVersion {
            stream_id: stream_id.to_owned(),
            expected,
        });
    }
    let (position, version) = rows.iter().copied().max().unwrap_or((0, 0));
    Ok(AppendResult { position, version })
}

/// A taken `(stream_id, stream_version)` is a lost race on `stream_id`;
/// anything else is the store's own failure.
pub(super) fn classify(e: sqlx::Error, stream_id: &str, expected: ExpectedVersion) -> AppendError {
    if let Some(db) = e.as_database_error()
        && db.constraint() == Some("events_stream_version_key")
    {
        return AppendError::WrongExpectedVersion {
            stream_id: stream_id.to_owned(),
            expected,
        };
    }
    AppendError::Internal(anyhow::Error::new(e).context("Failed to append events"))
}
