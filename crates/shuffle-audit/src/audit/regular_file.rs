//! Opening a file that must be a regular one (a state file, a gate configuration) without ever waiting: a FIFO,
//! a device (`/dev/zero`, `/dev/urandom`), a folder or a socket is named for what it is and refused, instead of
//! being read for ever or in full.
//!
//! The path is looked at first (`stat` does not block, even on a FIFO nobody writes), then opened with
//! `O_NONBLOCK` (so that a FIFO swapped in between does not block the `open`) and looked at again through the
//! open file, which is what is then read.

use std::fs::{File, Metadata};
use std::io;
use std::path::Path;

use thiserror::Error;

/// What a path that is not a regular file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Folder,
    Fifo,
    CharDevice,
    BlockDevice,
    Socket,
    Other,
}

impl FileKind {
    /// `None` for a regular file.
    pub fn of(meta: &Metadata) -> Option<FileKind> {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        let kind = if t.is_file() {
            return None;
        } else if t.is_dir() {
            FileKind::Folder
        } else if t.is_fifo() {
            FileKind::Fifo
        } else if t.is_char_device() {
            FileKind::CharDevice
        } else if t.is_block_device() {
            FileKind::BlockDevice
        } else if t.is_socket() {
            FileKind::Socket
        } else {
            FileKind::Other
        };
        Some(kind)
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Other => "not a file",
        })
    }
}

/// Why a file cannot be opened for reading.
#[derive(Debug, Error)]
pub enum OpenError {
    #[error("it is {0}, not a regular file")]
    NotRegular(FileKind),
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
}

impl OpenError {
    /// Whether the path does not exist at all.
    pub fn is_not_found(&self) -> bool {
        matches!(self, OpenError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// Opens `path` for reading when it is a regular file (a symbolic link to one is followed), with its size.
pub(crate) fn open_regular(path: &Path) -> Result<(File, u64), OpenError> {
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(kind) = FileKind::of(&std::fs::metadata(path)?) {
        return Err(OpenError::NotRegular(kind));
    }
    let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)?;
    let meta = file.metadata()?;
    if let Some(kind) = FileKind::of(&meta) {
        return Err(OpenError::NotRegular(kind));
    }
    Ok((file, meta.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_not_a_regular_file_is_named_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path that lives across the call.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let kind = |p: &Path| match open_regular(p) {
            Err(OpenError::NotRegular(k)) => Some(k),
            _ => None,
        };
        assert_eq!(kind(&fifo), Some(FileKind::Fifo));
        assert_eq!(kind(Path::new("/dev/zero")), Some(FileKind::CharDevice));
        assert_eq!(kind(dir.path()), Some(FileKind::Folder));
        let file = dir.path().join("f");
        std::fs::write(&file, "abc").unwrap();
        assert_eq!(open_regular(&file).unwrap().1, 3);
        assert!(open_regular(&dir.path().join("none")).unwrap_err().is_not_found());
    }
}
