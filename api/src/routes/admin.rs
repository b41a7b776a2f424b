//! /api/admin/*: employer approval, admin accounts, projection operations.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use commands::accounts::{
    RegisterAccount, ReinstateEmployer, ReviewDecision, ReviewEmployer, SuspendEmployer,
};
use domain::account::{self, Role};
use projections::read_models::accounts;
use projections::runtime::ProjectorStatus;
use serde::{Deserialize, Serialize};

use super::{Message, PathId, RequestMeta, Saved};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/employers", get(employers))
        .route("/api/admin/employers/{id}/approve", post(approve))
        .route("/api/admin/employers/{id}/reject", post(reject))
        .route("/api/admin/employers/{id}/suspend", post(suspend))
        .route("/api/admin/employers/{id}/reinstate", post(reinstate))
        .route("/api/admin/admins", post(create_admin))
        .route("/api/admin/projections", get(projection_status))
        .route("/api/admin/projections/{name}/rebuild", post(rebuild))
}

#[derive(Deserialize)]
struct EmployerFilter {
    status: Option<String>,
}

async fn employers(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(filter): Query<EmployerFilter>,
) -> Result<Json<Vec<accounts::AccountRow>>, ApiError> {
    if let Some(s) = &filter.status
        && !["pending", "active", "rejected", "suspended"].contains(&s.as_str())
    {
        return Err(ApiError::unprocessable(
            "Status must be pending, active, rejected or suspended",
        ));
    }
    Ok(Json(
        accounts::employers(&state.pool, filter.status.as_deref()).await?,
    ))
}

async fn approve(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let written = state
        .commands
        .review_employer(
            ReviewEmployer {
                admin_id: admin,
                employer_id: id,
                decision: ReviewDecision::Approve,
            },
            meta,
        )
        .await?;
    Ok(Written(
        written.position,
        Json(Message::new("Employer approved")),
    ))
}

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
    Ok(Written(
        written.position,
        Json(Message::new("Employer suspended")),
    ))
}

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
    Ok(Written(
        written.position,
        Json(Message::new("Employer reinstated")),
    ))
}

#[derive(Deserialize, Default)]
struct RejectBody {
    reason: Option<String>,
}

async fn reject(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Employer>,
    RequestMeta(meta): RequestMeta,
    body: axum::body::Bytes,
) -> Result<Written<Json<Message>>, ApiError> {
    // The body is optional: no body means no reason.
    let body: RejectBody = if body.iter().all(u8::is_ascii_whitespace) {
        RejectBody::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|_| ApiError::bad_request("Request body is not valid JSON"))?
    };
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
    Ok(Written(
        written.position,
        Json(Message::new("Employer rejected")),
    ))
}

#[derive(Deserialize)]
struct NewAdmin {
    name: String,
    email: String,
    password: String,
}

async fn create_admin(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
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
        Written(registered.position, Json(Saved::id(registered.output.id))),
    ))
}

#[derive(Serialize)]
struct Projectors {
    projectors: Vec<ProjectorStatus>,
}

async fn projection_status(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Projectors>, ApiError> {
    Ok(Json(Projectors {
        projectors: projections::status(&state.pool).await?,
    }))
}

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
    tracing::info!(projector = %name, %admin, "rebuild requested");
    tokio::spawn(async move {
        match projections::rebuild::rebuild(&source, projector.as_ref(), 2000, |_| {}).await {
            Ok(report) => tracing::info!(
                projector = projector.name(),
                events = report.events,
                eps = report.events_per_second(),
                "rebuild done"
            ),
            Err(e) => {
                tracing::error!(projector = projector.name(), error = %format!("{e:#}"), "rebuild failed")
            }
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(Message::new(format!("Rebuild of {name} started"))),
    ))
}
