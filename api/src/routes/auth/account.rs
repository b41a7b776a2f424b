//! Becoming an account holder (self sign-up) and the "who am I" answers of
//! each role.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use commands::accounts::RegisterAccount;
use domain::account::{Role, SelfRegistration};
use projections::read_models::accounts::AccountRowStatus;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{RoleInPath, UserView};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::auth::{AdminSession, CandidateUser, EmployerUser};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::routes::{PathRole, RequestMeta, refusals};

pub(super) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(candidate_profile))
        .routes(routes!(employer_me))
        .routes(routes!(admin_me))
}

/// `{"message": ..., "user": ...}`: a new account and what happens next.
#[derive(Serialize, utoipa::ToSchema)]
struct Registered {
    message: &'static str,
    user: UserView,
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
/// The signed-in user's account, as the "who am I" endpoints answer.
#[derive(Clone, Serialize, utoipa::ToSchema)]
struct AccountView {
    company: Option<String>,
    created_at: DateTime<Utc>,
    email: String,
    id: Uuid,
    name: String,
    phone: Option<String>,
    role: Role,
    status: AccountRowStatus,
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
