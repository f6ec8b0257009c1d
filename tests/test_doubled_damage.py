"""'If a source you control would deal damage to a permanent or player, it deals double that damage to that permanent
or player instead' (Angrath's Marauders, 614.1a), one test per rule: the fights, the walk and the brute-force
reference (tests/reference/doubled.py) find exactly the hand-stated outcomes; generated boards compare the three at
the end."""

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

DOUBLE = ("If a source you control would deal damage to a permanent or player, it deals double that damage to that "
          "permanent or player instead")


def test_614_1a_real_line_parses() -> None:
    (a,) = parse_ability_line(DOUBLE + ".", "Angrath's Marauders")
    assert a.term == "double_damage"


def test_614_1a_510_1c_doubled_after_assignment_lifelink_gains_it() -> None:
    """Alice's 5/5 lifelink trampler blocked by a 1/4 assigns lethal damage as it would be dealt before the
    replacement (510.1c-d, 702.19b): 4 or 5 to the blocker, the rest to bob; each event is doubled (614.1a), and the
    lifelinker gains the 10 dealt (702.15b). Her Marauders (1/1, unblocked) deals bob 2. Bob's blocker deals 1: not
    his source's damage, not doubled."""
    s = board(creature("x", "alice", 5, 5, "Lifelink", "Trample"), creature("m", "alice", 1, 1, DOUBLE),
              creature("b", "bob", 1, 4), attackers={"x": "bob", "m": "bob"}, blockers={"b": ["x"]})
    assert agreed_outcomes(s) == {outcome(alice=30, bob=16, destroyed=("b",), damage={"x": 1}),
                                  outcome(alice=30, bob=18, destroyed=("b",), damage={"x": 1})}


def test_616_1f_611_3a_two_double_twice_and_only_while_on_the_battlefield() -> None:
    """With two Marauders alice's 1/1 would deal 4 (each replacement applies once, 616.1f) to the 0/3 blocking it; but
    bob's first striker kills one of them in the first-strike step, so in the regular step only the other applies
    (611.3a): 2, and the 0/3 survives. The board is walked whole (pysolver.game.fights.decomposes)."""
    s = board(creature("x", "alice", 1, 1), creature("m", "alice", 1, 1, DOUBLE), creature("n", "alice", 0, 1, DOUBLE),
              creature("b", "bob", 0, 3), creature("f", "bob", 1, 1, "First strike"),
              attackers={"x": "bob", "m": "bob", "n": "bob"}, blockers={"b": ["x"], "f": ["m"]})
    assert not decomposes(s)
    assert agreed_outcomes(s) == {outcome(destroyed=("m",), damage={"b": 2})}


@pytest.mark.parametrize("extra", [
    creature("s", "bob", 1, 1, "{T}: Prevent the next 1 damage that would be dealt to any target this turn"),
    creature("s", "bob", 1, 1, "If damage would be dealt to ~, put that many -1/-1 counters on it instead"),
    creature("s", "bob", 1, 1, "If a source would deal damage to you or a creature you control, prevent 1 of that "
                               "damage"),
    creature("s", "bob", 1, 1, "{T}: ~ deals 1 damage to any target")])
def test_616_1_orders_that_change_a_result_are_refused(extra: dict) -> None:
    """616.1: a prevention shield (615.7), damage made counters (614.1a) or a prevention of part of the damage
    (615.10) may apply to the same damage before or after the doubling, the affected player choosing, with different
    results; damage dealt outside combat (120.3) is not modelled beside the line: refused."""
    with pytest.raises(InputError, match="614.1a"):
        board(creature("x", "alice", 2, 2, DOUBLE), extra, attackers={"x": "bob"})


def test_verify_counts_the_doubled_damage() -> None:
    """The bounds verify prunes with (pysolver.game.goals) count the doubling: 2 unblockable damage doubled is
    lethal to bob at 4 life."""
    data = {"players": [{"name": "alice", "life": 20}, {"name": "bob", "life": 4}], "active": "alice",
            "permanents": [creature("x", "alice", 2, 2, DOUBLE), creature("b", "bob", 1, 1, "Defender", tapped=True)],
            "combat": {"attackers": {"x": "bob"}, "blockers": {}}}
    assert pysolver.verify(pysolver.load_data({**data, "goal": {"lethal": "bob"}}))["holds"]


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("blockers"), [DOUBLE]))
def test_doubled_damage_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))
