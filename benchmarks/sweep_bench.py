"""Sweep throughput: boards per second with 1 and 2 local workers and with Dask.

    python benchmarks/sweep_bench.py                 # the benchmark boards on each executor
    python benchmarks/sweep_bench.py --full          # the full 3 x 3 sweep of the eight-card pool,
                                                     # with --invariants, on 2 worker processes

The benchmark boards are the eight-card pool (examples/pools/eight-cards.yaml) cut to 1-2
attackers x 0-1 blockers (70 boards), answered for attacks, blocks, damage and outcomes. Each
executor gets the same boards; the numbers are wall-clock boards/s and the worker CPU seconds
per board (which does not depend on how busy the machine is). The Dask run starts a LocalCluster
of two single-threaded worker processes; its start-up time is printed, not counted.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path

from pysolver.scale import executors, sweep

ROOT = Path(__file__).parents[1]
POOL = ROOT / "examples" / "pools" / "eight-cards.yaml"


class Null:
    def write(self, text: str) -> None:
        pass

    def flush(self) -> None:
        pass


def run(pool: sweep.Pool, executor, label: str, **kwargs) -> sweep.SweepStats:
    try:
        stats = sweep.run_sweep(pool, Null(), executor=executor, **kwargs)
    finally:
        executor.close()
    print(f"{label:<28} {stats.boards:>5} boards {stats.seconds:>8.1f} s {stats.boards / stats.seconds:>8.2f} boards/s "
          f"{stats.cpu / stats.boards:>7.3f} s CPU/board", flush=True)
    return stats


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pool", default=str(POOL))
    p.add_argument("--full", action="store_true", help="the full sweep of the pool with invariants")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--executors", default="local,processes,dask", help="comma-separated, for the benchmark")
    args = p.parse_args()
    pool = sweep.load_pool(args.pool)
    print(f"pysolver sweep benchmark on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    if args.full:
        violations: list = []
        print(f"full sweep of {args.pool}: {sweep.count_boards(pool)} boards, --invariants, {args.jobs} processes")
        stats = run(pool, executors.ProcessExecutor(args.jobs), f"processes x{args.jobs} (full)",
                    invariant_report=violations.append, chunk_size=2)
        print(f"invariants: {stats.checks} checks, {stats.violations} broken, errors: {stats.errors}"
              + "".join(f"; skipped: {s}" for s in sorted(stats.skipped)))
        for r in violations:
            for v in r.violations:
                print(f"  {r.board}: {v['invariant']}: {v['message']}")
        return 1 if stats.violations or stats.errors else 0
    bench = dataclasses.replace(pool, attacker_sizes=(1, 2), blocker_sizes=(0, 1))
    print(f"benchmark boards: {sweep.count_boards(bench)} (1-2 attackers x 0-1 blockers of {args.pool})")
    for kind in args.executors.split(","):
        if kind == "local":
            run(bench, executors.LocalExecutor(), "local (1 worker)")
        elif kind == "processes":
            for jobs in (1, 2):
                run(bench, executors.ProcessExecutor(jobs), f"processes x{jobs}")
        elif kind == "dask":
            start = time.monotonic()
            try:
                executor = executors.DaskExecutor(2)
            except Exception as exc:  # noqa: BLE001 - dask is optional
                print(f"dask: not run ({exc})")
                continue
            print(f"dask LocalCluster (2 worker processes) started in {time.monotonic() - start:.1f} s")
            run(bench, executor, "dask x2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
