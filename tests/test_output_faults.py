"""Output faults (docs/cli.md): stdout and `-o` files that cannot be written end with exit 2 and one
line naming the path and the operating system's reason; never a traceback, never a partial file
that looks complete; a reader that closes the pipe early (`| head`) gets quiet.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver.cli import main

EXAMPLE = Path(__file__).parents[1] / "examples" / "menace-and-lure.yaml"


def pysolver(*argv: str, stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pysolver", *argv], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=120)


def one_line(err: str) -> str:
    assert "Traceback" not in err and "Exception ignored" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("argv", [["blocks", "--jsonl"], ["blocks"], ["attacks", "--json"], ["check"],
                                  ["graph"], ["verify", "--json"]])
def test_stdout_on_a_full_disk(argv: list[str]) -> None:
    command, *flags = argv
    situation = EXAMPLE if command != "verify" else EXAMPLE.parent / "puzzles" / "lure-forces-the-block.yaml"
    with open("/dev/full", "w") as full:
        done = pysolver(command, str(situation), "-q", *flags, stdout=full)
    assert done.returncode == 2
    assert one_line(done.stderr) == "pysolver: error: <stdout>: cannot write: No space left on device"


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process may not create files in (under root, permissions do not stop it: /sys)."""
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    return folder if not os.access(folder, os.W_OK) else Path("/sys")


@pytest.mark.parametrize("case", ["missing folder", "a folder", "/dev/full", "unwritable", "under a file"])
def test_graph_output_file_faults(case: str, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    target = {"missing folder": tmp_path / "missing" / "graph.dot", "a folder": tmp_path,
              "/dev/full": Path("/dev/full"), "unwritable": unwritable_folder(tmp_path) / "graph.dot",
              "under a file": Path(EXAMPLE) / "graph.dot"}[case]
    before = sorted(tmp_path.rglob("*"))
    status = main(["graph", str(EXAMPLE), "-o", str(target), "-q"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    line = one_line(err)
    assert line.startswith(f"pysolver: error: {target}: cannot write: ")
    assert sorted(tmp_path.rglob("*")) == before  # no temporary file left behind


def test_output_file_appears_whole(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "graph.json"
    target.write_text("old")
    assert main(["graph", str(EXAMPLE), "--json", "-o", str(target)]) == 0
    assert {"nodes", "edges"} <= set(json.loads(target.read_text()))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.json"]
    assert capsys.readouterr().out == ""


def test_closed_pipe_after_the_first_line() -> None:
    done = subprocess.run(f"'{sys.executable}' -m pysolver attacks '{EXAMPLE}' -q | head -n 1", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert done.stderr == "" and len(done.stdout.splitlines()) == 1
