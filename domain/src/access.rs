//! Who at the agency looked at a candidate's personal data, and when: each
//! time staff open a candidate's record it is recorded as an event, so the
//! record can show its own access log (APP 11: who has seen what). Stream:
//! `access-{candidate_id}`, kept apart from the account's own stream so that
//! reading never moves the account's version.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{DomainError, DomainEvent};

pub fn stream_id(candidate_id: Uuid) -> String {
    format!("access-{candidate_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AccessEvent {
    CandidateRecordViewed {
        candidate_id: Uuid,
        viewed_by: Uuid,
        viewed_at: DateTime<Utc>,
    },
}

impl DomainEvent for AccessEvent {
    const TYPES: &'static [&'static str] = &["CandidateRecordViewed"];

    fn event_type(&self) -> &'static str {
        "CandidateRecordViewed"
    }
}

/// How many times the record was opened.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AccessLog {
    pub views: u64,
}

pub fn record_view(
    candidate_id: Uuid,
    viewed_by: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccessEvent>, DomainError> {
    Ok(vec![AccessEvent::CandidateRecordViewed {
        candidate_id,
        viewed_by,
        viewed_at: now,
    }])
}

/// Every view counts one.
pub fn evolve(state: AccessLog, _: &AccessEvent) -> AccessLog {
    AccessLog {
        views: state.views + 1,
    }
}

crate::aggregate::entity_aggregate!(AccessLog, AccessEvent, state: AccessLog, |_, _| None);
