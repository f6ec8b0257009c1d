"""'Prevent all combat damage that would be dealt to ~ by enchanted creatures' (Enchanted Being, 615.1a): the fights,
the walk and the brute-force reference (tests/reference/shields.py) find exactly the hand-stated outcomes."""

from __future__ import annotations

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


def test_615_1a_303_4_only_enchanted_creatures_damage_is_prevented() -> None:
    """Alice's enchanted 3/3 (303.4: an Aura attached) and unenchanted 3/3 each blocked by an Enchanted Being (2/2):
    the enchanted one's damage is prevented (120.4b), the other's is dealt and its blocker dies (704.5g)."""
    s = board(creature("x", "alice", 3, 3, auras_attached=1), creature("y", "alice", 3, 3),
              creature("e", "bob", 2, 2, BEING), creature("f", "bob", 2, 2, BEING),
              attackers={"x": "bob", "y": "bob"}, blockers={"e": ["x"], "f": ["y"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("f",), damage={"x": 2, "y": 2})}


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [BEING]))
def test_enchanted_prevention_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    for p in data["permanents"]:
        p.setdefault("auras_attached", int(p["id"].endswith("0")))  # (some enchanted)
    agreed_outcomes(pysolver.load_data(data))
