//! The games' own hand laws on what was seen: a 斗地主 view's bombs and rocket, a 斗牛 hand's niu, against their
//! exact laws for a uniformly random subset of the deck (the views' tests, [`crate::stats::views`], are of
//! cards; these are of what players count). A view of a fixed size, pooled over the deals that show it.
//!
//! - `view-bombs` (斗地主, views of 4 cards or more): the number of bombs (four of a rank) in the view, Pearson's
//!   χ² against [`crate::game::doudizhu::odds`]' exact law of a hand of that size (cells pooled to 5 expected);
//! - `view-rocket` (斗地主, views of 2 cards or more): the deals whose view holds both jokers, χ² on one df against
//!   `C(52, m−2)/C(54, m)`;
//! - `view-niu` (斗牛, views of 5 cards): the niu value, χ² against [`crate::game::douniu::exact_pmf`].

use crate::cards::Card;
use crate::game::{doudizhu, douniu};
use crate::stats::distributions::gof::chi2_against_pmf;
use crate::stats::views::{Cell, CellLabel, MIN_EXPECTED, NotApplied, ViewTest};

/// The game whose laws a view is tested against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewGame {
    Doudizhu,
    Douniu,
}

/// An outcome's name in English and Chinese, from its index (2 bombs, the rocket, niu 7).
type OutcomeName = fn(usize) -> (String, String);

/// What a view's deals hold, as the game counts it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameViewCounts {
    game: ViewGame,
    deals: u64,
    /// The view's size, while every deal's is the same; `None` once two differ.
    size: Option<usize>,
    mixed: bool,
    bombs: Vec<u64>,
    rockets: u64,
    niu: [u64; douniu::VALUES],
}

impl GameViewCounts {
    pub fn new(game: ViewGame) -> Self {
        GameViewCounts {
            game,
            deals: 0,
            size: None,
            mixed: false,
            bombs: vec![0; 14],
            rockets: 0,
            niu: [0; douniu::VALUES],
        }
    }

    /// Counts one deal's view (distinct cards of the game's deck).
    pub fn add(&mut self, cards: &[Card]) {
        self.deals += 1;
        match self.size {
            None if !self.mixed => self.size = Some(cards.len()),
            Some(m) if m != cards.len() => {
                self.size = None;
                self.mixed = true;
            }
            _ => {}
        }
        match self.game {
            ViewGame::Doudizhu => {
                let facts = doudizhu::hand_facts(cards.iter().copied());
                self.bombs[usize::from(facts.bombs)] += 1;
                self.rockets += u64::from(facts.rocket);
            }
            ViewGame::Douniu => {
                if let Ok(hand) = <[Card; 5]>::try_from(cards) {
                    self.niu[douniu::niu_of_hand(hand)] += 1;
                }
            }
        }
    }

    /// The game's tests that apply to this view, and why the others do not.
    pub fn tests(&self) -> (Vec<ViewTest>, Vec<NotApplied>) {
        let (mut done, mut not) = (Vec::new(), Vec::new());
        let names: &[&'static str] = match self.game {
            ViewGame::Doudizhu => &["view-bombs", "view-rocket"],
            ViewGame::Douniu => &["view-niu"],
        };
        let Some(m) = self.size else {
            for &name in names {
                not.push(NotApplied { name, why: "the view's size differs from deal to deal".into() });
            }
            return (done, not);
        };
        for &name in names {
            match self.test(name, m) {
                Ok(t) => done.push(t),
                Err(why) => not.push(NotApplied { name, why }),
            }
        }
        (done, not)
    }

    fn test(&self, name: &'static str, m: usize) -> Result<ViewTest, String> {
        let d = self.deals as f64;
        let (observed, pmf, label): (Vec<u64>, Vec<f64>, OutcomeName) = match name {
            "view-bombs" => {
                if !(4..=54).contains(&m) {
                    return Err(format!("a view of {m} cards holds no bomb"));
                }
                let odds = doudizhu::odds(m, 0);
                let pmf: Vec<f64> = odds.bombs_pmf.iter().map(|f| f.to_f64()).collect();
                let bombs = |k: usize| (format!("{k} bomb{}", if k == 1 { "" } else { "s" }), format!("{k} 个炸弹"));
                (self.bombs[..pmf.len()].to_vec(), pmf, bombs)
            }
            "view-rocket" => {
                if !(2..=54).contains(&m) {
                    return Err(format!("a view of {m} card holds no rocket"));
                }
                let p = doudizhu::odds(m, 0).rocket.to_f64();
                let rocket = |k: usize| {
                    if k == 1 {
                        ("the rocket".to_string(), "王炸".to_string())
                    } else {
                        ("no rocket".to_string(), "没有王炸".to_string())
                    }
                };
                (vec![self.deals - self.rockets, self.rockets], vec![1.0 - p, p], rocket)
            }
            _ => {
                if m != 5 {
                    return Err(format!("niu is counted on 5 cards, not {m}"));
                }
                let niu = |k: usize| {
                    (douniu::niu_name(k, crate::cards::Lang::En), douniu::niu_name(k, crate::cards::Lang::Zh))
                };
                (self.niu.to_vec(), douniu::exact_pmf().to_vec(), niu)
            }
        };
        let largest_two: f64 = {
            let mut sorted = pmf.clone();
            sorted.sort_by(|a, b| b.total_cmp(a));
            sorted.get(1).copied().unwrap_or(0.0) * d
        };
        if largest_two < MIN_EXPECTED {
            return Err(format!(
                "{largest_two:.1} deals expected in its second most likely outcome, {MIN_EXPECTED} needed"
            ));
        }
        let g = chi2_against_pmf(&observed, &pmf);
        let worst = (0..pmf.len())
            .filter(|&k| pmf[k] > 0.0)
            .map(|k| {
                let e = d * pmf[k];
                (((observed[k] as f64 - e) / e.sqrt()).abs(), k, e)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, k, e)| {
                let (en, zh) = label(k);
                Cell { label: CellLabel::Outcome { en, zh }, observed: observed[k] as f64, expected: e }
            });
        Ok(ViewTest { name, statistic: g.statistic, df: g.df, ln_p: g.ln_sf, ln_p_low: None, worst })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::fair_view;
    use rand::{RngExt, SeedableRng};

    /// Fair views (PCG64, seed 13), 300 runs each: a 斗地主 seat of 17 over 2,000 deals and a 斗牛 hand over 2,000.
    /// Each test's rejections at 0.01 must be at most 10 of 300 (a test at its level exceeds that with
    /// probability 3e-4), and at 0.05 at most 27 (5e-4).
    #[test]
    fn fair_views_keep_the_stated_rate_for_the_games_laws() {
        for (game, n, m) in [(ViewGame::Doudizhu, 54usize, 17usize), (ViewGame::Douniu, 52, 5)] {
            let mut g = rand_pcg::Pcg64::seed_from_u64(13);
            let mut rejected: std::collections::BTreeMap<&str, (u64, u64)> = Default::default();
            for _ in 0..300 {
                let mut v = GameViewCounts::new(game);
                for _ in 0..2000 {
                    v.add(&fair_view(&mut g, n, m));
                }
                let (done, not) = v.tests();
                assert!(not.is_empty(), "{not:?}");
                for t in done {
                    let e = rejected.entry(t.name).or_default();
                    e.0 += u64::from(t.ln_p < 0.01f64.ln());
                    e.1 += u64::from(t.ln_p < 0.05f64.ln());
                }
            }
            for (name, (at1, at5)) in rejected {
                let (lo, hi) = crate::stats::distributions::special::clopper_pearson(at1, 300, 0.99);
                eprintln!("{game:?}: {name} {at1}/300 at 0.01 (99% {lo:.4}..{hi:.4}), {at5} at 0.05");
                assert!(at1 <= 10 && at5 <= 27, "{game:?}: {name} {at1} and {at5} of 300");
            }
        }
    }

    /// A deal that keeps each rank's four cards together in seat 1 (the deck unshuffled between rounds) is seen
    /// by its bombs at once; views of several sizes are not tested.
    #[test]
    fn bombs_kept_together_are_seen_and_mixed_sizes_are_not_tested() {
        let mut v = GameViewCounts::new(ViewGame::Doudizhu);
        let mut g = rand_pcg::Pcg64::seed_from_u64(2);
        for _ in 0..500 {
            let r = g.random_range(0..13u16);
            let mut view: Vec<Card> = (0..4).map(|s| s * 13 + r).collect();
            view.extend(fair_view(&mut g, 54, 40).into_iter().filter(|c| *c >= 52 || c % 13 != r).take(13));
            v.add(&view);
        }
        let (done, _) = v.tests();
        let bombs = done.iter().find(|t| t.name == "view-bombs").unwrap();
        assert!(bombs.ln_p < 1e-9f64.ln(), "{bombs:?}");
        let mut mixed = GameViewCounts::new(ViewGame::Doudizhu);
        mixed.add(&[0, 1, 2, 3]);
        mixed.add(&[0, 1, 2]);
        assert_eq!(mixed.tests().1.len(), 2);
    }
}
