//! `seat-worst`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.seat-worst", "{group} is the least uniform: {card} {ratio} as often as fair"),
        ("explain.seat-worst", "The least uniform seat is {group}: it gets {card} {deviation} from fair."),
    ],
    zh: &[
        ("headline.seat-worst", "{group} 最不均匀：{card} 出现的次数是公平情况的 {ratio}"),
        ("explain.seat-worst", "分到的牌最不均匀的是{group}：{card} 出现在{in}的次数与公平情况相差 {deviation}。"),
    ],
    ..TestWords::NONE
};
