//! A dealt deck as a dealer prints it: each hand sorted the game's way, the bottom cards, and for 斗牛 each
//! hand's niu value. A pure renderer: a deck in, text out.

use std::fmt::Write;

use super::{DealConfig, Group, SeatMap};
use crate::cards::{Card, NameStyle, card_name};
use crate::game::{Game, Lang, douniu, hand_sort_key};

/// The cards of one group, sorted for display.
pub fn sorted_hand(deck: &[Card], positions: &[usize], game: Game) -> Vec<Card> {
    let mut hand: Vec<Card> = positions.iter().map(|&p| deck[p]).collect();
    hand.sort_by_key(|&c| hand_sort_key(game, c));
    hand
}

/// Terminal width of a string: CJK characters take two columns, everything else one.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| if ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{FF00}'..='\u{FFEF}').contains(&c) { 2 } else { 1 })
        .sum()
}

fn pad(s: &str, to: usize) -> String {
    format!("{s}{}", " ".repeat(to.saturating_sub(width(s))))
}

/// Renders deal number `number` of a shuffled deck: a header line, then one line per seat and one for the
/// bottom. Undealt cards are not shown.
pub fn render_deal(number: u64, deck: &[Card], config: &DealConfig, map: &SeatMap, lang: Lang) -> String {
    let n = config.deck;
    let style = match lang {
        Lang::En => NameStyle::Symbol,
        Lang::Zh => NameStyle::Chinese,
    };
    let shown: Vec<(Group, String, Vec<Card>)> = map
        .groups
        .iter()
        .zip(&map.positions)
        .filter(|(g, _)| **g != Group::Undealt)
        .map(|(&g, pos)| (g, g.name(lang), sorted_hand(deck, pos, config.game)))
        .collect();
    let label_width = shown.iter().map(|(_, l, _)| width(l)).max().unwrap_or(0);
    let cards: Vec<String> = shown
        .iter()
        .map(|(_, _, hand)| hand.iter().map(|&c| card_name(c, n, style)).collect::<Vec<_>>().join(" "))
        .collect();
    let cards_width = cards.iter().map(|c| width(c)).max().unwrap_or(0);
    let mut s = String::new();
    let _ = match lang {
        Lang::En => writeln!(s, "deal {number}"),
        Lang::Zh => writeln!(s, "第{number}局"),
    };
    for ((group, label, hand), text) in shown.iter().zip(&cards) {
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        let head = format!("{label}{colon}");
        let head_width = label_width + width(colon);
        match group {
            Group::Seat(_) if config.game == Game::Douniu => {
                let niu = douniu::niu_of_hand([hand[0], hand[1], hand[2], hand[3], hand[4]]);
                let _ = writeln!(
                    s,
                    "  {}{}  {}",
                    pad(&head, head_width),
                    pad(text, cards_width),
                    douniu::niu_name(niu, lang)
                );
            }
            _ => {
                let _ = writeln!(s, "  {}{text}", pad(&head, head_width));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::deal::{DealShape, StartOrder};

    #[test]
    fn a_doudizhu_deal_prints_sorted_hands_and_the_bottom() {
        let config =
            DealConfig::new(Game::Doudizhu, None, DealShape { order: Some(StartOrder::Rank), ..Default::default() })
                .unwrap();
        // The unshuffled rank-ordered deck dealt in blocks: seat 1 gets the 3s to the 7s, the bottom the last
        // 2 and both jokers.
        let deck = config.start_deck();
        let text = render_deal(1, &deck, &config, &config.seat_map(), Lang::En);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert_eq!(lines[0], "deal 1");
        assert!(lines[1].starts_with("  seat 1: ♠3 ♥3 ♣3 ♦3 ♠4"), "{}", lines[1]);
        assert_eq!(lines[4], "  bottom: ♦2 小王 大王");
        let zh = render_deal(2, &deck, &config, &config.seat_map(), Lang::Zh);
        assert!(zh.starts_with("第2局\n  玩家1：黑桃3 红桃3"), "{zh}");
        assert!(zh.ends_with("  底牌： 方块2 小王 大王\n"), "{zh}");
    }

    #[test]
    fn a_douniu_deal_prints_each_hands_niu() {
        let config = DealConfig::new(Game::Douniu, None, DealShape { players: Some(2), ..Default::default() }).unwrap();
        let deck: Vec<Card> = (0..52).collect();
        let text = render_deal(1, &deck, &config, &config.seat_map(), Lang::En);
        // ♠A..♠5: 1 + 4 + 5 = 10 and 2 + 3 = 5, niu 5. ♠6..♠10 sum to 40, so a triple is a multiple of 10 only if
        // the other two are, and no two of 6, 7, 8, 9, 10 are: no niu. The shorter hand is padded so the values align.
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "  seat 1: ♠A ♠2 ♠3 ♠4 ♠5   niu 5");
        assert_eq!(lines[2], "  seat 2: ♠6 ♠7 ♠8 ♠9 ♠10  no niu");
        let zh = render_deal(1, &deck, &config, &config.seat_map(), Lang::Zh);
        assert!(zh.lines().nth(1).unwrap().ends_with("牛5"), "{zh}");
    }
}
