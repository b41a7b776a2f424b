//! Signing in (with an admin's second step), stepping up, and signing out of
//! one session or all of them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use commands::accounts::{SecondFactor, SignIn};
use domain::account::{Account, Credentials, Role};
use domain::two_factor::CODE_REQUIRED;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{RoleInPath, SignedIn, UserView};
use crate::app::{AppState, Written};
use crate::auth::AdminSession;
use crate::auth::client_addr::Client;
use crate::auth::jwt::{Factor, Grant};
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::routes::{Message, PathRole, RequestMeta, refusals};

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(login_two_factor))
        .routes(routes!(sign_out))
        .routes(routes!(sign_out_everywhere))
        .routes(routes!(step_up))
}

pub const SIGNED_OUT: &str = "You have signed out.";

/// Ends the session this token belongs to: its tokens are refused from now
/// on and its sockets close. Other sessions of the account carry on.
#[utoipa::path(post, path = "/api/auth/sign-out", tag = "auth", security(("candidate" = []), ("employer" = []), ("admin" = [])),
    responses((status = 200, description = "This session's tokens are refused from now on", body = Message)))]
async fn sign_out(
    State(state): State<AppState>,
    session: crate::auth::Session,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .sign_out(session.user_id, session.session_id(), meta)
        .await?;
    Ok(Written::message(written.position, SIGNED_OUT))
}

pub const SIGNED_OUT_EVERYWHERE: &str =
    "You have been signed out on every device. Sign in again to carry on.";

/// Ends every session of the signed-in account, this one included: tokens
/// issued before now are refused and open sockets close.
#[utoipa::path(post, path = "/api/auth/sign-out-everywhere", tag = "auth", security(("candidate" = []), ("employer" = []), ("admin" = [])),
    responses((status = 200, description = "Every token issued before now is refused from now on, this one too", body = Message)))]
async fn sign_out_everywhere(
    State(state): State<AppState>,
    session: crate::auth::Session,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .sign_out_everywhere(session.user_id, meta)
        .await?;
    Ok(Written::message(written.position, SIGNED_OUT_EVERYWHERE))
}
/// What a sign-in answers: a session, or (an admin with two-factor sign-in
/// on) a challenge to exchange for one with a code.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
enum LoginReply {
    SignedIn(SignedIn),
    TwoFactor {
        two_factor_required: bool,
        challenge: String,
    },
}
#[derive(Deserialize, utoipa::ToSchema)]
struct LoginBody {
    email: String,
    password: String,
}

#[utoipa::path(post, path = "/api/auth/{role}/login", tag = "auth", params(RoleInPath), request_body = LoginBody,
    responses(
        (status = 200, description = "A session, or (an admin with two-factor sign-in on) a challenge for the second step", body = LoginReply),
        refusals::UnknownRole,
        (status = 401, description = "`Invalid email or password`", body = ErrorBody),
        (status = 403, description = "An employer that is pending, rejected or suspended", body = ErrorBody),
        (status = 422, description = "An email or password missing", body = ErrorBody),
        (status = 429, description = "Too many attempts for this email or from this address; see `Retry-After`", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    PathRole(role): PathRole,
    Client(client): Client,
    AppJson(body): AppJson<LoginBody>,
) -> Result<Json<LoginReply>, ApiError> {
    let Credentials { email, password } = Credentials::parse(body.email, body.password)?;
    throttle::attempt(&state, Action::SignIn, role, &email, &client).await?;
    match state
        .commands
        .sign_in(SignIn {
            role,
            email: email.clone(),
            password,
        })
        .await
    {
        Ok(account) if account.totp.is_some() => {
            // The password was right; the session waits for the code. Failed
            // codes count against the same sign-in throttle.
            Ok(Json(LoginReply::TwoFactor {
                two_factor_required: true,
                challenge: state.jwt.issue_challenge(account.id)?,
            }))
        }
        Ok(account) => {
            throttle::succeeded(&state, role, &email, &client).await?;
            crate::privacy::record_sign_in(&state.pool, account.id).await?;
            let token = state.jwt.issue(account.id, role)?;
            Ok(Json(LoginReply::SignedIn(SignedIn {
                token,
                user: UserView::from(&account),
                two_factor_enrolment_required: role == Role::Admin
                    && state.config.admin_two_factor_required(),
            })))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
struct TwoFactorBody {
    challenge: String,
    /// Six digits from the app, or a recovery code.
    code: String,
}

pub const CHALLENGE_EXPIRED: &str = "Your sign-in has timed out. Please sign in again.";

/// The second step of an admin's sign-in: the challenge from the first, and a
/// code from the app or a recovery code.
#[utoipa::path(post, path = "/api/auth/admin/login/two-factor", tag = "auth", request_body = TwoFactorBody,
    responses(
        (status = 200, description = "A session", body = SignedIn),
        (status = 401, description = "`Your sign-in has timed out. Please sign in again.`: the challenge is not valid", body = ErrorBody),
        (status = 422, description = "The code is missing, wrong or already used", body = ErrorBody),
        (status = 429, description = "Too many attempts; see `Retry-After`", body = ErrorBody),
    ))]
async fn login_two_factor(
    State(state): State<AppState>,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<TwoFactorBody>,
) -> Result<Json<SignedIn>, ApiError> {
    let admin_id = state
        .jwt
        .verify_challenge(body.challenge.trim())
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, CHALLENGE_EXPIRED))?;
    let meta = commands::Metadata {
        actor_id: Some(admin_id),
        actor_role: Some(commands::Actor::Admin),
        ..meta
    };
    let (passed, account) = pass_second_factor(&state, admin_id, &body.code, &client, meta)
        .await
        .map_err(|e| match e {
            ApiError::Status { status, .. } if status == StatusCode::UNAUTHORIZED => {
                ApiError::new(StatusCode::UNAUTHORIZED, CHALLENGE_EXPIRED)
            }
            other => other,
        })?;
    let grant = Grant::password(admin_id, Role::Admin).passed(passed, Utc::now());
    Ok(Json(SignedIn {
        token: state.jwt.issue_grant(&grant)?,
        user: UserView::from(&account),
        two_factor_enrolment_required: false,
    }))
}

/// A code or a recovery code checked for `admin_id`, at sign-in or a
/// step-up alike: wrong ones count against the sign-in throttle of the
/// admin's email, and a right one gives its attempt back. Answers which
/// factor it was and the account; an account that is not there is 401.
async fn pass_second_factor(
    state: &AppState,
    admin_id: Uuid,
    code: &str,
    client: &crate::auth::client_addr::ClientKey,
    meta: commands::Metadata,
) -> Result<(Factor, Account), ApiError> {
    if code.trim().is_empty() {
        return Err(ApiError::unprocessable(CODE_REQUIRED));
    }
    let account = state
        .commands
        .load::<Account>(admin_id)
        .await?
        .state
        .ok_or_else(ApiError::unauthorized)?;
    throttle::attempt(state, Action::SignIn, Role::Admin, &account.email, client).await?;
    let factor = SecondFactor::parse(code);
    let passed = factor_of(&factor);
    let written = state
        .commands
        .verify_two_factor(admin_id, factor, meta)
        .await?;
    throttle::succeeded(state, Role::Admin, &account.email, client).await?;
    Ok((passed, written.output))
}

/// Which factor of a session's `amr` a second step passed.
pub fn factor_of(factor: &SecondFactor) -> Factor {
    match factor {
        SecondFactor::Code(_) => Factor::Code,
        SecondFactor::RecoveryCode(_) => Factor::RecoveryCode,
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
struct StepUpBody {
    /// Six digits from the app, or a recovery code.
    #[serde(default)]
    code: String,
}

/// A signed-in admin proves the second factor again before a sensitive
/// action (an erasure, someone else's data, admins, two-factor itself): a
/// new token for the same session, good for such actions for 15 minutes.
#[utoipa::path(post, path = "/api/auth/admin/step-up", tag = "auth", security(("admin" = [])), request_body = StepUpBody,
    responses(
        (status = 200, description = "A new token for this session, with the second factor passed now", body = SignedIn),
        (status = 422, description = "The code is missing, wrong or already used, or two-factor sign-in is not on", body = ErrorBody),
        (status = 429, description = "Too many attempts; see `Retry-After`", body = ErrorBody),
    ))]
async fn step_up(
    State(state): State<AppState>,
    AdminSession(admin_id): AdminSession,
    session: crate::auth::Session,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<StepUpBody>,
) -> Result<Json<SignedIn>, ApiError> {
    let (passed, account) = pass_second_factor(&state, admin_id, &body.code, &client, meta).await?;
    Ok(Json(SignedIn {
        token: state
            .jwt
            .issue_grant(&crate::auth::passed(&session, passed))?,
        user: UserView::from(&account),
        two_factor_enrolment_required: false,
    }))
}
