//! A shoe counted by face: the battery's pass when every selected test reads faces (`--tests shoe`, or any shoe
//! written by face).
//!
//! Each card is looked up once (its face, and the face's value class: nothing divides) and counted in one loop
//! into this chunk's tables: position by face (16-bit, n × base cells: 32 KB for 6 decks instead of the 190 KB of
//! the ids' table), face after face (`face-adjacency`) and face under face of the previous shoe at the same place
//! (`face-serial`), both 32-bit, base × base. The equal values next to each other (`clumping`) are counted in a
//! register. The previous shoe is kept as its ids (one block copy per shoe, not a store per card). The loop is
//! compiled for each of the eight selections of those three statistics.
//!
//! The position counts go into cell (p, f) of the n × n position-by-card table, whose columns from `base` on stay
//! 0: every sum over a face's copies (all the tests of faces and `counts.csv` read) is the same as counting the
//! ids.

use crate::cards::Card;
use crate::stats::Cards;
use crate::stats::deck::histogram::value_class;

/// Decks after which the 16-bit position table is flushed whatever the caller does.
const LIMIT: u64 = u16::MAX as u64;

/// The tables and lookups of the face pass.
#[derive(Clone, Debug)]
pub(super) struct FacePass {
    base: usize,
    /// `face_of[card]`: the face of each card id.
    face_of: Vec<Card>,
    /// `value_of[face]`: its value class, for clumping.
    value_of: Vec<u8>,
    /// The faces of the deck being counted, for the statistics that read a deck whole (duplicate shoes).
    pub faces: Vec<Card>,
    /// This chunk's counts: `position[p * base + f]`, `adjacency[f * base + g]`, `serial[f * base + g]`.
    position: Vec<u16>,
    adjacency: Vec<u32>,
    serial: Vec<u32>,
    /// The previous deck of this stream (its ids), and whether there is one.
    previous: Vec<Card>,
    have_previous: bool,
    /// Decks in the tables since the last flush.
    decks: u64,
    pass: Pass,
}

/// What one deck added: the shoe's equal-value neighbours (when counted) and whether it was paired with the
/// previous shoe of its stream.
pub(super) struct Counted {
    pub equal_values: usize,
    pub paired: bool,
}

type Pass = fn(&mut FacePass, &[Card]) -> Counted;

/// The totals a flush adds into.
pub(super) struct Totals<'a> {
    pub position: &'a mut [u64],
    pub adjacency: Option<&'a mut [u64]>,
    pub serial: Option<&'a mut [u64]>,
}

impl FacePass {
    /// The pass for decks of `cards`, counting clumping, face adjacency and face serial pairs as asked.
    pub(super) fn new(cards: Cards, clumping: bool, adjacency: bool, serial: bool) -> Self {
        let (n, base) = (cards.n, cards.base());
        let table = |on: bool| if on { vec![0u32; base * base] } else { Vec::new() };
        let pass: Pass = match (clumping, adjacency, serial) {
            (false, false, false) => count::<false, false, false>,
            (false, false, true) => count::<false, false, true>,
            (false, true, false) => count::<false, true, false>,
            (false, true, true) => count::<false, true, true>,
            (true, false, false) => count::<true, false, false>,
            (true, false, true) => count::<true, false, true>,
            (true, true, false) => count::<true, true, false>,
            (true, true, true) => count::<true, true, true>,
        };
        FacePass {
            base,
            face_of: (0..n).map(|c| (c % base) as Card).collect(),
            value_of: (0..base).map(|f| value_class(f as Card, base)).collect(),
            faces: vec![0; n],
            position: vec![0; n * base],
            adjacency: table(adjacency),
            serial: table(serial),
            previous: vec![0; n],
            have_previous: false,
            decks: 0,
            pass,
        }
    }

    /// The next deck starts a new stream: it is not paired with the previous one.
    pub(super) fn begin_stream(&mut self) {
        self.have_previous = false;
    }

    /// Counts one deck into the chunk's tables.
    #[inline(always)]
    pub(super) fn count(&mut self, deck: &[Card]) -> Counted {
        (self.pass)(self, deck)
    }

    /// Writes the deck's faces into [`FacePass::faces`] (for the statistics that read it whole).
    pub(super) fn write_faces(&mut self, deck: &[Card]) {
        for (f, &c) in self.faces.iter_mut().zip(deck) {
            *f = self.face_of[usize::from(c)];
        }
    }

    /// The equal values next to each other among [`FacePass::faces`].
    pub(super) fn equal_values(&self) -> usize {
        let values = self.faces.iter().map(|&f| self.value_of[usize::from(f)]);
        values.clone().zip(values.skip(1)).filter(|(a, b)| a == b).count()
    }

    /// Whether the tables must be flushed before the next deck.
    pub(super) fn full(&self) -> bool {
        self.decks == LIMIT
    }

    /// Decks counted since the last flush.
    pub(super) fn pending(&self) -> u64 {
        self.decks
    }

    /// Adds the chunk's tables into the totals and clears them.
    pub(super) fn flush(&mut self, totals: Totals<'_>) {
        let (base, n) = (self.base, self.faces.len());
        for (row, chunk) in totals.position.chunks_exact_mut(n).zip(self.position.chunks_exact_mut(base)) {
            for (t, c) in row.iter_mut().zip(chunk) {
                *t += u64::from(std::mem::take(c));
            }
        }
        for (total, chunk) in [(totals.adjacency, &mut self.adjacency), (totals.serial, &mut self.serial)] {
            if let Some(total) = total {
                for (t, c) in total.iter_mut().zip(chunk.iter_mut()) {
                    *t += u64::from(std::mem::take(c));
                }
            }
        }
        self.decks = 0;
    }
}

/// The loop: each card's face looked up once, counted by position, after the previous card's face and under the
/// previous shoe's face at the same place, and its value compared with the previous card's.
#[inline(always)]
fn count<const CLUMPING: bool, const ADJACENCY: bool, const SERIAL: bool>(
    pass: &mut FacePass,
    deck: &[Card],
) -> Counted {
    let base = pass.base;
    let n = deck.len();
    let FacePass { face_of, value_of, position, adjacency, serial, previous, have_previous, .. } = pass;
    let face_of = &face_of[..];
    let position = &mut position[..n * base];
    let paired = SERIAL && *have_previous;
    let (mut last_face, mut last_value, mut equal) = (usize::MAX, u8::MAX, 0usize);
    for p in 0..n {
        let f = usize::from(face_of[usize::from(deck[p])]);
        position[p * base + f] += 1;
        if CLUMPING {
            let v = value_of[f];
            equal += usize::from(v == last_value);
            last_value = v;
        }
        if ADJACENCY {
            if p > 0 {
                adjacency[last_face * base + f] += 1;
            }
            last_face = f;
        }
        if paired {
            let before = usize::from(face_of[usize::from(previous[p])]);
            serial[before * base + f] += 1;
        }
    }
    if SERIAL {
        previous.copy_from_slice(deck);
        *have_previous = true;
    }
    pass.decks += 1;
    Counted { equal_values: equal, paired }
}
