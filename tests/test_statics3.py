"""Lords of two groups (611.3a, 613.4c; encodings/statics.lp): "Servos and Thopters you control get +1/+1" (either
creature type, each creature once), "Saproling creatures and other Treefolk creatures get +1/+1" (the second group
leaves out the source itself); of commanders (903.3, the permanent's `commander`): "Commander creatures you control get
+2/+2 and have haste". Hand-stated boards, the real lines, and the brute-force reference (tests/reference/statics.py)
on generated boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples, with_statics
from test_statics import board, compare, creature, results

import pysolver
from pysolver.model.abilities import parse_ability_line


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Master Trinketeer", "Servos and Thopters you control get +1/+1.",
     ['anthem(you,each,either(creature_type("servo"),creature_type("thopter")),1,1)']),
    ("Verdeloth the Ancient", "Saproling creatures and other Treefolk creatures get +1/+1.",
     ['anthem(all,each,either(creature_type("saproling"),other(creature_type("treefolk"))),1,1)']),
    ("Bloodsworn Steward", "Commander creatures you control get +2/+2 and have haste.",
     ["anthem(you,each,commander,2,2)", "grant(you,each,commander,haste)"]),
    ("Bastion Protector", "Commander creatures you control get +2/+2 and have indestructible.",
     ["anthem(you,each,commander,2,2)", "grant(you,each,commander,indestructible)"]),
])
def test_611_3a_real_two_group_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


def test_613_4c_two_plural_creature_types_each_once() -> None:
    """Master Trinketeer (3/2): alice's Servo and Thopter get +1/+1, bob's Servo does not ("you control"). Trinketeer
    3 and the Thopter 2 unblocked: bob at 15; the 2/2 Servo kills bob's 1/1 Servo and takes 1."""
    m = creature("m", "alice", 3, 2, "Servos and Thopters you control get +1/+1")
    s = board(m, creature("s", "alice", 1, 1, subtypes=["Servo"]), creature("t", "alice", 1, 1, subtypes=["Thopter"]),
              creature("o", "bob", 1, 1, subtypes=["Servo"]),
              attackers={"m": "bob", "s": "bob", "t": "bob"}, blockers={"o": ["s"]})
    assert results(s) == {(15, ("o",), (("s", 1),))}


def test_611_3a_other_leaves_out_the_source_of_the_second_group_only() -> None:
    """Verdeloth (a 4/7 Treefolk): not itself (4), another Treefolk 2/2 (3), a Saproling Treefolk 1/1 once (2), and
    bob's Treefolk too (no "you control"): bob's 3/3 Treefolk kills alice's 2/2 Saproling and survives its 2. Bob
    takes 4 + 3 + 2."""
    v = creature("v", "alice", 4, 7, "Saproling creatures and other Treefolk creatures get +1/+1",
                 subtypes=["Treefolk"])
    s = board(v, creature("s", "alice", 1, 1, subtypes=["Saproling"]),
              creature("t", "alice", 2, 2, subtypes=["Treefolk"]),
              creature("b", "alice", 1, 1, subtypes=["Saproling", "Treefolk"]),
              creature("x", "bob", 2, 2, subtypes=["Treefolk"]),
              attackers={"v": "bob", "s": "bob", "t": "bob", "b": "bob"}, blockers={"x": ["s"]})
    assert results(s) == {(11, ("s",), (("x", 2),))}


def test_611_3a_other_of_the_second_group_pumps_a_source_of_the_first() -> None:
    """A Saproling with "Saproling creatures and other Treefolk creatures get +1/+1" is of the first group: it pumps
    itself (2 damage)."""
    v = creature("v", "alice", 1, 1, "Saproling creatures and other Treefolk creatures get +1/+1",
                 subtypes=["Saproling"])
    assert results(board(v, attackers={"v": "bob"}, blockers={})) == {(18, (), ())}


def test_903_3_commander_creatures_you_control() -> None:
    """Bloodsworn Steward: alice's commander c (3/3, summoning sick) gets +2/+2 and haste, so it may attack (302.6,
    702.10b) and kills bob's 4/4 blocker, surviving its 4; alice's 3/3 n is no commander: no haste, no pump; bob's
    commander (his own 1/1) is not alice's ("you control")."""
    steward = creature("s", "alice", 2, 2, "Flying", "Commander creatures you control get +2/+2 and have haste")
    c = creature("c", "alice", 3, 3, commander=True, summoning_sick=True)
    n = creature("n", "alice", 3, 3, summoning_sick=True)
    bobs = creature("o", "bob", 1, 1, commander=True)
    attacks = {frozenset(a for a, _ in d["attacks"]) for d in pysolver.legal_attacks(board(steward, c, n, bobs))}
    assert frozenset({"c"}) in attacks and not any("n" in a for a in attacks)
    s = board(steward, c, creature("b", "bob", 4, 4), bobs, attackers={"c": "bob"}, blockers={"b": ["c"]})
    assert results(s) == {(20, ("b",), (("c", 4),))}
    s = board(steward, c, bobs, attackers={"c": "bob"}, blockers={"o": ["c"]})  # bob's commander: 1/1
    assert results(s) == {(20, ("o",), (("c", 1),))}


def test_903_3_a_face_down_commander_is_still_a_commander() -> None:
    """903.3 (its example): a face-down commander is still a commander; Bastion Protector makes the 2/2 a 4/4 with
    indestructible: blocked by bob's 5/5 it survives 5 damage (702.12b), and the 5/5 survives its 4."""
    bastion = creature("p", "alice", 3, 3, "Commander creatures you control get +2/+2 and have indestructible")
    fd = creature("f", "alice", 2, 2, "Morph {3}", face_down=True, commander=True)
    s = board(bastion, fd, creature("b", "bob", 5, 5), attackers={"f": "bob"}, blockers={"b": ["f"]})
    assert results(s) == {(20, (), (("b", 4), ("f", 5)))}


def test_903_3_a_token_is_no_commander() -> None:
    with pytest.raises(pysolver.InputError, match="903.3"):
        board(creature("t", "alice", 1, 1, token=True, commander=True))


TWO_GROUP_LINES = ["Goblins and red creatures you control get +1/+1",
                   "Red creatures and other Goblin creatures get +1/+1",
                   "Green creatures and other Goblin creatures have first strike",
                   "Commander creatures you control get +1/+1 and have first strike",
                   "Commander creatures you control get +0/+2 and have indestructible"]


@st.composite
def with_commanders(draw: st.DrawFn) -> dict[str, Any]:
    """A board with two-group and commander lords, and one or two nontoken permanents that are commanders (903.3)."""
    data = draw(with_statics(outcome_boards("blockers"), lines=TWO_GROUP_LINES))
    cards = [p for p in data["permanents"] if not p.get("token")]
    for p in draw(st.lists(st.sampled_from(cards), max_size=2, unique_by=lambda p: p["id"])) if cards else []:
        p["commander"] = True
    return data


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_commanders())
def test_two_group_lords_equal_reference(data: dict[str, Any]) -> None:
    compare(data)
