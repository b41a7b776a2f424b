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

use crate::admin_live::RebuildProgress;
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
    /// Name, email or company contains this (any case).
    q: Option<String>,
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
        accounts::employers(&state.pool, filter.status.as_deref(), filter.q.as_deref()).await?,
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
    /// This process's latest rebuild, running or finished.
    rebuild: Option<RebuildProgress>,
}

async fn projection_status(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Projectors>, ApiError> {
    Ok(Json(Projectors {
        projectors: projections::status(&state.pool).await?,
        rebuild: state.admin_live.rebuild(),
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
    let total = state.commands.store.head_position().await?.max(0) as u64;
    state
        .admin_live
        .start_rebuild(&name, total)
        .map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
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
