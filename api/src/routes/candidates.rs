//! Candidates for agency staff: search, one candidate's record (profile,
//! documents, applications), and a document of theirs to read. Opening a
//! record is itself recorded as an event, and the record shows that access
//! log.

use std::time::Duration;

use axum::Json;
use axum::extract::{Query, State};
use axum::response::Response;
use commands::access::RecordCandidateView;
use domain::account::Role;
use domain::document::Document as StoredDocument;
use domain::pipeline::{Progress, Stage};
use projections::read_models::access_log::{self, Access};
use projections::read_models::accounts::{self, AccountRow, AccountRowStatus};
use projections::read_models::applications::{self, Application};
use projections::read_models::documents::{self, Document};
use projections::read_models::profiles;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, PathId, RequestMeta};
use crate::app::AppState;
use crate::auth::AdminUser;
use crate::error::{ApiError, ErrorBody};
use crate::openapi::FileBytes;
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(record))
        .routes(routes!(document))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// Name, email, the profile's skills, summary or location, or a position
    /// held contains this (any case; the first 100 characters count).
    #[serde(default)]
    q: String,
}

#[utoipa::path(get, path = "/api/admin/candidates", tag = "admin", security(("admin" = [])), params(SearchQuery),
    responses((status = 200, description = "Up to 50 candidates", body = Vec<AccountRow>)))]
async fn search(
    reads: ReadPool,
    AdminUser(_): AdminUser,
    Query(query): Query<SearchQuery>,
) -> Result<Json<Vec<AccountRow>>, ApiError> {
    let q = super::search_text(&query.q);
    Ok(Json(accounts::search_candidates(&reads, &q, 50).await?))
}

#[derive(Serialize, utoipa::ToSchema)]
struct CandidateRecord {
    account: AccountRow,
    /// As the candidate last saved it: the read model keeps the domain's `Profile`.
    #[schema(value_type = Option<domain::profile::Profile>)]
    profile: Option<Value>,
    documents: Vec<Document>,
    applications: Vec<RecordApplication>,
    /// Who opened this record and when, newest first (this opening included).
    access_log: Vec<Access>,
}

/// One of the candidate's applications as the agency reads it: what the
/// candidate sees (`status`, and beside it `progress`, the plain words their
/// portal gives it), and where it stands in the employer's pipeline.
#[derive(Serialize, utoipa::ToSchema)]
struct RecordApplication {
    #[serde(flatten)]
    application: Application,
    stage: Stage,
    progress: Progress,
}

#[utoipa::path(get, path = "/api/admin/candidates/{id}", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "One candidate's record; opening it is recorded, and the access log shows it", body = CandidateRecord),
        (status = 404, description = "`Candidate not found`", body = ErrorBody)))]
async fn record(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::Candidate>,
    RequestMeta(meta): RequestMeta,
) -> Result<Json<CandidateRecord>, ApiError> {
    let account = accounts::by_id(&state.pool, id)
        .await?
        .filter(|a| a.role == Role::Candidate)
        .ok_or_else(|| ApiError::not_found("Candidate"))?;
    // Recorded before anything personal is read.
    let written = state
        .commands
        .record_candidate_view(
            RecordCandidateView {
                admin_id: me,
                candidate_id: id,
            },
            meta,
        )
        .await?;
    if let Some(position) = written.position {
        // So the log this answer carries already shows this opening.
        let _ = projections::wait::until_position(
            &state.source(),
            &["access_log"],
            position,
            Duration::from_secs(2),
        )
        .await;
    }
    Ok(Json(CandidateRecord {
        profile: profiles::by_candidate(&state.pool, id)
            .await?
            .and_then(|p| p.profile),
        documents: documents::for_owner(&state.pool, id).await?,
        applications: applications::for_candidate(&state.pool, id)
            .await?
            .into_iter()
            .map(|application| RecordApplication {
                stage: application.stage,
                progress: application.stage.progress(),
                application,
            })
            .collect(),
        access_log: access_log::for_candidate(&state.pool, id, 100).await?,
        account,
    }))
}

/// A candidate's resume or other document, for staff reading their record:
/// shown in the page (`inline`) for a PDF or an image, an attachment otherwise.
/// Only a candidate's files: an employer's logo is public anyway. Opening one
/// is recorded as an opening of the candidate's record, before the file is
/// read, so the record's access log shows it.
#[utoipa::path(get, path = "/api/admin/documents/{id}", tag = "admin", security(("admin" = [])), params(IdInPath),
    responses((status = 200, description = "The file; never cached, never sniffed",
            content((FileBytes = "application/pdf"), (FileBytes = "image/jpeg"), (FileBytes = "image/png"), (FileBytes = "application/msword"), (FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (FileBytes = "text/plain"))),
        (status = 404, description = "`Document not found`: none has this id, it was deleted or erased, or it is not a candidate's", body = ErrorBody)))]
async fn document(
    State(state): State<AppState>,
    AdminUser(me): AdminUser,
    PathId(id, _): PathId<routes::Document>,
    RequestMeta(meta): RequestMeta,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("Document");
    // The write side is the authority on a deletion (no read-model lag here).
    let doc = state
        .commands
        .load::<StoredDocument>(id)
        .await?
        .state
        .filter(|d| !d.deleted)
        .ok_or_else(not_found)?;
    accounts::by_id(&state.pool, doc.owner_id)
        .await?
        .filter(|owner| owner.role == Role::Candidate && owner.status != AccountRowStatus::Erased)
        .ok_or_else(not_found)?;
    state
        .commands
        .record_candidate_view(
            RecordCandidateView {
                admin_id: me,
                candidate_id: doc.owner_id,
            },
            meta,
        )
        .await?;
    state
        .files
        .shown_in_page(&doc.storage_key, &doc.original_name, &doc.content_type)
        .await
}
