//! The shadow schema a rebuild loads into: making it (unlogged tables,
//! secondary indexes deferred), making it durable and indexed once loaded,
//! and the swap that moves its tables over the live ones.

use anyhow::Context;
use event_store::GlobalCheckpoint;
use sqlx::{Acquire, AssertSqlSafe, PgConnection};

use crate::runtime::{EventSource, Projector, advance_checkpoint, decode_batch, lock_checkpoint};

/// The swap: short, and the live runner of this projector waits on the row
/// lock. Applies the events that arrived after `checkpoint` (returns how
/// many), moves the shadow tables in and sets the checkpoint.
pub(super) async fn swap(
    conn: &mut PgConnection,
    source: &EventSource,
    projector: &dyn Projector,
    mut checkpoint: GlobalCheckpoint,
    events: u64,
    batch_size: i64,
) -> anyhow::Result<u64> {
    let name = projector.name();
    let shadow = format!("rebuild_{name}");
    let mut tx = Acquire::begin(&mut *conn).await?;
    lock_checkpoint(&mut tx, name).await?;
    set_search_path(&mut tx, &shadow).await?;
    let mut tail = 0usize;
    loop {
        // Read through the port on its own connection; the row lock held here
        // keeps the live runner from moving on meanwhile.
        let batch = source.store.read_all(checkpoint, batch_size).await?;
        let Some(last) = batch.last().map(|e| e.checkpoint()) else {
            break;
        };
        let count = batch.len();
        let batch = decode_batch(batch)?;
        projector
            .apply(&mut tx, &batch)
            .await
            .with_context(|| format!("rebuild of {name} failed at the swap"))?;
        checkpoint = last;
        tail += count;
    }
    let events = events + tail as u64;
    // language=PostgreSQL
    sqlx::query("SET LOCAL search_path TO public")
        .execute(&mut *tx)
        .await?;
    for table in projector.tables() {
        sqlx::query(AssertSqlSafe(format!(
            "DROP TABLE IF EXISTS public.{table}"
        )))
        .execute(&mut *tx)
        .await?;
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} SET SCHEMA public"
        )))
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(AssertSqlSafe(format!("DROP SCHEMA {shadow}")))
        .execute(&mut *tx)
        .await?;
    // language=PostgreSQL
    sqlx::query("SELECT apply_analyst_grants()")
        .execute(&mut *tx)
        .await?;
    // The rebuilt model has seen `events` events; the checkpoint restarts its count.
    sqlx::query("UPDATE projector_checkpoints SET events_seen = 0 WHERE name = $1")
        .bind(name)
        .execute(&mut *tx)
        .await?;
    advance_checkpoint(&mut tx, name, checkpoint, events as usize).await?;
    tx.commit()
        .await
        .context("Failed to swap in the rebuilt read model")?;
    Ok(tail as u64)
}

pub(super) async fn prepare_shadow(
    conn: &mut PgConnection,
    shadow: &str,
    tables: &[&str],
) -> anyhow::Result<()> {
    // A shadow left by an interrupted rebuild is stale: start clean.
    sqlx::query(AssertSqlSafe(format!(
        "DROP SCHEMA IF EXISTS {shadow} CASCADE"
    )))
    .execute(&mut *conn)
    .await?;
    sqlx::query(AssertSqlSafe(format!("CREATE SCHEMA {shadow}")))
        .execute(&mut *conn)
        .await?;
    // Unlogged while they load: no WAL record for each row and index entry.
    // A crash empties them, which costs nothing (an interrupted rebuild
    // starts again from scratch). No autovacuum either: workers would vacuum
    // and analyze each table several times over, taking CPU from the load.
    // Pages are filled to 80 % only, so that a row updated by a later batch
    // (a notification read, an application moved) finds room on its page
    // and the update is HOT: no new entry in the indexes the load keeps.
    // `build_indexes` makes them durable in one piece, packed at the default
    // fill factor (LIKE copies no storage parameters, and no read-model table
    // sets one), and gives autovacuum back before the swap.
    for table in tables {
        sqlx::query(AssertSqlSafe(format!(
            "CREATE UNLOGGED TABLE {shadow}.{table} (LIKE public.{table} INCLUDING ALL)
               WITH (autovacuum_enabled = false, fillfactor = 80)"
        )))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("Failed to create the shadow of {table}"))?;
    }
    Ok(())
}

/// Drops the secondary indexes of a freshly made shadow schema's tables and
/// returns their definitions, for [`build_indexes`] once the tables are
/// loaded: one sorted build instead of an index insertion per row version
/// (and updates that change no remaining index column can be HOT). Unique
/// indexes stay (upserts and lookups by key need them), and so does, for
/// each of `keep` (what erasures and folds find rows by), the narrowest whole-table
/// index that leads with it (a partial one could not serve the lookup).
pub(super) async fn defer_indexes(
    conn: &mut PgConnection,
    shadow: &str,
    keep: &[&str],
) -> anyhow::Result<Vec<String>> {
    // language=PostgreSQL
    let indexes: Vec<(String, String, String, Option<String>, bool)> = sqlx::query_as(
        "SELECT t.relname::text, x.relname::text, pg_get_indexdef(i.indexrelid), a.attname::text,
                i.indpred IS NULL AS whole_table
           FROM pg_index i
           JOIN pg_class x ON x.oid = i.indexrelid
           JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
           LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
          WHERE n.nspname = $1 AND NOT i.indisunique AND NOT i.indisprimary
            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
          ORDER BY t.relname, i.indpred IS NOT NULL, i.indnatts, x.relname",
    )
    .bind(shadow)
    .fetch_all(&mut *conn)
    .await
    .context("Failed to list the shadow tables' indexes")?;
    let mut kept = std::collections::HashSet::new();
    let mut deferred = Vec::new();
    for (table, index, definition, leading, whole_table) in indexes {
        if let Some(column) = leading.filter(|c| whole_table && keep.contains(&c.as_str()))
            && kept.insert((table, column))
        {
            continue;
        }
        sqlx::query(AssertSqlSafe(format!("DROP INDEX {shadow}.{index}")))
            .execute(&mut *conn)
            .await?;
        deferred.push(definition);
    }
    Ok(deferred)
}

/// Once a shadow schema is loaded: makes its tables durable (`SET LOGGED`
/// writes each one to the WAL whole, and rebuilds the indexes it kept),
/// builds the indexes [`defer_indexes`]
/// dropped (their definitions name the shadow schema), gathers each table's
/// statistics and lets autovacuum see its tables again, before the swap, so
/// the live runner never waits for any of it and the first queries on the
/// swapped-in tables are planned on real row counts (autovacuum was off
/// during the load, so nothing analysed them).
pub(super) async fn build_indexes(
    conn: &mut PgConnection,
    shadow: &str,
    tables: &[&str],
    definitions: &[String],
) -> anyhow::Result<()> {
    for table in tables {
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} RESET (fillfactor), SET LOGGED"
        )))
        .execute(&mut *conn)
        .await
        .with_context(|| format!("Failed to make the shadow of {table} durable"))?;
    }
    for definition in definitions {
        sqlx::query(AssertSqlSafe(definition.clone()))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("Failed to build an index after a rebuild: {definition}"))?;
    }
    for table in tables {
        sqlx::query(AssertSqlSafe(format!("ANALYZE {shadow}.{table}")))
            .execute(&mut *conn)
            .await
            .with_context(|| format!("Failed to analyze {table} after a rebuild"))?;
        sqlx::query(AssertSqlSafe(format!(
            "ALTER TABLE {shadow}.{table} RESET (autovacuum_enabled)"
        )))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Opens the transaction of one batch (or run of batches) of a rebuild's
/// load, the same for a one-projector and a one-pass rebuild: its SQL finds
/// the shadow tables first; it commits without waiting for the WAL flush (a
/// crash loses at most the shadow tables, which crash recovery empties and a
/// rebuild drops first; the swap commits durably); and it plans no seq
/// scans: shadow tables start empty and grow without statistics, and the
/// planner took the folds' `id = ANY($1)` lookups for seq scans of small
/// tables (hundreds of full scans per rebuild).
pub(super) async fn begin_load<'c>(
    conn: &'c mut PgConnection,
    shadow: &str,
) -> anyhow::Result<sqlx::Transaction<'c, sqlx::Postgres>> {
    let mut tx = Acquire::begin(conn).await?;
    set_search_path(&mut tx, shadow).await?;
    // language=PostgreSQL
    for setting in [
        "SET LOCAL synchronous_commit TO off",
        "SET LOCAL enable_seqscan TO off",
    ] {
        sqlx::query(setting).execute(&mut *tx).await?;
    }
    Ok(tx)
}

pub(super) async fn set_search_path(conn: &mut PgConnection, shadow: &str) -> anyhow::Result<()> {
    sqlx::query(AssertSqlSafe(format!(
        "SET LOCAL search_path TO {shadow}, public"
    )))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
