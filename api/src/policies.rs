//! Policies: reactions that read events and issue commands. They run in the
//! projector runtime, so each has one leader, a checkpoint, retries, and writes
//! its new events in the same transaction as its checkpoint: exactly once.

use std::sync::Arc;

use commands::notifications::raise_within;
use commands::{Metadata, PgEventStore, RecordedEvent};
use domain::AnyEvent;
use domain::application::{self, ApplicationEvent};
use domain::notification::notices_for;
use projections::{BoxFuture, Change, Projector};
use sqlx::PgConnection;

/// Tells candidates and employers about applications (SPEC 4 notifications).
pub struct NotificationPolicy {
    pub store: PgEventStore,
}

impl Projector for NotificationPolicy {
    fn name(&self) -> &'static str {
        "notification_policy"
    }

    fn tables(&self) -> &'static [&'static str] {
        &[]
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [RecordedEvent],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>> {
        Box::pin(async move {
            for r in events {
                let Some(AnyEvent::Application(event)) =
                    AnyEvent::decode(&r.event_type, r.payload.clone())?
                else {
                    continue;
                };
                // A status change needs who applied and for what: the stream's first event.
                let (candidate, title) = match &event {
                    ApplicationEvent::ApplicationSubmitted(s) => {
                        (s.candidate_id, s.job_title.clone())
                    }
                    ApplicationEvent::ApplicationStatusChanged { .. } => {
                        let (history, _) =
                            self.store.load::<ApplicationEvent>(&r.stream_id).await?;
                        match history.iter().fold(None, application::evolve) {
                            Some(a) => (a.candidate_id, a.job_title),
                            None => continue,
                        }
                    }
                };
                let metadata = Metadata {
                    correlation_id: r.metadata.correlation_id,
                    actor_role: Some("policy".into()),
                    request_id: r.metadata.request_id.clone(),
                    ..Metadata::default()
                };
                for notice in notices_for(&event, candidate, &title) {
                    raise_within(conn, r.event_id, &notice, r.recorded_at, metadata.clone())
                        .await?;
                }
            }
            Ok(vec![])
        })
    }
}

/// Every projector and policy this process runs.
pub fn all(store: &PgEventStore) -> Vec<Arc<dyn Projector>> {
    let mut all = projections::all();
    all.push(Arc::new(NotificationPolicy {
        store: store.clone(),
    }));
    all
}
