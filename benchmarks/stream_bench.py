"""Streaming output: `pysolver blocks FILE --jsonl` (and `--json`, and `attacks`) as a whole process, against
the rate at which clingo alone enumerates the same declarations (509.1, 508.1) from a minimal program.

Run ``python3 benchmarks/stream_bench.py`` (``--quick``: the small boards only). The block boards are n 2/2
attackers, all attacking, against n 2/2 possible blockers: (n + 1) ** n declarations (7x7: 2,097,152);
`7x7 menace` gives every attacker menace (702.111b), so that clingo enumerates every declaration and each
passes through its Python API. The attack boards are n 2/2 creatures against a player without creatures:
2 ** n declarations (21: 2,097,152). For each board and format the table prints the declarations written
(from the trailer line, checked against ``--count``), the process's CPU seconds (user + system, start-up
included), its rate, clingo's rate on a minimal program (``benchmarks/blocks_bench.py`` `minimal_program`
for blocks, :func:`minimal_attacks` here; solving only, no Python per model), their ratio, and the
process's peak resident memory, which must not grow with the number of results.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clingo

sys.path.insert(0, str(Path(__file__).parent))
from blocks_bench import minimal_program  # noqa: E402

import pysolver  # noqa: E402

# Runs the command line in the child and reports the child's own peak resident memory (KiB) on stderr.
CHILD = ("import resource, sys\nfrom pysolver.cli import main\nstatus = main(sys.argv[1:])\nsys.stdout.flush()\n"
         "print(f'maxrss={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}', file=sys.stderr)\nsys.exit(status)")


def board(n: int, abilities: tuple[str, ...] = ()) -> dict:
    """n 2/2 attackers (alice) with `abilities`, all attacking bob, and n vanilla 2/2 possible blockers (bob)."""
    permanents = [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2, "abilities": list(abilities)}
                  for i in range(n)]
    permanents += [{"id": f"b{i}", "controller": "bob", "power": 2, "toughness": 2} for i in range(n)]
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": permanents,
            "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}}}


def attack_board(n: int) -> dict:
    """n vanilla 2/2 creatures (alice) that may attack bob, who has no creatures: 2 ** n declarations."""
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
            "permanents": [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2} for i in range(n)]}


def minimal_attacks(n: int) -> str:
    """The attack declarations of :func:`attack_board` as a minimal program: each creature attacks bob or not."""
    return " ".join(f'creature("a{i}").' for i in range(n)) + ' { attack(A,"bob") } :- creature(A). #show attack/2.'


def clingo_rate(program: str) -> tuple[int, float]:
    """Models and CPU seconds for clingo to enumerate `program` (no Python per model)."""
    ctl = clingo.Control(["--models=0"], logger=lambda code, message: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    start = time.process_time()
    ctl.solve()
    return int(ctl.statistics["summary"]["models"]["enumerated"]), time.process_time() - start


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def whole_process(command: str, path: Path, fmt: str) -> tuple[int, float, int]:
    """Declarations written, CPU seconds and peak RSS (KiB) of `pysolver COMMAND PATH --FORMAT -q`.
    The output is read here as it comes (newlines counted, the last line kept), not stored."""
    before = children_cpu()
    child = subprocess.Popen([sys.executable, "-c", CHILD, command, str(path), f"--{fmt}", "-q"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    lines, tail = 0, b""
    while chunk := child.stdout.read(1 << 20):
        lines += chunk.count(b"\n")
        tail = (tail + chunk)[-4096:]
    err = child.stderr.read().decode()
    assert child.wait() == 0, err
    cpu = children_cpu() - before
    last_line = tail.splitlines()[-1]  # --json: the document ends '…], "count": N, "complete": …}'
    last = json.loads(last_line if fmt == "jsonl" else b"{" + last_line.rsplit(b"], ", 1)[1])
    count = last["count"]
    assert fmt == "json" or count == lines - 2, (count, lines)  # --json: one line
    return count, cpu, int(err.rsplit("maxrss=", 1)[1])


def row(label: str, command: str, path: Path, models: int, t_clingo: float) -> None:
    limit = models / max(t_clingo, 1e-9)
    for fmt in ("jsonl", "json"):
        count, cpu, rss = whole_process(command, path, fmt)
        assert count == models
        ours = count / cpu
        print(f"{label:<17} {fmt:>6} {count:>13,} {cpu:>7.2f} {ours:>12,.0f} {limit:>12,.0f} "
              f"{ours / limit:>6.2f} {rss / 1024:>6.0f} MB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="boards up to 6x6 (attacks: 2 ** 17) only")
    quick = parser.parse_args(argv).quick
    print(f"{'board':<17} {'format':>6} {'declarations':>13} {'CPU s':>7} {'pysolver /s':>12} {'clingo /s':>12} "
          f"{'ratio':>6} {'peak RSS':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        boards = [(f"blocks {n}x{n}", board(n)) for n in ((4, 5, 6) if quick else (4, 5, 6, 7))]
        boards += [] if quick else [("blocks 7x7 menace", board(7, ("Menace",)))]
        for label, data in boards:
            path = Path(tmp) / "board.json"
            path.write_text(json.dumps(data))
            models, t_clingo = clingo_rate(minimal_program(pysolver.load(path)))
            assert models == pysolver.count_blocks(pysolver.load(path))
            row(label, "blocks", path, models, t_clingo)
        for n in (14, 17) if quick else (14, 17, 21):
            path = Path(tmp) / f"attacks{n}.json"
            path.write_text(json.dumps(attack_board(n)))
            models, t_clingo = clingo_rate(minimal_attacks(n))
            assert models == 2 ** n == pysolver.count_attacks(pysolver.load(path))
            row(f"attacks {n}", "attacks", path, models, t_clingo)
    print(f"\n{os.cpu_count()} cores; CPU seconds of the whole pysolver process (start-up, loading, writing); "
          "clingo: solving only")


if __name__ == "__main__":
    main()
