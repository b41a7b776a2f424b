//! MarkNotificationRead, MarkAllNotificationsRead, DeleteNotification, and the
//! policy step that raises notifications inside a projector's transaction.

use domain::notification::{self, Notice, NotificationEvent, NotificationRaised};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::store::{AppendError, AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent};
use crate::{CommandError, Commands};

impl Commands {
    pub async fn load_notification(
        &self,
        id: Uuid,
    ) -> anyhow::Result<(Option<notification::Notification>, i64)> {
        let (events, version) = self
            .store
            .load::<NotificationEvent>(&notification::stream_id(id))
            .await?;
        Ok((events.iter().fold(None, notification::evolve), version))
    }

    /// `None` when it was already read.
    pub async fn mark_notification_read(
        &self,
        user_id: Uuid,
        id: Uuid,
        metadata: Metadata,
    ) -> Result<Option<i64>, CommandError> {
        let (state, version) = self.load_notification(id).await?;
        let events = notification::mark_read(state.as_ref(), user_id, self.clock.now())?;
        if events.is_empty() {
            return Ok(None);
        }
        Ok(Some(
            self.append_notification(id, version, events, metadata)
                .await?,
        ))
    }

    /// Marks every listed notification read (the caller lists the user's unread ones).
    pub async fn mark_notifications_read(
        &self,
        user_id: Uuid,
        ids: &[Uuid],
        metadata: Metadata,
    ) -> Result<Option<i64>, CommandError> {
        let mut last = None;
        for id in ids {
            match self
                .mark_notification_read(user_id, *id, metadata.clone())
                .await
            {
                Ok(Some(p)) => last = Some(p),
                Ok(None) | Err(CommandError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(last)
    }

    pub async fn delete_notification(
        &self,
        user_id: Uuid,
        id: Uuid,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let (state, version) = self.load_notification(id).await?;
        let events = notification::delete(state.as_ref(), user_id, self.clock.now())?;
        self.append_notification(id, version, events, metadata)
            .await
    }

    async fn append_notification(
        &self,
        id: Uuid,
        version: i64,
        events: Vec<NotificationEvent>,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let request = AppendRequest::new(
            notification::stream_id(id),
            ExpectedVersion::Exact(version),
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, None))
                .collect(),
            metadata,
        );
        Ok(self.store.append(request).await?.position)
    }
}

/// Raises a notice caused by `source` inside the caller's transaction (a policy
/// runs in its projector batch, so the notification and the policy's checkpoint
/// commit together). A notice already raised for this source is skipped.
pub async fn raise_within(
    conn: &mut PgConnection,
    source: Uuid,
    notice: &Notice,
    at: chrono::DateTime<chrono::Utc>,
    metadata: Metadata,
) -> anyhow::Result<bool> {
    let id = notification::id_for(source, notice.recipient);
    let event = NotificationEvent::NotificationRaised(NotificationRaised {
        notification_id: id,
        user_id: notice.recipient,
        user_role: notice.role.to_owned(),
        kind: notice.kind.to_owned(),
        title: notice.title.clone(),
        message: notice.message.clone(),
        created_at: at,
    });
    let request = AppendRequest::new(
        notification::stream_id(id),
        ExpectedVersion::NoStream,
        vec![NewEvent::from_domain(&event, Some(notice.recipient))],
        Metadata {
            causation_id: Some(source),
            ..metadata
        },
    );
    match crate::store::append_within(conn, &request).await {
        Ok(_) => Ok(true),
        Err(AppendError::WrongExpectedVersion { .. }) => Ok(false),
        Err(e) => Err(anyhow::Error::new(e)),
    }
}
