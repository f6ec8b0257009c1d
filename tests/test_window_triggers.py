"""Triggers of a priority window (pysolver.rules.window_triggers): "When ~ is turned face up, <effect>" (708.8),
each rule with a hand-stated expected set, the game tree's priority after the special action (117.3c), and
the brute-force reference (tests/reference/window_triggers.py) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_face_up_triggers, with_monstrosity

import pysolver
from pysolver.game import gametree as gt
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import FaceUp, Pass, TargetChoice
from pysolver.model.stage import Stage

DAMAGE = "When ~ is turned face up, it deals 2 damage to any target"
SILUMGAR = "When ~ is turned face up, destroy target creature with power 3 or less an opponent controls"
DRAGONS = "When ~ is turned face up, put a +1/+1 counter on each other Dragon creature you control"
HASTE = "When ~ is turned face up, target creature gains haste until end of turn"
REGENERATE = "When ~ is turned face up, regenerate target creature"
SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]


def results(s: pysolver.Situation) -> list[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed) of each outcome, sorted."""
    return sorted({(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)})


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Skirk Marauder", "When Skirk Marauder is turned face up, it deals 2 damage to target creature or player.",
     "turned_face_up(damage(2),target(any,all,each,any))"),
    ("Acid-Spewer Dragon", "When Acid-Spewer Dragon is turned face up, put a +1/+1 counter on each other Dragon "
     "creature you control.", 'turned_face_up(counters(1),group(you,other,creature_type("dragon")))'),
    ("Silumgar Assassin", "When Silumgar Assassin is turned face up, destroy target creature with power 3 or less "
     "an opponent controls.", "turned_face_up(destroy,target(creature,opponents,each,cmp(power,le,n(3))))"),
    ("Bloodstoke Howler", "When Bloodstoke Howler is turned face up, Beast creatures you control get +3/+0 until "
     "end of turn.", 'turned_face_up(gets(3,0),group(you,each,creature_type("beast")))'),
    ("Kolaghan Stormsinger", "When Kolaghan Stormsinger is turned face up, target creature gains haste until end "
     "of turn.", "turned_face_up(gains(haste),target(creature,all,each,any))"),
    ("Daru Mender", "When Daru Mender is turned face up, regenerate target creature.",
     "turned_face_up(regenerate,target(creature,all,each,any))"),
    ("Ashcloud Phoenix", "When Ashcloud Phoenix is turned face up, it deals 2 damage to each player.",
     "turned_face_up(damage(2),each_player)"),
    ("Nantuko Vigilante", "When Nantuko Vigilante is turned face up, destroy target artifact or enchantment.",
     "turned_face_up(destroy,target(artifact_or_enchantment,all,each,any))"),
])
def test_708_8_the_real_lines_parse(name: str, line: str, term: str) -> None:
    """708.8, 603.2: the oracle lines of real morph cards."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_708_8_its_damage_goes_to_the_target_its_controller_chooses() -> None:
    """708.8, 603.3d, 115.4: bob turns his morph face up after blockers (116.2b); its trigger deals 2 damage to
    any target: alice, bob, the attacker (lethal, 704.5g) or itself (a 1/1: it dies before damage)."""
    s = board(creature("x", "alice", 2, 2), creature("m", "bob", 1, 1, "Morph {R}", DAMAGE, face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"x": "bob"}, blockers={})
    assert results(s) == [(18, 18, ()), (20, 16, ()), (20, 18, ()), (20, 18, ("m",)), (20, 20, ("x",))]


def test_117_3c_the_player_who_turned_it_receives_priority_after_putting_it() -> None:
    """116.2b, 603.3, 117.3c: the defending side turns its morph face up, puts the trigger on the stack with a
    target (stage put_triggers, its move), then has priority again (a second morph to turn keeps the window
    open); both passing resolves it (608.1)."""
    s = board(creature("x", "alice", 2, 2), creature("m", "bob", 1, 1, "Morph {R}", DAMAGE, face_down=True),
              creature("n", "bob", 1, 1, "Morph {R}", face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}{R}"}], attackers={"x": "bob"}, blockers={})
    p = gt.root(s).push(Pass(Stage.AFTER_BLOCKERS, "alice"))
    p = p.push(FaceUp(Stage.AFTER_BLOCKERS, "m", "{R}"))
    assert (p.stage, p.to_move()) == (Stage.PUT_TRIGGERS, gt.DEFENCE)
    assert sorted(m.trigger.target for m in p.legal_moves) == ["alice", "bob", "m", "n", "x"]
    p = p.push(next(m for m in p.legal_moves if isinstance(m, TargetChoice) and m.trigger.target == "alice"))
    assert (p.stage, p.to_move(), len(p.stack)) == (Stage.AFTER_BLOCKERS, gt.DEFENCE, 1)
    p = p.push(Pass(Stage.AFTER_BLOCKERS, "bob")).push(Pass(Stage.AFTER_BLOCKERS, "alice"))
    assert (p.s.player("alice").life, p.stack) == (18, ())


def test_603_3d_a_trigger_with_no_legal_target_is_removed() -> None:
    """603.3d, 702.11b: the only creature an opponent controls has hexproof: the trigger is not put on the
    stack and the player who turned the morph face up has priority at once (117.3c)."""
    s = board(creature("x", "alice", 2, 2, "Hexproof"),
              creature("m", "bob", 1, 1, "Morph {R}", SILUMGAR, face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"x": "bob"}, blockers={})
    p = gt.root(s).push(Pass(Stage.AFTER_BLOCKERS, "alice")).push(FaceUp(Stage.AFTER_BLOCKERS, "m", "{R}"))
    assert (p.stage, p.to_move(), p.stack) == (Stage.AFTER_BLOCKERS, gt.DEFENCE, ())


def test_608_2b_a_target_no_longer_legal_as_it_resolves_is_not_destroyed() -> None:
    """608.2b, 115.1: "destroy target creature with power 3 or less": bob may pump his blocker to 4 power in
    response (602.2), and it is then no longer a legal target; else it is destroyed (701.8a) and the blocked
    attacker deals no damage (509.1h, 510.1c)."""
    s = board(creature("x", "alice", 1, 1), creature("m", "alice", 2, 2, "Morph {R}", SILUMGAR, face_down=True),
              creature("y", "bob", 3, 3, "{G}: ~ gets +1/+0 until end of turn"),
              players=[{"name": "alice", "mana": "{R}"}, {"name": "bob", "mana": "{G}"}],
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == [(20, 20, ("x",)), (20, 20, ("y",))]


def test_708_2a_counters_go_on_each_other_dragon_face_up_or_changeling() -> None:
    """122.1a, 708.2a, 702.73a: a +1/+1 counter on each other Dragon its controller controls: the Dragon and the
    changeling, not the face-down Dragon (no subtypes) nor the source; the changeling then survives its block."""
    s = board(creature("d", "alice", 2, 2, subtypes=["Dragon"]), creature("c", "alice", 1, 1, "Changeling"),
              creature("f", "alice", 2, 2, "Morph {9}", face_down=True, subtypes=["Dragon"]),
              creature("m", "alice", 3, 3, "Morph {R}", DRAGONS, face_down=True, subtypes=["Dragon"]),
              creature("y", "bob", 1, 1), mana="{R}", attackers={"d": "bob", "c": "bob", "f": "bob"},
              blockers={"y": ["c"]})
    assert results(s) == [(20, 15, ("y",)), (20, 16, ("c", "y"))]


def test_702_10b_haste_given_at_the_beginning_of_combat_lets_it_attack() -> None:
    """702.10b, 302.6, 613.1f: turned face up at the beginning of combat (507.2), its trigger gives the
    summoning-sick 3/3 haste (bob at 17) or itself (a 1/1: bob at 19)."""
    s = board(creature("x", "alice", 3, 3, summoning_sick=True),
              creature("m", "alice", 1, 1, "Morph {R}", HASTE, face_down=True, summoning_sick=True), mana="{R}")
    assert results(s) == [(20, 17, ()), (20, 19, ()), (20, 20, ())]


def test_701_19a_a_regeneration_shield_saves_the_blocker() -> None:
    """701.19a: the shield the trigger gives the blocker replaces its destruction by lethal damage."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 2),
              creature("m", "bob", 1, 1, "Morph {G}", REGENERATE, face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{G}"}], attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert results(s) == [(20, 20, ()), (20, 20, ("y",))]


def test_702_12b_an_indestructible_target_is_not_destroyed() -> None:
    """701.8a, 702.12b: "destroy" does nothing to an indestructible creature."""
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2, "Indestructible"),
              creature("m", "bob", 1, 1, "Morph {R}", "When ~ is turned face up, destroy target creature",
                       face_down=True),
              players=[{"name": "alice"}, {"name": "bob", "mana": "{R}"}], attackers={"x": "bob"},
              blockers={"y": ["x"]})
    assert ("x",) in [d for _, _, d in results(s)] and all("y" not in d for _, _, d in results(s))


@pytest.mark.parametrize(("extra", "message"), [
    ("Persist", "persist or undying"),
    ("Ward {1}", r"ward \(702.21a\)"),
])
def test_refused_beside_what_the_solver_does_not_play(extra: str, message: str) -> None:
    """702.79a: a creature that a trigger kills outside combat damage would return; 702.21a: ward's trigger on
    an opponent's target: both refused, naming the permanent."""
    with pytest.raises(pysolver.InputError, match=message):
        board(creature("x", "alice", 2, 2, extra), creature("m", "bob", 1, 1, "Morph {R}", DAMAGE, face_down=True))


@settings(max_examples=examples(6), deadline=None, suppress_health_check=SLOW)
@given(with_face_up_triggers(outcome_boards("blockers")))
def test_face_up_trigger_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(with_face_up_triggers(outcome_boards("attackers")))
def test_face_up_trigger_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


# ---- monstrosity (701.37) ------------------------------------------------------------------------------------

MONSTROUS = "When ~ becomes monstrous, destroy target creature with flying an opponent controls"


def test_701_37a_monstrosity_puts_n_counters_on_it_once() -> None:
    """701.37a, 122.1a: "{R}: Monstrosity 2" makes the blocked 3/3 a 5/5 that kills the 4/4 and survives; with
    {R}{R} a second activation does nothing more (701.37b: it is monstrous); a monstrous one gets nothing."""
    def blocked(**fields: Any) -> list[tuple[Any, ...]]:
        return results(board(creature("x", "alice", 3, 3, "{R}: Monstrosity 2", **fields), creature("y", "bob", 4, 4),
                             mana="{R}{R}", attackers={"x": "bob"}, blockers={"y": ["x"]}))
    assert blocked() == [(20, 20, ("x",)), (20, 20, ("y",))]
    assert blocked(monstrous=True) == [(20, 20, ("x",))]


def test_701_37b_becoming_monstrous_triggers_with_a_target() -> None:
    """701.37b, 603.3d: made monstrous before blocks it destroys bob's flyer (701.8a) and attacks as a 4/4."""
    s = board(creature("x", "alice", 3, 3, "{R}: Monstrosity 1", MONSTROUS), creature("y", "bob", 2, 2, "Flying"),
              creature("z", "bob", 2, 2), mana="{R}", attackers={"x": "bob"})
    assert (20, 16, ("y",)) in results(s) and (20, 20, ("y", "z")) in results(s)
    assert all(d != ("x", "z") or life == 20 for _, life, d in results(s))


def test_701_37b_as_long_as_it_is_monstrous() -> None:
    """701.37b, 613.1f, 702.12b: "as long as ~ is monstrous, it has indestructible": a monstrous 1/1 blocked by a
    5/5 survives; the `monstrous` field needs a monstrosity line."""
    def blocked(**fields: Any) -> list[tuple[Any, ...]]:
        return results(board(creature("x", "alice", 1, 1, "{9}: Monstrosity 1",
                                      "As long as ~ is monstrous, it has indestructible", **fields),
                             creature("y", "bob", 5, 5), attackers={"x": "bob"}, blockers={"y": ["x"]}))
    assert (blocked(), blocked(monstrous=True)) == ([(20, 20, ("x",))], [(20, 20, ())])
    with pytest.raises(pysolver.InputError, match=r"monstrous: .*no monstrosity ability"):
        board(creature("x", "alice", 1, 1, monstrous=True))


STONESHOCK = ("When Stoneshock Giant becomes monstrous, creatures without flying your opponents control can't block "
              "this turn.")


def test_509_1b_made_monstrous_before_blocks_the_opponents_creatures_without_flying_cant_block() -> None:
    """Stoneshock Giant (701.37b, 509.1b, 611.2a): made monstrous after attacking, bob's 2/2 can't block and the
    4/4 deals lethal to bob at 4; a flyer of bob's still can (the group is "without flying"). (The monstrosity
    boards of the differential tests below have the line too.)"""
    giant = creature("x", "alice", 3, 3, "{R}: Monstrosity 1", STONESHOCK, name="Stoneshock Giant")
    s = board(giant, creature("z", "bob"), mana="{R}", bob=4, attackers={"x": "bob"}, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True
    s = board(giant, creature("z", "bob", 2, 2, "Flying"), mana="{R}", bob=4, attackers={"x": "bob"},
              goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False


@settings(max_examples=examples(3), deadline=None, suppress_health_check=SLOW)
@given(with_monstrosity(outcome_boards("blockers")))
def test_monstrosity_outcomes_after_blocks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(2), deadline=None, suppress_health_check=SLOW)
@given(with_monstrosity(outcome_boards("attackers")))
def test_monstrosity_outcomes_after_attacks_equal_reference(data: dict) -> None:
    outcomes_equal_reference(data)
