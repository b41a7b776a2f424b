//! RecordCandidateView: staff opened a candidate's record.

use domain::access::{self, AccessLog};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone, Copy)]
pub struct RecordCandidateView {
    pub admin_id: Uuid,
    pub candidate_id: Uuid,
}

impl Commands {
    pub async fn record_candidate_view(
        &self,
        cmd: RecordCandidateView,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<AccessLog>(cmd.candidate_id).await?;
        let events = access::record_view(cmd.candidate_id, cmd.admin_id, self.clock.now())?;
        // Views are independent facts: two staff opening the record at once
        // are both recorded.
        let effects = Effects {
            last_write_wins: true,
            ..Effects::default()
        };
        self.append(cmd.candidate_id, &loaded, events, effects, metadata)
            .await
    }
}
