//! The write side: one handler per command, each taking the same path (load
//! the aggregate -> decide in `domain` -> append at the loaded version, see
//! [`write`]), written against the event store's port ([`EventStore`]), never
//! its adapter. Uniqueness claims and mail travel in the same append.
//!
//! Errors: handlers return [`CommandError`]; the store returns [`AppendError`].

pub mod access;
pub mod accounts;
pub mod admin_roster;
pub mod agency;
pub mod applications;
pub mod assessments;
pub mod company;
pub mod contact;
pub mod documents;
pub mod erasure;
pub mod error;
pub mod interviews;
pub mod job_alerts;
pub mod jobs;
pub mod notifications;
pub mod passwords;
pub mod profiles;
pub mod reference_data;
pub mod write;

use std::sync::Arc;

use chrono::{DateTime, Utc};
pub use error::CommandError;
pub use event_store::{Actor, AppendError, ClaimHasher, EventStore, Metadata};
pub use write::{Effects, Loaded, Written};

/// The clock commands read. Tests can pin it.
#[derive(Clone, Default)]
pub enum Clock {
    #[default]
    System,
    Fixed(DateTime<Utc>),
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Self::System => Utc::now(),
            Self::Fixed(t) => *t,
        }
    }
}

/// What every command handler gets: the store, the clock and the URLs it may
/// have to put into mail.
#[derive(Clone)]
pub struct Commands {
    pub store: Arc<dyn EventStore>,
    pub clock: Clock,
    pub links: Links,
    /// Keys the hashes of uniqueness claims (and the api's throttle keys).
    pub hasher: ClaimHasher,
}

/// Base URLs of the three sites, for links in outgoing mail.
#[derive(Clone, Debug)]
pub struct Links {
    pub public: String,
    pub employer: String,
    pub admin: String,
    pub agency_inbox: String,
}

impl Commands {
    pub fn new(store: Arc<dyn EventStore>, links: Links, hasher: ClaimHasher) -> Self {
        Self {
            store,
            clock: Clock::System,
            links,
            hasher,
        }
    }
}
