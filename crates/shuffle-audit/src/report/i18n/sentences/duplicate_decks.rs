//! `duplicate-decks`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.duplicate-decks.none", "no deck repeats among the first {decks}"),
        (
            "headline.duplicate-decks.repeats",
            "{repeats} repeated decks among the first {decks}: about {space} possible decks",
        ),
        (
            "explain.duplicate-decks.fair",
            "No two of the first {decks} decks are the same, as expected of a shuffle that can deal every order \
             ({fair_pairs} repeated pairs expected): the decks come from at least {space} equally likely decks. \
             This says nothing of how predictable a deal is: a generator seeded from the clock passes too.",
        ),
        (
            "explain.duplicate-decks.repeats",
            "{repeats} of the first {decks} decks are exact copies of an earlier deck ({pairs} repeated pairs, \
             where a fair shuffle expects {fair_pairs}): the decks come from only about {space} possible decks \
             (95%: {interval}), as when the dealer reseeds its generator from a small seed space before every deal. \
             Each deck can look perfectly uniform, yet anyone who knows the seed space can list every deal the \
             dealer can make.",
        ),
    ],
    zh: &[
        ("headline.duplicate-decks.none", "前 {decks} 副牌中没有重复的牌"),
        ("headline.duplicate-decks.repeats", "前 {decks} 副牌中有 {repeats} 副重复：只有约 {space} 种可能的牌序"),
        (
            "explain.duplicate-decks.fair",
            "前 {decks} 副牌中没有任何两副完全相同，符合一个能发出所有牌序的洗牌（公平洗牌预期 {fair_pairs} \
             对重复）：这些牌至少来自 {space} 种等可能的牌序。但这并不说明发牌不可预测：用时钟做种子的随机数发生器也能通过。",
        ),
        (
            "explain.duplicate-decks.repeats",
            "前 {decks} 副牌中有 {repeats} 副与之前的某副牌完全相同（{pairs} 对重复，公平洗牌预期只有 \
             {fair_pairs} 对）：这些牌只来自约 {space} 种可能的牌序（95% 区间：{interval}），就像发牌程序每一局都从很小的种子空间\
             重新设置随机数种子。每一副牌单独看都可能完全均匀，但知道种子空间的人可以列出发牌程序能发出的每一局牌。",
        ),
    ],
    ..TestWords::NONE
};
