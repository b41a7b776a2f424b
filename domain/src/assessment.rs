//! An employer's private assessment of an application: notes and scorecards
//! (criteria rated 1 to 5, and a recommendation). Never shown to the
//! candidate, so it lives in its own stream rather than the application's:
//! nothing that reads the application (the candidate's list, their
//! notifications, an export of what they sent) can pick it up by accident.
//! Stream: `assessment-{application_id}`. The text is about the candidate, so
//! it is sealed with their key and erased with them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::application::{Application, ApplicationEvent};
use crate::pipeline::Stage;
use crate::validation::{
    MAX_SHORT_TEXT_LEN, optional_multiline_text, required_multiline_text, required_text,
};
use crate::{DomainError, DomainEvent};

pub const MAX_NOTE_LEN: usize = 5000;
pub const MAX_CRITERIA: usize = 12;
pub const MAX_COMMENT_LEN: usize = 2000;
/// What the team may write with a move; led by what the move did, the note
/// stays well inside [`MAX_NOTE_LEN`].
pub const MAX_TEAM_NOTE_LEN: usize = 2000;

pub fn stream_id(application_id: Uuid) -> String {
    format!("assessment-{application_id}")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Recommendation {
    StrongYes,
    Yes,
    No,
    StrongNo,
}

impl Recommendation {
    pub const ALL: [Self; 4] = [Self::StrongYes, Self::Yes, Self::No, Self::StrongNo];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::StrongYes => "strong_yes",
            Self::Yes => "yes",
            Self::No => "no",
            Self::StrongNo => "strong_no",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == raw.trim())
            .ok_or_else(|| {
                DomainError::invalid("Recommendation must be strong_yes, yes, no or strong_no")
            })
    }
}

parsed_by_parse!(Recommendation);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Rating {
    pub criterion: String,
    /// 1 (poor) to 5 (excellent).
    pub score: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AssessmentEvent {
    NoteAdded {
        note_id: Uuid,
        application_id: Uuid,
        candidate_id: Uuid,
        employer_id: Uuid,
        author_id: Uuid,
        body: String,
        added_at: DateTime<Utc>,
    },
    ScorecardSubmitted {
        scorecard_id: Uuid,
        application_id: Uuid,
        candidate_id: Uuid,
        employer_id: Uuid,
        author_id: Uuid,
        ratings: Vec<Rating>,
        recommendation: Recommendation,
        comment: Option<String>,
        submitted_at: DateTime<Utc>,
    },
}

impl DomainEvent for AssessmentEvent {
    const TYPES: &'static [&'static str] = &["NoteAdded", "ScorecardSubmitted"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::NoteAdded { .. } => "NoteAdded",
            Self::ScorecardSubmitted { .. } => "ScorecardSubmitted",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::NoteAdded { .. } => &["body"],
            Self::ScorecardSubmitted { .. } => &["comment"],
        }
    }
}

/// Whose application this assessment is of; `None` until the first entry.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Assessment {
    pub application_id: Uuid,
    pub candidate_id: Uuid,
    pub entries: usize,
}

pub fn evolve(state: Option<Assessment>, event: &AssessmentEvent) -> Option<Assessment> {
    let (AssessmentEvent::NoteAdded {
        application_id,
        candidate_id,
        ..
    }
    | AssessmentEvent::ScorecardSubmitted {
        application_id,
        candidate_id,
        ..
    }) = event;
    Some(Assessment {
        application_id: *application_id,
        candidate_id: *candidate_id,
        entries: state.map_or(0, |s| s.entries) + 1,
    })
}

/// The application being assessed, if the employer may assess it.
fn owned(
    application: Option<&Application>,
    employer_id: Uuid,
) -> Result<&Application, DomainError> {
    application
        .filter(|a| a.employer_id == employer_id)
        .ok_or(DomainError::NotFound("Application"))
}

pub fn add_note(
    application: Option<&Application>,
    employer_id: Uuid,
    note_id: Uuid,
    body: &str,
    now: DateTime<Utc>,
) -> Result<Vec<AssessmentEvent>, DomainError> {
    let app = owned(application, employer_id)?;
    Ok(vec![AssessmentEvent::NoteAdded {
        note_id,
        application_id: app.id,
        candidate_id: app.candidate_id,
        employer_id,
        author_id: employer_id,
        body: required_multiline_text(body, "Note", MAX_NOTE_LEN)?,
        added_at: now,
    }])
}

/// The note the team wrote with a move, checked: `None` for none.
pub fn team_note(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    optional_multiline_text(raw, "Note for your team", MAX_TEAM_NOTE_LEN)
}

/// The team's note with a move: who writes it, the new note's id, the text
/// as sent, whether the candidate's personal data was erased, and when.
pub struct TeamNote<'a> {
    pub employer_id: Uuid,
    pub note_id: Uuid,
    pub text: Option<&'a str>,
    pub candidate_erased: bool,
    pub now: DateTime<Utc>,
}

/// The team's note with a move (`moved`, what
/// [`move_to`](crate::pipeline::move_to) decided), saved as a private note on
/// the application in the same append: led by what the move did ("Rejected
/// (Salary expectations): …", "Moved to Interview: …"), so it reads on its
/// own among the applicant's notes. Nothing when the team wrote nothing or
/// the move changed nothing (a bulk rejection passing over someone already
/// rejected adds no note to them), nor about a candidate whose personal data
/// was erased: sealed with a key that is gone, it would read `[erased]`.
pub fn note_with_move(
    application: Option<&Application>,
    moved: &[ApplicationEvent],
    note: TeamNote<'_>,
) -> Result<Vec<AssessmentEvent>, DomainError> {
    let Some(written) = team_note(note.text)? else {
        return Ok(vec![]);
    };
    if note.candidate_erased {
        return Ok(vec![]);
    }
    let Some(lead) = moved.iter().find_map(|event| match event {
        ApplicationEvent::ApplicationMoved {
            stage: Stage::Rejected,
            reason,
            ..
        } => Some(match reason {
            Some(reason) => format!("Rejected ({})", reason.label()),
            None => "Rejected".to_owned(),
        }),
        // Feedback given where the applicant already is moves nothing.
        ApplicationEvent::ApplicationMoved {
            stage, previous, ..
        } if stage == previous => Some(format!("At {}", stage.label())),
        ApplicationEvent::ApplicationMoved { stage, .. } => {
            Some(format!("Moved to {}", stage.label()))
        }
        _ => None,
    }) else {
        return Ok(vec![]);
    };
    add_note(
        application,
        note.employer_id,
        note.note_id,
        &format!("{lead}: {written}"),
        note.now,
    )
}

/// A scorecard as the employer filled it in.
#[derive(Debug, Clone)]
pub struct ScorecardInput<'a> {
    pub ratings: &'a [(String, u8)],
    pub recommendation: Recommendation,
    pub comment: Option<&'a str>,
}

pub fn submit_scorecard(
    application: Option<&Application>,
    employer_id: Uuid,
    scorecard_id: Uuid,
    input: ScorecardInput<'_>,
    now: DateTime<Utc>,
) -> Result<Vec<AssessmentEvent>, DomainError> {
    let app = owned(application, employer_id)?;
    if input.ratings.is_empty() {
        return Err(DomainError::invalid("Rate at least one criterion"));
    }
    if input.ratings.len() > MAX_CRITERIA {
        return Err(DomainError::invalid(format!(
            "A scorecard can rate at most {MAX_CRITERIA} criteria"
        )));
    }
    let mut ratings = Vec::with_capacity(input.ratings.len());
    for (criterion, score) in input.ratings {
        if !(1..=5).contains(score) {
            return Err(DomainError::invalid("Each rating must be from 1 to 5"));
        }
        let criterion = required_text(criterion, "Criterion", MAX_SHORT_TEXT_LEN)?;
        if ratings
            .iter()
            .any(|r: &Rating| r.criterion.eq_ignore_ascii_case(&criterion))
        {
            return Err(DomainError::invalid(format!("{criterion} is rated twice")));
        }
        ratings.push(Rating {
            criterion,
            score: *score,
        });
    }
    Ok(vec![AssessmentEvent::ScorecardSubmitted {
        scorecard_id,
        application_id: app.id,
        candidate_id: app.candidate_id,
        employer_id,
        author_id: employer_id,
        ratings,
        recommendation: input.recommendation,
        comment: optional_multiline_text(input.comment, "Comment", MAX_COMMENT_LEN)?,
        submitted_at: now,
    }])
}

crate::aggregate::entity_aggregate!(Assessment, AssessmentEvent, |_, state| state
    .as_ref()
    .map(|a| a.candidate_id));

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::pipeline::Stage;
    use crate::testing::application;

    const EMPLOYER: Uuid = Uuid::from_u128(2);

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap()
    }

    #[test]
    fn a_note_is_trimmed_and_sealed_for_the_candidate() {
        let events = add_note(
            Some(&application(Stage::New)),
            EMPLOYER,
            Uuid::nil(),
            "  Strong on Tokio. ",
            now(),
        )
        .unwrap();
        assert_eq!(
            events,
            vec![AssessmentEvent::NoteAdded {
                note_id: Uuid::nil(),
                application_id: Uuid::from_u128(9),
                candidate_id: Uuid::from_u128(3),
                employer_id: EMPLOYER,
                author_id: EMPLOYER,
                body: "Strong on Tokio.".into(),
                added_at: now(),
            }]
        );
        assert_eq!(events[0].personal_fields(), ["body"]);
        let state = <Assessment as crate::Aggregate>::fold(&events).unwrap();
        assert_eq!(
            <Assessment as crate::Aggregate>::data_subject(Uuid::from_u128(9), &Some(state)),
            Some(Uuid::from_u128(3))
        );
    }

    fn team(text: &str) -> TeamNote<'_> {
        TeamNote {
            employer_id: EMPLOYER,
            note_id: Uuid::nil(),
            text: Some(text),
            candidate_erased: false,
            now: now(),
        }
    }

    fn moved_with_note(
        to: Stage,
        reason: Option<crate::pipeline::RejectionReason>,
        note: &str,
    ) -> Result<Vec<AssessmentEvent>, DomainError> {
        let app = application(Stage::Screening);
        let moved = crate::pipeline::move_to(
            Some(&app),
            crate::pipeline::Move {
                reason,
                ..crate::testing::employer_move(to, now())
            },
        )?;
        note_with_move(Some(&app), &moved, team(note))
    }

    fn body(events: &[AssessmentEvent]) -> Vec<&str> {
        events
            .iter()
            .map(|e| match e {
                AssessmentEvent::NoteAdded { body, .. } => body.as_str(),
                AssessmentEvent::ScorecardSubmitted { .. } => "scorecard",
            })
            .collect()
    }

    #[test]
    fn a_note_with_a_move_is_led_by_what_the_move_did() {
        use crate::pipeline::RejectionReason;
        let salary = moved_with_note(
            Stage::Rejected,
            Some(RejectionReason::Salary),
            " Asked for 40k more. ",
        );
        assert_eq!(
            body(&salary.unwrap()),
            ["Rejected (Salary expectations): Asked for 40k more."]
        );
        let bare = moved_with_note(Stage::Rejected, None, "Not this time.").unwrap();
        assert_eq!(body(&bare), ["Rejected: Not this time."]);
        let onwards = moved_with_note(Stage::Interview, None, "Book with Priya.").unwrap();
        assert_eq!(body(&onwards), ["Moved to Interview: Book with Priya."]);
        // feedback where they already are (Screening) moves nothing: the lead says so
        let app = application(Stage::Screening);
        let stayed = crate::pipeline::move_to(
            Some(&app),
            crate::pipeline::Move {
                feedback: Some("We'll be in touch next week."),
                ..crate::testing::employer_move(Stage::Screening, now())
            },
        )
        .unwrap();
        let noted = note_with_move(Some(&app), &stayed, team("Chasing references.")).unwrap();
        assert_eq!(body(&noted), ["At Screening: Chasing references."]);
        // the note is the candidate's data, sealed with them like any note
        assert_eq!(onwards[0].personal_fields(), ["body"]);
    }

    #[test]
    fn no_note_when_none_was_written_or_the_move_changed_nothing() {
        assert_eq!(moved_with_note(Stage::Rejected, None, "   "), Ok(vec![]));
        // already at Screening: the move is nothing, and so is its note
        assert_eq!(
            moved_with_note(Stage::Screening, None, "Still keen."),
            Ok(vec![])
        );
        // an erased candidate's rejection takes no note: it would read `[erased]`
        let app = application(Stage::Screening);
        let moved = crate::pipeline::move_to(
            Some(&app),
            crate::testing::employer_move(Stage::Rejected, now()),
        )
        .unwrap();
        let erased = TeamNote {
            candidate_erased: true,
            ..team("Hired elsewhere.")
        };
        assert_eq!(note_with_move(Some(&app), &moved, erased), Ok(vec![]));
        assert_eq!(
            note_with_move(Some(&app), &moved, team("Hired elsewhere.")).map(|n| n.len()),
            Ok(1)
        );
    }

    #[test]
    fn a_note_with_a_move_has_a_limit_of_its_own() {
        let long = "x".repeat(MAX_TEAM_NOTE_LEN + 1);
        assert_eq!(
            moved_with_note(Stage::Rejected, None, &long),
            Err(DomainError::invalid(
                "Note for your team must be at most 2000 characters"
            ))
        );
        assert!(moved_with_note(Stage::Rejected, None, &long[1..]).is_ok());
    }

    #[test]
    fn rejects_an_empty_note_and_another_employers_application() {
        assert_eq!(
            add_note(
                Some(&application(Stage::New)),
                EMPLOYER,
                Uuid::nil(),
                "   ",
                now()
            ),
            Err(DomainError::invalid("Note is required"))
        );
        assert_eq!(
            add_note(
                Some(&application(Stage::New)),
                Uuid::from_u128(77),
                Uuid::nil(),
                "Hi",
                now()
            ),
            Err(DomainError::NotFound("Application"))
        );
    }

    #[test]
    fn a_scorecard_rates_each_criterion_once_from_one_to_five() {
        let input = |ratings: &'static [(String, u8)]| ScorecardInput {
            ratings,
            recommendation: Recommendation::Yes,
            comment: None,
        };
        let sc = |ratings| {
            submit_scorecard(
                Some(&application(Stage::New)),
                EMPLOYER,
                Uuid::nil(),
                input(ratings),
                now(),
            )
        };
        assert_eq!(
            sc(&[]),
            Err(DomainError::invalid("Rate at least one criterion"))
        );
        let zero: &'static [(String, u8)] = Box::leak(Box::new([("Rust".to_owned(), 0)]));
        assert_eq!(
            sc(zero),
            Err(DomainError::invalid("Each rating must be from 1 to 5"))
        );
        let twice: &'static [(String, u8)] =
            Box::leak(Box::new([("Rust".to_owned(), 4), ("rust".to_owned(), 5)]));
        assert_eq!(sc(twice), Err(DomainError::invalid("rust is rated twice")));
        let good: &'static [(String, u8)] = Box::leak(Box::new([
            ("Rust".to_owned(), 4),
            ("Communication".to_owned(), 5),
        ]));
        assert!(
            matches!(&sc(good).unwrap()[0], AssessmentEvent::ScorecardSubmitted { ratings, .. } if ratings.len() == 2)
        );
    }

    #[test]
    fn recommendations_parse_from_their_stored_names() {
        assert_eq!(
            Recommendation::parse("strong_yes"),
            Ok(Recommendation::StrongYes)
        );
        assert!(Recommendation::parse("maybe").is_err());
        assert_eq!(
            serde_json::to_value(Recommendation::StrongNo).unwrap(),
            "strong_no"
        );
    }
}
