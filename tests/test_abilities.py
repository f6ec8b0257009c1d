"""Ability lines (docs/abilities.md): every line is understood (case-insensitively, with `this creature`,
`~` or the card's own name for the creature) or rejected; never silently ignored."""

from __future__ import annotations

import json

import pytest

from pysolver import cli
from pysolver.errors import InputError
from pysolver.files.loader import situation_from_data
from pysolver.model import abilities
from pysolver.model.abilities import Ability, UnknownAbilityLine, parse_ability_line, suggestion
from pysolver.model.catalogue import CATALOGUE, GROUPS, LineForm
from pysolver.model.mana import Mana

PLAYERS = frozenset({"alice", "Bob"})
NAME = "Grizzly Bears"


def terms(line: str, name: str | None = NAME) -> list[str]:
    return [a.term for a in parse_ability_line(line, name, PLAYERS)]


KEYWORDS = [
    ("Flying", "flying"), ("Reach", "reach"), ("Trample", "trample"),
    ("Trample over planeswalkers", "trample_over_planeswalkers"), ("Menace", "menace"),
    ("Deathtouch", "deathtouch"), ("First strike", "first_strike"), ("Double strike", "double_strike"),
    ("Vigilance", "vigilance"), ("Haste", "haste"), ("Defender", "defender"),
    ("Indestructible", "indestructible"), ("Lifelink", "lifelink"), ("Fear", "fear"),
    ("Intimidate", "intimidate"), ("Shadow", "shadow"), ("Horsemanship", "horsemanship"), ("Skulk", "skulk"),
    ("Islandwalk", 'landwalk("island")'), ("Swampwalk", 'landwalk("swamp")'),
    ("Forestwalk", 'landwalk("forest")'), ("Mountainwalk", 'landwalk("mountain")'),
    ("Plainswalk", 'landwalk("plains")'), ("Desertwalk", 'landwalk("desert")'),
]


@pytest.mark.parametrize(("line", "term"), KEYWORDS)
def test_keyword(line: str, term: str) -> None:
    assert terms(line) == [term]
    assert terms(line.upper()) == [term]
    assert terms(line.lower() + ".") == [term]


def test_keyword_list_on_one_line() -> None:
    """702.1: keywords may be strung together on one line (113.2c)."""
    assert terms("Flying, first strike, trample") == ["flying", "first_strike", "trample"]


BLOCKING = [
    ("can't block", "cant_block"),
    ("can't be blocked", "cant_be_blocked"),
    ("can block an additional creature each combat", "block_additional"),
    ("can block any number of creatures", "block_any_number"),
    ("can block any number of creatures each combat", "block_any_number"),
    ("can block only creatures with flying", "block_only_flyers"),
    ("must be blocked if able", "must_be_blocked"),
    ("blocks each combat if able", "blocks_each_combat"),
    ("attacks each combat if able", "attacks_each_combat"),
]


@pytest.mark.parametrize(("rest", "term"), BLOCKING)
@pytest.mark.parametrize("subject", ["", "This creature ", "this creature ", "~ ", "Grizzly Bears ", "GRIZZLY BEARS "])
def test_blocking_and_requirement_lines(subject: str, rest: str, term: str) -> None:
    line = subject + rest if subject else rest[0].upper() + rest[1:]
    assert terms(line) == [term]
    assert terms(line + ".") == [term]


@pytest.mark.parametrize("creature", ["this creature", "~", "Grizzly Bears"])
def test_lure(creature: str) -> None:
    assert terms(f"All creatures able to block {creature} do so.") == ["lure"]


def test_curly_apostrophe() -> None:
    assert terms("This creature can\u2019t block.") == ["cant_block"]


def test_another_creatures_name_is_not_this_creature() -> None:
    with pytest.raises(ValueError):
        parse_ability_line("Hill Giant can't block", NAME, PLAYERS)


@pytest.mark.parametrize(("word", "n"), [("two", 2), ("three", 3), ("four", 4), ("five", 5), ("twelve", 12),
                                         ("2", 2), ("3", 3), ("10", 10), ("one", 1)])
def test_509_1b_except_by_n_or_more_in_words_or_digits(word: str, n: int) -> None:
    line = f"This creature can't be blocked except by {word} or more creatures."
    assert parse_ability_line(line, NAME, PLAYERS) == [Ability("min_blockers", n)]
    assert terms(f"~ can't be blocked except by {word} or more creatures") == [f"min_blockers({n})"]
    assert terms(f"Can't be blocked except by {word.upper()} or more creatures") == [f"min_blockers({n})"]


@pytest.mark.parametrize("word", ["zero", "0", "many", "-1"])
def test_except_by_n_needs_a_positive_number(word: str) -> None:
    with pytest.raises(ValueError):
        parse_ability_line(f"Can't be blocked except by {word} or more creatures", NAME, PLAYERS)


# --- 702.16 protection -------------------------------------------------------------------------------

QUALITIES = [
    ("white", "color(white)"), ("Blue", "color(blue)"), ("black", "color(black)"), ("red", "color(red)"),
    ("GREEN", "color(green)"), ("each color", "each_color"), ("all colors", "each_color"),
    ("everything", "everything"), ("creatures", "creatures"), ("artifacts", "artifacts"),
    ("multicolored", "multicolored"), ("monocolored", "monocolored"), ("colorless", "colorless"),
    ("alice", 'player("alice")'), ("bob", 'player("Bob")'), ("Bob", 'player("Bob")'),
    ("Goblins", 'creature_type("goblin")'), ("Goblin", 'creature_type("goblin")'),
    ("Elves", 'creature_type("elf")'), ("Wolves", 'creature_type("wolf")'), ("humans", 'creature_type("human")'),
    ("Merfolk", 'creature_type("merfolk")'), ("Time Lords", 'creature_type("time lord")'),
]


@pytest.mark.parametrize(("quality", "term"), QUALITIES)
def test_702_16a_protection_quality(quality: str, term: str) -> None:
    assert terms(f"Protection from {quality}") == [f"protection({term})"]
    assert terms(f"protection from {quality}.") == [f"protection({term})"]


def test_702_16g_protection_from_a_and_from_b() -> None:
    assert terms("Protection from white and from blue") == ["protection(color(white))", "protection(color(blue))"]
    assert terms("Protection from white, from blue, and from Goblins") == [
        "protection(color(white))", "protection(color(blue))", 'protection(creature_type("goblin"))']
    assert terms("Protection from creatures and from alice") == ["protection(creatures)", 'protection(player("alice"))']


@pytest.mark.parametrize("line", ["Protection from", "Protection from purple", "Protection from carol",
                                  "Protection from white and from purple", "Protection from instants"])
def test_protection_from_something_not_understood(line: str) -> None:
    with pytest.raises(ValueError):
        parse_ability_line(line, NAME, PLAYERS)


# --- 702.37 morph -------------------------------------------------------------------------------------

def test_702_37_morph_and_megamorph_costs() -> None:
    assert parse_ability_line("Morph {3}{R}{R}{R}", NAME, PLAYERS) == [Ability("morph", Mana.parse("{3}{R}{R}{R}"))]
    assert parse_ability_line("megamorph {2}{g}", NAME, PLAYERS) == [Ability("megamorph", Mana.parse("{2}{G}"))]


# --- everything else is rejected -------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Flyng", "Flying and trample", "Bananawalk", "Morph", "Banding",
                                  "This creature can't attack alone", "Whenever this creature attacks, draw a card",
                                  "Flying, bananas", "Hexproof from blue", ""])
def test_unknown_line_raises(line: str) -> None:
    with pytest.raises(ValueError, match="not understood|ability line"):
        parse_ability_line(line, NAME, PLAYERS)


def test_error_names_the_line() -> None:
    with pytest.raises(ValueError) as info:
        parse_ability_line("Flyng", NAME, PLAYERS)
    assert "'Flyng'" in str(info.value)


# ---- the catalogue (pysolver.model.catalogue) and the did-you-mean ---------------------------------



@pytest.mark.parametrize("form", CATALOGUE, ids=lambda f: f.form)
def test_catalogue_example_parses_to_its_kind(form: LineForm) -> None:
    """Every catalogue entry's example line is understood as that entry's kind (its rule cited)."""
    parsed = parse_ability_line(form.example, NAME, PLAYERS)
    assert {a.kind for a in parsed} == {form.kind}
    assert form.group in GROUPS and form.rule[:3].isdigit()
    for wording in form.also:
        assert {a.kind for a in parse_ability_line(wording, NAME, PLAYERS)} == {form.kind}


def test_parser_tables_come_from_the_catalogue() -> None:
    tables = set(abilities.KEYWORDS.values()) | set(abilities.PHRASES.values())
    assert {f.kind for f in CATALOGUE if f.literal and f.group in ("keyword", "blocking", "requirement")} == tables
    assert set(abilities.QUALITIES.values()) == {f.value for f in CATALOGUE if f.value is not None}


@pytest.mark.parametrize(("line", "close"), [
    ("Flyng", "Flying"), ("first-strike", "First strike"), ("Protection from whte", "Protection from white"),
    ("Grizzly Bears cant block", "This creature can't block"), ("Islandwlk", "Islandwalk"),
    ("Swampwalkk", "Swampwalk"),
])
def test_did_you_mean(line: str, close: str) -> None:
    with pytest.raises(UnknownAbilityLine) as info:
        parse_ability_line(line, NAME, PLAYERS)
    assert f"did you mean {close!r}?" in str(info.value)
    assert "docs/abilities.md" in str(info.value)


def test_no_suggestion_for_a_line_far_from_every_form() -> None:
    assert suggestion("you win the game") is None


def test_did_you_mean_names_the_part_of_a_keyword_list() -> None:
    with pytest.raises(UnknownAbilityLine, match=r"its part 'trampel' matches no supported line; "
                                                 r"did you mean 'Trample'\?"):
        parse_ability_line("Flying, trampel", NAME, PLAYERS)


def test_unknown_line_in_a_situation_names_permanent_line_and_suggestion() -> None:
    data = {"players": [{"name": "a"}, {"name": "b"}], "active": "a",
            "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Flyng"]}]}
    with pytest.raises(InputError) as info:
        situation_from_data(data, "board.yaml")
    assert info.value.field == "permanents[0].abilities[0]"
    assert "permanent 'x'" in info.value.message and "'Flyng'" in info.value.message
    assert "did you mean 'Flying'?" in info.value.message


def test_abilities_command_lists_every_form(capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["abilities"]) == 0
    text = capsys.readouterr().out
    assert all(f.form in text and f.rule in text for f in CATALOGUE)
    assert cli.main(["abilities", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(a["form"], a["rule"], a["example"]) for a in doc["abilities"]] == \
        [(f.form, f.rule, f.example) for f in CATALOGUE]
    assert doc["format"] == 1
