//! `rocket-seat`'s words, in English and Chinese, inside the shared `seat-rate` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.rocket", "holds the rocket"),
        ("seat-count.rocket", "holds the rocket"),
    ],
    zh: &[
        ("seat-event.rocket", "拿到王炸"),
        ("seat-count.rocket", "炸弹"),
    ],
    seat: SeatWords { subject: "holds the rocket", event: "seat-event.rocket", count: "seat-count.rocket", unit: "seat-unit.bombs" },
    ..TestWords::NONE
};
