"""The package used as its documentation says, with every annotation `mypy --strict` asks for: it must check
clean against shuffle_audit.pyi (tests/test_typing.py), and it runs, so the types it states are the values'."""

import random
import tempfile
from pathlib import Path
from typing import Optional

import shuffle_audit


def fisher_yates(deck: list[int], rng: random.Random) -> None:
    rng.shuffle(deck)


def sampled(deck: list[int], rng: random.Random) -> list[int]:
    return rng.sample(deck, len(deck))


def main() -> None:
    report: shuffle_audit.Report = shuffle_audit.audit(fisher_yates, deck=10, shuffles=3000, seed=1)
    verdict: str = report.verdict
    assert verdict in ("PASS", "SUSPICIOUS", "FAIL", "BROKEN")
    p: float = report.p_values["position-card"]
    assert isinstance(p, float)
    for test in report.tests:
        name: str = test["name"]
        adjusted: float = test["adjusted_p"]
        two_sided: bool = test["two_sided"]
        assert isinstance(name, str) and isinstance(adjusted, float) and isinstance(two_sided, bool)
    seed: Optional[int] = report.seed
    assert seed == 1
    shuffles: int = report.shuffles
    assert shuffles == 3000
    power: Optional[str] = report.power
    assert power is None or isinstance(power, str)
    explanation: str = report.explanation
    summary: str = report.summary()
    assert explanation and summary and str(report) == summary and repr(report).startswith("<Report ")
    with tempfile.TemporaryDirectory() as tmp:
        written: list[str] = report.write(Path(tmp) / "out")
        assert "summary.csv" in written
        assert report.write(str(Path(tmp) / "again")) == written

    lam = shuffle_audit.audit(lambda deck, rng: rng.shuffle(deck), deck=8, shuffles=2000, threads=1, tests="position")
    returned = shuffle_audit.assert_fair(
        sampled, deck=8, shuffles=2000, seed=2, fail_below=1e-12, suspicious_below=1e-4
    )
    assert lam.verdict == "PASS" and returned.verdict == "PASS"
    dealt = shuffle_audit.audit(fisher_yates, deck=54, shuffles=2000, game="doudizhu")
    assert dealt.shuffles == 2000

    decks = [random.Random(3).sample(range(6), 6) for _ in range(500)]
    from_lists = shuffle_audit.audit_decks(decks)
    from_tuples = shuffle_audit.audit_decks([tuple(d) for d in decks], deck=6, threads=None, game=None)
    assert from_lists.p_values == from_tuples.p_values
    assert from_lists.seed is None
    from_lists.assert_fair() if from_lists.verdict == "PASS" else None

    first: int = shuffle_audit.chunk_seed(0, 1)
    chunk: int = shuffle_audit.CHUNK_SHUFFLES
    assert first != shuffle_audit.chunk_seed(0, 0) and chunk > 0


if __name__ == "__main__":
    main()
