//! Jobs a candidate saved to find again later (issue 27), as Seek and
//! LinkedIn Jobs let you. One stream per candidate, `saved-{candidate_id}`,
//! so the limit is decided on one state and two saves at once cannot both
//! pass it. Saving is idempotent: saving a saved job, or unsaving one that
//! is not saved, records nothing.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{DomainError, DomainEvent};

/// Enough for a long search, not a copy of the board.
pub const MAX_SAVED_JOBS: usize = 200;
pub const TOO_MANY_SAVED_JOBS: &str =
    "You can save up to 200 jobs. Remove one you no longer need, then save this one.";
pub const SAVING_A_CLOSED_JOB: &str =
    "This job has closed, so it can't be saved. You can still remove it from your saved jobs.";

pub fn stream_id(candidate_id: Uuid) -> String {
    format!("saved-{candidate_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SavedJobEvent {
    JobSaved {
        candidate_id: Uuid,
        job_id: Uuid,
        saved_at: DateTime<Utc>,
    },
    JobUnsaved {
        candidate_id: Uuid,
        job_id: Uuid,
        unsaved_at: DateTime<Utc>,
    },
}

impl DomainEvent for SavedJobEvent {
    const TYPES: &'static [&'static str] = &["JobSaved", "JobUnsaved"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::JobSaved { .. } => "JobSaved",
            Self::JobUnsaved { .. } => "JobUnsaved",
        }
    }

    // Ids and times only: nothing to seal. The stream is the candidate's
    // (its data subject), so their export finds it and their erasure
    // removes the read model's rows.
}

/// The jobs a candidate has saved, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SavedJobs {
    pub job_ids: Vec<Uuid>,
}

pub fn evolve(mut state: SavedJobs, event: &SavedJobEvent) -> SavedJobs {
    match event {
        SavedJobEvent::JobSaved { job_id, .. } => {
            if !state.job_ids.contains(job_id) {
                state.job_ids.push(*job_id);
            }
        }
        SavedJobEvent::JobUnsaved { job_id, .. } => state.job_ids.retain(|id| id != job_id),
    }
    state
}

/// Where the job stands, looked up on the job's own stream first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStanding {
    /// No such job, or a draft: nobody but its employer knows it exists.
    Unknown,
    Open,
    /// Closed, or past its closing date.
    Closed,
}

/// SaveJob: a job on the board joins the candidate's saved jobs.
pub fn save(
    state: &SavedJobs,
    candidate_id: Uuid,
    job_id: Uuid,
    job: JobStanding,
    now: DateTime<Utc>,
) -> Result<Vec<SavedJobEvent>, DomainError> {
    match job {
        JobStanding::Unknown => return Err(DomainError::NotFound("Job")),
        _ if state.job_ids.contains(&job_id) => return Ok(vec![]),
        JobStanding::Closed => return Err(DomainError::invalid(SAVING_A_CLOSED_JOB)),
        JobStanding::Open => {}
    }
    if state.job_ids.len() >= MAX_SAVED_JOBS {
        return Err(DomainError::QuotaReached(TOO_MANY_SAVED_JOBS));
    }
    Ok(vec![SavedJobEvent::JobSaved {
        candidate_id,
        job_id,
        saved_at: now,
    }])
}

/// UnsaveJob: whatever the job's state now, it leaves the list.
pub fn unsave(
    state: &SavedJobs,
    candidate_id: Uuid,
    job_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<SavedJobEvent>, DomainError> {
    if !state.job_ids.contains(&job_id) {
        return Ok(vec![]);
    }
    Ok(vec![SavedJobEvent::JobUnsaved {
        candidate_id,
        job_id,
        unsaved_at: now,
    }])
}

// The list's id is its candidate's, who is its data subject.
crate::aggregate::entity_aggregate!(
    SavedJobs,
    SavedJobEvent,
    state: SavedJobs,
    |candidate_id, _| Some(candidate_id)
);

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::testing::given;

    const ME: Uuid = Uuid::from_u128(1);
    const JOB: Uuid = Uuid::from_u128(2);

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
    }

    fn saved(job_id: Uuid) -> SavedJobEvent {
        SavedJobEvent::JobSaved {
            candidate_id: ME,
            job_id,
            saved_at: now(),
        }
    }

    #[test]
    fn saving_an_open_job_records_it() {
        given::<SavedJobs>(vec![])
            .when(|s| save(s, ME, JOB, JobStanding::Open, now()))
            .then(vec![saved(JOB)]);
    }

    #[test]
    fn saving_a_saved_job_again_records_nothing() {
        given::<SavedJobs>(vec![saved(JOB)])
            .when(|s| save(s, ME, JOB, JobStanding::Open, now()))
            .then(vec![]);
    }

    #[test]
    fn an_unknown_or_draft_job_is_not_found() {
        given::<SavedJobs>(vec![])
            .when(|s| save(s, ME, JOB, JobStanding::Unknown, now()))
            .then_err(DomainError::NotFound("Job"));
    }

    #[test]
    fn a_closed_job_cannot_be_saved_but_can_be_unsaved() {
        given::<SavedJobs>(vec![])
            .when(|s| save(s, ME, JOB, JobStanding::Closed, now()))
            .then_err(DomainError::invalid(SAVING_A_CLOSED_JOB));
        given::<SavedJobs>(vec![saved(JOB)])
            .when(|s| unsave(s, ME, JOB, now()))
            .then(vec![SavedJobEvent::JobUnsaved {
                candidate_id: ME,
                job_id: JOB,
                unsaved_at: now(),
            }]);
    }

    #[test]
    fn unsaving_a_job_that_is_not_saved_records_nothing() {
        given::<SavedJobs>(vec![])
            .when(|s| unsave(s, ME, JOB, now()))
            .then(vec![]);
    }

    #[test]
    fn the_two_hundred_and_first_job_is_refused_with_what_to_do() {
        let full: Vec<_> = (0..MAX_SAVED_JOBS as u128)
            .map(|n| saved(Uuid::from_u128(1000 + n)))
            .collect();
        given::<SavedJobs>(full.clone())
            .when(|s| save(s, ME, JOB, JobStanding::Open, now()))
            .then_err(DomainError::QuotaReached(TOO_MANY_SAVED_JOBS));
        // One already saved is still fine to save again (nothing changes).
        given::<SavedJobs>(full)
            .when(|s| save(s, ME, Uuid::from_u128(1000), JobStanding::Open, now()))
            .then(vec![]);
    }

    #[test]
    fn unsaving_makes_room_and_the_order_is_kept() {
        let a = Uuid::from_u128(10);
        let b = Uuid::from_u128(11);
        let state = given::<SavedJobs>(vec![
            saved(a),
            saved(b),
            SavedJobEvent::JobUnsaved {
                candidate_id: ME,
                job_id: a,
                unsaved_at: now(),
            },
            saved(a),
        ])
        .state();
        assert_eq!(state.job_ids, vec![b, a]);
    }

    #[test]
    fn stored_payloads_round_trip() {
        let event = saved(JOB);
        let payload = event.to_payload();
        assert_eq!(payload["job_id"], serde_json::json!(JOB));
        assert_eq!(
            SavedJobEvent::from_payload("JobSaved", payload).unwrap(),
            event
        );
        assert!(event.personal_fields().is_empty());
    }
}
