"""A fuzzer for hostile input (issue 11): situation files, card files and batch lines with wrong types,
huge and negative numbers, deep nesting, aliases, ASP syntax and keywords in every string field and
bad encodings, run through the CLI (in-process, plus a few real subprocesses) and the API.

It asserts: exit 0 or 2 and never a traceback; an error is one short line naming the file (and the
field where the problem is inside the data); an accepted board's block declarations equal the
brute-force reference (tests/reference); a batch loses no line.

The quick profile (fixed seed, the normal run) is small; ``PYSOLVER_FUZZ=long`` runs the long one.
The counts run are printed at the end of the module (``fuzz: …``).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import reference_blocks
from strategies import block_boards

import pysolver
from pysolver import cli
from pysolver.scale import batch

LONG = os.environ.get("PYSOLVER_FUZZ") == "long"
EXAMPLES = {"files": 3000, "cards": 600, "batch": 400, "api": 3000} if LONG else \
    {"files": 60, "cards": 60, "batch": 60, "api": 120}
COUNTS: Counter[str] = Counter()

ASP = ["not", "#show", "#show a/1.", "a.b", ":-", "X", "_", "1..9", "%", "%*", '"', "\\", "a(", "b)", "#const n=1.",
       "minimize", "#program p.", "inf", "sup", "{", "}", "not a", "@f(x)", "a;b", "Bob", "x-1", "", " ", "é", "\x00"]
NUMBERS = [0, -1, 1, 10**6, 10**6 + 1, -10**6, -10**6 - 1, 2**31 - 1, 2**31, 2**32, 2**40, -2**63, 10**30, 1.5,
           float("inf"), True]


def fuzz(kind: str) -> settings:
    return settings(max_examples=EXAMPLES[kind], deadline=None, derandomize=not LONG, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module", autouse=True)
def report_counts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Print the counts run, past pytest's output capture."""
    yield
    text = ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items()))
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture is not None else contextlib.nullcontext():
        print(f"\nfuzz ({'long' if LONG else 'quick'} profile): {text}", flush=True)


# --- hostile values and mutations ----------------------------------------------------------------

def hostile_value() -> st.SearchStrategy[object]:
    deep = st.integers(90, 400).map(lambda n: json.loads("[" * n + "1" + "]" * n))
    return st.one_of(st.sampled_from(NUMBERS), st.sampled_from(ASP), st.none(), st.just([]), st.just({}),
                     st.text(max_size=12), st.integers(), st.just("x" * 5000), deep,
                     st.lists(st.sampled_from(ASP), max_size=3))


def paths(value: object, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path to a value inside `value` (keys and indices)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def put(data: object, path: tuple, value: object) -> object:
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    target[path[-1]] = value  # type: ignore[index]
    return data


def rename(data: dict, old: str, new: str) -> dict:
    """An id or player name replaced everywhere (keys and values), keeping the board consistent."""
    text = json.dumps(data)
    return json.loads(text.replace(json.dumps(old), json.dumps(new)).replace(f"from {old}\"", f"from {new}\""))


@st.composite
def hostile_boards(draw: st.DrawFn) -> tuple[dict | object, str]:
    """A valid small board with 0-3 hostile mutations, and a note of what was done."""
    data: object = draw(block_boards())
    notes = []
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["value", "value", "rename", "key", "drop"]))
        all_paths = list(paths(data))
        if how == "rename" and isinstance(data, dict):
            permanents = data.get("permanents")
            names = [p["id"] for p in permanents if isinstance(p, dict) and isinstance(p.get("id"), str)] \
                if isinstance(permanents, list) else []
            if names:
                data = rename(data, draw(st.sampled_from(names)), draw(st.sampled_from(
                    ["not", "show", "minimize", "sup", "Not", "a-b", "x_1", "a.b", "#show", "not x"])))
        elif how == "key":
            where = draw(st.sampled_from([p for p in all_paths if isinstance(_at(data, p), dict)] or [()]))
            target = _at(data, where)
            if isinstance(target, dict):
                target[draw(st.sampled_from(["extra", "not", "#show", "id", "power"]))] = draw(hostile_value())
        elif how == "drop":
            where = draw(st.sampled_from(all_paths))
            if where and isinstance(_at(data, where[:-1]), dict):
                del _at(data, where[:-1])[where[-1]]  # type: ignore[attr-defined]
        else:
            data = put(data, draw(st.sampled_from(all_paths)), draw(hostile_value()))
        notes.append(how)
    return data, "+".join(notes) or "valid"


def _at(data: object, path: tuple) -> object:
    for key in path:
        data = data[key]  # type: ignore[index]
    return data


@st.composite
def hostile_files(draw: st.DrawFn) -> tuple[bytes, str, str]:
    """(file bytes, suffix, note): JSON or YAML text of a hostile board, perhaps with a huge literal,
    aliases, deep nesting or a byte that is not UTF-8."""
    data, note = draw(hostile_boards())
    as_json = draw(st.booleans())
    try:
        text = json.dumps(data) if as_json else yaml.safe_dump(data, sort_keys=False)
    except (ValueError, yaml.YAMLError):
        text, as_json = json.dumps(str(data)[:100]), True
    extra = draw(st.sampled_from(["", "", "", "digits", "laughs", "deep", "byte", "tab"]))
    if extra == "digits":
        text = text.replace("20", "2" * draw(st.sampled_from([31, 4301, 20000])), 1)
    elif extra == "laughs" and not as_json and isinstance(data, dict):
        text += "goal:\n  all:\n    - &a [{lethal: x}, {lethal: x}, {lethal: x}]\n" + "".join(
            f"    - &{c} {{all: [{', '.join(['*' + p] * 9)}]}}\n" for p, c in zip("abcdefgh", "bcdefghi"))
    elif extra == "deep":
        text = text.replace("[]", "[" * 3000 + "]" * 3000, 1) if "[]" in text else "[" * 3000 + "]" * 3000
    raw = text.encode("utf-8")
    if extra == "byte":
        at = draw(st.integers(0, max(len(raw) - 1, 0)))
        raw = raw[:at] + b"\xff" + raw[at:]
    elif extra == "tab":
        raw = raw.replace(b" ", b"\t", 1)
    return raw, ".json" if as_json else ".yaml", f"{note}/{extra or 'plain'}"


# --- running the CLI in-process ------------------------------------------------------------------

def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


def assert_clean(status: int, out: str, err: str, file: str) -> None:
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err and "Error:" not in err.split("pysolver: error:")[0], err
    if status == 2:
        assert out == ""
        message = [line for line in err.splitlines() if line.startswith("pysolver: error:")]
        assert len(message) == 1, err
        assert message[0].startswith(f"pysolver: error: {file}"), err
        assert len(message[0]) < 700, err


@fuzz("files")
@given(hostile_files())
def test_hostile_situation_files(tmp_path_factory: pytest.TempPathFactory, case: tuple[bytes, str, str]) -> None:
    raw, suffix, note = case
    path = tmp_path_factory.mktemp("fuzz") / f"board{suffix}"
    path.write_bytes(raw)
    status, out, err = run_cli(["blocks", str(path), "--json"])
    assert_clean(status, out, err, str(path))
    COUNTS["situation files"] += 1
    COUNTS[f"files exit {status}"] += 1
    if status == 0:
        s = pysolver.load(path)
        if len(s.permanents) <= 10:
            got = {frozenset(tuple(p) for p in r["blocks"]) for r in json.loads(out)["results"]}
            assert got == reference_blocks(s), note
            COUNTS["answers equal to the reference"] += 1


@fuzz("api")
@given(hostile_boards())
def test_hostile_data_through_the_api(case: tuple[object, str]) -> None:
    data, _ = case
    try:
        s = pysolver.load_data(data)  # type: ignore[arg-type]
    except pysolver.InputError as exc:
        assert len(str(exc)) < 700
        COUNTS["api refused"] += 1
        return
    COUNTS["api accepted"] += 1
    if s.combat.attackers is not None:
        assert pysolver.count_blocks(s) == len(reference_blocks(s))


CARD_FIELDS = ["name", "type_line", "power", "toughness", "oracle_text", "colors", "loyalty", "layout", "card_faces"]


@st.composite
def hostile_cards(draw: st.DrawFn) -> bytes:
    card: dict = {"object": "card", "name": "Fuzz Giant", "type_line": "Creature — Giant", "power": "3",
                  "toughness": "3", "oracle_text": "Flying", "colors": ["G"]}
    for _ in range(draw(st.integers(1, 3))):
        card[draw(st.sampled_from(CARD_FIELDS))] = draw(st.one_of(hostile_value(), st.sampled_from(
            ["99999999999", "-5", "*", "1+*", "9" * 5000, "Can't be blocked except by 9999999 or more creatures"])))
    shape = draw(st.sampled_from(["list", "list", "mtgjson", "deep", "digits"]))
    if shape == "mtgjson":
        return json.dumps({"data": {"Fuzz Giant": [card]}}, default=str).encode()
    if shape == "deep":
        return ("[" * 5000 + "]" * 5000).encode()
    text = json.dumps([card], default=str)
    return text.replace('"3"', "3" * 5000, 1).encode() if shape == "digits" else text.encode()


@fuzz("cards")
@given(hostile_cards())
def test_hostile_card_files(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    folder = tmp_path_factory.mktemp("cards")
    cards = folder / "cards.json"
    cards.write_bytes(raw)
    board = folder / "board.json"
    board.write_text(json.dumps({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
                                 "permanents": [{"id": "g", "controller": "a", "card": "Fuzz Giant"},
                                                {"id": "h", "controller": "b", "power": 1, "toughness": 1}],
                                 "combat": {"attackers": {"g": "b"}}}))
    status, out, err = run_cli(["blocks", str(board), "--cards", str(cards), "--json"])
    assert status in (0, 2) and "Traceback" not in err, err
    if status == 2:
        assert str(cards) in err or str(board) in err
    COUNTS["card files"] += 1


GOOD_LINE = {"command": "blocks", "situation": {"players": [{"name": "a"}, {"name": "b"}], "active": "a",
             "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
                            {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
             "combat": {"attackers": {"x": "b"}}}}


@st.composite
def hostile_lines(draw: st.DrawFn) -> list[bytes]:
    lines = []
    for i in range(draw(st.integers(1, 6))):
        item: object = {"id": draw(st.one_of(st.just(f"q{i}"), st.just("line:2"), st.just("q0"), hostile_value())),
                        **copy.deepcopy(GOOD_LINE)}
        if draw(st.booleans()):
            item = put(item, draw(st.sampled_from(list(paths(item)))), draw(hostile_value()))
        try:
            text = json.dumps(item).encode()
        except ValueError:
            text = b"{}"
        trick = draw(st.sampled_from(["", "", "byte", "digits", "deep", "garbage", "blank"]))
        if trick == "byte":
            text = text[:5] + b"\xc3\x28" + text[5:]
        elif trick == "digits":
            text = text.replace(b"2", b"2" * 6000, 1)
        elif trick == "deep":
            text = b'{"id": "d", "command": "blocks", "situation": ' + b"[" * 2500 + b"]" * 2500 + b"}"
        elif trick == "garbage":
            text = b"\x00garbage"
        elif trick == "blank":
            text = b"   "
        lines.append(text)
    return lines


@fuzz("batch")
@given(hostile_lines())
def test_hostile_batch_lines_lose_nothing(lines: list[bytes]) -> None:
    out = io.StringIO()
    stats = batch.run_batch(lines, out)
    written = [json.loads(t) for t in out.getvalue().splitlines()]
    assert len(written) == sum(1 for line in lines if line.strip()) == stats.lines
    ids = [json.dumps(w["id"]) for w in written]
    assert len(ids) == len(set(ids)), ids
    assert all(("result" in w) != ("error" in w) for w in written)
    COUNTS["batch lines"] += len(lines)


SUBPROCESS_CASES = {
    "deep.yaml": b"goal: " + b"{all: [" * 3000 + b"]}" * 3000,
    "digits.json": b'{"players": ' + b"9" * 5000 + b"}",
    "bytes.yaml": b"players: [\xff]",
    "laughs.yaml": b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
        b"%c: &%c [%s]\n" % (c, c, b", ".join([b"*" + bytes([c - 1])] * 9)) for c in range(98, 106)),
    "asp.yaml": b"players: [{name: alice}, {name: bob}]\nactive: alice\npermanents:\n"
                b"  - {id: not, controller: alice, power: 2, toughness: 2}\n"
                b"  - {id: show, controller: bob, power: 2, toughness: 2}\ncombat: {attackers: {not: bob}}\n",
}


@pytest.mark.parametrize("name", sorted(SUBPROCESS_CASES))
def test_real_processes(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(SUBPROCESS_CASES[name])
    proc = subprocess.run([sys.executable, "-m", "pysolver.cli", "blocks", str(path), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == (0 if name == "asp.yaml" else 2), proc.stderr
    assert "Traceback" not in proc.stderr
    COUNTS["subprocesses"] += 1
