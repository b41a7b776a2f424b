//! Property tests (proptest) for the SPEC 5 parsers and the event upcasters:
//! what must hold for every input, where the unit tests beside the code show
//! examples. One binary so the domain tests link once; default case counts so
//! they stay fast.
//!
//! A property that fails prints the smallest input it found; proptest keeps
//! it under `proptest-regressions/` so it is tried first next time: commit
//! that file with the fix.

mod account;
mod closed_choices;
mod contact;
mod document;
mod events;
mod interview;
mod job;
mod job_alert_events;
mod profile;
mod strategies;
mod validation;

use domain::DomainError;

/// What the one rule for control characters (`validation::plain_text`) says
/// about a field of one line.
pub fn one_line(field: &str) -> String {
    format!("{field} must be on one line, without tabs or control characters")
}

/// What it says about a field of several lines.
pub fn several_lines(field: &str) -> String {
    format!("{field} must not contain control characters")
}

/// The message of a validation failure, or a note that it was some other error.
pub fn message<T>(result: &Result<T, DomainError>) -> Option<String> {
    match result {
        Err(DomainError::Invalid(m)) => Some(m.clone()),
        Err(other) => Some(format!("not a validation error: {other:?}")),
        Ok(_) => None,
    }
}
