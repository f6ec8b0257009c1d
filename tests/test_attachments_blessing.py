"""Static abilities that read what is attached to their creature (301.5, 303.4; encodings/statics.lp): "as long as ~
is equipped / enchanted", "~ gets +X/+Y for each Aura / Equipment attached to it", "~ can't attack or block unless
it's equipped", with the file's `equipment_attached` and `auras_attached` (docs/situation.md); and those that read
the city's blessing (702.131c, the players' `citys_blessing`).

Each rule with a hand-stated expected set, the lines as real cards print them, and the brute-force reference
(tests/reference/statics.py) on generated boards.
"""

from __future__ import annotations

from typing import Any

import pytest
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples

import pysolver
from pysolver.game import fights
from pysolver.model.abilities import parse_ability_line


def board(*permanents: dict[str, Any], alice: dict[str, Any] | None = None, **combat: Any) -> pysolver.Situation:
    return pysolver.load_data({"players": [{"name": "alice", **(alice or {})}, {"name": "bob"}], "active": "alice",
                               "permanents": list(permanents), "combat": combat})


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


def results(s: pysolver.Situation) -> set[tuple[int, tuple[str, ...]]]:
    """(bob's life, destroyed) of each outcome."""
    return {(o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Thran Golem", "As long as Thran Golem is enchanted, it gets +2/+2 and has flying, first strike, and trample.",
     ["anthem_if(attached(aura),each,self,2,2)", "grant_if(attached(aura),each,self,flying)",
      "grant_if(attached(aura),each,self,first_strike)", "grant_if(attached(aura),each,self,trample)"]),
    ("Leonin Den-Guard", "As long as Leonin Den-Guard is equipped, it gets +1/+1 and has vigilance.",
     ["anthem_if(attached(equipment),each,self,1,1)", "grant_if(attached(equipment),each,self,vigilance)"]),
    ("Myr Adapter", "Myr Adapter gets +1/+1 for each Equipment attached to it.",
     ["anthem_per(attached(equipment),each,self,1,1)"]),
    ("Uril, the Miststalker", "Uril, the Miststalker gets +2/+2 for each Aura attached to it.",
     ["anthem_per(attached(aura),each,self,2,2)"]),
    ("Training Drone", "Training Drone can't attack or block unless it's equipped.",
     ["grant_unless(attached(equipment),each,self,cant_attack_or_block)"]),
    ("Skymarcher Aspirant", "Skymarcher Aspirant has flying as long as you have the city's blessing.",
     ["grant_if(blessing,each,self,flying)"]),
    ("Spire Winder", "Spire Winder gets +1/+1 as long as you have the city's blessing.",
     ["anthem_if(blessing,each,self,1,1)"]),
    ("Guardian of the Great Conduit", "As long as you control a Nissa planeswalker, Guardian of the Great Conduit "
     "gets +2/+0 and has vigilance.", ['anthem_if(permanent,each,subtype("nissa"),2,0)',
                                       'grant_if(permanent,each,subtype("nissa"),vigilance)']),
])
def test_301_5_real_attachment_and_blessing_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


APPRENTICE = "As long as ~ is equipped, it gets +1/+1 and has flying"


def test_301_5_as_long_as_it_is_equipped() -> None:
    """Kitesail Apprentice (1/1; equipped: +1/+1 and flying, 301.5) attacks past bob's 2/2 bear when equipped
    (509.1b: only flying or reach blocks it) and, blocked by the bear unequipped, dies alone."""
    bear = creature("b", "bob", 2, 2)
    s = board(creature("k", "alice", 1, 1, APPRENTICE, equipment_attached=1), bear, attackers={"k": "bob"})
    assert results(s) == {(18, ())}
    s = board(creature("k", "alice", 1, 1, APPRENTICE), bear, attackers={"k": "bob"})
    assert results(s) == {(19, ()), (20, ("k",))}
    # an Aura is no Equipment (303.4, 301.5)
    s = board(creature("k", "alice", 1, 1, APPRENTICE, auras_attached=2), bear, attackers={"k": "bob"})
    assert results(s) == {(19, ()), (20, ("k",))}


def test_303_4_for_each_aura_attached_to_it() -> None:
    """Rabid Wombat (0/1, +2/+2 for each Aura attached to it) with two Auras is a 4/5: it kills bob's 3/3
    blocker and survives; with none, a 0/1, it dies to it."""
    wombat = "~ gets +2/+2 for each Aura attached to it"
    blocker = creature("b", "bob", 3, 3)
    s = board(creature("w", "alice", 0, 1, wombat, auras_attached=2), blocker, attackers={"w": "bob"},
              blockers={"b": ["w"]})
    assert results(s) == {(20, ("b",))}
    s = board(creature("w", "alice", 0, 1, wombat), blocker, attackers={"w": "bob"}, blockers={"b": ["w"]})
    assert results(s) == {(20, ("w",))}


def test_301_5_cant_attack_or_block_unless_equipped() -> None:
    """Training Drone (508.1c, 509.1b): unequipped it can't attack; equipped it can."""
    drone = "~ can't attack or block unless it's equipped"
    s = board(creature("d", "alice", 1, 3, drone), creature("b", "bob", 2, 2))
    assert pysolver.count_attacks(s) == 1  # no attack
    s = board(creature("d", "alice", 1, 3, drone, equipment_attached=1), creature("b", "bob", 2, 2))
    assert pysolver.count_attacks(s) == 2


def test_301_5_attachments_refused_where_impossible() -> None:
    """Equipment is attached only to a creature (301.5c, 704.5n); a creature with persist and a condition on its
    attachments is refused (400.7: the object it returns as has none, 611.3c)."""
    with pytest.raises(pysolver.InputError, match=r"equipment_attached: .* no creature"):
        board({"id": "e", "controller": "alice", "types": ["Enchantment"], "equipment_attached": 1})
    with pytest.raises(pysolver.InputError, match=r"persist"):
        board(creature("k", "alice", 1, 1, APPRENTICE, "Persist", equipment_attached=1))
    with pytest.raises(pysolver.InputError, match=r"auras_attached: .*1000"):
        board(creature("k", "alice", 1, 1, APPRENTICE, auras_attached=1001))


def test_702_131c_as_long_as_you_have_the_citys_blessing() -> None:
    """Spire Winder (2/2 flying here without its own flying; +1/+1 with the city's blessing) blocked by bob's 3/3:
    with the blessing a 3/3, both die; without, only it dies."""
    winder = "~ gets +1/+1 as long as you have the city's blessing"
    s = board(creature("w", "alice", 2, 2, winder), creature("b", "bob", 3, 3), alice={"citys_blessing": True},
              attackers={"w": "bob"}, blockers={"b": ["w"]})
    assert results(s) == {(20, ("b", "w"))}
    s = board(creature("w", "alice", 2, 2, winder), creature("b", "bob", 3, 3), attackers={"w": "bob"},
              blockers={"b": ["w"]})
    assert results(s) == {(20, ("w",))}


def test_702_131b_a_blessing_ascend_would_give_is_refused() -> None:
    """Ten permanents, or a token that may come, would give a player with ascend the city's blessing (702.131b)."""
    aspirant = creature("a", "alice", 2, 1, "~ has flying as long as you have the city's blessing")
    lands = [{"id": f"l{i}", "controller": "alice", "types": ["Land"]} for i in range(9)]
    with pytest.raises(pysolver.InputError, match=r"city's blessing .* ten or more permanents"):
        board(aspirant, *lands)
    assert board(aspirant, *lands, alice={"citys_blessing": True}).player("alice").citys_blessing
    maker = creature("m", "bob", 1, 1, "Whenever ~ attacks, create a 1/1 white Soldier creature token")
    with pytest.raises(pysolver.InputError, match=r"may get a token of 'm'"):
        board(aspirant, maker)


def test_205_3j_as_long_as_you_control_a_nissa_planeswalker() -> None:
    """Guardian of the Great Conduit (2/5 here; +2/+0 and vigilance with a Nissa planeswalker, 205.3j) kills bob's
    3/3 blocker with one; without (a Jace instead), it deals 2."""
    guardian = creature("g", "alice", 2, 5,
                        "As long as you control a Nissa planeswalker, ~ gets +2/+0 and has vigilance")
    blocker = creature("b", "bob", 3, 3)
    for subtype, want in (("Nissa", {(20, ("b",))}), ("Jace", {(20, ())})):
        walker = {"id": "n", "controller": "alice", "types": ["Planeswalker"], "subtypes": [subtype], "loyalty": 3}
        s = board(guardian, walker, blocker, attackers={"g": "bob"}, blockers={"b": ["g"]})
        assert results(s) == want


def test_604_3_the_number_of_forests_plus_the_number_of_treefolk() -> None:
    """Dauntless Dourbark (a Treefolk, */*: Forests plus Treefolk you control, 604.3) with two Forests, one of them a
    Forest Treefolk (counted in both), is a 4/4: blocked by bob's 4/4, both die; with the Forests only bob's, a 1/1.
    The solver agrees with the reference (tests/reference/statics.py)."""
    line = ("Dauntless Dourbark's power and toughness are each equal to the number of Forests you control plus the "
            "number of Treefolk you control.")
    dourbark = {"id": "d", "controller": "alice", "name": "Dauntless Dourbark", "subtypes": ["Treefolk"],
                "abilities": [line]}
    for owner, want in (("alice", {(20, ("b", "d"))}), ("bob", {(20, ("d",))})):
        lands = [{"id": "f1", "controller": owner, "types": ["Land"], "subtypes": ["Forest"]},
                 {"id": "f2", "controller": owner, "types": ["Land", "Creature"], "subtypes": ["Forest", "Treefolk"],
                  "power": 0, "toughness": 1}]
        s = board(dourbark, *lands, creature("b", "bob", 4, 4), attackers={"d": "bob"}, blockers={"b": ["d"]})
        assert results(s) == want
        agreed_outcomes(s)


def test_208_2a_one_plus_the_number_of() -> None:
    """An-Havva Constable (2/1+*: 1 plus the green creatures on the battlefield, 208.2a) blocked by bob's green 2/2 is
    a 2/3 as damage is dealt: the bear dies, then the Constable is a 2/2 with 2 damage and dies too (704.3, 611.3a).
    Lhurgoyf (*/1+*: the creature cards in all graveyards, its toughness that number plus 1) with two is a 2/3."""
    constable = {"id": "c", "controller": "alice", "name": "An-Havva Constable", "colors": ["green"], "power": 2,
                 "abilities": ["An-Havva Constable's toughness is equal to 1 plus the number of green creatures on "
                               "the battlefield."]}
    s = board(constable, creature("b", "bob", 2, 2, colors=["green"]), attackers={"c": "bob"}, blockers={"b": ["c"]})
    assert results(s) == {(20, ("b", "c"))}
    agreed_outcomes(s)
    lhurgoyf = {"id": "l", "controller": "alice", "name": "Lhurgoyf", "abilities": [
        "Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is equal to "
        "that number plus 1."]}
    zones = {"graveyard": 3, "graveyard_creatures": 2}
    s = pysolver.load_data({"players": [{"name": "alice", **zones}, {"name": "bob", "graveyard": 0,
                                                                      "graveyard_creatures": 0}],
                            "active": "alice", "permanents": [lhurgoyf, creature("b", "bob", 3, 2)],
                            "combat": {"attackers": {"l": "bob"}, "blockers": {"b": ["l"]}}})
    assert results(s) == {(20, ("b", "l"))}
    agreed_outcomes(s)


def test_611_3a_conditions_that_stay_the_same_keep_the_fight_split() -> None:
    """What is attached to a creature and the city's blessing do not change in the combat: a creature's abilities
    on itself with them change no other fight, and the board splits into fights (pysolver.game.fights.decomposes);
    "as long as you control a Mountain" does not."""
    bear = creature("b", "bob", 2, 2)
    s = board(creature("k", "alice", 1, 1, APPRENTICE, equipment_attached=1),
              creature("w", "alice", 2, 2, "~ gets +1/+1 as long as you have the city's blessing"), bear,
              alice={"citys_blessing": True}, attackers={"k": "bob", "w": "bob"}, blockers={"b": ["w"]})
    assert fights.decomposes(s)
    assert results(s) == {(18, ("b",))}  # k (2/2, flying) unblocked; w (3/3) kills the bear
    s = board(creature("k", "alice", 1, 1, "~ gets +1/+1 as long as you control a Mountain"), bear,
              attackers={"k": "bob"}, blockers={})
    assert not fights.decomposes(s)


ATTACHED_LINES = ["As long as ~ is equipped, it gets +1/+1 and has flying",
                  "As long as ~ is enchanted, it gets +2/+2 and has flying, first strike, and trample",
                  "~ gets +1/+1 for each Equipment attached to it", "~ gets +2/+2 for each Aura attached to it",
                  "As long as ~ is equipped, it gets +1/+1 and has vigilance",
                  "~ gets +1/+1 as long as you have the city's blessing",
                  "~ has first strike as long as you have the city's blessing",
                  "As long as you control a Nissa planeswalker, ~ gets +2/+0 and has vigilance"]


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("blockers"), st.sampled_from(ATTACHED_LINES), st.integers(0, 2), st.integers(0, 1),
       st.booleans())
def test_303_4_attachments_and_blessing_equal_reference(data: dict[str, Any], line: str, auras: int, equipment: int,
                                                         blessing: bool) -> None:
    """A creature of the generated board with one of the lines, some Auras and Equipment attached, and maybe the
    city's blessing for its controller."""
    first = dict(data["permanents"][0])
    first.update(abilities=[*first.get("abilities", []), line], auras_attached=auras, equipment_attached=equipment)
    rest = [{**p, "subtypes": ["Nissa"]} if "Planeswalker" in p.get("types", []) else p for p in data["permanents"][1:]]
    players = [{**pl, "citys_blessing": blessing} if pl["name"] == first["controller"] else pl
               for pl in data["players"]]
    try:
        outcomes_equal_reference({**data, "players": players, "permanents": [first, *rest]})
    except pysolver.InputError:
        pass  # a board the new abilities make illegal (a declared block of a flier, 509.1b)
