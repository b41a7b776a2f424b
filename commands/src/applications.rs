//! SubmitApplication, ChangeApplicationStatus and MoveApplication (the
//! employer's pipeline), WithdrawApplication (the candidate's). A rejection
//! or a withdrawal cancels the application's interviews still to come.

use domain::DomainError;
use domain::account::Account;
use domain::application::{
    self, Application, ApplicationEvent, ApplicationStatus, Attachment, JobFacts, Submission,
};
use domain::assessment::{self, Assessment};
use domain::document::Document;
use domain::job::Job;
use domain::pipeline::{self, RejectionReason, Stage};
use event_store::{AppendError, ExpectedVersion, Metadata, OutgoingMail};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

#[derive(Debug, Clone)]
pub struct SubmitApplication {
    pub candidate_id: Uuid,
    pub job_id: Uuid,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
}

#[derive(Debug, Clone)]
pub struct WithdrawApplication {
    pub candidate_id: Uuid,
    pub application_id: Uuid,
    pub reason: Option<String>,
    /// The application's interviews still to come, as the interviews read
    /// model lists them: cancelled with it if this ends it.
    pub upcoming_interviews: Vec<Uuid>,
}

/// Moves an applicant along the employer's pipeline.
#[derive(Debug, Clone)]
pub struct MoveApplication {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub stage: Stage,
    pub feedback: Option<String>,
    /// Why the team is not going ahead: a rejection only, never shown to the
    /// candidate.
    pub reason: Option<RejectionReason>,
    /// The version the employer's board showed. A board that is behind gets a
    /// conflict instead of overwriting a colleague's move; `None` moves from
    /// wherever the application is.
    pub expected_version: Option<i64>,
    /// Email the candidate about it too (a rejection only): "Your application
    /// for … at …", with the feedback. Without it they see it in their portal
    /// and notifications only.
    pub email_candidate: bool,
    /// The application's interviews still to come, as the interviews read
    /// model lists them: cancelled with it if this ends it.
    pub upcoming_interviews: Vec<Uuid>,
    /// The team's own note with the move, saved as a private note on the
    /// application in the same append (never shown to the candidate).
    pub team_note: Option<String>,
    /// One of a bulk rejection: someone already rejected is left as they are.
    pub pass_over_rejected: bool,
}

/// What a move did: the application's version after it, and whether the
/// candidate was emailed (a rejection they had asked to mail, entering
/// Rejected, to a candidate not erased).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    pub version: i64,
    pub emailed: bool,
    /// How many interviews still to come were cancelled with a rejection.
    pub interviews_cancelled: usize,
    /// Whether the team's note was saved with it (not when the move changed
    /// nothing).
    pub note_saved: bool,
}

#[derive(Debug, Clone)]
pub struct ChangeApplicationStatus {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub status: ApplicationStatus,
    pub feedback: Option<String>,
    /// The application's interviews still to come, as the interviews read
    /// model lists them: cancelled with it if this ends it.
    pub upcoming_interviews: Vec<Uuid>,
}

/// The candidate's copy of an application, as Seek and LinkedIn send one:
/// where it went, what happens next, and where to follow it.
fn application_sent(
    (name, email): (&str, &str),
    title: &str,
    company: &str,
    with_resume: bool,
    public_url: &str,
) -> OutgoingMail {
    let first_name = name.split_whitespace().next().unwrap_or("there");
    let resume = if with_resume {
        " with your resume"
    } else {
        " without a resume"
    };
    OutgoingMail {
        recipient: email.to_owned(),
        subject: format!("Application sent: {title} at {company}"),
        body: format!(
            "Hi {first_name},\n\nYour application for {title} at {company} has gone to their hiring team{resume}.\n\n\
             What happens next: the team reads new applications and chooses who to talk to. Each step \
             shows in My Applications and your notifications, and if they book an interview we will \
             email you the invitation.\n\n\
             Follow it here: {}/candidate/dashboard/applications\n\n\
             Harbour IT Recruitment, Sydney\n",
            public_url.trim_end_matches('/'),
        ),
        ..OutgoingMail::default()
    }
}

/// The candidate's word that an application will not go further, when the
/// employer chose to email it: who decided, the feedback if any, and where to
/// look next. Sent in the same transaction as the move.
pub fn not_progressed(
    (name, email): (&str, &str),
    title: &str,
    company: &str,
    feedback: Option<&str>,
    public_url: &str,
) -> OutgoingMail {
    let first_name = name.split_whitespace().next().unwrap_or("there");
    let public = public_url.trim_end_matches('/');
    let feedback = feedback
        .map(|f| format!("A note from the hiring team at {company}:\n\n{f}\n\n"))
        .unwrap_or_default();
    // One line a paragraph: mail apps wrap it to the reader's screen.
    OutgoingMail {
        recipient: email.to_owned(),
        subject: format!("Your application for {title} at {company}"),
        body: format!(
            "Hi {first_name},\n\n\
             Thank you for applying for {title} at {company}. The hiring team has decided not to take your application further this time.\n\n\
             {feedback}\
             This doesn't close any other door: every open role is at {public}/jobs/find, and a job alert will email you new ones that match what you're after.\n\n\
             The application stays in My Applications: {public}/candidate/dashboard/applications\n\n\
             Harbour IT Recruitment, Sydney\n",
        ),
        ..OutgoingMail::default()
    }
}

impl Commands {
    /// Written's output is the new application's id.
    pub async fn submit_application(
        &self,
        cmd: SubmitApplication,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let job = self.load::<Job>(cmd.job_id).await?.state.map(|j| JobFacts {
            id: cmd.job_id,
            employer_id: j.employer_id,
            title: j.title,
            company: j.company,
            open: j.open,
            expires_at: j.expires_at,
        });
        let sent = job.as_ref().map(|j| (j.title.clone(), j.company.clone()));
        let resume = self.attachment(cmd.resume_id).await?;
        let cover_letter = self.attachment(cmd.cover_letter_id).await?;
        let application_id = Uuid::now_v7();
        let events = application::submit(Submission {
            application_id,
            candidate_id: cmd.candidate_id,
            job,
            resume,
            cover_letter,
            now: self.clock.now(),
        })?;
        // Inside the append transaction: a second try, however fast, is refused.
        let mut effects = Effects::default().claim(self.hasher.claim(
            application::claim_scope(cmd.job_id),
            &cmd.candidate_id.to_string(),
            application_id,
        ));
        // The candidate's copy, queued with the application: sent only if it is.
        let candidate = self.load::<Account>(cmd.candidate_id).await?.state;
        if let (Some(candidate), Some((title, company))) = (candidate, sent) {
            effects = effects.mail(application_sent(
                (&candidate.name, &candidate.email),
                &title,
                &company,
                cmd.resume_id.is_some(),
                &self.links.public,
            ));
        }
        let new = Loaded::<Application> {
            state: None,
            version: 0,
        };
        match self
            .append(application_id, &new, events, effects, metadata)
            .await
        {
            Ok(written) => Ok(written.with(application_id)),
            Err(CommandError::Conflict(AppendError::Claimed { .. })) => {
                Err(DomainError::AlreadyApplied.into())
            }
            Err(e) => Err(e),
        }
    }

    async fn attachment(&self, id: Option<Uuid>) -> Result<Option<Attachment>, CommandError> {
        let Some(id) = id else { return Ok(None) };
        let doc = self.load::<Document>(id).await?.state;
        Ok(Some(Attachment {
            id,
            owner_id: doc.filter(|d| !d.deleted).map(|d| d.owner_id),
        }))
    }

    /// Writes nothing (no position) when neither status nor feedback changes.
    pub async fn change_application_status(
        &self,
        cmd: ChangeApplicationStatus,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Application>(cmd.application_id).await?;
        let candidate_erased = match loaded.state.as_ref() {
            Some(app) if app.employer_id == cmd.employer_id => {
                self.is_erased(app.candidate_id).await?
            }
            _ => false,
        };
        let events = application::change_status(
            loaded.state.as_ref(),
            cmd.employer_id,
            cmd.status,
            cmd.feedback.as_deref(),
            candidate_erased,
            self.clock.now(),
        )?;
        self.append_decision(
            cmd.application_id,
            &loaded,
            events,
            &cmd.upcoming_interviews,
            metadata,
        )
        .await
    }

    /// Written's output is the application's version after the move (its
    /// current one when nothing changed), and whether the candidate was
    /// emailed. A race lost on another stream of the decision (a colleague's
    /// note landing on the application's notes as the team note is saved, an
    /// interview changed meanwhile) decides again on what is there now; a
    /// board that is behind (`expected_version`) is refused every time.
    pub async fn move_application(
        &self,
        cmd: MoveApplication,
        metadata: Metadata,
    ) -> Result<Written<Moved>, CommandError> {
        self.decide_again_on_conflict(|| self.move_application_once(&cmd, metadata.clone()))
            .await
    }

    async fn move_application_once(
        &self,
        cmd: &MoveApplication,
        metadata: Metadata,
    ) -> Result<Written<Moved>, CommandError> {
        let loaded = self.load::<Application>(cmd.application_id).await?;
        let Some(app) = loaded
            .state
            .as_ref()
            .filter(|a| a.employer_id == cmd.employer_id)
        else {
            return Err(DomainError::NotFound("Application").into());
        };
        if let Some(expected) = cmd.expected_version
            && expected != loaded.version
        {
            return Err(CommandError::Conflict(AppendError::WrongExpectedVersion {
                stream_id: application::stream_id(cmd.application_id),
                expected: ExpectedVersion::Exact(expected),
            }));
        }
        let job = self.load::<Job>(app.job_id).await?.state;
        let job_open = job.as_ref().is_some_and(|j| j.open);
        let candidate_erased = self.is_erased(app.candidate_id).await?;
        let events = pipeline::move_to(
            loaded.state.as_ref(),
            pipeline::Move {
                employer_id: cmd.employer_id,
                to: cmd.stage,
                feedback: cmd.feedback.as_deref(),
                reason: cmd.reason,
                job_open,
                candidate_erased,
                email_candidate: cmd.email_candidate,
                pass_over_rejected: cmd.pass_over_rejected,
                now: self.clock.now(),
            },
        )?;
        let mut effects = Effects::default();
        let to_email = events.iter().find_map(|e| match e {
            ApplicationEvent::ApplicationMoved {
                emailed: true,
                feedback,
                ..
            } => Some(feedback.as_deref()),
            _ => None,
        });
        let mut emailed = false;
        if let Some(feedback) = to_email {
            let candidate = self.load::<Account>(app.candidate_id).await?.state;
            if let Some(candidate) = candidate {
                let company = job.as_ref().map_or("the employer", |j| j.company.as_str());
                effects = effects.mail(not_progressed(
                    (&candidate.name, &candidate.email),
                    &app.job_title,
                    company,
                    feedback,
                    &self.links.public,
                ));
                emailed = true;
            }
        }
        let note = assessment::note_with_move(
            loaded.state.as_ref(),
            &events,
            assessment::TeamNote {
                employer_id: cmd.employer_id,
                note_id: Uuid::now_v7(),
                text: cmd.team_note.as_deref(),
                candidate_erased,
                now: self.clock.now(),
            },
        )?;
        let note_saved = !note.is_empty();
        if note_saved {
            let entries = self.load::<Assessment>(cmd.application_id).await?;
            effects = effects.also_entries(cmd.application_id, &entries, note);
        }
        let (effects, interviews_cancelled) = self
            .cancel_interviews_of_ended(&loaded, &events, &cmd.upcoming_interviews, effects)
            .await?;
        let version = loaded.version + events.len() as i64;
        Ok(self
            .append(cmd.application_id, &loaded, events, effects, metadata)
            .await?
            .with(Moved {
                version,
                emailed,
                interviews_cancelled,
                note_saved,
            }))
    }

    /// Appends a decision on an application, with the cancellation of its
    /// interviews still to come if the decision ends it.
    async fn append_decision(
        &self,
        id: Uuid,
        loaded: &Loaded<Application>,
        events: Vec<ApplicationEvent>,
        upcoming: &[Uuid],
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let (effects, _) = self
            .cancel_interviews_of_ended(loaded, &events, upcoming, Effects::default())
            .await?;
        self.append(id, loaded, events, effects, metadata).await
    }

    pub async fn withdraw_application(
        &self,
        cmd: WithdrawApplication,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Application>(cmd.application_id).await?;
        let events = application::withdraw(
            loaded.state.as_ref(),
            cmd.candidate_id,
            cmd.reason.as_deref(),
            self.clock.now(),
        )?;
        self.append_decision(
            cmd.application_id,
            &loaded,
            events,
            &cmd.upcoming_interviews,
            metadata,
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(name: &str) -> (&str, &str) {
        (name, "sam@example.com")
    }

    #[test]
    fn the_candidates_copy_says_where_it_went_what_comes_next_and_where_to_follow_it() {
        let mail = application_sent(
            candidate("Sam  Nguyen"),
            "Senior Rust Engineer",
            "Eucalypt Software",
            true,
            "https://harbourit.example/",
        );
        assert_eq!(mail.recipient, "sam@example.com");
        assert_eq!(
            mail.subject,
            "Application sent: Senior Rust Engineer at Eucalypt Software"
        );
        assert!(mail.body.starts_with("Hi Sam,\n\nYour application for Senior Rust Engineer at Eucalypt Software has gone to their hiring team with your resume."), "{}", mail.body);
        assert!(
            mail.body.contains(
                "Follow it here: https://harbourit.example/candidate/dashboard/applications\n"
            ),
            "{}",
            mail.body
        );
        assert!(mail.calendar.is_none() && mail.list_unsubscribe.is_none());
        // One line a paragraph: a phone's mail app wraps it, and a break
        // inside a sentence read as "Each step / shows" (a job seeker's walk).
        assert!(
            mail.body.contains(
                "chooses who to talk to. Each step shows in My Applications and your notifications, \
                 and if they book an interview we will email you the invitation.\n\n"
            ),
            "{}",
            mail.body
        );

        let bare = application_sent(
            candidate(""),
            "QA Lead",
            "Opal",
            false,
            "http://localhost:8080",
        );
        assert!(bare.body.starts_with("Hi there,"), "{}", bare.body);
        assert!(
            bare.body.contains("their hiring team without a resume."),
            "{}",
            bare.body
        );
    }

    #[test]
    fn a_rejection_by_mail_thanks_them_quotes_the_feedback_and_points_on() {
        let mail = not_progressed(
            candidate("Chloe Martin"),
            "Senior Rust Engineer",
            "Eucalypt Software",
            Some("We went with someone with more async Rust."),
            "https://harbourit.example/",
        );
        assert_eq!(mail.recipient, "sam@example.com");
        assert_eq!(
            mail.subject,
            "Your application for Senior Rust Engineer at Eucalypt Software"
        );
        // The whole body, word for word: the employer's reject dialog previews
        // it from web/src/features/employer/model/rejectionMail.ts, whose
        // test pins the same text.
        assert_eq!(
            mail.body,
            "Hi Chloe,\n\n\
             Thank you for applying for Senior Rust Engineer at Eucalypt Software. The hiring team has decided not to take your application further this time.\n\n\
             A note from the hiring team at Eucalypt Software:\n\n\
             We went with someone with more async Rust.\n\n\
             This doesn't close any other door: every open role is at https://harbourit.example/jobs/find, and a job alert will email you new ones that match what you're after.\n\n\
             The application stays in My Applications: https://harbourit.example/candidate/dashboard/applications\n\n\
             Harbour IT Recruitment, Sydney\n"
        );
        let plain = not_progressed(
            candidate("Chloe"),
            "QA Lead",
            "Opal",
            None,
            "http://localhost:8080",
        );
        assert_eq!(
            plain.body,
            "Hi Chloe,\n\n\
             Thank you for applying for QA Lead at Opal. The hiring team has decided not to take your application further this time.\n\n\
             This doesn't close any other door: every open role is at http://localhost:8080/jobs/find, and a job alert will email you new ones that match what you're after.\n\n\
             The application stays in My Applications: http://localhost:8080/candidate/dashboard/applications\n\n\
             Harbour IT Recruitment, Sydney\n"
        );
    }
}
