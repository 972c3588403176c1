//! `serial-correlation`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.serial-correlation", "position {from} -> {to} in the next deck: {ratio}; r = {r}"),
        (
            "explain.serial-correlation.fair",
            "Consecutive decks are unrelated, as they should be: where a card lands says nothing about where it \
             lands next time (correlation {r}).",
        ),
        (
            "explain.serial-correlation.bias",
            "Consecutive decks are related: a card at position {from} moves to position {to} in the next deck \
             {ratio} as often as independent decks with the same position counts would (position correlation {r}); \
             the generator's stream repeats or is predictable.",
        ),
    ],
    zh: &[
        ("headline.serial-correlation", "位置 {from} → 下一副牌的位置 {to}：{ratio}；r = {r}"),
        (
            "explain.serial-correlation.fair",
            "相邻两副牌互不相关，符合预期：一张牌这一次落在哪里，不能说明它下一次落在哪里（相关系数 {r}）。",
        ),
        (
            "explain.serial-correlation.bias",
            "相邻两副牌相互关联：这一副牌位置 {from} 上的牌，在下一副牌中落到位置 {to} 的次数是位置分布相同、彼此独立的牌副的 {ratio}\
             （位置相关系数 {r}）；随机数发生器的输出序列在重复，或者可以预测。",
        ),
    ],
    ..TestWords::NONE
};
