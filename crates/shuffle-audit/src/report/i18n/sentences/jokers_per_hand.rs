//! `jokers-per-hand`'s words, in English and Chinese, inside the shared `seat-mean` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.jokers", "jokers"),
        ("seat-count.jokers", "jokers"),
    ],
    zh: &[
        ("seat-event.jokers", "拿到王"),
        ("seat-count.jokers", "王"),
    ],
    seat: SeatWords { subject: "jokers", event: "seat-event.jokers", count: "seat-count.jokers", unit: "seat-unit.cards" },
    ..TestWords::NONE
};
