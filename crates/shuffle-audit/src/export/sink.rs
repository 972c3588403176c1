//! Where an export's bytes go: standard output or a file, through a large buffer, counted and hashed.

use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;

use sha2::{Digest, Sha256};

/// An export's destination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Stdout,
    File(PathBuf),
}

impl Target {
    /// How errors name it: the file, or `standard output`.
    pub fn describe(&self) -> String {
        match self {
            Target::Stdout => "standard output".to_string(),
            Target::File(p) => p.display().to_string(),
        }
    }
}

/// A write that failed for another reason than a closed pipe (a full disk): names the destination.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {target}: {source}")]
pub struct SinkError {
    pub target: String,
    #[source]
    pub source: io::Error,
}

/// What a sink wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub bytes: u64,
    /// SHA-256 of the bytes, in hex (when the sink hashed).
    pub sha256: Option<String>,
    /// The reader closed the pipe: the bytes counted are those it accepted.
    pub closed: bool,
}

/// Whether standard output is the null device: `>/dev/null`, or a closed standard output, which the standard
/// library's start-up reopens as `/dev/null`. An export without an end would write into it for ever.
pub fn stdout_is_null() -> bool {
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let null = std::fs::metadata("/dev/null");
    let out = std::fs::metadata("/proc/self/fd/1").or_else(|_| std::fs::metadata("/dev/stdout"));
    match (null, out) {
        (Ok(null), Ok(out)) => out.file_type().is_char_device() && out.rdev() == null.rdev(),
        _ => false,
    }
}

/// Bytes out, counted, optionally hashed; a closed pipe (`EPIPE`, with SIGPIPE ignored) ends the sink quietly.
///
/// A regular file is written under a hidden name beside it and renamed over the final name only when every byte
/// is on the disk ([`Sink::finish`]): a full disk, a failed write or a sink dropped part-way leaves no file under
/// the final name (and whatever was there before stays), and the hidden one is removed.
pub struct Sink {
    out: Box<dyn Write>,
    /// The file written, to sync at the end.
    file: Option<File>,
    /// `(hidden, final)`: the file being written and the name it takes when finished.
    rename: Option<(PathBuf, PathBuf)>,
    target: Target,
    sha: Option<Sha256>,
    bytes: u64,
    closed: bool,
}

impl Sink {
    /// Opens `target` (its folder made if needed, as a report folder is); `hash` asks for the SHA-256 of what is
    /// written. A regular file (or a new one) is written under a hidden temporary name beside it, created afresh
    /// and never through a link, and takes its own name at [`Sink::finish`]; a device or a FIFO is written in place.
    pub fn open(target: Target, hash: bool) -> Result<Sink, SinkError> {
        match &target {
            Target::Stdout => Ok(Sink::new(Box::new(io::stdout().lock()), target, hash)),
            Target::File(p) => {
                let error = |source| SinkError { target: p.display().to_string(), source };
                // A link (written through with --force only) has its target replaced, not itself.
                let real = match std::fs::symlink_metadata(p) {
                    Ok(m) if m.is_symlink() => std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()),
                    _ => p.clone(),
                };
                let dir = real.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
                std::fs::create_dir_all(dir)
                    .map_err(|source| SinkError { target: dir.display().to_string(), source })?;
                let (file, rename) = if std::fs::metadata(&real).is_ok_and(|m| !m.is_file()) {
                    (File::create(&real).map_err(error)?, None)
                } else {
                    let name = real.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    crate::report::writer::remove_stale_files(dir, &name);
                    let (hidden, file) = crate::report::writer::create_tmp_file(dir, &name).map_err(error)?;
                    (file, Some((hidden, real.clone())))
                };
                let copy = file.try_clone().map_err(error)?;
                let mut sink = Sink::new(Box::new(file), target.clone(), hash);
                sink.file = Some(copy);
                sink.rename = rename;
                Ok(sink)
            }
        }
    }

    /// A sink over any writer (tests, benches).
    pub fn new(out: Box<dyn Write>, target: Target, hash: bool) -> Sink {
        Sink { out, file: None, rename: None, target, sha: hash.then(Sha256::new), bytes: 0, closed: false }
    }

    /// True once the reader closed the pipe: nothing more is written.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Writes `bytes`; returns `Ok(false)` when the reader has closed the pipe.
    pub fn write(&mut self, bytes: &[u8]) -> Result<bool, SinkError> {
        if self.closed {
            return Ok(false);
        }
        let mut rest = bytes;
        while !rest.is_empty() {
            match self.out.write(rest) {
                Ok(0) => return Err(self.error(io::Error::from(io::ErrorKind::WriteZero))),
                Ok(k) => {
                    if let Some(sha) = &mut self.sha {
                        sha.update(&rest[..k]);
                    }
                    self.bytes += k as u64;
                    rest = &rest[k..];
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    self.closed = true;
                    return Ok(false);
                }
                Err(e) => return Err(self.error(e)),
            }
        }
        Ok(true)
    }

    /// Writes 32-bit words little-endian, through `scratch`.
    pub fn write_words(&mut self, words: &[u32], scratch: &mut Vec<u8>) -> Result<bool, SinkError> {
        scratch.clear();
        scratch.resize(words.len() * 4, 0);
        for (bytes, w) in scratch.chunks_exact_mut(4).zip(words) {
            bytes.copy_from_slice(&w.to_le_bytes());
        }
        self.write(scratch)
    }

    /// Flushes (a file is synced to its disk, then renamed to its own name) and says what was written.
    pub fn finish(mut self) -> Result<Written, SinkError> {
        if !self.closed {
            match self.out.flush() {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => self.closed = true,
                Err(e) => return Err(self.error(e)),
            }
        }
        if let Some(file) = &self.file {
            // A full disk can show only here (delayed allocation): the manifest must not claim bytes it lost. A
            // device that cannot be synced (`/dev/null`) says so with EINVAL, which is not a failure.
            if let Err(e) = file.sync_all()
                && e.kind() != io::ErrorKind::InvalidInput
            {
                return Err(self.error(e));
            }
        }
        if let Some((hidden, name)) = self.rename.take()
            && let Err(e) = std::fs::rename(&hidden, &name)
        {
            self.rename = Some((hidden, name));
            return Err(self.error(e));
        }
        let sha256 = self.sha.take().map(|s| super::hex(&s.finalize()));
        Ok(Written { bytes: self.bytes, sha256, closed: self.closed })
    }

    fn error(&self, source: io::Error) -> SinkError {
        SinkError { target: self.target.describe(), source }
    }
}

impl Drop for Sink {
    /// A sink not finished (an error, a panic) leaves no hidden file behind.
    fn drop(&mut self) {
        if let Some((hidden, _)) = self.rename.take() {
            let _ = std::fs::remove_file(hidden);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_little_endian_and_hashed() {
        let mut sink = Sink::new(Box::new(Vec::new()), Target::Stdout, true);
        assert!(sink.write_words(&[0x0403_0201, 0x0807_0605], &mut Vec::new()).unwrap());
        let w = sink.finish().unwrap();
        assert_eq!(w.bytes, 8);
        assert_eq!(w.sha256.unwrap(), super::super::hex(&Sha256::digest([1u8, 2, 3, 4, 5, 6, 7, 8])));
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sink-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_takes_its_name_only_when_finished() {
        let dir = scratch("finished");
        let path = dir.join("out.bin");
        std::fs::write(&path, b"before").unwrap();
        let mut sink = Sink::open(Target::File(path.clone()), false).unwrap();
        assert!(sink.write(b"after").unwrap());
        // Until finished, the old file is whole and the new bytes are under a hidden name.
        assert_eq!(std::fs::read(&path).unwrap(), b"before");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        assert_eq!(sink.finish().unwrap().bytes, 5);
        assert_eq!(std::fs::read(&path).unwrap(), b"after");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_sink_dropped_part_way_leaves_nothing() {
        let dir = scratch("dropped");
        let path = dir.join("out.bin");
        let mut sink = Sink::open(Target::File(path.clone()), false).unwrap();
        assert!(sink.write(b"half").unwrap());
        drop(sink);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
