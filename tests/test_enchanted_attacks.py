""""Whenever ~ or enchanted creature attacks, defending player loses N life" (702.103b bestow, 303.4d): on a creature,
which enchants nothing, only its first half can trigger (508.3a); on a noncreature permanent (a bestowed Aura) the
enchanted creature is not modelled, and the board is refused."""

from __future__ import annotations

import pytest
from boards import board, creature

import pysolver
from pysolver.model.abilities import parse_ability_line

LINE = "Whenever ~ or enchanted creature attacks, defending player loses 2 life"


def test_real_line_parses() -> None:
    line = "Whenever Spiteful Returned or enchanted creature attacks, defending player loses 2 life."
    assert [a.term for a in parse_ability_line(line, "Spiteful Returned")] == ["attacks_loss(2)"]


def test_508_3a_the_creature_attacking_makes_defending_player_lose_life() -> None:
    """508.3a, 119.3: x (1/1) attacking makes bob lose 2 and deals 1 (20 - 3)."""
    assert {o["life"]["bob"] for o in pysolver.outcomes(board(creature("x", "alice", 1, 1, LINE)))} == {20, 17}


def test_303_4b_a_noncreature_permanent_with_it_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"permanents\[0\].*702\.103b"):
        board({"id": "e", "controller": "alice", "types": ["Enchantment"], "subtypes": ["Aura"], "abilities": [LINE]})
