//! What every event has in common: a stored type name, a schema version, the
//! fields that hold personal data, and upcasting of older stored shapes.

use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use crate::access::AccessEvent;
use crate::account::AccountEvent;
use crate::admin_roster::AdminRosterEvent;
use crate::application::ApplicationEvent;
use crate::assessment::AssessmentEvent;
use crate::company::CompanyEvent;
use crate::contact::ContactEvent;
use crate::document::DocumentEvent;
use crate::erasure::ErasureEvent;
use crate::interview::InterviewEvent;
use crate::job::JobEvent;
use crate::job_alert::JobAlertEvent;
use crate::notification::NotificationEvent;
use crate::profile::ProfileEvent;
use crate::reference::ReferenceEvent;
use crate::saved_job::SavedJobEvent;

/// What a sealed field reads as once its data subject's key is deleted.
pub const ERASED: &str = "[erased]";

/// One aggregate's event enum. Variants are past-tense facts; the variant name
/// is the stored `event_type`, so renaming a variant is a schema change.
pub trait DomainEvent:
    Serialize + DeserializeOwned + Clone + std::fmt::Debug + Send + Sync + 'static
{
    /// Every `event_type` this enum owns.
    const TYPES: &'static [&'static str];

    fn event_type(&self) -> &'static str;

    /// Payload fields that hold personal data. The event store encrypts them
    /// with the data subject's key, so erasing the key erases the person.
    fn personal_fields(&self) -> &'static [&'static str] {
        &[]
    }

    /// The payload as stored: the variant's fields without the enum tag.
    fn to_payload(&self) -> Value {
        match serde_json::to_value(self) {
            Ok(Value::Object(mut map)) if map.len() == 1 => {
                map.remove(self.event_type()).unwrap_or(Value::Null)
            }
            Ok(other) => other,
            Err(_) => Value::Null,
        }
    }

    /// Rebuilds an event from its stored type and (already upcast) payload.
    fn from_payload(event_type: &str, payload: Value) -> Result<Self, serde_json::Error> {
        let mut tagged = Map::with_capacity(1);
        tagged.insert(event_type.to_owned(), payload);
        serde_json::from_value(Value::Object(tagged))
    }

    /// [`Self::from_payload`] from the payload's JSON text, straight into the
    /// event: no `Value` tree is built (and freed) on the way, which is most
    /// of what decoding a payload costs (a rebuild decodes a million).
    fn from_payload_json(event_type: &str, payload: &str) -> Result<Self, serde_json::Error> {
        let mut tagged = String::with_capacity(event_type.len() + payload.len() + 5);
        tagged.push_str("{\"");
        tagged.push_str(event_type);
        tagged.push_str("\":");
        tagged.push_str(payload);
        tagged.push('}');
        serde_json::from_str(&tagged)
    }
}

/// The schema version new events of this type are written with.
pub fn current_schema_version(event_type: &str) -> i32 {
    match event_type {
        "JobPosted" => 2,
        _ => 1,
    }
}

/// Brings a stored payload of any older schema version to the current shape.
/// Stored events are never rewritten; this runs on every read.
pub fn upcast(event_type: &str, schema_version: i32, mut payload: Value) -> Value {
    if event_type == "JobPosted" && schema_version < 2 {
        // v1 (first job board import) had a free-text location only and no
        // structured lists; v2 adds reference ids, specialisation and lists.
        if let Value::Object(map) = &mut payload {
            map.entry("location_id").or_insert(Value::Null);
            map.entry("salary_range_id").or_insert(Value::Null);
            map.entry("specialisation").or_insert_with(|| {
                Value::String(
                    crate::job::Specialisation::DevelopmentTesting
                        .label()
                        .to_owned(),
                )
            });
            map.entry("responsibilities")
                .or_insert_with(|| Value::Array(vec![]));
            map.entry("requirements")
                .or_insert_with(|| Value::Array(vec![]));
        }
    }
    payload
}

/// Lists every aggregate's event enum once: from that list come [`AnyEvent`],
/// its decoding by stored type name, and [`FromAnyEvent`] for each enum.
macro_rules! any_event {
    ($($variant:ident($event:ty)),* $(,)?) => {
        /// Any event of the system, for readers of the global log (projectors, audit).
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyEvent {
            $($variant($event)),*
        }

        impl AnyEvent {
            /// The stored `event_type` of the event inside.
            pub fn event_type(&self) -> &'static str {
                match self {
                    $(Self::$variant(e) => e.event_type(),)*
                }
            }

            /// `Ok(None)` for an event type this build does not know (written by a newer
            /// version): readers skip it rather than stop.
            pub fn decode(event_type: &str, payload: Value) -> Result<Option<Self>, serde_json::Error> {
                $(
                    if <$event>::TYPES.contains(&event_type) {
                        return Ok(Some(Self::$variant(<$event>::from_payload(event_type, payload)?)));
                    }
                )*
                Ok(None)
            }

            /// [`Self::decode`] from the payload's JSON text (see
            /// [`DomainEvent::from_payload_json`]).
            pub fn decode_json(event_type: &str, payload: &str) -> Result<Option<Self>, serde_json::Error> {
                $(
                    if <$event>::TYPES.contains(&event_type) {
                        return Ok(Some(Self::$variant(<$event>::from_payload_json(event_type, payload)?)));
                    }
                )*
                Ok(None)
            }
        }

        /// Every event type name this build writes or reads.
        pub fn all_event_types() -> Vec<&'static str> {
            let mut all = Vec::new();
            $(all.extend_from_slice(<$event>::TYPES);)*
            all
        }

        $(
            impl FromAnyEvent for $event {
                fn from_any(event: &AnyEvent) -> Option<&Self> {
                    match event {
                        AnyEvent::$variant(e) => Some(e),
                        _ => None,
                    }
                }
            }
        )*
    };
}

/// Fields that are secrets rather than facts (password hashes, token hashes,
/// two-factor secrets and recovery-code hashes): stored, but never shown to
/// people reading history, staff included. Readers replace them with `[secret]`.
pub fn secret_fields(event_type: &str) -> &'static [&'static str] {
    match event_type {
        "AccountRegistered" => &["password_hash"],
        "PasswordResetRequested" => &["token_hash"],
        "PasswordReset" => &["token_hash", "password_hash"],
        "PasswordChanged" => &["password_hash"],
        "TotpEnrolmentStarted" => &["secret"],
        "TotpEnabled" => &["recovery_code_hashes"],
        "RecoveryCodeUsed" => &["code_hash"],
        _ => &[],
    }
}

/// `payload` with its secret fields replaced by `[secret]`.
pub fn without_secrets(event_type: &str, mut payload: Value) -> Value {
    if let Some(object) = payload.as_object_mut() {
        for field in secret_fields(event_type) {
            if let Some(value) = object.get_mut(*field) {
                *value = Value::String("[secret]".into());
            }
        }
    }
    payload
}

/// One aggregate's events picked out of the global log.
pub trait FromAnyEvent: DomainEvent {
    fn from_any(event: &AnyEvent) -> Option<&Self>;
}

any_event! {
    Account(AccountEvent),
    AdminRoster(AdminRosterEvent),
    Access(AccessEvent),
    Job(JobEvent),
    Reference(ReferenceEvent),
    Contact(ContactEvent),
    Company(CompanyEvent),
    Application(ApplicationEvent),
    Assessment(AssessmentEvent),
    Document(DocumentEvent),
    Interview(InterviewEvent),
    Profile(ProfileEvent),
    Notification(NotificationEvent),
    Erasure(ErasureEvent),
    SavedJob(SavedJobEvent),
    JobAlert(JobAlertEvent),
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::job::{JobEvent, JobType};

    #[test]
    fn a_v1_job_posted_payload_is_upcast_to_the_current_shape() {
        let v1 = json!({
            "employer_id": "0190f5d2-0000-7000-8000-000000000001",
            "title": "Rust Engineer",
            "company": "Acme",
            "location": "Sydney, NSW",
            "job_type": "Full-time",
            "salary": "",
            "description": "Build things",
            "expires_at": null,
            "posted_at": "2026-01-01T00:00:00Z"
        });
        let upcast = upcast("JobPosted", 1, v1);
        let event = JobEvent::from_payload("JobPosted", upcast)
            .expect("v1 payload decodes as current JobPosted");
        match event {
            JobEvent::JobPosted(posted) => {
                assert_eq!(posted.title, "Rust Engineer");
                assert_eq!(posted.location_id, None);
                assert_eq!(posted.job_type, JobType::FullTime);
                assert!(posted.responsibilities.is_empty());
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn unknown_event_types_decode_to_none() {
        assert_eq!(
            AnyEvent::decode("SomethingFromTheFuture", json!({})).unwrap(),
            None
        );
    }
}
