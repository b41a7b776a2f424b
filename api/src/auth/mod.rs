//! Sessions: HS256 JWTs carrying sub, role, exp and iat; extractors that admit
//! only the right role; throttling of failed sign-ins.

pub mod client_addr;
pub mod jwt;
pub mod throttle;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use domain::account::Role;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;

/// A signed-in user of any role.
#[derive(Debug, Clone, Copy)]
pub struct Session {
    pub user_id: Uuid,
    pub role: Role,
    /// When the token was issued (milliseconds since the epoch).
    pub issued_at_ms: i64,
    /// When it expires (seconds since the epoch).
    pub expires_at: i64,
}

impl<S> FromRequestParts<S> for Session
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // Checked once per request, however many extractors ask.
        if let Some(session) = parts.extensions.get::<Session>() {
            return Ok(*session);
        }
        let state = AppState::from_ref(state);
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        let token = header
            .and_then(|h| h.strip_prefix("Bearer "))
            .ok_or_else(ApiError::unauthorized)?;
        let claims = state
            .jwt
            .verify(token.trim())
            .map_err(|_| ApiError::unauthorized())?;
        let session = Session {
            user_id: claims.sub,
            role: claims.role,
            issued_at_ms: claims.issued_at_ms(),
            expires_at: claims.exp,
        };
        // Sessions end early: with a suspension, an admin's removal, a
        // password reset or a sign-out everywhere.
        still_allowed(&state, &session).await?;
        parts.extensions.insert(session);
        Ok(session)
    }
}

/// A session ends with a suspension (while suspended every request is
/// refused, and a token issued before it stays refused after a reinstatement),
/// an admin's removal, a password reset or a sign-out everywhere. Read from
/// the accounts read model, so it takes effect as soon as the projector has
/// applied the event (milliseconds).
pub(crate) async fn still_allowed(state: &AppState, session: &Session) -> Result<(), ApiError> {
    let check =
        projections::read_models::accounts::session_check(&state.pool, session.user_id).await?;
    let Some(check) = check else { return Ok(()) };
    if check.erased {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "Your session has ended. Please sign in again.",
        ));
    }
    if check.status == "suspended" {
        return Err(domain::DomainError::EmployerSuspended.into());
    }
    if check
        .sessions_not_before
        .is_some_and(|t| session.issued_at_ms <= t.timestamp_millis())
    {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "Your session has ended. Please sign in again.",
        ));
    }
    Ok(())
}

macro_rules! role_extractor {
    ($name:ident, $role:expr, $label:literal) => {
        #[doc = concat!("A signed-in ", $label, "; any other role gets 403.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $name(pub Uuid);

        impl<S> FromRequestParts<S> for $name
        where
            AppState: FromRef<S>,
            S: Send + Sync,
        {
            type Rejection = ApiError;

            async fn from_request_parts(
                parts: &mut Parts,
                state: &S,
            ) -> Result<Self, Self::Rejection> {
                let session = Session::from_request_parts(parts, state).await?;
                if session.role != $role {
                    return Err(ApiError::new(
                        StatusCode::FORBIDDEN,
                        concat!("This area is for ", $label, " accounts"),
                    ));
                }
                Ok(Self(session.user_id))
            }
        }
    };
}

role_extractor!(CandidateUser, Role::Candidate, "candidate");
role_extractor!(EmployerUser, Role::Employer, "employer");
role_extractor!(AdminUser, Role::Admin, "admin");
