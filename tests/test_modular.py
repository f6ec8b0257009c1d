"""Modular N (702.43a): "This creature enters with N +1/+1 counters on it" has acted (603.6a: the file states its
counters); "When it dies, you may put its +1/+1 counters on target artifact creature" is a death trigger
(603.10a) whose N is the number of +1/+1 counters it had as it last existed on the battlefield (608.2h).

Each outcome test states the expected set by hand and checks that the solver and the brute-force reference
(tests/reference/deaths.py) find it; the differential test compares the fights, the walk, ``count_outcomes`` and the
reference on generated boards.
"""

from __future__ import annotations

from typing import Any

from boards import board, creature
from combat_boards import outcome_boards
from differential import outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

import pysolver
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line

ARTIFACT = ["Artifact", "Creature"]


def agreed(s: pysolver.Situation) -> set[str]:
    """The solver's outcomes, equal to the reference's (the walk and the count too on the generated boards)."""
    got = {canonical(o.to_json()) for o in outcome_values(s)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    return got


def test_702_43a_modular_is_a_death_trigger_of_its_counters() -> None:
    """702.43a: the keyword is the death trigger; its N is "its" +1/+1 counters (608.2h), its target may be none."""
    (a,) = parse_ability_line("Modular 2", "Arcbound Hybrid", frozenset())
    assert a.term == "dies_counters(its,may(artifact_creature))"


def test_702_43a_the_counters_it_had_go_on_an_artifact_creature_before_regular_damage() -> None:
    """702.43a, 510.4, 603.3: alice's first striker kills bob's Arcbound Worker (0/0 with two +1/+1 counters) in the
    first-strike step (dead first, it deals no damage); before regular damage its trigger may put both counters on
    bob's 1/2 artifact blocker (115.4: alice's 2/2 is no artifact), which then kills alice's other 2/2 and survives
    it — or not."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("y", "alice", 2, 2),
              creature("w", "bob", 0, 0, "Modular 2", types=ARTIFACT, counters={"+1/+1": 2}),
              creature("o", "bob", 1, 2, types=ARTIFACT), attackers={"x": "bob", "y": "bob"},
              blockers={"w": ["x"], "o": ["y"]})
    assert agreed(s) == {outcome(destroyed=("w", "y"), damage={"o": 2}),
                                  outcome(destroyed=("o", "w"), damage={"y": 1})}


def test_608_2h_no_counters_left_none_put() -> None:
    """608.2h: a modular creature that died with no +1/+1 counter puts none: bob's artifact 1/2 dies as without it."""
    s = board(creature("x", "alice", 2, 2, "First strike"), creature("y", "alice", 2, 2),
              creature("w", "bob", 1, 1, "Modular 1", types=ARTIFACT),
              creature("o", "bob", 1, 2, types=ARTIFACT), attackers={"x": "bob", "y": "bob"},
              blockers={"w": ["x"], "o": ["y"]})
    assert agreed(s) == {outcome(destroyed=("o", "w"), damage={"y": 1})}


@st.composite
def modular_boards(draw: st.DrawFn) -> dict[str, Any]:
    """`outcome_boards("blockers")` with some face-up creatures artifact creatures, some with +1/+1 counters and
    modular."""
    data = draw(outcome_boards("blockers"))
    for p in data["permanents"]:
        if "power" in p and not p.get("face_down") and draw(st.booleans()):
            p["types"] = ARTIFACT
            if draw(st.booleans()):
                p["abilities"] = [*p.get("abilities", []), "Modular 1"]
                p["counters"] = {**p.get("counters", {}), "+1/+1": draw(st.integers(0, 2))}
    return data


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.filter_too_much])
@given(modular_boards())
def test_702_43a_modular_outcomes_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
