//! SendContactMessage: the public contact form. Stored as an event (sealed with
//! the message's own key) and mailed to the agency through the outbox.

use domain::contact::{self, ContactEvent, ContactInput, ContactMessage};
use event_store::{Metadata, OutgoingMail};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

#[derive(Debug, Clone, Default)]
pub struct SendContactMessage {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub message: String,
}

impl Commands {
    pub async fn send_contact_message(
        &self,
        cmd: SendContactMessage,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let id = Uuid::now_v7();
        let events = contact::receive(
            id,
            ContactInput {
                first_name: &cmd.first_name,
                last_name: &cmd.last_name,
                email: &cmd.email,
                phone: cmd.phone.as_deref(),
                message: &cmd.message,
            },
            self.clock.now(),
        )?;
        let ContactEvent::ContactMessageReceived {
            first_name,
            last_name,
            email,
            phone,
            message,
            ..
        } = &events[0];
        let mail = OutgoingMail {
            recipient: self.links.agency_inbox.clone(),
            subject: format!("Website enquiry from {first_name} {last_name}"),
            body: format!(
                "From: {first_name} {last_name} <{email}>\nPhone: {}\n\n{message}\n",
                phone.as_deref().unwrap_or("not given")
            ),
            ..OutgoingMail::default()
        };
        let new = Loaded::<ContactMessage> {
            state: ContactMessage::default(),
            version: 0,
        };
        self.append(id, &new, events, Effects::default().mail(mail), metadata)
            .await
    }
}
