//! Tests of a card stream: the events of a continuous shuffling machine (a card dealt, a card returned to the
//! machine), tested against the ideal machine, whose every dealt card is uniform over the cards inside it.
//!
//! The stream's state is what is inside the machine, face by face ([`Inside`]): every card starts inside, a dealt
//! card leaves, a returned one comes back. Under the ideal machine each dealt face `f` has the known probability
//! `i_f / I` given what is inside (`i_f` its copies inside, `I` all cards inside), so every test below compares
//! what was dealt with a sum of known conditional laws, whatever the machine's history:
//!
//! - **return latency** (`return-latency`, [`latency`]): the dealt cards of the round after a return that are of a
//!   face just returned, against the sum of their Bernoulli probabilities (Poisson-binomial, saddlepoint tails in
//!   log space), two-sided. A machine that holds a returned card back for a round or two deals none of them;
//! - **count correlation** (`count-lag1`, `count-lag2`, [`count`]): a counting system's count of a round's
//!   returned cards (Hi-Lo) against the next rounds' dealt cards, each dealt card's tag less its expectation given
//!   what is inside: a martingale, normal by its central limit. A machine that leaks its discards gives the
//!   counter an edge, said in words;
//! - **guess** (`stream-guess`, [`guess`]): a player with complete feedback guesses the face with the most copies
//!   inside that were not just returned; hits against the sum of their probabilities `i_g / I`, upper tail;
//! - **faces** and **serial pairs** (`stream-faces`, `stream-pairs`, [`faces`]): each face's deals, and each
//!   face's deals right after each other, against their summed conditional expectations, Pearson's χ².
//!
//! A stream that deals a face none of whose copies is inside, or returns one none of whose copies is out, is not
//! a machine's: such events are invalid, counted and named, and make the stream BROKEN.

pub mod count;
pub mod draws;
pub mod faces;
pub mod guess;
pub mod latency;

use crate::cards::Card;
use crate::stats::LnP;

/// One event of a machine's stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card of this face was dealt from the machine (`D CARD`).
    Dealt(Card),
    /// A card of this face went back into the machine (`R CARD`).
    Returned(Card),
}

/// A stream test's identity: its name in the reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StreamTestId {
    ReturnLatency,
    CountLag1,
    CountLag2,
    Guess,
    Faces,
    Pairs,
    DrawFaces,
    DrawPairs,
    DrawGaps,
    DrawResolution,
    OutcomeOdds,
    OutcomeRuns,
    OutcomePairs,
}

impl StreamTestId {
    /// The name the reports and `--tests`-like lists give it.
    pub fn name(self) -> &'static str {
        match self {
            StreamTestId::ReturnLatency => "return-latency",
            StreamTestId::CountLag1 => "count-lag1",
            StreamTestId::CountLag2 => "count-lag2",
            StreamTestId::Guess => "stream-guess",
            StreamTestId::Faces => "stream-faces",
            StreamTestId::Pairs => "stream-pairs",
            StreamTestId::DrawFaces => "draw-faces",
            StreamTestId::DrawPairs => "draw-pairs",
            StreamTestId::DrawGaps => "draw-gaps",
            StreamTestId::DrawResolution => "draw-resolution",
            StreamTestId::OutcomeOdds => "outcome-odds",
            StreamTestId::OutcomeRuns => "outcome-runs",
            StreamTestId::OutcomePairs => "outcome-pairs",
        }
    }
}

impl std::fmt::Display for StreamTestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a stream test found, as numbers (the reports say it in words).
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// `return-latency`: of `dealt` cards dealt in the round after a return, `hits` were of a face just returned,
    /// where the ideal machine gives `expected`; `round` is the most common round (cards dealt between returns).
    Latency { dealt: u64, hits: u64, expected: f64, round: u64, copies: usize },
    /// `count-lag*`: the slope of the next rounds' dealt tags on the discards' count (per card, per count point),
    /// the correlation, a typical round's count spread, and the player's edge that spread implies (percent).
    Count { lag: u32, slope: f64, correlation: f64, spread: f64, edge: f64, rounds: u64 },
    /// `stream-guess`: hits of the guesser against the sum of their probabilities, over `guesses`.
    Guess { guesses: u64, hits: u64, expected: f64 },
    /// A face dealt (drawn) more or less often than expected.
    Face { face: Card, observed: f64, expected: f64 },
    /// `draw-faces` of few draws (fewer than 5 a face expected), its p from the exact multinomial law: the face
    /// furthest from its share; `bound` when the p is an upper bound (the observed value beyond the exact walk's
    /// budget).
    FaceExact { face: Card, observed: f64, expected: f64, draws: u64, bound: bool },
    /// A face dealt (drawn) right after another more or less often than expected.
    Pair { first: Card, second: Card, observed: f64, expected: f64 },
    /// `draw-gaps`: the gap between two draws of one face, in a class of lengths, against the geometric law.
    Gap { from: u64, to: Option<u64>, observed: f64, expected: f64 },
    /// `draw-resolution`: the faces a coarse mapping (a `bits`-bit number scaled or reduced to the faces) draws
    /// less often, their share observed, the mapping's share and the fair share.
    /// `explained`: the short faces' share is what the mapping gives (not far below it); when no mapping gives it,
    /// the deficit is the faces' own unevenness, not a coarse mapping, and the finding says so.
    Resolution {
        bits: u32,
        scaled: bool,
        short: Vec<Card>,
        observed: f64,
        mapping: f64,
        fair: f64,
        draws: u64,
        explained: bool,
    },
    /// `outcome-odds`: an outcome (banker, player, tie) won more or less often than the exact odds give.
    Outcome { outcome: &'static str, observed: f64, expected: f64 },
    /// `outcome-runs`: runs of banker and player wins among `decided` coups, against their conditional mean.
    Runs { runs: u64, expected: f64, decided: u64 },
    /// `outcome-pairs`: an outcome right after another, against independence given their counts.
    OutcomePair { first: &'static str, second: &'static str, observed: f64, expected: f64 },
}

/// A stream test's result: the statistic (χ², or z for the normal ones), df, the upper tail in logs and, for a
/// two-sided test, the lower tail too; and what it found.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamTest {
    pub id: StreamTestId,
    pub statistic: f64,
    pub df: f64,
    pub ln_p: LnP,
    pub ln_p_low: Option<LnP>,
    pub found: Found,
}

impl StreamTest {
    /// The p the family reads: the upper tail, or for a two-sided test `min(1, 2·min(upper, lower))`.
    pub fn family_ln_p(&self) -> LnP {
        match self.ln_p_low {
            None => self.ln_p,
            Some(low) => (self.ln_p.min(low) + std::f64::consts::LN_2).min(0.0),
        }
    }
}

/// Why a stream test did not apply.
#[derive(Clone, Debug, PartialEq)]
pub struct NotApplied {
    pub id: StreamTestId,
    pub why: String,
}

/// The fewest expected events a test's normal or χ² law needs.
pub const MIN_EXPECTED: f64 = 5.0;

/// What is inside the machine, face by face, and the Hi-Lo tags inside (for the count tests).
#[derive(Clone, Debug)]
pub struct Inside {
    pub faces: usize,
    pub copies: usize,
    /// Copies of each face inside.
    pub count: Vec<u32>,
    /// All cards inside.
    pub total: u32,
    /// Σ tag and Σ tag² over the cards inside.
    pub tags: i64,
    pub tags2: i64,
    /// Each face's tag.
    pub tag: Vec<i8>,
}

/// The Hi-Lo tag of a face of a `faces`-card deck: 2–6 count +1, 7–9 count 0, tens, faces and aces −1; jokers
/// and cards beyond 52 count 0.
pub fn hi_lo(face: Card, faces: usize) -> i8 {
    if face >= 52 || crate::cards::is_joker(face, faces) {
        return 0;
    }
    match face % 13 {
        1..=5 => 1,
        6..=8 => 0,
        _ => -1,
    }
}

impl Inside {
    /// A full machine: `copies` of each of `faces` faces.
    pub fn full(faces: usize, copies: usize) -> Self {
        let tag: Vec<i8> = (0..faces).map(|f| hi_lo(f as Card, faces)).collect();
        let k = copies as i64;
        Inside {
            faces,
            copies,
            count: vec![copies as u32; faces],
            total: (faces * copies) as u32,
            tags: tag.iter().map(|&t| i64::from(t) * k).sum(),
            tags2: tag.iter().map(|&t| i64::from(t) * i64::from(t) * k).sum(),
            tag,
        }
    }

    /// The expected tag of the next dealt card and its variance, given what is inside.
    pub fn tag_law(&self) -> (f64, f64) {
        let i = f64::from(self.total);
        let m = self.tags as f64 / i;
        (m, (self.tags2 as f64 / i - m * m).max(0.0))
    }

    fn take(&mut self, f: usize) {
        self.count[f] -= 1;
        self.total -= 1;
        let t = i64::from(self.tag[f]);
        self.tags -= t;
        self.tags2 -= t * t;
    }

    fn put(&mut self, f: usize) {
        self.count[f] += 1;
        self.total += 1;
        let t = i64::from(self.tag[f]);
        self.tags += t;
        self.tags2 += t * t;
    }
}

/// An event that no machine could give: where it was and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// A face dealt with none of its copies inside.
    DealtNoneInside(Card),
    /// A face returned with none of its copies out.
    ReturnedNoneOut(Card),
}

/// The counts of a stream, event by event: the state inside, the rounds, and each test's accumulator.
#[derive(Clone, Debug)]
pub struct StreamCounts {
    inside: Inside,
    dealt: u64,
    returned: u64,
    /// The last event was a return (a batch of returns is forming).
    returning: bool,
    /// The faces of the batch of returns being formed.
    batch: Vec<Card>,
    /// Dealt cards since the last batch (the current round), and the rounds' lengths (the last bucket: longer).
    round_len: u64,
    round_lengths: Vec<u64>,
    latency: latency::Latency,
    count: count::CountCorrelation,
    guess: guess::Guesser,
    faces: faces::FaceCounts,
}

impl StreamCounts {
    /// Nothing counted: a machine of `copies` copies of `faces` faces (2..=1024 faces), every card inside.
    pub fn new(faces: usize, copies: usize) -> Self {
        StreamCounts {
            inside: Inside::full(faces, copies),
            dealt: 0,
            returned: 0,
            returning: false,
            batch: Vec::new(),
            round_len: 0,
            round_lengths: vec![0; 1025],
            latency: latency::Latency::new(faces),
            count: count::CountCorrelation::new(faces),
            guess: guess::Guesser::new(faces),
            faces: faces::FaceCounts::new(faces),
        }
    }

    pub fn faces(&self) -> usize {
        self.inside.faces
    }

    pub fn copies(&self) -> usize {
        self.inside.copies
    }

    pub fn dealt(&self) -> u64 {
        self.dealt
    }

    pub fn returned(&self) -> u64 {
        self.returned
    }

    /// The most common round: cards dealt between two batches of returns (0 before any).
    pub fn typical_round(&self) -> u64 {
        let mut best = (0u64, 0u64);
        for (len, &k) in self.round_lengths.iter().enumerate().skip(1) {
            if k > best.1 {
                best = (len as u64, k);
            }
        }
        best.0
    }

    /// Counts one event; an event no machine could give is refused (and not counted).
    pub fn add(&mut self, event: Event) -> Result<(), Impossible> {
        match event {
            Event::Dealt(face) => {
                let f = usize::from(face);
                if self.inside.count[f] == 0 {
                    return Err(Impossible::DealtNoneInside(face));
                }
                if self.returning {
                    self.close_batch();
                }
                self.latency.dealt(&self.inside, f);
                self.count.dealt(&self.inside, f);
                self.guess.dealt(&self.inside, f);
                self.faces.dealt(&self.inside, f);
                self.inside.take(f);
                self.latency.after_take(f);
                self.dealt += 1;
                self.round_len += 1;
                Ok(())
            }
            Event::Returned(face) => {
                let f = usize::from(face);
                if self.inside.count[f] as usize >= self.inside.copies {
                    return Err(Impossible::ReturnedNoneOut(face));
                }
                if !self.returning {
                    self.returning = true;
                    let last = self.round_lengths.len() - 1;
                    self.round_lengths[(self.round_len as usize).min(last)] += 1;
                    self.round_len = 0;
                }
                self.inside.put(f);
                self.latency.after_put(f);
                self.batch.push(face);
                self.returned += 1;
                Ok(())
            }
        }
    }

    /// A batch of returns is complete (the first card dealt after it): it becomes the just-returned cards.
    fn close_batch(&mut self) {
        self.returning = false;
        self.latency.new_batch(&self.inside, &self.batch);
        self.count.new_batch(&self.inside, &self.batch);
        self.guess.new_batch(&self.batch);
        self.batch.clear();
    }

    /// The tests that apply, and why the others do not.
    pub fn tests(&self) -> (Vec<StreamTest>, Vec<NotApplied>) {
        let mut done = Vec::new();
        let mut not = Vec::new();
        let results = [
            self.latency.test(self.typical_round(), self.inside.copies),
            self.count.test(1),
            self.count.test(2),
            self.guess.test(),
            self.faces.faces_test(),
            self.faces.pairs_test(),
        ];
        for r in results {
            match r {
                Ok(t) => done.push(t),
                Err(n) => not.push(n),
            }
        }
        (done, not)
    }
}

/// `ln P(S ≤ t)` for a sum of independent Bernoulli variables given as `(p, count)` groups: the upper tail of the
/// reflected sum of the complements.
pub fn bernoulli_sum_ln_cdf(groups: &[(f64, u64)], t: u64) -> LnP {
    use crate::stats::distributions::saddlepoint::bernoulli_sum_ln_sf;
    let n: u64 = groups.iter().map(|g| g.1).sum();
    if t >= n {
        return 0.0;
    }
    let reflected: Vec<(f64, u64)> = groups.iter().map(|&(p, c)| (1.0 - p, c)).collect();
    bernoulli_sum_ln_sf(&reflected, n - t)
}

/// Groups of Bernoulli probabilities `a / b` (small integers), counted as they come: their law is then
/// summed per group, whatever the length of the stream.
#[derive(Clone, Debug, Default)]
pub struct RatioGroups {
    groups: std::collections::HashMap<(u32, u32), u64>,
}

impl RatioGroups {
    pub fn add(&mut self, a: u32, b: u32) {
        *self.groups.entry((a, b)).or_default() += 1;
    }

    /// The groups as `(p, count)`, in a fixed order (so results do not depend on the map's).
    pub fn groups(&self) -> Vec<(f64, u64)> {
        let mut keys: Vec<_> = self.groups.iter().map(|(&k, &c)| (k, c)).collect();
        keys.sort_unstable();
        keys.into_iter().map(|((a, b), c)| (f64::from(a) / f64::from(b), c)).collect()
    }

    /// Σ p and Σ p(1 − p).
    pub fn moments(&self) -> (f64, f64) {
        self.groups().iter().fold((0.0, 0.0), |(m, v), &(p, c)| (m + c as f64 * p, v + c as f64 * p * (1.0 - p)))
    }

    pub fn trials(&self) -> u64 {
        self.groups.values().sum()
    }
}

#[cfg(test)]
mod tests;
