//! Integration tests: the real server on port 0, real HTTP, a fresh PostgreSQL
//! database per test (cloned from a migrated template).

mod accounts;
mod admin_workspace;
mod applicants;
mod applications;
mod bad_input;
mod candidates;
mod cli;
mod company;
mod data_keys;
mod docs;
mod documents;
mod erasure;
mod event_store;
mod export;
mod fixtures;
mod group_commit;
mod hardening;
mod inbox;
mod interviews;
mod job_lifecycle;
mod jobs;
mod notifications;
mod openapi;
mod password_reset;
mod pipeline;
mod profile;
mod projections_runtime;
mod read_your_writes;
mod realtime;
mod rebuild_all;
mod reference_data;
mod retention;
mod site;
mod support;
mod suspension;
