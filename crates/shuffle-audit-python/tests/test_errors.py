"""Errors: Python exceptions with the CLI's messages, and a shuffle's own exception propagated."""

import sys

import pytest

import shuffle_audit


def test_an_id_outside_the_deck():
    def bad(deck, rng):
        deck[3] = 52

    with pytest.raises(
        ValueError, match=r"^deck 0: id 52 at position 3 is out of range for a 52-card deck \(ids 0\.\.=51\)$"
    ):
        shuffle_audit.audit(bad, deck=52, shuffles=10)


def test_a_repeated_card():
    def repeat(deck, rng):
        if rng.random() < 0.01:
            deck[0] = deck[1]

    with pytest.raises(ValueError, match=r"^deck \d+: not a permutation: repeats .* ×2; missing "):
        shuffle_audit.audit(repeat, deck=10, shuffles=2000, seed=1)


def test_a_card_that_is_not_an_int():
    def floats(deck, rng):
        deck[2] = 2.5

    with pytest.raises(TypeError, match=r"^deck 0: 2\.5 at position 2 is not a card id \(a whole number 0\.\.=9\)$"):
        shuffle_audit.audit(floats, deck=10, shuffles=10)


def test_a_negative_id():
    def negative(deck, rng):
        deck[0] = -1

    with pytest.raises(
        ValueError, match=r"^deck 0: id -1 at position 0 is out of range for a 10-card deck \(ids 0\.\.=9\)$"
    ):
        shuffle_audit.audit(negative, deck=10, shuffles=10)


def test_a_lost_card():
    def lose(deck, rng):
        deck.pop()

    with pytest.raises(ValueError, match=r"^deck 0: 9 cards instead of 10$"):
        shuffle_audit.audit(lose, deck=10, shuffles=10)


def test_a_returned_value_that_is_not_a_deck():
    with pytest.raises(TypeError, match=r"^deck 0: a int is not a deck"):
        shuffle_audit.audit(lambda deck, rng: deck.pop(), deck=10, shuffles=10)


def test_the_shuffle_functions_exception_propagates_with_the_deck():
    calls = []

    def fails_on_the_fifth(deck, rng):
        calls.append(1)
        if len(calls) == 5:
            raise KeyError("no such card")
        rng.shuffle(deck)

    with pytest.raises(Exception) as raised:
        shuffle_audit.audit(fails_on_the_fifth, deck=10, shuffles=100, seed=1)
    if sys.version_info >= (3, 11):
        # The function's own exception, with a note.
        assert raised.type is KeyError
        assert any("deck 4 " in note for note in raised.value.__notes__), raised.value.__notes__
    else:
        assert raised.type is RuntimeError
        assert "deck 4 " in str(raised.value)
        assert isinstance(raised.value.__cause__, KeyError)


# A bad setting names the keyword and the value it was given, in Python's words (`repr`), then says what is wrong in
# the library's words. Each keyword the library checks, each way it can be wrong.
SETTINGS = [
    (dict(deck=1025), r"^deck=1025: 1025 cards is outside 2\.\.=1024$"),
    (dict(deck=1), r"^deck=1: 1 cards is outside 2\.\.=1024$"),
    (dict(shuffles=0), r"^shuffles=0: must be at least 1$"),
    (dict(shuffles=2**50 + 1), r"^shuffles=1125899906842625: .*limit of 2\^50"),
    (dict(threads=0), r"^threads=0: must be at least 1$"),
    (dict(threads=10_000), r"^threads=10000: 10000 is above the limit of "),
    (dict(tests="no-such-test"), r"^tests='no-such-test': unknown test 'no-such-test' \(expected default, all, "),
    (dict(tests="position,"), r"^tests='position,': empty test name in 'position,'$"),
    (dict(fail_below=1.0001), r"^fail_below=1\.0001: 1\.0001 is not a probability between 0 and 0\.5$"),
    (dict(suspicious_below=0.0), r"^suspicious_below=0\.0: 0 is not a probability between 0 and 0\.5$"),
    (dict(fail_below=0.1, suspicious_below=0.01), r"^fail_below=0\.1: 0\.1 is above the SUSPICIOUS threshold 0\.01$"),
    (dict(game="nope"), r"^game='nope': unknown game 'nope' \(expected one of: doudizhu, douniu, baccarat, blackjack, guandan, doudizhu4, custom\)$"),
    (dict(game="doudizhu", deck=52), r"^deck=52: "),
]


@pytest.mark.parametrize("settings,message", SETTINGS, ids=lambda v: ",".join(v) if isinstance(v, dict) else "")
@pytest.mark.parametrize("entry", ["audit", "assert_fair", "audit_decks"])
def test_a_bad_setting_names_its_keyword(entry, settings, message):
    call = getattr(shuffle_audit, entry)
    if entry == "audit_decks":
        if "shuffles" in settings:
            # audit_decks counts the decks it is given: no such keyword.
            with pytest.raises(TypeError, match=r"unexpected keyword argument 'shuffles'"):
                call([[1, 0]], **settings)
            return
        deck = settings.get("deck", 10)
        decks = [list(range(deck))] * 3
        with pytest.raises(ValueError, match=message):
            call(decks, **settings)
        return
    with pytest.raises(ValueError, match=message):
        call(lambda d, r: None, **{"deck": 10, "shuffles": 10, **settings})


def test_a_deck_size_read_from_the_decks_is_named_bare():
    # audit_decks was given no deck=: the size came from the first deck.
    with pytest.raises(ValueError, match=r"^deck: 1 cards is outside 2\.\.=1024$"):
        shuffle_audit.audit_decks([[0], [0]])


@pytest.mark.parametrize(
    "settings,error",
    [
        (dict(deck=-1), OverflowError),
        (dict(seed=-1), OverflowError),
        (dict(seed=2**64), OverflowError),
        (dict(shuffles=-5), OverflowError),
        (dict(threads=-1), OverflowError),
        (dict(deck="52"), TypeError),
        (dict(fail_below="1e-9"), TypeError),
        (dict(tests=["position"]), TypeError),
        (dict(game=1), TypeError),
    ],
    ids=lambda v: ",".join(f"{k}={w!r}" for k, w in v.items()) if isinstance(v, dict) else "",
)
def test_a_value_of_the_wrong_type_names_its_keyword(settings, error):
    # Python's own conversion errors (a negative or too large int for an unsigned setting, a value of the wrong
    # type, which mypy reports first): pyo3 adds the keyword as a note, which Python 3.11 and later print.
    with pytest.raises(error) as raised:
        shuffle_audit.audit(lambda d, r: None, **{"deck": 10, "shuffles": 10, **settings})
    if sys.version_info >= (3, 11):
        (key,) = settings
        assert f"while processing '{key}'" in getattr(raised.value, "__notes__", []), raised.value


def test_a_kernel_path_the_environment_asks_for_and_this_processor_lacks_fails_the_import():
    import os
    import subprocess

    env = dict(os.environ, SHUFFLE_AUDIT_ISA="neon9")
    done = subprocess.run([sys.executable, "-c", "import shuffle_audit"], env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "ValueError: SHUFFLE_AUDIT_ISA: 'neon9' is not avx512, avx2 or portable" in done.stderr
    env = dict(os.environ, SHUFFLE_AUDIT_ISA="portable")
    done = subprocess.run(
        [sys.executable, "-c", "import shuffle_audit; print(shuffle_audit.audit(lambda d, r: r.shuffle(d), deck=52, shuffles=20000, seed=1).verdict)"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "PASS"
