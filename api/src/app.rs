//! The application: shared state, the router, and `Application::build` so tests
//! start the real server on port 0 against their own database.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, FromRef, MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use commands::{Commands, Links};
use event_store::key_wrapping::DEVELOPMENT_KEK_ID;
use event_store::postgres::{DataKeys, Rewrap};
use event_store::{EventStore, PgEventStore};
use projections::{ChangeFeed, EventSource, RuntimeConfig, RuntimeHandle};
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use tokio::net::TcpListener;
use tower::{Service, ServiceBuilder};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use crate::auth::jwt::JwtKeys;
use crate::config::Config;
use crate::error::InternalCause;
use crate::read_replica::{ReadFrom, ReadPool};
use crate::{mail, routes, site};

pub const CONSISTENCY_HEADER: &str = "x-consistency-token";
pub const REQUEST_ID_HEADER: &str = "x-request-id";
/// Ties the events of one logical operation together (every try of a keyed command).
pub const CORRELATION_HEADER: &str = "x-correlation-id";
/// JSON bodies larger than this are refused with 413.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

#[derive(Clone)]
pub struct AppState(Arc<App>);

pub struct App {
    pub config: Config,
    pub pool: PgPool,
    pub commands: Commands,
    /// The data-subject keys, for the policies that append inside their batch.
    pub data_keys: DataKeys,
    pub jwt: JwtKeys,
    pub changes: ChangeFeed,
    pub site: site::Site,
    pub files: crate::files::Files,
    /// Names of the read-model projectors a read may wait for (computed once).
    pub read_models: Vec<&'static str>,
    /// The admin screens' live pushes and the one rebuild that may run.
    pub admin_live: crate::admin_live::AdminLive,
    /// What /readyz waits for after a start.
    pub readiness: crate::routes::Readiness,
    /// How many API requests run at once and for how long.
    pub limits: crate::security::Limits,
    /// The public job reads, cached until a job changes (at most a second).
    pub public_reads: Arc<crate::public_reads::PublicReads>,
    /// The streaming standby queries may read from (`READ_DATABASE_URL`).
    pub replica: Option<Arc<crate::read_replica::ReadReplica>>,
}

impl std::ops::Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

impl FromRef<AppState> for PgPool {
    fn from_ref(state: &AppState) -> PgPool {
        state.pool.clone()
    }
}

impl AppState {
    /// The event store, through its port.
    pub fn store(&self) -> &dyn EventStore {
        self.commands.store.as_ref()
    }

    /// The standby, while reads may go to it.
    pub fn replica_in_use(&self) -> Option<&crate::read_replica::ReadReplica> {
        self.replica.as_deref().filter(|r| r.in_use())
    }

    /// Where a read with no write to wait for reads: the standby while it is
    /// in use, else the primary.
    pub fn read_from(&self) -> ReadFrom {
        if self.replica_in_use().is_some() {
            ReadFrom::Standby
        } else {
            ReadFrom::Primary
        }
    }

    pub fn pool_for(&self, from: ReadFrom) -> &PgPool {
        match (from, self.replica.as_deref()) {
            (ReadFrom::Standby, Some(replica)) => replica.pool(),
            _ => &self.pool,
        }
    }

    /// [`Self::read_from`]'s pool.
    pub fn read_pool(&self) -> &PgPool {
        self.pool_for(self.read_from())
    }

    /// The read side's view of the store and database.
    pub fn source(&self) -> EventSource {
        EventSource::new(self.commands.store.clone(), self.pool.clone())
    }

    /// Waits (briefly) until every projector has handled every committed event.
    /// For reads that missed a row a very recent command wrote.
    pub async fn wait_for_head(&self) {
        if let Ok(position) = self.store().head_position().await
            && position > 0
        {
            let _ = projections::wait::until_position(
                &self.source(),
                &self.read_models,
                position,
                Duration::from_secs(3),
            )
            .await;
        }
    }
}

/// PostgreSQL's cost of a random page read, for this application's sessions.
/// The default (4) models spinning disks; read models are small enough to sit
/// in memory, and on SSD storage otherwise, where PostgreSQL's documentation
/// suggests 1.1. With 4, an employer's applicant list hash-joined every
/// account (8.6 ms for 250 applications over 20,000 accounts) instead of
/// looking up each applicant (2.7 ms); see docs/BENCHMARKS.md.
pub const RANDOM_PAGE_COST: &str = "1.1";

/// How the application connects to `url`: with [`RANDOM_PAGE_COST`] as a
/// startup option, so every connection made from these options plans alike
/// (the pool's, and those the projectors, the rebuild and the change-feed
/// listener open from the pool's options) at no extra round trip.
pub fn connect_options(url: &str) -> anyhow::Result<PgConnectOptions> {
    let options: PgConnectOptions = url
        .parse()
        .context("DATABASE_URL is not a PostgreSQL connection URL")?;
    Ok(options.options([("random_page_cost", RANDOM_PAGE_COST)]))
}

pub async fn connect(config: &Config) -> anyhow::Result<PgPool> {
    PgPoolOptions::new()
        .max_connections(config.pool_size)
        .acquire_timeout(Duration::from_millis(config.acquire_timeout_ms))
        .connect_with(connect_options(config.database_url()?)?)
        .await
        .with_context(|| "Failed to connect to PostgreSQL (check DATABASE_URL)")
}

pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    sqlx::migrate!("../migrations")
        .run(pool)
        .await
        .context("Failed to run database migrations")
}

/// The data-subject keys under the configured key-encryption keys.
pub fn data_keys(config: &Config) -> anyhow::Result<DataKeys> {
    let ring = config.key_encryption_keys()?;
    if ring.current().id() == DEVELOPMENT_KEK_ID {
        tracing::warn!(
            "DATA_KEY_ENCRYPTION_KEY is not set: data keys are wrapped with the public development key"
        );
    }
    Ok(DataKeys::new(Arc::new(ring)))
}

/// The one place the adapter is chosen; everything else sees the port.
pub fn event_store(config: &Config, pool: PgPool) -> anyhow::Result<PgEventStore> {
    Ok(PgEventStore::new(pool, data_keys(config)?).with_group_committers(config.group_committers))
}

/// Wraps the data keys still held in clear (written before keys were
/// wrapped, or by a process of that release during a rolling deploy) and
/// empties their clear column. Cheap when there are none.
pub async fn wrap_clear_keys(pool: &PgPool, keys: &DataKeys) -> anyhow::Result<u64> {
    let report = keys.rewrap(pool, Rewrap::ClearKeys, 500, |_| {}).await?;
    if report.rewrapped > 0 || report.remaining > 0 {
        tracing::info!(
            wrapped = report.rewrapped,
            remaining = report.remaining,
            "wrapped data keys that were stored in clear"
        );
    }
    Ok(report.rewrapped)
}

pub fn state(config: Config, pool: PgPool) -> anyhow::Result<AppState> {
    let jwt = JwtKeys::new(
        &config.jwt_secret()?,
        chrono::Duration::minutes(config.jwt_ttl_minutes),
    );
    let links = Links {
        public: config.public_url.trim_end_matches('/').to_owned(),
        employer: config.site_url("employer")?,
        admin: config.site_url("admin")?,
        agency_inbox: config.agency_inbox.clone(),
    };
    // The one place the adapter is chosen; everything else sees the port.
    let store = event_store(&config, pool.clone())?;
    let data_keys = store.keys().clone();
    let commands = Commands::new(Arc::new(store), links, config.claim_hasher()?);
    let site = site::Site::load(&config.web_dist, &config.public_url);
    let files = crate::files::Files::from_config(&config)?;
    let config_limits = (config.max_concurrent_requests, config.request_timeout_secs);
    let replica = crate::read_replica::ReadReplica::from_config(&config)?;
    Ok(AppState(Arc::new(App {
        config,
        pool,
        commands,
        data_keys,
        jwt,
        changes: ChangeFeed::default(),
        site,
        files,
        read_models: projections::all().iter().map(|p| p.name()).collect(),
        admin_live: crate::admin_live::AdminLive::default(),
        readiness: crate::routes::Readiness::default(),
        limits: crate::security::Limits::new(config_limits.0, Duration::from_secs(config_limits.1)),
        public_reads: Arc::default(),
        replica,
    })))
}

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
        .layer(middleware::from_fn(log_internal_errors))
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

/// Read your writes. A GET that carries the consistency token of an earlier
/// command waits (up to 5 s) until the read models have caught up with it.
/// Without the token, a signed-in user's GET waits for that user's last write
/// instead: every command answer that carries a token is recorded as its
/// user's last write (`last_writes`, in PostgreSQL, so any process sees it).
/// Anonymous reads (the public board) cost nothing extra. With a standby,
/// this is also where a GET's [`ReadPool`] is chosen: the standby once it has
/// replayed the write waited for (crate::read_replica), else the primary.
async fn read_your_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
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
        if state.replica.is_some() {
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
pub(crate) async fn wait_for_position(state: &AppState, position: i64) -> bool {
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

/// Logs the cause chain of every 500 inside the request span.
async fn log_internal_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() == StatusCode::INTERNAL_SERVER_ERROR
        && let Some(InternalCause(e)) = response.extensions().get::<InternalCause>()
    {
        tracing::error!(error = %format!("{e:#}"), "request failed");
    }
    response
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

/// The running server with its background work; tests start one per database.
pub struct Application {
    pub addr: SocketAddr,
    pub state: AppState,
    server: tokio::task::JoinHandle<()>,
    _projections: RuntimeHandle,
    _mailer: tokio::task::JoinHandle<()>,
    _sweeper: tokio::task::JoinHandle<()>,
    _retention: tokio::task::JoinHandle<()>,
    _purge: tokio::task::JoinHandle<()>,
    _alert_digest: tokio::task::JoinHandle<()>,
    _replica_watch: Option<tokio::task::JoinHandle<()>>,
}

/// How often each process looks for upload orphans.
const SWEEP_INTERVAL: Duration = Duration::from_secs(15 * 60);
const RETENTION_INTERVAL: Duration = Duration::from_secs(60 * 60);
/// How often a process looks for job alert digests that are due.
const DIGEST_INTERVAL: Duration = Duration::from_secs(5 * 60);
/// How often expired cached answers and throttle rows are deleted.
const PURGE_INTERVAL: Duration = Duration::from_secs(15 * 60);

impl Application {
    pub async fn build(config: Config, runtime: Option<RuntimeConfig>) -> anyhow::Result<Self> {
        config.validate_for_serving()?;
        let pool = connect(&config).await?;
        migrate(&pool).await?;
        let listener = TcpListener::bind(config.bind)
            .await
            .with_context(|| format!("Failed to listen on {}", config.bind))?;
        let addr = listener.local_addr()?;
        let state = state(config, pool)?;
        // In the background: clear keys stay readable meanwhile, and a large
        // table must not hold back readiness.
        let (pool, keys) = (state.pool.clone(), state.data_keys.clone());
        tokio::spawn(async move {
            if let Err(e) = wrap_clear_keys(&pool, &keys).await {
                tracing::error!(error = %format!("{e:#}"), "could not wrap clear data keys");
            }
        });
        crate::metrics::init(&state.config);
        state
            .readiness
            .started_at(state.store().head_position().await?);
        // A process without projectors (`serve --no-projections`) still
        // runs the runtime's link to the others: it hears their read-model
        // changes (for its own sockets) and announces its own appends (so
        // their projectors start at once, not at the safety poll).
        let (projectors, rc) = match runtime {
            Some(rc) => (crate::policies::all(&state), rc),
            None => (Vec::new(), RuntimeConfig::default()),
        };
        let projections =
            projections::start(state.source(), projectors, state.changes.clone(), rc).await?;
        tokio::spawn(crate::public_reads::follow(
            state.public_reads.clone(),
            state.changes.subscribe(),
        ));
        let mailer = tokio::spawn(mail::run_sender(state.clone()));
        let sweeper = tokio::spawn(crate::sweeper::run(
            state.clone(),
            SWEEP_INTERVAL,
            Duration::from_secs(state.config.upload_orphan_grace_minutes * 60),
        ));
        let retention = tokio::spawn(crate::retention::run(state.clone(), RETENTION_INTERVAL));
        let purge = tokio::spawn(crate::purge::run(state.clone(), PURGE_INTERVAL));
        let alert_digest = tokio::spawn(crate::alert_digest::run(state.clone(), DIGEST_INTERVAL));
        let replica_watch = state
            .replica
            .clone()
            .map(|replica| tokio::spawn(replica.watch(state.pool.clone())));
        let app = service(state.clone());
        let header_read_timeout = Duration::from_secs(state.config.header_read_timeout_secs);
        let server = tokio::spawn(crate::serve::serve(
            listener,
            app,
            header_read_timeout,
            shutdown_signal(),
        ));
        tracing::info!(%addr, "listening");
        Ok(Self {
            addr,
            state,
            server,
            _projections: projections,
            _mailer: mailer,
            _sweeper: sweeper,
            _retention: retention,
            _purge: purge,
            _alert_digest: alert_digest,
            _replica_watch: replica_watch,
        })
    }

    pub async fn run_until_stopped(mut self) -> anyhow::Result<()> {
        (&mut self.server).await.context("server task failed")?;
        Ok(())
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Application {
    fn drop(&mut self) {
        self.server.abort();
        self._mailer.abort();
        self._sweeper.abort();
        self._retention.abort();
        self._purge.abort();
        self._alert_digest.abort();
        if let Some(watch) = &self._replica_watch {
            watch.abort();
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down");
}
