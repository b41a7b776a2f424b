//! Appends whose commit waits for their caller. Inside
//! [`DeferredCommit::scope`], every append of this store joins one
//! transaction, which the scope's owner commits (or rolls back) once the
//! scope has finished, with writes of its own beside them. The api's
//! `Idempotency-Key` layer commits a keyed command's events in the same
//! transaction as the answer it keeps for the command's retry: no process
//! can die between the two, so a retry always finds either both or neither.
//!
//! In a scope, each append runs under a savepoint: a lost race (a taken
//! version, a claimed value) is answered as it always is and undoes only that
//! append, so a command can decide again. Once the transaction is open, the
//! store's reads of streams and claims go through it: a second command of the
//! same request decides on what the first wrote, and the request holds one
//! connection, not two. Group commit is not used: its batches commit other
//! callers' appends, which cannot wait for this scope's owner.
//!
//! Subscribers are woken, and work queued with [`once_committed`] runs, only
//! after the commit: a file is deleted only once the event that stopped
//! referring to it is durable, and not at all if it is rolled back.
//!
//! What this costs: the scope's events are invisible to readers of the log
//! until the owner commits, and the log's readers wait for the transaction
//! (they stop below the oldest one running), so the owner commits as soon as
//! the scope's answer is known. A scope that appends nothing opens nothing.

use std::future::Future;
use std::sync::{Arc, Mutex as SyncMutex};

use anyhow::Context;
use sqlx::{Connection, PgConnection, PgPool, Postgres, Transaction};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard, watch};

use super::append;
use super::keys::DataKeys;
use crate::BoxFuture;
use crate::types::{AppendError, AppendRequest, AppendResult};

tokio::task_local! {
    static SCOPE: DeferredCommit;
}

/// One scope's transaction, opened by its first append. Cheap to clone.
#[derive(Clone, Default)]
pub struct DeferredCommit(Arc<Shared>);

#[derive(Default)]
struct Shared {
    open: Mutex<Option<Open>>,
    after: SyncMutex<Vec<BoxFuture<'static, ()>>>,
}

struct Open {
    tx: Transaction<'static, Postgres>,
    /// The store's subscribers, woken after the commit.
    appended: Arc<watch::Sender<u64>>,
}

impl DeferredCommit {
    /// Runs `work` with this store's appends (in this task) held for
    /// [`Self::finish`]. Work it spawns onto other tasks appends as usual.
    pub async fn scope<F: Future>(&self, work: F) -> F::Output {
        SCOPE.scope(self.clone(), work).await
    }

    /// What the scope appended, uncommitted, and the work that waits for its
    /// commit. Call once the scope's future has finished.
    pub async fn finish(self) -> Pending {
        let open = self.0.open.lock().await.take();
        let after = std::mem::take(&mut *lock(&self.0.after));
        Pending { open, after }
    }

    /// Appends `request` in the scope's transaction (opened on `pool` if
    /// this is the first), under a savepoint.
    pub(super) async fn append(
        &self,
        pool: &PgPool,
        keys: &DataKeys,
        appended: &Arc<watch::Sender<u64>>,
        request: &AppendRequest,
    ) -> Result<AppendResult, AppendError> {
        let mut open = self.0.open.lock().await;
        let open = match &mut *open {
            Some(open) => open,
            empty => empty.insert(Open {
                tx: pool
                    .begin()
                    .await
                    .context("Failed to begin a transaction for a command's appends")?,
                appended: appended.clone(),
            }),
        };
        let mut savepoint = open
            .tx
            .begin()
            .await
            .context("Failed to begin a savepoint for an append")?;
        match append::append_in(&mut savepoint, keys, request).await {
            Ok(result) => {
                savepoint
                    .commit()
                    .await
                    .context("Failed to release an append's savepoint")?;
                Ok(result)
            }
            Err(refused) => {
                savepoint
                    .rollback()
                    .await
                    .context("Failed to roll back an append's savepoint")?;
                Err(refused)
            }
        }
    }

    /// The scope's transaction, if an append has opened it.
    pub(super) async fn transaction(&self) -> Option<MappedMutexGuard<'_, PgConnection>> {
        MutexGuard::try_map(self.0.open.lock().await, |open| {
            open.as_mut().map(|open| &mut *open.tx)
        })
        .ok()
    }
}

/// The scope this task runs in, if any.
pub(super) fn current() -> Option<DeferredCommit> {
    SCOPE.try_with(Clone::clone).ok()
}

/// Runs `work` once the current scope's appends are committed (at once
/// outside a scope, where every append has committed by the time it
/// returns); never if they are rolled back. For what must not happen unless
/// the command's events are durable: deleting a file they stopped referring to.
pub async fn once_committed(work: impl Future<Output = ()> + Send + 'static) {
    match current() {
        Some(scope) => lock(&scope.0.after).push(Box::pin(work)),
        None => work.await,
    }
}

/// What a scope appended, not committed yet ([`DeferredCommit::finish`]).
/// Dropped without [`Pending::commit`], it is rolled back.
pub struct Pending {
    open: Option<Open>,
    after: Vec<BoxFuture<'static, ()>>,
}

impl Pending {
    /// The transaction holding the scope's appends, for the owner's writes
    /// beside them; `None` when the scope appended nothing.
    pub fn transaction(&mut self) -> Option<&mut PgConnection> {
        self.open.as_mut().map(|open| &mut *open.tx)
    }

    /// Commits, wakes the store's subscribers, then runs the work that
    /// waited for the commit. An error is the COMMIT's: whether it took
    /// effect is not known.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        if let Some(Open { tx, appended }) = self.open {
            tx.commit().await?;
            appended.send_modify(|n| *n = n.wrapping_add(1));
        }
        for work in self.after {
            work.await;
        }
        Ok(())
    }

    /// Undoes the scope's appends; the work that waited for them is dropped.
    pub async fn roll_back(self) -> Result<(), sqlx::Error> {
        match self.open {
            Some(Open { tx, .. }) => tx.rollback().await,
            None => Ok(()),
        }
    }
}

fn lock<T>(mutex: &SyncMutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Plain data; no code panics holding the lock.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
