//! `natural-seat`'s words, in English and Chinese, inside the shared `seat-rate` sentences of `en.rs` and `zh.rs`:
//! what its seats hold, and the English subject of its detail column.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    en: &[
        ("seat-event.natural", "is dealt a natural in a shoe's first round"),
    ],
    zh: &[
        ("seat-event.natural", "在牌靴第一轮拿到黑杰克"),
    ],
    seat: SeatWords { subject: "bombs", event: "seat-event.natural", count: "seat-count.bombs", unit: "seat-unit.bombs" },
    ..TestWords::NONE
};
