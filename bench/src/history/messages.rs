//! Contact messages visitors send and staff answer, and the notifications
//! raised for users (read and deleted later).

use chrono::{DateTime, Utc};
use domain::account::Role;
use domain::contact::ContactEvent;
use domain::erasure::SubjectKind;
use domain::notification::{NotificationEvent, NotificationKind, NotificationRaised};
use event_store::Actor;
use rand::Rng;
use uuid::Uuid;

use super::{World, uuid_at};

impl World {
    pub(super) fn contact_message(&mut self) {
        let at = self.clock;
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::contact::stream_id(id);
        let (first, last) = self.name();
        let phone = self.rng.random_bool(0.5).then(|| "0400 000 000".to_owned());
        self.schedule(
            at,
            stream.clone(),
            &ContactEvent::ContactMessageReceived {
                message_id: id,
                first_name: first.clone(),
                last_name: last.clone(),
                email: format!("{}@example.org", first.to_lowercase()),
                phone,
                message: "Hello, I am hiring three developers in Sydney and would like to talk about your services.".into(),
                received_at: at,
            },
            Some(id),
            (None, Actor::Anonymous),
        );
        let admin = self.admin();
        let staff = (Some(admin), Actor::Admin);
        let t = self.later(at, 10, 600);
        self.schedule(
            t,
            stream.clone(),
            &ContactEvent::ContactMessageAssigned {
                assigned_to: admin,
                assigned_by: admin,
                assigned_at: t,
            },
            Some(id),
            staff,
        );
        let t = self.later(t, 10, 600);
        self.schedule(
            t,
            stream.clone(),
            &ContactEvent::ContactReplySent {
                body: format!(
                    "Hi {first}, thanks for getting in touch. We will call you tomorrow."
                ),
                sent_by: admin,
                sent_at: t,
            },
            Some(id),
            staff,
        );
        let t = self.later(t, 10, 600);
        self.schedule(
            t,
            stream,
            &ContactEvent::ContactMessageHandled {
                handled_by: admin,
                handled_at: t,
            },
            Some(id),
            staff,
        );
        if self.rng.random_bool(if self.small { 0.5 } else { 0.05 }) {
            let t = self.later(t, 1000, 10_000);
            self.schedule_erasure(t, id, SubjectKind::ContactMessage, vec![]);
        }
    }

    pub(super) fn notify(
        &mut self,
        at: DateTime<Utc>,
        user: Uuid,
        role: Role,
        title: &str,
        message: String,
    ) {
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::notification::stream_id(id);
        let kind = [
            NotificationKind::Info,
            NotificationKind::Success,
            NotificationKind::Warning,
            NotificationKind::Error,
        ][self.rng.random_range(0..4)];
        self.schedule(
            at,
            stream.clone(),
            &NotificationEvent::NotificationRaised(NotificationRaised {
                notification_id: id,
                user_id: user,
                user_role: role,
                kind,
                title: title.into(),
                message,
                link: None,
                created_at: at,
            }),
            Some(user),
            (None, Actor::Policy),
        );
        let who = (Some(user), Actor::from(role));
        if self.rng.random_bool(0.7) {
            let t = self.later(at, 5, 5000);
            self.schedule(
                t,
                stream.clone(),
                &NotificationEvent::NotificationRead { read_at: t },
                Some(user),
                who,
            );
            // Some are marked unread again (and some of those read once more),
            // so the rebuild folds the full round trip.
            let mut t = t;
            if self.rng.random_bool(0.05) {
                t = self.later(t, 5, 5000);
                self.schedule(
                    t,
                    stream.clone(),
                    &NotificationEvent::NotificationMarkedUnread { marked_at: t },
                    Some(user),
                    who,
                );
                if self.rng.random_bool(0.5) {
                    t = self.later(t, 5, 5000);
                    self.schedule(
                        t,
                        stream.clone(),
                        &NotificationEvent::NotificationRead { read_at: t },
                        Some(user),
                        who,
                    );
                }
            }
            if self.rng.random_bool(0.15) {
                let t = self.later(t, 5, 5000);
                self.schedule(
                    t,
                    stream,
                    &NotificationEvent::NotificationDeleted { deleted_at: t },
                    Some(user),
                    who,
                );
            }
        }
    }
}
