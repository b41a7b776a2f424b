//! The write side: one handler per command (load stream -> decide -> append with
//! an expected version), the [`EventStore`] port and its PostgreSQL adapter,
//! personal-data encryption (crypto-shredding), uniqueness claims and the mail
//! outbox that are written in the same transaction as the events.
//!
//! Errors: handlers return [`CommandError`]; the store returns [`AppendError`].

pub mod accounts;
pub mod applications;
pub mod contact;
pub mod documents;
pub mod error;
pub mod jobs;
pub mod notifications;
pub mod passwords;
pub mod personal_data;
pub mod profiles;
pub mod reference_data;
pub mod store;

pub use error::CommandError;
pub use store::{
    AppendError, AppendRequest, AppendResult, EventStore, ExpectedVersion, GlobalCheckpoint,
    Metadata, NewEvent, OutgoingMail, PgEventStore, RecordedEvent, UniqueClaim,
};

use chrono::{DateTime, Utc};

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
    pub store: PgEventStore,
    pub clock: Clock,
    pub links: Links,
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
    pub fn new(store: PgEventStore, links: Links) -> Self {
        Self {
            store,
            clock: Clock::System,
            links,
        }
    }

    pub fn pool(&self) -> &sqlx::PgPool {
        self.store.pool()
    }
}
