//! `runs-up-down`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.runs-ud.mean", "{mean} runs up and down per deck on average (fair {fair})"),
        ("headline.runs-ud.worst", "{value} runs up and down {ratio} as often as fair"),
        (
            "explain.runs-ud.fair",
            "The runs of rising and of falling values are as many as in a random order ({mean} per deck, fair \
             {fair}).",
        ),
        (
            "explain.runs-ud.bias",
            "Read card by card, the values run up and down in {mean} alternating runs per deck instead of {fair}: \
             they rise and fall in longer or shorter stretches than a random order's.",
        ),
    ],
    zh: &[
        ("headline.runs-ud.mean", "平均每副牌 {mean} 段升降游程（公平 {fair}）"),
        ("headline.runs-ud.worst", "{value} 段升降游程：出现次数是公平情况的 {ratio}"),
        ("explain.runs-ud.fair", "数值连续上升和连续下降的段数与随机排列一样多（每副 {mean} 段，公平值 {fair}）。"),
        (
            "explain.runs-ud.bias",
            "牌面数值的升降段数平均每副为 {mean}，而不是 {fair}：数值上升和下降的段落比随机排列的更长或更短。",
        ),
    ],
    ..TestWords::NONE
};
