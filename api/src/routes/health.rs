//! /healthz (the process runs), /readyz (the database answers, migrated, and
//! the read models have caught up with the log as it was when this process
//! started) and /metrics.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;

use crate::app::AppState;

/// The paths this router serves: for operators and their tools, not people.
pub const OPERATOR_PATHS: [&str; 3] = ["/healthz", "/readyz", "/metrics"];

pub fn router() -> Router<AppState> {
    let [healthz, readyz, metrics] = OPERATOR_PATHS;
    Router::new()
        .route(healthz, get(|| async { "ok" }))
        .route(readyz, get(ready))
        .route(metrics, get(crate::metrics::scrape))
}

/// Whether this process has seen the read models catch up since it started.
/// Once they have, it stays ready while the database answers: a projector
/// briefly behind under load is normal, not a reason to leave the pool.
#[derive(Default)]
pub struct Readiness {
    start_head: OnceLock<i64>,
    caught_up: AtomicBool,
}

impl Readiness {
    /// The log's head when the server started: what "caught up" means.
    pub fn started_at(&self, head: i64) {
        let _ = self.start_head.set(head);
    }
}

async fn ready(State(state): State<AppState>) -> (StatusCode, &'static str) {
    // language=PostgreSQL
    let migrated = tokio::time::timeout(
        Duration::from_secs(2),
        sqlx::query_as::<_, (i64,)>("SELECT count(*) FROM _sqlx_migrations WHERE success")
            .fetch_one(&state.pool),
    )
    .await;
    match migrated {
        Ok(Ok((n,))) if n > 0 => {}
        Ok(Ok(_)) => return (StatusCode::SERVICE_UNAVAILABLE, "not migrated"),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readiness check failed");
            return (StatusCode::SERVICE_UNAVAILABLE, "database unavailable");
        }
        Err(_) => return (StatusCode::SERVICE_UNAVAILABLE, "database unavailable"),
    }
    let readiness = &state.readiness;
    if readiness.caught_up.load(Ordering::Relaxed) {
        return (StatusCode::OK, "ready");
    }
    let Some(&head) = readiness.start_head.get() else {
        return (StatusCode::OK, "ready");
    };
    match projections::wait::until_position(
        &state.source(),
        &state.read_models,
        head,
        Duration::ZERO,
    )
    .await
    {
        Ok(true) => {
            readiness.caught_up.store(true, Ordering::Relaxed);
            (StatusCode::OK, "ready")
        }
        Ok(false) => (StatusCode::SERVICE_UNAVAILABLE, "read models catching up"),
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
