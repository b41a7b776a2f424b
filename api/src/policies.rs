//! Policies: reactions that read events and issue commands. They run in the
//! projector runtime, so each has one leader, a checkpoint, retries, and writes
//! its new events in the same transaction as its checkpoint: exactly once.

use std::sync::Arc;

use commands::notifications;
use domain::Aggregate;
use domain::application::{Application, ApplicationEvent};
use domain::notification::notices_for;
use event_store::postgres::append_within;
use event_store::{Actor, AppendError, Metadata, RecordedEvent};
use projections::{Change, EventProjector, EventSource, Projector};
use sqlx::PgConnection;

/// Tells candidates and employers about applications (SPEC 4 notifications).
pub struct NotificationPolicy {
    pub source: EventSource,
}

impl EventProjector for NotificationPolicy {
    const NAME: &'static str = "notification_policy";
    const TABLES: &'static [&'static str] = &[];
    type Event = ApplicationEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ApplicationEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        // A status change needs who applied and for what: the stream's first event.
        let (candidate, title) = match &event {
            ApplicationEvent::ApplicationSubmitted(s) => (s.candidate_id, s.job_title.clone()),
            ApplicationEvent::ApplicationStatusChanged { .. }
            | ApplicationEvent::ApplicationMoved { .. } => {
                let (history, _) = self
                    .source
                    .store
                    .load::<ApplicationEvent>(&r.stream_id)
                    .await?;
                match Application::fold(&history) {
                    Some(a) => (a.candidate_id, a.job_title),
                    None => return Ok(()),
                }
            }
        };
        let metadata = Metadata {
            correlation_id: r.metadata.correlation_id,
            actor_role: Some(Actor::Policy),
            request_id: r.metadata.request_id.clone(),
            ..Metadata::default()
        };
        for notice in notices_for(&event, candidate, &title) {
            // Inside the batch: the notification commits with the checkpoint.
            let request =
                notifications::raise(r.event_id, &notice, r.recorded_at, metadata.clone())?;
            match append_within(conn, &request).await {
                // Already raised for this source.
                Ok(_) | Err(AppendError::WrongExpectedVersion { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }
}

/// Every projector and policy this process runs.
pub fn all(source: &EventSource) -> Vec<Arc<dyn Projector>> {
    let mut all = projections::all();
    all.push(Arc::new(NotificationPolicy {
        source: source.clone(),
    }));
    all
}
