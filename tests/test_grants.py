"""Static abilities that grant an ability to a group (613.1f, layer 6; 604.1, 611.3a): Slivers and the like.

Each rule with a hand-stated expected set (agreed by the fights, the walk, the count and the brute-force reference,
tests/reference/), the lines as real cards print them, and the reference on generated boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples, with_one_line

import pysolver
from pysolver.model.abilities import parse_ability_line


def board(*permanents: dict[str, Any], attackers: dict[str, str] | None = None,
          blockers: dict[str, list[str]] | None = None) -> pysolver.Situation:
    combat: dict[str, Any] = {}
    if attackers is not None:
        combat["attackers"] = attackers
    if blockers is not None:
        combat["blockers"] = blockers
    return pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                               "permanents": list(permanents), **({"combat": combat} if combat else {})})


def sliver(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness, "subtypes": ["Sliver"],
            "abilities": list(abilities), **more}


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Sidewinder Sliver", "All Sliver creatures have flanking.", ['grant(all,each,creature_type("sliver"),flanking)']),
])
def test_613_1f_real_grant_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


# ---- 702.25a, 613.1f: a granted flanking ---------------------------------------------------------------------

SIDEWINDER = "All Sliver creatures have flanking."


def test_702_25a_granted_flanking_shrinks_a_blocker_without_flanking() -> None:
    """Sidewinder Sliver (g, tapped) grants every Sliver flanking, bob's too (no "you control"). b (2/2, no Sliver)
    blocking a (2/2 Sliver) gets -1/-1 and dies to a's 2, dealing 1; bob's Sliver s has flanking itself, so
    blocking it triggers nothing (702.25a: "a creature without flanking"). Both blocking: only b shrinks; a
    divides 2 between two 1/1s and dies to 1 + 1."""
    s = board(sliver("g", "alice", 1, 1, SIDEWINDER, tapped=True), sliver("a", "alice", 2, 2),
              creature("b", "bob", 2, 2), sliver("s", "bob", 1, 1), attackers={"a": "bob"})
    assert agreed_outcomes(s) == {
        outcome(18), outcome(destroyed=("b",), damage={"a": 1}), outcome(destroyed=("s",), damage={"a": 1}),
        outcome(destroyed=("a", "b", "s")), outcome(destroyed=("a", "b")), outcome(destroyed=("a", "s"))}


def test_708_2a_a_face_down_sliver_is_granted_no_flanking() -> None:
    """708.2a: a face-down creature has no creature types, so it is no Sliver: its block of b (1/1) triggers
    nothing and the 2/2s trade."""
    s = board(sliver("g", "alice", 1, 1, SIDEWINDER, tapped=True),
              sliver("a", "alice", 3, 3, "Morph {9}", face_down=True), creature("b", "bob", 2, 2),
              attackers={"a": "bob"}, blockers={"b": ["a"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("a", "b"))}


# ---- the reference on generated boards -------------------------------------------------------------------------

FLANKING_GRANTS = ("Other creatures you control have flanking", "Goblins have flanking",
                   "Creatures your opponents control have flanking")


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("attackers").flatmap(lambda d: with_one_line(d, FLANKING_GRANTS)))
def test_granted_flanking_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
