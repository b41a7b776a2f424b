//! /api/reference/*: the lists the job board filters by (SPEC 7.2), and the
//! admin's upkeep of them: add, rename, retire (events, not table edits).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use commands::reference_data::{
    AddLocation, AddSalaryRange, RenameReferenceValue, RetireReferenceValue,
};
use domain::reference::ReferenceListId;
use projections::read_models::reference::{self, Location, SalaryRange};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::{Data, Message, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(locations))
        .routes(routes!(salary_ranges))
        .routes(routes!(all_locations, add_location))
        .routes(routes!(all_salary_ranges, add_salary_range))
        .routes(routes!(rename))
        .routes(routes!(retire))
}

/// `/{list}/{id}`: one value of one reference list.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct ValueInPath {
    /// `locations` or `salary-ranges`; anything else is 404 `List not found`.
    #[param(pattern = "^(locations|salary-ranges)$")]
    list: String,
    /// The value's id; not a UUID: 404 `Value not found`.
    id: Uuid,
}

#[utoipa::path(get, path = "/api/reference/locations", tag = "public",
    responses((status = 200, description = "The locations offered in forms", body = Data<Vec<Location>>)))]
async fn locations(reads: ReadPool) -> Result<Json<Data<Vec<Location>>>, ApiError> {
    Ok(Json(Data {
        data: reference::locations(&reads).await?,
    }))
}

#[utoipa::path(get, path = "/api/reference/salary-ranges", tag = "public",
    responses((status = 200, description = "The salary ranges offered in forms", body = Data<Vec<SalaryRange>>)))]
async fn salary_ranges(reads: ReadPool) -> Result<Json<Data<Vec<SalaryRange>>>, ApiError> {
    Ok(Json(Data {
        data: reference::salary_ranges(&reads).await?,
    }))
}

/// Every location, retired ones too (with `retired_at`), for the admin screen.
#[utoipa::path(get, path = "/api/admin/reference/locations", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Every location, retired ones too, offered ones first", body = Data<Vec<reference::AdminLocation>>)))]
async fn all_locations(
    reads: ReadPool,
    AdminUser(_): AdminUser,
) -> Result<Json<Data<Vec<reference::AdminLocation>>>, ApiError> {
    Ok(Json(Data {
        data: reference::all_locations(&reads).await?,
    }))
}

#[utoipa::path(get, path = "/api/admin/reference/salary-ranges", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Every salary range, retired ones too, offered ones first", body = Data<Vec<reference::AdminSalaryRange>>)))]
async fn all_salary_ranges(
    reads: ReadPool,
    AdminUser(_): AdminUser,
) -> Result<Json<Data<Vec<reference::AdminSalaryRange>>>, ApiError> {
    Ok(Json(Data {
        data: reference::all_salary_ranges(&reads).await?,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct LocationBody {
    display_name: String,
    state: String,
}

#[utoipa::path(post, path = "/api/admin/reference/locations", tag = "admin", security(("admin" = [])), request_body = LocationBody,
    responses(
        (status = 201, description = "Added", body = Saved),
        (status = 409, description = "A location with that name already exists", body = ErrorBody),
    ))]
async fn add_location(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<LocationBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = AddLocation {
        display_name: body.display_name,
        state: body.state,
    };
    let written = state.commands.add_location(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written::json(written.position, Saved::id(written.output)),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct SalaryRangeBody {
    display_name: String,
    min: i32,
    max: Option<i32>,
}

#[utoipa::path(post, path = "/api/admin/reference/salary-ranges", tag = "admin", security(("admin" = [])), request_body = SalaryRangeBody,
    responses(
        (status = 201, description = "Added", body = Saved),
        (status = 409, description = "A salary range with that name already exists", body = ErrorBody),
    ))]
async fn add_salary_range(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<SalaryRangeBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = AddSalaryRange {
        display_name: body.display_name,
        min: body.min,
        max: body.max,
    };
    let written = state.commands.add_salary_range(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written::json(written.position, Saved::id(written.output)),
    ))
}

/// `/{list}/{id}` where list is `locations` or `salary-ranges`; anything else
/// names nothing (404).
fn value(list: &str, id: &str) -> Result<(ReferenceListId, Uuid), ApiError> {
    let list = match list {
        "locations" => ReferenceListId::Locations,
        "salary-ranges" => ReferenceListId::SalaryRanges,
        _ => return Err(ApiError::not_found("List")),
    };
    let id = Uuid::parse_str(id).map_err(|_| ApiError::not_found("Value"))?;
    Ok((list, id))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct RenameBody {
    display_name: String,
}

#[utoipa::path(put, path = "/api/admin/reference/{list}/{id}", tag = "admin", security(("admin" = [])), params(ValueInPath), request_body = RenameBody,
    responses(
        (status = 200, description = "`Renamed`", body = Message),
        refusals::ValueNotFound,
        (status = 409, description = "Another value already has that name", body = ErrorBody),
    ))]
async fn rename(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path((list, id)): Path<(String, String)>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<RenameBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let (list, id) = value(&list, &id)?;
    let cmd = RenameReferenceValue {
        list,
        id,
        display_name: body.display_name,
    };
    let written = state.commands.rename_reference_value(cmd, meta).await?;
    Ok(Written::message(written.position, "Renamed"))
}

#[utoipa::path(post, path = "/api/admin/reference/{list}/{id}/retire", tag = "admin", security(("admin" = [])), params(ValueInPath),
    responses(
        (status = 200, description = "No longer offered in forms", body = Message),
        refusals::ValueNotFound,
    ))]
async fn retire(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path((list, id)): Path<(String, String)>,
    RequestMeta(meta): RequestMeta,
) -> Result<Written<Json<Message>>, ApiError> {
    let (list, id) = value(&list, &id)?;
    let written = state
        .commands
        .retire_reference_value(RetireReferenceValue { list, id }, meta)
        .await?;
    Ok(Written::message(
        written.position,
        "Retired: no longer offered in forms",
    ))
}
