//! Reference data the job board filters by: locations and salary ranges.
//! Streams: `reference-locations`, `reference-salary-ranges`.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{MAX_SHORT_TEXT_LEN, required_text};
use crate::{DomainError, DomainEvent};

pub const LOCATIONS_STREAM: &str = "reference-locations";
pub const SALARY_RANGES_STREAM: &str = "reference-salary-ranges";

/// Which reference list: each is one stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceListId {
    Locations,
    SalaryRanges,
}

/// Australian states and territories.
pub const STATES: [&str; 8] = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ReferenceEvent {
    LocationAdded {
        location_id: Uuid,
        display_name: String,
        state: String,
        sort_order: i32,
    },
    SalaryRangeAdded {
        salary_range_id: Uuid,
        display_name: String,
        min: i32,
        max: Option<i32>,
        sort_order: i32,
    },
    /// A value of either list (the stream says which) gets a new name; jobs
    /// posted before keep the name they were posted with.
    ReferenceValueRenamed {
        id: Uuid,
        display_name: String,
        renamed_at: chrono::DateTime<chrono::Utc>,
    },
    /// No longer offered in forms; still readable on the jobs that carry it.
    ReferenceValueRetired {
        id: Uuid,
        retired_at: chrono::DateTime<chrono::Utc>,
    },
}

impl DomainEvent for ReferenceEvent {
    const TYPES: &'static [&'static str] = &[
        "LocationAdded",
        "SalaryRangeAdded",
        "ReferenceValueRenamed",
        "ReferenceValueRetired",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::LocationAdded { .. } => "LocationAdded",
            Self::SalaryRangeAdded { .. } => "SalaryRangeAdded",
            Self::ReferenceValueRenamed { .. } => "ReferenceValueRenamed",
            Self::ReferenceValueRetired { .. } => "ReferenceValueRetired",
        }
    }
}

/// The values already in a reference list (both lists use this state).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReferenceList {
    pub entries: Vec<ReferenceEntry>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceEntry {
    pub id: Uuid,
    pub display_name: String,
    pub retired: bool,
}

impl ReferenceList {
    pub fn find(&self, id: Uuid) -> Option<&ReferenceEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// A value a form may still offer.
    pub fn offered(&self, id: Uuid) -> Option<&ReferenceEntry> {
        self.find(id).filter(|e| !e.retired)
    }

    /// Names compare without case: "Sydney" and "sydney" are one location.
    fn has_name(&self, name: &str) -> bool {
        self.entries
            .iter()
            .any(|e| e.display_name.to_lowercase() == name.to_lowercase())
    }
}

pub fn evolve(mut state: ReferenceList, event: &ReferenceEvent) -> ReferenceList {
    let (id, display_name) = match event {
        ReferenceEvent::ReferenceValueRenamed {
            id, display_name, ..
        } => {
            if let Some(e) = state.entries.iter_mut().find(|e| e.id == *id) {
                e.display_name = display_name.clone();
            }
            return state;
        }
        ReferenceEvent::ReferenceValueRetired { id, .. } => {
            if let Some(e) = state.entries.iter_mut().find(|e| e.id == *id) {
                e.retired = true;
            }
            return state;
        }
        ReferenceEvent::LocationAdded {
            location_id,
            display_name,
            ..
        } => (*location_id, display_name),
        ReferenceEvent::SalaryRangeAdded {
            salary_range_id,
            display_name,
            ..
        } => (*salary_range_id, display_name),
    };
    state.entries.push(ReferenceEntry {
        id,
        display_name: display_name.clone(),
        retired: false,
    });
    state
}

fn current(state: &ReferenceList, id: Uuid) -> Result<&ReferenceEntry, DomainError> {
    state.offered(id).ok_or(DomainError::NotFound("Value"))
}

/// Renaming to the same name changes nothing; another value's name is refused.
pub fn rename(
    state: &ReferenceList,
    id: Uuid,
    display_name: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<ReferenceEvent>, DomainError> {
    let entry = current(state, id)?;
    let display_name = required_text(display_name, "Name", MAX_SHORT_TEXT_LEN)?;
    if entry.display_name == display_name {
        return Ok(vec![]);
    }
    if !entry.display_name.eq_ignore_ascii_case(&display_name) && state.has_name(&display_name) {
        return Err(DomainError::AlreadyExists("Value"));
    }
    Ok(vec![ReferenceEvent::ReferenceValueRenamed {
        id,
        display_name,
        renamed_at: now,
    }])
}

pub fn retire(
    state: &ReferenceList,
    id: Uuid,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<ReferenceEvent>, DomainError> {
    current(state, id)?;
    Ok(vec![ReferenceEvent::ReferenceValueRetired {
        id,
        retired_at: now,
    }])
}

pub fn add_location(
    state: &ReferenceList,
    location_id: Uuid,
    display_name: &str,
    au_state: &str,
) -> Result<Vec<ReferenceEvent>, DomainError> {
    let display_name = required_text(display_name, "Location", MAX_SHORT_TEXT_LEN)?;
    let au_state = au_state.trim().to_uppercase();
    if !STATES.contains(&au_state.as_str()) {
        return Err(DomainError::invalid(
            "State must be an Australian state or territory",
        ));
    }
    if state.has_name(&display_name) {
        return Err(DomainError::AlreadyExists("Location"));
    }
    Ok(vec![ReferenceEvent::LocationAdded {
        location_id,
        display_name,
        state: au_state,
        sort_order: state.entries.len() as i32,
    }])
}

pub fn add_salary_range(
    state: &ReferenceList,
    salary_range_id: Uuid,
    display_name: &str,
    min: i32,
    max: Option<i32>,
) -> Result<Vec<ReferenceEvent>, DomainError> {
    let display_name = required_text(display_name, "Salary range", MAX_SHORT_TEXT_LEN)?;
    if min < 0 || max.is_some_and(|max| max < min) {
        return Err(DomainError::invalid("Salary range bounds are out of order"));
    }
    if state.has_name(&display_name) {
        return Err(DomainError::AlreadyExists("Salary range"));
    }
    Ok(vec![ReferenceEvent::SalaryRangeAdded {
        salary_range_id,
        display_name,
        min,
        max,
        sort_order: state.entries.len() as i32,
    }])
}

impl crate::Aggregate for ReferenceList {
    type Id = ReferenceListId;
    type Event = ReferenceEvent;
    type State = ReferenceList;

    fn stream_id(id: ReferenceListId) -> String {
        match id {
            ReferenceListId::Locations => LOCATIONS_STREAM,
            ReferenceListId::SalaryRanges => SALARY_RANGES_STREAM,
        }
        .to_owned()
    }

    fn evolve(state: Self::State, event: &ReferenceEvent) -> Self::State {
        evolve(state, event)
    }

    fn data_subject(_: ReferenceListId, _: &Self::State) -> Option<uuid::Uuid> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Given;

    #[test]
    fn rejects_a_duplicate_location_whatever_its_case() {
        let added =
            add_location(&ReferenceList::default(), Uuid::nil(), "Sydney, NSW", "nsw").unwrap();
        Given::new(ReferenceList::default(), evolve, added)
            .when(|s| add_location(s, Uuid::nil(), "sydney, nsw", "NSW"))
            .then_err(DomainError::AlreadyExists("Location"));
    }

    #[test]
    fn finds_a_value_by_id_after_its_list_is_replayed() {
        let sydney = Uuid::from_u128(1);
        let added = add_location(&ReferenceList::default(), sydney, "Sydney, NSW", "NSW").unwrap();
        let list = Given::new(ReferenceList::default(), evolve, added).state();
        assert_eq!(
            list.find(sydney).map(|l| l.display_name.as_str()),
            Some("Sydney, NSW")
        );
        assert!(list.find(Uuid::from_u128(2)).is_none());
    }

    #[test]
    fn rejects_a_state_that_is_not_australian() {
        assert!(add_location(&ReferenceList::default(), Uuid::nil(), "Auckland", "NZ").is_err());
    }

    #[test]
    fn rejects_salary_bounds_out_of_order() {
        assert!(
            add_salary_range(&ReferenceList::default(), Uuid::nil(), "x", 100, Some(50)).is_err()
        );
        assert!(
            add_salary_range(
                &ReferenceList::default(),
                Uuid::nil(),
                "$200k+",
                200_000,
                None
            )
            .is_ok()
        );
    }

    #[test]
    fn a_value_is_renamed_and_retired_and_a_retired_one_is_no_longer_offered() {
        let now = chrono::Utc::now();
        let (sydney, parramatta) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let mut history =
            add_location(&ReferenceList::default(), sydney, "Sydney CBD", "NSW").unwrap();
        let list = Given::new(ReferenceList::default(), evolve, history.clone()).state();
        history.extend(add_location(&list, parramatta, "Parramatta", "NSW").unwrap());
        Given::new(ReferenceList::default(), evolve, history.clone())
            .when(|s| rename(s, sydney, "parramatta", now))
            .then_err(DomainError::AlreadyExists("Value"));
        Given::new(ReferenceList::default(), evolve, history.clone())
            .when(|s| rename(s, sydney, "Sydney CBD", now))
            .then(vec![]);
        Given::new(ReferenceList::default(), evolve, history.clone())
            .when(|s| rename(s, sydney, "Sydney City", now))
            .then(vec![ReferenceEvent::ReferenceValueRenamed {
                id: sydney,
                display_name: "Sydney City".into(),
                renamed_at: now,
            }]);
        history.push(ReferenceEvent::ReferenceValueRetired {
            id: parramatta,
            retired_at: now,
        });
        let list = Given::new(ReferenceList::default(), evolve, history.clone()).state();
        assert!(list.offered(parramatta).is_none());
        assert!(list.find(parramatta).is_some(), "still readable");
        Given::new(ReferenceList::default(), evolve, history)
            .when(|s| retire(s, parramatta, now))
            .then_err(DomainError::NotFound("Value"));
    }
}
