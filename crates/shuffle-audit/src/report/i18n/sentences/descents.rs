//! `descents`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.descents.mean", "{mean} descents per deck on average (fair {fair})"),
        ("headline.descents.worst", "{value} descents {ratio} as often as fair"),
        (
            "explain.descents.fair",
            "The cards go up and down from one to the next as often as in a random order ({mean} descents per deck, \
             fair {fair}).",
        ),
        (
            "explain.descents.bias",
            "Reading the deck card by card, the values fall {mean} times per deck instead of {fair}: the order of the \
             values has a shape a random order does not have.",
        ),
    ],
    zh: &[
        ("headline.descents.mean", "平均每副牌 {mean} 个下降（公平 {fair}）"),
        ("headline.descents.worst", "{value} 个下降：出现次数是公平情况的 {ratio}"),
        ("explain.descents.fair", "逐张读牌，牌面数值下降的次数与随机排列一样多（每副 {mean} 次，公平值 {fair}）。"),
        (
            "explain.descents.bias",
            "逐张读牌，牌面数值平均每副下降 {mean} 次，而不是 {fair} 次：数值的起伏有随机排列没有的形状。",
        ),
    ],
    ..TestWords::NONE
};
