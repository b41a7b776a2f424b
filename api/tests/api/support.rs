//! The test harness: `TestApp::spawn()` creates a database from a migrated
//! template, starts the real application against it, and drops the database
//! when the test ends. `Reply` and the HTTP verbs are here; what tests set up
//! (accounts, jobs, uploads) is in `fixtures`.
//!
//! Long on purpose: the one harness every integration test uses (database
//! per test, the real server, HTTP helpers, the store fixture).

use std::path::PathBuf;
use std::time::Duration;

use api::app::Application;
use api::config::Config;
use event_store::key_wrapping::KeyRing;
use event_store::postgres::DataKeys;
use event_store::{EventStore, PgEventStore};
use projections::{EventSource, RuntimeConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use sqlx::{AssertSqlSafe, Connection, PgConnection, PgPool};
use uuid::Uuid;

/// The server to create test databases on: TEST_DATABASE_URL, else DATABASE_URL,
/// else the local default. Its database part is replaced per test.
pub fn server_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

pub fn url_for(db: &str) -> String {
    let url = server_url();
    let (base, query) = url
        .split_once('?')
        .map_or((url.as_str(), None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    match query {
        Some(q) => format!("{base}/{db}?{q}"),
        None => format!("{base}/{db}"),
    }
}

fn template_name() -> String {
    let mut hasher = Sha256::new();
    for m in sqlx::migrate!("../migrations").iter() {
        hasher.update(&m.checksum);
    }
    format!("recruit_test_tpl_{}", &hex::encode(hasher.finalize())[..12])
}

/// Creates a fresh, migrated database and returns its name.
pub async fn fresh_database() -> String {
    let mut admin = PgConnection::connect(&url_for("postgres"))
        .await
        .expect("connect to the test server");
    let template = template_name();
    // One process builds the template; the others wait on the lock.
    sqlx::query("SELECT pg_advisory_lock(727272)")
        .execute(&mut admin)
        .await
        .unwrap();
    let exists: Option<(i32,)> = sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&template)
        .fetch_optional(&mut admin)
        .await
        .unwrap();
    if exists.is_none() {
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {template}")))
            .execute(&mut admin)
            .await
            .unwrap();
        let pool = PgPool::connect(&url_for(&template)).await.unwrap();
        api::app::migrate(&pool).await.unwrap();
        pool.close().await;
    }
    let name = format!("recruit_test_{}", Uuid::new_v4().simple());
    let created = sqlx::query(AssertSqlSafe(format!(
        "CREATE DATABASE {name} TEMPLATE {template}"
    )))
    .execute(&mut admin)
    .await;
    sqlx::query("SELECT pg_advisory_unlock(727272)")
        .execute(&mut admin)
        .await
        .unwrap();
    created.expect("create the test database");
    name
}

pub fn drop_database(name: String) {
    // Drop runs outside any async context: use a small runtime of our own.
    let _ = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            if let Ok(mut admin) = PgConnection::connect(&url_for("postgres")).await {
                let _ = sqlx::query(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&mut admin)
                .await;
            }
        });
    })
    .join();
}

/// The signing secret of every test app, for tests that make or check tokens themselves.
pub const JWT_SECRET: &str = "test-secret-that-is-at-least-32-bytes-long";

pub fn test_config(database: &str) -> Config {
    let scratch = std::env::temp_dir().join(format!("recruit-test-{database}"));
    Config {
        database_url: Some(url_for(database)),
        bind: "127.0.0.1:0".parse().unwrap(),
        app_env: "test".into(),
        admin_two_factor: api::config::AdminTwoFactor::Required,
        jwt_secret: Some(JWT_SECRET.into()),
        jwt_ttl_minutes: 60,
        public_url: "http://localhost:8080".into(),
        agency_inbox: "inbox@harbourit.test".into(),
        mail_from: "Harbour IT Recruitment <no-reply@harbourit.test>".into(),
        smtp_url: None,
        mail_dir: scratch.join("mail"),
        web_dist: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../web/dist"),
        storage_dir: scratch.join("storage"),
        s3_bucket: None,
        s3_endpoint: None,
        pool_size: 10,
        read_database_url: None,
        replica_max_lag_ms: 2000,
        acquire_timeout_ms: 1000,
        trusted_proxies: vec![],
        metrics_token: None,
        max_concurrent_requests: 512,
        request_timeout_secs: 30,
        read_wait_ms: 5000,
        group_committers: event_store::postgres::group::COMMITTERS,
        keyed_hash_secret: Some("test keyed-hash secret, at least 32 characters".into()),
        header_read_timeout_secs: 10,
        sockets_per_client: 20,
        upload_orphan_grace_minutes: 60,
        retention_period_days: 730,
        retention_warning_days: 30,
        // The development KEK; tests of key wrapping set their own.
        data_key_encryption_key: None,
        data_key_encryption_key_file: None,
        data_key_encryption_key_previous: None,
        data_key_encryption_key_previous_file: None,
    }
}

/// The S3 server the S3 tests use: `TEST_S3_ENDPOINT` (with the usual
/// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, any values for moto).
/// `.ci/test` starts moto and sets them; by hand: `source .ci/lib.sh &&
/// start_s3` prints them.
pub fn s3_endpoint() -> String {
    let endpoint = std::env::var("TEST_S3_ENDPOINT").expect(
        "the S3 tests need an S3 server: set TEST_S3_ENDPOINT (and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), as .ci/test does",
    );
    assert!(
        std::env::var_os("AWS_ACCESS_KEY_ID").is_some()
            && std::env::var_os("AWS_SECRET_ACCESS_KEY").is_some(),
        "TEST_S3_ENDPOINT is set but AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY is not (moto takes any values)"
    );
    endpoint
}

/// A new, empty bucket on the S3 server at `endpoint` (moto takes an
/// unsigned CreateBucket: the test server's own set-up, not the product's).
pub async fn new_bucket(endpoint: &str) -> String {
    let bucket = format!("recruit-test-{}", Uuid::new_v4().simple());
    create_bucket(endpoint, &bucket).await;
    bucket
}

pub async fn create_bucket(endpoint: &str, bucket: &str) {
    let res = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .expect("reach the S3 server");
    assert!(
        res.status().is_success(),
        "create bucket {bucket}: {}",
        res.status()
    );
}

/// How long a test waits for something that must happen: far longer than it
/// takes on a busy two-core machine running the suite, so only a real failure
/// runs out of it. Tests wait for what they need to see, never a fixed time.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Polls `done` until it holds; fails after [`PATIENCE`].
pub async fn until(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while !done().await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting until {what}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

pub fn fast_runtime() -> RuntimeConfig {
    RuntimeConfig {
        batch_size: 500,
        poll_interval: Duration::from_millis(250),
        standby_retry: Duration::from_millis(100),
        backoff_initial: Duration::from_millis(50),
        backoff_max: Duration::from_millis(400),
        batch_timeout: Duration::from_secs(30),
    }
}

pub struct TestApp {
    pub app: Application,
    pub base: String,
    pub client: reqwest::Client,
    pub pool: PgPool,
    pub database: String,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        drop_database(self.database.clone());
    }
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    /// Status, headers and body; a body that is not JSON is kept as a string.
    pub async fn read(res: reqwest::Response) -> Self {
        let status = res.status();
        let headers = res.headers().clone();
        let text = res.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Self {
            status,
            headers,
            body,
        }
    }

    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }

    /// The `id` the body names (a created record's).
    #[track_caller]
    pub fn id(&self) -> String {
        self.body["id"]
            .as_str()
            .unwrap_or_else(|| panic!("no id in {}", self.body))
            .to_owned()
    }

    /// The array under `key` in the body (a test failure if there is none).
    #[track_caller]
    pub fn list(&self, key: &str) -> &[Value] {
        self.body[key]
            .as_array()
            .unwrap_or_else(|| panic!("no array {key:?} in {}", self.body))
    }

    /// The body, which must be an array (a test failure if it is not).
    #[track_caller]
    pub fn array(&self) -> &[Value] {
        self.body
            .as_array()
            .unwrap_or_else(|| panic!("not an array: {}", self.body))
    }

    /// The record with this `id` in the array under `key` (a test failure if
    /// there is none).
    #[track_caller]
    pub fn listed(&self, key: &str, id: &str) -> &Value {
        self.list(key)
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no {id} in {key:?} of {}", self.body))
    }

    /// The record with this `id` in an array body, if there is one.
    #[track_caller]
    pub fn find_id(&self, id: &str) -> Option<&Value> {
        self.array().iter().find(|r| r["id"] == id)
    }

    /// Asserts the status and the confirmation `message` the body carries.
    #[track_caller]
    pub fn assert_message(&self, status: StatusCode, message: &str) {
        assert_eq!(
            (self.status, self.body["message"].as_str()),
            (status, Some(message)),
            "{}",
            self.body
        );
    }

    /// Asserts the status (showing the body if it is another) and hands the
    /// reply on, so a step reads `app.post(..).await.assert_status(StatusCode::OK)`.
    #[track_caller]
    pub fn assert_status(self, status: StatusCode) -> Self {
        assert_eq!(self.status, status, "{:?}", self.body);
        self
    }

    /// Asserts that this is the error `status` with exactly `message` (the
    /// SPEC's text where it has one).
    #[track_caller]
    pub fn assert_error(&self, status: StatusCode, message: &str) {
        assert_eq!(
            (self.status, self.error()),
            (status, message),
            "{}",
            self.body
        );
    }

    pub fn consistency(&self) -> Option<String> {
        self.headers
            .get("x-consistency-token")
            .map(|v| v.to_str().unwrap().to_owned())
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    /// The app with its uploads in a bucket of its own on the S3 server at
    /// `TEST_S3_ENDPOINT` (`.ci/test` starts moto there; see [`s3_endpoint`]).
    pub async fn spawn_on_s3() -> Self {
        let endpoint = s3_endpoint();
        Self::spawn_on_s3_at(&endpoint).await
    }

    /// As [`Self::spawn_on_s3`], on the S3 server at `endpoint`.
    pub async fn spawn_on_s3_at(endpoint: &str) -> Self {
        let bucket = new_bucket(endpoint).await;
        Self::spawn_with(|c| {
            c.s3_bucket = Some(bucket);
            c.s3_endpoint = Some(endpoint.to_owned());
        })
        .await
    }

    pub async fn spawn_with(tweak: impl FnOnce(&mut Config)) -> Self {
        let database = fresh_database().await;
        let mut config = test_config(&database);
        tweak(&mut config);
        let app = Application::build(config, Some(fast_runtime()))
            .await
            .expect("start the application");
        let base = app.url();
        let pool = app.state.pool.clone();
        Self {
            app,
            base,
            client: reqwest::Client::new(),
            pool,
            database,
        }
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        Reply::read(req.send().await.expect("request")).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(reqwest::Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.send(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        self.send(reqwest::Method::PUT, path, token, body).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.send(reqwest::Method::DELETE, path, token, None).await
    }

    /// An anonymous GET of `path` still to be sent, for a test that sets its
    /// own headers or reads the raw response (bytes, encodings).
    pub fn raw_get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.base))
    }

    /// A file download: the raw response (status, headers, bytes).
    pub async fn download(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    /// A GET that first waits for the read models to include `write`, an
    /// earlier reply (read your writes, through its consistency token).
    pub async fn get_after(&self, path: &str, token: Option<&str>, write: &Reply) -> Reply {
        let consistency = write
            .consistency()
            .unwrap_or_else(|| panic!("the write has no consistency token: {:?}", write.body));
        let mut req = self
            .client
            .get(format!("{}{path}", self.base))
            .header("x-consistency-token", consistency);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        Reply::read(req.send().await.unwrap()).await
    }

    /// One stream's events, read through the app's store (and its keys).
    pub async fn stream_events(&self, stream: &str) -> Vec<event_store::RecordedEvent> {
        self.app.state.store().read_stream(stream).await.unwrap()
    }

    pub async fn event_count(&self) -> i64 {
        sqlx::query_as::<_, (i64,)>("SELECT count(*) FROM events")
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .0
    }

    /// How many events of `event_type` the log holds.
    pub async fn events_of_type(&self, event_type: &str) -> i64 {
        sqlx::query_as::<_, (i64,)>("SELECT count(*) FROM events WHERE event_type = $1")
            .bind(event_type)
            .fetch_one(&self.pool)
            .await
            .unwrap()
            .0
    }

    /// Uploads in the app's store (its folder or its bucket), listed through it.
    pub async fn file_count(&self) -> usize {
        let mut count = 0;
        let later = chrono::Utc::now() + chrono::Duration::days(1);
        for prefix in ["documents", "resumes", "logos"] {
            count += self
                .app
                .state
                .files
                .stored_before(prefix, later)
                .await
                .expect("list the stored files")
                .len();
        }
        count
    }

    /// Waits until every projector has handled every committed event.
    /// Waits until every projector and policy has passed the head of the log,
    /// and the log has stopped growing (a policy's append moves the head).
    pub async fn settle(&self) {
        let names: Vec<&str> = api::policies::all(&self.app.state)
            .iter()
            .map(|p| p.name())
            .collect();
        let mut last = -1;
        for _ in 0..20 {
            let head = self.app.state.store().head_position().await.unwrap();
            if head == last {
                return;
            }
            assert!(
                projections::wait::until_position(
                    &self.app.state.source(),
                    &names,
                    head,
                    PATIENCE,
                )
                .await
                .unwrap(),
                "the read models did not catch up"
            );
            last = head;
        }
    }
}

/// A real socket.io client (the official JavaScript one) in a child process.
pub struct Socket {
    // Kept so the client lives (and is killed) with this value.
    _child: tokio::process::Child,
    stdin: tokio::process::ChildStdin,
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
    seen: Vec<(String, Value)>,
}

impl Socket {
    pub async fn connect(base: &str, token: &str, user_type: &str, transport: &str) -> Self {
        let script =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../api/tests/socket/client.mjs");
        let mut child = tokio::process::Command::new("node")
            .arg(script)
            .args([base, token, user_type, transport])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs the socket.io client");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        use tokio::io::AsyncBufReadExt;
        Self {
            _child: child,
            stdin,
            lines: tokio::io::BufReader::new(stdout).lines(),
            seen: vec![],
        }
    }

    /// A websocket client that the server has greeted with `connected`.
    pub async fn connected(base: &str, token: &str, user_type: &str) -> Self {
        let mut socket = Self::connect(base, token, user_type, "websocket").await;
        socket.expect("connected").await;
        socket
    }

    /// Waits for the next `event` (earlier unread ones count), up to 10 s.
    pub async fn expect(&mut self, event: &str) -> Value {
        if let Some(i) = self.seen.iter().position(|(e, _)| e == event) {
            return self.seen.remove(i).1;
        }
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let line = tokio::time::timeout_at(deadline, self.lines.next_line())
                .await
                .unwrap_or_else(|_| panic!("no {event} within {PATIENCE:?}; saw {:?}", self.seen))
                .unwrap()
                .unwrap_or_else(|| panic!("client exited before {event}; saw {:?}", self.seen));
            let v: Value = serde_json::from_str(&line).unwrap();
            let name = v["event"].as_str().unwrap().to_owned();
            if name == event {
                return v["data"].clone();
            }
            self.seen.push((name, v["data"].clone()));
        }
    }

    /// Collects events for `wait` and returns their names.
    pub async fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = tokio::time::Instant::now() + wait;
        while let Ok(Ok(Some(line))) =
            tokio::time::timeout_at(deadline, self.lines.next_line()).await
        {
            let v: Value = serde_json::from_str(&line).unwrap();
            self.seen
                .push((v["event"].as_str().unwrap().to_owned(), v["data"].clone()));
        }
        self.seen.iter().map(|(e, _)| e.clone()).collect()
    }

    pub async fn emit(&mut self, event: &str, data: Option<Value>) {
        use tokio::io::AsyncWriteExt;
        let line = match data {
            Some(d) => json!({"emit": event, "data": d}),
            None => json!({"emit": event}),
        };
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        self.stdin.flush().await.unwrap();
    }
}

/// A fresh database with the event store on it, for tests below the HTTP layer.
pub struct Db {
    pub name: String,
    pub pool: PgPool,
    pub store: PgEventStore,
    /// The same store through the port, with the pool: what the read side runs on.
    pub source: EventSource,
}

impl Db {
    /// The versions of a stream's events, in the order the store reads them.
    pub async fn stream_versions(&self, stream: &str) -> Vec<i64> {
        self.store
            .read_stream(stream)
            .await
            .unwrap()
            .iter()
            .map(|e| e.stream_version)
            .collect()
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        drop_database(self.name.clone());
    }
}

/// The data keys of the development KEK, which every test app uses unless told otherwise.
pub fn development_keys() -> DataKeys {
    DataKeys::new(std::sync::Arc::new(KeyRing::development()))
}

pub async fn db() -> Db {
    let name = fresh_database().await;
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(20)
        .connect(&url_for(&name))
        .await
        .unwrap();
    let store = PgEventStore::new(pool.clone(), development_keys());
    Db {
        name,
        source: EventSource::new(std::sync::Arc::new(store.clone()), pool.clone()),
        store,
        pool,
    }
}
