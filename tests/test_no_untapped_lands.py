"""The intervening "if you control no untapped lands" of an attack trigger (603.4, 110.5, 305.1; Keldon Berserker):
a hand-stated rule test, the real card's line, the boards refused, and generated boards against the reference
(tests/reference/triggers.py)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples, with_triggers
from test_triggers import after_attack, compare

from pysolver.errors import InputError
from pysolver.model.abilities import parse_ability_line

BERSERKER = "Whenever ~ attacks, if you control no untapped lands, it gets +3/+0 until end of turn"


def land(pid: str, controller: str, tapped: bool) -> dict[str, Any]:
    """A land permanent entry (305.1), `tapped` or not (110.5)."""
    return {"id": pid, "controller": controller, "types": ["Land"], "tapped": tapped}


def test_603_4_real_line_parses() -> None:
    line = "Whenever Keldon Berserker attacks, if you control no untapped lands, it gets +3/+0 until end of turn."
    assert [a.term for a in parse_ability_line(line, "Keldon Berserker")] == [
        "on_attack(if(attacks,no_untapped_lands),self,gets(3,0))"]


@pytest.mark.parametrize(("lands", "pump"), [
    ([land("f", "alice", True)], (3, 0)),
    ([land("f", "alice", True), land("g", "alice", False)], (0, 0)),
    ([land("f", "bob", False)], (3, 0)),  # (bob's land: not one alice controls)
])
def test_603_4_if_you_control_no_untapped_lands(lands: list[dict[str, Any]], pump: tuple[int, int]) -> None:
    """603.4, 110.5: the berserker gets +3/+0 as it attacks unless alice controls an untapped land."""
    s = board(creature("k", "alice", 2, 2, BERSERKER), *lands)
    assert after_attack(s, {"k": "bob"}).permanent("k").until_end_of_turn == pump


def test_117_3b_beside_an_activated_ability_is_refused() -> None:
    """117.3b, 603.4: an activated ability could act while the trigger waits: not modelled."""
    with pytest.raises(InputError, match="intervening"):
        board(creature("k", "alice", 2, 2, BERSERKER),
              creature("p", "bob", 1, 1, "{R}: ~ gets +1/+0 until end of turn"))


@settings(max_examples=examples(1), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("none").flatmap(lambda d: with_triggers(d, (BERSERKER,))), st.lists(st.booleans(), max_size=2))
def test_603_4_no_untapped_lands_equals_reference(data: dict[str, Any], tapped: list[bool]) -> None:
    data = {**data, "permanents": [*data["permanents"], *(land(f"l{i}", "alice", t) for i, t in enumerate(tapped))]}
    try:
        compare(data)
    except InputError:
        return  # (a board the loader refuses: an activated ability beside it)
