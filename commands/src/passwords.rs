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

/// Hashing and verifying run at most this many at once (about the core
/// count): a burst of sign-ups or guesses queues here instead of starving
/// every other request of CPU and memory (each holds 19 MiB while it runs).
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    tokio::sync::Semaphore::new(cores.max(1))
});

/// How many argon2 verifications have run (for tests: an unknown email must
/// cost a verification like a known one).
static VERIFICATIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Hashing and verifications running now, and the most seen at once.
static IN_FLIGHT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static MOST_IN_FLIGHT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

pub fn verifications() -> u64 {
    VERIFICATIONS.load(std::sync::atomic::Ordering::Relaxed)
}

/// The most hashing jobs that have ever run at once in this process.
pub fn most_in_flight() -> usize {
    MOST_IN_FLIGHT.load(std::sync::atomic::Ordering::Relaxed)
}

/// The bound on concurrent hashing jobs.
pub fn hashing_limit() -> usize {
    std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(1)
}

/// Runs one argon2 job on the blocking pool, under the semaphore.
async fn bounded<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
    use std::sync::atomic::Ordering;
    let _permit = HASHING
        .acquire()
        .await
        .context("The hashing pool is closed")?;
    let now = IN_FLIGHT.fetch_add(1, Ordering::SeqCst) + 1;
    MOST_IN_FLIGHT.fetch_max(now, Ordering::SeqCst);
    let result = tokio::task::spawn_blocking(job).await;
    IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    result.context("Failed to join the hashing task")
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    bounded(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("argon2 hashing failed: {e}"))
    })
    .await?
}

/// Verifies `password` against `hash`. With no hash (unknown account) it still
/// spends the same work on a fixed hash, so response times do not reveal which
/// emails have accounts.
pub async fn verify(password: String, hash: Option<String>) -> anyhow::Result<bool> {
    bounded(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let parsed = PasswordHash::new(&hash)
            .map_err(|e| anyhow!("stored password hash is malformed: {e}"))?;
        // Verify first, then look at `known`: `known && verify(..)` would skip
        // the work for unknown emails and time would tell which emails exist.
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        VERIFICATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(known && matches)
    })
    .await?
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

    /// The counters are process-wide: tests that read them, or verify while
    /// another reads them, take turns.
    static COUNTERS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let _turn = COUNTERS.lock().await;
        let h = hash("Secret1!".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Secret1!".into(), Some(h.clone())).await.unwrap());
        assert!(!verify("Secret2!".into(), Some(h)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies_but_costs_the_same_work() {
        let _turn = COUNTERS.lock().await;
        let before = verifications();
        assert!(!verify("anything".into(), None).await.unwrap());
        assert_eq!(verifications(), before + 1, "the argon2 check was skipped");
        // The stand-in hash costs what a real one does: the same parameters.
        let real = hash("Secret1!".into()).await.unwrap();
        let params = |h: &str| h.rsplitn(3, '$').nth(2).unwrap().to_owned();
        assert_eq!(params(DUMMY_HASH), params(&real));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn hashing_runs_at_most_the_core_count_at_once() {
        let _turn = COUNTERS.lock().await;
        let jobs: Vec<_> = (0..hashing_limit() * 4)
            .map(|i| tokio::spawn(hash(format!("Secret{i}!"))))
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert!(most_in_flight() >= 1);
        assert!(
            most_in_flight() <= hashing_limit(),
            "{} hashing jobs ran at once (limit {})",
            most_in_flight(),
            hashing_limit()
        );
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
