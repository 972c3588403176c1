//! A shoe counted by face: the battery's pass when every selected test reads faces (`--tests shoe`, or any shoe
//! written by face).
//!
//! Each card is looked up once (its face, and the face's value class: nothing divides) and counted in one loop
//! into this chunk's tables: position by face (16-bit), face after face (`face-adjacency`) and face under face of
//! the previous shoe at the same place (`face-serial`), both 32-bit. For decks of up to 64 faces (every shoe of
//! 52- or 54-card decks) the tables' rows are 64 long and the lookups padded, so every index is a mask and the loop
//! checks no bound: 72 KB for 6 decks, against the 190 KB of the ids' position table alone. The equal values next
//! to each other (`clumping`) are counted in a register. The previous shoe is kept as the rows its faces index in
//! the pair tables, written as the shoe is counted (for more than 64 faces, as its ids: one block copy per shoe).
//! The loop is compiled for each of the eight selections of those three statistics.
//!
//! The position counts go into cell (p, f) of the n × n position-by-card table, whose columns from `base` on stay
//! 0: every sum over a face's copies (all the tests of faces and `counts.csv` read) is the same as counting the
//! ids.

use crate::cards::Card;
use crate::stats::Cards;
use crate::stats::deck::histogram::value_class;

/// The largest deck of the tool: card ids are below it.
const MAX_CARDS: usize = 1024;
/// The row length of the narrow pass's tables, for decks of up to 64 faces.
const NARROW: usize = 64;

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
    /// For decks of up to 64 faces, `card[id]`: the face in the low 6 bits and its value class from bit 8, one
    /// lookup for both (padded to 1024 ids).
    card: Vec<u16>,
    /// For decks of up to 64 faces, the previous shoe's faces as rows of the pair tables (`face << 6`): written
    /// as the shoe is counted, read by the next one.
    previous_rows: Vec<u16>,
    /// The faces of the deck being counted, for the statistics that read a deck whole (duplicate shoes).
    pub faces: Vec<Card>,
    /// The tables' row length: 64 for decks of up to 64 faces (the loop then indexes them by masks, with no bounds
    /// to check), else `base`.
    stride: usize,
    /// This chunk's counts: `position[p * stride + f]`, `adjacency[f * stride + g]`, `serial[f * stride + g]`.
    position: Vec<u16>,
    adjacency: Vec<u32>,
    serial: Vec<u32>,
    /// For decks of more than 64 faces, the previous deck of this stream (its ids); whether there is one.
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
        let narrow = base <= NARROW && n <= MAX_CARDS;
        let stride = if narrow { NARROW } else { base };
        let table = |on: bool| if on { vec![0u32; stride * stride] } else { Vec::new() };
        macro_rules! pick {
            ($f:ident) => {
                match (clumping, adjacency, serial) {
                    (false, false, false) => $f::<false, false, false>,
                    (false, false, true) => $f::<false, false, true>,
                    (false, true, false) => $f::<false, true, false>,
                    (false, true, true) => $f::<false, true, true>,
                    (true, false, false) => $f::<true, false, false>,
                    (true, false, true) => $f::<true, false, true>,
                    (true, true, false) => $f::<true, true, false>,
                    (true, true, true) => $f::<true, true, true>,
                }
            };
        }
        let pass: Pass = if narrow { pick!(count_narrow) } else { pick!(count) };
        // The lookups padded to their masks' sizes (ids below MAX_CARDS, faces below NARROW).
        let mut face_of: Vec<Card> = (0..n).map(|c| (c % base) as Card).collect();
        let mut value_of: Vec<u8> = (0..base).map(|f| value_class(f as Card, base)).collect();
        if narrow {
            face_of.resize(MAX_CARDS, 0);
            value_of.resize(NARROW, 0);
        }
        let card: Vec<u16> = if narrow {
            face_of.iter().map(|&f| f | u16::from(value_of[usize::from(f) & (NARROW - 1)]) << 8).collect()
        } else {
            Vec::new()
        };
        FacePass {
            base,
            stride,
            face_of,
            value_of,
            card,
            previous_rows: if narrow { vec![0; n] } else { Vec::new() },
            faces: vec![0; n],
            position: vec![0; n * stride],
            adjacency: table(adjacency),
            serial: table(serial),
            previous: if narrow { Vec::new() } else { vec![0; n] },
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
        let (base, n, stride) = (self.base, self.faces.len(), self.stride);
        for (row, chunk) in totals.position.chunks_exact_mut(n).zip(self.position.chunks_exact_mut(stride)) {
            for (t, c) in row[..base].iter_mut().zip(chunk) {
                *t += u64::from(std::mem::take(c));
            }
        }
        for (total, chunk) in [(totals.adjacency, &mut self.adjacency), (totals.serial, &mut self.serial)] {
            if let Some(total) = total {
                for (t, c) in total.chunks_exact_mut(base).zip(chunk.chunks_exact_mut(stride)) {
                    for (t, c) in t.iter_mut().zip(c) {
                        *t += u64::from(std::mem::take(c));
                    }
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

/// [`count`] for decks of up to 64 faces: every index is masked into its table's size (the lookup padded to 1024
/// ids, the tables' rows 64 long), so the loop checks no bound; one lookup gives a card's face and value class,
/// the previous shoe's faces are read as the rows they index, and the first card (which follows none) is counted
/// before the loop, which then has no branch but the serial table's, the same for the whole shoe. The same counts.
#[inline(always)]
fn count_narrow<const CLUMPING: bool, const ADJACENCY: bool, const SERIAL: bool>(
    pass: &mut FacePass,
    deck: &[Card],
) -> Counted {
    const CELLS: usize = NARROW * NARROW;
    let FacePass { card, position, adjacency, serial, previous_rows, have_previous, .. } = pass;
    let card: &[u16; MAX_CARDS] = card[..].try_into().expect("padded to 1024 ids");
    let (rows, _) = position.as_chunks_mut::<NARROW>();
    let mut adjacency: Option<&mut [u32; CELLS]> = adjacency.get_mut(..).and_then(|t| t.try_into().ok());
    let mut serial: Option<&mut [u32; CELLS]> = serial.get_mut(..).and_then(|t| t.try_into().ok());
    let paired = SERIAL && *have_previous;
    let lookup = |c: Card| usize::from(card[usize::from(c) & (MAX_CARDS - 1)]);
    let mut cards = rows.iter_mut().zip(deck).zip(previous_rows.iter_mut());
    let Some(((row, &c), before)) = cards.next() else { return Counted { equal_values: 0, paired } };
    let first = lookup(c);
    let f = first & (NARROW - 1);
    row[f] += 1;
    if let (true, Some(s)) = (paired, serial.as_deref_mut()) {
        s[(usize::from(*before) | f) & (CELLS - 1)] += 1;
    }
    if SERIAL {
        *before = (f << 6) as u16;
    }
    let (mut last_row, mut last_value, mut equal) = (f << 6, first >> 8, 0usize);
    for ((row, &c), before) in cards {
        let looked = lookup(c);
        let f = looked & (NARROW - 1);
        row[f] += 1;
        if CLUMPING {
            let v = looked >> 8;
            equal += usize::from(v == last_value);
            last_value = v;
        }
        if let (true, Some(a)) = (ADJACENCY, adjacency.as_deref_mut()) {
            a[(last_row | f) & (CELLS - 1)] += 1;
        }
        last_row = f << 6;
        if let (true, Some(s)) = (paired, serial.as_deref_mut()) {
            s[(usize::from(*before) | f) & (CELLS - 1)] += 1;
        }
        if SERIAL {
            *before = last_row as u16;
        }
    }
    if SERIAL {
        *have_previous = true;
    }
    pass.decks += 1;
    Counted { equal_values: equal, paired }
}
