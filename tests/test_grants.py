"""Static abilities that grant an ability to a group (613.1f, layer 6; 604.1, 611.3a): Slivers and the like.

Each rule with a hand-stated expected set (agreed by the fights, the walk, the count and the brute-force reference,
tests/reference/), the lines as real cards print them, and the reference on generated boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from strategies import LONG, examples, with_one_line

import pysolver
from pysolver.model.abilities import parse_ability_line


def board(*permanents: dict[str, Any], attackers: dict[str, str] | None = None,
          blockers: dict[str, list[str]] | None = None, **alice: Any) -> pysolver.Situation:
    combat: dict[str, Any] = {}
    if attackers is not None:
        combat["attackers"] = attackers
    if blockers is not None:
        combat["blockers"] = blockers
    return pysolver.load_data({"players": [{"name": "alice", **alice}, {"name": "bob"}], "active": "alice",
                               "permanents": list(permanents), **({"combat": combat} if combat else {})})


def sliver(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness, "subtypes": ["Sliver"],
            "abilities": list(abilities), **more}


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Sidewinder Sliver", "All Sliver creatures have flanking.", ['grant(all,each,creature_type("sliver"),flanking)']),
    ("Constricting Sliver", 'Sliver creatures you control have "When this creature enters the battlefield, you may '
     'exile target creature an opponent controls until this creature leaves the battlefield."',
     ['enters_watch("sliver creatures you control")']),
    ("Boneshard Slasher", 'Threshold — As long as seven or more cards are in your graveyard, Boneshard Slasher gets '
     '+2/+2 and has "When Boneshard Slasher becomes the target of a spell or ability, sacrifice it."',
     ['anthem_if(at_least(7,you,cards(graveyard)),each,self,2,2)', 'targeted_watch("self")']),
    ("Gemhide Sliver", 'All Slivers have "{T}: Add one mana of any color."', ['granted_mana("all slivers")']),
    ("Manaweft Sliver", 'Sliver creatures you control have "{T}: Add one mana of any color."',
     ['granted_mana("sliver creatures you control")']),
    ("Citanul Hierophants", 'Creatures you control have "{T}: Add {G}."', ['granted_mana("creatures you control")']),
    ("Fledgling Dragon", 'Threshold — As long as seven or more cards are in your graveyard, Fledgling Dragon gets '
     '+3/+3 and has "{R}: Fledgling Dragon gets +1/+0 until end of turn."',
     ["anthem_if(at_least(7,you,cards(graveyard)),each,self,3,3)",
      "grant_if(at_least(7,you,cards(graveyard)),each,self,pump(1,0))"]),
    ("Vigilant Sentry", 'Threshold — As long as seven or more cards are in your graveyard, Vigilant Sentry gets +1/+1 '
     'and has "{T}: Target attacking or blocking creature gets +3/+3 until end of turn."',
     ["anthem_if(at_least(7,you,cards(graveyard)),each,self,1,1)",
      "grant_if(at_least(7,you,cards(graveyard)),each,self,target_pump)"]),
    ("Villainous Ogre", 'As long as you control a Demon, Villainous Ogre has "{B}: Regenerate Villainous Ogre."',
     ['grant_if(permanent,each,creature_type("demon"),regenerate)']),
    ("Stern Mentor", "As long as Stern Mentor is paired with another creature, each of those creatures has \"{T}: "
     "Target player puts the top two cards of his or her library into his or her graveyard.\"",
     ['granted_hidden("paired")']),
])
def test_613_1f_real_grant_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


# ---- 702.25a, 613.1f: a granted flanking ---------------------------------------------------------------------

SIDEWINDER = "All Sliver creatures have flanking."


def test_702_25a_granted_flanking_shrinks_a_blocker_without_flanking() -> None:
    """Sidewinder Sliver (g, tapped) grants every Sliver flanking, bob's too (no "you control"). b (2/2, no Sliver)
    blocking a (2/2 Sliver) gets -1/-1 and dies to a's 2, dealing 1; bob's Sliver s has flanking itself, so
    blocking it triggers nothing (702.25a: "a creature without flanking"). Both blocking: only b shrinks; a
    divides 2 between two 1/1s and dies to 1 + 1."""
    s = board(sliver("g", "alice", 1, 1, SIDEWINDER, tapped=True), sliver("a", "alice", 2, 2),
              creature("b", "bob", 2, 2), sliver("s", "bob", 1, 1), attackers={"a": "bob"})
    assert agreed_outcomes(s) == {
        outcome(18), outcome(destroyed=("b",), damage={"a": 1}), outcome(destroyed=("s",), damage={"a": 1}),
        outcome(destroyed=("a", "b", "s")), outcome(destroyed=("a", "b")), outcome(destroyed=("a", "s"))}


@pytest.mark.skipif(not LONG, reason="a walk with a pinger (about 5 CPU s): PYSOLVER_FUZZ=long only")
def test_611_3a_the_grant_ends_as_its_source_leaves_the_battlefield() -> None:
    """bob's p (which can't block) pings Sidewinder Sliver (g, 1/1) to death before blockers are declared: a (2/2
    Sliver) has no flanking any more, and b (2/2) blocking it trades with it (with g alive b shrinks and dies
    alone)."""
    s = board(sliver("g", "alice", 1, 1, SIDEWINDER, tapped=True), sliver("a", "alice", 2, 2),
              creature("b", "bob", 2, 2),
              creature("p", "bob", 0, 1, "This creature can't block.",
                       "{T}: This creature deals 1 damage to any target."),
              attackers={"a": "bob"})
    got = agreed_outcomes(s)
    assert outcome(destroyed=("a", "b", "g")) in got and outcome(destroyed=("b",), damage={"a": 1}) in got


def test_708_2a_a_face_down_sliver_is_granted_no_flanking() -> None:
    """708.2a: a face-down creature has no creature types, so it is no Sliver: its block of b (1/1) triggers
    nothing and the 2/2s trade."""
    s = board(sliver("g", "alice", 1, 1, SIDEWINDER, tapped=True),
              sliver("a", "alice", 3, 3, "Morph {9}", face_down=True), creature("b", "bob", 2, 2),
              attackers={"a": "bob"}, blockers={"b": ["a"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("a", "b"))}


# ---- 603.2, 603.6a, 613.1f: granted triggers the combat does not set off --------------------------------------

CONSTRICTING = ('Sliver creatures you control have "When this creature enters the battlefield, you may exile target '
                'creature an opponent controls until this creature leaves the battlefield."')
SLASHER = ('Threshold — As long as seven or more cards are in your graveyard, Boneshard Slasher gets +2/+2 and has '
           '"When Boneshard Slasher becomes the target of a spell or ability, sacrifice it."')


def test_603_6a_a_granted_enters_trigger_is_refused_where_a_creature_may_enter() -> None:
    """702.79a: a Sliver with persist may return in combat and trigger the granted ability: refused, naming both."""
    with pytest.raises(pysolver.InputError, match=r"'c' has a \"whenever … enters\" trigger \(603\.6a\).*'p'"):
        board(sliver("c", "alice", 1, 1, CONSTRICTING), sliver("p", "alice", 1, 1, "Persist"))


def test_603_2_a_granted_target_trigger_is_refused_beside_an_ability_that_targets() -> None:
    """115.1: a damage ability may target Boneshard Slasher (whatever the graveyard): refused, naming both."""
    pinger = creature("t", "bob", 1, 1, "{T}: This creature deals 1 damage to any target.")
    with pytest.raises(pysolver.InputError, match=r"'s' has a \"becomes the target\" trigger \(603\.2\).*'t'"):
        board(creature("s", "alice", 1, 1, SLASHER, name="Boneshard Slasher"), pinger, graveyard=0)


def test_207_2c_404_1_threshold_pumps_a_creature_whose_granted_trigger_is_never_set_off() -> None:
    """404.1, 613.4c: with seven cards in alice's graveyard Boneshard Slasher (1/1) is a 3/3: unblocked it deals 3;
    blocked by b (2/2) it kills b and survives. With six it is a 1/1 that b kills; nothing targets it (603.2)."""
    slasher = creature("s", "alice", 1, 1, SLASHER, name="Boneshard Slasher")
    s = board(slasher, creature("b", "bob", 2, 2), attackers={"s": "bob"}, graveyard=7)
    assert agreed_outcomes(s) == {outcome(17), outcome(destroyed=("b",), damage={"s": 2})}
    s = board(slasher, creature("b", "bob", 2, 2), attackers={"s": "bob"}, graveyard=6)
    assert agreed_outcomes(s) == {outcome(19), outcome(destroyed=("s",), damage={"b": 1})}


# ---- 605.1a, 613.1f: a granted mana ability costing only {T} -------------------------------------------------

HIEROPHANTS = 'Creatures you control have "{T}: Add {G}."'


def test_605_1a_a_granted_mana_ability_only_takes_choices_away() -> None:
    """509.1a: tapped for mana, a creature can't be declared a blocker — the ends are those of not blocking with
    it: bob's h (3/2) blocks x (2/2) and both die, or x deals 2."""
    s = board(creature("h", "bob", 3, 2, HIEROPHANTS), creature("x", "alice", 2, 2), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(18), outcome(destroyed=("h", "x"))}


@pytest.mark.parametrize(("other", "why"), [
    (creature("p", "alice", 1, 1, "{R}: This creature gets +1/+0 until end of turn."), r"pump.*'p'"),  # 106.4
    (creature("l", "bob", 1, 1, "All creatures able to block this creature do so"), r"509\.1c.*'l'"),
    (creature("u", "bob", 1, 1, "~ has hexproof as long as it's untapped"), r"110\.5.*'u'"),
    (creature("d", "bob", 1, 1, "{T}: Destroy target tapped creature."), r"115\.1.*'d'"),
])
def test_605_1a_a_granted_mana_ability_is_refused_where_tapping_or_its_mana_may_matter(other: dict[str, Any],
                                                                                        why: str) -> None:
    with pytest.raises(pysolver.InputError, match=rf"'h' grants an ability with {{T}}.*{why}"):
        board(creature("h", "alice", 1, 1, HIEROPHANTS), creature("b", "bob", 2, 2), other)


MENTOR = ('As long as Stern Mentor is paired with another creature, each of those creatures has "{T}: Target player '
          'puts the top two cards of his or her library into his or her graveyard."')


def test_702_95b_a_pairs_granted_mill_only_takes_choices_away() -> None:
    """121.1, 509.1a: tapped to mill, bob's x can't block — the ends are those of not blocking with it: x (1/1)
    blocks a (2/2) and dies, or a deals 2."""
    s = board(creature("m", "bob", 2, 2, "Soulbond", MENTOR, name="Stern Mentor", paired_with="x", tapped=True),
              creature("x", "bob", 1, 1, paired_with="m"), creature("a", "alice", 2, 2), attackers={"a": "bob"})
    assert agreed_outcomes(s) == {outcome(18), outcome(destroyed=("x",), damage={"a": 1})}


def test_121_1_a_granted_mill_is_refused_beside_a_count_of_graveyard_cards() -> None:
    """404.1: milling would add to the graveyard that threshold counts: refused, naming both."""
    with pytest.raises(pysolver.InputError, match=r"'m' has an ability it grants that acts in hidden zones.*'t'"):
        board(creature("m", "alice", 2, 2, "Soulbond", MENTOR, name="Stern Mentor", paired_with="x"),
              creature("x", "alice", 1, 1, paired_with="m"),
              creature("t", "alice", 1, 1, "~ gets +2/+2 as long as seven or more cards are in your graveyard"),
              graveyard=0)


# ---- 404.1, 613.1f: an activated ability of its own while a graveyard count holds ---------------------------------

DRAGON = ('Threshold — As long as seven or more cards are in your graveyard, Fledgling Dragon gets +3/+3 and has "{R}: '
          'Fledgling Dragon gets +1/+0 until end of turn."')


def dragon_board(graveyard: int, *more: dict[str, Any]) -> pysolver.Situation:
    return board(creature("d", "alice", 2, 2, "Flying", DRAGON, name="Fledgling Dragon"), *more,
                 attackers={"d": "bob"}, blockers={}, graveyard=graveyard, mana="{R}")


def test_404_1_threshold_held_all_combat_gives_the_pump() -> None:
    """Seven cards stated: the count never falls below it (400.7), so the dragon (2/2) is a 5/5 with "{R}: +1/+0"
    all combat: alice's {R} makes 6."""
    assert agreed_outcomes(dragon_board(7)) == {outcome(15), outcome(14)}


def test_404_1_threshold_out_of_reach_gives_nothing() -> None:
    """Five cards stated and one card on the battlefield alice owns: at most six (700.4), so no +3/+3 and no pump."""
    assert agreed_outcomes(dragon_board(5)) == {outcome(18)}


def test_404_1_threshold_reached_in_combat_is_refused() -> None:
    """Five stated and two more cards alice owns could die: the pump could arrive in the middle of the combat."""
    with pytest.raises(pysolver.InputError, match=r"'d' has an activated ability as long as 7 or more.*may reach"):
        dragon_board(5, creature("x", "alice", 1, 1))


OGRE = 'As long as you control a Demon, Villainous Ogre has "{B}: Regenerate Villainous Ogre."'


def test_613_1f_without_a_demon_the_ogre_has_no_regeneration() -> None:
    """No permanent of alice is or could be a Demon: the ogre (3/2) has no "{B}: Regenerate" and dies to b (2/2)
    blocking it, alice's {B} unspent (701.19a not available)."""
    s = board(creature("o", "alice", 3, 2, OGRE, name="Villainous Ogre"), creature("b", "bob", 2, 2),
              attackers={"o": "bob"}, blockers={"b": ["o"]}, mana="{B}")
    assert agreed_outcomes(s) == {outcome(destroyed=("b", "o"))}


def test_613_1f_a_demon_that_may_leave_is_refused() -> None:
    with pytest.raises(pysolver.InputError, match=r"'o' has an activated ability as long as 'alice' controls a "
                                                  r"demon.*'d'"):
        board(creature("o", "alice", 3, 2, OGRE, name="Villainous Ogre"),
              creature("d", "alice", 5, 5, subtypes=["Demon"]), mana="{B}")


# ---- the reference on generated boards -------------------------------------------------------------------------

FLANKING_GRANTS = ("Other creatures you control have flanking", "Goblins have flanking",
                   "Creatures your opponents control have flanking")


@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("attackers").flatmap(lambda d: with_one_line(d, FLANKING_GRANTS)))
def test_granted_flanking_equals_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)
