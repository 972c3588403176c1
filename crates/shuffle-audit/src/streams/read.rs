//! Reading a stream: `D CARD` (dealt) and `R CARD` (returned) a line for a machine's events, one or more cards a
//! line for draws, `#` comment lines and blank lines skipped; cards in any notation `--decks` reads (0-based
//! ids, `♠A`, `SA`, `AS`, `10h`, `黑桃A`, `#id`), an id of a shoe's copy read as its face (`id mod faces`). A line
//! that is none of these ends the reading with its number named; an event no machine could give (a face dealt
//! with none inside) is counted as invalid and named in the report. The stop flag is looked at every 4,096 lines.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use crate::audit::regular_file::open_regular;
use crate::audit::stop::{StopFlag, StopReason};
use crate::cards::{Card, parse_card};
use crate::game::baccarat::Outcome;
use crate::game::csm::{MachineSpec, SeededMachine};
use crate::game::dealer::DealerResult;
use crate::stats::stream::Event;
use crate::streams::audit::StreamAudit;

/// A line that cannot be read, or a file that cannot be opened: where and what.
#[derive(Debug, thiserror::Error)]
#[error("{}: {}{what}", file.display(), line.map_or(String::new(), |l| format!("line {l}: ")))]
pub struct StreamFileError {
    pub file: PathBuf,
    pub line: Option<u64>,
    pub what: String,
}

/// Reads card tokens as faces of `faces` cards, shoe ids (`0..faces·copies`) as their face.
#[derive(Clone, Copy, Debug)]
pub struct CardReader {
    pub faces: usize,
    pub copies: usize,
}

impl CardReader {
    /// The face a token names.
    pub fn face(&self, token: &str) -> Result<Card, String> {
        if token.bytes().all(|b| b.is_ascii_digit()) {
            let ids = self.faces * self.copies;
            return match token.parse::<usize>() {
                Ok(id) if id < ids => Ok((id % self.faces) as Card),
                _ => Err(format!("card id {token} is outside 0..{ids}")),
            };
        }
        parse_card(token, self.faces).map_err(|e| e.to_string())
    }
}

fn open(path: &Path) -> Result<BufReader<std::fs::File>, StreamFileError> {
    let (file, _) = open_regular(path).map_err(|e| StreamFileError {
        file: path.to_path_buf(),
        line: None,
        what: e.to_string(),
    })?;
    Ok(BufReader::with_capacity(1 << 16, file))
}

/// Reads each line of `path` into `take` (its number and text, comments and blank lines skipped); stops between
/// lines when `stop` is set; `progress` is told the lines read every 2^20.
fn each_line(
    path: &Path,
    stop: &StopFlag,
    mut progress: impl FnMut(u64),
    mut take: impl FnMut(u64, &str) -> Result<(), String>,
) -> Result<Option<StopReason>, StreamFileError> {
    let mut input = open(path)?;
    let mut buf = Vec::with_capacity(256);
    let mut line = 0u64;
    loop {
        if line.is_multiple_of(4096)
            && let Some(reason) = stop.requested()
        {
            return Ok(Some(reason));
        }
        buf.clear();
        let read = input.read_until(b'\n', &mut buf).map_err(|e| StreamFileError {
            file: path.to_path_buf(),
            line: Some(line + 1),
            what: e.to_string(),
        })?;
        if read == 0 {
            return Ok(stop.requested());
        }
        line += 1;
        if line.is_multiple_of(1 << 20) {
            progress(line);
        }
        let text = std::str::from_utf8(&buf).map_err(|e| StreamFileError {
            file: path.to_path_buf(),
            line: Some(line),
            what: format!("not UTF-8 (byte {})", e.valid_up_to() + 1),
        })?;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        take(line, text).map_err(|what| StreamFileError { file: path.to_path_buf(), line: Some(line), what })?;
    }
}

/// One event line: `D CARD` or `R CARD` (either case), then nothing or a `#` comment.
fn event(reader: &CardReader, text: &str) -> Result<Event, String> {
    let mut tokens = text.split_ascii_whitespace();
    let kind = tokens.next().unwrap_or_default();
    let Some(card) = tokens.next() else {
        return Err(format!("'{}' is not an event: D CARD (dealt) or R CARD (returned)", shorten(text)));
    };
    if let Some(extra) = tokens.next().filter(|t| !t.starts_with('#')) {
        return Err(format!("'{}' after the card: one event a line (a comment starts with #)", shorten(extra)));
    }
    let face = reader.face(card)?;
    match kind {
        "D" | "d" => Ok(Event::Dealt(face)),
        "R" | "r" => Ok(Event::Returned(face)),
        other => Err(format!("'{}' is not an event kind: D (dealt) or R (returned)", shorten(other))),
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 { s.to_string() } else { format!("{}…", s.chars().take(24).collect::<String>()) }
}

/// Reads a machine's events from `path` into `audit`.
pub fn read_stream(
    audit: &mut StreamAudit,
    path: &Path,
    reader: &CardReader,
    stop: &StopFlag,
    progress: impl FnMut(u64),
) -> Result<Option<StopReason>, StreamFileError> {
    each_line(path, stop, progress, |line, text| {
        audit.event(line, event(reader, text)?);
        Ok(())
    })
}

/// Reads draws (one or more cards a line, separated by spaces or commas) from `path` into `audit`.
pub fn read_draws(
    audit: &mut StreamAudit,
    path: &Path,
    reader: &CardReader,
    stop: &StopFlag,
    progress: impl FnMut(u64),
) -> Result<Option<StopReason>, StreamFileError> {
    each_line(path, stop, progress, |_, text| {
        for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            audit.draw(reader.face(token)?);
        }
        Ok(())
    })
}

/// One coup's winner: `B`, `P`, `T` (either case), `banker`, `player`, `tie`, or 庄, 闲, 和.
fn outcome(token: &str) -> Result<Outcome, String> {
    match token.to_ascii_lowercase().as_str() {
        "b" | "banker" | "庄" => Ok(Outcome::Banker),
        "p" | "player" | "闲" => Ok(Outcome::Player),
        "t" | "tie" | "和" => Ok(Outcome::Tie),
        _ => Err(format!("'{}' is not a coup's winner: B (banker), P (player) or T (tie)", shorten(token))),
    }
}

/// Reads baccarat coups' winners (one or more a line, separated by spaces or commas) from `path` into `audit`.
pub fn read_outcomes(
    audit: &mut StreamAudit,
    path: &Path,
    stop: &StopFlag,
    progress: impl FnMut(u64),
) -> Result<Option<StopReason>, StreamFileError> {
    each_line(path, stop, progress, |_, text| {
        for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            audit.outcome(outcome(token)? as usize);
        }
        Ok(())
    })
}

/// One blackjack round's dealer result: `17` … `21`, `BJ` or `BUST` (any case), then nothing or a `#` comment.
fn dealer_result(text: &str) -> Result<DealerResult, String> {
    let mut tokens = text.split_ascii_whitespace();
    let token = tokens.next().unwrap_or_default();
    if let Some(extra) = tokens.next().filter(|t| !t.starts_with('#')) {
        return Err(format!("'{}' after the result: one round a line (a comment starts with #)", shorten(extra)));
    }
    DealerResult::parse(token).ok_or_else(|| {
        format!("'{}' is not a dealer's final result: 17, 18, 19, 20, 21, BJ (a natural) or BUST", shorten(token))
    })
}

/// Reads blackjack rounds' dealer results (one a line) from `path` into `audit`.
pub fn read_dealer_results(
    audit: &mut StreamAudit,
    path: &Path,
    stop: &StopFlag,
    progress: impl FnMut(u64),
) -> Result<Option<StopReason>, StreamFileError> {
    each_line(path, stop, progress, |_, text| {
        audit.outcome(dealer_result(text)? as usize);
        Ok(())
    })
}

/// Runs a simulated machine (its generator seeded by `seed`) for `rounds` rounds into `audit`, events numbered from
/// 1; stops between rounds when `stop` is set; `progress` is told the rounds done every 4,096.
pub fn simulate(
    audit: &mut StreamAudit,
    spec: MachineSpec,
    rounds: u64,
    seed: u64,
    stop: &StopFlag,
    mut progress: impl FnMut(u64),
) -> Option<StopReason> {
    let mut machine = SeededMachine::new(spec, seed);
    let mut at = 0u64;
    for r in 0..rounds {
        if r.is_multiple_of(4096) {
            if let Some(reason) = stop.requested() {
                return Some(reason);
            }
            progress(r);
        }
        machine.round(&mut |e| {
            at += 1;
            audit.event(at, e);
        });
    }
    stop.requested()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::verdict::Thresholds;
    use crate::game::dealer::DealerRule;
    use crate::game::scoreboard::Scoreboard;

    /// A stop requested while a scoreboard of dealer results is read (here by the progress callback at line
    /// 2^20, as Ctrl-C would) ends the reading at the next check, between lines, with what was read tested and
    /// the report marked stopped; a bad line names its number.
    #[test]
    fn a_stop_ends_a_dealer_scoreboard_between_lines_and_a_bad_line_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rounds.txt");
        let results = ["17", "bust", "20", "BJ", "19", "Bust", "18", "21", "20", "BUST"];
        let mut text = String::from("# dealer results\n");
        for i in 0..(1 << 20) + 5_000 {
            text.push_str(results[i % results.len()]);
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap();
        let mut audit = StreamAudit::outcomes(Scoreboard::blackjack(6, DealerRule::StandsSoft17));
        let stop = StopFlag::new();
        let stopped = read_dealer_results(&mut audit, &path, &stop, |_| stop.request(StopReason::Interrupt))
            .expect("every line is a result");
        assert_eq!(stopped, Some(StopReason::Interrupt));
        // Line 2^20 is the comment and 2^20 − 1 results; the check after it stops the reading.
        assert_eq!(audit.read(), (1 << 20) - 1);
        let report = audit.report(&Thresholds::DEFAULT, stopped);
        assert_eq!((report.stopped, report.tests.len()), (Some(StopReason::Interrupt), 3));

        std::fs::write(&path, "17\n\nbust # a comment\n22\n").unwrap();
        let mut audit = StreamAudit::outcomes(Scoreboard::blackjack(6, DealerRule::StandsSoft17));
        let err = read_dealer_results(&mut audit, &path, &StopFlag::new(), |_| {}).unwrap_err();
        assert_eq!(err.line, Some(4));
        assert!(err.what.starts_with("'22' is not a dealer's final result"), "{err}");
    }
}
