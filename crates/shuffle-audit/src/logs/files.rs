//! Reading a log's files into an audit: each file is a regular file (a FIFO or a device would be read for ever),
//! its format is decided before any file is read (given, or detected from its first bytes), and the deals go
//! into the audit one at a time, the stop flag looked at between deals.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use crate::audit::regular_file::open_regular;
use crate::audit::stop::{StopFlag, StopReason};
use crate::logs::audit::LogAudit;
use crate::logs::model::LogError;
use crate::logs::read::{LogFormat, ReadOptions, detect, reader};

/// An error that ends the reading of the logs: the file, and what is wrong where.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", file.display())]
pub struct LogFileError {
    pub file: PathBuf,
    pub error: LogError,
}

/// The format of each file: `format` itself, or for `auto` the one its first bytes show.
pub fn formats(files: &[PathBuf], format: LogFormat) -> Result<Vec<LogFormat>, LogFileError> {
    files
        .iter()
        .map(|path| {
            if format != LogFormat::Auto {
                return Ok(format);
            }
            let mut input = open(path)?;
            let head = input.fill_buf().map_err(|e| fail(path, LogError::file(format!("cannot read: {e}"))))?;
            detect(head).ok_or_else(|| {
                fail(
                    path,
                    LogError::file(
                        "its format is none of pokerstars, ohh, phh or views (from its first lines): give --format",
                    ),
                )
            })
        })
        .collect()
}

fn fail(path: &Path, error: LogError) -> LogFileError {
    LogFileError { file: path.to_path_buf(), error }
}

fn open(path: &Path) -> Result<BufReader<std::fs::File>, LogFileError> {
    let (file, _) = open_regular(path).map_err(|e| fail(path, LogError::file(e.to_string())))?;
    Ok(BufReader::with_capacity(1 << 16, file))
}

/// Reads `files` (of `formats`, from [`formats`]) into `audit`; `progress` is told the deals read every 4,096.
/// Stops between deals when `stop` is set, and says why.
pub fn read_into(
    audit: &mut LogAudit,
    files: &[PathBuf],
    formats: &[LogFormat],
    options: &ReadOptions,
    stop: &StopFlag,
    mut progress: impl FnMut(u64),
) -> Result<Option<StopReason>, LogFileError> {
    for (path, &format) in files.iter().zip(formats) {
        let input = open(path)?;
        let deals = reader(format, input, options).map_err(|e| fail(path, e))?;
        for deal in deals {
            if let Some(reason) = stop.requested() {
                return Ok(Some(reason));
            }
            audit.add(deal.map_err(|e| fail(path, e))?);
            if audit.read().is_multiple_of(4096) {
                progress(audit.read());
            }
        }
    }
    Ok(stop.requested())
}
