//! Download links for exports: 32 random bytes, of which only the SHA-256 is
//! stored (`export_links`), valid for an hour and once. A link is spent
//! atomically, before the first byte of the archive is read, so two
//! downloads racing for one link get one archive and one 410.

use anyhow::Context;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

/// How long a link works.
pub const VALID_FOR_MINUTES: i32 = 60;
/// How long a spent or expired link's row is kept, as the record of who
/// exported whose data.
const KEPT_FOR_DAYS: i32 = 30;

/// A new link's secret part and when it stops working.
pub struct NewLink {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// What a presented token is worth.
#[derive(Debug, PartialEq, Eq)]
pub enum Claim {
    /// Spent now, for this download: whose data it is.
    Granted(Uuid),
    /// No such link, or not this session's to use.
    NotValid,
    Used,
    Expired,
}

fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Creates a link to `subject`'s data, asked for by `requested_by`.
pub async fn create(pool: &PgPool, subject: Uuid, requested_by: Uuid) -> anyhow::Result<NewLink> {
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = hex::encode(secret);
    // The database's clock decides both ends of the hour, as it does the
    // check when the link is used.
    // language=PostgreSQL
    let (expires_at,): (DateTime<Utc>,) = sqlx::query_as(
        "INSERT INTO export_links (token_hash, subject_id, requested_by, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))
         RETURNING expires_at",
    )
    .bind(hash(&token))
    .bind(subject)
    .bind(requested_by)
    .bind(VALID_FOR_MINUTES)
    .fetch_one(pool)
    .await
    .context("Failed to store an export link")?;
    // language=PostgreSQL
    sqlx::query("DELETE FROM export_links WHERE expires_at < now() - make_interval(days => $1)")
        .bind(KEPT_FOR_DAYS)
        .execute(pool)
        .await
        .context("Failed to remove old export links")?;
    Ok(NewLink { token, expires_at })
}

/// Spends the link `token` for a download by `user`, if it is theirs to use:
/// the person whose data it is, or an admin (`is_admin`). Anyone else learns
/// nothing, not even that the link exists.
pub async fn claim(
    pool: &PgPool,
    token: &str,
    user: Uuid,
    is_admin: bool,
) -> anyhow::Result<Claim> {
    let token_hash = hash(token);
    // language=PostgreSQL
    let link: Option<(Uuid,)> =
        sqlx::query_as("SELECT subject_id FROM export_links WHERE token_hash = $1")
            .bind(&token_hash)
            .fetch_optional(pool)
            .await
            .context("Failed to look up an export link")?;
    let Some((subject,)) = link else {
        return Ok(Claim::NotValid);
    };
    if subject != user && !is_admin {
        return Ok(Claim::NotValid);
    }
    // language=PostgreSQL
    let spent: Option<(Uuid,)> = sqlx::query_as(
        "UPDATE export_links SET used_at = now(), used_by = $2
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING subject_id",
    )
    .bind(&token_hash)
    .bind(user)
    .fetch_optional(pool)
    .await
    .context("Failed to spend an export link")?;
    if spent.is_some() {
        return Ok(Claim::Granted(subject));
    }
    // language=PostgreSQL
    let (used,): (bool,) =
        sqlx::query_as("SELECT used_at IS NOT NULL FROM export_links WHERE token_hash = $1")
            .bind(&token_hash)
            .fetch_one(pool)
            .await
            .context("Failed to look up an export link")?;
    Ok(if used { Claim::Used } else { Claim::Expired })
}
