//! The change feed: what a projector changed, published after its batch commits.
//!
//! Projectors emit [`Change`]s; the runtime sends them with `NOTIFY
//! read_model_changes` inside the batch transaction (so they go out exactly when
//! the read model commits), and every process's listener rebroadcasts them
//! locally on an `async-broadcast` channel that socket.io subscribes to.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

pub const CHANNEL: &str = "read_model_changes";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// What changed, e.g. "notification.created".
    pub topic: String,
    /// The user the change concerns; pushes go only to that user's room.
    pub user_id: Option<Uuid>,
    pub data: Value,
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
