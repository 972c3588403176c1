//! `rising-sequences`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.rising.mean", "{mean} rising sequences on average (fair {fair})"),
        ("headline.rising.worst", "{value} rising sequences {ratio} as often as fair"),
        (
            "explain.rising.fair",
            "Runs of consecutive cards in their original order are as many as in a random order ({mean} on average, \
             fair {fair}).",
        ),
        (
            "explain.rising.bias",
            "The decks hold {mean} rising sequences (runs of consecutive cards still in their original order) on \
             average instead of {fair}: the original order survives the shuffle, as it does after too few riffles \
             or a cut.",
        ),
    ],
    zh: &[
        ("headline.rising.mean", "平均 {mean} 个上升序列（公平 {fair}）"),
        ("headline.rising.worst", "{value} 个上升序列：出现次数是公平情况的 {ratio}"),
        ("explain.rising.fair", "仍按原有顺序排列的连续牌段与随机排列一样多（平均 {mean} 个，公平值 {fair}）。"),
        (
            "explain.rising.bias",
            "平均每副牌有 {mean} 个上升序列（仍按原有顺序排列的一串连续的牌），而不是 {fair} 个：\
             原来的顺序在洗牌后保留了下来，就像鸽尾式洗牌次数太少或只切了牌一样。",
        ),
    ],
    ..TestWords::NONE
};
