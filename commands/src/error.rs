//! The one error type of command handlers. Domain rejections and
//! infrastructure failures travel in different variants.

use domain::DomainError;
use event_store::AppendError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CommandError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// Someone else wrote to the stream first, or claimed the value; the caller
    /// may retry (or a handler turns it into a domain rejection).
    #[error("This record was changed by someone else. Please try again.")]
    Conflict(AppendError),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<AppendError> for CommandError {
    fn from(e: AppendError) -> Self {
        match e {
            AppendError::Internal(e) => Self::Internal(e),
            conflict => Self::Conflict(conflict),
        }
    }
}

impl From<sqlx::Error> for CommandError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(e))
    }
}
