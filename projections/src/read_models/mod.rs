//! One module per read model: its projector and the queries the API calls.

pub mod access_log;
pub mod accounts;
pub mod agency;
pub mod applications;
pub mod assessments;
pub mod companies;
pub mod contact_messages;
pub mod documents;
pub mod erasures;
pub mod interviews;
pub mod job_alerts;
pub mod job_board;
pub mod notifications;
pub mod profiles;
pub mod reference;
pub mod saved_jobs;
pub mod subject_access;

use uuid::Uuid;

pub(crate) use crate::row_fold::column;

/// The aggregate id in a stream id such as `account-0190...`.
pub(crate) fn stream_uuid(stream_id: &str) -> anyhow::Result<Uuid> {
    let (_, id) = stream_id
        .split_once('-')
        .ok_or_else(|| anyhow::anyhow!("stream id {stream_id} has no id part"))?;
    Ok(Uuid::parse_str(id)?)
}

/// `s` as a literal inside an ILIKE pattern: `%`, `_` and `\` match themselves.
pub(crate) fn escape_like(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
