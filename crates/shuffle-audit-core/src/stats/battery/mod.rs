//! The battery: every statistic a run accumulates, updated once per shuffle and merged across chunks.
//!
//! [`Battery::add`] is the runner's hot path: one call per shuffled deck, no allocation. Each statistic that is
//! not selected is an empty `Option`. Every statistic that reads the deck in order (position-by-card, adjacency,
//! fixed points, inversions, rising sequences, the inverse permutation and serial correlation) is updated in one
//! pass by a kernel compiled for the selection and chosen once when the battery is built (the private `fused`
//! module), into 16-bit tables of the current chunk; cycles (and parity, from the cycle count) are counted in
//! registers by the vector kernels, or else by one walk of the permutation (in both directions up to 64 cards).
//! Decks of more than 64 cards take the scalar pass, with the set of cards seen in 2 or 16 words; decks beyond the
//! tool's largest (1024 cards) let each statistic do its own pass. Suit-by-position and rank-by-position are sums
//! of position-by-card counts and are derived from them at evaluation, at no cost per deck. Everything is O(n)
//! per deck for decks of up to 64 cards (O(n²/64) for the inversion count above that).
//!
//! A shoe whose selected tests all read faces (`--tests shoe`, or a shoe written by face) takes neither kernel: its
//! cards are counted by face in one pass of their own (the private `faces` module).
//!
//! `merge` adds integer counts, so the merged battery is the same whatever the order of the chunks and the number
//! of threads. Serial correlation pairs consecutive decks of one stream: the runner calls
//! [`Battery::begin_stream`] at the start of each chunk.

mod faces;
mod fused;

use crate::cards::Card;
use crate::stats::battery::faces::{FacePass, Totals};
use crate::stats::battery::fused::{Isa, Kernel, MAX_CARDS, PassTotals, Sinks, kernel, stride};
use crate::stats::deck::cycles::{count_cycles, count_cycles_with_inverse, count_cycles_with_inverse_wide};
use crate::stats::deck::rising_sequences::invert;
use crate::stats::deck::shape::shape;
use crate::stats::deck::suit_rank::ClassPositionCounts;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::{Cards, TestId, TestSelection};
use crate::stats::{LnP, PositionCardCounts, TestResult};

pub use crate::stats::deck::histogram::equal_value_neighbours;

/// The battery from the list of its kept statistics (`with_battery_statistics!` in `stats/deck`): its struct,
/// and the methods that name every statistic (construction, counting a whole deck, merge, state, evaluation),
/// so that a new statistic is one entry of the list. Each statistic is a field of its own type: the calls are
/// static, and the hot path compiles to what was written by hand.
macro_rules! battery {
    ($(
        $(#[$doc:meta])*
        $field:ident: $ty:ty = $test:ident,
            new($cards:ident, $tests:ident) $new:expr,
            $(add($s:ident, $deck:ident, $add_cards:ident) $add:expr,)?
            evaluate($b:ident, $e:ident) $evaluate:expr;
    )*) => {
        /// All accumulators of one run. `add` is called once per shuffled deck; `merge` folds chunk results in
        /// any order (integer counts make the result independent of the order and so of the thread count).
        #[derive(Clone, Debug)]
        pub struct Battery {
            pub n: usize,
            /// What the decks hold: distinct cards, or a shoe's copies (`--copies`) with their ids known or not.
            pub cards: Cards,
            pub tests: TestSelection,
            /// Always kept: `counts.csv` and the reports' worst cell come from it.
            pub position_card: PositionCardCounts,
            $(
                $(#[$doc])*
                pub $field: Option<$ty>,
            )*
            scratch: Scratch,
        }

        impl PartialEq for Battery {
            /// Equal counts (scratch and stream state aside).
            fn eq(&self, other: &Self) -> bool {
                self.n == other.n
                    && self.cards == other.cards
                    && self.position_card == other.position_card
                    $(&& self.$field == other.$field)*
            }
        }

        impl Battery {
            /// The statistics of the tests `on` keeps for decks of `cards`, before any deck and without scratch.
            fn kept(cards: Cards, tests: TestSelection, on: impl Fn(TestId) -> bool) -> Self {
                Battery {
                    n: cards.n,
                    cards,
                    tests,
                    position_card: PositionCardCounts::new(cards.n),
                    $($field: on(TestId::$test).then(|| {
                        let ($cards, $tests) = (cards, tests);
                        $new
                    }),)*
                    scratch: Scratch::default(),
                }
            }

            /// The statistics that need the whole deck at once (the full permutation's, the duplicate decks',
            /// the longest increasing subsequence's, the guessers', ...): those with an `add` in the list.
            #[inline(always)]
            fn add_whole_deck(&mut self, deck: &[Card]) {
                $($(
                    if let Some($s) = &mut self.$field {
                        let ($deck, $add_cards) = (deck, self.cards);
                        $add;
                    }
                )?)*
            }

            pub fn merge(&mut self, other: &Self) {
                assert!(self.flushed() && other.flushed(), "merging a battery whose chunk tables were not flushed");
                self.position_card.merge(&other.position_card);
                $(
                    if let (Some(a), Some(b)) = (&mut self.$field, &other.$field) {
                        a.merge(b);
                    }
                )*
            }

            /// One test (empty if its accumulator is not kept or the test does not apply to this deck).
            pub fn evaluate_one(&self, test: TestId) -> Vec<TestResult> {
                if test.applies_to_cards(self.cards).is_err() {
                    return Vec::new();
                }
                match test {
                    TestId::PositionCard => vec![self.position_card.global_test()],
                    TestId::PositionWorst => vec![self.position_card.worst_position_test()],
                    TestId::CardWorst => vec![self.position_card.worst_card_test()],
                    $(TestId::$test => match &self.$field {
                        Some($e) => {
                            let $b = self;
                            $evaluate
                        }
                        None => Vec::new(),
                    },)*
                    TestId::SuitByPosition => {
                        ClassPositionCounts::shoe_suits(self.cards).from_position_card(&self.position_card).evaluate()
                    }
                    TestId::RankByPosition => {
                        ClassPositionCounts::shoe_ranks(self.cards).from_position_card(&self.position_card).evaluate()
                    }
                    TestId::FaceByPosition => {
                        ClassPositionCounts::faces(self.cards).from_position_card(&self.position_card).evaluate()
                    }
                    TestId::ValueByPosition => {
                        ClassPositionCounts::shoe_values(self.cards).from_position_card(&self.position_card).evaluate()
                    }
                    // The tests of a deal are the table's (`game::table`), not the deck's.
                    TestId::BottomJoker
                    | TestId::BigCardsSeat
                    | TestId::RocketSeat
                    | TestId::BombSeat
                    | TestId::BombsPerHand
                    | TestId::NiuSeat
                    | TestId::BaccaratOdds
                    | TestId::NaturalSeat
                    | TestId::NaturalRounds
                    | TestId::JokersPerHand
                    | TestId::TwoDeckBombs
                    | TestId::StraightFlushSeat
                    | TestId::BottomJokers
                    | TestId::SeatCard
                    | TestId::SeatWorst
                    | TestId::CardSeatWorst
                    | TestId::SecondLevel => Vec::new(),
                }
            }

            /// Every counter of every kept statistic, for state files (see
            /// [`crate::stats::statistic::Statistic::visit_counts`]), in the list's order. The chunk tables must
            /// have been flushed: a state is taken between chunks.
            pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
                assert!(self.flushed(), "a battery's counters are visited between chunks, after flush_chunk");
                self.position_card.visit_counts(visitor);
                $(
                    if let Some(s) = &mut self.$field {
                        s.visit_counts(visitor);
                    }
                )*
            }
        }
    };
}

crate::stats::deck::with_battery_statistics!(battery);

/// Per-deck work shared by several statistics.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Visited flags for counting cycles, when cycles or parity are kept.
    seen: Option<Vec<bool>>,
    /// `inverse[card] = position`, when some statistic needs it (serial correlation keeps its own).
    inverse: Option<Vec<Card>>,
    /// The one-pass kernel for this selection, for decks of up to 1024 cards.
    kernel: Option<Kernel<u64>>,
    /// The same kernel into the 16-bit tables of one chunk ([`Battery::add_in_chunk`]).
    chunk_kernel: Option<Kernel<u16>>,
    /// Those tables, for decks of up to 1024 cards.
    chunk: Option<ChunkTables>,
    /// A shoe counted by face ([`FacePass`]): then neither kernel runs.
    faces: Option<FacePass>,
}

/// 16-bit counter tables for the decks of one chunk, added into the battery's 64-bit ones by
/// [`Battery::flush_chunk`] (a chunk has at most 2^14 decks, and the tables are flushed anyway after 65,535).
/// Their rows are 64 counters long for decks of up to 64 cards, so that a row's offset is a shift (n counters for
/// larger decks: a quarter of the 64-bit tables' memory, so more of them stays in cache). Three tables take 24 KB
/// instead of the 65 KB of three 52 × 52 tables of 64-bit counters: with the deck, the inverse and the
/// generator they fit in a 48 KB L1 cache (measured 5–20% faster runs with the default battery).
#[derive(Clone, Debug)]
struct ChunkTables {
    position: Vec<u16>,
    adjacency: Vec<u16>,
    serial: Vec<u16>,
    /// Decks counted since the last flush.
    decks: u64,
}

impl ChunkTables {
    /// Decks after which the tables are flushed whatever the caller does: no cell can exceed the deck count.
    const LIMIT: u64 = u16::MAX as u64;

    /// Adds the tables into the totals and clears them.
    fn flush(&mut self, position: &mut [u64], adjacency: &mut [u64], serial: &mut [u64]) {
        /// Row r of an n × n total (n = its length's root) is the start of row r of the chunk table's rows.
        fn drain(total: &mut [u64], chunk: &mut [u16]) {
            let n = total.len().isqrt();
            for (t, c) in total.chunks_exact_mut(n.max(1)).zip(chunk.chunks_exact_mut(stride::<u16>(n))) {
                for (t, c) in t.iter_mut().zip(c) {
                    *t += u64::from(std::mem::take(c));
                }
            }
        }
        drain(position, &mut self.position);
        drain(adjacency, &mut self.adjacency);
        drain(serial, &mut self.serial);
        self.decks = 0;
    }
}

impl Battery {
    /// A battery with every test that applies to an n-card deck.
    pub fn new(n: usize) -> Self {
        Self::with_tests(n, TestSelection::default())
    }

    /// A battery with the selected tests that can apply to an n-card deck.
    pub fn with_tests(n: usize, tests: TestSelection) -> Self {
        Self::for_cards(Cards::deck(n), tests)
    }

    /// A battery with the selected tests that can apply to decks of `cards`: a shoe's decks written by face keep
    /// only the tests of faces (and the position-by-card counts of their ids numbered copy by copy, from which
    /// the faces' counts are summed).
    pub fn for_cards(cards: Cards, tests: TestSelection) -> Self {
        let n = cards.n;
        // A shoe whose tests all read faces is counted by face, and says so: its ids are then not known to the
        // reports either (`counts.csv` by face, no heatmap of ids).
        let by_face = tests.counts_faces(cards) && n <= MAX_CARDS;
        let cards = if by_face { Cards { ids_known: false, ..cards } } else { cards };
        let on = |t: TestId| tests.contains(t) && t.applies_to_cards(cards).is_ok();
        let mut b = Battery::kept(cards, tests, on);
        let walk = b.parity.is_some() || b.cycles.is_some();
        let one_pass = b.adjacency.is_some()
            || b.fixed_points.is_some()
            || walk
            || b.inversions.is_some()
            || b.rising_sequences.is_some()
            || b.serial.is_some();
        let (isa, order) = (Isa::current(), b.inversions.is_some() || b.rising_sequences.is_some());
        let (adj, ser) = (b.adjacency.is_some(), b.serial.is_some());
        let rows = stride::<u16>(n);
        let table = |on: bool| if on { vec![0; rows * rows] } else { Vec::new() };
        b.scratch = Scratch {
            seen: walk.then(|| vec![false; n]),
            inverse: (walk || b.rising_sequences.is_some() || b.serial.is_some()).then(|| vec![0; n]),
            // Position-by-card counts alone are already one pass.
            kernel: (!by_face && n <= MAX_CARDS && one_pass).then(|| kernel(n, adj, order, ser, walk, isa)),
            chunk_kernel: (!by_face && n <= MAX_CARDS).then(|| kernel(n, adj, order, ser, walk, isa)),
            chunk: (!by_face && n <= MAX_CARDS).then(|| ChunkTables {
                position: table(true),
                adjacency: table(adj),
                serial: table(ser),
                decks: 0,
            }),
            faces: by_face
                .then(|| FacePass::new(cards, on(TestId::Clumping), on(TestId::FaceAdjacency), on(TestId::FaceSerial))),
        };
        b
    }

    pub fn shuffles(&self) -> u64 {
        self.position_card.shuffles()
    }

    /// Starts a new generator stream: the next deck is not paired with the previous one by serial correlation.
    #[inline(always)]
    pub fn begin_stream(&mut self) {
        if let Some(s) = &mut self.serial {
            s.begin_stream();
        }
        if let Some(s) = &mut self.face_serial {
            s.begin_stream();
        }
        if let Some(f) = &mut self.scratch.faces {
            f.begin_stream();
        }
    }

    /// Starts a chunk of `count` decks whose first deck is deck `first` of the run (0-based): the duplicate-deck
    /// test keeps the decks of the run's first positions only, whichever worker counts them, and the guessers
    /// start again with empty knowledge, so that what they learn does not depend on which worker had which chunk.
    pub fn begin_chunk(&mut self, first: u64, count: u64) {
        if let Some(d) = &mut self.duplicates {
            d.begin_chunk(first, count);
        }
        if let Some(g) = &mut self.guess {
            g.begin_chunk();
        }
    }

    /// Counts one shuffled deck (a permutation of `0..n`).
    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        debug_assert_eq!(deck.len(), self.n);
        if self.scratch.faces.is_some() {
            self.add_by_face(deck, false);
            return;
        }
        match self.scratch.kernel {
            Some(kernel) => self.add_in_one_pass(kernel, deck),
            None => self.add_statistic_by_statistic(deck),
        }
        self.add_whole_deck(deck);
    }

    /// Counts one shuffled deck like [`Battery::add`], but into 16-bit tables kept for the current chunk: the
    /// runner's hot path. The position-by-card, adjacency and serial counts are not visible until
    /// [`Battery::flush_chunk`], which the runner calls at the end of every chunk; evaluating or merging an
    /// unflushed battery panics.
    #[inline(always)]
    pub fn add_in_chunk(&mut self, deck: &[Card]) {
        debug_assert_eq!(deck.len(), self.n);
        if self.scratch.faces.is_some() {
            self.add_by_face(deck, true);
            return;
        }
        let Some(kernel) = self.scratch.chunk_kernel else {
            self.add(deck);
            return;
        };
        let Battery { serial, scratch, .. } = self;
        let Scratch { inverse: own_inverse, chunk, .. } = scratch;
        let Some(chunk) = chunk else { unreachable!("the chunk kernel comes with its tables") };
        let (previous_inverse, inverse, pair) = match serial {
            Some(s) => s.stream_mut(),
            None => (&[][..], own_inverse.as_deref_mut().unwrap_or(&mut []), false),
        };
        let mut sinks = Sinks {
            position: &mut chunk.position,
            adjacency: &mut chunk.adjacency,
            serial: &mut chunk.serial,
            previous_inverse,
            inverse,
            pair,
        };
        let totals = kernel(deck, &mut sinks);
        chunk.decks += 1;
        let full = chunk.decks == ChunkTables::LIMIT;
        self.record_pass(deck, totals);
        if full {
            self.flush_chunk();
        }
        self.add_whole_deck(deck);
    }

    /// Counts one deck of a shoe by its faces ([`FacePass`]): into the pass's chunk tables (`chunked`, the runner's
    /// hot path, flushed with the chunk), or straight into the battery's own.
    #[inline(always)]
    fn add_by_face(&mut self, deck: &[Card], chunked: bool) {
        let Battery { position_card, clumping, face_adjacency, face_serial, duplicates, guess, scratch, .. } = self;
        let Some(fp) = &mut scratch.faces else { unreachable!("called for a shoe counted by face") };
        if chunked {
            let counted = fp.count(deck);
            if let Some(c) = clumping {
                c.record(counted.equal_values);
            }
            if let Some(a) = face_adjacency {
                a.record_deck();
            }
            if let (Some(s), true) = (&mut *face_serial, counted.paired) {
                s.record_pair();
            }
        } else {
            fp.write_faces(deck);
            let n = deck.len();
            let counts = position_card.counts_mut();
            for (p, &f) in fp.faces.iter().enumerate() {
                counts[p * n + usize::from(f)] += 1;
            }
            if let Some(c) = clumping {
                c.record(fp.equal_values());
            }
            if let Some(a) = face_adjacency {
                a.add_faces(&fp.faces);
            }
            if let Some(s) = face_serial {
                s.add_faces(&fp.faces);
            }
        }
        position_card.record_deck();
        if let Some(d) = duplicates
            && d.keeping()
        {
            if chunked {
                fp.write_faces(deck);
            }
            d.add(&fp.faces);
        }
        if let Some(g) = guess {
            g.add(deck);
        }
        if fp.full() {
            self.flush_chunk();
        }
    }

    /// Adds the counts of [`Battery::add_in_chunk`] into the battery's tables.
    pub fn flush_chunk(&mut self) {
        if let Some(fp) = &mut self.scratch.faces {
            if fp.pending() > 0 {
                fp.flush(Totals {
                    position: self.position_card.counts_mut(),
                    adjacency: self.face_adjacency.as_mut().map(|a| a.counts_mut()),
                    serial: self.face_serial.as_mut().map(|s| s.counts_mut()),
                });
            }
            return;
        }
        let Some(chunk) = &mut self.scratch.chunk else { return };
        if chunk.decks == 0 {
            return;
        }
        chunk.flush(
            self.position_card.counts_mut(),
            self.adjacency.as_mut().map_or(&mut [][..], |a| a.counts_mut()),
            self.serial.as_mut().map_or(&mut [][..], |s| s.counts_mut()),
        );
    }

    /// Readies the battery to be copied often (for checkpoints): a full duplicate-deck window is sorted in place
    /// once, so that its copies share it ([`crate::stats::deck::duplicate_decks::DuplicateDecks::settle`]).
    pub fn settle(&mut self) {
        if let Some(d) = &mut self.duplicates {
            d.settle();
        }
    }

    /// Whether every deck's counts are in the battery's tables (none waits in the chunk tables).
    fn flushed(&self) -> bool {
        self.scratch.chunk.as_ref().is_none_or(|c| c.decks == 0)
            && self.scratch.faces.as_ref().is_none_or(|f| f.pending() == 0)
    }

    /// One pass for everything that reads the deck in order, then the cycle walk if the pass did not count them.
    #[inline(always)]
    fn add_in_one_pass(&mut self, kernel: Kernel<u64>, deck: &[Card]) {
        let Battery { position_card, adjacency, serial, scratch, .. } = self;
        let (serial_counts, previous_inverse, inverse, pair) = match serial {
            Some(s) => s.parts_mut(),
            None => (&mut [][..], &[][..], scratch.inverse.as_deref_mut().unwrap_or(&mut []), false),
        };
        let mut sinks = Sinks {
            position: position_card.counts_mut(),
            adjacency: adjacency.as_mut().map_or(&mut [][..], |a| a.counts_mut()),
            serial: serial_counts,
            previous_inverse,
            inverse,
            pair,
        };
        let totals = kernel(deck, &mut sinks);
        self.record_pass(deck, totals);
    }

    /// Records a pass over `deck`: the decks of the tables, and the per-deck statistics (the cycles walked with
    /// the inverse the pass wrote, where it did not count them).
    #[inline(always)]
    fn record_pass(&mut self, deck: &[Card], totals: PassTotals) {
        if self.cycles.is_some() || self.parity.is_some() {
            let k = totals.cycles.unwrap_or_else(|| {
                let inverse = match &self.serial {
                    Some(s) => s.last_inverse(),
                    None => self.scratch.inverse.as_deref().unwrap_or(&[]),
                };
                if deck.len() > 64 {
                    count_cycles_with_inverse_wide(deck, inverse)
                } else {
                    count_cycles_with_inverse(deck, inverse)
                }
            });
            if let Some(c) = &mut self.cycles {
                c.record(k);
            }
            if let Some(p) = &mut self.parity {
                p.record_cycles(deck.len(), k);
            }
        }
        self.position_card.record_deck();
        if let Some(a) = &mut self.adjacency {
            a.record_deck();
        }
        if let Some(s) = &mut self.serial {
            s.record_deck();
        }
        if let Some(f) = &mut self.fixed_points {
            f.record(totals.fixed_points);
        }
        if let Some(i) = &mut self.inversions {
            i.record(totals.inversions);
        }
        if let Some(r) = &mut self.rising_sequences {
            r.record(totals.descents + 1);
        }
        self.record_shape(deck);
    }

    /// The deck's descents, turning points and alternating runs: one comparison of each card with the next.
    #[inline(always)]
    fn record_shape(&mut self, deck: &[Card]) {
        if self.descents.is_none() && self.turning_points.is_none() && self.runs_up_down.is_none() {
            return;
        }
        let s = shape(deck);
        if let Some(d) = &mut self.descents {
            d.record(s.descents);
        }
        if let Some(t) = &mut self.turning_points {
            t.record(s.turning_points_cell());
        }
        if let Some(r) = &mut self.runs_up_down {
            r.record(s.runs(deck.len()));
        }
    }

    /// Decks beyond the pass's largest: each statistic on its own, sharing the cycle count and the inverse.
    fn add_statistic_by_statistic(&mut self, deck: &[Card]) {
        self.position_card.add(deck);
        if let Some(a) = &mut self.adjacency {
            a.add(deck);
        }
        if let Some(f) = &mut self.fixed_points {
            f.add(deck);
        }
        if let Some(seen) = &mut self.scratch.seen {
            let k = count_cycles(deck, seen);
            if let Some(c) = &mut self.cycles {
                c.record(k);
            }
            if let Some(p) = &mut self.parity {
                p.record_cycles(deck.len(), k);
            }
        }
        if let Some(i) = &mut self.inversions {
            i.add(deck);
        }
        if let Some(inverse) = &mut self.scratch.inverse {
            invert(deck, inverse);
            if let Some(r) = &mut self.rising_sequences {
                r.add_inverse(inverse);
            }
            if let Some(s) = &mut self.serial {
                s.add_inverse(inverse);
            }
        }
        self.record_shape(deck);
    }

    /// The selected tests that apply to the shuffles counted so far, in report order.
    pub fn applicable_tests(&self) -> Vec<TestId> {
        self.tests.applicable_to(self.cards, self.shuffles(), None)
    }

    /// Every selected test that applies, in report order.
    pub fn evaluate(&self) -> Vec<TestResult> {
        assert!(self.flushed(), "evaluating a battery whose chunk tables were not flushed");
        self.applicable_tests().into_iter().flat_map(|t| self.evaluate_one(t)).collect()
    }

    /// For second-level tests: every applicable test's p-value in the form that is (close to) Uniform(0, 1) under
    /// the null, with what was done to it. Mostly the test's own p, and for a two-sided statistic each tail on its
    /// own (`upper`, `lower`). Two exceptions:
    /// - `position-worst` and `card-worst` report a Bonferroni bound `min(1, n·p_min)`, which has an atom at 1
    ///   (probability about (1 − 1/n)^n ≈ 0.36); here it is replaced by Šidák's `1 − (1 − p_min)^n`, uniform for
    ///   independent lines (the rows are nearly independent: correlation 1/(n−1)², docs/src/reference.md#one-position).
    /// - `parity` is discrete: its exact p-value is conservative with atoms, so the mid-p value is used.
    pub fn uniform_p_values(&self) -> Vec<(TestId, &'static str, LnP)> {
        self.uniform_p_values_drawn(None)
    }

    /// [`Battery::uniform_p_values`], with `parity`'s p randomised by `draw` (Uniform(0, 1), drawn independently of
    /// the decks) when given: `P(> d) + draw·P(= d)`, exactly uniform under the null at any number of decks,
    /// where the mid-p value keeps the binomial's atoms (form `randomized` instead of `mid-p`). The second level
    /// of `run --samples` draws it from each sample's seed.
    pub fn uniform_p_values_drawn(&self, draw: Option<f64>) -> Vec<(TestId, &'static str, LnP)> {
        self.applicable_tests()
            .into_iter()
            .flat_map(|t| {
                let Some(r) = self.evaluate_one(t).into_iter().next() else { return Vec::new() };
                match (t, r.ln_p_low) {
                    // Its p is the bound P(R ≥ r) ≤ λ^r/r! (1 whenever no deck repeats), conservative by
                    // construction rather than uniform, so a uniformity test of it would always fail; the bound
                    // is checked by simulation in its own module, and the test still counts in family.csv.
                    (TestId::DuplicateDecks, _) => Vec::new(),
                    // A sparse table's worst line is the largest cell's exact binomial bound (df 0): conservative
                    // with atoms, not uniform, like the repeats' bound above.
                    (TestId::PositionWorst | TestId::CardWorst, _) if r.df == 0.0 => Vec::new(),
                    (TestId::PositionWorst | TestId::CardWorst, _) => {
                        let p_min = chi2_ln_sf(r.statistic, r.df).exp();
                        let sidak = -(self.n as f64 * (-p_min).ln_1p()).exp_m1();
                        vec![(t, "Sidak", sidak.ln())]
                    }
                    (TestId::Parity, _) => match (draw, self.parity.as_ref()) {
                        (Some(v), Some(p)) => vec![(t, "randomized", p.randomized_ln_p(v))],
                        (None, Some(p)) => vec![(t, "mid-p", p.randomized_ln_p(0.5))],
                        (_, None) => Vec::new(),
                    },
                    // Each guesser's own p (the test's is Bonferroni's bound over them, with an atom at 1).
                    (TestId::Guess, _) => self
                        .guess
                        .as_ref()
                        .map(|g| g.outcomes().into_iter().map(|o| (t, o.guesser.name(), o.ln_p)).collect())
                        .unwrap_or_default(),
                    // Both tails of a two-sided statistic, each on its own.
                    (_, Some(low)) => vec![(t, "upper", r.ln_p), (t, "lower", low)],
                    (_, None) => vec![(t, "p", r.ln_p)],
                }
            })
            .collect()
    }
}

crate::stats::statistic::impl_statistic!(Battery, streams);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::deck::inversions::InversionCounts;
    use crate::stats::deck::parity::ParityCounts;
    use crate::stats::deck::rising_sequences::RisingSequenceCounts;
    use crate::stats::deck::serial_correlation::SerialTransitions;
    use crate::stats::testing::all_permutations;

    #[test]
    fn unselected_statistics_are_not_kept_and_inapplicable_ones_are_skipped() {
        let b = Battery::with_tests(52, TestSelection::only(&[TestId::Parity]));
        assert!(b.parity.is_some() && b.adjacency.is_none() && b.serial.is_none());
        let all = Battery::new(52);
        assert!(all.full_permutation.is_none() && all.serial.is_some());
        let small = Battery::new(6);
        assert!(small.full_permutation.is_some() && small.evaluate_one(TestId::SuitByPosition).is_empty());
    }

    #[test]
    fn shared_work_gives_the_same_counts_as_each_statistic_alone() {
        // Every permutation of 5 cards through the battery, and through each accumulator on its own.
        let mut b = Battery::new(5);
        let mut parity = ParityCounts::new(5);
        let mut inversions = InversionCounts::new(5);
        let mut rising = RisingSequenceCounts::new(5);
        let mut serial = SerialTransitions::new(5);
        for p in all_permutations(5) {
            b.add(&p);
            parity.add(&p);
            inversions.add(&p);
            rising.add(&p);
            serial.add(&p);
        }
        assert_eq!(b.parity.as_ref(), Some(&parity));
        assert_eq!(b.inversions.as_ref(), Some(&inversions));
        assert_eq!(b.rising_sequences.as_ref(), Some(&rising));
        assert_eq!(b.serial.as_ref(), Some(&serial));
        // 120 shuffles of 5 cards: full-permutation needs 1200, so it is left out of the results.
        let names: Vec<TestId> = b.evaluate().into_iter().map(|t| t.test).collect();
        assert!(!names.contains(&TestId::FullPermutation) && names.contains(&TestId::Parity));
    }

    #[test]
    fn the_one_pass_battery_counts_what_each_statistic_counts_alone() {
        // Random decks (fixed seed) through the battery, for every single-test selection and the default one,
        // and through each accumulator's own `add`; decks of 64 cards or fewer take the one-pass kernel, 65 the
        // statistic-by-statistic path. A new stream midway checks that serial correlation restarts.
        use rand::{RngExt, SeedableRng};
        let mut g = rand_pcg::Pcg64::seed_from_u64(5);
        let mut selections: Vec<TestSelection> = TestId::ALL.iter().map(|t| TestSelection::only(&[*t])).collect();
        selections.push(TestSelection::default());
        selections.push(TestSelection::only(&[TestId::Cycles, TestId::RisingSequences]));
        for n in [2usize, 7, 13, 52, 63, 64, 65, 128, 191, 1024] {
            for selection in &selections {
                let mut b = Battery::with_tests(n, *selection);
                let mut alone = Battery::with_tests(n, *selection);
                let mut position = PositionCardCounts::new(n);
                for d in 0..40 {
                    if d == 17 {
                        b.begin_stream();
                        alone.begin_stream();
                    }
                    let mut deck: Vec<Card> = (0..n as Card).collect();
                    for i in (1..n).rev() {
                        deck.swap(i, g.random_range(0..=i));
                    }
                    b.add(&deck);
                    position.add(&deck);
                    fn add<T>(a: &mut Option<T>, f: impl FnOnce(&mut T)) {
                        if let Some(a) = a {
                            f(a);
                        }
                    }
                    add(&mut alone.adjacency, |a| a.add(&deck));
                    add(&mut alone.parity, |a| a.add(&deck));
                    add(&mut alone.fixed_points, |a| a.add(&deck));
                    add(&mut alone.cycles, |a| a.add(&deck));
                    add(&mut alone.inversions, |a| a.add(&deck));
                    add(&mut alone.rising_sequences, |a| a.add(&deck));
                    let s = crate::stats::deck::shape::shape(&deck);
                    add(&mut alone.descents, |a| a.record(s.descents));
                    add(&mut alone.turning_points, |a| a.record(s.turning_points_cell()));
                    add(&mut alone.runs_up_down, |a| a.record(s.runs(n)));
                    add(&mut alone.full_permutation, |a| a.add(&deck));
                    add(&mut alone.serial, |a| a.add(&deck));
                    add(&mut alone.duplicates, |a| a.add(&deck));
                    add(&mut alone.longest_increasing, |a| {
                        a.record(crate::stats::deck::shape::longest_increasing(&deck))
                    });
                    add(&mut alone.guess, |a| a.add(&deck));
                    add(&mut alone.clumping, |a| a.record(equal_value_neighbours(&deck, alone.cards.base())));
                    add(&mut alone.face_adjacency, |a| a.add(&deck));
                    add(&mut alone.face_serial, |a| a.add(&deck));
                }
                alone.position_card = position;
                assert_eq!(b, alone, "n = {n}, {selection:?}");
                assert_eq!(b.serial.as_ref().map(|s| s.pairs()), alone.serial.as_ref().map(|_| 38));
            }
        }
    }

    #[test]
    fn a_shoe_counted_by_face_gets_the_results_of_its_ids() {
        // A 6-deck shoe (and 2 copies of 20 and of 100 cards, without suits) through the shoe's battery, counted by face, and
        // through the same tests with `parity` added, which needs the ids and so counts them: every test of faces
        // gives the same result (duplicate-decks aside, whose null differs: orders of faces against orders of
        // ids). Counting in chunk tables and flushing (every 37 decks, streams broken at 100) is adding.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(8);
        // 100 faces take the pass with bounds checked (rows of `base`), the others the masked one (rows of 64).
        for (base, copies) in [(52usize, 6usize), (20, 2), (100, 2)] {
            let cards = Cards::shoe(base, copies, true);
            let with_guess = TestSelection::parse("shoe,guess").unwrap();
            let ids_tests = TestSelection::parse("shoe,guess,parity").unwrap();
            let (mut faces, mut chunked, mut ids) = (
                Battery::for_cards(cards, with_guess),
                Battery::for_cards(cards, with_guess),
                Battery::for_cards(cards, ids_tests),
            );
            assert!(faces.scratch.faces.is_some() && ids.scratch.faces.is_none());
            assert!(!faces.cards.ids_known && ids.cards.ids_known);
            let mut deck: Vec<Card> = (0..(base * copies) as Card).collect();
            for k in 0..250 {
                if k % 37 == 0 {
                    chunked.flush_chunk();
                }
                if k % 100 == 0 {
                    for b in [&mut faces, &mut chunked, &mut ids] {
                        b.begin_stream();
                    }
                }
                deck.shuffle(&mut g);
                faces.add(&deck);
                chunked.add_in_chunk(&deck);
                ids.add_in_chunk(&deck);
            }
            chunked.flush_chunk();
            ids.flush_chunk();
            assert_eq!(faces, chunked);
            let results = |b: &Battery| {
                let kept =
                    b.evaluate().into_iter().filter(|t| !matches!(t.test, TestId::Parity | TestId::DuplicateDecks));
                format!("{:?}", kept.collect::<Vec<_>>())
            };
            assert_eq!(results(&faces), results(&ids), "{base} × {copies}");
            assert!(results(&faces).contains("FaceSerial"));
        }
    }

    #[test]
    fn counting_in_chunk_tables_then_flushing_is_adding() {
        // Random decks through `add_in_chunk` (flushed every 37 decks, and every 100 with a stream break) and through
        // `add`, for deck sizes on both sides of the one-pass limit and for every single test and the default battery.
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut g = rand_pcg::Pcg64::seed_from_u64(5);
        for n in [3usize, 13, 52, 64, 65, 130, 1024] {
            let mut selections: Vec<TestSelection> = TestId::ALL.iter().map(|&t| TestSelection::only(&[t])).collect();
            selections.push(TestSelection::default());
            for selection in selections {
                let (mut chunked, mut plain) = (Battery::with_tests(n, selection), Battery::with_tests(n, selection));
                let mut deck: Vec<Card> = (0..n as Card).collect();
                for k in 0..250 {
                    // Flushes inside a stream too: a flush must not disturb the pairing of consecutive decks.
                    if k % 37 == 0 {
                        chunked.flush_chunk();
                    }
                    if k % 100 == 0 {
                        chunked.flush_chunk();
                        chunked.begin_stream();
                        plain.begin_stream();
                    }
                    deck.shuffle(&mut g);
                    chunked.add_in_chunk(&deck);
                    plain.add(&deck);
                }
                chunked.flush_chunk();
                assert_eq!(chunked, plain, "n = {n}, {selection:?}");
                assert_eq!(chunked.evaluate().len(), plain.evaluate().len());
            }
        }
    }

    #[test]
    fn chunk_tables_flush_themselves_before_a_cell_can_overflow() {
        // 70,000 identical decks without a flush, so that cells reach 70,000: the tables flush themselves at
        // 65,535 decks, before any 16-bit cell (at most the number of decks) could wrap.
        let (mut chunked, mut plain) = (Battery::new(3), Battery::new(3));
        for _ in 0..70_000 {
            chunked.add_in_chunk(&[0, 1, 2]);
            plain.add(&[0, 1, 2]);
        }
        chunked.flush_chunk();
        assert_eq!(chunked, plain);
    }

    #[test]
    #[should_panic(expected = "not flushed")]
    fn an_unflushed_battery_cannot_be_evaluated() {
        let mut b = Battery::new(5);
        b.add_in_chunk(&[4, 3, 2, 1, 0]);
        b.evaluate();
    }

    #[test]
    fn merging_is_order_independent() {
        let perms = all_permutations(4);
        let (mut a, mut b, mut whole) = (Battery::new(4), Battery::new(4), Battery::new(4));
        for (i, p) in perms.iter().enumerate() {
            if i == 12 {
                whole.begin_stream();
            }
            whole.add(p);
            if i < 12 { a.add(p) } else { b.add(p) }
        }
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab, whole);
    }
}
