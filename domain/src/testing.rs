//! given / when / then for domain tests: `given(events).when(decide).then(events)`.

use crate::DomainError;

pub struct Given<S, E> {
    state: S,
    _event: std::marker::PhantomData<E>,
}

impl<S: Clone, E: PartialEq + std::fmt::Debug> Given<S, E> {
    pub fn new(initial: S, evolve: fn(S, &E) -> S, events: Vec<E>) -> Self {
        let state = events.iter().fold(initial, evolve);
        Self {
            state,
            _event: std::marker::PhantomData,
        }
    }

    pub fn state(&self) -> S {
        self.state.clone()
    }

    pub fn when(self, decide: impl FnOnce(&S) -> Result<Vec<E>, DomainError>) -> Then<E> {
        Then(decide(&self.state))
    }
}

pub struct Then<E>(Result<Vec<E>, DomainError>);

impl<E: PartialEq + std::fmt::Debug> Then<E> {
    #[track_caller]
    pub fn then(self, expected: Vec<E>) {
        assert_eq!(self.0, Ok(expected));
    }

    #[track_caller]
    pub fn then_err(self, expected: DomainError) {
        assert_eq!(self.0, Err(expected));
    }
}

/// `given::<Aggregate>(history)`: the aggregate's state after its history.
pub fn given<A: crate::Aggregate>(events: Vec<A::Event>) -> Given<A::State, A::Event>
where
    A::Event: PartialEq,
{
    Given::new(A::State::default(), A::evolve, events)
}

/// Application 9 of candidate 3 to job 1 ("Rust Engineer") of employer 2,
/// at `stage`: what decisions about an existing application start from.
pub fn application(stage: crate::pipeline::Stage) -> crate::application::Application {
    use uuid::Uuid;
    crate::application::Application {
        id: Uuid::from_u128(9),
        candidate_id: Uuid::from_u128(3),
        employer_id: Uuid::from_u128(2),
        job_id: Uuid::from_u128(1),
        job_title: "Rust Engineer".into(),
        status: stage.visible_status(),
        stage,
        rejection_reason: None,
        withdrawn: false,
        resume_id: None,
        cover_letter_id: None,
    }
}

/// Employer 2 (the one [`application`] belongs to) moving it to `to` at
/// `now`, on an open job, with nothing else asked.
pub fn employer_move(
    to: crate::pipeline::Stage,
    now: chrono::DateTime<chrono::Utc>,
) -> crate::pipeline::Move<'static> {
    crate::pipeline::Move {
        employer_id: uuid::Uuid::from_u128(2),
        to,
        feedback: None,
        reason: None,
        job_open: true,
        candidate_erased: false,
        email_candidate: false,
        pass_over_rejected: false,
        now,
    }
}
