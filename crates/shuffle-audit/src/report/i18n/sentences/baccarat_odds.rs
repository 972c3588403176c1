//! `baccarat-odds`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("coup.banker", "the banker wins"),
        ("coup.player", "the player wins"),
        ("coup.tie", "it ties"),
        ("headline.baccarat-odds", "first coup: {outcome} {rate} of shoes vs {fair} fair"),
        (
            "explain.baccarat-odds.chance",
            "The first coups follow the exact odds of a fair shoe within chance: banker {banker}, player {player}, \
             tie {tie} over {deals} shoes (fair {fair_banker}, {fair_player}, {fair_tie}).",
        ),
        (
            "explain.baccarat-odds",
            "The first coup of each shoe does not follow the exact odds of a fair shoe: {outcome} in {rate} of \
             shoes instead of {fair} (banker {banker}, player {player}, tie {tie} over {deals} shoes).",
        ),
    ],
    zh: &[
        ("coup.banker", "庄赢"),
        ("coup.player", "闲赢"),
        ("coup.tie", "和局"),
        ("headline.baccarat-odds", "每个牌靴的第一局{outcome}的比例 {rate}，公平值 {fair}"),
        (
            "explain.baccarat-odds.chance",
            "每个牌靴的第一局与公平牌靴的精确概率只差随机波动：{deals} 个牌靴中庄赢 {banker}、闲赢 {player}、和局 {tie}（公平值 {fair_banker}、{fair_player}、{fair_tie}）。",
        ),
        (
            "explain.baccarat-odds",
            "每个牌靴的第一局不符合公平牌靴的精确概率：{outcome}的比例是 {rate}，公平值是 {fair}（{deals} 个牌靴中庄赢 {banker}、闲赢 {player}、和局 {tie}）。",
        ),
    ],
    ..TestWords::NONE
};
