"""Attack triggers dealing damage to each creature defending player controls (508.3a, 506.2, 120.3; no target,
115.1): "Whenever ~ attacks, [you may have] it deal N damage to each creature [without flying] defending player
controls", put on the stack by the active player, its source named (603.3a, 603.5). Each rule with a hand-stated
expected set, the real card line, and the brute-force reference (tests/reference/triggers.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_one_line

import pysolver
from pysolver.model.abilities import parse_ability_line

SALAMANDER = ("Whenever ~ attacks, you may have it deal 1 damage to each creature without flying defending player "
              "controls")
EACH = "Whenever ~ attacks, it deals 1 damage to each creature defending player controls"


def ends(s: pysolver.Situation) -> set[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...]]]:
    """(bob's life, what left the battlefield, damage marked) of every outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


def test_real_line_parses() -> None:
    line = ("Whenever Scalding Salamander attacks, you may have it deal 1 damage to each creature without flying "
            "defending player controls.")
    assert [a.term for a in parse_ability_line(line, "Scalding Salamander")] == [
        "on_target(attacks,defending_creatures_without_flying,damage(1),may)"]


@pytest.mark.parametrize("line", ["Whenever ~ blocks, it deals 1 damage to each creature defending player controls",
                                  "Whenever ~ attacks, you may pay {R}. If you do, it deals 1 damage to each creature "
                                  "defending player controls"])
def test_other_events_and_costs_are_not_read(line: str) -> None:
    """506.2: a defending player is an attacker's; a cost paid as it resolves is not read with this effect."""
    with pytest.raises(ValueError):
        parse_ability_line(line, "x")


def test_603_5_120_3_each_creature_without_flying_defending_player_controls() -> None:
    """603.5, 120.3: x (2/2) attacks bob; chosen, its 1 damage kills bob's y (1/1), not the flier f (1/1; 702.9b
    is no protection, the line leaves it out); then f may block (it dies, x marked 1). Not chosen, y and f block
    as they may."""
    s = board(creature("x", "alice", 2, 2, SALAMANDER), creature("y", "bob", 1, 1),
              creature("f", "bob", 1, 1, "Flying"))
    assert ends(s) == {(20, (), ()), (18, (), ()), (18, ("y",), ()), (20, ("f", "y"), (("x", 1),)),
                       (20, ("y",), (("x", 1),)), (20, ("f",), (("x", 1),)), (20, ("x", "y"), ()),
                       (20, ("f", "x"), ()), (20, ("f", "x", "y"), ())}


def test_120_3_without_you_may_it_always_deals_its_damage() -> None:
    """508.3a: when x (2/2) attacks, bob's y (1/1) dies and his flier f (1/2) is marked 1 before blockers, x itself
    (alice's) none (506.2); f may then block and die."""
    s = board(creature("x", "alice", 2, 2, EACH), creature("y", "bob", 1, 1), creature("f", "bob", 1, 2, "Flying"))
    assert ends(s) == {(20, (), ()), (18, ("y",), (("f", 1),)), (20, ("f", "y"), (("x", 1),))}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").flatmap(lambda d: with_one_line(d, (SALAMANDER, EACH), active_only=True))
       .filter(lambda d: assignment_bound(d) <= 40))
def test_attack_damage_each_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
