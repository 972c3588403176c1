//! The log audits `compare` reproduces: a dealer's deals seen as one seat's log (斗地主's seat 1, its 17 cards,
//! dealt in blocks from the tool's own decks), audited as a player's log is, with no dealing rule and the hands
//! as a set. A naive swap is seen there in about 560 deals ([`crate::logs::plan`]); 2,000 deals FAIL it with
//! power far above 99%, and a correct Fisher–Yates, the control, PASSes (it is called SUSPICIOUS with
//! probability at most 10^-3 at any seed).

use crate::audit::Shuffler;
use crate::audit::verdict::{Thresholds, Verdict};
use crate::cards::Card;
use crate::logs::model::{LogDeal, Seen, View, ViewName};
use crate::logs::{LogAudit, LogReport, LogSettings, MAX_INVALID_SHARE};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};

/// One log finding: the dealer, the deals of seat 1's log, and the verdict the audit must reach.
#[derive(Clone, Debug)]
pub struct LogFinding {
    pub label: &'static str,
    pub algorithm: AlgorithmKind,
    pub deals: u64,
    pub expected: Verdict,
}

/// The catalogue's log findings, in display order.
pub fn log_findings() -> Vec<LogFinding> {
    vec![
        LogFinding {
            label: "naive-swap 斗地主 dealer",
            algorithm: AlgorithmKind::NaiveSwap,
            deals: 2000,
            expected: Verdict::Fail,
        },
        LogFinding {
            label: "control: fisher-yates 斗地主",
            algorithm: AlgorithmKind::FisherYates,
            deals: 2000,
            expected: Verdict::Pass,
        },
    ]
}

/// The view a row's log holds: seat 1's 17 cards of a 54-card deal in blocks.
pub const SEAT: ViewName = ViewName::Seat(1);
const DECK: usize = 54;
const HAND: usize = 17;

/// Deals `f.deals` 斗地主 hands from `f`'s dealer (ChaCha8 from `seed`, a fresh deck each deal) and audits seat
/// 1's cards as a player's log of them.
pub fn run_log_finding(f: &LogFinding, seed: u64, thresholds: &Thresholds) -> LogReport {
    let settings = LogSettings {
        deck: DECK,
        copies: 1,
        ordered: false,
        game: Some(crate::game::view_laws::ViewGame::Doudizhu),
        complete: false,
        max_invalid: MAX_INVALID_SHARE,
    };
    let mut audit = LogAudit::new(settings);
    let mut shuffler = Shuffler::new(Algorithm::new(f.algorithm), RngKind::Chacha8, seed, DECK);
    for k in 0..f.deals {
        let mut deck: Vec<Card> = (0..DECK as Card).collect();
        // The catalogue's dealers are loops over a 54-card deck: none fails.
        shuffler.shuffle(&mut deck).expect("a catalogue dealer deals");
        let view = View { name: SEAT, cards: deck[..HAND].to_vec(), seen: Seen::Always, line: k + 1 };
        audit.add(Ok(LogDeal { id: (k + 1).to_string(), line: k + 1, views: vec![view] }));
    }
    audit.report(thresholds, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both rows reproduce at the default seed of `compare` and at another.
    #[test]
    fn the_naive_swap_fails_and_the_control_passes_from_seat_ones_hands() {
        for seed in [20261130, 7] {
            for f in log_findings() {
                let report = run_log_finding(&f, seed, &Thresholds::default());
                assert_eq!(report.verdict, f.expected, "{} at seed {seed}: {:?}", f.label, report.decisive());
                assert_eq!(report.deals, f.deals);
            }
        }
    }
}
