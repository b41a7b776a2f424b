//! /api/auth/*: register, sign in, forgot, reset and change password, who am I.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use commands::CommandError;
use commands::accounts::{
    ChangePassword, RegisterAccount, RequestPasswordReset, ResetPassword, SecondFactor, SignIn,
};
use domain::DomainError;
use domain::account::{
    self, Account, Credentials, PasswordChangeForm, ResetForm, Role, SelfRegistration,
};
use domain::two_factor::CODE_REQUIRED;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{Message, PathRole, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::jwt::{Factor, Grant};
use crate::auth::throttle::{self, Action};
use crate::auth::{AdminSession, CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson, ErrorBody};

pub const FORGOT_REPLY: &str =
    "If an account exists with this email, a password reset link will be sent.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(login_two_factor))
        .routes(routes!(register))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(candidate_profile))
        .routes(routes!(employer_me))
        .routes(routes!(admin_me))
        .routes(routes!(sign_out))
        .routes(routes!(sign_out_everywhere))
        .routes(routes!(step_up))
        .routes(routes!(change_password))
}

/// The `{role}` of the auth paths.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct RoleInPath {
    /// Whose sign-in: anything else is 400 `Unknown account type`.
    role: Role,
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
    Ok(Written::json(written.position, Message::new(SIGNED_OUT)))
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
    Ok(Written::json(
        written.position,
        Message::new(SIGNED_OUT_EVERYWHERE),
    ))
}

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

/// What the browser keeps about the signed-in user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UserView {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    /// `pending`, `active`, `rejected` or `suspended`.
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
#[derive(Serialize, utoipa::ToSchema)]
pub struct SignedIn {
    pub token: String,
    pub user: UserView,
    /// An admin without two-factor sign-in, where the agency requires it:
    /// this session may only set it up (everything else answers 403
    /// `two_factor_enrolment_required`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub two_factor_enrolment_required: bool,
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

/// `{"message": ..., "user": ...}`: a new account and what happens next.
#[derive(Serialize, utoipa::ToSchema)]
struct Registered {
    message: &'static str,
    user: UserView,
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

#[derive(Deserialize, utoipa::ToSchema)]
struct RegisterBody {
    name: String,
    email: String,
    password: String,
    phone: Option<String>,
    company: Option<String>,
}

#[utoipa::path(post, path = "/api/auth/{role}/register", tag = "auth", params(RoleInPath), request_body = RegisterBody,
    responses(
        (status = 201, description = "The new account (an employer waits for approval)", body = Registered),
        refusals::UnknownRole,
        (status = 403, description = "Admins cannot sign up", body = ErrorBody),
        refusals::EmailTaken,
        refusals::FieldRule,
        (status = 429, description = "Too many registrations (30 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody),
    ))]
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
        Written::json(registered.position, body),
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
    Ok(Written::json(
        written.position,
        Message::new("Password has been reset successfully."),
    ))
}

/// The signed-in user's account, as the "who am I" endpoints answer.
#[derive(Clone, Serialize, utoipa::ToSchema)]
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
#[derive(Serialize, utoipa::ToSchema)]
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

#[utoipa::path(get, path = "/api/auth/candidate/profile", tag = "auth", security(("candidate" = [])),
    responses(
        (status = 200, description = "The signed-in candidate's account (repeated under `user`)", body = CandidateAccountView),
        refusals::AccountNotFound,
    ))]
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

#[utoipa::path(get, path = "/api/auth/employer/me", tag = "auth", security(("employer" = [])),
    responses(
        (status = 200, description = "The signed-in employer's account", body = AccountView),
        refusals::AccountNotFound,
    ))]
async fn employer_me(
    State(state): State<AppState>,
    EmployerUser(id): EmployerUser,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}

#[utoipa::path(get, path = "/api/auth/admin/me", tag = "auth", security(("admin" = [])),
    responses(
        (status = 200, description = "The signed-in admin's account", body = AccountView),
        refusals::AccountNotFound,
    ))]
async fn admin_me(
    State(state): State<AppState>,
    AdminSession(id): AdminSession,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(account_view(&state, id).await?))
}
