"""Static abilities with a condition on the state of the game, read at every moment (611.3a; encodings/statics.lp):
whose turn it is (500.1), the card types among the cards in a graveyard (205.2a, 404.1: delirium), the most common
color among the permanents (105.2), "as though it didn't have defender" (609.4, 702.3b).

Each rule with a hand-stated expected set, the lines as real cards print them, and the brute-force reference
(tests/reference/statics.py) on the generated boards of tests/test_statics.py (tests/strategies.py STATIC_LINES).
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
from pysolver.model.abilities import parse_ability_line


def board(*permanents: dict[str, Any], alice: dict[str, Any] | None = None, bob: dict[str, Any] | None = None,
          active: str = "alice", **combat: Any) -> pysolver.Situation:
    return pysolver.load_data({"players": [{"name": "alice", **(alice or {})}, {"name": "bob", **(bob or {})}],
                               "active": active, "permanents": list(permanents), "combat": combat})


def creature(pid: str, controller: str, power: int, toughness: int, *abilities: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, "power": power, "toughness": toughness,
            "abilities": list(abilities), **more}


def results(s: pysolver.Situation, who: str = "bob") -> set[tuple[int, tuple[str, ...]]]:
    """(`who`'s life, destroyed) of each outcome."""
    return {(o["life"][who], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Hardy Veteran", "As long as it's your turn, Hardy Veteran gets +0/+2.", ["anthem_if(turn(you),each,self,0,2)"]),
    ("Inquisitor's Ox", "Delirium — Inquisitor's Ox gets +1/+0 and has vigilance as long as there are four or more "
     "card types among cards in your graveyard.", ["anthem_if(at_least(4,you,card_types(graveyard)),each,self,1,0)",
                                                    "grant_if(at_least(4,you,card_types(graveyard)),each,self,vigilance)"]),
    ("Scourge Wolf", "Delirium — Scourge Wolf has double strike as long as there are four or more card types among "
     "cards in your graveyard.", ["grant_if(at_least(4,you,card_types(graveyard)),each,self,double_strike)"]),
    ("Geist of the Lonely Vigil", "Delirium — Geist of the Lonely Vigil can attack as though it didn't have defender "
     "as long as there are four or more card types among cards in your graveyard.",
     ["grant_if(at_least(4,you,card_types(graveyard)),each,self,attacks_despite_defender)"]),
    ("Ogre Jailbreaker", "Ogre Jailbreaker can attack as though it didn't have defender as long as you control a Gate.",
     ['grant_if(permanent,each,land_type("gate"),attacks_despite_defender)']),
    ("Goham Djinn", "Goham Djinn gets -2/-2 as long as black is the most common color among all permanents or is "
     "tied for most common.", ["anthem_if(most_common(black),each,self,-2,-2)"]),
])
def test_611_3a_real_state_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


def test_500_1_as_long_as_it_is_your_turn() -> None:
    """Hardy Veteran (2/1, +0/+2 on its controller's turn) survives a 2/2 blocker on alice's turn; bob's Veteran
    blocking on alice's turn is a 2/1 and dies with the attacker."""
    veteran = "As long as it's your turn, ~ gets +0/+2"
    s = board(creature("h", "alice", 2, 1, veteran), creature("b", "bob", 2, 2), attackers={"h": "bob"},
              blockers={"b": ["h"]})
    assert results(s) == {(20, ("b",))}
    s = board(creature("h", "bob", 2, 1, veteran), creature("a", "alice", 2, 2), attackers={"a": "bob"},
              blockers={"h": ["a"]})
    assert results(s) == {(20, ("a", "h"))}


def test_205_2a_delirium_comes_as_an_artifact_creature_dies_in_the_first_strike_step() -> None:
    """Scourge Wolf (3/3, double strike with delirium): alice's graveyard holds a land and an instant; her artifact
    creature dies to first-strike damage, bringing artifact and creature (700.4): the Wolf has double strike in the
    regular step, where it deals damage once (510.4: it dealt none in the first); with a token (111.7) nothing is
    added. A sorcery stated beside the two makes four with the dying creature card alone."""
    wolf = creature("w", "alice", 3, 3, "Delirium — Scourge Wolf has double strike as long as there are four or more "
                    "card types among cards in your graveyard.", name="Scourge Wolf")
    first = creature("f", "bob", 2, 2, "First strike")
    combat = {"attackers": {"w": "bob", "x": "bob"}, "blockers": {"f": ["x"]}}
    alice = {"graveyard_types": ["Land", "instant"]}
    x = creature("x", "alice", 1, 1, types=["Artifact", "Creature"])
    assert results(board(wolf, x, first, alice=alice, **combat)) == {(17, ("x",))}
    assert results(board(wolf, {**x, "token": True}, first, alice=alice, **combat)) == {(17, ("x",))}
    # with four types before combat the Wolf has double strike from the start: 3 + 3
    alice = {"graveyard_types": ["land", "instant", "sorcery", "creature"]}
    assert results(board(wolf, first, alice=alice, attackers={"w": "bob"}, blockers={})) == {(14, ())}


def test_205_2a_the_card_types_a_board_reads_must_be_stated() -> None:
    """A delirium line needs its controller's `graveyard_types` (docs/situation.md); a type is one of 205.2a's."""
    ox = creature("o", "alice", 2, 5, "~ gets +1/+0 and has vigilance as long as there are four or more card types "
                  "among cards in your graveyard")
    with pytest.raises(pysolver.InputError, match=r"players\[0\].graveyard_types: .*state which"):
        board(ox)
    with pytest.raises(pysolver.InputError, match=r"players\[0\].graveyard_types\[0\]: 'tribal' is not one of"):
        board(ox, alice={"graveyard_types": ["tribal"]})


def test_609_4_can_attack_as_though_it_did_not_have_defender() -> None:
    """Ogre Jailbreaker (defender) may attack while its controller controls a Gate (702.3b, 609.4)."""
    ogre = creature("o", "alice", 4, 4, "Defender", "~ can attack as though it didn't have defender as long as you "
                    "control a Gate")
    gate = {"id": "g", "controller": "alice", "types": ["Land"], "subtypes": ["Gate"]}
    assert [d["attacks"] for d in pysolver.legal_attacks(board(ogre, gate))] == [[], [["o", "bob"]]]
    assert [d["attacks"] for d in pysolver.legal_attacks(board(ogre))] == [[]]


def test_105_2_the_most_common_color_among_all_permanents() -> None:
    """Goham Djinn (black 5/6, -2/-2 while black is the most common color or tied) blocked by two red creatures is
    a 5/6: the red first striker deals it 1, the 4/4 then 4 (5 marked). However it divides its 5 damage (510.1c),
    it kills one red creature or both, which leaves a tie or black alone: a 3/4 with 5 damage, it dies too (704.3)."""
    djinn = creature("d", "alice", 5, 6, "~ gets -2/-2 as long as black is the most common color among all "
                     "permanents or is tied for most common", colors=["black"])
    red = creature("r", "bob", 4, 4, colors=["red"])
    s = board(djinn, red, creature("q", "bob", 1, 1, "First strike", colors=["red"]), attackers={"d": "bob"},
              blockers={"r": ["d"], "q": ["d"]})
    assert results(s) == {(20, ("d", "q", "r")), (20, ("d", "q")), (20, ("d", "r"))}
    # tied at one each: a 3/4 from the start, which the 4/4 kills
    assert results(board(djinn, red, attackers={"d": "bob"}, blockers={"r": ["d"]})) == {(20, ("d",))}


@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Dragonlord Ojutai", "Dragonlord Ojutai has hexproof as long as it's untapped.",
     ["grant_if(untapped,each,self,hexproof)"]),
    ("Pristine Angel", "As long as Pristine Angel is untapped, it has protection from artifacts and from all colors.",
     ["grant_if(untapped,each,self,protection(artifacts))", "grant_if(untapped,each,self,protection(each_color))"]),
])
def test_110_5_real_untapped_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


ANGEL = creature("a", "bob", 3, 3, "Flying", "As long as ~ is untapped, it has protection from artifacts and from all "
                 "colors", colors=["white"])


def test_110_5_as_long_as_it_is_untapped() -> None:
    """Pristine Angel blocking (untapped) is protected from the red attacker's damage (702.16e); alice may tap it
    with "{T}: Tap target creature" after blockers (a colorless creature may target it), and the 4 damage then kill
    it: tapping is explored (pysolver.rules.activated.may_matter). Attacking without vigilance it is tapped
    (508.1f): the red creature may block it and kills it."""
    red = creature("r", "alice", 4, 4, "Flying", colors=["red"])
    tapper = creature("t", "alice", 1, 1, "{T}: Tap target creature.")
    assert results(board(ANGEL, red, attackers={"r": "bob"}, blockers={"a": ["r"]})) == {(20, ())}
    s = board(ANGEL, red, tapper, attackers={"r": "bob"}, blockers={"a": ["r"]})
    assert results(s) == {(20, ()), (20, ("a",))}
    s = board({**ANGEL, "controller": "alice"}, {**red, "controller": "bob"}, attackers={"a": "bob"})
    assert [d["blocks"] for d in pysolver.legal_blocks(s)] == [[], [["r", "a"]]]
    assert results(s.with_combat(blockers=(("r", "a"),))) == {(20, ("a",))}


def test_110_5_a_granted_vigilance_beside_an_untapped_condition_is_refused() -> None:
    """Whether an attacker was tapped as it attacked (508.1f, 702.20b) is read off its printed vigilance: a static
    ability granting vigilance could change that after the declaration, a pump could give it too late: refused."""
    with pytest.raises(pysolver.InputError, match=r"vigilance other than printed .* 'a' reads whether it is untapped"):
        board(ANGEL, creature("v", "bob", 1, 1, "Other creatures you control have vigilance"))
    with pytest.raises(pysolver.InputError, match=r"vigilance other than printed .* 'a' reads whether it is untapped"):
        board(ANGEL, creature("v", "bob", 1, 1, "{W}: This creature gains vigilance until end of turn."))


# ---- 614.12: "As ~ enters, choose a color" and "protection from the chosen color" (permanents[].chosen_color) ----

@pytest.mark.parametrize(("name", "line", "terms"), [
    ("Order of the Stars", "Order of the Stars has protection from the chosen color.", ["protection(chosen_color)"]),
    ("Ward Sliver", "All Slivers have protection from the chosen color.",
     ['grant(all,each,creature_type("sliver"),protection(chosen_color))']),
])
def test_614_12_real_chosen_color_lines_parse(name: str, line: str, terms: list[str]) -> None:
    assert [a.term for a in parse_ability_line(line, name)] == terms


def test_614_12_protection_from_the_chosen_color() -> None:
    """Order of the Stars (0/1, chosen red) blocks a red 3/3 and takes no damage (702.16e); a green 3/3 kills it.
    Ward Sliver (chosen red) gives every Sliver protection from red: a red creature can't block alice's Sliver
    (702.16f). The solver, the walk and the reference agree (tests/differential.py)."""
    order = creature("o", "bob", 0, 1, "Defender", "~ has protection from the chosen color.", chosen_color="red")
    red, green = creature("r", "alice", 3, 3, colors=["red"]), creature("g", "alice", 3, 3, colors=["green"])
    assert results(board(order, red, attackers={"r": "bob"}, blockers={"o": ["r"]})) == {(20, ())}
    assert results(board(order, green, attackers={"g": "bob"}, blockers={"o": ["g"]})) == {(20, ("o",))}
    ward = creature("w", "alice", 2, 2, "All Slivers have protection from the chosen color.", subtypes=["Sliver"],
                    chosen_color="red")
    s = board(ward, {**red, "controller": "bob"}, attackers={"w": "bob"})
    assert [d["blocks"] for d in pysolver.legal_blocks(s)] == [[]]
    assert len(agreed_outcomes(board(order, red, green, attackers={"r": "bob", "g": "bob"}))) == 3


def test_614_12_the_chosen_color_must_be_given() -> None:
    with pytest.raises(pysolver.InputError, match=r"chosen_color: permanent 'o' .* \(614.12\): give its chosen_color"):
        board(creature("o", "bob", 0, 1, "Protection from the chosen color"))
    with pytest.raises(pysolver.InputError, match=r"'pink' is no color"):
        board(creature("o", "bob", 0, 1, chosen_color="pink"))


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(outcome_boards("blockers"), st.sampled_from(["white", "blue", "black", "red", "green"]), st.booleans())
def test_614_12_chosen_color_equals_reference(data: dict[str, Any], color: str, grant: bool) -> None:
    """A permanent of the generated board with the protection (its own, or granted to every creature)."""
    first = dict(data["permanents"][0])
    line = "Creatures you control have protection from the chosen color" if grant else \
        "Protection from the chosen color"
    first.update(abilities=[*first.get("abilities", []), line], chosen_color=color)
    try:
        outcomes_equal_reference({**data, "permanents": [first, *data["permanents"][1:]]})
    except pysolver.InputError:
        pass  # a board the new protection makes illegal (a block it forbids, 702.16f)
