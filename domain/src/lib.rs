//! The pure model of the recruitment platform: events, aggregate state (`evolve`),
//! decisions (`decide`), value objects and the validation rules of SPEC 5.
//!
//! No IO, no async, no clocks: anything a decision needs (now, new ids, facts
//! looked up elsewhere) is passed in by the caller. Domain rejections are
//! [`DomainError`]; infrastructure failures never travel through this crate.

/// `TryFrom<String>` for a closed choice read back from a read model's text
/// column: the name exactly as `$name` stored it, without the leniency of the
/// form's parser (trimming, any case). A read model holds only what the
/// domain wrote, so anything else is a fault, not input.
macro_rules! read_back_by {
    ($ty:ty, $name:ident, $what:literal) => {
        read_back_by!($ty, $name, $what, Self::ALL);
    };
    ($ty:ty, $name:ident, $what:literal, $all:expr) => {
        impl TryFrom<String> for $ty {
            type Error = $crate::DomainError;

            fn try_from(raw: String) -> Result<Self, $crate::DomainError> {
                $all.into_iter()
                    .find(|v| v.$name() == raw)
                    .ok_or_else(|| $crate::DomainError::invalid(format!("unknown {} {raw}", $what)))
            }
        }
    };
}

/// `TryFrom<String>` by the type's own `parse`: a form's text and a read
/// model's column read alike, refused with the form's message.
macro_rules! parsed_by_parse {
    ($($ty:ty),* $(,)?) => {$(
        impl TryFrom<String> for $ty {
            type Error = $crate::DomainError;

            fn try_from(raw: String) -> Result<Self, $crate::DomainError> {
                Self::parse(&raw)
            }
        }
    )*};
}

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
pub mod saved_job;
pub mod two_factor;
pub mod validation;

#[cfg(test)]
pub(crate) mod testing;

pub use aggregate::Aggregate;
pub use error::DomainError;
pub use event::{AnyEvent, DomainEvent, FromAnyEvent};
