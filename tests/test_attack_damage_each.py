"""Attack triggers dealing damage to each creature defending player controls (508.3a, 506.2, 120.3; no target,
115.1): "Whenever ~ attacks, [you may have] it deal N damage to each creature [without flying] defending player
controls", put on the stack by the active player, its source named (603.3a, 603.5). Each rule with a hand-stated
expected set and the real card line; the brute-force reference (tests/reference/triggers.py) on generated boards:
tests/test_combat_steps.py's TARGETED_LINES."""

from __future__ import annotations

import pytest
from boards import board, creature

import pysolver
from pysolver.model.abilities import parse_ability_line

SALAMANDER = ("Whenever ~ attacks, you may have it deal 1 damage to each creature without flying defending player "
              "controls")


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
