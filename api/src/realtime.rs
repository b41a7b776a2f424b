//! socket.io realtime (SPEC 7.7) with socketioxide.
//!
//! A socket authenticates with `{token, user_type}`: the token must be valid and
//! its role must equal `user_type`, otherwise the connection is refused
//! (`connect_error`). Each socket joins its user's room and only ever receives
//! that user's events. Pushes come from the projection change feed, which every
//! process receives through PostgreSQL NOTIFY, so a command handled by one
//! process reaches sockets connected to another.

use commands::Metadata;
use domain::account::Role;
use projections::Change;
use projections::read_models::notifications;
use serde::Deserialize;
use serde_json::json;
use socketioxide::SocketIo;
use socketioxide::extract::{Extension, SocketRef, State, TryData};
use socketioxide::handler::ConnectHandler;
use socketioxide::layer::SocketIoLayer;
use uuid::Uuid;

use crate::app::AppState;

#[derive(Debug, Deserialize)]
struct Auth {
    token: String,
    user_type: String,
}

#[derive(Debug, Clone, Copy)]
struct User {
    id: Uuid,
    role: Role,
}

#[derive(Debug, thiserror::Error)]
#[error("unauthorized")]
struct Unauthorized;

fn room(user: Uuid) -> String {
    format!("user:{user}")
}

pub fn layer(state: AppState) -> SocketIoLayer {
    let (layer, io) = SocketIo::builder().with_state(state.clone()).build_layer();
    io.ns("/", on_connect.with(authenticate));
    let feed = state.changes.subscribe();
    tokio::spawn(push_changes(io, feed));
    layer
}

async fn authenticate(
    socket: SocketRef,
    TryData(auth): TryData<Auth>,
    State(state): State<AppState>,
) -> Result<(), Unauthorized> {
    let auth = auth.map_err(|_| Unauthorized)?;
    let claims = state.jwt.verify(&auth.token).map_err(|_| Unauthorized)?;
    let role = Role::parse(&claims.role).ok_or(Unauthorized)?;
    if claims.role != auth.user_type {
        return Err(Unauthorized);
    }
    socket.extensions.insert(User {
        id: claims.sub,
        role,
    });
    Ok(())
}

#[derive(Debug, Deserialize)]
struct Page {
    limit: Option<i64>,
    offset: Option<i64>,
}

#[derive(Debug, Deserialize)]
struct Target {
    notification_id: Uuid,
}

async fn on_connect(socket: SocketRef, Extension(user): Extension<User>) {
    socket.join(room(user.id));
    let _ = socket.emit(
        "connected",
        &json!({ "user_id": user.id, "user_type": user.role.as_str() }),
    );

    socket.on(
        "get_notifications",
        async |s: SocketRef,
               TryData(page): TryData<Page>,
               State(state): State<AppState>,
               Extension(user): Extension<User>| {
            let (limit, offset) = match page {
                Ok(p) => (
                    p.limit
                        .unwrap_or(50)
                        .clamp(1, crate::routes::MAX_NOTIFICATION_PAGE),
                    p.offset.unwrap_or(0).max(0),
                ),
                Err(_) => (50, 0),
            };
            match notifications::list(&state.pool, user.id, limit, offset).await {
                Ok((items, total, unread)) => {
                    let _ = s.emit(
                        "notifications_list",
                        &json!({ "notifications": items, "total": total, "unread_count": unread }),
                    );
                }
                Err(e) => fail(&s, "Could not load notifications", e),
            }
        },
    );

    socket.on(
        "mark_notification_read",
        async |s: SocketRef,
               TryData(target): TryData<Target>,
               State(state): State<AppState>,
               Extension(user): Extension<User>| {
            let Ok(target) = target else {
                let _ = s.emit(
                    "error",
                    &json!({ "message": "notification_id is required" }),
                );
                return;
            };
            // The read model's change pushes `notification_read` to every socket of the user.
            if let Err(e) = state
                .commands
                .mark_notification_read(user.id, target.notification_id, socket_meta(user))
                .await
            {
                let _ = s.emit("error", &json!({ "message": e.to_string() }));
            }
        },
    );

    socket.on(
        "mark_all_read",
        async |s: SocketRef, State(state): State<AppState>, Extension(user): Extension<User>| {
            let result = async {
                let unread = notifications::unread_ids(&state.pool, user.id).await?;
                state
                    .commands
                    .mark_notifications_read(user.id, &unread, socket_meta(user))
                    .await
                    .map_err(anyhow::Error::from)
            }
            .await;
            match result {
                Ok(_) => {
                    let _ = s
                        .within(room(user.id))
                        .emit("all_notifications_read", &json!({}))
                        .await;
                    let _ = s
                        .within(room(user.id))
                        .emit("unread_count", &json!({ "count": 0 }))
                        .await;
                }
                Err(e) => fail(&s, "Could not mark notifications as read", e),
            }
        },
    );
}

fn socket_meta(user: User) -> Metadata {
    Metadata {
        correlation_id: Uuid::now_v7(),
        actor_id: Some(user.id),
        actor_role: Some(user.role.as_str().into()),
        request_id: Some("socket.io".into()),
        ..Metadata::default()
    }
}

fn fail(s: &SocketRef, message: &str, e: anyhow::Error) {
    tracing::error!(error = %format!("{e:#}"), "{message}");
    let _ = s.emit("error", &json!({ "message": message }));
}

/// Turns read-model changes into socket events for the user they concern.
async fn push_changes(io: SocketIo, mut feed: async_broadcast::Receiver<Change>) {
    loop {
        let change = match feed.recv().await {
            Ok(c) => c,
            Err(async_broadcast::RecvError::Overflowed(n)) => {
                tracing::warn!(skipped = n, "realtime fell behind the change feed");
                continue;
            }
            Err(async_broadcast::RecvError::Closed) => return,
        };
        let Some(user) = change.user_id else { continue };
        let to = || io.to(room(user));
        let count = change.data.get("unread_count").cloned().unwrap_or(json!(0));
        let sent = match change.topic.as_str() {
            "notification.created" => {
                let first = to().emit("notification", &change.data["notification"]).await;
                first.and(to().emit("unread_count", &json!({ "count": count })).await)
            }
            "notification.read" => {
                to().emit("notification_read", &json!({ "notification_id": change.data["notification_id"], "unread_count": count })).await
            }
            "notification.deleted" => to().emit("unread_count", &json!({ "count": count })).await,
            "application.changed" => to().emit("application_updated", &change.data).await,
            _ => Ok(()),
        };
        if let Err(e) = sent {
            tracing::debug!(error = %e, "realtime push failed");
        }
    }
}
