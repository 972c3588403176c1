//! `parity`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.parity.never-odd", "never odd"),
        ("headline.parity.never-even", "never even"),
        ("headline.parity.share", "{share}% odd permutations (fair: 50%)"),
        (
            "explain.parity.all-even",
            "All {decks} decks were even permutations: half of all possible orders can never come out of this \
             shuffle (a fixed number of swaps of two different cards always gives the same parity).",
        ),
        (
            "explain.parity.all-odd",
            "All {decks} decks were odd permutations: half of all possible orders can never come out of this \
             shuffle (a fixed number of swaps of two different cards always gives the same parity).",
        ),
        ("explain.parity.fair", "Even and odd orders come up equally often, as they should ({share}% odd)."),
        ("explain.parity.bias", "Odd orders make up {share}% of the decks instead of half."),
    ],
    zh: &[
        ("headline.parity.never-odd", "从不出现奇排列"),
        ("headline.parity.never-even", "从不出现偶排列"),
        ("headline.parity.share", "奇排列占 {share}%（公平：50%）"),
        (
            "explain.parity.all-even",
            "全部 {decks} 副牌都是偶排列：有一半的牌序永远不可能由这种洗牌产生\
             （固定次数的两两交换，每次交换两张不同的牌，得到的排列奇偶性总是相同）。",
        ),
        (
            "explain.parity.all-odd",
            "全部 {decks} 副牌都是奇排列：有一半的牌序永远不可能由这种洗牌产生\
             （固定次数的两两交换，每次交换两张不同的牌，得到的排列奇偶性总是相同）。",
        ),
        ("explain.parity.fair", "奇排列和偶排列出现得一样多，符合预期（奇排列占 {share}%）。"),
        ("explain.parity.bias", "奇排列占 {share}%，而不是一半。"),
    ],
    ..TestWords::NONE
};
