//! /api/admin/*: employer approval, admin accounts, projection operations.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use commands::accounts::{RegisterAccount, ReviewDecision};
use domain::account::Role;
use projections::read_models::{accounts, contact_messages};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/employers", get(employers))
        .route("/api/admin/employers/{id}/approve", post(approve))
        .route("/api/admin/employers/{id}/reject", post(reject))
        .route("/api/admin/admins", post(create_admin))
        .route("/api/admin/contact-messages", get(contact_messages_list))
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
        && !["pending", "active", "rejected"].contains(&s.as_str())
    {
        return Err(ApiError::unprocessable(
            "Status must be pending, active or rejected",
        ));
    }
    Ok(Json(
        accounts::employers(&state.pool, filter.status.as_deref()).await?,
    ))
}

fn account_id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("Employer"))
}

async fn approve(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let position = state
        .commands
        .review_employer(admin, account_id(&id)?, ReviewDecision::Approve, meta)
        .await?;
    Ok(Written(
        position,
        Json(json!({ "message": "Employer approved" })),
    ))
}

#[derive(Deserialize, Default)]
struct RejectBody {
    reason: Option<String>,
}

async fn reject(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
    body: axum::body::Bytes,
) -> Result<Written<Json<Value>>, ApiError> {
    // The body is optional: no body means no reason.
    let body: RejectBody = if body.iter().all(u8::is_ascii_whitespace) {
        RejectBody::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|_| ApiError::bad_request("Request body is not valid JSON"))?
    };
    let reason = body.reason.filter(|r| !r.trim().is_empty());
    if reason.as_ref().is_some_and(|r| r.len() > 2000) {
        return Err(ApiError::unprocessable(
            "Reason must be at most 2000 characters",
        ));
    }
    let position = state
        .commands
        .review_employer(
            admin,
            account_id(&id)?,
            ReviewDecision::Reject { reason },
            meta,
        )
        .await?;
    Ok(Written(
        position,
        Json(json!({ "message": "Employer rejected" })),
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
) -> Result<(StatusCode, Written<Json<Value>>), ApiError> {
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
        Written(
            registered.position,
            Json(json!({ "id": registered.account.id })),
        ),
    ))
}

async fn contact_messages_list(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Vec<contact_messages::ContactMessage>>, ApiError> {
    Ok(Json(contact_messages::recent(&state.pool, 200).await?))
}

async fn projection_status(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "projectors": projections::status(&state.pool).await? }),
    ))
}

async fn rebuild(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(name): Path<String>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let projector = projections::all()
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| ApiError::not_found("Projector"))?;
    let store = state.store().clone();
    tracing::info!(projector = %name, %admin, "rebuild requested");
    tokio::spawn(async move {
        match projections::rebuild::rebuild(&store, projector.as_ref(), 2000, |_| {}).await {
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
        Json(json!({ "message": format!("Rebuild of {name} started") })),
    ))
}
