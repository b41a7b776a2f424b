//! Time travel for auditors: an aggregate folded from its own events up to a
//! moment (what the system had recorded by then) and the difference between
//! two such states. Used by the audit screens and `recruit events --as-of`.

use chrono::{DateTime, Utc};
use domain::Aggregate;
use domain::account::Account;
use domain::application::Application;
use domain::job::Job;
use domain::profile::ProfileState;
use event_store::RecordedEvent;
use serde::Serialize;
use serde_json::Value;

/// What kind of aggregate a stream holds: the part of its id before the uuid.
pub fn kind(stream_id: &str) -> &str {
    stream_id
        .split_once('-')
        .map_or(stream_id, |(kind, _)| kind)
}

#[derive(Debug, thiserror::Error)]
pub enum TimeTravelError {
    #[error("time travel is not available for this kind of stream")]
    Unsupported,
    #[error("the stream's history could not be replayed: {0:#}")]
    Replay(anyhow::Error),
}

/// An aggregate as it was once `events` had happened, as JSON.
fn fold_as_json<A>(events: &[&RecordedEvent]) -> anyhow::Result<Value>
where
    A: Aggregate,
    A::State: Serialize,
{
    let decoded = events
        .iter()
        .map(|r| r.decode::<A::Event>())
        .collect::<Result<Vec<_>, _>>()?;
    Ok(serde_json::to_value(A::fold(&decoded))?)
}

/// The state of the stream's aggregate after the events recorded up to `at`
/// (inclusive): how many that is (0: the stream did not exist yet), and the
/// state. Accounts, jobs, applications and profiles.
pub fn state_as_of(
    stream_id: &str,
    events: &[RecordedEvent],
    at: DateTime<Utc>,
) -> Result<(i64, Value), TimeTravelError> {
    let upto: Vec<&RecordedEvent> = events.iter().filter(|e| e.recorded_at <= at).collect();
    let version = upto.last().map_or(0, |e| e.stream_version);
    let folded = match kind(stream_id) {
        "account" => fold_as_json::<Account>(&upto),
        "job" => fold_as_json::<Job>(&upto),
        "application" => fold_as_json::<Application>(&upto),
        "profile" => fold_as_json::<ProfileState>(&upto),
        _ => return Err(TimeTravelError::Unsupported),
    };
    folded
        .map(|state| (version, state))
        .map_err(TimeTravelError::Replay)
}

/// One difference between two states, as a person reads it.
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
pub struct Difference {
    /// `add`, `remove` or `replace`.
    pub op: &'static str,
    /// An RFC 6902 path.
    pub path: String,
    /// The value before (absent for `add`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Value)]
    pub from_value: Option<Value>,
    /// The value after (absent for `remove`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Value)]
    pub value: Option<Value>,
}

/// The RFC 6902 patch from `before` to `after` (json-patch), with the old
/// value beside each replaced or removed path.
pub fn differences(before: &Value, after: &Value) -> Vec<Difference> {
    json_patch::diff(before, after)
        .0
        .into_iter()
        .filter_map(|op| {
            use json_patch::PatchOperation as Op;
            let old = |path: &str| before.pointer(path).cloned();
            Some(match op {
                Op::Add(a) => Difference {
                    op: "add",
                    path: a.path.to_string(),
                    from_value: None,
                    value: Some(a.value),
                },
                Op::Remove(r) => Difference {
                    op: "remove",
                    from_value: old(r.path.as_str()),
                    path: r.path.to_string(),
                    value: None,
                },
                Op::Replace(r) => Difference {
                    op: "replace",
                    from_value: old(r.path.as_str()),
                    path: r.path.to_string(),
                    value: Some(r.value),
                },
                // `diff` only produces the three above.
                _ => return None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_difference_names_the_path_and_both_values() {
        let before = json!({"title": "Rust Engineer", "open": true, "tags": ["a"]});
        let after = json!({"title": "Senior Rust Engineer", "open": false, "tags": ["a"], "reason": "Filled"});
        let mut got = differences(&before, &after);
        got.sort_by(|a, b| a.path.cmp(&b.path));
        assert_eq!(
            got,
            vec![
                Difference {
                    op: "replace",
                    path: "/open".into(),
                    from_value: Some(json!(true)),
                    value: Some(json!(false)),
                },
                Difference {
                    op: "add",
                    path: "/reason".into(),
                    from_value: None,
                    value: Some(json!("Filled")),
                },
                Difference {
                    op: "replace",
                    path: "/title".into(),
                    from_value: Some(json!("Rust Engineer")),
                    value: Some(json!("Senior Rust Engineer")),
                },
            ]
        );
        assert!(differences(&after, &after).is_empty());
    }

    #[test]
    fn a_stream_kind_is_the_part_before_its_id() {
        assert_eq!(kind("job-0190a8c2-1111-7000-8000-000000000000"), "job");
        assert_eq!(kind("reference"), "reference");
    }
}
