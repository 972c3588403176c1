//! `lab.pdf`: the lab page printed by a headless Chromium, as a user would print it (`--print-to-pdf`, no header
//! or footer), with a time limit so that a browser that hangs cannot hang the run. The browser runs in a process
//! group of its own, which is ended with it (on time-out, on a stop request, and once it has exited: Chromium's
//! helper processes can outlive it and hold its stderr open), and its messages are waited for only as long as
//! the time limit leaves. The browser is `$CHROMIUM`,
//! else the first of `chromium`, `chromium-browser`, `google-chrome` on `PATH`. The PDF is printed beside the
//! page under a temporary name, checked (it starts with `%PDF`), then renamed into place.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::audit::StopFlag;

/// The browser's process group, which it leads.
struct Group(u32);

impl Group {
    /// Ends the group (the browser and whatever it started) with SIGKILL, and reaps the browser.
    fn end(&self, child: &mut std::process::Child) {
        #[cfg(unix)]
        if let Ok(pid) = libc::pid_t::try_from(self.0) {
            // SAFETY: kill(2) on the group our own child leads (it cannot have been reused while the child is
            // not yet reaped, and it is reaped only below).
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// The environment variable that names the browser.
pub const BROWSER_ENV: &str = "CHROMIUM";

/// The browsers looked for on `PATH`, in order.
const BROWSERS: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];

/// How long the browser may take to print the page.
pub const TIME_LIMIT: Duration = Duration::from_secs(120);

/// Why `lab.pdf` was not printed: each says what is missing and how to get it.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error(
        "no browser to print lab.pdf: set {BROWSER_ENV} to Chromium's path, or install one (apt-get install chromium) \
         so that chromium, chromium-browser or google-chrome is on PATH"
    )]
    NoBrowser,
    #[error("{BROWSER_ENV}={0}: no such program (install Chromium: apt-get install chromium)")]
    NotFound(String),
    #[error("cannot start {browser}: {cause}")]
    Start { browser: String, cause: std::io::Error },
    #[error("{browser} did not print lab.pdf within {} s and was stopped", .limit.as_secs_f64())]
    Timeout { browser: String, limit: Duration },
    #[error("printing lab.pdf was stopped ({0}) and {1} ended")]
    Stopped(String, String),
    #[error("{browser} failed to print lab.pdf ({status}){}", stderr_tail(.stderr))]
    Failed { browser: String, status: String, stderr: String },
    #[error("{browser} wrote no PDF: {what}")]
    NotPdf { browser: String, what: String },
    #[error("cannot put lab.pdf in place: {0}")]
    Io(#[from] std::io::Error),
}

fn stderr_tail(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    match lines.len() {
        0 => String::new(),
        n => format!(": {}", lines[n.saturating_sub(3)..].join(" | ")),
    }
}

/// The browser to print with: `$CHROMIUM` when set, else the first of the usual names on `PATH`.
pub fn find_browser() -> Result<PathBuf, PdfError> {
    if let Some(named) = std::env::var_os(BROWSER_ENV).filter(|v| !v.is_empty()) {
        let path = PathBuf::from(&named);
        if path.components().count() > 1 {
            return if path.is_file() { Ok(path) } else { Err(PdfError::NotFound(path.display().to_string())) };
        }
        return on_path(&path.to_string_lossy()).ok_or_else(|| PdfError::NotFound(path.display().to_string()));
    }
    BROWSERS.iter().find_map(|name| on_path(name)).ok_or(PdfError::NoBrowser)
}

/// `name` in a folder of `PATH`, when it is an executable file there.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(p: &Path) -> bool {
    p.is_file()
}

/// Prints `html` (an absolute or relative path to the page) to `pdf` with `browser`, in a fresh profile folder,
/// within [`TIME_LIMIT`] and until `stop` is set, and checks that the result is a PDF. Returns the PDF's size in
/// bytes.
pub fn print_pdf(browser: &Path, html: &Path, pdf: &Path, stop: &StopFlag) -> Result<u64, PdfError> {
    print_pdf_within(browser, html, pdf, stop, TIME_LIMIT)
}

/// [`print_pdf`] with another time limit (the tests' short one).
fn print_pdf_within(
    browser: &Path,
    html: &Path,
    pdf: &Path,
    stop: &StopFlag,
    limit: Duration,
) -> Result<u64, PdfError> {
    let name = browser.display().to_string();
    let html = std::fs::canonicalize(html)?;
    let dir = pdf.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let profile = tempfile::Builder::new().prefix("lab-browser-").tempdir()?;
    let tmp = tempfile::Builder::new().prefix(".lab.pdf.").suffix(".tmp").tempfile_in(dir)?.into_temp_path();
    let mut url = String::from("file://");
    url.push_str(&html.to_string_lossy());
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--print-to-pdf={}", tmp.display()))
        .arg(&url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|cause| PdfError::Start { browser: name.clone(), cause })?;
    let group = Group(child.id());
    // The browser's messages are read on a thread of their own, so that a full pipe cannot stall it; they come
    // back through a channel, waited for with a time limit.
    let mut pipe = child.stderr.take();
    let (sender, messages) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(p) = pipe.as_mut() {
            let _ = std::io::Read::read_to_string(p, &mut text);
        }
        let _ = sender.send(text);
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if let Some(reason) = stop.requested() {
            group.end(&mut child);
            return Err(PdfError::Stopped(reason.label().to_string(), name));
        }
        if start.elapsed() > limit {
            group.end(&mut child);
            return Err(PdfError::Timeout { browser: name, limit });
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Whatever the browser left running is ended with it; its messages are then complete, or given up on after
    // a second.
    group.end(&mut child);
    let stderr = messages.recv_timeout(Duration::from_secs(1)).unwrap_or_default();
    if !status.success() {
        return Err(PdfError::Failed { browser: name, status: status.to_string(), stderr });
    }
    let bytes = std::fs::read(&tmp)?;
    if bytes.is_empty() {
        return Err(PdfError::NotPdf { browser: name, what: format!("lab.pdf is empty{}", stderr_tail(&stderr)) });
    }
    if !bytes.starts_with(b"%PDF") {
        return Err(PdfError::NotPdf { browser: name, what: "lab.pdf does not start with %PDF".into() });
    }
    // The temporary file is private to its owner; the PDF is read like the page it was printed from.
    std::fs::set_permissions(&tmp, std::fs::metadata(&html)?.permissions())?;
    tmp.persist(pdf).map_err(|e| PdfError::Io(e.error))?;
    Ok(bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_that_is_not_there_is_named_with_how_to_install_one() {
        let e = PdfError::NotFound("/nowhere/chromium".into()).to_string();
        assert!(e.contains("/nowhere/chromium") && e.contains("apt-get install chromium"), "{e}");
        assert!(PdfError::NoBrowser.to_string().contains("apt-get install chromium"));
    }

    #[test]
    #[cfg(unix)]
    fn a_browser_that_prints_no_pdf_is_caught() {
        let dir = tempfile::tempdir().unwrap();
        let html = dir.path().join("lab.html");
        std::fs::write(&html, "<p>page</p>").unwrap();
        let pdf = dir.path().join("lab.pdf");
        // `true` prints nothing and succeeds; `false` fails.
        let stop = StopFlag::new();
        let e = print_pdf(Path::new("/bin/true"), &html, &pdf, &stop).unwrap_err();
        assert!(matches!(e, PdfError::NotPdf { .. }), "{e}");
        let e = print_pdf(Path::new("/bin/false"), &html, &pdf, &stop).unwrap_err();
        assert!(matches!(e, PdfError::Failed { .. }), "{e}");
        assert!(!pdf.exists(), "no lab.pdf is left behind");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers, [std::ffi::OsString::from("lab.html")], "temporary files are removed");
    }

    /// A browser that hangs is stopped at the time limit, one whose helper keeps its stderr open after it
    /// printed is not waited for, and a stop request ends the wait at once; before, the last two waited for
    /// ever.
    #[test]
    #[cfg(unix)]
    fn a_browser_that_hangs_or_leaves_a_helper_behind_is_not_waited_for() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let html = dir.path().join("lab.html");
        std::fs::write(&html, "<p>page</p>").unwrap();
        let fake = |name: &str, body: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path
        };
        // Writes the PDF named by --print-to-pdf=, leaves a helper holding stderr, and exits.
        let printer = fake(
            "printer",
            r#"for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4\n' > "${a#--print-to-pdf=}";; esac; done
sleep 600 &
exit 0"#,
        );
        let hangs = fake("hangs", "exec sleep 600");
        let stop = StopFlag::new();
        let pdf = dir.path().join("lab.pdf");
        let start = Instant::now();
        assert_eq!(print_pdf_within(&printer, &html, &pdf, &stop, Duration::from_secs(30)).unwrap(), 9);
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
        let start = Instant::now();
        let e = print_pdf_within(&hangs, &html, &pdf, &stop, Duration::from_millis(300)).unwrap_err();
        assert!(matches!(e, PdfError::Timeout { .. }) && e.to_string().contains("within 0.3 s"), "{e}");
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
        stop.request(crate::audit::StopReason::Terminate);
        let start = Instant::now();
        let e = print_pdf_within(&hangs, &html, &pdf, &stop, Duration::from_secs(30)).unwrap_err();
        assert!(matches!(e, PdfError::Stopped(..)), "{e}");
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    }
}
