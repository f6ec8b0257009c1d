"""Cards exiled with a permanent and their return (406.6, 607.2a, 603.6c, 610.3c, 702.72a; pysolver.rules.exiled):
each rule with a hand-stated set of results, the real cards' lines, the refusals, and the brute-force reference
(tests/reference/deaths.py :func:`returned`) on generated boards."""

from __future__ import annotations

from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from differential import agreed_outcomes, outcome, outcomes_equal_reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.outcomes import canonical
from strategies import examples

from pysolver.errors import InputError
from pysolver.game.fights import decomposes
from pysolver.game.outcomes import outcome_values
from pysolver.model import Situation
from pysolver.model.abilities import parse_ability_line

RETURN = "When ~ leaves the battlefield, return the exiled card to the battlefield under its owner's control"
SHRINK = "Creatures your opponents control get -1/-1"


def solved(s: Situation) -> set[str]:
    """The solver's outcomes of `s` as canonical text (the differential test below holds it to the reference)."""
    return {canonical(o.to_json()) for o in outcome_values(s)}


def card(pid: str, owner: str, power: int = 1, toughness: int = 1, *abilities: str) -> dict[str, Any]:
    """A creature card exiled with a permanent (docs/situation.md `exiled_cards`)."""
    return {"id": pid, "owner": owner, "power": power, "toughness": toughness, "abilities": list(abilities)}


@pytest.mark.parametrize(("name", "line"), [
    ("Fiend Hunter", "When Fiend Hunter leaves the battlefield, return the exiled card to the battlefield under its "
     "owner's control."),
    ("Worldgorger Dragon", "When Worldgorger Dragon leaves the battlefield, return the exiled cards to the battlefield "
     "under their owners' control."),
    ("Admonition Angel", "When Admonition Angel leaves the battlefield, return all cards exiled with it to the "
     "battlefield under their owners' control."),
    ("Changeling Hero", "Champion a creature"), ("Wren's Run Packmaster", "Champion an Elf"),
    ("Lightning Crafter", "Champion a Goblin or Shaman"),
    ("Hypnox", "When Hypnox leaves the battlefield, return the exiled cards to their owner's hand."),
    ("Wormfang Behemoth", "When Wormfang Behemoth leaves the battlefield, return the exiled cards to their owner's "
     "hand.")])
def test_real_lines_read_as_the_return_of_the_exiled_cards(name: str, line: str) -> None:
    """603.6c, 607.2a, 702.72a, 400.7: the leaves-the-battlefield ability linked to the one that exiled the cards."""
    want = "dies_return_exiled_to_hand" if line.endswith("hand.") else "dies_return_exiled"
    assert [a.kind for a in parse_ability_line(line, name)] == [want]


def test_607_2a_the_exiled_card_returns_under_its_owners_control() -> None:
    """607.2a, 110.2, 400.7: Fiend Hunter dies blocked by a 4/4 (3/3 under alice's "-1/-1"); bob's exiled 1/1 comes
    back under bob's control, where alice's static makes it 0/0: it dies at once (704.5f)."""
    hunter = creature("fh", "alice", 1, 3, RETURN, exiled_cards=[card("elf", "bob")])
    shrink = {"id": "k", "controller": "alice", "types": ["Enchantment"], "abilities": [SHRINK]}
    s = board(hunter, shrink, creature("ogre", "bob", 4, 4), attackers={"fh": "bob"}, blockers={"ogre": ["fh"]})
    assert agreed_outcomes(s) == {outcome(destroyed=("elf", "fh"), damage={"ogre": 1})}


def test_702_72a_the_championed_card_returns_in_no_fight() -> None:
    """702.72a, 506.4: bob's champion blocking a first striker dies in the first-strike step and returns bob's Goblin
    card, a new object neither attacking nor blocking: its 3 power deals no damage in the regular step."""
    champion = creature("lc", "bob", 3, 3, "Champion a Goblin or Shaman", exiled_cards=[card("gob", "bob", 3, 1)])
    s = board(creature("fs", "alice", 3, 3, "First strike"), champion, attackers={"fs": "bob"},
              blockers={"lc": ["fs"]})
    assert solved(s) == {outcome(destroyed=("lc",))}


def test_610_3c_nothing_exiled_nothing_returns_and_the_fights_still_split() -> None:
    """610.3c, 607.2a: with no card exiled with it the trigger returns nothing; the board stays on the fight split."""
    s = board(creature("fh", "alice", 1, 3, RETURN), creature("ogre", "bob", 4, 4), attackers={"fh": "bob"},
              blockers={"ogre": ["fh"]})
    assert decomposes(s)
    assert agreed_outcomes(s) == {outcome(destroyed=("fh",), damage={"ogre": 1})}
    assert not decomposes(board(creature("fh", "alice", 1, 3, RETURN, exiled_cards=[card("e", "bob")])))


TO_HAND = "When ~ leaves the battlefield, return the exiled cards to their owner's hand"
DUPLICANT = ("As long as a card exiled with ~ is a creature card, ~ has the power, toughness, and creature types of "
             "the last creature card exiled with ~. It's still a Shapeshifter")


def test_613_4b_duplicant_has_the_last_exiled_creature_cards_power_toughness_and_types() -> None:
    """613.4b, 613.1d, 205.3m: Duplicant (2/4) with a 5/5 Giant card exiled is a 5/5 Giant Shapeshifter (an artifact
    card exiled after it is no creature card: the Giant is still the last creature card), and alice's "Other Giant
    creatures you control get +1/+1" (613.4c, layer 7c after 7b) makes it 6/6: it survives bob's 4/4 blocker (4
    damage) and kills it. With none exiled it is a 2/4 Shapeshifter only."""
    exiled = [{**card("g", "bob", 5, 5), "subtypes": ["Giant"]}, {"id": "a", "owner": "bob", "types": ["Artifact"]}]
    assert board(creature("d", "alice", 2, 4, DUPLICANT, subtypes=["Shapeshifter"])).permanent("d").power == 2
    d = creature("d", "alice", 2, 4, DUPLICANT, subtypes=["Shapeshifter"], exiled_cards=exiled)
    lord = {"id": "k", "controller": "alice", "types": ["Enchantment"],
            "abilities": ["Other Giant creatures you control get +1/+1"]}
    s = board(d, lord, creature("o", "bob", 4, 4), attackers={"d": "bob"}, blockers={"o": ["d"]})
    assert s.permanent("d").subtypes == ("Giant", "Shapeshifter")
    assert agreed_outcomes(s) == {outcome(destroyed=("o",), damage={"d": 4})}


def test_400_7_cards_returned_to_a_hand_can_pay_a_discard_cost() -> None:
    """400.7, 402.1, 701.9: alice's Hypnox dies in the first-strike step and bob's exiled card joins bob's empty
    hand, so in the regular step bob may discard it to save his 2/2 blocker (+1/+1), or not."""
    exiled = [{"id": "c1", "owner": "bob", "types": []}]
    s = board(creature("h", "alice", 2, 2, TO_HAND, exiled_cards=exiled), creature("x", "alice"),
              creature("fs", "bob", 2, 2, "First strike"),
              creature("w", "bob", 2, 2, "Discard a card: ~ gets +1/+1 until end of turn"),
              players=[{"name": "alice"}, {"name": "bob", "hand": 0}], attackers={"h": "bob", "x": "bob"},
              blockers={"fs": ["h"], "w": ["x"]})
    assert solved(s) == {outcome(destroyed=("h", "w", "x")), outcome(destroyed=("h", "x"), damage={"w": 2})}


def test_a_hand_reader_beside_a_return_to_a_hand_is_refused() -> None:
    """603.4, 402.1: "if you have no cards in hand" is read as it triggers: refused beside cards that may join a
    hand."""
    with pytest.raises(InputError, match=r"reads the cards in a hand"):
        board(creature("h", "alice", 2, 2, TO_HAND, exiled_cards=[{"id": "c", "owner": "bob", "types": []}]),
              creature("d", "bob", 1, 1, "When ~ dies, if you have no cards in hand, target creature gets -1/-1 until "
                       "end of turn"), players=[{"name": "alice"}, {"name": "bob", "hand": 0}])


@pytest.mark.parametrize(("exiled", "extra", "message"), [
    ({"id": "f", "owner": "bob", "types": ["Land"], "subtypes": ["Forest"]}, (), r"a land \(305\.6\)"),
    (card("e", "bob", 1, 1, "Bushido 1"), (), "has the line 'Bushido 1'"),
    (card("e", "bob"), (creature("w", "bob", 1, 1, "Evolve"),), r"\(702\.100a\)"),
    (card("fh", "bob"), (), "duplicate id 'fh'"),
    ({**card("e", "bob"), "tapped": True}, (), "unknown key"),
    ({"id": "e", "owner": "bob", "types": []}, (), "state its card types")])
def test_what_a_returned_card_could_do_beyond_the_model_is_refused(exiled: dict[str, Any], extra: tuple[Any, ...],
                                                                  message: str) -> None:
    """305.6, 603.6a, 702.100a, 400.7: a land's mana, another ability, an evolve watching it enter, a state."""
    with pytest.raises(InputError, match=message):
        board(creature("fh", "alice", 1, 3, RETURN, exiled_cards=[exiled]), *extra)


EXILED_ABILITIES = ("Flying", "First strike", "Deathtouch", "When ~ dies, create a 1/1 white Spirit creature token")
OTHER_LINES = ("When ~ dies, it deals 1 damage to target creature or player", "First strike", SHRINK,
               "Discard a card: ~ gets +1/+1 until end of turn")


@st.composite
def with_exiled(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with a return trigger (to the battlefield or to a hand) and 0-2 exiled creature cards of either player
    on some creatures, and death triggers, first strike, "-1/-1" or a discard cost on some others; hands of 0-1
    cards."""
    players = [p["name"] for p in data["players"]]
    data = {**data, "players": [{**p, "hand": draw(st.integers(0, 1))} for p in data["players"]]}
    permanents, n = [], 0
    for p in data["permanents"]:
        if "power" in p and draw(st.integers(0, 2)) == 0:
            cards = []
            for _ in range(draw(st.integers(0, 2))):
                n += 1
                lines = draw(st.lists(st.sampled_from(EXILED_ABILITIES), max_size=1))
                cards.append(card(f"ex{n}", draw(st.sampled_from(players)), draw(st.integers(0, 3)),
                                  draw(st.integers(1, 3)), *lines))
            returns = draw(st.sampled_from((RETURN, TO_HAND)))
            p = {**p, "abilities": [*p.get("abilities", []), returns], "exiled_cards": cards}
        elif "power" in p and draw(st.integers(0, 2)) == 0:
            p = {**p, "abilities": [*p.get("abilities", []), draw(st.sampled_from(OTHER_LINES))]}
        permanents.append(p)
    return {**data, "permanents": permanents}


@settings(max_examples=examples(3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(with_exiled))
def test_607_2a_returns_equal_reference(data: dict[str, Any]) -> None:
    outcomes_equal_reference(data)


def test_604_3_duplicant_beside_a_characteristic_defining_card_is_refused() -> None:
    """604.3: the last creature card's power or creature types are defined by an ability (changeling, 702.73a)."""
    with pytest.raises(InputError, match=r"characteristic-defining ability \(604\.3\)"):
        board(creature("d", "alice", 2, 4, DUPLICANT, exiled_cards=[card("c", "bob", 1, 1, "Changeling")]))
