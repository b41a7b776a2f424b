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
mod tests {
    use super::*;
    use crate::testing::{application, given};

    const EMPLOYER: Uuid = Uuid::from_u128(2);

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0).unwrap()
    }

    fn input(local: &str) -> SlotInput<'_> {
        SlotInput {
            starts_at_local: local,
            duration_minutes: 45,
            location: Some("Level 12, 1 Market St, Sydney"),
            video_link: None,
            interviewers: &[],
        }
    }

    /// Schedules `slot` on an application at `stage`, as `employer` (the
    /// application's own is [`EMPLOYER`]).
    fn schedule_at(
        stage: Stage,
        employer: Uuid,
        slot: Slot,
    ) -> Result<Vec<InterviewEvent>, DomainError> {
        schedule(
            Some(&application(stage)),
            employer,
            Uuid::nil(),
            slot,
            now(),
        )
    }

    #[test]
    fn a_sydney_wall_clock_time_is_stored_in_utc_across_daylight_saving() {
        // 25 November: AEDT, UTC+11.
        let summer = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
        assert_eq!(
            summer.starts_at,
            Utc.with_ymd_and_hms(2026, 11, 24, 23, 0, 0).unwrap()
        );
        assert_eq!(
            summer.sydney_time(),
            "Wednesday 25 November 2026, 10:00 am (Sydney time)"
        );
        // 2 June 2027: AEST, UTC+10.
        let winter = Slot::parse(input("2027-06-02T14:30"), now()).unwrap();
        assert_eq!(
            winter.starts_at,
            Utc.with_ymd_and_hms(2027, 6, 2, 4, 30, 0).unwrap()
        );
        assert_eq!(
            winter.ends_at(),
            Utc.with_ymd_and_hms(2027, 6, 2, 5, 15, 0).unwrap()
        );
    }

    #[test]
    fn refuses_a_time_skipped_by_daylight_saving_a_past_time_and_a_missing_place() {
        // Clocks go from 2:00 to 3:00 am on 4 October 2026.
        assert_eq!(
            Slot::parse(
                input("2026-10-04T02:30"),
                Utc.with_ymd_and_hms(2026, 9, 1, 0, 0, 0).unwrap()
            ),
            Err(DomainError::invalid(
                "That time does not exist in Sydney (daylight saving starts)"
            ))
        );
        assert_eq!(
            Slot::parse(input("2026-11-01T10:00"), now()),
            Err(DomainError::invalid("The interview must be in the future"))
        );
        let nowhere = SlotInput {
            location: None,
            ..input("2026-11-25T10:00")
        };
        assert_eq!(
            Slot::parse(nowhere, now()),
            Err(DomainError::invalid(
                "Give a place or a video link for the interview"
            ))
        );
        let insecure = SlotInput {
            video_link: Some("http://meet.example.com/x"),
            ..input("2026-11-25T10:00")
        };
        assert_eq!(
            Slot::parse(insecure, now()),
            Err(DomainError::invalid(
                "The video link must start with https://"
            ))
        );
    }

    #[test]
    fn schedules_for_an_applicant_still_in_the_running_only() {
        let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
        let events = schedule_at(Stage::Interview, EMPLOYER, slot.clone()).unwrap();
        assert!(
            matches!(&events[0], InterviewEvent::InterviewScheduled { candidate_id, .. } if *candidate_id == Uuid::from_u128(3))
        );
        assert!(schedule_at(Stage::Rejected, EMPLOYER, slot.clone()).is_err());
        let withdrawn = Application {
            withdrawn: true,
            ..application(Stage::Interview)
        };
        assert!(schedule(Some(&withdrawn), EMPLOYER, Uuid::nil(), slot.clone(), now()).is_err());
        assert_eq!(
            schedule_at(Stage::Interview, Uuid::from_u128(77), slot),
            Err(DomainError::NotFound("Application"))
        );
    }

    #[test]
    fn an_application_that_ends_cancels_its_interviews_still_to_come_only() {
        let app = application(Stage::Interview);
        let rejected = Application {
            stage: Stage::Rejected,
            ..app.clone()
        };
        let withdrawn = Application {
            withdrawn: true,
            ..app.clone()
        };
        let hired = Application {
            stage: Stage::Hired,
            ..app.clone()
        };
        assert_eq!(
            ApplicationEnded::by(&app, &rejected),
            Some(ApplicationEnded::Rejected)
        );
        assert_eq!(
            ApplicationEnded::by(&app, &withdrawn),
            Some(ApplicationEnded::Withdrawn)
        );
        assert_eq!(ApplicationEnded::by(&app, &hired), None);
        assert_eq!(ApplicationEnded::by(&rejected, &rejected), None);
        for ended in [ApplicationEnded::Rejected, ApplicationEnded::Withdrawn] {
            assert_eq!(
                ApplicationEnded::of_reason(Some(ended.reason())),
                Some(ended)
            );
        }
        assert_eq!(ApplicationEnded::of_reason(Some("Role filled")), None);
        assert_eq!(ApplicationEnded::of_reason(None), None);

        let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
        let scheduled = schedule_at(Stage::Interview, EMPLOYER, slot).unwrap();
        let booked = evolve(None, &scheduled[0]).unwrap();
        let ended = ApplicationEnded::Rejected;
        assert_eq!(
            cancel_with_application(Some(&booked), app.id, ended, now()),
            vec![InterviewEvent::InterviewCancelled {
                reason: Some("The application is not going ahead.".into()),
                cancelled_at: now(),
            }]
        );
        // Another application's, one that has started, one cancelled already.
        assert!(
            cancel_with_application(Some(&booked), Uuid::from_u128(99), ended, now()).is_empty()
        );
        let started = booked.slot.starts_at + Duration::minutes(1);
        assert!(cancel_with_application(Some(&booked), app.id, ended, started).is_empty());
        let cancelled = Interview {
            cancelled: true,
            ..booked.clone()
        };
        assert!(cancel_with_application(Some(&cancelled), app.id, ended, now()).is_empty());
        assert!(cancel_with_application(None, app.id, ended, now()).is_empty());

        // An erased candidate's: only theirs, still to come.
        assert_eq!(
            cancel_for_erased_candidate(Some(&booked), app.candidate_id, now()).len(),
            1
        );
        assert!(cancel_for_erased_candidate(Some(&booked), Uuid::from_u128(98), now()).is_empty());
        assert!(cancel_for_erased_candidate(Some(&cancelled), app.candidate_id, now()).is_empty());
        assert!(cancel_for_erased_candidate(Some(&booked), app.candidate_id, started).is_empty());
    }

    #[test]
    fn a_cancelled_interview_cannot_be_moved_and_the_same_slot_changes_nothing() {
        let slot = Slot::parse(input("2026-11-25T10:00"), now()).unwrap();
        let scheduled = schedule_at(Stage::Interview, EMPLOYER, slot.clone()).unwrap();
        given::<Interview>(scheduled.clone())
            .when(|s| reschedule(s.as_ref(), EMPLOYER, slot.clone(), now()))
            .then(vec![]);
        let mut history = scheduled;
        history.extend(
            cancel(
                Some(&evolve(None, &history[0]).unwrap()),
                EMPLOYER,
                Some("Role filled"),
                now(),
            )
            .unwrap(),
        );
        given::<Interview>(history)
            .when(|s| reschedule(s.as_ref(), EMPLOYER, slot.clone(), now()))
            .then_err(DomainError::invalid("This interview was cancelled"));
    }
}
