//! Policies: reactions that read events and issue commands. They run in the
//! projector runtime, so each has one leader, a checkpoint, retries, and writes
//! its new events in the same transaction as its checkpoint: exactly once.

use std::sync::Arc;

use commands::notifications;
use domain::Aggregate;
use domain::application::{Application, ApplicationEvent};
use domain::interview::{self, InterviewEvent};
use domain::notification::{Notice, interview_notice, notices_for};
use event_store::postgres::{DataKeys, append_within};
use event_store::{Actor, AppendError, Metadata, RecordedEvent};
use projections::{Change, EventProjector, EventSource, Projector};
use sqlx::PgConnection;

use crate::alert_policy::JobAlertPolicy;
use crate::app::AppState;

/// Tells candidates and employers about applications (SPEC 4 notifications).
pub struct NotificationPolicy {
    pub source: EventSource,
    pub keys: DataKeys,
}

impl EventProjector for NotificationPolicy {
    const NAME: &'static str = "notification_policy";
    const TABLES: &'static [&'static str] = &[];
    const APPENDS: bool = true;
    type Event = ApplicationEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ApplicationEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        // A status change needs who applied and for what: the stream's first event.
        let (application, candidate, title) = match &event {
            ApplicationEvent::ApplicationSubmitted(s) => {
                (s.application_id, s.candidate_id, s.job_title.clone())
            }
            ApplicationEvent::ApplicationStatusChanged { .. }
            | ApplicationEvent::ApplicationMoved { .. }
            | ApplicationEvent::ApplicationWithdrawn { .. } => {
                let (history, _) = self
                    .source
                    .store
                    .load::<ApplicationEvent>(&r.stream_id)
                    .await?;
                match Application::fold(&history) {
                    Some(a) => (a.id, a.candidate_id, a.job_title),
                    None => return Ok(()),
                }
            }
        };
        for notice in notices_for(&event, application, candidate, &title) {
            raise_within(conn, &self.keys, r, &notice).await?;
        }
        Ok(())
    }
}

/// Tells candidates about their interviews: booked, moved, cancelled.
pub struct InterviewPolicy {
    pub source: EventSource,
    pub keys: DataKeys,
}

impl EventProjector for InterviewPolicy {
    const NAME: &'static str = "interview_policy";
    const TABLES: &'static [&'static str] = &[];
    const APPENDS: bool = true;
    type Event = InterviewEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: InterviewEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        // The state as of this event: its stream up to its own version.
        let history = self.source.store.read_stream(&r.stream_id).await?;
        let mut state = None;
        for recorded in history
            .iter()
            .take_while(|e| e.stream_version <= r.stream_version)
        {
            state = interview::evolve(state, &recorded.decode::<InterviewEvent>()?);
        }
        let Some(state) = state else { return Ok(()) };
        let notice = interview_notice(&event, &state);
        raise_within(conn, &self.keys, r, &notice).await
    }
}

/// Appends a notice inside the policy's batch, so the notification commits
/// with the checkpoint; raising the same notice twice finds its stream taken.
async fn raise_within(
    conn: &mut PgConnection,
    keys: &DataKeys,
    r: &RecordedEvent,
    notice: &Notice,
) -> anyhow::Result<()> {
    let metadata = Metadata {
        correlation_id: r.metadata.correlation_id,
        actor_role: Some(Actor::Policy),
        request_id: r.metadata.request_id.clone(),
        ..Metadata::default()
    };
    let request = notifications::raise(r.event_id, notice, r.recorded_at, metadata)?;
    match append_within(conn, keys, &request).await {
        Ok(_) | Err(AppendError::WrongExpectedVersion { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Every projector and policy this process runs. The state's data keys seal
/// the notices' personal fields inside the batch transaction.
pub fn all(state: &AppState) -> Vec<Arc<dyn Projector>> {
    let (source, keys) = (&state.source(), &state.data_keys);
    let mut all = projections::all();
    all.push(Arc::new(NotificationPolicy {
        source: source.clone(),
        keys: keys.clone(),
    }));
    all.push(Arc::new(InterviewPolicy {
        source: source.clone(),
        keys: keys.clone(),
    }));
    all.push(Arc::new(JobAlertPolicy {
        source: source.clone(),
        keys: keys.clone(),
        hasher: state.commands.hasher.clone(),
        public_url: state.commands.links.public.clone(),
    }));
    all
}
