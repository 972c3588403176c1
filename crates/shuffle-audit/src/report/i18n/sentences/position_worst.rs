//! `position-worst`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.position-worst", "position {position} is the least uniform: {ratio} at worst"),
        (
            "explain.position-worst",
            "The least uniform position is position {position}: its largest deviation is {deviation} from fair.",
        ),
    ],
    zh: &[
        ("headline.position-worst", "位置 {position} 最不均匀：最大偏离 {ratio}"),
        (
            "explain.position-worst",
            "最不均匀的位置是位置 {position}：偏离最大的是 {card} 落在这里的次数，与公平情况相差 {deviation}。",
        ),
    ],
    ..TestWords::NONE
};
