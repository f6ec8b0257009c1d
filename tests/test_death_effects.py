"""Death triggers with targets and other effects (603.10a, 700.4; encodings/triggers.lp, pysolver.rules.triggers):
"When ~ dies, it deals N damage to target creature or player / target creature / target opponent / you",
"target creature gets -N/-N until end of turn", "put N +1/+1 (-1/-1) counters on target creature",
"each player loses N life", "you may" (603.5) and the leave-the-battlefield wordings; each rule with a
hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/deaths.py)
on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed, who lost) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(o["lost"]))
            for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Perilous Myr", "When Perilous Myr dies, it deals 2 damage to target creature or player.",
     "dies_damage(2,creature_or_player)"),
    ("Smoldering Efreet", "When Smoldering Efreet dies, it deals 2 damage to you.", "dies_damage(2,you)"),
    ("Scuttling Doom Engine", "When Scuttling Doom Engine dies, it deals 6 damage to target opponent.",
     "dies_damage(6,opponent)"),
    ("Spitebellows", "When Spitebellows leaves the battlefield, it deals 6 damage to target creature.",
     "dies_damage(6,creature)"),
    ("Disease Carriers", "When Disease Carriers dies, target creature gets -2/-2 until end of turn.",
     "dies_minus(2,creature)"),
    ("Shambling Goblin", "When Shambling Goblin dies, target creature an opponent controls gets -1/-1 until end of "
     "turn.", "dies_minus(1,creature_opponent)"),
    ("Undead Executioner", "When Undead Executioner dies, you may have target creature get -2/-2 until end of turn.",
     "dies_minus(2,may(creature))"),
    ("Lawless Broker", "When Lawless Broker dies, put a +1/+1 counter on target creature you control.",
     "dies_counters(1,creature_yours)"),
    ("Hunting Moa", "When Hunting Moa enters the battlefield or dies, put a +1/+1 counter on target creature.",
     "dies_counters(1,creature)"),
    ("Naya Sojourners", "When you cycle Naya Sojourners or it dies, you may put a +1/+1 counter on target creature.",
     "dies_counters(1,may(creature))"),
    ("Necropede", "When Necropede dies, you may put a -1/-1 counter on target creature.",
     "dies_minus_counters(1,may(creature))"),
    ("Deathcurse Ogre", "When Deathcurse Ogre dies, each player loses 3 life.", "dies_all_loss(3)"),
    ("x", "When ~ leaves the battlefield, it deals 1 damage to each opponent", "dies_each_opponent(1)"),
])
def test_603_10a_real_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_115_4_target_creature_or_player_is_no_planeswalker() -> None:
    """115.4: bob's chump blocker deals 2 to target creature or player: alice (20 → 18), bob, or the 3/3
    attacker (1 + 2 damage, lethal, 704.5g); never alice's planeswalker (its loyalty stays 3)."""
    s = board(creature("x", "alice", 3, 3), creature("m", "bob", 1, 1,
                                                     "When ~ dies, it deals 2 damage to target creature or player"),
              {"id": "pw", "controller": "alice", "types": ["Planeswalker"], "loyalty": 3},
              attackers={"x": "bob"}, blockers={"m": ["x"]})
    assert results(s) == {(18, 20, ("m",), ()), (20, 18, ("m",), ()), (20, 20, ("m", "x"), ())}
    assert {dict(o["loyalty"])["pw"] for o in pysolver.outcomes(s)} == {3}


def test_115_10b_it_deals_damage_to_you() -> None:
    """115.10b: "you" is its controller, no target: bob's 1/1 blocker dies and deals 2 to bob."""
    s = board(creature("x", "alice", 3, 3), creature("e", "bob", 1, 1, "When ~ dies, it deals 2 damage to you"),
              attackers={"x": "bob"}, blockers={"e": ["x"]})
    assert results(s) == {(20, 18, ("e",), ())}


def test_102_2_target_opponent() -> None:
    s = board(creature("x", "alice", 3, 3), creature("d", "bob", 1, 1, "When ~ dies, it deals 6 damage to target "
                                                     "opponent"), attackers={"x": "bob"}, blockers={"d": ["x"]})
    assert results(s) == {(14, 20, ("d",), ())}


def test_702_11b_hexproof_and_shroud_are_not_targets() -> None:
    """702.11b, 702.18a: bob's "target creature" trigger can't target alice's hexproof attacker or his own
    shrouded creature; his own hexproof one it can (702.11b: only opponents' abilities)."""
    line = "When ~ dies, it deals 3 damage to target creature"
    s = board(creature("x", "alice", 3, 3, "Hexproof"), creature("m", "bob", 1, 1, line),
              creature("s", "bob", 1, 1, "Shroud"), creature("h", "bob", 1, 1, "Hexproof"),
              attackers={"x": "bob"}, blockers={"m": ["x"]})
    assert results(s) == {(20, 20, ("h", "m"), ())}


def test_613_4c_target_creature_gets_minus_two_until_end_of_turn() -> None:
    """613.4c, 704.5f/g: the 2/2 chump blocker dies dealing 2 to the 3/3 attacker; -2/-2 on it makes
    it a 1/1 with 2 damage (dies) or kills bob's own 2/2 bystander."""
    s = board(creature("x", "alice", 3, 3), creature("c", "bob", 2, 2, "When ~ dies, target creature gets -2/-2 "
                                                     "until end of turn"),
              creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={"c": ["x"]})
    assert results(s) == {(20, 20, ("c", "x"), ()), (20, 20, ("c", "y"), ())}


def test_603_5_you_may_have_it_do_nothing() -> None:
    """603.5: "you may have target creature get -2/-2": also nothing at all (the attacker survives)."""
    s = board(creature("x", "alice", 3, 3), creature("u", "bob", 2, 2, "When ~ dies, you may have target creature "
                                                     "get -2/-2 until end of turn"),
              attackers={"x": "bob"}, blockers={"u": ["x"]})
    assert results(s) == {(20, 20, ("u", "x"), ()), (20, 20, ("u",), ())}


def test_122_1a_a_counter_on_target_creature_you_control_between_the_steps() -> None:
    """122.1a, 510.4: alice's 1/1 with "put a +1/+1 counter on target creature you control" dies to bob's
    first-striking 2/2 blocker; the counter goes on her unblocked 2/2 (her only creature left), which then
    deals 3 (bob 20 → 17)."""
    s = board(creature("b", "alice", 1, 1, "When ~ dies, put a +1/+1 counter on target creature you control"),
              creature("x", "alice", 2, 2), creature("y", "bob", 2, 2, "First strike"),
              attackers={"b": "bob", "x": "bob"}, blockers={"y": ["b"]})
    assert results(s) == {(20, 17, ("b",), ())}


def test_119_3_each_player_loses_life() -> None:
    """119.3, 704.5a: bob's blocker dies and each player loses 3: alice at 2 loses (bob 20 → 17)."""
    s = board(creature("x", "alice", 3, 3), creature("o", "bob", 1, 1, "When ~ dies, each player loses 3 life"),
              alice=2, attackers={"x": "bob"}, blockers={"o": ["x"]})
    assert results(s) == {(-1, 17, ("o",), ("alice",))}


def test_603_6a_enters_or_dies_beside_persist_is_refused() -> None:
    """702.79a, 603.6a: persist would return it and its "enters" would trigger: refused."""
    with pytest.raises(InputError, match=r"permanents\[0\].*enters or dies"):
        board(creature("m", "alice", 1, 1, "When ~ enters or dies, put a +1/+1 counter on target creature",
                       "Persist"))


def test_702_21a_ward_beside_a_targeting_death_trigger_is_refused() -> None:
    with pytest.raises(InputError, match=r"permanents\[1\].*'w' has ward"):
        board(creature("m", "alice", 1, 1, "When ~ dies, target creature gets -2/-2 until end of turn"),
              creature("w", "bob", 1, 1, "Ward {1}"))


def test_702_79a_a_death_trigger_that_may_kill_beside_persist_is_refused() -> None:
    with pytest.raises(InputError, match=r"permanents\[1\].*persist or undying"):
        board(creature("m", "alice", 1, 1, "When ~ dies, target creature gets -2/-2 until end of turn"),
              creature("p", "bob", 1, 1, "Persist"))


def test_603_3d_verify_the_controller_chooses_the_creature() -> None:
    """verify: alice's 3/3 attacks bob's 2/2 "target creature gets -2/-2" blocker; goal: destroy it and
    keep the attacker. bob chooses the target as his trigger goes on the stack (603.3d): the attacker,
    so the goal fails (minimax agrees)."""
    s = board(creature("x", "alice", 3, 3), creature("c", "bob", 2, 2, "When ~ dies, target creature gets -2/-2 "
                                                     "until end of turn"),
              attackers={"x": "bob"}, blockers={"c": ["x"]}, goal={"all": [{"destroy": ["c"]}, {"survive": ["x"]}]})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


LINES = ("When ~ dies, it deals 2 damage to target creature or player", "When ~ dies, it deals 1 damage to you",
         "When ~ leaves the battlefield, it deals 1 damage to target creature an opponent controls",
         "When ~ dies, target creature gets -1/-1 until end of turn",
         "When ~ dies, you may have target creature get -2/-2 until end of turn",
         "When ~ dies, put a +1/+1 counter on target creature you control",
         "When ~ dies, you may put a -1/-1 counter on target creature", "When ~ dies, each player loses 1 life",
         "Hexproof", "First strike")


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, LINES)))
def test_603_10a_death_effects_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, LINES)), st.booleans())
def test_603_3d_death_effects_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    verify_equals_minimax(data, lethal)


# ---- creatures that watch others die (603.6c, 603.10a) -------------------------------------------------

@pytest.mark.parametrize(("name", "line", "term"), [
    ("Malakir Cullblade", "Whenever a creature an opponent controls dies, put a +1/+1 counter on Malakir Cullblade.",
     "other_dies_counter(opponents,1)"),
    ("Diregraf Captain", "Whenever another Zombie you control dies, target opponent loses 1 life.",
     'other_dies_target_loss(typed(another_yours,"zombie"),1,opponent)'),
    ("Falkenrath Noble", "Whenever Falkenrath Noble or another creature dies, target player loses 1 life and you gain "
     "1 life.", "other_dies_drain(all,1,player)"),
    ("Vela the Night-Clad", "Whenever Vela the Night-Clad or another creature you control leaves the battlefield, each "
     "opponent loses 1 life.", "other_dies_loss(yours,1)"),
    ("Ninth Bridge Patrol", "Whenever another creature you control leaves the battlefield, put a +1/+1 counter on "
     "Ninth Bridge Patrol.", "other_dies_counter(another_yours,1)"),
    ("Indebted Samurai", "Whenever a Samurai you control dies, you may put a +1/+1 counter on Indebted Samurai.",
     'other_dies_counter(typed(yours,"samurai"),1,may(self))'),
    ("Knucklebone Witch", "Whenever a Goblin you control is put into a graveyard from the battlefield, you may put a "
     "+1/+1 counter on Knucklebone Witch.", 'other_dies_counter(typed(yours,"goblin"),1,may(self))'),
    ("Goblin Sharpshooter", "Whenever a creature dies, untap Goblin Sharpshooter.", "other_dies_untap(all)"),
    ("Fleshmad Steed", "Whenever another creature dies, tap Fleshmad Steed.", "other_dies_tap(another)"),
    ("Rage Thrower", "Whenever another creature dies, Rage Thrower deals 2 damage to target player.",
     "other_dies_damage(another,2,player)"),
    ("Hissing Iguanar", "Whenever another creature dies, you may have Hissing Iguanar deal 1 damage to target player.",
     "other_dies_damage(another,1,may(player))"),
])
def test_603_6c_watcher_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_603_6c_a_creature_an_opponent_controls() -> None:
    """603.6c: alice's watcher (1/1, attacking unblocked) gets a counter when bob's blocker dies in the
    first-strike step and deals 2 in the regular step (bob 20 → 18)."""
    line = "Whenever a creature an opponent controls dies, put a +1/+1 counter on ~"
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("w", "alice", 1, 1, line),
              creature("y", "bob", 1, 1), attackers={"x": "bob", "w": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 18, ("y",), ())}


def test_205_3m_a_creature_type_you_control() -> None:
    """205.3m, 603.5: "Whenever a Goblin you control dies, you may put a +1/+1 counter on ~": alice's Goblin
    dies to a first striker; her unblocked 1/1 watcher deals 2 or, declining, 1; her Elf dying triggers
    nothing."""
    line = "Whenever a Goblin you control dies, you may put a +1/+1 counter on ~"
    s = board(creature("g", "alice", 1, 1, subtypes=["Goblin"]), creature("w", "alice", 1, 1, line),
              creature("y", "bob", 2, 2, "First strike"), attackers={"g": "bob", "w": "bob"}, blockers={"y": ["g"]})
    assert results(s) == {(20, 18, ("g",), ()), (20, 19, ("g",), ())}
    s = board(creature("g", "alice", 1, 1, subtypes=["Elf"]), creature("w", "alice", 1, 1, line),
              creature("y", "bob", 2, 2, "First strike"), attackers={"g": "bob", "w": "bob"}, blockers={"y": ["g"]})
    assert results(s) == {(20, 19, ("g",), ())}


def test_701_26b_untap_lets_t_pay_again() -> None:
    """701.26b, 602.5a: bob's Sharpshooter-like 0/1 taps to deal 1 to the attacking 1/1 (it dies), untaps
    as a creature dies and deals 1 to alice (or to anything else) again."""
    s = board(creature("x", "alice", 1, 1), creature("z", "alice", 3, 3),
              creature("s", "bob", 0, 1, "Whenever a creature dies, untap ~",
                       "{T}: ~ deals 1 damage to any target"), attackers={"x": "bob", "z": "bob"}, blockers={})
    lives = {o["life"]["alice"] for o in pysolver.outcomes(s) if "x" in o["destroyed"]}
    assert 19 in lives  # x killed, then alice pinged after the untap


def test_119_3_target_player_loses_and_you_gain() -> None:
    """119.3: bob's chump blocker with "Whenever ~ or another creature dies, target player loses 1 life and you
    gain 1 life" dies: alice loses 1 and bob gains 1; or bob targets himself (both: no change)."""
    s = board(creature("x", "alice", 3, 3), creature("n", "bob", 1, 1, "Whenever ~ or another creature dies, target "
                                                     "player loses 1 life and you gain 1 life"),
              attackers={"x": "bob"}, blockers={"n": ["x"]})
    assert results(s) == {(19, 21, ("n",), ()), (20, 20, ("n",), ())}


WATCH_LINES = ("Whenever a creature an opponent controls dies, put a +1/+1 counter on ~",
               "Whenever another creature dies, tap ~", "Whenever a creature dies, untap ~",
               "Whenever another creature dies, ~ deals 1 damage to target player",
               "Whenever another creature dies, you may have ~ deal 1 damage to target creature",
               "Whenever ~ or another creature dies, target player loses 1 life and you gain 1 life",
               "Whenever a Goblin you control dies, you may put a +1/+1 counter on ~",
               "Whenever another creature you control leaves the battlefield, target opponent loses 1 life",
               "First strike", "Changeling")


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, WATCH_LINES)))
def test_603_6c_watchers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)
