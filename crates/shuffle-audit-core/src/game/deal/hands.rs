//! A dealt deck as a dealer prints it: each hand sorted the game's way, the bottom cards, and for 斗牛 each
//! hand's niu value. A pure renderer: a deck in, text out.

use std::fmt::Write;

use super::{DealConfig, Group, SeatMap};
use crate::cards::{Card, NameStyle, card_name};
use crate::game::{Game, Lang, baccarat, blackjack, douniu, hand_sort_key};

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
    // A card of a deal of several decks is named by its face.
    let n = config.base();
    let style = match lang {
        Lang::En => NameStyle::Symbol,
        Lang::Zh => NameStyle::Chinese,
    };
    if config.game == Game::Baccarat {
        return render_coup(number, deck, config.base(), style, lang);
    }
    if config.game == Game::Blackjack {
        return render_round(number, deck, config, style, lang);
    }
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
        .map(|(_, _, hand)| hand.iter().map(|&c| card_name(c % n as Card, n, style)).collect::<Vec<_>>().join(" "))
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

/// A baccarat shoe's first coup: each hand's cards in the order dealt (faces), its total, and who wins.
fn render_coup(number: u64, deck: &[Card], base: usize, style: NameStyle, lang: Lang) -> String {
    let coup = baccarat::first_coup(deck);
    // Dealt player, banker, player, banker; the player's third card comes before the banker's.
    let mut player = vec![deck[0], deck[2]];
    let mut banker = vec![deck[1], deck[3]];
    let player_two = (baccarat::card_value(deck[0]) + baccarat::card_value(deck[2])) % 10;
    let player_draws = !coup.natural && player_two <= 5;
    if player_draws {
        player.push(deck[4]);
    }
    if coup.cards > 4 + usize::from(player_draws) {
        banker.push(deck[coup.cards - 1]);
    }
    let names =
        |hand: &[Card]| hand.iter().map(|&c| card_name(c % base as Card, base, style)).collect::<Vec<_>>().join(" ");
    let (p, b) = (names(&player), names(&banker));
    let w = width(&p).max(width(&b));
    let mut s = String::new();
    let (head, pl, bk, result) = match lang {
        Lang::En => (
            format!("coup {number}"),
            "player: ",
            "banker: ",
            match coup.outcome {
                baccarat::Outcome::Banker => "banker wins".to_string(),
                baccarat::Outcome::Player => "player wins".to_string(),
                baccarat::Outcome::Tie => "tie".to_string(),
            },
        ),
        Lang::Zh => (
            format!("第{number}局"),
            "闲家：",
            "庄家：",
            match coup.outcome {
                baccarat::Outcome::Banker => "庄赢".to_string(),
                baccarat::Outcome::Player => "闲赢".to_string(),
                baccarat::Outcome::Tie => "和局".to_string(),
            },
        ),
    };
    let natural = if coup.natural {
        match lang {
            Lang::En => ", a natural",
            Lang::Zh => "，天生赢家",
        }
    } else {
        ""
    };
    let _ = writeln!(s, "{head}");
    let _ = writeln!(s, "  {pl}{}  {}", pad(&p, w), coup.player);
    let _ = writeln!(s, "  {bk}{}  {}", pad(&b, w), coup.banker);
    let _ = writeln!(s, "  {result}{natural}");
    s
}

/// A blackjack shoe's first round as played: each hand's cards in the order dealt and drawn (faces), its total,
/// "natural" or "bust"; then the rounds the shoe deals before its cut card.
fn render_round(number: u64, deck: &[Card], config: &DealConfig, style: NameStyle, lang: Lang) -> String {
    let players = config.players - 1;
    let base = config.base();
    let mut hands = Vec::new();
    let round = blackjack::play_round(deck, 0, players, Some(&mut hands));
    let labels: Vec<String> = (0..=players)
        .map(|s| match (lang, s == players) {
            (Lang::En, true) => "dealer".to_string(),
            (Lang::Zh, true) => "庄家".to_string(),
            (Lang::En, false) => format!("seat {}", s + 1),
            (Lang::Zh, false) => format!("玩家{}", s + 1),
        })
        .collect();
    let colon = if lang == Lang::Zh { "：" } else { ": " };
    let heads: Vec<String> = labels.iter().map(|l| format!("{l}{colon}")).collect();
    let head_width = heads.iter().map(|h| width(h)).max().unwrap_or(0);
    let texts: Vec<String> = hands
        .iter()
        .map(|h| h.iter().map(|&c| card_name(c % base as Card, base, style)).collect::<Vec<_>>().join(" "))
        .collect();
    let text_width = texts.iter().map(|t| width(t)).max().unwrap_or(0);
    let rounds = blackjack::rounds(deck, players, config.cut_card).count();
    let mut s = String::new();
    let _ = match lang {
        Lang::En => writeln!(s, "shoe {number}: round 1 of {rounds} before the cut card at {}", config.cut_card),
        Lang::Zh => writeln!(s, "第{number}个牌靴：切牌卡（第 {} 张）之前 {rounds} 轮中的第1轮", config.cut_card),
    };
    for (seat, (hand, text)) in hands.iter().zip(&texts).enumerate() {
        let mut h = blackjack::Hand::default();
        hand.iter().for_each(|&c| h.add(c));
        let natural = round.naturals >> seat & 1 == 1;
        let result = match (lang, natural, h.is_bust()) {
            (Lang::En, true, _) => "natural".to_string(),
            (Lang::Zh, true, _) => "黑杰克".to_string(),
            (Lang::En, _, true) => format!("{} bust", h.value()),
            (Lang::Zh, _, true) => format!("{} 爆牌", h.value()),
            _ => h.value().to_string(),
        };
        let _ = writeln!(s, "  {}{}  {result}", pad(&heads[seat], head_width), pad(text, text_width));
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
    fn a_blackjack_round_prints_each_hand_as_played() {
        let shape = DealShape { players: Some(2), ..Default::default() };
        let config = DealConfig::shoe(Game::Blackjack, None, Some(1), shape).unwrap();
        // A new deck: seat 1 gets ♠A ♠4 (soft 15, draws ♠7 = 12, ♠8 = 20), seat 2 ♠2 ♠5 (7: ♠9 = 16, ♠10 =
        // 26, bust), the dealer ♠3 ♠6 (9: ♠J = 19).
        let text = render_deal(1, &config.start_deck(), &config, &config.seat_map(), Lang::En);
        assert_eq!(
            text,
            "shoe 1: round 1 of 5 before the cut card at 39\n  seat 1: ♠A ♠4 ♠7 ♠8   20\n  seat 2: ♠2 ♠5 ♠9 ♠10  26 \
             bust\n  dealer: ♠3 ♠6 ♠J      19\n"
        );
        let zh = render_deal(1, &config.start_deck(), &config, &config.seat_map(), Lang::Zh);
        assert!(zh.contains("  庄家： 黑桃3 黑桃6 黑桃J"), "{zh}");
    }

    #[test]
    fn a_baccarat_coup_prints_each_hand_in_dealing_order() {
        let config = DealConfig::shoe(Game::Baccarat, None, Some(8), DealShape::default()).unwrap();
        // A new shoe: ♠A ♠3 to the player (4) and ♠2 ♠4 to the banker (6); the player draws ♠5 (9), the banker
        // stands on 6 against a third card of 5.
        let text = render_deal(1, &config.start_deck(), &config, &config.seat_map(), Lang::En);
        assert_eq!(text, "coup 1\n  player: ♠A ♠3 ♠5  9\n  banker: ♠2 ♠4     6\n  player wins\n");
        // The second deck's ♥9 and ♠K (ids 52 + 21 and 52 + 12) show their faces; 9 + 0 is a natural.
        let mut deck = config.start_deck();
        deck.swap(0, 73);
        deck.swap(2, 64);
        let zh = render_deal(2, &deck, &config, &config.seat_map(), Lang::Zh);
        assert!(zh.starts_with("第2局\n  闲家：红桃9 黑桃K"), "{zh}");
        assert!(zh.ends_with("闲赢，天生赢家\n"), "{zh}");
    }

    #[test]
    fn a_guandan_deal_names_both_decks_cards_by_face() {
        let config = DealConfig::new(Game::Guandan, None, DealShape::default()).unwrap();
        // The new deck round-robin: seat 1 gets ids 0, 4, …, 104, faces 0, 4, …, 52 and then 2, 6, …, 50.
        let text = render_deal(1, &config.start_deck(), &config, &config.seat_map(), Lang::En);
        let seat1 = text.lines().nth(1).unwrap();
        // 2 < 3 < … < K < A < jokers: ♠3 (2), ♠5 (4), ♥2 (14) … and the small joker last.
        assert!(seat1.starts_with("  seat 1: ♥2 ♦2 ♠3"), "{seat1}");
        assert!(seat1.ends_with("♠A ♣A 小王"), "{seat1}");
        assert_eq!(text.lines().count(), 5, "{text}");
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
