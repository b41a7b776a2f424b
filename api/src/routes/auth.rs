//! /api/auth/*: register, sign in, forgot and reset password, who am I.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use commands::accounts::{
    RegisterAccount, RequestPasswordReset, ResetPassword, SecondFactor, SignIn,
};
use domain::account::{self, Account, Credentials, ResetForm, Role, SelfRegistration};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Message, PathRole, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::auth::{AdminUser, CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson};

pub const FORGOT_REPLY: &str =
    "If an account exists with this email, a password reset link will be sent.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/{role}/login", post(login))
        .route("/api/auth/admin/login/two-factor", post(login_two_factor))
        .route("/api/auth/{role}/register", post(register))
        .route("/api/auth/{role}/forgot-password", post(forgot_password))
        .route("/api/auth/{role}/reset-password", post(reset_password))
        .route("/api/auth/candidate/profile", get(candidate_profile))
        .route("/api/auth/employer/me", get(employer_me))
        .route("/api/auth/admin/me", get(admin_me))
        .route("/api/auth/sign-out-everywhere", post(sign_out_everywhere))
}

pub const SIGNED_OUT_EVERYWHERE: &str =
    "You have been signed out on every device. Sign in again to carry on.";

/// Ends every session of the signed-in account, this one included: tokens
/// issued before now are refused and open sockets close.
async fn sign_out_everywhere(
    State(state): State<AppState>,
    session: crate::auth::Session,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .sign_out_everywhere(session.user_id, meta)
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new(SIGNED_OUT_EVERYWHERE)),
    ))
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

/// `{"token": ..., "user": ...}`: a signed-in session.
#[derive(Serialize)]
struct SignedIn {
    token: String,
    user: UserView,
}

/// What a sign-in answers: a session, or (an admin with two-factor sign-in
/// on) a challenge to exchange for one with a code.
#[derive(Serialize)]
#[serde(untagged)]
enum LoginReply {
    SignedIn(SignedIn),
    TwoFactor {
        two_factor_required: bool,
        challenge: String,
    },
}

/// `{"message": ..., "user": ...}`: a new account and what happens next.
#[derive(Serialize)]
struct Registered {
    message: &'static str,
    user: UserView,
}

#[derive(Deserialize)]
struct LoginBody {
    email: String,
    password: String,
}

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
            let token = state.jwt.issue(account.id, role)?;
            Ok(Json(LoginReply::SignedIn(SignedIn {
                token,
                user: UserView::from(&account),
            })))
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct TwoFactorBody {
    challenge: String,
    /// Six digits from the app, or a recovery code.
    code: String,
}

pub const CHALLENGE_EXPIRED: &str = "Your sign-in has timed out. Please sign in again.";

/// The second step of an admin's sign-in: the challenge from the first, and a
/// code from the app or a recovery code.
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
    if body.code.trim().is_empty() {
        return Err(ApiError::unprocessable("Enter the code from your app"));
    }
    let account = state
        .commands
        .load::<Account>(admin_id)
        .await?
        .state
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, CHALLENGE_EXPIRED))?;
    throttle::attempt(&state, Action::SignIn, Role::Admin, &account.email, &client).await?;
    let meta = commands::Metadata {
        actor_id: Some(admin_id),
        actor_role: Some(commands::Actor::Admin),
        ..meta
    };
    match state
        .commands
        .verify_two_factor(admin_id, SecondFactor::parse(&body.code), meta)
        .await
    {
        Ok(written) => {
            throttle::succeeded(&state, Role::Admin, &account.email, &client).await?;
            Ok(Json(SignedIn {
                token: state.jwt.issue(admin_id, Role::Admin)?,
                user: UserView::from(&written.output),
            }))
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
    PathRole(role): PathRole,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<RegisterBody>,
) -> Result<(StatusCode, Written<Json<Registered>>), ApiError> {
    let sign_up = SelfRegistration::for_role(role)?;
    throttle::attempt_from(&state, Action::Register, &client).await?;
    let registered = state
        .commands
        .register_account(
            RegisterAccount {
                role: sign_up.role(),
                name: body.name,
                email: body.email,
                password: body.password,
                phone: body.phone,
                company: sign_up.company(body.company),
                created_by: None,
            },
            meta,
        )
        .await?;
    let body = Registered {
        message: sign_up.welcome(),
        user: UserView::from(&registered.output),
    };
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
    Ok(Written(
        written.position,
        Json(Message::new("Password has been reset successfully.")),
    ))
}

/// The signed-in user's account, as the "who am I" endpoints answer.
#[derive(Clone, Serialize)]
struct AccountView {
    company: Option<String>,
    created_at: DateTime<Utc>,
    email: String,
    id: Uuid,
    name: String,
    phone: Option<String>,
    role: String,
    status: String,
}

/// The candidate's answer repeats the account under `user` as well.
#[derive(Serialize)]
struct CandidateAccountView {
    #[serde(flatten)]
    account: AccountView,
    user: AccountView,
}

/// Reads the accounts read model; on a miss (a sign-up a moment ago) it waits
/// for the projection to catch up before saying 404.
async fn account_view(state: &AppState, id: Uuid) -> Result<AccountView, ApiError> {
    use projections::read_models::accounts;
    let mut row = accounts::by_id(&state.pool, id).await?;
    if row.is_none() {
        state.wait_for_head().await;
        row = accounts::by_id(&state.pool, id).await?;
    }
    let row = row.ok_or_else(|| ApiError::not_found("Account"))?;
    Ok(AccountView {
        company: row.company,
        created_at: row.created_at,
        email: row.email,
        id: row.id,
        name: row.name,
        phone: row.phone,
        role: row.role,
        status: row.status,
    })
}

async fn candidate_profile(
    State(state): State<AppState>,
    CandidateUser(id): CandidateUser,
) -> Result<Json<CandidateAccountView>, ApiError> {
    let account = account_view(&state, id).await?;
    Ok(Json(CandidateAccountView {
        user: account.clone(),
        account,
    }))
}

async fn employer_me(
    State(state): State<AppState>,
    EmployerUser(id): EmployerUser,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}

async fn admin_me(
    State(state): State<AppState>,
    AdminUser(id): AdminUser,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}
