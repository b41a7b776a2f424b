//! /api/reference/*: the lists the job board filters by (SPEC 7.2), and the
//! admin's upkeep of them: add, rename, retire (events, not table edits).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use commands::reference_data::{
    AddLocation, AddSalaryRange, RenameReferenceValue, RetireReferenceValue,
};
use domain::reference::ReferenceListId;
use projections::read_models::reference::{self, Location, SalaryRange};
use serde::Deserialize;
use uuid::Uuid;

use super::{Data, Message, RequestMeta, Saved};
use crate::app::{AppState, Written};
use crate::auth::AdminUser;
use crate::error::{ApiError, AppJson};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/reference/locations", get(locations))
        .route("/api/reference/salary-ranges", get(salary_ranges))
        .route(
            "/api/admin/reference/locations",
            get(all_locations).post(add_location),
        )
        .route(
            "/api/admin/reference/salary-ranges",
            get(all_salary_ranges).post(add_salary_range),
        )
        .route("/api/admin/reference/{list}/{id}", put(rename))
        .route("/api/admin/reference/{list}/{id}/retire", post(retire))
}

async fn locations(State(state): State<AppState>) -> Result<Json<Data<Vec<Location>>>, ApiError> {
    Ok(Json(Data {
        data: reference::locations(&state.pool).await?,
    }))
}

async fn salary_ranges(
    State(state): State<AppState>,
) -> Result<Json<Data<Vec<SalaryRange>>>, ApiError> {
    Ok(Json(Data {
        data: reference::salary_ranges(&state.pool).await?,
    }))
}

/// Every location, retired ones too (with `retired_at`), for the admin screen.
async fn all_locations(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Data<Vec<reference::AdminLocation>>>, ApiError> {
    Ok(Json(Data {
        data: reference::all_locations(&state.pool).await?,
    }))
}

async fn all_salary_ranges(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Data<Vec<reference::AdminSalaryRange>>>, ApiError> {
    Ok(Json(Data {
        data: reference::all_salary_ranges(&state.pool).await?,
    }))
}

#[derive(Deserialize)]
struct LocationBody {
    display_name: String,
    state: String,
}

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
        Written(written.position, Json(Saved::id(written.output))),
    ))
}

#[derive(Deserialize)]
struct SalaryRangeBody {
    display_name: String,
    min: i32,
    max: Option<i32>,
}

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
        Written(written.position, Json(Saved::id(written.output))),
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

#[derive(Deserialize)]
struct RenameBody {
    display_name: String,
}

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
    Ok(Written(written.position, Json(Message::new("Renamed"))))
}

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
    Ok(Written(
        written.position,
        Json(Message::new("Retired: no longer offered in forms")),
    ))
}
