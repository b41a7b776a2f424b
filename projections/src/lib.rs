//! The read side: the projector runtime (checkpoints, catch-up then live,
//! one active runner per projector, retries, rebuilds), one module per read
//! model with the queries the API calls, and the change feed realtime pushes from.
//!
//! Errors: runtime and queries return `anyhow::Result`; a failing projector is
//! recorded in its checkpoint row and retried, it never stops the others.

pub mod changes;
pub mod event_projector;
pub mod read_models;
pub mod rebuild;
pub mod row_fold;
pub mod runtime;
pub mod wait;

pub use changes::{Change, ChangeFeed};
pub use event_projector::{ErasedSubject, EventProjector};
pub use row_fold::{FoldedRow, RowFold, RowOf};
pub use runtime::{
    BoxFuture, Decoded, EventSource, Projector, ProjectorStatus, RuntimeConfig, RuntimeHandle,
    start, status,
};

use std::sync::Arc;

/// Every projector of the product, in a fixed order.
pub fn all() -> Vec<Arc<dyn Projector>> {
    vec![
        Arc::new(read_models::accounts::AccountsProjector),
        Arc::new(read_models::reference::ReferenceProjector),
        Arc::new(read_models::job_board::JobBoardProjector),
        Arc::new(read_models::contact_messages::ContactMessagesProjector),
        Arc::new(read_models::applications::ApplicationsProjector),
        Arc::new(read_models::assessments::AssessmentsProjector),
        Arc::new(read_models::interviews::InterviewsProjector),
        Arc::new(read_models::companies::CompaniesProjector),
        Arc::new(read_models::access_log::AccessLogProjector),
        Arc::new(read_models::documents::DocumentsProjector),
        Arc::new(read_models::profiles::ProfilesProjector),
        Arc::new(read_models::notifications::NotificationsProjector),
        Arc::new(read_models::erasures::ErasuresProjector),
        Arc::new(read_models::saved_jobs::SavedJobsProjector),
        Arc::new(read_models::job_alerts::JobAlertsProjector),
    ]
}
