//! AddNote and SubmitScorecard: an employer's private assessment of one of
//! the applications to its jobs.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::application::Application;
use domain::assessment::{self, Assessment, AssessmentEvent, Recommendation, ScorecardInput};
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
        self.add_entry(cmd.application_id, metadata, |application, note_id, now| {
            assessment::add_note(application, cmd.employer_id, note_id, &cmd.body, now)
        })
        .await
    }

    /// Written's output is the new scorecard's id.
    pub async fn submit_scorecard(
        &self,
        cmd: SubmitScorecard,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        self.add_entry(
            cmd.application_id,
            metadata,
            |application, scorecard_id, now| {
                let input = ScorecardInput {
                    ratings: &cmd.ratings,
                    recommendation: cmd.recommendation,
                    comment: cmd.comment.as_deref(),
                };
                assessment::submit_scorecard(application, cmd.employer_id, scorecard_id, input, now)
            },
        )
        .await
    }

    /// The write path of a new entry (note or scorecard) on an application,
    /// decided on the application under a new id; Written's output is that id.
    async fn add_entry(
        &self,
        application_id: Uuid,
        metadata: Metadata,
        decide: impl FnOnce(
            Option<&Application>,
            Uuid,
            DateTime<Utc>,
        ) -> Result<Vec<AssessmentEvent>, DomainError>,
    ) -> Result<Written<Uuid>, CommandError> {
        let application = self.load::<Application>(application_id).await?.state;
        let loaded = self.load::<Assessment>(application_id).await?;
        let entry_id = Uuid::now_v7();
        let events = decide(application.as_ref(), entry_id, self.clock.now())?;
        Ok(self
            .append(application_id, &loaded, events, entries(), metadata)
            .await?
            .with(entry_id))
    }
}
