//! Password hashing with argon2id (the crate's defaults: 19 MiB, 2 passes), run
//! off the async runtime, and the random single-use tokens of password resets.

use anyhow::{Context, anyhow};
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("argon2 hashing failed: {e}"))
    })
    .await
    .context("Failed to join the hashing task")?
}

/// Verifies `password` against `hash`. With no hash (unknown account) it still
/// spends the same work on a fixed hash, so response times do not reveal which
/// emails have accounts.
pub async fn verify(password: String, hash: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let parsed = PasswordHash::new(&hash)
            .map_err(|e| anyhow!("stored password hash is malformed: {e}"))?;
        Ok(known
            && Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok())
    })
    .await
    .context("Failed to join the verification task")?
}

// argon2id hash of a random password nobody knows; used only to equalise timing.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Yc5xXxfJYnAKdB7K9G1DiH8uJ0TzYjGqX0lqZt3cM0E";

/// A reset token: the account id (so the stream can be found without a lookup
/// table) and 32 random bytes, URL-safe. Only its SHA-256 is ever stored.
pub fn new_reset_token(account_id: Uuid) -> String {
    let mut bytes = account_id.as_bytes().to_vec();
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    bytes.extend_from_slice(&secret);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The account a reset token names, if it is well-formed.
pub fn reset_token_account(token: &str) -> Option<Uuid> {
    let bytes = URL_SAFE_NO_PAD.decode(token.trim()).ok()?;
    if bytes.len() != 48 {
        return None;
    }
    Uuid::from_slice(&bytes[..16]).ok()
}

pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.trim().as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let h = hash("Secret1!".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Secret1!".into(), Some(h.clone())).await.unwrap());
        assert!(!verify("Secret2!".into(), Some(h)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        assert!(!verify("anything".into(), None).await.unwrap());
    }

    #[test]
    fn reset_tokens_name_their_account_and_are_unique() {
        let id = Uuid::now_v7();
        let a = new_reset_token(id);
        let b = new_reset_token(id);
        assert_ne!(a, b);
        assert_eq!(reset_token_account(&a), Some(id));
        assert_eq!(reset_token_account("garbage"), None);
        assert_eq!(token_hash(&a).len(), 64);
    }
}
