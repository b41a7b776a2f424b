//! The job alert policy (issue 28): when a job goes on the board (posted
//! straight to it, a draft published, a closed listing reopened) it records a
//! match with every active alert the job fits, once per alert and job, and
//! tells the owners of instant alerts at once: a bell notification that opens
//! the job's page and a mail with a one-click unsubscribe.
//!
//! Like every policy it runs in the projector runtime and appends inside its
//! batch transaction, so the match, its mail (the outbox row is part of the
//! append) and its notification commit with the checkpoint or not at all. The
//! match's stream id comes from the alert and the job, so a job republished
//! or reopened finds the stream taken and nobody hears of it twice; a rebuild
//! replays the matches into the read model and sends nothing.

use commands::job_alerts::record_match;
use commands::{ClaimHasher, notifications};
use domain::account::Role;
use domain::job::{self, Job, JobEvent};
use domain::job_alert::{Frequency, JobAlertMatched, match_id};
use domain::notification::{Notice, NotificationKind, NotificationLink};
use event_store::postgres::{DataKeys, append_within};
use event_store::{Actor, AppendError, Metadata, OutgoingMail, RecordedEvent};
use projections::read_models::job_alerts::{self, MatchingAlert, PublishedJob};
use projections::{Change, EventProjector, EventSource};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::alert_links;

pub struct JobAlertPolicy {
    pub source: EventSource,
    pub keys: DataKeys,
    /// Signs the unsubscribe links.
    pub hasher: ClaimHasher,
    /// The public site, for the links in the mail.
    pub public_url: String,
}

impl EventProjector for JobAlertPolicy {
    const NAME: &'static str = "job_alert_policy";
    const TABLES: &'static [&'static str] = &[];
    const APPENDS: bool = true;
    type Event = JobEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: JobEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let goes_on_the_board = match &event {
            JobEvent::JobPosted(p) => !p.draft,
            JobEvent::JobPublished { .. } | JobEvent::JobReopened { .. } => true,
            _ => false,
        };
        if !goes_on_the_board {
            return Ok(());
        }
        // The job as of this event: its stream up to its own version.
        let history = self.source.store.read_stream(&r.stream_id).await?;
        let mut state: Option<Job> = None;
        for recorded in history
            .iter()
            .take_while(|e| e.stream_version <= r.stream_version)
        {
            state = job::evolve(state, &recorded.decode::<JobEvent>()?);
        }
        let Some(job) = state.filter(|j| j.open) else {
            return Ok(());
        };
        if job.expires_at.is_some_and(|at| at <= r.recorded_at) {
            return Ok(());
        }
        let job_id = r
            .stream_id
            .strip_prefix("job-")
            .and_then(|id| Uuid::parse_str(id).ok())
            .ok_or_else(|| anyhow::anyhow!("{} is not a job's stream", r.stream_id))?;
        let published = PublishedJob {
            title: job.title.clone(),
            location_id: job.details.location_id,
            salary_range_id: job.details.salary_range_id,
            job_type: job.details.job_type,
            specialisation: job.details.specialisation,
            at: r.recorded_at,
        };
        for alert in job_alerts::matching(conn, &published).await? {
            self.record(conn, r, job_id, &job, &alert).await?;
        }
        Ok(())
    }
}

impl JobAlertPolicy {
    async fn record(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        job_id: Uuid,
        job: &Job,
        alert: &MatchingAlert,
    ) -> anyhow::Result<()> {
        let frequency = alert.frequency;
        let owner = match frequency {
            Frequency::Instant => job_alerts::owner(conn, alert.candidate_id, alert.id).await?,
            Frequency::Daily => None,
        };
        let matched = JobAlertMatched {
            match_id: match_id(alert.id, job_id),
            alert_id: alert.id,
            candidate_id: alert.candidate_id,
            job_id,
            job_title: job.title.clone(),
            frequency,
            mailed: owner.is_some(),
            matched_at: r.recorded_at,
        };
        let mail = owner
            .as_ref()
            .map(|o| self.instant_mail(o, job_id, job, alert, r));
        let metadata = Metadata {
            correlation_id: r.metadata.correlation_id,
            causation_id: Some(r.event_id),
            actor_role: Some(Actor::Policy),
            request_id: r.metadata.request_id.clone(),
            ..Metadata::default()
        };
        let request = record_match(matched.clone(), mail, metadata.clone())?;
        match append_within(conn, &self.keys, &request).await {
            Ok(_) => {}
            // Matched before (a republished or reopened job): said already.
            Err(AppendError::WrongExpectedVersion { .. }) => return Ok(()),
            Err(e) => return Err(e.into()),
        }
        if let Some(owner) = owner {
            let notice = Notice {
                recipient: alert.candidate_id,
                role: Role::Candidate,
                kind: NotificationKind::Info,
                title: "New job for your alert".into(),
                message: format!(
                    "{} at {} matches your alert \u{201c}{}\u{201d}.",
                    job.title, job.company, owner.alert_name
                ),
                // Clicking it opens the job's page, as the mail's link does.
                link: Some(NotificationLink::Job { job_id }),
            };
            let request = notifications::raise(matched.match_id, &notice, r.recorded_at, metadata)?;
            match append_within(conn, &self.keys, &request).await {
                Ok(_) | Err(AppendError::WrongExpectedVersion { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    fn instant_mail(
        &self,
        owner: &job_alerts::AlertOwner,
        job_id: Uuid,
        job: &Job,
        alert: &MatchingAlert,
        r: &RecordedEvent,
    ) -> OutgoingMail {
        let base = self.public_url.trim_end_matches('/');
        let token =
            alert_links::token_from(&self.hasher, alert.candidate_id, alert.id, r.recorded_at);
        let unsubscribe = format!("{base}/api/alerts/unsubscribe?token={token}");
        let salary = if job.details.salary.trim().is_empty() {
            "Competitive salary"
        } else {
            job.details.salary.trim()
        };
        let body = format!(
            "Hi {name},\n\n\
             A new job matches your alert \u{201c}{alert}\u{201d}:\n\n\
             {title}\n\
             {company}\n\
             {location}\n\
             {salary}\n\n\
             See the job and apply: {base}/jobs/{job_id}\n\n\
             You get this mail because you saved this alert on Harbour IT Recruitment.\n\
             To stop these mails, pause the alert with one click (no sign-in needed):\n\
             {unsubscribe}\n",
            name = owner.name,
            alert = owner.alert_name,
            title = job.title,
            company = job.company,
            location = job.details.location,
        );
        OutgoingMail {
            recipient: owner.email.clone(),
            subject: format!("New job: {}", job.title),
            body,
            calendar: None,
            list_unsubscribe: Some(unsubscribe),
        }
    }
}
