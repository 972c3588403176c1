//! `manifest.json`: what a folder of exported files holds, with the size and SHA-256 of each file, the binary
//! that wrote them, and the command line that reproduces each one. Several exports into one folder share one
//! manifest: each adds or replaces its own entry.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::audit::output_file::{NamedFile, OutputError, Place, check_not_input, check_output};
use crate::report::write_atomic;

/// The manifest's file name, beside the files it lists.
pub const MANIFEST: &str = "manifest.json";

/// Where a file's decks came from, when it was not a built-in shuffle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Input {
    /// `--decks FILE`: the file and its SHA-256 (`-`, standard input, a FIFO or a device, which are read once,
    /// by the audit, have none).
    Decks {
        path: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        sha256: Option<String>,
    },
    /// `--exec CMD`: the command line and the SHA-256 of its text.
    Exec { command: String, sha256: String },
}

impl Input {
    /// The input of decks read from `source`: a regular file with its SHA-256, read a mebibyte at a time before
    /// the audit reads it, and none when `stop` is set meanwhile (the audit then stops at once); standard input,
    /// a FIFO or a device without one, since hashing it first would read what the audit must read (or, for
    /// `/dev/zero`, never end); a program with the SHA-256 of its command line.
    pub fn of(source: &crate::audit::ExternalSource, stop: &crate::audit::StopFlag) -> std::io::Result<Input> {
        use crate::audit::ExternalSource;
        Ok(match source {
            ExternalSource::Decks(p) => {
                let regular = p.as_os_str() != "-" && std::fs::metadata(p)?.is_file();
                let sha256 = if regular { sha256_file_until(p, Some(stop))? } else { None };
                Input::Decks { path: p.display().to_string(), sha256 }
            }
            ExternalSource::Exec(c) => Input::Exec { command: c.clone(), sha256: sha256_hex(c.as_bytes()) },
        })
    }
}

/// One exported file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileEntry {
    /// The file's name, relative to the manifest's folder (`-` for standard output).
    pub name: String,
    pub bytes: u64,
    pub sha256: String,
    /// raw, bits, draws or decks.
    pub kind: String,
    /// The generator (`--rng`), for a built-in source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// How the generator was seeded from the seed, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeding: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck: Option<usize>,
    /// The layout of the bytes, in words (`packed 15-bit outputs, little-endian 32-bit words`).
    pub layout: String,
    /// What was counted: words, decks read, kept, dropped, bits, draws, … (names fixed per kind).
    pub counts: BTreeMap<String, u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Input>,
    /// True when the export was stopped (a signal, a closed pipe) before the amount asked for.
    pub partial: bool,
    /// The full command line that reproduces the file, shell-quoted.
    pub command: String,
}

/// `manifest.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub tool: String,
    pub version: String,
    /// SHA-256 of the executable that wrote the manifest last.
    pub binary_sha256: String,
    pub files: Vec<FileEntry>,
}

/// A manifest that cannot be read or written: names the file.
#[derive(Debug, thiserror::Error)]
pub enum ManifestError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path} is not a manifest of this tool: {why}")]
    Malformed { path: PathBuf, why: String },
    #[error("{0}")]
    Write(#[from] crate::report::WriteError),
}

impl Manifest {
    /// An empty manifest of this binary.
    pub fn new(binary_sha256: String) -> Self {
        Manifest {
            tool: "shuffle-audit".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            binary_sha256,
            files: Vec::new(),
        }
    }

    /// Reads a manifest; the error names the file and what is wrong. Only a regular file of at most
    /// `MAX_MANIFEST_BYTES` is read: a FIFO or a device (`/dev/zero`) is refused at once, not read for ever.
    pub fn read(path: &Path) -> Result<Manifest, ManifestError> {
        use std::io::Read;
        let fail = |source| ManifestError::Read { path: path.to_path_buf(), source };
        let (file, len) = open_regular_io(path).map_err(fail)?;
        if len > MAX_MANIFEST_BYTES {
            return Err(ManifestError::Malformed {
                path: path.to_path_buf(),
                why: format!("{len} bytes, more than the {MAX_MANIFEST_BYTES} a manifest may have"),
            });
        }
        let mut text = Vec::with_capacity(len as usize);
        file.take(MAX_MANIFEST_BYTES + 1).read_to_end(&mut text).map_err(fail)?;
        serde_json::from_slice(&text)
            .map_err(|e| ManifestError::Malformed { path: path.to_path_buf(), why: e.to_string() })
    }

    /// Adds `entry` to the manifest at `path` (replacing the entry of the same name), creating the manifest if
    /// there is none; written atomically. A manifest that is there but unreadable is left alone (an error).
    pub fn record(path: &Path, binary_sha256: String, entry: FileEntry) -> Result<(), ManifestError> {
        let mut manifest = match std::fs::symlink_metadata(path) {
            Ok(_) => Manifest::read(path)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Manifest::new(binary_sha256.clone()),
            Err(source) => return Err(ManifestError::Read { path: path.to_path_buf(), source }),
        };
        manifest.binary_sha256 = binary_sha256;
        manifest.version = env!("CARGO_PKG_VERSION").to_string();
        manifest.files.retain(|f| f.name != entry.name);
        manifest.files.push(entry);
        manifest.files.sort_by(|a, b| a.name.cmp(&b.name));
        let mut bytes = serde_json::to_vec_pretty(&manifest).expect("plain data serialises");
        bytes.push(b'\n');
        write_atomic(path, &bytes)?;
        Ok(())
    }
}

/// Whether the manifest at `path` lists `name` with `bytes` bytes: the sign that this tool wrote the file there
/// and nobody changed its size since, which lets an export or saved decks replace it. `Err` says why not.
pub fn lists(path: &Path, name: &str, bytes: u64) -> Result<(), String> {
    let manifest = match Manifest::read(path) {
        Ok(m) => m,
        Err(ManifestError::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!("no {MANIFEST} beside it lists it"));
        }
        Err(e) => return Err(e.to_string()),
    };
    match manifest.files.iter().find(|f| f.name == name) {
        None => Err(format!("{} does not list it", path.display())),
        Some(f) if f.bytes != bytes => {
            Err(format!("{} lists it with {} bytes, and it has {bytes} now", path.display(), f.bytes))
        }
        Some(_) => Ok(()),
    }
}

/// A file output with its entry in the manifest beside it (`export --out`, `run --save-decks`), checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedOutput {
    /// What is at the path: a manifest entry is written only when [`Place::records`] says so.
    pub place: Place,
    /// The manifest beside the file, and the file's name in it.
    pub manifest: PathBuf,
    pub name: String,
}

/// Checks that `output` may be written ([`check_output`]): not one of `inputs` (nor is its manifest), and a file
/// already there is replaced only when the manifest beside it lists it with its size, or with `force`. The
/// caller has checked that the file's name is not the manifest's.
pub fn check_recorded_output(
    output: NamedFile,
    inputs: &[NamedFile],
    force: bool,
) -> Result<RecordedOutput, OutputError> {
    let dir = output.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let manifest = dir.join(MANIFEST);
    let name = output.path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let place = check_output(output, inputs, force, |meta| lists(&manifest, &name, meta.len()))?;
    if place.records() {
        check_not_input(NamedFile::new(MANIFEST, &manifest), inputs)?;
    } else {
        // Written through a link to a device: an entry of an earlier export of that name no longer holds.
        forget(&manifest, &name);
    }
    Ok(RecordedOutput { place, manifest, name })
}

/// Removes the entry `name` from the manifest at `path`, if there is one: a file whose export failed must not
/// keep the entry of an earlier, successful one. Best effort: a manifest that cannot be read is left alone.
pub fn forget(path: &Path, name: &str) {
    let Ok(mut manifest) = Manifest::read(path) else { return };
    let before = manifest.files.len();
    manifest.files.retain(|f| f.name != name);
    if manifest.files.len() != before {
        let mut bytes = serde_json::to_vec_pretty(&manifest).expect("plain data serialises");
        bytes.push(b'\n');
        let _ = write_atomic(path, &bytes);
    }
}

/// SHA-256 of the running executable, in hex.
pub fn binary_sha256() -> std::io::Result<String> {
    let exe = std::env::current_exe()?;
    Ok(hex(&Sha256::digest(std::fs::read(exe)?)))
}

/// SHA-256 of `bytes`, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// The most bytes a manifest may have (16 MiB: some hundred thousand entries).
pub(crate) const MAX_MANIFEST_BYTES: u64 = 16 << 20;

/// Opens a regular file for reading, with its size; anything else is an error saying what it is.
fn open_regular_io(path: &Path) -> std::io::Result<(std::fs::File, u64)> {
    crate::audit::regular_file::open_regular(path).map_err(|e| match e {
        crate::audit::regular_file::OpenError::Io(e) => e,
        other => std::io::Error::new(std::io::ErrorKind::InvalidInput, other.to_string()),
    })
}

/// SHA-256 of a regular file, read a mebibyte at a time, in hex; a FIFO or a device is refused.
pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    Ok(sha256_file_until(path, None)?.expect("not stopped without a stop flag"))
}

/// [`sha256_file`], given up (`None`) once `stop` is set.
fn sha256_file_until(path: &Path, stop: Option<&crate::audit::StopFlag>) -> std::io::Result<Option<String>> {
    use std::io::Read;
    let (mut file, _) = open_regular_io(path)?;
    let mut sha = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        if stop.is_some_and(|s| s.is_set()) {
            return Ok(None);
        }
        match file.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => sha.update(&buf[..k]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Some(hex(&sha.finalize())))
}

/// Bytes as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One argument as a POSIX shell reads it back: as it is when it holds only safe characters, else in single
/// quotes (a quote inside written `'\''`).
pub fn shell_quote(arg: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-./=:,+@%^".contains(c);
    if !arg.is_empty() && arg.chars().all(safe) { arg.to_string() } else { format!("'{}'", arg.replace('\'', "'\\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_reads_back() {
        assert_eq!(shell_quote("--seed"), "--seed");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn entries_of_one_name_are_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(MANIFEST);
        let entry = |name: &str, bytes| FileEntry {
            name: name.into(),
            bytes,
            sha256: "00".into(),
            kind: "raw".into(),
            generator: None,
            seed: None,
            seeding: None,
            algorithm: None,
            deck: None,
            layout: String::new(),
            counts: BTreeMap::new(),
            input: None,
            partial: false,
            command: String::new(),
        };
        Manifest::record(&path, "ab".into(), entry("b.bin", 1)).unwrap();
        Manifest::record(&path, "ab".into(), entry("a.bin", 2)).unwrap();
        Manifest::record(&path, "cd".into(), entry("b.bin", 3)).unwrap();
        let m = Manifest::read(&path).unwrap();
        assert_eq!(m.binary_sha256, "cd");
        assert_eq!(
            m.files.iter().map(|f| (f.name.as_str(), f.bytes)).collect::<Vec<_>>(),
            [("a.bin", 2), ("b.bin", 3)]
        );
        std::fs::write(&path, b"{").unwrap();
        assert!(matches!(Manifest::record(&path, "ab".into(), entry("c", 1)), Err(ManifestError::Malformed { .. })));
    }
}
