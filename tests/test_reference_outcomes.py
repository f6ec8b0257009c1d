"""`outcomes` (pysolver.outcomes, count_outcomes) against the brute-force reference.

Random small boards (tests/combat_boards.py) with face-down creatures and mana: the reference
(tests/reference/outcomes.py) plays out every declaration, every face-up turn in every priority
window (docs/verify.md), every assignment of each combat damage step, and the results are compared as
sets of canonical outcomes (docs/results.md).
"""

from __future__ import annotations

from combat_boards import outcome_boards
from hypothesis import given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

import pysolver


def compare(data: dict) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])
    assert pysolver.count_outcomes(s) == len(want)


@settings(max_examples=examples(35), deadline=None)
@given(outcome_boards("blockers"))
def test_outcomes_after_blocks_equal_reference(data: dict) -> None:
    compare(data)


@settings(max_examples=examples(40), deadline=None)
@given(outcome_boards("attackers"))
def test_outcomes_after_attacks_equal_reference(data: dict) -> None:
    compare(data)


@settings(max_examples=examples(25), deadline=None)
@given(outcome_boards("none"))
def test_outcomes_of_whole_combat_equal_reference(data: dict) -> None:
    compare(data)
