//! SaveJob and UnsaveJob: a candidate's list of jobs to come back to.

use domain::job::Job;
use domain::saved_job::{self, JobStanding, SavedJobs};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Written};

#[derive(Debug, Clone, Copy)]
pub struct SaveJob {
    pub candidate_id: Uuid,
    pub job_id: Uuid,
}

#[derive(Debug, Clone, Copy)]
pub struct UnsaveJob {
    pub candidate_id: Uuid,
    pub job_id: Uuid,
}

impl Commands {
    /// Written has no position when the job was saved already.
    pub async fn save_job(
        &self,
        cmd: SaveJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        // The job's own stream says whether it is on the board (no read-model lag).
        let standing = match self.load::<Job>(cmd.job_id).await?.state {
            None => JobStanding::Unknown,
            Some(job) if job.draft => JobStanding::Unknown,
            Some(job) if !job.open || job.expires_at.is_some_and(|e| e <= now) => {
                JobStanding::Closed
            }
            Some(_) => JobStanding::Open,
        };
        // Two saves at once (two tabs) both land: the second is decided again
        // on the first's list rather than answered with a conflict.
        self.decide_again_on_conflict(|| {
            self.execute::<SavedJobs>(cmd.candidate_id, metadata.clone(), |state| {
                saved_job::save(state, cmd.candidate_id, cmd.job_id, standing, now)
            })
        })
        .await
    }

    /// Written has no position when the job was not saved.
    pub async fn unsave_job(
        &self,
        cmd: UnsaveJob,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.decide_again_on_conflict(|| {
            self.execute::<SavedJobs>(cmd.candidate_id, metadata.clone(), |state| {
                saved_job::unsave(state, cmd.candidate_id, cmd.job_id, now)
            })
        })
        .await
    }
}
