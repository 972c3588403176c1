//! Provably fair: a casino's rounds replayed from its seeds ([`scheme`]) and checked, round by round, with the
//! protocol's known failures ([`mod@verify`]).

pub mod scheme;
pub mod verify;

pub use scheme::{Scheme, deal, seed_hash};
pub use verify::{Failed, Replayed, RoundError, Smell, Verification, replay, verify, verify_file};
