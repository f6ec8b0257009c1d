"""What no line of the board reads (pysolver.model.unread): basic lands searched for and put onto the battlefield
tapped (701.23a, 110.5b), a card exiled from a graveyard (406.2), a Clue (701.16a), a Treasure (111.10a). The real
cards' lines, each rule with a hand-stated set of results, the refusals beside a line that may read what they make,
and the brute-force reference (which reads no such line: they do nothing it reports) on generated boards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import board, creature
from combat_boards import outcome_boards
from hypothesis import HealthCheck, assume, given, settings
from reference.outcomes import canonical, reference_outcomes
from strategies import examples, with_triggers

import pysolver
from pysolver.errors import InputError
from pysolver.game.outcomes import outcome_values
from pysolver.model.abilities import parse_ability_line

DRUID = ("When ~ dies, you may search your library for a basic land card, put it onto the battlefield tapped, then "
         "shuffle your library")
RAPTORS = ("Whenever ~ is dealt damage, you may search your library for a basic land card, put it onto the "
           "battlefield tapped, then shuffle your library")
CULTIVATOR = ("{2}{G}, {T}, Sacrifice ~: Search your library for a basic land card, put it onto the battlefield "
              "tapped, then shuffle your library")


@pytest.mark.parametrize(("name", "line", "kind"), [
    ("Primal Druid", "When Primal Druid dies, you may search your library for a basic land card, put it onto the "
     "battlefield tapped, then shuffle your library.", "land_search"),
    ("Viridian Emissary", "When Viridian Emissary dies, you may search your library for a basic land card, put it "
     "onto the battlefield tapped, then shuffle your library.", "land_search"),
    ("Ranging Raptors", "Enrage — Whenever Ranging Raptors is dealt damage, you may search your library for a basic "
     "land card, put it onto the battlefield tapped, then shuffle your library.", "land_search"),
    ("Centaur Rootcaster", "Whenever Centaur Rootcaster deals combat damage to a player, you may search your library "
     "for a basic land card and put that card onto the battlefield tapped. If you do, shuffle your library.",
     "land_search"),
    ("Burnished Hart", "{3}, Sacrifice Burnished Hart: Search your library for up to two basic land cards, put them "
     "onto the battlefield tapped, then shuffle your library.", "tap_hidden"),
    ("Embodiment of Spring", "{1}{G}, {T}, Sacrifice Embodiment of Spring: Search your library for a basic land card, "
     "put it onto the battlefield tapped, then shuffle your library.", "tap_hidden"),
    ("Oashra Cultivator", "{2}{G}, {T}, Sacrifice Oashra Cultivator: Search your library for a basic land card, put "
     "it onto the battlefield tapped, then shuffle your library.", "tap_hidden"),
    ("Silverglade Pathfinder", "{1}{G}, {T}, Discard a card: Search your library for a basic land card and put that "
     "card onto the battlefield tapped. Then shuffle your library.", "tap_hidden"),
])
def test_701_23a_real_land_search_lines_parse(name: str, line: str, kind: str) -> None:
    a, = parse_ability_line(line, name)
    assert a.kind == kind


@pytest.mark.parametrize("line", [
    # 110.5b: an untapped land could pay mana in the combat
    "When ~ dies, search your library for up to two basic land cards and put them onto the battlefield",
    "When ~ dies, put all land cards from your graveyard onto the battlefield tapped",
])
def test_701_23a_untapped_lands_and_other_zones_not_read(line: str) -> None:
    with pytest.raises(ValueError):
        parse_ability_line(line, "x")


def results(s: pysolver.Situation) -> set[tuple[Any, ...]]:
    """(alice's life, bob's life, destroyed) of each outcome."""
    return {(o["life"]["alice"], o["life"]["bob"], tuple(o["destroyed"])) for o in pysolver.outcomes(s)}


def test_701_23a_a_searched_land_changes_no_result() -> None:
    """701.23a, 110.5b, 106.4: bob's 1/1 Primal Druid-like blocker dies and bob may put a tapped basic land onto
    the battlefield; his 2/2 Raptors-like blocker is dealt damage and may do the same; alice's Cultivator may be
    sacrificed for one. A tapped land adds no mana and nothing on the board reads lands: the results are those of
    the vanilla board — the Druid destroyed, the Raptors destroyed by alice's 2/2, the Cultivator sacrificed or not
    (701.21a: listed destroyed)."""
    s = board(creature("x", "alice", 1, 1), creature("y", "alice", 2, 2), creature("c", "alice", 2, 1, CULTIVATOR),
              creature("d", "bob", 1, 1, DRUID), creature("r", "bob", 2, 2, RAPTORS), mana="{2}{G}",
              attackers={"x": "bob", "y": "bob"}, blockers={"d": ["x"], "r": ["y"]})
    assert results(s) == {(20, 20, ("d", "r", "x", "y")), (20, 20, ("c", "d", "r", "x", "y"))}


@pytest.mark.parametrize("reader", [
    "Forestwalk",  # 702.14c: a land entering before blockers are declared may make an attacker unblockable
    "Creatures you control have swampwalk",  # granted landwalk (613.1f)
    "Whenever ~ deals combat damage to a player, untap target creature or land",  # 701.26b: a land untapped
])
def test_701_23a_a_search_beside_a_line_reading_lands_is_refused(reader: str) -> None:
    with pytest.raises(InputError, match="701.23a"):
        board(creature("d", "bob", 1, 1, DRUID), creature("x", "alice", 2, 2, reader))


def _pool(tmp: Path, cards: list[tuple[str, str]]) -> Any:
    """A card pool of 2/2 green creatures with oracle text (pysolver.load_cards of a Scryfall list)."""
    path = tmp / "cards.json"
    path.write_text(json.dumps([{"name": n, "type_line": "Creature — Beast", "mana_cost": "{1}{G}", "colors": ["G"],
                                 "power": "2", "toughness": "2", "oracle_text": text} for n, text in cards]))
    return pysolver.load_cards(str(path))


@pytest.mark.parametrize("text", [
    "Landfall — Whenever a land you control enters, add one mana of any color.",  # 603.2: inert without a search
    "Cobra gets +1/+1 for each land you control.",  # a count of lands: not modelled (noted)
])
def test_603_2_a_search_beside_a_card_line_reading_lands_is_refused(tmp_path: Path, text: str) -> None:
    """603.2, 305.1: "Whenever a land you control enters" is inert only where no land enters during the combat, and
    a line not modelled that names lands may read one: a card with either beside a land search is refused."""
    pool = _pool(tmp_path, [("Cobra", text), ("Druid", "When Druid dies, you may search your library for a basic land "
                                                     "card, put it onto the battlefield tapped, then shuffle.")])
    with pytest.raises(InputError, match="701.23a"):
        pysolver.load_data({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": [
            {"id": "d", "controller": "bob", "card": "Druid"}, {"id": "c", "controller": "alice", "card": "Cobra"}]},
            cards=pool)


RAT = "When ~ dies, exile target card from an opponent's graveyard"
COURIER = "When ~ dies, investigate"
HOARDER = ("When ~ dies, create a colorless Treasure artifact token with \"{T}, Sacrifice this artifact: Add one mana "
           "of any color.\"")


@pytest.mark.parametrize(("name", "line", "kind"), [
    ("Ruin Rat", "When Ruin Rat dies, exile target card from an opponent's graveyard.", "graveyard_exile"),
    ("Grixis Sojourners", "When you cycle Grixis Sojourners or it dies, you may exile target card from a graveyard.",
     "graveyard_exile"),
    ("Sylvan Hierophant", "When Sylvan Hierophant dies, exile Sylvan Hierophant, then return another target creature "
     "card from your graveyard to your hand.", "graveyard_exile"),
    ("Byway Courier", "When Byway Courier dies, investigate.", "investigate"),
    ("Dire Fleet Hoarder", "When Dire Fleet Hoarder dies, create a colorless Treasure artifact token with \"{T}, "
     "Sacrifice this artifact: Add one mana of any color.\"", "treasure"),
    ("Goblin Gardener", "When Goblin Gardener dies, destroy target land.", "land_destroy"),
    ("Hurloon Shaman", "When Hurloon Shaman dies, each player sacrifices a land.", "land_destroy"),
    ("Destructor Dragon", "When Destructor Dragon dies, destroy target noncreature permanent.", "noncreature_destroy"),
])
def test_real_unread_death_lines_parse(name: str, line: str, kind: str) -> None:
    a, = parse_ability_line(line, name)
    assert a.kind == kind


def test_406_2_701_16a_111_10a_what_nothing_reads_changes_no_result() -> None:
    """406.2, 701.16a, 111.10a: bob's Ruin Rat, Byway Courier and Dire Fleet Hoarder (1/1 each) block alice's 2/2s and
    die; a card exiled from alice's graveyard, a Clue and a Treasure change nothing the board reads (the Treasure's
    mana could pay for the Clue's draw, which nothing reads either): the one result is theirs destroyed."""
    s = board(creature("x", "alice", 2, 2), creature("y", "alice", 2, 2), creature("z", "alice", 2, 2),
              creature("r", "bob", 1, 1, RAT), creature("c", "bob", 1, 1, COURIER), creature("h", "bob", 1, 1, HOARDER),
              attackers={"x": "bob", "y": "bob", "z": "bob"}, blockers={"r": ["x"], "c": ["y"], "h": ["z"]})
    assert results(s) == {(20, 20, ("c", "h", "r"))}


def test_701_8a_a_land_or_noncreature_permanent_the_board_does_not_state() -> None:
    """701.8a, 701.21a: Goblin Gardener's "destroy target land", Hurloon Shaman's "each player sacrifices a land" and
    Destructor Dragon's "destroy target noncreature permanent" remove only what the board does not state, and
    nothing reads it: bob's three 1/1s die blocking and are all the result; a stated land is refused."""
    s = board(creature("x", "alice", 2, 2), creature("y", "alice", 2, 2), creature("z", "alice", 2, 2),
              creature("g", "bob", 1, 1, "When ~ dies, destroy target land"),
              creature("h", "bob", 1, 1, "When ~ dies, each player sacrifices a land"),
              creature("d", "bob", 1, 1, "When ~ dies, destroy target noncreature permanent"),
              attackers={"x": "bob", "y": "bob", "z": "bob"}, blockers={"g": ["x"], "h": ["y"], "d": ["z"]})
    assert results(s) == {(20, 20, ("d", "g", "h"))}
    with pytest.raises(InputError, match="may remove 'f'"):
        board(creature("g", "bob", 1, 1, "When ~ dies, destroy target land"),
              {"id": "f", "controller": "alice", "types": ["Land"], "subtypes": ["Forest"]})


@pytest.mark.parametrize(("maker", "reader", "what"), [
    (RAT, "Persist", "graveyard"),  # 702.79a: the card it returns may be the one exiled (608.2b)
    (RAT, "As long as seven or more cards are in your graveyard, this creature gets +2/+2", "graveyard"),  # 404.1
    ("When ~ dies, exile ~, then return another target creature card from your graveyard to your hand",
     "Hellbent — This creature gets +2/+0 as long as you have no cards in hand", "returned to a hand"),  # 121.1
    (COURIER, "{T}, Sacrifice an artifact: This creature deals 2 damage to any target", "Clue"),  # 701.21a
    (COURIER, "Hellbent — This creature gets +2/+0 as long as you have no cards in hand", "Clue"),  # 121.1
    (HOARDER, "{R}: This creature gets +1/+0 until end of turn", "Treasure"),  # 106.4: its mana spent
    (HOARDER, CULTIVATOR, "Treasure"),  # its mana may pay for another maker's cost
    ("When ~ dies, destroy target land", "{T}: Add {G}", "land destroyed"),  # 106.4: a land's mana
])
def test_a_maker_beside_a_line_reading_what_it_makes_is_refused(maker: str, reader: str, what: str) -> None:
    with pytest.raises(InputError, match=what):
        board(creature("d", "bob", 1, 1, maker), creature("x", "alice", 2, 2, reader))


@settings(max_examples=examples(1), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(outcome_boards("blockers").flatmap(lambda d: with_triggers(d, (DRUID, RAPTORS, RAT, COURIER, "First strike"))))
def test_unread_effects_equal_reference(data: dict[str, Any]) -> None:
    try:
        s = pysolver.load_data(data)
    except InputError:
        assume(False)
        return
    want = {canonical(o) for o in reference_outcomes(s)}
    got = [canonical(o.to_json()) for o in outcome_values(s)]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == want, (sorted(set(got) - want)[:2], sorted(want - set(got))[:2])
