//! The pure model of the recruitment platform: events, aggregate state (`evolve`),
//! decisions (`decide`), value objects and the validation rules of SPEC 5.
//!
//! No IO, no async, no clocks: anything a decision needs (now, new ids, facts
//! looked up elsewhere) is passed in by the caller. Domain rejections are
//! [`DomainError`]; infrastructure failures never travel through this crate.

pub mod access;
pub mod account;
pub mod admin_roster;
pub mod aggregate;
pub mod application;
pub mod assessment;
pub mod company;
pub mod contact;
pub mod document;
pub mod erasure;
pub mod error;
pub mod event;
pub mod interview;
pub mod job;
pub mod job_alert;
pub mod notification;
pub mod pipeline;
pub mod profile;
pub mod reference;
pub mod two_factor;
pub mod validation;

#[cfg(test)]
pub(crate) mod testing;

pub use aggregate::Aggregate;
pub use error::DomainError;
pub use event::{AnyEvent, DomainEvent, FromAnyEvent};
