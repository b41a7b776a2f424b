//! Sessions: HS256 JWTs carrying sub, role, exp, iat, the session's id and
//! how it was proved (`jwt`); extractors that admit only the right role, hold
//! an admin to two-factor sign-in, and ask for a recent second factor before a
//! sensitive action; throttling of failed sign-ins.

pub mod client_addr;
pub mod jwt;
pub mod throttle;

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use chrono::{DateTime, Utc};
use domain::account::Role;
use projections::read_models::accounts::AccountRowStatus;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::{ApiError, SessionRefusal};
use jwt::{Factor, Grant, STEP_UP_WINDOW};

/// A signed-in user of any role.
#[derive(Debug, Clone)]
pub struct Session {
    pub user_id: Uuid,
    pub role: Role,
    /// When the token was issued (milliseconds since the epoch).
    pub issued_at_ms: i64,
    /// When it expires (seconds since the epoch).
    pub expires_at: i64,
    /// What the token grants: the session's id, how it was proved and when
    /// it last passed a second factor. A new token for the same session
    /// (a step-up) is issued from it.
    pub grant: Grant,
    /// Whether the account has two-factor sign-in on (read with the session
    /// check, so it costs no extra query).
    pub two_factor_on: bool,
}

impl Session {
    /// The session a verified token stands for, before the session check
    /// (`still_allowed`) has said whether it still may be used.
    pub fn of(claims: &jwt::Claims) -> Self {
        Self {
            user_id: claims.sub,
            role: claims.role,
            issued_at_ms: claims.issued_at_ms(),
            expires_at: claims.exp,
            grant: claims.grant(),
            two_factor_on: false,
        }
    }

    pub fn session_id(&self) -> Uuid {
        self.grant.session_id
    }

    /// Passed a code or a recovery code at some point of this session.
    pub fn passed_second_factor(&self) -> bool {
        self.grant.amr.iter().any(|f| f.is_second())
    }

    /// Passed a second factor within the step-up window.
    pub fn stepped_up_recently(&self) -> bool {
        self.grant
            .mfa_at
            .is_some_and(|at| Utc::now().timestamp() - at <= STEP_UP_WINDOW.num_seconds())
    }

    /// Whether the session must do something about two-factor sign-in before
    /// anything else. A session that passed a code goes on: the account had
    /// it on then, and turning it off ends every session issued before.
    /// One that did not, of an account that has it on (a password-only
    /// session from before it was turned on), steps up; an admin without
    /// it, where the agency requires it, sets it up.
    fn admin_gate(&self, two_factor_required: bool) -> Result<(), ApiError> {
        if self.passed_second_factor() {
            return Ok(());
        }
        if self.two_factor_on {
            return Err(ApiError::Session(SessionRefusal::StepUpRequired));
        }
        if two_factor_required {
            return Err(ApiError::Session(SessionRefusal::EnrolmentRequired));
        }
        Ok(())
    }
}

pub const PASSWORD_REQUIRED: &str = "Enter your password to confirm";
pub const WRONG_PASSWORD: &str = "That password is incorrect";

/// A signed-in user confirms with their password that it is them, before
/// something a stolen token must not do alone (erasing their account,
/// setting up two-factor sign-in). A wrong password counts against the
/// sign-in throttle of the account's email, so a session cannot be used to
/// guess it. Answers the account as loaded.
pub async fn reauthenticate(
    state: &AppState,
    session: &Session,
    password: &str,
    client: &client_addr::ClientKey,
) -> Result<domain::account::Account, ApiError> {
    if password.is_empty() {
        return Err(ApiError::unprocessable(PASSWORD_REQUIRED));
    }
    let account = state
        .commands
        .load::<domain::account::Account>(session.user_id)
        .await?
        .state
        .ok_or_else(ApiError::unauthorized)?;
    throttle::attempt(
        state,
        throttle::Action::SignIn,
        session.role,
        &account.email,
        client,
    )
    .await?;
    // Longer than any password can be set: wrong, without spending a hash on it.
    let settable = password.chars().count() <= domain::validation::MAX_PASSWORD_LEN;
    let matches = settable
        && commands::passwords::verify(password.to_owned(), Some(account.password_hash.clone()))
            .await?;
    if !matches {
        return Err(ApiError::new(StatusCode::FORBIDDEN, WRONG_PASSWORD));
    }
    Ok(account)
}

/// The second factor a session has just passed, for its new token.
pub fn passed(session: &Session, factor: Factor) -> Grant {
    session.grant.clone().passed(factor, Utc::now())
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        // Checked once per request, however many extractors ask.
        if let Some(session) = parts.extensions.get::<Session>() {
            return Ok(session.clone());
        }
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
        let mut session = Session::of(&claims);
        // Sessions end early: with a sign-out, a suspension, an admin's
        // removal, a password reset or a sign-out everywhere.
        session.two_factor_on = still_allowed(state, &session).await?;
        parts.extensions.insert(session.clone());
        Ok(session)
    }
}

/// Waits until the clock is past `moment` to the millisecond: sessions
/// issued at or before a password change or two-factor sign-in turned off
/// are refused, so the token that carries the session on must be issued
/// after it (a quick append can land in the same millisecond).
pub(crate) async fn issued_after(moment: DateTime<Utc>) {
    let ahead = moment.timestamp_millis() + 1 - Utc::now().timestamp_millis();
    if ahead > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(ahead.min(1000) as u64)).await;
    }
}

/// A session ends with its sign-out, a suspension (while suspended every
/// request is refused, and a token issued before it stays refused after a
/// reinstatement), an admin's removal, a password reset, two-factor sign-in
/// turned on or off, or a sign-out everywhere. Read from the accounts read
/// model, so it takes effect as soon as the projector has applied the event
/// (milliseconds). Answers whether the account has two-factor sign-in on.
pub(crate) async fn still_allowed(state: &AppState, session: &Session) -> Result<bool, ApiError> {
    let check = projections::read_models::accounts::session_check(
        &state.pool,
        session.user_id,
        session.session_id(),
    )
    .await?;
    let Some(check) = check else {
        return Ok(false);
    };
    if check.erased {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "Your session has ended. Please sign in again.",
        ));
    }
    if check.status == AccountRowStatus::Suspended {
        return Err(domain::DomainError::EmployerSuspended.into());
    }
    let ended_with_the_others = check
        .sessions_not_before
        .is_some_and(|t| session.issued_at_ms <= t.timestamp_millis())
        && check.kept_session_id != Some(session.session_id());
    if check.signed_out || ended_with_the_others {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "Your session has ended. Please sign in again.",
        ));
    }
    Ok(check.two_factor_on)
}

macro_rules! role_extractor {
    ($name:ident, $role:expr, $label:literal) => {
        #[doc = concat!("A signed-in ", $label, "; any other role gets 403.")]
        #[derive(Debug, Clone, Copy)]
        pub struct $name(pub Uuid);

        impl FromRequestParts<AppState> for $name {
            type Rejection = ApiError;

            async fn from_request_parts(
                parts: &mut Parts,
                state: &AppState,
            ) -> Result<Self, ApiError> {
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
role_extractor!(AdminSession, Role::Admin, "admin");

/// A signed-in admin whose session may use the workspace: where the agency
/// requires two-factor sign-in (`ADMIN_TWO_FACTOR=required`, always outside
/// development) the account has it on, and a session of an account that has
/// it passed it. Every admin route takes this, or [`SteppedUpAdmin`]; only
/// setting two-factor sign-in up takes [`AdminSession`].
#[derive(Debug, Clone, Copy)]
pub struct AdminUser(pub Uuid);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let AdminSession(id) = AdminSession::from_request_parts(parts, state).await?;
        let session = Session::from_request_parts(parts, state).await?;
        let required = state.config.admin_two_factor_required();
        session.admin_gate(required)?;
        Ok(Self(id))
    }
}

/// An admin whose session passed a second factor within the last
/// [`STEP_UP_WINDOW`], for what cannot be undone or reaches beyond the
/// admin's own work: erasing someone, exporting someone else's data, adding
/// or removing an admin, turning two-factor sign-in off or resetting it.
/// Otherwise 403 `step_up_required`: the web app asks for a code
/// (`POST /api/auth/admin/step-up`) and tries again.
#[derive(Debug, Clone)]
pub struct SteppedUpAdmin(pub Uuid, pub Session);

impl FromRequestParts<AppState> for SteppedUpAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let AdminUser(id) = AdminUser::from_request_parts(parts, state).await?;
        let session = Session::from_request_parts(parts, state).await?;
        if !session.stepped_up_recently() {
            return Err(ApiError::Session(
                if session.passed_second_factor() || session.two_factor_on {
                    SessionRefusal::StepUpRequired
                } else {
                    // Development lets an admin work without it; this still needs it.
                    SessionRefusal::EnrolmentRequired
                },
            ));
        }
        Ok(Self(id, session))
    }
}
