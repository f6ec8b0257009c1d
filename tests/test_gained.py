""""Whenever you gain life, <effect>" (119.9): in combat a source with lifelink that deals combat damage makes
its controller gain that much life (702.15b), one life gain event for each such source however many it deals
damage to (702.15e); the triggers go on the stack with the step's other triggers (510.3a, 603.3) and resolve
before the regular damage step (510.4). One test per rule with hand-stated sets, the boards the loader refuses,
then the solver against the brute-force reference (tests/reference/hits.py) on generated boards.
"""

from __future__ import annotations

import json

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, gained_boards

from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

BLOODBOND = "Whenever you gain life, put a +1/+1 counter on ~"
EPICURE = "Whenever you gain life, each opponent loses 1 life"


def results(s) -> set[tuple]:
    """(destroyed, damage, alice's life, bob's life) of each outcome, agreed by the fights, the walk, the count
    and the reference (differential.agreed_outcomes)."""
    return {(tuple(o["destroyed"]), tuple(sorted(o["damage"].items())), o["life"]["alice"], o["life"]["bob"])
            for o in map(json.loads, agreed_outcomes(s))}


@pytest.mark.parametrize("name, line, term", [
    ("Bloodbond Vampire", "Whenever you gain life, put a +1/+1 counter on Bloodbond Vampire.", "gained_counters(1)"),
    ("Karlov of the Ghost Council", "Whenever you gain life, put two +1/+1 counters on Karlov of the Ghost "
                                    "Council.", "gained_counters(2)"),
    ("Malakir Familiar", "Whenever you gain life, Malakir Familiar gets +1/+1 until end of turn.", "gained_pump(1)"),
    ("Epicure of Blood", "Whenever you gain life, each opponent loses 1 life.", "gained_loss(1)"),
    ("Famished Paladin", "Whenever you gain life, untap Famished Paladin.", "gained_untap"),
])
def test_119_9_real_lines(name, line, term) -> None:
    assert [a.term for a in parse_ability_line(line, name, frozenset())] == [term]


def test_510_4_a_counter_from_first_strike_lifelink_is_there_for_the_regular_step() -> None:
    """The 1/1 first striker with lifelink hits bob (702.15b): alice gains 1, Bloodbond's trigger resolves
    before the regular step (510.4) and the 3/3 Bloodbond trades with the 3/3 blocking it."""
    s = board(creature("v", "alice", 2, 2, BLOODBOND), creature("l", "alice", 1, 1, "First strike", "Lifelink"),
              creature("b", "bob", 3, 3), attackers={"v": "bob", "l": "bob"}, blockers={"b": ["v"]})
    assert results(s) == {(("b", "v"), (), 21, 19)}


def test_702_15e_each_source_with_lifelink_is_one_event() -> None:
    """Two attackers with lifelink: two life gain events, two triggers (bob loses 2 more, 119.3); a blocked
    one still deals its damage to its blocker (alice gains it too)."""
    s = board(creature("v", "alice", 2, 2, EPICURE, "Lifelink"), creature("l", "alice", 1, 1, "Lifelink"),
              creature("b", "bob", 3, 3), attackers={"v": "bob", "l": "bob"})
    assert results(s) == {((), (), 23, 15), (("v",), (("b", 2),), 23, 17), (("l",), (("b", 1),), 23, 16)}


def test_702_15e_one_source_dealing_damage_to_two_creatures_is_one_event() -> None:
    """A 2/2 with lifelink blocked by two 1/1s gains alice 2 life once, however it assigns (510.1c): one trigger."""
    s = board(creature("v", "alice", 2, 2, EPICURE, "Lifelink"), creature("b", "bob", 1, 1), creature("c", "bob", 1, 1),
              attackers={"v": "bob"}, blockers={"b": ["v"], "c": ["v"]})
    assert results(s) == {(("b", "c", "v"), (), 22, 19), (("b", "v"), (), 22, 19), (("c", "v"), (), 22, 19)}


@pytest.mark.parametrize("extra, words", [
    (creature("g", "alice", 1, 1, "Whenever ~ deals combat damage to a player, you gain 2 life"), "gains life"),
    (creature("p", "alice", 1, 1, "Lifelink", "{T}: ~ deals 1 damage to any target"), "outside combat damage"),
    (creature("f", "alice", 1, 1, "Whenever you gain life, untap ~", "{T}: Tap target creature"), "untaps itself"),
])
def test_life_gained_otherwise_is_refused(extra, words) -> None:
    """pysolver.files.loader: only the life that lifelink's combat damage gains is modelled (119.3, 120.3)."""
    with pytest.raises(InputError, match=words):
        board(creature("v", "alice", 2, 2, BLOODBOND), extra)


SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(gained_boards())
def test_gained_outcomes_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
