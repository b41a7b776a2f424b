//! Integration tests: the real server on port 0, real HTTP, a fresh PostgreSQL
//! database per test (cloned from a migrated template).

mod accounts;
mod bad_input;
mod cli;
mod event_store;
mod jobs;
mod portal;
mod projections_runtime;
mod realtime;
mod site;
mod support;
