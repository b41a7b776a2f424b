//! Cross-stream uniqueness claims (one account per email per role, one
//! application per candidate per job), written in the append transaction so a
//! second claim of the same value fails however fast it follows.

use anyhow::Context;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::types::{AppendError, UniqueClaim};

pub(super) async fn claim_all(
    tx: &mut PgConnection,
    claims: &[UniqueClaim],
) -> Result<(), AppendError> {
    for claim in claims {
        // language=PostgreSQL
        let claimed = sqlx::query(
            "INSERT INTO unique_claims (scope, value_hash, owner_id)
             SELECT $1, $2, $3
              WHERE NOT EXISTS (SELECT 1 FROM unique_claims WHERE scope = $1 AND value_hash = $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(&claim.scope)
        .bind(&claim.value_hash)
        .bind(claim.owner_id)
        .bind(&claim.legacy_hash)
        .execute(&mut *tx)
        .await
        .context("Failed to claim a unique value")?;
        if claimed.rows_affected() == 0 {
            return Err(AppendError::Claimed {
                scope: claim.scope.clone(),
            });
        }
    }

    Ok(())
}

pub(super) async fn owner(
    conn: &mut PgConnection,
    scope: &str,
    hashes: &[String],
) -> anyhow::Result<Option<Uuid>> {
    // language=PostgreSQL
    let row: Option<(Uuid,)> = sqlx::query_as(
        "SELECT owner_id FROM unique_claims WHERE scope = $1 AND value_hash = ANY($2) LIMIT 1",
    )
    .bind(scope)
    .bind(hashes)
    .fetch_optional(&mut *conn)
    .await
    .context("Failed to look up a uniqueness claim")?;
    Ok(row.map(|(id,)| id))
}

/// Everyone who holds a claim in `scope` (a range of the primary key).
pub(super) async fn owners(conn: &mut PgConnection, scope: &str) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid,)> =
        sqlx::query_as("SELECT DISTINCT owner_id FROM unique_claims WHERE scope = $1")
            .bind(scope)
            .fetch_all(&mut *conn)
            .await
            .context("Failed to list a claim's owners")?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Deletes every claim a data subject holds (their email, for one): an
/// erased person's address is free to sign up again, and no hash of it stays.
pub(super) async fn release_all(tx: &mut PgConnection, owner: Uuid) -> anyhow::Result<u64> {
    // language=PostgreSQL
    let done = sqlx::query("DELETE FROM unique_claims WHERE owner_id = $1")
        .bind(owner)
        .execute(&mut *tx)
        .await
        .context("Failed to release uniqueness claims")?;
    Ok(done.rows_affected())
}
