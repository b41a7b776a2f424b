//! socket.io realtime (SPEC 7.7) with socketioxide.
//!
//! A socket authenticates with `{token, user_type}`: the token must be valid and
//! its role must equal `user_type`, otherwise the connection is refused
//! (`connect_error`). Each socket joins its user's room and only ever receives
//! that user's events. Pushes come from the projection change feed, which every
//! process receives through PostgreSQL NOTIFY, so a command handled by one
//! process reaches sockets connected to another.

use axum::http::{HeaderMap, HeaderValue, Request, Uri};
use commands::Metadata;
use commands::notifications::NotificationAction;
use domain::account::Role;
use projections::Change;
use projections::read_models::notifications;
use serde::{Deserialize, Serialize};
use socketioxide::SocketIo;
use socketioxide::extract::{Extension, SocketRef, State, TryData};
use socketioxide::handler::ConnectHandler;
use socketioxide::layer::SocketIoLayer;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use uuid::Uuid;

use crate::app::AppState;
use crate::auth::client_addr::{ClientKey, client_key};
use crate::routes::{Message, NotificationPage};

#[derive(Debug, Deserialize)]
struct Auth {
    token: String,
    /// A name that is no role fails to decode, which refuses the connection.
    user_type: Role,
}

#[derive(Debug, Clone, Copy)]
struct User {
    id: Uuid,
    role: Role,
    /// The token's expiry (seconds since the epoch): the socket closes then.
    expires_at: i64,
    /// Its session: the socket closes when that session is signed out.
    session_id: Uuid,
}

/// Wakes a socket's expiry timer when the socket goes first.
#[derive(Clone, Default)]
struct Gone(std::sync::Arc<tokio::sync::Notify>);

/// Why a connection is refused (the client sees this text in `connect_error`).
#[derive(Debug, thiserror::Error)]
enum Refused {
    #[error("unauthorized")]
    Unauthorized,
    #[error("too many connections")]
    TooMany,
}

/// socket.io connections per client in this process, so one client cannot
/// hold every file descriptor and task of the server.
#[derive(Clone)]
struct SocketCap {
    limit: usize,
    open: Arc<Mutex<HashMap<ClientKey, usize>>>,
}

impl SocketCap {
    fn new(limit: usize) -> Self {
        Self {
            limit,
            open: Arc::default(),
        }
    }

    /// A slot for the client, or `None` when it holds `limit` already.
    fn take(&self, client: ClientKey) -> Option<ClientSlot> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(client.clone()).or_default();
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(ClientSlot {
            client,
            cap: self.clone(),
        })
    }

    fn give_back(&self, client: &ClientKey) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(client) {
            *count -= 1;
            if *count == 0 {
                open.remove(client);
            }
        }
    }
}

/// The client's slot, given back when the socket disconnects.
#[derive(Clone)]
struct ClientSlot {
    client: ClientKey,
    cap: SocketCap,
}

fn room(user: Uuid) -> String {
    format!("user:{user}")
}

/// The sockets of one session (one sign-in, on one device).
fn session_room(session: Uuid) -> String {
    format!("session:{session}")
}

/// engine.io's read buffer per websocket (tungstenite's, 4 KiB by default).
/// Clients send only small events (a ping, a page request, a mark-as-read);
/// a larger frame still arrives whole, the buffer grows for it.
const WS_READ_BUFFER: usize = 1024;

/// The largest message a client may send, over websocket as over polling
/// (engine.io's `max_payload`, 100 KB). Websockets allowed 64 MiB by default:
/// enough for a few thousand sockets to pin gigabytes.
const MAX_CLIENT_MESSAGE: usize = 100_000;

pub fn layer(state: AppState) -> SocketIoLayer {
    let (layer, io) = SocketIo::builder()
        .ws_read_buffer_size(WS_READ_BUFFER)
        .max_payload(MAX_CLIENT_MESSAGE as u64)
        .ws_max_message_size(MAX_CLIENT_MESSAGE)
        .ws_max_frame_size(MAX_CLIENT_MESSAGE)
        .with_state(state.clone())
        .with_state(SocketCap::new(state.config.sockets_per_client))
        .build_layer();
    io.ns("/", on_connect.with(authenticate));
    let feed = state.changes.subscribe();
    tokio::spawn(crate::admin_live::run(io.clone(), state.clone()));
    tokio::spawn(push_changes(io, feed));
    layer
}

/// engine.io keeps the request that opened a socket (`socket.req_parts()`)
/// for as long as the socket lives. hyper parses header values and the URI as
/// slices of the connection's read buffer (8-16 KiB), so those few hundred
/// bytes kept the whole buffer alive: 16 KiB per idle socket, half of what a
/// socket cost. `serve` calls this for every request before the router sees
/// it (the router clones the URI into an extension): socket requests get their
/// own copies of header values and URI, other requests pass untouched.
pub fn own_request_head<B>(request: &mut Request<B>) {
    if !request.uri().path().starts_with(SOCKET_IO_PATH) {
        return;
    }
    let shared = std::mem::take(request.headers_mut());
    let mut owned = HeaderMap::with_capacity(shared.len());
    for (name, value) in &shared {
        // `from_bytes` copies; it accepts every value hyper accepted.
        let copy = HeaderValue::from_bytes(value.as_bytes()).map(|mut copy| {
            copy.set_sensitive(value.is_sensitive());
            copy
        });
        owned.append(name.clone(), copy.unwrap_or_else(|_| value.clone()));
    }
    *request.headers_mut() = owned;
    if let Ok(uri) = Uri::try_from(request.uri().to_string()) {
        *request.uri_mut() = uri;
    }
}

/// Where socket.io listens (socketioxide's default `req_path`).
const SOCKET_IO_PATH: &str = "/socket.io";

async fn authenticate(
    socket: SocketRef,
    TryData(auth): TryData<Auth>,
    State(state): State<AppState>,
    State(cap): State<SocketCap>,
) -> Result<(), Refused> {
    let auth = auth.map_err(|_| Refused::Unauthorized)?;
    let claims = state
        .jwt
        .verify(&auth.token)
        .map_err(|_| Refused::Unauthorized)?;
    if claims.role != auth.user_type {
        return Err(Refused::Unauthorized);
    }
    let session = crate::auth::Session::of(&claims);
    crate::auth::still_allowed(&state, &session)
        .await
        .map_err(|_| Refused::Unauthorized)?;
    let client = client_key(socket.req_parts(), &state.config.trusted_proxies);
    let Some(slot) = cap.take(client) else {
        crate::metrics::sockets_refused();
        return Err(Refused::TooMany);
    };
    socket.extensions.insert(slot);
    socket.extensions.insert(User {
        id: claims.sub,
        role: claims.role,
        expires_at: claims.exp,
        session_id: claims.session_id(),
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

// The payloads of SPEC 7.7's received events.

#[derive(Debug, Serialize)]
struct Connected {
    user_id: Uuid,
    user_type: Role,
}

/// `all_notifications_read` carries an empty object.
#[derive(Debug, Serialize)]
struct Empty {}

#[derive(Debug, Serialize)]
struct UnreadCount {
    count: i64,
}

/// `notification_read`, and `notification_unread` when marked unread again.
#[derive(Debug, Serialize)]
struct NotificationRead {
    notification_id: Uuid,
    unread_count: i64,
}

#[derive(Debug, Serialize)]
struct ApplicationUpdated {
    application_id: Uuid,
}

/// To the employer: a note or scorecard was added to this application.
#[derive(Debug, Serialize)]
struct AssessmentUpdated {
    application_id: Uuid,
}

/// To the employer whose board shows the application: reload that card.
#[derive(Debug, Serialize)]
struct PipelineUpdated {
    job_id: Uuid,
    application_id: Uuid,
}

async fn on_connect(socket: SocketRef, Extension(user): Extension<User>) {
    close_at_expiry(&socket, user.expires_at);
    socket.join(room(user.id));
    socket.join(session_room(user.session_id));
    if user.role == Role::Admin {
        socket.join(crate::admin_live::ADMINS_ROOM);
    }
    let _ = socket.emit(
        "connected",
        &Connected {
            user_id: user.id,
            user_type: user.role,
        },
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
                Ok((notifications, total, unread_count)) => {
                    let _ = s.emit(
                        "notifications_list",
                        &NotificationPage {
                            notifications,
                            total,
                            unread_count,
                        },
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
                let _ = s.emit("error", &Message::new("notification_id is required"));
                return;
            };
            // The read model's change pushes `notification_read` to every socket of the user.
            if let Err(e) = state
                .commands
                .mark_notification_read(
                    NotificationAction {
                        user_id: user.id,
                        notification_id: target.notification_id,
                    },
                    socket_meta(user),
                )
                .await
            {
                let _ = s.emit("error", &Message::new(e.to_string()));
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
                        .emit("all_notifications_read", &Empty {})
                        .await;
                    let _ = s
                        .within(room(user.id))
                        .emit("unread_count", &UnreadCount { count: 0 })
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
        actor_role: Some(user.role.into()),
        request_id: Some("socket.io".into()),
        ..Metadata::default()
    }
}

/// A socket lives no longer than the token it connected with: when the token
/// expires the socket closes, and the client must reconnect with a fresh one
/// (which `authenticate` checks again, revocations included).
fn close_at_expiry(socket: &SocketRef, expires_at: i64) {
    let gone = Gone::default();
    socket.extensions.insert(gone.clone());
    crate::metrics::socket_connected();
    socket.on_disconnect(async |s: SocketRef| {
        crate::metrics::socket_disconnected();
        if let Some(slot) = s.extensions.get::<ClientSlot>() {
            slot.cap.give_back(&slot.client);
        }
        if let Some(Gone(notify)) = s.extensions.get::<Gone>() {
            notify.notify_one();
        }
    });
    let left = (expires_at - chrono::Utc::now().timestamp()).max(0) as u64;
    let socket = socket.clone();
    tokio::spawn(async move {
        tokio::select! {
            _ = tokio::time::sleep(std::time::Duration::from_secs(left)) => {
                tracing::debug!(user = ?socket.id, "socket token expired: closing");
                let _ = socket.disconnect();
            }
            _ = gone.0.notified() => {}
        }
    });
}

fn fail(s: &SocketRef, message: &'static str, e: anyhow::Error) {
    tracing::error!(error = %format!("{e:#}"), "{message}");
    let _ = s.emit("error", &Message::new(message));
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
        let Some(user) = change.user_id() else {
            continue;
        };
        let to = || io.to(room(user));
        // The socket events and payloads of SPEC 7.7.
        let sent = match change {
            Change::NotificationCreated {
                notification,
                unread_count: count,
                ..
            } => {
                let first = to().emit("notification", &notification).await;
                first.and(to().emit("unread_count", &UnreadCount { count }).await)
            }
            Change::NotificationRead {
                notification_id,
                unread_count,
                ..
            } => {
                let read = NotificationRead {
                    notification_id,
                    unread_count,
                };
                to().emit("notification_read", &read).await
            }
            Change::NotificationUnread {
                notification_id,
                unread_count,
                ..
            } => {
                let unread = NotificationRead {
                    notification_id,
                    unread_count,
                };
                to().emit("notification_unread", &unread).await
            }
            Change::NotificationDeleted {
                unread_count: count,
                ..
            } => to().emit("unread_count", &UnreadCount { count }).await,
            Change::ApplicationChanged { application_id, .. } => {
                let updated = ApplicationUpdated { application_id };
                to().emit("application_updated", &updated).await
            }
            Change::PipelineChanged {
                job_id,
                application_id,
                ..
            } => {
                let changed = PipelineUpdated {
                    job_id,
                    application_id,
                };
                to().emit("pipeline_updated", &changed).await
            }
            Change::AssessmentChanged { application_id, .. } => {
                let changed = AssessmentUpdated { application_id };
                to().emit("assessment_updated", &changed).await
            }
            // A suspension: the user's open sockets close; their token no
            // longer connects (see `authenticate`).
            Change::SessionsEnded { .. } => to().disconnect().await,
            Change::OtherSessionsEnded { kept_session, .. } => {
                to().except(session_room(kept_session)).disconnect().await
            }
            Change::SessionEnded { session_id, .. } => {
                io.to(session_room(session_id)).disconnect().await
            }
            Change::JobChanged { .. } | Change::EmployerChanged { .. } => Ok(()),
        };
        if let Err(e) = sent {
            tracing::debug!(error = %e, "realtime push failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;

    /// A request whose header value and URI are slices of `buffer`, the way
    /// hyper hands them over.
    fn request_sharing(buffer: &Bytes, path: &str) -> Request<()> {
        let uri = Uri::from_maybe_shared(buffer.slice(0..path.len())).unwrap();
        let mut request = Request::new(());
        *request.uri_mut() = uri;
        let forwarded = buffer.slice(path.len()..path.len() + 9);
        request.headers_mut().insert(
            "x-forwarded-for",
            HeaderValue::from_maybe_shared(forwarded).unwrap(),
        );
        request
    }

    fn buffer(path: &str) -> Bytes {
        let mut bytes = path.as_bytes().to_vec();
        bytes.extend_from_slice(b"203.0.113");
        bytes.resize(16 * 1024, b' ');
        Bytes::from(bytes)
    }

    #[test]
    fn socket_requests_stop_pinning_the_read_buffer() {
        let path = "/socket.io/?EIO=4&transport=websocket";
        let buffer = buffer(path);
        let mut request = request_sharing(&buffer, path);
        own_request_head(&mut request);
        assert!(
            buffer.is_unique(),
            "the request still holds the read buffer"
        );
        assert_eq!(request.uri().to_string(), path);
        assert_eq!(request.headers()["x-forwarded-for"], "203.0.113");
    }

    #[test]
    fn other_requests_pass_untouched() {
        let path = "/api/jobs?page=2";
        let buffer = buffer(path);
        let mut request = request_sharing(&buffer, path);
        own_request_head(&mut request);
        assert!(!buffer.is_unique());
        assert_eq!(request.uri().to_string(), path);
    }
}
