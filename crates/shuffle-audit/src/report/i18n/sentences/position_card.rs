//! `position-card`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.no-cell-stands-out", "no cell stands out: every cell within ±{band} of fair"),
        (
            "headline.position-card.home",
            "{most} stays at its starting position {most_position}: {most_ratio}; {least} at {least_position}: \
             {least_ratio}",
        ),
        (
            "headline.position-card",
            "{most} at position {most_position}: {most_ratio}; {least} at {least_position}: {least_ratio}",
        ),
        (
            "explain.position-card.diffuse",
            "Cards favour some positions as a whole — noncentrality {per_shuffle} per shuffle (99% interval \
             {low}..{high}), like every cell off by ±{rms}% — but no single cell stands out of its noise band \
             (±{band}).",
        ),
        (
            "explain.position-card.noise",
            "Cards land at every position about as often as chance allows: the most over-represented card and \
             position ({card} at {position}) comes up {excess}% more often than fair, within noise.",
        ),
        (
            "explain.position-card.bias",
            "Some cards favour some positions: {most} lands at position {most_position} {most_ratio} as often as it \
             should, and {least} at position {least_position} only {least_ratio}.",
        ),
    ],
    zh: &[
        ("headline.no-cell-stands-out", "没有哪个格子突出：每格都在公平值的 ±{band} 以内"),
        (
            "headline.position-card.home",
            "{most} 在位置 {most_position}：{most_ratio}；{least} 在位置 {least_position}：{least_ratio}",
        ),
        (
            "headline.position-card",
            "{most} 在位置 {most_position}：{most_ratio}；{least} 在位置 {least_position}：{least_ratio}",
        ),
        (
            "explain.position-card.diffuse",
            "牌的位置整体上有偏：每次洗牌的非中心参数为 {per_shuffle}（99% 区间 {low}..{high}），相当于每格偏离 ±{rms}%，\
             但没有哪个格子超出它的噪声带（±{band}）。",
        ),
        (
            "explain.position-card.noise",
            "每张牌落在每个位置的频率都在随机波动范围内：偏离最大的是 {card} 在位置 {position}，比公平情况多 {excess}%，属于噪声。",
        ),
        (
            "explain.position-card.bias",
            "有些牌偏爱某些位置：{most} 落在位置 {most_position} 的次数是应有的 {most_ratio}，而 {least} 落在位置 \
             {least_position} 只有 {least_ratio}。",
        ),
    ],
    ..TestWords::NONE
};
