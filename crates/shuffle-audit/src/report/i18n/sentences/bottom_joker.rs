//! `bottom-joker` has no template of its own: its finding is said by the shared `bottom-joker` sentences of `en.rs`
//! and `zh.rs`.

use super::TestWords;

pub(super) const WORDS: TestWords = TestWords::NONE;
