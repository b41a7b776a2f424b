//! The employer's company profile (name, website, about, location, logo) and
//! its public face: the logo, and the profile on each public job page.

use axum::Json;
use axum::extract::{Multipart, State};
use axum::response::Response;
use commands::company::{UpdateCompanyProfile, UploadCompanyLogo};
use projections::read_models::companies::{self, CompanyProfile};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, Message, PathId, RequestMeta, refusals};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::files::{self, LOGO_RULE};
use crate::openapi::FileBytes;
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(mine, update))
        // Its body limit: routes::body_limit.
        .routes(routes!(upload_logo))
        .routes(routes!(public))
        .routes(routes!(logo))
}

/// The multipart form of a logo upload, as the API document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct LogoUpload {
    /// A .png, .jpg or .jpeg under 2 MB, its first bytes matching its extension.
    #[schema(value_type = String, format = Binary)]
    logo: Vec<u8>,
}

/// The employer's own profile; `null` fields until it is first saved.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = OwnCompanyProfile)]
struct Mine {
    profile: Option<CompanyProfile>,
}

#[utoipa::path(get, path = "/api/employer/company", operation_id = "own_company", tag = "employer", security(("employer" = [])),
    responses((status = 200, description = "The employer's company profile, `null` until first saved", body = Mine)))]
async fn mine(reads: ReadPool, EmployerUser(me): EmployerUser) -> Result<Json<Mine>, ApiError> {
    Ok(Json(Mine {
        profile: companies::by_employer(&reads, me).await?,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = CompanyProfileBody)]
struct ProfileBody {
    name: String,
    website: Option<String>,
    about: Option<String>,
    location: Option<String>,
}

#[utoipa::path(put, path = "/api/employer/company", operation_id = "update_company", tag = "employer", security(("employer" = [])), request_body = ProfileBody,
    responses((status = 200, description = "`Company profile saved`", body = Message),
        (status = 422, description = "`Company name is required`, `Website must be a full address starting with https://`, or a field too long", body = ErrorBody)))]
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
    Ok(Written::message(written.position, "Company profile saved"))
}

#[utoipa::path(post, path = "/api/employer/company/logo", tag = "employer", security(("employer" = [])),
    request_body(content = LogoUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "`Logo uploaded`; it replaces the one before", body = Message),
        (status = 413, description = "`The logo must be smaller than 2 MB`", body = ErrorBody),
        (status = 415, description = "Not a PNG or JPEG, or content that does not match the extension", body = ErrorBody),
        refusals::NoFile,
        (status = 429, description = "Too many uploads (40 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody)))]
async fn upload_logo(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    multipart: Multipart,
) -> Result<Written<Json<Message>>, ApiError> {
    throttle::attempt_from(&state, Action::Upload, &client).await?;
    let form = files::read_form(multipart, &state.files, "logos", "logo", &LOGO_RULE).await?;
    let Some(file) = form.file else {
        return Err(ApiError::unprocessable(
            "Please choose a PNG or JPEG image for the logo",
        ));
    };
    let cmd = UploadCompanyLogo {
        employer_id: me,
        file: file.stored_file(),
    };
    match state.commands.upload_company_logo(cmd, meta).await {
        Ok(written) => {
            if let Some(old) = written.output {
                state.files.delete_once_committed(old).await;
            }
            Ok(Written::message(written.position, "Logo uploaded"))
        }
        Err(e) => {
            // Nothing refers to the bytes: do not keep them.
            file.discard().await;
            Err(e.into())
        }
    }
}

#[utoipa::path(get, path = "/api/companies/{id}", tag = "public", params(IdInPath),
    responses((status = 200, description = "An employer's company profile", body = CompanyProfile),
        (status = 404, description = "`Company not found`", body = ErrorBody)))]
async fn public(
    reads: ReadPool,
    PathId(id, _): PathId<routes::Employer>,
) -> Result<Json<CompanyProfile>, ApiError> {
    Ok(Json(
        companies::by_employer(&reads, id)
            .await?
            .ok_or_else(|| ApiError::not_found("Company"))?,
    ))
}

#[utoipa::path(get, path = "/api/companies/{id}/logo", tag = "public", params(IdInPath),
    responses((status = 200, description = "The logo, cached for 5 minutes", content((FileBytes = "image/png"), (FileBytes = "image/jpeg"))),
        (status = 404, description = "`Logo not found`", body = ErrorBody)))]
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
