//! The audit modes built on the run model ([`crate::audit`]): progressive runs that stop at the first clear
//! answer, calibration of the tests' false-alarm rate, the sweep of a hand shuffle's swaps, the catalogue that
//! `compare` reproduces, and the gate of a project's CI.

pub mod calibration;
pub mod catalogue;
pub mod gate;
pub mod progressive;
pub mod sweep;
