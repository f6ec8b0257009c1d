"""An attack trigger whose effect its controller may choose, counted as it resolves: "Whenever ~ attacks, you may have
other attacking creatures get +X/+X until end of turn, where X is ~'s power" (603.5, 608.2h, 611.2c; Cultivator of
Blades), put on the stack with its choice (pysolver.model.abilities.ON_TARGET): a hand-stated rule test, the real
card's line, the boards refused, and generated boards against the reference (tests/reference/triggers.py)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import examples

import pysolver
from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

CULTIVATOR = ("Whenever ~ attacks, you may have other attacking creatures get +X/+X until end of turn, where X is ~'s "
              "power")


def test_603_5_real_line_parses() -> None:
    line = ("Whenever Cultivator of Blades attacks, you may have other attacking creatures get +X/+X until end of "
            "turn, where X is Cultivator of Blades's power.")
    assert [a.term for a in parse_ability_line(line, "Cultivator of Blades")] == [
        "on_target(attacks,group(attacking,other,any),gets_power,may)"]


def test_608_2h_other_attacking_creatures_get_its_power() -> None:
    """603.5, 608.2h, 611.2c: c (2/2) and x (1/1) attack bob: alice may give x +2/+2 (bob 20 - 2 - 3 = 15) or not
    (17); alone, c deals 2 (18), x 1 (19)."""
    s = board(creature("c", "alice", 2, 2, CULTIVATOR), creature("x", "alice", 1, 1))
    assert sorted(o["life"]["bob"] for o in pysolver.outcomes(s)) == [15, 17, 18, 19, 20]


def test_603_3b_beside_another_combat_trigger_is_refused() -> None:
    """603.3b: the order of the attack triggers (exalted resolving first raises X) is not modelled."""
    with pytest.raises(InputError, match="another combat trigger"):
        board(creature("c", "alice", 2, 2, CULTIVATOR), creature("e", "alice", 1, 1, "Exalted"))


def with_cultivator(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with :data:`CULTIVATOR` on the active player's first creature (508.2a: it triggers on attacking)."""
    first = next((p["id"] for p in data["permanents"] if "power" in p and p["controller"] == data["active"]), None)
    return {**data, "permanents": [{**p, "abilities": [*p.get("abilities", []), CULTIVATOR]} if p["id"] == first
                                   else p for p in data["permanents"]]}


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("none").map(with_cultivator).filter(lambda d: assignment_bound(d) <= 20))
def test_608_2h_chosen_power_pumps_equal_reference(data: dict[str, Any]) -> None:
    try:
        outcomes_equal_reference(data)
    except InputError:
        return  # (a board the loader refuses: another combat trigger beside it)
