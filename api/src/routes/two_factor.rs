//! /api/admin/two-factor: an admin turns on two-factor sign-in for their own
//! account: a new secret shown as a QR code (and as text to type in), then a
//! code from the app to confirm it, which hands back recovery codes once.

use axum::Json;
use axum::extract::State;
use domain::account::Account;
use qrcode::QrCode;
use qrcode::render::svg;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson, ErrorBody};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(setup))
        .routes(routes!(confirm))
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
    AdminUser(admin): AdminUser,
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

#[utoipa::path(post, path = "/api/admin/two-factor/setup", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "A new secret, as text, as an otpauth URL and as a QR code", body = Setup),
        (status = 422, description = "`Two-factor sign-in is already on`", body = ErrorBody)))]
async fn setup(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Setup>>, ApiError> {
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
}

#[utoipa::path(post, path = "/api/admin/two-factor/confirm", tag = "admin", security(("admin" = [])), request_body = ConfirmBody,
    responses((status = 200, description = "`Two-factor sign-in is on`, with ten recovery codes shown this once", body = Confirmed),
        (status = 422, description = "`Enter the code from your app`, a wrong code, or `Start setting up two-factor sign-in first`", body = ErrorBody)))]
async fn confirm(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ConfirmBody>,
) -> Result<Written<Json<Confirmed>>, ApiError> {
    if body.code.trim().is_empty() {
        return Err(ApiError::unprocessable("Enter the code from your app"));
    }
    let written = state
        .commands
        .confirm_two_factor(admin, &body.code, meta)
        .await?;
    Ok(Written::json(
        written.position,
        Confirmed {
            message: "Two-factor sign-in is on",
            recovery_codes: written.output,
        },
    ))
}
