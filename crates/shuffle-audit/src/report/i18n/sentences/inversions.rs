//! `inversions`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.inversions", "{inverted}% of pairs inverted (fair 50%), shift {shift} sd"),
        (
            "explain.inversions.fair",
            "Pairs of cards end up in the opposite of their starting order as often as in a random order \
             ({inverted}% of pairs, fair 50%).",
        ),
        (
            "explain.inversions.keeps-order",
            "The decks keep more of their starting order than a random order does: {inverted}% of pairs are \
             inverted instead of 50%.",
        ),
        (
            "explain.inversions.reverses-order",
            "The decks keep less of their starting order than a random order does: {inverted}% of pairs are \
             inverted instead of 50%.",
        ),
        (
            "explain.inversions.law",
            "The number of inverted pairs does not follow its exact law, though its mean is right: some counts are \
             over- or under-represented.",
        ),
    ],
    zh: &[
        ("headline.inversions", "{inverted}% 的牌对顺序颠倒（公平 50%），偏移 {shift} 个标准差"),
        ("explain.inversions.fair", "顺序颠倒的牌对与随机排列一样多（占全部牌对的 {inverted}%，公平值 50%）。"),
        (
            "explain.inversions.keeps-order",
            "这些牌比随机排列保留了更多的初始顺序：顺序颠倒的牌对占 {inverted}%，而不是 50%。",
        ),
        (
            "explain.inversions.reverses-order",
            "这些牌比随机排列更多地颠倒了初始顺序：顺序颠倒的牌对占 {inverted}%，而不是 50%。",
        ),
        ("explain.inversions.law", "顺序颠倒的牌对数量不符合其精确分布，尽管平均值是对的：某些取值出现得过多或过少。"),
    ],
    ..TestWords::NONE
};
