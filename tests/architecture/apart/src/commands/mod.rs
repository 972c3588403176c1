//! Two subcommands and what they share.

pub mod a;
pub mod b;

pub fn shared() {}
