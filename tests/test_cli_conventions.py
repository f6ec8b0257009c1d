"""The command line's conventions of issue 22 (docs/cli.md): ``-`` for standard input and ``-o -`` for
standard output, options spelled in full, "did you mean", an example in every command's help, ``-q``
and ``--strict`` wherever a situation is read, quiet closed pipes, shell completion.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver import completion
from pysolver.cli import COMMANDS, TOOLS, main, parse, parser

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"
AKROMA = EXAMPLES / "akroma-vs-knights.yaml"  # real cards, no line that may change the answer
FINKS = EXAMPLES / "cards" / "finks-attacks.yaml"  # real cards: notes about lines that may change the answer
REAL = EXAMPLES / "cards" / "creatures.scryfall.json"
MENACE = EXAMPLES / "menace-and-lure.yaml"
FIRECAT = EXAMPLES / "firecat-face-down-chump.yaml"  # `export forge` notes that blocks are not written
FORGE_TEXT = ("humanlife=20\nailife=20\nactiveplayer=human\nactivephase=COMBAT_DECLARE_BLOCKERS\n"
              "humanbattlefield=Akroma, Angel of Fury|Attacking;Grizzly Bears|Attacking\n"
              "aibattlefield=White Knight;Giant Spider;Serra Angel\n")  # `import forge` notes an unmodelled line
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(capsys: pytest.CaptureFixture, *argv: str, stdin: bytes | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


# ---- '-' is standard input, '-o -' standard output -------------------------------------------

@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("command", ["blocks", "attacks", "graph", "check"])
def test_a_situation_on_stdin_answers_as_the_file(command: str, as_json: bool, capsys: pytest.CaptureFixture,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml
    text = MENACE.read_bytes()
    if as_json:  # the loader tells JSON from YAML by the text, as for a file
        text = json.dumps(yaml.safe_load(text)).encode()
    expected = run(capsys, command, str(MENACE))
    assert run(capsys, command, "-", stdin=text, monkeypatch=monkeypatch) == expected


def test_an_error_on_stdin_names_stdin(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = run(capsys, "blocks", "-", "--json", stdin=b"players: []\nactive: alice\n",
                           monkeypatch=monkeypatch)
    assert status == 2 and out == ""
    assert err.splitlines()[0].startswith("pysolver: error: <stdin>: ")
    assert json.loads(err.splitlines()[-1])["error"]["file"] == "<stdin>"
    status, _, err = run(capsys, "blocks", "-", stdin=b"\xff", monkeypatch=monkeypatch)
    assert (status, err) == (2, "pysolver: error: <stdin>: file is not UTF-8 text (byte 0: invalid start byte)\n")


@pytest.fixture
def forge_file(tmp_path: Path) -> Path:
    path = tmp_path / "forge" / "akroma.txt"
    path.parent.mkdir()
    path.write_text(FORGE_TEXT)
    return path


def test_dash_o_dash_is_stdout_not_a_file(tmp_path: Path, forge_file: Path, capsys: pytest.CaptureFixture,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path / "out")
    expected = run(capsys, "graph", str(MENACE))
    assert run(capsys, "graph", str(MENACE), "-o", "-") == expected
    svg = run(capsys, "show", str(MENACE))
    assert run(capsys, "show", str(MENACE), "-o", "-") == svg and svg[1].startswith("<svg")
    forge = run(capsys, "export", "forge", str(MENACE))
    assert run(capsys, "export", "forge", str(MENACE), "-o", "-") == forge and forge[0] == 0
    imported = run(capsys, "import", "forge", str(forge_file))
    assert run(capsys, "import", "forge", str(forge_file), "-o", "-") == imported and imported[0] == 0
    assert list((tmp_path / "out").iterdir()) == []  # no file named '-'


def test_forge_files_and_pools_on_stdin(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    status, forge, _ = run(capsys, "export", "forge", "-", stdin=MENACE.read_bytes(), monkeypatch=monkeypatch)
    assert status == 0
    status, board, err = run(capsys, "import", "forge", "-", stdin=forge.encode(), monkeypatch=monkeypatch)
    assert status == 0 and err == ""
    assert board.startswith("# Imported by `pysolver import forge` from <stdin> (docs/engines.md).\n")
    status, _, err = run(capsys, "import", "forge", "-", "--strict", stdin=(FORGE_TEXT + "humanhand=Lava Spike\n")
                         .encode(), monkeypatch=monkeypatch)
    assert (status, err) == (2, "pysolver: error: <stdin>: humanhand[0] (Lava Spike): a card in a hand is not "
                                "modelled\n")
    status, _, err = run(capsys, "import", "forge", "-", stdin=b"\xff", monkeypatch=monkeypatch)
    assert (status, err) == (2, "pysolver: error: <stdin>: not UTF-8 text (byte 0: invalid start byte)\n")
    pool = (b"players: {attacker: alice, defender: bob}\nattackers: {sizes: 1..1, cards: [Grizzly Bears]}\n"
            b"blockers: {sizes: 0..1, cards: [Giant Spider]}\ncommands: [blocks]\n")
    status, items, _ = run(capsys, "sweep", "-", "--items", "--no-progress", stdin=pool, monkeypatch=monkeypatch)
    assert status == 0 and [json.loads(line)["id"] for line in items.splitlines()] == [
        "a=0 b=/blocks", "a=0 b=0/blocks"]
    vectors = EXAMPLES / "vectors" / "vectors.jsonl"
    assert run(capsys, "compare", str(vectors), "-", stdin=vectors.read_bytes(), monkeypatch=monkeypatch) == (
        0, "", "compare: 0 board(s) differ\n")


# ---- options spelled in full; did you mean ---------------------------------------------------

def _every_parser(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [p]
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                found += _every_parser(child)
    return found


def test_no_parser_takes_abbreviations() -> None:
    parsers = _every_parser(parser(every=True)[0])
    assert len(parsers) == 1 + len(COMMANDS) + len(TOOLS) + 3  # import forge, export forge, export xmage
    assert all(p.allow_abbrev is False for p in parsers)


def test_an_abbreviated_option_is_an_error_with_the_full_name(capsys: pytest.CaptureFixture) -> None:
    status, out, err = run(capsys, "blocks", str(MENACE), "--lim", "2")
    assert status == 2 and out == "" and err.startswith("usage: pysolver blocks ")
    assert err.splitlines()[-1] == "pysolver blocks: error: unrecognized arguments: --lim 2; did you mean '--limit'?"
    status, _, err = run(capsys, "import", "forge", "board.pzl", "--ouput", "x.yaml")
    assert status == 2
    assert err.splitlines()[-1] == ("pysolver import: error: unrecognized arguments: --ouput x.yaml; "
                                    "did you mean '--output'?")
    status, _, err = run(capsys, "blocks", str(MENACE), "--frobnicate")
    assert (status, err.splitlines()[-1]) == (2, "pysolver blocks: error: unrecognized arguments: --frobnicate")


def test_a_mistyped_command_gets_the_nearest_one(capsys: pytest.CaptureFixture) -> None:
    assert run(capsys, "outcome", "x.yaml") == (2, "", "pysolver: unknown command 'outcome'; did you mean "
                                                       "'outcomes'?\n")
    assert run(capsys, "verfy", "x.yaml", "--json") == (2, "", "pysolver: unknown command 'verfy'; did you mean "
                                                                "'verify'?\n")
    assert run(capsys, "frobnicate") == (2, "", "pysolver: unknown command 'frobnicate' (pysolver --help lists the "
                                                "commands)\n")


# ---- an example in every help; -q and --strict -----------------------------------------------

@pytest.mark.parametrize("tool", list(TOOLS))
def test_every_tools_example_works(tool: str, tmp_path: Path) -> None:
    """The example in `pysolver TOOL --help`, run by the shell in a fresh folder beside examples/ (those
    that answer hundreds of boards only parsed, their files checked)."""
    if tool in ("batch", "sweep"):
        for command in TOOLS[tool].example.split(" | "):
            words = command.split()[1:]
            args = parse(words)
            assert args.command in TOOLS
            assert all((ROOT / w).exists() for w in words if w.startswith("examples/"))
        return
    (tmp_path / "examples").symlink_to(EXAMPLES)
    (tmp_path / "bin").mkdir()
    program = tmp_path / "bin" / "pysolver"
    program.write_text(f"#!/bin/sh\nexec '{sys.executable}' -m pysolver \"$@\"\n")
    program.chmod(0o755)
    example = TOOLS[tool].example.replace("~/.local/share/bash-completion/completions/", "")
    done = subprocess.run(["bash", "-o", "pipefail", "-c", example], cwd=tmp_path, capture_output=True, text=True,
                          env={**ENV, "PATH": f"{program.parent}{os.pathsep}{os.environ['PATH']}"}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    written = [w for w in example.split() if not w.startswith(("examples/", "-")) and "." in w or w.endswith("/")]
    assert all((tmp_path / w).exists() for w in written if w != "pysolver")


@pytest.mark.parametrize("command", list(COMMANDS) + list(TOOLS))
def test_every_help_shows_its_example(command: str, capsys: pytest.CaptureFixture) -> None:
    assert main([command, "--help"]) == 0
    example = COMMANDS[command].example if command in COMMANDS else TOOLS[command].example
    assert f"\nexample:\n  {example}\n" in capsys.readouterr().out
    assert any(word.startswith("examples/") for word in example.split()) or command in ("completion", "schema",
                                                                                          "abilities")


def test_show_import_and_export_are_quiet_with_q(forge_file: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    note = "note: finks: 'When Kitchen Finks enters, you gain 2 life.' is not modelled by the solver\n"
    status, svg, err = run(capsys, "show", str(FINKS), "--cards", str(REAL))
    assert status == 0 and err.startswith(note) and err.count("note: ") == 2
    assert run(capsys, "show", str(FINKS), "--cards", str(REAL), "-q") == (0, svg, "")
    finks = tmp_path / "finks.pzl"
    finks.write_text(FORGE_TEXT.replace("Akroma, Angel of Fury", "Kitchen Finks"), encoding="utf-8")
    status, board, err = run(capsys, "import", "forge", str(finks), "--cards", str(REAL))
    assert (status, err) == (0, note.replace("finks:", "kitchen_finks:"))
    assert run(capsys, "import", "forge", str(finks), "--cards", str(REAL), "-q") == (0, board, "")
    # Akroma's one line not modelled ("can't be countered", 601.2) cannot change a combat: no note
    assert run(capsys, "show", str(AKROMA))[2] == "" and run(capsys, "import", "forge", str(forge_file))[2] == ""
    status, text, err = run(capsys, "export", "forge", str(FIRECAT))
    assert status == 0 and err.startswith(f"note: {FIRECAT}: combat.blockers: ")
    assert run(capsys, "export", "forge", str(FIRECAT), "-q") == (0, text, "")


def test_export_xmage_is_quiet_with_q(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    vectors = tmp_path / "vectors"  # the first boards of the examples' vectors: the same path, a fraction of the time
    vectors.mkdir()
    lines = (EXAMPLES / "vectors" / "vectors.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (vectors / "vectors.jsonl").write_text("".join(lines[:4]), encoding="utf-8")
    status, _, err = run(capsys, "export", "xmage", str(vectors), "-o", str(tmp_path / "a"))
    assert status == 0 and " XMage test classes written to " in err
    assert run(capsys, "export", "xmage", str(vectors), "-o", str(tmp_path / "b"), "-q") == (0, "", "")
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == sorted(p.name for p in (tmp_path / "b").iterdir())


def test_show_strict_refuses_an_unmodelled_line(capsys: pytest.CaptureFixture) -> None:
    assert run(capsys, "show", str(FINKS), "--cards", str(REAL), "--strict") == (
        2, "", f"pysolver: error: {FINKS}: permanent finks: line 'When Kitchen Finks enters, you gain 2 life.' "
               "is not modelled (--strict)\n")
    assert run(capsys, "show", str(AKROMA), "--strict")[0] == 0  # its inert line is no error


# ---- a closed stdout ------------------------------------------------------------------------

PIPED = [["abilities"], ["abilities", "--json"], ["schema", "situation"], ["schema", "--list"], ["--help"],
         ["blocks", "--help"], ["--version"], ["show", str(MENACE)], ["blocks", str(MENACE)],
         ["blocks", str(MENACE), "--jsonl"], ["attacks", str(MENACE), "--json"],
         ["damage", str(EXAMPLES / "trample-deathtouch.yaml")],
         ["outcomes", str(MENACE)], ["graph", str(MENACE)], ["check", str(MENACE)],
         ["verify", str(EXAMPLES / "puzzles" / "lure-forces-the-block.yaml")], ["completion", "bash"],
         ["export", "forge", str(MENACE)], ["import", "forge", str(ROOT / "tests" / "fixtures" / "forge" /
                                                                   "combat-win.pzl"), "-q"],
         ["compare", str(EXAMPLES / "vectors"), str(EXAMPLES / "vectors" / "vectors.jsonl")]]


@pytest.mark.parametrize("argv", PIPED, ids=" ".join)
def test_a_closed_pipe_ends_every_command_quietly(argv: list[str]) -> None:
    """`pysolver … | head -1` (the reader goes after one line, a race run a few times) and `| head -0`
    (the pipe is closed before the first write): status 0 (each of these commands answers with 0 on its
    whole output), no traceback on stderr."""
    command = [sys.executable, "-m", "pysolver", *argv]
    for _ in range(3):
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV) as p:
            assert p.stdout is not None and p.stderr is not None
            p.stdout.readline()
            p.stdout.close()
            err = p.stderr.read().decode()
        assert p.returncode == 0 and not re.search("Traceback|Exception ignored|Error", err), err
    read, write = os.pipe()
    os.close(read)
    done = subprocess.run(command, stdout=write, stderr=subprocess.PIPE, env=ENV, timeout=120)
    os.close(write)
    assert done.returncode == 0 and not re.search("Traceback|Exception ignored|Error", done.stderr.decode())


# ---- shell completion ------------------------------------------------------------------------

BASH_COMPLETE = """source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _pysolver; printf '%s\\n' "${COMPREPLY[@]}"
"""


@pytest.mark.parametrize(("words", "expected"), [
    (["out"], ["outcomes"]),
    (["c"], ["check", "compare", "cards", "completion"]),
    (["blocks", "x.yaml", "--li"], ["--limit"]),
    (["graph", "x.yaml", "--format", ""], ["dot", "svg", "png"]),
    (["graph", "--timeout", "3", "--f"], ["--format"]),
    (["export", ""], ["forge", "xmage"]),
    (["export", "xmage", "--pa"], ["--package"]),
    (["sweep", "--executor", "p"], ["processes"]),
    (["completion", ""], ["bash", "zsh"]),
    (["--v"], ["--version"]),
])
def test_bash_completion(words: list[str], expected: list[str], tmp_path: Path) -> None:
    script = tmp_path / "pysolver.bash"
    script.write_text(completion.script("bash"))
    done = subprocess.run(["bash", "-c", BASH_COMPLETE, "complete", str(script), "pysolver", *words],
                          capture_output=True, text=True, timeout=60)
    assert (done.stderr, done.stdout.split()) == ("", expected)


def test_bash_completion_falls_back_to_file_names(tmp_path: Path) -> None:
    (tmp_path / "board.yaml").write_text("")
    script = tmp_path / "pysolver.bash"
    script.write_text(completion.script("bash"))
    done = subprocess.run(["bash", "-c", BASH_COMPLETE, "complete", str(script), "pysolver", "blocks", "bo"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.stdout.split() == ["board.yaml"]


def test_the_completion_command_prints_the_scripts(capsys: pytest.CaptureFixture) -> None:
    for shell in completion.SHELLS:
        assert run(capsys, "completion", shell) == (0, completion.script(shell), "")
    assert completion.script("zsh").startswith("#compdef pysolver\n")
    status, _, err = run(capsys, "completion", "fish")
    assert status == 2 and err.splitlines()[-1] == ("pysolver completion: error: argument shell: invalid choice: "
                                                    "'fish' (choose from 'bash', 'zsh')")


ZSH_COMPLETE = """compdef() { :; }; compadd() { print -l -- ${(P)${@[-1]}} }; _files() { print _files }
source "$1"; shift; words=("$@"); CURRENT=$#; _pysolver
"""


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
@pytest.mark.parametrize(("words", "expected"), [
    (["graph", "x.yaml", "--format", ""], ["dot", "svg", "png"]),
    (["export", ""], ["forge", "xmage"]),
    (["blocks", ""], ["_files"]),
    (["sweep", "--executor", ""], ["local", "processes", "dask"]),
])
def test_zsh_completion(words: list[str], expected: list[str], tmp_path: Path) -> None:
    """The zsh script with compadd and _files stubbed (they offer what matches the word typed)."""
    script = tmp_path / "_pysolver"
    script.write_text(completion.script("zsh"))
    assert subprocess.run(["zsh", "-n", str(script)], capture_output=True, timeout=60).returncode == 0
    done = subprocess.run(["zsh", "-c", ZSH_COMPLETE, "complete", str(script), "pysolver", *words],
                          capture_output=True, text=True, timeout=60)
    assert (done.stderr, done.stdout.split()) == ("", expected)
    opts = subprocess.run(["zsh", "-c", ZSH_COMPLETE, "complete", str(script), "pysolver", "blocks", "--"],
                          capture_output=True, text=True, timeout=60).stdout.split()
    assert "--limit" in opts and "--format" not in opts
