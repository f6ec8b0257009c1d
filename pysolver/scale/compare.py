"""`pysolver compare VECTORS OTHER.jsonl`: another engine's answers against combat test vectors.

OTHER has one JSON object per line in the shape of the vectors (:mod:`pysolver.scale.vectors`): a
`board` id and any of `attacks`, `blocks`, `damage`, `outcomes`. Keys a line leaves out are not
compared (an engine may not answer every question); a board of the vectors with no line in
OTHER, or a line for a board the vectors do not have, is a difference. Results are compared as
sets of canonical results (`line` is ignored); when the vectors leave `results` out (too many),
only counts are compared. Exit status 1 if any board differs, 0 if none, 2 on bad input.

>>> want = {"board": "x", "blocks": {"count": 2, "results": [{"blocks": []}, {"blocks": [["b", "a"]]}]}}
>>> compare_board(want, {"board": "x", "blocks": {"results": [{"blocks": []}]}})
['blocks: count 1, expected 2', 'blocks: 1 result(s) missing, e.g. {"blocks": [["b", "a"]]}']
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import reading
from .vectors import KEYS, blocks_text, canonical, vectors_path

SHOWN = 2  # example results shown per difference


def _doc(what: str, want: dict[str, Any], got: Any) -> list[str]:
    if not isinstance(got, dict):
        return [f"{what}: expected a mapping with count and/or results"]
    results = got.get("results")
    if results is not None and not isinstance(results, list):
        return [f"{what}: results is not a list"]
    count = got.get("count", len(results) if results is not None else None)
    diffs = []
    if count is None:
        return [f"{what}: neither count nor results"]
    if "step" in want and "step" in got and got["step"] != want["step"]:
        diffs.append(f"{what}: step {got['step']}, expected {want['step']}")
    if count != want["count"]:
        diffs.append(f"{what}: count {count}, expected {want['count']}")
    if results is not None:
        got_keys = Counter(canonical(r) if isinstance(r, dict) else json.dumps(r) for r in results)
        twice = [k for k, n in got_keys.items() if n > 1]
        if twice:
            diffs.append(f"{what}: {len(twice)} result(s) listed more than once, e.g. {twice[0]}")
        if "results" in want:
            want_keys = {canonical(r) for r in want["results"]}
            missing = sorted(want_keys - set(got_keys))
            extra = sorted(set(got_keys) - want_keys)
            if missing:
                diffs.append(f"{what}: {len(missing)} result(s) missing, e.g. {', '.join(missing[:SHOWN])}")
            if extra:
                diffs.append(f"{what}: {len(extra)} result(s) not legal/expected, e.g. {', '.join(extra[:SHOWN])}")
    return diffs


def compare_board(want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """The differences between a vector line and another engine's line for the same board."""
    diffs: list[str] = []
    for key in KEYS:
        if key not in got or key not in want:
            continue
        if key != "damage":
            diffs += _doc(key, want[key], got[key])
            continue
        if not isinstance(got[key], list):
            diffs.append("damage: expected a list with one entry per block declaration")
            continue
        wanted = {blocks_text(d["blocks"]): d for d in want[key]}
        given: dict[str, dict[str, Any]] = {}
        for d in got[key]:
            if not isinstance(d, dict) or not isinstance(d.get("blocks"), list):
                diffs.append("damage: an entry without a blocks list")
                continue
            given[blocks_text(d["blocks"])] = d
        for k in sorted(set(wanted) - set(given)):
            diffs.append(f"damage: no answer for blocks {k}")
        for k in sorted(set(given) - set(wanted)):
            diffs.append(f"damage: blocks {k} is not a legal block declaration")
        for k in sorted(set(wanted) & set(given)):
            diffs += _doc(f"damage for blocks {k}", wanted[k], given[k])
    return diffs


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, data in reading.json_objects(path):
        if not isinstance(data.get("board"), str):
            raise InputError(str(path), f"line {number}", "expected an object with a board id")
        yield number, data


def compare(vectors: str | Path, other: str | Path) -> Iterator[tuple[str, list[str]]]:
    """Each differing board with its differences; OTHER is held in memory, the vectors stream."""
    answers: dict[str, dict[str, Any]] = {}
    for number, data in _lines(Path(other)):
        if data["board"] in answers:
            raise InputError(str(other), f"line {number}", f"board {data['board']!r} is answered twice")
        answers[data["board"]] = data
    for _, want in _lines(vectors_path(vectors)):
        got = answers.pop(want["board"], None)
        diffs = ["no answer for this board"] if got is None else compare_board(want, got)
        if diffs:
            yield want["board"], diffs
    for board in answers:
        yield board, ["not a board of the vectors"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("vectors", metavar="VECTORS", help="a vectors directory (sweep --vectors DIR) or its vectors.jsonl")
    p.add_argument("other", metavar="OTHER.jsonl", help="another engine's answers, one board per line")
    p.add_argument("--json", action="store_true",
                   help='one line per differing board: {"board": …, "differences": […]}')


def main(args: argparse.Namespace) -> int:
    if not vectors_path(args.vectors).is_file():
        raise InputError(args.vectors, "", "no vectors here (expected a directory with vectors.jsonl or a file)")
    differing = 0
    for board, diffs in compare(args.vectors, args.other):
        differing += 1
        if args.json:
            print(json.dumps({"board": board, "differences": diffs}))
        else:
            print(f"board {board!r}:")
            for d in diffs:
                print(f"  {d}")
    print(f"compare: {differing} board(s) differ", file=sys.stderr)
    return 1 if differing else 0
