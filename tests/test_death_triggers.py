"""Death triggers (700.4, 603.10a, pysolver.rules.triggers): "When ~ dies, it deals N damage to any target"
and "... to each opponent", each rule with a hand-stated expected set, and the brute-force reference
(tests/reference/deaths.py) on generated boards mixing them with first strike and face-down creatures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from boards import board, creature
from combat_boards import outcome_boards
from differential import verify_equals_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.game import gametree as gt
from pysolver.model.abilities import parse_ability_line
from pysolver.model.moves import AttackDeclaration, BlockDeclaration, DamageAssignment, TargetChoice, Trigger
from pysolver.model.stage import Stage
from pysolver.model.values import IllegalMoveError
from pysolver.scale.invariants import replay

ANY = "When ~ dies, it deals 2 damage to any target"
EACH = "Whenever ~ dies, it deals 1 damage to each opponent"
DEATH_LINES = (ANY, ANY, EACH, "When this creature dies, it deals 1 damage to any target")




def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed, who lost) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"]), tuple(o["lost"]))
            for o in pysolver.outcomes(s)}


def test_603_10a_the_lines_parse_with_the_name_or_this_creature() -> None:
    """603.10a, 700.4: "When/Whenever ~ dies, it deals N damage to any target / each opponent"; the
    oracle text of Perilous Myr."""
    assert [a.term for a in parse_ability_line("When Perilous Myr dies, it deals 2 damage to any target.",
                                               "Perilous Myr")] == ["dies_damage(2)"]
    assert parse_ability_line("Whenever this creature dies, it deals three damage to each opponent", None)[0].term \
        == "dies_each_opponent(3)"
    with pytest.raises(ValueError):
        parse_ability_line("When ~ dies, it deals 0 damage to any target", None)


def test_603_10a_a_chump_blocker_deals_its_damage_to_any_target() -> None:
    """603.10a, 115.4: the blocker dies in combat damage (704.5g) and its controller chooses among the
    players and the creatures on the battlefield (not itself: it has left, 400.7); 704.5a: alice at 2
    loses to it after combat damage."""
    s = board(creature("x", "alice", 3, 3), creature("imp", "bob", 1, 1, ANY),
              alice=2, bob=3, attackers={"x": "bob"}, blockers={"imp": ["x"]})
    assert results(s) == {(0, 3, ("imp",), ("alice",)),  # to alice: she loses (704.5a)
                          (2, 1, ("imp",), ()),            # to bob himself
                          (2, 3, ("imp", "x"), ())}        # to x: 1 + 2 damage, lethal (704.5g)


def test_708_2a_a_face_down_creature_has_no_death_trigger() -> None:
    """708.2a: a face-down creature has no abilities; it dies as a 2/2 and triggers nothing."""
    s = board(creature("x", "alice", 3, 3),
              creature("m", "bob", 1, 1, ANY, "Morph {9}", face_down=True),
              alice=2, attackers={"x": "bob"}, blockers={"m": ["x"]})
    assert results(s) == {(2, 20, ("m",), ())}


def test_102_2_each_opponent_needs_no_target() -> None:
    """102.2, 603.10a: "each opponent" of its controller, both of them, and no choice to make."""
    s = board(creature("x", "alice", 1, 1, EACH), creature("y", "bob", 1, 1),
              bob=5, carol=5, attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = list(pysolver.outcomes(s))
    assert [(o["life"], o["destroyed"]) for o in got] == [({"alice": 20, "bob": 4, "carol": 4}, ["x", "y"])]
    assert got[0]["line"]["targets"] == [{"kind": "dies_each_opponent", "source": "x", "target": "", "amount": 1}]


def test_702_16b_protection_from_the_source_is_not_a_legal_target() -> None:
    """702.16b: a creature with protection from red can't be the target of a red source's ability; the
    source's colors are as it last existed (608.2h)."""
    s = board(creature("x", "alice", 3, 3), creature("pro", "alice", 1, 1, "Protection from red"),
              creature("imp", "bob", 1, 1, ANY, colors=["red"]),
              attackers={"x": "bob"}, blockers={"imp": ["x"]})
    p = gt.root(s)
    while p.stage != Stage.PUT_TRIGGERS:
        p = next(child for _, child in p.successors())
    assert p.to_move() == gt.DEFENCE
    assert sorted(m.trigger.target for m in p.target_choices()) == ["alice", "bob", "x"]
    with pytest.raises(IllegalMoveError, match="115.4"):
        p.push(TargetChoice(Trigger("dies_damage", "imp", "pro", 2)))
    after = p.push(TargetChoice(Trigger("dies_damage", "imp", "x", 2)))  # resolves: 1 + 2 damage on x
    assert after.is_end() and after.s.permanent("x").left_battlefield


def test_608_2h_last_known_information_lifelink_deathtouch_infect() -> None:
    """608.2h: the dead source deals the damage as it last existed: lifelink gains its controller life
    (702.15b), deathtouch destroys the creature dealt damage (702.2b, 704.5h), infect gives poison
    counters to a player and -1/-1 counters to a creature (702.90b, 702.90c, 120.3b, 120.3d)."""
    s = board(creature("x", "alice", 9, 9), creature("imp", "bob", 0, 1, ANY, "Lifelink", "Deathtouch"),
              bob=10, attackers={"x": "bob"}, blockers={"imp": ["x"]})
    assert results(s) == {(18, 12, ("imp",), ()), (20, 10, ("imp",), ()), (20, 12, ("imp", "x"), ())}
    s = board(creature("x", "alice", 9, 9), creature("imp", "bob", 1, 1, ANY, "Infect"),
              attackers={"x": "bob"}, blockers={"imp": ["x"]})
    got = {(o["life"]["alice"], o["life"]["bob"], str(o.get("poison")), str(o.get("minus_counters")))
           for o in pysolver.outcomes(s)}
    assert got == {(20, 20, "{'alice': 2}", "{'x': 1}"), (20, 20, "{'bob': 2}", "{'x': 1}"),
                   (20, 20, "None", "{'x': 3}")}


def test_603_2_a_death_trigger_can_kill_a_creature_whose_own_trigger_follows() -> None:
    """603.2, 704.3: the creature the first trigger kills dies in the next state-based actions and its
    own trigger goes on the stack in turn (a chain); or aimed at bob (2 life) it ends the game."""
    z_line = "When ~ dies, it deals 1 damage to any target"
    s = board(creature("x", "alice", 3, 3), creature("imp", "alice", 1, 1, ANY),
              creature("y", "bob", 3, 3), creature("z", "bob", 2, 2, z_line),
              alice=20, bob=2, attackers={"imp": "bob"}, blockers={"y": ["imp"]})
    assert any(o["lost"] == ["bob"] and o["line"]["targets"][0]["target"] == "bob" for o in pysolver.outcomes(s))
    chain = [o for o in pysolver.outcomes(s) if "z" in o["destroyed"]]
    assert {tuple(t["target"] for t in o["line"]["targets"]) for o in chain} == {("z", "alice"), ("z", "bob"),
                                                                                  ("z", "x"), ("z", "y")}


def test_603_3b_apnap_the_active_players_trigger_resolves_last() -> None:
    """603.3b, 101.4: the active player's death trigger is put on the stack first, so the other's
    resolves first. Alice (2 life, 3 after a1's lifelink combat damage) loses to b1's 3 damage before
    a1's lifelink trigger can gain her 2 (which would leave her at 2)."""
    s = board(creature("a1", "alice", 1, 2, ANY, "Lifelink"),
              creature("b1", "bob", 2, 1, "When ~ dies, it deals 3 damage to any target"),
              alice=2, attackers={"a1": "bob"}, blockers={"b1": ["a1"]})
    assert {o["life"]["alice"] for o in pysolver.outcomes(s)} == {0, 3, 5}


def test_510_3_between_the_steps_a_death_trigger_kills_before_regular_damage() -> None:
    """510.3, 603.3: the first striker a kills the blocker fs in the first-strike step; fs's trigger
    resolves in the window before the regular step (bob chooses its target): aimed at the unblocked b,
    b dies before it deals its regular damage (bob stays at 20)."""
    s = board(creature("a", "alice", 2, 2, "First strike"), creature("b", "alice", 2, 2),
              creature("fs", "bob", 1, 1, ANY),
              attackers={"a": "bob", "b": "bob"}, blockers={"fs": ["a"]})
    assert results(s) == {(18, 18, ("fs",), ()), (20, 16, ("fs",), ()), (20, 18, ("a", "fs"), ()),
                          (20, 20, ("b", "fs"), ())}
    p = gt.root(s)
    while p.stage != Stage.PUT_TRIGGERS:
        p = next(child for _, child in p.successors())
    assert p.resume == Stage.AFTER_FIRST_STRIKE_DAMAGE and p.s.combat.damage_step == "regular"


def test_outcomes_line_replays_with_its_targets() -> None:
    """docs/results.md: a line's `targets` are the TargetChoice moves, replayed move by move."""
    s = board(creature("x", "alice", 3, 3), creature("imp", "bob", 1, 1, ANY),
              alice=2, attackers={"x": "bob"}, blockers={"imp": ["x"]})
    for o in pysolver.outcomes(s):
        final = replay(s, o["line"])
        assert final.s.player("alice").life == o["life"]["alice"]
        assert [m.to_json() for m in final.move_stack if isinstance(m, TargetChoice)] == o["line"]["targets"]


def test_603_3d_verify_the_triggers_controller_chooses_the_target() -> None:
    """verify: the trigger's controller chooses its target (603.3d) in the game tree. Alice's x dies
    blocked and she aims its 2 damage at bob (2 life): lethal either way. Bob's chump blocker's
    trigger is bob's: he aims it at x, which must attack (508.1d) and dies unless it has 4 toughness."""
    s = board(creature("x", "alice", 3, 3, ANY), creature("big", "bob", 4, 4), bob=2, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True
    s = board(creature("x", "alice", 3, 3), creature("big", "bob", 4, 4), bob=2, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False
    must = "This creature attacks each combat if able"
    s = board(creature("x", "alice", 2, 3, must), creature("imp", "bob", 1, 1, ANY), goal={"survive": ["x"]})
    assert pysolver.verify(s)["holds"] is False
    s = board(creature("x", "alice", 2, 4, must), creature("imp", "bob", 1, 1, ANY), goal={"survive": ["x"]})
    assert pysolver.verify(s)["holds"] is True


def test_603_3b_push_refuses_a_target_choice_out_of_turn() -> None:
    """603.3b: in APNAP order; the moves of other stages are refused at this one."""
    s = board(creature("x", "alice", 3, 3), creature("imp", "bob", 1, 1, ANY),
              attackers={"x": "bob"}, blockers={"imp": ["x"]})
    p = gt.root(s)
    while p.stage != Stage.PUT_TRIGGERS:
        p = next(child for _, child in p.successors())
    with pytest.raises(IllegalMoveError, match="603.3b"):
        p.push(DamageAssignment.of("regular", []))
    with pytest.raises(IllegalMoveError, match="603.3b"):
        p.push(TargetChoice(Trigger("dies_damage", "x", "bob", 2)))
    assert AttackDeclaration.of([]) != BlockDeclaration.of([])


# ---- against the brute-force reference ----------------------------------------------------------

def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = {canonical(o) for o in pysolver.outcomes(s)}
    assert got == want, (sorted(got - want)[:2], sorted(want - got)[:2])


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, DEATH_LINES)))
def test_death_triggers_equal_reference(data: dict[str, Any]) -> None:
    """Declared combats with first strike, double strike, deathtouch, lifelink, protection, face-down
    creatures and mana for face-up turns, death triggers on some creatures (face-down ones included)."""
    compare(data)


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, DEATH_LINES + ("Flanking",))))
def test_702_25a_death_triggers_and_flanking_equal_reference(data: dict[str, Any]) -> None:
    """Blocks still open: flanking (702.25a) kills blockers as it resolves, and their death triggers
    go on the stack above the rest (603.3)."""
    compare(data)


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("attackers").flatmap(lambda d: with_triggers(d, DEATH_LINES)), st.booleans())
def test_603_3b_verify_with_death_triggers_equals_minimax(data: dict[str, Any], lethal: bool) -> None:
    """verify (each trigger's controller puts it on the stack with its target, 603.3b, 603.3d; both
    players act in the windows while they wait) against the brute-force minimax of
    tests/reference/minimax.py; lethal or destroying a blocker as the goal."""
    verify_equals_minimax(data, lethal)


def test_510_3_example_death_trigger_wins() -> None:
    """examples/death-trigger-wins.yaml (README "Death triggers"): Perilous Myr's trigger, aimed at
    alice between the steps (510.3), refutes lethal; a vanilla 1/1 does not (minimax agrees)."""
    path = Path(__file__).parents[1] / "examples" / "death-trigger-wins.yaml"
    s = pysolver.load(path)
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["permanents"] = [{**p, "abilities": []} if p["id"] == "myr" else p for p in data["permanents"]]
    vanilla = pysolver.load_data(data)
    assert pysolver.verify(vanilla)["holds"] is True is reference_verify(vanilla)
