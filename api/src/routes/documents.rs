//! /api/documents/* (SPEC 7.4). A candidate sees and changes only their own
//! documents; an employer may download documents attached to applications to
//! its own jobs. Anything else is 404, never 403: no one learns what exists.

use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use commands::documents::{StoredFile, UploadDocument};
use domain::account::Role;
use domain::document::content_type_for;
use projections::read_models::documents;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::{CandidateUser, Session};
use crate::error::{ApiError, AppJson};
use crate::files::{self, DOCUMENT_RULE};

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

fn doc_id(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::not_found("Document"))
}

async fn list(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "documents": documents::for_owner(&state.pool, me).await? }),
    ))
}

async fn stats(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "stats": documents::stats(&state.pool, me).await? }),
    ))
}

async fn upload(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<(StatusCode, Written<Json<Value>>), ApiError> {
    let form = files::read_form(multipart, "document", &DOCUMENT_RULE).await?;
    let title = form
        .text
        .get("title")
        .map(String::as_str)
        .unwrap_or_default();
    let Some(file) = form.file.filter(|_| !title.trim().is_empty()) else {
        return Err(ApiError::unprocessable(
            "Please provide a title and select a file",
        ));
    };
    let description = form.text.get("description").map(String::as_str);
    let document_type = form
        .text
        .get("document_type")
        .map(String::as_str)
        .unwrap_or("other");
    // Check the text fields before writing any bytes.
    domain::document::details(title, description, document_type)?;
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
                title,
                description,
                document_type,
            },
            stored,
            meta,
        )
        .await
    {
        Ok((doc, position)) => Ok((
            StatusCode::CREATED,
            Written(
                position,
                Json(json!({ "document": {
                    "id": doc.document_id, "title": doc.title, "description": doc.description,
                    "document_type": doc.document_type, "original_name": doc.original_name,
                    "file_size": doc.file_size, "created_at": doc.uploaded_at,
                }})),
            ),
        )),
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
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<EditBody>,
) -> Result<Written<Json<Value>>, ApiError> {
    let id = doc_id(&id)?;
    let position = state
        .commands
        .edit_document(
            me,
            id,
            &body.title,
            body.description.as_deref(),
            &body.document_type,
            meta,
        )
        .await?;
    Ok(Written(
        position,
        Json(json!({ "message": "Document updated", "document": { "id": id } })),
    ))
}

async fn remove(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    Path(id): Path<String>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let (key, position) = state
        .commands
        .delete_document(me, doc_id(&id)?, meta)
        .await?;
    state.files.delete(&key).await;
    Ok(Written(
        position,
        Json(json!({ "message": "Document deleted" })),
    ))
}

async fn download(
    State(state): State<AppState>,
    session: Session,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = doc_id(&id)?;
    // The write side is the authority on ownership (no read-model lag here).
    let (doc, _) = state.commands.load_document(id).await?;
    let doc = doc
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
