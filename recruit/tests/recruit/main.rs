//! The `recruit` binary run as a process against a real database: its
//! commands' output, and rotating data keys (`recruit keys rotate`). Only
//! this package's tests can name the binary (`CARGO_BIN_EXE_recruit`).
//!
//! The harness is the api tests' own, compiled in here as well, so there is
//! one way to make a test database (the same migrated template) and one
//! `TestApp`; what this crate does not call of it is dead code here.

mod commands;
mod data_keys;
#[allow(dead_code)]
#[path = "../../../api/tests/api/fixtures.rs"]
mod fixtures;
#[allow(dead_code)]
#[path = "../../../api/tests/api/support.rs"]
mod support;
