"""`best` after blockers: where only one side has a choice left (pysolver/game/remainder.py), the
position's value is the best of the fights' combined ends for that side (docs/best.md); against the
brute-force minimax (tests/reference/best.py) on hand-stated boards and on test_best's generated ones."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from reference.best import reference_value
from strategies import examples
from test_best import boards, objectives
from test_verify import board

import pysolver
from pysolver.game import gametree
from pysolver.game.best import Search, objective_for, vector
from pysolver.game.remainder import sides_with_choices

OCTO = "This creature can block an additional creature each combat"


def solved(s: pysolver.model.Situation, side: str, terms: list[str] | None = None) -> tuple[dict, dict]:
    """The value (term -> number) `best` finds, checked against the brute force and along its line, and its stats."""
    o = objective_for(s, terms, side)
    search = Search(s, o)
    found = search.solve()
    signed = tuple(v if t.sense == "max" else -v for t, v in found.value)
    assert signed == reference_value(s, o)
    p = gametree.root(s)
    for step in found.line:
        p = p.push(step.move)  # a real line of play
    assert p.is_end() and vector(o, p.s) == signed
    return {str(t): v for t, v in found.value}, search.stats


def after_blocks(s: pysolver.model.Situation) -> frozenset[str]:
    return sides_with_choices(gametree.enter(gametree.Stage.AFTER_BLOCKERS, s))


def test_only_the_attacker_chooses_after_blocks() -> None:
    """510.1c: alice's 3/3 blocked by bob's two 2/2s divides its 3 damage (lethal damage to one, 2,
    the rest to the other); each 2/2 blocks one attacker and deals it all its damage (510.1d). The
    attacker's best end kills one 2/2 (value 4) and the 3/3 dies; decided from the fights' ends."""
    s = board([{"id": "x", "controller": "alice", "power": 3, "toughness": 3},
               {"id": "u", "controller": "bob", "power": 2, "toughness": 2},
               {"id": "v", "controller": "bob", "power": 2, "toughness": 2}], goal={"lethal": "bob"},
              combat={"attackers": {"x": "bob"}, "blockers": {"u": ["x"], "v": ["x"]}})
    assert after_blocks(s) == {gametree.ACTIVE}
    value, stats = solved(s, "attacker")
    assert value == {"max lost:bob": 0, "min life:bob": 20, "max value:bob": 4, "min value:alice": 6}
    assert stats["one_player"] >= 1


def test_only_the_defender_chooses_after_blocks() -> None:
    """509.1a, 510.1d: bob's 2/4 blocking a 1/1 and a 2/2 divides its 2 damage; each attacker is
    blocked by it alone (510.1c: all its damage to it). bob's best end kills the 2/2 (alice's value 4)."""
    s = board([{"id": "x1", "controller": "alice", "power": 1, "toughness": 1},
               {"id": "x2", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "octo", "controller": "bob", "power": 2, "toughness": 4, "abilities": [OCTO]}],
              goal={"lethal": "bob"}, combat={"attackers": {"x1": "bob", "x2": "bob"},
                                              "blockers": {"octo": ["x1", "x2"]}})
    assert after_blocks(s) == {gametree.DEFENCE}
    value, stats = solved(s, "defender")
    assert value == {"min lost:bob": 0, "max life:bob": 20, "min value:bob": 0, "max value:alice": 4}
    assert stats["one_player"] >= 1
    value, _ = solved(s, "attacker")  # the same one-player game, the attacker's objective: bob still kills the 2/2
    assert value["min value:alice"] == 4


def test_a_pump_is_the_defenders_window_choice() -> None:
    """602.2b: bob's {G}: +0/+1 with {G} to pay is a choice in the window after blockers: pumped, his
    1/3 survives the 2 damage of alice's 2/2 (704.5g), unpumped his 1/2 dies; alice has no choice."""
    s = board([{"id": "x", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "w", "controller": "bob", "power": 1, "toughness": 2,
                "abilities": ["{G}: ~ gets +0/+1 until end of turn"]}], bob_mana="{G}", goal={"lethal": "bob"},
              combat={"attackers": {"x": "bob"}, "blockers": {"w": ["x"]}})
    assert after_blocks(s) == {gametree.DEFENCE}
    value, stats = solved(s, "attacker")
    assert value["max value:bob"] == 0 and stats["one_player"] >= 1  # bob pumps: his 1/3 survives the 2


def test_both_choose_the_game_tree_decides() -> None:
    """Both sides have a choice (bob's 2/4 blocks two attackers, 510.1d; alice's trampler is blocked,
    702.19b): no one-player shortcut; the search's value is the brute force's."""
    s = board([{"id": "x1", "controller": "alice", "power": 3, "toughness": 3, "abilities": ["Trample"]},
               {"id": "x2", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "octo", "controller": "bob", "power": 2, "toughness": 2, "abilities": [OCTO]}],
              bob_life=3, goal={"lethal": "bob"}, combat={"attackers": {"x1": "bob", "x2": "bob"},
                                                          "blockers": {"octo": ["x1", "x2"]}})
    assert after_blocks(s) == {gametree.ACTIVE, gametree.DEFENCE}
    for side in ("attacker", "defender"):
        _, stats = solved(s, side)
        assert stats["one_player"] == 0


def test_blocks_declared_by_the_root_enumeration() -> None:
    """With attacks declared, each of bob's declarations (509.1) is decided from its fights' ends:
    bob at 3 life chump-blocks the 3/3 with his 2/2 (the chump-or-trade example)."""
    s = board([{"id": "big", "controller": "alice", "power": 3, "toughness": 3},
               {"id": "bear", "controller": "alice", "power": 2, "toughness": 2},
               {"id": "knight", "controller": "bob", "power": 2, "toughness": 2}], bob_life=3,
              goal={"lethal": "bob"}, combat={"attackers": {"big": "bob", "bear": "bob"}})
    value, stats = solved(s, "defender")
    assert value["min lost:bob"] == 0 and value["max life:bob"] == 1
    assert stats["one_player"] == stats["declarations"] == 3


USED: list[float] = []


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), objectives())
def _generated(s: pysolver.model.Situation, asked: tuple[list[str] | None, str]) -> None:
    o = objective_for(s, *asked)
    search = Search(s, o)
    found = search.solve()
    assert tuple(v if t.sense == "max" else -v for t, v in found.value) == reference_value(s, o)
    USED.append(search.stats["one_player"])


def test_generated_boards_use_the_one_player_path() -> None:
    """test_best's generated boards (attacks open or declared, pumps, double blocks, first strike, ...):
    the value is the brute force's, and the one-player path decides positions on many of them."""
    USED.clear()
    _generated()
    assert sum(1 for n in USED if n) >= len(USED) // 4, USED
