//! /api/candidate/profile and /api/candidate/resume/* (SPEC 7.5).

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use commands::documents::StoredFile;
use domain::document::content_type_for;
use domain::profile::Profile;
use serde_json::{Value, json};

use super::RequestMeta;
use crate::app::{AppState, Written};
use crate::auth::CandidateUser;
use crate::error::{ApiError, AppJson};
use crate::files::{self, RESUME_RULE};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/candidate/profile", get(read).put(update))
        .route(
            "/api/candidate/resume/upload",
            post(upload_resume).layer(DefaultBodyLimit::max(
                RESUME_RULE.max_bytes as usize + 256 * 1024,
            )),
        )
        .route("/api/candidate/resume/download", get(download_resume))
        .route("/api/candidate/resume", delete(delete_resume))
}

/// SPEC 3 'Candidate profile': the saved profile, or one started from the account.
async fn read(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<Value>, ApiError> {
    use projections::read_models::{accounts, profiles};
    let mut account = accounts::by_id(&state.pool, me).await?;
    if account.is_none() {
        state.wait_for_head().await;
        account = accounts::by_id(&state.pool, me).await?;
    }
    let account = account.ok_or_else(|| ApiError::not_found("Account"))?;
    let row = profiles::by_candidate(&state.pool, me).await?;
    let saved: Profile = row
        .as_ref()
        .and_then(|r| r.profile.clone())
        .map(serde_json::from_value)
        .transpose()
        .map_err(anyhow::Error::from)?
        .unwrap_or_else(|| Profile {
            name: account.name.clone(),
            phone: account.phone.clone(),
            ..Profile::default()
        });
    let mut body = serde_json::to_value(&saved).map_err(anyhow::Error::from)?;
    body["email"] = json!(account.email);
    body["resumeFilename"] = json!(
        row.as_ref()
            .and_then(|r| r.resume_key.as_ref())
            .map(|k| files::stored_name(k))
    );
    body["resumeOriginalName"] = json!(row.as_ref().and_then(|r| r.resume_original_name.clone()));
    Ok(Json(body))
}

async fn update(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<Profile>,
) -> Result<Written<Json<Value>>, ApiError> {
    let (profile, position) = state.commands.update_profile(me, body, meta).await?;
    Ok(Written(
        position,
        Json(json!({ "profile": profile, "message": "Profile updated successfully" })),
    ))
}

async fn upload_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<Written<Json<Value>>, ApiError> {
    let form = files::read_form(multipart, "resume", &RESUME_RULE).await?;
    let file = form.file.ok_or_else(|| {
        ApiError::unprocessable("Please select a PDF or Word document (.pdf, .doc, .docx)")
    })?;
    let key = state.files.put("resumes", &file).await?;
    let stored = StoredFile {
        storage_key: key.clone(),
        original_name: file.original_name.clone(),
        content_type: content_type_for(&file.extension).into(),
        size: file.bytes.len() as i64,
    };
    match state.commands.upload_resume(me, stored, meta).await {
        Ok((replaced, position)) => {
            if let Some(old) = replaced {
                state.files.delete(&old).await;
            }
            Ok(Written(
                position,
                Json(
                    json!({ "filename": files::stored_name(&key), "originalName": file.original_name, "message": "Resume uploaded successfully" }),
                ),
            ))
        }
        Err(e) => {
            state.files.delete(&key).await;
            Err(e.into())
        }
    }
}

async fn download_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Response, ApiError> {
    let (profile, _) = state.commands.load_profile(me).await?;
    let resume = profile
        .resume
        .ok_or_else(|| ApiError::not_found("Resume"))?;
    state
        .files
        .download(
            &resume.storage_key,
            &resume.original_name,
            &resume.content_type,
        )
        .await
}

async fn delete_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Value>>, ApiError> {
    let (key, position) = state.commands.delete_resume(me, meta).await?;
    state.files.delete(&key).await;
    Ok(Written(
        position,
        Json(json!({ "message": "Resume deleted successfully" })),
    ))
}
