"""'You may have ~ assign its combat damage as though it weren't blocked' (510.1b, 510.1c, 509.1h), one test per
rule: the damage assignments (`damage`, checked against tests/reference/damage.py), `check`, the outcomes
(the fights, the walk and the reference: differential.agreed_outcomes), verify's bound, and generated boards.

A blocked attacker with it is assigned by its controller either as though it weren't blocked, all of its damage
to what it attacks (510.1b), or as the blocked creature it stays (509.1h, 510.1c; with trample, 702.19b)."""

from __future__ import annotations

import pytest
from boards import assert_agrees, board, creature
from combat_boards import damage_boards, outcome_boards
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from hypothesis import strategies as st
from reference.damage import reference_assignments
from strategies import examples, pump_boards, with_shields
from test_damage_rules import A, assignments

import pysolver
from pysolver.model.abilities import parse_ability_line

AS_UNBLOCKED = "You may have ~ assign its combat damage as though it weren't blocked"


@pytest.mark.parametrize("name", ["Deathcoil Wurm", "Lone Wolf", "Rhox", "Spinebiter", "Thorn Elemental"])
def test_510_1b_real_lines_parse(name: str) -> None:
    (a,) = parse_ability_line(f"You may have {name} assign its combat damage as though it weren't blocked.", name)
    assert a.kind == a.term == "as_unblocked"


def test_510_1b_510_1c_all_to_the_player_or_all_to_its_blockers() -> None:
    """510.1b: all 4 to bob as though it weren't blocked; 510.1c: else divided among its two blockers; never
    both (without trample)."""
    s = board(creature("x", "alice", 4, 4, AS_UNBLOCKED), creature("y", "bob", 1, 2), creature("z", "bob", 1, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"], "z": ["x"]})
    got = {frozenset(t for t in a if t[0] == "x") for a in assignments(s)}
    assert got == {A(("x", "bob", 4)), A(("x", "y", 4)), A(("x", "y", 3), ("x", "z", 1)),
                   A(("x", "y", 2), ("x", "z", 2)), A(("x", "y", 1), ("x", "z", 3)), A(("x", "z", 4))}


def test_510_1b_702_19b_with_trample_no_lethal_damage_first_as_though_unblocked() -> None:
    """With trample the blocked ways (702.19b: 2 to the 1/2 first) and, as though it weren't blocked, all 3 to
    bob (510.1b; one assignment however it is reached)."""
    s = board(creature("x", "alice", 3, 3, AS_UNBLOCKED, "Trample"), creature("y", "bob", 1, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    got = {frozenset(t for t in a if t[0] == "x") for a in assignments(s)}
    assert got == {A(("x", "bob", 3)), A(("x", "y", 3)), A(("x", "y", 2), ("x", "bob", 1))}


def test_509_1h_510_1b_its_blocker_gone_it_may_still_assign_to_the_player() -> None:
    """509.1h: its blocker left (toughness 0, 704.5f), it stays blocked; 510.1c would give it no recipient, but
    as though it weren't blocked it assigns its 3 to bob (510.1b)."""
    s = board(creature("x", "alice", 3, 3, AS_UNBLOCKED), creature("y", "bob", 2, 0),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert assignments(s) == {A(("x", "bob", 3))}


def test_510_1c_check_names_an_assignment_both_ways() -> None:
    s = board(creature("x", "alice", 4, 4, AS_UNBLOCKED), creature("y", "bob", 1, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]}, assignment=[["x", "y", 2], ["x", "bob", 2], ["y", "x", 1]])
    doc = pysolver.check(s)
    assert [v["rule"] for v in doc["violations"]] == ["510.1c"] and "as though it weren't blocked" in str(doc)


def test_510_1b_outcomes_the_blocked_wurm_hits_the_player_or_kills_its_blocker() -> None:
    """alice's 6/6 blocked by bob's 2/2: bob takes 6 (the 2/2 lives, 6/6 dealt 2) or the 2/2 dies (509.1h: the
    blocker deals its damage either way)."""
    s = board(creature("x", "alice", 6, 6, AS_UNBLOCKED), creature("y", "bob", 2, 2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(bob=14, damage={"x": 2}), outcome(destroyed=("y",), damage={"x": 2})}


def test_510_1b_verify_lethal_through_a_blocker() -> None:
    """bob at 5: blocked or not, the 5/5 deals him 5 as though it weren't blocked (510.1b); a vanilla 5/5 can't."""
    for lines, holds in (((AS_UNBLOCKED,), True), ((), False)):
        s = board(creature("x", "alice", 5, 5, *lines), creature("y", "bob", 1, 1), bob=5,
                  attackers={"x": "bob"}, goal={"lethal": "bob"})
        assert pysolver.verify(s)["holds"] is holds


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(pump_boards("blockers"), [AS_UNBLOCKED]))
def test_as_unblocked_after_blocks_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))


@st.composite
def unblocked_damage_boards(draw: st.DrawFn) -> dict:
    """tests/combat_boards.py `damage_boards()` with the line on some attackers."""
    data = draw(damage_boards())
    attackers = set(data["combat"]["attackers"])
    for p in data["permanents"]:
        if p["id"] in attackers and draw(st.booleans()):
            p["abilities"] = [*p["abilities"], AS_UNBLOCKED]
    return data


@settings(max_examples=examples(4), deadline=None)
@given(unblocked_damage_boards())
def test_as_unblocked_damage_assignments_and_count_equal_reference(data: dict) -> None:
    s = pysolver.load_data(data)
    want = reference_assignments(s)
    assert_agrees([frozenset(tuple(t) for t in a["assignment"]) for a in pysolver.damage_assignments(s)], want)
    assert pysolver.count_damage(s) == len(want)


@settings(max_examples=examples(2), deadline=None)
@given(with_shields(outcome_boards("attackers"), [AS_UNBLOCKED]))
def test_as_unblocked_after_attacks_fights_walk_and_reference_agree(data: dict) -> None:
    """Blocks still open: the one-program path of the damage steps (pysolver.rules.steps) and the walk."""
    agreed_outcomes(pysolver.load_data(data))
