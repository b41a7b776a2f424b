//! The employer's company profile (name, website, about, location, logo) and
//! its public face: the logo, and the profile on each public job page.

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use commands::company::{UpdateCompanyProfile, UploadCompanyLogo};
use domain::company::MAX_LOGO_BYTES;
use domain::document::{StoredFile, content_type_for};
use projections::read_models::companies::{self, CompanyProfile};
use serde::{Deserialize, Serialize};

use super::{Message, PathId, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson};
use crate::files::{self, LOGO_RULE};
use crate::routes;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/employer/company", get(mine).put(update))
        .route(
            "/api/employer/company/logo",
            post(upload_logo).layer(DefaultBodyLimit::max(MAX_LOGO_BYTES as usize + 64 * 1024)),
        )
        .route("/api/companies/{id}", get(public))
        .route("/api/companies/{id}/logo", get(logo))
}

/// The employer's own profile; `null` fields until it is first saved.
#[derive(Serialize)]
struct Mine {
    profile: Option<CompanyProfile>,
}

async fn mine(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
) -> Result<Json<Mine>, ApiError> {
    Ok(Json(Mine {
        profile: companies::by_employer(&state.pool, me).await?,
    }))
}

#[derive(Deserialize)]
struct ProfileBody {
    name: String,
    website: Option<String>,
    about: Option<String>,
    location: Option<String>,
}

async fn update(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ProfileBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = UpdateCompanyProfile {
        employer_id: me,
        name: body.name,
        website: body.website,
        about: body.about,
        location: body.location,
    };
    let written = state.commands.update_company_profile(cmd, meta).await?;
    Ok(Written(
        written.position,
        Json(Message::new("Company profile saved")),
    ))
}

async fn upload_logo(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<Written<Json<Message>>, ApiError> {
    throttle::attempt_from(&state, Action::Upload, &client).await?;
    let form = files::read_form(multipart, "logo", &LOGO_RULE).await?;
    let file = form
        .file
        .ok_or_else(|| ApiError::unprocessable("Please choose a PNG or JPEG image for the logo"))?;
    let key = state.files.put("logos", &file).await?;
    let cmd = UploadCompanyLogo {
        employer_id: me,
        file: StoredFile {
            storage_key: key.clone(),
            original_name: file.original_name.clone(),
            content_type: content_type_for(&file.extension).into(),
            size: file.bytes.len() as i64,
        },
    };
    match state.commands.upload_company_logo(cmd, meta).await {
        Ok(written) => {
            if let Some(old) = &written.output {
                state.files.delete(old).await;
            }
            Ok(Written(
                written.position,
                Json(Message::new("Logo uploaded")),
            ))
        }
        Err(e) => {
            // Nothing refers to the bytes: do not keep them.
            state.files.delete(&key).await;
            Err(e.into())
        }
    }
}

async fn public(
    State(state): State<AppState>,
    PathId(id, _): PathId<routes::Employer>,
) -> Result<Json<CompanyProfile>, ApiError> {
    Ok(Json(
        companies::by_employer(&state.pool, id)
            .await?
            .ok_or_else(|| ApiError::not_found("Company"))?,
    ))
}

async fn logo(
    State(state): State<AppState>,
    PathId(id, _): PathId<routes::Employer>,
) -> Result<Response, ApiError> {
    let profile = companies::by_employer(&state.pool, id).await?;
    let Some((key, content_type)) = profile.and_then(|p| p.logo_key.zip(p.logo_content_type))
    else {
        return Err(ApiError::not_found("Logo"));
    };
    state.files.image(&key, &content_type).await
}
