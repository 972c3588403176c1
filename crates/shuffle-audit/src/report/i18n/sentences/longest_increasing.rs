//! `longest-increasing`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.lis.mean", "longest increasing subsequence {mean} cards on average (fair {fair})"),
        ("headline.lis.worst", "a longest increasing subsequence of {value} cards {ratio} as often as fair"),
        (
            "explain.lis.fair",
            "The longest increasing subsequence (the most cards that can be picked out in rising order) is as long \
             as in a random order ({mean} cards per deck, fair {fair}).",
        ),
        (
            "explain.lis.bias",
            "The most cards that can be picked out of a deck in rising order is {mean} on average instead of \
             {fair}: the deck keeps long rising threads of its starting order (a riffle or a machine that interleaves \
             piles leaves them), or breaks them more than chance does.",
        ),
    ],
    zh: &[
        ("headline.lis.mean", "最长递增子序列平均 {mean} 张（公平 {fair}）"),
        ("headline.lis.worst", "最长递增子序列为 {value} 张：出现次数是公平情况的 {ratio}"),
        (
            "explain.lis.fair",
            "最长递增子序列（能按从小到大顺序挑出的最多张数）与随机排列一样长（每副平均 {mean} 张，公平值 {fair}）。",
        ),
        (
            "explain.lis.bias",
            "每副牌能按从小到大顺序挑出的最多张数平均为 {mean}，而不是 {fair}：牌保留了原有顺序中长长的递增线索\
             （鸽尾洗牌或把几堆牌交错合并的洗牌机会留下它们），或者比随机更多地打断了它们。",
        ),
    ],
    ..TestWords::NONE
};
