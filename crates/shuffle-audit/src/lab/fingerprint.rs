//! SHA-256 fingerprints (FIPS 180-4) of what a lab needs to tie the page to: the program that ran, each report
//! file written beside the page, and the input (a decks file's bytes, or an `--exec` command line as text).
//! They are read after the files are written, so the page lists the bytes on disk.

use std::path::Path;

use sha2::{Digest, Sha256};

use crate::audit::{DeckSource, ExternalSource};

/// The lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a file's bytes, or why it could not be read.
fn of_file(path: &Path) -> Result<String, String> {
    std::fs::read(path).map(|bytes| sha256_hex(&bytes)).map_err(|e| format!("{}: {e}", path.display()))
}

/// The input a run read, as the page fingerprints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputPrint {
    /// `--decks FILE`: the file as named, and its bytes' SHA-256 (or why they could not be read).
    Decks { file: String, sha256: Result<String, String> },
    /// `--decks -`: standard input, which is not kept.
    Stdin,
    /// `--exec CMD`: the command line and its SHA-256 (of its UTF-8 text).
    Exec { command: String, sha256: String },
}

/// Everything the page fingerprints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprints {
    /// The running program's SHA-256, or why it is not known.
    pub binary: Result<String, String>,
    /// Each report file beside the page, in the order written, with its SHA-256 (or why it could not be read).
    pub files: Vec<(String, Result<String, String>)>,
    /// The input of decks made elsewhere; `None` for a built-in shuffle.
    pub input: Option<InputPrint>,
}

impl Fingerprints {
    /// Reads the program (`std::env::current_exe`), the files `names` of `dir` and the source's input.
    pub fn gather(dir: &Path, names: &[&str], source: &DeckSource) -> Fingerprints {
        let binary = std::env::current_exe().map_err(|e| e.to_string()).and_then(|p| of_file(&p));
        let files = names.iter().map(|name| (name.to_string(), of_file(&dir.join(name)))).collect();
        let input = source.external().map(|external| match external {
            ExternalSource::Decks(p) if p.as_os_str() == "-" => InputPrint::Stdin,
            ExternalSource::Decks(p) => InputPrint::Decks { file: p.display().to_string(), sha256: of_file(p) },
            ExternalSource::Exec(c) => InputPrint::Exec { command: c.clone(), sha256: sha256_hex(c.as_bytes()) },
        });
        Fingerprints { binary, files, input }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_the_standard_vectors() {
        // FIPS 180-4's examples: the empty string and "abc".
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn files_and_inputs_are_read_from_disk() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("summary.csv"), b"abc").unwrap();
        let decks = dir.path().join("decks.txt");
        std::fs::write(&decks, b"").unwrap();
        let source = DeckSource::External(ExternalSource::Decks(decks.clone()));
        let prints = Fingerprints::gather(dir.path(), &["summary.csv", "missing.csv"], &source);
        assert_eq!(
            prints.files[0].1.as_deref(),
            Ok("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        );
        assert!(prints.files[1].1.is_err());
        let Some(InputPrint::Decks { sha256, .. }) = &prints.input else { panic!("a decks file") };
        assert_eq!(sha256.as_deref(), Ok("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        assert!(prints.binary.as_ref().is_ok_and(|h| h.len() == 64), "{:?}", prints.binary);
        let exec = DeckSource::External(ExternalSource::Exec("abc".into()));
        let prints = Fingerprints::gather(dir.path(), &[], &exec);
        assert_eq!(
            prints.input,
            Some(InputPrint::Exec {
                command: "abc".into(),
                sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".into()
            })
        );
    }
}
