//! The names testing labs and regulators give the tests, in English and Chinese: the lab page shows them beside
//! the tool's own test ids, so that a reader who knows the rules (GLI-19's chi-square of card by position, the
//! runs test, the serial correlation of NIST SP 800-22 and Knuth's TAOCP vol. 2 §3.3.2) finds each one.

use crate::cards::Lang;
use crate::stats::TestId;

/// The name a lab or a regulator gives `test`, in `lang`.
pub(crate) fn regulator_name(test: TestId, lang: Lang) -> &'static str {
    let (en, zh) = names(test);
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// (English, Chinese) for every test: the match is exhaustive, so a new test cannot go without its names.
fn names(test: TestId) -> (&'static str, &'static str) {
    match test {
        TestId::PositionCard => (
            "Chi-square test of card by position (each card equally likely at each position)",
            "逐位置牌面卡方检验（每张牌在每个位置出现的概率相等）",
        ),
        TestId::PositionWorst => (
            "Largest deviation of one position's cards (worst position, chi-square)",
            "单个位置牌面分布的最大偏差（最差位置，卡方）",
        ),
        TestId::CardWorst => (
            "Largest deviation of one card's positions (worst card, chi-square)",
            "单张牌位置分布的最大偏差（最差牌，卡方）",
        ),
        TestId::Adjacency => {
            ("Adjacency / pairs test (which card follows which)", "相邻牌对检验（哪张牌跟在哪张牌之后）")
        }
        TestId::Parity => {
            ("Permutation parity test (even and odd orders equally likely)", "排列奇偶性检验（奇排列与偶排列概率相等）")
        }
        TestId::FixedPoints => {
            ("Fixed points test (cards left in their starting place)", "不动点检验（留在原位的牌数）")
        }
        TestId::Cycles => ("Cycle count test of the permutation", "排列轮换数检验"),
        TestId::Inversions => {
            ("Inversions test (pairs out of order, Kendall's tau)", "逆序数检验（逆序对数，Kendall τ）")
        }
        TestId::RisingSequences => {
            ("Rising sequences test (the riffle-shuffle statistic)", "上升序列检验（鸽尾洗牌统计量）")
        }
        TestId::Descents => ("Descents test (ups and downs of the deck)", "下降数检验（牌序的升与降）"),
        TestId::TurningPoints => ("Turning points test (peaks and valleys)", "转折点检验（峰与谷）"),
        TestId::RunsUpDown => ("Runs test (runs up and down)", "游程检验（升降游程）"),
        TestId::LongestIncreasing => ("Longest increasing subsequence test", "最长上升子序列检验"),
        TestId::FullPermutation => (
            "Chi-square test of whole deck orders (every order equally likely)",
            "整副牌序卡方检验（每种排列概率相等）",
        ),
        TestId::SuitByPosition => ("Chi-square test of suit by position", "逐位置花色卡方检验"),
        TestId::RankByPosition => ("Chi-square test of rank by position", "逐位置点数卡方检验"),
        TestId::FaceByPosition => (
            "Chi-square test of face by position (a shoe's copies together)",
            "逐位置牌面卡方检验（牌靴中同一牌面合并）",
        ),
        TestId::ValueByPosition => (
            "Chi-square test of card value class by position (A, 2–9, ten-value)",
            "逐位置牌值类别卡方检验（A、2–9、十点牌）",
        ),
        TestId::Clumping => ("Clumping test (neighbours of the same value)", "聚集检验（相邻同值牌）"),
        TestId::SerialCorrelation => ("Serial correlation between consecutive decks", "相继牌副之间的序列相关检验"),
        TestId::FaceAdjacency => (
            "Adjacency test of faces (which face follows which in a shoe)",
            "牌面相邻检验（牌靴中哪种牌面跟在哪种之后）",
        ),
        TestId::FaceSerial => (
            "Serial correlation between consecutive shoes (faces at the same position)",
            "相继牌靴之间的序列相关检验（同一位置的牌面）",
        ),
        TestId::Guess => {
            ("Next-card prediction test (a guesser's hits against chance)", "下一张牌预测检验（猜中次数与随机相比）")
        }
        TestId::DuplicateDecks => {
            ("Repeated decks test (birthday test of deck orders)", "重复牌序检验（牌序生日检验）")
        }
        TestId::BottomJoker => ("Dou Dizhu: jokers among the bottom cards", "斗地主：底牌含王的频率"),
        TestId::BigCardsSeat => ("Dou Dizhu: big cards (A, 2, jokers) per seat", "斗地主：各座位大牌（A、2、王）数"),
        TestId::RocketSeat => ("Dou Dizhu: which seat holds the rocket", "斗地主：王炸落在哪个座位"),
        TestId::BombSeat => ("Dou Dizhu: bombs per seat", "斗地主：各座位炸弹数"),
        TestId::BombsPerHand => {
            ("Dou Dizhu: bombs per hand against their exact law", "斗地主：每手炸弹数与精确分布比较")
        }
        TestId::NiuSeat => ("Niu-niu: hand values per seat", "斗牛：各座位牛值分布"),
        TestId::BaccaratOdds => {
            ("Baccarat: banker, player and tie against their exact odds", "百家乐：庄、闲、和与精确赔率比较")
        }
        TestId::NaturalSeat => {
            ("Blackjack: naturals per seat in a shoe's first round", "二十一点：牌靴首轮各座位的天然二十一点")
        }
        TestId::NaturalRounds => {
            ("Blackjack: naturals per seat until the cut card", "二十一点：切牌前各轮各座位的天然二十一点")
        }
        TestId::JokersPerHand => {
            ("Two-deck games: jokers per hand against their exact law", "双副牌游戏：每手王数与精确分布比较")
        }
        TestId::TwoDeckBombs => {
            ("Two-deck games: bombs per hand against their exact law", "双副牌游戏：每手炸弹数与精确分布比较")
        }
        TestId::StraightFlushSeat => {
            ("Two-deck games: which seat holds a straight flush", "双副牌游戏：同花顺落在哪个座位")
        }
        TestId::BottomJokers => {
            ("Two-deck Dou Dizhu: jokers among the 8 bottom cards", "双副斗地主：8 张底牌含王的频率")
        }
        TestId::SeatCard => (
            "Chi-square test of card by seat (each card equally likely at each seat)",
            "逐座位牌面卡方检验（每张牌落在每个座位的概率相等）",
        ),
        TestId::SeatWorst => {
            ("Largest deviation of one seat's cards (worst seat)", "单个座位牌面分布的最大偏差（最差座位）")
        }
        TestId::CardSeatWorst => {
            ("Largest deviation of one card's seats (worst card)", "单张牌座位分布的最大偏差（最差牌）")
        }
        TestId::SecondLevel => (
            "Second-level uniformity of sample p-values (Kolmogorov–Smirnov, Anderson–Darling)",
            "样本 p 值的二级均匀性检验（Kolmogorov–Smirnov、Anderson–Darling）",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_has_a_regulator_name_in_both_languages() {
        let mut seen = std::collections::HashSet::new();
        for test in TestId::ALL {
            let (en, zh) = (regulator_name(test, Lang::En), regulator_name(test, Lang::Zh));
            let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(en.len() > 10 && !cjk(en), "{test}: English name {en:?}");
            assert!(cjk(zh), "{test}: Chinese name {zh:?}");
            assert!(seen.insert(en), "{test}: its English name is another test's");
            assert!(seen.insert(zh), "{test}: its Chinese name is another test's");
        }
        assert_eq!(
            regulator_name(TestId::PositionCard, Lang::En),
            "Chi-square test of card by position (each card equally likely at each position)"
        );
        assert_eq!(regulator_name(TestId::RunsUpDown, Lang::En), "Runs test (runs up and down)");
    }
}
