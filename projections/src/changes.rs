//! The change feed: what a projector changed, published after its batch commits.
//!
//! Projectors emit [`Change`]s; the runtime sends them with `NOTIFY
//! read_model_changes` inside the batch transaction (so they go out exactly when
//! the read model commits), and every process's listener rebroadcasts them
//! locally on an `async-broadcast` channel that socket.io subscribes to.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::read_models::notifications::Notification;

pub const CHANNEL: &str = "read_model_changes";

/// What a projector changed. The compiler checks every kind from the projector
/// that emits it to the socket code that pushes it; it crosses processes as
/// JSON tagged by `topic`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "topic", rename_all = "snake_case")]
pub enum Change {
    /// A job-board row changed (public: no user).
    JobChanged { job_id: Uuid },
    /// An employer's account (approval, suspension, reinstatement, erasure)
    /// or company profile changed: what the public board shows of their
    /// jobs may have changed with it (public: no user; drops the cached
    /// public reads, pushed to nobody).
    EmployerChanged { employer_id: Uuid },
    /// An application the candidate sees changed.
    ApplicationChanged {
        candidate_id: Uuid,
        application_id: Uuid,
    },
    /// An application on an employer's pipeline board changed (a new one, or
    /// a move): pushed to that employer only.
    PipelineChanged {
        employer_id: Uuid,
        job_id: Uuid,
        application_id: Uuid,
    },
    /// A note or scorecard was added to an application: for its employer only.
    AssessmentChanged {
        employer_id: Uuid,
        application_id: Uuid,
    },
    /// The user's sessions were ended (an employer's suspension): close their sockets.
    SessionsEnded { user_id: Uuid },
    /// Every session of the user but one ended (two-factor sign-in turned on
    /// or off): close the other sessions' sockets.
    OtherSessionsEnded { user_id: Uuid, kept_session: Uuid },
    /// One session was signed out: close its sockets.
    SessionEnded { user_id: Uuid, session_id: Uuid },
    NotificationCreated {
        user_id: Uuid,
        notification: Notification,
        unread_count: i64,
    },
    NotificationRead {
        user_id: Uuid,
        notification_id: Uuid,
        unread_count: i64,
    },
    /// Marked unread again: the count it carries is one more.
    NotificationUnread {
        user_id: Uuid,
        notification_id: Uuid,
        unread_count: i64,
    },
    NotificationDeleted {
        user_id: Uuid,
        notification_id: Uuid,
        unread_count: i64,
    },
}

impl Change {
    /// The user the change concerns; pushes go only to that user's room.
    pub fn user_id(&self) -> Option<Uuid> {
        match self {
            Self::JobChanged { .. } | Self::EmployerChanged { .. } => None,
            Self::ApplicationChanged { candidate_id, .. } => Some(*candidate_id),
            Self::PipelineChanged { employer_id, .. }
            | Self::AssessmentChanged { employer_id, .. } => Some(*employer_id),
            Self::SessionsEnded { user_id }
            | Self::OtherSessionsEnded { user_id, .. }
            | Self::SessionEnded { user_id, .. } => Some(*user_id),
            Self::NotificationCreated { user_id, .. }
            | Self::NotificationRead { user_id, .. }
            | Self::NotificationUnread { user_id, .. }
            | Self::NotificationDeleted { user_id, .. } => Some(*user_id),
        }
    }
}

#[derive(Clone)]
pub struct ChangeFeed {
    sender: async_broadcast::Sender<Change>,
    // Kept so the channel stays open while no one is subscribed.
    _keep: async_broadcast::InactiveReceiver<Change>,
}

impl Default for ChangeFeed {
    fn default() -> Self {
        let (mut sender, receiver) = async_broadcast::broadcast(4096);
        // A slow subscriber loses the oldest changes rather than stalling projectors.
        sender.set_overflow(true);
        Self {
            sender,
            _keep: receiver.deactivate(),
        }
    }
}

impl ChangeFeed {
    pub fn subscribe(&self) -> async_broadcast::Receiver<Change> {
        self.sender.new_receiver()
    }

    pub(crate) fn publish(&self, change: Change) {
        let _ = self.sender.try_broadcast(change);
    }
}
