//! The history's only bulk step: rows sealed with each data subject's real
//! key and inserted into `events` a few thousand per statement.

use std::collections::HashMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use event_store::NewEvent;
use event_store::personal_data::{self, Key, SealedFor};
use event_store::postgres::DataKeys;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::HistoryReport;

pub(super) struct Row {
    pub(super) stream: String,
    pub(super) version: i64,
    pub(super) event: NewEvent,
    pub(super) metadata: Value,
    pub(super) at: DateTime<Utc>,
    pub(super) shred: Option<Uuid>,
}

/// Seals and bulk-inserts rows, a few thousand per statement.
pub(super) struct Writer {
    pool: PgPool,
    keys: DataKeys,
    /// Each subject's key once made (`None`: erased).
    cache: HashMap<Uuid, Option<Key>>,
    pub(super) rows: Vec<Row>,
    pub(super) report: HistoryReport,
}

impl Writer {
    pub(super) fn new(pool: PgPool, keys: DataKeys) -> Self {
        Self {
            pool,
            keys,
            cache: HashMap::new(),
            rows: Vec::new(),
            report: HistoryReport::default(),
        }
    }

    pub(super) fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    pub(super) async fn flush(&mut self) -> anyhow::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await?;
        let rows = std::mem::take(&mut self.rows);
        let n = rows.len();
        let mut ids = Vec::with_capacity(n);
        let mut streams = Vec::with_capacity(n);
        let mut versions = Vec::with_capacity(n);
        let mut types = Vec::with_capacity(n);
        let mut schemas = Vec::with_capacity(n);
        let mut payloads = Vec::with_capacity(n);
        let mut metadata = Vec::with_capacity(n);
        let mut subjects = Vec::with_capacity(n);
        let mut times = Vec::with_capacity(n);
        for mut row in rows {
            let event = &mut row.event;
            if !event.personal_fields.is_empty()
                && let Some(subject) = event.data_subject
            {
                let key = match self.cache.get(&subject) {
                    Some(key) => *key,
                    None => {
                        let key = self.keys.key_for(&mut tx, subject).await?;
                        self.cache.insert(subject, key);
                        key
                    }
                };
                match key {
                    Some(key) => {
                        let owner = SealedFor {
                            subject,
                            event_id: event.event_id,
                        };
                        personal_data::seal(
                            &mut event.payload,
                            event.personal_fields,
                            owner,
                            &key,
                        )?;
                        self.report.sealed_events += 1;
                    }
                    None => personal_data::blank(&mut event.payload, event.personal_fields),
                }
            }
            if let Some(subject) = row.shred {
                event_store::postgres::keys::erase(&mut tx, subject).await?;
                self.cache.insert(subject, None);
                self.report.subjects_erased += 1;
            }
            *self.report.by_type.entry(event.event_type).or_default() += 1;
            ids.push(event.event_id);
            streams.push(row.stream);
            versions.push(row.version);
            types.push(event.event_type);
            schemas.push(event.schema_version);
            payloads.push(std::mem::take(&mut event.payload));
            metadata.push(row.metadata);
            subjects.push(event.data_subject);
            times.push(row.at);
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                                 data_subject, recorded_at)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::jsonb[],
                                  $7::jsonb[], $8::uuid[], $9::timestamptz[])",
        )
        .bind(&ids)
        .bind(&streams)
        .bind(&versions)
        .bind(&types)
        .bind(&schemas)
        .bind(&payloads)
        .bind(&metadata)
        .bind(&subjects)
        .bind(&times)
        .execute(&mut *tx)
        .await
        .context("Failed to insert generated events")?;
        tx.commit().await?;
        self.report.events += n as u64;
        Ok(())
    }
}
