"""Every console transcript in README.md and docs/*.md shows what the program prints.

A ```console block is a sequence of ``$ command`` lines, each followed by the text the command
prints (stdout and stderr together, in the order a terminal shows them). Like doctest's ELLIPSIS,
a line that is only ``…`` (or ``...``) stands for any number of lines, and a line ending in ``…``
(or ``...``) for any rest of that line. Each command runs under bash (pipes, redirections, ``cat``),
``pysolver`` being ``python -m pysolver`` on this repository's sources, in a temporary directory
holding links to the repository's top-level entries (``examples/``, ``tests/``, …): a command that
writes a file (``-o board.svg``) writes it there, never into the repository. A file block, a fenced
block right after ``<!-- file: NAME -->``, is written to NAME in that directory for every later
transcript of its page. A block right after ``<!-- not run: reason -->`` is reported as skipped with
that reason (it needs a network or Forge); every other block runs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\s*$")
NOT_RUN = re.compile(r"^<!-- not run: (.+) -->$")
FILE = re.compile(r"^<!-- file: (\S+) -->$")
ELLIPSES = ("…", "...")


@dataclass
class Transcript:
    """One console block: where it is, its ``(command, expected output)`` pairs and the files before it."""

    page: Path
    line: int
    steps: list[tuple[str, str]]
    files: dict[str, str] = field(default_factory=dict)
    not_run: str | None = None

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[tuple[int, str, list[str], str]]:
    """Every fenced block of `page`: its first line's number, its language, its lines and the line before it."""
    found = []
    lines = page.read_text().splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j] == "```")
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        found.append((i + 1, opening.group(1), lines[i + 1:end], before))
        i = end + 1
    return found


def transcripts(page: Path) -> list[Transcript]:
    """The console blocks of `page`, each with the file blocks above it."""
    files: dict[str, str] = {}
    found = []
    for line, language, text, before in blocks(page):
        marked = FILE.match(before)
        if marked:
            files[marked.group(1)] = "\n".join(text) + "\n"
        if language != "console":
            continue
        steps: list[tuple[str, str]] = []
        for row in text:
            if row.startswith("$ "):
                steps.append((row[2:], ""))
            else:
                assert steps, f"{page.name}:{line}: output before the first '$ ' command"
                steps[-1] = (steps[-1][0], steps[-1][1] + row + "\n")
        skipped = NOT_RUN.match(before)
        found.append(Transcript(page, line, steps, dict(files), skipped.group(1) if skipped else None))
    return found


TRANSCRIPTS = [t for page in PAGES for t in transcripts(page)]


def pattern(expected: str) -> re.Pattern[str]:
    """`expected` as a regular expression: ``…`` alone on a line is any lines, at a line's end any rest."""
    parts = []
    for row in expected.splitlines():
        if row.strip() in ELLIPSES:
            parts.append(r"(?:.*\n)*?")
        elif row.endswith(ELLIPSES):
            parts.append(re.escape(row.removesuffix("…").removesuffix("...")) + r".*\n")
        else:
            parts.append(re.escape(row) + r"\n")
    return re.compile("".join(parts))


def run(command: str, cwd: Path) -> str:
    """What `command` prints, stdout and stderr in one stream, run by bash in `cwd`."""
    script = f'pysolver() {{ "{sys.executable}" -m pysolver "$@"; }}\n{command}'
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    done = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=120)
    return done.stdout


@pytest.mark.parametrize("transcript", [
    pytest.param(t, id=t.name, marks=[pytest.mark.skip(reason=t.not_run)] if t.not_run else [])
    for t in TRANSCRIPTS])
def test_transcript(transcript: Transcript, tmp_path: Path) -> None:
    for entry in ROOT.iterdir():
        if entry.name not in {".git", *transcript.files}:
            (tmp_path / entry.name).symlink_to(entry)
    for name, text in transcript.files.items():
        (tmp_path / name).write_text(text)
    for command, expected in transcript.steps:
        printed = run(command, tmp_path)
        assert pattern(expected).fullmatch(printed), (
            f"{transcript.name}: $ {command}\n--- expected\n{expected}--- printed\n{printed}")


def test_every_console_block_is_a_transcript() -> None:
    """No console block escapes the runner: each is parsed, has a command, and runs unless marked."""
    fences = sum(1 for page in PAGES for row in page.read_text().splitlines() if row.startswith("```console"))
    assert fences == len(TRANSCRIPTS) > 10
    assert all(t.steps for t in TRANSCRIPTS)
    marked = sum(1 for page in PAGES for row in page.read_text().splitlines() if NOT_RUN.match(row))
    assert marked == sum(1 for t in TRANSCRIPTS if t.not_run)


def test_ellipsis() -> None:
    assert pattern("a\n…\nz\n").fullmatch("a\nb\nc\nz\n")
    assert pattern("a\n…\nz\n").fullmatch("a\nz\n")
    assert pattern("took ...\n").fullmatch("took 1.2 s\n")
    assert not pattern("a\nz\n").fullmatch("a\nb\nz\n")
