//! `seat-card`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.seat-card", "{most} goes {most_to} {most_ratio}; {least} {least_to} {least_ratio}"),
        (
            "explain.seat-card.noise",
            "Every card goes to every seat about as often as chance allows: the most favoured pair ({card} {to}) is \
             {deviation} from fair, within noise.",
        ),
        (
            "explain.seat-card.bias",
            "Some seats receive some cards more than others: {most} goes {most_to} {most_ratio} as often as it \
             should, and {least} {least_to} only {least_ratio}.",
        ),
    ],
    zh: &[
        ("headline.seat-card", "{most} {most_to}：{most_ratio}；{least} {least_to}：{least_ratio}"),
        (
            "explain.seat-card.noise",
            "每张牌发到每个座位的频率都在随机波动范围内：偏离最大的组合（{card} {to}）与公平情况相差 {deviation}，属于噪声。",
        ),
        (
            "explain.seat-card.bias",
            "有些座位比其他座位更常拿到某些牌：{most} {most_to}的次数是应有的 {most_ratio}，而 {least} {least_to}只有 \
             {least_ratio}。",
        ),
    ],
    ..TestWords::NONE
};
