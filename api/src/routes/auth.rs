//! /api/auth/*: register, sign in, forgot, reset and change password, who am I.
//! This file holds the router and the views the groups share; the handlers
//! are in `auth/sessions.rs` (sign in and out, two-factor, step-up),
//! `auth/passwords.rs` and `auth/account.rs` (sign-up, who am I).

use domain::account::{Account, Role};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use uuid::Uuid;

use crate::app::AppState;

mod account;
mod passwords;
mod sessions;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(sessions::routes())
        .merge(passwords::routes())
        .merge(account::routes())
}

/// The `{role}` of the auth paths.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct RoleInPath {
    /// Whose sign-in: anything else is 400 `Unknown account type`.
    role: Role,
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
