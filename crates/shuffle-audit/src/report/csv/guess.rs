//! `guess.csv`: the best no-feedback guess at every position of a shuffle's exact law
//! ([`crate::stats::exact::guessing::no_feedback`]): header `position,card,name,probability,tied`, one row per
//! position, top first; `card` is the likeliest card's id (the smallest among equals), `probability`
//! `max_c P(c at p)` with 25 significant digits, `tied` how many cards are that likely. The `probability`
//! column sums to the best expected score with no feedback (1 for a uniform shuffle).

use std::fmt::Write;

use super::exact::DIGITS;
use crate::cards::{Card, card_name};
use crate::game::Lang;
use crate::stats::exact::guessing::NoFeedback;

pub fn render(guess: &NoFeedback) -> Vec<u8> {
    let n = guess.by_position.len();
    let mut s = String::from("position,card,name,probability,tied\n");
    for (pos, b) in guess.by_position.iter().enumerate() {
        let name = card_name(b.card as Card, n, Lang::En.name_style());
        let _ = writeln!(s, "{pos},{},{name},{},{}", b.card, b.p.to_decimal(DIGITS), b.tied);
    }
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::dd::Dd;
    use crate::stats::exact::guessing::BestGuess;

    #[test]
    fn snapshot() {
        let guess = NoFeedback {
            by_position: vec![
                BestGuess { card: 1, p: Dd::ratio(2, 3), tied: 1 },
                BestGuess { card: 0, p: Dd::ratio(1, 3), tied: 3 },
                BestGuess { card: 2, p: Dd::ratio(2, 3), tied: 1 },
            ],
            expected: Dd::ratio(5, 3),
        };
        let text = String::from_utf8(render(&guess)).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], "position,card,name,probability,tied");
        assert!(rows[1].starts_with("0,1,") && rows[1].ends_with(",0.6666666666666666666666667,1"), "{text}");
        assert!(rows[2].starts_with("1,0,") && rows[2].ends_with(",0.3333333333333333333333333,3"), "{text}");
    }
}
