//! Interviews an employer schedules with an applicant: when (stored in UTC,
//! entered and shown in Australia/Sydney time), for how long, where (a place
//! or a video link) and with whom. Rescheduling and cancelling are events on
//! the same stream, whose version is the invitation's SEQUENCE in the
//! calendar file the candidate receives. Stream: `interview-{id}`.

use chrono::{DateTime, Datelike, Duration, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Australia::Sydney;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::application::Application;
use crate::pipeline::Stage;
use crate::validation::{
    MAX_NAME_LEN, MAX_SHORT_TEXT_LEN, optional_multiline_text, optional_text, required_text,
};
use crate::{DomainError, DomainEvent};

pub const MIN_MINUTES: u16 = 15;
pub const MAX_MINUTES: u16 = 480;
pub const MAX_INTERVIEWERS: usize = 10;
pub const MAX_LINK_LEN: usize = 500;

pub fn stream_id(interview_id: Uuid) -> String {
    format!("interview-{interview_id}")
}

/// When, how long, where and with whom: what scheduling and rescheduling set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slot {
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: u16,
    /// A street address or room.
    pub location: Option<String>,
    /// An https link to the video call.
    pub video_link: Option<String>,
    pub interviewers: Vec<String>,
}

impl Slot {
    pub fn ends_at(&self) -> DateTime<Utc> {
        self.starts_at + Duration::minutes(i64::from(self.duration_minutes))
    }

    /// "Tuesday 25 November 2026, 10:00 am (Sydney time)".
    pub fn sydney_time(&self) -> String {
        self.starts_at
            .with_timezone(&Sydney)
            .format("%A %-d %B %Y, %-I:%M %P (Sydney time)")
            .to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum InterviewEvent {
    InterviewScheduled {
        interview_id: Uuid,
        application_id: Uuid,
        candidate_id: Uuid,
        employer_id: Uuid,
        job_id: Uuid,
        job_title: String,
        #[serde(flatten)]
        slot: Slot,
        scheduled_at: DateTime<Utc>,
    },
    InterviewRescheduled {
        #[serde(flatten)]
        slot: Slot,
        rescheduled_at: DateTime<Utc>,
    },
    InterviewCancelled {
        reason: Option<String>,
        cancelled_at: DateTime<Utc>,
    },
}

impl DomainEvent for InterviewEvent {
    const TYPES: &'static [&'static str] = &[
        "InterviewScheduled",
        "InterviewRescheduled",
        "InterviewCancelled",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::InterviewScheduled { .. } => "InterviewScheduled",
            Self::InterviewRescheduled { .. } => "InterviewRescheduled",
            Self::InterviewCancelled { .. } => "InterviewCancelled",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Interview {
    pub id: Uuid,
    pub application_id: Uuid,
    pub candidate_id: Uuid,
    pub employer_id: Uuid,
    pub job_title: String,
    pub slot: Slot,
    pub cancelled: bool,
}

pub fn evolve(state: Option<Interview>, event: &InterviewEvent) -> Option<Interview> {
    match (state, event) {
        (
            _,
            InterviewEvent::InterviewScheduled {
                interview_id,
                application_id,
                candidate_id,
                employer_id,
                job_title,
                slot,
                ..
            },
        ) => Some(Interview {
            id: *interview_id,
            application_id: *application_id,
            candidate_id: *candidate_id,
            employer_id: *employer_id,
            job_title: job_title.clone(),
            slot: slot.clone(),
            cancelled: false,
        }),
        (Some(i), InterviewEvent::InterviewRescheduled { slot, .. }) => Some(Interview {
            slot: slot.clone(),
            ..i
        }),
        (Some(i), InterviewEvent::InterviewCancelled { .. }) => Some(Interview {
            cancelled: true,
            ..i
        }),
        (None, _) => None,
    }
}

/// How a slot's start is typed: a Sydney wall-clock time to the minute.
const LOCAL_FORMAT: &str = "%Y-%m-%dT%H:%M";

/// A slot as the employer typed it: a Sydney wall-clock time.
#[derive(Debug, Clone, Default)]
pub struct SlotInput<'a> {
    /// `YYYY-MM-DDTHH:MM` in Australia/Sydney.
    pub starts_at_local: &'a str,
    pub duration_minutes: u16,
    pub location: Option<&'a str>,
    pub video_link: Option<&'a str>,
    pub interviewers: &'a [String],
}

/// A slot as the employer's form sends it, owned (Sydney wall-clock time).
#[derive(Debug, Clone, Default)]
pub struct SlotForm {
    /// `YYYY-MM-DDTHH:MM`, Australia/Sydney.
    pub starts_at_local: String,
    pub duration_minutes: u16,
    pub location: Option<String>,
    pub video_link: Option<String>,
    pub interviewers: Vec<String>,
}

impl SlotForm {
    pub fn parse(&self, now: DateTime<Utc>) -> Result<Slot, DomainError> {
        Slot::parse(
            SlotInput {
                starts_at_local: &self.starts_at_local,
                duration_minutes: self.duration_minutes,
                location: self.location.as_deref(),
                video_link: self.video_link.as_deref(),
                interviewers: &self.interviewers,
            },
            now,
        )
    }
}

impl Slot {
    pub fn parse(input: SlotInput<'_>, now: DateTime<Utc>) -> Result<Self, DomainError> {
        let typed = input.starts_at_local.trim();
        let local = NaiveDateTime::parse_from_str(typed, LOCAL_FORMAT)
            .ok()
            // Exactly the form's shape, with a four-digit year: chrono also
            // takes signed and longer years, which no calendar file (RFC 5545)
            // can carry.
            .filter(|local| local.year() <= 9999 && local.format(LOCAL_FORMAT).to_string() == typed)
            .ok_or_else(|| {
                DomainError::invalid("Please choose a date and time for the interview")
            })?;
        // A time that does not exist in Sydney (the hour skipped when daylight
        // saving starts) is refused; one that happens twice takes the first.
        let starts_at = Sydney
            .from_local_datetime(&local)
            .earliest()
            .ok_or_else(|| {
                DomainError::invalid("That time does not exist in Sydney (daylight saving starts)")
            })?
            .with_timezone(&Utc);
        if starts_at <= now {
            return Err(DomainError::invalid("The interview must be in the future"));
        }
        if !(MIN_MINUTES..=MAX_MINUTES).contains(&input.duration_minutes) {
            return Err(DomainError::invalid(format!(
                "An interview lasts from {MIN_MINUTES} to {MAX_MINUTES} minutes"
            )));
        }
        let location = optional_text(input.location, "Location", MAX_SHORT_TEXT_LEN)?;
        let video_link = optional_text(input.video_link, "Video link", MAX_LINK_LEN)?;
        if location.is_none() && video_link.is_none() {
            return Err(DomainError::invalid(
                "Give a place or a video link for the interview",
            ));
        }
        if let Some(link) = &video_link
            && !(link.starts_with("https://")
                && link.len() > "https://".len()
                && !link.contains(char::is_whitespace))
        {
            return Err(DomainError::invalid(
                "The video link must start with https://",
            ));
        }
        if input.interviewers.len() > MAX_INTERVIEWERS {
            return Err(DomainError::invalid(format!(
                "List at most {MAX_INTERVIEWERS} interviewers"
            )));
        }
        let interviewers = input
            .interviewers
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| required_text(n, "Interviewer", MAX_NAME_LEN))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            starts_at,
            duration_minutes: input.duration_minutes,
            location,
            video_link,
            interviewers,
        })
    }
}

pub fn schedule(
    application: Option<&Application>,
    employer_id: Uuid,
    interview_id: Uuid,
    slot: Slot,
    now: DateTime<Utc>,
) -> Result<Vec<InterviewEvent>, DomainError> {
    let app = application
        .filter(|a| a.employer_id == employer_id)
        .ok_or(DomainError::NotFound("Application"))?;
    if app.withdrawn || matches!(app.stage, Stage::Rejected | Stage::Hired) {
        return Err(DomainError::invalid(
            "Interviews can only be scheduled for applicants still in the running",
        ));
    }
    Ok(vec![InterviewEvent::InterviewScheduled {
        interview_id,
        application_id: app.id,
        candidate_id: app.candidate_id,
        employer_id,
        job_id: app.job_id,
        job_title: app.job_title.clone(),
        slot,
        scheduled_at: now,
    }])
}

fn open(state: Option<&Interview>, employer_id: Uuid) -> Result<&Interview, DomainError> {
    let interview = state
        .filter(|i| i.employer_id == employer_id)
        .ok_or(DomainError::NotFound("Interview"))?;
    if interview.cancelled {
        return Err(DomainError::invalid("This interview was cancelled"));
    }
    Ok(interview)
}

/// The same slot again changes nothing (and sends nobody a new invitation).
pub fn reschedule(
    state: Option<&Interview>,
    employer_id: Uuid,
    slot: Slot,
    now: DateTime<Utc>,
) -> Result<Vec<InterviewEvent>, DomainError> {
    let interview = open(state, employer_id)?;
    if interview.slot == slot {
        return Ok(vec![]);
    }
    Ok(vec![InterviewEvent::InterviewRescheduled {
        slot,
        rescheduled_at: now,
    }])
}

pub fn cancel(
    state: Option<&Interview>,
    employer_id: Uuid,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Vec<InterviewEvent>, DomainError> {
    open(state, employer_id)?;
    Ok(vec![InterviewEvent::InterviewCancelled {
        reason: optional_multiline_text(reason, "Reason", 2000)?,
        cancelled_at: now,
    }])
}

/// How an application ended, taking its interviews still to come with it: a
/// candidate out of the running is not left with a booking in their
/// calendar. A hire ends nothing here (its other interviews are the
/// employer's to keep or cancel).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApplicationEnded {
    Rejected,
    Withdrawn,
}

impl ApplicationEnded {
    /// Whether a decision that took the application from `before` to `after`
    /// ended it.
    pub fn by(before: &Application, after: &Application) -> Option<Self> {
        if after.withdrawn && !before.withdrawn {
            Some(Self::Withdrawn)
        } else if after.stage == Stage::Rejected && before.stage != Stage::Rejected {
            Some(Self::Rejected)
        } else {
            None
        }
    }

    /// The reason the cancellation records: both sides read it (the
    /// candidate's mail, the employer's list), so it names neither.
    pub fn reason(self) -> &'static str {
        match self {
            Self::Rejected => "The application is not going ahead.",
            Self::Withdrawn => "The application was withdrawn.",
        }
    }

    /// Which ending a cancellation's reason records, if it was one: a
    /// sentence about it (the audit, the candidate's notice) can then say
    /// the decision did it, not a person.
    pub fn of_reason(reason: Option<&str>) -> Option<Self> {
        [Self::Rejected, Self::Withdrawn]
            .into_iter()
            .find(|e| reason == Some(e.reason()))
    }
}

/// Cancels an interview still to come because its application ended. Nothing
/// for an interview of another application, one already cancelled, or one
/// that has started.
pub fn cancel_with_application(
    state: Option<&Interview>,
    application_id: Uuid,
    ended: ApplicationEnded,
    now: DateTime<Utc>,
) -> Vec<InterviewEvent> {
    match state {
        Some(i) if i.application_id == application_id && !i.cancelled && i.slot.starts_at > now => {
            vec![InterviewEvent::InterviewCancelled {
                reason: Some(ended.reason().to_owned()),
                cancelled_at: now,
            }]
        }
        _ => vec![],
    }
}

/// Why an erased candidate's interview still to come was cancelled.
pub const CANDIDATE_ERASED: &str = "The candidate's personal data was erased.";

/// Cancels an interview still to come of a candidate whose personal data is
/// being erased: they will not be there, and the employer's list should not
/// say they will. Nothing for another candidate's interview, one already
/// cancelled, or one that has started.
pub fn cancel_for_erased_candidate(
    state: Option<&Interview>,
    candidate_id: Uuid,
    now: DateTime<Utc>,
) -> Vec<InterviewEvent> {
    match state {
        Some(i) if i.candidate_id == candidate_id && !i.cancelled && i.slot.starts_at > now => {
            vec![InterviewEvent::InterviewCancelled {
                reason: Some(CANDIDATE_ERASED.to_owned()),
                cancelled_at: now,
            }]
        }
        _ => vec![],
    }
}

crate::aggregate::entity_aggregate!(Interview, InterviewEvent, |_, _state| None);

#[cfg(test)]
mod tests;
