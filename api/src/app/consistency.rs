//! The consistency token: stamped on a command's answer ([`Written`]) and
//! waited for by the reads after it (read your writes), which is also where
//! a GET is sent to the standby or the primary.

use std::borrow::Cow;
use std::time::Duration;

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{AppState, CONSISTENCY_HEADER};
use crate::read_replica::{ReadFrom, ReadPool};
use crate::routes::Message;

/// Read your writes. A GET that carries the consistency token of an earlier
/// command waits (up to 5 s) until the read models have caught up with it.
/// Without the token, a signed-in user's GET waits for that user's last write
/// instead: every command answer that carries a token is recorded as its
/// user's last write (`last_writes`, in PostgreSQL, so any process sees it).
/// Anonymous reads (the public board) cost nothing extra. With a standby,
/// this is also where a GET's [`ReadPool`] is chosen: the standby once it has
/// replayed the write waited for (crate::read_replica), else the primary.
pub(super) async fn read_your_writes(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let token = request
        .headers()
        .get(CONSISTENCY_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok());
    // Who is asking: the signature is checked here (no database); whether the
    // session is still allowed is the handler's extractor's business, and a
    // refused one writes nothing and reads nothing.
    let user = request
        .headers()
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .and_then(|bearer| state.jwt.verify(bearer.trim()).ok())
        .map(|claims| claims.sub);
    if request.method() == axum::http::Method::GET {
        let (waited, from) = match (token, user) {
            (Some(position), _) => (true, read_after(&state, position).await),
            (None, Some(user)) => wait_for_last_write(&state, user).await,
            (None, None) => (false, state.read_from()),
        };
        // Reads people make: an operator's probes (/readyz every second from
        // each balancer) would drown them.
        if state.replica.is_some()
            && !crate::routes::health::OPERATOR_PATHS.contains(&request.uri().path())
        {
            metrics::counter!("recruit_reads_total", "from" => from.name()).increment(1);
        }
        let mut request = request;
        request
            .extensions_mut()
            .insert(ReadPool(state.pool_for(from).clone()));
        if waited || user.is_some() {
            // Cached public reads may predate the write: read the models.
            // Every signed-in read does: the cache is dropped by a NOTIFY
            // that may reach this process a moment after the checkpoint
            // `pending_write` compares with, so "caught up" is not enough.
            // The cache is for anonymous traffic.
            request.extensions_mut().insert(FreshRead);
        }
        let response = next.run(request).await;
        if from == ReadFrom::Standby
            && response.status() == StatusCode::SERVICE_UNAVAILABLE
            && let Some(replica) = &state.replica
        {
            replica.stop_using();
        }
        return response;
    }
    let response = next.run(request).await;
    if let Some(user) = user
        && response.status().is_success()
        && let Some(position) = response
            .headers()
            .get(CONSISTENCY_HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<i64>().ok())
        && let Err(e) = projections::wait::record_write(&state.pool, user, position).await
    {
        // The write itself stands; only a later read may not wait for it.
        tracing::warn!(error = %format!("{e:#}"), "could not record the user's last write");
    }
    response
}

/// A GET that waited for a write, or any signed-in GET (read your writes): it
/// must not be answered from a cache filled before the write
/// ([`crate::public_reads`]).
#[derive(Debug, Clone, Copy)]
pub struct FreshRead;

/// Where a read after the write at `position` reads: the standby once it has
/// replayed it (waiting up to `REPLICA_MAX_LAG_MS`), else the primary once
/// its read models have it (up to `READ_WAIT_MS`).
async fn read_after(state: &AppState, position: i64) -> ReadFrom {
    if let Some(replica) = state.replica_in_use()
        && replica.has_replayed(state, position).await
    {
        return ReadFrom::Standby;
    }
    wait_for_position(state, position).await;
    ReadFrom::Primary
}

/// Waits for `user`'s last write when the read models do not hold it yet, and
/// answers whether there was one, and where to read. A stalled projector
/// costs the user one slow read, not one per request: a write waited for in
/// vain is forgotten. With a standby in use, the standby is read once it
/// holds the user's last write (asked of the primary, where it is recorded).
async fn wait_for_last_write(state: &AppState, user: uuid::Uuid) -> (bool, ReadFrom) {
    if let Some(replica) = state.replica_in_use() {
        match projections::wait::last_write(&state.pool, user).await {
            Ok(None) => return (false, ReadFrom::Standby),
            Ok(Some(position)) if replica.has_replayed(state, position).await => {
                return (true, ReadFrom::Standby);
            }
            Ok(Some(_)) => {}
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "could not read the user's last write");
            }
        }
    }
    let pending =
        match projections::wait::pending_write(&state.pool, user, &state.read_models).await {
            Ok(pending) => pending,
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "could not read the user's last write");
                None
            }
        };
    let Some(position) = pending else {
        return (false, ReadFrom::Primary);
    };
    if !wait_for_position(state, position).await
        && let Err(e) = projections::wait::forget_write(&state.pool, user, position).await
    {
        tracing::warn!(error = %format!("{e:#}"), "could not forget the user's last write");
    }
    (true, ReadFrom::Primary)
}

/// Waits (up to `READ_WAIT_MS`, 5 s by default) until every read model has
/// passed `position`; a read that gives up answers from what the read models
/// hold, and says so in the log. Answers whether the read models reached it.
async fn wait_for_position(state: &AppState, position: i64) -> bool {
    match projections::wait::until_position(
        &state.source(),
        &state.read_models,
        position,
        Duration::from_millis(state.config.read_wait_ms),
    )
    .await
    {
        Ok(true) => true,
        Ok(false) => {
            tracing::warn!(
                position,
                "read models did not reach the consistency token in time"
            );
            false
        }
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "could not wait for the consistency token");
            false
        }
    }
}

/// A command's answer: the body plus the consistency token of what it wrote
/// (no header when the command changed nothing).
pub struct Written<T>(pub Option<i64>, pub T);

impl<B> Written<Json<B>> {
    /// `body` as JSON, stamped with the position its command wrote at.
    pub fn json(position: Option<i64>, body: B) -> Self {
        Self(position, Json(body))
    }
}

impl Written<Json<Message>> {
    /// A confirmation, `{"message": ...}`, stamped with the position its
    /// command wrote at.
    pub fn message(position: Option<i64>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::json(position, Message::new(message))
    }
}

impl<T: IntoResponse> IntoResponse for Written<T> {
    fn into_response(self) -> Response {
        let mut response = self.1.into_response();
        if let Some(position) = self.0 {
            response
                .headers_mut()
                .insert(CONSISTENCY_HEADER, HeaderValue::from(position));
        }
        response
    }
}
