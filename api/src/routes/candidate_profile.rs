//! /api/candidate/profile and /api/candidate/resume/* (SPEC 7.5).

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use commands::profiles::{DeleteResume, UpdateProfile, UploadResume};
use domain::document::StoredFile;
use domain::document::content_type_for;
use domain::profile::{Profile, ProfileState};
use serde::Serialize;

use super::{Message, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::CandidateUser;
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
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

/// SPEC 3 'Candidate profile': the editable profile plus email and resume.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileView {
    #[serde(flatten)]
    profile: Profile,
    email: String,
    resume_filename: Option<String>,
    resume_original_name: Option<String>,
}

#[derive(Serialize)]
struct ProfileSaved {
    message: &'static str,
    profile: Profile,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResumeUploaded {
    filename: String,
    message: &'static str,
    original_name: String,
}

/// SPEC 3 'Candidate profile': the saved profile, or one started from the account.
async fn read(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
) -> Result<Json<ProfileView>, ApiError> {
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
    Ok(Json(ProfileView {
        profile: saved,
        email: account.email,
        resume_filename: row
            .as_ref()
            .and_then(|r| r.resume_key.as_ref())
            .map(|k| files::stored_name(k).to_owned()),
        resume_original_name: row.and_then(|r| r.resume_original_name),
    }))
}

async fn update(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<Profile>,
) -> Result<Written<Json<ProfileSaved>>, ApiError> {
    let cmd = UpdateProfile {
        candidate_id: me,
        profile: body,
    };
    let written = state.commands.update_profile(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(ProfileSaved {
            message: "Profile updated successfully",
            profile: written.output,
        }),
    ))
}

async fn upload_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<Written<Json<ResumeUploaded>>, ApiError> {
    throttle::attempt_from(&state, Action::Upload, &client).await?;
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
    let cmd = UploadResume {
        candidate_id: me,
        file: stored,
    };
    match state.commands.upload_resume(cmd, meta).await {
        Ok(written) => {
            if let Some(old) = &written.output {
                state.files.delete(old).await;
            }
            Ok(Written(
                written.position,
                Json(ResumeUploaded {
                    filename: files::stored_name(&key).into(),
                    message: "Resume uploaded successfully",
                    original_name: file.original_name,
                }),
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
    let resume = state
        .commands
        .load::<ProfileState>(me)
        .await?
        .state
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
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = DeleteResume { candidate_id: me };
    let written = state.commands.delete_resume(cmd, meta).await?;
    state.files.delete(&written.output).await;
    Ok(Written(
        written.position,
        Json(Message::new("Resume deleted successfully")),
    ))
}
