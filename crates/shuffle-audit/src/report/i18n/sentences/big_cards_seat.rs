//! `big-cards-seat`'s words, in English and Chinese, inside the shared `seat-mean` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.big-cards", "big cards (A, 2, jokers)"),
        ("seat-count.big-cards", "big cards (A, 2, jokers)"),
    ],
    zh: &[
        ("seat-event.big-cards", "拿到炸弹"),
        ("seat-count.big-cards", "大牌（A、2、王）"),
    ],
    seat: SeatWords { subject: "big cards (A, 2, jokers)", event: "seat-event.big-cards", count: "seat-count.big-cards", unit: "seat-unit.cards" },
    ..TestWords::NONE
};
