//! The HTTP edge's one error type. Every failure becomes a status and
//! `{"error": "..."}`; 500s are answered with an opaque text. Answering has no
//! side effects: a failure worth logging or counting rides on its response as
//! a [`Failure`], and one middleware in `app` logs and counts it.

use std::sync::Arc;

use axum::Json;
use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use commands::CommandError;
use domain::DomainError;
use serde::Serialize;

pub const INTERNAL_ERROR: &str = "Something went wrong on our side. Please try again.";

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    Status { status: StatusCode, message: String },
    /// A refusal the web app acts on (asks for a code, sends the admin to set
    /// up two-factor sign-in): its `code` says which.
    #[error("{}", .0.message())]
    Session(SessionRefusal),
    #[error("Too many attempts. Please wait a few minutes and try again.")]
    TooManyRequests { retry_after_secs: u64 },
    /// Something this request needs is away for now (503 with Retry-After):
    /// the text says what, for the person who may try again; the cause is
    /// for the log.
    #[error("{message}")]
    Unavailable {
        message: &'static str,
        cause: anyhow::Error,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self::Status {
            status,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    pub fn unauthorized() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "Your session has expired. Please sign in again.",
        )
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, format!("{what} not found"))
    }
}

/// A failure a response answers for, attached to it so that the middleware
/// in `app` logs it (inside the request's span) and counts it, once, in one
/// place; `into_response` itself has no side effects.
#[derive(Clone)]
pub enum Failure {
    /// A 500: our code, or something it did not expect. Logged with its
    /// cause chain.
    Internal(Arc<anyhow::Error>),
    /// The database could not be reached: a 503, logged and counted.
    DatabaseUnavailable(Arc<anyhow::Error>),
    /// The file store did not answer: a 503, logged and counted.
    StorageUnavailable(Arc<anyhow::Error>),
}

impl Failure {
    /// What kind of failure `cause` is: the database or the file store away,
    /// or else a 500.
    fn of(cause: anyhow::Error) -> Self {
        if crate::files::storage_unavailable(&cause) {
            Self::StorageUnavailable(Arc::new(cause))
        } else if database_unavailable(&cause) {
            Self::DatabaseUnavailable(Arc::new(cause))
        } else {
            Self::Internal(Arc::new(cause))
        }
    }

    /// Logs it with its cause chain, and counts what is counted.
    pub fn record(&self) {
        match self {
            Self::Internal(e) => tracing::error!(error = %format!("{e:#}"), "request failed"),
            Self::DatabaseUnavailable(e) => {
                // Not a bug: the database is away (restarting, failing over,
                // out of connections).
                tracing::warn!(error = %format!("{e:#}"), "database unavailable");
                crate::metrics::database_unavailable();
            }
            Self::StorageUnavailable(e) => {
                tracing::warn!(error = %format!("{e:#}"), "file storage unavailable");
                crate::metrics::storage_unavailable();
            }
        }
    }
}

/// What every failure answers: `{"error": "<text for people>"}`, and for a
/// refusal the web app acts on, its `code`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: String,
    /// `step_up_required` or `two_factor_enrolment_required`; absent on
    /// every other error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
}

impl ErrorBody {
    pub fn new(error: impl Into<String>) -> Self {
        Self {
            error: error.into(),
            code: None,
        }
    }
}

/// Why an admin's session may not do this yet (403 with a `code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionRefusal {
    /// The session has not passed a second factor recently enough.
    StepUpRequired,
    /// The admin has not turned on two-factor sign-in, which the agency requires.
    EnrolmentRequired,
}

pub const STEP_UP_REQUIRED: &str = "Confirm it's you: enter a code from your authenticator app.";
pub const ENROLMENT_REQUIRED: &str = "Turn on two-factor sign-in to use the admin workspace.";

impl SessionRefusal {
    pub fn code(self) -> &'static str {
        match self {
            Self::StepUpRequired => "step_up_required",
            Self::EnrolmentRequired => "two_factor_enrolment_required",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::StepUpRequired => STEP_UP_REQUIRED,
            Self::EnrolmentRequired => ENROLMENT_REQUIRED,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::Status { status, message } => {
                (status, Json(ErrorBody::new(message))).into_response()
            }
            Self::Session(refusal) => (
                StatusCode::FORBIDDEN,
                Json(ErrorBody {
                    error: refusal.message().to_owned(),
                    code: Some(refusal.code()),
                }),
            )
                .into_response(),
            Self::TooManyRequests { retry_after_secs } => {
                let mut res = (
                    StatusCode::TOO_MANY_REQUESTS,
                    Json(ErrorBody::new(self.to_string())),
                )
                    .into_response();
                res.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(retry_after_secs.max(1)),
                );
                res
            }
            Self::Unavailable { message, cause } => {
                with_failure(crate::security::unavailable(message, 5), Failure::of(cause))
            }
            Self::Internal(e) => {
                let failure = Failure::of(e);
                let response = match failure {
                    // The file store is away: a download or an export waits on it.
                    Failure::StorageUnavailable(_) => {
                        crate::security::unavailable(crate::files::FILES_UNAVAILABLE, 5)
                    }
                    // The database is away: say so, and when to try again.
                    Failure::DatabaseUnavailable(_) => crate::security::unavailable(UNAVAILABLE, 2),
                    Failure::Internal(_) => (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        Json(ErrorBody::new(INTERNAL_ERROR)),
                    )
                        .into_response(),
                };
                with_failure(response, failure)
            }
        }
    }
}

fn with_failure(mut response: Response, failure: Failure) -> Response {
    response.extensions_mut().insert(failure);
    response
}

pub const UNAVAILABLE: &str = "The service is briefly unavailable. Please try again in a moment.";

/// Whether an error means "the database cannot be reached right now" rather
/// than "this request is wrong" or "our code is wrong": no connection within
/// the acquire timeout, a connection that broke, or a server shutting down or
/// starting up.
pub fn database_unavailable(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let Some(sqlx_error) = cause.downcast_ref::<sqlx::Error>() else {
            return false;
        };
        match sqlx_error {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed => true,
            // A FATAL error ends the session or refuses to start one (the
            // database is not accepting connections, too many clients, a
            // shutdown); class 08 is a connection exception; 57P01-57P03 are
            // admin shutdown, crash shutdown and cannot connect now.
            sqlx::Error::Database(db) => {
                let fatal = db
                    .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                    .is_some_and(|pg| {
                        matches!(
                            pg.severity(),
                            sqlx::postgres::PgSeverity::Fatal | sqlx::postgres::PgSeverity::Panic
                        )
                    });
                fatal
                    || db.code().is_some_and(|c| {
                        c.starts_with("08") || matches!(&*c, "57P01" | "57P02" | "57P03" | "53300")
                    })
            }
            _ => false,
        }
    })
}

impl From<DomainError> for ApiError {
    fn from(e: DomainError) -> Self {
        let status = match &e {
            DomainError::Invalid(_)
            | DomainError::JobNotAccepting
            | DomainError::WrongCurrentPassword => StatusCode::UNPROCESSABLE_ENTITY,
            DomainError::AlreadyApplied => StatusCode::CONFLICT,
            DomainError::EmailTaken
            | DomainError::AlreadyExists(_)
            | DomainError::NotPending
            | DomainError::JobClosed
            | DomainError::QuotaReached(_) => StatusCode::CONFLICT,
            DomainError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            DomainError::EmployerPending
            | DomainError::EmployerRejected
            | DomainError::EmployerSuspended
            | DomainError::EmployerNotApproved
            | DomainError::NotJobOwner
            | DomainError::AdminSelfRegistration => StatusCode::FORBIDDEN,
            DomainError::InvalidResetToken => StatusCode::BAD_REQUEST,
            DomainError::NotFound(_) => StatusCode::NOT_FOUND,
        };
        Self::new(status, e.to_string())
    }
}

impl From<CommandError> for ApiError {
    fn from(e: CommandError) -> Self {
        match e {
            CommandError::Domain(d) => d.into(),
            CommandError::Conflict(_) => Self::new(StatusCode::CONFLICT, e.to_string()),
            CommandError::Internal(e) => Self::Internal(e),
        }
    }
}

/// Another rebuild holds the one slot: try again when it is done.
impl From<crate::admin_live::AlreadyRunning> for ApiError {
    fn from(e: crate::admin_live::AlreadyRunning) -> Self {
        Self::new(StatusCode::CONFLICT, e.to_string())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(e.into())
    }
}

/// `Json<T>` whose rejections speak the app's error body: malformed JSON is 400,
/// a well-formed body of the wrong shape is 422, a missing JSON content type 415.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct AppJson<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::JsonDataError(e) => {
                let text = e.body_text();
                // A value the domain refused (`parsed`): its own words, as
                // though the handler had parsed it.
                if let Some(refusal) = text.split(REFUSED).nth(1) {
                    return DomainError::invalid(refusal).into();
                }
                Self::unprocessable(format!(
                    "Invalid request: {}",
                    text.trim_start_matches(
                        "Failed to deserialize the JSON body into the target type: "
                    )
                ))
            }
            JsonRejection::JsonSyntaxError(_) => {
                Self::bad_request("Request body is not valid JSON")
            }
            JsonRejection::MissingJsonContentType(_) => Self::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "Expected a JSON body (Content-Type: application/json)",
            ),
            JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "Request body is too large (maximum 1 MB)",
                )
            }
            other => Self::bad_request(other.body_text()),
        }
    }
}

/// A body field the domain reads, for `#[serde(deserialize_with =
/// "crate::error::parsed")]`: the field is the domain's type (a [`Stage`], an
/// [`ApplicationStatus`]), read from a string the way the domain reads it (in
/// any case, say), so the handler takes it as it is. A value the domain
/// refuses answers as the domain refuses it: 422 with its text, not serde's
/// `unknown variant` (`From<JsonRejection>` finds it between [`REFUSED`]s).
///
/// [`Stage`]: domain::pipeline::Stage
/// [`ApplicationStatus`]: domain::application::ApplicationStatus
pub fn parsed<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: TryFrom<String, Error = DomainError>,
{
    let raw = <String as serde::Deserialize>::deserialize(deserializer)?;
    T::try_from(raw).map_err(refused)
}

/// [`parsed`] for a field that may be left out or `null`: `None` then.
pub fn parsed_option<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: TryFrom<String, Error = DomainError>,
{
    <Option<String> as serde::Deserialize>::deserialize(deserializer)?
        .map(|raw| T::try_from(raw).map_err(refused))
        .transpose()
}

fn refused<E: serde::de::Error>(refusal: DomainError) -> E {
    E::custom(format!("{REFUSED}{refusal}{REFUSED}"))
}

/// Marks a domain refusal's text inside serde's message, which adds the
/// field's path before it and the position after it.
const REFUSED: char = '\u{1e}';

impl<T: Serialize> IntoResponse for AppJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use domain::pipeline::Stage;
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    struct MoveBody {
        #[serde(deserialize_with = "parsed")]
        stage: Stage,
    }

    /// The stage `body` gives, or the status and text it is refused with.
    async fn stage_of(body: &'static str) -> Result<Stage, (StatusCode, String)> {
        let request = Request::post("/")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap();
        match AppJson::<MoveBody>::from_request(request, &()).await {
            Ok(AppJson(body)) => Ok(body.stage),
            Err(ApiError::Status { status, message }) => Err((status, message)),
            Err(other) => panic!("not a refusal: {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_parsed_field_reads_as_the_domain_reads_and_is_refused_in_its_words() {
        assert_eq!(stage_of(r#"{"stage": " Offer "}"#).await, Ok(Stage::Offer));
        // The text the handler gave when it parsed the stage itself.
        assert_eq!(
            stage_of(r#"{"stage": "limbo"}"#).await,
            Err((
                StatusCode::UNPROCESSABLE_ENTITY,
                "Stage must be new, screening, interview, offer, hired or rejected".to_owned()
            ))
        );
        // What is not a string at all is still serde's to say.
        let (status, text) = stage_of(r#"{"stage": 3}"#).await.unwrap_err();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            text.starts_with("Invalid request: stage: invalid type"),
            "{text}"
        );
        let (status, text) = stage_of("{}").await.unwrap_err();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            text.starts_with("Invalid request: missing field `stage`"),
            "{text}"
        );
    }
}
