//! The application: shared state, the database it connects to, and
//! `Application::build` so tests start the real server on port 0 against
//! their own database. The middleware around the router is in `app/router.rs`,
//! the consistency token (answers stamped, reads waiting) in
//! `app/consistency.rs`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRef;
use commands::{Commands, Links};
use event_store::key_wrapping::DEVELOPMENT_KEK_ID;
use event_store::postgres::{DataKeys, Rewrap};
use event_store::{EventStore, PgEventStore};
use projections::{ChangeFeed, EventSource, RuntimeConfig, RuntimeHandle};
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use tokio::net::TcpListener;

use crate::auth::jwt::JwtKeys;
use crate::config::Config;
use crate::read_replica::ReadFrom;
use crate::{mail, site};

mod consistency;
mod router;

pub use consistency::{FreshRead, Written};
pub use router::service;

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
