"""Triggers after which a creature assigns no combat damage this turn (510.1a, 611.2a): "Whenever ~ attacks and isn't
blocked, it assigns no combat damage this turn and defending player loses N life" (509.3g, 119.3: on the stack as
poison counters are) and "Whenever ~ attacks and isn't blocked, you may draw a card. If you do, ~ assigns no combat
damage this turn" (603.5, 121.1: the card drawn acts in no combat; pysolver.rules.triggers.block_puts), each rule with
a hand-stated expected set (checked against the fights, the walk, the count and the reference,
tests/reference/triggers.py and tests/reference/damage.py), the situation field `assigns_no_combat_damage`, and
generated boards against the reference."""

from __future__ import annotations

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
from pysolver.model.abilities import parse_ability_line

KEEPER = "Whenever ~ attacks and isn't blocked, it assigns no combat damage this turn and defending player loses 2 life"
OPHIDIAN = "Whenever ~ attacks and isn't blocked, you may draw a card. If you do, ~ assigns no combat damage this turn"
ZEALOT = ("Whenever ~ attacks and isn't blocked, you may have it deal 1 damage to target creature. If you do, prevent "
          "all combat damage ~ would deal this turn")
LACCOLITH = ("Whenever ~ becomes blocked, you may have it deal damage equal to its power to target creature. If you "
             "do, ~ assigns no combat damage this turn")


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Keeper of Tresserhorn", "Whenever Keeper of Tresserhorn attacks and isn't blocked, it assigns no combat damage "
     "this turn and defending player loses 2 life.", "on_block(unblocked,defending,assigns_none_loss(2))"),
    ("Ophidian", "Whenever Ophidian attacks and isn't blocked, you may draw a card. If you do, Ophidian assigns no "
     "combat damage this turn.", "on_block(unblocked,self,may_assign_none)"),
    *((f"Laccolith {n}", f"Whenever Laccolith {n} becomes blocked, you may have it deal damage equal to its power to "
       f"target creature. If you do, Laccolith {n} assigns no combat damage this turn.",
       "on_block(blocked,target(creature),power_damage_instead)") for n in ("Grunt", "Titan", "Whelp")),
    ("Zealot il-Vec", "Whenever Zealot il-Vec attacks and isn't blocked, you may have it deal 1 damage to target "
     "creature. If you do, prevent all combat damage Zealot il-Vec would deal this turn.",
     "on_block(unblocked,target(creature),damage_prevent(1))"),
])
def test_509_3g_real_lines_parse(name: str, line: str, term: str) -> None:
    """509.3g, 510.1a: the oracle lines of real cards, the card's name read as the creature."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


@pytest.mark.parametrize("line", [
    "Whenever ~ attacks and isn't blocked, it assigns no combat damage this turn",  # (not read without its choice)
    "Whenever ~ attacks, it assigns no combat damage this turn and defending player loses 2 life",  # (509.3g only)
    "Whenever ~ blocks or becomes blocked by a creature, you may draw a card. If you do, ~ assigns no combat damage "
    "this turn",  # (once for each creature: not read)
    "Whenever ~ becomes blocked, it deals damage equal to its power to target creature. If you do, ~ assigns no "
    "combat damage this turn",  # (118.12: "if you do" after a choice only)
    "Whenever ~ attacks, you may have it deal damage equal to its power to target creature. If you do, ~ assigns no "
    "combat damage this turn",  # (an attack trigger: not read)
])
def test_509_3g_other_lines_are_not_read(line: str) -> None:
    with pytest.raises(ValueError, match="not understood"):
        parse_ability_line(line, None)


def test_510_1a_keeper_unblocked_deals_no_damage_and_bob_loses_two() -> None:
    """509.3g, 510.1a, 611.2a, 119.3: k (3/3) unblocked assigns no combat damage and bob loses 2 life (18); blocked by
    y (1/1) it deals its 3 damage (y dies)."""
    s = board(creature("k", "alice", 3, 3, KEEPER), creature("y", "bob", 1, 1), attackers={"k": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("y",), damage={"k": 1})}


def test_704_5a_keepers_life_loss_can_end_the_game() -> None:
    """119.3, 704.5a: bob at 2 life loses the game as k's ability resolves, before any combat damage."""
    s = board(creature("k", "alice", 3, 3, KEEPER), bob=2, attackers={"k": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=0, lost=["bob"])}


def test_603_5_ophidian_may_assign_no_combat_damage() -> None:
    """509.3g, 603.5, 510.1a: o (2/2, lifelink) unblocked: alice chooses to draw (no damage, no life gained) or not
    (bob 18, alice 22, 702.15b)."""
    s = board(creature("o", "alice", 2, 2, OPHIDIAN, "Lifelink"), attackers={"o": "bob"})
    assert agreed_outcomes(s) == {outcome(), outcome(bob=18, alice=22)}


def test_510_1a_a_creature_that_assigns_no_combat_damage() -> None:
    """510.1a, 611.2a: x (3/3, trample) assigns no combat damage this turn: blocked by y (1/1) it deals none (y
    survives, x is dealt 1); the field is written back into a situation file's data and read again."""
    s = board(creature("x", "alice", 3, 3, "Trample", assigns_no_combat_damage=True), creature("y", "bob", 1, 1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1})}
    assert pysolver.load_data(s.to_data()).permanent("x").assigns_no_combat_damage
    unblocked = board(creature("x", "alice", 3, 3, assigns_no_combat_damage=True), attackers={"x": "bob"},
                      blockers={}, assignment=[["x", "bob", 3]])
    assert [v["rule"] for v in pysolver.check(unblocked)["violations"]] == ["510.1a"]


def test_118_12_a_laccolith_deals_its_damage_instead() -> None:
    """509.3c, 603.3d, 608.2h, 118.12, 510.1a: l (3/3) unblocked deals 3 to bob; blocked by y (2/2), alice chooses
    no target (l deals 3 to y, y deals 2 to l), y (3 damage: y dies, l is dealt none), z (3/3, tapped, not in
    combat: z dies; l assigns none, y deals it 2) or l itself (3 damage: l dies). (Hexproof, 702.11b, and the other
    qualities of a legal target: the generated boards below.)"""
    s = board(creature("l", "alice", 3, 3, LACCOLITH), creature("y", "bob", 2, 2),
              creature("z", "bob", 3, 3, tapped=True), attackers={"l": "bob"})
    blocked = {outcome(destroyed=("y",), damage={"l": 2}), outcome(destroyed=("y",)), outcome(destroyed=("l",))}
    assert agreed_outcomes(s) == {outcome(bob=17), outcome(destroyed=("z",), damage={"l": 2}), *blocked}


def test_615_1a_zealot_deals_one_damage_and_no_combat_damage() -> None:
    """509.3g, 603.3d, 118.12, 615.1a: z (1/1) unblocked (bob's y tapped): alice chooses no target (bob 19), y (1
    damage: y dies, z's combat damage is prevented: bob 20) or z itself (z dies)."""
    s = board(creature("z", "alice", 1, 1, ZEALOT), creature("y", "bob", 1, 1, tapped=True), attackers={"z": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=19), outcome(destroyed=("y",)), outcome(destroyed=("z",))}


def test_702_21a_a_laccolith_beside_ward_is_refused() -> None:
    """702.21a: ward's trigger is not modelled."""
    with pytest.raises(InputError, match="ward"):
        board(creature("l", "alice", 3, 3, LACCOLITH), creature("y", "bob", 2, 2, "Ward {2}"))


def test_603_3b_ophidian_beside_another_block_trigger_is_refused() -> None:
    """509.2a, 603.3b: a block trigger put on the stack beside another block trigger (the order is not modelled)."""
    with pytest.raises(InputError, match="another block trigger"):
        board(creature("o", "alice", 2, 2, OPHIDIAN), creature("k", "alice", 3, 3, KEEPER))


LINES = (KEEPER, OPHIDIAN, LACCOLITH, ZEALOT, "Hexproof", "Lifelink", "First strike", "Trample",
         "Whenever ~ attacks and isn't blocked, it gets +2/+0 until end of turn")


@settings(max_examples=examples(1), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(combat_board(attackers=(1, 2), blockers=(1, 2)).flatmap(lambda t: declare(*t, blocks=False)).flatmap(
    lambda d: with_triggers(d, LINES)).filter(
    lambda d: assignment_bound({**d, "combat": {**d["combat"], "blockers": {}}}) <= 40))
def test_510_1a_assigning_no_combat_damage_equals_reference(data: dict[str, Any]) -> None:
    try:
        pysolver.load_data(data)
    except InputError:
        return  # (a board the loader refuses: a block trigger beside another)
    outcomes_equal_reference(data)
