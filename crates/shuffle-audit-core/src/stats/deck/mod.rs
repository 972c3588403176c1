//! Statistics of one shuffled deck, one file each: every one an accumulator with `add`, `merge` and an
//! evaluation against its exact or correctly scaled null.

pub mod adjacency;
pub mod cycles;
pub mod duplicate_decks;
pub mod face_adjacency;
pub mod face_serial;
pub mod fixed_points;
pub mod full_permutation;
pub mod guess;
pub mod histogram;
pub mod inversions;
pub mod parity;
pub mod position_card;
pub mod rising_sequences;
pub mod serial_correlation;
pub mod shape;
pub mod suit_rank;
