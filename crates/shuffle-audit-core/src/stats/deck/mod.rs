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

/// The battery's kept statistics, one line each, in the order a state file stores their counters: the
/// [`crate::stats::Battery`]'s fields, its construction, merge, state and evaluation are generated from this list
/// (`battery!` in `stats/battery`), so that a new statistic is its file, its `mod` line above and its entry
/// here. Each entry names its field, its type and its test, how it is made for decks of `cards` selected by
/// `tests`, how a deck is counted when it reads the whole deck (`add`; the others are counted by the battery's
/// one-pass kernels), and how it is evaluated given the battery. Position-by-card, always kept, and the tests
/// derived from it are the battery's own.
macro_rules! with_battery_statistics {
    ($then:ident) => {
        $then! {
            adjacency: $crate::stats::deck::adjacency::AdjacencyCounts = Adjacency,
                new(cards, _tests) $crate::stats::deck::adjacency::AdjacencyCounts::new(cards.n),
                evaluate(_b, a) a.evaluate();
            parity: $crate::stats::deck::parity::ParityCounts = Parity,
                new(cards, _tests) $crate::stats::deck::parity::ParityCounts::new(cards.n),
                evaluate(_b, p) p.evaluate();
            fixed_points: $crate::stats::deck::fixed_points::FixedPointCounts = FixedPoints,
                new(cards, _tests) $crate::stats::deck::fixed_points::FixedPointCounts::new(cards.n),
                evaluate(_b, f) f.evaluate();
            cycles: $crate::stats::deck::cycles::CycleCounts = Cycles,
                new(cards, _tests) $crate::stats::deck::cycles::CycleCounts::new(cards.n),
                evaluate(_b, c) c.evaluate();
            inversions: $crate::stats::deck::inversions::InversionCounts = Inversions,
                new(cards, _tests) $crate::stats::deck::inversions::InversionCounts::new(cards.n),
                evaluate(_b, i) i.evaluate();
            rising_sequences: $crate::stats::deck::rising_sequences::RisingSequenceCounts = RisingSequences,
                new(cards, _tests) $crate::stats::deck::rising_sequences::RisingSequenceCounts::new(cards.n),
                evaluate(_b, r) r.evaluate();
            /// The deck's own descents, turning points and alternating runs ([`crate::stats::deck::shape`]).
            descents: $crate::stats::deck::histogram::HistogramCounts = Descents,
                new(cards, _tests) $crate::stats::deck::histogram::HistogramCounts::new(
                    $crate::stats::deck::histogram::ExactLaw::Descents,
                    cards.n,
                ),
                evaluate(_b, h) vec![h.evaluate()];
            turning_points: $crate::stats::deck::histogram::HistogramCounts = TurningPoints,
                new(cards, _tests) $crate::stats::deck::histogram::HistogramCounts::new(
                    $crate::stats::deck::histogram::ExactLaw::TurningPoints,
                    cards.n,
                ),
                evaluate(_b, h) vec![h.evaluate()];
            runs_up_down: $crate::stats::deck::histogram::HistogramCounts = RunsUpDown,
                new(cards, _tests) $crate::stats::deck::histogram::HistogramCounts::new(
                    $crate::stats::deck::histogram::ExactLaw::RunsUpDown,
                    cards.n,
                ),
                evaluate(_b, h) vec![h.evaluate()];
            /// The longest increasing subsequence, by patience sorting (opt-in).
            longest_increasing: $crate::stats::deck::histogram::HistogramCounts = LongestIncreasing,
                new(cards, _tests) $crate::stats::deck::histogram::HistogramCounts::new(
                    $crate::stats::deck::histogram::ExactLaw::LongestIncreasing,
                    cards.n,
                ),
                add(l, deck, _cards) l.record($crate::stats::deck::shape::longest_increasing(deck)),
                evaluate(_b, h) vec![h.evaluate()];
            /// A shoe's neighbours of equal value per deck.
            clumping: $crate::stats::deck::histogram::HistogramCounts = Clumping,
                new(cards, _tests) $crate::stats::deck::histogram::HistogramCounts::new(
                    $crate::stats::deck::histogram::ExactLaw::Clumping { copies: cards.copies },
                    cards.n,
                ),
                add(c, deck, cards) c.record($crate::stats::deck::histogram::equal_value_neighbours(deck, cards.base())),
                evaluate(_b, h) vec![h.evaluate()];
            /// A shoe's neighbours by face.
            face_adjacency: $crate::stats::deck::face_adjacency::FaceAdjacencyCounts = FaceAdjacency,
                new(cards, _tests) $crate::stats::deck::face_adjacency::FaceAdjacencyCounts::new(
                    cards.base(),
                    cards.copies,
                ),
                add(a, deck, _cards) a.add(deck),
                evaluate(_b, a) a.evaluate();
            /// A shoe's faces at the same position in the next shoe of the stream.
            face_serial: $crate::stats::deck::face_serial::FaceSerialCounts = FaceSerial,
                new(cards, _tests) $crate::stats::deck::face_serial::FaceSerialCounts::new(cards.base(), cards.copies),
                add(s, deck, _cards) s.add(deck),
                // Against the position-by-face law of the same shoes: a biased but independent stream passes.
                evaluate(b, s) if s.pairs() == 0 {
                    Vec::new()
                } else {
                    s.evaluate_given(b.position_card.matrix(), b.position_card.shuffles())
                };
            full_permutation: $crate::stats::deck::full_permutation::PermutationCounts = FullPermutation,
                new(cards, _tests) $crate::stats::deck::full_permutation::PermutationCounts::new(cards.n),
                add(p, deck, _cards) p.add(deck),
                evaluate(_b, p) p.evaluate();
            serial: $crate::stats::deck::serial_correlation::SerialTransitions = SerialCorrelation,
                new(cards, _tests) $crate::stats::deck::serial_correlation::SerialTransitions::new(cards.n),
                // Against the position-by-card law of the same decks: a biased but independent stream passes.
                evaluate(b, s) if s.pairs() == 0 {
                    Vec::new()
                } else {
                    s.evaluate_given(b.position_card.matrix(), b.position_card.shuffles())
                };
            /// The first decks of the run, kept whole to count the repeated ones.
            duplicates: $crate::stats::deck::duplicate_decks::DuplicateDecks = DuplicateDecks,
                new(cards, _tests) if cards.ids_known {
                    $crate::stats::deck::duplicate_decks::DuplicateDecks::new(cards.n)
                } else {
                    $crate::stats::deck::duplicate_decks::DuplicateDecks::of_faces(cards.n, cards.copies)
                },
                add(d, deck, _cards) d.add(deck),
                evaluate(_b, d) d.evaluate();
            /// The guessers of the `guess` test (opt-in), trained within each chunk.
            guess: $crate::stats::deck::guess::GuessCounts = Guess,
                new(cards, tests) $crate::stats::deck::guess::GuessCounts::for_cards(cards, tests.guessers()),
                add(g, deck, _cards) g.add(deck),
                evaluate(_b, g) vec![g.evaluate()];
        }
    };
}

pub(crate) use with_battery_statistics;
