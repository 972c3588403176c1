//! Reports: pure renderers, one file per format, that turn a finished audit ([`crate::audit::RunReport`]) into
//! bytes. Only [`writer`] touches the file system.

pub mod adjacency_heatmap;
pub mod calibration_csv;
pub mod console;
pub mod counts_csv;
pub mod crack;
pub mod escape;
pub mod exact_csv;
pub mod exact_heatmap;
pub mod files;
pub mod gate_json;
pub mod html;
pub mod i18n;
pub mod json;
pub mod junit;
pub mod markdown;
pub mod position_heatmap;
pub mod progressive_csv;
pub mod riffle_csv;
pub mod riffle_curve;
pub mod seat_counts_csv;
pub mod summary_csv;
pub mod svg;
pub mod sweep;
pub mod teach;
pub mod writer;

pub use crate::audit::result::RunReport;
