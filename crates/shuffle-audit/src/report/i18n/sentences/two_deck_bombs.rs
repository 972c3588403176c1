//! `two-deck-bombs` has no template of its own: its finding is said by the shared `seat-mean` sentences of `en.rs`
//! and `zh.rs`.

use super::{SeatWords, TestWords};

pub(super) const WORDS: TestWords = TestWords {
    seat: SeatWords { subject: "bombs (four or more of a rank)", event: "seat-event.bombs", count: "seat-count.bombs", unit: "seat-unit.bombs" },
    ..TestWords::NONE
};
