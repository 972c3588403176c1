//! A lab's evidence pack: the bytes a generic battery reads (a generator's raw outputs, a shuffle's decks as
//! uniform bits, the scaled draws of a loop), the decks of a run as `--decks` reads them, and the manifest that
//! lets a third party check every file and rerun every command.
//!
//! The streams are made by the pure core ([`crate::bits`]); this module owns where they go: a [`Sink`] writes
//! words through a large buffer to standard output or a file, counting and hashing what it wrote, and takes a
//! closed pipe as the reader having had enough. [`Manifest`] is `manifest.json` beside the files (one per
//! folder, shared by the exports into it), and [`verify`] checks a folder against it.

mod bits_plan;
mod deck_lines;
mod manifest;
mod sink;
mod streams;
mod verify;

pub use bits_plan::{BitsError, BitsExport, BitsSource, export_bits};
pub use deck_lines::DeckLines;
pub use manifest::{
    FileEntry, Input, MANIFEST, Manifest, ManifestError, RecordedOutput, binary_sha256, check_recorded_output, forget,
    hex, lists, sha256_file, sha256_hex, shell_quote,
};
pub use sink::{Sink, SinkError, Target, Written, stdout_is_null};
pub use streams::{BitsCounts, BitsWriter, Ended, draws, raw};
pub use verify::{Check, FileCheck, Verified, verify};
