"""Renown (702.112; encodings/hits.lp, pysolver.rules.hits): a combat-damage trigger with an intervening
"if" (603.4) and the designation "renowned" (702.112b, the permanent's `renowned`), each rule with a
hand-stated set of results, the real cards' lines, and the brute-force reference (tests/reference/hits.py)
on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from reference.minimax import reference_verify
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(bob's life, destroyed, who lost) of each outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"]), tuple(o["lost"])) for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "term"), [
    ("War Oracle", "Renown 1", "renown(1)"),
    ("Valeron Wardens", "Renown 2", "renown(2)"),
    ("x", "renown three", "renown(3)"),
])
def test_702_112a_real_lines_parse(name: str, line: str, term: str) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == [term]


def test_702_112a_a_double_strikers_first_hit_makes_it_renowned() -> None:
    """702.112a, 510.4: a 2/2 double striker with renown 1 deals 2 in the first-strike step, becomes a
    renowned 3/3 and deals 3 in the regular step (bob 6 → 1); its second hit does not trigger renown
    (603.4: it is renowned), so no second counter (bob would be at 0)."""
    s = board(creature("x", "alice", 2, 2, "Double strike", "Renown 1"), bob=6, attackers={"x": "bob"}, blockers={})
    assert results(s) == {(1, (), ())}


def test_702_112c_two_instances_give_one_counter() -> None:
    """702.112c, 603.4: two renown 2 abilities both trigger; the first to resolve makes it renowned and
    the second does nothing: the double striker deals 2, then 4 (bob 7 → 1), not 6."""
    s = board(creature("x", "alice", 2, 2, "Double strike", "Renown 2", "Renown 2"), bob=7,
              attackers={"x": "bob"}, blockers={})
    assert results(s) == {(1, (), ())}


def test_702_112b_a_renowned_creature_does_not_trigger_renown() -> None:
    """702.112b, 603.4: a creature the file states renowned gets no counters: 2 and 2 (bob 5 → 1)."""
    s = board(creature("x", "alice", 2, 2, "Double strike", "Renown 1", renowned=True), bob=5,
              attackers={"x": "bob"}, blockers={})
    assert results(s) == {(1, (), ())}


def test_702_112a_only_damage_to_a_player() -> None:
    """702.112a: damage to a blocking creature does not trigger renown: the 2/2 double striker blocked
    by a 0/5 deals it 2 + 2 (it survives; 3 + 3 would have killed it had renown triggered on it)."""
    s = board(creature("x", "alice", 2, 2, "Double strike", "Renown 1"), creature("w", "bob", 0, 5),
              attackers={"x": "bob"}, blockers={"w": ["x"]})
    assert results(s) == {(20, (), ())}


def test_708_2a_a_face_down_creature_has_no_renown() -> None:
    s = board(creature("x", "alice", 2, 2, "Double strike", "Renown 1", "Morph {5}", face_down=True), bob=5,
              attackers={"x": "bob"}, blockers={})
    assert results(s) == {(3, (), ())}  # face down: a 2/2 without double strike (708.2a)


def test_702_112a_verify_renown_makes_lethal() -> None:
    """verify: bob at 5, a 2/2 double striker with renown 1 is lethal unblocked (2 + 3), not with a
    chump blocker (minimax agrees)."""
    x = creature("x", "alice", 2, 2, "Double strike", "Renown 1")
    s = board(x, bob=5, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is True is reference_verify(s)
    s = board(x, creature("y", "bob", 0, 1), bob=5, goal={"lethal": "bob"})
    assert pysolver.verify(s)["holds"] is False is reference_verify(s)


def compare(data: dict[str, Any]) -> None:
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


RENOWN_LINES = ("Renown 1", "Renown 2", "Double strike", "When ~ dies, it deals 1 damage to any target")


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, RENOWN_LINES)))
def test_702_112_renown_equals_reference(data: dict[str, Any]) -> None:
    """Declared blocks with renown, double strike and a death trigger on some creatures."""
    compare(data)
