//! The one write path every command takes: load an aggregate, decide, append
//! the decision's events at the version that was loaded.

use domain::{Aggregate, DomainError};
use event_store::{
    AppendRequest, ExpectedVersion, Metadata, NewEvent, OutgoingMail, Shred, UniqueClaim,
};

use crate::{CommandError, Commands};

/// An aggregate as loaded: its folded state and the stream's version (0: empty).
#[derive(Debug, Clone)]
pub struct Loaded<A: Aggregate> {
    pub state: A::State,
    pub version: i64,
}

/// What a command wrote: what it hands back to its caller (a new id, a storage
/// key to remove, ...) and the consistency token, `None` when nothing changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Written<T = ()> {
    pub output: T,
    pub position: Option<i64>,
}

impl<T> Written<T> {
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Written<U> {
        Written {
            output: f(self.output),
            position: self.position,
        }
    }

    pub fn with<U>(self, output: U) -> Written<U> {
        self.map(|_| output)
    }
}

/// What goes into the append beside the events.
#[derive(Debug, Clone, Default)]
pub struct Effects {
    pub claims: Vec<UniqueClaim>,
    pub mail: Vec<OutgoingMail>,
    /// Append whatever the stream's version (a whole-record replacement where
    /// the last write wins); otherwise the loaded version must still hold.
    pub last_write_wins: bool,
    /// The data subject this append erases (crypto-shredding, in the same
    /// transaction as the events).
    pub shred: Option<Shred>,
}

impl Effects {
    pub fn claim(mut self, claim: UniqueClaim) -> Self {
        self.claims.push(claim);
        self
    }

    pub fn mail(mut self, mail: OutgoingMail) -> Self {
        self.mail.push(mail);
        self
    }
}

impl Commands {
    pub async fn load<A: Aggregate>(&self, id: A::Id) -> anyhow::Result<Loaded<A>> {
        let (events, version) = self.store.load::<A::Event>(&A::stream_id(id)).await?;
        Ok(Loaded {
            state: A::fold(&events),
            version,
        })
    }

    /// Load -> decide -> append, for decisions that need nothing but the state.
    pub async fn execute<A: Aggregate>(
        &self,
        id: A::Id,
        metadata: Metadata,
        decide: impl FnOnce(&A::State) -> Result<Vec<A::Event>, DomainError>,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<A>(id).await?;
        let events = decide(&loaded.state)?;
        self.append(id, &loaded, events, Effects::default(), metadata)
            .await
    }

    /// Appends a decision taken on `loaded`. Nothing to append is not an error:
    /// it writes nothing and has no position.
    pub async fn append<A: Aggregate>(
        &self,
        id: A::Id,
        loaded: &Loaded<A>,
        events: Vec<A::Event>,
        effects: Effects,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        if events.is_empty() {
            return Ok(Written {
                output: (),
                position: None,
            });
        }
        let mut request = append_request::<A>(id, loaded, &events, effects, metadata);
        if let crate::Clock::Fixed(at) = self.clock {
            // A pinned clock replays a past (the seed, tests): stamp it so.
            request.recorded_at = Some(at);
        }
        let result = self.store.append(request).await?;
        Ok(Written {
            output: (),
            position: Some(result.position),
        })
    }
}

/// The append a decision turns into: personal fields sealed with the key of the
/// aggregate's data subject (read from the state after the new events).
pub fn append_request<A: Aggregate>(
    id: A::Id,
    loaded: &Loaded<A>,
    events: &[A::Event],
    effects: Effects,
    metadata: Metadata,
) -> AppendRequest {
    let after = events.iter().fold(loaded.state.clone(), A::evolve);
    let subject = A::data_subject(id, &after);
    let expected = if effects.last_write_wins {
        ExpectedVersion::Any
    } else {
        ExpectedVersion::after(loaded.version)
    };
    let mut request = AppendRequest::new(
        A::stream_id(id),
        expected,
        events
            .iter()
            .map(|e| NewEvent::from_domain(e, subject))
            .collect(),
        metadata,
    );
    request.claims = effects.claims;
    request.outbox = effects.mail;
    request.shred = effects.shred;
    request
}
