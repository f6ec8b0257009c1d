""""Whenever ~ blocks or becomes blocked by a <creature>, that creature becomes <color>" (509.3d, 105.3, 613.1e): a
block trigger resolved as blockers are declared; the other creature is that color alone from then on (611.2a), which
protection reads (702.16e). Each rule with a hand-stated expected set, the real card line, a refusal, and the
brute-force reference (tests/reference/triggers.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_one_line

import pysolver
from pysolver.model.abilities import parse_ability_line

GREEN = "Whenever ~ blocks or becomes blocked by a creature, that creature becomes green"


def test_real_line_parses() -> None:
    line = "Whenever Aisling Leprechaun blocks or becomes blocked by a creature, that creature becomes green."
    assert [a.term for a in parse_ability_line(line, "Aisling Leprechaun")] == [
        "on_block(either_by(any),partner,becomes(green))"]


def test_702_16e_the_blocker_made_green_deals_no_damage_to_protection_from_green() -> None:
    """509.3d, 105.3, 702.16e: the attacker x (1/2, protection from green) blocked by bob's red y (2/2) makes y
    green: y's combat damage to x is prevented; x's 1 marks y. Unblocked, x deals 1."""
    s = board(creature("x", "alice", 1, 2, GREEN, "Protection from green"), creature("y", "bob", 2, 2, colors=["red"]))
    assert {(o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)} == {(20, (), ()), (19, (), ()), (20, (), (("y", 1),))}


def test_603_3b_beside_another_block_trigger_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*105\.3"):
        board(creature("x", "alice", 1, 2, GREEN), creature("y", "bob", 2, 2, "Bushido 1"))


def admitted(data: dict[str, Any]) -> bool:
    """Whether the loader admits `data` (a board with another block trigger, an activated ability, a face-down
    permanent, persist or undying beside the line is refused)."""
    try:
        pysolver.load_data(data)
    except pysolver.InputError:
        return False
    return assignment_bound(data) <= 40


@settings(max_examples=examples(3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_one_line(d, (GREEN,))).filter(admitted))
def test_block_recolor_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
