"""The end of combat step (511, pysolver.rules.end_of_combat): delayed triggers made by combat triggers (603.7a,
603.7c) and "At end of combat, …" (511.2), each rule with a hand-stated expected set (checked against the fights,
the walk, the count and the brute-force reference, tests/reference/end_of_combat.py), the boards refused, and
generated boards against the reference."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, declare
from combat_boards import board as combat_board
from differential import agreed_outcomes, outcome, outcomes_equal_reference, verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError

DESTROY_SELF = "When ~ attacks or blocks, destroy it at end of combat"
GAZE = "Whenever ~ blocks or becomes blocked by a nonblack creature, destroy that creature at end of combat"
FROST = "At end of combat, destroy all creatures blocking or blocked by ~"


def test_603_7a_the_delayed_trigger_destroys_its_attacker_at_end_of_combat() -> None:
    """508.3a, 603.7a, 511.2: x attacked, so its delayed trigger destroys it once the damage is dealt (bob takes
    3 first)."""
    s = board(creature("x", "alice", 3, 3, DESTROY_SELF), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=17, destroyed=("x",))}


def test_104_3b_a_player_who_lost_ends_the_game_before_the_end_of_combat_step() -> None:
    """104.3b, 704.5a: bob at 3 loses to x's damage; the game is over, x is not destroyed."""
    s = board(creature("x", "alice", 3, 3, DESTROY_SELF), bob=3)
    lost = pysolver.outcomes(s)
    assert sorted((o["life"]["bob"], tuple(o["lost"]), tuple(o["destroyed"])) for o in lost) == [
        (0, ("bob",), ()), (3, (), ())]


def test_603_7c_that_creature_is_destroyed_even_after_the_source_died() -> None:
    """509.3b, 509.3d, 603.7c: the black d (1/1) blocks the white x (2/4) and dies in combat; its delayed trigger
    still destroys x at end of combat. A black attacker (k) is not of the trigger's quality: it survives."""
    s = board(creature("x", "alice", 2, 4, colors=["white"]),
              creature("d", "bob", 1, 1, GAZE, colors=["black"]), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("d", "x"))}
    k = board(creature("k", "alice", 2, 4, colors=["black"]),
              creature("d", "bob", 1, 1, GAZE, colors=["black"]), attackers={"k": "bob"})
    assert agreed_outcomes(k) == {outcome(bob=18), outcome(destroyed=("d",), damage={"k": 1})}


def test_511_2_at_end_of_combat_destroy_all_creatures_blocking_it_not_an_indestructible_one() -> None:
    """511.2, 509.1: f's blockers still on the battlefield are destroyed at end of combat (b, 0/3, survives the
    damage of f, 1/5); i is indestructible (702.12b)."""
    s = board(creature("f", "alice", 1, 5, FROST), creature("b", "bob", 0, 3),
              creature("i", "bob", 0, 3, "Indestructible"), attackers={"f": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=19), outcome(destroyed=("b",)), outcome(damage={"i": 1}),
                                  outcome(destroyed=("b",), damage={"i": 1})}


def test_122_1a_a_counter_removed_at_end_of_combat_leaves_a_damaged_creature_to_die() -> None:
    """122.1a, 704.5g: the 0/0 x with three +1/+1 counters is dealt 2 by b; at end of combat it loses a counter,
    2/2 with 2 damage: it is destroyed by the state-based actions (704.3)."""
    s = board(creature("x", "alice", 0, 0, "Whenever ~ attacks or blocks, remove a +1/+1 counter from it at end of "
                       "combat", counters={"+1/+1": 3}), creature("b", "bob", 2, 2), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=17), outcome(destroyed=("b", "x"))}


def test_603_7a_returned_to_its_owners_hand_at_end_of_combat() -> None:
    """509.3a, 603.7a: the wall w blocks, so it returns to its owner's hand at end of combat (it left the
    battlefield: `destroyed`); Aether Membrane's "that creature" returns the attacker it blocked."""
    s = board(creature("x", "alice", 2, 2), creature("w", "bob", 0, 7, "Defender",
                                                     "When ~ blocks, return it to its owner's hand at end of combat"),
              attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(destroyed=("w",))}
    m = board(creature("x", "alice", 2, 2), creature("m", "bob", 0, 5, "Whenever ~ blocks a creature, return that "
                                                     "creature to its owner's hand at end of combat"),
              attackers={"x": "bob"})
    assert agreed_outcomes(m) == {outcome(bob=18), outcome(destroyed=("x",), damage={"m": 2})}


@pytest.mark.parametrize("other", [
    creature("y", "bob", 1, 1, "Morph {2}", face_down=True),
    creature("y", "bob", 1, 1, "{1}: ~ gets +1/+1 until end of turn"),
    creature("y", "bob", 1, 1, "When ~ dies, it deals 1 damage to any target"),
    creature("y", "bob", 1, 1, "Persist"),
    creature("y", "bob", 1, 1, regeneration_shields=1),
    creature("y", "bob", 1, 1, "Creatures you control get +1/+1"),
], ids=["face down", "activated", "death trigger", "persist", "shield", "static"])
def test_511_2_a_board_where_the_steps_window_or_order_may_matter_is_refused(other: dict[str, Any]) -> None:
    """117.3, 603.3b: what may act in the end of combat step's window, or make its triggers' order matter."""
    with pytest.raises(InputError, match=r"511\.2"):
        board(creature("x", "alice", 2, 2, FROST), other)


# ---- generated boards --------------------------------------------------------------------------

END_LINES = (DESTROY_SELF, GAZE, FROST, "When ~ attacks or blocks, sacrifice it at end of combat",
             "When ~ blocks, return it to its owner's hand at end of combat",
             "Whenever ~ attacks or blocks, remove a +1/+1 counter from it at end of combat",
             "Whenever ~ blocks or becomes blocked by a non-Goblin creature, destroy that creature at end of combat",
             "Whenever ~ becomes blocked by a white creature, destroy that creature at end of combat",
             "Whenever ~ blocks a creature, return that creature to its owner's hand at end of combat")


def _admitted(data: dict[str, Any]) -> bool:
    try:
        pysolver.load_data(data)
    except InputError:
        return False
    return True


def end_boards() -> st.SearchStrategy[dict[str, Any]]:
    """Attackers declared, 1-2 possible blockers, the lines of :data:`END_LINES` on some creatures (boards the
    loader refuses, 511.2, left out)."""
    boards = combat_board(attackers=(1, 2), blockers=(1, 2)).flatmap(lambda t: declare(*t, blocks=False)).flatmap(
        lambda d: with_triggers(d, END_LINES))
    return boards.filter(lambda d: assignment_bound({**d, "combat": {**d["combat"], "blockers": {}}}) <= 40
                         and _admitted(d))


@settings(max_examples=examples(2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(end_boards())
def test_511_2_end_of_combat_triggers_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(end_boards(), st.booleans())
def test_511_2_verify_with_end_of_combat_triggers_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    verify_equals_minimax(data, lethal)
