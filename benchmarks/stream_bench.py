"""Streaming output: `pysolver blocks FILE --jsonl` (and `--json`) as a whole process, against the rate at
which clingo alone enumerates the same block declarations (509.1) from a minimal program.

Run ``python3 benchmarks/stream_bench.py`` (``--quick``: the small boards only). The boards are n 2/2
attackers, all attacking, against n 2/2 possible blockers: (n + 1) ** n declarations (7x7: 2,097,152).
For each board and format the table prints the declarations written (from the trailer line, checked
against ``--count``), the process's CPU seconds (user + system, start-up included), its rate, clingo's
rate on the minimal program of ``benchmarks/blocks_bench.py`` (solving only, no Python per model),
their ratio, and the process's peak resident memory, which must not grow with the number of results.
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


def board(n: int) -> dict:
    """n vanilla 2/2 attackers (alice), all attacking bob, and n vanilla 2/2 possible blockers (bob)."""
    permanents = [{"id": f"a{i}", "controller": "alice", "power": 2, "toughness": 2} for i in range(n)]
    permanents += [{"id": f"b{i}", "controller": "bob", "power": 2, "toughness": 2} for i in range(n)]
    return {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice", "permanents": permanents,
            "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}}}


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


def whole_process(path: Path, fmt: str) -> tuple[int, float, int]:
    """Declarations written, CPU seconds and peak RSS (KiB) of `pysolver blocks PATH --FORMAT -q`.
    The output is read here as it comes (newlines counted, the last line kept), not stored."""
    before = children_cpu()
    child = subprocess.Popen([sys.executable, "-c", CHILD, "blocks", str(path), f"--{fmt}", "-q"],
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
    assert count == (lines - 2 if fmt == "jsonl" else lines - 1), (count, lines)
    return count, cpu, int(err.rsplit("maxrss=", 1)[1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="boards up to 6x6 only")
    sizes = (4, 5, 6) if parser.parse_args(argv).quick else (4, 5, 6, 7)
    print(f"{'board':>6} {'format':>6} {'declarations':>13} {'CPU s':>7} {'pysolver /s':>12} {'clingo /s':>12} "
          f"{'ratio':>6} {'peak RSS':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"vanilla{n}.json"
            path.write_text(json.dumps(board(n)))
            models, t_clingo = clingo_rate(minimal_program(pysolver.load(path)))
            assert models == (n + 1) ** n == pysolver.count_blocks(pysolver.load(path))
            limit = models / max(t_clingo, 1e-9)
            for fmt in ("jsonl", "json"):
                count, cpu, rss = whole_process(path, fmt)
                assert count == models
                ours = count / cpu
                print(f"{n:>2}x{n:<3} {fmt:>6} {count:>13,} {cpu:>7.2f} {ours:>12,.0f} {limit:>12,.0f} "
                      f"{ours / limit:>6.2f} {rss / 1024:>6.0f} MB")
    print(f"\n{os.cpu_count()} cores; CPU seconds of the whole pysolver process (start-up, loading, writing); "
          "clingo: solving only")


if __name__ == "__main__":
    main()
