//! Reference data the job board filters by: locations and salary ranges.
//! Streams: `reference-locations`, `reference-salary-ranges`.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{MAX_SHORT_TEXT_LEN, required_text};
use crate::{DomainError, DomainEvent};

pub const LOCATIONS_STREAM: &str = "reference-locations";
pub const SALARY_RANGES_STREAM: &str = "reference-salary-ranges";

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
}

impl DomainEvent for ReferenceEvent {
    const TYPES: &'static [&'static str] = &["LocationAdded", "SalaryRangeAdded"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::LocationAdded { .. } => "LocationAdded",
            Self::SalaryRangeAdded { .. } => "SalaryRangeAdded",
        }
    }
}

/// The names already in a reference list (both lists use this state).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReferenceList {
    pub names: Vec<String>,
}

pub fn evolve(mut state: ReferenceList, event: &ReferenceEvent) -> ReferenceList {
    match event {
        ReferenceEvent::LocationAdded { display_name, .. }
        | ReferenceEvent::SalaryRangeAdded { display_name, .. } => {
            state.names.push(display_name.to_lowercase());
        }
    }
    state
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
    if state.names.contains(&display_name.to_lowercase()) {
        return Err(DomainError::AlreadyExists("Location"));
    }
    Ok(vec![ReferenceEvent::LocationAdded {
        location_id,
        display_name,
        state: au_state,
        sort_order: state.names.len() as i32,
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
    if state.names.contains(&display_name.to_lowercase()) {
        return Err(DomainError::AlreadyExists("Salary range"));
    }
    Ok(vec![ReferenceEvent::SalaryRangeAdded {
        salary_range_id,
        display_name,
        min,
        max,
        sort_order: state.names.len() as i32,
    }])
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
}
