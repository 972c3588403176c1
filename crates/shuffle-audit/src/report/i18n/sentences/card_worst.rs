//! `card-worst`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.card-worst", "card {card} is the least uniform: {ratio} at worst"),
        (
            "explain.card-worst",
            "The least uniform card is card {card}: its largest deviation is {deviation} from fair.",
        ),
    ],
    zh: &[
        ("headline.card-worst", "{card} 最不均匀：最大偏离 {ratio}"),
        (
            "explain.card-worst",
            "最不均匀的牌是 {card}：偏离最大的是它落在位置 {position} 的次数，与公平情况相差 {deviation}。",
        ),
    ],
    ..TestWords::NONE
};
