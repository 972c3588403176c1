//! `adjacency`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.adjacency", "{next} right after {first}: {ratio}"),
        (
            "explain.adjacency.fair",
            "Which card follows which is as random as it should be: the most frequent pair ({first} then {next}) \
             comes up {deviation} more often than fair, within noise.",
        ),
        (
            "explain.adjacency.bias",
            "The order of the cards survives the shuffle: {next} lies right after {first} {ratio} as often as it \
             should. Position counts can look perfectly fair while this happens (a cut does exactly that).",
        ),
    ],
    zh: &[
        ("headline.adjacency", "{next} 紧跟在 {first} 之后：{ratio}"),
        (
            "explain.adjacency.fair",
            "哪张牌跟在哪张牌后面与随机情况一致：最常见的相邻组合（{first} 后面是 {next}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.adjacency.bias",
            "牌原有的先后顺序在洗牌后保留了下来：{next} 紧跟在 {first} 之后的次数是应有的 {ratio}。\
             即使每个位置的统计看起来完全公平，也会出现这种情况（切牌正是如此）。",
        ),
    ],
    ..TestWords::NONE
};
