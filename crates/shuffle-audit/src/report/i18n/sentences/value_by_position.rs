//! `value-by-position`'s words, in English and Chinese, inside the shared `class-by-position` sentences of `en.rs`
//! and `zh.rs`: what its classes of cards are called.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("class-word.value", "value"),
    ],
    zh: &[
        ("class-word.value", "点值"),
    ],
    class_word: "class-word.value",
    ..TestWords::NONE
};
