//! `face-serial`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.face-serial", "{from} then {to} at the same place in the next shoe: {ratio}; faces kept {kept}"),
        (
            "explain.face-serial.fair",
            "Consecutive shoes are unrelated, as they should be: a position's face says nothing about its face in \
             the next shoe (faces kept {kept} as often as fair).",
        ),
        (
            "explain.face-serial.bias",
            "Consecutive shoes are related: where a shoe had a {from}, the next shoe has a {to} {ratio} as often as \
             chance allows (faces kept in place {kept} as often as fair); the shoe is not shuffled afresh, or its \
             generator repeats.",
        ),
    ],
    zh: &[
        ("headline.face-serial", "下一个牌靴同一位置 {from} 之后是 {to}：{ratio}；牌面保留 {kept}"),
        (
            "explain.face-serial.fair",
            "相邻两个牌靴互不相关，符合预期：某个位置这一次的牌面，不能说明它下一次的牌面（牌面保留的次数是公平情况的 {kept}）。",
        ),
        (
            "explain.face-serial.bias",
            "相邻两个牌靴相互关联：上一个牌靴是 {from} 的位置，下一个牌靴出现 {to} 的次数是随机情况的 {ratio}\
             （同一位置牌面保留的次数是公平情况的 {kept}）；牌靴没有重新充分洗牌，或者随机数发生器在重复。",
        ),
    ],
    ..TestWords::NONE
};
