//! Reads from a real streaming standby (`READ_DATABASE_URL`): a PostgreSQL
//! primary and a hot standby made from it with `pg_basebackup -R`, both in a
//! temp directory on free ports, created and removed by [`Standby`]. The
//! standby is made to lag by pausing its replay (`pg_wal_replay_pause`), and
//! made to go away by stopping it.
//!
//! The shared test server is not used for the data: `TestApp`'s database on
//! it is only the name the test reuses on its own primary (and drops as
//! usual).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use sqlx::{Connection, PgConnection};

use crate::support::{Reply, TestApp, test_config, until};

/// A primary and its streaming hot standby, stopped and removed on drop.
struct Standby {
    dir: PathBuf,
    bin: PathBuf,
    primary_port: u16,
    standby_port: u16,
}

/// The newest installed PostgreSQL's binaries (`.ci/lib.sh` installs them).
fn pg_bin() -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL server binaries in /usr/lib/postgresql (.ci/lib.sh installs them)")
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|d| d.join("initdb").exists())
        .collect();
    dirs.sort_by_key(|d| {
        d.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
    });
    dirs.pop().expect("an initdb under /usr/lib/postgresql")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

impl Standby {
    fn start() -> Self {
        let dir = std::env::temp_dir().join(format!("recruit-standby-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            // initdb refuses root: the clusters belong to `postgres`.
            let _ = Command::new("useradd")
                .args(["--system", "--home-dir", "/var/lib/postgresql", "postgres"])
                .output();
            run(Command::new("chown").args(["postgres"]).arg(&dir));
        }
        let this = Self {
            bin: pg_bin(),
            primary_port: free_port(),
            standby_port: free_port(),
            dir,
        };
        let primary = this.dir.join("primary");
        run(this.pg("initdb").arg("-D").arg(&primary).args([
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
        ]));
        this.pg_ctl(&primary, this.primary_port, "start");
        // initdb's pg_hba.conf lets 127.0.0.1 replicate with trust.
        run(this
            .pg("pg_basebackup")
            .args([
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
                "-R",
                "-X",
                "stream",
                "-D",
            ])
            .arg(this.dir.join("standby"))
            .args(["-p", &this.primary_port.to_string()]));
        this.start_standby();
        this
    }

    /// A command of the PostgreSQL binaries, as the clusters' owner.
    fn pg(&self, name: &str) -> Command {
        let program = self.bin.join(name);
        if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        }
    }

    fn pg_ctl(&self, data: &Path, port: u16, action: &str) {
        let mut command = self.pg("pg_ctl");
        command.arg("-D").arg(data).arg("-w");
        if action == "start" {
            command
                .arg("-l")
                .arg(data.with_extension("log"))
                .arg("-o")
                .arg(format!(
                    "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=80 -c fsync=off",
                    self.dir.display()
                ));
        } else {
            command.args(["-m", "fast"]);
        }
        run(command.arg(action));
    }

    fn start_standby(&self) {
        self.pg_ctl(&self.dir.join("standby"), self.standby_port, "start");
    }

    fn stop_standby(&self) {
        self.pg_ctl(&self.dir.join("standby"), self.standby_port, "stop");
    }

    fn primary_url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.primary_port)
    }

    fn standby_url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.standby_port)
    }

    /// A server whose data lives on the primary (its database created there)
    /// and whose queries read the standby.
    async fn app(&self, max_lag: Duration) -> TestApp {
        TestApp::spawn_with(|config| {
            let db = config
                .database_url()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_owned();
            run(self.pg("psql").args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.primary_port.to_string(),
                "-U",
                "postgres",
                "-qc",
                &format!("CREATE DATABASE {db}"),
            ]));
            config.database_url = Some(self.primary_url(&db));
            config.read_database_url = Some(self.standby_url(&db));
            config.replica_max_lag_ms = max_lag.as_millis() as u64;
        })
        .await
    }

    async fn standby_session(&self, app: &TestApp) -> PgConnection {
        PgConnection::connect(&self.standby_url(&app.database))
            .await
            .unwrap()
    }
}

impl Drop for Standby {
    fn drop(&mut self) {
        for data in ["standby", "primary"] {
            let _ = self
                .pg("pg_ctl")
                .arg("-D")
                .arg(self.dir.join(data))
                .args(["-m", "immediate", "stop"])
                .output();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(command: &mut Command) {
    let out = command.output().expect("run a PostgreSQL command");
    assert!(
        out.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

async fn standby_in_use(app: &TestApp) -> bool {
    app.app.state.replica_in_use().is_some()
}

fn lists(reply: &Reply, name: &str) -> bool {
    reply.list("data").iter().any(|l| l["display_name"] == name)
}

async fn add_location(app: &TestApp, admin: &str, name: &str) -> Reply {
    app.post(
        "/api/admin/reference/locations",
        Some(admin),
        json!({"display_name": name, "state": "NSW"}),
    )
    .await
    .assert_status(StatusCode::CREATED)
}

/// A primary with a streaming standby, an app that reads from it (once the
/// standby is in use), and an admin's session for writing.
async fn streaming(max_lag: Duration) -> (Standby, TestApp, String) {
    let pair = Standby::start();
    let app = pair.app(max_lag).await;
    until("the standby is in use", async || standby_in_use(&app).await).await;
    let (_, admin) = app.admin_token().await;
    (pair, app, admin)
}

/// Adds a location and reads the list with the write's token: it is there.
async fn write_and_read_back(app: &TestApp, admin: &str, name: &str) -> Reply {
    let written = add_location(app, admin, name).await;
    let read = app
        .get_after("/api/reference/locations", None, &written)
        .await;
    assert!(lists(&read, name), "{:?}", read.body);
    written
}

/// Whether the primary's read model holds `name` (asked of it directly).
async fn on_primary(app: &TestApp, name: &str) -> bool {
    sqlx::query_scalar::<_, bool>("SELECT EXISTS (SELECT 1 FROM locations WHERE display_name = $1)")
        .bind(name)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[test]
fn the_standby_settings_are_checked() {
    let with = |url: Option<&str>, lag| api::config::Config {
        read_database_url: url.map(str::to_owned),
        replica_max_lag_ms: lag,
        ..test_config("standby_settings")
    };
    assert!(with(None, 2000).validate().is_ok());
    assert!(
        with(Some("postgres://postgres@127.0.0.1:5433/recruit"), 2000)
            .validate()
            .is_ok()
    );
    let error = with(Some("mysql://elsewhere/recruit"), 2000)
        .validate()
        .unwrap_err()
        .to_string();
    assert_eq!(error, "READ_DATABASE_URL must be a postgres:// URL");
    for bad in [0, 60_001] {
        let error = with(None, bad).validate().unwrap_err().to_string();
        assert_eq!(error, "REPLICA_MAX_LAG_MS must be between 1 and 60000");
    }
}

#[tokio::test]
async fn a_read_after_a_write_waits_for_the_standby_and_falls_back_to_the_primary_when_it_lags() {
    let max_lag = Duration::from_millis(2000);
    let (pair, app, admin) = streaming(max_lag).await;

    // Streaming: a read with the write's token reads the standby, which has it.
    write_and_read_back(&app, &admin, "Streamed, NSW").await;

    // The standby stops replaying: what is written now reaches only the primary.
    let mut standby = pair.standby_session(&app).await;
    sqlx::query("SELECT pg_wal_replay_pause()")
        .execute(&mut standby)
        .await
        .unwrap();
    let paused_at = Instant::now();
    let paused = add_location(&app, &admin, "Paused, NSW").await;
    until("the primary's read model has it", async || {
        on_primary(&app, "Paused, NSW").await
    })
    .await;
    let anonymous = app.get("/api/reference/locations", None).await;
    // (On a machine too busy to get here within half the lag allowed, the
    // watcher may already have left the standby: then there is no telling.)
    if paused_at.elapsed() < max_lag / 2 && standby_in_use(&app).await {
        // Reads without a write to wait for go to the standby while it is
        // within the lag allowed: this one did not see the new row.
        assert!(!lists(&anonymous, "Paused, NSW"), "read the standby");
    }
    // With the token: the standby never gets it, so the read gives up on it
    // after REPLICA_MAX_LAG_MS at most and reads the primary.
    let after = app
        .get_after("/api/reference/locations", None, &paused)
        .await;
    assert!(lists(&after, "Paused, NSW"), "{:?}", after.body);
    // Without the token, signed in: the admin's last write is waited for.
    let own = app
        .get("/api/admin/reference/locations", Some(&admin))
        .await;
    assert!(lists(&own, "Paused, NSW"), "{:?}", own.body);

    // Past the lag allowed, nobody reads the standby.
    until("reads leave the lagging standby", async || {
        !standby_in_use(&app).await
    })
    .await;
    let anonymous = app.get("/api/reference/locations", None).await;
    assert!(
        lists(&anonymous, "Paused, NSW"),
        "read the primary: {:?}",
        anonymous.body
    );

    // Replaying again: reads return to it.
    sqlx::query("SELECT pg_wal_replay_resume()")
        .execute(&mut standby)
        .await
        .unwrap();
    until("reads return to the standby", async || {
        standby_in_use(&app).await
    })
    .await;
    let anonymous = app.get("/api/reference/locations", None).await;
    assert!(lists(&anonymous, "Paused, NSW"), "{:?}", anonymous.body);
}

#[tokio::test]
async fn reads_leave_a_standby_that_stops_within_two_seconds_and_return_when_it_starts() {
    let (pair, app, admin) = streaming(Duration::from_millis(2000)).await;
    write_and_read_back(&app, &admin, "Before the stop, NSW").await;

    pair.stop_standby();
    let stopped = Instant::now();
    until("reads leave the stopped standby", async || {
        !standby_in_use(&app).await
    })
    .await;
    let left_after = stopped.elapsed();
    assert!(
        left_after <= Duration::from_secs(2),
        "left after {left_after:?}"
    );
    for _ in 0..20 {
        let read = app.get("/api/reference/locations", None).await;
        assert_eq!(read.status, StatusCode::OK, "{:?}", read.body);
    }

    pair.start_standby();
    until("reads return to the standby", async || {
        standby_in_use(&app).await
    })
    .await;
    let read = app.get("/api/reference/locations", None).await;
    assert_eq!(read.status, StatusCode::OK);
    assert!(lists(&read, "Before the stop, NSW"), "{:?}", read.body);
}
