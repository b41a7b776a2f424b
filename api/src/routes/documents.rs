//! /api/documents/* (SPEC 7.4). A candidate sees and changes only their own
//! documents; an employer may download documents attached to applications to
//! its own jobs. Anything else is 404, never 403: no one learns what exists.

use axum::Json;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{DateTime, Utc};
use commands::Written as Recorded;
use commands::documents::{DeleteDocument, EditDocument, UploadDocument};
use domain::account::Role;
use domain::document;
use domain::document::{Document, DocumentInput, DocumentType, DocumentUploaded, StoredFile};
use projections::read_models::documents;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::auth::{CandidateUser, Session};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::files::{self, DOCUMENT_RULE};
use crate::openapi::FileBytes;
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(stats))
        // Its body limit is the 10 MB rule's and the form's: routes::body_limit.
        .routes(routes!(upload))
        .routes(routes!(edit, remove))
        .routes(routes!(download))
}

/// The multipart form of an upload, as the API document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct DocumentUpload {
    /// The file: .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .gif, up to 10 MB,
    /// its first bytes matching its extension.
    #[schema(value_type = String, format = Binary)]
    document: Vec<u8>,
    title: String,
    description: Option<String>,
    /// `other` when absent.
    document_type: Option<DocumentType>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Documents {
    documents: Vec<documents::Document>,
}

#[utoipa::path(get, path = "/api/documents", operation_id = "list_documents", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The candidate's documents, newest first", body = Documents)))]
async fn list(
    reads: ReadPool,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Documents>, ApiError> {
    Ok(Json(Documents {
        documents: documents::for_owner(&reads, me).await?,
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
struct Stats {
    stats: Vec<documents::Stat>,
}

#[utoipa::path(get, path = "/api/documents/stats", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "How many documents of each type", body = Stats)))]
async fn stats(reads: ReadPool, CandidateUser(me): CandidateUser) -> Result<Json<Stats>, ApiError> {
    Ok(Json(Stats {
        stats: documents::stats(&reads, me).await?,
    }))
}

/// `{"document": {...}}`: a new upload as the candidate's list shows it.
#[derive(Serialize, utoipa::ToSchema)]
struct Uploaded {
    document: UploadedView,
}

#[derive(Serialize, utoipa::ToSchema)]
struct UploadedView {
    created_at: DateTime<Utc>,
    description: Option<String>,
    document_type: DocumentType,
    file_size: i64,
    id: Uuid,
    original_name: String,
    title: String,
}

impl From<DocumentUploaded> for Uploaded {
    fn from(doc: DocumentUploaded) -> Self {
        Self {
            document: UploadedView {
                created_at: doc.uploaded_at,
                description: doc.description,
                document_type: doc.document_type,
                file_size: doc.file_size,
                id: doc.document_id,
                original_name: doc.original_name,
                title: doc.title,
            },
        }
    }
}

/// `{"message": ..., "document": {"id": ...}}`
#[derive(Serialize, utoipa::ToSchema)]
struct Edited {
    document: EditedId,
    message: &'static str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct EditedId {
    id: Uuid,
}

#[utoipa::path(post, path = "/api/documents/upload", tag = "candidate", security(("candidate" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses((status = 201, description = "Stored", body = Uploaded),
        (status = 413, description = "Over 10 MB", body = ErrorBody),
        (status = 415, description = "Not an allowed extension, or content that does not match it", body = ErrorBody),
        (status = 409, description = "Past the quota: 50 documents or 100 MB in all, with what to do", body = ErrorBody),
        (status = 422, description = "No title or no file, an empty file, a title or description too long, an unknown type", body = ErrorBody),
        (status = 429, description = "Too many uploads (40 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<(StatusCode, Written<Json<Uploaded>>), ApiError> {
    throttle::attempt_from(&state, Action::Upload, &client).await?;
    // Full already? Say so before reading the body.
    let (held, held_bytes) = documents::usage(&state.pool, me).await?;
    document::fits_quota(held, held_bytes, 0)?;
    let form = files::read_form(
        multipart,
        &state.files,
        "documents",
        "document",
        &DOCUMENT_RULE,
    )
    .await?;
    // The bytes are stored; a refusal from here on deletes them.
    let (stored, details) = match described(&form, held, held_bytes) {
        Ok(checked) => checked,
        Err(e) => {
            form.discard().await;
            return Err(e.into());
        }
    };
    let id = Uuid::now_v7();
    match state
        .commands
        .upload_document(
            UploadDocument {
                owner_id: me,
                document_id: id,
                details,
            },
            stored,
            meta,
        )
        .await
    {
        Ok(Recorded {
            output: doc,
            position,
        }) => Ok((StatusCode::CREATED, Written::json(position, doc.into()))),
        Err(e) => {
            // Nothing recorded: the bytes must not linger.
            form.discard().await;
            Err(e.into())
        }
    }
}

/// The form's file and what the candidate said about it, if the form is
/// complete, its text fields are within their rules and the file fits the
/// quota.
fn described(
    form: &files::Form,
    held: i64,
    held_bytes: i64,
) -> Result<(StoredFile, DocumentInput<'_>), domain::DomainError> {
    let text = |name: &str| form.text.get(name).map(String::as_str);
    let title = text("title").unwrap_or_default();
    let file = document::titled_file(title, form.file.as_ref())?;
    let details = DocumentInput {
        title,
        description: text("description"),
        document_type: text("document_type").unwrap_or("other"),
    };
    document::details(details.title, details.description, details.document_type)?;
    document::fits_quota(held, held_bytes, file.size as i64)?;
    Ok((file.stored_file(), details))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct EditBody {
    #[serde(default)]
    title: String,
    description: Option<String>,
    /// `cover_letter`, `portfolio`, `certificate` or `other`.
    #[serde(default)]
    document_type: String,
}

#[utoipa::path(put, path = "/api/documents/{id}", operation_id = "edit_document", tag = "candidate", security(("candidate" = [])), params(IdInPath), request_body = EditBody,
    responses((status = 200, description = "`Document updated`", body = Edited), refusals::DocumentNotFound,
        (status = 422, description = "A title or description too long, an unknown type", body = ErrorBody)))]
async fn edit(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<routes::Document>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<EditBody>,
) -> Result<Written<Json<Edited>>, ApiError> {
    let written = state
        .commands
        .edit_document(
            EditDocument {
                owner_id: me,
                document_id: id,
                details: DocumentInput {
                    title: &body.title,
                    description: body.description.as_deref(),
                    document_type: &body.document_type,
                },
            },
            meta,
        )
        .await?;
    Ok(Written::json(
        written.position,
        Edited {
            document: EditedId { id },
            message: "Document updated",
        },
    ))
}

#[utoipa::path(delete, path = "/api/documents/{id}", operation_id = "remove_document", tag = "candidate", security(("candidate" = [])), params(IdInPath),
    responses((status = 200, description = "`Document deleted`", body = Message), refusals::DocumentNotFound))]
async fn remove(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    PathId(id, _): PathId<routes::Document>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = DeleteDocument {
        owner_id: me,
        document_id: id,
    };
    let written = state.commands.delete_document(cmd, meta).await?;
    state.files.delete_once_committed(written.output).await;
    Ok(Written::message(written.position, "Document deleted"))
}

#[utoipa::path(get, path = "/api/documents/{id}/download", operation_id = "download_document", tag = "candidate", security(("candidate" = []), ("employer" = []), ("admin" = [])), params(IdInPath),
    responses((status = 200, description = "The file as an attachment with its original name: for its owner, or an employer it was sent to with an application",
            content((FileBytes = "application/pdf"), (FileBytes = "application/msword"), (FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (FileBytes = "text/plain"), (FileBytes = "image/jpeg"), (FileBytes = "image/png"), (FileBytes = "image/gif"), (FileBytes = "application/octet-stream"))),
        (status = 404, description = "`Document not found`: no such document, or not one this session may read", body = ErrorBody)))]
async fn download(
    State(state): State<AppState>,
    session: Session,
    PathId(id, _): PathId<routes::Document>,
) -> Result<Response, ApiError> {
    // The write side is the authority on ownership (no read-model lag here).
    let doc = state
        .commands
        .load::<Document>(id)
        .await?
        .state
        .filter(|d| !d.deleted)
        .ok_or_else(|| ApiError::not_found("Document"))?;
    let allowed = match session.role {
        Role::Candidate => doc.owner_id == session.user_id,
        Role::Employer => {
            projections::read_models::applications::employer_may_read_document(
                &state.pool,
                session.user_id,
                id,
            )
            .await?
        }
        Role::Admin => false,
    };
    if !allowed {
        return Err(ApiError::not_found("Document"));
    }
    state
        .files
        .download(&doc.storage_key, &doc.original_name, &doc.content_type)
        .await
}
