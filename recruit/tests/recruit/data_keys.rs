//! Data-subject keys under a key-encryption key (issue 12): stored wrapped,
//! never in clear; rotated by `recruit keys rotate` while history stays
//! readable; unreadable with the wrong KEK (an error, never `[erased]`); and a
//! database dump without the KEK decrypts nothing. Also the sealed format's
//! binding to its event, and values stored before wrapping and before v2.

use std::process::Command;
use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use event_store::key_wrapping::{KeyEncryptionKey, KeyRing, KeyWrapping, WrappedKey};
use event_store::postgres::{DataKeys, Rewrap};
use event_store::{EventStore, PgEventStore};
use serde_json::json;
use sqlx::{AssertSqlSafe, Connection, PgConnection, PgPool};
use uuid::Uuid;

use crate::support::{
    TestApp, db, development_keys, drop_database, fresh_database, test_config, url_for,
};

/// A KEK as an operator configures it (base64) and as the store holds it.
struct Kek {
    base64: String,
    key: KeyEncryptionKey,
}

fn kek(byte: u8) -> Kek {
    let base64 = STANDARD.encode([byte; 32]);
    let key = KeyEncryptionKey::from_base64(&base64).unwrap();
    Kek { base64, key }
}

fn ring(current: &Kek, previous: &[&Kek]) -> KeyRing {
    KeyRing::new(
        current.key.clone(),
        previous.iter().map(|k| k.key.clone()).collect(),
    )
}

fn store_with(pool: &PgPool, ring: KeyRing) -> PgEventStore {
    PgEventStore::new(pool.clone(), DataKeys::new(Arc::new(ring)))
}

async fn app_with(kek: &Kek) -> TestApp {
    let base64 = kek.base64.clone();
    TestApp::spawn_with(move |c| c.data_key_encryption_key = Some(base64)).await
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    subject_id: Uuid,
    key: Option<Vec<u8>>,
    wrapped_key: Option<Vec<u8>>,
    kek_id: Option<String>,
}

async fn key_rows(pool: &PgPool) -> Vec<KeyRow> {
    sqlx::query_as(
        "SELECT subject_id, key, wrapped_key, kek_id FROM data_subject_keys ORDER BY subject_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

fn account_stream(body: &serde_json::Value) -> String {
    let id: Uuid = body["user"]["id"].as_str().unwrap().parse().unwrap();
    domain::account::stream_id(id)
}

#[tokio::test]
async fn data_keys_are_stored_wrapped_by_the_configured_kek_and_never_in_clear() {
    let configured = kek(0x11);
    let app = app_with(&configured).await;
    let jordan = app.register_candidate("jordan@example.com").await;
    app.register_candidate("sam@example.com").await;
    let rows = key_rows(&app.pool).await;
    assert_eq!(rows.len(), 2);
    let ring = ring(&configured, &[]);
    for row in &rows {
        assert!(row.key.is_none(), "a data key is stored in clear");
        assert_eq!(row.kek_id.as_deref(), Some(configured.key.id()));
        let wrapped = WrappedKey {
            kek_id: row.kek_id.clone().unwrap(),
            blob: row.wrapped_key.clone().unwrap(),
        };
        let clear = ring.unwrap(row.subject_id, &wrapped).unwrap();
        assert!(
            !wrapped.blob.windows(32).any(|w| w == clear),
            "the wrapped key contains the key"
        );
    }
    let events = app.stream_events(&account_stream(&jordan)).await;
    assert_eq!(events[0].payload["email"], "jordan@example.com");
}

#[tokio::test]
async fn reading_with_the_wrong_kek_fails_and_names_the_missing_key_instead_of_reading_erased() {
    let right = kek(0x21);
    let app = app_with(&right).await;
    let body = app.register_candidate("wrong.kek@example.com").await;
    let stream = account_stream(&body);
    for wrong in [
        store_with(&app.pool, ring(&kek(0x22), &[])),
        PgEventStore::new(app.pool.clone(), development_keys()),
    ] {
        let err = wrong.read_stream(&stream).await.unwrap_err();
        let text = format!("{err:#}");
        assert!(
            text.contains(right.key.id()) && text.contains("not configured"),
            "{text}"
        );
        // The global log too. (It may hold back a committed event while a
        // transaction elsewhere on the shared test cluster is still open, so
        // look again until the person's event is in reach; it must never be
        // read without its key.)
        crate::support::until(
            "the global log refuses to read without the KEK",
            async || match wrong
                .read_all(event_store::GlobalCheckpoint::default(), 1000)
                .await
            {
                Err(_) => true,
                Ok(events) => {
                    assert!(
                        events.iter().all(|e| e.stream_id != stream),
                        "read the person's event with the wrong KEK"
                    );
                    false
                }
            },
        )
        .await;
    }
    // The right key still reads, and nothing was erased on the way.
    let events = store_with(&app.pool, ring(&right, &[]))
        .read_stream(&stream)
        .await
        .unwrap();
    assert_eq!(events[0].payload["email"], "wrong.kek@example.com");
}

/// Runs `recruit keys rotate` on `database` with the given KEKs.
fn rotate(database: &str, current: &Kek, previous: Option<&Kek>) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_recruit"));
    cmd.args(["keys", "rotate", "--batch-size", "2"])
        .env("DATABASE_URL", url_for(database))
        .env("APP_ENV", "production")
        .env("DATA_KEY_ENCRYPTION_KEY", &current.base64)
        .env_remove("DATA_KEY_ENCRYPTION_KEY_FILE")
        .env_remove("DATA_KEY_ENCRYPTION_KEY_PREVIOUS_FILE")
        .env("RUST_LOG", "warn");
    match previous {
        Some(p) => cmd.env("DATA_KEY_ENCRYPTION_KEY_PREVIOUS", &p.base64),
        None => cmd.env_remove("DATA_KEY_ENCRYPTION_KEY_PREVIOUS"),
    };
    cmd.output().expect("run recruit keys rotate")
}

#[tokio::test]
async fn rotation_rewraps_every_key_in_any_state_and_history_still_reads() {
    let (old, new) = (kek(0x31), kek(0x32));
    let app = app_with(&old).await;
    let mut streams = vec![];
    for n in 0..4 {
        let body = app
            .register_candidate(&format!("rotate{n}@example.com"))
            .await;
        streams.push(account_stream(&body));
    }
    // A rotation interrupted half way, and a key a process of the release
    // before wrapping wrote in clear: the next run finishes both.
    let halfway = DataKeys::new(Arc::new(ring(&new, &[&old])));
    let rows = key_rows(&app.pool).await;
    let first = &rows[0];
    let clear = DataKeys::new(Arc::new(ring(&old, &[])))
        .keys_for(&mut app.pool.acquire().await.unwrap(), &[first.subject_id])
        .await
        .unwrap()[&first.subject_id];
    sqlx::query(
        "UPDATE data_subject_keys SET key = $2, wrapped_key = NULL, kek_id = NULL WHERE subject_id = $1",
    )
    .bind(first.subject_id)
    .bind(&clear[..])
    .execute(&app.pool)
    .await
    .unwrap();
    let second = rows[1].subject_id;
    let rewrapped = halfway
        .keys_for(&mut app.pool.acquire().await.unwrap(), &[second])
        .await
        .unwrap()[&second];
    let blob = ring(&new, &[]).wrap(second, &rewrapped).unwrap().blob;
    sqlx::query("UPDATE data_subject_keys SET wrapped_key = $2, kek_id = $3 WHERE subject_id = $1")
        .bind(second)
        .bind(&blob)
        .bind(new.key.id())
        .execute(&app.pool)
        .await
        .unwrap();

    let out = rotate(&app.database, &new, Some(&old));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("rewrapping data keys with {}", new.key.id())),
        "{stderr}"
    );
    assert!(stdout.contains("rewrapped 3 data keys"), "{stdout}");
    let rows = key_rows(&app.pool).await;
    assert!(
        rows.iter()
            .all(|r| r.key.is_none() && r.kek_id.as_deref() == Some(new.key.id())),
        "a key was not rewrapped"
    );
    // The old KEK can go: the new one alone reads every event.
    let after = store_with(&app.pool, ring(&new, &[]));
    for (n, stream) in streams.iter().enumerate() {
        let events = after.read_stream(stream).await.unwrap();
        assert_eq!(events[0].payload["email"], format!("rotate{n}@example.com"));
    }
    assert!(
        store_with(&app.pool, ring(&old, &[]))
            .read_stream(&streams[0])
            .await
            .is_err()
    );
    // Idempotent: a second run has nothing to do.
    let again = rotate(&app.database, &new, Some(&old));
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("rewrapped 0 data keys"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    // Without the KEK a key is wrapped with, rotation stops and says which.
    let lost = rotate(&app.database, &kek(0x33), None);
    assert!(!lost.status.success());
    assert!(String::from_utf8_lossy(&lost.stderr).contains(new.key.id()));
}

#[tokio::test]
async fn production_refuses_to_run_without_a_kek_and_reads_one_from_a_file() {
    let database = fresh_database().await;
    let mut config = test_config(&database);
    config.app_env = "production".into();
    config.smtp_url = Some("smtp://localhost:2525".into());
    let err = config.validate_for_serving().unwrap_err();
    assert!(
        format!("{err:#}")
            .contains("DATA_KEY_ENCRYPTION_KEY or DATA_KEY_ENCRYPTION_KEY_FILE is required"),
        "{err:#}"
    );
    let file = std::env::temp_dir().join(format!("recruit-kek-{database}"));
    std::fs::write(&file, format!("{}\n", kek(0x41).base64)).unwrap();
    config.data_key_encryption_key_file = Some(file.clone());
    config.validate_for_serving().unwrap();
    assert_eq!(
        config.key_encryption_keys().unwrap().current_kek_id(),
        kek(0x41).key.id()
    );
    config.data_key_encryption_key = Some(kek(0x42).base64);
    assert!(
        format!("{:#}", config.validate_for_serving().unwrap_err()).contains("not both"),
        "a KEK set twice must not be a guess"
    );
    config.data_key_encryption_key_file = None;
    config.data_key_encryption_key = Some(STANDARD.encode([1u8; 16]));
    assert!(config.validate_for_serving().is_err());
    let _ = std::fs::remove_file(file);
    drop_database(database);
}

#[tokio::test]
async fn a_sealed_value_copied_into_another_event_of_the_same_person_does_not_open() {
    let app = TestApp::spawn().await;
    let body = app.register_candidate("copied@example.com").await;
    let id: Uuid = body["user"]["id"].as_str().unwrap().parse().unwrap();
    // The log refuses UPDATE, but someone with write access could insert a
    // forged event carrying a sealed value from a real one.
    sqlx::query(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject)
         SELECT $1, 'forged-1', 1, event_type, schema_version, payload, metadata, data_subject
           FROM events WHERE data_subject = $2 AND event_type = 'AccountRegistered'",
    )
    .bind(Uuid::now_v7())
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    let err = app
        .app
        .state
        .store()
        .read_stream("forged-1")
        .await
        .unwrap_err();
    assert!(
        format!("{err:#}").contains("another subject, event or field"),
        "{err:#}"
    );
    // The original still opens.
    let events = app.stream_events(&account_stream(&body)).await;
    assert_eq!(events[0].payload["email"], "copied@example.com");
}

/// A key stored in clear and a v1 value, as the release before issue 11/12
/// wrote them (the value is the golden one in `personal_data`'s tests).
#[tokio::test]
async fn keys_and_values_stored_before_wrapping_and_v2_still_read_and_get_wrapped() {
    let db = db().await;
    let subject: Uuid = "0190f0a0-0000-7000-8000-000000000001".parse().unwrap();
    sqlx::query("INSERT INTO data_subject_keys (subject_id, key) VALUES ($1, $2)")
        .bind(subject)
        .bind(&[7u8; 32][..])
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, data_subject)
         VALUES ($1, 'legacy-1', 1, 'LegacyFixture', 1, $2, '{}', $3)",
    )
    .bind(Uuid::now_v7())
    .bind(json!({"email": {"$pii": "AAECAwQFBgcICQoLOuCNEV1soSgawon5zDsDl8MWOQAaDGlQfJq1VvNBMSMO"}}))
    .bind(subject)
    .execute(&db.pool)
    .await
    .unwrap();
    let read = || async {
        db.store.read_stream("legacy-1").await.unwrap()[0]
            .payload
            .clone()
    };
    assert_eq!(read().await["email"], "ada@example.com");

    let wrapped = api::app::wrap_clear_keys(&db.pool, db.store.keys())
        .await
        .unwrap();
    assert_eq!(wrapped, 1);
    let rows = key_rows(&db.pool).await;
    assert!(rows[0].key.is_none());
    assert_eq!(rows[0].kek_id.as_deref(), Some("development"));
    assert_eq!(read().await["email"], "ada@example.com");
    assert_eq!(
        db.store
            .keys()
            .rewrap(&db.pool, Rewrap::ClearKeys, 10, |_| {})
            .await
            .unwrap()
            .rewrapped,
        0
    );
}

/// The newest PostgreSQL client binaries (as `.ci/lib.sh` `pg_bin` finds them), else PATH.
fn pg_tool(name: &str) -> std::path::PathBuf {
    let mut dirs: Vec<_> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|d| d.path())
        .filter(|p| p.join("bin").join(name).exists())
        .collect();
    dirs.sort_by_key(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(0)
    });
    dirs.pop()
        .map_or_else(|| name.into(), |d| d.join("bin").join(name))
}

/// The COPY blocks of one table in a plain-format dump.
fn table_data<'a>(dump: &'a str, table: &str) -> &'a str {
    let start = dump
        .find(&format!("COPY public.{table} "))
        .unwrap_or_else(|| panic!("no data of {table} in the dump"));
    let end = dump[start..].find("\n\\.\n").unwrap() + start;
    &dump[start..end]
}

#[tokio::test]
async fn a_database_dump_without_the_kek_decrypts_nothing() {
    let configured = kek(0x51);
    let app = app_with(&configured).await;
    let body = app.register_candidate("priya.sharma@example.com").await;
    app.post(
        "/api/contact",
        None,
        json!({"firstName": "Grace", "lastName": "Ng", "email": "grace.ng@example.com",
               "message": "Do you place contract data engineers in Parramatta?"}),
    )
    .await;
    let clear_keys: Vec<[u8; 32]> = {
        let subjects: Vec<Uuid> = key_rows(&app.pool)
            .await
            .iter()
            .map(|r| r.subject_id)
            .collect();
        assert_eq!(subjects.len(), 2);
        let mut conn = app.pool.acquire().await.unwrap();
        app.app
            .state
            .data_keys
            .keys_for(&mut conn, &subjects)
            .await
            .unwrap()
            .into_values()
            .collect()
    };

    // The read models hold plaintext by design (docs/PRIVACY.md): with them
    // caught up, the dump shows the search below would find it.
    app.settle().await;
    let dump = Command::new(pg_tool("pg_dump"))
        .args([
            "--no-owner",
            "--no-privileges",
            "-d",
            url_for(&app.database).as_str(),
        ])
        .output()
        .expect("run pg_dump");
    assert!(
        dump.status.success(),
        "{}",
        String::from_utf8_lossy(&dump.stderr)
    );
    let dump = String::from_utf8(dump.stdout).unwrap();
    assert!(table_data(&dump, "accounts").contains("priya.sharma@example.com"));
    for table in ["events", "data_subject_keys"] {
        let data = table_data(&dump, table).to_lowercase();
        for needle in [
            "priya",
            "sharma",
            "jordan",
            // The phone as typed and as digits: "0412" alone turns up by
            // chance in the hex of a wrapped key or an id (about one run in
            // a hundred).
            "0412 345",
            "412345678",
            "argon2",
            "grace",
            "ng@",
            "parramatta",
        ] {
            assert!(
                !data.contains(needle),
                "plaintext {needle:?} in the dump of {table}"
            );
        }
        for key in &clear_keys {
            assert!(
                !data.contains(&hex::encode(key)),
                "a data key in clear in {table}"
            );
        }
    }

    // Restored elsewhere, the dump is complete but opens only with the KEK.
    let restored = format!("{}_restored", app.database);
    let mut admin = PgConnection::connect(&url_for("postgres")).await.unwrap();
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {restored}")))
        .execute(&mut admin)
        .await
        .unwrap();
    let file = std::env::temp_dir().join(format!("{restored}.sql"));
    std::fs::write(&file, &dump).unwrap();
    let restore = Command::new(pg_tool("psql"))
        .args([
            "-X",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-d",
            url_for(&restored).as_str(),
            "-f",
        ])
        .arg(&file)
        .output()
        .expect("run psql");
    let _ = std::fs::remove_file(&file);
    assert!(
        restore.status.success(),
        "{}",
        String::from_utf8_lossy(&restore.stderr)
    );
    let pool = PgPool::connect(&url_for(&restored)).await.unwrap();
    let stream = account_stream(&body);
    for without in [
        store_with(&pool, ring(&kek(0x52), &[])),
        PgEventStore::new(pool.clone(), development_keys()),
    ] {
        assert!(without.read_stream(&stream).await.is_err());
        let all = without
            .read_all(event_store::GlobalCheckpoint::default(), 1000)
            .await;
        assert!(all.is_err(), "the restored log opened without its KEK");
    }
    let with = store_with(&pool, ring(&configured, &[]));
    let events = with.read_stream(&stream).await.unwrap();
    assert_eq!(events[0].payload["email"], "priya.sharma@example.com");
    pool.close().await;
    drop_database(restored);
}
