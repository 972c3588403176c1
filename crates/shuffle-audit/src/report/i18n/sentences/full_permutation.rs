//! `full-permutation`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.full-permutation.never", "{never} of {orders} orders never occur"),
        ("headline.full-permutation.most", "order {order} comes up {ratio} as often as fair"),
        (
            "explain.full-permutation.fair",
            "All {orders} orders of the {n} cards come up about equally often ({expected} each on average).",
        ),
        (
            "explain.full-permutation.never",
            "{never} of the {orders} possible orders never came up, though each should have about {expected} times.",
        ),
        (
            "explain.full-permutation.bias",
            "Some orders are favoured: {most} comes up {most_ratio} as often as it should and {least} only \
             {least_ratio}.",
        ),
    ],
    zh: &[
        ("headline.full-permutation.never", "{orders} 种牌序中有 {never} 种从未出现"),
        ("headline.full-permutation.most", "牌序 {order} 出现的次数是公平情况的 {ratio}"),
        (
            "explain.full-permutation.fair",
            "{n} 张牌的全部 {orders} 种牌序出现得差不多一样多（平均每种 {expected} 次）。",
        ),
        (
            "explain.full-permutation.never",
            "{orders} 种可能的牌序中有 {never} 种从未出现，而每种本应出现约 {expected} 次。",
        ),
        (
            "explain.full-permutation.bias",
            "有些牌序受到偏爱：{most} 出现的次数是应有的 {most_ratio}，而 {least} 只有 {least_ratio}。",
        ),
    ],
    ..TestWords::NONE
};
