//! /api/admin/two-factor: an admin turns on two-factor sign-in for their own
//! account: their password again, a new secret shown as a QR code (and as
//! text to type in), then a code from the app to confirm it, which hands back
//! recovery codes once and ends the account's other sessions. Turning it off
//! takes a code; another admin can reset it (a lost phone). The agency
//! requires it: until it is on, these are all an admin's session can do.

use axum::Json;
use axum::extract::State;
use domain::account::Account;
use qrcode::QrCode;
use qrcode::render::svg;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use commands::accounts::SecondFactor;
use domain::two_factor::CODE_REQUIRED;

use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::jwt::Factor;
use crate::auth::{AdminSession, AdminUser, Session, SteppedUpAdmin};
use crate::error::{ApiError, AppJson, ErrorBody};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(setup))
        .routes(routes!(confirm))
        .routes(routes!(turn_off))
        .routes(routes!(reset))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TwoFactorStatus)]
struct Status {
    enabled: bool,
    recovery_codes_left: usize,
}

#[utoipa::path(get, path = "/api/admin/two-factor", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Whether two-factor sign-in is on for this admin", body = Status)))]
async fn status(
    State(state): State<AppState>,
    AdminSession(admin): AdminSession,
) -> Result<Json<Status>, ApiError> {
    let account = state.commands.load::<Account>(admin).await?.state;
    let totp = account.and_then(|a| a.totp);
    Ok(Json(Status {
        enabled: totp.is_some(),
        recovery_codes_left: totp.map_or(0, |t| t.recovery_code_hashes.len()),
    }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TwoFactorSetup)]
struct Setup {
    secret: String,
    otpauth_url: String,
    /// The otpauth URL as a QR code, an SVG document.
    qr_svg: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = TwoFactorSetupBody)]
struct SetupBody {
    /// The admin's password, again: a session alone does not set it up.
    #[serde(default)]
    password: String,
}

#[utoipa::path(post, path = "/api/admin/two-factor/setup", tag = "admin", security(("admin" = [])), request_body = SetupBody,
    responses((status = 200, description = "A new secret, as text, as an otpauth URL and as a QR code", body = Setup),
        (status = 403, description = "`That password is incorrect`", body = ErrorBody),
        (status = 422, description = "`Enter your password to confirm`, or `Two-factor sign-in is already on`", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords; see `Retry-After`", body = ErrorBody)))]
async fn setup(
    State(state): State<AppState>,
    AdminSession(admin): AdminSession,
    session: Session,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<SetupBody>,
) -> Result<Written<Json<Setup>>, ApiError> {
    crate::auth::reauthenticate(&state, &session, &body.password, &client).await?;
    let written = state.commands.start_two_factor(admin, meta).await?;
    let qr = QrCode::new(written.output.otpauth_url.as_bytes())
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("QR code: {e}")))?;
    let qr_svg = qr
        .render::<svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok(Written::json(
        written.position,
        Setup {
            secret: written.output.secret,
            otpauth_url: written.output.otpauth_url,
            qr_svg,
        },
    ))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = TwoFactorConfirmBody)]
struct ConfirmBody {
    #[serde(default)]
    code: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TwoFactorConfirmed)]
struct Confirmed {
    message: &'static str,
    /// Shown this once; only their hashes are kept.
    recovery_codes: Vec<String>,
    /// A new token for this session, with the code just passed: every other
    /// session of the account has ended.
    token: String,
}

#[utoipa::path(post, path = "/api/admin/two-factor/confirm", tag = "admin", security(("admin" = [])), request_body = ConfirmBody,
    responses((status = 200, description = "`Two-factor sign-in is on`, with ten recovery codes shown this once and a new token for this session; the account's other sessions end", body = Confirmed),
        (status = 422, description = "`Enter the code from your app`, a wrong code, or `Start setting up two-factor sign-in first`", body = ErrorBody)))]
async fn confirm(
    State(state): State<AppState>,
    AdminSession(admin): AdminSession,
    session: Session,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ConfirmBody>,
) -> Result<Written<Json<Confirmed>>, ApiError> {
    if body.code.trim().is_empty() {
        return Err(ApiError::unprocessable(CODE_REQUIRED));
    }
    let written = state
        .commands
        .confirm_two_factor(admin, &body.code, session.session_id(), meta)
        .await?;
    // The code just proved the app: this session carries on with it.
    let token = state
        .jwt
        .issue_grant(&crate::auth::passed(&session, Factor::Code))?;
    Ok(Written::json(
        written.position,
        Confirmed {
            message: "Two-factor sign-in is on",
            recovery_codes: written.output,
            token,
        },
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = TwoFactorTurnedOff)]
struct TurnedOff {
    message: &'static str,
    /// A new token for this session, without a second factor: every token
    /// issued before it has ended.
    token: String,
}

pub const TURNED_OFF: &str =
    "Two-factor sign-in is off. Set it up again to keep using the admin workspace.";

/// The admin turns their own two-factor sign-in off (a new phone: then set
/// up again). The code it takes is its step-up: a fresh second factor,
/// whenever the session last passed one.
#[utoipa::path(post, path = "/api/admin/two-factor/disable", tag = "admin", security(("admin" = [])), request_body = ConfirmBody,
    responses((status = 200, description = "Off; a new token for this session, and every token issued before it ends", body = TurnedOff),
        (status = 422, description = "`Enter the code from your app`, or a wrong or used code", body = ErrorBody)))]
async fn turn_off(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    session: Session,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ConfirmBody>,
) -> Result<Written<Json<TurnedOff>>, ApiError> {
    if body.code.trim().is_empty() {
        return Err(ApiError::unprocessable(CODE_REQUIRED));
    }
    let written = state
        .commands
        .turn_off_two_factor(admin, SecondFactor::parse(&body.code), meta)
        .await?;
    crate::auth::issued_after(written.output).await;
    let token = state
        .jwt
        .issue_grant(&session.grant.clone().password_only())?;
    Ok(Written::json(
        written.position,
        TurnedOff {
            message: TURNED_OFF,
            token,
        },
    ))
}

pub const RESET: &str = "Two-factor sign-in reset. They set it up again when they next sign in.";

/// Another admin's two-factor sign-in is reset (they lost their phone and
/// their recovery codes): their sessions end and they set it up again.
#[utoipa::path(post, path = "/api/admin/admins/{id}/two-factor/reset", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "Reset: every session of that admin ends", body = Message),
        refusals::StepUpRequired,
        (status = 404, description = "`Admin not found`: not an active admin", body = ErrorBody),
        (status = 422, description = "Your own (turn it off on your two-factor screen), or `Two-factor sign-in is not on`", body = ErrorBody)))]
async fn reset(
    State(state): State<AppState>,
    SteppedUpAdmin(me, _): SteppedUpAdmin,
    PathId(id, _): PathId<super::Admin>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state.commands.reset_two_factor(me, id, meta).await?;
    Ok(Written::message(written.position, RESET))
}
