//! The one shape every aggregate has: an event enum, a folded state, a stream
//! per id, and the person (if any) whose key seals the stream's personal fields.
//!
//! Decisions stay plain functions beside each aggregate (`decide(&State, ..) ->
//! Result<Vec<Event>, DomainError>`); this trait is what the write side's one
//! load -> decide -> append path needs to know about every aggregate.

use crate::DomainEvent;

pub trait Aggregate: 'static {
    /// What names one instance: usually a `Uuid`, or which list for reference data.
    type Id: Copy + Send + Sync + std::fmt::Debug;
    type Event: DomainEvent;
    /// The folded state; `Option<Entity>` where a creation event starts the stream.
    type State: Default + Clone + Send + Sync + std::fmt::Debug;

    fn stream_id(id: Self::Id) -> String;

    fn evolve(state: Self::State, event: &Self::Event) -> Self::State;

    /// Whose key seals the personal fields of this stream's events, read from the
    /// state after the new events (`None`: the stream holds nothing personal).
    fn data_subject(id: Self::Id, state: &Self::State) -> Option<uuid::Uuid>;

    fn fold<'a>(events: impl IntoIterator<Item = &'a Self::Event>) -> Self::State {
        events
            .into_iter()
            .fold(Self::State::default(), Self::evolve)
    }
}

/// `Aggregate` for an entity whose stream is `{prefix}-{uuid}` (the module's
/// `stream_id`) and whose module has `evolve`. Its state is `Option<Entity>`,
/// started by its first event, unless a state type is named (one folded from
/// its default). A stream of another name or an evolve of another name
/// (several aggregates in one module) are named with `stream_id:` and
/// `evolve:`. The closure names the data subject.
macro_rules! entity_aggregate {
    ($entity:ident, $event:ty, state: $state_type:ty, stream_id: $stream_id:path, evolve: $evolve:path, |$id:pat_param, $state:pat_param| $subject:expr) => {
        impl $crate::Aggregate for $entity {
            type Id = uuid::Uuid;
            type Event = $event;
            type State = $state_type;

            fn stream_id(id: uuid::Uuid) -> String {
                $stream_id(id)
            }

            fn evolve(state: Self::State, event: &$event) -> Self::State {
                $evolve(state, event)
            }

            fn data_subject($id: uuid::Uuid, $state: &Self::State) -> Option<uuid::Uuid> {
                $subject
            }
        }
    };
    ($entity:ident, $event:ty, state: $state_type:ty, |$id:pat_param, $state:pat_param| $subject:expr) => {
        $crate::aggregate::entity_aggregate!(
            $entity,
            $event,
            state: $state_type,
            stream_id: stream_id,
            evolve: evolve,
            |$id, $state| $subject
        );
    };
    ($entity:ident, $event:ty, |$id:pat_param, $state:pat_param| $subject:expr) => {
        $crate::aggregate::entity_aggregate!(
            $entity,
            $event,
            state: Option<$entity>,
            |$id, $state| $subject
        );
    };
}
pub(crate) use entity_aggregate;
