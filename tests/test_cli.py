"""The command line's conventions (docs/cli.md): options each command uses, streaming, limits.

Each test runs :func:`pysolver.cli.main` (or the installed program) and reads stdout/stderr.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
import yaml

from pysolver import commands
from pysolver.cli import COMMANDS, TOOLS, main
from pysolver.files.loader import load_situation

EXAMPLES = Path(__file__).parents[1] / "examples"
AKROMA = EXAMPLES / "akroma-face-down-vs-first-striker.yaml"  # real cards
FINKS = EXAMPLES / "cards" / "finks-attacks.yaml"  # real cards: notes about lines that may change the answer
REAL = EXAMPLES / "cards" / "creatures.scryfall.json"
MENACE = EXAMPLES / "menace-and-lure.yaml"
PUZZLE = EXAMPLES / "puzzles" / "lure-forces-the-block.yaml"


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def vanilla(tmp_path: Path, n: int, m: int | None = None) -> Path:
    """n 2/2 attackers, all attacking, against m 2/2 possible blockers: (n + 1) ** m block declarations."""
    m = n if m is None else m
    permanents = [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2} for i in range(n)]
    permanents += [{"id": f"b{i}", "controller": "bob", "power": 2, "toughness": 2} for i in range(m)]
    path = tmp_path / f"vanilla{n}x{m}.json"
    path.write_text(json.dumps({"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
                                "permanents": permanents,
                                "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}}}))
    return path


# ---- options that mean something -------------------------------------------------------------

def test_version_comes_from_the_installed_metadata(capsys: pytest.CaptureFixture) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"pysolver {version('pysolver-mtg')}\n"


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "pysolver", "blocks", str(MENACE), "--count", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["count"] == 1


@pytest.mark.parametrize("command", ["check", "verify", "graph"])
@pytest.mark.parametrize("option", [["--limit", "1"], ["--count"], ["--jsonl"]])
def test_verdicts_and_pictures_refuse_enumeration_options(command: str, option: list[str],
                                                          capsys: pytest.CaptureFixture) -> None:
    status, out, err = run(capsys, command, str(PUZZLE), *option)
    assert status == 2 and out == ""
    assert err.startswith(f"usage: pysolver {command} ")  # that subcommand's usage, not the top level's
    assert "unrecognized arguments" in err


def test_graph_has_one_way_to_json(capsys: pytest.CaptureFixture) -> None:
    status, out, err = run(capsys, "graph", str(MENACE), "--format", "json")
    assert status == 2 and "invalid choice" in err and err.startswith("usage: pysolver graph ")
    status, out, _ = run(capsys, "graph", str(MENACE), "--json")
    assert status == 0 and {"nodes", "edges"} <= set(json.loads(out))


def test_a_mistyped_option_prints_the_subcommands_usage(capsys: pytest.CaptureFixture) -> None:
    status, _, err = run(capsys, "blocks", str(MENACE), "--limt", "3")
    assert status == 2 and err.startswith("usage: pysolver blocks ")


@pytest.mark.parametrize("command", list(COMMANDS) + list(TOOLS))
def test_every_subcommand_help_has_an_example(command: str, capsys: pytest.CaptureFixture) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    if command in COMMANDS:
        assert f"example:\n  pysolver {command} examples/" in out
        example = COMMANDS[command].example.split()
        assert (Path(__file__).parents[1] / example[2]).is_file()  # the example's file exists


def test_quiet_silences_notes(capsys: pytest.CaptureFixture) -> None:
    status, out, err = run(capsys, "blocks", str(FINKS), "--cards", str(REAL), "--count")
    assert status == 0 and err.count("is not modelled") == 2  # (Llanowar Elves' "{T}: Add {G}." is modelled)
    status, quiet_out, err = run(capsys, "blocks", str(FINKS), "--cards", str(REAL), "--count", "-q")
    assert status == 0 and err == "" and quiet_out == out
    assert run(capsys, "blocks", str(AKROMA), "--count")[2] == ""  # only lines that cannot change a combat


def test_input_errors_under_json_are_one_json_object(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [{name: a}, {name: b}]\nactive: a\npermanents:\n  - {id: x, controller: a, power: two}\n")
    for flag in ("--json", "--jsonl"):
        status, out, err = run(capsys, "attacks", str(bad), flag)
        assert status == 2 and out == ""
        lines = err.strip().splitlines()
        assert len(lines) == 2 and lines[0].startswith(f"pysolver: error: {bad}: permanents[0].power: ")
        error = json.loads(lines[1])["error"]
        assert error["file"] == str(bad) and error["field"] == "permanents[0].power" and error["message"]
    status, _, err = run(capsys, "attacks", str(bad))
    assert status == 2 and err.startswith(f"pysolver: error: {bad}: permanents[0].power: ")


def test_seconds_only_with_stats(capsys: pytest.CaptureFixture) -> None:
    first, second = (run(capsys, "verify", str(PUZZLE), "--json")[1] for _ in range(2))
    assert first == second  # two identical runs, two identical documents
    assert "seconds" not in first and "stats" not in json.loads(first)
    doc = json.loads(run(capsys, "verify", str(PUZZLE), "--json", "--stats")[1])
    assert doc["stats"]["seconds"] >= 0 and doc["stats"]["positions"] >= 1
    assert "seconds" not in run(capsys, "verify", str(PUZZLE))[1]
    assert " s\n" in run(capsys, "blocks", str(MENACE), "--stats")[1]


def test_outcomes_text_shows_each_lines_damage(capsys: pytest.CaptureFixture) -> None:
    """Two outcomes reached with different damage assignments (510.1) read differently."""
    _, out, _ = run(capsys, "outcomes", str(AKROMA), "-q")
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len(rows) == len(set(r[6:] for r in rows)) == 20
    doc = json.loads(run(capsys, "outcomes", str(AKROMA), "--json", "-q")[1])
    for row, result in zip(rows, doc["results"]):
        for source, recipient, amount in result["line"]["regular"]:
            assert f"{source} -> {recipient} {amount}" in row


def test_damage_says_when_the_declared_combat_breaks_the_rules(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture) -> None:
    """A White Knight blocking Akroma breaks 702.16f (protection from white) and 702.9b (flying)."""
    path = tmp_path / "illegal.yaml"
    path.write_text(yaml.safe_dump({
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
                       {"id": "knight", "controller": "bob", "card": "White Knight"}],
        "combat": {"attackers": {"akroma": "bob"}, "blockers": {"knight": ["akroma"]}}}))
    status, out, err = run(capsys, "damage", str(path), "--json", "-q")
    assert status == 0 and json.loads(out)["count"] >= 1
    assert "702.16f" not in err  # -q: no notes
    status, out, err = run(capsys, "damage", str(path), "--json")
    assert status == 0
    note = [line for line in err.splitlines() if "declared combat breaks" in line]
    assert len(note) == 1 and "702.16f" in note[0] and "702.9b" in note[0]
    s = load_situation(path)
    assert [v.rule for v in commands.illegal_combat("damage", s)] == \
        [v["rule"] for v in commands.answer("check", s)["violations"]]


def test_damage_strict_refuses_an_illegal_block(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "flying.yaml"
    path.write_text(yaml.safe_dump({
        "players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
        "permanents": [{"id": "x", "controller": "alice", "power": 2, "toughness": 2, "abilities": ["Flying"]},
                       {"id": "y", "controller": "bob", "power": 1, "toughness": 1}],
        "combat": {"attackers": {"x": "bob"}, "blockers": {"y": ["x"]}}}))
    status, out, err = run(capsys, "damage", str(path), "--strict", "--json")
    assert status == 2 and out == ""
    error = json.loads(err.splitlines()[-1])["error"]
    assert error["field"] == "combat" and "702.9b" in error["message"]


# ---- streaming and limits --------------------------------------------------------------------

def test_jsonl_is_a_header_the_results_and_a_trailer(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = vanilla(tmp_path, 2, 3)
    status, out, _ = run(capsys, "blocks", str(path), "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert lines[0] == {"count": None, "complete": None, "format": 1}
    assert lines[-1] == {"count": 27, "complete": True}
    doc = json.loads(run(capsys, "blocks", str(path), "--json")[1])
    assert doc["count"] == 27 and doc["complete"] is True and doc["format"] == 1
    assert lines[1:-1] == doc["results"]
    assert doc == {**commands.answer("blocks", load_situation(path))}


def test_jsonl_count_and_limit(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = vanilla(tmp_path, 2, 3)
    counted = [json.loads(line) for line in run(capsys, "blocks", str(path), "--jsonl", "--count")[1].splitlines()]
    assert counted == [{"count": 27, "complete": True, "format": 1}, {"count": 27, "complete": True}]
    status, out, err = run(capsys, "blocks", str(path), "--jsonl", "--limit", "5")
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 7 and lines[-1] == {"count": 5, "complete": False}
    assert "stopped by --limit 5" in err  # the one-line summary
    assert run(capsys, "blocks", str(path), "--jsonl", "--limit", "5", "-q")[2] == ""


def test_damage_streams_its_step_first(capsys: pytest.CaptureFixture) -> None:
    path = EXAMPLES / "trample-deathtouch.yaml"
    header = json.loads(run(capsys, "damage", str(path), "--jsonl", "-q")[1].splitlines()[0])
    doc = json.loads(run(capsys, "damage", str(path), "--json", "-q")[1])
    assert header["step"] == doc["step"] and next(iter(doc)) == "step"


def test_timeout_answers_with_what_it_found(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = vanilla(tmp_path, 8)  # 9 ** 8 = 43,046,721 declarations: not enumerated in 1 s
    status, out, err = run(capsys, "blocks", str(path), "--json", "--timeout", "1")
    # Millions of results are written in the second: the document is read by its ends and its results
    # counted by their key, not parsed whole (which would cost a minute).
    assert status == 0 and out.startswith('{"results": [{"blocks": []}, ')
    results, tail = out.rsplit("]}], ", 1)
    trailer = json.loads("{" + tail)
    assert trailer["complete"] is False and trailer["count"] == results.count('{"blocks": [') < 9 ** 8
    last = json.loads('{"blocks": ' + results.rsplit('{"blocks": ', 1)[1] + "]}")  # the last result written
    assert last["blocks"] and all(len(pair) == 2 and pair[1].startswith("a") for pair in last["blocks"])
    assert "stopped by --timeout 1 s" in err
    status, out, _ = run(capsys, "blocks", str(path), "--timeout", "1", "--limit", "3")
    assert status == 0 and out.splitlines()[-1] == "3 legal block declarations (509.1) (stopped by --limit: " \
                                                    "there are more)"


@pytest.mark.parametrize("command, key", [("check", "legal"), ("verify", "holds")])
def test_a_verdict_that_times_out_says_so(command: str, key: str, capsys: pytest.CaptureFixture,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from pysolver.asp import deadline

    def slow(name: str, s: object) -> object:
        deadline.check()
        raise AssertionError("the time limit should have run out")

    monkeypatch.setattr(commands, "decide", slow)
    monkeypatch.setattr(deadline, "expired", lambda: True)
    status, out, _ = run(capsys, command, str(PUZZLE), "--json", "--timeout", "5")
    assert status == 3 and json.loads(out) == {key: None, "complete": False, "format": 1}
    status, out, _ = run(capsys, command, str(PUZZLE), "--timeout", "5")
    assert status == 3 and out == "no verdict: stopped by --timeout 5 s\n"


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf"])
def test_timeout_must_be_positive(value: str, capsys: pytest.CaptureFixture) -> None:
    status, _, err = run(capsys, "check", str(PUZZLE), "--timeout", value)
    assert status == 2 and "--timeout" in err


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    path = vanilla(tmp_path, 6)
    done = subprocess.run(f"'{sys.executable}' -m pysolver blocks '{path}' --jsonl | head -n 2", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert done.stderr == ""
    assert len(done.stdout.splitlines()) == 2


def test_count_with_limit_says_what_stopped_it(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = vanilla(tmp_path, 2, 3)
    status, out, _ = run(capsys, "blocks", str(path), "--count", "--limit", "4")
    assert status == 0 and out == "4 legal block declarations (509.1) (stopped by --limit: there are more)\n"
    status, out, _ = run(capsys, "blocks", str(path), "--count", "--limit", "40")
    assert status == 0 and out == "27 legal block declarations (509.1)\n"


def test_timeout_before_any_result(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The time runs out while the damage step is still being determined (510.4): no answer, exit 3."""
    from pysolver.asp import deadline
    from pysolver.rules import damage

    def expired(s: object) -> str:
        raise deadline.Expired

    monkeypatch.setattr(damage, "next_step", expired)
    status, out, err = run(capsys, "damage", str(EXAMPLES / "trample-deathtouch.yaml"), "--json", "--timeout", "9")
    assert status == 3 and out == "" and err == "pysolver: no answer: stopped by --timeout 9 s\n"


def test_encodings_do_not_shadow_the_standard_library() -> None:
    """`encodings/` holds the .lp programs as data: from the repository root, `PYTHONPATH=.` still finds the
    standard library's `encodings` package, and the programs load as `pysolver.encodings` resources."""
    root = Path(__file__).parents[1]
    assert not (root / "encodings" / "__init__.py").exists()
    done = subprocess.run([sys.executable, "-c", "import encodings.idna, pysolver.asp.solving as s; "
                           "print(s.encoding('combat').startswith('%'))"],
                          cwd=root, env={**os.environ, "PYTHONPATH": "."}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True\n"
