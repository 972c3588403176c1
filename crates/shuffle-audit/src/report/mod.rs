//! Reports: pure renderers, one file per format, that turn a finished audit ([`crate::audit::RunReport`]) into
//! bytes. Only `writer` touches the file system.

pub(crate) mod console;
pub mod csv;
pub(crate) mod escape;
pub mod fair;
pub(crate) mod files;
pub mod gate_json;
pub mod html;
pub(crate) mod i18n;
pub mod json;
pub mod junit;
pub mod logs;
pub mod markdown;
pub mod streams;
pub mod svg;
pub mod sweep;
pub(crate) mod writer;

pub use crate::audit::result::RunReport;
pub use console::render_console;
pub use escape::terminal;
pub use files::{Output, calibration_files, compare_files, write_progressive_files, write_run_files};
pub use i18n::{
    LangWords, check_reason, explanation, explanation_in, group_digits, headline, partial_reason, verdict_word,
};
pub use writer::{CheckpointFile, OutDir, WriteError, write_all, write_atomic};
