"""`audit` and `assert_fair` on shuffles written in Python.

False alarms: a fair shuffle fails `assert_fair` when the run's family-wise p (Holm over its tests, each
two-sided test's smaller tail doubled) falls below `suspicious_below` (1e-3 by default): for 1e-3 of seeds
nominally (the figure the assertion's message states; the Rust suite's tests/integration/family.rs checks the rule's real rate
by simulation at 0.05). The seeds here are fixed, so each outcome is fixed too; the bound says how
likely another seed would be to break the passing tests.
"""

import random

import pytest

import shuffle_audit
from conftest import naive_swap, python_shuffle


def test_random_shuffle_passes():
    report = shuffle_audit.assert_fair(python_shuffle, deck=52, shuffles=200_000, seed=1)
    assert report.verdict == "PASS"
    assert report.shuffles == 200_000
    assert report.seed == 1
    assert set(report.p_values) == {t["name"] for t in report.tests}
    assert all(0.0 <= p <= 1.0 for p in report.p_values.values())
    assert "PASS" in report.summary()


def test_the_issue_example():
    r = shuffle_audit.audit(lambda deck, rng: rng.shuffle(deck), deck=52, shuffles=200_000, seed=1)
    assert r.verdict == "PASS"
    assert r.explanation


def test_a_shuffle_may_return_the_deck():
    in_place = shuffle_audit.audit(python_shuffle, deck=10, shuffles=3000, seed=5)
    returned = shuffle_audit.audit(lambda deck, rng: rng.sample(deck, len(deck)), deck=10, shuffles=3000, seed=5)
    assert returned.verdict == "PASS"
    assert returned.p_values != in_place.p_values


def test_naive_swap_fails_assert_fair():
    # The naive swap's position bias is gross at 52 cards: the CLI's default battery gives p = 10^-380 at 5000
    # shuffles. 50000 keep the test quick and the failure certain.
    with pytest.raises(AssertionError) as failure:
        shuffle_audit.assert_fair(naive_swap, deck=52, shuffles=50_000, seed=7)
    message = str(failure.value)
    assert "position" in message
    assert "position-card FAIL" in message
    assert "shuffle_audit.audit(naive_swap, deck=52, shuffles=50000, seed=7)" in message, message


def test_naive_swap_report():
    report = shuffle_audit.audit(naive_swap, deck=52, shuffles=50_000, seed=7)
    assert report.verdict == "FAIL"
    failing = [t for t in report.tests if t["verdict"] == "FAIL"]
    assert failing
    assert report.p_values[failing[0]["name"]] < 1e-9
    with pytest.raises(AssertionError):
        report.assert_fair()


def test_same_seed_same_p_values_whatever_the_threads():
    # Three chunks (16384 decks each), the last one short.
    runs = [
        shuffle_audit.audit(python_shuffle, deck=20, shuffles=40_000, seed=3, threads=t).p_values
        for t in (1, 2, None)
    ]
    assert runs[0] == runs[1] == runs[2]
    other = shuffle_audit.audit(python_shuffle, deck=20, shuffles=40_000, seed=4).p_values
    assert other != runs[0]


def test_each_chunk_gets_its_own_seeded_random():
    # The decks of chunk i are what random.Random(chunk_seed(seed, i)) gives, deck after deck.
    seen = []

    def recording(deck, rng):
        rng.shuffle(deck)
        seen.append(list(deck))

    n, seed = 8, 11
    shuffle_audit.audit(recording, deck=n, shuffles=shuffle_audit.CHUNK_SHUFFLES + 5, seed=seed)
    for chunk, first in ((0, 0), (1, shuffle_audit.CHUNK_SHUFFLES)):
        rng = random.Random(shuffle_audit.chunk_seed(seed, chunk))
        for k in range(5):
            deck = list(range(n))
            rng.shuffle(deck)
            assert seen[first + k] == deck


def test_tests_and_thresholds_are_the_builders():
    report = shuffle_audit.audit(python_shuffle, deck=10, shuffles=5000, seed=1, tests="position")
    assert [t["name"] for t in report.tests] == ["position-card", "position-worst", "card-worst"]
    assert set(report.tests[0]) == {"name", "statistic", "df", "p_value", "log10_p", "two_sided", "adjusted_p", "verdict"}
    # The thresholds are checked as the CLI checks --fail-below and --suspicious-below, and named by keyword.
    with pytest.raises(ValueError, match=r"^fail_below=1\.0001: 1\.0001 is not a probability between 0 and 0\.5"):
        shuffle_audit.audit(python_shuffle, deck=10, shuffles=5000, fail_below=1.0001)
    # A fair shuffle's smallest adjusted p as the SUSPICIOUS threshold makes it SUSPICIOUS, and fails assert_fair.
    # The threshold must be below 0.5, so take the first of the fixed seeds 1, 2, ... whose family p is: each seed's
    # is below 0.5 with probability about 1/2 (two-sided tests are doubled), so 40 seeds all miss with about 1e-12.
    for seed in range(1, 41):
        report = shuffle_audit.audit(python_shuffle, deck=10, shuffles=5000, seed=seed, tests="position")
        lowest = min(t["adjusted_p"] for t in report.tests)
        if lowest < 0.5:
            break
    assert lowest < 0.5
    strict = dict(deck=10, shuffles=5000, seed=seed, tests="position")
    strict.update(fail_below=lowest / 2, suspicious_below=lowest * 1.01)
    assert shuffle_audit.audit(python_shuffle, **strict).verdict == "SUSPICIOUS"
    with pytest.raises(AssertionError, match="expected PASS, got SUSPICIOUS"):
        shuffle_audit.assert_fair(python_shuffle, **strict)


def test_the_opt_in_tests_are_named_like_the_cli():
    # The guess test with one guesser, and the longest increasing subsequence: random.shuffle passes them unless the
    # family p falls below 1e-3 (SUSPICIOUS), which a fair shuffle does with probability about 1e-3 (seed fixed);
    # a cut deck is guessed almost whole: about 46 extra cards per deck of 52, FAIL at any seed.
    report = shuffle_audit.audit(python_shuffle, deck=20, shuffles=3000, seed=4, tests="longest-increasing,guess=above-last")
    assert [t["name"] for t in report.tests] == ["longest-increasing", "guess"]
    assert report.verdict == "PASS"

    def cut(deck, rng):
        k = rng.randrange(len(deck))
        deck[:] = deck[k:] + deck[:k]

    report = shuffle_audit.audit(cut, deck=52, shuffles=2000, seed=1, tests="guess=above-last")
    assert report.verdict == "FAIL"
    assert 44 < report.tests[0]["statistic"] < 48


def test_write_gives_the_cli_files(tmp_path):
    report = shuffle_audit.audit(python_shuffle, deck=12, shuffles=3000, seed=2)
    written = report.write(tmp_path / "out")
    assert "summary.csv" in written
    for name in written:
        assert (tmp_path / "out" / name).is_file(), name
    rows = (tmp_path / "out" / "summary.csv").read_text().splitlines()
    assert rows[0].startswith("algorithm,")
    # The source, Python's generator and the seed, as the package told the library.
    assert rows[1].startswith("function:python_shuffle,python-random,12,3000,2,"), rows[1]
    # Written again in place; a folder holding other files is refused, never emptied.
    assert report.write(tmp_path / "out") == written
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    with pytest.raises(OSError, match="holds files this tool did not write"):
        report.write(tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"


def test_repr_names_the_verdict():
    report = shuffle_audit.audit(python_shuffle, deck=10, shuffles=2000, seed=1)
    assert repr(report).startswith("<Report PASS")


def test_a_shoe_is_audited_by_face_and_a_baccarat_shoe_at_the_table():
    # random.shuffle of a 6-deck shoe: the shoe's battery, the tests of its faces by position among them; fair, so
    # the run fails `assert_fair` with probability at most 1e-3 (the SUSPICIOUS threshold over the family).
    report = shuffle_audit.assert_fair(python_shuffle, deck=52, copies=6, shuffles=20_000, seed=3)
    names = {t["name"] for t in report.tests}
    assert {"face-by-position", "suit-by-position", "value-by-position"} <= names
    # A baccarat shoe (8 decks by default): the first coup's odds join the battery.
    seen = []
    report = shuffle_audit.audit(lambda d, rng: seen.append(len(d)) or rng.shuffle(d), game="baccarat",
                                 shuffles=3000, seed=1)
    assert seen[0] == 416 and "baccarat-odds" in report.p_values
    # Decks of a shoe made elsewhere, as ids 0..K·N−1: never shuffled, every coup is the same.
    decks = [list(range(104))] * 200
    report = shuffle_audit.audit_decks(decks, copies=2, game="baccarat", tests="default")
    assert report.verdict == "FAIL"
    # A blackjack shoe (6 decks by default): the naturals of the first round and of every round join it.
    seen = []
    report = shuffle_audit.audit(lambda d, rng: seen.append(len(d)) or rng.shuffle(d), game="blackjack",
                                 shuffles=3000, seed=1)
    assert seen[0] == 312 and {"natural-seat", "natural-rounds"} <= set(report.p_values)
    # The table's players and cut card, as `run --players --cut-card` takes them; refused where they do not apply.
    small = shuffle_audit.audit(python_shuffle, game="blackjack", copies=2, players=3, cut_card=78, shuffles=2000,
                                seed=1)
    default = shuffle_audit.audit(python_shuffle, game="blackjack", copies=2, shuffles=2000, seed=1)
    assert {"natural-seat", "natural-rounds"} <= set(small.p_values)
    assert small.p_values != default.p_values
    with pytest.raises(ValueError, match=r"players=8: "):
        shuffle_audit.audit(python_shuffle, game="blackjack", players=8, shuffles=10)
    with pytest.raises(ValueError, match=r"cut_card=40: does not apply to baccarat"):
        shuffle_audit.audit(python_shuffle, game="baccarat", cut_card=40, shuffles=10)
    with pytest.raises(ValueError, match=r"players=3: describes a deal"):
        shuffle_audit.audit(python_shuffle, players=3, shuffles=10)
    with pytest.raises(ValueError, match=r"copies=20: a baccarat shoe holds 1..=19 decks"):
        shuffle_audit.audit(python_shuffle, game="baccarat", copies=20, shuffles=10)
    with pytest.raises(ValueError, match=r"decks of 104 cards \(shape \(1, 104\)\), but deck=52, copies=3"):
        import numpy as np
        shuffle_audit.audit_decks(np.zeros((1, 104), dtype=np.uint16), deck=52, copies=3)


def test_guandan_deals_two_decks_to_four_seats():
    # 掼蛋 is played with two 54-card decks: deck=54 as for 斗地主, and the copies come from the game, so the
    # shuffle sees 108 cards and the two-deck table tests join the battery.
    seen = []
    report = shuffle_audit.audit(lambda d, rng: seen.append(len(d)) or rng.shuffle(d), game="guandan",
                                 deck=54, shuffles=2000, seed=2)
    assert seen[0] == 108
    assert {"jokers-per-hand", "two-deck-bombs", "straight-flush-seat"} <= set(report.p_values)
    with pytest.raises(ValueError, match=r"copies=3: 掼蛋 is played with two 54-card decks, not 3"):
        shuffle_audit.audit(python_shuffle, game="guandan", deck=54, copies=3, shuffles=10)
