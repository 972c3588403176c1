//! `straight-flush-seat`'s words, in English and Chinese, inside the shared `seat-rate` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.straight-flush", "holds a straight flush"),
        ("seat-count.straight-flush", "straight flushes"),
    ],
    zh: &[
        ("seat-event.straight-flush", "拿到同花顺"),
        ("seat-count.straight-flush", "同花顺"),
    ],
    seat: SeatWords { subject: "holds a straight flush", event: "seat-event.straight-flush", count: "seat-count.straight-flush", unit: "seat-unit.hands" },
    ..TestWords::NONE
};
