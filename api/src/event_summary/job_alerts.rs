//! The audit sentences of job alerts' events (issue 28).

use domain::job_alert::JobAlertEvent;

use super::{Reader, readable};

impl Reader<'_> {
    pub(super) fn job_alert(&self, e: &JobAlertEvent) -> String {
        let actor = self.actor();
        match e {
            JobAlertEvent::JobAlertCreated(_) => format!("{actor} saved a job alert"),
            JobAlertEvent::JobAlertEdited { .. } => format!("{actor} changed a job alert"),
            JobAlertEvent::JobAlertPaused {
                unsubscribed: true, ..
            } => format!("{actor} paused a job alert from the link in its mail"),
            JobAlertEvent::JobAlertPaused { .. } => format!("{actor} paused a job alert"),
            JobAlertEvent::JobAlertResumed { .. } => format!("{actor} resumed a job alert"),
            JobAlertEvent::JobAlertDeleted { .. } => format!("{actor} deleted a job alert"),
            JobAlertEvent::JobAlertMatched(m) => format!(
                "{} matched a job alert of {}",
                readable(&m.job_title, "a job"),
                self.person(m.candidate_id, "a candidate")
            ),
            JobAlertEvent::JobAlertDigestSent {
                candidate_id,
                match_ids,
                ..
            } => format!(
                "{} was mailed a daily digest of {} job{}",
                self.person(*candidate_id, "a candidate"),
                match_ids.len(),
                if match_ids.len() == 1 { "" } else { "s" }
            ),
        }
    }
}
