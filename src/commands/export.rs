//! `shuffle-audit export raw|bits|draws`: the bytes a generic battery reads, on standard output (unlimited by
//! default, for `| RNG_test stdin32`) or in a file with `manifest.json` beside it.
//!
//! Streaming rules, the same for the three: memory is one block of words; a reader that closes the pipe
//! (`| head -c 100`) ends the export quietly with status 0 (SIGPIPE is ignored here, so the write returns
//! `EPIPE`); another write error (a full disk) names the file, exit 2, and no manifest claims the file; the
//! first SIGINT or SIGTERM stops at the next block, flushes, and writes the manifest of what was written, marked
//! partial (status 130 or 143).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::cli::{
    BatteryFormat, DrawWords, ExportBitsArgs, ExportCommand, ExportDrawsArgs, ExportOutArgs, ExportRawArgs, RawWords,
};
use shuffle_audit::audit::input;
use shuffle_audit::audit::{NamedFile, RunRequest, check_not_input};
use shuffle_audit::bits::DrawSchedule;
use shuffle_audit::export::{
    self, BitsError, BitsExport, BitsSource, Ended, FileEntry, MANIFEST, Manifest, Sink, Target, Written,
};
use shuffle_audit::rng::RngKind;
use shuffle_audit::stats::{TestId, TestSelection};

pub fn run(args: crate::cli::ExportArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        ExportCommand::Raw(a) => raw(a),
        ExportCommand::Bits(a) => bits(*a),
        ExportCommand::Draws(a) => draws(a),
    }
}

/// Where an export goes, checked before any work.
struct Destination {
    target: Target,
    /// The manifest to write, and the file's name in it.
    manifest: Option<(PathBuf, String)>,
}

impl Destination {
    /// `--out FILE` (an amount is then required: `amount_flag` names it) or standard output, with
    /// `--manifest FILE` for the latter. Neither may be one of `inputs`; a file already at `--out` is replaced
    /// only when the manifest beside it lists it, or with `--force` (see `audit::output_file`).
    fn of(
        out: &ExportOutArgs,
        amount_given: bool,
        amount_flag: &str,
        inputs: &[NamedFile],
    ) -> anyhow::Result<Destination> {
        if out.force && out.out.is_none() {
            bail!("--force: applies to --out FILE only (standard output replaces nothing)");
        }
        match (&out.out, &out.manifest) {
            (Some(_), Some(_)) => {
                bail!("--manifest: with --out the manifest is written beside the file, as {MANIFEST}")
            }
            (Some(file), None) => {
                if !amount_given {
                    bail!(
                        "--out: an export to a file needs an amount ({amount_flag}): an unlimited one would fill the disk"
                    );
                }
                let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
                let Some(name) = name.filter(|n| n != MANIFEST) else {
                    bail!(
                        "--out: {} is not a file name this export can take (its manifest is {MANIFEST})",
                        file.display()
                    );
                };
                let checked = export::check_recorded_output(NamedFile::new("--out", file), inputs, out.force)?;
                // A device or a FIFO gets no manifest: its folder is not a place of exported files.
                let manifest = checked.place.records().then_some((checked.manifest, name));
                Ok(Destination { target: Target::File(file.clone()), manifest })
            }
            (None, _) if !amount_given && export::stdout_is_null() => bail!(
                "standard output is /dev/null (or closed): an export without an amount ({amount_flag}) would write \
                 into nothing for ever; give an amount, or pipe it into the battery"
            ),
            (None, manifest) => {
                if let Some(m) = manifest {
                    check_not_input(NamedFile::new("--manifest", m), inputs)?;
                }
                Ok(Destination {
                    target: Target::Stdout,
                    manifest: manifest.as_ref().map(|m| (m.clone(), "-".to_string())),
                })
            }
        }
    }

    /// The error of a failed write, naming the file. A regular file is replaced only when whole, so an earlier
    /// export of the same name is still there and its manifest entry still true; anything written in place (a
    /// link to a device) loses its entry, so that nothing claims it.
    fn failed(&self, e: export::SinkError) -> anyhow::Error {
        if let (Target::File(file), Some((manifest, name))) = (&self.target, &self.manifest)
            && !std::fs::metadata(file).is_ok_and(|m| m.is_file())
        {
            export::forget(manifest, name);
        }
        anyhow::anyhow!("{}: {e}", if matches!(self.target, Target::File(_)) { "--out" } else { "export" })
    }

    /// Refuses an export to a file that is bound to fail part-way: `bytes` more than its file system has free
    /// (`--bytes 2^62` would otherwise write until the disk is full). Standard output streams until its reader
    /// closes it, as generic batteries expect.
    fn check_room(&self, bytes: u64, amount_flag: &str) -> anyhow::Result<()> {
        let Target::File(file) = &self.target else { return Ok(()) };
        let dir = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        // The nearest folder that exists: the export makes the rest.
        let Some(existing) = dir.ancestors().find(|d| d.is_dir()) else { return Ok(()) };
        let Some(free) = free_bytes(existing) else { return Ok(()) };
        // What the file holds now is freed when it is replaced.
        let free = free.saturating_add(std::fs::metadata(file).map_or(0, |m| m.len()));
        if bytes > free {
            bail!(
                "{amount_flag}: the export to {} would write {bytes} bytes, and its file system has {free} free: it \
                 would stop part-way with a full disk; ask for less, or stream it into the battery through a pipe",
                file.display()
            );
        }
        Ok(())
    }

    fn open(&self) -> anyhow::Result<Sink> {
        let flag = if matches!(self.target, Target::File(_)) { "--out" } else { "standard output" };
        Sink::open(self.target.clone(), self.manifest.is_some()).map_err(|e| anyhow::anyhow!("{flag}: {e}"))
    }
}

/// The bytes free to an unprivileged writer on the file system of `dir` (`statvfs(3)`); `None` when unknown.
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: statvfs(3) with a NUL-terminated path and a zeroed struct it fills.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    Some((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
}

/// Before writing: a closed pipe must come back as `EPIPE` (the reader had enough), and a signal must stop the
/// export cleanly.
fn prepare_signals() {
    #[cfg(unix)]
    // SAFETY: setting SIGPIPE's disposition before any thread of this command starts; children started later
    // get the default back from the standard library's spawn.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    crate::signals::install();
}

/// The seed given, or one drawn from the operating system and printed; `true` when drawn.
fn seed_of(rng: RngKind, seed: Option<u64>) -> anyhow::Result<(u64, bool)> {
    match seed {
        Some(s) => {
            rng.check_seed(s)?;
            Ok((s, false))
        }
        None => {
            let s = super::os_seed(rng);
            eprintln!("seed: {s} (drawn from the operating system; pass --seed {s} to repeat this export)");
            Ok((s, true))
        }
    }
}

/// `--bytes N`: a multiple of 4.
fn words_of_bytes(bytes: Option<u64>) -> anyhow::Result<Option<u64>> {
    match bytes {
        Some(b) if b % 4 != 0 => bail!("--bytes: {b} is not a multiple of 4 (the output is 32-bit words)"),
        b => Ok(b.map(|b| b / 4)),
    }
}

/// What the battery's reader command is, for the message on stderr.
fn reader(format: BatteryFormat) -> &'static str {
    match format {
        BatteryFormat::Practrand => "RNG_test stdin32",
        BatteryFormat::Dieharder => "dieharder -g 200 -a",
        BatteryFormat::Testu01 => "a TestU01 harness reading 32-bit words from stdin",
    }
}

/// The end of an export: the manifest (unless the write failed, which is returned before), the summary on
/// stderr, and the exit status.
fn conclude(
    dest: &Destination,
    written: Written,
    ended: Ended,
    entry: impl FnOnce(u64, String, bool) -> FileEntry,
    summary: String,
) -> anyhow::Result<ExitCode> {
    let partial = ended != Ended::Done;
    if let Some((path, _)) = &dest.manifest {
        let binary = export::binary_sha256().context("cannot read the running executable to hash it")?;
        let sha = written.sha256.clone().expect("a sink with a manifest hashes");
        Manifest::record(path, binary, entry(written.bytes, sha, partial))
            .map_err(|e| anyhow::anyhow!("manifest: {e}"))?;
    }
    if ended != Ended::Closed {
        eprintln!("{summary}");
        if let Some((path, _)) = &dest.manifest {
            eprintln!("manifest: {}", path.display());
        }
    }
    Ok(match ended {
        Ended::Stopped(reason) => {
            eprintln!(
                "{}: the export stopped after {} bytes; the manifest says so (partial)",
                reason.label(),
                written.bytes
            );
            ExitCode::from(reason.exit_code())
        }
        Ended::Done | Ended::Closed => ExitCode::SUCCESS,
    })
}

fn raw(args: ExportRawArgs) -> anyhow::Result<ExitCode> {
    let words = words_of_bytes(args.bytes)?;
    let dest = Destination::of(&args.output, words.is_some(), "--bytes N", &[])?;
    if let Some(words) = words {
        dest.check_room(words.saturating_mul(4), "--bytes")?;
    }
    let (seed, drawn) = seed_of(args.rng, args.seed)?;
    let bits = args.rng.bits();
    let packed = args.words == RawWords::Packed;
    if !packed && bits < 32 {
        eprintln!(
            "warning: --words raw32: {} has {bits} valid bits; its words have {} zero top bits, which a battery \
             fails for the padding, not the generator (the default, packed, has none)",
            args.rng,
            32 - bits
        );
    }
    prepare_signals();
    let mut sink = dest.open()?;
    if matches!(dest.target, Target::Stdout) && std::io::IsTerminal::is_terminal(&std::io::stdout()) && words.is_none()
    {
        eprintln!(
            "note: writing binary to the terminal without end; pipe it into {} (Ctrl-C stops)",
            reader(args.format)
        );
    }
    let (count, ended) =
        export::raw(args.rng, seed, packed, words, &mut sink, &crate::signals::STOP).map_err(|e| dest.failed(e))?;
    let written = sink.finish().map_err(|e| dest.failed(e))?;
    let layout = if packed && bits < 32 {
        format!("packed: each output's {bits} bits, most significant first, in little-endian 32-bit words")
    } else {
        format!("one {bits}-bit output per little-endian 32-bit word")
    };
    let summary = format!(
        "export raw: {} {} words ({} bytes) of {} seed {seed}, {layout}; read with: {}",
        count,
        if packed { "packed" } else { "raw32" },
        written.bytes,
        args.rng,
        reader(args.format)
    );
    let rng = args.rng;
    conclude(
        &dest,
        written,
        ended,
        |bytes, sha256, partial| FileEntry {
            name: dest.manifest.as_ref().map(|m| m.1.clone()).unwrap_or_default(),
            bytes,
            sha256,
            kind: "raw".into(),
            generator: Some(rng.to_string()),
            seed: Some(seed),
            seeding: Some(super::seeding_of(rng)),
            algorithm: None,
            deck: None,
            layout,
            counts: BTreeMap::from([("words".to_string(), bytes / 4)]),
            input: None,
            partial,
            command: super::command_line(drawn.then_some(seed)),
        },
        summary,
    )
}

fn draws(args: ExportDrawsArgs) -> anyhow::Result<ExitCode> {
    let k = args.range;
    let schedule = match args.algorithm {
        Some(a) => {
            if args.count.is_some() {
                bail!("--count: with -a the amount is --shuffles N (the draws of range {k} each shuffle makes)");
            }
            let n = args.deck.unwrap_or(52);
            let s = DrawSchedule::of(a, n).map_err(|e| anyhow::anyhow!("-a: {e}"))?;
            if s.draws_of(k) == 0 {
                bail!("--range: {a} over {n} cards never draws r() % {k} (its ranges are {})", range_words(&s));
            }
            Some(s)
        }
        None => {
            for (given, flag) in [(args.deck.is_some(), "--deck"), (args.shuffles.is_some(), "--shuffles")] {
                if given {
                    bail!("{flag}: only applies with -a (the draws of a loop's shuffles)");
                }
            }
            None
        }
    };
    let (amount, amount_flag) =
        if schedule.is_some() { (args.shuffles, "--shuffles N") } else { (args.count, "--count N") };
    let dest = Destination::of(&args.output, amount.is_some(), amount_flag, &[])?;
    let (seed, drawn) = seed_of(args.rng, args.seed)?;
    prepare_signals();
    let mut sink = dest.open()?;
    let text = args.words == DrawWords::Text;
    let (count, shuffles, ended) =
        export::draws(args.rng, seed, k, schedule.as_ref(), amount, text, &mut sink, &crate::signals::STOP)
            .map_err(|e| dest.failed(e))?;
    let written = sink.finish().map_err(|e| dest.failed(e))?;
    let layout =
        if text { "one draw per line, decimal".to_string() } else { "one draw per little-endian 32-bit word".into() };
    let of = match args.algorithm {
        Some(a) => format!(" of {shuffles} {a} shuffles of {} cards", args.deck.unwrap_or(52)),
        None => String::new(),
    };
    let summary = format!("export draws: {count} draws r() % {k}{of} from {} seed {seed}, {layout}", args.rng);
    let rng = args.rng;
    let mut counts = BTreeMap::from([("draws".to_string(), count)]);
    if schedule.is_some() {
        counts.insert("shuffles".into(), shuffles);
    }
    // A closed pipe may have cut the last block: the draws counted are those made, the bytes those written.
    conclude(
        &dest,
        written,
        ended,
        |bytes, sha256, partial| FileEntry {
            name: dest.manifest.as_ref().map(|m| m.1.clone()).unwrap_or_default(),
            bytes,
            sha256,
            kind: "draws".into(),
            generator: Some(rng.to_string()),
            seed: Some(seed),
            seeding: Some(super::seeding_of(rng)),
            algorithm: args.algorithm.map(|a| a.to_string()),
            deck: args.algorithm.map(|_| args.deck.unwrap_or(52)),
            layout: format!("{layout}; range {k}"),
            counts,
            input: None,
            partial,
            command: super::command_line(drawn.then_some(seed)),
        },
        summary,
    )
}

/// `n, n−1, …, 2` of a schedule, shortened.
fn range_words(s: &DrawSchedule) -> String {
    let r = s.ranges();
    match (r.first(), r.last()) {
        (Some(a), Some(b)) if a != b => format!("{a} down to {b}"),
        (Some(a), _) => format!("{a} only"),
        _ => "none".into(),
    }
}

fn bits(args: ExportBitsArgs) -> anyhow::Result<ExitCode> {
    if let Some(k) = args.copies.filter(|&k| k > 1) {
        bail!(
            "--copies: {k} copies repeat every face, and a deck with repeated cards has no Lehmer rank onto 0..n!: \
             export bits takes decks of distinct cards"
        );
    }
    let words = words_of_bytes(args.bytes)?;
    let request = RunRequest {
        decks: args.decks.clone(),
        exec: args.exec.clone(),
        format: args.deck_format,
        base: args.base,
        deck: args.deck,
        shuffles: args.shuffles,
        tests: Some(TestSelection::only(&[TestId::PositionCard])),
        ..args.generator.request(args.algorithm, &args.post)
    };
    // A built-in source always has an amount (--shuffles, 1000000 by default); a file or a program, its end.
    let inputs: Vec<NamedFile> = args.decks.iter().map(|p| NamedFile::new("--decks", p)).collect();
    let dest = Destination::of(&args.output, true, "--bytes N", &inputs)?;
    let settings = super::validate(&request, "this export")?;
    let drawn = args.generator.seed.is_none();
    prepare_signals();
    let mut sink = dest.open()?;
    let stop = &crate::signals::STOP;
    let fail = |e: export::SinkError| dest.failed(e);
    let mut warn = |w: String| eprintln!("warning: {w}");
    let mut notify = |n: &input::Notice| eprintln!("{}", shuffle_audit::report::terminal(&n.to_string()));
    let exported = export::export_bits(&settings.plan, words, drawn, &mut sink, stop, &mut warn, &mut notify);
    let BitsExport { writer, source: entry_source, n } = match exported {
        Ok(exported) => exported,
        Err(BitsError::Sink(e)) => return Err(fail(e)),
        Err(BitsError::NoPermutation { algorithm, invalid }) => {
            // Nothing to rank: an empty file and a success would claim an export that never happened.
            if let Target::File(path) = &dest.target {
                drop(sink);
                let _ = std::fs::remove_file(path);
            }
            bail!(
                "-a: {algorithm} made no permutation ({invalid} of {invalid} outputs repeat a card): export bits ranks \
                 permutations, so there is nothing to write (`export draws` exports its draws)"
            );
        }
        Err(BitsError::Open { flag, error }) => {
            return Err(anyhow::Error::new(error).context(format!("{flag}: cannot read it")));
        }
        Err(BitsError::Audit { flag, message }) => bail!("{flag}: {message}"),
        Err(BitsError::Read { flag, message }) => bail!("{flag}: {}", shuffle_audit::report::terminal(&message)),
    };
    let lehmer = writer.lehmer().clone();
    let counts = writer.finish(&mut sink).map_err(fail)?;
    let written = sink.finish().map_err(fail)?;
    let ended = if written.closed { Ended::Closed } else { stop.requested().map_or(Ended::Done, Ended::Stopped) };
    let summary = format!(
        "export bits: {} decks read, {} kept, {} dropped (rank ≥ 2^{}); {} bits written in {} bytes{}; {:.0} decks per \
         GiB for {n} cards (keeps {:.1}%); read with: {}",
        counts.decks_read,
        counts.decks_kept,
        counts.decks_dropped,
        lehmer.bits(),
        counts.bits_written,
        written.bytes,
        if counts.bits_unwritten > 0 {
            format!(" ({} bits of the last kept decks, short of a word, not written)", counts.bits_unwritten)
        } else {
            String::new()
        },
        lehmer.decks_per_gib(),
        100.0 * lehmer.keep_probability(),
        reader(args.format)
    );
    let mut named = counts.named();
    named.insert("rank_bits".into(), u64::from(lehmer.bits()));
    named.insert("decks_per_gib".into(), lehmer.decks_per_gib().round() as u64);
    conclude(
        &dest,
        written,
        ended,
        |bytes, sha256, partial| {
            let (generator, seed, seeding, algorithm, input, drawn) = match entry_source {
                BitsSource::Builtin { rng, seed, drawn, algorithm } => (
                    Some(rng.to_string()),
                    Some(seed),
                    Some(format!(
                        "as run: chunk i of {} decks from {} of chunk_seed(seed, i)",
                        shuffle_audit::audit::CHUNK_SHUFFLES,
                        super::seeding_of(rng)
                    )),
                    Some(algorithm),
                    None,
                    drawn,
                ),
                BitsSource::External { input } => (None, None, None, None, Some(input), None),
            };
            FileEntry {
                name: dest.manifest.as_ref().map(|m| m.1.clone()).unwrap_or_default(),
                bytes,
                sha256,
                kind: "bits".into(),
                generator,
                seed,
                seeding,
                algorithm,
                deck: Some(n),
                layout: format!(
                    "each kept deck's Lehmer rank as {} bits, most significant first, in little-endian 32-bit words",
                    lehmer.bits()
                ),
                counts: named,
                input,
                partial,
                command: super::command_line(drawn),
            }
        },
        summary,
    )
}
