"""Damage that becomes -1/-1 counters (614.1a Lichenthrope, 615.5 Phyrexian Hydra), one test per rule: the
fights, the walk and the brute-force reference (tests/reference/outcomes.py) find exactly the hand-stated
outcomes; generated boards compare the three at the end."""

from __future__ import annotations

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from strategies import examples, with_shields

import pysolver
from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

COUNTERS = "If damage would be dealt to ~, put that many -1/-1 counters on it instead"


@pytest.mark.parametrize("name, line", [
    ("Lichenthrope", "If damage would be dealt to Lichenthrope, put that many -1/-1 counters on it instead."),
    ("Phyrexian Hydra", "If damage would be dealt to Phyrexian Hydra, prevent that damage. Put a -1/-1 counter on "
                        "Phyrexian Hydra for each 1 damage prevented this way.")])
def test_614_1a_615_5_real_lines_parse(name: str, line: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == a.term == "damage_as_counters"


def test_614_1a_the_damage_becomes_counters_and_is_not_marked() -> None:
    """bob's 5/5 blocks alice's 3/3: 3 -1/-1 counters instead of 3 damage (122.1a); it deals its 5."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 5, 5, COUNTERS),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("x",), minus_counters={"y": 3})}


def test_614_1a_704_5f_counters_to_toughness_zero() -> None:
    """Two 2/2s blocked by a 4/4 with the line: the 4 counters leave it 0/0 (704.5f: put into the graveyard);
    its 4 kill one or both (510.1d)."""
    s = board(creature("x1", "alice", 2, 2), creature("x2", "alice", 2, 2),
              creature("y", "bob", 4, 4, COUNTERS, "Can block an additional creature each combat"),
              attackers={"x1": "bob", "x2": "bob"}, blockers={"y": ["x1", "x2"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("x1", "x2", "y")), outcome(destroyed=("x1", "y")),
                                  outcome(destroyed=("x1", "y"), damage={"x2": 1}), outcome(destroyed=("x2", "y")),
                                  outcome(destroyed=("x2", "y"), damage={"x1": 1})}


def test_120_4b_702_2b_702_15b_no_deathtouch_no_lifelink() -> None:
    """The damage is not dealt (120.4b): deathtouch destroys nothing (702.2b), lifelink gains nothing (702.15b)."""
    s = board(creature("x", "alice", 2, 2, "Deathtouch", "Lifelink"), creature("y", "bob", 1, 4, COUNTERS),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1}, minus_counters={"y": 2})}


def test_616_1_protection_or_counters_first() -> None:
    """Damage from a red source to a creature with protection from red and the line: its controller applies the
    protection (702.16e: nothing) or the line (the counters) first (616.1): both results."""
    s = board(creature("x", "alice", 2, 2, colors=["red"]),
              creature("y", "bob", 0, 4, COUNTERS, "Protection from red"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(), outcome(minus_counters={"y": 2})}


def test_616_1_verify_refuses_the_order_choice() -> None:
    """verify has no move for the controller's order (616.1): it refuses, naming the creature."""
    s = board(creature("x", "alice", 2, 2, colors=["red"]),
              creature("y", "bob", 0, 4, COUNTERS, "Protection from red"),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, goal={"destroy": ["y"]})
    with pytest.raises(InputError, match="616.1"):
        pysolver.verify(s)


@pytest.mark.parametrize("lines", [("When ~ dies, it deals 1 damage to any target",),
                                   ("{T}: Prevent the next 1 damage that would be dealt to any target this turn",)])
def test_616_1_damage_outside_combat_or_a_shield_is_refused(lines: tuple[str, ...]) -> None:
    with pytest.raises(InputError, match="614.1a"):
        board(creature("x", "alice", 2, 2, *lines), creature("y", "bob", 0, 4, COUNTERS))


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [COUNTERS]))
def test_damage_as_counters_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))
