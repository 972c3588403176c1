//! `turning-points`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.turning.mean", "{mean} valleys per deck on average (fair {fair})"),
        ("headline.turning.worst", "{value} turning points {ratio} as often as fair"),
        (
            "explain.turning.fair",
            "Peaks and valleys (a card higher, or lower, than both its neighbours) are as many as in a random order \
             ({mean} valleys per deck, fair {fair}).",
        ),
        (
            "explain.turning.bias",
            "The decks have {mean} valleys (a card lower than both its neighbours) on average instead of {fair}, or \
             peaks and valleys in the wrong proportions: the mark of a machine that builds piles by putting cards on \
             top or at the bottom, whose piles read down then up.",
        ),
    ],
    zh: &[
        ("headline.turning.mean", "平均每副牌 {mean} 个谷（公平 {fair}）"),
        ("headline.turning.worst", "{value} 个转折点：出现次数是公平情况的 {ratio}"),
        (
            "explain.turning.fair",
            "峰和谷（比两侧的牌都大或都小的牌）与随机排列一样多（每副平均 {mean} 个谷，公平值 {fair}）。",
        ),
        (
            "explain.turning.bias",
            "平均每副牌有 {mean} 个谷（比两侧的牌都小的牌），而不是 {fair} 个，或峰与谷的比例不对：\
             这是把牌放在牌堆顶部或底部来组成牌堆的洗牌机留下的痕迹，它的每一堆牌先降后升。",
        ),
    ],
    ..TestWords::NONE
};
