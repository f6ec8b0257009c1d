"""Damage counted and listed without choosing amounts (pysolver.rules.damage_count, outcomes.lp choose_results).

Differential tests against the brute-force reference: boards of tests/combat_boards.py (first
strike, double strike, deathtouch, trample, trample over planeswalkers, protection, lifelink,
indestructible, damage already marked) with some powers raised to 4-11, where generate-and-test
still finishes (510.1, 702.19b-c, 702.2c); with powers of 1000 and more against the reference's
closed-form count (tests/reference/damage.py); and the step results of `outcomes` (704.3, 702.15b,
702.16e) against tests/reference/outcomes.py.
"""

from __future__ import annotations

import itertools

from boards import assert_agrees, board, creature
from combat_boards import assignment_bound, damage_boards, outcome_boards
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reference.characteristics import battlefield
from reference.damage import (
    assignment_violations,
    closed_form_count,
    next_step,
    reference_assignments,
)
from reference.outcomes import canonical, reference_outcomes
from strategies import examples

import pysolver


@st.composite
def raised(draw: st.DrawFn, boards: st.SearchStrategy[dict], powers: st.SearchStrategy[int]) -> dict:
    """A board with the power of some of its creatures raised."""
    data = draw(boards)
    for p in data["permanents"]:
        if "power" in p and draw(st.booleans()):
            p["power"] = draw(powers)
    return data


def listed(s) -> list[frozenset]:
    return [frozenset(tuple(t) for t in a["assignment"]) for a in pysolver.damage_assignments(s)]


@settings(max_examples=examples(60), deadline=None)
@given(raised(damage_boards(), st.integers(4, 11)))
def test_510_1_702_19b_moderate_power_counts_and_lists_equal_reference(data: dict) -> None:
    """510.1a-d, 702.19b-c, 702.2c with powers up to 11: the same assignments as generate-and-test."""
    assume(assignment_bound(data) <= 20_000)
    s = pysolver.load_data(data)
    assert_agrees(listed(s), reference_assignments(s), pysolver.count_damage(s))


@settings(max_examples=examples(60), deadline=None)
@given(raised(damage_boards(), st.sampled_from([1000, 4321, 10**6])))
def test_510_1_702_19b_large_power_count_equals_closed_form(data: dict) -> None:
    """Powers of 1000 to 10^6: the count equals the reference's formula where it applies, and the
    first assignments listed are legal (510.1, 702.19b) and distinct."""
    s = pysolver.load_data(data)
    want = closed_form_count(s)
    assume(want is not None)
    assert pysolver.count_damage(s) == want
    field = battlefield(s)
    first = frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None
    some = [frozenset(tuple(t) for t in a["assignment"])
            for a in itertools.islice(pysolver.damage_assignments(s), 50)]
    assert len(some) == len(set(some)) == min(50, want)
    assert all(not assignment_violations(s, field, next_step(s, field), first, a) for a in some)


@settings(max_examples=examples(40), deadline=None)
@given(raised(outcome_boards("blockers"), st.integers(4, 8)))
def test_704_3_moderate_power_step_results_equal_reference(data: dict) -> None:
    """The results of the damage steps (life, damage, loyalty, defense, who is gone) with powers up
    to 8: the same outcomes as playing out every assignment."""
    assume(assignment_bound(data) <= 2000)
    s = pysolver.load_data(data)
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o) for o in pysolver.outcomes(s)]
    assert len(got) == len(set(got)) and set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])


def trampler_against_five(power: int):
    """One trampler of power `power` blocked by five 0/2 creatures (702.19b)."""
    return board(creature("x", "alice", power, 5, "Trample"), *(creature(f"y{i}", "bob", 0, 2) for i in range(5)),
                 attackers={"x": "bob"}, blockers={f"y{i}": ["x"] for i in range(5)})


def test_702_19b_trampler_power_1000_against_five_blockers_counted_exactly() -> None:
    """702.19b: 414,007 assignments at power 40 and 8,047,334,956,199 at power 1000."""
    assert pysolver.count_damage(trampler_against_five(40)) == 414_007
    assert pysolver.count_damage(trampler_against_five(1000)) == 8_047_334_956_199


def test_702_19b_listing_is_lazy_at_any_power() -> None:
    """The first assignments of 8 trillion come at once, each with all 1000 damage assigned (510.1a)."""
    first = list(itertools.islice(pysolver.damage_assignments(trampler_against_five(1000)), 3))
    assert len(first) == 3 and all(sum(n for _, _, n in a["assignment"]) == 1000 for a in first)


def test_704_5g_trampler_power_100_step_results() -> None:
    """704.5g, 702.19b: each blocker is dealt 0, 1 or lethal damage (3^5 ways); unless all five
    die some get no lethal damage and nothing tramples over (3^5 - 2^5 with one dying to take the
    rest); with all five dead 1..90 damage tramples over to bob: 211 + 90 results (benchmarks/
    damage_bench.py runs power 1000 and more)."""
    results = [canonical(o) for o in pysolver.outcomes(trampler_against_five(100))]
    assert len(results) == len(set(results)) == 3**5 - 2**5 + 90


def test_120_3a_unblocked_power_one_million_one_result() -> None:
    """120.3a: an unblocked attacker of power 10^6 has one result: that much life lost."""
    s = board(creature("x", "alice", 10**6, 1), attackers={"x": "bob"}, blockers={})
    (result,) = pysolver.outcomes(s)
    assert result["life"] == {"alice": 20, "bob": 20 - 10**6} and result["lost"] == ["bob"]
    assert result["line"]["regular"] == [["x", "bob", 10**6]]


def test_702_15b_702_16e_lifelink_through_protection_counts_exactly() -> None:
    """702.15b, 702.16e: damage prevented by protection gains no life, so with power 1000 against a
    blocker with protection from it, every split between the blocker and bob is its own result."""
    s = board(creature("x", "alice", 1000, 1, "Trample", "Lifelink", colors=["red"]),
              creature("y", "bob", 0, 2, "Protection from red"),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    results = list(pysolver.outcomes(s))
    # y gets 2..1000 (a lethal share first, 702.19b, prevention ignored), bob the rest
    lives = [(r["life"]["alice"], r["life"]["bob"]) for r in results]
    assert sorted(lives) == sorted((20 + 1000 - k, 20 - (1000 - k)) for k in range(2, 1001))
