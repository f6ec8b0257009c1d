"""`damage` (pysolver.damage_assignments, count_damage) against the brute-force reference.

Random small declared combats (tests/combat_boards.py): every legal assignment of the next
combat damage step (510.1, 510.4, 702.19, 702.2c) is generated and tested in plain Python
(tests/reference/damage.py) and compared, as a set, with the answer sets of the encodings.
"""

from __future__ import annotations

from boards import assert_agrees
from combat_boards import damage_boards
from hypothesis import given, settings
from reference.damage import reference_assignments
from strategies import examples

import pysolver


def solver_assignments(s) -> list[frozenset]:
    return [frozenset(tuple(t) for t in a["assignment"]) for a in pysolver.damage_assignments(s)]


@settings(max_examples=examples(100), deadline=None)
@given(damage_boards())
def test_damage_assignments_equal_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    want = reference_assignments(s)
    assert_agrees(solver_assignments(s), want)


@settings(max_examples=examples(60), deadline=None)
@given(damage_boards())
def test_count_damage_equals_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    assert pysolver.count_damage(s) == len(reference_assignments(s))
