//! CreateJobAlert, EditJobAlert, PauseJobAlert, ResumeJobAlert,
//! DeleteJobAlert (`domain::job_alert`), and the append the job alert
//! policy makes to record a match.

use domain::DomainError;
use domain::job_alert::{
    self, AlertForm, AlertInput, Digest, JobAlertDigest, JobAlertEvent, JobAlertMatch,
    JobAlertMatched, JobAlerts,
};
use domain::reference::{ReferenceList, ReferenceListId};
use event_store::{AppendRequest, Metadata, OutgoingMail};
use uuid::Uuid;

use crate::write::append_request;
use crate::{CommandError, Commands, Effects, Loaded, Written};

/// An alert's form as the candidate sent it (`POST`/`PUT
/// /api/candidate/alerts`): text stays text for the decision to parse.
#[derive(Debug, Clone, Default)]
pub struct JobAlertForm {
    pub name: String,
    pub keywords: Option<String>,
    pub location_id: Option<Uuid>,
    pub salary_range_id: Option<Uuid>,
    pub job_type: Option<String>,
    pub specialisation: Option<String>,
    pub frequency: String,
}

/// What a candidate does to one of their alerts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlertAction {
    Pause,
    Resume,
    Delete,
    /// Paused from the one-click unsubscribe link in a mail.
    Unsubscribe,
}

impl Commands {
    /// CreateJobAlert: the new alert's id. Two creations racing for the
    /// candidate's last place are decided one after the other, and the
    /// second is refused with the limit's message.
    pub async fn create_job_alert(
        &self,
        candidate_id: Uuid,
        form: &JobAlertForm,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let parsed = self.alert_form(form).await?;
        let alert_id = Uuid::now_v7();
        self.decide_again_on_conflict(|| {
            let (parsed, metadata) = (parsed.clone(), metadata.clone());
            async move {
                let loaded = self.load::<JobAlerts>(candidate_id).await?;
                let now = self.clock.now();
                let events = job_alert::create(&loaded.state, candidate_id, alert_id, parsed, now)?;
                self.append(candidate_id, &loaded, events, Effects::default(), metadata)
                    .await
            }
        })
        .await
        .map(|w| w.with(alert_id))
    }

    /// EditJobAlert: replaces the alert's name, search and frequency.
    pub async fn edit_job_alert(
        &self,
        candidate_id: Uuid,
        alert_id: Uuid,
        form: &JobAlertForm,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let parsed = self.alert_form(form).await?;
        self.decide_again_on_conflict(|| {
            let (parsed, now) = (parsed.clone(), self.clock.now());
            self.execute::<JobAlerts>(candidate_id, metadata.clone(), move |s| {
                job_alert::edit(s, alert_id, parsed, now)
            })
        })
        .await
    }

    /// PauseJobAlert, ResumeJobAlert, DeleteJobAlert; and the pause an
    /// unsubscribe link makes (its token names the candidate and alert).
    pub async fn act_on_job_alert(
        &self,
        candidate_id: Uuid,
        alert_id: Uuid,
        action: AlertAction,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.decide_again_on_conflict(|| {
            let now = self.clock.now();
            self.execute::<JobAlerts>(candidate_id, metadata.clone(), move |s| match action {
                AlertAction::Pause => job_alert::pause(s, alert_id, false, now),
                AlertAction::Unsubscribe => job_alert::pause(s, alert_id, true, now),
                AlertAction::Resume => job_alert::resume(s, alert_id, now),
                AlertAction::Delete => job_alert::delete(s, alert_id, now),
            })
        })
        .await
    }

    /// SendJobAlertDigest: mails an alert's digest for one day with the
    /// event that records it, once (the digest's stream is per alert and
    /// day). `None` when it was sent already or holds nothing.
    pub async fn send_job_alert_digest(
        &self,
        digest: Digest,
        mail: OutgoingMail,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let id = job_alert::digest_id(digest.alert_id, digest.day);
        let loaded = self.load::<JobAlertDigest>(id).await?;
        let events = job_alert::send_digest(&loaded.state, digest, self.clock.now())?;
        self.append(id, &loaded, events, Effects::default().mail(mail), metadata)
            .await
    }

    /// Validates a form against the reference data, read from its streams
    /// (as a job's form is), so a retired location cannot be saved.
    async fn alert_form(&self, form: &JobAlertForm) -> Result<AlertForm, CommandError> {
        let parsed = AlertForm::parse(AlertInput {
            name: &form.name,
            keywords: form.keywords.as_deref(),
            location_id: form.location_id,
            salary_range_id: form.salary_range_id,
            job_type: form.job_type.as_deref(),
            specialisation: form.specialisation.as_deref(),
            frequency: &form.frequency,
        })?;
        if let Some(id) = form.location_id {
            let list = self
                .load::<ReferenceList>(ReferenceListId::Locations)
                .await?;
            if list.state.offered(id).is_none() {
                return Err(DomainError::invalid("Please choose a location from the list").into());
            }
        }
        if let Some(id) = form.salary_range_id {
            let list = self
                .load::<ReferenceList>(ReferenceListId::SalaryRanges)
                .await?;
            if list.state.offered(id).is_none() {
                return Err(
                    DomainError::invalid("Please choose a salary range from the list").into(),
                );
            }
        }
        Ok(parsed)
    }
}

/// The append that records `matched` (and sends `mail` with it, if any),
/// for the policy to write inside its projector batch: the match's stream is
/// expected not to exist, so a second run of the policy over the same job is
/// refused by the store and mails nobody twice.
pub fn record_match(
    matched: JobAlertMatched,
    mail: Option<OutgoingMail>,
    metadata: Metadata,
) -> Result<AppendRequest, CommandError> {
    let id = matched.match_id;
    let new = Loaded::<JobAlertMatch> {
        state: JobAlertMatch::default(),
        version: 0,
    };
    let events: Vec<JobAlertEvent> = job_alert::record_match(&new.state, matched)?;
    let mut effects = Effects::default();
    if let Some(mail) = mail {
        effects = effects.mail(mail);
    }
    Ok(append_request::<JobAlertMatch>(
        id, &new, &events, effects, metadata,
    ))
}
