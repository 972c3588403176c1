//! shuffle-audit: tells whether a card shuffle is fair, how unfair it is, and why.
//!
//! The library reproduces home-made shuffles bit for bit with the generators they were written against
//! ([`shuffle`], [`rng`]), runs them in parallel with deterministic results ([`runner`]), accumulates
//! statistics with exact or correctly scaled null distributions ([`stats`]), turns them into verdicts
//! ([`verdict`]) and renders reports ([`report`]). Decks made by other programs are read by [`input`];
//! [`gate`] runs a configured list of audits for continuous integration. Shuffled decks can be dealt as the card
//! games deal them ([`deal`]) and judged at the table against exact hand odds ([`game`]). The binary is a thin
//! layer over [`commands`].

pub mod calibration;
pub mod cards;
pub mod catalogue;
pub mod cli;
pub mod commands;
pub mod deal;
pub mod error;
pub mod game;
pub mod gate;
pub mod input;
pub mod progressive;
pub mod report;
pub mod rng;
pub mod runner;
pub mod shuffle;
pub mod stats;
pub mod verdict;
