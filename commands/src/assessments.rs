//! AddNote and SubmitScorecard: an employer's private assessment of one of
//! the applications to its jobs.

use domain::application::Application;
use domain::assessment::{self, Assessment, Recommendation, ScorecardInput};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone)]
pub struct AddNote {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub body: String,
}

#[derive(Debug, Clone)]
pub struct SubmitScorecard {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    /// (criterion, 1 to 5), in the order the form showed them.
    pub ratings: Vec<(String, u8)>,
    pub recommendation: Recommendation,
    pub comment: Option<String>,
}

/// Entries are independent of each other: two colleagues writing at once
/// both get theirs, so the append does not wait on the stream's version.
fn entries() -> Effects {
    Effects {
        last_write_wins: true,
        ..Effects::default()
    }
}

impl Commands {
    /// Written's output is the new note's id.
    pub async fn add_note(
        &self,
        cmd: AddNote,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let application = self.load::<Application>(cmd.application_id).await?.state;
        let loaded = self.load::<Assessment>(cmd.application_id).await?;
        let note_id = Uuid::now_v7();
        let events = assessment::add_note(
            application.as_ref(),
            cmd.employer_id,
            note_id,
            &cmd.body,
            self.clock.now(),
        )?;
        Ok(self
            .append(cmd.application_id, &loaded, events, entries(), metadata)
            .await?
            .with(note_id))
    }

    /// Written's output is the new scorecard's id.
    pub async fn submit_scorecard(
        &self,
        cmd: SubmitScorecard,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let application = self.load::<Application>(cmd.application_id).await?.state;
        let loaded = self.load::<Assessment>(cmd.application_id).await?;
        let scorecard_id = Uuid::now_v7();
        let events = assessment::submit_scorecard(
            application.as_ref(),
            cmd.employer_id,
            scorecard_id,
            ScorecardInput {
                ratings: &cmd.ratings,
                recommendation: cmd.recommendation,
                comment: cmd.comment.as_deref(),
            },
            self.clock.now(),
        )?;
        Ok(self
            .append(cmd.application_id, &loaded, events, entries(), metadata)
            .await?
            .with(scorecard_id))
    }
}
