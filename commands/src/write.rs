//! The one write path every command takes: load an aggregate, decide, append
//! the decision's events at the version that was loaded. A decision that
//! spans two aggregates appends to both at once ([`Effects::also`]), and one
//! that lost a race can be decided again on what the winner wrote
//! ([`Commands::decide_again_on_conflict`]).

use std::future::Future;

use domain::{Aggregate, DomainError};
use event_store::{
    AppendError, AppendRequest, ExpectedVersion, Metadata, NewEvent, OutgoingMail, Shred,
    StreamAppend, UniqueClaim,
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
    /// Other aggregates' part of the decision ([`Effects::also`]).
    pub also: Vec<StreamAppend>,
}

impl Effects {
    /// Appends `events` to a second aggregate in the same transaction, at the
    /// version it was `loaded` at: a rule that spans both (the admin roster
    /// and an admin's account) holds, because a concurrent change to either
    /// fails the whole append.
    pub fn also<B: Aggregate>(self, id: B::Id, loaded: &Loaded<B>, events: Vec<B::Event>) -> Self {
        let expected = ExpectedVersion::after(loaded.version);
        self.also_at(id, loaded, events, expected)
    }

    /// Appends `events` to a second aggregate in the same transaction whatever
    /// its version: entries that stand on their own (a note on an
    /// application), which a colleague's entry meanwhile must not refuse.
    pub fn also_entries<B: Aggregate>(
        self,
        id: B::Id,
        loaded: &Loaded<B>,
        events: Vec<B::Event>,
    ) -> Self {
        self.also_at(id, loaded, events, ExpectedVersion::Any)
    }

    fn also_at<B: Aggregate>(
        mut self,
        id: B::Id,
        loaded: &Loaded<B>,
        events: Vec<B::Event>,
        expected: ExpectedVersion,
    ) -> Self {
        if !events.is_empty() {
            self.also
                .push(stream_append::<B>(id, loaded, &events, expected));
        }
        self
    }

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
        if events.is_empty() && effects.also.is_empty() {
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

    /// Runs `attempt`, a whole load -> decide -> append, again when it loses a
    /// race for a stream's version (up to [`ATTEMPTS`] times in all): the next
    /// try reads what the winner wrote and decides on that, so a rule the
    /// winner's write now breaks refuses this command with its own message
    /// (the second of two admins removing each other is told they cannot
    /// remove the last admin) rather than with a bare conflict.
    pub async fn decide_again_on_conflict<T, F, Fut>(
        &self,
        mut attempt: F,
    ) -> Result<T, CommandError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, CommandError>>,
    {
        let mut tries = 1;
        loop {
            match attempt().await {
                Err(CommandError::Conflict(AppendError::WrongExpectedVersion { .. }))
                    if tries < ATTEMPTS =>
                {
                    tries += 1;
                }
                other => return other,
            }
        }
    }
}

/// How many times [`Commands::decide_again_on_conflict`] tries a command:
/// each lost race means someone else's write landed, so more than a few in a
/// row is contention the caller should hear about (409).
pub const ATTEMPTS: usize = 3;

/// The append a decision turns into: personal fields sealed with the key of the
/// aggregate's data subject (read from the state after the new events).
pub fn append_request<A: Aggregate>(
    id: A::Id,
    loaded: &Loaded<A>,
    events: &[A::Event],
    effects: Effects,
    metadata: Metadata,
) -> AppendRequest {
    let expected = if effects.last_write_wins {
        ExpectedVersion::Any
    } else {
        ExpectedVersion::after(loaded.version)
    };
    let own = stream_append::<A>(id, loaded, events, expected);
    let mut request = AppendRequest::new(own.stream_id, own.expected, own.events, metadata);
    request.claims = effects.claims;
    request.outbox = effects.mail;
    request.shred = effects.shred;
    request.also = effects.also;
    request
}

/// One aggregate's events as the store takes them, sealed for its data subject.
fn stream_append<A: Aggregate>(
    id: A::Id,
    loaded: &Loaded<A>,
    events: &[A::Event],
    expected: ExpectedVersion,
) -> StreamAppend {
    let after = events.iter().fold(loaded.state.clone(), A::evolve);
    let subject = A::data_subject(id, &after);
    StreamAppend {
        stream_id: A::stream_id(id),
        expected,
        events: events
            .iter()
            .map(|e| NewEvent::from_domain(e, subject))
            .collect(),
    }
}
