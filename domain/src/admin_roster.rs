//! The admin roster: who the agency's admins are, as one aggregate that owns
//! the rule "the agency always keeps an admin". Stream: `admin-roster`.
//!
//! Creating or removing an admin appends to the roster in the same
//! transaction as the account's own event, at the roster's loaded version, so
//! two changes decided on the same roster cannot both land: when two admins
//! remove each other at once, the second finds the first's removal when it
//! decides again, and is refused.
//!
//! Databases whose admins predate the roster have no stream yet: the first
//! roster change starts it with the admins who exist then ([`start`]), read
//! from their own accounts by the caller.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{DomainError, DomainEvent};

pub const STREAM: &str = "admin-roster";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AdminRosterEvent {
    /// The roster began, holding the admins created before there was one
    /// (written only on a database that had admins before the roster).
    AdminRosterStarted {
        admins: Vec<Uuid>,
        started_at: DateTime<Utc>,
    },
    /// A new admin account was created.
    AdminJoinedRoster {
        admin_id: Uuid,
        joined_at: DateTime<Utc>,
    },
    /// An admin was removed (their account records who removed them).
    AdminLeftRoster {
        admin_id: Uuid,
        left_at: DateTime<Utc>,
    },
}

impl DomainEvent for AdminRosterEvent {
    const TYPES: &'static [&'static str] =
        &["AdminRosterStarted", "AdminJoinedRoster", "AdminLeftRoster"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::AdminRosterStarted { .. } => "AdminRosterStarted",
            Self::AdminJoinedRoster { .. } => "AdminJoinedRoster",
            Self::AdminLeftRoster { .. } => "AdminLeftRoster",
        }
    }
}

/// The admins who can act for the agency now.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AdminRoster {
    pub admins: BTreeSet<Uuid>,
}

pub fn evolve(mut roster: AdminRoster, event: &AdminRosterEvent) -> AdminRoster {
    match event {
        AdminRosterEvent::AdminRosterStarted { admins, .. } => {
            roster.admins.extend(admins.iter().copied());
        }
        AdminRosterEvent::AdminJoinedRoster { admin_id, .. } => {
            roster.admins.insert(*admin_id);
        }
        AdminRosterEvent::AdminLeftRoster { admin_id, .. } => {
            roster.admins.remove(admin_id);
        }
    }
    roster
}

impl crate::Aggregate for AdminRoster {
    /// There is one roster.
    type Id = ();
    type Event = AdminRosterEvent;
    type State = AdminRoster;

    fn stream_id(_: ()) -> String {
        STREAM.to_owned()
    }

    fn evolve(state: AdminRoster, event: &AdminRosterEvent) -> AdminRoster {
        evolve(state, event)
    }

    /// Account ids only: nothing personal to seal.
    fn data_subject(_: (), _: &AdminRoster) -> Option<Uuid> {
        None
    }
}

/// Starts a roster that has no stream yet with `existing`, the admins who can
/// sign in now (on a new database there are none, and nothing is recorded).
pub fn start(existing: Vec<Uuid>, now: DateTime<Utc>) -> Vec<AdminRosterEvent> {
    if existing.is_empty() {
        return vec![];
    }
    vec![AdminRosterEvent::AdminRosterStarted {
        admins: existing,
        started_at: now,
    }]
}

/// A decision on the roster after `starting` (the events of [`start`], or
/// none once the roster has a stream): those events, then the decision's.
pub fn decide(
    roster: &AdminRoster,
    starting: Vec<AdminRosterEvent>,
    decision: impl FnOnce(&AdminRoster) -> Result<Vec<AdminRosterEvent>, DomainError>,
) -> Result<Vec<AdminRosterEvent>, DomainError> {
    let started = starting.iter().fold(roster.clone(), evolve);
    let mut events = starting;
    events.extend(decision(&started)?);
    Ok(events)
}

/// A newly created admin joins.
pub fn join(
    roster: &AdminRoster,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AdminRosterEvent>, DomainError> {
    if roster.admins.contains(&admin_id) {
        return Err(DomainError::AlreadyExists("Admin"));
    }
    Ok(vec![AdminRosterEvent::AdminJoinedRoster {
        admin_id,
        joined_at: now,
    }])
}

/// An admin leaves, unless they are the last: the agency is never locked
/// out. (Whether the one removing them may do so is the account's decision,
/// `account::remove_admin`.)
pub fn remove(
    roster: &AdminRoster,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AdminRosterEvent>, DomainError> {
    if !roster.admins.contains(&admin_id) {
        return Err(DomainError::NotFound("Admin"));
    }
    if roster.admins.len() <= 1 {
        return Err(DomainError::invalid("You cannot remove the last admin"));
    }
    Ok(vec![AdminRosterEvent::AdminLeftRoster {
        admin_id,
        left_at: now,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    fn now() -> DateTime<Utc> {
        "2026-03-01T09:00:00Z".parse().unwrap()
    }

    fn admin(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn joined(n: u128) -> AdminRosterEvent {
        AdminRosterEvent::AdminJoinedRoster {
            admin_id: admin(n),
            joined_at: now(),
        }
    }

    fn left(n: u128) -> AdminRosterEvent {
        AdminRosterEvent::AdminLeftRoster {
            admin_id: admin(n),
            left_at: now(),
        }
    }

    #[test]
    fn a_new_admin_joins_the_roster_once() {
        given::<AdminRoster>(vec![])
            .when(|r| join(r, admin(1), now()))
            .then(vec![joined(1)]);
        given::<AdminRoster>(vec![joined(1)])
            .when(|r| join(r, admin(1), now()))
            .then_err(DomainError::AlreadyExists("Admin"));
    }

    #[test]
    fn an_admin_leaves_while_another_remains() {
        given::<AdminRoster>(vec![joined(1), joined(2)])
            .when(|r| remove(r, admin(2), now()))
            .then(vec![left(2)]);
    }

    #[test]
    fn the_last_admin_cannot_leave() {
        given::<AdminRoster>(vec![joined(1)])
            .when(|r| remove(r, admin(1), now()))
            .then_err(DomainError::invalid("You cannot remove the last admin"));
    }

    #[test]
    fn of_two_admins_removing_each_other_the_second_removal_is_refused() {
        // Both decided on {1, 2}; 1's removal of 2 landed first, so 2's
        // removal of 1 is decided again on what it wrote.
        given::<AdminRoster>(vec![joined(1), joined(2), left(2)])
            .when(|r| remove(r, admin(1), now()))
            .then_err(DomainError::invalid("You cannot remove the last admin"));
    }

    #[test]
    fn someone_not_on_the_roster_is_not_found() {
        given::<AdminRoster>(vec![joined(1), joined(2), joined(3), left(3)])
            .when(|r| remove(r, admin(3), now()))
            .then_err(DomainError::NotFound("Admin"));
    }

    #[test]
    fn a_roster_without_a_stream_starts_with_the_admins_before_it() {
        let start = start(vec![admin(1), admin(2)], now());
        given::<AdminRoster>(vec![])
            .when(|r| decide(r, start.clone(), |r| remove(r, admin(2), now())))
            .then(vec![
                AdminRosterEvent::AdminRosterStarted {
                    admins: vec![admin(1), admin(2)],
                    started_at: now(),
                },
                left(2),
            ]);
        given::<AdminRoster>(vec![])
            .when(|r| decide(r, start.clone(), |r| join(r, admin(3), now())))
            .then(vec![start[0].clone(), joined(3)]);
    }

    #[test]
    fn the_last_admin_before_the_roster_cannot_be_removed_either() {
        given::<AdminRoster>(vec![])
            .when(|r| {
                decide(r, start(vec![admin(1)], now()), |r| {
                    remove(r, admin(1), now())
                })
            })
            .then_err(DomainError::invalid("You cannot remove the last admin"));
    }

    #[test]
    fn a_new_database_records_no_start() {
        assert_eq!(start(vec![], now()), vec![]);
        given::<AdminRoster>(vec![])
            .when(|r| decide(r, start(vec![], now()), |r| join(r, admin(1), now())))
            .then(vec![joined(1)]);
    }
}
