//! What exists before the first candidate: the reference lists (locations,
//! salary ranges) and the staff (admins, on the admin roster).

use chrono::Duration;
use domain::account::{AccountEvent, AccountStatus, Role};
use domain::admin_roster::AdminRosterEvent;
use domain::reference::ReferenceEvent;
use event_store::Actor;

use super::names::CITIES;
use super::{World, uuid_at};

impl World {
    /// Reference data and staff: what exists before the first candidate.
    pub(super) fn opening(&mut self) {
        let at = self.start - Duration::days(30);
        for (i, (city, state)) in CITIES.iter().enumerate() {
            let id = uuid_at(at, &mut self.rng);
            self.locations.push((id, format!("{city}, {state}")));
            self.schedule(
                at,
                domain::reference::LOCATIONS_STREAM.into(),
                &ReferenceEvent::LocationAdded {
                    location_id: id,
                    display_name: (*city).into(),
                    state: (*state).into(),
                    sort_order: i as i32,
                },
                None,
                (None, Actor::Seed),
            );
        }
        for (i, (min, max)) in [
            (0, Some(60_000)),
            (60_000, Some(90_000)),
            (90_000, Some(120_000)),
            (120_000, Some(150_000)),
            (150_000, Some(200_000)),
            (200_000, None),
        ]
        .into_iter()
        .enumerate()
        {
            let id = uuid_at(at, &mut self.rng);
            self.salary_ranges.push(id);
            self.schedule(
                at,
                domain::reference::SALARY_RANGES_STREAM.into(),
                &ReferenceEvent::SalaryRangeAdded {
                    salary_range_id: id,
                    display_name: match max {
                        Some(max) => format!("${}k - ${}k", min / 1000, max / 1000),
                        None => format!("${}k+", min / 1000),
                    },
                    min,
                    max,
                    sort_order: i as i32,
                },
                None,
                (None, Actor::Seed),
            );
        }
        let (renamed, _) = self.locations[9].clone();
        self.schedule(
            self.start + Duration::days(120),
            domain::reference::LOCATIONS_STREAM.into(),
            &ReferenceEvent::ReferenceValueRenamed {
                id: renamed,
                display_name: "Newcastle & Hunter".into(),
                renamed_at: self.start + Duration::days(120),
            },
            None,
            (None, Actor::Admin),
        );
        let (retired, _) = self.locations[11].clone();
        self.schedule(
            self.start + Duration::days(200),
            domain::reference::LOCATIONS_STREAM.into(),
            &ReferenceEvent::ReferenceValueRetired {
                id: retired,
                retired_at: self.start + Duration::days(200),
            },
            None,
            (None, Actor::Admin),
        );
        // The first two admins predate the admin roster, which starts with
        // them; the later ones join it as they are created.
        let roster = || domain::admin_roster::STREAM.to_owned();
        for n in 0..4 {
            let id = uuid_at(at, &mut self.rng);
            self.admins.push(id);
            self.register(at, id, Role::Admin, None, AccountStatus::Active, None);
            self.totp(at, id, 120);
            match n {
                0 => {}
                1 => self.schedule_aside(
                    at + Duration::minutes(1),
                    roster(),
                    &AdminRosterEvent::AdminRosterStarted {
                        admins: self.admins.clone(),
                        started_at: at + Duration::minutes(1),
                    },
                    (None, Actor::Cli),
                ),
                _ => self.schedule_aside(
                    at + Duration::minutes(2),
                    roster(),
                    &AdminRosterEvent::AdminJoinedRoster {
                        admin_id: id,
                        joined_at: at + Duration::minutes(2),
                    },
                    (None, Actor::Cli),
                ),
            }
            if n == 3 {
                let when = self.start + Duration::days(250);
                let by = self.admins[0];
                self.schedule(
                    when,
                    domain::account::stream_id(id),
                    &AccountEvent::AdminRemoved {
                        removed_by: by,
                        removed_at: when,
                    },
                    Some(id),
                    (Some(by), Actor::Admin),
                );
                self.schedule_aside(
                    when,
                    roster(),
                    &AdminRosterEvent::AdminLeftRoster {
                        admin_id: id,
                        left_at: when,
                    },
                    (Some(by), Actor::Admin),
                );
            }
        }
    }
}
