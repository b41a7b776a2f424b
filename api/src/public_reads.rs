//! A short-lived cache of the public job reads (the board and one listing):
//! the answers everybody gets, asked for far more often than jobs change.
//!
//! An entry is the encoded JSON body, shared by every reader. It is dropped
//! when any job-board row changes or an employer's account or company profile
//! does (the change feed's `JobChanged` and `EmployerChanged`, which cross
//! processes with `NOTIFY`), and at the latest after [`TTL`], which bounds
//! what the feed does not carry (a listing passing its expiry date, a
//! listener reconnecting, a process that runs no projectors). A signed-in
//! read, or one that waited for a write (read your writes), skips the cache
//! and refreshes it.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use moka::sync::Cache;
use projections::Change;

/// The most a cached public read can trail the read models by.
pub const TTL: Duration = Duration::from_secs(1);
/// Bytes of bodies kept at most.
const CAPACITY: u64 = 32 * 1024 * 1024;

pub struct PublicReads {
    cache: Cache<String, Bytes>,
    /// Bumped by every invalidation: a body read from the database before a
    /// change must not be stored after it.
    generation: AtomicU64,
}

impl Default for PublicReads {
    fn default() -> Self {
        Self {
            cache: Cache::builder()
                .max_capacity(CAPACITY)
                .weigher(|key: &String, body: &Bytes| {
                    u32::try_from(key.len() + body.len()).unwrap_or(u32::MAX)
                })
                .time_to_live(TTL)
                .build(),
            generation: AtomicU64::new(0),
        }
    }
}

impl PublicReads {
    /// The cached body for `key`, or `load`'s (stored for the next reader).
    /// `fresh` skips the cache (the reader waited for a write of their own).
    pub async fn get_or_load<E, F, Fut>(&self, key: &str, fresh: bool, load: F) -> Result<Bytes, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, E>>,
    {
        if !fresh && let Some(body) = self.cache.get(key) {
            return Ok(body);
        }
        let before = self.generation.load(Ordering::Acquire);
        let body = load().await?;
        if self.generation.load(Ordering::Acquire) == before {
            self.cache.insert(key.to_owned(), body.clone());
            // An invalidation between the check and the insert: undo it.
            if self.generation.load(Ordering::Acquire) != before {
                self.cache.invalidate(key);
            }
        }
        Ok(body)
    }

    /// Drops every entry (a job changed).
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.cache.invalidate_all();
    }

    /// Whether `change` makes the cached public reads stale.
    pub fn affected_by(change: &Change) -> bool {
        matches!(
            change,
            Change::JobChanged { .. } | Change::EmployerChanged { .. }
        )
    }
}

/// Invalidates `reads` on every job change in `feed`, and on a gap (changes
/// lost to a slow consumer), until the feed closes.
pub async fn follow(
    reads: std::sync::Arc<PublicReads>,
    mut feed: async_broadcast::Receiver<Change>,
) {
    loop {
        match feed.recv().await {
            Ok(change) if PublicReads::affected_by(&change) => reads.invalidate(),
            Ok(_) => {}
            Err(async_broadcast::RecvError::Overflowed(_)) => reads.invalidate(),
            Err(async_broadcast::RecvError::Closed) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_body_read_before_an_invalidation_is_not_kept() {
        let reads = PublicReads::default();
        let body = reads
            .get_or_load("k", false, || async {
                // A job changes while this reader is at the database.
                reads.invalidate();
                Ok::<_, ()>(Bytes::from_static(b"old"))
            })
            .await
            .unwrap();
        assert_eq!(body, "old");
        let next = reads
            .get_or_load("k", false, || async {
                Ok::<_, ()>(Bytes::from_static(b"new"))
            })
            .await
            .unwrap();
        assert_eq!(next, "new", "the stale body was not cached");
    }

    #[tokio::test]
    async fn hits_until_invalidated_and_fresh_reads_skip_the_cache() {
        let reads = PublicReads::default();
        let load = |text: &'static str| {
            move || async move { Ok::<_, ()>(Bytes::from_static(text.as_bytes())) }
        };
        assert_eq!(
            reads.get_or_load("k", false, load("one")).await.unwrap(),
            "one"
        );
        assert_eq!(
            reads.get_or_load("k", false, load("two")).await.unwrap(),
            "one",
            "a hit"
        );
        assert_eq!(
            reads.get_or_load("k", true, load("three")).await.unwrap(),
            "three",
            "fresh skips it"
        );
        assert_eq!(
            reads.get_or_load("k", false, load("four")).await.unwrap(),
            "three",
            "and refreshed it"
        );
        reads.invalidate();
        assert_eq!(
            reads.get_or_load("k", false, load("five")).await.unwrap(),
            "five"
        );
        assert!(PublicReads::affected_by(&Change::JobChanged {
            job_id: uuid::Uuid::nil()
        }));
        assert!(!PublicReads::affected_by(&Change::SessionsEnded {
            user_id: uuid::Uuid::nil()
        }));
    }
}
