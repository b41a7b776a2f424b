//! POST /api/contact: the public contact form, validated again here.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use commands::contact::SendContactMessage;
use serde::Deserialize;

use super::{Message, RequestMeta};
use crate::app::{AppState, Written};
use crate::auth::client_addr::Client;
use crate::auth::throttle::{self, Action};
use crate::error::{ApiError, AppJson};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/contact", post(send))
}

#[derive(Deserialize)]
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
    Ok(Written(written.position, Json(Message::new("OK"))))
}
