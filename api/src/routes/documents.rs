//! /api/documents/* (SPEC 7.4). A candidate sees and changes only their own
//! documents; an employer may download documents attached to applications to
//! its own jobs. Anything else is 404, never 403: no one learns what exists.

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use commands::Written as Recorded;
use commands::documents::{DeleteDocument, EditDocument, UploadDocument};
use domain::account::Role;
use domain::document::{self, content_type_for};
use domain::document::{Document, DocumentInput, DocumentType, DocumentUploaded, StoredFile};
use projections::read_models::documents;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::auth::{CandidateUser, Session};
use crate::error::{ApiError, AppJson};
use crate::files::{self, DOCUMENT_RULE};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/documents", get(list))
        .route("/api/documents/stats", get(stats))
        .route(
            "/api/documents/upload",
            // The 10 MB rule answers 413 with its own text; this is the hard cap.
            post(upload).layer(DefaultBodyLimit::max(
                DOCUMENT_RULE.max_bytes as usize + 256 * 1024,
            )),
        )
        .route("/api/documents/{id}", put(edit).delete(remove))
        .route("/api/documents/{id}/download", get(download))
}

#[derive(Serialize)]
struct Documents {
    documents: Vec<documents::Document>,
}

async fn list(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Documents>, ApiError> {
    Ok(Json(Documents {
        documents: documents::for_owner(&state.pool, me).await?,
    }))
}

#[derive(Serialize)]
struct Stats {
    stats: Vec<documents::Stat>,
}

async fn stats(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Stats>, ApiError> {
    Ok(Json(Stats {
        stats: documents::stats(&state.pool, me).await?,
    }))
}

/// `{"document": {...}}`: a new upload as the candidate's list shows it.
#[derive(Serialize)]
struct Uploaded {
    document: UploadedView,
}

#[derive(Serialize)]
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
#[derive(Serialize)]
struct Edited {
    document: EditedId,
    message: &'static str,
}

#[derive(Serialize)]
struct EditedId {
    id: Uuid,
}

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
    let form = files::read_form(multipart, "document", &DOCUMENT_RULE).await?;
    let title = form
        .text
        .get("title")
        .map(String::as_str)
        .unwrap_or_default();
    let file = document::titled_file(title, form.file)?;
    let description = form.text.get("description").map(String::as_str);
    let document_type = form
        .text
        .get("document_type")
        .map(String::as_str)
        .unwrap_or("other");
    // Check the text fields before writing any bytes.
    document::details(title, description, document_type)?;
    document::fits_quota(held, held_bytes, file.bytes.len() as i64)?;
    let key = state.files.put("documents", &file).await?;
    let stored = StoredFile {
        storage_key: key.clone(),
        original_name: file.original_name.clone(),
        content_type: content_type_for(&file.extension).into(),
        size: file.bytes.len() as i64,
    };
    let id = Uuid::now_v7();
    match state
        .commands
        .upload_document(
            UploadDocument {
                owner_id: me,
                document_id: id,
                details: DocumentInput {
                    title,
                    description,
                    document_type,
                },
            },
            stored,
            meta,
        )
        .await
    {
        Ok(Recorded {
            output: doc,
            position,
        }) => Ok((StatusCode::CREATED, Written(position, Json(doc.into())))),
        Err(e) => {
            // Nothing recorded: the bytes must not linger.
            state.files.delete(&key).await;
            Err(e.into())
        }
    }
}

#[derive(Deserialize)]
struct EditBody {
    #[serde(default)]
    title: String,
    description: Option<String>,
    #[serde(default)]
    document_type: String,
}

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
    Ok(Written(
        written.position,
        Json(Edited {
            document: EditedId { id },
            message: "Document updated",
        }),
    ))
}

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
    state.files.delete(&written.output).await;
    Ok(Written(
        written.position,
        Json(Message::new("Document deleted")),
    ))
}

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
