"""The speed reductions of the walk, each against the answer it replaces on generated boards.

* A program grounded on the facts it reads only (``pysolver.asp.reads``, the splitting set theorem),
  and one grounded once per board with the damage marked and who has left as externals
  (``pysolver.rules.states``), have the answers of the program with every fact: the state-based
  actions (704.3), what static abilities grant (613.1f), a combat damage step's results (510.2,
  704.3), a damage ability's results (120.3), at every position of a walk (mana spent, life lost,
  creatures tapped, damaged and gone) on boards with static abilities and damage abilities; and a
  question asked again of a situation that differs only in facts it does not read is answered from
  memory.
* A board with static abilities (613) solves its damage steps in the program of its board with the
  state as externals (``pysolver.rules.steps``): the same results as one program per state.
* After a damage step the state-based actions are checked again (704.3) only where what the step did
  may change a static ability's effect (``pysolver.rules.combat.may_change_statics``): elsewhere the
  check finds nothing.
* Once attackers are declared, a pump giving only haste or vigilance is not explored
  (``pysolver.game.explore.idle``) and windows offering only those are one program with the blocks
  and the steps: the outcomes are the reference's.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from clingo import Function, Number, String
from combat_boards import outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples, with_pingers, with_statics

import pysolver
from pysolver.asp import reads
from pysolver.asp.facts import situation_facts
from pysolver.asp.solving import CHARACTERISTICS, STEP_RESULTS, control, models
from pysolver.game import gametree as gt
from pysolver.model.mana import Mana
from pysolver.model.stage import Stage
from pysolver.rules import combat as c
from pysolver.rules import states
from pysolver.rules.steps import StepPrograms
from pysolver.rules.triggers import DEATHS

STEP_PARTS = ("base", *c.CHOOSE_RESULTS, *c.STEP_SHOWN)
PROJECTED = ("--models=0", "--project=project")


def positions(s: pysolver.Situation, n: int = 8) -> list[gt.Position]:
    """The first `n` positions of a depth-first walk of the game tree from `s` (every legal move)."""
    found: list[gt.Position] = []
    todo = [gt.root(s)]
    while todo and len(found) < n:
        p = todo.pop()
        found.append(p)
        if not p.is_end():
            todo += [child for _, child in itertools.islice(p.successors(), 4)]
    return found


def questions(s: pysolver.Situation) -> list[tuple[tuple[str, ...], tuple[Any, ...], tuple[str, ...]]]:
    """The programs a walk asks of `s` (encodings, parts, arguments)."""
    asked: list[tuple[tuple[str, ...], tuple[Any, ...], tuple[str, ...]]] = [
        (CHARACTERISTICS, ("base", "show_gone"), ("--models=0",)),
        (CHARACTERISTICS, ("base", "show_granted"), ("--models=0",))]
    target = next((p.id for p in s.permanents if p.is_creature and not p.left_battlefield), s.players[1].name)
    for kind in ("dies_damage", "each_creature_and_player"):
        asked.append((DEATHS, ("base", "dies_targets", ("resolve_dies", [Function(kind), String(target), Number(2)])),
                      ("--models=0",)))
    if s.combat.blockers is not None:
        asked.append((STEP_RESULTS, STEP_PARTS, PROJECTED))
    return asked


def without_witness(found: Any) -> set[frozenset[str]]:
    """The models as sets of atoms, less the witness assignment (one of those reaching a result: any)."""
    return {frozenset(str(x) for x in symbols if x.name != "witness") for symbols in found}


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(outcome_boards("blockers").flatmap(with_pingers)))
def test_a_program_on_the_facts_it_reads_has_the_answers_of_the_whole_program(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    for p in positions(s):
        if p.s.combat.damage_step is not None and p.s.combat.first_strikers is None:
            continue  # (a step's questions are asked of the settled situation, which records them)
        facts = situation_facts(p.s.with_combat(assignment=None))
        for encodings, parts, args in questions(p.s):
            whole = without_witness(models(control(encodings, facts, parts=parts, args=args)))
            assert without_witness(reads.answers(encodings, facts, parts=parts, args=args)) == whole
            if encodings != STEP_RESULTS:  # a deterministic question: in the board's program, the state as externals
                assert without_witness([states.one_state_answer(encodings, p.s, parts)]) == whole


def test_a_question_of_a_situation_that_differs_in_unread_facts_is_answered_from_memory() -> None:
    """704.3 reads no life, mana or tapped permanent: after a ping to a player (120.3a) paid with mana
    and {T} (602.2b), the state-based actions are not grounded again."""
    s = pysolver.load_data({"players": [{"name": "a", "mana": "{R}"}, {"name": "b"}], "active": "a",
                            "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1},
                                           {"id": "y", "controller": "b", "power": 2, "toughness": 2}]})
    for _ in range(2):  # (the first time a question is grounded as it is: reads.first_asked)
        states.one_state_answer(CHARACTERISTICS, s, ("base", "show_gone"))
    before = reads._answers.cache_info().misses, states._program.cache_info().misses
    a, b = s.players
    pinged = replace(s, players=(replace(a, mana=Mana(), spent=Mana(R=1)), replace(b, life=19)),
                     permanents=tuple(replace(p, tapped=p.id == "x") for p in s.permanents))
    assert c.settle(pinged) == pinged
    assert (reads._answers.cache_info().misses, states._program.cache_info().misses) == before


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(outcome_boards("blockers")))
def test_statics_damage_steps_in_the_boards_program_equal_one_program_per_state(data: dict[str, Any]) -> None:
    """510.2, 704.3, 613: each step's results (and the state after a first-strike step, 510.4) as the
    one-state program has them."""
    s = c.settle(pysolver.load_data(data))
    steps = StepPrograms()
    todo = [s]
    while todo:
        state = todo.pop()
        got = steps.results(state)
        want = list(c.step_results(state))
        assert {(r.step, r.life, r.damage, r.gone, r.poison, r.minus_counters, r.returned, r.regenerated)
                for r in got} == {(r.step, r.life, r.damage, r.gone, r.poison, r.minus_counters, r.returned,
                                   r.regenerated) for r in want}
        for r in want:
            after = gt.after_step(state, r)
            if r.step == "first_strike" and after.stage == Stage.AFTER_FIRST_STRIKE_DAMAGE:
                todo.append(after.s)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_statics(outcome_boards("blockers")))
def test_704_3_a_step_that_changes_no_static_ability_leaves_nothing_to_check_again(data: dict[str, Any]) -> None:
    s = c.settle(pysolver.load_data(data))
    for r in c.step_results(s):
        after = c.apply_step(s, r)
        if not c.may_change_statics(s, r):
            assert c.settle(after).permanents == after.permanents


IDLE_LINES = ["{R}: ~ gains haste until end of turn.", "{R}: ~ gains vigilance until end of turn.",
              "{R}{R}: ~ gains haste until end of turn.",
              "{R}: ~ gets +1/+0 and gains haste until end of turn."]


@st.composite
def idle_boards(draw: st.DrawFn, stage: str, sick: bool = True) -> dict[str, Any]:
    """Boards with keyword pumps on one or two creatures, mana for two, and at times (`sick`) a summoning-sick
    creature with a {T} damage ability and a haste pump (302.6: then haste is not idle)."""
    data = draw(outcome_boards(stage))
    creatures = [p for p in data["permanents"] if "power" in p]
    for p in draw(st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        p["abilities"] = [*p.get("abilities", []), draw(st.sampled_from(IDLE_LINES))]
    if sick and draw(st.booleans()):
        p = draw(st.sampled_from(creatures))
        p["abilities"] = [*p.get("abilities", []), IDLE_LINES[0], "{T}: ~ deals 1 damage to any target"]
        p["summoning_sick"] = True
    for pl in data["players"]:
        pl["mana"] = "{R}{R}"
    return data


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(idle_boards("blockers"))
def test_idle_pumps_after_blocks_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(idle_boards("attackers", sick=False))
def test_idle_pumps_before_blocks_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


def test_302_6_a_summoning_sick_pinger_given_haste_by_a_pump_keeps_the_combat_whole() -> None:
    """702.10c, 302.6: b's summoning-sick creature may gain haste ({R}) and then pay {T} to deal 1 damage with
    deathtouch to a creature in no fight (a0): the fights may not be split while it can (found by
    test_idle_pumps_after_blocks_equal_reference; pysolver.rules.activated.may_deal_damage)."""
    outcomes_equal_reference({
        "players": [{"name": "alice", "mana": "{R}{R}"}, {"name": "bob", "mana": "{R}{R}"}], "active": "alice",
        "permanents": [
            {"id": "a0", "controller": "alice", "power": 0, "toughness": 3},
            {"id": "a1", "controller": "alice", "power": 3, "toughness": 1, "abilities": ["Trample"]},
            {"id": "b0", "controller": "bob", "power": 1, "toughness": 1},
            {"id": "b1", "controller": "bob", "power": 0, "toughness": 2, "summoning_sick": True,
             "abilities": ["Deathtouch", "{R}: ~ gains haste until end of turn.",
                           "{T}: ~ deals 1 damage to any target"]}],
        "combat": {"attackers": {"a1": "bob"}, "blockers": {"b0": ["a1"]}}})


def test_the_facts_as_text_are_the_facts_as_symbols() -> None:
    """pysolver.asp.facts builds a situation's facts two ways (text for the questions, symbols for the
    step programs): the same facts, a resolved fog's included (615.1a: a flag of the turn, not of a
    player or permanent; the text once left it out, and the damage it prevents was dealt)."""
    from pysolver.asp.facts import program, situation_symbols
    from pysolver.files.loader import situation_from_data

    s = situation_from_data({"players": [{"name": "a", "prevention_shield": 2}, {"name": "b", "hand": 3}],
                             "active": "a", "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}],
                             "combat": {"attackers": {"x": "b"}, "combat_damage_prevented": True}})
    as_text = set(situation_facts(s).split("\n"))
    assert as_text == set(program(tuple(situation_symbols(s))).split("\n"))
    assert "all_combat_damage_prevented." in as_text
