//! /api/candidate/profile and /api/candidate/resume/* (SPEC 7.5).

use axum::Json;
use axum::extract::{Multipart, State};
use axum::response::Response;
use commands::profiles::{DeleteResume, UpdateProfile, UploadResume};
use domain::document::{self, StoredFile};
use domain::profile::{Profile, ProfileState};
use projections::read_models::documents;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Message, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::CandidateUser;
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::files::{self, RESUME_RULE};
use crate::openapi::FileBytes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read, update))
        // Its body limit: routes::body_limit.
        .routes(routes!(upload_resume))
        .routes(routes!(download_resume))
        .routes(routes!(delete_resume))
}

/// The multipart form of a resume upload, as the API document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct ResumeUpload {
    /// A .pdf, .doc or .docx up to 5 MB, its first bytes matching its extension.
    #[schema(value_type = String, format = Binary)]
    resume: Vec<u8>,
}

/// SPEC 3 'Candidate profile': the editable profile plus email and resume.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProfileView {
    #[serde(flatten)]
    profile: Profile,
    email: String,
    resume_filename: Option<String>,
    resume_original_name: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ProfileSaved {
    message: &'static str,
    profile: Profile,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResumeUploaded {
    filename: String,
    message: &'static str,
    original_name: String,
    /// The Resume document filed with a copy of it (titled "Resume - " and
    /// its name), which the apply dialog offers; it stays when the profile's
    /// resume is replaced or deleted. None when the documents are at their
    /// quota (50 files, 100 MB): the profile's resume is saved alone.
    document_id: Option<uuid::Uuid>,
}

/// SPEC 3 'Candidate profile': the saved profile, or one started from the account.
#[utoipa::path(get, path = "/api/candidate/profile", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The saved profile (or one started from the account) with email and resume", body = ProfileView),
        refusals::AccountNotFound))]
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

#[utoipa::path(put, path = "/api/candidate/profile", operation_id = "update_profile", tag = "candidate", security(("candidate" = [])), request_body = Profile,
    responses((status = 200, description = "`Profile updated successfully`", body = ProfileSaved),
        refusals::FieldRule))]
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
    Ok(Written::json(
        written.position,
        ProfileSaved {
            message: "Profile updated successfully",
            profile: written.output,
        },
    ))
}

#[utoipa::path(post, path = "/api/candidate/resume/upload", tag = "candidate", security(("candidate" = [])),
    request_body(content = ResumeUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "`Resume uploaded successfully`; it replaces the one before, and a copy is filed among the documents as a Resume", body = ResumeUploaded),
        (status = 413, description = "Over 5 MB", body = ErrorBody),
        (status = 415, description = "Not .pdf, .doc or .docx, or content that does not match the extension", body = ErrorBody),
        refusals::NoFile,
        (status = 429, description = "Too many uploads (40 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody)))]
async fn upload_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<Written<Json<ResumeUploaded>>, ApiError> {
    throttle::attempt_from(&state, Action::Upload, &client).await?;
    let form = files::read_form(multipart, &state.files, "resumes", "resume", &RESUME_RULE).await?;
    let Some(file) = form.file else {
        return Err(ApiError::unprocessable(
            "Please select a PDF or Word document (.pdf, .doc, .docx)",
        ));
    };
    // The copy filed among the documents, so the apply dialog offers it,
    // while they have room (the documents' own quota); else the profile's
    // resume is saved alone.
    let (held, held_bytes) = documents::usage(&state.pool, me).await?;
    let copy_key = if document::fits_quota(held, held_bytes, file.size as i64).is_ok() {
        match state.files.copy(&file.key, "documents").await {
            Ok(key) => Some(key),
            Err(e) => {
                file.discard().await;
                return Err(e);
            }
        }
    } else {
        None
    };
    let cmd = UploadResume {
        candidate_id: me,
        file: file.stored_file(),
        document_copy: copy_key.clone().map(|key| StoredFile {
            storage_key: key,
            ..file.stored_file()
        }),
    };
    match state.commands.upload_resume(cmd, meta).await {
        Ok(written) => {
            if let Some(old) = written.output.replaced {
                state.files.delete_once_committed(old).await;
            }
            Ok(Written::json(
                written.position,
                ResumeUploaded {
                    filename: files::stored_name(&file.key).into(),
                    message: "Resume uploaded successfully",
                    original_name: file.original_name,
                    document_id: written.output.document_id,
                },
            ))
        }
        Err(e) => {
            if let Some(key) = copy_key {
                state.files.delete(&key).await;
            }
            file.discard().await;
            Err(e.into())
        }
    }
}

#[utoipa::path(get, path = "/api/candidate/resume/download", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "The resume as an attachment with its original name",
            content((FileBytes = "application/pdf"), (FileBytes = "application/msword"), (FileBytes = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), (FileBytes = "application/octet-stream"))),
        refusals::ResumeNotFound))]
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

#[utoipa::path(delete, path = "/api/candidate/resume", tag = "candidate", security(("candidate" = [])),
    responses((status = 200, description = "`Resume deleted successfully`", body = Message),
        refusals::ResumeNotFound))]
async fn delete_resume(
    State(state): State<AppState>,
    CandidateUser(me): CandidateUser,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = DeleteResume { candidate_id: me };
    let written = state.commands.delete_resume(cmd, meta).await?;
    state.files.delete_once_committed(written.output).await;
    Ok(Written::message(
        written.position,
        "Resume deleted successfully",
    ))
}
