"""The worked acceptance situations: `pysolver COMMAND NAME.yaml --json` equals NAME.COMMAND.expected.json.

Results are compared as sets of canonical results; keys the expected documents leave out
(`complete`, `line`) are not compared. For `best` the optimal value and the set of optimal first
moves are compared, not the principal line (any line reaching the optimum is one).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cli import main

HERE = Path(__file__).parent / "acceptance"
SHARED = Path(__file__).parents[2] / "shared" / "acceptance"
OUTCOME_KEYS = ("life", "lost", "destroyed", "damage", "loyalty", "defense")
RESULT_KEY = {"attacks": "attacks", "blocks": "blocks", "damage": "assignment"}
BEST_KEYS = ("side", "player", "value", "by", "stage", "format")


def cases() -> list[Path]:
    found = {p.name: p for p in HERE.glob("*.expected.json")}
    if SHARED.is_dir():
        found.update({p.name: p for p in SHARED.glob("*.expected.json")})
    return sorted(found.values())


def canonical(doc: dict, command: str) -> set[str]:
    if command == "outcomes":
        return {json.dumps({k: r.get(k) for k in OUTCOME_KEYS}, sort_keys=True) for r in doc["results"]}
    return {json.dumps(sorted(r[RESULT_KEY[command]])) for r in doc["results"]}


@pytest.mark.parametrize("expected", cases(), ids=lambda p: p.name.removesuffix(".expected.json"))
def test_acceptance(expected: Path, capsys: pytest.CaptureFixture) -> None:
    name, command = expected.name.removesuffix(".expected.json").rsplit(".", 1)
    situation = expected.with_name(f"{name}.yaml")
    assert main([command, str(situation), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    want = json.loads(expected.read_text())
    if command == "best":  # the optimum and every optimal first move; the line is one of the optimal ones
        assert {k: got[k] for k in BEST_KEYS} == {k: want[k] for k in BEST_KEYS}
        assert sorted(map(json.dumps, got["moves"])) == sorted(map(json.dumps, want["moves"]))
        return
    assert got["count"] == want["count"]
    assert canonical(got, command) == canonical(want, command)
    for key in set(want) - {"results", "count"}:
        assert got[key] == want[key]
