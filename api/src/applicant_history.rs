//! The applicant page's history as sentences a hiring team reads ("Moved to
//! Interview by Mei Chen", "Scorecard added by Mei Chen: Strong yes",
//! "Interview booked for Tue 1 Dec 2026, 10:00 am by Mei Chen"): the
//! application's, its assessment's and its interviews' events, oldest first.
//! Made on the server, where the names are known; never an id, and a person
//! whose data is gone is "an erased person" (as in `event_summary`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use chrono_tz::Australia::Sydney;
use domain::AnyEvent;
use domain::application::ApplicationEvent;
use domain::assessment::{AssessmentEvent, Recommendation};
use domain::interview::InterviewEvent;
use domain::pipeline::Stage;
use event_store::{Actor, RecordedEvent};
use serde::Serialize;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;
use crate::event_summary::{Person, readable};

/// One line of the applicant's history.
#[derive(Debug, Serialize, utoipa::ToSchema, PartialEq)]
pub struct HistoryEntry {
    /// When it happened (the page shows it relative, the exact time on hover).
    pub at: DateTime<Utc>,
    /// `submitted`, `moved`, `status_changed`, `withdrawn`, `note_added`,
    /// `scorecard_added`, `interview_booked`, `interview_moved` or
    /// `interview_cancelled`.
    pub kind: &'static str,
    /// The sentence: "Moved to Interview by Mei Chen".
    pub summary: String,
    /// What the team told the candidate with a move, or the candidate's (or
    /// the team's) reason for a withdrawal or a cancelled interview.
    pub detail: Option<String>,
}

/// One event of the applicant's streams, decoded.
pub struct Happened {
    pub position: i64,
    pub stream_id: String,
    pub event: AnyEvent,
    pub actor_id: Option<Uuid>,
    pub actor_role: Option<Actor>,
}

impl Happened {
    /// `None` for an event this build does not know.
    pub fn of(recorded: &RecordedEvent) -> anyhow::Result<Option<Self>> {
        Ok(
            AnyEvent::decode(&recorded.event_type, recorded.payload.clone())?.map(|event| Self {
                position: recorded.position,
                stream_id: recorded.stream_id.clone(),
                event,
                actor_id: recorded.metadata.actor_id,
                actor_role: recorded.metadata.actor_role,
            }),
        )
    }

    /// The person the event itself names as its author, where it has one.
    fn author(&self) -> Option<Uuid> {
        match &self.event {
            AnyEvent::Application(ApplicationEvent::ApplicationSubmitted(s)) => {
                Some(s.candidate_id)
            }
            AnyEvent::Application(ApplicationEvent::ApplicationMoved { moved_by, .. }) => {
                Some(*moved_by)
            }
            AnyEvent::Application(ApplicationEvent::ApplicationStatusChanged {
                changed_by,
                ..
            }) => Some(*changed_by),
            AnyEvent::Assessment(
                AssessmentEvent::NoteAdded { author_id, .. }
                | AssessmentEvent::ScorecardSubmitted { author_id, .. },
            ) => Some(*author_id),
            _ => None,
        }
    }

    /// Everyone whose name the sentence may need.
    pub fn people(&self) -> impl Iterator<Item = Uuid> {
        self.author().into_iter().chain(self.actor_id)
    }
}

/// "Tue 1 Dec 2026, 10:00 am", Sydney time (as the interview form takes it).
fn sydney(at: DateTime<Utc>) -> String {
    at.with_timezone(&Sydney)
        .format("%a %-d %b %Y, %-I:%M %P")
        .to_string()
}

fn recommendation_words(r: Recommendation) -> &'static str {
    match r {
        Recommendation::StrongYes => "Strong yes",
        Recommendation::Yes => "Yes",
        Recommendation::No => "No",
        Recommendation::StrongNo => "Strong no",
    }
}

/// Who did it: the event's own author, else the account its metadata names,
/// else what kind of actor it was.
fn who(happened: &Happened, people: &HashMap<Uuid, Person>) -> String {
    match happened.author().or(happened.actor_id) {
        Some(id) => people
            .get(&id)
            .map_or_else(|| "someone".to_owned(), |p| readable(&p.name, "someone")),
        None => match happened.actor_role {
            Some(Actor::Candidate) => "the applicant",
            Some(Actor::Employer) => "your team",
            Some(Actor::Admin) => "the agency",
            Some(Actor::Seed) => "the demo data",
            _ => "the system",
        }
        .to_owned(),
    }
}

/// The history of one application, oldest first: `events` from its own
/// stream, its assessment's and its interviews', in any order.
pub fn history(mut events: Vec<Happened>, people: &HashMap<Uuid, Person>) -> Vec<HistoryEntry> {
    events.sort_by_key(|h| h.position);
    // An interview's slot as it stood, so a cancellation can say which one.
    let mut slots: HashMap<&str, DateTime<Utc>> = HashMap::new();
    let mut entries = Vec::with_capacity(events.len());
    for h in &events {
        let by = who(h, people);
        // Feedback and reasons are the candidate's personal data: once erased
        // there is nothing to show, never the placeholder.
        let entry = |at, kind, summary: String, detail: Option<&String>| HistoryEntry {
            at,
            kind,
            summary,
            detail: detail.filter(|d| *d != domain::event::ERASED).cloned(),
        };
        let line = match &h.event {
            AnyEvent::Application(e) => match e {
                ApplicationEvent::ApplicationSubmitted(s) => entry(
                    s.submitted_at,
                    "submitted",
                    format!("Applied for {}", readable(&s.job_title, "the job")),
                    None,
                ),
                ApplicationEvent::ApplicationMoved {
                    stage,
                    previous,
                    feedback,
                    moved_at,
                    emailed,
                    reason,
                    ..
                } => {
                    let why = reason
                        .map(|r| format!(" ({})", r.label()))
                        .unwrap_or_default();
                    // Whether the candidate was emailed is said either way:
                    // "why did they hear nothing?" is asked of this page.
                    let summary = match (stage, previous) {
                        (Stage::Rejected, Stage::Rejected) => {
                            format!("Rejection updated by {by}{why}")
                        }
                        (Stage::Rejected, _) if *emailed => {
                            format!("Rejected by {by}{why}, and emailed")
                        }
                        (Stage::Rejected, _) => format!("Rejected by {by}{why}, not emailed"),
                        (stage, _) => format!("Moved to {} by {by}", stage.label()),
                    };
                    entry(*moved_at, "moved", summary, feedback.as_ref())
                }
                ApplicationEvent::ApplicationStatusChanged {
                    status,
                    feedback,
                    changed_at,
                    ..
                } => entry(
                    *changed_at,
                    "status_changed",
                    format!("Marked {} by {by}", status.label()),
                    feedback.as_ref(),
                ),
                ApplicationEvent::ApplicationWithdrawn {
                    reason,
                    withdrawn_at,
                    ..
                } => entry(
                    *withdrawn_at,
                    "withdrawn",
                    "Withdrawn by the applicant".to_owned(),
                    reason.as_ref(),
                ),
            },
            AnyEvent::Assessment(e) => match e {
                AssessmentEvent::NoteAdded { added_at, .. } => {
                    entry(*added_at, "note_added", format!("Note added by {by}"), None)
                }
                AssessmentEvent::ScorecardSubmitted {
                    recommendation,
                    submitted_at,
                    ..
                } => entry(
                    *submitted_at,
                    "scorecard_added",
                    format!(
                        "Scorecard added by {by}: {}",
                        recommendation_words(*recommendation)
                    ),
                    None,
                ),
            },
            AnyEvent::Interview(e) => match e {
                InterviewEvent::InterviewScheduled {
                    slot, scheduled_at, ..
                } => {
                    slots.insert(&h.stream_id, slot.starts_at);
                    entry(
                        *scheduled_at,
                        "interview_booked",
                        format!("Interview booked for {} by {by}", sydney(slot.starts_at)),
                        None,
                    )
                }
                InterviewEvent::InterviewRescheduled {
                    slot,
                    rescheduled_at,
                } => {
                    slots.insert(&h.stream_id, slot.starts_at);
                    entry(
                        *rescheduled_at,
                        "interview_moved",
                        format!("Interview moved to {} by {by}", sydney(slot.starts_at)),
                        None,
                    )
                }
                InterviewEvent::InterviewCancelled {
                    reason,
                    cancelled_at,
                } => {
                    let summary = match slots.get(h.stream_id.as_str()) {
                        Some(at) => format!("Interview on {} cancelled by {by}", sydney(*at)),
                        None => format!("Interview cancelled by {by}"),
                    };
                    entry(
                        *cancelled_at,
                        "interview_cancelled",
                        summary,
                        reason.as_ref(),
                    )
                }
            },
            // Nothing else is written to an applicant's streams.
            _ => continue,
        };
        entries.push(line);
    }
    // In the order it happened (a seeded or imported event may be stored
    // later than it happened); the log's order breaks ties.
    entries.sort_by_key(|e| e.at);
    entries
}

/// The history of `application_id` with the interviews `interviews`: its
/// streams read from the log, and the names of everyone in them.
pub async fn read(
    state: &AppState,
    application_id: Uuid,
    interviews: &[Uuid],
) -> Result<Vec<HistoryEntry>, ApiError> {
    let streams = [
        domain::application::stream_id(application_id),
        domain::assessment::stream_id(application_id),
    ]
    .into_iter()
    .chain(interviews.iter().map(|i| domain::interview::stream_id(*i)));
    let mut events = Vec::new();
    for stream in streams {
        for recorded in state.commands.store.read_stream(&stream).await? {
            events.extend(Happened::of(&recorded)?);
        }
    }
    let mut ids: Vec<Uuid> = events.iter().flat_map(Happened::people).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = projections::read_models::accounts::people(&state.pool, &ids)
        .await?
        .into_iter()
        .map(|(id, name, company)| (id, Person { name, company }))
        .collect();
    Ok(history(events, &people))
}

#[cfg(test)]
#[path = "applicant_history_tests.rs"]
mod tests;
