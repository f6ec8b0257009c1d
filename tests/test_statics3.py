"""Lords of two groups (611.3a, 613.4c; encodings/statics.lp): "Servos and Thopters you control get +1/+1" (either
creature type, each creature once), "Saproling creatures and other Treefolk creatures get +1/+1" (the second group
leaves out the source itself); of commanders (903.3, the permanent's `commander`): "Commander creatures you control get
+2/+2 and have haste". Hand-stated boards, the real lines, and the brute-force reference (tests/reference/statics.py)
on generated boards; lords with a condition (604.1, 611.3a): "Saprolings you control get +2/+2 as long as you have
the city's blessing", "Lieutenant — As long as you control your commander, ~ gets +2/+2 and other creatures you control
get +2/+2 and have trample" (903.3d: a commander its owner controls); "Other Elf creatures you control get +1/+1 for
each +1/+1 counter on ~" (613.4c, 122.1a).
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.declarations import reference_blocks
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
    ("Tendershoot Dryad", "Saprolings you control get +2/+2 as long as you have the city's blessing.",
     ['anthem_while(blessing,each,self,group(you,each,creature_type("saproling")),2,2)']),
    ("Angelic Field Marshal", "Lieutenant — As long as you control your commander, Angelic Field Marshal gets +2/+2 "
     "and creatures you control have vigilance.",
     ["anthem_if(permanent,each,your_commander,2,2)",
      "grant_while(permanent,each,your_commander,group(you,each,any),vigilance)"]),
    ("Thunderfoot Baloth", "Lieutenant — As long as you control your commander, Thunderfoot Baloth gets +2/+2 and "
     "other creatures you control get +2/+2 and have trample.",
     ["anthem_if(permanent,each,your_commander,2,2)",
      "anthem_while(permanent,each,your_commander,group(you,other,any),2,2)",
      "grant_while(permanent,each,your_commander,group(you,other,any),trample)"]),
    ("Neheb, the Worthy", "As long as you have one or fewer cards in hand, Minotaurs you control get +2/+0.",
     ['anthem_while(at_most(1,you,cards(hand)),each,self,group(you,each,creature_type("minotaur")),2,0)']),
    ("Jor Kadeen, the Prevailer", "Metalcraft — Creatures you control get +3/+0 as long as you control three or more "
     "artifacts.", ["anthem_while(at_least(3,you,permanent),each,card_type(artifact),group(you,each,any),3,0)"]),
    ("Joraga Warcaller", "Other Elf creatures you control get +1/+1 for each +1/+1 counter on Joraga Warcaller.",
     ['anthem_each(counter(1,1),each,self,group(you,other,creature_type("elf")),1,1)']),
    ("Knight of New Alara", "Each other multicolored creature you control gets +1/+1 for each of its colors.",
     ["anthem_colors(you,other,multicolored,1,1)"]),
    ("Shifting Sliver", "Slivers can't be blocked except by Slivers.",
     ['grant(all,each,creature_type("sliver"),blocked_only_by(creature_type("sliver")))']),
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


def test_903_3_commander_creatures_you_control() -> None:
    """Bloodsworn Steward: alice's commander c (3/3, summoning sick) gets +2/+2 and haste, so it may attack (302.6,
    702.10b) and kills bob's 4/4 blocker, surviving its 4; alice's 3/3 n is no commander: no haste, no pump; bob's
    commander o (his own 1/1) is not alice's ("you control"): blocking alice's 3/3 m it deals 1 and dies."""
    steward = creature("s", "alice", 2, 2, "Flying", "Commander creatures you control get +2/+2 and have haste")
    c = creature("c", "alice", 3, 3, commander=True, summoning_sick=True)
    n = creature("n", "alice", 3, 3, summoning_sick=True)
    bobs = creature("o", "bob", 1, 1, commander=True)
    attacks = {frozenset(a for a, _ in d["attacks"]) for d in pysolver.legal_attacks(board(steward, c, n, bobs))}
    assert frozenset({"c"}) in attacks and not any("n" in a for a in attacks)
    s = board(steward, c, creature("b", "bob", 4, 4), bobs, creature("m", "alice", 3, 3),
              attackers={"c": "bob", "m": "bob"}, blockers={"b": ["c"], "o": ["m"]})
    assert results(s) == {(20, ("b", "o"), (("c", 4), ("m", 1)))}


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


def blessed(*permanents: dict[str, Any], blessing: bool, **combat: Any) -> pysolver.Situation:
    return pysolver.load_data({"players": [{"name": "alice", "citys_blessing": blessing}, {"name": "bob"}],
                               "active": "alice", "permanents": list(permanents), "combat": combat})


def test_611_3a_a_lord_as_long_as_you_have_the_citys_blessing() -> None:
    """Tendershoot Dryad: with the city's blessing (702.131c) alice's 1/1 Saproling is a 3/3 that kills bob's 2/2
    blocker and survives; without it, it dies and the 2/2 survives."""
    dryad = creature("t", "alice", 0, 3, "Saprolings you control get +2/+2 as long as you have the city's blessing")
    sap, bear = creature("s", "alice", 1, 1, subtypes=["Saproling"]), creature("b", "bob", 2, 2)
    fight = {"attackers": {"s": "bob"}, "blockers": {"b": ["s"]}}
    assert results(blessed(dryad, sap, bear, blessing=True, **fight)) == {(20, ("b",), (("s", 2),))}
    assert results(blessed(dryad, sap, bear, blessing=False, **fight)) == {(20, ("s",), (("b", 1),))}


def test_611_3c_a_lord_with_a_condition_beside_persist_is_refused() -> None:
    """400.7, 611.3c: what the lord gives the object persist returns is not modelled: refused, naming both."""
    dryad = creature("t", "alice", 0, 3, "Saprolings you control get +2/+2 as long as you have the city's blessing")
    with pytest.raises(pysolver.InputError, match=r"'p' has persist.*'t' a lord with a condition"):
        blessed(dryad, creature("p", "bob", 1, 1, "Persist"), blessing=True)


BALOTH = ("Lieutenant — As long as you control your commander, ~ gets +2/+2 and other creatures you control get "
          "+2/+2 and have trample")


def test_903_3d_lieutenant_while_you_control_your_commander() -> None:
    """Thunderfoot Baloth (2/2 here) with alice's commander c (3/3): Baloth 4/4, c 5/5, x 3/3 with trample blocked by
    bob's 1/1: 4 + 5 + 0..2 trampling over (702.19b). Without her commander (bob's, under her control, is not hers,
    903.3d) it is a 2/2 and x a 1/1 that trades."""
    baloth, c, x = creature("m", "alice", 2, 2, BALOTH), creature("c", "alice", 3, 3, commander=True), \
        creature("x", "alice", 1, 1)
    s = board(baloth, c, x, creature("b", "bob", 1, 1), attackers={"m": "bob", "c": "bob", "x": "bob"},
              blockers={"b": ["x"]})
    assert results(s) == {(life, ("b",), (("x", 1),)) for life in (9, 10, 11)}
    stolen = creature("o", "alice", 1, 1, commander=True, owner="bob")  # 903.3d: bob's commander, not alice's
    s = board(baloth, x, stolen, creature("b", "bob", 1, 1), attackers={"m": "bob", "x": "bob"}, blockers={"b": ["x"]})
    assert results(s) == {(18, ("b", "x"), ())}


def test_611_3a_the_condition_ends_when_the_commander_dies_in_the_first_strike_step() -> None:
    """Bob's 5/5 first striker kills alice's commander c (a 5/5 with the Baloth) in the first-strike step (510.4);
    then the Baloth is a 2/2 and x a 1/1 without trample: bob takes 2 + 1."""
    baloth, x = creature("m", "alice", 2, 2, BALOTH), creature("x", "alice", 1, 1)
    c = creature("c", "alice", 3, 3, commander=True)
    s = board(baloth, c, x, creature("f", "bob", 5, 5, "First strike"), attackers={"m": "bob", "c": "bob", "x": "bob"},
              blockers={"f": ["c"]})
    assert results(s) == {(17, ("c",), ())}


def test_613_4c_a_lord_for_each_counter_on_its_source() -> None:
    """Joraga Warcaller (1/1 with three +1/+1 counters and one -1/-1 counter: two after 704.5q) makes alice's 1/1 Elf a
    3/3 that kills bob's 2/2 blocker and survives. When bob's 4/4 first striker blocks the Warcaller (a 3/3) and kills
    it first (510.4), the Elf is a 1/1 again in the regular step and dies to the 2/2 (704.3), dealing it 1."""
    warcaller = creature("w", "alice", 1, 1, "Other Elf creatures you control get +1/+1 for each +1/+1 counter on ~",
                         counters={"+1/+1": 3, "-1/-1": 1})
    elf, bear = creature("e", "alice", 1, 1, subtypes=["Elf"]), creature("b", "bob", 2, 2)
    assert results(board(warcaller, elf, bear, attackers={"e": "bob"}, blockers={"b": ["e"]})) == {
        (20, ("b",), (("e", 2),))}
    s = board(warcaller, elf, bear, creature("f", "bob", 4, 4, "First strike"), attackers={"e": "bob", "w": "bob"},
              blockers={"b": ["e"], "f": ["w"]})
    assert results(s) == {(20, ("e", "w"), (("b", 1),))}


def test_105_2_a_lord_for_each_of_a_creatures_colors() -> None:
    """Knight of New Alara (2/2, white and green) pumps alice's 1/1 white-blue-black creature by +3/+3 and her 1/1
    red-green one by +2/+2, not itself, her mono-red 1/1, nor bob's red-green 3/3, which blocks the 4/4 and dies:
    2 + 3 + 1 unblocked."""
    knight = creature("k", "alice", 2, 2, "Each other multicolored creature you control gets +1/+1 for each of its "
                      "colors", colors=["white", "green"])
    s = board(knight, creature("a", "alice", 1, 1, colors=["white", "blue", "black"]),
              creature("b", "alice", 1, 1, colors=["red", "green"]), creature("c", "alice", 1, 1, colors=["red"]),
              creature("o", "bob", 3, 3, colors=["red", "green"]),
              attackers={"k": "bob", "a": "bob", "b": "bob", "c": "bob"}, blockers={"o": ["a"]})
    assert results(s) == {(20 - 2 - 3 - 1, ("o",), (("a", 3),))}


def test_509_1b_slivers_cant_be_blocked_except_by_slivers() -> None:
    """Shifting Sliver: alice's two Slivers can be blocked only by bob's Sliver c, not by his 2/2 b (509.1b)."""
    sliver = creature("s", "alice", 2, 2, "Slivers can't be blocked except by Slivers", subtypes=["Sliver"])
    s = board(sliver, creature("o", "alice", 1, 1, subtypes=["Sliver"]), creature("b", "bob", 2, 2),
              creature("c", "bob", 1, 1, subtypes=["Sliver"]), attackers={"s": "bob", "o": "bob"})
    assert sorted(sorted(map(tuple, d["blocks"])) for d in pysolver.legal_blocks(s)) == [
        [], [("c", "o")], [("c", "s")]]


TWO_GROUP_LINES = ["Goblins and red creatures you control get +1/+1",
                   "Red creatures and other Goblin creatures get +1/+1",
                   "Green creatures and other Goblin creatures have first strike",
                   "Commander creatures you control get +1/+1 and have first strike",
                   "Commander creatures you control get +0/+2 and have indestructible",
                   "Goblins you control get +1/+1 as long as you have the city's blessing",
                   "As long as you control your commander, ~ gets +1/+1 and other creatures you control have first "
                   "strike",
                   "Creatures you control get +1/+0 as long as you control two or more Goblins",
                   "Other creatures you control have indestructible as long as you control an artifact creature",
                   "As long as you have no cards in hand, creatures your opponents control get -1/-1",
                   "Other Goblin creatures you control get +1/+1 for each +1/+1 counter on ~",
                   "Creatures your opponents control get -1/-0 for each other Goblin you control",
                   "Each multicolored creature you control gets +1/+0 for each of its colors",
                   "Each other red creature you control gets +0/+1 for each of its colors",
                   "Goblins can't be blocked except by Goblins", "Creatures you control can't be blocked except by "
                   "red creatures"]


@st.composite
def with_commanders(draw: st.DrawFn) -> dict[str, Any]:
    """A board with two-group, commander and conditional lords, and one or two nontoken permanents that are commanders
    (903.3), the players with or without the city's blessing."""
    data = draw(with_statics(outcome_boards("blockers"), lines=TWO_GROUP_LINES))
    for pl in data["players"]:
        pl["citys_blessing"] = draw(st.booleans())  # 702.131c
    cards = [p for p in data["permanents"] if not p.get("token")]
    for p in draw(st.lists(st.sampled_from(cards), max_size=2, unique_by=lambda p: p["id"])) if cards else []:
        p["commander"] = True
    return data


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_commanders())
def test_two_group_lords_equal_reference(data: dict[str, Any]) -> None:
    """The outcomes of the declared blocks, and every legal declaration of blockers (509.1b)."""
    compare(data)
    s = pysolver.load_data(data)
    got = [frozenset(tuple(pair) for pair in d["blocks"]) for d in pysolver.legal_blocks(s)]
    assert len(got) == len(set(got)) and set(got) == reference_blocks(s)
