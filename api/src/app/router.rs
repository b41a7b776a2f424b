//! The request path every request takes: the middleware stack around the
//! router (request ids, tracing, failure logging, security headers, sockets),
//! and the route-level layers (metrics label, limits, read your writes, body
//! limits, idempotency, JSON error bodies).

use std::convert::Infallible;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::HeaderName;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower::{Service, ServiceBuilder};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use super::consistency::read_your_writes;
use super::{AppState, JSON_BODY_LIMIT, REQUEST_ID_HEADER};
use crate::error::Failure;
use crate::{routes, site};

/// The whole application: the router inside the middleware that every
/// request passes through. That middleware wraps the router once, as one
/// service: `Router::layer` would wrap each route in its own boxed copy of
/// the stack, and each request would clone and drop every box (see
/// docs/BENCHMARKS.md, queries).
pub fn service(
    state: AppState,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send + 'static>
+ Clone
+ Send
+ Sync
+ 'static {
    let request_id = HeaderName::from_static(REQUEST_ID_HEADER);
    let router = routes(&state).with_state(state.clone());
    // Outermost first.
    ServiceBuilder::new()
        .layer(middleware::from_fn(crate::security::uuid_request_ids))
        .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
        .layer(PropagateRequestIdLayer::new(request_id))
        .layer(TraceLayer::new_for_http())
        .layer(middleware::from_fn(log_failures))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::security::headers,
        ))
        .layer(crate::realtime::layer(state))
        .map_response(IntoResponse::into_response)
        .service(router)
}

/// Every route, with the middleware that belongs to routes: the metrics
/// label (the matched pattern) and, on the API only, errors as JSON,
/// idempotency keys, the body limit, read your writes and rate limits.
fn routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .merge(Router::from(routes::api()))
        .merge(routes::health())
        // Only matched routes: the label is the route's pattern.
        .route_layer(middleware::from_fn(crate::metrics::track_http))
        // One `layer` call: each call boxes its layer around every route,
        // and every box is cloned for each request. Outermost first.
        .layer(
            ServiceBuilder::new()
                .layer(middleware::from_fn_with_state(
                    state.limits.clone(),
                    crate::security::limit,
                ))
                .layer(middleware::from_fn_with_state(
                    state.clone(),
                    read_your_writes,
                ))
                .layer(middleware::from_fn(body_limit))
                .layer(middleware::from_fn_with_state(
                    state.clone(),
                    crate::idempotency::layer,
                ))
                .layer(middleware::from_fn(json_error_bodies)),
        )
        .merge(site::router())
        .merge(crate::openapi::browser(state.clone()))
}

/// Each route's body limit (`routes::body_limit`), set here, outside the
/// `Idempotency-Key` layer, which reads a keyed body before its handler does:
/// it reads no more than the route accepts.
async fn body_limit(request: Request, next: Next) -> Response {
    use tower::{Layer, ServiceExt};
    let limit = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(JSON_BODY_LIMIT, |route| routes::body_limit(route.as_str()));
    match DefaultBodyLimit::max(limit)
        .layer(next)
        .oneshot(request)
        .await
    {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

/// Every API error answers `{"error": "..."}`. Our handlers already do; this
/// catches what axum's extractors and router answer by themselves (a bad query
/// string, a body that is not multipart, a wrong method) in plain text or with
/// no body at all, so clients never have to parse two error shapes. A page
/// is left as it is: the job alert unsubscribe link answers people in a
/// browser, its refusals included.
async fn json_error_bodies(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_owned();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("Request failed")
            .to_owned()
    } else {
        text
    };
    let mut fixed = crate::error::ApiError::new(status, message).into_response();
    for name in [axum::http::header::ALLOW, axum::http::header::RETRY_AFTER] {
        if let Some(v) = parts.headers.get(&name) {
            fixed.headers_mut().insert(name, v.clone());
        }
    }
    fixed
}

/// Logs every failure a response answers for (a 500 with its cause chain, a
/// database or file store away) inside the request span, and counts it: the
/// one place errors are logged and counted, so each is, once.
async fn log_failures(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if let Some(failure) = response.extensions().get::<Failure>() {
        failure.record();
    }
    response
}
