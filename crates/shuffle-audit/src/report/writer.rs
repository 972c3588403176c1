//! The one place that writes report files.
//!
//! A command's output folder is written whole or not at all. [`OutDir::prepare`] makes a fresh hidden folder
//! beside the target `DIR` (`.DIR.tmp-<pid>-<nonce>`) before any work starts, which also proves the location
//! writable; the command writes every file into it ([`write_all`]); and [`OutDir::commit`] replaces `DIR` by it in
//! one rename. So `DIR` always holds exactly one complete run: a crash (SIGKILL, a full disk) leaves the earlier
//! run in place, two runs into one `DIR` leave the files of one of them, and files an earlier run wrote but this
//! one does not (`seat_counts.csv` of a deal) go with the earlier run. A folder that was never committed is
//! removed when its [`OutDir`] is dropped; one left by a process that died is removed by the next run into the
//! same `DIR`, once that process is known to have ended (never a live run's).
//!
//! On Linux the replacement is `renameat2(RENAME_EXCHANGE)`, which swaps the two folders atomically; the earlier
//! run, now under the hidden name, is removed afterwards. Where the file system refuses the exchange, and on
//! other systems, `DIR` is renamed aside and the new folder into its place (two renames: for an instant there is
//! no `DIR`, but never a mixed one).
//!
//! What may be replaced: a `DIR` that does not exist, an empty folder, or a folder that holds only what this tool
//! writes (the names of [`REPORT_FILES`], in it or in its sub-folders, which are `compare`'s and the gate's
//! per-run folders). A file, a symbolic link to a file, or a folder holding anything else is refused, before any
//! work starts, with an error naming what is in the way: `--out ~/Documents` must never delete a user's data. A
//! mount point is refused too: nothing can be renamed over it (write into a folder inside it instead). A symbolic
//! link to a folder stays a link: the folder it points to is replaced.
//!
//! Single files outside such a folder (states, checkpoints, the gate's `--junit` and `--json`) are written with
//! [`write_atomic`]: a temporary file of an unpredictable name beside them, created exclusively and never
//! through a symbolic link, then a rename.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why a report, a state or a checkpoint could not be written: what was being done, naming the file or folder,
/// and the cause the system gave, as its [`source`](std::error::Error::source). Shown with its causes (`{:#}` of
/// an `anyhow::Error`, or [`WriteError::chain`]) it reads `cannot write run.json: No space left on device`.
#[derive(Debug)]
pub struct WriteError {
    what: String,
    cause: Option<Box<dyn std::error::Error + Send + Sync + 'static>>,
}

impl WriteError {
    /// An error of its own, without a cause.
    pub fn msg(what: impl Into<String>) -> Self {
        WriteError { what: what.into(), cause: None }
    }

    /// The message followed by each cause, separated by `: `.
    pub fn chain(&self) -> String {
        let mut out = self.what.clone();
        let mut next = std::error::Error::source(self);
        while let Some(cause) = next {
            out.push_str(": ");
            out.push_str(&cause.to_string());
            next = cause.source();
        }
        out
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_deref().map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// What was being done when a result failed, as the cause's context.
pub(crate) trait Context<T> {
    /// The error, if any, as the cause of a [`WriteError`] that says `what` was being done.
    fn with_context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T, WriteError>;
}

impl<T, E: Into<Box<dyn std::error::Error + Send + Sync + 'static>>> Context<T> for Result<T, E> {
    fn with_context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T, WriteError> {
        self.map_err(|e| WriteError { what: what().into(), cause: Some(e.into()) })
    }
}

/// Returns a [`WriteError`] of the formatted message.
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err(WriteError::msg(format!($($arg)*)))
    };
}

/// Every file name the tool writes into an output folder. A folder that holds only these (and folders of them)
/// is a report folder, which a later run may replace; [`write_all`] writes no other name.
pub(crate) const REPORT_FILES: &[&str] = &[
    "summary.csv",
    "counts.csv",
    "summary.md",
    "run.json",
    "report.html",
    "seat_counts.csv",
    // `run --samples`.
    "samples.csv",
    "second_level.csv",
    "position-card.svg",
    "adjacency.svg",
    "progressive.csv",
    "progressive.svg",
    "heatmaps.svg",
    "calibration.csv",
    "family.csv",
    "p_values.csv",
    "sweep.csv",
    "sweep.svg",
    // `exact --algorithm riffle --table`.
    "riffle.csv",
    // The Chinese page of `compare`, which `scripts/make-reports.sh --gallery` copies into reports/gallery/compare.
    "report.zh.html",
    // The state of an interrupted run or a shard, beside its reports.
    "run.state",
    // `exact --algorithm`: the exact matrix, its heatmap and the best guess at each position.
    "exact.csv",
    "exact.svg",
    "guess.csv",
    // `run --samples S`: each sample's tests, and the second level.
    "samples.csv",
    "second_level.csv",
    // `run --lab`: the lab page and its printout.
    "lab.html",
    "lab.pdf",
    // `run --stream`, `--draws`, `-a csm`: the stream audit.
    "stream.json",
    "stream.csv",
    // `logs`: the log audit.
    "logs.json",
    "logs.csv",
];

/// How deep [`OutDir`] looks for files it did not write: `DIR/run-…/summary.csv` is depth 1.
const MAX_DEPTH: usize = 2;

/// A command's output folder, being written: files go to [`OutDir::path`], and [`OutDir::commit`] puts them in
/// place of the target in one step. Dropped without a commit, the folder is removed and the target is untouched.
#[derive(Debug)]
pub struct OutDir {
    /// The folder as the user named it, for messages.
    target: PathBuf,
    /// The folder that is replaced: the target, or where it points when it is a symbolic link.
    place: PathBuf,
    /// The hidden folder beside `place` that the files are written to.
    tmp: PathBuf,
    committed: bool,
}

impl OutDir {
    /// Creates `dir`'s parent, checks that `dir` may be replaced, removes the hidden folders that runs into `dir`
    /// which have ended left behind, and makes this run's hidden folder. Errors name `dir`.
    pub fn prepare(dir: &Path) -> Result<OutDir, WriteError> {
        let place = resolve(dir)?;
        let (parent, name) = parent_and_name(&place)?;
        create_parent(&parent, dir)?;
        check_replaceable(&place, dir)?;
        remove_stale(&parent, &name);
        let tmp = make_tmp(&parent, &name).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(OutDir { target: dir.to_path_buf(), place, tmp, committed: false })
    }

    /// Where the files go until [`OutDir::commit`].
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// The folder this run replaces, as it was named.
    pub fn dir(&self) -> &Path {
        &self.target
    }

    /// Runs `write` on [`OutDir::path`] and names the target in its error: the files of `DIR` are written in a
    /// hidden folder, whose name would only confuse.
    pub fn write<T, E>(&self, write: impl FnOnce(&Path) -> Result<T, E>) -> Result<T, WriteError>
    where
        E: Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
    {
        write(&self.tmp).with_context(|| format!("cannot write the reports to {}", self.target.display()))
    }

    /// Makes `dir` the folder this run replaces, before the commit: the default folder of decks read from
    /// elsewhere is named after their deck size, known only once the first deck has been read.
    pub fn retarget(&mut self, dir: &Path) -> Result<(), WriteError> {
        if dir == self.target {
            return Ok(());
        }
        let place = resolve(dir)?;
        let (parent, name) = parent_and_name(&place)?;
        create_parent(&parent, dir)?;
        check_replaceable(&place, dir)?;
        remove_stale(&parent, &name);
        let tmp = parent.join(tmp_name(&name));
        fs::rename(&self.tmp, &tmp).with_context(|| format!("cannot create {}", dir.display()))?;
        *self = OutDir { target: dir.to_path_buf(), place, tmp, committed: false };
        Ok(())
    }

    /// Replaces the target by the files written, in one step, and returns the target's name. The target is
    /// checked again first: it may have changed since [`OutDir::prepare`].
    pub fn commit(mut self) -> Result<PathBuf, WriteError> {
        check_replaceable(&self.place, &self.target)?;
        replace(&self.tmp, &self.place).with_context(|| format!("cannot replace {}", self.target.display()))?;
        self.committed = true;
        Ok(self.target.clone())
    }
}

impl Drop for OutDir {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.tmp);
        }
    }
}

/// The folder to replace: `dir`, or where it points when it is a symbolic link, or its canonical form when it
/// has no name of its own (`.`, `..`).
fn resolve(dir: &Path) -> Result<PathBuf, WriteError> {
    let is_link = fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink());
    if is_link || dir.file_name().is_none() {
        return fs::canonicalize(dir).with_context(|| format!("cannot create {}", dir.display()));
    }
    Ok(dir.to_path_buf())
}

/// Creates the folder that holds `dir`; a file in its place is named as such.
fn create_parent(parent: &Path, dir: &Path) -> Result<(), WriteError> {
    if parent.exists() && !parent.is_dir() {
        bail!("cannot create {}: {} is not a folder", dir.display(), parent.display());
    }
    fs::create_dir_all(parent).with_context(|| format!("cannot create {}", dir.display()))
}

fn parent_and_name(place: &Path) -> Result<(PathBuf, String), WriteError> {
    let Some(name) = place.file_name() else { bail!("cannot replace {}: it has no name", place.display()) };
    let parent = match place.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((parent, name.to_string_lossy().into_owned()))
}

/// A new hidden name for a folder beside `name`: `.name.tmp-<pid>-<nonce>`.
fn tmp_name(name: &str) -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let nonce = nanos ^ COUNTER.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9E37_79B9);
    format!(".{name}.tmp-{}-{nonce:08x}", std::process::id())
}

fn make_tmp(parent: &Path, name: &str) -> io::Result<PathBuf> {
    loop {
        let tmp = parent.join(tmp_name(name));
        match fs::create_dir(&tmp) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            result => return result.map(|()| tmp),
        }
    }
}

/// Checks that `place` may be replaced: it does not exist, or it is a folder of report files only.
fn check_replaceable(place: &Path, target: &Path) -> Result<(), WriteError> {
    let meta = match fs::symlink_metadata(place) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        result => result.with_context(|| format!("cannot read {}", target.display()))?,
    };
    if !meta.is_dir() {
        bail!("{} exists and is not a folder", target.display());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (parent, _) = parent_and_name(place)?;
        if fs::metadata(&parent).is_ok_and(|p| p.dev() != meta.dev()) {
            bail!(
                "{} is a mount point, which cannot be replaced in one step: choose a folder inside it",
                target.display()
            );
        }
    }
    let mut foreign = Vec::new();
    foreign_entries(place, Path::new(""), 0, &mut foreign)
        .with_context(|| format!("cannot read {}", target.display()))?;
    if !foreign.is_empty() {
        let shown: Vec<String> = foreign.iter().take(3).map(|p| p.display().to_string()).collect();
        let more = if foreign.len() > 3 { format!(" and {} more", foreign.len() - 3) } else { String::new() };
        bail!(
            "{} holds files this tool did not write ({}{more}); a run replaces its whole output folder, so move them \
             away or choose another folder",
            target.display(),
            shown.join(", ")
        );
    }
    Ok(())
}

/// The entries under `dir` that are not report files or folders of them (at most [`MAX_DEPTH`] deep). What
/// vanishes while it is read (a concurrent run replacing the folder and removing the earlier one) is no obstacle.
fn foreign_entries(dir: &Path, rel: &Path, depth: usize, found: &mut Vec<PathBuf>) -> io::Result<()> {
    let gone = |e: &io::Error| e.kind() == io::ErrorKind::NotFound;
    let entries = match fs::read_dir(dir) {
        Err(e) if gone(&e) => return Ok(()),
        result => result?,
    };
    for entry in entries {
        let entry = entry?;
        let kind = match entry.file_type() {
            Err(e) if gone(&e) => continue,
            result => result?,
        };
        let name = entry.file_name();
        let ours = name.to_str().is_some_and(|n| REPORT_FILES.contains(&n));
        if kind.is_file() && ours {
            continue;
        }
        if kind.is_dir() && depth < MAX_DEPTH {
            foreign_entries(&entry.path(), &rel.join(&name), depth + 1, found)?;
            continue;
        }
        found.push(rel.join(&name));
    }
    Ok(())
}

/// Removes the hidden folders beside `name` whose process has ended (a crash, a SIGKILL); a running process's
/// folder is its own, and is left alone.
fn remove_stale(parent: &Path, name: &str) {
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether process `pid` may still be running: only "no such process" says it is not.
fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return true };
        if pid <= 0 {
            return true;
        }
        // SAFETY: signal 0 is not sent; kill only checks that the process exists.
        let status = unsafe { libc::kill(pid, 0) };
        status == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Puts the folder `tmp` in place of `place`, removing what `place` held.
#[cfg(target_os = "linux")]
fn replace(tmp: &Path, place: &Path) -> io::Result<()> {
    // Another run may create `place` between the two attempts; then it is exchanged like any earlier run.
    for _ in 0..3 {
        match exchange(tmp, place) {
            Ok(()) => {
                // `tmp` now holds the earlier run. Should removing it fail, the next run into `place` removes it.
                let _ = fs::remove_dir_all(tmp);
                return Ok(());
            }
            Err(e) if e.raw_os_error() == Some(libc::ENOENT) => {}
            Err(e) if e.raw_os_error() == Some(libc::EINVAL) => return two_renames(tmp, place),
            Err(e) => return Err(e),
        }
        match fs::rename(tmp, place) {
            Err(e) if matches!(e.raw_os_error(), Some(libc::EEXIST | libc::ENOTEMPTY)) => continue,
            result => return result,
        }
    }
    Err(io::Error::other("another process keeps replacing the folder"))
}

/// Puts the folder `tmp` in place of `place`, removing what `place` held.
#[cfg(not(target_os = "linux"))]
fn replace(tmp: &Path, place: &Path) -> io::Result<()> {
    two_renames(tmp, place)
}

/// Swaps two existing paths atomically (`renameat2(RENAME_EXCHANGE)`, Linux 3.15).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both paths are NUL-terminated strings that live across the call.
    let status =
        unsafe { libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), libc::RENAME_EXCHANGE) };
    if status == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// The replacement where the file system cannot exchange: `place` aside under a hidden name (which the next run
/// removes if this one dies here), `tmp` into its place, then the earlier run removed.
fn two_renames(tmp: &Path, place: &Path) -> io::Result<()> {
    let mut aside = tmp.as_os_str().to_owned();
    aside.push("-old");
    let aside = PathBuf::from(aside);
    let moved = match fs::rename(place, &aside) {
        Ok(()) => true,
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(e) => return Err(e),
    };
    if let Err(e) = fs::rename(tmp, place) {
        if moved {
            let _ = fs::rename(&aside, place);
        }
        return Err(e);
    }
    if moved {
        let _ = fs::remove_dir_all(&aside);
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically (a temporary file in the same folder, then a rename): for single files
/// outside an [`OutDir`] (a state, a checkpoint, the gate's `--junit` and `--json`).
///
/// The temporary file has an unpredictable name (`.NAME.<pid>.<16 hex digits>.tmp`) and is created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`: whatever someone who can write the folder put there (a symbolic link to a
/// file of the user's, a file of their own), it is never opened, only stepped around with another name. The
/// temporary files of this name left by processes that ended (a SIGKILL in the middle of a checkpoint) are
/// removed first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).with_context(|| format!("cannot create directory {}", dir.display()))?;
    let file_name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    remove_stale_files(dir, &file_name);
    let result = create_tmp_file(dir, &file_name).and_then(|(tmp, mut f)| {
        let written = f.write_all(bytes).and_then(|()| f.sync_all()).and_then(|()| fs::rename(&tmp, path));
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        written
    });
    result.with_context(|| format!("cannot write {}", path.display()))
}

/// A new temporary file beside `name`, created exclusively and never through a symbolic link; another name is
/// drawn when one is taken.
pub(crate) fn create_tmp_file(dir: &Path, name: &str) -> io::Result<(PathBuf, fs::File)> {
    use rand::Rng;
    use std::os::unix::fs::OpenOptionsExt;
    let mut rng = rand::rng();
    let mut last = None;
    for _ in 0..64 {
        let tmp = dir.join(format!(".{name}.{}.{:016x}.tmp", std::process::id(), rng.next_u64()));
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// The pid in the name of a temporary file [`write_atomic`] makes beside `name`: `.NAME.<pid>.<16 hex>.tmp`,
/// or `.NAME.<pid>.tmp` of the versions before it. `None` for any other name.
fn tmp_file_pid(file_name: &str, name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?.strip_prefix(name)?.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (pid, nonce) = match rest.split_once('.') {
        Some((pid, nonce)) => (pid, Some(nonce)),
        None => (rest, None),
    };
    let digits = |s: &str, hex: bool| {
        !s.is_empty() && s.bytes().all(|b| if hex { b.is_ascii_hexdigit() } else { b.is_ascii_digit() })
    };
    if !digits(pid, false) || nonce.is_some_and(|n| n.len() != 16 || !digits(n, true)) {
        return None;
    }
    pid.parse().ok()
}

/// Removes the temporary files beside `name` that processes which have ended left (a checkpoint of tens of
/// megabytes each): only names of [`tmp_file_pid`]'s pattern, only regular files (never a link, which is not
/// followed either), never a live process's.
pub(crate) fn remove_stale_files(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name.to_str().and_then(|n| tmp_file_pid(n, name)) else { continue };
        // `file_type` does not follow symbolic links.
        if entry.file_type().is_ok_and(|t| t.is_file()) && pid != std::process::id() && !process_alive(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The checkpoints of one run to one state file: the duplicate-deck window in a file of its own beside it
/// (`<state>.window`), written when it changes (while the run's first 2^20 decks fill it, then never again), and
/// the state, which names the window file and its SHA-256, every time. A checkpoint then rewrites a few hundred
/// kilobytes, not the 40 MiB of a full window. [`CheckpointFile::finish`] writes the state whole and removes the
/// window file: the state a run ends with is one file, as every state `merge` is given can be.
pub struct CheckpointFile {
    path: PathBuf,
    window_name: String,
    written: std::sync::Mutex<Option<crate::audit::WrittenWindow>>,
}

impl CheckpointFile {
    pub fn new(path: &Path) -> Self {
        let name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_else(|| "run.state".into());
        CheckpointFile { path: path.to_path_buf(), window_name: format!("{name}.window"), written: Default::default() }
    }

    /// The window file's path.
    pub fn window_path(&self) -> PathBuf {
        self.path.with_file_name(&self.window_name)
    }

    /// Writes a checkpoint: the window file first when it has changed, then the state that names it (so that
    /// the state on disk always names a window file that holds what it says).
    pub fn checkpoint(&self, state: &crate::audit::RunState) -> Result<(), WriteError> {
        let mut written = self.written.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let parts = state.encode_checkpoint(&self.window_name, written.as_ref());
        if let Some((bytes, window)) = parts.window {
            write_atomic(&self.window_path(), &bytes)?;
            *written = Some(window);
        }
        write_atomic(&self.path, &parts.state)
    }

    /// Writes the state whole (its window inside it) and removes the window file of the checkpoints.
    pub fn finish(&self, bytes: &[u8]) -> Result<(), WriteError> {
        write_atomic(&self.path, bytes)?;
        match fs::remove_file(self.window_path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(WriteError {
                what: format!("cannot remove {}", self.window_path().display()),
                cause: Some(Box::new(e)),
            }),
            _ => Ok(()),
        }
    }
}

/// Writes several named files (names of `REPORT_FILES`) into `dir`, a folder inside an [`OutDir`]'s path,
/// which makes them visible all at once: each file is written in place.
pub fn write_all(dir: &Path, files: &[(&str, Vec<u8>)]) -> Result<(), WriteError> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, bytes) in files {
        debug_assert!(REPORT_FILES.contains(name), "{name} is missing from REPORT_FILES");
        write_file(&dir.join(name), bytes).with_context(|| format!("cannot write {name}"))?;
    }
    Ok(())
}

/// Creates `path` with `bytes`, on disk before it returns (a crash after the commit must not leave empty files).
fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    fn run_into(dir: &Path, contents: &[(&str, &str)]) -> Result<PathBuf, WriteError> {
        let out = OutDir::prepare(dir)?;
        let files: Vec<(&str, Vec<u8>)> = contents.iter().map(|(n, c)| (*n, c.as_bytes().to_vec())).collect();
        out.write(|p| write_all(p, &files))?;
        out.commit()
    }

    #[test]
    fn a_run_replaces_the_whole_folder_and_leaves_no_temporary_one() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("reports").join("run");
        run_into(&dir, &[("summary.csv", "one"), ("seat_counts.csv", "seats")]).unwrap();
        assert_eq!(files(&dir), ["seat_counts.csv", "summary.csv"]);
        run_into(&dir, &[("summary.csv", "two")]).unwrap();
        assert_eq!(files(&dir), ["summary.csv"]);
        assert_eq!(fs::read_to_string(dir.join("summary.csv")).unwrap(), "two");
        assert_eq!(files(&root.path().join("reports")), ["run"]);
    }

    #[test]
    fn an_uncommitted_folder_is_removed_and_the_target_untouched() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("run");
        run_into(&dir, &[("summary.csv", "one")]).unwrap();
        let out = OutDir::prepare(&dir).unwrap();
        write_all(out.path(), &[("summary.csv", b"two".to_vec())]).unwrap();
        assert!(out.path().exists());
        drop(out);
        assert_eq!(files(root.path()), ["run"]);
        assert_eq!(fs::read_to_string(dir.join("summary.csv")).unwrap(), "one");
    }

    #[test]
    fn folders_of_ended_processes_are_removed_and_live_ones_kept() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("run");
        // A process that has ended (and been waited for) does not exist any more.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = root.path().join(format!(".run.tmp-{dead}-0000abcd"));
        fs::create_dir_all(stale.join("sub")).unwrap();
        // The parent of this test is alive: its folder is a concurrent run's.
        let live = root.path().join(format!(".run.tmp-{}-0000abcd", std::os::unix::process::parent_id()));
        fs::create_dir(&live).unwrap();
        let other = root.path().join(format!(".other.tmp-{dead}-0000abcd"));
        fs::create_dir(&other).unwrap();
        run_into(&dir, &[("summary.csv", "one")]).unwrap();
        assert!(!stale.exists());
        assert!(live.exists());
        assert!(other.exists(), "only the hidden folders of this target are looked at");
    }

    #[test]
    fn a_folder_with_other_files_or_a_file_is_refused_before_any_work() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("mine");
        fs::create_dir_all(dir.join("run-x")).unwrap();
        fs::write(dir.join("run-x").join("summary.csv"), "old").unwrap();
        fs::write(dir.join("notes.txt"), "keep me").unwrap();
        let e = format!("{:#}", OutDir::prepare(&dir).unwrap_err());
        assert!(e.contains("notes.txt") && e.contains("did not write"), "{e}");
        assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "keep me");
        assert_eq!(files(root.path()), ["mine"], "no temporary folder");
        let file = root.path().join("file");
        fs::write(&file, "x").unwrap();
        assert!(format!("{:#}", OutDir::prepare(&file).unwrap_err()).contains("not a folder"));
        let e = format!("{:#}", OutDir::prepare(&file.join("sub")).unwrap_err());
        assert!(e.starts_with(&format!("cannot create {}", file.join("sub").display())), "{e}");
        // A folder of report folders (compare's, the gate's) and an empty folder may be replaced.
        fs::remove_file(dir.join("notes.txt")).unwrap();
        run_into(&dir, &[("summary.csv", "new")]).unwrap();
        assert_eq!(files(&dir), ["summary.csv"]);
        let empty = root.path().join("empty");
        fs::create_dir(&empty).unwrap();
        run_into(&empty, &[("run.json", "{}")]).unwrap();
        assert_eq!(files(&empty), ["run.json"]);
    }

    #[test]
    fn a_temporary_file_is_never_opened_through_a_link_and_stale_ones_are_removed() {
        let root = tempfile::tempdir().unwrap();
        let (victim, path) = (root.path().join("victim"), root.path().join("s.state"));
        fs::write(&victim, "keep").unwrap();
        // A link at the name the earlier scheme gave this process's temporary file.
        let planted = root.path().join(format!(".s.state.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert!(fs::symlink_metadata(&path).unwrap().is_file());
        // What processes that ended left: their temporary files go; links, folders, live processes' files and
        // other names stay.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let at = |n: String| root.path().join(n);
        let stale = [at(format!(".s.state.{dead}.0123456789abcdef.tmp")), at(format!(".s.state.{dead}.tmp"))];
        let link = at(format!(".s.state.{dead}.fedcba9876543210.tmp"));
        let folder = at(format!(".s.state.{dead}.00000000000000aa.tmp"));
        let live = at(format!(".s.state.{}.0000000000000001.tmp", std::os::unix::process::parent_id()));
        let others = [
            at(format!(".t.state.{dead}.tmp")),
            at(format!(".s.state.{dead}.xyz.tmp")),
            at(format!(".s.state.{dead}.tmp.bak")),
            at(format!("s.state.{dead}.tmp")),
        ];
        for f in stale.iter().chain(&others).chain([&live]) {
            fs::write(f, "x").unwrap();
        }
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        fs::create_dir(&folder).unwrap();
        write_atomic(&path, b"again").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "again");
        for f in &stale {
            assert!(!f.exists(), "{} is left", f.display());
        }
        for f in others.iter().chain([&live, &folder, &planted]) {
            assert!(fs::symlink_metadata(f).is_ok(), "{} was removed", f.display());
        }
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep");
        let left = files(root.path()).into_iter().filter(|n| n.contains(&format!(".{}.", std::process::id())));
        assert_eq!(left.collect::<Vec<_>>(), [format!(".s.state.{}.tmp", std::process::id())], "only the link");
    }

    #[test]
    fn the_two_renames_replace_a_folder_too() {
        let root = tempfile::tempdir().unwrap();
        let (tmp, place) = (root.path().join(".d.tmp-1-0"), root.path().join("d"));
        for (dir, name) in [(&tmp, "new"), (&place, "old")] {
            fs::create_dir(dir).unwrap();
            fs::write(dir.join(name), "").unwrap();
        }
        two_renames(&tmp, &place).unwrap();
        assert_eq!(files(root.path()), ["d"]);
        assert_eq!(files(&place), ["new"]);
        fs::create_dir(&tmp).unwrap();
        fs::remove_dir_all(&place).unwrap();
        two_renames(&tmp, &place).unwrap();
        assert_eq!(files(root.path()), ["d"]);
    }

    #[test]
    fn a_symbolic_link_is_followed_and_a_folder_can_be_renamed_before_the_commit() {
        let root = tempfile::tempdir().unwrap();
        let real = root.path().join("real");
        run_into(&real, &[("summary.csv", "one")]).unwrap();
        let link = root.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        run_into(&link, &[("summary.csv", "two")]).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(real.join("summary.csv")).unwrap(), "two");
        let mut out = OutDir::prepare(&root.path().join("provisional")).unwrap();
        write_all(out.path(), &[("run.json", b"{}".to_vec())]).unwrap();
        out.retarget(&root.path().join("final")).unwrap();
        assert_eq!(out.commit().unwrap(), root.path().join("final"));
        assert_eq!(files(root.path()), ["final", "link", "real"]);
    }
}
