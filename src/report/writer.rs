//! The one place that writes report files: every file goes to a temporary name in the target directory and is
//! renamed into place, so a reader never sees a half-written report and an interrupted run loses nothing
//! already written.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Writes `bytes` to `path` atomically (temporary file in the same directory, then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("cannot create directory {}", dir.display()))?;
    let file_name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp: PathBuf = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot write {}", path.display()))
}

/// Writes several named files into `dir`.
pub fn write_all(dir: &Path, files: &[(&str, Vec<u8>)]) -> anyhow::Result<()> {
    for (name, bytes) in files {
        write_atomic(&dir.join(name), bytes)?;
    }
    Ok(())
}
