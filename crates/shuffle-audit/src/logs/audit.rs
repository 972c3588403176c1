//! A log audit: every deal read is checked whole (a card twice in one deal, a hand id seen before, invalid
//! deals), its always-seen views are counted by view, and the views' tests ([`crate::stats::views`]) make one
//! family under Holm's procedure, judged by the run's thresholds. Views seen only because of play (showdowns,
//! boards of hands that went on) are counted and reported, and tested only when the log holds every dealt card
//! (`complete`): a player's showdowns are the strong hands, and pooling them would blame the shuffle for play.
//! With a game, its hand laws on each view join the family ([`crate::game::view_laws`]).

use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};

use crate::audit::stop::StopReason;
use crate::audit::verdict::{Thresholds, Verdict, holm_adjust};
use crate::cards::{NameStyle, card_name};
use crate::game::view_laws::{GameViewCounts, ViewGame};
use crate::logs::model::{InvalidDeal, LogDeal, ReadDeal, Seen, ViewName};
use crate::stats::LnP;
use crate::stats::view_order::OrderCounts;
use crate::stats::views::{NotApplied, ViewCounts, ViewTest};

/// The share of invalid deals above which a log is BROKEN by default: a log that loses more than 1% of its
/// deals is not the log of the game it claims to be, and what is left may be a selection.
pub const MAX_INVALID_SHARE: f64 = 0.01;

/// How many invalid deals a report names (all are counted).
const EXAMPLES: usize = 10;

/// What an audit of logs needs: the deck (its faces, and the decks of a shoe), whether the log lists its views'
/// cards as they were dealt, whether it holds every dealt card, and the share of invalid deals it tolerates.
#[derive(Clone, Debug, PartialEq)]
pub struct LogSettings {
    pub deck: usize,
    /// Each face's copies in one deal (a shoe of K decks: K; one deck: 1).
    pub copies: usize,
    /// The views' cards are listed in dealing order (a dealing rule was declared): their order is tested
    /// (`view-order`). A `prefix` is in dealing order whatever this says.
    pub ordered: bool,
    /// The game whose hand laws the views are also tested against (斗地主's bombs and rocket, 斗牛's niu).
    pub game: Option<ViewGame>,
    pub complete: bool,
    pub max_invalid: f64,
}

/// Counts a log's deals as they are read.
#[derive(Clone, Debug)]
pub struct LogAudit {
    settings: LogSettings,
    views: BTreeMap<ViewName, ViewCounts>,
    /// The views listed in dealing order, by their order.
    order: BTreeMap<ViewName, OrderCounts>,
    /// The same views as the game counts them.
    game_views: BTreeMap<ViewName, GameViewCounts>,
    /// Views seen on play and not tested (a log that is not complete): their deals.
    on_play: BTreeMap<ViewName, u64>,
    deals: u64,
    invalid: u64,
    examples: Vec<InvalidDeal>,
    ids: HashSet<u64>,
    duplicate_ids: u64,
    /// Numeric hand ids: the last one, the gaps met (a jump of more than one), and the first.
    last_number: Option<u64>,
    gaps: u64,
    first_gap: Option<(u64, u64)>,
}

impl LogAudit {
    pub fn new(settings: LogSettings) -> Self {
        LogAudit {
            settings,
            views: BTreeMap::new(),
            order: BTreeMap::new(),
            game_views: BTreeMap::new(),
            on_play: BTreeMap::new(),
            deals: 0,
            invalid: 0,
            examples: Vec::new(),
            ids: HashSet::new(),
            duplicate_ids: 0,
            last_number: None,
            gaps: 0,
            first_gap: None,
        }
    }

    /// Deals read so far, valid or not.
    pub fn read(&self) -> u64 {
        self.deals + self.invalid
    }

    fn reject(&mut self, bad: InvalidDeal) {
        self.invalid += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(bad);
        }
    }

    /// Takes one deal as a reader gave it.
    pub fn add(&mut self, read: ReadDeal) {
        // Hand numbers advance with every deal read, valid or not: an invalid hand is not a missing one.
        let id = match &read {
            Ok(deal) => Some(deal.id.as_str()),
            Err(bad) => bad.id.as_deref(),
        };
        if let Some(number) = id.and_then(|i| i.parse::<u64>().ok()) {
            if let Some(last) = self.last_number
                && number > last + 1
            {
                self.gaps += 1;
                self.first_gap.get_or_insert((last, number));
            }
            self.last_number = Some(number);
        }
        match read {
            Ok(deal) => self.add_deal(deal),
            Err(bad) => self.reject(bad),
        }
    }

    fn add_deal(&mut self, deal: LogDeal) {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        deal.id.hash(&mut hasher);
        if !self.ids.insert(hasher.finish()) {
            self.duplicate_ids += 1;
            let why = format!("hand id {} was read before: not counted again", deal.id);
            return self.reject(InvalidDeal { id: Some(deal.id), line: deal.line, why });
        }
        // A card twice in one deal (within a view or across two) is not a deal of one deck; in a shoe of K decks,
        // a face K + 1 times is not a deal of that shoe.
        let (n, copies) = (self.settings.deck, self.settings.copies.max(1));
        let mut seen: Vec<(u64, u64)> = vec![(0, 0); n];
        for view in &deal.views {
            for &c in &view.cards {
                let Some((times, first)) = seen.get_mut(usize::from(c)) else {
                    let why = format!("line {}: card id {c} is not in a {n}-card deck", view.line);
                    return self.reject(InvalidDeal { id: Some(deal.id), line: deal.line, why });
                };
                *times += 1;
                if *times == 1 {
                    *first = view.line;
                } else if *times as usize > copies {
                    let name = card_name(c, n, NameStyle::Symbol);
                    let why = match (copies, *first == view.line) {
                        (1, true) => format!("line {}: card {name} is given twice", view.line),
                        (1, false) => format!("card {name} is given twice (lines {} and {})", first, view.line),
                        _ => format!("line {}: {name} is given {times} times, in a shoe of {copies} decks", view.line),
                    };
                    return self.reject(InvalidDeal { id: Some(deal.id), line: deal.line, why });
                }
            }
        }
        self.deals += 1;
        for view in deal.views {
            if view.seen == Seen::OnPlay && !self.settings.complete {
                *self.on_play.entry(view.name).or_default() += 1;
                continue;
            }
            self.views.entry(view.name).or_insert_with(|| ViewCounts::with_copies(n, copies)).add(&view.cards);
            if self.settings.ordered || view.name == ViewName::Prefix {
                self.order.entry(view.name).or_insert_with(|| OrderCounts::new(n, copies)).add(&view.cards);
            }
            if let Some(game) = self.settings.game {
                self.game_views.entry(view.name).or_insert_with(|| GameViewCounts::new(game)).add(&view.cards);
            }
        }
    }

    /// The report of what was read: `stopped` when a signal or a time limit ended the reading early.
    pub fn report(&self, thresholds: &Thresholds, stopped: Option<StopReason>) -> LogReport {
        let mut tests = Vec::new();
        let mut not_applied = Vec::new();
        for (&view, counts) in &self.views {
            let (done, not) = counts.tests();
            tests.extend(done.into_iter().map(|t| (view, t)));
            not_applied.extend(not.into_iter().map(|n| (view, n)));
            if let Some(order) = self.order.get(&view) {
                match order.test() {
                    Ok(t) => tests.push((view, t)),
                    Err(n) => not_applied.push((view, n)),
                }
            }
            if let Some(game) = self.game_views.get(&view) {
                let (done, not) = game.tests();
                tests.extend(done.into_iter().map(|t| (view, t)));
                not_applied.extend(not.into_iter().map(|n| (view, n)));
            }
        }
        let adjusted = holm_adjust(&tests.iter().map(|(_, t)| Some(t.family_ln_p())).collect::<Vec<_>>());
        let tests: Vec<LogTest> = tests
            .into_iter()
            .zip(adjusted)
            .map(|((view, test), adj)| {
                let ln_p_adjusted = adj.unwrap_or(0.0);
                LogTest { view, verdict: thresholds.verdict(ln_p_adjusted), ln_p_adjusted, test }
            })
            .collect();
        let ln_p_family = tests.iter().map(|t| t.ln_p_adjusted).fold(0.0, f64::min);
        let read = self.read();
        let share = if read == 0 { 0.0 } else { self.invalid as f64 / read as f64 };
        let broken = if read == 0 {
            Some("the log holds no deal".to_string())
        } else if share > self.settings.max_invalid {
            Some(format!(
                "{} of {read} deals are invalid ({:.1}%, more than the {}% tolerated)",
                self.invalid,
                100.0 * share,
                100.0 * self.settings.max_invalid
            ))
        } else {
            None
        };
        let verdict = if broken.is_some() { Verdict::Broken } else { thresholds.verdict(ln_p_family) };
        LogReport {
            deck: self.settings.deck,
            copies: self.settings.copies.max(1),
            complete: self.settings.complete,
            deals: self.deals,
            invalid: self.invalid,
            examples: self.examples.clone(),
            duplicate_ids: self.duplicate_ids,
            gaps: self.gaps,
            first_gap: self.first_gap,
            views: self.views.iter().map(|(v, c)| (v.label(), c.deals())).collect(),
            on_play: self.on_play.iter().map(|(v, d)| (v.label(), *d)).collect(),
            tests,
            not_applied,
            ln_p_family,
            verdict,
            broken,
            stopped,
        }
    }
}

/// One test of one view, Holm-adjusted over the log's family.
#[derive(Clone, Debug)]
pub struct LogTest {
    pub view: ViewName,
    pub test: ViewTest,
    pub ln_p_adjusted: LnP,
    pub verdict: Verdict,
}

/// What a log audit found.
#[derive(Clone, Debug)]
pub struct LogReport {
    pub deck: usize,
    /// Each face's copies in a deal (1: one deck).
    pub copies: usize,
    pub complete: bool,
    /// Valid deals counted, and invalid ones (with the first few named).
    pub deals: u64,
    pub invalid: u64,
    pub examples: Vec<InvalidDeal>,
    pub duplicate_ids: u64,
    /// Jumps in numeric hand ids (hands missing from the log, or another table's between).
    pub gaps: u64,
    pub first_gap: Option<(u64, u64)>,
    /// Views tested, with their deals; views seen on play and left out, with theirs.
    pub views: Vec<(String, u64)>,
    pub on_play: Vec<(String, u64)>,
    pub tests: Vec<LogTest>,
    pub not_applied: Vec<(ViewName, NotApplied)>,
    pub ln_p_family: LnP,
    pub verdict: Verdict,
    /// Why the log is BROKEN, when it is.
    pub broken: Option<String>,
    pub stopped: Option<StopReason>,
}

impl LogReport {
    /// The test that decided the verdict: the smallest adjusted p.
    pub fn decisive(&self) -> Option<&LogTest> {
        self.tests.iter().min_by(|a, b| a.ln_p_adjusted.total_cmp(&b.ln_p_adjusted))
    }
}
