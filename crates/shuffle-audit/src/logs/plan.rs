//! What a log of one view can show: for each known flaw, from its exact position-by-card matrix, how many deals
//! of the view its card-frequency test (`view-cards`) needs to FAIL with 99% power, beside the full decks the
//! position-by-card test needs. A view holds cards at known positions once a dealing rule is declared (斗地主's
//! blocks or round-robin, a hold'em seat's two hole cards), and a card's chance to be in it is the sum of its
//! chances at those positions: `p_j = Σ_{pos ∈ view} M[j][pos]`. The test's noncentrality per deal is then
//! `δ = Σ_j (p_j − m/N)² · (N−1) / (p(1−p)·N)` (its finite-population law, [`crate::stats::views`]), and a log
//! needs `λ/δ` deals, λ the noncentrality at which χ²(N−1) passes the FAIL threshold (Bonferroni over the
//! family, Holm's first step) with probability 0.99. The other view tests may find a flaw sooner; this is what
//! one test guarantees.

use crate::audit::exact::exact_request;
use crate::audit::source::{Builtin, DeckSource};
use crate::logs::model::ViewName;
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::exact::model::{ExactMatrix, exact_marginals};
use crate::stats::power::detection::chi2_critical_value;
use crate::stats::power::noncentrality_for_power;

/// The power a plan asks of a test.
pub const POWER: f64 = 0.99;

/// How a game's cards are dealt to its views (`--deal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealing {
    /// 斗地主 or 斗牛 in blocks: seat k gets cards (k−1)·H..k·H, then the bottom.
    Block,
    /// One card to each seat in turn: seat k gets cards k−1, k−1+P, …, then the bottom.
    RoundRobin,
    /// Hold'em: two rounds of one card to each of P seats from seat 1 (the small blind), then the board with a
    /// burn before the flop, the turn and the river.
    Holdem,
}

/// A table's dealing: how, to how many seats, how many cards each, and the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableDeal {
    pub dealing: Dealing,
    pub deck: usize,
    pub players: usize,
    pub hand: usize,
    pub bottom: usize,
}

impl TableDeal {
    /// The positions (0-based, in dealing order) a view takes, or why it has none under this rule.
    pub fn positions(&self, view: ViewName) -> Result<Vec<usize>, String> {
        let (p, h) = (self.players, self.hand);
        let seat = |k: u16| -> Result<usize, String> {
            let k = usize::from(k);
            if (1..=p).contains(&k) { Ok(k - 1) } else { Err(format!("seat{k} is not one of the {p} seats")) }
        };
        let positions = match (self.dealing, view) {
            (Dealing::Block, ViewName::Seat(k)) => (seat(k)? * h..(seat(k)? + 1) * h).collect(),
            (Dealing::RoundRobin, ViewName::Seat(k)) => {
                let first = seat(k)?;
                (0..h).map(|i| first + i * p).collect()
            }
            (Dealing::Block | Dealing::RoundRobin, ViewName::Bottom) if self.bottom > 0 => {
                (p * h..p * h + self.bottom).collect()
            }
            (Dealing::Holdem, ViewName::Seat(k)) => vec![seat(k)?, seat(k)? + p],
            (Dealing::Holdem, ViewName::Hole) => vec![0, p],
            (Dealing::Holdem, ViewName::Board) => {
                let b = 2 * p;
                vec![b + 1, b + 2, b + 3, b + 5, b + 7]
            }
            (_, other) => return Err(format!("{} has no fixed positions in this deal", other.label())),
        };
        let positions: Vec<usize> = positions;
        if positions.iter().any(|&x| x >= self.deck) {
            return Err(format!("{} goes beyond the {}-card deck", view.label(), self.deck));
        }
        Ok(positions)
    }
}

/// A known flaw a plan measures: a shuffle and the draws it makes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flaw {
    pub algorithm: AlgorithmKind,
    /// `None`: ideal draws; a generator: its `r() % m`.
    pub rng: Option<RngKind>,
}

impl Flaw {
    /// `naive-swap`, or `fisher-yates with msvc`.
    pub fn label(&self) -> String {
        match self.rng {
            None => self.algorithm.to_string(),
            Some(r) => format!("{} with {r}", self.algorithm),
        }
    }
}

/// The flaws of the catalogue whose exact law is known and quick on a table's deck: home-made loops with ideal
/// draws, and a correct loop on the draws of MSVC's 15-bit `rand() % m`.
pub const KNOWN_FLAWS: [Flaw; 5] = [
    Flaw { algorithm: AlgorithmKind::NaiveSwap, rng: None },
    Flaw { algorithm: AlgorithmKind::NaiveSwapOffByOne, rng: None },
    Flaw { algorithm: AlgorithmKind::Sattolo, rng: None },
    Flaw { algorithm: AlgorithmKind::FisherYatesForward, rng: Some(RngKind::Msvc) },
    Flaw { algorithm: AlgorithmKind::FisherYates, rng: Some(RngKind::Msvc) },
];

/// One flaw against one view: the per-deal noncentrality of `view-cards`, the deals it needs for 99% power at
/// FAIL, and the full decks `position-card` needs for the same (both `None` where the flaw does not move them).
#[derive(Clone, Debug, PartialEq)]
pub struct PlanRow {
    pub flaw: String,
    pub per_deal: f64,
    pub deals: Option<f64>,
    pub full_decks: Option<f64>,
}

/// The exact matrix of a flaw on `n` cards.
pub fn flaw_matrix(flaw: Flaw, n: usize) -> Result<ExactMatrix, String> {
    let rng = flaw.rng.unwrap_or(RngKind::Chacha8);
    let source = DeckSource::Builtin(Builtin::new(Algorithm::new(flaw.algorithm), rng, 0));
    let mut req = exact_request(&source, n).map_err(|e| e.reason)?;
    if flaw.rng.is_none() {
        req.bits = None;
    }
    exact_marginals(&req).map_err(|e| e.reason)
}

/// Deals needed by `view-cards` on `positions` of a deck whose law is `matrix`, for a family of `tests` tests
/// and FAIL below `fail`; and full decks needed by `position-card` for a run of 16 tests.
pub fn plan_row(label: String, matrix: &ExactMatrix, positions: &[usize], tests: usize, fail: f64) -> PlanRow {
    let n = matrix.n();
    let nf = n as f64;
    let share = positions.len() as f64 / nf;
    // Σ over the view's positions of each card's deviation from 1/n, in double-double: a 15-bit modulo bias is
    // a few parts in 10^5, far below what a sum of the probabilities themselves would keep.
    let excess: f64 = (0..n)
        .map(|j| {
            let d: f64 = positions.iter().map(|&pos| matrix.deviation(j, pos).to_f64()).sum();
            d * d
        })
        .sum();
    let per_deal = excess * (nf - 1.0) / (share * (1.0 - share) * nf);
    let df = nf - 1.0;
    let lambda = noncentrality_for_power(chi2_critical_value(fail / tests.max(1) as f64, df), df, POWER);
    let deals = (per_deal > 0.0 && lambda > 0.0).then(|| (lambda / per_deal).ceil());
    // position-card: the n × n table's Pearson χ² on (n−1)² df, per deck n·Σ (p − 1/n)².
    let per_deck: f64 = (0..n)
        .flat_map(|j| (0..n).map(move |pos| (j, pos)))
        .map(|(j, pos)| matrix.deviation(j, pos).to_f64().powi(2))
        .sum::<f64>()
        * nf;
    let pc_df = (nf - 1.0) * (nf - 1.0);
    let pc_lambda = noncentrality_for_power(chi2_critical_value(fail / 16.0, pc_df), pc_df, POWER);
    let full_decks = (per_deck > 0.0).then(|| (pc_lambda / per_deck).ceil());
    PlanRow { flaw: label, per_deal, deals, full_decks }
}

/// The plan of every known flaw for one view.
pub fn plan_view(deal: &TableDeal, view: ViewName, tests: usize, fail: f64) -> Result<Vec<PlanRow>, String> {
    let positions = deal.positions(view)?;
    KNOWN_FLAWS
        .iter()
        .map(|&flaw| Ok(plan_row(flaw.label(), &flaw_matrix(flaw, deal.deck)?, &positions, tests, fail)))
        .collect()
}

/// What a log can show, view by view: each tested view whose positions the dealing rule fixes, its deals, and
/// every known flaw's plan for it (the family being the log's tests).
#[derive(Clone, Debug, PartialEq)]
pub struct CanShow {
    pub view: String,
    pub deals: u64,
    pub rows: Vec<PlanRow>,
}

/// The plans of a log's tested views (`views`: each view's label and deals) under `deal`, for a family of
/// `tests` tests and FAIL below `fail`; views without fixed positions under the rule are left out.
pub fn can_show(deal: &TableDeal, views: &[(String, u64)], tests: usize, fail: f64) -> Result<Vec<CanShow>, String> {
    let matrices: Vec<(Flaw, ExactMatrix)> =
        KNOWN_FLAWS.iter().map(|&f| Ok((f, flaw_matrix(f, deal.deck)?))).collect::<Result<_, String>>()?;
    Ok(views
        .iter()
        .filter_map(|(label, deals)| {
            // A views file's `hole` is its player's own seat, which moves with the button: no fixed positions.
            let view = ViewName::parse(label).filter(|v| *v != ViewName::Hole)?;
            let positions = deal.positions(view).ok()?;
            let rows = matrices.iter().map(|(f, m)| plan_row(f.label(), m, &positions, tests, fail)).collect();
            Some(CanShow { view: label.clone(), deals: *deals, rows })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doudizhu(dealing: Dealing) -> TableDeal {
        TableDeal { dealing, deck: 54, players: 3, hand: 17, bottom: 3 }
    }

    #[test]
    fn views_take_their_deals_positions() {
        let block = doudizhu(Dealing::Block);
        assert_eq!(block.positions(ViewName::Seat(2)).unwrap(), (17..34).collect::<Vec<_>>());
        assert_eq!(block.positions(ViewName::Bottom).unwrap(), vec![51, 52, 53]);
        let rr = doudizhu(Dealing::RoundRobin);
        assert_eq!(rr.positions(ViewName::Seat(1)).unwrap()[..3], [0, 3, 6]);
        assert!(block.positions(ViewName::Seat(4)).unwrap_err().contains("not one of the 3 seats"));
        let holdem = TableDeal { dealing: Dealing::Holdem, deck: 52, players: 6, hand: 2, bottom: 0 };
        assert_eq!(holdem.positions(ViewName::Seat(3)).unwrap(), vec![2, 8]);
        assert_eq!(holdem.positions(ViewName::Board).unwrap(), vec![13, 14, 15, 17, 19]);
    }

    /// The plan's figure checked by simulation: 300 logs of the deals `plan` says a naive swap needs (seat 1 of
    /// 斗地主 in blocks, each deal from a fresh deck, ChaCha8 seeds 0..300), each tested by `view-cards` at FAIL
    /// (1e-9 over 4 tests, Bonferroni as the plan assumes). The plan promises 99% power; the FAILs must be at
    /// least 285 of 300 (at a true power of 0.99 fewer happen with probability below 1e-4), and the 99% interval
    /// is printed.
    #[test]
    fn the_planned_deals_fail_a_naive_swap_as_often_as_promised() {
        use crate::audit::Shuffler;
        use crate::stats::views::ViewCounts;
        let deal = doudizhu(Dealing::Block);
        let deals = plan_view(&deal, ViewName::Seat(1), 4, 1e-9).unwrap()[0].deals.unwrap() as u64;
        let positions = deal.positions(ViewName::Seat(1)).unwrap();
        let mut failed = 0u64;
        for seed in 0..300u64 {
            let mut shuffler = Shuffler::new(Algorithm::new(AlgorithmKind::NaiveSwap), RngKind::Chacha8, seed, 54);
            let mut counts = ViewCounts::new(54);
            for _ in 0..deals {
                let mut deck: Vec<u16> = (0..54).collect();
                shuffler.shuffle(&mut deck).unwrap();
                let view: Vec<u16> = positions.iter().map(|&p| deck[p]).collect();
                counts.add(&view);
            }
            let t = counts.card_frequency().unwrap();
            failed += u64::from(t.ln_p + 4f64.ln() < 1e-9f64.ln());
        }
        let (lo, hi) = crate::stats::distributions::special::clopper_pearson(failed, 300, 0.99);
        eprintln!("{deals} deals: FAIL in {failed} of 300 (99% interval {lo:.4}..{hi:.4})");
        assert!(failed >= 285, "{failed} of 300 at {deals} deals");
    }

    /// A naive swap is seen from seat 1's 17 cards in fewer deals than position-card needs full decks, and the
    /// 15-bit modulo bias of a correct loop is beyond any log of one seat (tens of millions of deals).
    #[test]
    fn a_naive_swap_needs_fewer_seat_deals_than_full_decks_and_the_modulo_bias_is_out_of_reach() {
        let rows = plan_view(&doudizhu(Dealing::Block), ViewName::Seat(1), 4, 1e-9).unwrap();
        let naive = &rows[0];
        assert_eq!(naive.flaw, "naive-swap");
        let (deals, decks) = (naive.deals.unwrap(), naive.full_decks.unwrap());
        assert!(deals < decks && (300.0..900.0).contains(&deals), "{naive:?}");
        let msvc = rows.iter().find(|r| r.flaw == "fisher-yates with msvc").unwrap();
        assert!(msvc.deals.unwrap() > 1e7, "{msvc:?}");
    }
}
