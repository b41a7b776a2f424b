//! Erasing a person (issue 12): the person themselves from their portal, with
//! their password; an admin with two-factor sign-in for a candidate, an
//! employer user or a contact-form sender; and the admin's record of erasures.

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use chrono_tz::Australia::Sydney;
use commands::erasure::{EraseOutcome, ErasePerson, ErasureTarget};
use domain::erasure::{Grounds, SubjectKind};
use projections::read_models::erasures::{self, ErasureRow};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, PathId, Person, RequestMeta, Resource, refusals};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::{AdminUser, Session, SteppedUpAdmin};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(erase_own_account))
        .routes(routes!(erase_person))
        .routes(routes!(erase_contact_sender))
        .routes(routes!(list))
}

pub const ADMINS_ARE_NOT_ERASED: &str = "Admin accounts are removed by another admin, not erased";
pub const GROUNDS_REQUIRED: &str = "Choose the grounds for this erasure";

#[derive(Deserialize, utoipa::ToSchema)]
struct OwnErasureBody {
    /// The account's password, to confirm.
    #[serde(default)]
    password: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
struct ErasureBody {
    /// `person_asked` or `admin_decision` (`retention_period` is the
    /// retention job's alone).
    #[serde(default)]
    grounds: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct ErasureReply {
    /// `erased`, or `already_erased` (nothing was done now).
    status: &'static str,
    erased_at: DateTime<Utc>,
    message: String,
}

impl ErasureReply {
    fn of(outcome: &EraseOutcome, erased: &'static str) -> Self {
        match outcome {
            EraseOutcome::Erased { at, .. } => Self {
                status: "erased",
                erased_at: *at,
                message: erased.into(),
            },
            EraseOutcome::AlreadyErased { at, .. } => Self {
                status: "already_erased",
                erased_at: *at,
                message: format!(
                    "This person was already erased on {}.",
                    at.with_timezone(&Sydney).format("%-d %b %Y")
                ),
            },
        }
    }
}

/// The person themselves: their password confirms it, and every session they
/// have ends with it.
#[utoipa::path(post, path = "/api/account/erase", tag = "privacy", security(("candidate" = []), ("employer" = [])), request_body = OwnErasureBody,
    responses(
        (status = 200, description = "`Your account and personal data have been erased.`", body = ErasureReply),
        (status = 401, description = "No session", body = ErrorBody),
        (status = 403, description = "`That password is incorrect`, or an admin: `Admin accounts are removed by another admin, not erased`", body = ErrorBody),
        (status = 422, description = "`Enter your password to confirm`", body = ErrorBody),
        (status = 429, description = "Too many attempts; see `Retry-After`", body = ErrorBody),
    ))]
async fn erase_own_account(
    State(state): State<AppState>,
    session: Session,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<OwnErasureBody>,
) -> Result<Written<Json<ErasureReply>>, ApiError> {
    if SubjectKind::of_role(session.role).is_none() {
        return Err(ApiError::new(StatusCode::FORBIDDEN, ADMINS_ARE_NOT_ERASED));
    }
    crate::auth::reauthenticate(&state, &session, &body.password, &client).await?;
    let cmd = ErasePerson::new(
        session.user_id,
        ErasureTarget::Account,
        Grounds::PersonAsked,
        Some(session.user_id),
    );
    let written = crate::privacy::erase(&state, cmd, meta).await?;
    Ok(Written::json(
        written.position,
        ErasureReply::of(
            &written.output,
            "Your account and personal data have been erased.",
        ),
    ))
}

fn grounds(body: &ErasureBody) -> Result<Grounds, ApiError> {
    match body.grounds.as_deref() {
        Some("person_asked") => Ok(Grounds::PersonAsked),
        Some("admin_decision") => Ok(Grounds::AdminDecision),
        _ => Err(ApiError::unprocessable(GROUNDS_REQUIRED)),
    }
}

const ERASED_BY_ADMIN: &str = "Erased. Their personal data is gone; the non-personal facts stay.";

#[utoipa::path(post, path = "/api/admin/people/{id}/erase", tag = "privacy", security(("admin" = [])), params(IdInPath), request_body = ErasureBody,
    responses(
        (status = 200, description = "Erased, or `already_erased` (nothing done)", body = ErasureReply),
        refusals::StepUpRequired,
        (status = 404, description = "`No such person`: no candidate or employer has this id", body = ErrorBody),
        refusals::NoGrounds,
    ))]
async fn erase_person(
    State(state): State<AppState>,
    SteppedUpAdmin(admin, _): SteppedUpAdmin,
    PathId(id, _): PathId<Person>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ErasureBody>,
) -> Result<Written<Json<ErasureReply>>, ApiError> {
    erase_by_admin(&state, admin, id, ErasureTarget::Account, &body, meta).await
}

#[utoipa::path(post, path = "/api/admin/contact-messages/{id}/erase", tag = "privacy", security(("admin" = [])), params(IdInPath), request_body = ErasureBody,
    responses(
        (status = 200, description = "The sender is erased, or `already_erased`", body = ErasureReply),
        refusals::StepUpRequired,
        (status = 404, description = "`No such person`", body = ErrorBody),
        refusals::NoGrounds,
    ))]
async fn erase_contact_sender(
    State(state): State<AppState>,
    SteppedUpAdmin(admin, _): SteppedUpAdmin,
    PathId(id, _): PathId<Person>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ErasureBody>,
) -> Result<Written<Json<ErasureReply>>, ApiError> {
    erase_by_admin(
        &state,
        admin,
        id,
        ErasureTarget::ContactMessage,
        &body,
        meta,
    )
    .await
}

/// An admin's erasure (a session that passed a code within the step-up
/// window): grounds, then the one command.
async fn erase_by_admin(
    state: &AppState,
    admin: uuid::Uuid,
    id: uuid::Uuid,
    target: ErasureTarget,
    body: &ErasureBody,
    meta: event_store::Metadata,
) -> Result<Written<Json<ErasureReply>>, ApiError> {
    let cmd = ErasePerson::new(id, target, grounds(body)?, Some(admin));
    let written = crate::privacy::erase(state, cmd, meta)
        .await
        .map_err(|e| match e {
            ApiError::Status { status, .. } if status == StatusCode::NOT_FOUND => {
                Person::not_found()
            }
            other => other,
        })?;
    Ok(Written::json(
        written.position,
        ErasureReply::of(&written.output, ERASED_BY_ADMIN),
    ))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// 1-500, default 100.
    limit: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ErasureList {
    erasures: Vec<ErasureRow>,
}

#[utoipa::path(get, path = "/api/admin/erasures", operation_id = "list_erasures", tag = "privacy", security(("admin" = [])), params(ListQuery),
    responses((status = 200, description = "Erasures, newest first", body = ErasureList),
        (status = 422, description = "`Limit must be between 1 and 500`", body = ErrorBody)))]
async fn list(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<ListQuery>,
) -> Result<Json<ErasureList>, ApiError> {
    let limit = query.limit.unwrap_or(100);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::unprocessable("Limit must be between 1 and 500"));
    }
    Ok(Json(ErasureList {
        erasures: erasures::list(&reads, limit).await?,
    }))
}
