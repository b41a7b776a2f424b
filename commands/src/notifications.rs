//! MarkNotificationRead, MarkAllNotificationsRead, MarkNotificationUnread,
//! DeleteNotification, and the append a policy makes to raise a notification.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::notification::{self, Notice, Notification, NotificationEvent};
use event_store::{AppendRequest, Metadata};
use uuid::Uuid;

use crate::write::append_request;
use crate::{CommandError, Commands, Effects, Loaded, Written};

/// What a user may do to one of their notifications (`domain::notification`).
type NotificationDecision =
    fn(Option<&Notification>, Uuid, DateTime<Utc>) -> Result<Vec<NotificationEvent>, DomainError>;

/// One notification, by its owner.
#[derive(Debug, Clone, Copy)]
pub struct NotificationAction {
    pub user_id: Uuid,
    pub notification_id: Uuid,
}

impl Commands {
    /// MarkNotificationRead; writes nothing when it was already read.
    pub async fn mark_notification_read(
        &self,
        cmd: NotificationAction,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_notification(cmd, metadata, notification::mark_read)
            .await
    }

    /// MarkNotificationUnread; writes nothing when it was already unread.
    pub async fn mark_notification_unread(
        &self,
        cmd: NotificationAction,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_notification(cmd, metadata, notification::mark_unread)
            .await
    }

    /// MarkAllNotificationsRead: every listed notification (the caller lists the
    /// user's unread ones); one changed by someone else meanwhile is skipped.
    pub async fn mark_notifications_read(
        &self,
        user_id: Uuid,
        notification_ids: &[Uuid],
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let mut last = Written {
            output: (),
            position: None,
        };
        for &notification_id in notification_ids {
            let cmd = NotificationAction {
                user_id,
                notification_id,
            };
            match self.mark_notification_read(cmd, metadata.clone()).await {
                Ok(w) if w.position.is_some() => last = w,
                Ok(_) | Err(CommandError::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(last)
    }

    /// DeleteNotification.
    pub async fn delete_notification(
        &self,
        cmd: NotificationAction,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        self.on_notification(cmd, metadata, notification::delete)
            .await
    }

    async fn on_notification(
        &self,
        NotificationAction {
            user_id,
            notification_id,
        }: NotificationAction,
        metadata: Metadata,
        decide: NotificationDecision,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Notification>(notification_id, metadata, |state| {
            decide(state.as_ref(), user_id, now)
        })
        .await
    }
}

/// The append that raises a notice caused by `source`. A policy appends it
/// inside its projector batch (so the notification and the policy's checkpoint
/// commit together); the id is derived from the source, so a second raise of
/// the same notice expects no stream and is refused by the store.
pub fn raise(
    source: Uuid,
    notice: &Notice,
    at: DateTime<Utc>,
    metadata: Metadata,
) -> Result<AppendRequest, CommandError> {
    let id = notification::id_for(source, notice.recipient);
    let new = Loaded::<Notification> {
        state: None,
        version: 0,
    };
    let events = notification::raise(None, id, notice, at)?;
    Ok(append_request::<Notification>(
        id,
        &new,
        &events,
        Effects::default(),
        Metadata {
            causation_id: Some(source),
            ..metadata
        },
    ))
}
