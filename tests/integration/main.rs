//! The integration tests, one binary: each module is the tests of one area, run against the library and the
//! `shuffle-audit` binary built beside them. One binary links the crates once, where a binary a file linked
//! them forty times over (most of CI's test step was that compilation). `cargo test --test integration --
//! state::` runs one area; `-- --ignored calibration::` one area's heavy checks.

mod common;

mod api;
mod architecture;
mod battery;
mod calibration;
mod causes;
mod chunk_overlap;
mod cli;
mod crack;
mod crack_engines;
mod crack_v8;
mod decks_input;
mod doc_blocks;
mod engines;
mod exact;
mod export;
mod fair;
mod family;
mod full_disk;
mod games;
mod gate;
mod golden;
mod hand_shuffles;
mod isa;
mod js_sort;
mod lab;
mod layers;
mod logs;
mod model;
mod output;
mod output_is_input;
mod power;
mod producers;
mod properties;
mod reference;
mod reports;
mod run;
mod runtimes;
mod samples;
mod second_level;
mod small_samples;
mod state;
mod streams;
mod teach;
mod value_stability;
mod wildcards;
