"""'Damage that would reduce your life total to less than 1 reduces it to 1 instead' (Sustaining Spirit, 614.1a), one
test per rule: the fights, the walk and the brute-force reference (tests/reference/doubled.py) find exactly the
hand-stated outcomes; generated boards compare the three at the end."""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from strategies import examples, with_shields

import pysolver
from pysolver.errors import InputError
from pysolver.game.fights import decomposes
from pysolver.model.abilities import parse_ability_line

FLOOR = "Damage that would reduce your life total to less than 1 reduces it to 1 instead"


def test_614_1a_real_line_parses() -> None:
    (a,) = parse_ability_line(FLOOR + ".", "Sustaining Spirit")
    assert a.term == "life_floor"


def test_614_1a_each_step_leaves_its_controller_at_1() -> None:
    """Bob at 4: a first striker's 2 (510.4) leaves him at 2, then the regular step's 3 would leave him at -1: 1
    instead. The board is walked whole (the fights would add each fight's damage to his life apart)."""
    s = board(creature("x", "alice", 3, 3), creature("y", "alice", 2, 2, "First strike"),
              creature("sp", "bob", 1, 1, FLOOR, tapped=True), attackers={"x": "bob", "y": "bob"}, blockers={}, bob=4)
    assert not decomposes(s)
    assert agreed_outcomes(s) == {outcome(bob=1)}


@pytest.mark.parametrize("extra", [
    creature("s", "bob", 1, 1, "Lifelink"),
    creature("s", "alice", 1, 1, "{T}: ~ deals 1 damage to any target")])
def test_a_lifelinker_or_damage_outside_combat_is_refused(extra: dict) -> None:
    """702.15b: life gained in the same damage event; 120.3: damage outside the combat damage steps."""
    with pytest.raises(InputError, match="614.1a"):
        board(creature("x", "alice", 2, 2), creature("sp", "bob", 1, 1, FLOOR), extra, attackers={"x": "bob"})


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [FLOOR]))
def test_life_floor_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    try:
        s = pysolver.load_data(data)
    except InputError as exc:
        assert "702.15b" in str(exc)  # (a generated lifelinker)
        return
    agreed_outcomes(s)
