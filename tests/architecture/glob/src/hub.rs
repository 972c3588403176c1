//! Re-exports `b`'s item, for a glob to bring.

pub use crate::b::Thing;
