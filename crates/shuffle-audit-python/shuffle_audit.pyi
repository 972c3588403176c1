"""Types of shuffle_audit, the Python package of shuffle-audit (a native module: this stub is its interface).

tests/test_stub.py holds it to the module: every public name, every signature and default, every docstring.
"""

import os
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, SupportsIndex, TypedDict, final

_Verdict = Literal["PASS", "SUSPICIOUS", "FAIL", "BROKEN"]

class _Test(TypedDict):
    """One test of a report, as `Report.tests` lists it."""

    name: str
    statistic: float
    df: float
    p_value: float
    log10_p: float
    two_sided: bool
    adjusted_p: float
    verdict: _Verdict

CHUNK_SHUFFLES: int

def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk `index` of a run seeded with `seed` (SplitMix64), as the library's runner derives it."""

def audit(
    shuffle: Callable[[list[int], random.Random], Iterable[SupportsIndex] | None],
    *,
    deck: int = 52,
    shuffles: int = 1000000,
    seed: int = 0,
    threads: int | None = None,
    tests: str = "default",
    fail_below: float = 1e-09,
    suspicious_below: float = 0.001,
    game: str | None = None,
    copies: int | None = None,
    players: int | None = None,
    cut_card: int | None = None,
) -> Report:
    """Audits `shuffle(deck, rng)`: called `shuffles` times, each time with `deck = list(range(deck))` to shuffle
    in place (or to return shuffled) and a `random.Random` seeded from (`seed`, chunk i of `CHUNK_SHUFFLES`
    decks): `random.Random(chunk_seed(seed, i))`. Returns a `Report`.

    `tests` names the battery as the CLI's `--tests` does ("default", "position", "adjacency,parity");
    a p-value below `fail_below` fails, below `suspicious_below` is suspicious; `game` ("doudizhu",
    "douniu", "baccarat", "blackjack", "guandan", "doudizhu4", "custom") adds a game's table tests;
    `copies` makes each deck a shoe of that many copies of `deck` (ids `0..copies·deck`, face = id mod deck;
    baccarat's shoe has 8 and blackjack's 6 unless it is given, 掼蛋's and two-deck 斗地主's two 54-card decks
    are the game's own); `players` and `cut_card` change blackjack's table (1 to 7 players, 5 unless given;
    the cut card in cards from the top, three quarters of the shoe unless given), `players` another game's.
    A bad setting is a `ValueError` naming its keyword
    (`deck=1: …`). An exception raised by `shuffle` propagates, with a note naming the deck.
    """

def assert_fair(
    shuffle: Callable[[list[int], random.Random], Iterable[SupportsIndex] | None],
    *,
    deck: int = 52,
    shuffles: int = 1000000,
    seed: int = 0,
    threads: int | None = None,
    tests: str = "default",
    fail_below: float = 1e-09,
    suspicious_below: float = 0.001,
    game: str | None = None,
    copies: int | None = None,
    players: int | None = None,
    cut_card: int | None = None,
) -> Report:
    """Audits `shuffle` as `audit` does and raises `AssertionError` unless the verdict is PASS, with the failing
    tests, their p-values and the seed in the message. Returns the `Report` when it passes.
    """

def audit_decks(
    decks: Iterable[Sequence[SupportsIndex]],
    *,
    deck: int | None = None,
    threads: int | None = None,
    tests: str = "default",
    fail_below: float = 1e-09,
    suspicious_below: float = 0.001,
    game: str | None = None,
    copies: int | None = None,
    players: int | None = None,
    cut_card: int | None = None,
) -> Report:
    """Audits decks shuffled elsewhere, as one stream: a list of lists of ids, or a 2-D NumPy integer array of
    shape (decks, cards) (a C-contiguous `uint16` array is read without copying). The deck size is the first
    deck's unless `deck` is given; with `copies`, each deck is a shoe of `copies` × `deck` ids (face = id mod
    deck). Ids are `0..n`; the errors are the CLI's `run --decks` ones, and a bad
    setting's name its keyword.
    """

@final
class Report:
    """The result of `audit` or `audit_decks`.

    `verdict` is "PASS", "SUSPICIOUS", "FAIL" or "BROKEN"; `tests` lists each test of the battery as a dict
    (name, statistic, df, p_value, log10_p, two_sided, adjusted_p, verdict); `p_values` maps a test's name to its
    p-value.
    """

    @property
    def verdict(self) -> _Verdict:
        """"PASS", "SUSPICIOUS", "FAIL" or "BROKEN"."""

    @property
    def tests(self) -> list[_Test]:
        """One dict per test: name, statistic, df, p_value (the test's p in the family: one-sided, or two-sided with
        the smaller tail doubled), log10_p, two_sided, adjusted_p (Holm), verdict.
        """

    @property
    def p_values(self) -> dict[str, float]:
        """Test name → p-value."""

    @property
    def explanation(self) -> str:
        """Why the verdict is what it is, in words."""

    @property
    def power(self) -> str | None:
        """How large a bias a run of this size would have caught, when the battery can say."""

    @property
    def seed(self) -> int | None:
        """The run's seed (None for decks that came from elsewhere)."""

    @property
    def shuffles(self) -> int:
        """Decks counted."""

    def summary(self) -> str:
        """The console's summary table."""

    def write(self, dir: str | os.PathLike[str]) -> list[str]:
        """Writes the files of the CLI's `run --out DIR` (summary.csv, counts.csv, run.json, report.html, …) into
        `dir` and returns their names. As `--out` does, it replaces the folder whole, and refuses one that holds
        files it did not write (an `OSError`).
        """

    def assert_fair(self) -> None:
        """Raises AssertionError with the reason unless the verdict is PASS."""

    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
