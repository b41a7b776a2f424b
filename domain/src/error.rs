//! Domain rejections. Their `Display` texts are the user-facing messages (SPEC 5
//! and 8 where the spec gives one); the api maps each variant to a status once.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DomainError {
    /// A field failed a validation rule; the text is for people.
    #[error("{0}")]
    Invalid(String),
    #[error("An account with this email already exists")]
    EmailTaken,
    /// Someone tried to sign themselves up as an admin.
    #[error("Admin accounts can only be created by an existing administrator")]
    AdminSelfRegistration,
    #[error("Invalid email or password")]
    InvalidCredentials,
    #[error(
        "Your employer account is awaiting approval. We will email you as soon as it is approved."
    )]
    EmployerPending,
    #[error("Your employer account was not approved. Please contact us for details.")]
    EmployerRejected,
    #[error("Your employer account is suspended. Please contact us for details.")]
    EmployerSuspended,
    #[error("This reset link is invalid or has expired. Please request a new one.")]
    InvalidResetToken,
    /// A signed-in password change whose current password was wrong.
    #[error("Your current password is not right")]
    WrongCurrentPassword,
    #[error("Only approved employers can manage job listings")]
    EmployerNotApproved,
    #[error("This employer account is not pending approval")]
    NotPending,
    #[error("You can only change your own job listings")]
    NotJobOwner,
    #[error("This job is already closed")]
    JobClosed,
    #[error("This job is no longer accepting applications")]
    JobNotAccepting,
    #[error("You have already applied for this job")]
    AlreadyApplied,
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0} already exists")]
    AlreadyExists(&'static str),
    /// An account holds as much as it may (documents, storage).
    #[error("{0}")]
    QuotaReached(&'static str),
}

impl DomainError {
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::Invalid(message.into())
    }
}
