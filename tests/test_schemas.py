"""The JSON Schemas of `pysolver schema` agree with the loader and with what the commands produce.

Every situation the project ships (examples, acceptance samples, test vectors) validates against
the situation schema; every command's document on those situations validates against its result
schema; a key the loader refuses, the schema refuses too (`additionalProperties: false`).
"""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from strategies import block_boards

import pysolver as api
from pysolver import cli, commands
from pysolver.errors import InputError
from pysolver.files import schema
from pysolver.files.loader import situation_from_data
from pysolver.rules.graph import node_link
from pysolver.scale import batch

ROOT = Path(__file__).parents[1]
SHARED = ROOT.parents[1] / "shared" / "acceptance"
SITUATIONS = sorted([*ROOT.glob("examples/*.yaml"), *ROOT.glob("examples/check/*.yaml"),
                     *ROOT.glob("examples/puzzles/*.yaml"), *ROOT.glob("tests/acceptance/*.yaml"),
                     *SHARED.glob("*.yaml")])
VECTORS = [json.loads(t)["situation"] for t in (ROOT / "examples/vectors/vectors.jsonl").read_text().splitlines()]
LIMIT = 25  # enough results of each enumeration to meet every shape; the schema is per result


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema.schema(name), format_checker=jsonschema.FormatChecker())


def errors(name: str, doc: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name).iter_errors(doc)]


def situation_data(path: Path) -> dict:
    data: dict = yaml.safe_load(path.read_text())
    return data


@pytest.mark.parametrize("name", schema.names())
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema.schema(name))
    assert schema.schema(name)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.name)
def test_situation_files_validate(path: Path) -> None:
    assert errors("situation", situation_data(path)) == []


def test_vector_situations_validate() -> None:
    assert VECTORS
    assert [e for data in VECTORS for e in errors("situation", data)] == []


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.name)
def test_results_validate(path: Path) -> None:
    """Each command that applies to the situation (InputError: it needs parts the file lacks)."""
    s = api.load(path)
    answered = 0
    for command in commands.BATCH_COMMANDS:
        try:
            doc = commands.answer(command, s, limit=None if command in ("check", "verify") else LIMIT)
        except InputError:
            continue
        answered += 1
        assert doc["format"] == 1
        assert errors(command, doc) == [], command
        if "results" in doc:
            counted = commands.answer(command, s, count=True)
            assert "results" not in counted and errors(command, counted) == [], command
    assert answered >= 2
    if s.combat.attackers is not None:
        assert errors("graph", node_link(api.attacker_blocker_graph(s))) == []


@settings(max_examples=20, deadline=None)
@given(block_boards())
def test_generated_boards_and_their_results_validate(data: dict) -> None:
    """Generated boards (every ability line, planeswalkers, battles, face-down creatures) are valid
    situations, and the blocks and outcomes documents for them are valid results."""
    assert errors("situation", data) == []
    s = situation_from_data(data)
    for command in ("attacks", "blocks", "outcomes"):
        assert errors(command, commands.answer(command, s, limit=LIMIT)) == [], command
    assert errors("graph", node_link(api.attacker_blocker_graph(s))) == []


def test_graph_command_json_validates(capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["graph", str(ROOT / "examples/menace-and-lure.yaml"), "--json"]) == 0
    assert errors("graph", json.loads(capsys.readouterr().out)) == []


def test_batch_lines_validate() -> None:
    """Result lines carry the command's document, error lines the field and the message."""
    situation = situation_data(ROOT / "examples/megamorph.yaml")
    lines = [json.dumps({"id": i, "command": c, "situation": situation, "options": {"limit": 3}})
             for i, c in enumerate(("attacks", "blocks", "outcomes"))]
    lines += ['{"id": "bad", "command": "blocks", "situation": {"players": []}}', "not json"]
    out = io.StringIO()
    batch.run_batch(lines, out)
    docs = [json.loads(t) for t in out.getvalue().splitlines()]
    assert len(docs) == 5
    for d in docs:
        assert errors("batch-line", d) == []
        if "result" in d:
            command = json.loads(lines[d["id"]])["command"]
            assert errors(command, d["result"]) == []
    assert sum("error" in d for d in docs) == 2


def test_abilities_document_validates(capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["abilities", "--json"]) == 0
    assert errors("abilities", json.loads(capsys.readouterr().out)) == []


@pytest.mark.parametrize("file", ["examples/cards/creatures.scryfall.json", "tests/fixtures/AtomicCards.json"])
def test_cards_document_validates(file: str, capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["cards", str(ROOT / file), "--json", "--no-card-cache"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert errors("cards", doc) == [] and doc["format"] == 1
    assert {x["class"] for c in doc["cards"] for x in c["lines"]} == {"modelled", "inert", "may change"}
    wrong = {**doc, "cards": [{**doc["cards"][0], "class": "unknown"}]}
    assert errors("cards", wrong) != []


def test_cards_document_of_the_real_card_corpus_validates() -> None:
    from pysolver.files.cardlines import document
    from pysolver.files.cards import load_pool_file
    corpus = ROOT / "tests" / "fixtures" / "corpus" / "creatures.scryfall.json.xz"
    doc = document(load_pool_file(corpus, cache=False), str(corpus), [])
    assert errors("cards", doc) == [] and doc["summary"]["cards"] == 3006


def test_the_cards_schema_names_every_reason_in_order() -> None:
    """The schema's reason keys are pysolver.files.oracle.REASONS, in the order the classifier tries them."""
    from pysolver.files.oracle import REASONS
    text = (ROOT / "pysolver" / "schemas" / "cards.json").read_text(encoding="utf-8")
    enums: list[list[str]] = []

    def hook(node: dict[str, Any]) -> dict[str, Any]:
        key = node.get("properties", {}).get("key") if isinstance(node.get("properties"), dict) else None
        if isinstance(key, dict) and "enum" in key:
            enums.append(key["enum"])
        return node

    json.loads(text, object_hook=hook)
    assert enums == [list(REASONS)]


@pytest.mark.parametrize("command", ["attacks", "damage"])
def test_jsonl_stream_validates(command: str, capsys: pytest.CaptureFixture) -> None:
    """`--jsonl`: a header line, the results, a trailer line; together they are the command's document."""
    path = ROOT / ("examples/megamorph.yaml" if command == "attacks" else "examples/trample-deathtouch.yaml")
    assert cli.main([command, str(path), "--jsonl", "--limit", "3"]) == 0
    header, *results, trailer = map(json.loads, capsys.readouterr().out.splitlines())
    assert errors("jsonl-header", header) == [] and errors("jsonl-trailer", trailer) == []
    doc = {**header, **trailer, "results": results}
    assert errors(command, doc) == [] and doc["count"] == len(results)


def test_input_error_under_json_validates(capsys: pytest.CaptureFixture) -> None:
    path = ROOT / "examples/akroma-vs-knights.yaml"
    assert cli.main(["damage", str(path), "--json"]) == 2
    assert errors("error", json.loads(capsys.readouterr().err.splitlines()[-1])) == []


@pytest.mark.parametrize("command", ["check", "verify"])
def test_no_verdict_document_validates(command: str) -> None:
    """A `check` or `verify` cut by --timeout: the verdict null, "complete": false."""
    assert errors(command, commands.timed_out(command)) == []


def test_jsonl_header_schema() -> None:
    """The header line of a `--jsonl` stream is a document's `count`, `complete` and `format`."""
    doc = commands.answer("attacks", api.load(ROOT / "examples/megamorph.yaml"), count=True)
    assert errors("jsonl-header", doc) == []
    assert errors("jsonl-header", {**doc, "results": []}) != []


def test_input_error_document_validates() -> None:
    """Under --json an input error is `{"error": InputError.as_dict()}` on stderr."""
    with pytest.raises(InputError) as info:
        situation_from_data({**BASE, "colour": 1}, "board.yaml")
    assert errors("error", {"error": info.value.as_dict()}) == []
    assert errors("error", {"error": {"message": "no field"}}) != []


def test_schemas_ship_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "schemas/*.json" in config["pysolver"]
    assert "jsonschema" in " ".join(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
                                    ["optional-dependencies"]["test"])


def test_schema_command(capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["schema", "--list"]) == 0
    assert capsys.readouterr().out.split() == schema.names()
    assert cli.main(["schema", "situation"]) == 0
    assert json.loads(capsys.readouterr().out) == schema.schema("situation")
    assert cli.main(["schema", "no-such-document"]) == 2
    assert "no schema 'no-such-document'" in capsys.readouterr().err


BASE = {"players": [{"name": "a"}, {"name": "b"}], "active": "a",
        "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "counters": {"+1/+1": 1}}],
        "combat": {"attackers": {"x": "b"}}, "goal": {"lethal": "b"}}
# Each mapping of the situation file where a key is checked, and a key that is not allowed there.
PLACES = [((), "colour"), (("players", 0), "library"), (("permanents", 0), "colour"),
          (("permanents", 0, "counters"), "+1/+0x"), (("combat",), "attacks")]


def test_base_situation_accepted_by_both() -> None:
    assert errors("situation", BASE) == []
    situation_from_data(BASE)


@pytest.mark.parametrize(("path", "key"), PLACES)
def test_unknown_key_refused_by_both(path: tuple, key: str) -> None:
    data = json.loads(json.dumps(BASE))
    target = data
    for step in path:
        target = target[step]
    target[key] = 1
    assert errors("situation", data) != []
    with pytest.raises(InputError, match="unknown key"):
        situation_from_data(data)


def test_goal_with_unknown_kind_refused_by_both() -> None:
    data = {**BASE, "goal": {"kill": "b"}}
    assert errors("situation", data) != []
    with pytest.raises(InputError):
        situation_from_data(data)
