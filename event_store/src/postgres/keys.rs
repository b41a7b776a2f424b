//! Where data-subject keys live: one row per person in `data_subject_keys`,
//! created on first use inside the append transaction, deleted to erase.
//!
//! Keys are stored wrapped (`wrapped_key`, `kek_id`; see `key_wrapping`). A
//! row written before keys were wrapped, or by a process of that release
//! during a rolling deploy, holds its key in the clear column `key`: it is
//! still read, and [`DataKeys::rewrap`] wraps it and empties the clear column
//! (at every start, and by `recruit keys rotate`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use rand::RngCore;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::key_wrapping::{KeyWrapping, WrappedKey};
use crate::personal_data::Key;

/// The data-subject keys, unwrapped with the configured key-encryption keys.
/// Cheap to clone.
#[derive(Clone)]
pub struct DataKeys {
    wrapping: Arc<dyn KeyWrapping>,
}

/// Which rows [`DataKeys::rewrap`] rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rewrap {
    /// Only keys still held in clear (the upgrade to wrapped keys).
    ClearKeys,
    /// Every key not wrapped with the current KEK (rotation), clear ones too.
    NotCurrent,
}

/// What a rewrap did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RewrapReport {
    pub rewrapped: u64,
    /// Rows still to do because a transaction held them on every pass (run
    /// again); 0 when the table is done.
    pub remaining: i64,
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    subject_id: Uuid,
    key: Option<Vec<u8>>,
    wrapped_key: Option<Vec<u8>>,
    kek_id: Option<String>,
}

impl DataKeys {
    pub fn new(wrapping: Arc<dyn KeyWrapping>) -> Self {
        Self { wrapping }
    }

    pub fn current_kek_id(&self) -> &str {
        self.wrapping.current_kek_id()
    }

    /// Returns the subject's key, creating it (wrapped) on first use, inside
    /// the caller's transaction; `None` for an erased subject, who never gets
    /// a key again.
    pub async fn key_for(
        &self,
        conn: &mut PgConnection,
        subject: Uuid,
    ) -> anyhow::Result<Option<Key>> {
        let mut fresh = [0u8; 32];
        rand::rng().fill_bytes(&mut fresh);
        let wrapped = self.wrapping.wrap(subject, &fresh)?;
        // Waits for an erasure of this subject running now, so the check below
        // (a statement of its own: its snapshot is taken after the wait) sees it.
        lock_subject(conn, subject).await?;
        // language=PostgreSQL
        let row: Option<KeyRow> = sqlx::query_as(
            "INSERT INTO data_subject_keys (subject_id, wrapped_key, kek_id)
             SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM erased_subjects WHERE subject_id = $1)
             ON CONFLICT (subject_id) DO UPDATE SET subject_id = EXCLUDED.subject_id
             RETURNING subject_id, key, wrapped_key, kek_id",
        )
        .bind(subject)
        .bind(&wrapped.blob)
        .bind(&wrapped.kek_id)
        .fetch_optional(&mut *conn)
        .await
        .context("Failed to load or create a data subject key")?;
        row.map(|row| self.open(row)).transpose()
    }

    /// Keys of the given subjects; erased subjects are simply absent. A key
    /// that does not unwrap (its KEK is not configured) is an error: reading
    /// on would show a person who still exists as `[erased]`.
    pub async fn keys_for(
        &self,
        conn: &mut PgConnection,
        subjects: &[Uuid],
    ) -> anyhow::Result<HashMap<Uuid, Key>> {
        if subjects.is_empty() {
            return Ok(HashMap::new());
        }
        // language=PostgreSQL
        let rows: Vec<KeyRow> = sqlx::query_as(
            "SELECT subject_id, key, wrapped_key, kek_id FROM data_subject_keys WHERE subject_id = ANY($1)",
        )
        .bind(subjects)
        .fetch_all(&mut *conn)
        .await
        .context("Failed to load data subject keys")?;
        rows.into_iter()
            .map(|row| Ok((row.subject_id, self.open(row)?)))
            .collect()
    }

    fn open(&self, row: KeyRow) -> anyhow::Result<Key> {
        match row {
            KeyRow {
                subject_id,
                wrapped_key: Some(blob),
                kek_id: Some(kek_id),
                ..
            } => self
                .wrapping
                .unwrap(subject_id, &WrappedKey { kek_id, blob })
                .map_err(anyhow::Error::from),
            KeyRow {
                key: Some(clear), ..
            } => clear
                .try_into()
                .map_err(|_| anyhow!("data subject key has the wrong length")),
            KeyRow { subject_id, .. } => {
                bail!("the data key row of subject {subject_id} holds no key")
            }
        }
    }

    /// Rewraps keys with the current KEK in batches of `batch`, one
    /// transaction each, and empties their clear column. Idempotent and
    /// resumable: what is done is skipped by the next run. Rows a running
    /// append holds are skipped (`SKIP LOCKED`) and retried in a later pass,
    /// so serving never waits on it. `progress` gets the running count.
    pub async fn rewrap(
        &self,
        pool: &PgPool,
        scope: Rewrap,
        batch: i64,
        mut progress: impl FnMut(u64),
    ) -> anyhow::Result<RewrapReport> {
        let mut rewrapped = 0u64;
        for pass in 0..20u64 {
            let mut after = Uuid::nil();
            loop {
                let (n, last) = self.rewrap_batch(pool, scope, after, batch).await?;
                let Some(last) = last else { break };
                after = last;
                rewrapped += n;
                progress(rewrapped);
            }
            let remaining = self.pending(pool, scope).await?;
            if remaining == 0 {
                return Ok(RewrapReport {
                    rewrapped,
                    remaining,
                });
            }
            tokio::time::sleep(Duration::from_millis(50 * (pass + 1))).await;
        }
        Ok(RewrapReport {
            rewrapped,
            remaining: self.pending(pool, scope).await?,
        })
    }

    /// One batch after `after` in subject order: how many were rewrapped and
    /// the last subject looked at (`None` when there was nothing left).
    async fn rewrap_batch(
        &self,
        pool: &PgPool,
        scope: Rewrap,
        after: Uuid,
        batch: i64,
    ) -> anyhow::Result<(u64, Option<Uuid>)> {
        let mut tx = pool
            .begin()
            .await
            .context("Failed to begin a rewrap batch")?;
        // language=PostgreSQL
        let rows: Vec<KeyRow> = sqlx::query_as(
            "SELECT subject_id, key, wrapped_key, kek_id FROM data_subject_keys
              WHERE subject_id > $1
                AND (key IS NOT NULL OR ($2 AND kek_id IS DISTINCT FROM $3))
              ORDER BY subject_id
              LIMIT $4
                FOR UPDATE SKIP LOCKED",
        )
        .bind(after)
        .bind(scope == Rewrap::NotCurrent)
        .bind(self.current_kek_id())
        .bind(batch)
        .fetch_all(&mut *tx)
        .await
        .context("Failed to read data keys to rewrap")?;
        let Some(last) = rows.last().map(|r| r.subject_id) else {
            return Ok((0, None));
        };
        let mut subjects = Vec::with_capacity(rows.len());
        let mut blobs = Vec::with_capacity(rows.len());
        for row in rows {
            let subject = row.subject_id;
            let key = self.open(row)?;
            let wrapped = self.wrapping.wrap(subject, &key)?;
            subjects.push(subject);
            blobs.push(wrapped.blob);
        }
        // language=PostgreSQL
        let done = sqlx::query(
            "UPDATE data_subject_keys AS k
                SET key = NULL, wrapped_key = u.wrapped_key, kek_id = $3
               FROM unnest($1::uuid[], $2::bytea[]) AS u(subject_id, wrapped_key)
              WHERE k.subject_id = u.subject_id",
        )
        .bind(&subjects)
        .bind(&blobs)
        .bind(self.current_kek_id())
        .execute(&mut *tx)
        .await
        .context("Failed to store rewrapped data keys")?;
        tx.commit()
            .await
            .context("Failed to commit a rewrap batch")?;
        Ok((done.rows_affected(), Some(last)))
    }

    /// How many keys a rewrap of `scope` would still rewrite.
    pub async fn pending(&self, pool: &PgPool, scope: Rewrap) -> anyhow::Result<i64> {
        // language=PostgreSQL
        let (n,): (i64,) = sqlx::query_as(
            "SELECT count(*) FROM data_subject_keys
              WHERE key IS NOT NULL OR ($1 AND kek_id IS DISTINCT FROM $2)",
        )
        .bind(scope == Rewrap::NotCurrent)
        .bind(self.current_kek_id())
        .fetch_one(pool)
        .await
        .context("Failed to count data keys to rewrap")?;
        Ok(n)
    }
}

/// How many data keys each KEK wraps (`None`: still in clear), by KEK id.
pub async fn count_by_kek(pool: &PgPool) -> anyhow::Result<Vec<(Option<String>, i64)>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT CASE WHEN key IS NULL THEN kek_id END AS kek, count(*)
           FROM data_subject_keys GROUP BY 1 ORDER BY 1 NULLS FIRST",
    )
    .fetch_all(pool)
    .await
    .context("Failed to count data keys")
}

/// The advisory lock (held to the end of the transaction) that orders an
/// erasure of `subject` and an append that would make them a key: without it,
/// an append whose statement started before the erasure committed could
/// insert a fresh key after it. The two-key form keeps it apart from the
/// projectors' one-key locks.
async fn lock_subject(conn: &mut PgConnection, subject: Uuid) -> anyhow::Result<()> {
    // language=PostgreSQL
    sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2::text))")
        .bind(SUBJECT_LOCK_CLASS)
        .bind(subject)
        .execute(&mut *conn)
        .await
        .context("Failed to lock a data subject")?;
    Ok(())
}

/// The first key of [`lock_subject`]'s two ("subj").
const SUBJECT_LOCK_CLASS: i32 = 0x7375_626a;

/// Erases a data subject: its key goes, so its sealed fields become
/// unreadable, and it is marked erased first, so no append makes it a new key
/// (an append that already holds the key row finishes first: the delete waits
/// for its lock). Returns whether there was a key to delete.
pub async fn erase(conn: &mut PgConnection, subject: Uuid) -> anyhow::Result<bool> {
    shred(conn, subject).await
}

pub(super) async fn shred(conn: &mut PgConnection, subject: Uuid) -> anyhow::Result<bool> {
    lock_subject(conn, subject).await?;
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO erased_subjects (subject_id, erased_at) VALUES ($1, now()) ON CONFLICT DO NOTHING",
    )
    .bind(subject)
    .execute(&mut *conn)
    .await
    .context("Failed to mark a data subject erased")?;
    // language=PostgreSQL
    let done = sqlx::query("DELETE FROM data_subject_keys WHERE subject_id = $1")
        .bind(subject)
        .execute(&mut *conn)
        .await
        .context("Failed to delete a data subject key")?;
    Ok(done.rows_affected() == 1)
}
