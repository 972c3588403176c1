//! `niu-seat`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.niu-seat", "seat {seat} gets {niu} {rate} vs {fair} fair"),
        (
            "explain.niu-seat",
            "Seat {seat}'s hands do not follow the odds of a fair deal: {niu} comes up in {rate} of its hands \
             instead of {fair}.",
        ),
    ],
    zh: &[
        ("headline.niu-seat", "玩家{seat}拿到{niu}的比例 {rate}，公平值 {fair}"),
        ("explain.niu-seat", "玩家{seat}的牌不符合公平发牌的概率：{niu}在它的手牌中占 {rate}，公平值是 {fair}。"),
    ],
    ..TestWords::NONE
};
