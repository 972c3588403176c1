//! `fixed-points`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.fixed-points.none", "no card ever stays in place (fair: 1 per deck on average)"),
        ("headline.fixed-points.always", "every deck has exactly {value} fixed points"),
        ("headline.fixed-points.mean", "{mean} fixed points per deck on average (fair: 1)"),
        ("headline.fixed-points.worst-one", "{value} fixed point: {ratio} as often as fair"),
        ("headline.fixed-points.worst-many", "{value} fixed points: {ratio} as often as fair"),
        (
            "explain.fixed-points.fair",
            "Cards stay at their starting position as often as chance allows ({mean} per deck on average, fair is \
             1).",
        ),
        (
            "explain.fixed-points.none",
            "No card ever stays where it started, in any deck, where a fair shuffle leaves one card in place per deck \
             on average: the shuffle moves every card, every time, and so rules out every order with a fixed point.",
        ),
        (
            "explain.fixed-points.always",
            "Every deck had exactly {value} cards at their starting positions, where a fair shuffle's count varies \
             from deck to deck around 1.",
        ),
        (
            "explain.fixed-points.few-one",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             point happens {ratio} as often as it should: the shuffle moves cards away from their starting places \
             more often than chance does.",
        ),
        (
            "explain.fixed-points.few-many",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             points happen {ratio} as often as they should: the shuffle moves cards away from their starting places \
             more often than chance does.",
        ),
        (
            "explain.fixed-points.bias-one",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             point happen {ratio} as often as they should: the shuffle does not move every card enough.",
        ),
        (
            "explain.fixed-points.bias-many",
            "Cards stay where they started {mean} times per deck on average instead of once, and {value} fixed \
             points happen {ratio} as often as they should: the shuffle does not move every card enough.",
        ),
    ],
    zh: &[
        ("headline.fixed-points.none", "没有一张牌留在原位（公平：平均每副 1 张）"),
        ("headline.fixed-points.always", "每副牌都恰好有 {value} 个不动点"),
        ("headline.fixed-points.mean", "平均每副牌 {mean} 个不动点（公平：1）"),
        ("headline.fixed-points.worst-one", "{value} 个不动点：出现次数是公平情况的 {ratio}"),
        ("headline.fixed-points.worst-many", "{value} 个不动点：出现次数是公平情况的 {ratio}"),
        ("explain.fixed-points.fair", "留在原位的牌和随机情况一样多（平均每副牌 {mean} 张，公平值为 1）。"),
        (
            "explain.fixed-points.none",
            "没有任何一副牌有牌留在原位，而公平的洗牌平均每副会留下 1 张：这种洗牌每次都移动每一张牌，\
             因而排除了所有带不动点的牌序。",
        ),
        ("explain.fixed-points.always", "每副牌都恰好有 {value} 张牌留在原位，而公平洗牌的这个数在 1 附近随牌而变。"),
        (
            "explain.fixed-points.few-one",
            "平均每副牌只有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌把牌移离原位的次数比随机情况更多。",
        ),
        (
            "explain.fixed-points.few-many",
            "平均每副牌只有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌把牌移离原位的次数比随机情况更多。",
        ),
        (
            "explain.fixed-points.bias-one",
            "平均每副牌有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌没有把每张牌都充分移动。",
        ),
        (
            "explain.fixed-points.bias-many",
            "平均每副牌有 {mean} 张牌留在原位，而不是 1 张；恰好 {value} 个不动点的情况出现的次数是应有的 {ratio}：\
             这种洗牌没有把每张牌都充分移动。",
        ),
    ],
    ..TestWords::NONE
};
