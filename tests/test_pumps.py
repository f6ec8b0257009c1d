"""Activated pump abilities and their effect until end of turn (602, 613.4c), one test per rule.

Each outcome test also checks that the brute-force reference (tests/reference/outcomes.py) finds
the same set of outcomes.
"""

from __future__ import annotations

import pytest
from conftest import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.errors import InputError
from pysolver.loader import situation_from_data


def results(s) -> list[dict]:
    """pysolver's outcomes without `line`, checked against the reference and count_outcomes."""
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    assert len({canonical(o) for o in got}) == len(got) == pysolver.count_outcomes(s)
    return got


# --- until_end_of_turn: the total of resolved pumps (613.4c, layer 7c) ---------------------------

def test_613_4c_until_end_of_turn_adds_to_power_and_toughness() -> None:
    """613.4c: a 2/2 that got +3/-1 until end of turn deals 5 damage and dies to 1 damage."""
    s = board(creature("x", "alice", 2, 2, until_end_of_turn="+3/-1"), creature("y", "bob", 1, 5),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    (o,) = results(s)
    assert o["destroyed"] == ["x", "y"]


def test_613_4c_until_end_of_turn_round_trips_and_is_left_out_at_zero() -> None:
    """The file form "+X/+Y" (docs/situation.md) is read and written back; +0/+0 is left out."""
    s = board(creature("x", "alice", 2, 2, until_end_of_turn="+1/-0"), creature("y", "bob"))
    x = s.permanent("x")
    assert x.until_end_of_turn == (1, 0)
    assert x.to_data()["until_end_of_turn"] == "+1/+0"
    assert "until_end_of_turn" not in s.permanent("y").to_data()
    assert situation_from_data(s.to_data()) == s


@pytest.mark.parametrize("value, problem", [("3/0", "+X/+Y"), ("+1", "+X/+Y"), (3, "a string"),
                                            ("+1000001/+0", "between -1000000 and 1000000")])
def test_until_end_of_turn_bad_values_are_input_errors(value, problem) -> None:
    """A malformed or out-of-range change is refused with its field (docs/limits.md)."""
    with pytest.raises(InputError) as exc:
        board(creature("x", "alice", until_end_of_turn=value))
    assert exc.value.field == "permanents[0].until_end_of_turn" and problem in exc.value.message
