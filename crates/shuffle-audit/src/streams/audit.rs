//! A stream audit: a machine's events or draws counted as they are read, their tests made one family under
//! Holm's procedure and judged by the run's thresholds, as `run` and `logs` judge theirs. A stream holding an
//! event no machine could give is BROKEN, its first such events named; so is one with nothing to test.

use crate::audit::stop::StopReason;
use crate::audit::verdict::{Thresholds, Verdict, holm_adjust};
use crate::cards::{Card, NameStyle, card_name};
use crate::game::scoreboard::{OutcomeCounts, Scoreboard, ScoreboardGame};
use crate::stats::LnP;
use crate::stats::stream::draws::DrawCounts;
use crate::stats::stream::{Event, Impossible, NotApplied, StreamCounts, StreamTest};

/// How many invalid events a report names (all are counted).
const EXAMPLES: usize = 10;

/// What is audited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamKind {
    /// A machine's events, `D CARD` / `R CARD`.
    Machine,
    /// Cards drawn with replacement.
    Draws,
    /// A live-dealer scoreboard: baccarat coups' winners or blackjack dealer results.
    Outcomes,
}

#[derive(Clone, Debug)]
enum Counts {
    Machine(Box<StreamCounts>),
    Draws(DrawCounts),
    Outcomes(OutcomeCounts),
}

/// Counts a stream as it is read.
#[derive(Clone, Debug)]
pub struct StreamAudit {
    counts: Counts,
    events: u64,
    invalid: u64,
    examples: Vec<(u64, String)>,
}

impl StreamAudit {
    /// A machine of `copies` copies of `faces` faces, every card inside.
    pub fn machine(faces: usize, copies: usize) -> Self {
        StreamAudit::of(Counts::Machine(Box::new(StreamCounts::new(faces, copies))))
    }

    /// Draws of `faces` faces with replacement.
    pub fn draws(faces: usize) -> Self {
        StreamAudit::of(Counts::Draws(DrawCounts::new(faces)))
    }

    /// A scoreboard of `board`'s game, against its exact odds.
    pub fn outcomes(board: Scoreboard) -> Self {
        StreamAudit::of(Counts::Outcomes(OutcomeCounts::new(board)))
    }

    fn of(counts: Counts) -> Self {
        StreamAudit { counts, events: 0, invalid: 0, examples: Vec::new() }
    }

    /// Events (draws) read, valid or not.
    pub fn read(&self) -> u64 {
        self.events
    }

    /// Takes one event, read at `line`.
    pub fn event(&mut self, line: u64, event: Event) {
        self.events += 1;
        let Counts::Machine(counts) = &mut self.counts else { return };
        if let Err(why) = counts.add(event) {
            self.invalid += 1;
            if self.examples.len() < EXAMPLES {
                let n = counts.faces();
                let copies = counts.copies();
                let what = match why {
                    Impossible::DealtNoneInside(c) => {
                        format!("{} is dealt with none of its {copies} inside", card_name(c, n, NameStyle::Symbol))
                    }
                    Impossible::ReturnedNoneOut(c) => {
                        format!("{} is returned with all {copies} inside already", card_name(c, n, NameStyle::Symbol))
                    }
                };
                self.examples.push((line, what));
            }
        }
    }

    /// Takes one hand's outcome (an index into the scoreboard's outcomes).
    pub fn outcome(&mut self, outcome: usize) {
        self.events += 1;
        if let Counts::Outcomes(c) = &mut self.counts {
            c.add(outcome);
        }
    }

    /// Takes one draw.
    pub fn draw(&mut self, face: Card) {
        self.events += 1;
        if let Counts::Draws(d) = &mut self.counts {
            d.add(face);
        }
    }

    /// The report of what was read: `stopped` when a signal or a time limit ended the reading early.
    pub fn report(&self, thresholds: &Thresholds, stopped: Option<StopReason>) -> StreamReport {
        let (kind, faces, copies, (tests, not_applied), dealt, returned) = match &self.counts {
            Counts::Machine(c) => (StreamKind::Machine, c.faces(), c.copies(), c.tests(), c.dealt(), c.returned()),
            Counts::Draws(d) => (StreamKind::Draws, d.faces(), 1, d.tests(), d.draws(), 0),
            Counts::Outcomes(c) => (StreamKind::Outcomes, c.board().names.len(), 1, c.tests(), c.hands(), 0),
        };
        let scoreboard = match &self.counts {
            Counts::Outcomes(c) => Some(c.board().game),
            Counts::Machine(_) | Counts::Draws(_) => None,
        };
        let adjusted = holm_adjust(&tests.iter().map(|t| Some(t.family_ln_p())).collect::<Vec<_>>());
        let tests: Vec<StreamRow> = tests
            .into_iter()
            .zip(adjusted)
            .map(|(test, adj)| {
                let ln_p_adjusted = adj.unwrap_or(0.0);
                StreamRow { verdict: thresholds.verdict(ln_p_adjusted), ln_p_adjusted, test }
            })
            .collect();
        let ln_p_family = tests.iter().map(|t| t.ln_p_adjusted).fold(0.0, f64::min);
        let broken = if self.events == 0 {
            Some(match kind {
                StreamKind::Machine => "the stream holds no event".to_string(),
                StreamKind::Draws => "the file holds no draw".to_string(),
                StreamKind::Outcomes => match scoreboard {
                    Some(ScoreboardGame::Blackjack { .. }) => "the file holds no round".to_string(),
                    Some(ScoreboardGame::Baccarat { .. }) | None => "the file holds no coup".to_string(),
                },
            })
        } else if self.invalid > 0 {
            let (line, what) = &self.examples[0];
            Some(format!(
                "{} of {} events no machine could give (the first, line {line}: {what})",
                self.invalid, self.events
            ))
        } else {
            None
        };
        let verdict = if broken.is_some() { Verdict::Broken } else { thresholds.verdict(ln_p_family) };
        StreamReport {
            kind,
            scoreboard,
            faces,
            copies,
            events: self.events,
            dealt,
            returned,
            invalid: self.invalid,
            examples: self.examples.clone(),
            tests,
            not_applied,
            ln_p_family,
            verdict,
            broken,
            stopped,
        }
    }
}

/// One test, Holm-adjusted over the stream's family.
#[derive(Clone, Debug)]
pub struct StreamRow {
    pub test: StreamTest,
    pub ln_p_adjusted: LnP,
    pub verdict: Verdict,
}

/// What a stream audit found.
#[derive(Clone, Debug)]
pub struct StreamReport {
    pub kind: StreamKind,
    /// The scoreboard's game, for [`StreamKind::Outcomes`].
    pub scoreboard: Option<ScoreboardGame>,
    pub faces: usize,
    pub copies: usize,
    /// Lines' events (draws) read, dealt and returned cards (draws: `dealt` is the draws).
    pub events: u64,
    pub dealt: u64,
    pub returned: u64,
    pub invalid: u64,
    /// The first invalid events: their line (event number for a simulated machine) and what is wrong.
    pub examples: Vec<(u64, String)>,
    pub tests: Vec<StreamRow>,
    pub not_applied: Vec<NotApplied>,
    pub ln_p_family: LnP,
    pub verdict: Verdict,
    pub broken: Option<String>,
    pub stopped: Option<StopReason>,
}

impl StreamReport {
    /// The test that decided the verdict: the smallest adjusted p.
    pub fn decisive(&self) -> Option<&StreamRow> {
        self.tests.iter().min_by(|a, b| a.ln_p_adjusted.total_cmp(&b.ln_p_adjusted))
    }
}
