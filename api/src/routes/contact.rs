//! POST /api/contact: the public contact form, validated again here.

use axum::Json;
use axum::extract::State;
use commands::contact::SendContactMessage;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Message, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson, ErrorBody};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContactBody {
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    #[serde(default)]
    email: String,
    phone: Option<String>,
    #[serde(default)]
    message: String,
}

#[utoipa::path(post, path = "/api/contact", tag = "public", request_body = ContactBody,
    responses(
        (status = 200, description = "`OK`: stored and mailed to the agency", body = Message),
        (status = 422, description = "A field breaks its rule (SPEC 8 texts)", body = ErrorBody),
        (status = 429, description = "Too many messages (5 in 15 minutes) from this address; see `Retry-After`", body = ErrorBody),
    ))]
async fn send(
    State(state): State<AppState>,
    Client(client): Client,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<ContactBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    throttle::attempt_from(&state, Action::Contact, &client).await?;
    let written = state
        .commands
        .send_contact_message(
            SendContactMessage {
                first_name: body.first_name,
                last_name: body.last_name,
                email: body.email,
                phone: body.phone,
                message: body.message,
            },
            meta,
        )
        .await?;
    Ok(Written::message(written.position, "OK"))
}
