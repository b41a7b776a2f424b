//! The one error type of command handlers. Domain rejections and
//! infrastructure failures travel in different variants.

use domain::DomainError;
use thiserror::Error;

use crate::store::AppendError;

#[derive(Debug, Error)]
pub enum CommandError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// Someone else wrote to the stream first; the caller may retry.
    #[error("This record was changed by someone else. Please try again.")]
    Conflict,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<AppendError> for CommandError {
    fn from(e: AppendError) -> Self {
        match e {
            AppendError::WrongExpectedVersion { .. } => Self::Conflict,
            AppendError::Claimed { .. } => Self::Conflict,
            AppendError::Internal(e) => Self::Internal(e),
        }
    }
}

impl From<sqlx::Error> for CommandError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(e))
    }
}
