//! Which tests a run applies: `--tests LIST`.
//!
//! Every test has a fixed name (the `test` column of `summary.csv`). `--tests` takes a comma-separated list of
//! those names, `position` for the three position-by-card tests, `default` for every test of the default battery
//! that applies to the run, or `all` for every test that applies, the opt-in ones too ([`TestId::opt_in`]: tests
//! too costly per deck for the default battery). Tests that cannot apply are left out of `default` and `all`;
//! naming one explicitly is an error that says why:
//! - `adjacency` needs at least 3 cards (with 2 cards the pair is fixed by the first card);
//! - `full-permutation` needs n ≤ 8 and at least 10 expected shuffles per order, N ≥ 10·n! (TestU01's
//!   permutation test asks the same of its cells);
//! - `suit-by-position` and `rank-by-position` need a deck with suits: the 52-card deck or the 54-card deck
//!   with its two jokers;
//! - `serial-correlation` and `face-serial` need two consecutive decks of one stream, N ≥ 2;
//! - the tests of a shoe's faces (`face-by-position`, `value-by-position`, `clumping`, `face-adjacency`,
//!   `face-serial`) need `--copies 2` or more, and `face-adjacency` at least 3 faces;
//! - `longest-increasing` needs n ≤ 64 (its exact law sums over the partitions of n).
//!
//! `guess` runs every built-in guesser unless one is chosen (`--guesser NAME`, written `guess=NAME` in a list).

use serde::Serialize;

use crate::stats::finding::Guesser;
use crate::stats::test_id::{Cards, TestId, TestScope};

/// The tests of `--tests shoe`: a shoe's faces by position, their clumps, neighbours and serial pairs, and the
/// repeated shoes.
const SHOE: [TestId; 8] = [
    TestId::SuitByPosition,
    TestId::RankByPosition,
    TestId::FaceByPosition,
    TestId::ValueByPosition,
    TestId::Clumping,
    TestId::FaceAdjacency,
    TestId::FaceSerial,
    TestId::DuplicateDecks,
];

/// The tests a run applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestSelection {
    mask: u64,
    /// True when the user named the tests: then a named test that cannot apply is an error, not a silent skip.
    named: bool,
    /// The guessers of the `guess` test.
    guessers: Guessers,
}

impl Default for TestSelection {
    /// Every test of the default battery (every test but the opt-in ones) that applies.
    fn default() -> Self {
        let mask = TestId::ALL.iter().filter(|t| !t.opt_in()).fold(0, |m, t| m | t.bit());
        TestSelection { mask, named: false, guessers: Guessers::all() }
    }
}

impl TestSelection {
    /// The shoe's battery (`--tests shoe`): the tests of a shoe's faces, those a shoe written by face gets by
    /// default, for a built-in shoe too (whose default battery adds the tests of its distinct ids). Those that do
    /// not apply (suits in copies of a deck without suits) are left out, as from `default`.
    pub fn shoe() -> Self {
        TestSelection { mask: SHOE.iter().fold(0, |m, t| m | t.bit()), named: false, guessers: Guessers::all() }
    }

    /// The selection a run of shoes of `copies` decks applies (`dealt`: a game deals them). A shoe's default
    /// battery is the shoe's (`--tests shoe`): its faces by position, their clumps, neighbours and serial pairs,
    /// and the repeated shoes, the tests that mean something at a table where the copies of a card look alike;
    /// a game keeps its deal's tests. The tests of the distinct ids (`position-card` over 312 ids, say) run when
    /// named or with `all`. `default` with tests added (`default,guess`) becomes the shoe's battery with them; a
    /// named list, `all` and one deck are kept as they are.
    pub fn for_copies(self, copies: usize, dealt: bool) -> Self {
        let d = TestSelection::default().mask;
        if copies < 2 || self.named || self.mask == TestSelection::all().mask || self.mask & d != d {
            return self;
        }
        let deal = |t: &TestId| dealt && !matches!(t.scope(), TestScope::Deck | TestScope::Samples);
        let kept = self.tests().filter(deal).fold(self.mask & !d, |m, t| m | t.bit());
        TestSelection { mask: kept | TestSelection::shoe().mask, ..self }
    }

    /// Every test that applies, the opt-in ones included (`--tests all`).
    pub fn all() -> Self {
        TestSelection { mask: TestId::ALL.iter().fold(0, |m, t| m | t.bit()), named: false, guessers: Guessers::all() }
    }

    /// Exactly these tests (named by the user).
    pub fn only(tests: &[TestId]) -> Self {
        TestSelection { mask: tests.iter().fold(0, |m, t| m | t.bit()), named: true, guessers: Guessers::all() }
    }

    pub fn contains(&self, test: TestId) -> bool {
        self.mask & test.bit() != 0
    }

    /// The guessers of the `guess` test (every built-in one unless chosen).
    pub fn guessers(&self) -> Guessers {
        self.guessers
    }

    /// The same tests with these guessers for `guess` (`--guesser`).
    pub fn with_guessers(self, guessers: Guessers) -> Self {
        TestSelection { guessers, ..self }
    }

    /// True for `shoe` (with tests added or not): the shoe's battery, not the default one.
    fn is_shoe(&self) -> bool {
        let (d, s) = (TestSelection::default().mask, TestSelection::shoe().mask);
        self.is_default() && self.mask & d != d && self.mask & s == s
    }

    /// True for `default` / `all` (the tests were not named one by one).
    pub fn is_default(&self) -> bool {
        !self.named
    }

    /// The selected tests, in report order.
    pub fn tests(&self) -> impl Iterator<Item = TestId> + '_ {
        TestId::ALL.into_iter().filter(|t| self.contains(*t))
    }

    /// The selected tests that apply to N shuffles of n cards dealt as `dealt`.
    pub fn applicable(&self, n: usize, shuffles: u64, dealt: Option<TestScope>) -> Vec<TestId> {
        self.applicable_to(Cards::deck(n), shuffles, dealt)
    }

    /// The selected tests that apply to N shuffles of decks of `cards` dealt as `dealt`.
    pub fn applicable_to(&self, cards: Cards, shuffles: u64, dealt: Option<TestScope>) -> Vec<TestId> {
        self.tests().filter(|t| t.applies_to(cards, shuffles, dealt).is_ok()).collect()
    }

    /// Checks that every test the user named applies (with `default` nothing can fail), and that at least one
    /// test does: a run that applies no test has no verdict to give.
    pub fn check(&self, n: usize, shuffles: u64, dealt: Option<TestScope>) -> Result<(), String> {
        self.check_cards(Cards::deck(n), shuffles, dealt)
    }

    /// [`TestSelection::check`] for decks of `cards`.
    pub fn check_cards(&self, cards: Cards, shuffles: u64, dealt: Option<TestScope>) -> Result<(), String> {
        if self.is_shoe() && cards.copies < 2 {
            return Err(format!(
                "'{self}' is the battery of a shoe: it needs --copies 2 or more (one deck's battery is 'default')"
            ));
        }
        if self.named {
            for t in self.tests() {
                t.applies_to(cards, shuffles, dealt)?;
            }
        }
        if self.applicable_to(cards, shuffles, dealt).is_empty() {
            let n = cards.n;
            let what = if cards.copies > 1 {
                format!("{shuffles} shoes of {} × {} cards", cards.copies, cards.base())
            } else {
                format!("{shuffles} shuffles of {n} cards")
            };
            return Err(format!(
                "no test applies to {what}{}: the run would have no verdict",
                if self.named { format!(" among '{self}'") } else { String::new() }
            ));
        }
        Ok(())
    }

    /// Whether decks of `cards` are a shoe whose selected tests all read faces: none that applies to them needs to
    /// tell the copies of a card apart. The battery then counts the shoe by face (and its reports show faces).
    pub fn counts_faces(&self, cards: Cards) -> bool {
        let by_face = Cards { ids_known: false, ..cards };
        cards.copies > 1
            && !self.tests().any(|t| t.applies_to_cards(cards).is_ok() && t.applies_to_cards(by_face).is_err())
    }

    /// The same tests without those that cannot apply to decks of `cards` (the seat tests of a shoe written by
    /// face, whose copies of a card cannot be told apart).
    pub fn applying_to_cards(self, cards: Cards) -> Self {
        let mask = self.tests().filter(|t| t.applies_to_cards(cards).is_ok()).fold(0, |m, t| m | t.bit());
        TestSelection { mask, ..self }
    }

    /// The same tests, with the ones that do not (yet) apply skipped silently: for progressive looks, where the
    /// sample grows into a test's requirement.
    pub fn relaxed(self) -> Self {
        TestSelection { named: false, ..self }
    }

    /// Parses `--tests LIST`.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut tests = Vec::new();
        let (mut default, mut all, mut shoe) = (false, false, false);
        let mut guessers = Guessers::all();
        for item in list.split(',').map(str::trim) {
            if let Some(name) = item.to_ascii_lowercase().strip_prefix("guess=") {
                guessers = Guessers::parse(name)?;
                tests.push(TestId::Guess);
                continue;
            }
            match item.to_ascii_lowercase().as_str() {
                "" => return Err(format!("empty test name in '{list}'")),
                "default" => default = true,
                "all" => all = true,
                "shoe" => shoe = true,
                "position" => tests.extend([TestId::PositionCard, TestId::PositionWorst, TestId::CardWorst]),
                name => tests.push(TestId::from_name(name).ok_or_else(|| {
                    format!(
                        "unknown test '{item}' (expected default, all, shoe, position or a list of: {})",
                        TestId::ALL.map(TestId::name).join(", ")
                    )
                })?),
            }
        }
        let selection = match (all, default) {
            (true, _) => TestSelection::all(),
            // `default` with named tests: the default battery and those tests (an opt-in one added to it).
            (false, true) => {
                let d = TestSelection::default();
                TestSelection { mask: tests.iter().fold(d.mask, |m, t| m | t.bit()), ..d }
            }
            // `shoe` with named tests: the shoe's battery and those tests.
            (false, false) if shoe => {
                let s = TestSelection::shoe();
                TestSelection { mask: tests.iter().fold(s.mask, |m, t| m | t.bit()), ..s }
            }
            (false, false) => TestSelection::only(&tests),
        };
        Ok(selection.with_guessers(guessers))
    }
}

impl std::fmt::Display for TestSelection {
    /// `default`, `all`, `default,NAME,…` or the list of names; a chosen guesser is written `guess=NAME`, so that
    /// the text parses back to the same selection.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let all_guessers = TestSelection { guessers: Guessers::all(), ..*self };
        if self.guessers != Guessers::all() {
            let text = all_guessers.to_string();
            let chosen = format!("guess={}", self.guessers);
            return if text == "default" || text == "all" {
                write!(f, "{text},{chosen}")
            } else {
                let items: Vec<&str> =
                    text.split(',').map(|t| if t == "guess" { chosen.as_str() } else { t }).collect();
                f.write_str(&items.join(","))
            };
        }
        if *self == TestSelection::default() {
            f.write_str("default")
        } else if *self == TestSelection::all() {
            f.write_str("all")
        } else if self.is_shoe() {
            // The shoe's battery with tests added: `shoe` or `shoe,NAME,…`.
            let extra: Vec<&str> =
                self.tests().filter(|t| !TestSelection::shoe().contains(*t)).map(TestId::name).collect();
            f.write_str(&["shoe"].into_iter().chain(extra).collect::<Vec<_>>().join(","))
        } else if self.is_default() {
            // The default battery with opt-in tests added: `default,NAME,…`.
            let extra: Vec<&str> =
                self.tests().filter(|t| !TestSelection::default().contains(*t)).map(TestId::name).collect();
            write!(f, "default,{}", extra.join(","))
        } else {
            f.write_str(&self.tests().map(TestId::name).collect::<Vec<_>>().join(","))
        }
    }
}

impl std::str::FromStr for TestSelection {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        TestSelection::parse(s)
    }
}

impl Serialize for TestSelection {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for TestSelection {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        TestSelection::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A set of guessers (`--guesser NAME|all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guessers(u8);

impl Default for Guessers {
    /// Every built-in guesser.
    fn default() -> Self {
        Guessers::all()
    }
}

impl Guessers {
    pub fn all() -> Self {
        Guessers(Guesser::ALL.iter().fold(0, |m, g| m | g.bit()))
    }

    pub fn one(g: Guesser) -> Self {
        Guessers(g.bit())
    }

    pub fn contains(self, g: Guesser) -> bool {
        self.0 & g.bit() != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Guesser> {
        Guesser::ALL.into_iter().filter(move |g| self.contains(*g))
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Parses `--guesser NAME|all`.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.eq_ignore_ascii_case("all") {
            return Ok(Guessers::all());
        }
        Guesser::from_name(&text.to_ascii_lowercase()).map(Guessers::one).ok_or_else(|| {
            format!("unknown guesser '{text}' (expected all or one of: {})", Guesser::ALL.map(Guesser::name).join(", "))
        })
    }
}

impl std::str::FromStr for Guessers {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Guessers::parse(s)
    }
}

impl std::fmt::Display for Guessers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Guessers::all() {
            f.write_str("all")
        } else {
            f.write_str(&self.iter().map(Guesser::name).collect::<Vec<_>>().join("+"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_print() {
        let s = TestSelection::parse("parity, adjacency").unwrap();
        assert!(s.contains(TestId::Parity) && s.contains(TestId::Adjacency) && !s.contains(TestId::PositionCard));
        assert_eq!(s.to_string(), "adjacency,parity");
        assert!(TestSelection::parse("all").unwrap().is_default());
        assert_eq!(TestSelection::parse("all").unwrap(), TestSelection::all());
        assert_eq!(TestSelection::parse("default").unwrap().to_string(), "default");
        if TestId::ALL.iter().any(|t| t.opt_in()) {
            assert_eq!(TestSelection::parse("all").unwrap().to_string(), "all");
        }
        // Every test is in `all`, and the default battery is `all` without the opt-in tests.
        for t in TestId::ALL {
            assert!(TestSelection::all().contains(t), "{t}");
            assert_eq!(TestSelection::default().contains(t), !t.opt_in(), "{t}");
        }
        assert_eq!(TestSelection::parse("default,parity").unwrap(), TestSelection::default());
        assert_eq!(TestSelection::parse("position").unwrap().tests().count(), 3);
        let err = TestSelection::parse("parity,nope").unwrap_err();
        assert!(err.contains("'nope'") && err.contains("full-permutation"), "{err}");
        assert!(TestSelection::parse("parity,").is_err());
        // A chosen guesser prints as guess=NAME and parses back.
        for text in ["guess=above-last", "default,guess=marginal", "all,guess=successor", "parity,guess=marginal"] {
            let s = TestSelection::parse(text).unwrap();
            assert_eq!(s.to_string(), text);
            assert_eq!(TestSelection::parse(&s.to_string()).unwrap(), s);
            assert!(s.contains(TestId::Guess) && s.guessers().len() == 1);
        }
        // The shoe's battery, alone, with a test added, and with a chosen guesser.
        for text in ["shoe", "shoe,guess", "shoe,guess=successor", "shoe,cycles"] {
            let s = TestSelection::parse(text).unwrap();
            assert_eq!(s.to_string(), text);
            assert!(s.is_default() && s.contains(TestId::FaceSerial) && !s.contains(TestId::PositionCard));
        }
        assert_eq!(TestSelection::parse("default,shoe").unwrap(), TestSelection::default());
        assert!(TestSelection::parse("nope").unwrap_err().contains("shoe"));
        assert_eq!(TestSelection::parse("guess").unwrap().guessers(), Guessers::all());
        assert_eq!(TestSelection::parse("guess=above-last").unwrap().guessers(), Guessers::one(Guesser::AboveLast));
        assert!(TestSelection::parse("guess=psychic").unwrap_err().contains("'psychic'"));
    }

    #[test]
    fn tests_that_cannot_apply_are_skipped_by_default_and_refused_when_named() {
        let d = TestSelection::default();
        assert!(!d.applicable(52, 1_000_000, None).contains(&TestId::FullPermutation));
        assert!(d.applicable(8, 403_200, None).contains(&TestId::FullPermutation));
        assert!(!d.applicable(8, 403_199, None).contains(&TestId::FullPermutation));
        assert!(!d.applicable(20, 1000, None).contains(&TestId::SuitByPosition));
        assert!(d.check(52, 1, None).is_ok());
        let named = TestSelection::only(&[TestId::FullPermutation]);
        assert!(named.check(52, 1 << 30, None).unwrap_err().contains("at most 8 cards"));
        assert!(named.check(8, 1000, None).unwrap_err().contains("403200"));
        // Relaxed (progressive looks), a test that does not apply yet is skipped, but a run with none is refused.
        assert!(named.relaxed().check(8, 1000, None).unwrap_err().contains("no test applies"));
        assert!(named.relaxed().check(8, 403_200, None).is_ok());
    }

    #[test]
    fn game_tests_need_their_game() {
        let d = TestSelection::default();
        assert!(!d.applicable(54, 1000, None).contains(&TestId::BottomJoker));
        let dealt = d.applicable(54, 1000, Some(TestScope::Doudizhu));
        assert!(dealt.contains(&TestId::BottomJoker) && dealt.contains(&TestId::SeatCard));
        assert!(!dealt.contains(&TestId::NiuSeat));
        let niu = TestSelection::parse("niu-seat").unwrap();
        assert!(niu.check(52, 1000, Some(TestScope::Douniu)).is_ok());
        assert!(niu.check(52, 1000, None).unwrap_err().contains("needs --game douniu"));
        assert!(TestSelection::parse("seat-card").unwrap().check(52, 9, None).unwrap_err().contains("needs a deal"));
    }

    #[test]
    fn a_shoe_adds_the_tests_of_faces_and_one_written_by_face_keeps_only_them() {
        let d = TestSelection::default();
        // One deck: the shoe's tests do not apply, and the default battery is what it was.
        let one = d.applicable_to(Cards::deck(52), 1000, None);
        assert_eq!(one, d.applicable(52, 1000, None));
        assert!(!one.contains(&TestId::FaceByPosition) && !one.contains(&TestId::ValueByPosition));
        assert!(!one.contains(&TestId::Clumping));
        // A built-in 6-deck shoe: every test of distinct cards, and the shoe's four by position.
        let shoe = d.applicable_to(Cards::shoe(52, 6, true), 1000, None);
        for t in [
            TestId::FaceByPosition,
            TestId::ValueByPosition,
            TestId::SuitByPosition,
            TestId::RankByPosition,
            TestId::Clumping,
            TestId::FaceAdjacency,
            TestId::FaceSerial,
        ] {
            assert!(shoe.contains(&t), "{t}");
        }
        assert!(shoe.contains(&TestId::Cycles) && shoe.contains(&TestId::Adjacency));
        // Written by face: the tests of faces and the duplicate shoes, nothing that needs to tell copies apart.
        // They are the tests of `--tests shoe`.
        let faces = d.applicable_to(Cards::shoe(52, 8, false), 1000, None);
        assert_eq!(faces, SHOE);
        let named = TestSelection::parse("cycles").unwrap();
        assert!(named.check_cards(Cards::shoe(52, 8, false), 1000, None).unwrap_err().contains("cards repeat"));
        assert!(named.check_cards(Cards::shoe(52, 8, true), 1000, None).is_ok());
        // The guessers of a shoe name faces: guess applies to shoes written by face, and to shoes of ids.
        let guess = TestSelection::parse("guess").unwrap();
        assert!(guess.check_cards(Cards::shoe(52, 8, false), 1000, None).is_ok());
        assert!(guess.check_cards(Cards::shoe(52, 8, true), 1000, None).is_ok());
        assert!(TestSelection::all().applicable_to(Cards::shoe(52, 8, false), 1000, None).contains(&TestId::Guess));
        let face = TestSelection::parse("face-by-position").unwrap();
        assert!(face.check(52, 1000, None).unwrap_err().contains("--copies 2 or more"));
        // Copies of a deck without suits: faces apply, suits and values do not.
        let small = Cards::shoe(20, 3, false);
        assert_eq!(
            d.applicable_to(small, 1000, None),
            [TestId::FaceByPosition, TestId::FaceAdjacency, TestId::FaceSerial, TestId::DuplicateDecks]
        );
        // `shoe` on a shoe of ids: the tests of faces only, counted by face; the default battery needs the ids.
        let shoe = TestSelection::shoe();
        let ids = Cards::shoe(52, 6, true);
        assert_eq!(shoe.applicable_to(ids, 1000, None), faces);
        assert!(shoe.counts_faces(ids) && shoe.counts_faces(Cards::shoe(52, 8, false)));
        assert!(!d.counts_faces(ids) && d.counts_faces(Cards::shoe(52, 8, false)));
        assert!(!shoe.counts_faces(Cards::deck(52)) && !TestSelection::parse("shoe,cycles").unwrap().counts_faces(ids));
        assert!(shoe.check(52, 1000, None).unwrap_err().contains("needs --copies 2 or more"));
        assert_eq!(shoe.applicable_to(small, 1000, None), d.applicable_to(small, 1000, None));
        let two_faces = TestSelection::parse("face-adjacency").unwrap();
        assert!(two_faces.check_cards(Cards::shoe(2, 4, false), 1000, None).unwrap_err().contains("3 faces"));
        let one_shoe = TestSelection::parse("face-serial").unwrap();
        assert!(one_shoe.check_cards(Cards::shoe(52, 6, false), 1, None).unwrap_err().contains("at least 2"));
        let suits = TestSelection::parse("value-by-position").unwrap();
        assert!(suits.check_cards(small, 1000, None).unwrap_err().contains("3 copies of 20 cards"));
    }

    /// A shoe's default battery is the shoe's: plain `default` becomes `shoe`, `default,guess` becomes
    /// `shoe,guess`, a game keeps its deal's tests; one deck, `all` and a named list are kept; a shoe counted by
    /// its default is counted by face (no test of ids in it).
    #[test]
    fn a_shoes_default_battery_is_the_shoes() {
        let d = TestSelection::default();
        assert_eq!(d.for_copies(1, false), d);
        assert_eq!(d.for_copies(6, false), TestSelection::shoe());
        assert_eq!(d.for_copies(6, false).to_string(), "shoe");
        assert!(d.for_copies(6, false).counts_faces(Cards::shoe(52, 6, true)));
        let guess = TestSelection::parse("default,guess").unwrap();
        assert_eq!(guess.for_copies(8, false), TestSelection::parse("shoe,guess").unwrap());
        let dealt = d.for_copies(6, true);
        for t in [TestId::NaturalSeat, TestId::NaturalRounds, TestId::BaccaratOdds, TestId::SeatCard] {
            assert!(dealt.contains(t), "{t}");
        }
        assert!(!dealt.contains(TestId::PositionCard) && !dealt.contains(TestId::SecondLevel));
        for kept in [TestSelection::all(), TestSelection::parse("position").unwrap(), TestSelection::shoe()] {
            assert_eq!(kept.for_copies(6, false), kept);
        }
    }
}
