//! `card-seat-worst`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.card-seat-worst", "{card} goes {to} {ratio} as often as fair"),
        (
            "explain.card-seat-worst",
            "The card whose seat is least random is {card}: it goes {to} {deviation} from fair.",
        ),
    ],
    zh: &[
        ("headline.card-seat-worst", "{card} {to}的次数是公平情况的 {ratio}"),
        ("explain.card-seat-worst", "去向最不随机的牌是 {card}：它{to}的次数与公平情况相差 {deviation}。"),
    ],
    ..TestWords::NONE
};
