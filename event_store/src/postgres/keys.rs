//! Where data-subject keys live: one row per person in `data_subject_keys`,
//! created on first use inside the append transaction, deleted to erase.

use std::collections::HashMap;

use anyhow::{Context, anyhow};
use rand::RngCore;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::personal_data::Key;

/// Returns the subject's key, creating it on first use (inside the caller's transaction).
pub async fn key_for(conn: &mut PgConnection, subject: Uuid) -> anyhow::Result<Key> {
    let mut fresh = [0u8; 32];
    rand::rng().fill_bytes(&mut fresh);
    // language=PostgreSQL
    let (key,): (Vec<u8>,) = sqlx::query_as(
        "INSERT INTO data_subject_keys (subject_id, key) VALUES ($1, $2)
         ON CONFLICT (subject_id) DO UPDATE SET subject_id = EXCLUDED.subject_id
         RETURNING key",
    )
    .bind(subject)
    .bind(&fresh[..])
    .fetch_one(&mut *conn)
    .await
    .context("Failed to load or create a data subject key")?;
    key.try_into()
        .map_err(|_| anyhow!("data subject key has the wrong length"))
}

/// Keys of the given subjects; erased subjects are simply absent.
pub async fn keys_for(
    conn: &mut PgConnection,
    subjects: &[Uuid],
) -> anyhow::Result<HashMap<Uuid, Key>> {
    if subjects.is_empty() {
        return Ok(HashMap::new());
    }
    // language=PostgreSQL
    let rows: Vec<(Uuid, Vec<u8>)> =
        sqlx::query_as("SELECT subject_id, key FROM data_subject_keys WHERE subject_id = ANY($1)")
            .bind(subjects)
            .fetch_all(&mut *conn)
            .await
            .context("Failed to load data subject keys")?;
    rows.into_iter()
        .map(|(id, key)| {
            Ok((
                id,
                key.try_into()
                    .map_err(|_| anyhow!("data subject key has the wrong length"))?,
            ))
        })
        .collect()
}

/// Erases a data subject: its key goes, so its sealed fields become unreadable.
pub async fn erase(conn: &mut PgConnection, subject: Uuid) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let done = sqlx::query("DELETE FROM data_subject_keys WHERE subject_id = $1")
        .bind(subject)
        .execute(&mut *conn)
        .await
        .context("Failed to delete a data subject key")?;
    Ok(done.rows_affected() == 1)
}
