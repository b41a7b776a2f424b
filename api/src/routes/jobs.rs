//! Public job reads: the board (SPEC 7.2) and one listing.

use axum::Extension;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use projections::read_models::companies::{self, CompanyProfile};
use projections::read_models::job_board::{self, Job};
use serde::Serialize;
use sqlx::PgPool;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::{AppState, FreshRead};
use crate::error::{ApiError, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes::{self, IdInPath, PathId};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(job_board))
        .routes(routes!(job))
}

#[utoipa::path(get, path = "/api/admin/jobs/job-board", tag = "public",
    responses((status = 200, description = "Open jobs, newest first, not yet expired (SPEC 7.2 keeps this path)", body = Vec<Job>)))]
async fn job_board(
    State(state): State<AppState>,
    reads: ReadPool,
    fresh: Option<Extension<FreshRead>>,
) -> Result<Response, ApiError> {
    Ok(json(board_body(&state, &reads, fresh.is_some()).await?))
}

/// The board's JSON body (cached, see [`crate::public_reads`]): what
/// `GET /api/admin/jobs/job-board` answers, and what the job board page's HTML
/// carries (crate::first_paint), the same bytes. Read from `pool` on a miss.
pub async fn board_body(state: &AppState, pool: &PgPool, fresh: bool) -> Result<Bytes, ApiError> {
    state
        .public_reads
        .get_or_load("job-board", fresh, || async {
            encode(&job_board::open_jobs(pool).await?)
        })
        .await
}

/// A listing with its employer's company profile, when it has one (for the
/// page and its JobPosting `hiringOrganization`).
#[derive(Serialize, utoipa::ToSchema)]
struct PublicJob {
    #[serde(flatten)]
    job: Job,
    company_profile: Option<CompanyProfile>,
}

#[utoipa::path(get, path = "/api/jobs/{id}", tag = "public", params(IdInPath),
    responses(
        (status = 200, description = "One listing (closed and expired ones too: see `status`) with its company profile", body = PublicJob),
        (status = 404, description = "`Job not found` (or a draft)", body = ErrorBody),
    ))]
async fn job(
    State(state): State<AppState>,
    reads: ReadPool,
    fresh: Option<Extension<FreshRead>>,
    PathId(id, _): PathId<routes::Job>,
) -> Result<Response, ApiError> {
    Ok(json(job_body(&state, &reads, id, fresh.is_some()).await?))
}

/// One listing's JSON body (cached): what `GET /api/jobs/{id}` answers, and
/// what the job's page carries in its HTML (crate::first_paint).
pub async fn job_body(
    state: &AppState,
    pool: &PgPool,
    id: uuid::Uuid,
    fresh: bool,
) -> Result<Bytes, ApiError> {
    state
        .public_reads
        .get_or_load(&format!("job/{id}"), fresh, || async {
            let job = job_board::public_job(pool, id)
                .await?
                .ok_or_else(|| ApiError::not_found("Job"))?;
            let company_profile = companies::by_employer(pool, job.employer_id)
                .await?
                .filter(|c| !c.name.is_empty());
            encode(&PublicJob {
                job,
                company_profile,
            })
        })
        .await
}

/// A read's answer encoded once, for the cache and every reader after.
fn encode(value: &impl Serialize) -> Result<Bytes, ApiError> {
    let bytes = serde_json::to_vec(value).map_err(anyhow::Error::from)?;
    Ok(Bytes::from(bytes))
}

fn json(body: Bytes) -> Response {
    ([(CONTENT_TYPE, "application/json")], body).into_response()
}
