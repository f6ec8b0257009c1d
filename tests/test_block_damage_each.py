"""Block triggers whose damage reaches more than one object (509.2a, 603.3b, 120.3; no target, 115.1): "~ deals N
damage to each attacking creature and each blocking creature" and "~ deals N damage to that creature and N damage to
that creature's controller" (509.3d). Each rule with a hand-stated expected set and the real card lines; the
brute-force reference (tests/reference/triggers.py) on generated boards: tests/test_combat_steps.py's PUT_LINES."""

from __future__ import annotations

import pytest
from boards import board, creature

import pysolver
from pysolver.model.abilities import parse_ability_line

SWINE = "Whenever ~ becomes blocked, it deals 2 damage to each attacking creature and each blocking creature"
ALPHAS = ("Whenever ~ blocks or becomes blocked by a creature, ~ deals 3 damage to that creature and 3 damage to that "
          "creature's controller")


def ends(s: pysolver.Situation) -> set[tuple[int, int, tuple[str, ...], tuple[tuple[str, int], ...]]]:
    """(alice's life, bob's life, what left the battlefield, damage marked) of every outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(sorted(o["damage"].items())))
            for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "text", "term"), [
    ("Goblin Swine-Rider", "Whenever Goblin Swine-Rider becomes blocked, it deals 2 damage to each attacking creature "
                           "and each blocking creature.", "on_block(blocked,combatants,damage(2))"),
    ("Assembled Alphas", "Whenever Assembled Alphas blocks or becomes blocked by a creature, Assembled Alphas deals 3 "
                         "damage to that creature and 3 damage to that creature's controller.",
     "on_block(either_by(any),partner_and_controller,damage(3))"),
])
def test_real_lines_parse(name: str, text: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(text, name)] == [term]


def test_unequal_amounts_are_not_read() -> None:
    """Only the printed form: the same N to that creature and to its controller."""
    with pytest.raises(ValueError):
        parse_ability_line("Whenever ~ becomes blocked by a creature, ~ deals 3 damage to that creature and 2 damage "
                           "to that creature's controller", "x")


def test_120_3_each_attacking_and_each_blocking_creature() -> None:
    """509.3c, 120.3, 506.4: x (1/3) and w (1/3) attack; y (1/4) blocking x triggers x's ability: 2 damage to x, w
    and y (no target, 115.1), then combat damage kills x (2 + 1) and marks y 3 and w 2 (w deals 1 to bob). y
    blocking w triggers nothing (x is not blocked): 1 each; no block: bob at 18."""
    s = board(creature("x", "alice", 1, 3, SWINE), creature("w", "alice", 1, 3), creature("y", "bob", 1, 4),
              attackers={"x": "bob", "w": "bob"})
    assert ends(s) == {(20, 19, ("x",), (("w", 2), ("y", 3))), (20, 19, (), (("w", 1), ("y", 1))),
                       (20, 18, (), ())}


def test_113_7a_its_controller_is_dealt_damage_with_that_creature_gone() -> None:
    """603.3b, 101.4, 113.7a: bob's y (1/1) blocks alice's x (1/3), each with the ability; bob's resolves first (3 to
    x and to alice), which kills x (704.5g); x's, as x last existed (608.2h), deals 3 to y and to bob, and its
    lifelink (702.15b) gains alice 6 for its one event (alice 20 - 3 + 6). Unblocked, x's lifelink gains 1."""
    s = board(creature("x", "alice", 1, 3, ALPHAS, "Lifelink"), creature("y", "bob", 1, 1, ALPHAS),
              attackers={"x": "bob"})
    assert ends(s) == {(21, 19, (), ()), (23, 17, ("x", "y"), ())}
