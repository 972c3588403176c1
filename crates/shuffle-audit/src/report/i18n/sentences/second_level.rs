//! `second-level`'s sentences, in English and Chinese: the templates of its headline and explanations,
//! which `messages.rs` chooses from its finding.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("headline.second-level", "{test} ({form}) over {samples} samples: KS p {ks}, AD p {ad}"),
        (
            "explain.second-level.fair",
            "Each of the {samples} samples of {decks} decks was tested on its own, and the p-values of every \
             statistic ({groups} of them) spread evenly between 0 and 1 over the samples, as they do for a fair \
             shuffle: the least even is {test} ({form}), KS p {ks}, AD p {ad}.",
        ),
        (
            "explain.second-level.bias",
            "Tested sample by sample ({samples} samples of {decks} decks), {test} ({form}) gives p-values that do \
             not spread evenly between 0 and 1 (KS D = {d}, p {ks}; AD p {ad}): a bias each sample shows a little \
             of, which adds up over the samples.",
        ),
    ],
    zh: &[
        ("headline.second-level", "最不均匀的统计量在 {samples} 个样本上的 p 值：KS p {ks}，AD p {ad}"),
        (
            "explain.second-level.fair",
            "{samples} 个样本（每个 {decks} 副牌）逐一检验，每个统计量（共 {groups} 个）的 p 值在各样本间均匀分布于 0 到 1 \
             之间，与公平洗牌一致：最不均匀的一个 KS p {ks}，AD p {ad}。",
        ),
        (
            "explain.second-level.bias",
            "逐个样本检验（{samples} 个样本，每个 {decks} 副牌）时，有一个统计量的 p 值没有均匀分布于 0 到 1 之间\
             （KS D = {d}，p {ks}；AD p {ad}）：每个样本都带有一点偏差，累积起来就显现了。",
        ),
    ],
    ..TestWords::NONE
};
