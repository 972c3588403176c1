//! Where a command may write a file, decided before anything is opened for writing, for every command alike.
//!
//! Two rules. An output is never one of the command's own inputs: the same path, a hard link to it or a symbolic
//! link to it (the same device and inode once links are followed) is refused, naming both flags, whatever else
//! is given (`run --decks F --save-decks F` used to truncate the decks before reading them). And a file that is
//! already there is replaced only when this tool wrote it (the caller says how it knows: a manifest listing it
//! with its size, a state file's magic) or when `--force` says so; a symbolic link (whose target would be
//! replaced), a device, a FIFO or a socket is refused unless `--force` is given, and a folder always. What
//! is written to something other than a regular file gets no manifest beside it (`--out /dev/null` once wrote
//! `/dev/manifest.json`): [`Place::records`] says whether one is due.

use std::fs::Metadata;
use std::io;
use std::path::Path;

use thiserror::Error;

use crate::audit::regular_file::FileKind;

/// A file a command names on its command line: the flag (or argument) that names it, and the path.
#[derive(Clone, Copy, Debug)]
pub struct NamedFile<'a> {
    pub flag: &'a str,
    pub path: &'a Path,
}

impl<'a> NamedFile<'a> {
    pub fn new(flag: &'a str, path: &'a Path) -> Self {
        NamedFile { flag, path }
    }
}

/// What is at an output's path, once it may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Nothing yet.
    New,
    /// A regular file this tool wrote (or one `--force` lets it replace).
    Replaced,
    /// Something that is not a regular file once links are followed (a device, a FIFO), written with `--force`.
    Special(FileKind),
}

impl Place {
    /// Whether the file is one a manifest can describe: a regular file, new or replaced.
    pub fn records(self) -> bool {
        !matches!(self, Place::Special(_))
    }
}

/// Why an output may not be written where it was asked to be.
#[derive(Debug, Error)]
pub enum OutputError {
    #[error(
        "{out_flag} {out} is the same file as {in_flag} {input}: writing it would destroy the input before it is \
         read; choose another file"
    )]
    IsInput { out_flag: String, out: String, in_flag: String, input: String },
    #[error("{flag}: {path} is a folder, not a file")]
    Folder { flag: String, path: String },
    #[error(
        "{flag}: {path} is {kind}, not a regular file: write to standard output and redirect it, or pass --force to \
         write to it (no manifest is written for it)"
    )]
    NotRegular { flag: String, path: String, kind: FileKind },
    #[error(
        "{flag}: {path} is a symbolic link: writing would replace its target; remove the link, choose another file, \
         or pass --force"
    )]
    Symlink { flag: String, path: String },
    #[error(
        "{flag}: {path} exists and is not a file this tool wrote ({why}): choose another file, remove it, or pass \
         --force to replace it"
    )]
    Exists { flag: String, path: String, why: String },
    #[error("{flag}: cannot read {path}: {source}")]
    Io { flag: String, path: String, source: io::Error },
}

/// The device and inode of what `path` names once symbolic links are followed; `None` when it does not exist
/// (or cannot be looked at).
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Elsewhere, the canonical path stands for the file.
#[cfg(not(unix))]
fn identity(path: &Path) -> Option<std::path::PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The absolute path `path` names, its folder's links resolved (for a file that is not there yet).
fn placed(path: &Path) -> Option<std::path::PathBuf> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Some(std::fs::canonicalize(parent).ok()?.join(path.file_name()?))
}

/// Whether `a` and `b` are the same file: the same path, a hard link or a symbolic link to it (the same device
/// and inode); two paths of which one is not there yet are the same when they name the same place.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a), identity(b)) {
        (Some(x), Some(y)) => x == y,
        _ => placed(a).is_some_and(|x| placed(b) == Some(x)),
    }
}

/// Refuses an output that is one of `inputs` (standard input, `-`, is no file and is skipped).
pub fn check_not_input(output: NamedFile, inputs: &[NamedFile]) -> Result<(), OutputError> {
    for input in inputs.iter().filter(|i| i.path.as_os_str() != "-") {
        if same_file(output.path, input.path) {
            return Err(OutputError::IsInput {
                out_flag: output.flag.to_string(),
                out: output.path.display().to_string(),
                in_flag: input.flag.to_string(),
                input: input.path.display().to_string(),
            });
        }
    }
    Ok(())
}

/// Checks that `output` may be written, before anything is opened for writing: not one of `inputs`, and,
/// when something is already there, a regular file that `ours` recognises as this tool's (given its metadata;
/// `Err` says why not), unless `force`. See the module's rules.
pub fn check_output(
    output: NamedFile,
    inputs: &[NamedFile],
    force: bool,
    ours: impl FnOnce(&Metadata) -> Result<(), String>,
) -> Result<Place, OutputError> {
    check_not_input(output, inputs)?;
    let (flag, path) = (output.flag.to_string(), output.path.display().to_string());
    let link = match std::fs::symlink_metadata(output.path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Place::New),
        Err(source) => return Err(OutputError::Io { flag, path, source }),
        Ok(m) => m,
    };
    if link.file_type().is_symlink() && !force {
        return Err(OutputError::Symlink { flag, path });
    }
    // Followed: a dangling link with --force makes a new file at its target.
    let meta = match std::fs::metadata(output.path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Place::New),
        Err(source) => return Err(OutputError::Io { flag, path, source }),
        Ok(m) => m,
    };
    match FileKind::of(&meta) {
        Some(FileKind::Folder) => Err(OutputError::Folder { flag, path }),
        Some(kind) if force => Ok(Place::Special(kind)),
        Some(kind) => Err(OutputError::NotRegular { flag, path, kind }),
        None if force => Ok(Place::Replaced),
        None => match ours(&meta) {
            Ok(()) => Ok(Place::Replaced),
            Err(why) => Err(OutputError::Exists { flag, path, why }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(path: &Path) -> NamedFile<'_> {
        NamedFile::new("--out", path)
    }

    #[test]
    fn an_input_is_never_an_output_by_any_name() {
        let dir = tempfile::tempdir().unwrap();
        let decks = dir.path().join("decks.txt");
        std::fs::write(&decks, "0 1\n").unwrap();
        let hard = dir.path().join("hard.txt");
        std::fs::hard_link(&decks, &hard).unwrap();
        let soft = dir.path().join("soft.txt");
        std::os::unix::fs::symlink(&decks, &soft).unwrap();
        let dotted = dir.path().join(".").join("decks.txt");
        let input = [NamedFile::new("--decks", &decks)];
        for same in [&decks, &hard, &soft, &dotted] {
            let e = check_output(out(same), &input, true, |_| Ok(())).unwrap_err().to_string();
            assert!(e.starts_with("--out ") && e.contains("is the same file as --decks"), "{e}");
        }
        // Standard input and other files are not the output.
        let other = dir.path().join("other.txt");
        assert_eq!(check_output(out(&other), &input, false, |_| Ok(())).unwrap(), Place::New);
        let stdin = [NamedFile::new("--decks", Path::new("-"))];
        assert!(check_not_input(out(&decks), &stdin).is_ok());
        // Two names of one place that is not there yet (two outputs in one file) are the same file.
        assert!(same_file(&other, &dir.path().join(".").join("other.txt")));
        assert!(!same_file(&other, &decks));
    }

    #[test]
    fn what_is_there_is_replaced_only_when_ours_or_forced() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f.bin");
        std::fs::write(&file, "abc").unwrap();
        let e = check_output(out(&file), &[], false, |_| Err("no manifest lists it".into())).unwrap_err();
        assert!(e.to_string().contains("exists and is not a file this tool wrote (no manifest lists it)"), "{e}");
        assert_eq!(
            check_output(out(&file), &[], false, |m| if m.len() == 3 { Ok(()) } else { Err(String::new()) }).unwrap(),
            Place::Replaced
        );
        assert_eq!(check_output(out(&file), &[], true, |_| Err(String::new())).unwrap(), Place::Replaced);
        // A link: its target would be replaced.
        let link = dir.path().join("link.bin");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert!(matches!(check_output(out(&link), &[], false, |_| Ok(())), Err(OutputError::Symlink { .. })));
        assert_eq!(check_output(out(&link), &[], true, |_| Ok(())).unwrap(), Place::Replaced);
        // A device: refused, or written with --force and no manifest.
        let null = Path::new("/dev/null");
        let e = check_output(out(null), &[], false, |_| Ok(())).unwrap_err().to_string();
        assert!(e.contains("/dev/null is a character device, not a regular file"), "{e}");
        let forced = check_output(out(null), &[], true, |_| Ok(())).unwrap();
        assert_eq!(forced, Place::Special(FileKind::CharDevice));
        assert!(!forced.records() && Place::New.records());
        assert!(matches!(check_output(out(dir.path()), &[], true, |_| Ok(())), Err(OutputError::Folder { .. })));
    }
}
