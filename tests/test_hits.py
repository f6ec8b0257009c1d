"""Combat-damage triggers (510.3a, 603.2; pysolver.rules.hits, encodings/hits.lp): each rule with a
hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/hits.py)
on generated boards: outcomes (fight path, walk) and verify (minimax)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import HIT_TRIGGER_LINES, WATCH_TRIGGER_LINES, examples, with_triggers

import pysolver
from pysolver.game import fights
from pysolver.game import gametree as gt
from pysolver.game.outcomes import count_path, outcome_values
from pysolver.model.abilities import HIT_TRIGGERS, UnknownAbilityLine, parse_ability_line
from pysolver.model.moves import TargetChoice
from pysolver.scale.invariants import replay

COUNTER = "Whenever ~ deals combat damage to a player, put a +1/+1 counter on it"
LOSS = "Whenever ~ deals combat damage to a player, that player loses {} life"
GAIN = "Whenever ~ deals combat damage to a creature, you gain {} life"
DESTROY = "Whenever ~ deals combat damage to a creature, destroy that creature"


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed, who lost) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(o["lost"]))
            for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Slith Firewalker", "Whenever Slith Firewalker deals combat damage to a player, put a +1/+1 counter on it.",
     "hit_counters(player,1)"),
    ("Falkenrath Marauders", "Whenever Falkenrath Marauders deals combat damage to a player, put two +1/+1 "
     "counters on it.", "hit_counters(player,2)"),
    ("Mirri the Cursed", "Whenever Mirri the Cursed deals combat damage to a creature, put a +1/+1 counter on "
     "Mirri the Cursed.", "hit_counters(creature,1)"),
    ("Voracious Cobra", "Whenever Voracious Cobra deals combat damage to a creature, destroy that creature.",
     "hit_destroy(creature)"),
    ("x", "Whenever ~ deals combat damage to a player or planeswalker, you gain 3 life",
     "hit_gain(player_or_planeswalker,3)"),
    ("x", "Whenever this creature deals combat damage to an opponent, that player loses two life",
     "hit_loss(player,2)"),
])
def test_510_3a_real_lines_parse(name: str, line: str, term: str) -> None:
    """510.3a: the oracle lines of real cards, the card's name read as the creature."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


@pytest.mark.parametrize("line", [
    "Whenever ~ deals combat damage to a creature, that player loses 1 life",  # a creature is no player
    "Whenever ~ deals combat damage to a player, destroy that creature",
    "Whenever ~ deals combat damage to a player, put a +1/+1 counter on each other creature you control",
    "Whenever ~ deals combat damage to a player, that player loses 0 life",
    "Whenever ~ deals combat damage to a creature, flip a coin. If you win the flip, destroy that creature",  # 705
])
def test_510_3a_other_forms_are_not_understood(line: str) -> None:
    with pytest.raises(UnknownAbilityLine):
        parse_ability_line(line, None)


def test_510_4_a_first_strike_hit_counter_is_there_for_the_regular_step() -> None:
    """510.4, 117.3b, 122.1a: a 2/2 double striker's first hit (bob 5 → 3) puts a +1/+1 counter on it
    before the regular step, whose 3 damage is lethal (704.5a); without the line bob is at 1."""
    s = board(creature("x", "alice", 2, 2, "Double strike", COUNTER), bob=5, attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 0, (), ("bob",))}
    s = board(creature("x", "alice", 2, 2, "Double strike"), bob=5, attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 1, (), ())}


def test_119_3_that_player_loses_life_after_the_damage() -> None:
    """510.3a, 119.3, 704.5a: 1 combat damage and the trigger's 2 life bring bob from 3 to 0."""
    s = board(creature("x", "alice", 1, 1, LOSS.format(2)), bob=3, attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 0, (), ("bob",))}


def test_603_2c_a_creature_dealt_damage_by_each_triggers_once_each() -> None:
    """603.2c, 701.8a: a 4/4 "destroy that creature" blocked by two 1/5s destroys each it deals damage
    to: both if it splits its damage, one if it gives all to one (510.1c); it takes 2 (survives)."""
    s = board(creature("x", "alice", 4, 4, DESTROY), creature("b1", "bob", 1, 5), creature("b2", "bob", 1, 5),
              attackers={"x": "bob"}, blockers={"b1": ["x"], "b2": ["x"]})
    assert results(s) == {(20, 20, ("b1", "b2"), ()), (20, 20, ("b1",), ()), (20, 20, ("b2",), ())}


def test_702_12b_an_indestructible_creature_is_not_destroyed() -> None:
    s = board(creature("x", "alice", 1, 1, DESTROY), creature("y", "bob", 1, 5, "Indestructible"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, ("x",), ())}


def test_702_16e_prevented_damage_triggers_nothing() -> None:
    """702.16e: damage prevented by protection is not dealt: the red attacker's "destroy" does not
    trigger on its blocker with protection from red."""
    s = board(creature("x", "alice", 1, 3, DESTROY, colors=["red"]),
              creature("y", "bob", 1, 2, "Protection from red"), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 20, (), ())}


def test_113_7a_a_creature_that_dies_of_the_damage_still_triggers() -> None:
    """113.7a, 603.3: a 3/1 trampler blocked by a 1/1 dies of its damage, and its trigger still makes
    bob lose 2 after whatever it tramples over (702.19b: 0, 1 or 2 of its 3 beyond the lethal 1)."""
    s = board(creature("x", "alice", 3, 1, "Trample", LOSS.format(2)), creature("y", "bob", 1, 1), bob=10,
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 6, ("x", "y"), ()), (20, 7, ("x", "y"), ()), (20, 10, ("x", "y"), ())}


def test_708_2a_a_face_down_creature_has_no_combat_damage_trigger() -> None:
    s = board(creature("x", "alice", 2, 2, "Morph {5}", LOSS.format(5), face_down=True), bob=7,
              attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 5, (), ())}


def test_603_3b_apnap_the_defending_players_trigger_resolves_first() -> None:
    """603.3b, 101.4: bob's "you gain 2 life" goes on the stack above alice's "that player loses 1
    life", so bob at 2, dealt 1 by the trampler, goes to 3 and then 2, never to 0 (704.5a). If the
    trampler gives both damage to the blocker, only bob's trigger triggers (bob 4)."""
    s = board(creature("x", "alice", 2, 1, "Trample", LOSS.format(1)), creature("y", "bob", 1, 1, GAIN.format(2)),
              bob=2, attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 2, ("x", "y"), ()), (20, 4, ("x", "y"), ())}


def test_700_4_a_creature_destroyed_by_the_trigger_has_its_death_trigger() -> None:
    """701.8a, 700.4, 603.10a: the blocker's "destroy that creature" kills the attacker, whose death
    trigger then deals 1 damage to each opponent."""
    s = board(creature("x", "alice", 1, 3, "When ~ dies, it deals 1 damage to each opponent"),
              creature("y", "bob", 1, 3, DESTROY), attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 19, ("x",), ())}


def test_510_3a_the_line_names_the_triggers_and_replays() -> None:
    """docs/results.md: the triggers put on the stack are the line's `targets`, replayed move by move."""
    s = board(creature("x", "alice", 2, 2, "Double strike", COUNTER, LOSS.format(1)), bob=9,
              attackers={"x": "bob"}, blockers={})
    (o,) = pysolver.outcomes(s)
    assert o["life"]["bob"] == 9 - 2 - 1 - 3 - 1
    assert sorted(t["kind"] for t in o["line"]["targets"]) == ["hit_counters", "hit_counters", "hit_loss", "hit_loss"]
    final = replay(s, o["line"])
    assert [m.to_json() for m in final.move_stack if isinstance(m, TargetChoice)] == o["line"]["targets"]


def test_510_3a_verify_the_counter_makes_lethal() -> None:
    """verify: bob at 5 and a 2/2 double striker with the counter line is lethal unblocked (2 + 3);
    with a 0/1 blocker able to chump it, not (minimax agrees)."""
    x = creature("x", "alice", 2, 2, "Double strike", COUNTER)
    s = board(x, bob=5, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True is reference_verify(s)
    s = board(x, creature("y", "bob", 0, 1), bob=5, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


# ---- against the brute-force reference ----------------------------------------------------------

def compare(data: dict[str, Any]) -> None:
    """The fast path (never a split where a combat-damage trigger is on the board: fights.decomposes
    refuses those boards), the walk and the reference."""
    s = pysolver.load_data(data)
    if any(a.kind in HIT_TRIGGERS for p in s.permanents for a in p.abilities):
        assert not fights.decomposes(s) and count_path(gt.root(s)) != "split"
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    walked = {canonical(o.to_json()) for o in outcome_values(s, split=False)}
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == walked == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


LINES = HIT_TRIGGER_LINES + ("When ~ dies, it deals 1 damage to each opponent",)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, LINES)))
def test_510_3a_declared_combats_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats with first strike, double strike, deathtouch, lifelink, protection, face-down
    creatures and mana, combat-damage triggers (and a death trigger) on some creatures."""
    compare(data)


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, LINES)))
def test_510_3a_open_blocks_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, LINES)), st.booleans())
def test_510_3a_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """verify (each trigger's controller puts theirs on the stack, 603.3b; both players act in the
    windows while they wait) against the brute-force minimax; lethal or destroying a blocker."""
    verify_equals_minimax(data, lethal)


# ---- attack triggers resolved as the attackers are declared (508.2a, 508.3a, pysolver.rules.triggers) -------

BATTALION = "Battalion — Whenever ~ and at least two other creatures attack, ~ gets +2/+2 until end of turn"
EACH = "Whenever ~ attacks, it gets +1/+0 until end of turn for each other attacking creature"
EACH_GOBLIN = "Whenever ~ attacks, it gets +1/+1 until end of turn for each other attacking Goblin"


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Boros Elite", "Battalion \u2014 Whenever Boros Elite and at least two other creatures attack, Boros Elite gets "
     "+2/+2 until end of turn.", "battalion_pump(2,2)"),
    ("Warmind Infantry", "Battalion - Whenever Warmind Infantry and at least two other creatures attack, Warmind "
     "Infantry gets +2/+0 until end of turn.", "battalion_pump(2,0)"),
    ("x", EACH, "attacks_pump_each(1,0)"),
    ("Angelic Captain", "Whenever Angelic Captain attacks, it gets +1/+1 until end of turn for each other attacking "
     "Ally.", 'attacks_pump_each_type(1,1,"ally")'),
    ("Kavu Mauler", "Whenever Kavu Mauler attacks, it gets +1/+1 until end of turn for each other attacking Kavu.",
     'attacks_pump_each_type(1,1,"kavu")'),
    ("Cenn's Heir", "Whenever Cenn's Heir attacks, it gets +1/+1 until end of turn for each other attacking Kithkin.",
     'attacks_pump_each_type(1,1,"kithkin")'),
])
def test_508_3a_attack_lines_parse(name: str, line: str, term: str) -> None:
    """207.2c (battalion is an ability word), 508.3a: real oracle lines."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_207_2c_battalion_needs_two_other_attackers() -> None:
    """508.3a: a 1/1 with battalion +2/+2 attacking with two others deals 3; with one other, 1 (bob at
    20; three 1/1s or two unblocked: 20 - 5 or 20 - 2, or any subset of attackers)."""
    s = board(creature("x", "alice", 1, 1, BATTALION), creature("y", "alice", 1, 1), creature("z", "alice", 1, 1))
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {20, 19, 18, 15}


def test_508_3a_for_each_other_attacking_creature() -> None:
    """+1/+0 for each other attacking creature: x (1/1) attacking with y and z deals 3, with one 2."""
    s = board(creature("x", "alice", 1, 1, EACH), creature("y", "alice", 1, 1), creature("z", "alice", 1, 1))
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {20, 19, 18, 17, 15}


def test_508_3a_for_each_other_attacking_creature_of_a_type() -> None:
    """Aurochs-like "+1/+0 for each other attacking Goblin" (205.3m): x (1/1) attacking with the Goblin y
    and the changeling z (every creature type, 702.73a) deals 3 (bob 20 - 5), with one of them 2 (20 - 3);
    with w, no Goblin, it deals 1 (20 - 2)."""
    line = "Whenever ~ attacks, it gets +1/+0 until end of turn for each other attacking Goblin"
    s = board(creature("x", "alice", 1, 1, line), creature("y", "alice", 1, 1, subtypes=["Goblin"]),
              creature("z", "alice", 1, 1, "Changeling"))
    assert {o["life"]["bob"] for o in pysolver.outcomes(s)} == {20, 19, 18, 17, 15}
    w = board(creature("x", "alice", 1, 1, line), creature("w", "alice", 1, 1, subtypes=["Elf"]))
    assert {o["life"]["bob"] for o in pysolver.outcomes(w)} == {20, 19, 18}


@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, (BATTALION, EACH, EACH_GOBLIN, "Exalted"))))
def test_508_3a_attack_triggers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


# ---- death triggers that change life or watch other creatures die (603.10a, 603.6c, 700.4) ---------------

WATCH = "Whenever another creature dies, put a +1/+1 counter on ~"


@pytest.mark.parametrize(("name", "line", "term"), [
    ("Swarm of Bloodflies", "Whenever another creature dies, put a +1/+1 counter on Swarm of Bloodflies.",
     "other_dies_counter(another,1)"),
    ("Unruly Mob", "Whenever another creature you control dies, put a +1/+1 counter on Unruly Mob.",
     "other_dies_counter(another_yours,1)"),
    ("x", "Whenever a creature you control dies, each opponent loses 1 life", "other_dies_loss(yours,1)"),
    ("Vampire", "When Vampire dies, each opponent loses 2 life.", "dies_loss(2)"),
    ("x", "When ~ dies, you gain 3 life.", "dies_gain(3)"),
])
def test_603_10a_dies_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_603_6c_a_counter_for_a_creature_that_died_between_the_steps() -> None:
    """603.6c, 510.4: alice's 2/2 first striker kills bob's 1/1 blocker in the first-strike step;
    alice's watcher (a 1/1 attacking unblocked) gets a +1/+1 counter before the regular step and
    deals 2 (bob 20 → 18)."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("w", "alice", 1, 1, WATCH),
              creature("y", "bob", 1, 1), attackers={"x": "bob", "w": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(20, 18, ("y",), ())}


def test_603_10a_simultaneous_deaths_see_each_other() -> None:
    """603.10a: a watcher dying in the same step as another creature still triggers (the counter has
    nowhere to go, 400.7); "Whenever a creature you control dies, each opponent loses 1 life" counts
    itself and its fellow: bob's two 2/2s blocking alice's two 2/2s all die; alice loses 2."""
    lose = "Whenever a creature you control dies, each opponent loses 1 life"
    s = board(creature("a1", "alice", 2, 2), creature("a2", "alice", 2, 2), creature("b1", "bob", 2, 2, lose),
              creature("b2", "bob", 2, 2, WATCH), attackers={"a1": "bob", "a2": "bob"},
              blockers={"b1": ["a1"], "b2": ["a2"]})
    assert results(s) == {(18, 20, ("a1", "a2", "b1", "b2"), ())}


def test_119_3_when_it_dies_each_opponent_loses_and_you_gain() -> None:
    """119.3, 603.3b: bob's chump blocker dies; he orders its two triggers: the loss first ends the
    game at once (alice 2 → 0, 704.5a) before he gains; the gain first, he is at 23 when she loses."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 1, 1, "When ~ dies, each opponent loses 2 life",
                                                     "When ~ dies, you gain 3 life"),
              alice=2, attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert results(s) == {(0, 20, ("y",), ("alice",)), (0, 23, ("y",), ("alice",))}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, WATCH_TRIGGER_LINES + HIT_TRIGGER_LINES[-1:])))
def test_603_6c_watchers_declared_combats_equal_reference(data: dict[str, Any]) -> None:
    """Death triggers that change life or watch creatures die, with "destroy that creature" (they chain)."""
    compare(data)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, WATCH_TRIGGER_LINES + ("Flanking",))),
       st.booleans())
def test_603_6c_watchers_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    verify_equals_minimax(data, lethal)


# ---- block triggers resolved as the blockers are declared (509.2a, 509.3b, 509.3d) -------------------------

@pytest.mark.parametrize(("name", "line", "term"), [
    ("Rabid Wolverines", "Whenever Rabid Wolverines becomes blocked by a creature, Rabid Wolverines gets +1/+1 until "
     "end of turn.", "blocked_by_pump(1,1)"),
    ("Netcaster Spider", "Whenever Netcaster Spider blocks a creature with flying, Netcaster Spider gets +2/+0 until "
     "end of turn.", "blocks_flyer_pump(2,0)"),
    ("Phage the Untouchable", "Whenever Phage the Untouchable deals combat damage to a creature, destroy that "
     "creature. It can't be regenerated.", "hit_destroy(creature)"),
])
def test_509_3_block_lines_parse(name: str, line: str, term: str) -> None:
    """509.3b, 509.3d, 510.3a: real oracle lines (nothing regenerates here, so "It can't be regenerated"
    changes nothing, 701.19)."""
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_509_3d_once_for_each_creature_blocking_it() -> None:
    """509.3d: Rabid Wolverines (1/1, +1/+1 per blocker) blocked by one 1/1 is a 2/2 and kills it; by
    two, a 3/3 that kills both (510.1c: 1 each is lethal) and survives their 2; unblocked, it deals 1
    (the blocks are open: a declaration in a situation file is past its triggers)."""
    s = board(creature("w", "alice", 1, 1, "Whenever ~ becomes blocked by a creature, ~ gets +1/+1 until end of turn"),
              creature("b1", "bob", 1, 1), creature("b2", "bob", 1, 1), attackers={"w": "bob"})
    assert results(s) == {(20, 19, (), ()), (20, 20, ("b1",), ()), (20, 20, ("b2",), ()), (20, 20, ("b1", "b2"), ())}


def test_509_3f_blocks_a_creature_with_flying() -> None:
    """509.3b, 509.3f: Netcaster Spider (2/3 reach, +2/+0 blocking a flyer) blocking a 4/3 flyer kills it
    and dies; blocking a 4/3 without flying it stays 2/3 and only dies; or bob takes 4."""
    spider = creature("n", "bob", 2, 3, "Reach",
                      "Whenever ~ blocks a creature with flying, ~ gets +2/+0 until end of turn")
    s = board(creature("f", "alice", 4, 3, "Flying"), spider, attackers={"f": "bob"})
    assert results(s) == {(20, 16, (), ()), (20, 20, ("f", "n"), ())}
    s = board(creature("f", "alice", 4, 3), spider, attackers={"f": "bob"})
    assert results(s) == {(20, 16, (), ()), (20, 20, ("n",), ())}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, (
    "Whenever ~ becomes blocked by a creature, ~ gets +1/+1 until end of turn",
    "Whenever ~ blocks a creature with flying, ~ gets +2/+0 until end of turn", "Flying", "Flanking"))))
def test_509_3_block_triggers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


# ---- attack triggers that make players lose life (508.3a, 603.3b) ------------------------------------------

@pytest.mark.parametrize(("name", "line", "term"), [
    ("Vicious Conquistador", "Whenever Vicious Conquistador attacks, each opponent loses 1 life.",
     "attacks_opponents_loss(1)"),
    ("x", "Whenever ~ attacks, defending player loses 2 life.", "attacks_loss(2)"),
])
def test_508_3a_attack_loss_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_506_2_defending_player_loses_life_as_it_attacks() -> None:
    """508.3a, 119.3: a 1/1 with "defending player loses 2 life" attacking bob (20) brings him to 17
    unblocked, 18 chump-blocked by his 1/1 (both die); not attacking, 20."""
    s = board(creature("x", "alice", 1, 1, "Whenever ~ attacks, defending player loses 2 life"),
              creature("y", "bob", 1, 1))
    assert results(s) == {(20, 20, (), ()), (20, 17, (), ()), (20, 18, ("x", "y"), ())}


def test_603_3b_the_active_player_orders_losses_that_end_the_game() -> None:
    """603.3b, 704.5a: bob at 2, one attacker losing him 1 and one 3: 3 first ends the game at -1,
    1 first at -2; both lines are the active player's (no blocks: the game is over, 104.3b). Attacking
    with one only: 1 (bob 2 → 1, then combat damage 1 → 0) or 3 (→ -1, over)."""
    s = board(creature("x", "alice", 1, 1, "Whenever ~ attacks, defending player loses 1 life"),
              creature("z", "alice", 1, 1, "Whenever ~ attacks, each opponent loses 3 life"), bob=2)
    got = results(s)
    assert got == {(20, 2, (), ()), (20, 0, (), ("bob",)), (20, -1, (), ("bob",)), (20, -2, (), ("bob",))}
    assert all(o["line"]["triggers"] for o in pysolver.outcomes(s) if o["life"]["bob"] == -2)


def low_life(data: dict[str, Any]) -> dict[str, Any]:
    """The board with the defending players at 3 life (so that the losses may end the game)."""
    return {**data, "players": [p if p["name"] == data["active"] else {**p, "life": 3} for p in data["players"]]}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, (
    "Whenever ~ attacks, defending player loses 1 life", "Whenever ~ attacks, each opponent loses 2 life",
    "Provoke", "Afflict 1")).map(low_life)))
def test_508_3a_attack_losses_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, (
    "Whenever ~ attacks, defending player loses 1 life", "Whenever ~ attacks, each opponent loses 2 life"))).map(
    low_life))
def test_508_3a_attack_losses_verify_equals_minimax(data: dict[str, Any]) -> None:
    s = pysolver.load_data({**data, "goal": {"lethal": data["players"][1]["name"]}})
    assert pysolver.verify(s)["holds"] is reference_verify(s)


def test_509_3d_becomes_blocked_by_a_creature_destroy_that_creature() -> None:
    """509.3d, 701.8a: an attacking 1/1 that destroys each creature blocking it, blocked by a 3/3 and
    an indestructible 3/3: the first is destroyed before combat damage; the second survives and kills
    it. Unblocked, bob takes 1."""
    line = "Whenever ~ becomes blocked by a creature, destroy that creature"
    assert [a.term for a in parse_ability_line("Whenever Cruel Deceiver becomes blocked by a creature, destroy that "
                                               "creature.", "Cruel Deceiver")] == ["blocked_destroy"]
    s = board(creature("x", "alice", 1, 1, line), creature("y", "bob", 3, 3), attackers={"x": "bob"})
    assert results(s) == {(20, 19, (), ()), (20, 20, ("y",), ())}
    s = board(creature("x", "alice", 1, 1, line), creature("y", "bob", 3, 3),
              creature("i", "bob", 3, 3, "Indestructible"), attackers={"x": "bob"})
    assert results(s) == {(20, 19, (), ()), (20, 20, ("y",), ()), (20, 20, ("x",), ()), (20, 20, ("x", "y"), ())}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, (
    "Whenever ~ becomes blocked by a creature, destroy that creature", "Flanking", "Rampage 1",
    "When ~ dies, it deals 1 damage to each opponent"))))
def test_509_3d_destroy_blockers_equal_reference(data: dict[str, Any]) -> None:
    compare(data)


# ---- the result documents name the new kinds (pysolver/schemas) ---------------------------------------------

@pytest.mark.parametrize("abilities", [
    ("Double strike", COUNTER, LOSS.format(1), GAIN.format(1), DESTROY),
    ("Whenever ~ attacks, defending player loses 1 life", "Whenever ~ attacks, each opponent loses 3 life",
     "Whenever ~ becomes blocked by a creature, destroy that creature", GAIN.format(1)),
    (DESTROY, WATCH, "When ~ dies, you gain 3 life",
     "Whenever a creature you control dies, each opponent loses 1 life"),
])
def test_outcomes_and_verify_documents_validate(abilities: tuple[str, ...]) -> None:
    """docs/results.md, pysolver/schemas: `line.triggers`, `line.targets` and verify's moves carry the
    new kinds (the combat-damage triggers; the attack losses, ordered; the death triggers). z has the
    lines but the destroying trigger and the watcher, whose orders multiply the walk's positions."""
    from pysolver import commands
    from pysolver.files import schema
    fewer = [a for a in abilities if a not in (DESTROY, WATCH)]
    s = board(creature("x", "alice", 2, 2, *abilities), creature("z", "alice", 1, 1, *fewer),
              creature("y", "bob", 1, 3, *abilities), bob=4 if "Double strike" not in abilities else 9,
              goal={"lethal": "bob"})
    for command in ("outcomes", "verify"):
        doc = commands.answer(command, s)
        assert list(jsonschema.Draft202012Validator(schema.schema(command)).iter_errors(doc)) == [], command


def test_701_19a_destroy_triggers_beside_regeneration_are_refused() -> None:
    """701.19a, 701.19c: "destroy that creature" is read with and without "It can't be regenerated", so a
    board that also has a regeneration shield (or a way to make one) is refused, naming both permanents."""
    from pysolver.errors import InputError
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": "d", "controller": "alice", "power": 2, "toughness": 2, "abilities": [
                "Whenever ~ deals combat damage to a creature, destroy that creature"]},
                {"id": "r", "controller": "bob", "power": 1, "toughness": 1, "regeneration_shields": 1}]}
    with pytest.raises(InputError, match=r"permanents\[1\].*'r' may be regenerated.*'d'"):
        pysolver.load_data(data)
    data["permanents"][1] = {"id": "r", "controller": "bob", "power": 1, "toughness": 1,
                             "abilities": ["{G}: Regenerate ~"]}
    with pytest.raises(InputError, match="701.19c"):
        pysolver.load_data(data)


# ---- 118.12, 603.5: "you may pay {cost}. If you do, <effect>" ----------------------------------------------

PAID = "Whenever ~ deals combat damage to a player, you may pay {}. If you do, {}"


def test_118_12_a_real_paid_line_parses() -> None:
    """118.12: Vorosh, the Hunter's line (its short name, 201.5c, as the card files read it) is its counters
    trigger paid as it resolves."""
    line = ("Whenever Vorosh deals combat damage to a player, you may pay {2}{G}. If you do, put six +1/+1 counters "
            "on Vorosh.")
    assert [(a.kind, a.term) for a in parse_ability_line(line, "Vorosh")] == [("hit_paid", "hit_counters(player,6)")]
    with pytest.raises(UnknownAbilityLine):  # 107.14: a payment of energy is not read here
        parse_ability_line(PAID.format("{E}", "you gain 2 life"), None)


def test_118_12_the_payment_is_optional_and_needs_the_mana() -> None:
    """118.12, 603.5, 601.2h: a 2/2 double striker hits bob (5 → 3) in the first-strike step; its controller pays
    {1}{G} for a +1/+1 counter (3 more: lethal, 704.5a) or declines (2 more: bob at 1). Without {G} left only the
    declined end remains; the mana a pump spent first is gone (106.4)."""
    x = creature("x", "alice", 2, 2, "Double strike", PAID.format("{1}{G}", "put a +1/+1 counter on it"))
    s = board(x, bob=5, mana="{G}{G}", attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 0, (), ("bob",)), (20, 1, (), ())}
    s = board(x, bob=5, mana="{R}{R}", attackers={"x": "bob"}, blockers={})
    assert results(s) == {(20, 1, (), ())}


def test_118_12_each_trigger_pays_from_what_is_left() -> None:
    """118.12, 119.3, 601.2h: two attackers' "you may pay {1}. If you do, that player loses 2 life" with only {1}
    to spend: bob loses 2 + 2 from the damage and 0 or 2 from the triggers, never 4."""
    line = PAID.format("{1}", "that player loses 2 life")
    s = board(creature("x", "alice", 1, 1, line), creature("y", "alice", 1, 1, line), bob=20, mana="{W}",
              attackers={"x": "bob", "y": "bob"}, blockers={})
    assert results(s) == {(20, 18, (), ()), (20, 16, (), ())}


PAID_LINES = (PAID.format("{1}", "you gain 2 life"), PAID.format("{G}", "put two +1/+1 counters on it"),
              PAID.format("{R}", "that player loses 1 life"))


@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, PAID_LINES)))
def test_118_12_paid_triggers_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats with mana and paid combat-damage triggers: the solver (the payment chosen as the trigger
    is put on the stack) reaches the reference's ends (chosen as it resolves, 603.5)."""
    compare(data)


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, PAID_LINES)), st.booleans())
def test_118_12_paid_triggers_verify_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """verify (the payment chosen as the trigger is put on the stack) against the minimax (chosen as it
    resolves, 603.5, by its controller's side)."""
    verify_equals_minimax(data, lethal)
