//! SendContactMessage: the public contact form. Stored as an event (sealed with
//! the message's own key) and mailed to the agency through the outbox. And the
//! agency's inbox work: AssignContactMessage, ReplyToContactMessage,
//! MarkContactMessageHandled.

use domain::DomainError;
use domain::account::{Account, Role};
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
    ) -> Result<Written<Uuid>, CommandError> {
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
        } = &events[0]
        else {
            return Err(anyhow::anyhow!("receiving a message decided something else").into());
        };
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
        Ok(self
            .append(id, &new, events, Effects::default().mail(mail), metadata)
            .await?
            .with(id))
    }
}

#[derive(Debug, Clone, Copy)]
pub struct AssignContactMessage {
    pub admin_id: Uuid,
    pub message_id: Uuid,
    /// A member of staff (an admin account).
    pub assign_to: Uuid,
}

#[derive(Debug, Clone)]
pub struct ReplyToContactMessage {
    pub admin_id: Uuid,
    pub message_id: Uuid,
    pub body: String,
}

#[derive(Debug, Clone, Copy)]
pub struct MarkContactMessageHandled {
    pub admin_id: Uuid,
    pub message_id: Uuid,
}

impl Commands {
    pub async fn assign_contact_message(
        &self,
        cmd: AssignContactMessage,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let staff = self.load::<Account>(cmd.assign_to).await?.state;
        if !staff.is_some_and(|a| a.role == Role::Admin) {
            return Err(DomainError::invalid("Choose a member of staff to assign it to").into());
        }
        let now = self.clock.now();
        self.execute::<ContactMessage>(cmd.message_id, metadata, |state| {
            contact::assign(state, cmd.assign_to, cmd.admin_id, now)
        })
        .await
    }

    /// Mails the reply to the sender, from the agency, in the same append.
    pub async fn reply_to_contact_message(
        &self,
        cmd: ReplyToContactMessage,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<ContactMessage>(cmd.message_id).await?;
        let events = contact::reply(&loaded.state, &cmd.body, cmd.admin_id, self.clock.now())?;
        let Some(ContactEvent::ContactReplySent { body, .. }) = events.first() else {
            return Err(anyhow::anyhow!("a reply decided something else").into());
        };
        let mail = OutgoingMail {
            recipient: loaded.state.email.clone(),
            subject: "Re: your enquiry to Harbour IT Recruitment".into(),
            body: format!(
                "Hi {},\n\n{body}\n\nHarbour IT Recruitment, Sydney\n",
                loaded.state.first_name
            ),
            ..OutgoingMail::default()
        };
        self.append(
            cmd.message_id,
            &loaded,
            events,
            Effects::default().mail(mail),
            metadata,
        )
        .await
    }

    pub async fn mark_contact_message_handled(
        &self,
        cmd: MarkContactMessageHandled,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<ContactMessage>(cmd.message_id, metadata, |state| {
            contact::mark_handled(state, cmd.admin_id, now)
        })
        .await
    }
}
