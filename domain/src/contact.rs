//! Messages sent through the public contact form (SPEC 5), and the agency's
//! inbox work on them: assign to a staff member, reply by mail, mark handled.
//! Each message is its own data subject, so one sender can be erased without
//! touching others. Stream: `contact-{id}`.

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
    ContactMessageAssigned {
        assigned_to: Uuid,
        assigned_by: Uuid,
        assigned_at: DateTime<Utc>,
    },
    /// The agency's answer, mailed to the sender.
    ContactReplySent {
        body: String,
        sent_by: Uuid,
        sent_at: DateTime<Utc>,
    },
    ContactMessageHandled {
        handled_by: Uuid,
        handled_at: DateTime<Utc>,
    },
}

impl DomainEvent for ContactEvent {
    const TYPES: &'static [&'static str] = &[
        "ContactMessageReceived",
        "ContactMessageAssigned",
        "ContactReplySent",
        "ContactMessageHandled",
    ];

    fn event_type(&self) -> &'static str {
        match self {
            Self::ContactMessageReceived { .. } => "ContactMessageReceived",
            Self::ContactMessageAssigned { .. } => "ContactMessageAssigned",
            Self::ContactReplySent { .. } => "ContactReplySent",
            Self::ContactMessageHandled { .. } => "ContactMessageHandled",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::ContactMessageReceived { .. } => {
                &["first_name", "last_name", "email", "phone", "message"]
            }
            // A reply quotes and answers the sender: theirs to erase too.
            Self::ContactReplySent { .. } => &["body"],
            _ => &[],
        }
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
    let message = validation::required_multiline_text(input.message, "Message", MAX_LONG_TEXT_LEN)?;
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

/// What the inbox needs to know about a message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContactMessage {
    pub received: bool,
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub email: String,
    pub handled: bool,
    pub assigned_to: Option<Uuid>,
}

pub fn evolve(mut state: ContactMessage, event: &ContactEvent) -> ContactMessage {
    match event {
        ContactEvent::ContactMessageReceived {
            first_name,
            last_name,
            email,
            phone,
            ..
        } => {
            state.received = true;
            state.first_name = first_name.clone();
            state.last_name = last_name.clone();
            state.phone = phone.clone();
            state.email = email.clone();
        }
        ContactEvent::ContactMessageAssigned { assigned_to, .. } => {
            state.assigned_to = Some(*assigned_to)
        }
        ContactEvent::ContactReplySent { .. } => {}
        ContactEvent::ContactMessageHandled { .. } => state.handled = true,
    }
    state
}

fn received(state: &ContactMessage) -> Result<(), DomainError> {
    if state.received {
        Ok(())
    } else {
        Err(DomainError::NotFound("Message"))
    }
}

/// Gives the message to a staff member (whose id the caller has checked is an
/// admin). The same person again changes nothing.
pub fn assign(
    state: &ContactMessage,
    to: Uuid,
    by: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ContactEvent>, DomainError> {
    received(state)?;
    if state.assigned_to == Some(to) {
        return Ok(vec![]);
    }
    Ok(vec![ContactEvent::ContactMessageAssigned {
        assigned_to: to,
        assigned_by: by,
        assigned_at: now,
    }])
}

pub fn reply(
    state: &ContactMessage,
    body: &str,
    by: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ContactEvent>, DomainError> {
    received(state)?;
    Ok(vec![ContactEvent::ContactReplySent {
        body: validation::required_multiline_text(body, "Reply", MAX_LONG_TEXT_LEN)?,
        sent_by: by,
        sent_at: now,
    }])
}

/// Marking a handled message handled again changes nothing.
pub fn mark_handled(
    state: &ContactMessage,
    by: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ContactEvent>, DomainError> {
    received(state)?;
    if state.handled {
        return Ok(vec![]);
    }
    Ok(vec![ContactEvent::ContactMessageHandled {
        handled_by: by,
        handled_at: now,
    }])
}

// Each message is its own data subject.
crate::aggregate::entity_aggregate!(
    ContactMessage,
    ContactEvent,
    state: ContactMessage,
    |id, _| Some(id)
);

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

    #[test]
    fn the_inbox_assigns_replies_and_marks_handled_once() {
        let now = Utc::now();
        let (admin, colleague) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let state = receive(Uuid::nil(), input(), now)
            .unwrap()
            .iter()
            .fold(ContactMessage::default(), evolve);
        assert_eq!(
            (state.first_name.as_str(), state.email.as_str()),
            ("Grace", "grace@example.com")
        );
        assert_eq!(assign(&state, colleague, admin, now).unwrap().len(), 1);
        let assigned = assign(&state, colleague, admin, now)
            .unwrap()
            .iter()
            .fold(state.clone(), evolve);
        assert!(
            assign(&assigned, colleague, admin, now).unwrap().is_empty(),
            "same person again"
        );
        assert_eq!(
            reply(&state, "  ", admin, now),
            Err(DomainError::invalid("Reply is required"))
        );
        assert_eq!(
            reply(&state, "Thanks, Grace. Monday at 10?", admin, now).unwrap()[0].personal_fields(),
            ["body"]
        );
        let handled = mark_handled(&state, admin, now)
            .unwrap()
            .iter()
            .fold(state.clone(), evolve);
        assert!(mark_handled(&handled, admin, now).unwrap().is_empty());
        assert_eq!(
            mark_handled(&ContactMessage::default(), admin, now),
            Err(DomainError::NotFound("Message"))
        );
    }
}
