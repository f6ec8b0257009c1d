"""Mentor (702.134a): "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser
power" — an attack trigger with a target (508.3a, 603.3d), its power compared with the source's as it is put on the
stack and again as it resolves (115.1, 608.2b; the source as it last existed, 608.2h).

The outcome test states the expected set by hand and checks that the solver and the brute-force reference
(tests/reference/triggers.py) find it; the differential test compares the fights, the walk, ``count_outcomes`` and
the reference on generated boards where the attacks are still to be declared.
"""

from __future__ import annotations

from typing import Any

from boards import board, creature
from combat_boards import assignment_bound, outcome_boards
from differential import outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line
from pysolver.rules.triggers import trigger_targets


def test_702_134a_mentor_is_an_attack_trigger_with_a_target() -> None:
    (a,) = parse_ability_line("Mentor", "Sunhome Stalwart", frozenset())
    assert a.term == "on_target(attacks,target(attacking,lesser_power),counters(1),must)"


def test_702_134a_only_an_attacking_creature_with_lesser_power_is_a_target() -> None:
    """115.1, 506.3: of alice's creatures only the attacking 2/2 has less power than the 3/3 mentor: not the
    attacking 3/1, not the 1/1 that stays home, not bob's attacked... nor the mentor itself."""
    s = board(creature("m", "alice", 3, 3, "Mentor"), creature("y", "alice", 2, 2), creature("z", "alice", 3, 1),
              creature("h", "alice", 1, 1), creature("b", "bob", 1, 1), attackers={"m": "bob", "y": "bob", "z": "bob"})
    assert trigger_targets(s, "m", 0) == ("y",)


def test_702_134a_the_counter_makes_an_attack_of_two_deal_six() -> None:
    """508.3a, 122.1a: alice's 3/3 mentor attacking with her 2/2 puts a +1/+1 counter on it: 3 + 3 damage; alone
    each deals its own power (bob has no creature)."""
    s = board(creature("m", "alice", 3, 3, "Mentor"), creature("y", "alice", 2, 2))
    got = {canonical(o.to_json()) for o in outcome_values(s)}
    assert got == {canonical(o) for o in reference_outcomes(s)}
    assert got == {outcome(), outcome(bob=17), outcome(bob=18), outcome(bob=14)}


@st.composite
def mentor_boards(draw: st.DrawFn) -> dict[str, Any]:
    """`outcome_boards("none")` (no attack declared) with mentor on one or two of the active player's creatures."""
    data = draw(outcome_boards("none"))
    mine = [p for p in data["permanents"] if "power" in p and p["controller"] == data["active"]]
    for p in draw(st.lists(st.sampled_from(mine), min_size=1, max_size=2, unique_by=lambda p: p["id"])):
        p["abilities"] = [*p.get("abilities", []), "Mentor"]
    return data


@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.filter_too_much])
@given(mentor_boards().filter(lambda d: assignment_bound(
    {**d, "permanents": [{**p, "power": p.get("power", 0) + 1} for p in d["permanents"]]}) <= 20))
def test_702_134a_mentor_outcomes_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
