//! Why a run is BROKEN: a shuffle that never terminates, output that is not a permutation, or external input
//! that could not be audited whole (invalid decks, a producer that failed, a read error).

use serde::Serialize;

use crate::cards::{Card, NameStyle};
use crate::rng::RngKind;
use crate::shuffle::Stuck;

crate::names::named_enum! {
    /// The kind of fault.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum FaultKind("fault") {
        /// A retry loop that can never place a card.
        NonTermination => "non-termination",
        /// A shuffle whose output repeats or misses cards.
        NotAPermutation => "not-a-permutation",
        /// The program under `--exec` failed.
        ProducerFailed => "producer-failed",
        /// Reading the input stopped with an error.
        ReadError => "read-error",
        /// Lines of the input that are not decks.
        InvalidDecks => "invalid-decks",
    }
}

/// Why a run stopped early, or could not be trusted whole.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct FaultReport {
    pub kind: FaultKind,
    /// 1-based index of the first faulty shuffle in the run.
    pub first_shuffle: u64,
    /// Shuffles examined in the faulty chunk, and how many of them were faulty.
    pub decks_checked: u64,
    pub invalid_decks: u64,
    /// Plain-words description of the first fault.
    pub description: String,
    /// A short phrase for tables.
    pub headline: String,
}

/// Plain words for a retry loop that cannot finish.
pub fn describe_stuck(stuck: &Stuck, n: usize, rng: RngKind) -> String {
    let slots = |v: &[usize]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
    let card = crate::cards::card_name(stuck.card_index as Card, n, NameStyle::Symbol);
    let why = if stuck.unreachable_slots.is_empty() {
        String::new()
    } else {
        let reach = n - stuck.unreachable_slots.len();
        format!(
            "; position(s) {} can never be drawn (r() % {reach} with {rng} yields only 0..{})",
            slots(&stuck.unreachable_slots),
            reach - 1
        )
    };
    format!(
        "does not terminate: card {} ({card}, the {} to place) found no free slot after {} draws; {} cards were \
         placed with {} draws; free position(s): {}{why}",
        stuck.card_index,
        crate::names::ordinal(stuck.card_index as u64 + 1),
        stuck.draws_on_stuck,
        stuck.placed,
        stuck.draws_to_place,
        slots(&stuck.free_slots),
    )
}
