//! SendContactMessage: the public contact form. Stored as an event (sealed with
//! the message's own key) and mailed to the agency through the outbox.

use domain::contact::{self, ContactEvent, ContactInput};
use uuid::Uuid;

use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent, OutgoingMail};
use crate::{CommandError, Commands};

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
    ) -> Result<i64, CommandError> {
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
        };
        let request = AppendRequest::new(
            contact::stream_id(id),
            ExpectedVersion::NoStream,
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, Some(id)))
                .collect(),
            metadata,
        )
        .mail(mail);
        Ok(self.store.append(request).await?.position)
    }
}
