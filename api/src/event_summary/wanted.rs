//! Which people, jobs and applications a page of summaries must name,
//! gathered from the events before their names are read in one query each.

use domain::AnyEvent;
use domain::admin_roster::AdminRosterEvent;
use domain::application::ApplicationEvent;
use domain::contact::ContactEvent;
use domain::document::DocumentEvent;
use domain::interview::InterviewEvent;
use domain::job_alert::{JobAlertEvent, JobAlertMatched};
use domain::notification::NotificationEvent;
use domain::saved_job::SavedJobEvent;

use super::{Said, Wanted, stream_subject};

impl Wanted {
    pub fn add(&mut self, said: &Said) {
        self.people.extend(said.actor_id);
        match stream_subject(said.stream_id) {
            Some(("account" | "profile" | "company" | "access" | "erasure" | "saved", id)) => {
                self.people.insert(id);
            }
            Some(("job", id)) => {
                self.jobs.insert(id);
            }
            Some(("application" | "assessment", id)) => {
                self.applications.insert(id);
            }
            _ => {}
        }
        match said.event {
            Some(AnyEvent::Application(ApplicationEvent::ApplicationSubmitted(s))) => {
                self.people.insert(s.candidate_id);
            }
            Some(AnyEvent::Interview(InterviewEvent::InterviewScheduled {
                candidate_id, ..
            })) => {
                self.people.insert(*candidate_id);
            }
            Some(AnyEvent::Contact(ContactEvent::ContactMessageAssigned {
                assigned_to, ..
            })) => {
                self.people.insert(*assigned_to);
            }
            Some(AnyEvent::Notification(NotificationEvent::NotificationRaised(n))) => {
                self.people.insert(n.user_id);
            }
            Some(AnyEvent::SavedJob(
                SavedJobEvent::JobSaved { job_id, .. } | SavedJobEvent::JobUnsaved { job_id, .. },
            )) => {
                self.jobs.insert(*job_id);
            }
            Some(AnyEvent::Document(DocumentEvent::DocumentUploaded(d))) => {
                self.people.insert(d.owner_id);
            }
            Some(AnyEvent::JobAlert(
                JobAlertEvent::JobAlertMatched(JobAlertMatched { candidate_id, .. })
                | JobAlertEvent::JobAlertDigestSent { candidate_id, .. },
            )) => {
                self.people.insert(*candidate_id);
            }
            Some(AnyEvent::AdminRoster(
                AdminRosterEvent::AdminJoinedRoster { admin_id, .. }
                | AdminRosterEvent::AdminLeftRoster { admin_id, .. },
            )) => {
                self.people.insert(*admin_id);
            }
            _ => {}
        }
    }
}
