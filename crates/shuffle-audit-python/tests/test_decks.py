"""`audit_decks`: decks shuffled elsewhere, as a list of lists or a NumPy array.

NumPy is a test requirement (`pip install ./crates/shuffle-audit-python[test]`, or `pip install numpy`): these
tests fail, never skip, without it.
"""

import random
import threading

import numpy as np
import pytest

import shuffle_audit
from conftest import naive_swap


def decks_from(shuffle, n, count, seed):
    rng = random.Random(seed)
    decks = []
    for _ in range(count):
        deck = list(range(n))
        shuffle(deck, rng)
        decks.append(deck)
    return decks


def fair_array(count, n, seed, dtype=np.uint16):
    # NumPy's permuted shuffles each row independently (Fisher–Yates on PCG64).
    gen = np.random.default_rng(seed)
    return gen.permuted(np.tile(np.arange(n, dtype=dtype), (count, 1)), axis=1)


def test_a_list_of_lists():
    decks = decks_from(lambda d, r: r.shuffle(d), 12, 20_000, seed=5)
    report = shuffle_audit.audit_decks(decks)
    assert report.verdict == "PASS"
    assert report.shuffles == 20_000
    assert shuffle_audit.audit_decks([tuple(d) for d in decks]).p_values == report.p_values


def test_a_list_of_naive_swaps_fails():
    report = shuffle_audit.audit_decks(decks_from(naive_swap, 12, 20_000, seed=5))
    assert report.verdict == "FAIL"


def test_a_uint16_array_is_read_as_the_list_is():
    array = fair_array(30_000, 52, seed=1)
    assert array.dtype == np.uint16 and array.flags.c_contiguous
    report = shuffle_audit.audit_decks(array)
    assert report.verdict == "PASS"
    assert report.shuffles == 30_000
    assert shuffle_audit.audit_decks(array.tolist()).p_values == report.p_values


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "int32", "uint32", "int64", "uint64", ">u2", ">i8"])
def test_every_integer_dtype_gives_the_same_report(dtype):
    array = fair_array(2000, 20, seed=2)
    expected = shuffle_audit.audit_decks(array).p_values
    assert shuffle_audit.audit_decks(array.astype(dtype)).p_values == expected


def test_a_strided_array():
    array = fair_array(4000, 20, seed=3)
    wide = np.zeros((4000, 40), dtype=np.uint16)
    wide[:, ::2] = array
    view = wide[:, ::2]
    assert not view.flags.c_contiguous
    assert shuffle_audit.audit_decks(view).p_values == shuffle_audit.audit_decks(array).p_values


def test_the_deck_size_given():
    array = fair_array(100, 20, seed=3)
    with pytest.raises(ValueError, match=r"20 cards.*deck=52"):
        shuffle_audit.audit_decks(array, deck=52)


def test_wrong_shapes():
    with pytest.raises(ValueError, match=r"2-D.*shape \(52,\)"):
        shuffle_audit.audit_decks(np.arange(52, dtype=np.uint16))
    with pytest.raises(ValueError, match=r"2-D.*shape \(2, 3, 4\)"):
        shuffle_audit.audit_decks(np.zeros((2, 3, 4), dtype=np.uint16))


@pytest.mark.parametrize("dtype", ["float64", "float32", "object", "bool", "complex128"])
def test_wrong_dtypes(dtype):
    array = fair_array(10, 8, seed=1).astype(dtype)
    with pytest.raises(TypeError, match=rf"integer card ids, got dtype"):
        shuffle_audit.audit_decks(array)


def test_bad_ids_in_an_array():
    array = fair_array(10, 8, seed=1).astype(np.int64)
    array[4, 2] = 8
    with pytest.raises(ValueError, match=r"^deck 4: id 8 at position 2 is out of range for a 8-card deck"):
        shuffle_audit.audit_decks(array)
    array[4, 2] = -3
    with pytest.raises(
        ValueError, match=r"^deck 4: id -3 at position 2 is out of range for a 8-card deck \(ids 0\.\.=7\)$"
    ):
        shuffle_audit.audit_decks(array)


def test_a_repeated_card_in_an_array():
    array = fair_array(10, 8, seed=1)
    array[6, 0] = array[6, 1]
    with pytest.raises(ValueError, match=r"^deck 6: not a permutation: repeats "):
        shuffle_audit.audit_decks(array)


def test_bad_lists():
    with pytest.raises(ValueError, match=r"^deck 1: 2 cards instead of 3$"):
        shuffle_audit.audit_decks([[0, 1, 2], [0, 1]])
    with pytest.raises(TypeError, match=r"^deck 1: 'x' at position 1 is not a card id"):
        shuffle_audit.audit_decks([[0, 1, 2], [0, "x", 2]])
    with pytest.raises(TypeError, match=r"^deck 0: a int is not a deck"):
        shuffle_audit.audit_decks([1, 2, 3])
    with pytest.raises(TypeError, match=r"list of decks or a 2-D NumPy integer array"):
        shuffle_audit.audit_decks(42)
    with pytest.raises(ValueError, match=r"no decks"):
        shuffle_audit.audit_decks([])


def test_the_gil_is_released_while_an_array_is_counted():
    # A Python thread counts while audit_decks runs: it can only move if the GIL was let go. 500000 decks take
    # tens of milliseconds to count, many switch intervals (5 ms).
    array = fair_array(500_000, 52, seed=4)
    ticks = [0]
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks[0] += 1

    worker = threading.Thread(target=tick)
    worker.start()
    try:
        before = ticks[0]
        shuffle_audit.audit_decks(array)
        during = ticks[0] - before
    finally:
        stop.set()
        worker.join()
    assert during > 1000, during


def test_ctrl_c_stops_a_long_audit_of_decks():
    import _thread
    import time

    # 2^30 views of one 8-card deck (stride 0: no memory): counting them all takes far longer than the bound.
    decks = np.broadcast_to(np.arange(8, dtype=np.uint16), (1 << 30, 8))
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            shuffle_audit.audit_decks(decks)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 5
