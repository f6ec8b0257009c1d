"""Switching power and toughness (613.4d, layer 7d): "{cost}: Switch ~'s power and toughness until end of turn"
(Phantasmal Fiend, Turtleshell Changeling, Windreaver) and "{cost}: Switch each creature's power and toughness until
end of turn" (Mannichi, the Fevered Dream: each creature on the battlefield as it resolves, 611.2c), and the state
they leave (`switched_until_end_of_turn`, docs/situation.md). The switch applies after every +X/+Y, counter and
static ability of layer 7c (613.4c); switched twice, a creature is as it was. One test per rule with hand-stated
sets, then the solver against the brute-force reference (tests/reference/activated.py) on generated boards.
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, switch_boards

import pysolver
from pysolver.files.cards import oracle_lines
from pysolver.model.abilities import parse_ability_line

SWITCH = "{1}{U}: Switch ~'s power and toughness until end of turn"
EACH = "{1}{R}: Switch each creature's power and toughness until end of turn"


def results(s) -> set[tuple]:
    """(destroyed, damage, bob's life) of each outcome, agreed by the fights, the walk, the count and the
    reference (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


@pytest.mark.parametrize("name, line, kind", [
    ("Phantasmal Fiend", "{1}{U}: Switch Phantasmal Fiend's power and toughness until end of turn.", "switch"),
    ("Turtleshell Changeling", "{1}{U}: Switch Turtleshell Changeling's power and toughness until end of turn.",
     "switch"),
    ("Windreaver", "{U}: Switch Windreaver's power and toughness until end of turn.", "switch"),
    ("Mannichi, the Fevered Dream", "{1}{R}: Switch each creature's power and toughness until end of turn.",
     "switch_each"),
])
def test_613_4d_real_lines(name, line, kind) -> None:
    assert oracle_lines(name, line) == ((line,), ())
    (a,) = parse_ability_line(line, name, frozenset())
    assert (a.kind, a.value.target) == (kind, "")


def test_613_4d_a_switched_attacker_trades_with_its_blocker() -> None:
    """alice's 1/4 blocked by a 3/3: as it is, it survives and deals 1; switched, a 4/1, both die (704.5g)."""
    s = board(creature("x", "alice", 1, 4, SWITCH), creature("y", "bob", 3, 3), attackers={"x": "bob"},
              blockers={"y": ["x"]}, mana="{1}{U}")
    assert results(s) == {((), (("x", 3), ("y", 1)), 20), (("x", "y"), (), 20)}


def test_613_4d_the_switch_comes_after_counters_pumps_and_anthems() -> None:
    """A 1/3 with a +1/+1 counter, +0/+2 until end of turn and a lord's +1/+0 is a 3/6 before the switch (613.4c),
    a 6/3 after it (613.4d): unblocked it deals 6; blocked by a 3/3 it kills it and dies."""
    x = creature("x", "alice", 1, 3, counters={"+1/+1": 1}, until_end_of_turn="+0/+2", switched_until_end_of_turn=True)
    lord = creature("l", "alice", 1, 1, "Other creatures you control get +1/+0")
    assert results(board(x, lord, attackers={"x": "bob"}, blockers={})) == {((), (), 14)}
    assert results(board(x, lord, creature("y", "bob", 3, 3), attackers={"x": "bob"}, blockers={"y": ["x"]})) == {
        (("x", "y"), (), 20)}


def test_611_2c_704_5f_switch_each_creature_kills_a_wall() -> None:
    """Mannichi's switch turns bob's 0/3 blocker into a 3/0, put into the graveyard (704.5f): alice's blocked 2/2
    stays blocked (509.1h); alice's own creatures stay as they were (1/1, 2/2)."""
    s = board(creature("m", "alice", 1, 1, EACH), creature("x", "alice", 2, 2), creature("w", "bob", 0, 3),
              attackers={"x": "bob"}, blockers={"w": ["x"]}, mana="{1}{R}")
    assert results(s) == {((), (("w", 2),), 20), (("w",), (), 20)}


def test_613_4d_the_state_is_read_and_written() -> None:
    s = board(creature("x", "alice", 0, 3, switched_until_end_of_turn=True))
    assert s.permanent("x").switched_until_end_of_turn
    assert pysolver.load_data(s.to_data()).permanent("x").switched_until_end_of_turn
    assert {tuple(o["destroyed"]) for o in map(json.loads, agreed_outcomes(s))} == {("x",)}  # a 3/0 (704.5f)


SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(switch_boards("blockers"))
def test_switch_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
