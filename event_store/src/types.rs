//! The values that cross the event store's port: what an append asks for and
//! answers, and an event as read back.

use chrono::{DateTime, Utc};
use domain::DomainEvent;
use domain::account::Role;
use domain::event::current_schema_version;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use thiserror::Error;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpectedVersion {
    /// Append whatever the stream's version.
    Any,
    /// The stream must not exist yet.
    NoStream,
    /// The stream's last version must be exactly this.
    Exact(i64),
}

impl ExpectedVersion {
    /// The expectation that continues a stream loaded at `version` (0 = empty).
    pub fn after(version: i64) -> Self {
        if version == 0 {
            Self::NoStream
        } else {
            Self::Exact(version)
        }
    }
}

/// Who and what caused an event; stored beside every event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    pub correlation_id: Uuid,
    // Absent fields are not stored: every byte is written once per event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub causation_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_role: Option<Actor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

impl Metadata {
    /// Metadata for work that no request started (CLI, seed, policies).
    pub fn system(actor: Actor) -> Self {
        Self {
            correlation_id: Uuid::now_v7(),
            actor_role: Some(actor),
            ..Self::default()
        }
    }
}

/// What kind of actor caused an event: a signed-in user's role, a visitor, or
/// the system itself. Stored in metadata as its lowercase name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    Candidate,
    Employer,
    Admin,
    /// A request with no session (sign-up, the contact form).
    Anonymous,
    /// A policy reacting to other events.
    Policy,
    /// `recruit seed`.
    Seed,
    /// Another `recruit` subcommand (`admin create`).
    Cli,
    /// `recruit bench`.
    Bench,
    /// A test harness.
    Test,
}

impl From<Role> for Actor {
    fn from(role: Role) -> Self {
        match role {
            Role::Candidate => Self::Candidate,
            Role::Employer => Self::Employer,
            Role::Admin => Self::Admin,
        }
    }
}

/// An event ready to append.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub event_id: Uuid,
    pub event_type: &'static str,
    pub schema_version: i32,
    pub payload: Value,
    /// The person (or contact message) whose key seals `personal_fields`.
    pub data_subject: Option<Uuid>,
    pub personal_fields: &'static [&'static str],
}

impl NewEvent {
    pub fn from_domain<E: DomainEvent>(event: &E, data_subject: Option<Uuid>) -> Self {
        let event_type = event.event_type();
        Self {
            event_id: Uuid::now_v7(),
            event_type,
            schema_version: current_schema_version(event_type),
            payload: event.to_payload(),
            data_subject,
            personal_fields: if data_subject.is_some() {
                event.personal_fields()
            } else {
                &[]
            },
        }
    }
}

/// A cross-stream uniqueness rule claimed in the append transaction, e.g. one
/// account per email per role. Only a keyed hash of the value is stored; make
/// one with [`ClaimHasher::claim`].
#[derive(Debug, Clone)]
pub struct UniqueClaim {
    pub scope: String,
    pub value_hash: String,
    /// The bare SHA-256 that claims written before keyed hashing carry: a
    /// claim is refused while such a row holds the same value.
    pub legacy_hash: String,
    pub owner_id: Uuid,
}

/// Hashes claim values with HMAC-SHA256 under a server secret
/// (`KEYED_HASH_SECRET`), so a copy of the database cannot confirm that an
/// email has an account by hashing guesses, as it could with bare SHA-256.
#[derive(Clone)]
pub struct ClaimHasher {
    key: std::sync::Arc<[u8]>,
}

impl std::fmt::Debug for ClaimHasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ClaimHasher(..)")
    }
}

impl ClaimHasher {
    pub fn new(secret: &[u8]) -> Self {
        Self { key: secret.into() }
    }

    /// The keyed hash of a value, as hex.
    pub fn hash(&self, value: &str) -> String {
        use hmac::{Hmac, Mac};
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(value.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    pub fn claim(&self, scope: impl Into<String>, value: &str, owner_id: Uuid) -> UniqueClaim {
        UniqueClaim {
            scope: scope.into(),
            value_hash: self.hash(value),
            legacy_hash: legacy_hash(value),
            owner_id,
        }
    }

    /// Every hash a stored claim of `value` may have: keyed, or (written
    /// before keyed hashing) bare.
    pub fn lookups(&self, value: &str) -> [String; 2] {
        [self.hash(value), legacy_hash(value)]
    }
}

fn legacy_hash(value: &str) -> String {
    hex::encode(Sha256::digest(value.as_bytes()))
}

/// Mail to send once the append commits.
#[derive(Debug, Clone, Default)]
pub struct OutgoingMail {
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// An iCalendar (RFC 5545) invitation to attach, with its METHOD.
    pub calendar: Option<String>,
    /// A one-click unsubscribe URL (RFC 8058): sent as `List-Unsubscribe`
    /// with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
    pub list_unsubscribe: Option<String>,
}

/// Erases a data subject in the append's transaction (crypto-shredding): their
/// data key and uniqueness claims are deleted, they are marked erased (a later
/// append that would seal their fields writes `[erased]` instead of making a
/// new key), and mail that is theirs or about them is purged from the outbox.
#[derive(Debug, Clone, Default)]
pub struct Shred {
    pub subject: Uuid,
    /// Their addresses: queued or sent mail to them is deleted.
    pub recipients: Vec<String>,
    /// Their name, email and the like: other mail that mentions one of them
    /// (the agency's copy of a contact message) has its subject and body
    /// replaced with `[erased]`.
    pub mentions: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct AppendRequest {
    pub stream_id: String,
    pub expected: ExpectedVersion,
    pub events: Vec<NewEvent>,
    pub metadata: Metadata,
    /// Other streams' events, written in the same transaction, each at its
    /// own expected version: a rule that spans two aggregates (the admin
    /// roster and an admin's account) holds because a concurrent change to
    /// either stream fails the whole append.
    pub also: Vec<StreamAppend>,
    pub claims: Vec<UniqueClaim>,
    pub outbox: Vec<OutgoingMail>,
    /// When the events happened, for tools that write a past (the demo seed,
    /// whose commands run on a pinned clock). `None` for everything live: the
    /// database's clock stamps the event as it is written.
    pub recorded_at: Option<DateTime<Utc>>,
    /// The data subject this append erases, if any.
    pub shred: Option<Shred>,
}

impl AppendRequest {
    pub fn new(
        stream_id: impl Into<String>,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
        metadata: Metadata,
    ) -> Self {
        Self {
            stream_id: stream_id.into(),
            expected,
            events,
            metadata,
            also: vec![],
            claims: vec![],
            outbox: vec![],
            recorded_at: None,
            shred: None,
        }
    }

    pub fn claim(mut self, claim: UniqueClaim) -> Self {
        self.claims.push(claim);
        self
    }

    pub fn mail(mut self, mail: OutgoingMail) -> Self {
        self.outbox.push(mail);
        self
    }

    pub fn also(mut self, stream: StreamAppend) -> Self {
        self.also.push(stream);
        self
    }

    /// Whether the append must run in a transaction with more than one
    /// stream's events (group commit writes one stream per command).
    pub fn has_side_effects(&self) -> bool {
        !self.claims.is_empty()
            || !self.outbox.is_empty()
            || self.shred.is_some()
            || !self.also.is_empty()
            || self.events.iter().any(|e| !e.personal_fields.is_empty())
    }

    /// Every stream the request writes: its own first, then [`Self::also`].
    pub fn streams(&self) -> impl Iterator<Item = StreamAppend> + '_ {
        std::iter::once(StreamAppend {
            stream_id: self.stream_id.clone(),
            expected: self.expected,
            events: self.events.clone(),
        })
        .chain(self.also.iter().cloned())
    }
}

/// One stream's part of an [`AppendRequest`]: its events and the version it
/// must be at.
#[derive(Debug, Clone)]
pub struct StreamAppend {
    pub stream_id: String,
    pub expected: ExpectedVersion,
    pub events: Vec<NewEvent>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AppendResult {
    /// Global position of the last event written: the consistency token.
    pub position: i64,
    /// The stream's version after the append.
    pub version: i64,
}

#[derive(Debug, Error)]
pub enum AppendError {
    #[error("stream {stream_id} is not at the expected version {expected:?}")]
    WrongExpectedVersion {
        stream_id: String,
        expected: ExpectedVersion,
    },
    #[error("the value for {scope} is already claimed")]
    Claimed { scope: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A place in the global order of the log: `(transaction_id, position)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GlobalCheckpoint {
    pub transaction_id: i64,
    pub position: i64,
}

/// An event as read back: personal fields decrypted (or `[erased]`), payload
/// upcast to the current schema.
#[derive(Debug, Clone, Serialize)]
pub struct RecordedEvent {
    pub position: i64,
    pub transaction_id: i64,
    pub event_id: Uuid,
    pub stream_id: String,
    pub stream_version: i64,
    pub event_type: String,
    /// The version the payload was stored with (the payload itself is current).
    pub schema_version: i32,
    pub payload: Value,
    pub metadata: Metadata,
    pub data_subject: Option<Uuid>,
    pub recorded_at: DateTime<Utc>,
}

/// One batch of a [`crate::LogReader`], with where its time went.
///
/// The payloads come as JSON text, unsealed and upcast, in `payloads` (one per
/// event, in order), for decoding straight into domain types: each event's
/// `payload` is `null`. Nor is `metadata` read (it is the default): a rebuild,
/// the log reader's reader, has no use for it, and skipping it saves its
/// encoding, sending and parsing per event.
#[derive(Debug, Default)]
pub struct LogBatch {
    pub events: Vec<RecordedEvent>,
    pub payloads: Vec<String>,
    /// Reading rows (and any data keys not read before) from the database.
    pub fetch: std::time::Duration,
    /// Opening sealed fields and upcasting payloads.
    pub unseal: std::time::Duration,
}

impl RecordedEvent {
    pub fn checkpoint(&self) -> GlobalCheckpoint {
        GlobalCheckpoint {
            transaction_id: self.transaction_id,
            position: self.position,
        }
    }

    pub fn decode<E: DomainEvent>(&self) -> Result<E, serde_json::Error> {
        E::from_payload(&self.event_type, self.payload.clone())
    }
}

/// What a person browsing the log asks for: all filters optional, newest first,
/// `before` a position from the previous page (keyset paging).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LogFilter {
    pub stream_id: Option<String>,
    pub event_type: Option<String>,
    /// Only events of these types (any of them); `None` is every type.
    pub any_of_types: Option<Vec<String>>,
    pub actor_id: Option<Uuid>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    pub before: Option<i64>,
}
