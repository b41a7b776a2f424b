//! /api/admin/jobs, /api/admin/applications, /api/admin/analytics,
//! /api/admin/admins: the agency's view across every client, its moderation,
//! its numbers, and its own staff.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::Response;
use chrono::{DateTime, NaiveDate, Utc};
use commands::agency::{CloseJobByAgency, RemoveAdmin};
use domain::job::Specialisation;
use domain::pipeline::Stage;
use projections::read_models::accounts;
use projections::read_models::agency::{self, ApplicationFilter, JobFilter};
use projections::read_models::job_board::JobStatus;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::pipeline::ReasonOption;
use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::{AdminUser, SteppedUpAdmin};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(jobs))
        .routes(routes!(close_job))
        .routes(routes!(applications))
        .routes(routes!(analytics))
        .routes(routes!(rejection_reasons))
        .routes(routes!(export))
        .routes(routes!(admins))
        .routes(routes!(remove_admin))
}

fn present(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// An optional id from the query string; `refusal` when it is not a UUID.
fn id_param(value: Option<String>, refusal: &'static str) -> Result<Option<Uuid>, ApiError> {
    present(value)
        .map(|v| Uuid::parse_str(&v).map_err(|_| ApiError::unprocessable(refusal)))
        .transpose()
}

fn employer_id(value: Option<String>) -> Result<Option<Uuid>, ApiError> {
    id_param(value, "Choose an employer from the list")
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

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct JobQuery {
    /// `draft`, `open` (past its closing date too) or `closed`; anything else is 422.
    status: Option<String>,
    /// An employer's account id; not a UUID: 422.
    employer_id: Option<String>,
    /// The title, company or location contains this.
    q: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/jobs", tag = "admin", security(("admin" = [])), params(JobQuery),
    responses((status = 200, description = "Every client's jobs, newest 500", body = Vec<agency::AgencyJob>),
        (status = 422, description = "`Status must be draft, open or closed`, or `Choose an employer from the list`", body = ErrorBody)))]
async fn jobs(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<JobQuery>,
) -> Result<Json<Vec<agency::AgencyJob>>, ApiError> {
    // "open" covers listings past their closing date too: they are still up,
    // so `expired` is no filter of its own.
    let status = match present(query.status).as_deref().map(JobStatus::parse) {
        None => None,
        Some(Some(s @ (JobStatus::Draft | JobStatus::Open | JobStatus::Closed))) => Some(s),
        Some(Some(JobStatus::Expired) | None) => {
            return Err(ApiError::unprocessable(
                "Status must be draft, open or closed",
            ));
        }
    };
    let filter = JobFilter {
        status,
        employer_id: employer_id(query.employer_id)?,
        search: present(query.q),
    };
    Ok(Json(agency::jobs(&reads, &filter).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct CloseBody {
    #[serde(default)]
    reason: String,
}

#[utoipa::path(post, path = "/api/admin/jobs/{id}/close", tag = "admin", security(("admin" = [])), params(IdInPath), request_body = CloseBody,
    responses((status = 200, description = "`Job closed`: off the board, the employer is mailed the reason", body = Message),
        (status = 404, description = "`Job not found`", body = ErrorBody),
        (status = 422, description = "`Please give a reason`, a reason over 500 characters, already closed, or a draft", body = ErrorBody)))]
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
    Ok(Written::message(written.position, "Job closed"))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ApplicationQuery {
    /// An employer's account id; not a UUID: 422.
    employer_id: Option<String>,
    /// A job's id: that job's applications only; not a UUID: 422.
    job_id: Option<String>,
    /// A pipeline stage; anything else is 422.
    stage: Option<String>,
    /// One of the nine specialisations; anything else is 422.
    specialisation: Option<String>,
    /// Applied on or after this day, `YYYY-MM-DD`.
    from: Option<String>,
    /// Applied on or before this day, `YYYY-MM-DD`.
    to: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/applications", tag = "admin", security(("admin" = [])), params(ApplicationQuery),
    responses((status = 200, description = "The agency-wide pipeline, newest 500", body = Vec<agency::AgencyApplication>),
        (status = 422, description = "`Choose a stage from the list`, `Choose a specialisation from the list`, `Choose an employer from the list`, `That is not a job's id`, or a bad date range", body = ErrorBody)))]
async fn applications(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<ApplicationQuery>,
) -> Result<Json<Vec<agency::AgencyApplication>>, ApiError> {
    let stage = present(query.stage)
        .map(|s| {
            Stage::parse(&s).map_err(|_| ApiError::unprocessable("Choose a stage from the list"))
        })
        .transpose()?;
    let specialisation = present(query.specialisation)
        .map(|s| {
            Specialisation::parse(&s)
                .map_err(|_| ApiError::unprocessable("Choose a specialisation from the list"))
        })
        .transpose()?;
    let (from, to) = range(query.from, query.to)?;
    let filter = ApplicationFilter {
        employer_id: employer_id(query.employer_id)?,
        job_id: id_param(query.job_id, "That is not a job's id")?,
        stage,
        specialisation,
        from,
        to,
    };
    Ok(Json(agency::applications(&reads, &filter).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct RangeQuery {
    /// Applications made on or after this day, `YYYY-MM-DD`.
    from: Option<String>,
    /// Applications made on or before this day, `YYYY-MM-DD`.
    to: Option<String>,
    /// One client's applications only (an employer's id).
    employer_id: Option<String>,
}

impl RangeQuery {
    fn scope(self) -> Result<agency::Scope, ApiError> {
        let (from, to) = range(self.from, self.to)?;
        Ok(agency::Scope {
            from,
            to,
            employer: employer_id(self.employer_id)?,
        })
    }
}

#[utoipa::path(get, path = "/api/admin/analytics", tag = "admin", security(("admin" = [])), params(RangeQuery),
    responses((status = 200, description = "The numbers for applications made in the range, of one client or all (job alerts are the agency's, whatever the client)", body = agency::Analytics),
        refusals::ScopeRefused))]
async fn analytics(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<RangeQuery>,
) -> Result<Json<agency::Analytics>, ApiError> {
    Ok(Json(agency::analytics(&reads, query.scope()?).await?))
}

/// The reasons a rejection may give, in the hiring teams' words: the agency
/// reads a rejection's code in records and the audit trail by them.
#[utoipa::path(get, path = "/api/admin/rejection-reasons", operation_id = "admin_rejection_reasons", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "The reasons, in form order", body = Vec<ReasonOption>)))]
async fn rejection_reasons(AdminUser(_): AdminUser) -> Json<Vec<ReasonOption>> {
    Json(super::pipeline::reason_options())
}

/// One row per application, nothing personal, for a spreadsheet.
#[utoipa::path(get, path = "/api/admin/analytics/applications.csv", tag = "admin", security(("admin" = [])), params(RangeQuery),
    responses((status = 200, description = "One row per application, nothing personal, as an attachment", content_type = "text/csv", body = String),
        refusals::ScopeRefused))]
async fn export(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<RangeQuery>,
) -> Result<Response, ApiError> {
    let facts = agency::application_facts(&reads, query.scope()?).await?;
    // Still a header row when there are no applications, so the file opens
    // with its columns named.
    let body = crate::csv_file::write(
        &facts,
        &[
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
            "rejection_reason",
            "rejected_from",
            "rejected_at",
        ],
    )?;
    Ok(crate::files::attachment(
        body.into(),
        "text/csv; charset=utf-8",
        "applications.csv",
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct AdminRow {
    id: Uuid,
    name: String,
    email: String,
    created_at: DateTime<Utc>,
    is_you: bool,
    /// Has two-factor sign-in on (only then can another admin reset it).
    two_factor: bool,
}

#[utoipa::path(get, path = "/api/admin/admins", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Admins who can sign in", body = Vec<AdminRow>)))]
async fn admins(
    reads: ReadPool,
    AdminUser(me): AdminUser,
) -> Result<Json<Vec<AdminRow>>, ApiError> {
    let rows = accounts::admins(&reads).await?;
    let with_two_factor = accounts::admins_with_two_factor(&reads).await?;
    Ok(Json(
        rows.into_iter()
            .map(|a| AdminRow {
                is_you: a.id == me,
                two_factor: with_two_factor.contains(&a.id),
                id: a.id,
                name: a.name,
                email: a.email,
                created_at: a.created_at,
            })
            .collect(),
    ))
}

#[utoipa::path(delete, path = "/api/admin/admins/{id}", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "`Admin removed`: their sessions end", body = Message),
        refusals::StepUpRequired,
        (status = 404, description = "`Admin not found`: not an active admin", body = ErrorBody),
        (status = 422, description = "`You cannot remove yourself`, or `You cannot remove the last admin`", body = ErrorBody)))]
async fn remove_admin(
    State(state): State<AppState>,
    SteppedUpAdmin(me, _): SteppedUpAdmin,
    PathId(id, _): PathId<routes::Admin>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = RemoveAdmin {
        admin_id: me,
        target_id: id,
    };
    let written = state.commands.remove_admin(cmd, meta).await?;
    Ok(Written::message(written.position, "Admin removed"))
}
