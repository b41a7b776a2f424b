//! The edge of the product: axum HTTP (+ socket.io realtime), auth, mail,
//! serving the web app, and the jobs the server runs (policies, retention,
//! sweeps). A library: the `recruit` binary (the `recruit` crate) parses the
//! command line and calls in here (`app::Application` for `recruit serve`).
//!
//! Errors: handlers return [`error::ApiError`], converted once into a status and
//! `{"error": "..."}`; what the binary calls returns `anyhow::Result`.

pub mod admin_live;
pub mod alert_digest;
pub mod alert_links;
pub mod alert_policy;
pub mod app;
pub mod applicant_history;
pub mod auth;
pub mod config;
pub mod csv_file;
pub mod error;
pub mod event_summary;
pub mod export;
pub mod files;
pub mod first_paint;
pub mod idempotency;
pub mod mail;
pub mod metrics;
pub mod one_at_a_time;
pub mod openapi;
pub mod policies;
pub mod privacy;
pub mod public_reads;
pub mod purge;
pub mod read_replica;
pub mod realtime;
pub mod retention;
pub mod routes;
pub mod security;
pub mod serve;
pub mod site;
pub mod sweeper;
pub mod time_travel;
