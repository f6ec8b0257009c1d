"""Damage prevention shields (615.7, 615.11, 616.1), one test per rule.

Each outcome test states its outcomes by hand and checks that the fights (pysolver/game/fights.py),
the walk (``split=False``) and the brute-force reference (tests/reference/shields.py) find exactly
them; generated boards with shields compare the three at the end.
"""

from __future__ import annotations

import pytest
from boards import board, creature
from differential import agreed_outcomes, outcome
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

import pysolver
from pysolver.errors import InputError
from pysolver.game import gametree as gt
from pysolver.game.fights import decomposes
from pysolver.game.outcomes import count_path
from pysolver.model.abilities import NotModelled, parse_ability_line

HEALER = "{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn"


# --- the lines (docs/abilities.md), as real cards print them ------------------------------------

@pytest.mark.parametrize("line, name, target, n, tap", [  # real oracle lines (the corpus of issue 23)
    ("{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn.", "Samite Healer",
     "any", 1, True),
    ("{T}: Prevent the next 3 damage that would be dealt to target creature or player this turn.",
     "Orim, Samite Healer", "any", 3, True),
    ("{W}, {T}: Prevent the next 1 damage that would be dealt to target creature or player this turn.",
     "Raka Disciple", "any", 1, True),
    ("{T}: Prevent the next 1 damage that would be dealt to target player this turn.", "Noble Vestige",
     "player", 1, True),
    ("{T}: Prevent the next 1 damage that would be dealt to each creature and each player this turn.",
     "Kitsune Palliator", "each_creature_and_player", 1, True),
    ("{1}{W}: Prevent the next 2 damage that would be dealt to ~ this turn.", None, "", 2, False),
])
def test_615_7_real_shield_lines_parse(line: str, name: str | None, target: str, n: int, tap: bool) -> None:
    (a,) = parse_ability_line(line, name)
    assert (a.kind, a.value.target, a.value.prevent, a.value.tap) == ("shield", target, n, tap)  # type: ignore


@pytest.mark.parametrize("line, name, kind", [  # 615.5: the additional effect moves cards out of a library only
    ("If a source would deal damage to Swans of Bryn Argoll, prevent that damage. The source's controller draws "
     "cards equal to the damage prevented this way.", "Swans of Bryn Argoll", "prevent_damage_to"),
    ("If combat damage would be dealt to Gloom Surgeon, prevent that damage and exile that many cards from the top "
     "of your library.", "Gloom Surgeon", "prevent_combat_damage_to")])
def test_615_5_prevention_with_an_effect_on_the_library_only(line: str, name: str, kind: str) -> None:
    (a,) = parse_ability_line(line, name)
    assert a.kind == kind


@pytest.mark.parametrize("line", [  # costs the grammar on main does not pay (602.1a)
    "Pay 1 life: Prevent the next 1 damage that would be dealt to Ethereal Champion this turn.",
    "Sacrifice a land: Prevent the next 2 damage that would be dealt to target creature or player this turn."])
def test_602_1a_shields_with_other_costs_are_not_modelled(line: str) -> None:
    with pytest.raises(NotModelled):
        parse_ability_line(line, "Ethereal Champion")


# --- 615.7: a shield prevents the next N damage, whatever its sources -----------------------------

def test_615_7_a_blockers_shield_prevents_part_of_the_damage() -> None:
    """y (2/3, a shield of 1) blocks the 3/3: 3 damage, 1 prevented: y survives with 2; unblocked, bob takes 3."""
    s = board(creature("x", "alice", 3, 3), creature("y", "bob", 2, 3, prevention_shield=1), attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=17), outcome(damage={"x": 2, "y": 2})}
    assert decomposes(s) and count_path(gt.root(s)) == "one"  # (a creature's shield is its fight's)


def test_615_7_a_players_shield_prevents_part_of_the_damage_to_them() -> None:
    s = board(creature("x", "alice", 3, 3), creature("z", "alice", 1, 1),
              players=[{"name": "alice"}, {"name": "bob", "prevention_shield": 2}],
              attackers={"x": "bob", "z": "bob"}, blockers={})
    assert agreed_outcomes(s) == {outcome(bob=18)}  # 4 damage at once, 2 prevented (615.7: whatever its sources)


def test_615_7_the_shield_lasts_into_the_regular_step() -> None:
    """A first striker deals 1 to y (a shield of 2: all prevented, 1 left), then the regular 2/2 deals 2: 1
    prevented, 1 dealt."""
    s = board(creature("f", "alice", 1, 1, "First strike"), creature("x", "alice", 2, 2),
              creature("y", "bob", 0, 2, "This creature can block any number of creatures", prevention_shield=2),
              attackers={"f": "bob", "x": "bob"}, blockers={"y": ["f", "x"]})
    assert agreed_outcomes(s) == {outcome(damage={"y": 1})}


def test_615_7_its_controller_chooses_which_damage_it_prevents() -> None:
    """x (a shield of 1) blocked by a 1/1 with deathtouch and a 1/1: the shield prevents the deathtouch
    damage (x survives with 1) or the other (x is destroyed, 702.2b)."""
    s = board(creature("x", "alice", 0, 3, prevention_shield=1), creature("d", "bob", 1, 1, "Deathtouch"),
              creature("p", "bob", 1, 1), attackers={"x": "bob"}, blockers={"d": ["x"], "p": ["x"]})
    assert agreed_outcomes(s) == {outcome(damage={"x": 1}), outcome(destroyed=("x",))}
    with pytest.raises(InputError, match="615.7"):  # the game tree has no move for that choice
        pysolver.verify(board(creature("x", "alice", 0, 3, prevention_shield=1),
                              creature("d", "bob", 1, 1, "Deathtouch"), creature("p", "bob", 1, 1),
                              attackers={"x": "bob"}, blockers={"d": ["x"], "p": ["x"]},
                              goal={"survive": ["x"]}))


def test_702_15b_lifelink_gains_only_the_damage_dealt() -> None:
    s = board(creature("x", "alice", 3, 3, "Lifelink"), creature("y", "bob", 0, 4, prevention_shield=2),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(alice=21, damage={"y": 1})}


def test_702_19b_trample_assigns_lethal_damage_ignoring_the_shield() -> None:
    """4/4 trample blocked by a 1/2 with a shield of 1: lethal damage is 2 (702.19b ignores prevention), so
    2 may go to bob; the blocker is then dealt 1 and survives. (The one-step board is solved in one program.)"""
    s = board(creature("x", "alice", 4, 4, "Trample"), creature("y", "bob", 1, 2, prevention_shield=1),
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(bob=18, damage={"x": 1, "y": 1}), outcome(bob=19, destroyed=("y",),
                                                                                damage={"x": 1}),
                          outcome(bob=20, destroyed=("y",), damage={"x": 1})}


def test_616_1_a_shield_may_be_used_up_on_damage_protection_prevents() -> None:
    """y (protection from red, a shield of 1) blocks a red first striker and a 1/1: in the first-strike step
    its controller may apply the shield before protection (616.1), so the 1/1's damage is then dealt; or
    protection first, and the shield prevents the 1/1's."""
    s = board(creature("r", "alice", 1, 1, "First strike", colors=["red"]), creature("x", "alice", 1, 1),
              creature("y", "bob", 0, 2, "Protection from red", "This creature can block any number of creatures",
                       prevention_shield=1),
              attackers={"r": "bob", "x": "bob"}, blockers={"y": ["r", "x"]})
    assert agreed_outcomes(s) == {outcome(damage={"y": 1}), outcome()}


# --- activated shields (602.2, 615.7, 615.11) ------------------------------------------------------

def test_615_7_a_healer_shields_a_blocker_after_blocks() -> None:
    """The healer (untapped, bob's) shields the 2/3 blocking the 3/3 (it survives), or chump-blocks."""
    s = board(creature("x", "alice", 3, 3), creature("h", "bob", 0, 1, HEALER), creature("y", "bob", 2, 3),
              attackers={"x": "bob"})
    got = agreed_outcomes(s)
    assert outcome(damage={"x": 2, "y": 2}) in got and outcome(bob=18) in got  # shield on y, on bob
    assert outcome(damage={"x": 2}, destroyed=("y",)) in got


def test_615_7_a_creature_only_shield_keeps_the_fight_split() -> None:
    s = board(creature("x", "alice", 3, 3), creature("w", "alice", 2, 2),
              creature("h", "bob", 0, 1, "{T}: Prevent the next 1 damage that would be dealt to target creature "
                                         "this turn"), creature("y", "bob", 2, 3), attackers={"x": "bob", "w": "bob"})
    assert count_path(gt.root(s)) == "split"
    assert not decomposes(board(creature("x", "alice", 3, 3), creature("h", "bob", 0, 1, HEALER)))  # bob's too


def test_615_11_a_shield_for_each_creature_and_each_player() -> None:
    s = board(creature("x", "alice", 2, 2), creature("k", "bob", 0, 1, "{T}: Prevent the next 1 damage that would "
                                                                          "be dealt to each creature and each "
                                                                          "player this turn"),
              attackers={"x": "bob"})
    # unblocked: 2 to bob, 1 prevented if k made the shields; k blocking is dealt 1 of 2 and dies either way
    assert agreed_outcomes(s) == {outcome(bob=18), outcome(bob=19), outcome(destroyed=("k",))}


def test_615_7_a_shield_prevents_a_death_triggers_damage() -> None:
    """The 1/1's combat damage to y (a shield of 1) is prevented, y's kills it, and it deals 2 damage to any
    target (alice's choice): to bob (a shield of 1) only 1 is dealt; to y (its shield used up) 2."""
    s = board(creature("x", "alice", 1, 1, "When ~ dies, it deals 2 damage to any target"),
              creature("y", "bob", 1, 1, prevention_shield=1),
              players=[{"name": "alice"}, {"name": "bob", "prevention_shield": 1}],
              attackers={"x": "bob"}, blockers={"y": ["x"]})
    assert agreed_outcomes(s) == {outcome(bob=19, destroyed=("x",)), outcome(alice=18, destroyed=("x",)),
                          outcome(destroyed=("x", "y"))}


def test_616_1_a_shield_beside_protection_outside_combat_damage_is_refused() -> None:
    with pytest.raises(InputError, match="616.1"):
        board(creature("x", "alice", 1, 1, "When ~ dies, it deals 2 damage to any target"),
              creature("y", "bob", 1, 1, "Protection from red", prevention_shield=1))


# --- 615.1a: "Prevent all combat damage that would be dealt this turn" --------------------------------

@pytest.mark.parametrize("line, name, kind", [
    ("Sacrifice Kami of False Hope: Prevent all combat damage that would be dealt this turn.", "Kami of False Hope",
     "fog"),
    ("Whenever Leery Fogbeast becomes blocked, prevent all combat damage that would be dealt this turn.",
     "Leery Fogbeast", "on_block")])
def test_615_1a_real_fog_lines_parse(line: str, name: str, kind: str) -> None:
    assert [a.kind for a in parse_ability_line(line, name)] == [kind]


def test_615_1a_a_fog_sacrificed_in_any_window_prevents_all_combat_damage() -> None:
    """k (sacrificed to pay, 701.21a) prevents the lifelinker's damage whether it blocks or not."""
    s = board(creature("x", "alice", 3, 3, "Lifelink"),
              creature("k", "bob", 1, 1, "Sacrifice ~: Prevent all combat damage that would be dealt this turn"),
              attackers={"x": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=17, alice=23), outcome(destroyed=("k",)),
                          outcome(alice=23, destroyed=("k",), damage={"x": 1})}


def test_615_1a_509_3c_a_fog_trigger_prevents_every_fights_combat_damage() -> None:
    s = board(creature("x", "alice", 3, 3, "Whenever ~ becomes blocked, prevent all combat damage that would be "
                                           "dealt this turn"),
              creature("z", "alice", 2, 2), creature("y", "bob", 2, 2), attackers={"x": "bob", "z": "bob"})
    assert agreed_outcomes(s) == {outcome(bob=15), outcome(), outcome(bob=17, destroyed=("y", "z"))}
    s = board(creature("x", "alice", 2, 2), creature("y", "bob", 2, 2), attackers={"x": "bob"}, blockers={},
              combat_damage_prevented=True)
    assert agreed_outcomes(s) == {outcome()} and s.to_data()["combat"]["combat_damage_prevented"] is True


def test_prevention_shield_fields_round_trip() -> None:
    s = board(creature("y", "bob", 2, 2, prevention_shield=2),
              players=[{"name": "alice", "prevention_shield": 1}, {"name": "bob"}])
    assert s.permanent("y").to_data()["prevention_shield"] == 2 and s.player("alice").prevention_shield == 1
    assert pysolver.load_data(s.to_data()) == s
    with pytest.raises(InputError) as exc:
        board(creature("y", "bob", 2, 2, prevention_shield=-1))
    assert exc.value.field == "permanents[0].prevention_shield"


# --- generated boards: the fights, the walk and the reference agree --------------------------------

SHIELDING = [HEALER, "{W}: Prevent the next 1 damage that would be dealt to ~ this turn",
             "{T}: Prevent the next 2 damage that would be dealt to target creature this turn",
             "{T}: Prevent the next 1 damage that would be dealt to each creature and each player this turn",
             "Sacrifice ~: Prevent all combat damage that would be dealt this turn"]
MEETING = ["First strike", "Trample", "Lifelink", "Deathtouch", "Protection from red",
           "Whenever ~ becomes blocked, prevent all combat damage that would be dealt this turn"]


@st.composite
def shield_boards(draw: st.DrawFn) -> dict:
    """Two or three small creatures, bob's first with a shield or fog line or a shield, the others with one or
    another line that meets one (first strike, trample, lifelink, deathtouch, protection, a fog trigger); a
    little mana; attackers declared."""
    permanents = []
    for i, controller in enumerate(["alice", "bob", "bob", "alice"][: draw(st.integers(2, 3))]):
        p = {"id": f"c{i}", "controller": controller, "power": draw(st.integers(0, 3)),
             "toughness": draw(st.integers(1, 3)), "colors": [draw(st.sampled_from(["red", "white"]))],
             "abilities": draw(st.lists(st.sampled_from(MEETING if i != 1 else SHIELDING),
                                        max_size=1, min_size=i == 1))}
        if draw(st.integers(0, 3)) == 0:
            p["prevention_shield"] = draw(st.integers(1, 2))
        permanents.append(p)
    players = [{"name": "alice"}, {"name": "bob", "mana": draw(st.sampled_from(["", "{W}"])),
                                   "prevention_shield": draw(st.sampled_from([0, 0, 1]))}]
    return {"players": players, "active": "alice", "permanents": permanents, "combat": {"attackers": {"c0": "bob"}}}


@settings(max_examples=examples(4), deadline=None)
@given(shield_boards())
def test_shields_fights_walk_and_reference_agree(data: dict) -> None:
    agreed_outcomes(pysolver.load_data(data))
