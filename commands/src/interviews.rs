//! ScheduleInterview, RescheduleInterview, CancelInterview. Each mails the
//! candidate an iCalendar invitation (RFC 5545, built with `icalendar`): the
//! interview's id is the event's UID and the stream's version its SEQUENCE,
//! so a calendar updates the one entry on a reschedule or cancel.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::Account;
use domain::application::{Application, ApplicationEvent};
pub use domain::interview::SlotForm;
use domain::interview::{self, ApplicationEnded, Interview, InterviewEvent};
use domain::job::Job;
use event_store::{Metadata, OutgoingMail};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

#[derive(Debug, Clone)]
pub struct ScheduleInterview {
    pub employer_id: Uuid,
    pub application_id: Uuid,
    pub slot: SlotForm,
}

#[derive(Debug, Clone)]
pub struct RescheduleInterview {
    pub employer_id: Uuid,
    pub interview_id: Uuid,
    pub slot: SlotForm,
}

#[derive(Debug, Clone)]
pub struct CancelInterview {
    pub employer_id: Uuid,
    pub interview_id: Uuid,
    pub reason: Option<String>,
}

/// What an employer is told when they try to invite an erased candidate.
pub const CANDIDATE_ERASED: &str =
    "This candidate's personal data was erased, so they can no longer be invited";

fn mailed(mail: Option<OutgoingMail>) -> Effects {
    match mail {
        Some(mail) => Effects::default().mail(mail),
        None => Effects::default(),
    }
}

impl Commands {
    /// Written's output is the new interview's id.
    pub async fn schedule_interview(
        &self,
        cmd: ScheduleInterview,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let now = self.clock.now();
        let application = self.load::<Application>(cmd.application_id).await?.state;
        if let Some(a) = &application {
            self.not_erased(a.candidate_id).await?;
        }
        let slot = cmd.slot.parse(now)?;
        let interview_id = Uuid::now_v7();
        let events = interview::schedule(
            application.as_ref(),
            cmd.employer_id,
            interview_id,
            slot,
            now,
        )?;
        let new = Loaded::<Interview> {
            state: None,
            version: 0,
        };
        let after = fold_onto(&new, &events);
        let mail = self.invitation(&after, 1, None).await?;
        Ok(self
            .append(interview_id, &new, events, mailed(mail), metadata)
            .await?
            .with(interview_id))
    }

    pub async fn reschedule_interview(
        &self,
        cmd: RescheduleInterview,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        let loaded = self.load::<Interview>(cmd.interview_id).await?;
        if let Some(i) = &loaded.state {
            self.not_erased(i.candidate_id).await?;
        }
        let slot = cmd.slot.parse(now)?;
        let events = interview::reschedule(loaded.state.as_ref(), cmd.employer_id, slot, now)?;
        self.append_with_invitation(cmd.interview_id, &loaded, events, None, metadata)
            .await
    }

    pub async fn cancel_interview(
        &self,
        cmd: CancelInterview,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        let loaded = self.load::<Interview>(cmd.interview_id).await?;
        let events = interview::cancel(
            loaded.state.as_ref(),
            cmd.employer_id,
            cmd.reason.as_deref(),
            now,
        )?;
        let reason = match events.first() {
            Some(InterviewEvent::InterviewCancelled { reason, .. }) => reason.clone(),
            _ => None,
        };
        self.append_with_invitation(cmd.interview_id, &loaded, events, reason, metadata)
            .await
    }

    async fn append_with_invitation(
        &self,
        id: Uuid,
        loaded: &Loaded<Interview>,
        events: Vec<InterviewEvent>,
        cancel_reason: Option<String>,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        if events.is_empty() {
            return self
                .append(id, loaded, events, Effects::default(), metadata)
                .await;
        }
        let after = fold_onto(loaded, &events);
        let sequence = (loaded.version + events.len() as i64) as u32;
        let mail = self.invitation(&after, sequence, cancel_reason).await?;
        self.append(id, loaded, events, mailed(mail), metadata)
            .await
    }

    /// When a decision ends an application (a rejection or a withdrawal), its
    /// interviews still to come are cancelled in the same transaction, each
    /// with the candidate's calendar update, so nobody keeps a booking for a
    /// job that is over. `upcoming` names them as the interviews read model
    /// lists them; each is checked against its own stream, so a stale list
    /// cancels nothing it should not (one booked in the moment before the
    /// decision may be missed, and stays the employer's to cancel). Returns
    /// the effects and how many interviews were cancelled.
    pub(crate) async fn cancel_interviews_of_ended(
        &self,
        loaded: &Loaded<Application>,
        events: &[ApplicationEvent],
        upcoming: &[Uuid],
        mut effects: Effects,
    ) -> Result<(Effects, usize), CommandError> {
        let after = events
            .iter()
            .fold(loaded.state.clone(), domain::application::evolve);
        let (Some(before), Some(after)) = (loaded.state.as_ref(), after.as_ref()) else {
            return Ok((effects, 0));
        };
        let Some(ended) = ApplicationEnded::by(before, after) else {
            return Ok((effects, 0));
        };
        let now = self.clock.now();
        let mut cancelled = 0;
        for &id in upcoming {
            let loaded = self.load::<Interview>(id).await?;
            let events =
                interview::cancel_with_application(loaded.state.as_ref(), after.id, ended, now);
            if events.is_empty() {
                continue;
            }
            let done = fold_onto(&loaded, &events);
            let sequence = (loaded.version + events.len() as i64) as u32;
            if let Some(mail) = self
                .invitation(&done, sequence, Some(ended.reason().to_owned()))
                .await?
            {
                effects = effects.mail(mail);
            }
            effects = effects.also(id, &loaded, events);
            cancelled += 1;
        }
        Ok((effects, cancelled))
    }

    /// An erased candidate can no longer be invited: refuses with a text the
    /// employer can act on.
    async fn not_erased(&self, candidate_id: Uuid) -> Result<(), CommandError> {
        if self.is_erased(candidate_id).await? {
            return Err(DomainError::invalid(CANDIDATE_ERASED).into());
        }
        Ok(())
    }

    /// The candidate's mail: what changed, in Sydney time, with the `.ics`;
    /// none for an erased candidate (a cancellation still goes through).
    async fn invitation(
        &self,
        interview: &Interview,
        sequence: u32,
        cancel_reason: Option<String>,
    ) -> Result<Option<OutgoingMail>, CommandError> {
        if self.is_erased(interview.candidate_id).await? {
            return Ok(None);
        }
        let candidate = self
            .load::<Account>(interview.candidate_id)
            .await?
            .state
            .ok_or(DomainError::NotFound("Candidate"))?;
        let company = self
            .load::<Application>(interview.application_id)
            .await?
            .state
            .map(|a| a.job_id);
        let company = match company {
            Some(job_id) => self
                .load::<Job>(job_id)
                .await?
                .state
                .map(|j| j.company)
                .unwrap_or_default(),
            None => String::new(),
        };
        let first_name = candidate.name.split_whitespace().next().unwrap_or("there");
        let slot = &interview.slot;
        let place = match (&slot.location, &slot.video_link) {
            (Some(l), Some(v)) => format!("{l}, or online: {v}"),
            (Some(l), None) => l.clone(),
            (None, Some(v)) => format!("Online: {v}"),
            (None, None) => String::new(),
        };
        let with = if slot.interviewers.is_empty() {
            String::new()
        } else {
            format!("\nWith: {}", slot.interviewers.join(", "))
        };
        let (subject, body) = if interview.cancelled {
            (
                format!("Interview cancelled: {} at {company}", interview.job_title),
                format!(
                    "Hi {first_name},\n\nYour interview for {} at {company} on {} has been cancelled.{}\n\n\
                     The attached calendar update removes it from your calendar.\n\n\
                     Harbour IT Recruitment, Sydney\n",
                    interview.job_title,
                    slot.sydney_time(),
                    cancel_reason
                        .map(|r| format!("\n\nThe reason given: {r}"))
                        .unwrap_or_default()
                ),
            )
        } else {
            let verb = if sequence > 1 {
                "has moved"
            } else {
                "is booked"
            };
            (
                format!(
                    "Interview: {} at {company}, {}",
                    interview.job_title,
                    slot.sydney_time()
                ),
                format!(
                    "Hi {first_name},\n\nYour interview for {} at {company} {verb}:\n\n\
                     When: {} ({} minutes)\nWhere: {place}{with}\n\n\
                     Add it to your calendar with the attached invitation. You can also see it under \
                     My Applications: {}/candidate/dashboard/applications\n\n\
                     Harbour IT Recruitment, Sydney\n",
                    interview.job_title,
                    slot.sydney_time(),
                    slot.duration_minutes,
                    self.links.public.trim_end_matches('/'),
                ),
            )
        };
        Ok(Some(OutgoingMail {
            recipient: candidate.email,
            subject,
            body,
            calendar: Some(calendar_file(
                interview,
                &company,
                sequence,
                self.clock.now(),
            )),
            list_unsubscribe: None,
        }))
    }
}

fn fold_onto(loaded: &Loaded<Interview>, events: &[InterviewEvent]) -> Interview {
    events
        .iter()
        .fold(loaded.state.clone(), interview::evolve)
        .expect("a decision on an interview leaves one")
}

/// The invitation as an iCalendar file: times in UTC (`Z`), so every calendar
/// shows them in its own zone; METHOD:CANCEL for a cancelled interview.
pub fn calendar_file(
    interview: &Interview,
    company: &str,
    sequence: u32,
    now: DateTime<Utc>,
) -> String {
    let slot = &interview.slot;
    let mut event = Event::new();
    event
        .uid(&format!(
            "interview-{}@harbour-it-recruitment",
            interview.id
        ))
        .sequence(sequence)
        .timestamp(now)
        .starts(slot.starts_at)
        .ends(slot.ends_at())
        .summary(&one_line(&format!(
            "Interview: {} at {company}",
            interview.job_title
        )))
        .status(if interview.cancelled {
            EventStatus::Cancelled
        } else {
            EventStatus::Confirmed
        });
    if let Some(location) = slot.location.as_deref().or(slot.video_link.as_deref()) {
        event.location(&one_line(location));
    }
    if let Some(link) = &slot.video_link {
        event.url(&one_line(link));
    }
    let mut description = format!(
        "{} ({} minutes).",
        slot.sydney_time(),
        slot.duration_minutes
    );
    if !slot.interviewers.is_empty() {
        description.push_str(&format!(" With {}.", slot.interviewers.join(", ")));
    }
    event.description(&one_line(&description));
    let mut calendar = Calendar::new();
    calendar
        .append_property((
            "METHOD",
            if interview.cancelled {
                "CANCEL"
            } else {
                "REQUEST"
            },
        ))
        .push(event.done());
    calendar.done().to_string()
}

/// A value for one calendar property, on one line. `icalendar` escapes a line
/// feed in text but writes a carriage return (and a URL) as it is, which
/// would end the property early and start another; so every control
/// character becomes a space. The domain refuses them in what people type;
/// this is the second line of defence, for anything stored before it did.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::interview::Slot;

    use super::*;

    fn interview(cancelled: bool) -> Interview {
        Interview {
            id: Uuid::from_u128(7),
            application_id: Uuid::from_u128(9),
            candidate_id: Uuid::from_u128(3),
            employer_id: Uuid::from_u128(2),
            job_title: "Rust Engineer".into(),
            slot: Slot {
                starts_at: Utc.with_ymd_and_hms(2026, 11, 24, 23, 0, 0).unwrap(),
                duration_minutes: 45,
                location: None,
                video_link: Some("https://meet.example.com/abc".into()),
                interviewers: vec!["Priya Shah".into()],
            },
            cancelled,
        }
    }

    fn lines(ics: &str) -> Vec<&str> {
        ics.lines().collect()
    }

    #[test]
    fn an_invitation_is_an_rfc_5545_request_in_utc_with_its_sequence() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap();
        let ics = calendar_file(&interview(false), "Acme", 1, now);
        let l = lines(&ics);
        for want in [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "METHOD:REQUEST",
            "BEGIN:VEVENT",
            "UID:interview-00000000-0000-0000-0000-000000000007@harbour-it-recruitment",
            "SEQUENCE:1",
            "DTSTART:20261124T230000Z",
            "DTEND:20261124T234500Z",
            "STATUS:CONFIRMED",
            "SUMMARY:Interview: Rust Engineer at Acme",
            "URL:https://meet.example.com/abc",
            "END:VCALENDAR",
        ] {
            assert!(l.contains(&want), "{want} missing from\n{ics}");
        }
        assert!(
            ics.contains("Wednesday 25 November 2026\\, 10:00 am (Sydney time)"),
            "{ics}"
        );
        assert!(ics.contains("\r\n"), "RFC 5545 lines end in CRLF");
    }

    #[test]
    fn a_cancellation_keeps_the_uid_and_raises_the_sequence() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap();
        let ics = calendar_file(&interview(true), "Acme", 3, now);
        let l = lines(&ics);
        for want in ["METHOD:CANCEL", "STATUS:CANCELLED", "SEQUENCE:3"] {
            assert!(l.contains(&want), "{want} missing from\n{ics}");
        }
        assert!(ics.contains("UID:interview-00000000-0000-0000-0000-000000000007@"));
    }

    #[test]
    fn no_text_in_an_invitation_can_start_a_line_of_its_own() {
        let mut interview = interview(false);
        interview.job_title = "Rust Engineer\rATTENDEE:mailto:title@evil.example".into();
        interview.slot.location = Some("Room 4\r\nATTENDEE:mailto:room@evil.example".into());
        interview.slot.video_link =
            Some("https://meet.example.com/a\r\nORGANIZER:mailto:x@evil.example".into());
        interview.slot.interviewers = vec!["Priya\u{0}Shah\r\nBEGIN:VALARM".into()];
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap();
        let ics = calendar_file(&interview, "Acme\r", 1, now);
        // Every line ends in CR LF, and no CR or LF stands anywhere else.
        let body = ics.strip_suffix("\r\n").unwrap_or(&ics);
        for line in body.split("\r\n") {
            assert!(
                !line.contains(['\r', '\n', '\u{0}']),
                "a control inside {line:?} of\n{ics}"
            );
        }
        // Unfolded (a line that starts with a space continues the one
        // before), no property came from the text.
        let unfolded = body.replace("\r\n ", "");
        for line in unfolded.split("\r\n") {
            assert!(
                !["ATTENDEE", "ORGANIZER", "BEGIN:VALARM"]
                    .iter()
                    .any(|p| line.starts_with(p)),
                "{line:?} was injected into\n{ics}"
            );
        }
        assert!(
            unfolded.contains("LOCATION:Room 4  ATTENDEE:mailto:room@evil.example"),
            "{ics}"
        );
    }
}
