//! A module that no layer holds: an error, not a module skipped.

pub use crate::a::A;
