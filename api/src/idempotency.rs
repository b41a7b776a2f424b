//! `Idempotency-Key` on commands (POST, PUT, PATCH, DELETE). A client that
//! lost the answer to a command (a connection reset after the commit) sends
//! it again with the same key and gets the first answer back (the same status,
//! body and consistency token, marked `Idempotency-Replayed: true`) instead
//! of a second write or a 409 that hides whether the first one happened.
//!
//! Keys are scoped to the caller (a hash of the bearer token's subject, or of
//! no token), the method and the path, kept 24 hours. The same key with a
//! different body is 422; while the first try is still running, 409. Answers
//! of 5xx are not kept, so a retry after a server error runs again.
//!
//! A first try whose process died after its command committed but before its
//! answer was kept leaves a claim with no answer. Once that claim is
//! abandoned, a retry looks in the log for the try's events (all tries share
//! one correlation id, derived from the key): if it wrote, the retry answers
//! 409 "already carried out" instead of doing it a second time.

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::app::{AppState, CONSISTENCY_HEADER, CORRELATION_HEADER};
use crate::error::ApiError;

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED: &str = "idempotency-replayed";
/// Bodies larger than this are not buffered for a key (uploads are 5 MB).
const MAX_BODY: usize = 8 * 1024 * 1024;
/// A first try cannot outlive `REQUEST_TIMEOUT_SECS`: `security::limit`,
/// outside this layer, drops it then. A claim still unanswered this long
/// after that is a try whose process died (or whose database went away
/// before it could keep or free the key): a retry runs again. The margin
/// covers a COMMIT already sent when the try was dropped. A fixed minute
/// made every client whose server was killed mid-request wait a minute.
const ABANDONED_MARGIN_SECS: u64 = 5;

fn abandoned_after_secs(state: &AppState) -> i32 {
    (state.config.request_timeout_secs + ABANDONED_MARGIN_SECS) as i32
}

pub const BAD_KEY: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const KEY_REUSED: &str = "This Idempotency-Key was already used for a different request";
pub const ALREADY_DONE: &str =
    "This request was already carried out, but its answer was lost. Reload to see the result.";
pub const IN_PROGRESS: &str =
    "A request with this Idempotency-Key is still being processed. Try again shortly.";

pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let is_command = matches!(
        *request.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    let Some(key) = request.headers().get(HEADER).cloned() else {
        return next.run(request).await;
    };
    if !is_command {
        return next.run(request).await;
    }
    let Some(key) = key
        .to_str()
        .ok()
        .filter(|k| !k.is_empty() && k.len() <= 255 && k.bytes().all(|b| b.is_ascii_graphic()))
        .map(str::to_owned)
    else {
        return ApiError::bad_request(BAD_KEY).into_response();
    };
    match run(&state, key, request, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn run(
    state: &AppState,
    key: String,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let (mut parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, MAX_BODY)
        .await
        .map_err(|_| ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large"))?;
    let request_hash = hex::encode(Sha256::digest(&bytes));
    let scope = scope_of(&parts, &request_hash);
    // Every try of one keyed command carries the same correlation id in its
    // events, so a retry can tell whether a try that never answered wrote.
    let correlation = Uuid::new_v5(&Uuid::NAMESPACE_OID, format!("{scope}\0{key}").as_bytes());
    parts.headers.insert(
        CORRELATION_HEADER,
        HeaderValue::from_str(&correlation.to_string()).expect("a UUID is a header value"),
    );

    // Claim the key; a claim older than a day is forgotten, a first try that
    // never answered is taken over (and `abandoned_since` says when it began).
    // language=PostgreSQL
    let claimed: Option<(String, Option<DateTime<Utc>>)> = sqlx::query_as(
        "WITH before AS (SELECT status, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2)
         INSERT INTO idempotency_keys AS k (scope, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = now(),
             status = NULL, body = NULL, content_type = NULL, consistency = NULL, location = NULL
          WHERE k.created_at < now() - interval '24 hours'
             OR (k.status IS NULL AND k.created_at < now() - make_interval(secs => $4))
         RETURNING k.key, (SELECT created_at FROM before WHERE status IS NULL)",
    )
    .bind(&scope)
    .bind(&key)
    .bind(&request_hash)
    .bind(abandoned_after_secs(state))
    .fetch_optional(&state.pool)
    .await?;

    let Some((_, abandoned_since)) = claimed else {
        return replay(state, &scope, &key, &request_hash).await;
    };

    // The abandoned try may have committed before its process died: then
    // running again would do it twice. Its events are recorded after its
    // claim, so only that stretch of the log is read (by the time index).
    let ran_before = match abandoned_since {
        Some(since) => wrote_since(state, correlation, since).await?,
        None => false,
    };
    let response = if ran_before {
        ApiError::new(StatusCode::CONFLICT, ALREADY_DONE).into_response()
    } else {
        next.run(Request::from_parts(parts, Body::from(bytes)))
            .await
    };
    let status = response.status();
    if status.is_server_error() {
        // Not kept: the retry should run again. Freed in the background: a
        // 5xx is often the database going away, and waiting for this to time
        // out too would double the time a client waits for its 503. Until it
        // runs, a retry is told the first try is still in progress.
        let state = state.clone();
        tokio::spawn(async move { forget(&state, &scope, &key).await });
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let body = match axum::body::to_bytes(body, MAX_BODY).await {
        Ok(body) => body,
        Err(e) => {
            // The command ran; its answer cannot be kept. Free the key so a
            // retry is judged by the command itself, not held as "in progress".
            tracing::warn!(error = %e, "could not read a response to keep it");
            forget(state, &scope, &key).await;
            return Ok(Response::from_parts(parts, Body::empty()));
        }
    };
    let header_text = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    // The command has already happened: a failure to keep its answer must not
    // turn its success into a 500 (the client would retry a write that
    // worked). Log it and free the key instead.
    // language=PostgreSQL
    let kept = sqlx::query(
        "UPDATE idempotency_keys SET status = $3, content_type = $4, consistency = $5, location = $6, body = $7
          WHERE scope = $1 AND key = $2",
    )
    .bind(&scope)
    .bind(&key)
    .bind(status.as_u16() as i16)
    .bind(header_text(header::CONTENT_TYPE.as_str()))
    .bind(header_text(CONSISTENCY_HEADER).and_then(|v| v.parse::<i64>().ok()))
    .bind(header_text(header::LOCATION.as_str()))
    .bind(body.as_ref())
    .execute(&state.pool)
    .await;
    if let Err(e) = kept {
        tracing::warn!(error = %e, "could not keep an answer for its Idempotency-Key");
        forget(state, &scope, &key).await;
    }
    Ok(Response::from_parts(parts, Body::from(body)))
}

/// Whether an event of this correlation was recorded since `since` (the
/// claim of a try that never answered; a little before, for clock skew
/// between the database's `now()` and `clock_timestamp()`).
async fn wrote_since(
    state: &AppState,
    correlation: Uuid,
    since: DateTime<Utc>,
) -> Result<bool, ApiError> {
    // language=PostgreSQL
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT position FROM events
          WHERE recorded_at >= $2 - interval '1 second' AND metadata->>'correlation_id' = $1
          LIMIT 1",
    )
    .bind(correlation.to_string())
    .bind(since)
    .fetch_optional(&state.pool)
    .await?;
    Ok(found.is_some())
}

/// Releases a claimed key (best effort: if even this fails, the claim lapses
/// once it is abandoned: `abandoned_after_secs`).
async fn forget(state: &AppState, scope: &str, key: &str) {
    // language=PostgreSQL
    let freed = sqlx::query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2")
        .bind(scope)
        .bind(key)
        .execute(&state.pool)
        .await;
    if let Err(e) = freed {
        tracing::warn!(error = %e, "could not release an Idempotency-Key");
    }
}

type Kept = (
    String,
    Option<i16>,
    Option<String>,
    Option<i64>,
    Option<String>,
    Option<Vec<u8>>,
);

async fn replay(
    state: &AppState,
    scope: &str,
    key: &str,
    request_hash: &str,
) -> Result<Response, ApiError> {
    // language=PostgreSQL
    let kept: Option<Kept> = sqlx::query_as(
        "SELECT request_hash, status, content_type, consistency, location, body
           FROM idempotency_keys WHERE scope = $1 AND key = $2",
    )
    .bind(scope)
    .bind(key)
    .fetch_optional(&state.pool)
    .await?;
    let Some((hash, status, content_type, consistency, location, body)) = kept else {
        // Deleted between the claim and now (a 5xx first try): try again.
        return Err(ApiError::new(StatusCode::CONFLICT, IN_PROGRESS));
    };
    if hash != request_hash {
        return Err(ApiError::unprocessable(KEY_REUSED));
    }
    let Some(status) = status.and_then(|s| StatusCode::from_u16(s as u16).ok()) else {
        return Err(ApiError::new(StatusCode::CONFLICT, IN_PROGRESS));
    };
    let mut response = (status, Bytes::from(body.unwrap_or_default())).into_response();
    let headers = response.headers_mut();
    if let Some(v) = content_type.and_then(|v| HeaderValue::from_str(&v).ok()) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    if let Some(position) = consistency {
        headers.insert(CONSISTENCY_HEADER, HeaderValue::from(position));
    }
    if let Some(v) = location.and_then(|v| HeaderValue::from_str(&v).ok()) {
        headers.insert(header::LOCATION, v);
    }
    headers.insert(REPLAYED, HeaderValue::from_static("true"));
    Ok(response)
}

/// Whose key it is and for what: the bearer token (hashed; a new session of
/// the same user gets a new scope, which is safe: at worst the retry runs),
/// the method and the path. Without a token anyone could send any key, so an
/// anonymous key is also bound to the exact body: only someone who sent the
/// very same request (a registration's password included) gets its answer.
fn scope_of(parts: &axum::http::request::Parts, request_hash: &str) -> String {
    let token = parts.headers.get(header::AUTHORIZATION);
    let mut hasher = Sha256::new();
    match token {
        Some(t) => hasher.update(t.as_bytes()),
        None => {
            hasher.update(b"anonymous");
            hasher.update(request_hash.as_bytes());
        }
    }
    hasher.update([0]);
    hasher.update(parts.method.as_str());
    hasher.update([0]);
    hasher.update(parts.uri.path());
    hex::encode(hasher.finalize())
}
