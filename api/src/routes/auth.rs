//! /api/auth/*: register, sign in, forgot and reset password, who am I.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use commands::accounts::{RegisterAccount, RequestPasswordReset, ResetPassword, SignIn};
use domain::DomainError;
use domain::account::{Account, Role};
use domain::validation::{FILL_ALL_FIELDS_MESSAGE, FORGOT_EMAIL_MESSAGE};
use serde::{Deserialize, Serialize};
use serde_json::json;
use uuid::Uuid;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::throttle::{self, Action};
use crate::auth::{AdminUser, CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson};

pub const FORGOT_REPLY: &str =
    "If an account exists with this email, a password reset link will be sent.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/{role}/login", post(login))
        .route("/api/auth/{role}/register", post(register))
        .route("/api/auth/{role}/forgot-password", post(forgot_password))
        .route("/api/auth/{role}/reset-password", post(reset_password))
        .route("/api/auth/candidate/profile", get(candidate_profile))
        .route("/api/auth/employer/me", get(employer_me))
        .route("/api/auth/admin/me", get(admin_me))
}

fn parse_role(raw: &str) -> Result<Role, ApiError> {
    Role::parse(raw).ok_or_else(|| ApiError::bad_request("Unknown account type"))
}

/// What the browser keeps about the signed-in user.
#[derive(Debug, Serialize)]
pub struct UserView {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    pub status: &'static str,
}

impl From<&Account> for UserView {
    fn from(a: &Account) -> Self {
        Self {
            id: a.id,
            name: a.name.clone(),
            email: a.email.clone(),
            phone: a.phone.clone(),
            role: a.role,
            company: a.company.clone(),
            status: a.status.as_str(),
        }
    }
}

#[derive(Deserialize)]
struct LoginBody {
    email: String,
    password: String,
}

async fn login(
    State(state): State<AppState>,
    Path(role): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    AppJson(body): AppJson<LoginBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let role = parse_role(&role)?;
    if body.email.trim().is_empty() || body.password.is_empty() {
        return Err(ApiError::unprocessable(
            "Please enter your email and password",
        ));
    }
    if body.email.len() > 254 || body.password.len() > 128 {
        return Err(DomainError::InvalidCredentials.into());
    }
    let addr = Some(peer.ip());
    throttle::check(&state.pool, Action::SignIn, role, &body.email, addr).await?;
    match state
        .commands
        .sign_in(SignIn {
            role,
            email: body.email.clone(),
            password: body.password,
        })
        .await
    {
        Ok(account) => {
            throttle::record_success(&state.pool, role, &body.email).await?;
            let token = state.jwt.issue(account.id, role)?;
            Ok(Json(
                json!({ "token": token, "user": UserView::from(&account) }),
            ))
        }
        Err(commands::CommandError::Domain(DomainError::InvalidCredentials)) => {
            throttle::record(&state.pool, Action::SignIn, role, &body.email, addr).await?;
            Err(DomainError::InvalidCredentials.into())
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct RegisterBody {
    name: String,
    email: String,
    password: String,
    phone: Option<String>,
    company: Option<String>,
}

async fn register(
    State(state): State<AppState>,
    Path(role): Path<String>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<RegisterBody>,
) -> Result<(StatusCode, Written<Json<serde_json::Value>>), ApiError> {
    let role = parse_role(&role)?;
    let message = match role {
        Role::Candidate => "Registration successful! Please log in.",
        Role::Employer => {
            "Thanks for registering. We review every employer account and will email you as soon as yours is approved."
        }
        Role::Admin => {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "Admin accounts can only be created by an existing administrator",
            ));
        }
    };
    let registered = state
        .commands
        .register_account(
            RegisterAccount {
                role,
                name: body.name,
                email: body.email,
                password: body.password,
                phone: body.phone,
                company: if role == Role::Employer {
                    body.company
                } else {
                    None
                },
                created_by: None,
            },
            meta,
        )
        .await?;
    let body = json!({ "message": message, "user": UserView::from(&registered.account) });
    Ok((
        StatusCode::CREATED,
        Written(registered.position, Json(body)),
    ))
}

#[derive(Deserialize)]
struct ForgotBody {
    #[serde(default)]
    email: String,
}

async fn forgot_password(
    State(state): State<AppState>,
    Path(role): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ForgotBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let role = parse_role(&role)?;
    if body.email.trim().is_empty() {
        return Err(ApiError::unprocessable(FORGOT_EMAIL_MESSAGE));
    }
    domain::validation::Email::parse(&body.email)?;
    // Each request mails the owner: limit them per email and per address.
    let addr = Some(peer.ip());
    throttle::check(&state.pool, Action::PasswordReset, role, &body.email, addr).await?;
    throttle::record(&state.pool, Action::PasswordReset, role, &body.email, addr).await?;
    // The same answer whether or not the account exists.
    state
        .commands
        .request_password_reset(
            RequestPasswordReset {
                role,
                email: body.email,
            },
            meta,
        )
        .await?;
    Ok(Json(json!({ "message": FORGOT_REPLY })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    new_password: String,
}

async fn reset_password(
    State(state): State<AppState>,
    Path(role): Path<String>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ResetBody>,
) -> Result<Written<Json<serde_json::Value>>, ApiError> {
    let role = parse_role(&role)?;
    if body.token.trim().is_empty() || body.new_password.is_empty() {
        return Err(ApiError::unprocessable(FILL_ALL_FIELDS_MESSAGE));
    }
    let position = state
        .commands
        .reset_password(
            ResetPassword {
                role,
                token: body.token,
                new_password: body.new_password,
            },
            meta,
        )
        .await?;
    Ok(Written(
        position,
        Json(json!({ "message": "Password has been reset successfully." })),
    ))
}

/// Reads the accounts read model; on a miss (a sign-up a moment ago) it waits
/// for the projection to catch up before saying 404.
async fn account_view(state: &AppState, id: Uuid) -> Result<serde_json::Value, ApiError> {
    use projections::read_models::accounts;
    let mut row = accounts::by_id(&state.pool, id).await?;
    if row.is_none() {
        state.wait_for_head().await;
        row = accounts::by_id(&state.pool, id).await?;
    }
    let row = row.ok_or_else(|| ApiError::not_found("Account"))?;
    Ok(json!({
        "id": row.id, "name": row.name, "email": row.email, "phone": row.phone, "role": row.role,
        "company": row.company, "status": row.status, "created_at": row.created_at,
    }))
}

async fn candidate_profile(
    State(state): State<AppState>,
    CandidateUser(id): CandidateUser,
) -> Result<Json<serde_json::Value>, ApiError> {
    let mut view = account_view(&state, id).await?;
    view["user"] = view.clone();
    Ok(Json(view))
}

async fn employer_me(
    State(state): State<AppState>,
    EmployerUser(id): EmployerUser,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}

async fn admin_me(
    State(state): State<AppState>,
    AdminUser(id): AdminUser,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}
