//! Passwords: asking for a reset link, resetting with it, and changing the
//! password while signed in.

use axum::Json;
use axum::extract::State;
use commands::CommandError;
use commands::accounts::{ChangePassword, RequestPasswordReset, ResetPassword};
use domain::DomainError;
use domain::account::{self, Account, PasswordChangeForm, ResetForm};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::RoleInPath;
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::routes::{Message, PathRole, RequestMeta, refusals};

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(change_password))
}

pub const FORGOT_REPLY: &str =
    "If an account exists with this email, a password reset link will be sent.";
pub const PASSWORD_CHANGED: &str =
    "Your password has been changed. You have been signed out on your other devices.";

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangePasswordBody {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
}

/// `{"message": ..., "token": ...}`: the password is changed, and this
/// device's new session (the one it used is over, like every other).
#[derive(Serialize, utoipa::ToSchema)]
struct PasswordChanged {
    message: &'static str,
    token: String,
}

/// A signed-in user of any role changes their password by giving the current
/// one. Every session issued before it ends, the one that asked included;
/// the answer carries a new one for this device.
#[utoipa::path(post, path = "/api/auth/change-password", tag = "auth", security(("candidate" = []), ("employer" = []), ("admin" = [])), request_body = ChangePasswordBody,
    responses(
        (status = 200, description = "Changed; `token` is this device's new session, every older one is refused", body = PasswordChanged),
        (status = 422, description = "`Your current password is not right`, `Please fill in all fields`, the register rule's password text, `This password is too common. Choose one that is harder to guess.`, or `Your new password must be different from your current one`", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords for this account (counted with its sign-ins); see `Retry-After`", body = ErrorBody),
    ))]
async fn change_password(
    State(state): State<AppState>,
    session: crate::auth::Session,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ChangePasswordBody>,
) -> Result<Written<Json<PasswordChanged>>, ApiError> {
    let PasswordChangeForm {
        current_password,
        new_password,
    } = PasswordChangeForm::parse(body.current_password, &body.new_password)?;
    let account = state
        .commands
        .load::<Account>(session.user_id)
        .await?
        .state
        .ok_or_else(ApiError::unauthorized)?;
    // A wrong current password counts as a wrong sign-in, so a session left
    // open on a shared computer cannot be used to guess the password.
    throttle::attempt(
        &state,
        Action::SignIn,
        session.role,
        &account.email,
        &client,
    )
    .await?;
    let changed = state
        .commands
        .change_password(
            ChangePassword {
                account_id: session.user_id,
                current_password,
                new_password,
            },
            meta,
        )
        .await;
    if !matches!(
        changed,
        Err(CommandError::Domain(DomainError::WrongCurrentPassword) | CommandError::Internal(_))
    ) {
        // The current password was right: that is a good sign-in.
        throttle::succeeded(&state, session.role, &account.email, &client).await?;
    }
    let written = changed?;
    crate::auth::issued_after(written.output).await;
    // The same session carries on (an admin keeps the code it passed);
    // every token issued before the change, this request's included, ends.
    let token = state.jwt.issue_grant(&session.grant)?;
    Ok(Written::json(
        written.position,
        PasswordChanged {
            message: PASSWORD_CHANGED,
            token,
        },
    ))
}
#[derive(Deserialize, utoipa::ToSchema)]
struct ForgotBody {
    #[serde(default)]
    email: String,
}

#[utoipa::path(post, path = "/api/auth/{role}/forgot-password", tag = "auth", params(RoleInPath), request_body = ForgotBody,
    responses(
        (status = 200, description = "The same answer whether or not the account exists", body = Message),
        refusals::UnknownRole,
        (status = 422, description = "`Please enter your email`, or not an email", body = ErrorBody),
        (status = 429, description = "Too many requests for this email or from this address; see `Retry-After`", body = ErrorBody),
    ))]
async fn forgot_password(
    State(state): State<AppState>,
    PathRole(role): PathRole,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ForgotBody>,
) -> Result<Json<Message>, ApiError> {
    let email = account::reset_request_email(&body.email)?.to_string();
    // Each request mails the owner: limit them per email and per address.
    throttle::attempt(&state, Action::PasswordReset, role, &email, &client).await?;
    // The same answer whether or not the account exists.
    state
        .commands
        .request_password_reset(RequestPasswordReset { role, email }, meta)
        .await?;
    Ok(Json(Message::new(FORGOT_REPLY)))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    new_password: String,
}

#[utoipa::path(post, path = "/api/auth/{role}/reset-password", tag = "auth", params(RoleInPath), request_body = ResetBody,
    responses(
        (status = 200, description = "The password is changed and every older session ended", body = Message),
        (status = 400, description = "`This reset link is invalid or has expired. Please request a new one.`, `Unknown account type`, or a body that is not JSON", body = ErrorBody),
        (status = 422, description = "The new password breaks the password rule", body = ErrorBody),
    ))]
async fn reset_password(
    State(state): State<AppState>,
    PathRole(role): PathRole,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ResetBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let ResetForm {
        token,
        new_password,
    } = ResetForm::parse(body.token, body.new_password)?;
    let written = state
        .commands
        .reset_password(
            ResetPassword {
                role,
                token,
                new_password,
            },
            meta,
        )
        .await?;
    Ok(Written::message(
        written.position,
        "Password has been reset successfully.",
    ))
}
