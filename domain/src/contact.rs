//! Messages sent through the public contact form (SPEC 5). Each message is its
//! own data subject, so one sender can be erased without touching others.
//! Stream: `contact-{id}`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{self, Email, MAX_LONG_TEXT_LEN, MAX_NAME_LEN};
use crate::{DomainError, DomainEvent};

pub fn stream_id(message_id: Uuid) -> String {
    format!("contact-{message_id}")
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ContactEvent {
    ContactMessageReceived {
        message_id: Uuid,
        first_name: String,
        last_name: String,
        email: String,
        phone: Option<String>,
        message: String,
        received_at: DateTime<Utc>,
    },
}

impl DomainEvent for ContactEvent {
    const TYPES: &'static [&'static str] = &["ContactMessageReceived"];

    fn event_type(&self) -> &'static str {
        "ContactMessageReceived"
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        &["first_name", "last_name", "email", "phone", "message"]
    }
}

#[derive(Debug, Clone, Default)]
pub struct ContactInput<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    pub message: &'a str,
}

/// The SPEC 5 contact rules, checked in the order the form shows its fields.
pub fn receive(
    message_id: Uuid,
    input: ContactInput<'_>,
    now: DateTime<Utc>,
) -> Result<Vec<ContactEvent>, DomainError> {
    let first_name = validation::required_text(input.first_name, "First name", MAX_NAME_LEN)?;
    let last_name = validation::required_text(input.last_name, "Last name", MAX_NAME_LEN)?;
    if input.email.trim().is_empty() {
        return Err(DomainError::invalid("Email is required"));
    }
    let email = Email::parse(input.email)?;
    let phone = validation::optional_au_phone(input.phone)?;
    let message = validation::required_text(input.message, "Message", MAX_LONG_TEXT_LEN)?;
    Ok(vec![ContactEvent::ContactMessageReceived {
        message_id,
        first_name,
        last_name,
        email: email.as_str().to_owned(),
        phone,
        message,
        received_at: now,
    }])
}

/// A contact message's stream holds one event; the state only says it exists.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ContactMessage {
    pub received: bool,
}

impl crate::Aggregate for ContactMessage {
    type Id = Uuid;
    type Event = ContactEvent;
    type State = ContactMessage;

    fn stream_id(id: Uuid) -> String {
        stream_id(id)
    }

    fn evolve(_: Self::State, _: &ContactEvent) -> Self::State {
        ContactMessage { received: true }
    }

    /// Each message is its own data subject.
    fn data_subject(id: Uuid, _: &Self::State) -> Option<Uuid> {
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ContactInput<'static> {
        ContactInput {
            first_name: "Grace",
            last_name: "Hopper",
            email: "grace@example.com",
            phone: None,
            message: "Hello",
        }
    }

    #[test]
    fn accepts_a_complete_message_without_a_phone() {
        assert!(receive(Uuid::nil(), input(), Utc::now()).is_ok());
    }

    #[test]
    fn requires_names_email_and_message() {
        let now = Utc::now();
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    first_name: " ",
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid("First name is required"))
        );
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    last_name: "",
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid("Last name is required"))
        );
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    email: "",
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid("Email is required"))
        );
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    message: "",
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid("Message is required"))
        );
    }

    #[test]
    fn uses_the_spec_messages_for_email_and_phone() {
        let now = Utc::now();
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    email: "grace at example",
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid(validation::EMAIL_MESSAGE))
        );
        assert_eq!(
            receive(
                Uuid::nil(),
                ContactInput {
                    phone: Some("12345"),
                    ..input()
                },
                now
            ),
            Err(DomainError::invalid(validation::AU_PHONE_MESSAGE))
        );
    }
}
