//! The event store: its port ([`EventStore`], the values in [`types`]) and the
//! PostgreSQL adapter ([`postgres::PgEventStore`]).
//!
//! `commands` and `projections` are written against the port; only `api` (and
//! tests and tools) construct the adapter. A KurrentDB adapter (the `eventstore`
//! crate) would be a second implementation of [`EventStore`]: it is not one yet
//! because no KurrentDB server can be run on this project's machines, so it could
//! not be tested.
//!
//! Appends are optimistic: an expected version per stream, a typed
//! [`AppendError::WrongExpectedVersion`] when it does not hold. Cross-stream
//! uniqueness claims and outgoing mail are written atomically with the events.
//! Readers of the global log get events in commit order and never skip one whose
//! transaction committed late (see docs/ARCHITECTURE.md).
//!
//! Personal fields are sealed per data subject ([`personal_data`]); the
//! subjects' keys are stored wrapped by a key-encryption key the store is
//! given ([`key_wrapping`]), never in clear.

pub mod key_wrapping;
pub mod personal_data;
pub mod postgres;
pub mod types;

use std::future::Future;
use std::pin::Pin;

use anyhow::Context;
use domain::DomainEvent;
use tokio::sync::watch;
use uuid::Uuid;

pub use postgres::PgEventStore;
pub use types::{
    Actor, AppendError, AppendRequest, AppendResult, ClaimHasher, ExpectedVersion,
    GlobalCheckpoint, LogBatch, LogFilter, Metadata, NewEvent, OutgoingMail, RecordedEvent, Shred,
    StreamAppend, UniqueClaim,
};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The port: everything the write and read sides ask of an event store. Object
/// safe, so callers hold an `Arc<dyn EventStore>` and never name the adapter.
pub trait EventStore: Send + Sync + 'static {
    /// Appends a stream's new events (and any other streams' in
    /// [`AppendRequest::also`]) with their claims and mail, all or nothing,
    /// each stream at its expected version.
    fn append(&self, request: AppendRequest) -> BoxFuture<'_, Result<AppendResult, AppendError>>;

    /// One stream's events in version order (empty when there is no such stream).
    fn read_stream<'a>(
        &'a self,
        stream_id: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>>;

    /// Up to `limit` events of the global log after `after`, in commit order,
    /// stopping short of any event a still-running transaction could precede.
    fn read_all(
        &self,
        after: GlobalCheckpoint,
        limit: i64,
    ) -> BoxFuture<'_, anyhow::Result<Vec<RecordedEvent>>>;

    /// A page of the log for people: newest first, filtered, at most `limit`
    /// events, all older than `filter.before` (keyset paging).
    fn browse<'a>(
        &'a self,
        filter: &'a LogFilter,
        limit: i64,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>>;

    /// Up to `limit` events about one person after position `after`, in
    /// position order: those whose personal fields are sealed for `subject`,
    /// and every event of `streams` (theirs, but sealing nothing). For the
    /// person's data export, a page at a time.
    fn read_about<'a>(
        &'a self,
        subject: Uuid,
        streams: &'a [String],
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, anyhow::Result<Vec<RecordedEvent>>>;

    /// A reader of the whole log from `after` on, batch after batch, for
    /// rebuilds: it keeps its connection, reads the next batch ahead while
    /// the current one is unsealed and used, and reads each data subject's
    /// key once for the whole read.
    fn log_reader(
        &self,
        after: GlobalCheckpoint,
    ) -> BoxFuture<'_, anyhow::Result<Box<dyn LogReader>>>;

    /// How many committed events follow `after`, including any that `read_all`
    /// does not return yet because an older transaction is still open.
    fn count_after(&self, after: GlobalCheckpoint) -> BoxFuture<'_, anyhow::Result<i64>>;

    /// The global checkpoint of the event at `position`, if it is committed.
    fn checkpoint_of(
        &self,
        position: i64,
    ) -> BoxFuture<'_, anyhow::Result<Option<GlobalCheckpoint>>>;

    /// The position of the newest committed event in the log's read order,
    /// (transaction id, position): a reader that has read it has read every
    /// event committed before it. Under concurrent commits this is not always
    /// the highest position (a transaction can take positions before another
    /// that has the older transaction id), so waiting for the highest position
    /// could stop short of events that read after it. 0 for an empty store.
    fn head_position(&self) -> BoxFuture<'_, anyhow::Result<i64>>;

    /// The owner of a uniqueness claim, if one of the value's hashes
    /// ([`ClaimHasher::lookups`]) is claimed.
    fn claim_owner<'a>(
        &'a self,
        scope: &'a str,
        hashes: &'a [String],
    ) -> BoxFuture<'a, anyhow::Result<Option<Uuid>>>;

    /// Every owner of a claim in `scope` (e.g. every admin account, through
    /// `account_email:admin`), in no particular order. Claims are written in
    /// the transaction of the event that makes them, so this never lags.
    fn claim_owners<'a>(&'a self, scope: &'a str) -> BoxFuture<'a, anyhow::Result<Vec<Uuid>>>;

    /// Ticks after every append committed through this handle's process.
    fn subscribe(&self) -> watch::Receiver<u64>;

    /// Wakes this process's subscribers as if an append had happened.
    fn wake(&self);
}

/// See [`EventStore::log_reader`].
pub trait LogReader: Send {
    /// Up to `limit` events after the previous batch (empty at the horizon).
    fn next_batch(&mut self, limit: i64) -> BoxFuture<'_, anyhow::Result<LogBatch>>;
}

impl dyn EventStore {
    /// A stream's events decoded as one aggregate's event type, and its version.
    pub async fn load<E: DomainEvent>(&self, stream_id: &str) -> anyhow::Result<(Vec<E>, i64)> {
        let recorded = self.read_stream(stream_id).await?;
        let version = recorded.last().map_or(0, |e| e.stream_version);
        let events = recorded
            .iter()
            .map(|r| {
                r.decode::<E>().with_context(|| {
                    format!("Failed to decode {} v{}", r.event_type, r.schema_version)
                })
            })
            .collect::<anyhow::Result<Vec<E>>>()?;
        Ok((events, version))
    }
}
