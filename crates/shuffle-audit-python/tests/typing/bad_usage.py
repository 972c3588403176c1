"""Mistakes `mypy --strict` must catch against shuffle_audit.pyi (tests/test_typing.py). Each line marked
`# error: CODE` must be reported with that error code, and no other line. Never run."""

import random

import shuffle_audit


def fisher_yates(deck: list[int], rng: random.Random) -> None:
    rng.shuffle(deck)


def by_name(deck: list[str], rng: random.Random) -> None:
    rng.shuffle(deck)


shuffle_audit.audit(fisher_yates, deck="52")  # error: arg-type
shuffle_audit.audit(fisher_yates, decks=52)  # error: call-arg
shuffle_audit.audit(fisher_yates, 52)  # error: call-arg
shuffle_audit.audit(by_name)  # error: arg-type
shuffle_audit.assert_fair(fisher_yates, fail_below="1e-9")  # error: arg-type
shuffle_audit.audit_decks([[0, 1, 2]], seed=1)  # error: call-arg
shuffle_audit.audit_decks([["a", "b"]])  # error: list-item
shuffles: str = shuffle_audit.audit(fisher_yates).shuffles  # error: assignment
seed: int = shuffle_audit.audit_decks([[1, 0]]).seed  # error: assignment
shuffle_audit.audit(fisher_yates).p_values["position-card"].upper()  # error: attr-defined
shuffle_audit.audit(fisher_yates).tests[0]["p"]  # error: typeddict-item
shuffle_audit.audit(fisher_yates).write(42)  # error: arg-type
