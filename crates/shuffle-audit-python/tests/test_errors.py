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


def test_bad_settings_are_value_errors():
    # The library's checks, named by the CLI's flags.
    cases = [
        (dict(tests="no-such-test"), r"^--tests: unknown test 'no-such-test'"),
        (dict(game="nope"), r"^--game: unknown game 'nope' \(expected one of: doudizhu, douniu, custom\)$"),
        (dict(deck=1), r"^--deck: 1 cards is outside 2\.\.="),
        (dict(threads=0), r"^--threads: must be at least 1$"),
    ]
    for settings, message in cases:
        with pytest.raises(ValueError, match=message):
            shuffle_audit.audit(lambda d, r: None, **{"deck": 10, "shuffles": 10, **settings})
