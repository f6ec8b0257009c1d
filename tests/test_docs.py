"""The documentation tells the truth: docs/situation.md documents exactly the fields the loader
and the schema accept, with examples both accept; docs/abilities.md lists exactly the catalogue,
each example parsing to the documented kind and fact; docs/results.md names every result field;
docs/architecture.md names every module and every encoding."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pysolver.files import loader, schema
from pysolver.files.loader import situation_from_data
from pysolver.model import fields
from pysolver.model.abilities import parse_ability_line
from pysolver.model.catalogue import CATALOGUE

DOCS = Path(__file__).parents[1] / "docs"


def table_rows(page: str, columns: int) -> list[list[str]]:
    """The cells of every table row of `page` whose first cell is code, with `columns` cells."""
    rows = []
    for line in (DOCS / page).read_text().splitlines():
        cells = [c.strip() for c in line.strip().removeprefix("|").removesuffix("|").split("|")]
        if line.startswith("| ") and len(cells) == columns and cells[0] != "---":
            rows.append(cells)
    return rows


def code(cell: str) -> str:
    """The text of a cell written as one `code` span."""
    assert cell.startswith("`") and cell.endswith("`"), cell
    return cell[1:-1]


# ---- docs/situation.md ------------------------------------------------------------------------

FIELDS = [r for r in table_rows("situation.md", 6) if r[0].startswith("`")]
BASE: dict = {"players": [{"name": "alice"}, {"name": "bob"}, {"name": "dan"}], "active": "alice",
              "permanents": [{"id": "a1", "controller": "alice", "power": 2, "toughness": 2},
                             {"id": "b1", "controller": "bob", "power": 1, "toughness": 1},
                             {"id": "c1", "controller": "bob", "power": 1, "toughness": 1}],
              "combat": {"attackers": {"a1": "bob"}, "blockers": {"b1": ["a1"]},
                         "activations": [{"window": "after_blockers", "permanent": "a1", "times": 1}]}}


def documented() -> set[str]:
    return {code(r[0]) for r in FIELDS}


def loader_fields() -> set[str]:
    """Every key the loader and the model's field readers accept, as a path like `permanents[].counters.+1/+1`."""
    return ({*loader.TOP_KEYS} | {f"players[].{k}" for k in fields.PLAYER_KEYS}
            | {f"permanents[].{k}" for k in fields.PERMANENT_KEYS}
            | {f"permanents[].counters.{k}" for k in fields.COUNTERS}
            | {f"combat.{k}" for k in fields.COMBAT_KEYS} | {f"goal.{k}" for k in loader.GOAL_KEYS}
            | {f"combat.activations[].{k}" for k in fields.ACTIVATION_KEYS}
            | {f"objective.{k}" for k in loader.OBJECTIVE_KEYS})


def schema_fields(node: dict, root: dict, prefix: str = "", seen: frozenset = frozenset()) -> set[str]:
    """Every property path of the situation schema (through $ref, anyOf and array items)."""
    if "$ref" in node:
        name = node["$ref"].removeprefix("#/$defs/")
        return set() if name in seen else schema_fields(root["$defs"][name], root, prefix, seen | {name})
    found: set[str] = set()
    for sub in node.get("anyOf", []):
        found |= schema_fields(sub, root, prefix, seen)
    if "items" in node and isinstance(node["items"], dict):
        found |= schema_fields(node["items"], root, prefix + "[]", seen)
    named = {sub["title"]: sub for sub in node.get("patternProperties", {}).values()}  # e.g. counters.+X/+Y
    for key, sub in {**node.get("properties", {}), **named}.items():
        path = f"{prefix}.{key}" if prefix else key
        found |= {path} | schema_fields(sub, root, path, seen)
    return found


def with_field(path: str, value: Any) -> dict:
    """BASE with `value` at `path` (`x[]` is the last entry of list x; the key `+X/+Y` is written `+1/+0`,
    `NAME` `spore`)."""
    data = json.loads(json.dumps(BASE))
    *parents, last = path.split(".")
    target = data
    for step in parents:
        target = target[step[:-2]][-1] if step.endswith("[]") else target.setdefault(step, {})
    target[{"+X/+Y": "+1/+0", "NAME": "spore"}.get(last, last)] = value  # a key named by its pattern: one of that form
    return data


def test_situation_md_documents_exactly_the_loader_fields() -> None:
    assert documented() == loader_fields()


def test_situation_md_documents_exactly_the_schema_fields() -> None:
    situation = schema.schema("situation")
    assert documented() == schema_fields(situation, situation)


@pytest.mark.parametrize("row", [r for r in FIELDS if r[5]], ids=lambda r: code(r[0]))
def test_documented_example_accepted_by_loader_and_schema(row: list[str]) -> None:
    data = with_field(code(row[0]), json.loads(code(row[5])))
    jsonschema.validate(data, schema.schema("situation"))
    situation_from_data(data, "doc.yaml")


def test_every_leaf_field_has_an_example() -> None:
    containers = {"players", "permanents", "combat", "goal"}
    assert [code(r[0]) for r in FIELDS if not r[5] and code(r[0]) not in containers] == []


# ---- docs/abilities.md ------------------------------------------------------------------------

LINES = [r for r in table_rows("abilities.md", 6) if re.fullmatch(r"\d{3}\.\d+[a-z]?", r[0])]


def test_abilities_md_lists_exactly_the_catalogue() -> None:
    listed = [(r[0], code(r[1]), [code(a) for a in r[2].split("; ") if a], code(r[3]), code(r[4])) for r in LINES]
    assert listed == [(f.rule, f.form, list(f.also), f.kind, f.example) for f in CATALOGUE]


@pytest.mark.parametrize("row", LINES, ids=lambda r: code(r[1]))
def test_documented_example_parses_to_documented_kind_and_fact(row: list[str]) -> None:
    abilities = parse_ability_line(code(row[4]), None, frozenset({"alice", "bob"}))
    assert {a.kind for a in abilities} == {code(row[3])}
    assert ", ".join(a.term for a in abilities) == code(row[5])


# ---- docs/results.md and the other pages ------------------------------------------------------

RESULT_SCHEMAS = [n for n in schema.names() if n != "situation"]


def property_names(node: Any) -> set[str]:
    if isinstance(node, list):
        return set().union(*map(property_names, node)) if node else set()
    if not isinstance(node, dict):
        return set()
    names = set(node.get("properties", {}))
    return names | set().union(*(property_names(v) for v in node.values()))


@pytest.mark.parametrize("name", RESULT_SCHEMAS)
def test_results_md_names_every_field(name: str) -> None:
    text = (DOCS / "results.md").read_text()
    assert re.search(rf"^#.*\(schemas? [^)]*`{name}`", text, re.MULTILINE), f"no section for schema {name}"
    spans = " ".join(re.findall(r"`[^`]*`", text))
    missing = sorted(p for p in property_names(schema.schema(name))
                     if not re.search(rf"(?<![\w+-]){re.escape(p)}\b", spans))
    assert missing == []


def test_docs_link_to_existing_pages_and_never_to_the_spec() -> None:
    pages = ["situation.md", "abilities.md", "results.md", "verify.md", "architecture.md"]
    for page in pages:
        text = (DOCS / page).read_text()
        assert "SPEC" not in text, page
        for target in re.findall(r"\]\(([a-z-]+\.md)", text):
            assert (DOCS / target).is_file(), (page, target)
    readme = (DOCS.parent / "README.md").read_text()
    assert all(f"docs/{page}" in readme for page in pages)


def test_architecture_md_names_every_module_and_encoding() -> None:
    """Each module by its path under pysolver/ (``files/cards.py``; ``cli.py`` at the top), each
    encoding by its file name (``blocks.lp``): a newcomer finds every file on its floor."""
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    package = DOCS.parent / "pysolver"
    names = [p.relative_to(package).as_posix() for p in sorted(package.rglob("*.py"))]
    names += [p.name for p in sorted((DOCS.parent / "encodings").glob("*.lp"))]
    missing = [n for n in names if not re.search(rf"(?<![\w/.]){re.escape(n)}(?!\w)", page)]
    assert not missing, f"docs/architecture.md does not name {missing}"
