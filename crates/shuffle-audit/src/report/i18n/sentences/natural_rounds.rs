//! `natural-rounds`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.natural-rounds", "{who}: {naturals} naturals in {rounds} rounds vs {expected} fair"),
        (
            "explain.natural-rounds",
            "Over {rounds} rounds of {shoes} shoes, {who} was dealt {naturals} naturals, where the cards left before each \
             round make {expected} the fair count ({change}%){favoured}.",
        ),
    ],
    zh: &[
        ("headline.natural-rounds", "{who}在 {rounds} 轮中拿到 {naturals} 次黑杰克，公平值 {expected}"),
        (
            "explain.natural-rounds",
            "{shoes} 个牌靴共 {rounds} 轮中，{who}拿到 {naturals} 次黑杰克，而按每轮开始前剩下的牌，公平值是 {expected} 次（{change}%）：{favoured}。",
        ),
    ],
    ..TestWords::NONE
};
