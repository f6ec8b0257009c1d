"""`attacks` (pysolver.legal_attacks, count_attacks) against the brute-force reference.

Random small boards (tests/strategies.py): every candidate declaration of attackers is
generated and tested in plain Python (tests/reference/declarations.py, 508.1a-d) and
compared, as a set, with the answers of the encodings; the count equals the number of
declarations enumerated.
"""

from __future__ import annotations

import json
from pathlib import Path

from boards import assert_agrees
from hypothesis import given, settings
from reference import reference_attacks
from strategies import attack_boards, examples, with_one_line

import pysolver

ACCEPTANCE = Path(__file__).parent / "acceptance"


def solver_attacks(s) -> list[frozenset]:
    return [frozenset(tuple(pair) for pair in d["attacks"]) for d in pysolver.legal_attacks(s)]


@settings(max_examples=examples(40), deadline=None)
@given(attack_boards())
def test_attacks_equal_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    want = reference_attacks(s)
    assert_agrees(solver_attacks(s), want, pysolver.count_attacks(s))


# 508.1d, 613.1f: requirements a static ability gives the creatures it describes (real cards' lines)
GROUP_REQUIREMENTS = ("All creatures attack each combat if able",
                      "Other creatures you control attack each combat if able",
                      "Creatures you control have haste and attack each combat if able",
                      "All creatures have double strike and attack each combat if able",
                      "Red creatures your opponents control attack each combat if able")


@settings(max_examples=examples(3), deadline=None)
@given(attack_boards().flatmap(lambda d: with_one_line(d, GROUP_REQUIREMENTS)))
def test_attacks_with_requirements_of_static_abilities_equal_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    assert_agrees(solver_attacks(s), reference_attacks(s), pysolver.count_attacks(s))


def test_reference_agrees_with_acceptance() -> None:
    """The reference itself reproduces the worked acceptance answer."""
    s = pysolver.load(ACCEPTANCE / "firecat-face-down-chump.yaml")
    expected = json.loads((ACCEPTANCE / "firecat-face-down-chump.attacks.expected.json").read_text())
    assert reference_attacks(s) == {frozenset(tuple(p) for p in r["attacks"]) for r in expected["results"]}
