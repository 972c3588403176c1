//! `crack --exec 'PROG {seed}'`: a seeded dealer the tool does not know, run as the user's own program over a seed
//! range. Each seed's deck (the program's output: the cards in dealing order, ids or any names `--decks` reads)
//! is dealt by the game and kept when the seat sees what it saw. Programs run in parallel (one per thread, each
//! in a process group of its own, killed at its time limit or when the search stops); the first program that
//! fails or prints something that is not a deck ends the search, named by its seed; a stop (Ctrl-C, SIGTERM)
//! keeps the candidates found so far.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::audit::{Meter, StopFlag, StopReason};
use crate::cards::{Card, parse_card};
use crate::game::deal::{DealConfig, Group};

/// The placeholder a command is given its seed by.
pub const SEED_MARK: &str = "{seed}";

/// A search of a program's seeds: the command (with `{seed}`), the deal, the seat and its cards, the seeds.
#[derive(Clone, Debug)]
pub struct ExecSearch {
    pub command: String,
    pub deal: DealConfig,
    /// 0-based seat, its cards, and whether they are its first cards in dealing order.
    pub seat: usize,
    pub cards: Vec<Card>,
    pub ordered: bool,
    /// The seeds: ranges `(from, to)`, both ends included.
    pub ranges: Vec<(u64, u64)>,
    pub threads: usize,
    /// The longest one program may take.
    pub timeout: Duration,
}

/// A seed whose deck shows the seat its cards, and that deck's deal: each seat's cards, then the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecCandidate {
    pub seed: u64,
    pub seats: Vec<Vec<Card>>,
    pub bottom: Vec<Card>,
}

/// What a search found: its candidates (in seed order), the seeds run, the time, and why it ended early.
#[derive(Clone, Debug, Default)]
pub struct ExecOutcome {
    pub candidates: Vec<ExecCandidate>,
    pub searched: u64,
    pub seconds: f64,
    pub stopped: Option<StopReason>,
    /// The first program that failed, by its seed: what it did.
    pub failure: Option<(u64, String)>,
}

impl ExecSearch {
    /// Checks what a search needs before any program runs: `{seed}` in the command, a seat of the deal, cards of
    /// the deck, a range.
    pub fn validate(&self) -> Result<(), String> {
        if !self.command.contains(SEED_MARK) {
            return Err(format!("--exec: the command has no {SEED_MARK}, where each seed goes"));
        }
        if self.seat >= self.deal.players {
            return Err(format!("--seat: seat {} is beyond the {} players", self.seat + 1, self.deal.players));
        }
        if self.cards.is_empty() || self.cards.len() > self.deal.hand {
            return Err(format!("--cards: {} cards given, a seat holds 1..={}", self.cards.len(), self.deal.hand));
        }
        if self.ranges.is_empty() || self.ranges.iter().any(|(a, b)| a > b) {
            return Err("--seeds: the seed space is empty".to_string());
        }
        Ok(())
    }

    /// The seeds in the ranges.
    pub fn size(&self) -> u64 {
        self.ranges.iter().map(|(a, b)| (b - a).saturating_add(1)).fold(0, u64::saturating_add)
    }

    /// The k-th seed of the ranges.
    fn seed(&self, mut k: u64) -> u64 {
        for &(a, b) in &self.ranges {
            let n = (b - a).saturating_add(1);
            if k < n {
                return a + k;
            }
            k -= n;
        }
        unreachable!("k is below the size")
    }
}

/// The deck a program printed: every card of the deck once, in dealing order.
pub(crate) fn parse_deck(text: &str, n: usize) -> Result<Vec<Card>, String> {
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    let ids = tokens.first().is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit()));
    let mut seen = vec![false; n];
    let mut deck = Vec::with_capacity(n);
    for t in &tokens {
        let c = if ids {
            match t.parse::<usize>() {
                Ok(id) if id < n => id as Card,
                _ => return Err(format!("'{t}' is not a card id of a {n}-card deck")),
            }
        } else {
            parse_card(t, n).map_err(|e| e.to_string())?
        };
        if std::mem::replace(&mut seen[usize::from(c)], true) {
            return Err(format!("card '{t}' comes twice"));
        }
        deck.push(c);
    }
    if deck.len() != n {
        return Err(format!("{} cards printed, not the deck's {n}", deck.len()));
    }
    Ok(deck)
}

/// Runs `command` with `seed`, and reads its output: the program's standard output, or what went wrong.
fn run_one(command: &str, seed: u64, timeout: Duration, stop: &StopFlag) -> Result<Result<String, String>, ()> {
    let line = command.replace(SEED_MARK, &seed.to_string());
    let mut child = match Command::new("sh")
        .arg("-c")
        .arg(&line)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return Ok(Err(format!("`{line}` could not start ({e})"))),
    };
    let group = child.id() as i32;
    let kill = || {
        // SAFETY: a signal to the process group this search started.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    };
    // Read its output while it runs, so that a full pipe never blocks it.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => {
                kill();
                return Ok(Err(format!("`{line}` could not be waited for ({e})")));
            }
        }
        if stop.requested().is_some() {
            kill();
            let _ = child.wait();
            return Err(());
        }
        if started.elapsed() > timeout {
            kill();
            let _ = child.wait();
            return Ok(Err(format!("`{line}` ran longer than {:.0} s (--exec-timeout)", timeout.as_secs_f64())));
        }
        std::thread::sleep(Duration::from_micros(200));
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    if !status.success() {
        let tail = String::from_utf8_lossy(&stderr);
        let tail = tail.trim();
        let tail: String = tail.chars().rev().take(300).collect::<Vec<_>>().into_iter().rev().collect();
        return Ok(Err(format!(
            "`{line}` exited with {status}{}",
            if tail.is_empty() { String::new() } else { format!(": {tail}") }
        )));
    }
    Ok(String::from_utf8(stdout).map_err(|_| format!("`{line}` printed something that is not UTF-8 text")))
}

/// Runs the search: every seed of the range, `threads` programs at a time.
pub fn search(s: &ExecSearch, stop: &StopFlag, bar: &Meter) -> ExecOutcome {
    let started = Instant::now();
    let map = s.deal.seat_map();
    let seat_positions: Vec<usize> = map
        .groups
        .iter()
        .zip(&map.positions)
        .filter(|(g, _)| matches!(g, Group::Seat(_)))
        .nth(s.seat)
        .map(|(_, p)| p.clone())
        .unwrap_or_default();
    let next = AtomicU64::new(0);
    let searched = AtomicU64::new(0);
    let found: Mutex<Vec<ExecCandidate>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<(u64, String)>> = Mutex::new(None);
    let size = s.size();
    std::thread::scope(|scope| {
        for _ in 0..s.threads.max(1) {
            scope.spawn(|| {
                loop {
                    if stop.requested().is_some() || failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= size {
                        return;
                    }
                    let seed = s.seed(k);
                    let text = match run_one(&s.command, seed, s.timeout, stop) {
                        Err(()) => return,
                        Ok(Err(why)) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert((seed, why));
                            }
                            return;
                        }
                        Ok(Ok(text)) => text,
                    };
                    let deck = match parse_deck(&text, s.deal.deck) {
                        Ok(d) => d,
                        Err(why) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert((seed, format!("its output is not a deck: {why}")));
                            }
                            return;
                        }
                    };
                    let matches = if s.ordered {
                        s.cards.iter().zip(&seat_positions).all(|(&c, &p)| deck[p] == c)
                    } else {
                        s.cards.iter().all(|&c| seat_positions.iter().any(|&p| deck[p] == c))
                    };
                    if matches {
                        let mut seats = Vec::new();
                        let mut bottom = Vec::new();
                        for (g, pos) in map.groups.iter().zip(&map.positions) {
                            let cards: Vec<Card> = pos.iter().map(|&p| deck[p]).collect();
                            match g {
                                Group::Seat(_) => seats.push(cards),
                                Group::Bottom => bottom = cards,
                                Group::Undealt => {}
                            }
                        }
                        if let Ok(mut f) = found.lock() {
                            f.push(ExecCandidate { seed, seats, bottom });
                        }
                    }
                    searched.fetch_add(1, Ordering::Relaxed);
                    bar.inc(1);
                }
            });
        }
    });
    let mut candidates = found.into_inner().unwrap_or_default();
    candidates.sort_by_key(|c| c.seed);
    ExecOutcome {
        candidates,
        searched: searched.load(Ordering::Relaxed),
        seconds: started.elapsed().as_secs_f64(),
        stopped: stop.requested(),
        failure: failure.into_inner().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::DealShape;

    #[test]
    fn a_deck_is_every_card_once() {
        assert_eq!(parse_deck("2 0 1\n", 3), Ok(vec![2, 0, 1]));
        assert_eq!(parse_deck("♠2, ♠A ♠3", 3), Ok(vec![1, 0, 2]));
        assert!(parse_deck("0 1 1", 3).unwrap_err().contains("comes twice"));
        assert!(parse_deck("0 1", 3).unwrap_err().contains("2 cards printed, not the deck's 3"));
        assert!(parse_deck("0 1 7", 3).unwrap_err().contains("'7' is not a card id"));
    }

    /// A shell dealer whose deck is the identity rotated by the seed: seat 1 of a 4-seat round-robin deal of 8
    /// cards sees positions 0 and 4; the seeds that rotate ♠A and ♠5 there are found, and a failing program is
    /// named by its seed.
    #[test]
    fn a_programs_seeds_are_searched_and_a_failure_is_named() {
        let deal = DealConfig::new(Game::Custom, Some(8), DealShape::default()).unwrap();
        let command = "s={seed}; for i in 0 1 2 3 4 5 6 7; do echo $(( (i + s) % 8 )); done".to_string();
        let base = ExecSearch {
            command,
            deal,
            seat: 0,
            cards: vec![3, 7],
            ordered: true,
            ranges: vec![(0, 9), (10, 15)],
            threads: 2,
            timeout: Duration::from_secs(10),
        };
        base.validate().unwrap();
        let stop = StopFlag::new();
        let out = search(&base, &stop, &Meter::hidden());
        assert_eq!(out.candidates.iter().map(|c| c.seed).collect::<Vec<_>>(), [3, 11]);
        assert_eq!((out.searched, out.failure.clone()), (16, None));
        let bad = ExecSearch { command: "test {seed} -lt 5 && seq 0 7 || exit 3".into(), ..base.clone() };
        let out = search(&bad, &stop, &Meter::hidden());
        let (seed, why) = out.failure.unwrap();
        assert!(seed >= 5 && why.contains("exited with"), "{seed} {why}");
        let none = ExecSearch { command: "echo 1".into(), ..base };
        assert!(none.validate().unwrap_err().contains("{seed}"));
    }
}
