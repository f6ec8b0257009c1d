"""P/T counters of any kind (122.1a, 613.4c), blocking restrictions (509.1a, 509.1b) and changeling
(702.73): one small board per rule with its hand-stated expected set; the solver and the brute-force
reference (tests/reference) must both give it.
"""

from __future__ import annotations

import pytest
from conftest import board, creature
from reference.outcomes import canonical, reference_outcomes

import pysolver
from pysolver.errors import InputError
from pysolver.forge import read_forge, to_forge, to_situation
from pysolver.model import Permanent, Situation

# --- 122.1a, 613.4c: counters of any P/T kind -------------------------------------------------------


def test_122_1a_each_counter_kind_adds_its_numbers() -> None:
    """A 1/3 with two +1/+0 and one -0/-1 counters is a 3/2: unblocked it deals 3 (510.1a); a 2/1
    with a -0/-1 counter has toughness 0 and is put into the graveyard at once (704.5f)."""
    s = board(creature("x", "alice", 1, 3, counters={"+1/+0": 2, "-0/-1": 1}),
              creature("y", "bob", 2, 1, counters={"-0/-1": 1}), attackers={"x": "bob"})
    got = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert {canonical(o) for o in got} == {canonical(o) for o in reference_outcomes(s)}
    assert [o["life"]["bob"] for o in got] == [17]
    assert s.permanent("x").counter_pt == (2, -1)


def test_122_1a_counters_kill_a_blocker_with_their_toughness() -> None:
    """A 2/2 blocker with a +0/+1 and a -2/-1 counter is a 0/2: a 2/2 attacker kills it and takes nothing."""
    s = board(creature("x", "alice"), creature("y", "bob", 2, 2, counters={"+0/+1": 1, "-2/-1": 1}),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    (o,) = [{k: v for k, v in o.items() if k != "line"} for o in pysolver.outcomes(s)]
    assert o["destroyed"] == ["y"] and o["damage"] == {}  # the attacker took nothing (a 0-power blocker)
    assert {canonical(o)} == {canonical(r) for r in reference_outcomes(s)}


def test_122_1a_counters_round_trip_and_code_forms() -> None:
    p = Permanent("x", "a", power=1, toughness=1, pt_counters={"+1/+1": 3, "+1/+0": 2, "-0/-1": 1})
    assert p.pt_counters == ((0, -1, 1), (1, 0, 2), (1, 1, 3))
    assert p.plus_counters == 3 and p.minus_counters == 0 and p.counter_pt == (5, 2)
    assert p.to_data()["counters"] == {"-0/-1": 1, "+1/+0": 2, "+1/+1": 3}
    s = board(creature("x", "alice", 1, 1, counters={"+1/+1": 3, "+1/+0": 2, "-0/-1": 1, "-1/-1": 0}))
    assert Situation.from_data(s.to_data()) == s
    assert s.permanent("x").pt_counters == p.pt_counters


@pytest.mark.parametrize(("counters", "message"), [
    ({"+1/-1": 1}, "not a P/T counter kind"),
    ({"+1/+1x": 1}, "not a P/T counter kind"),
    ({"+0/-1": 1}, "write this counter kind as '-0/-1'"),
    ({"+01/+1": 1}, "write this counter kind as '+1/+1'"),
    ({"+0/+0": 1}, "not a P/T counter"),
    ({"+1/+0": -1}, "between 0 and 1000000"),
    ({"+2/+0": 10**6, "+1/+1": 1}, "what the counters add to power must be between 0 and 2000000"),
    ({"-0/-3": 10**6}, "what the counters add to toughness"),
])
def test_122_1a_counter_kinds_are_checked(counters: dict, message: str) -> None:
    with pytest.raises(InputError, match="counters") as info:
        board(creature("x", "alice", 1, 1, counters=counters))
    assert message in str(info.value)


def test_122_1a_forge_counters_of_any_pt_kind() -> None:
    """Forge's P1P0 and M0M1 counters are +1/+0 and -0/-1 counters, and are written back so."""
    text = ("humanlife=20\nailife=20\nactiveplayer=human\nactivephase=MAIN1\n"
            "humanbattlefield=Grizzly Bears|Counters:P1P0=2,M0M1=1\n")
    data, _ = to_situation(read_forge(text, "t.pzl"))
    (bear,) = data["permanents"]
    assert bear["counters"] == {"+1/+0": 2, "-0/-1": 1}
    assert "Counters:M0M1=1,P1P0=2" in to_forge(pysolver.load_data(data))[0]
