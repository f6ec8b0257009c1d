"""Card pools (docs/engines.md): `--cards` in Scryfall and MTGJSON AtomicCards format, oracle text into
docs/abilities.md lines, unmodelled lines, unsupported morph costs, and the edge cases of card names.

The fixtures in tests/fixtures hold a handful of real cards with their printed facts, in both
formats: Akroma, Angel of Fury (current Oracle wording, with its shortened name, 201.5c),
Blistering Firecat, Delver of Secrets // Insectile Aberration (transform), Bonecrusher Giant //
Stomp (adventure), Den Protector (megamorph), Warbreak Trumpeter (Morph {X}{X}{R}) and
Watcher of the Roost (Morph—Reveal a white card in your hand). Nothing is downloaded.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import pysolver
from pysolver.cli import main
from pysolver.errors import InputError
from pysolver.files.cards import builtin_pool, card_key, oracle_lines, parse_pool
from pysolver.files.oracle import REASONS

FIXTURES = Path(__file__).parent / "fixtures"
SCRYFALL = FIXTURES / "scryfall-cards.json"
MTGJSON = FIXTURES / "AtomicCards.json"
REAL = Path(__file__).parents[1] / "examples" / "cards" / "creatures.scryfall.json"  # real cards of each class
POOLS = pytest.mark.parametrize("pool_file", [SCRYFALL, MTGJSON], ids=["scryfall", "mtgjson"])


def situation(*permanents: dict, alice_mana: str | None = None, bob_mana: str | None = None, **top) -> dict:
    alice: dict = {"name": "alice", "life": 20}
    bob: dict = {"name": "bob", "life": 20}
    if alice_mana:
        alice["mana"] = alice_mana
    if bob_mana:
        bob["mana"] = bob_mana
    return {"players": [alice, bob], "active": "alice", "permanents": list(permanents), **top}


def write(tmp_path: Path, data: dict, name: str = "board.yaml") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML (docs/situation.md)
    return str(path)


# --- reading the two formats -------------------------------------------------------------------

@POOLS
def test_fixture_pool_indexes_cards_and_faces(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    assert set(pool) == {
        "akroma, angel of fury", "blistering firecat", "den protector", "warbreak trumpeter",
        "watcher of the roost", "delver of secrets // insectile aberration", "delver of secrets",
        "insectile aberration", "bonecrusher giant // stomp", "bonecrusher giant", "stomp"}


def test_both_formats_give_the_same_cards() -> None:
    scryfall, mtgjson = pysolver.load_cards(SCRYFALL), pysolver.load_cards(MTGJSON)
    assert scryfall == mtgjson


@POOLS
def test_akroma_characteristics_and_lines(pool_file: Path) -> None:
    akroma = pysolver.load_cards(pool_file)["akroma, angel of fury"]
    assert (akroma.name, akroma.types, akroma.subtypes, akroma.colors) == (
        "Akroma, Angel of Fury", ("Creature",), ("Angel",), ("red",))
    assert (akroma.power, akroma.toughness, akroma.mana_cost) == (6, 6, "{5}{R}{R}{R}")
    # the keyword line is split; reminder text is gone
    # the pump ability (602.1, issue 15) with the shortened name written out in full (201.5c)
    assert akroma.lines == ("Flying", "trample", "protection from white and from blue",
                            "{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.", "Morph {3}{R}{R}{R}")
    # not modelled, kept with its oracle wording: a casting restriction, which cannot change one combat
    assert akroma.unmodelled == ()
    assert akroma.inert == (("This spell can't be countered.", REASONS["spell"]),)


@POOLS
def test_double_faced_card_by_full_name_and_by_each_face(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    assert pool["delver of secrets // insectile aberration"] is pool["delver of secrets"]
    front, back = pool["delver of secrets"], pool["insectile aberration"]
    assert (front.power, front.toughness, front.subtypes, front.lines) == (1, 1, ("Human", "Wizard"), ())
    assert front.unmodelled == () and front.inert[0][0].startswith("At the beginning of your upkeep")
    assert front.inert[0][1] is REASONS["step"]  # 503.1: the upkeep is not in the combat phase
    assert (back.name, back.power, back.toughness, back.colors, back.subtypes, back.lines) == (
        "Insectile Aberration", 3, 2, ("blue",), ("Human", "Insect"), ("Flying",))


@POOLS
def test_adventurer_card_faces(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    giant = pool["bonecrusher giant // stomp"]
    assert (giant.name, giant.types, giant.power, giant.toughness, giant.colors) == (
        "Bonecrusher Giant", ("Creature",), 4, 3, ("red",))
    assert pool["stomp"].types == () and pool["stomp"].power is None


@POOLS
def test_megamorph_and_unmodelled_lines(pool_file: Path) -> None:
    den = pysolver.load_cards(pool_file)["den protector"]
    assert den.lines == ("Creatures with power less than Den Protector's power can't block it.",  # 509.1b
                         "Megamorph {1}{G}")
    # turned face up during combat (702.37e), but the card returned goes to a hand (121.1)
    assert den.unmodelled == () and den.inert == (
        ("When Den Protector is turned face up, return target card from your graveyard to your hand.",
         REASONS["hidden"]),)


def test_scryfall_list_object_and_single_card_object() -> None:
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    assert parse_pool({"object": "list", "data": cards}, "x") == pysolver.load_cards(SCRYFALL)
    assert set(parse_pool(cards[1], "x")) == {"blistering firecat"}


def test_a_card_name_wins_over_tokens_and_art_cards() -> None:
    card = {"object": "card", "layout": "normal", "name": "Grizzly Bears", "type_line": "Creature — Bear",
            "colors": ["G"], "power": "2", "toughness": "2", "oracle_text": ""}
    token = {**card, "layout": "token", "power": "5", "toughness": "5"}
    art = {"object": "card", "layout": "art_series", "name": "Grizzly Bears // Grizzly Bears",
           "type_line": "Card // Card",
           "card_faces": [{"name": "Grizzly Bears", "type_line": "Card"},
                          {"name": "Grizzly Bears", "type_line": "Card"}]}
    for order in ([token, art, card], [card, art, token]):
        pool = parse_pool(order, "x")
        assert set(pool) == {"grizzly bears"} and pool["grizzly bears"].power == 2


@pytest.mark.parametrize("data, message", [
    ({}, "not card data"),
    ([{"layout": "normal"}], "[0]: malformed Scryfall card: no 'name'"),
    ([{"name": "Odd", "colors": ["P"]}], "[0] (Odd): malformed Scryfall card: color 'P'"),
    ({"data": {"Odd": {"cards": []}}}, "use AtomicCards.json"),
    ({"data": {"Odd": [{"colors": "R"}]}}, "data.Odd: malformed MTGJSON card"),
])
def test_malformed_card_data_is_an_error_naming_the_place(data: object, message: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_pool(data, "cards.json")
    assert message in str(exc.value) and str(exc.value).startswith("cards.json")


# --- oracle text into docs/abilities.md lines -----------------------------------------------------------

def test_keyword_line_with_an_unmodelled_keyword_keeps_the_rest() -> None:
    assert oracle_lines("X", "Flying, prowess") == (("Flying",), ("prowess",))
    assert oracle_lines("X", "Flying, ward—Pay 2 life.") == (("Flying",), ("ward—Pay 2 life.",))


def test_sentences_with_commas_are_not_split() -> None:
    text = "As long as it's your turn, X can't be the target of spells, abilities, or effects."
    assert oracle_lines("X", text) == ((), (text,))  # (one line, not modelled; "…, X has first strike" is now, 500.1)
    text = "{2}, {T}: Tap target creature, then untap X."
    assert oracle_lines("X", text) == ((), (text,))


def test_a_name_with_commas_stands_for_this_creature() -> None:
    name = "Akroma, Angel of Fury"
    lines, unmodelled = oracle_lines(name, f"Flying\n{name} can't block.\n{name} attacks each combat if able.")
    assert lines == ("Flying", f"{name} can't block.", f"{name} attacks each combat if able.")
    assert unmodelled == ()
    pool = {"akroma, angel of fury": builtin_pool()["akroma, angel of fury"]}
    s = pysolver.load_data(situation({"id": "a", "controller": "alice", "card": name,
                                      "abilities": [f"{name} can't block", "~ can't be blocked"]}), cards=pool)
    assert {x.kind for x in s.permanent("a").abilities} == {"cant_block", "cant_be_blocked"}


def test_tilde_stands_for_this_creature_in_oracle_text() -> None:
    assert oracle_lines("Goblin Piker", "~ can't block.") == (("~ can't block.",), ())
    assert oracle_lines("Goblin Piker", "This creature can't block.") == (("This creature can't block.",), ())


def test_shortened_legendary_name_201_5c() -> None:
    lines, unmodelled = oracle_lines("Haktos the Unscarred", "Haktos attacks each combat if able.", legendary=True)
    assert lines == ("Haktos the Unscarred attacks each combat if able.",) and unmodelled == ()
    # only for legendary cards: another card's text naming "Haktos" is not about itself
    assert oracle_lines("Haktos the Unscarred", "Haktos attacks each combat if able.")[0] == ()


def test_reminder_text_is_dropped_even_when_nested() -> None:
    text = "Trample (This creature can deal excess (combat) damage to the player.)\n(Reminder only.)"
    assert oracle_lines("X", text) == (("Trample",), ())


def test_card_names_do_not_touch_mana_symbols() -> None:
    lines, _ = oracle_lines("X", "Megamorph {X}")
    assert lines == ("Megamorph {X}",)  # kept for the loader to reject (702.37f), not read as "this creature"


def test_card_key_ignores_case_accents_and_apostrophes() -> None:
    assert card_key("AKROMA,  Angel of Fury") == card_key("akroma, angel of fury")
    assert card_key("Ghazbán Ogre") == "ghazban ogre"


# --- using cards in situations ----------------------------------------------------------------

@POOLS
def test_card_names_are_case_insensitive(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    s = pysolver.load_data(situation({"id": "a", "controller": "alice", "card": "AKROMA, angel OF fury"},
                                     {"id": "i", "controller": "bob", "card": "insectile ABERRATION"}), cards=pool)
    assert s.permanent("a").name == "Akroma, Angel of Fury"
    assert (s.permanent("i").power, [a.kind for a in s.permanent("i").abilities]) == (3, ["flying"])


def test_a_card_in_no_pool_is_an_error_naming_it() -> None:
    with pytest.raises(InputError) as exc:
        pysolver.load_data(situation({"id": "a", "controller": "alice", "card": "Akroma, Angel of Furry"}))
    text = str(exc.value)
    assert "permanents[0].card" in text and "'Akroma, Angel of Furry'" in text and "no card pool" in text
    assert "did you mean 'Akroma, Angel of Fury'" in text


def test_a_back_face_needs_the_file_that_has_it() -> None:
    data = situation({"id": "i", "controller": "bob", "card": "Insectile Aberration"})
    with pytest.raises(InputError, match="'Insectile Aberration' is in no card pool"):
        pysolver.load_data(data)
    assert pysolver.load_data(data, cards=pysolver.load_cards(SCRYFALL)).permanent("i").toughness == 2


def test_fields_in_the_file_override_card_defaults() -> None:
    s = pysolver.load_data(situation({
        "id": "cat", "controller": "alice", "card": "Blistering Firecat", "name": "Kitty", "power": 9,
        "colors": ["blue"], "subtypes": ["Cat"], "abilities": ["Flying"]}))
    cat = s.permanent("cat")
    assert (cat.name, cat.power, cat.toughness, cat.colors, cat.subtypes) == ("Kitty", 9, 1, ("blue",), ("Cat",))
    assert [a.kind for a in cat.abilities] == ["flying"]
    assert cat.unmodelled == ()  # the file's abilities replace the card's lines, unmodelled ones too


def test_a_renamed_permanent_keeps_its_cards_self_references() -> None:
    s = pysolver.load_data(situation({"id": "l", "controller": "alice", "card": "Gudul Lurker", "name": "Lurky"}))
    assert {a.kind for a in s.permanent("l").abilities} == {"cant_be_blocked", "megamorph"}


def test_pool_file_overrides_the_built_in_pool() -> None:
    from pysolver.files.cards import with_builtin
    data = situation({"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"})
    assert builtin_pool()["akroma, angel of fury"].inert[0][0] == "Akroma, Angel of Fury can't be countered."
    assert with_builtin(pysolver.load_cards(SCRYFALL))["akroma, angel of fury"].inert[0][0] == \
        "This spell can't be countered."
    assert pysolver.load_data(data).permanent("akroma").power == 6
    stronger = parse_pool([{"name": "Akroma, Angel of Fury", "type_line": "Legendary Creature — Angel",
                            "colors": ["R"], "power": "7", "toughness": "6", "oracle_text": ""}], "x.json")
    assert pysolver.load_data(data, cards=stronger).permanent("akroma").power == 7


@POOLS
def test_morph_cost_with_x_is_an_error_naming_the_permanent(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    with pytest.raises(InputError) as exc:
        pysolver.load_data(situation({"id": "trumpeter", "controller": "alice", "card": "Warbreak Trumpeter",
                                      "face_down": True}), cards=pool)
    text = str(exc.value)
    assert "permanents[0].card" in text and "'trumpeter'" in text and "{X}" in text and "702.37f" in text


@POOLS
def test_non_mana_morph_cost_is_an_error_naming_the_permanent(pool_file: Path) -> None:
    pool = pysolver.load_cards(pool_file)
    with pytest.raises(InputError) as exc:
        pysolver.load_data(situation({"id": "watcher", "controller": "alice", "card": "Watcher of the Roost",
                                      "face_down": True}), cards=pool)
    text = str(exc.value)
    assert "'watcher'" in text and "Morph—Reveal a white card in your hand." in text and "not mana" in text


def test_unsupported_morph_lines_in_a_situation_file_are_errors_too() -> None:
    for line in ("Morph {X}{X}{R}", "Megamorph—Pay 5 life", "Morph {W/P}"):  # ({W/U} is read: 107.4e)
        with pytest.raises(InputError, match=r"permanents\[0\]\.abilities\[0\]: permanent 'm'"):
            pysolver.load_data(situation({"id": "m", "controller": "alice", "power": 1, "toughness": 1,
                                          "abilities": [line]}))


def test_an_unsupported_morph_card_is_usable_when_the_file_replaces_its_lines() -> None:
    s = pysolver.load_data(situation({"id": "t", "controller": "alice", "card": "Warbreak Trumpeter",
                                      "abilities": ["Morph {2}{R}"]}), cards=pysolver.load_cards(SCRYFALL))
    assert s.permanent("t").morph_cost()[0] == "morph"


def test_megamorph_card_from_a_file_gets_its_counter() -> None:
    # Den Protector (2/1) attacks face down, unblocked; with {1}{G} alice may turn it face up
    # for its megamorph cost: a 3/2 with the +1/+1 counter (702.37b) deals 3, face down it deals 2.
    s = pysolver.load_data(situation(
        {"id": "den", "controller": "alice", "card": "Den Protector", "face_down": True},
        alice_mana="{1}{G}", combat={"attackers": {"den": "bob"}, "blockers": {}}),
        cards=pysolver.load_cards(MTGJSON))
    life = {o["life"]["bob"]: o["line"]["face_up"] for o in pysolver.outcomes(s)}
    assert set(life) == {18, 17}
    assert life[18] == [] and [f["cost"] for f in life[17]] == ["{1}{G}"]


# --- the command line --------------------------------------------------------------------------

@POOLS
def test_cli_reads_card_files(pool_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation(
        {"id": "aberration", "controller": "alice", "card": "Insectile Aberration"},
        {"id": "bears", "controller": "bob", "card": "Grizzly Bears"}, combat={"attackers": {"aberration": "bob"}}))
    assert main(["blocks", board, "--json", "--cards", str(pool_file)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["results"] == [{"blocks": []}]  # flying (702.9b)
    assert err == ""


@POOLS
def test_cli_notes_unmodelled_lines_on_stderr_only(pool_file: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "finks", "controller": "alice", "card": "Kitchen Finks"},
                                      {"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"}))
    assert main(["attacks", board, "--json", "--cards", str(REAL)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["count"] == 4  # stdout is one JSON document, nothing else
    notes = err.strip().splitlines()
    # persist returns Finks during combat (702.79a): its enters trigger may gain 2 life there
    assert notes == ["note: finks: 'When Kitchen Finks enters, you gain 2 life.' is not modelled by the solver"]
    # Akroma's pump is modelled (602.1), "This spell can't be countered." cannot change a combat (601.2)
    board = write(tmp_path, situation({"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"}))
    assert main(["attacks", board, "--json", "--cards", str(pool_file)]) == 0
    assert capsys.readouterr()[1] == ""


def test_cli_notes_without_json_too(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "rider", "controller": "alice", "card": "Hellrider"}))
    assert main(["attacks", board, "--cards", str(REAL)]) == 0
    out, err = capsys.readouterr()
    assert "Hellrider deals 1 damage" in err and "note: rider: " in err
    assert "damage" not in out
    board = write(tmp_path, situation({"id": "cat", "controller": "alice", "card": "Blistering Firecat"}))
    assert main(["attacks", board]) == 0  # its end-step trigger cannot change the combat (513.1)
    assert capsys.readouterr()[1] == ""


@POOLS
def test_cli_strict_makes_unmodelled_lines_errors(pool_file: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "finks", "controller": "alice", "card": "Kitchen Finks"}))
    assert main(["attacks", board, "--strict", "--cards", str(REAL), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "permanent finks" in err and "When Kitchen Finks enters, you gain 2 life." in err and "(--strict)" in err
    assert "Traceback" not in err
    # a card whose other lines cannot change one combat passes --strict (702.37e, 121.1)
    board = write(tmp_path, situation({"id": "den", "controller": "alice", "card": "Den Protector"}))
    assert main(["attacks", board, "--strict", "--cards", str(pool_file)]) == 0
    # a card whose lines are all modelled passes --strict
    board = write(tmp_path, situation({"id": "i", "controller": "alice", "card": "Insectile Aberration"}))
    assert main(["attacks", board, "--strict", "--cards", str(pool_file)]) == 0


@pytest.mark.parametrize("card, words", [
    ("Warbreak Trumpeter", ["'facedown'", "Morph {X}{X}{R}", "702.37f"]),
    ("Watcher of the Roost", ["'facedown'", "Morph—Reveal a white card in your hand.", "not mana"]),
])
def test_cli_unsupported_morph_exit_2(card: str, words: list, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "facedown", "controller": "alice", "card": card, "face_down": True}))
    assert main(["outcomes", board, "--cards", str(SCRYFALL)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert all(w in err for w in words), err


def test_cli_unknown_card_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "x", "controller": "alice", "card": "Nonexistent Card"}))
    assert main(["attacks", board, "--cards", str(MTGJSON)]) == 2
    err = capsys.readouterr().err
    assert board in err and "'Nonexistent Card'" in err and "Traceback" not in err


@pytest.mark.parametrize("content, words", [
    ("[1, 2", ["invalid JSON"]),
    ('{"cards": []}', ["not card data"]),
    (None, ["cannot read card file"]),
])
def test_cli_bad_card_file_exit_2(content: str | None, words: list, tmp_path: Path,
                                  capsys: pytest.CaptureFixture) -> None:
    cards = tmp_path / "cards.json"
    if content is not None:
        cards.write_text(content, encoding="utf-8")
    board = write(tmp_path, situation({"id": "x", "controller": "alice", "card": "Grizzly Bears"}))
    assert main(["attacks", board, "--cards", str(cards)]) == 2
    err = capsys.readouterr().err
    assert str(cards) in err and all(w in err for w in words) and "Traceback" not in err


def test_a_card_that_is_not_a_permanent_is_an_error() -> None:
    data = situation({"id": "s", "controller": "alice", "card": "Stomp"})
    with pytest.raises(InputError, match="card 'Stomp' is not a permanent card"):
        pysolver.load_data(data, cards=pysolver.load_cards(SCRYFALL))


def test_star_power_must_come_from_the_file() -> None:
    goyf = {"object": "card", "layout": "normal", "name": "Tarmogoyf", "mana_cost": "{1}{G}",
            "type_line": "Creature — Lhurgoyf", "colors": ["G"], "power": "*", "toughness": "1+*",
            "oracle_text": "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
                           "and its toughness is equal to that number plus 1."}
    pool = parse_pool([goyf], "goyf.json")
    assert (pool["tarmogoyf"].power, pool["tarmogoyf"].toughness) == (None, None)
    with pytest.raises(InputError, match=r"permanents\[0\]\.power: permanent 'goyf' is a creature and needs power"):
        pysolver.load_data(situation({"id": "goyf", "controller": "alice", "card": "Tarmogoyf"}), cards=pool)
    s = pysolver.load_data(situation({"id": "goyf", "controller": "alice", "card": "Tarmogoyf",
                                      "power": 4, "toughness": 5}), cards=pool)
    assert (s.permanent("goyf").power, s.permanent("goyf").toughness) == (4, 5)


# --- card files at the speed of the JSON load (issue 14) ---------------------------------------

def bears(**fields) -> dict:
    card = {"object": "card", "layout": "normal", "name": "Grizzly Bears", "type_line": "Creature — Bear",
            "colors": ["G"], "power": "2", "toughness": "2", "oracle_text": "",
            "id": "11111111-aaaa-4000-8000-000000000001", "oracle_id": "22222222-bbbb-4000-8000-000000000001",
            "arena_id": 68123, "set": "10e", "collector_number": "268"}
    return {**card, **fields}


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private user cache directory ($XDG_CACHE_HOME), the cache switched on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PYSOLVER_NO_CACHE", raising=False)
    return tmp_path / "cache" / "pysolver"


def test_oracle_text_is_parsed_only_for_the_cards_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    import pysolver.files.cards as cards
    seen: list[str] = []
    real = cards.oracle_lines
    monkeypatch.setattr(cards, "oracle_lines", lambda name, *a, **k: seen.append(name) or real(name, *a, **k))
    many = [bears(name=f"Bear {i}", id=f"id-{i}", oracle_id=f"o-{i}", arena_id=i, collector_number=str(i),
                  oracle_text="Flying") for i in range(500)]
    pool = parse_pool(many, "many.json")
    assert len(pool) == 500 and seen == []  # indexing reads names and ids, no oracle text
    assert pool["bear 7"].lines == ("Flying",) and seen == ["Bear 7"]
    assert pool["bear 7"] is pool["scryfall:id-7"] and seen == ["Bear 7"]  # parsed once


def test_lookup_by_scryfall_id_arena_id_set_and_number() -> None:
    pool = parse_pool([bears()], "b.json")
    card = pool["grizzly bears"]
    for key in ("scryfall:11111111-AAAA-4000-8000-000000000001", "scryfall:22222222-bbbb-4000-8000-000000000001",
                "arena:68123", "set:10E/268", "SET:10e/268"):
        assert pool[key] is card, key
    assert "arena:1" not in pool and list(pool) == ["grizzly bears"]  # ids are looked up, not listed
    s = pysolver.load_data(situation({"id": "b", "controller": "alice", "card": "arena:68123"}), cards=pool)
    assert (s.permanent("b").name, s.permanent("b").power) == ("Grizzly Bears", 2)


def test_lookup_by_mtgjson_ids() -> None:
    data = {"data": {"Grizzly Bears": [{"name": "Grizzly Bears", "types": ["Creature"], "subtypes": ["Bear"],
                                        "colors": ["G"], "power": "2", "toughness": "2", "uuid": "u-1",
                                        "setCode": "10E", "number": "268",
                                        "identifiers": {"scryfallOracleId": "o-1", "mtgArenaId": "68123"}}]}}
    pool = parse_pool(data, "atomic.json")
    assert all(pool[k] is pool["grizzly bears"] for k in ("mtgjson:u-1", "scryfall:o-1", "arena:68123", "set:10e/268"))


def test_a_name_of_two_different_cards_is_reported_not_first_wins() -> None:
    pool = parse_pool([bears(), bears(oracle_id="other", id="x", power="5", set="unf", collector_number="9")], "b.json")
    assert "grizzly bears" in pool and list(pool.duplicates) == ["grizzly bears"]
    with pytest.raises(InputError) as exc:
        pool["grizzly bears"]
    text = str(exc.value)
    assert text.startswith("b.json") and "2 different cards" in text and "[0]" in text and "[1]" in text
    assert "scryfall:x" in text  # how to name the one meant
    assert pool["scryfall:x"].power == 5
    # reprints of one card (a file of every printing) are the same card
    same = parse_pool([bears(), bears(id="y", set="m10", collector_number="180")], "b.json")
    assert same.duplicates == {} and same["set:m10/180"] == same["grizzly bears"]


def test_an_ambiguous_card_in_a_situation_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    cards = tmp_path / "dup.json"
    cards.write_text(json.dumps([bears(), bears(oracle_id="other", power="5")]), encoding="utf-8")
    board = write(tmp_path, situation({"id": "b", "controller": "alice", "card": "Grizzly Bears"}))
    assert main(["attacks", board, "--cards", str(cards), "--no-card-cache"]) == 2
    err = capsys.readouterr().err
    assert "different cards" in err and "Traceback" not in err


@pytest.mark.parametrize("suffix, compress", [
    (".gz", "gzip"), (".xz", "lzma"), (".bz2", "bz2"),
])
def test_compressed_card_files_are_read_directly(suffix: str, compress: str, tmp_path: Path,
                                                 cache_home: Path) -> None:
    import importlib
    packed = tmp_path / f"cards.json{suffix}"
    packed.write_bytes(importlib.import_module(compress).compress(SCRYFALL.read_bytes()))
    assert pysolver.load_cards(packed) == pysolver.load_cards(SCRYFALL)
    atomic = tmp_path / f"AtomicCards.json{suffix}"
    atomic.write_bytes(importlib.import_module(compress).compress(MTGJSON.read_bytes()))
    assert pysolver.load_cards(atomic, cache=False)["den protector"].lines[-1] == "Megamorph {1}{G}"


def test_a_corrupt_compressed_file_is_an_input_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "cards.json.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00garbage")
    board = write(tmp_path, situation({"id": "x", "controller": "alice", "card": "Grizzly Bears"}))
    assert main(["attacks", board, "--cards", str(bad), "--no-card-cache"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "cannot decompress" in err and "Traceback" not in err


def test_the_cache_is_used_on_later_calls(tmp_path: Path, cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pysolver.files.cards as cards
    path = tmp_path / "cards.json"
    path.write_bytes(SCRYFALL.read_bytes())
    first = pysolver.load_cards(path)
    assert len(list(cache_home.glob("cards-*.sqlite"))) == 1
    monkeypatch.setattr(cards, "read_card_data", lambda p: pytest.fail("the file was read again"))
    later = pysolver.load_cards(path)
    assert later == first and later["akroma, angel of fury"].power == 6


def test_the_cache_file_keeps_its_layout(tmp_path: Path, cache_home: Path) -> None:
    """A cache written by an earlier version stays readable: the tables and the format number
    (pysolver.files.cardindex.CACHE_FORMAT) change only together."""
    import sqlite3

    from pysolver.files.cardindex import CACHE_FORMAT
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([bears()]), encoding="utf-8")
    pysolver.load_cards(path)
    (cached,) = cache_home.glob("cards-*.sqlite")
    db = sqlite3.connect(cached)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    db.close()
    assert tables == {"meta", "records", "refs", "ambiguous"} and meta["format"] == str(CACHE_FORMAT) == "3"


def test_a_changed_file_is_read_again(tmp_path: Path, cache_home: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([bears()]), encoding="utf-8")
    assert pysolver.load_cards(path)["grizzly bears"].power == 2
    path.write_text(json.dumps([bears(power="3")]), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert pysolver.load_cards(path)["grizzly bears"].power == 3


def test_a_corrupt_cache_is_ignored_and_rebuilt(tmp_path: Path, cache_home: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([bears()]), encoding="utf-8")
    pysolver.load_cards(path)
    (cached,) = cache_home.glob("cards-*.sqlite")
    cached.write_bytes(b"this is not a database" * 100)
    assert pysolver.load_cards(path)["grizzly bears"].power == 2
    assert pysolver.load_cards(path)["arena:68123"].name == "Grizzly Bears"


@pytest.mark.parametrize("how", ["option", "env"])
def test_the_cache_can_be_switched_off(how: str, tmp_path: Path, cache_home: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([bears()]), encoding="utf-8")
    board = write(tmp_path, situation({"id": "b", "controller": "alice", "card": "Grizzly Bears"}))
    argv = ["attacks", board, "--cards", str(path)]
    if how == "option":
        argv.append("--no-card-cache")
    else:
        monkeypatch.setenv("PYSOLVER_NO_CACHE", "1")
    assert main(argv) == 0
    assert not cache_home.exists() or not list(cache_home.glob("cards-*"))


def test_an_unwritable_cache_directory_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory would be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([bears()]), encoding="utf-8")
    assert pysolver.load_cards(path)["grizzly bears"].power == 2


def test_pysolver_cards_stands_in_for_the_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture) -> None:
    board = write(tmp_path, situation({"id": "d", "controller": "alice", "card": "Den Protector"}))
    assert main(["attacks", board, "--json"]) == 2  # not in the built-in pool
    capsys.readouterr()
    monkeypatch.setenv("PYSOLVER_CARDS", str(MTGJSON))
    assert main(["attacks", board, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 2


def test_a_pool_from_a_file_survives_pickling(tmp_path: Path, cache_home: Path) -> None:
    import pickle
    pool = pysolver.load_cards(SCRYFALL)
    assert pickle.loads(pickle.dumps(pool))["den protector"] == pool["den protector"]


# --- issue 22: one card looked up, numbers refused naming the card file, the limits kept -------------

class LookupsOnly(dict):  # type: ignore[type-arg]
    """A pool that fails if anything but the one card asked for is read from it (copied, listed, counted)."""

    def __init__(self, cards: dict) -> None:
        super().__init__(cards)
        self.asked: list[str] = []

    def __getitem__(self, key: str):  # type: ignore[no-untyped-def]
        self.asked.append(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.asked.append(str(key))
        return super().__contains__(key)

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise AssertionError("the whole pool was read")

    def __len__(self) -> int:
        raise AssertionError("the whole pool was counted")

    def keys(self):  # type: ignore[no-untyped-def]
        raise AssertionError("the whole pool was read")

    items = values = copy = keys


def test_permanent_from_card_looks_up_the_one_card_and_parses_no_other() -> None:
    """Issue 22: ``permanent_from_card(..., cards=pool)`` cost seconds with a 31,824-card pool (the
    pool was copied into a dict); now it reads one card, like load_data. The other cards of the file
    would fail to parse (a type line that is not text) if they were read."""
    broken = [bears(name=f"Broken {i}", id=f"b-{i}", oracle_id=f"ob-{i}", arena_id=i, collector_number=str(i),
                    type_line=i) for i in range(300)]
    pool = parse_pool([*broken, bears()], "many.json")
    with pytest.raises(InputError, match="malformed card"):
        pool["broken 1"]
    bear = pysolver.permanent_from_card("Grizzly Bears", id="bear", controller="bob", cards=pool)
    assert (bear.name, bear.power) == ("Grizzly Bears", 2)
    counted = LookupsOnly({"grizzly bears": pool["grizzly bears"]})
    assert pysolver.permanent_from_card("Grizzly Bears", id="bear", controller="bob", cards=counted) == bear
    assert set(counted.asked) == {"grizzly bears"} and len(counted.asked) <= 2
    counted.asked.clear()
    data = situation({"id": "bear", "controller": "bob", "card": "Grizzly Bears"})
    assert pysolver.load_data(data, cards=counted).permanent("bear") == bear
    assert set(counted.asked) == {"grizzly bears"} and len(counted.asked) <= 2


@pytest.mark.parametrize(("power", "got"), [
    ("9" * 3000, "an integer of about 3000 digits"),           # a JSON number
    ('"' + "9" * 5000 + '"', "9999999999…(5000 digits)"),   # text of more digits than Python reads as one
    ("9" * 5000, "9999999999…(5000 digits)"),
    ('"99999999999"', "99999999999")])
def test_a_card_number_out_of_range_names_the_card_file_the_card_and_the_range(
        tmp_path: Path, capsys: pytest.CaptureFixture, power: str, got: str) -> None:
    """Issue 22: a card file's power of 3,000 digits was blamed on the situation ("permanent 'a1' is a
    creature and needs power"); it is one message naming the card file, the card, power and its
    range (docs/limits.md), exit 2, whatever the cache."""
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([bears(name="Huge Bear")]).replace('"power": "2"', f'"power": {power}'),
                     encoding="utf-8")
    board = write(tmp_path, situation({"id": "a1", "controller": "alice", "card": "Huge Bear"}))
    message = (f"pysolver: error: {board}: permanents[0].card: card 'Huge Bear' of card file {cards}: power must "
               f"be between -1000000 and 1000000 (docs/limits.md), got {got}\n")
    for option in ([], ["--no-card-cache"]):
        assert main(["check", board, "--cards", str(cards), *option]) == 2
        assert capsys.readouterr().err == message
    with pytest.raises(InputError) as exc:
        pysolver.permanent_from_card("Huge Bear", id="a1", controller="alice", cards=pysolver.load_cards(cards))
    assert (exc.value.field, exc.value.message) == ("card", message.split("permanents[0].card: ")[1].rstrip("\n"))
    # the situation's own power replaces the card's: nothing to refuse
    bear = pysolver.load_data(situation({"id": "a1", "controller": "alice", "card": "Huge Bear", "power": 3}),
                              cards=pysolver.load_cards(cards)).permanent("a1")
    assert (bear.power, bear.toughness) == (3, 2)


def test_a_card_file_nested_past_the_limit_is_refused_where_the_pool_never_looks(tmp_path: Path) -> None:
    """The depth limit (docs/limits.md) holds for the whole card file, not only the fields indexed."""
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([bears()]).replace('"oracle_text": ""', '"prices": ' + "[" * 100 + "]" * 100),
                     encoding="utf-8")
    with pytest.raises(InputError) as exc:
        pysolver.load_cards(cards, cache=False)
    assert str(exc.value) == f"{cards}: nesting: deeper than 100 levels (docs/limits.md)"
    cards.write_text(json.dumps([bears()]).replace('"oracle_text": ""', '"prices": ' + "[" * 98 + "]" * 98),
                     encoding="utf-8")
    assert pysolver.load_cards(cards, cache=False)["grizzly bears"].power == 2


# ---- 711: leveler cards ------------------------------------------------------------------------------

STUDENT = {"object": "card", "layout": "leveler", "name": "Student of Warfare", "type_line": "Creature — Human Knight",
           "oracle_text": "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 2-6\n"
                          "3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike", "colors": ["W"], "power": "1",
           "toughness": "1", "mana_cost": "{W}"}


@pytest.mark.parametrize(("level", "power", "kinds"), [(0, 1, []), (1, 1, []), (2, 3, ["first_strike"]),
                                                       (6, 3, ["first_strike"]), (7, 4, ["double_strike"])])
def test_711_2_a_leveler_has_the_striation_of_its_level_counters(level: int, power: int, kinds: list[str]) -> None:
    """711.2a-b: "LEVEL 2-6 / 3/3 / First strike": from two to six level counters a 3/3 with first strike; "LEVEL
    7+ / 4/4 / Double strike" from seven on (the first striation's first strike no longer, 711.3); 711.5: below
    two the card's own 1/1 and no striation's ability. The level counters come and go in no combat (702.87a)."""
    cards = parse_pool([STUDENT], "c.json")
    s = pysolver.load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": [
        {"id": "s", "controller": "a", "card": "Student of Warfare", "counters": {"level": level}}]}, cards)
    p = s.permanent("s")
    assert (p.power, p.toughness, [a.kind for a in p.abilities]) == (power, power, kinds)
    assert pysolver.load_data(s.to_data()).permanent("s").level_counters == level


def test_711_2_a_levelers_lines_are_classified_by_striation() -> None:
    card = parse_pool([STUDENT], "c.json")["student of warfare"]
    assert [(c.line, c.status) for c in card.classification] == [
        ("LEVEL 2-6", "modelled"), ("3/3", "modelled"), ("First strike", "modelled"), ("LEVEL 7+", "modelled"),
        ("4/4", "modelled"), ("Double strike", "modelled"), ("Level up {W}", "inert")]
    assert card.lines == ()
