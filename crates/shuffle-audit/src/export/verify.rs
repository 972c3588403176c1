//! `verify`: a folder checked against its `manifest.json`, file by file: present, of the size and SHA-256 the
//! manifest gives.

use std::path::{Component, Path};

use super::manifest::{Manifest, ManifestError};

/// What one file's check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Ok,
    /// Present, but its size or its SHA-256 differs (the size, when that already differs).
    Changed {
        bytes: u64,
        sha256: Option<String>,
    },
    Missing,
    /// Written to standard output: nothing to check.
    NotAFile,
}

/// A file of the manifest and its check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCheck {
    pub name: String,
    pub check: Check,
}

/// A manifest's checks.
#[derive(Clone, Debug)]
pub struct Verified {
    pub files: Vec<FileCheck>,
    /// The manifest's binary SHA-256, and whether the running binary has it (`None`: it could not be read).
    pub binary: (String, Option<bool>),
}

impl Verified {
    /// True when every file is present and unchanged.
    pub fn all_ok(&self) -> bool {
        self.files.iter().all(|f| matches!(f.check, Check::Ok | Check::NotAFile))
    }
}

/// Checks every file of the manifest at `path` (names relative to its folder; a name that leaves the folder is
/// a malformed manifest).
pub fn verify(path: &Path, running_binary: Option<&str>) -> Result<Verified, ManifestError> {
    let manifest = Manifest::read(path)?;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut files = Vec::new();
    for (i, entry) in manifest.files.iter().enumerate() {
        let malformed = |why: String| ManifestError::Malformed { path: path.to_path_buf(), why };
        if entry.name == "-" {
            files.push(FileCheck { name: entry.name.clone(), check: Check::NotAFile });
            continue;
        }
        let name = Path::new(&entry.name);
        if entry.name.is_empty() || !name.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(malformed(format!(
                "files[{i}].name {:?} is not a path inside the manifest's folder",
                entry.name
            )));
        }
        if entry.sha256.len() != 64 || !entry.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(malformed(format!("files[{i}].sha256 of {:?} is not 64 hex digits", entry.name)));
        }
        let check = check_file(&dir.join(name), entry.bytes, &entry.sha256.to_ascii_lowercase())
            .map_err(|source| ManifestError::Read { path: dir.join(name), source })?;
        files.push(FileCheck { name: entry.name.clone(), check });
    }
    let same = running_binary.map(|b| b.eq_ignore_ascii_case(&manifest.binary_sha256));
    Ok(Verified { files, binary: (manifest.binary_sha256, same) })
}

fn check_file(path: &Path, bytes: u64, sha256: &str) -> std::io::Result<Check> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Check::Missing),
        Err(e) => return Err(e),
    };
    if meta.len() != bytes {
        return Ok(Check::Changed { bytes: meta.len(), sha256: None });
    }
    let got = super::sha256_file(path)?;
    Ok(if got == sha256 { Check::Ok } else { Check::Changed { bytes, sha256: Some(got) } })
}
