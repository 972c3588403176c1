//! `rank-by-position`'s words, in English and Chinese, inside the shared `class-by-position` sentences of `en.rs`
//! and `zh.rs`: what its classes of cards are called.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("class-word.rank", "rank"),
    ],
    zh: &[
        ("class-word.rank", "点数"),
    ],
    class_word: "class-word.rank",
    ..TestWords::NONE
};
