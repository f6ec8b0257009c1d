"""'Prevent all combat damage that would be dealt to ~ by enchanted creatures' (Enchanted Being, 615.1a): the fights,
the walk and the brute-force reference (tests/reference/shields.py) find exactly the hand-stated outcomes."""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from strategies import examples, with_shields

import pysolver
from pysolver.model.abilities import parse_ability_line

BEING = "Prevent all combat damage that would be dealt to ~ by enchanted creatures"


def test_615_1a_real_line_parses() -> None:
    (a,) = parse_ability_line(BEING.replace("~", "Enchanted Being") + ".", "Enchanted Being")
    assert a.kind == "prevent_combat_damage_from_enchanted"


@pytest.mark.parametrize("auras, want", [
    (1, {outcome(destroyed=("c",), damage={"x": 2})}),  # 303.4: enchanted, its damage prevented (120.4b)
    (0, {outcome(destroyed=("c", "e"), damage={"x": 2})})])  # not enchanted: dealt, the 2/2 dies (704.5g)
def test_615_1a_303_4_only_enchanted_creatures_damage_is_prevented(auras: int, want: set) -> None:
    """Alice's 3/3 (with `auras` Auras attached) blocked by Enchanted Being (2/2), in the regular step after a
    first-strike step (510.4: the first striker kills its 1/1 blocker first)."""
    s = board(creature("x", "alice", 3, 3, auras_attached=auras), creature("f", "alice", 1, 1, "First strike"),
              creature("e", "bob", 2, 2, BEING), creature("c", "bob", 1, 1),
              attackers={"x": "bob", "f": "bob"}, blockers={"e": ["x"], "c": ["f"]})
    assert agreed_outcomes(s) == want


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [BEING]))
def test_enchanted_prevention_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    for p in data["permanents"]:
        p.setdefault("auras_attached", int(p["id"].endswith("0")))  # (some enchanted)
    agreed_outcomes(pysolver.load_data(data))
