//! Each test's sentences, one file per test: the templates of its headline and explanations in English and
//! Chinese, and the words of its own that shared sentences take (what a seat test's seats hold, what a class
//! test's classes are called). The sentences several tests say (a seat's rate, a class by position) and every
//! sentence about a run stay in `en.rs` and `zh.rs`; the catalogue of a language is those and the tests' own.
//!
//! The list below names every test once, and the look-up from a test to its words is a `match` generated from
//! it: a new test that is not in the list does not compile.

use crate::stats::TestId;

/// Templates by key, in one language: `{name}` holes filled from the message's arguments.
pub(super) type Templates = &'static [(&'static str, &'static str)];

/// What a seat test says of a seat: what its count is about in the detail column (English, as the CSV files
/// are), the key of the event its rate is about, and the keys of what its mean counts and of its unit.
pub(crate) struct SeatWords {
    pub subject: &'static str,
    pub event: &'static str,
    pub count: &'static str,
    pub unit: &'static str,
}

/// One test's sentences and words.
pub(crate) struct TestWords {
    /// Its own templates in English.
    pub en: Templates,
    /// The same keys in Chinese.
    pub zh: Templates,
    /// The key of the word for its classes of cards (`suit`, `rank`, `face`, `value`), for a class-by-position
    /// test.
    pub class_word: &'static str,
    /// Its seats' words, for a seat test.
    pub seat: SeatWords,
}

impl TestWords {
    /// A test with no template or word of its own. Its class word and seat words are the rank's and the bombs',
    /// which no sentence of such a test uses.
    pub(super) const NONE: TestWords = TestWords {
        en: &[],
        zh: &[],
        class_word: "class-word.rank",
        seat: SeatWords {
            subject: "bombs",
            event: "seat-event.bombs",
            count: "seat-count.bombs",
            unit: "seat-unit.bombs",
        },
    };
}

/// Every test and the file of its sentences, in the order of [`TestId`]: the `mod` lines, the look-up and the
/// languages' lists of the tests' templates.
macro_rules! test_sentences {
    ($($test:ident => $file:ident,)*) => {
        $(mod $file;)*

        /// A test's sentences and words.
        pub(crate) fn words(test: TestId) -> &'static TestWords {
            match test {
                $(TestId::$test => &$file::WORDS,)*
            }
        }

        /// Every test's own templates in English, test by test.
        pub(super) const EN: &[Templates] = &[$($file::WORDS.en,)*];

        /// Every test's own templates in Chinese, test by test.
        pub(super) const ZH: &[Templates] = &[$($file::WORDS.zh,)*];
    };
}

test_sentences! {
    PositionCard => position_card,
    PositionWorst => position_worst,
    CardWorst => card_worst,
    Adjacency => adjacency,
    Parity => parity,
    FixedPoints => fixed_points,
    Cycles => cycles,
    Inversions => inversions,
    RisingSequences => rising_sequences,
    Descents => descents,
    TurningPoints => turning_points,
    RunsUpDown => runs_up_down,
    LongestIncreasing => longest_increasing,
    FullPermutation => full_permutation,
    SuitByPosition => suit_by_position,
    RankByPosition => rank_by_position,
    FaceByPosition => face_by_position,
    ValueByPosition => value_by_position,
    Clumping => clumping,
    FaceAdjacency => face_adjacency,
    FaceSerial => face_serial,
    SerialCorrelation => serial_correlation,
    Guess => guess,
    DuplicateDecks => duplicate_decks,
    BottomJoker => bottom_joker,
    BigCardsSeat => big_cards_seat,
    RocketSeat => rocket_seat,
    BombSeat => bomb_seat,
    BombsPerHand => bombs_per_hand,
    NiuSeat => niu_seat,
    BaccaratOdds => baccarat_odds,
    NaturalSeat => natural_seat,
    NaturalRounds => natural_rounds,
    JokersPerHand => jokers_per_hand,
    TwoDeckBombs => two_deck_bombs,
    StraightFlushSeat => straight_flush_seat,
    BottomJokers => bottom_jokers,
    SeatCard => seat_card,
    SeatWorst => seat_worst,
    CardSeatWorst => card_seat_worst,
    SecondLevel => second_level,
}

/// The keys the tests' words name outside their templates (class words, seat events, counts and units), for
/// the check that the code names exactly the catalogue's keys.
#[cfg(test)]
pub(super) fn keys_named() -> Vec<&'static str> {
    TestId::ALL
        .iter()
        .flat_map(|&t| {
            let w = words(t);
            [w.class_word, w.seat.event, w.seat.count, w.seat.unit]
        })
        .collect()
}
