//! /healthz (the process runs) and /readyz (the database answers, migrated).

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;

use crate::app::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
}

async fn ready(State(state): State<AppState>) -> (StatusCode, &'static str) {
    // language=PostgreSQL
    match sqlx::query_as::<_, (i64,)>("SELECT count(*) FROM _sqlx_migrations WHERE success")
        .fetch_one(&state.pool)
        .await
    {
        Ok((n,)) if n > 0 => (StatusCode::OK, "ready"),
        Ok(_) => (StatusCode::SERVICE_UNAVAILABLE, "not migrated"),
        Err(e) => {
            tracing::warn!(error = %e, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
