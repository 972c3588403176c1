//! A game's exact hand odds as text: 斗地主's rocket, bombs, bottom jokers and big cards
//! ([`crate::game::doudizhu::odds`]) and 斗牛's niu values over all C(52, 5) hands
//! ([`crate::game::douniu::exact_counts`]), each as a fraction and a decimal.

use std::fmt::Write;

use super::request::GameOdds;
use crate::game::deal::DealConfig;
use crate::game::fraction::{Fraction, choose};
use crate::game::{Lang, baccarat, blackjack, doudizhu, douniu, two_deck};

/// The odds `exact --game` prints.
pub fn odds_text(game: &GameOdds) -> String {
    match game {
        GameOdds::Doudizhu(deal) => render_doudizhu(deal, &doudizhu::odds(deal.hand, deal.bottom)),
        GameOdds::Douniu => render_douniu(&douniu::exact_counts()),
        GameOdds::Baccarat { decks } => render_baccarat(*decks, &baccarat::odds(&baccarat::shoe_of_decks(*decks))),
        GameOdds::Blackjack { decks } => render_blackjack(&blackjack::odds(*decks)),
        GameOdds::TwoDeck(deal) => render_two_deck(deal, &two_deck::odds(deal.hand, deal.bottom)),
    }
}

/// Seven significant decimals, or scientific notation below 10^-3.
fn decimal(x: f64) -> String {
    if x >= 1e-3 || x == 0.0 { format!("{x:.7}") } else { format!("{x:.6e}") }
}

fn line(s: &mut String, what: &str, f: &Fraction) {
    let _ = writeln!(s, "  {what:<54} {:>26} = {}", f.to_string(), decimal(f.to_f64()));
}

/// The 斗地主 odds of one seat's hand and of the bottom.
fn render_doudizhu(deal: &DealConfig, o: &doudizhu::Odds) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "斗地主: 54 cards, {} seats × {} + {} bottom; every deal equally likely (a uniform shuffle, any dealing scheme).",
        deal.players, o.hand, o.bottom
    );
    let _ = writeln!(
        s,
        "A bomb is the four cards of one rank; the rocket (小王 + 大王) is counted apart, not as a bomb.\n"
    );
    line(&mut s, "P(a given seat holds the rocket)", &o.rocket);
    if o.bottom > 0 {
        line(&mut s, "P(the bottom holds at least one joker)", &o.bottom_joker);
    }
    line(&mut s, "P(a given seat holds at least one bomb)", &o.bomb);
    line(&mut s, "P(a given seat holds at least one bomb or the rocket)", &o.bomb_or_rocket);
    line(&mut s, "expected bombs per hand", &o.bombs_mean);
    line(&mut s, "variance of bombs per hand", &o.bombs_variance);
    for (k, p) in o.bombs_pmf.iter().enumerate() {
        line(&mut s, &format!("P(exactly {k} bomb{})", if k == 1 { "" } else { "s" }), p);
    }
    line(&mut s, "expected big cards (A, 2, jokers) per hand", &o.big_mean);
    line(&mut s, "variance of big cards per hand", &o.big_variance);
    s
}

/// 掼蛋's and two-deck 斗地主's odds of one seat's hand and of the bottom, over the C(108, H) hands.
fn render_two_deck(deal: &DealConfig, o: &two_deck::Odds) -> String {
    let mut s = String::new();
    let bottom = if o.bottom > 0 { format!(" + {} bottom", o.bottom) } else { String::new() };
    let _ = writeln!(
        s,
        "{}: two 54-card decks (108 cards), {} seats × {}{bottom}; every deal equally likely (a uniform shuffle, any \
         dealing scheme): a hand is any of the C(108, {}) = {} hands equally.",
        deal.game.title(),
        deal.players,
        o.hand,
        o.hand,
        choose(108, o.hand as i64)
    );
    let _ = writeln!(
        s,
        "A bomb is four or more cards of one rank (of its eight); a straight flush five cards of one suit on \
         consecutive ranks, A low or high; jokers are counted apart.\n"
    );
    let wide = |s: &mut String, what: &str, f: &Fraction| {
        let _ = writeln!(s, "  {what:<48} {:>52} = {}", f.to_string(), decimal(f.to_f64()));
    };
    if o.bottom > 0 {
        wide(&mut s, "P(the bottom holds at least one joker)", &o.bottom_joker);
    }
    wide(&mut s, "expected jokers per hand", &o.jokers_mean);
    wide(&mut s, "variance of jokers per hand", &o.jokers_variance);
    for (k, p) in o.jokers_pmf.iter().enumerate() {
        wide(&mut s, &format!("P(exactly {k} joker{})", if k == 1 { "" } else { "s" }), p);
    }
    wide(&mut s, "P(a given seat holds at least one bomb)", &o.bomb);
    wide(&mut s, "expected bombs per hand", &o.bombs_mean);
    wide(&mut s, "variance of bombs per hand", &o.bombs_variance);
    // The law's tail beyond the last bomb count a hand can reach is zero: stop at the last possible count.
    let last = o.bombs_pmf.iter().rposition(|p| p.numer() > 0).unwrap_or(0);
    for (k, p) in o.bombs_pmf.iter().enumerate().take(last + 1) {
        wide(&mut s, &format!("P(exactly {k} bomb{})", if k == 1 { "" } else { "s" }), p);
    }
    wide(&mut s, "P(a given seat holds at least one straight flush)", &o.straight_flush);
    s
}

/// Baccarat: the first coup of a shoe, by outcome and by the cards it takes, over the ordered six-card samples.
fn render_baccarat(decks: usize, o: &baccarat::Odds) -> String {
    let cards = decks * baccarat::DECK;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "baccarat: the first coup of a shoe of {decks} × 52 = {cards} cards; every ordered sample of its first six \
         cards equally likely (a uniform shuffle), {} of them.",
        o.total
    );
    let _ = writeln!(
        s,
        "A = 1, 2-9 face value, 10/J/Q/K = 0; player, banker, player, banker, then the third cards by the rule.\n"
    );
    let _ = writeln!(s, "  {:<24} {:>20}  {:>44}  {:>9}", "", "samples", "probability", "decimal");
    let row = |s: &mut String, what: &str, count: u128| {
        let p = Fraction::new(count, o.total);
        let _ = writeln!(s, "  {what:<24} {count:>20}  {:>44}  {}", p.to_string(), decimal(p.to_f64()));
    };
    for outcome in baccarat::Outcome::ALL {
        let what = match outcome {
            baccarat::Outcome::Banker => "banker wins",
            baccarat::Outcome::Player => "player wins",
            baccarat::Outcome::Tie => "tie",
        };
        row(&mut s, what, o.outcomes[outcome as usize]);
    }
    row(&mut s, "a natural (8 or 9)", o.natural);
    for (k, &count) in o.by_cards.iter().enumerate() {
        row(&mut s, &format!("the coup takes {} cards", k + 4), count);
    }
    s
}

/// Blackjack: a seat's natural and the dealer's up card in a shoe's first round.
fn render_blackjack(o: &blackjack::Odds) -> String {
    let cards = o.decks * blackjack::DECK;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "blackjack: the first round of a shoe of {} × 52 = {cards} cards; every ordered pair of places equally likely \
         (a uniform shuffle).",
        o.decks
    );
    let _ = writeln!(
        s,
        "A natural is an ace and a ten-value card (10, J, Q, K) as a seat's first two cards; the dealer's up card is \
         its first.\nA later round's odds are the same formula over the cards left (`natural-rounds`).\n"
    );
    line(&mut s, "P(a given seat is dealt a natural)", &o.natural);
    line(&mut s, "P(a given player and the dealer both are)", &o.both);
    line(&mut s, "P(the dealer's up card is an ace)", &o.up_card[0]);
    line(&mut s, "P(the dealer's up card is 2-9)", &o.up_card[1]);
    line(&mut s, "P(the dealer's up card is a ten-value card)", &o.up_card[2]);
    line(&mut s, "P(the dealer has a natural | an ace up)", &o.natural_given_ace);
    line(&mut s, "P(the dealer has a natural | a ten up)", &o.natural_given_ten);
    s
}

/// The 斗牛 niu distribution over all C(52, 5) hands.
fn render_douniu(counts: &[u64; douniu::VALUES]) -> String {
    let total = choose(52, 5);
    let mut s = String::new();
    let _ = writeln!(s, "斗牛: 5 cards from 52; all C(52,5) = {total} hands equally likely.");
    let _ = writeln!(
        s,
        "A = 1, 2-10 face value, J/Q/K = 10; niu k when three cards sum to a multiple of 10 (k = the other two mod \
         10, 0 = niu-niu).\n"
    );
    let _ = writeln!(s, "  {:<17} {:>8}  {:>16}  {:>9}", "value", "hands", "probability", "decimal");
    for (v, &c) in counts.iter().enumerate() {
        let name = format!("{} ({})", douniu::niu_name(v, Lang::En), douniu::niu_name(v, Lang::Zh));
        let p = Fraction::new(u128::from(c), total);
        // CJK names take two columns each: pad by display width, not by characters.
        let pad = 17usize.saturating_sub(name.chars().map(|ch| if ch.is_ascii() { 1 } else { 2 }).sum());
        let _ = writeln!(s, "  {name}{} {c:>8}  {:>16}  {}", " ".repeat(pad), p.to_string(), decimal(p.to_f64()));
    }
    let _ = writeln!(s, "  {:<17} {:>8}", "total", counts.iter().sum::<u64>());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_douniu_odds_count_every_hand_once() {
        let text = odds_text(&GameOdds::Douniu);
        assert!(text.starts_with("斗牛: 5 cards from 52; all C(52,5) = 2598960 hands"), "{text}");
        assert!(text.trim_end().ends_with("total              2598960"), "{text}");
    }

    #[test]
    fn the_two_deck_odds_print_jokers_bombs_and_straight_flushes() {
        let deal = DealConfig::new(crate::game::Game::Guandan, None, Default::default()).unwrap();
        let text = odds_text(&GameOdds::TwoDeck(deal));
        assert!(text.starts_with("掼蛋: two 54-card decks (108 cards), 4 seats × 27;"), "{text}");
        let mean = text.lines().find(|l| l.trim_start().starts_with("expected jokers")).unwrap();
        assert!(mean.ends_with(" 1 = 1.0000000"), "{mean}");
        assert!(text.contains("1374805315/1002922021 = 1.3707998"), "{text}");
        assert!(!text.contains("bottom"), "{text}");
        let d = DealConfig::new(crate::game::Game::Doudizhu4, None, Default::default()).unwrap();
        assert!(odds_text(&GameOdds::TwoDeck(d)).contains("P(the bottom holds at least one joker)"));
    }

    #[test]
    fn the_baccarat_odds_print_the_published_eight_deck_fractions() {
        let text = odds_text(&GameOdds::Baccarat { decks: 8 });
        assert!(text.starts_with("baccarat: the first coup of a shoe of 8 × 52 = 416 cards"), "{text}");
        let banker = Fraction::new(2_292_252_566_437_888, 4_998_398_275_503_360);
        let line = text.lines().find(|l| l.trim_start().starts_with("banker wins")).unwrap();
        assert!(line.contains(&banker.to_string()) && line.ends_with("0.4585974"), "{line}");
        assert!(text.contains("2230518282592256") && text.contains("475627426473216"), "{text}");
    }

    #[test]
    fn the_doudizhu_odds_show_the_bottom_only_when_there_is_one() {
        let deal = |bottom| {
            let shape = crate::game::deal::DealShape { bottom: Some(bottom), ..Default::default() };
            DealConfig::new(crate::game::Game::Doudizhu, None, shape).unwrap()
        };
        let with = odds_text(&GameOdds::Doudizhu(deal(3)));
        assert!(with.contains("3 seats × 17 + 3 bottom") && with.contains("the bottom holds"), "{with}");
        let without = odds_text(&GameOdds::Doudizhu(deal(0)));
        assert!(without.contains("3 seats × 17 + 0 bottom") && !without.contains("the bottom holds"), "{without}");
    }
}
