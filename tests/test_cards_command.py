"""`pysolver cards FILE [NAME…]` (pysolver/files/cardlines.py, docs/engines.md): the class of each line of
real cards, as a table and as the `cards` document (docs/results.md); unknown names are one message, exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cli import main

ROOT = Path(__file__).parents[1]
REAL = ROOT / "examples" / "cards" / "creatures.scryfall.json"
FIXTURES = ROOT / "tests" / "fixtures"


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    status = main(["cards", *argv, "--no-card-cache"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def test_the_table_of_named_cards(capsys: pytest.CaptureFixture) -> None:
    status, out, err = run(capsys, str(REAL), "Kitchen Finks", "ambush viper")
    assert (status, err) == (0, "")
    assert out == ("Kitchen Finks: has lines that may change the answer\n"
                   "  modelled    Persist\n"
                   "  may change  When Kitchen Finks enters, you gain 2 life.\n"
                   "Ambush Viper: only inert lines besides the modelled ones\n"
                   "  modelled    Deathtouch\n"
                   "  inert       Flash  [spell: 601.2, 113.6]\n"
                   "2 cards: 0 fully modelled, 1 with only inert lines besides, 1 with lines that may change the "
                   "answer\n")


def test_every_card_of_the_file_once_with_the_counts(capsys: pytest.CaptureFixture) -> None:
    status, out, _ = run(capsys, str(REAL), "--json")
    doc = json.loads(out)
    assert status == 0 and doc["format"] == 1 and doc["file"] == str(REAL)
    assert [c["name"] for c in doc["cards"]] == sorted(c["name"] for c in json.loads(REAL.read_text()))
    # Mogg Fanatic's "Sacrifice ~: It deals 1 damage to any target" is modelled (602.2b, 120.3), and Llanowar
    # Elves' "{T}: Add {G}." (605.1a)
    assert doc["summary"] == {"cards": 9, "modelled": 2, "inert": 5, "may_change": 2}
    assert next(c["class"] for c in doc["cards"] if c["name"] == "Mogg Fanatic") == "modelled"
    wall = next(c for c in doc["cards"] if c["name"] == "Wall of Omens")
    assert wall == {"name": "Wall of Omens", "class": "inert", "lines": [
        {"line": "Defender", "class": "modelled", "reason": None},
        {"line": "When Wall of Omens enters, draw a card.", "class": "inert",
         "reason": {"key": "enters", "rule": "603.6a, 614.1c, 614.12", "text": wall["lines"][1]["reason"]["text"]}}]}


def test_a_multi_faced_card_is_listed_once_per_face_and_found_by_id(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture) -> None:
    status, out, _ = run(capsys, str(FIXTURES / "AtomicCards.json"), "--json")
    names = [c["name"] for c in json.loads(out)["cards"]]
    assert status == 0 and names.count("Delver of Secrets") == 1 and names.count("Insectile Aberration") == 1
    data = json.loads((FIXTURES / "scryfall-cards.json").read_text())
    for i, card in enumerate(data):
        card["id"] = f"00000000-0000-4000-8000-{i:012d}"
    ids = tmp_path / "cards.json"
    ids.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, str(ids), "scryfall:00000000-0000-4000-8000-000000000000")
    assert status == 0 and out.startswith("Akroma, Angel of Fury: only inert lines besides the modelled ones\n")
    assert "  inert       This spell can't be countered.  [spell: 601.2, 113.6]\n" in out


def test_an_unknown_name_is_one_message_exit_2(capsys: pytest.CaptureFixture) -> None:
    assert run(capsys, str(REAL), "Wall of Omens", "Kitchen Fink") == (
        2, "", f"pysolver: error: {REAL}: NAME: no card 'Kitchen Fink' in this card file; did you mean "
               "'kitchen finks'?\n")
    status, out, err = run(capsys, str(REAL), "Nothing Like It", "--json")
    assert (status, out) == (2, "") and json.loads(err.splitlines()[1])["error"]["field"] == "NAME"


def test_an_unreadable_card_file_is_one_message_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text("{not json", encoding="utf-8")
    status, out, err = run(capsys, str(bad))
    assert (status, out) == (2, "") and err.startswith(f"pysolver: error: {bad}: line 1: invalid JSON")
