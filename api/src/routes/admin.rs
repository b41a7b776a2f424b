//! /api/admin/*: employer approval, admin accounts, projection operations.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use commands::accounts::{
    RegisterAccount, ReinstateEmployer, ReviewDecision, ReviewEmployer, SuspendEmployer,
};
use domain::account::{self, Role};
use projections::read_models::{accounts, companies};
use projections::runtime::ProjectorStatus;

use crate::admin_live::RebuildProgress;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, Message, PathId, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::auth::{AdminUser, SteppedUpAdmin};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(employers))
        .routes(routes!(employer))
        .routes(routes!(accounts_search))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(suspend))
        .routes(routes!(reinstate))
        .routes(routes!(create_admin))
        .routes(routes!(projection_status))
        .routes(routes!(rebuild))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct EmployerFilter {
    /// `pending`, `active`, `rejected` or `suspended`; anything else is 422.
    status: Option<String>,
    /// Name, email or company contains this (any case).
    q: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/employers", tag = "admin", security(("admin" = [])), params(EmployerFilter),
    responses((status = 200, description = "Employers, filtered", body = Vec<accounts::AccountRow>),
        (status = 422, description = "`Status must be pending, active, rejected or suspended`", body = ErrorBody)))]
async fn employers(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(filter): Query<EmployerFilter>,
) -> Result<Json<Vec<accounts::AccountRow>>, ApiError> {
    use domain::account::AccountStatus;
    let status = match filter.status.as_deref().map(AccountStatus::parse) {
        None => None,
        Some(Some(
            s @ (AccountStatus::Pending
            | AccountStatus::Active
            | AccountStatus::Rejected
            | AccountStatus::Suspended),
        )) => Some(s),
        // An admin's status (`removed`) is no employer's.
        Some(Some(AccountStatus::Removed) | None) => {
            return Err(ApiError::unprocessable(
                "Status must be pending, active, rejected or suspended",
            ));
        }
    };
    Ok(Json(
        accounts::employers(&reads, status, filter.q.as_deref()).await?,
    ))
}

/// One employer as staff see it before a decision: the account and the
/// company profile it keeps (none until the employer saves one).
#[derive(Serialize, utoipa::ToSchema)]
struct EmployerRecord {
    account: accounts::AccountRow,
    company: Option<companies::CompanyProfile>,
}

#[utoipa::path(get, path = "/api/admin/employers/{id}", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "One employer: its account and company profile", body = EmployerRecord),
        refusals::EmployerNotFound))]
async fn employer(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
) -> Result<Json<EmployerRecord>, ApiError> {
    let account = accounts::by_id(&reads, id)
        .await?
        .filter(|a| a.role == Role::Employer)
        .ok_or_else(<routes::Employer as routes::Resource>::not_found)?;
    Ok(Json(EmployerRecord {
        company: companies::by_employer(&reads, id).await?,
        account,
    }))
}

/// How many accounts a lookup answers with.
const LOOKUP_LIMIT: i64 = 20;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AccountQuery {
    /// A name, email or company (contains, any case; the first 100
    /// characters count), or an account's id.
    #[serde(default)]
    q: String,
}

#[utoipa::path(get, path = "/api/admin/accounts", tag = "admin", security(("admin" = [])), params(AccountQuery),
    responses((status = 200, description = "Up to 20 accounts of any role: the id's own first, then an exact email, then the newest; none for a blank query", body = Vec<accounts::AccountRow>)))]
async fn accounts_search(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<AccountQuery>,
) -> Result<Json<Vec<accounts::AccountRow>>, ApiError> {
    let q = super::search_text(&query.q);
    if q.is_empty() {
        return Ok(Json(Vec::new()));
    }
    Ok(Json(accounts::search(&reads, &q, LOOKUP_LIMIT).await?))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
struct ApproveBody {
    /// What was checked before approving (an ABN, the website, a call): kept
    /// for the audit, never mailed. At most 2000 characters.
    note: Option<String>,
}

#[utoipa::path(post, path = "/api/admin/employers/{id}/approve", tag = "admin", security(("admin" = [])), params(IdInPath),
    request_body(content = Option<ApproveBody>, description = "Optional: no body means no note"),
    responses((status = 200, description = "`Employer approved` (mailed)", body = Message), refusals::EmployerNotFound,
        refusals::NotPending,
        (status = 422, description = "A note too long", body = ErrorBody)))]
async fn approve(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
    body: axum::body::Bytes,
) -> Result<Written<Json<Message>>, ApiError> {
    let ApproveBody { note } = optional_body(&body)?;
    let written = state
        .commands
        .review_employer(
            ReviewEmployer {
                admin_id: admin,
                employer_id: id,
                decision: ReviewDecision::Approve { note },
            },
            meta,
        )
        .await?;
    Ok(Written::message(written.position, "Employer approved"))
}

/// A JSON body that may be left out: none (or only white space) is `T`'s
/// default. One that is there answers as [`AppJson`] would: 400 when it is
/// not JSON, 422 naming the field when a value has the wrong shape.
fn optional_body<T: Default + serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    Json::<T>::from_bytes(body)
        .map(|Json(value)| value)
        .map_err(ApiError::from)
}

#[utoipa::path(post, path = "/api/admin/employers/{id}/suspend", tag = "admin", security(("admin" = [])), params(IdInPath), request_body = RejectBody,
    responses((status = 200, description = "`Employer suspended` (mailed): its sessions end and its jobs leave the board", body = Message), refusals::EmployerNotFound,
        (status = 422, description = "`Only an approved employer can be suspended`, or a reason too long", body = ErrorBody)))]
async fn suspend(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<RejectBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = SuspendEmployer {
        admin_id: admin,
        employer_id: id,
        reason: body.reason,
    };
    let written = state.commands.suspend_employer(cmd, meta).await?;
    Ok(Written::message(written.position, "Employer suspended"))
}

#[utoipa::path(post, path = "/api/admin/employers/{id}/reinstate", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Employer reinstated` (mailed)", body = Message), refusals::EmployerNotFound,
        (status = 422, description = "`This employer is not suspended`", body = ErrorBody)))]
async fn reinstate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = ReinstateEmployer {
        admin_id: admin,
        employer_id: id,
    };
    let written = state.commands.reinstate_employer(cmd, meta).await?;
    Ok(Written::message(written.position, "Employer reinstated"))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
struct RejectBody {
    reason: Option<String>,
}

#[utoipa::path(post, path = "/api/admin/employers/{id}/reject", tag = "admin", security(("admin" = [])), params(IdInPath),
    request_body(content = Option<RejectBody>, description = "Optional: no body means no reason"),
    responses((status = 200, description = "`Employer rejected` (mailed, with the reason)", body = Message), refusals::EmployerNotFound,
        refusals::NotPending,
        (status = 422, description = "A reason too long", body = ErrorBody)))]
async fn reject(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
    body: axum::body::Bytes,
) -> Result<Written<Json<Message>>, ApiError> {
    let body: RejectBody = optional_body(&body)?;
    let reason = account::rejection_reason(body.reason)?;
    let written = state
        .commands
        .review_employer(
            ReviewEmployer {
                admin_id: admin,
                employer_id: id,
                decision: ReviewDecision::Reject { reason },
            },
            meta,
        )
        .await?;
    Ok(Written::message(written.position, "Employer rejected"))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct NewAdmin {
    name: String,
    email: String,
    password: String,
}

#[utoipa::path(post, path = "/api/admin/admins", tag = "admin", security(("admin" = [])), request_body = NewAdmin,
    responses((status = 201, description = "The new admin's id", body = Saved),
        refusals::StepUpRequired,
        refusals::EmailTaken,
        refusals::FieldRule))]
async fn create_admin(
    State(state): State<AppState>,
    SteppedUpAdmin(admin, _): SteppedUpAdmin,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<NewAdmin>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let registered = state
        .commands
        .register_account(
            RegisterAccount {
                role: Role::Admin,
                name: body.name,
                email: body.email,
                password: body.password,
                phone: None,
                company: None,
                created_by: Some(admin),
            },
            meta,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Written::json(registered.position, Saved::id(registered.output.id)),
    ))
}

#[derive(Serialize, utoipa::ToSchema)]
struct Projectors {
    projectors: Vec<ProjectorStatus>,
    /// This process's latest rebuild, running or finished.
    rebuild: Option<RebuildProgress>,
}

#[utoipa::path(get, path = "/api/admin/projections", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Each projector's position, lag and errors, and this process's latest rebuild", body = Projectors)))]
async fn projection_status(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Projectors>, ApiError> {
    Ok(Json(Projectors {
        projectors: projections::status(&state.pool).await?,
        rebuild: state.admin_live.rebuild(),
    }))
}

#[utoipa::path(post, path = "/api/admin/projections/{name}/rebuild", tag = "admin", security(("admin" = [])),
    params(("name" = String, Path, description = "A projector's name, as GET /api/admin/projections lists it")),
    responses((status = 202, description = "Started; progress goes out on the admins' socket", body = Message),
        (status = 404, description = "`Projector not found`", body = ErrorBody),
        (status = 409, description = "Another rebuild is running in this process", body = ErrorBody)))]
async fn rebuild(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(name): Path<String>,
) -> Result<(StatusCode, Json<Message>), ApiError> {
    let projector = projections::all()
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| ApiError::not_found("Projector"))?;
    let source = state.source();
    let total = state.commands.store.head_position().await?.max(0) as u64;
    state.admin_live.start_rebuild(&name, total)?;
    tracing::info!(projector = %name, %admin, "rebuild requested");
    tokio::spawn(async move {
        let live = &state.admin_live;
        // Progress goes out at most every 250 ms, and always at the end.
        let mut last = std::time::Instant::now();
        let result = projections::rebuild::rebuild(&source, projector.as_ref(), 2000, |done| {
            if last.elapsed() >= std::time::Duration::from_millis(250) {
                last = std::time::Instant::now();
                live.rebuild_progressed(done);
            }
        })
        .await;
        match result {
            Ok(report) => {
                tracing::info!(
                    projector = projector.name(),
                    events = report.events,
                    eps = report.events_per_second(),
                    "rebuild done"
                );
                live.rebuild_progressed(report.events);
                live.rebuild_finished(None);
            }
            Err(e) => {
                let error = format!("{e:#}");
                tracing::error!(projector = projector.name(), %error, "rebuild failed");
                live.rebuild_finished(Some(error));
            }
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(Message::new(format!("Rebuild of {name} started"))),
    ))
}
