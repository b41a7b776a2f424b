//! Edge protections every response gets: security headers, request ids that
//! are only ever UUIDs, a time limit on API requests and a cap on how many run
//! at once (refused with 503, not queued, so an overload sheds instead of
//! piling up).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;
use uuid::Uuid;

use crate::app::{AppState, REQUEST_ID_HEADER};
use crate::error::ApiError;

/// What the browser may load. Scripts only from our own origin (no inline
/// script, no eval); inline style attributes are allowed (React sets them).
/// The contact page's map is the one third-party frame; PDFs open from blob:
/// URLs in an <object> (and may be read back from them).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self'; \
     style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; \
     font-src 'self'; \
     connect-src 'self' blob:; \
     frame-src 'self' blob: https://maps.google.com https://www.google.com; \
     object-src 'self' blob:; \
     base-uri 'self'; \
     form-action 'self'; \
     frame-ancestors 'none'";

/// A year of HTTPS-only, for a site served over https.
const HSTS: &str = "max-age=31536000; includeSubDomains";

pub const TIMED_OUT: &str = "The request took too long. Please try again.";
pub const BUSY: &str = "We are very busy right now. Please try again in a moment.";

/// Security headers on every response (pages, API, files), unless a handler
/// set its own (a download's stricter CSP, say).
pub async fn headers(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    let mut set = |name: header::HeaderName, value: &'static str| {
        if !h.contains_key(&name) {
            h.insert(name, HeaderValue::from_static(value));
        }
    };
    set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(
        header::HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=(), payment=()",
    );
    set(
        header::HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    if state.config.public_url.starts_with("https://") {
        set(header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
    response
}

/// A client's `x-request-id` is kept only when it is a UUID: anything else
/// (log injection, megabyte headers, ids that collide on purpose) is replaced
/// by one of ours.
pub async fn uuid_request_ids(mut request: Request, next: Next) -> Response {
    let keep = request
        .headers()
        .get(REQUEST_ID_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| Uuid::parse_str(v).is_ok());
    if !keep {
        request.headers_mut().remove(REQUEST_ID_HEADER);
    }
    next.run(request).await
}

/// The API's limits: requests that may run at once and how long one may take.
#[derive(Clone)]
pub struct Limits {
    slots: Arc<Semaphore>,
    timeout: Duration,
}

impl Limits {
    pub fn new(concurrent: usize, timeout: Duration) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(concurrent.max(1))),
            timeout,
        }
    }
}

/// Over the cap: 503 at once. Past the time limit: 503 and the work is
/// dropped (commands are atomic appends, so a dropped one wrote nothing or
/// everything; the client's retry with an idempotent design is safe).
pub async fn limit(State(limits): State<Limits>, request: Request, next: Next) -> Response {
    let Ok(_slot) = limits.slots.clone().try_acquire_owned() else {
        crate::metrics::shed();
        return unavailable(BUSY, 1);
    };
    match tokio::time::timeout(limits.timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => unavailable(TIMED_OUT, 1),
    }
}

pub fn unavailable(message: &str, retry_after_secs: u64) -> Response {
    let mut response =
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message.to_owned()).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
    response
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::Router;
    use axum::body::Body;
    use axum::routing::get;
    use tokio::sync::Notify;
    use tower::ServiceExt;

    use super::*;

    /// A handler the test holds: it says when it has started, and finishes
    /// only when the test lets it. No timer decides the outcome.
    #[derive(Clone, Default)]
    struct Held {
        entered: Arc<Notify>,
        release: Arc<Notify>,
    }

    fn held_app(limits: Limits, held: Held) -> Router {
        Router::new()
            .route(
                "/held",
                get(move || async move {
                    held.entered.notify_one();
                    held.release.notified().await;
                    "done"
                }),
            )
            .layer(axum::middleware::from_fn_with_state(limits, limit))
    }

    fn get_held() -> Request {
        Request::builder().uri("/held").body(Body::empty()).unwrap()
    }

    #[tokio::test]
    async fn over_the_cap_a_request_is_refused_at_once_not_queued() {
        let held = Held::default();
        let app = held_app(Limits::new(1, Duration::from_secs(60)), held.clone());
        let first = tokio::spawn(app.clone().oneshot(get_held()));
        held.entered.notified().await;
        // The only slot is taken: the next request is answered, not queued.
        let second = tokio::time::timeout(Duration::from_secs(30), app.clone().oneshot(get_held()))
            .await
            .expect("refused at once, not queued")
            .unwrap();
        assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(second.headers().contains_key(header::RETRY_AFTER));
        held.release.notify_one();
        assert_eq!(first.await.unwrap().unwrap().status(), StatusCode::OK);
        // Once the slot is free again, requests run.
        held.release.notify_one();
        assert_eq!(
            app.oneshot(get_held()).await.unwrap().status(),
            StatusCode::OK
        );
    }

    #[tokio::test]
    async fn a_request_past_the_time_limit_is_answered_503() {
        // Held for good: only the time limit can answer it.
        let app = held_app(Limits::new(4, Duration::from_millis(100)), Held::default());
        let res = app.oneshot(get_held()).await.unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = axum::body::to_bytes(res.into_body(), 1024).await.unwrap();
        assert!(String::from_utf8_lossy(&body).contains(TIMED_OUT));
    }
}
