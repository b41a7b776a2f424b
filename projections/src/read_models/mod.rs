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

/// A nullable closed-choice column, read with `#[sqlx(try_from = "Nullable")]`
/// into an `Option` of the domain's type through its exact reading (its
/// `TryFrom<String>`), as a `NOT NULL` one is read with `try_from = "String"`.
pub struct Nullable(Option<String>);

impl sqlx::Type<sqlx::Postgres> for Nullable {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        <String as sqlx::Type<sqlx::Postgres>>::type_info()
    }

    fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
        <String as sqlx::Type<sqlx::Postgres>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Postgres> for Nullable {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(Self(
            <Option<String> as sqlx::Decode<sqlx::Postgres>>::decode(value)?,
        ))
    }
}

macro_rules! nullable {
    ($($ty:ty),*) => {$(
        impl TryFrom<Nullable> for Option<$ty> {
            type Error = domain::DomainError;

            fn try_from(column: Nullable) -> Result<Self, Self::Error> {
                column.0.map(<$ty>::try_from).transpose()
            }
        }
    )*};
}

nullable!(
    domain::job::JobType,
    domain::job::Specialisation,
    domain::pipeline::RejectionReason,
    domain::pipeline::Stage
);

/// `s` as a literal inside an ILIKE pattern: `%`, `_` and `\` match themselves.
pub(crate) fn escape_like(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
