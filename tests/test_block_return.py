"""Block triggers on the stack that return their source to its owner's hand ("When ~ blocks / becomes blocked, return
it to its owner's hand": 509.2a, 603.3b, 400.3) or lower its toughness ("Whenever ~ blocks or becomes blocked, it gets
+2/-2 until end of turn": 613.4c, 704.5f; pysolver.rules.triggers.block_puts), each rule with a hand-stated expected set
(checked against the fights, the walk, the count and the reference, tests/reference/triggers.py), the boards
refused, and generated boards against the reference."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, declare
from combat_boards import board as combat_board
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError

BLOCKS = "When ~ blocks, return it to its owner's hand"
BLOCKED = "When ~ becomes blocked, return it to its owner's hand"
LOWERS = "Whenever ~ blocks or becomes blocked, it gets +2/-2 until end of turn"
GAIN = "Whenever ~ blocks, you may gain 4 life"
CAPTAIN = "Whenever a creature you control with defender blocks, you may gain 2 life"
PUT_LINES = (BLOCKS, BLOCKED, LOWERS, GAIN, CAPTAIN, "Defender",
             "Whenever a creature you control blocks, you gain 1 life",
             "Whenever a creature you control becomes blocked, it gets +1/+1 until end of turn",
             "Whenever a creature you control becomes blocked, you may untap that creature and remove it from combat")


def test_509_1h_the_attacker_a_returned_blocker_blocked_stays_blocked() -> None:
    """509.2a, 400.3: z blocks and returns to bob's hand before damage (it left the battlefield: `destroyed`);
    x stays blocked (509.1h), and with trample all its damage goes to bob (702.19e)."""
    t = board(creature("x", "alice", 3, 3, "Trample"), creature("z", "bob", 2, 2, BLOCKS), attackers={"x": "bob"})
    assert agreed_outcomes(t) == {outcome(bob=17), outcome(bob=17, destroyed=("z",))}


def test_509_3c_an_attacker_that_becomes_blocked_returns_before_damage() -> None:
    """509.3c, 400.3: r becomes blocked and returns to alice's hand: the blocker is dealt no damage (510.1c)."""
    s = board(creature("r", "alice", 3, 2, BLOCKED), creature("b", "bob", 2, 2), attackers={"r": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=17), outcome(destroyed=("r",))}


def test_704_5f_a_toughness_lowered_on_the_stack_kills_a_damaged_creature() -> None:
    """613.4c, 704.5f, 704.5g: d (2/3, 1 damage) blocked becomes 4/1 and dies before damage; unblocked it is not
    (509.3c: "becomes blocked")."""
    s = board(creature("d", "alice", 2, 3, LOWERS, damage=1), creature("b", "bob", 3, 3), attackers={"d": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18, damage={"d": 1}), outcome(destroyed=("d",))}


def test_603_5_you_may_gain_life_as_it_blocks() -> None:
    """509.3a, 603.5, 119.3: m blocks; bob may gain 4 life or not (m, 0/1, dies to x's damage either way)."""
    s = board(creature("x", "alice", 2, 2), creature("m", "bob", 0, 1, GAIN), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("m",)), outcome(bob=24, destroyed=("m",))}


def test_509_3a_each_creature_you_control_with_defender_that_blocks_triggers_it_once() -> None:
    """509.3a, 603.5: each of c and w (defender) that blocks x triggers c's ability once, bob choosing each (2 life
    or none); x (2/2) deals its 2 damage to one blocker or 1 to each; unblocked, 2 to bob."""
    s = board(creature("x", "alice", 2, 2), creature("c", "bob", 0, 4, "Defender", CAPTAIN),
              creature("w", "bob", 0, 3, "Defender"), attackers={"x": "bob"})
    got = {(o["life"]["bob"], tuple(sorted(o["damage"].items()))) for o in map(json.loads, agreed_outcomes(s))}
    both = {(life, hit) for life in (20, 22, 24) for hit in [(("c", 2),), (("w", 2),), (("c", 1), ("w", 1))]}
    one = {(life, ((b, 2),)) for life in (20, 22) for b in "cw"}
    assert got == {(18, ())} | one | both


def test_509_3c_each_blocked_attacker_you_control_gets_the_bonus() -> None:
    """509.3c, 613.4c: a (tapped, out of combat) gives the blocked attacker x +1/+1: blocked by b (2/2) it is 3/3
    and survives; unblocked it deals 2."""
    s = board(creature("x", "alice", 2, 2),
              creature("a", "alice", 3, 3, "Whenever a creature you control becomes blocked, it gets +1/+1 until end "
                       "of turn", tapped=True), creature("b", "bob", 2, 2), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("b",), damage={"x": 2})}


def test_506_4_a_blocked_attacker_you_control_may_be_removed_from_combat() -> None:
    """509.3c, 603.5, 506.4: b blocks x; alice may untap x and remove it from combat (it deals and is dealt no
    combat damage; b stays blocking nothing)."""
    s = board(creature("x", "alice", 2, 2),
              creature("g", "alice", 3, 3, "Whenever a creature you control becomes blocked, you may untap that "
                       "creature and remove it from combat", tapped=True), creature("b", "bob", 3, 3),
              attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(), outcome(destroyed=("x",), damage={"b": 2})}


@pytest.mark.parametrize(("other", "blockers"), [
    (creature("y", "bob", 1, 1, "When ~ dies, it deals 1 damage to any target"), None),
    (creature("y", "bob", 1, 1, "Undying"), None),
    (creature("y", "bob", 1, 1), {"z": ["x"]}),
], ids=["death trigger", "undying", "declared"])
def test_700_4_a_return_beside_a_death_trigger_or_past_its_declaration_is_refused(
        other: dict[str, Any], blockers: dict[str, list[str]] | None) -> None:
    """700.4: a creature returned to its hand does not die (what the death triggers read off is not modelled);
    509.2a: past the declaration, whether it returned is not stated."""
    with pytest.raises(InputError, match="return"):
        board(creature("x", "alice", 2, 2), creature("z", "bob", 1, 1, BLOCKS), other,
              **({"attackers": {"x": "bob"}, "blockers": blockers} if blockers else {}))


@settings(max_examples=examples(2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(combat_board(attackers=(1, 2), blockers=(1, 2)).flatmap(lambda t: declare(*t, blocks=False)).flatmap(
    lambda d: with_triggers(d, PUT_LINES)).filter(
    lambda d: assignment_bound({**d, "combat": {**d["combat"], "blockers": {}}}) <= 40))
def test_603_3b_block_returns_and_lowered_toughness_equal_reference(data: dict[str, Any]) -> None:
    try:
        pysolver.load_data(data)
    except InputError:
        return  # (a board the loader refuses: another block trigger, a death trigger)
    outcomes_equal_reference(data)
