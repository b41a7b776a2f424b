//! `Idempotency-Key` on commands (POST, PUT, PATCH, DELETE). A client that
//! lost the answer to a command (a connection reset after the commit) sends
//! it again with the same key and gets the first answer back (the same status,
//! body and consistency token, marked `Idempotency-Replayed: true`) instead
//! of a second write or a 409 that hides whether the first one happened.
//!
//! Whose answer it is. A request with a bearer token is its user's: the
//! session is checked here, as the handler's `Session` extractor checks it
//! (signature, expiry, `still_allowed`; the verdict is left in the request
//! for the handler), before any answer is looked up. So an answer is
//! replayed only to the user it was given to, while a session of theirs is
//! valid, and a request of an ended session is refused as every request of
//! it is. Each row keeps its user (`subject`): their erasure deletes their
//! rows (`privacy::finish`). Without a token anyone could send any key, so an
//! anonymous key is bound to the exact body too, and an anonymous answer is
//! kept only when its command did something (a 2xx): every anonymous command
//! is throttled per client, so anonymous rows grow no faster than anonymous
//! writes, and a flood of refused requests writes none.
//!
//! What is never kept: answers that carry credentials or a person's data
//! export, by route ([`kept_for_route`]: sign-in, two-factor, step-up,
//! passwords, exports, erasures; a key there is ignored) and by content
//! ([`holds_credentials`]: a body with a `token`, `secret`, `challenge`,
//! `password`, recovery codes or an export link, on any route); 5xx (a retry
//! after a server error runs again); 429 (nothing ran). Kept answers go after
//! 24 hours (`purge`). The same key with a different body is 422; while the
//! first try is still running, 409. A body is read no further than its
//! route's limit (`routes::body_limit`, set outside this layer).
//!
//! The answer commits with the command. A keyed command runs in a
//! [`DeferredCommit`] scope: its appends join one transaction, and the answer
//! kept for its retry (or the key's release, when none is kept) is written in
//! that transaction before it commits. So the first try's answer exists
//! exactly when its events do, wherever its process died: a retry after the
//! commit gets the first answer (201 and the same id, the same consistency
//! token); one after a death before it finds the claim unanswered and, once
//! the claim is abandoned, runs the command (nothing of the first try was
//! written). A 5xx rolls the try's appends back for the same reason: its
//! retry runs again. What escapes the transaction runs again with the retry
//! and is safe to: writes outside the store (a sign-out's sessions, throttle
//! counts) and work spawned onto other tasks. A file the command stops
//! referring to is deleted only after the commit ([`once_committed`]).
//!
//! Why not rebuild a lost answer from the log instead (the events under the
//! key's correlation id hold the ids, and their position is the token):
//! every command route would need a second, hand-kept copy of its answer,
//! derived from its events, that must stay byte for byte the handler's; a
//! route it forgot would answer a retry differently, or not at all. Kept in
//! the command's transaction, every route is covered as it is written. The
//! cost is small and only keyed commands pay it: their events commit after
//! the handler has answered (a few milliseconds later, in a transaction of
//! their own rather than a shared group commit), and for that moment the
//! log's readers wait for them.

use anyhow::Context;
use axum::RequestExt;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use event_store::postgres::DeferredCommit;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::app::{AppState, CONSISTENCY_HEADER, CORRELATION_HEADER};
use crate::auth::Session;
use crate::error::ApiError;

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED: &str = "idempotency-replayed";
/// How long an answer is kept.
pub const KEEP_HOURS: i32 = 24;
/// Answers larger than this are not kept (commands answer a few kilobytes).
const MAX_ANSWER: usize = 1024 * 1024;
/// A first try cannot outlive `REQUEST_TIMEOUT_SECS`: `security::limit`,
/// outside this layer, drops it then (and its uncommitted appends with it).
/// A claim still unanswered this long after that is a try whose process
/// died, or whose database went away, before its commit: a retry runs again.
/// The margin covers a COMMIT already sent when the try was dropped (should
/// it land, it holds the answer, which the retry then replays). A fixed
/// minute made every client whose server was killed mid-request wait a minute.
const ABANDONED_MARGIN_SECS: u64 = 5;

fn abandoned_after_secs(state: &AppState) -> i32 {
    (state.config.request_timeout_secs + ABANDONED_MARGIN_SECS) as i32
}

pub const BAD_KEY: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const KEY_REUSED: &str = "This Idempotency-Key was already used for a different request";
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
    let route = request.extensions().get::<MatchedPath>().map_or_else(
        || request.uri().path().to_owned(),
        |p| p.as_str().to_owned(),
    );
    if !kept_for_route(&route) {
        // Its answer would hold a credential or a person's data: the route
        // runs as if no key was sent (each of these is safe to run again).
        return next.run(request).await;
    }
    match run(&state, key, request, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

/// Whether answers of `route` (its pattern, `/api/auth/{role}/login`) may be
/// kept. Not those that hand out a credential or a person's data, or take a
/// password: sign-in, its second step and step-up (a session token, a
/// challenge), two-factor set-up (a secret, recovery codes), password
/// changes and resets, data exports (a download link), erasures (the
/// person's own carries their password, and its row would outlive the
/// erasure that deleted theirs). Judged by the path's words rather than a
/// list of routes, so a new route of one of these kinds is covered as well.
pub fn kept_for_route(route: &str) -> bool {
    !route.split('/').any(|segment| {
        let segment = segment.to_ascii_lowercase();
        segment.contains("password")
            || matches!(
                segment.as_str(),
                "login" | "two-factor" | "step-up" | "export" | "exports" | "erase"
            )
    })
}

/// Whether an answer's body holds a credential: a JSON field, at any depth,
/// named for one (`token`, `accessToken`, `secret`, `challenge`,
/// `password`, `recovery_codes`, `otpauth_url`), or a data-export link. The
/// safety net under [`kept_for_route`], for whatever route it does not name.
pub fn holds_credentials(body: &[u8]) -> bool {
    fn names_a_credential(field: &str) -> bool {
        let field = field.to_ascii_lowercase().replace(['_', '-'], "");
        [
            "token",
            "secret",
            "challenge",
            "password",
            "recoverycode",
            "otpauth",
        ]
        .iter()
        .any(|word| field.contains(word))
    }
    fn holds(value: &Value) -> bool {
        match value {
            Value::Object(fields) => fields
                .iter()
                .any(|(name, value)| names_a_credential(name) || holds(value)),
            Value::Array(items) => items.iter().any(holds),
            Value::String(text) => text.contains("/api/exports/"),
            _ => false,
        }
    }
    serde_json::from_slice::<Value>(body).is_ok_and(|v| holds(&v))
}

/// Whether an answer is kept for a retry. Not a 5xx (the retry should run
/// again), nor a 429 (nothing ran: once the wait is over the retry should
/// run). For an anonymous caller, only what did something: a 2xx.
fn keeps(status: StatusCode, signed_in: bool) -> bool {
    if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
        return false;
    }
    signed_in || status.is_success()
}

async fn run(
    state: &AppState,
    key: String,
    request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let (mut parts, body) = request.into_parts();
    // Who asks. A token that is not a valid session is refused here, as its
    // handler would refuse it, before anything kept is looked at.
    let subject = if parts.headers.contains_key(header::AUTHORIZATION) {
        Some(
            Session::from_request_parts(&mut parts, state)
                .await?
                .user_id,
        )
    } else {
        None
    };
    // No further than the route's own limit (the `DefaultBodyLimit` set
    // outside this layer for the matched route).
    let (mut parts, body) = Request::from_parts(parts, body)
        .with_limited_body()
        .into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(|_| ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large"))?;
    // Keyed, so the table holds no plain digest of a body (a registration's
    // holds a password).
    let request_hash = state
        .commands
        .hasher
        .hash(&hex::encode(Sha256::digest(&bytes)));
    let scope = scope_of(subject, &parts, &request_hash);
    // Every try of one keyed command carries the same correlation id in its
    // events: the log ties them together.
    let correlation = Uuid::new_v5(&Uuid::NAMESPACE_OID, format!("{scope}\0{key}").as_bytes());
    parts.headers.insert(
        CORRELATION_HEADER,
        HeaderValue::from_str(&correlation.to_string()).expect("a UUID is a header value"),
    );

    // Claim the key; a claim older than a day is forgotten, and so is one
    // whose try never answered once it is abandoned: that try committed
    // nothing (a try's writes commit with its answer, below), so it runs again.
    // language=PostgreSQL
    let claimed: Option<(String,)> = sqlx::query_as(
        "INSERT INTO idempotency_keys AS k (scope, key, request_hash, subject) VALUES ($1, $2, $3, $5)
         ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = now(),
             subject = EXCLUDED.subject,
             status = NULL, body = NULL, content_type = NULL, consistency = NULL, location = NULL
          WHERE k.created_at < now() - make_interval(hours => $6)
             OR (k.status IS NULL AND k.created_at < now() - make_interval(secs => $4))
         RETURNING k.key",
    )
    .bind(&scope)
    .bind(&key)
    .bind(&request_hash)
    .bind(abandoned_after_secs(state))
    .bind(subject)
    .bind(KEEP_HOURS)
    .fetch_optional(&state.pool)
    .await?;
    if claimed.is_none() {
        return replay(state, &scope, &key, subject, &request_hash).await;
    }

    // The command's appends wait in one transaction for its answer.
    let deferred = DeferredCommit::default();
    let response = deferred
        .scope(next.run(Request::from_parts(parts, Body::from(bytes))))
        .await;
    let mut pending = deferred.finish().await;
    let status = response.status();
    if status.is_server_error() {
        // A retry after a server error runs again, so nothing of this try
        // may stay. The key is freed in the background: a 5xx is often the
        // database going away, and waiting for this to time out too would
        // double the time a client waits for its 503. Until it runs, a retry
        // is told the first try is still in progress.
        if let Err(e) = pending.roll_back().await {
            tracing::warn!(error = %e, "could not roll back a command that failed");
        }
        let state = state.clone();
        tokio::spawn(async move { forget(&state, &scope, &key).await });
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let (body, answer) = if keeps(status, subject.is_some()) {
        match axum::body::to_bytes(body, MAX_ANSWER).await {
            Ok(body) if holds_credentials(&body) => (Body::from(body), None),
            Ok(body) => {
                let answer = Answer::of(status, &parts.headers, body.clone());
                (Body::from(body), Some(answer))
            }
            Err(e) => {
                // Too large to keep: the key is freed, so a retry is judged
                // by the command itself, not held as "in progress".
                tracing::warn!(error = %e, "could not read a response to keep it");
                (Body::empty(), None)
            }
        }
    } else {
        (body, None)
    };

    #[cfg(feature = "test-hooks")]
    hooks::reached(&key, hooks::Moment::BeforeCommit).await;
    // The answer (or, when none is kept, the key's release) commits with the
    // command's events: a retry finds both or neither, whenever this process
    // dies.
    let settled = match pending.transaction() {
        Some(tx) => Some(settle(tx, &scope, &key, answer.as_ref()).await),
        None => None,
    };
    match settled {
        None => {
            // The command appended nothing. What it did besides (a sign-out's
            // sessions) is done: failing to keep its answer must not turn it
            // into a 500 the client would retry. Log it and free the key.
            if let Err(e) = settle(&state.pool, &scope, &key, answer.as_ref()).await {
                tracing::warn!(error = %e, "could not keep an answer for its Idempotency-Key");
                forget(state, &scope, &key).await;
            }
            pending.commit().await?;
        }
        Some(Err(e)) => {
            // Nothing of the command is written: the retry runs it again.
            let _ = pending.roll_back().await;
            let state = state.clone();
            tokio::spawn(async move { forget(&state, &scope, &key).await });
            return Err(anyhow::Error::new(e)
                .context("Failed to keep an answer with its command's events")
                .into());
        }
        Some(Ok(())) => {
            // If the COMMIT fails, whether it took effect is unknown: the
            // claim stays, and a retry replays the answer if it did, or runs
            // the command again once the claim is abandoned if it did not.
            pending
                .commit()
                .await
                .context("Failed to commit a command with its answer")?;
        }
    }
    #[cfg(feature = "test-hooks")]
    hooks::reached(&key, hooks::Moment::AfterCommit).await;
    Ok(Response::from_parts(parts, body))
}

/// An answer as kept for a retry.
struct Answer {
    status: StatusCode,
    content_type: Option<String>,
    consistency: Option<i64>,
    location: Option<String>,
    body: Bytes,
}

impl Answer {
    fn of(status: StatusCode, headers: &HeaderMap, body: Bytes) -> Self {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        Self {
            status,
            content_type: text(header::CONTENT_TYPE.as_str()),
            consistency: text(CONSISTENCY_HEADER).and_then(|v| v.parse().ok()),
            location: text(header::LOCATION.as_str()),
            body,
        }
    }
}

/// Work a keyed command's handler does after its command that must wait for
/// the command's commit (deleting a file the command stopped referring to):
/// run after it, or never if it is rolled back. Outside a keyed command the
/// command has committed already, and `work` runs at once.
pub async fn once_committed(work: impl Future<Output = ()> + Send + 'static) {
    event_store::postgres::once_committed(work).await;
}

/// Keeps `answer` for the claimed key, or frees the key when there is none.
async fn settle(
    db: impl PgExecutor<'_>,
    scope: &str,
    key: &str,
    answer: Option<&Answer>,
) -> Result<(), sqlx::Error> {
    let Some(answer) = answer else {
        // language=PostgreSQL
        sqlx::query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2")
            .bind(scope)
            .bind(key)
            .execute(db)
            .await?;
        return Ok(());
    };
    // language=PostgreSQL
    sqlx::query(
        "UPDATE idempotency_keys SET status = $3, content_type = $4, consistency = $5, location = $6, body = $7
          WHERE scope = $1 AND key = $2",
    )
    .bind(scope)
    .bind(key)
    .bind(answer.status.as_u16() as i16)
    .bind(&answer.content_type)
    .bind(answer.consistency)
    .bind(&answer.location)
    .bind(answer.body.as_ref())
    .execute(db)
    .await?;
    Ok(())
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

/// Deletes the answers kept longer than [`KEEP_HOURS`] (the purge's round),
/// rows written before answers had a subject among them. Returns how many.
pub async fn purge_expired(db: impl PgExecutor<'_>) -> anyhow::Result<u64> {
    // language=PostgreSQL
    let purged = sqlx::query(
        "DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)",
    )
    .bind(KEEP_HOURS)
    .execute(db)
    .await?;
    Ok(purged.rows_affected())
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
    subject: Option<Uuid>,
    request_hash: &str,
) -> Result<Response, ApiError> {
    // The subject is in the scope already; it is matched again so that a
    // row without one (kept before rows had it) is never replayed to anyone.
    // language=PostgreSQL
    let kept: Option<Kept> = sqlx::query_as(
        "SELECT request_hash, status, content_type, consistency, location, body
           FROM idempotency_keys WHERE scope = $1 AND key = $2 AND subject IS NOT DISTINCT FROM $3",
    )
    .bind(scope)
    .bind(key)
    .bind(subject)
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

/// Whose key it is and for what: the user (any valid session of theirs: a
/// client that signed in again still gets its answer), the method and the
/// path. Without a token anyone could send any key, so an anonymous key is
/// also bound to the exact body: only someone who sent the very same request
/// (a registration's password included) gets its answer. `v2`: scopes of rows
/// kept before (a hash of the whole Authorization header) never match.
fn scope_of(
    subject: Option<Uuid>,
    parts: &axum::http::request::Parts,
    request_hash: &str,
) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"v2\0");
    match subject {
        Some(user) => hasher.update(user.as_bytes()),
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

/// Test builds only (the `test-hooks` feature, which the api's own tests turn
/// on): stops a keyed command's try for good at a chosen moment, as a
/// process killed there would. Its client never hears back; the server drops
/// the try at the request timeout (`security::limit`), and with it whatever
/// the try had not committed.
#[cfg(feature = "test-hooks")]
pub mod hooks {
    use std::sync::Mutex;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Moment {
        /// The handler has answered; its events are not committed yet.
        BeforeCommit,
        /// The events and the answer are committed; nothing is sent yet.
        AfterCommit,
    }

    /// Keys (with their moment) whose next try stops. Keyed by the
    /// `Idempotency-Key` so that tests running side by side in one process
    /// stop only their own requests.
    static ARMED: Mutex<Vec<(String, Moment)>> = Mutex::new(Vec::new());

    /// The next try that sends `key` stops at `moment` and never answers.
    pub fn stop_next_try(key: &str, moment: Moment) {
        armed().push((key.to_owned(), moment));
    }

    pub(super) async fn reached(key: &str, moment: Moment) {
        let stop = {
            let mut armed = armed();
            let found = armed.iter().position(|(k, m)| k == key && *m == moment);
            found.map(|i| armed.remove(i)).is_some()
        };
        if stop {
            std::future::pending::<()>().await;
        }
    }

    fn armed() -> std::sync::MutexGuard<'static, Vec<(String, Moment)>> {
        ARMED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests;
