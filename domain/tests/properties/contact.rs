//! contact.rs: the public contact form (SPEC 5), checked in the order of its fields.

use chrono::{DateTime, TimeZone, Utc};
use domain::DomainError;
use domain::contact::{ContactEvent, ContactInput, receive};
use domain::validation::{AU_PHONE_MESSAGE, EMAIL_MESSAGE, Email, MAX_LONG_TEXT_LEN, MAX_NAME_LEN};
use proptest::prelude::*;
use uuid::Uuid;

use crate::strategies::{blank, text};
use crate::{message, one_line, several_lines};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn field() -> impl Strategy<Value = String> {
    prop_oneof![3 => "[A-Za-z' -]{1,20}", 1 => blank(), 1 => text(20)]
}

proptest! {
    #[test]
    fn a_contact_message_is_received_normalised_or_refused_with_a_form_text(
        first in field(),
        last in field(),
        email in prop_oneof![3 => "[a-z]{1,8}@[a-z]{1,8}\\.com", 1 => blank(), 1 => text(20)],
        phone in prop::option::of(prop_oneof!["0[23478][0-9]{8}", blank(), text(12)]),
        body in prop_oneof![3 => text(60), 1 => blank()],
    ) {
        let input = ContactInput {
            first_name: &first,
            last_name: &last,
            email: &email,
            phone: phone.as_deref(),
            message: &body,
        };
        let received = receive(Uuid::nil(), input, now());
        match &received {
            Ok(events) => match events.as_slice() {
                [ContactEvent::ContactMessageReceived { first_name, last_name, email: stored, phone: p, message: m, .. }] => {
                    prop_assert_eq!(first_name, first.trim());
                    prop_assert_eq!(last_name, last.trim());
                    prop_assert_eq!(Ok(stored.clone()), Email::parse(&email).map(|e| e.as_str().to_owned()));
                    prop_assert!(p.as_ref().is_none_or(|p| !p.is_empty()));
                    prop_assert_eq!(m, &body.trim().replace("\r\n", "\n"));
                }
                other => prop_assert!(false, "unexpected events {:?}", other),
            },
            Err(_) => {
                let m = message(&received).unwrap_or_default();
                let known = [
                    "First name is required".to_owned(),
                    format!("First name must be at most {MAX_NAME_LEN} characters"),
                    "Last name is required".to_owned(),
                    format!("Last name must be at most {MAX_NAME_LEN} characters"),
                    "Email is required".to_owned(),
                    EMAIL_MESSAGE.to_owned(),
                    AU_PHONE_MESSAGE.to_owned(),
                    "Message is required".to_owned(),
                    format!("Message must be at most {MAX_LONG_TEXT_LEN} characters"),
                    one_line("First name"),
                    one_line("Last name"),
                    several_lines("Message"),
                ];
                prop_assert!(known.contains(&m), "unexpected message {:?}", m);
                // The first field in form order that is wrong is the one named.
                if first.trim().is_empty() {
                    prop_assert_eq!(received, Err(DomainError::invalid("First name is required")));
                }
            }
        }
    }
}
