//! Configuration: environment variables (and CLI flags), one typed struct, clear
//! errors for missing or malformed values, no secret baked in outside development.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use event_store::key_wrapping::{KeyEncryptionKey, KeyRing};

/// Whether every admin must use two-factor sign-in (`ADMIN_TWO_FACTOR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AdminTwoFactor {
    Required,
    /// Development only: the demo admins sign in with a password alone.
    Optional,
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// PostgreSQL URL of the product's database: needed by every command
    /// that uses it, so not by `openapi` (which CI runs with no database).
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// Address to listen on.
    #[arg(long, env = "BIND_ADDR", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// `development` allows a generated JWT secret and local mail files.
    #[arg(long, env = "APP_ENV", default_value = "production")]
    pub app_env: String,

    /// `required`: an admin without two-factor sign-in may only set it up.
    /// `optional` (development only, so the demo admins sign in with a
    /// password alone): they may work without it, but what needs a recent
    /// code (erasures, someone else's data, admins) still needs one.
    #[arg(long, env = "ADMIN_TWO_FACTOR", value_enum, default_value_t = AdminTwoFactor::Required)]
    pub admin_two_factor: AdminTwoFactor,

    /// HS256 signing secret for session tokens (at least 32 bytes).
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// Lifetime of a session token, in minutes.
    #[arg(long, env = "JWT_TTL_MINUTES", default_value_t = 480)]
    pub jwt_ttl_minutes: i64,

    /// Public site base URL, used in mail links and the sitemap.
    #[arg(long, env = "PUBLIC_URL", default_value = "http://localhost:8080")]
    pub public_url: String,

    /// Where agency enquiries from the contact form are mailed.
    #[arg(long, env = "AGENCY_INBOX", default_value = "hello@harbourit.com.au")]
    pub agency_inbox: String,

    /// Sender address of outgoing mail.
    #[arg(
        long,
        env = "MAIL_FROM",
        default_value = "Harbour IT Recruitment <no-reply@harbourit.com.au>"
    )]
    pub mail_from: String,

    /// SMTP server (smtp:// or smtps:// URL with credentials). Without it mail is
    /// written to MAIL_DIR and logged.
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    #[arg(long, env = "MAIL_DIR", default_value = ".local/mail")]
    pub mail_dir: PathBuf,

    /// Built web app (web/dist).
    #[arg(long, env = "WEB_DIST", default_value = "web/dist")]
    pub web_dist: PathBuf,

    /// Uploaded files (documents, resumes, logos), when no S3_BUCKET is set.
    #[arg(long, env = "STORAGE_DIR", default_value = ".local/storage")]
    pub storage_dir: PathBuf,

    /// Store uploads in this S3 bucket instead of STORAGE_DIR. Region and
    /// credentials come from the usual AWS variables (AWS_REGION,
    /// AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, or a role).
    #[arg(long, env = "S3_BUCKET")]
    pub s3_bucket: Option<String>,

    /// An S3-compatible server (MinIO, Ceph, R2, moto) instead of AWS's own
    /// endpoint for the region. An http:// URL is used as written.
    #[arg(long, env = "AWS_ENDPOINT_URL")]
    pub s3_endpoint: Option<String>,

    /// Database connections per process.
    #[arg(long, env = "DATABASE_POOL_SIZE", default_value_t = 20)]
    pub pool_size: u32,

    /// PostgreSQL URL of a streaming standby of DATABASE_URL (optional):
    /// queries read from it while commands and projectors use the primary
    /// (docs/DEPLOY.md). A standby that is down or too far behind is left
    /// alone until it is back.
    #[arg(long, env = "READ_DATABASE_URL")]
    pub read_database_url: Option<String>,

    /// How far the standby may trail the primary, in milliseconds, before
    /// reads leave it; also how long a read that carries a consistency token
    /// (or a signed-in reader's last write) waits for the standby to replay
    /// it before it reads the primary instead.
    #[arg(long, env = "REPLICA_MAX_LAG_MS", default_value_t = 2000)]
    pub replica_max_lag_ms: u64,

    /// How long a request waits for a database connection before it is
    /// answered 503, in milliseconds. Short, so an outage fails fast instead
    /// of holding requests.
    #[arg(long, env = "DATABASE_ACQUIRE_TIMEOUT_MS", default_value_t = 1000)]
    pub acquire_timeout_ms: u64,

    /// Proxies whose X-Forwarded-For is believed (comma-separated addresses or
    /// CIDR blocks, e.g. `10.0.0.0/8,127.0.0.1/32`). Empty: the peer address
    /// is the client.
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',', num_args = 0..)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// Bearer token a scraper must present to read /metrics. Without it,
    /// /metrics answers loopback clients in development and nobody in
    /// production (a reverse proxy on the same host makes every client look
    /// like loopback).
    #[arg(long, env = "METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// API requests one process runs at once; more are answered 503 at once.
    #[arg(long, env = "MAX_CONCURRENT_REQUESTS", default_value_t = 512)]
    pub max_concurrent_requests: usize,

    /// How long an API request may run before it is answered 503, in seconds.
    #[arg(long, env = "REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// How long a GET waits for the write its consistency token names, or a
    /// signed-in reader's own last write, to reach the read models, in
    /// milliseconds; after that it answers from what they hold (and a last
    /// write waited for in vain is not waited for again). Keep it below
    /// REQUEST_TIMEOUT_SECS, or a read that waits it out is answered 503.
    #[arg(long, env = "READ_WAIT_MS", default_value_t = 5000)]
    pub read_wait_ms: u64,

    /// Group-commit batches written at once (1-16), each on a connection of
    /// its own. Two measured best on a quiet two-core machine; on a machine
    /// shared with other busy processes more committers hold up better (the
    /// kernel shares CPU per thread, and fewer committers are fewer backends).
    #[arg(long, env = "GROUP_COMMITTERS", default_value_t = event_store::postgres::group::COMMITTERS)]
    pub group_committers: usize,

    /// Secret that keys the hashes of uniqueness claims (emails) and throttle
    /// keys (HMAC-SHA256), at least 32 characters. Never change it on a live
    /// database: claims hashed under the old secret would no longer be found.
    #[arg(long, env = "KEYED_HASH_SECRET", hide_env_values = true)]
    pub keyed_hash_secret: Option<String>,

    /// How long a client may take to send a request's headers, in seconds;
    /// a connection that trickles them in (slowloris) is closed.
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECS", default_value_t = 10)]
    pub header_read_timeout_secs: u64,

    /// Stored uploads that nothing refers to are removed once older than
    /// this, in minutes (an upload stores bytes, then records its event).
    #[arg(long, env = "UPLOAD_ORPHAN_GRACE_MINUTES", default_value_t = 60)]
    pub upload_orphan_grace_minutes: u64,

    /// A candidate with no sign-in or activity for this many days is warned
    /// by mail, then erased (APP 11.2: personal data is not kept longer than
    /// it is needed).
    #[arg(long, env = "RETENTION_PERIOD_DAYS", default_value_t = 730)]
    pub retention_period_days: u32,

    /// Days between the warning and the erasure; signing in meanwhile keeps
    /// the account.
    #[arg(long, env = "RETENTION_WARNING_DAYS", default_value_t = 30)]
    pub retention_warning_days: u32,

    /// socket.io connections one client (address, or IPv6 /64) may hold at
    /// once in one process; more are refused.
    #[arg(long, env = "SOCKETS_PER_CLIENT", default_value_t = 20)]
    pub sockets_per_client: usize,

    /// Key-encryption key that wraps every data-subject key: base64 of 32
    /// random bytes (`openssl rand -base64 32`). Required outside development.
    #[arg(long, env = "DATA_KEY_ENCRYPTION_KEY", hide_env_values = true)]
    pub data_key_encryption_key: Option<String>,

    /// A file holding the key-encryption key (base64), instead of the variable.
    #[arg(long, env = "DATA_KEY_ENCRYPTION_KEY_FILE")]
    pub data_key_encryption_key_file: Option<PathBuf>,

    /// The key-encryption key being rotated away from (or, before a rotation,
    /// the one coming): it unwraps data keys but never wraps new ones.
    #[arg(long, env = "DATA_KEY_ENCRYPTION_KEY_PREVIOUS", hide_env_values = true)]
    pub data_key_encryption_key_previous: Option<String>,

    /// A file holding the previous key-encryption key, instead of the variable.
    #[arg(long, env = "DATA_KEY_ENCRYPTION_KEY_PREVIOUS_FILE")]
    pub data_key_encryption_key_previous_file: Option<PathBuf>,
}

impl Config {
    pub fn is_development(&self) -> bool {
        self.app_env == "development" || self.app_env == "test"
    }

    /// Whether every admin must use two-factor sign-in (always, outside
    /// development: `validate` refuses `optional` there).
    pub fn admin_two_factor_required(&self) -> bool {
        self.admin_two_factor == AdminTwoFactor::Required || !self.is_development()
    }

    /// Who may read /metrics.
    pub fn metrics_access(&self) -> MetricsAccess<'_> {
        match self.metrics_token.as_deref() {
            Some(token) => MetricsAccess::Token(token),
            None if self.is_development() => MetricsAccess::Loopback,
            None => MetricsAccess::Off,
        }
    }

    /// The signing secret, refusing to start a production server without one.
    pub fn jwt_secret(&self) -> anyhow::Result<Vec<u8>> {
        match &self.jwt_secret {
            Some(s) if s.len() >= 32 => Ok(s.as_bytes().to_vec()),
            Some(_) => bail!("JWT_SECRET must be at least 32 characters"),
            None if self.is_development() => {
                tracing::warn!(
                    "JWT_SECRET is not set: using a random secret (sessions end on restart)"
                );
                let mut secret = vec![0u8; 32];
                rand::RngCore::fill_bytes(&mut rand::rng(), &mut secret);
                Ok(secret)
            }
            None => bail!(
                "JWT_SECRET is required outside development (APP_ENV=development allows a random one)"
            ),
        }
    }

    /// The claim hasher's key. Development uses a fixed, public one: its
    /// claims must stay findable across restarts, and it guards nothing.
    pub fn claim_hasher(&self) -> anyhow::Result<commands::ClaimHasher> {
        match &self.keyed_hash_secret {
            Some(s) if s.len() >= 32 => Ok(commands::ClaimHasher::new(s.as_bytes())),
            Some(_) => bail!("KEYED_HASH_SECRET must be at least 32 characters"),
            None if self.is_development() => Ok(commands::ClaimHasher::new(
                b"development only: not a secret, never used in production",
            )),
            None => {
                bail!("KEYED_HASH_SECRET is required outside development (at least 32 characters)")
            }
        }
    }

    /// The key-encryption keys (docs/PRIVACY.md): the current one from
    /// `DATA_KEY_ENCRYPTION_KEY` or its `_FILE`, plus the previous one during a
    /// rotation. Without one, development and tests use the built-in
    /// development KEK (id `development`, derived from a public string);
    /// anything else refuses to run.
    pub fn key_encryption_keys(&self) -> anyhow::Result<KeyRing> {
        let current = read_kek(
            "DATA_KEY_ENCRYPTION_KEY",
            self.data_key_encryption_key.as_deref(),
            self.data_key_encryption_key_file.as_deref(),
        )?;
        let previous = read_kek(
            "DATA_KEY_ENCRYPTION_KEY_PREVIOUS",
            self.data_key_encryption_key_previous.as_deref(),
            self.data_key_encryption_key_previous_file.as_deref(),
        )?;
        let current = match current {
            Some(kek) => kek,
            None if self.is_development() => KeyEncryptionKey::development(),
            None => bail!(
                "DATA_KEY_ENCRYPTION_KEY or DATA_KEY_ENCRYPTION_KEY_FILE is required outside development: it protects every data-subject key (APP_ENV=development uses a public development key)"
            ),
        };
        Ok(KeyRing::new(current, previous.into_iter().collect()))
    }

    /// Base URL of another site of the product: `employer` -> http://employer.localhost:8080.
    pub fn site_url(&self, label: &str) -> anyhow::Result<String> {
        let (scheme, rest) = self
            .public_url
            .split_once("://")
            .context("PUBLIC_URL must start with http:// or https://")?;
        let host = rest.trim_end_matches('/').trim_start_matches("www.");
        Ok(format!("{scheme}://{label}.{host}"))
    }

    /// DATABASE_URL, or the error that names it when it was not given.
    pub fn database_url(&self) -> anyhow::Result<&str> {
        self.database_url
            .as_deref()
            .context("DATABASE_URL is required: the PostgreSQL URL of the product's database")
    }

    pub fn validate(&self) -> anyhow::Result<()> {
        if self.admin_two_factor == AdminTwoFactor::Optional && !self.is_development() {
            bail!(
                "ADMIN_TWO_FACTOR=optional is for development only: outside it every admin uses two-factor sign-in"
            );
        }
        let database_url = self.database_url()?;
        if !database_url.starts_with("postgres://") && !database_url.starts_with("postgresql://") {
            bail!("DATABASE_URL must be a postgres:// URL");
        }
        if let Some(url) = &self.read_database_url
            && !url.starts_with("postgres://")
            && !url.starts_with("postgresql://")
        {
            bail!("READ_DATABASE_URL must be a postgres:// URL");
        }
        if !(1..=60_000).contains(&self.replica_max_lag_ms) {
            bail!("REPLICA_MAX_LAG_MS must be between 1 and 60000");
        }
        if !(self.public_url.starts_with("http://") || self.public_url.starts_with("https://")) {
            bail!("PUBLIC_URL must start with http:// or https://");
        }
        if self.jwt_ttl_minutes < 5 || self.jwt_ttl_minutes > 60 * 24 * 30 {
            bail!("JWT_TTL_MINUTES must be between 5 and 43200");
        }
        if self.acquire_timeout_ms == 0 || self.acquire_timeout_ms > 60_000 {
            bail!("DATABASE_ACQUIRE_TIMEOUT_MS must be between 1 and 60000");
        }
        if self.max_concurrent_requests == 0 {
            bail!("MAX_CONCURRENT_REQUESTS must be at least 1");
        }
        if !(1..=600).contains(&self.request_timeout_secs) {
            bail!("REQUEST_TIMEOUT_SECS must be between 1 and 600");
        }
        if !(1..=60_000).contains(&self.read_wait_ms) {
            bail!("READ_WAIT_MS must be between 1 and 60000");
        }
        if !(2..=1000).contains(&self.pool_size) {
            bail!("DATABASE_POOL_SIZE must be between 2 and 1000");
        }
        if !(1..=16).contains(&self.group_committers) {
            bail!("GROUP_COMMITTERS must be between 1 and 16");
        }
        // A committer keeps its connection while appends keep coming: as many
        // committers as connections would leave reads none under write load.
        if self.group_committers as u32 >= self.pool_size {
            bail!("GROUP_COMMITTERS must be less than DATABASE_POOL_SIZE");
        }
        if !(1..=120).contains(&self.header_read_timeout_secs) {
            bail!("HEADER_READ_TIMEOUT_SECS must be between 1 and 120");
        }
        if self.retention_period_days < 30 || self.retention_warning_days < 1 {
            bail!(
                "RETENTION_PERIOD_DAYS must be at least 30 and RETENTION_WARNING_DAYS at least 1"
            );
        }
        if self.upload_orphan_grace_minutes < 5 {
            bail!("UPLOAD_ORPHAN_GRACE_MINUTES must be at least 5 (longer than any request)");
        }
        if self.sockets_per_client == 0 {
            bail!("SOCKETS_PER_CLIENT must be at least 1");
        }
        if self
            .s3_bucket
            .as_deref()
            .is_some_and(|b| b.trim().is_empty())
        {
            bail!("S3_BUCKET is set but empty: name a bucket, or unset it to use STORAGE_DIR");
        }
        if let Some(endpoint) = &self.s3_endpoint
            && !(endpoint.starts_with("http://") || endpoint.starts_with("https://"))
        {
            bail!("AWS_ENDPOINT_URL must start with http:// or https://");
        }
        Ok(())
    }

    /// What serving needs beyond `validate`: a production server without SMTP
    /// would accept password resets and employer sign-ups whose mail goes
    /// nowhere, so it refuses to start. (CLI commands that send no mail run.)
    pub fn validate_for_serving(&self) -> anyhow::Result<()> {
        self.validate()?;
        if !self.is_development() && self.smtp_url.is_none() {
            bail!(
                "SMTP_URL is required outside development (APP_ENV=development writes mail to {})",
                self.mail_dir.display()
            );
        }
        self.key_encryption_keys()?;
        Ok(())
    }
}

/// Who may read /metrics ([`Config::metrics_access`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetricsAccess<'a> {
    /// Whoever sends `Authorization: Bearer <METRICS_TOKEN>`.
    Token(&'a str),
    /// Development without a token: clients on this machine.
    Loopback,
    /// Production without a token: nobody.
    Off,
}

/// One KEK from its variable or its file (not both: which one wins would be a guess).
fn read_kek(
    name: &str,
    value: Option<&str>,
    file: Option<&std::path::Path>,
) -> anyhow::Result<Option<KeyEncryptionKey>> {
    let text = match (value, file) {
        (Some(_), Some(_)) => bail!("set {name} or {name}_FILE, not both"),
        (Some(value), None) => value.to_owned(),
        (None, Some(path)) => std::fs::read_to_string(path)
            .with_context(|| format!("Failed to read {name}_FILE ({})", path.display()))?,
        (None, None) => return Ok(None),
    };
    KeyEncryptionKey::from_base64(&text)
        .with_context(|| format!("{name} is not a usable key"))
        .map(Some)
}
