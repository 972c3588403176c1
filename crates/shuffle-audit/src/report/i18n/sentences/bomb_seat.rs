//! `bomb-seat`'s words, in English and Chinese, inside the shared `seat-rate` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.bomb", "holds a bomb"),
        ("seat-count.bomb", "holds a bomb"),
    ],
    zh: &[
        ("seat-event.bomb", "拿到炸弹"),
        ("seat-count.bomb", "炸弹"),
    ],
    seat: SeatWords { subject: "holds a bomb", event: "seat-event.bomb", count: "seat-count.bomb", unit: "seat-unit.bombs" },
    ..TestWords::NONE
};
