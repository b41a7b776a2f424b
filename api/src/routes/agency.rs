//! /api/admin/jobs, /api/admin/applications, /api/admin/analytics,
//! /api/admin/admins: the agency's view across every client, its moderation,
//! its numbers, and its own staff.

use axum::extract::{Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use commands::agency::{CloseJobByAgency, RemoveAdmin};
use domain::pipeline::Stage;
use projections::read_models::accounts;
use projections::read_models::agency::{self, ApplicationFilter, JobFilter};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/jobs", get(jobs))
        .route("/api/admin/jobs/{id}/close", post(close_job))
        .route("/api/admin/applications", get(applications))
        .route("/api/admin/analytics", get(analytics))
        .route("/api/admin/analytics/applications.csv", get(export))
        .route("/api/admin/admins", get(admins))
        .route("/api/admin/admins/{id}", delete(remove_admin))
}

fn present(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn employer_id(value: Option<String>) -> Result<Option<Uuid>, ApiError> {
    present(value)
        .map(|v| {
            Uuid::parse_str(&v)
                .map_err(|_| ApiError::unprocessable("Choose an employer from the list"))
        })
        .transpose()
}

fn day(value: Option<String>) -> Result<Option<NaiveDate>, ApiError> {
    present(value)
        .map(|v| {
            NaiveDate::parse_from_str(&v, "%Y-%m-%d")
                .map_err(|_| ApiError::unprocessable("Enter dates as YYYY-MM-DD"))
        })
        .transpose()
}

fn range(
    from: Option<String>,
    to: Option<String>,
) -> Result<(Option<NaiveDate>, Option<NaiveDate>), ApiError> {
    let (from, to) = (day(from)?, day(to)?);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(ApiError::unprocessable(
            "The start date must be on or before the end date",
        ));
    }
    Ok((from, to))
}

#[derive(Debug, Deserialize)]
struct JobQuery {
    status: Option<String>,
    employer_id: Option<String>,
    q: Option<String>,
}

async fn jobs(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<JobQuery>,
) -> Result<Json<Vec<agency::AgencyJob>>, ApiError> {
    let status = present(query.status);
    // "open" covers listings past their closing date too: they are still up.
    if let Some(s) = &status
        && !["draft", "open", "closed"].contains(&s.as_str())
    {
        return Err(ApiError::unprocessable(
            "Status must be draft, open or closed",
        ));
    }
    let filter = JobFilter {
        status,
        employer_id: employer_id(query.employer_id)?,
        search: present(query.q),
    };
    Ok(Json(agency::jobs(&state.pool, &filter).await?))
}

#[derive(Debug, Deserialize)]
struct CloseBody {
    #[serde(default)]
    reason: String,
}

async fn close_job(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<routes::Job>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<CloseBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = CloseJobByAgency {
        admin_id: admin,
        job_id: id,
        reason: body.reason,
    };
    let written = state.commands.close_job_by_agency(cmd, meta).await?;
    Ok(Written(written.position, Json(Message::new("Job closed"))))
}

#[derive(Debug, Deserialize)]
struct ApplicationQuery {
    employer_id: Option<String>,
    stage: Option<String>,
    specialisation: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

async fn applications(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<ApplicationQuery>,
) -> Result<Json<Vec<agency::AgencyApplication>>, ApiError> {
    let stage = present(query.stage)
        .map(|s| {
            Stage::parse(&s)
                .map(|stage| stage.as_str().to_owned())
                .map_err(|_| ApiError::unprocessable("Choose a stage from the list"))
        })
        .transpose()?;
    let (from, to) = range(query.from, query.to)?;
    let filter = ApplicationFilter {
        employer_id: employer_id(query.employer_id)?,
        stage,
        specialisation: present(query.specialisation),
        from,
        to,
    };
    Ok(Json(agency::applications(&state.pool, &filter).await?))
}

#[derive(Debug, Deserialize)]
struct RangeQuery {
    from: Option<String>,
    to: Option<String>,
}

async fn analytics(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<RangeQuery>,
) -> Result<Json<agency::Analytics>, ApiError> {
    let (from, to) = range(query.from, query.to)?;
    Ok(Json(agency::analytics(&state.pool, from, to).await?))
}

/// One row per application, nothing personal, for a spreadsheet.
async fn export(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<RangeQuery>,
) -> Result<Response, ApiError> {
    let (from, to) = range(query.from, query.to)?;
    let facts = agency::application_facts(&state.pool, from, to).await?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    for fact in &facts {
        writer
            .serialize(fact)
            .map_err(|e| ApiError::Internal(e.into()))?;
    }
    if facts.is_empty() {
        // Still a header row, so the file opens with its columns named.
        writer
            .write_record([
                "application_id",
                "job_id",
                "job_title",
                "employer",
                "specialisation",
                "location",
                "stage",
                "applied_at",
                "first_response_at",
                "hired_at",
                "withdrawn_at",
            ])
            .map_err(|e| ApiError::Internal(e.into()))?;
    }
    let body = writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("Failed to finish the CSV: {e}")))?;
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"applications.csv\""),
    );
    Ok(response)
}

#[derive(Debug, Serialize)]
struct AdminRow {
    id: Uuid,
    name: String,
    email: String,
    created_at: DateTime<Utc>,
    is_you: bool,
}

async fn admins(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
) -> Result<Json<Vec<AdminRow>>, ApiError> {
    let rows = accounts::admins(&state.pool).await?;
    Ok(Json(
        rows.into_iter()
            .map(|a| AdminRow {
                is_you: a.id == me,
                id: a.id,
                name: a.name,
                email: a.email,
                created_at: a.created_at,
            })
            .collect(),
    ))
}

async fn remove_admin(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::Admin>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let active_admins = accounts::admins(&state.pool).await?.len() as i64;
    let cmd = RemoveAdmin {
        admin_id: me,
        target_id: id,
        active_admins,
    };
    let written = state.commands.remove_admin(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Message::new("Admin removed")),
    ))
}
