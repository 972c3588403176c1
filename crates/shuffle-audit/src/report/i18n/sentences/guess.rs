//! `guess`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("guesser.marginal", "marginal"),
        ("guesser.successor", "successor"),
        ("guesser.above-last", "above-last"),
        ("headline.guess", "{guesser} guesses {extra} cards per deck over chance (99%: {low} to {high})"),
        ("headline.guess-shoe", "{guesser} guesses {extra} cards per shoe over chance (99%: {low} to {high})"),
        (
            "explain.guess.fair",
            "A player who names each next card from the cards already shown, having watched the run's earlier decks \
             (up to 16,384 at a time), gets {right} right per deck, as chance gives ({chance}): {extra} extra cards \
             per deck (99%: {low} to {high}) over {decks} decks, with the {guesser} guesser.",
        ),
        (
            "explain.guess.bias",
            "A player who has watched these decks (up to 16,384 at a time) and names each next card from the cards \
             already shown guesses {extra} more cards per deck than chance (99%: {low} to {high}): {right} right \
             instead of {chance}, over {decks} decks, with the {guesser} guesser.",
        ),
        (
            "explain.guess-shoe.fair",
            "A player who names each next card from the cards already shown, having watched the run's earlier shoes \
             (up to 16,384 at a time), gets {right} right per shoe, as chance gives ({chance}): {extra} extra cards \
             per shoe (99%: {low} to {high}) over {decks} shoes, with the {guesser} guesser.",
        ),
        (
            "explain.guess-shoe.bias",
            "A player who has watched these shoes (up to 16,384 at a time) and names each next card from the cards \
             already shown guesses {extra} more cards per shoe than chance (99%: {low} to {high}): {right} right \
             instead of {chance}, over {decks} shoes, with the {guesser} guesser.",
        ),
    ],
    zh: &[
        ("guesser.marginal", "按位置计数"),
        ("guesser.successor", "按上一张的后继计数"),
        ("guesser.above-last", "上一张之上的最小牌"),
        ("headline.guess", "「{guesser}」猜牌器每副比随机多猜对 {extra} 张（99%：{low} 至 {high}）"),
        ("headline.guess-shoe", "「{guesser}」猜牌器每个牌靴比随机多猜对 {extra} 张（99%：{low} 至 {high}）"),
        (
            "explain.guess.fair",
            "看过本次运行前面的牌（每次最多 16,384 副）、根据已亮出的牌猜下一张的玩家，每副猜对 {right} 张，\
             与随机一样（{chance}）：{decks} 副牌中每副多猜对 {extra} 张（99%：{low} 至 {high}），猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess.bias",
            "看过这些牌（每次最多 16,384 副）、根据已亮出的牌猜下一张的玩家，每副比随机多猜对 {extra} 张\
             （99%：{low} 至 {high}）：共 {decks} 副，每副猜对 {right} 张，而随机只有 {chance} 张，猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess-shoe.fair",
            "看过本次运行前面的牌靴（每次最多 16,384 个）、根据已亮出的牌猜下一张的玩家，每个牌靴猜对 {right} 张，\
             与随机一样（{chance}）：{decks} 个牌靴中每个多猜对 {extra} 张（99%：{low} 至 {high}），猜牌器为「{guesser}」。",
        ),
        (
            "explain.guess-shoe.bias",
            "看过这些牌靴（每次最多 16,384 个）、根据已亮出的牌猜下一张的玩家，每个牌靴比随机多猜对 {extra} 张\
             （99%：{low} 至 {high}）：共 {decks} 个牌靴，每个牌靴猜对 {right} 张，而随机只有 {chance} 张，猜牌器为「{guesser}」。",
        ),
    ],
    ..TestWords::NONE
};
