//! `face-adjacency`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.face-adjacency", "a {next} right after a {first}: {ratio}"),
        (
            "explain.face-adjacency.fair",
            "Which face follows which is as random as in a fairly shuffled shoe: the most frequent pair (a {first} \
             then a {next}) comes up {deviation} more often than fair, within noise.",
        ),
        (
            "explain.face-adjacency.bias",
            "The shoe keeps the order of its faces: a {next} lies right after a {first} {ratio} as often as it \
             should. The faces' position counts can look fair while blocks of cards stay together.",
        ),
    ],
    zh: &[
        ("headline.face-adjacency", "{next} 紧跟在 {first} 之后（按牌面）：{ratio}"),
        (
            "explain.face-adjacency.fair",
            "哪种牌面跟在哪种牌面后面与公平洗过的牌靴一致：最常见的组合（{first} 后面是 {next}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.face-adjacency.bias",
            "牌靴保留了牌面原有的先后顺序：{next} 紧跟在 {first} 之后的次数是应有的 {ratio}。\
             即使各牌面在每个位置的统计看起来公平，成块的牌仍可能没有被打散。",
        ),
    ],
    ..TestWords::NONE
};
