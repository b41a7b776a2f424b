//! What the admin screens watch live, pushed to the `admins` socket room:
//! `admin_updated {topic}` when something a screen shows has changed (its
//! queries refetch), and `rebuild_progress` while a projection rebuilds.
//!
//! Topics come from one small poll every two seconds: the log's head, and a fingerprint of the employers,
//! enquiries, outbox, jobs and projector checkpoints. Polling the read models
//! (not the change feed) sees every writer: other processes, the mail worker,
//! a rebuild's swap.

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use socketioxide::SocketIo;
use sqlx::PgPool;

use crate::app::AppState;

pub const ADMINS_ROOM: &str = "admins";

/// A rebuild's progress, as GET /api/admin/projections and the socket show it.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct RebuildProgress {
    pub name: String,
    pub done: u64,
    pub total: u64,
    pub finished: bool,
    pub error: Option<String>,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub enum AdminPush {
    Updated(&'static str),
    Rebuild(RebuildProgress),
}

/// Held in the app state: the push channel and the one rebuild that may run.
pub struct AdminLive {
    sender: tokio::sync::broadcast::Sender<AdminPush>,
    rebuild: Mutex<Option<RebuildProgress>>,
}

impl Default for AdminLive {
    fn default() -> Self {
        Self {
            sender: tokio::sync::broadcast::channel(256).0,
            rebuild: Mutex::new(None),
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("A rebuild is already running")]
pub struct AlreadyRunning;

impl AdminLive {
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<AdminPush> {
        self.sender.subscribe()
    }

    fn publish(&self, push: AdminPush) {
        // Nobody listening is fine: no admin has a screen open.
        let _ = self.sender.send(push);
    }

    /// The latest rebuild (running or finished) of this process.
    pub fn rebuild(&self) -> Option<RebuildProgress> {
        self.rebuild.lock().ok().and_then(|r| r.clone())
    }

    /// Claims the one rebuild slot for `name`.
    pub fn start_rebuild(&self, name: &str, total: u64) -> Result<(), AlreadyRunning> {
        let mut slot = self.rebuild.lock().map_err(|_| AlreadyRunning)?;
        if slot.as_ref().is_some_and(|r| !r.finished) {
            return Err(AlreadyRunning);
        }
        let progress = RebuildProgress {
            name: name.to_owned(),
            done: 0,
            total,
            finished: false,
            error: None,
            started_at: Utc::now(),
            finished_at: None,
        };
        *slot = Some(progress.clone());
        drop(slot);
        self.publish(AdminPush::Rebuild(progress));
        Ok(())
    }

    fn update(&self, change: impl FnOnce(&mut RebuildProgress)) {
        let progress = {
            let Ok(mut slot) = self.rebuild.lock() else {
                return;
            };
            let Some(progress) = slot.as_mut() else {
                return;
            };
            change(progress);
            progress.clone()
        };
        self.publish(AdminPush::Rebuild(progress));
    }

    pub fn rebuild_progressed(&self, done: u64) {
        self.update(|p| {
            p.done = done;
            // More events may arrive while it runs: the total grows with them.
            p.total = p.total.max(done);
        });
    }

    pub fn rebuild_finished(&self, error: Option<String>) {
        self.update(|p| {
            p.finished = true;
            p.finished_at = Some(Utc::now());
            if error.is_none() {
                p.total = p.total.max(p.done);
                p.done = p.total;
            }
            p.error = error;
        });
        self.publish(AdminPush::Updated("projections"));
    }
}

/// What the admin screens show, reduced to values that change when it does.
#[derive(Debug, Clone, PartialEq, Default, sqlx::FromRow)]
struct Fingerprint {
    events: i64,
    employers: String,
    enquiries: String,
    outbox: String,
    jobs: String,
    projections: String,
}

async fn fingerprint(pool: &PgPool) -> anyhow::Result<Fingerprint> {
    // language=PostgreSQL
    Ok(sqlx::query_as(
        "SELECT (SELECT coalesce(max(position), 0) FROM events) AS events,
                (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '')
                   FROM accounts WHERE role IN ('employer', 'admin')) AS employers,
                (SELECT count(*) || '/' || count(handled_at) || '/' || count(assigned_to) || '/'
                        || coalesce(max(last_reply_at)::text, '') FROM contact_messages) AS enquiries,
                (SELECT count(*) || '/' || count(sent_at) || '/' || coalesce(sum(attempts), 0)
                   FROM mail_outbox) AS outbox,
                (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') FROM jobs) AS jobs,
                (SELECT coalesce(string_agg(name || ':' || last_position || ':' || status || ':'
                        || coalesce(last_error, ''), ',' ORDER BY name), '') FROM projector_checkpoints) AS projections",
    )
    .fetch_one(pool)
    .await?)
}

/// Which topics differ between two fingerprints.
fn changed_topics(before: &Fingerprint, now: &Fingerprint) -> Vec<&'static str> {
    let mut topics = Vec::new();
    let mut check = |changed: bool, topic| {
        if changed {
            topics.push(topic);
        }
    };
    check(before.events != now.events, "events");
    check(before.employers != now.employers, "employers");
    check(before.enquiries != now.enquiries, "enquiries");
    check(before.outbox != now.outbox, "outbox");
    check(before.jobs != now.jobs, "jobs");
    check(before.projections != now.projections, "projections");
    topics
}

/// Forwards pushes to the admins' room, and polls for changed topics while
/// someone is in it.
pub async fn run(io: SocketIo, state: AppState) {
    let mut pushes = state.admin_live.subscribe();
    let mut ticker = tokio::time::interval(Duration::from_secs(2));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut last: Option<Fingerprint> = None;
    loop {
        tokio::select! {
            push = pushes.recv() => match push {
                Ok(push) => emit(&io, push).await,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            },
            _ = ticker.tick() => {
                // Polled whether or not an admin is connected, so the first
                // change after one connects is compared with a fresh baseline.
                match fingerprint(&state.pool).await {
                    Ok(now) => {
                        if let Some(before) = &last {
                            for topic in changed_topics(before, &now) {
                                emit(&io, AdminPush::Updated(topic)).await;
                            }
                        }
                        last = Some(now);
                    }
                    Err(e) => tracing::warn!(error = %format!("{e:#}"), "admin live poll failed"),
                }
            }
        }
    }
}

#[derive(Serialize)]
struct Updated {
    topic: &'static str,
}

async fn emit(io: &SocketIo, push: AdminPush) {
    let to = io.to(ADMINS_ROOM);
    let sent = match push {
        AdminPush::Updated(topic) => to.emit("admin_updated", &Updated { topic }).await,
        AdminPush::Rebuild(progress) => to.emit("rebuild_progress", &progress).await,
    };
    if let Err(e) = sent {
        tracing::debug!(error = %e, "admin push failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_topics_whose_part_changed_are_named() {
        let before = Fingerprint::default();
        let now = Fingerprint {
            events: 3,
            outbox: "1/0/1".into(),
            ..Fingerprint::default()
        };
        assert_eq!(changed_topics(&before, &now), vec!["events", "outbox"]);
        assert!(changed_topics(&now, &now).is_empty());
    }

    #[test]
    fn one_rebuild_at_a_time_and_its_progress_reaches_the_total() {
        let live = AdminLive::default();
        live.start_rebuild("job_board", 10).unwrap();
        assert!(live.start_rebuild("accounts", 5).is_err());
        live.rebuild_progressed(4);
        assert_eq!(live.rebuild().unwrap().done, 4);
        live.rebuild_finished(None);
        let done = live.rebuild().unwrap();
        assert!(done.finished);
        assert_eq!((done.done, done.total), (10, 10));
        // Finished: the slot is free again.
        live.start_rebuild("accounts", 5).unwrap();
    }
}
