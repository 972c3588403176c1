//! `cycles`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.cycles.one", "every deck is one cycle (fair: {fair} cycles on average)"),
        ("headline.cycles.always", "every deck has exactly {value} cycles (fair: {fair} on average)"),
        ("headline.cycles.never", "never {cycles} cycles (expected {expected} times); mean {mean} (fair {fair})"),
        ("headline.cycles.worst", "{mean} cycles on average (fair {fair}); {value} cycles {ratio}"),
        (
            "explain.cycles.fair",
            "The shuffled decks break into cycles as a random order does ({mean} on average, fair {fair}).",
        ),
        (
            "explain.cycles.one",
            "Every deck is a single cycle through all its cards (a fair shuffle gives {fair} cycles on average): no \
             card can stay in place, as in Sattolo's algorithm.",
        ),
        ("explain.cycles.always", "Every deck had exactly {value} cycles (a fair shuffle gives {fair} on average)."),
        (
            "explain.cycles.never",
            "No deck ever had {cycles} cycles, though a fair shuffle would give about {expected}: whole classes of \
             orders are out of reach (the cycle count fixes the permutation's parity).",
        ),
        (
            "explain.cycles.bias",
            "The decks break into {mean} cycles on average instead of {fair}; {value} cycles happen {ratio} as often \
             as they should.",
        ),
    ],
    zh: &[
        ("headline.cycles.one", "每副牌都是一个轮换（公平：平均 {fair} 个循环）"),
        ("headline.cycles.always", "每副牌都恰好有 {value} 个循环（公平：平均 {fair} 个）"),
        ("headline.cycles.never", "从未出现 {cycles} 个循环（期望 {expected} 次）；平均 {mean} 个（公平 {fair}）"),
        ("headline.cycles.worst", "平均 {mean} 个循环（公平 {fair}）；{value} 个循环：{ratio}"),
        ("explain.cycles.fair", "洗好的牌分解成的循环个数与随机排列一致（平均 {mean} 个，公平值 {fair}）。"),
        (
            "explain.cycles.one",
            "每副牌都是包含全部牌的一个轮换（公平洗牌平均有 {fair} 个循环）：没有一张牌能留在原位，正如 Sattolo 算法。",
        ),
        ("explain.cycles.always", "每副牌都恰好有 {value} 个循环（公平洗牌平均 {fair} 个）。"),
        (
            "explain.cycles.never",
            "没有任何一副牌恰好分解成 {cycles} 个循环，而公平的洗牌应出现约 {expected} 次：\
             有一整类牌序根本无法产生（循环个数决定了排列的奇偶性）。",
        ),
        (
            "explain.cycles.bias",
            "牌平均分解成 {mean} 个循环，而不是 {fair} 个；{value} 个循环出现的次数是应有的 {ratio}。",
        ),
    ],
    ..TestWords::NONE
};
