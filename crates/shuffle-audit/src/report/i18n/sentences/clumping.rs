//! `clumping`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.clumping.mean", "{mean} neighbours of equal value per shoe on average (fair {fair})"),
        ("headline.clumping.worst", "{value} neighbours of equal value {ratio} as often as fair"),
        (
            "explain.clumping.fair",
            "Cards of the same value sit next to each other as often as in a fairly shuffled shoe ({mean} pairs of \
             neighbours per shoe, fair {fair}).",
        ),
        (
            "explain.clumping.bias",
            "Cards of the same value sit next to each other {mean} times per shoe instead of {fair}: the values come \
             in clumps (or spread out) more than a fair shuffle of this shoe allows.",
        ),
    ],
    zh: &[
        ("headline.clumping.mean", "平均每个牌靴 {mean} 对相邻同点值的牌（公平 {fair}）"),
        ("headline.clumping.worst", "{value} 对相邻同点值的牌：出现次数是公平情况的 {ratio}"),
        ("explain.clumping.fair", "同点值的牌相邻的次数与公平洗过的牌靴一样多（每个牌靴 {mean} 对，公平值 {fair}）。"),
        (
            "explain.clumping.bias",
            "同点值的牌平均每个牌靴相邻 {mean} 次，而不是 {fair}：点值扎堆（或分散）的程度超出了公平洗牌所允许的范围。",
        ),
    ],
    ..TestWords::NONE
};
