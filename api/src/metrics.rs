//! Prometheus metrics at `/metrics` (metrics + metrics-exporter-prometheus).
//!
//! Counted as they happen: HTTP requests by route, method and status (with a
//! latency histogram), throttle refusals, requests shed by the concurrency
//! cap, database-unavailable answers, sockets connected. Read at scrape time
//! from PostgreSQL, so every process reports the same truth: the event log's
//! head (its rate is appends per second), each projector's lag in events and
//! seconds, the mail outbox depth, and the rebuild in progress. Read from the
//! allocator at scrape time: this process's heap (`recruit_heap_bytes`).
//!
//! `/metrics` answers whoever sends `METRICS_TOKEN` as a bearer token. Without
//! one it answers loopback clients in development and nobody in production:
//! behind a reverse proxy on the same host every client is loopback.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Instant;

use anyhow::Context;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::app::AppState;
use crate::auth::throttle::Action;
use crate::config::{Config, MetricsAccess};
use crate::error::ApiError;

/// The process's recorder, installed once (tests start many apps in one
/// process; they share it).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Full("recruit_http_request_duration_seconds".into()),
                &[
                    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
                ],
            )
            .expect("bucket list is not empty")
            .install_recorder()
            .expect("no other metrics recorder is installed")
    })
}

/// Installs the recorder; call once at start so early requests are counted.
/// Says in the log when nobody may read the metrics.
pub fn init(config: &Config) {
    handle();
    if config.metrics_access() == MetricsAccess::Off {
        tracing::warn!(
            "METRICS_TOKEN is not set: /metrics answers nobody (outside development it needs a bearer token)"
        );
    }
}

pub fn throttle_refused(action: Action) {
    counter!("recruit_throttle_refusals_total", "action" => action.name()).increment(1);
}

pub fn orphans_swept(n: usize) {
    counter!("recruit_upload_orphans_removed_total").increment(n as u64);
}

pub fn shed() {
    counter!("recruit_http_requests_shed_total").increment(1);
}

pub fn database_unavailable() {
    counter!("recruit_database_unavailable_total").increment(1);
}

/// A request answered 503 because the file store did not answer.
pub fn storage_unavailable() {
    counter!("recruit_storage_unavailable_total").increment(1);
}

pub fn socket_connected() {
    gauge!("recruit_sockets_connected").increment(1.0);
}

/// A socket.io connection refused because its client holds too many.
pub fn sockets_refused() {
    counter!("recruit_sockets_refused_total").increment(1);
}

pub fn socket_disconnected() {
    gauge!("recruit_sockets_connected").decrement(1.0);
}

/// Route layer: one histogram observation per API request, labelled with the
/// route's pattern (`/api/jobs/{id}`, never the id itself).
pub async fn track_http(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("route", route), ("method", method), ("status", status)];
    histogram!("recruit_http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    counter!("recruit_http_requests_total", &labels).increment(1);
    response
}

/// `GET /metrics`: the text exposition format.
pub async fn scrape(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
) -> Result<Response, ApiError> {
    let token = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let allowed = match state.config.metrics_access() {
        MetricsAccess::Token(expected) => {
            token.is_some_and(|t| constant_time_eq(t.as_bytes(), expected.as_bytes()))
        }
        MetricsAccess::Loopback => peer.ip().is_loopback(),
        MetricsAccess::Off => false,
    };
    if !allowed {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "Metrics are not public",
        ));
    }
    read_database_gauges(&state).await?;
    read_allocator_gauges();
    Ok((
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        handle().render(),
    )
        .into_response())
}

/// The allocator's own account of the heap (jemalloc, see recruit/src/main.rs), by kind:
/// `allocated` is what the program holds, `active` the pages those
/// allocations occupy, `resident` what jemalloc has in RAM (its metadata and
/// freed pages not yet handed back included), `retained` address space it
/// keeps unmapped for reuse. RSS minus `resident` is thread stacks and the
/// binary. Zero where jemalloc is not the global allocator (tests).
fn read_allocator_gauges() {
    use tikv_jemalloc_ctl::{epoch, stats};
    if epoch::advance().is_err() {
        return;
    }
    let kinds = [
        ("allocated", stats::allocated::read()),
        ("active", stats::active::read()),
        ("resident", stats::resident::read()),
        ("retained", stats::retained::read()),
    ];
    for (kind, bytes) in kinds {
        if let Ok(bytes) = bytes {
            gauge!("recruit_heap_bytes", "kind" => kind).set(bytes as f64);
        }
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn read_database_gauges(state: &AppState) -> anyhow::Result<()> {
    let head = state.store().head_position().await?;
    gauge!("recruit_event_log_head_position").set(head as f64);
    // Per projector: events committed but not handled, and how long the
    // oldest of them has waited.
    // language=PostgreSQL
    let lags: Vec<(String, i64, Option<f64>, String)> = sqlx::query_as(
        "SELECT c.name, count(e.position),
                extract(epoch FROM now() - min(e.recorded_at))::float8, c.status
           FROM projector_checkpoints c
           LEFT JOIN events e
             ON (e.transaction_id, e.position) > (c.last_transaction_id::text::xid8, c.last_position)
          GROUP BY c.name, c.status",
    )
    .fetch_all(&state.pool)
    .await
    .context("Failed to read projector lag")?;
    for (name, events, seconds, status) in lags {
        gauge!("recruit_projector_lag_events", "projector" => name.clone()).set(events as f64);
        gauge!("recruit_projector_lag_seconds", "projector" => name.clone())
            .set(seconds.unwrap_or(0.0).max(0.0));
        gauge!("recruit_projector_failing", "projector" => name).set(if status == "failing" {
            1.0
        } else {
            0.0
        });
    }
    // language=PostgreSQL
    let (pending, failed): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE sent_at IS NULL),
                count(*) FILTER (WHERE sent_at IS NULL AND last_error IS NOT NULL)
           FROM mail_outbox",
    )
    .fetch_one(&state.pool)
    .await
    .context("Failed to read the mail outbox depth")?;
    gauge!("recruit_mail_outbox_pending").set(pending as f64);
    gauge!("recruit_mail_outbox_retrying").set(failed as f64);
    let (done, total, running) = state
        .admin_live
        .rebuild()
        .map_or((0, 0, false), |r| (r.done, r.total, !r.finished));
    gauge!("recruit_rebuild_running").set(if running { 1.0 } else { 0.0 });
    gauge!("recruit_rebuild_events_done").set(done as f64);
    gauge!("recruit_rebuild_events_total").set(total as f64);
    Ok(())
}
