"""The Dask executor gives the same results as the local one; failed tasks are retried.

The cluster is a LocalCluster in this process (processes=False, two single-threaded workers),
started once for the module.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from pysolver import cli  # noqa: E402
from pysolver.scale import batch, executors, sweep  # noqa: E402

POOL = {"attackers": {"sizes": "1..2", "cards": ["Akroma, Angel of Fury", "Blistering Firecat"]},
        "blockers": {"sizes": "0..1", "cards": ["Vampire Nighthawk"]}}
SITUATION = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
             "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
                            {"id": "cat", "controller": "alice", "card": "Blistering Firecat"},
                            {"id": "spider", "controller": "bob", "card": "Giant Spider"}],
             "combat": {"attackers": {"akroma": "bob", "cat": "bob"}}}


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def lines_by_id(text: str) -> dict:
    lines = [json.loads(t) for t in text.splitlines()]
    assert len({json.dumps(line["id"]) for line in lines}) == len(lines)
    return {json.dumps(line["id"]): line for line in lines}


def test_batch_on_dask_equals_local(client) -> None:
    items = [json.dumps({"id": f"{c}-{n}", "command": c, "situation": SITUATION, "options": {"limit": n}})
             for c in ("attacks", "blocks", "outcomes") for n in (1, 3, 50)] + ["{bad"]
    local, dask_out = io.StringIO(), io.StringIO()
    batch.run_batch(items, local)
    stats = batch.run_batch(items, dask_out, executor=executors.DaskExecutor(client=client), chunk_size=2)
    assert lines_by_id(dask_out.getvalue()) == lines_by_id(local.getvalue())
    assert stats.lines == len(items) and stats.errors == 1


def test_sweep_on_dask_equals_local(client, tmp_path: Path) -> None:
    pool = sweep.parse_pool(POOL)
    outputs = []
    for executor, report in ((executors.LocalExecutor(), None), (executors.DaskExecutor(client=client), [])):
        out, vectors = io.StringIO(), io.StringIO()
        stats = sweep.run_sweep(pool, out, executor=executor, vectors=vectors, chunk_size=3,
                                invariant_report=None if report is None else report.append)
        assert stats.boards == sweep.count_boards(pool) == 10 and stats.errors == 0 and not report
        outputs.append((lines_by_id(out.getvalue()), vectors.getvalue()))
    assert stats.checks > 0  # the invariants ran on the Dask workers
    assert outputs[0] == outputs[1]  # the same lines; vectors in the same (board) order


def test_cli_with_a_scheduler_address(client, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "pool.yaml"
    path.write_text(json.dumps(POOL))
    assert cli.main(["sweep", str(path), "-o", str(tmp_path / "local.jsonl"), "--commands", "blocks,damage"]) == 0
    assert cli.main(["sweep", str(path), "-o", str(tmp_path / "dask.jsonl"), "--commands", "blocks,damage",
                     "--executor", "dask", "--scheduler", client.scheduler.address]) == 0
    assert "dask" in capsys.readouterr().err
    assert lines_by_id((tmp_path / "dask.jsonl").read_text()) == lines_by_id((tmp_path / "local.jsonl").read_text())
    assert cli.main(["sweep", str(path), "--scheduler", "tcp://127.0.0.1:9", "--executor", "processes"]) == 2


def test_failed_dask_tasks_are_retried_then_reported(client, tmp_path: Path) -> None:
    import faults
    executor = executors.DaskExecutor(client=client)
    chunks = [executors.Chunk(i, {"value": i, "crash": i == 2, "marker": str(tmp_path / "m")}) for i in range(6)]
    assert dict((c.key, v) for c, v in executors.run(faults.raise_once, chunks, executor)) == {i: i for i in range(6)}
    chunks = [executors.Chunk(i, {"value": i, "crash": i == 4}) for i in range(6)]
    results = dict((c.key, v) for c, v in executors.run(faults.raise_always, chunks, executor))
    assert isinstance(results.pop(4), executors.Failed) and results == {i: i for i in range(6) if i != 4}
