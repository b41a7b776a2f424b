//! Sessions: HS256 JWTs carrying sub, role, exp and iat; extractors that admit
//! only the right role; throttling of failed sign-ins.

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
}

impl<S> FromRequestParts<S> for Session
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
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
        Ok(Session {
            user_id: claims.sub,
            role: claims.role,
        })
    }
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
