"""`pysolver batch`: results equal the single commands line for line; bad lines; ids; resume; executors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import pysolver as api
from pysolver import cli, commands
from pysolver.output.progress import Bar
from pysolver.scale import batch, executors

ROOT = Path(__file__).parents[1]
SITUATIONS = sorted({p.name: p for p in [*(ROOT / "examples").glob("*.yaml"),
                                          *(ROOT / "tests" / "acceptance").glob("*.yaml")]}.values())
PUZZLES = sorted((ROOT / "examples" / "puzzles").glob("*.yaml"))  # with goals: for verify
TWO = {"players": [{"name": "alice"}, {"name": "bob"}], "active": "alice",
       "permanents": [{"id": "akroma", "controller": "alice", "card": "Akroma, Angel of Fury"},
                      {"id": "spider", "controller": "bob", "card": "Giant Spider"},
                      {"id": "knight", "controller": "bob", "card": "White Knight"}],
       "combat": {"attackers": {"akroma": "bob"}}}


def run(lines: list[str], **kwargs) -> tuple[list[dict], batch.Stats]:
    out = io.StringIO()
    stats = batch.run_batch(lines, out, **kwargs)
    return [json.loads(line) for line in out.getvalue().splitlines()], stats


def by_id(lines: list[dict]) -> dict:
    ids = [line["id"] for line in lines]
    assert len(ids) == len(set(map(json.dumps, ids))), "an id appears more than once"
    return {json.dumps(line["id"]): line for line in lines}


def batch_commands() -> list[str]:
    return [c for c in commands.BATCH_COMMANDS if c not in ("check", "verify") or hasattr(api, c)]


def test_batch_results_equal_single_commands(capsys: pytest.CaptureFixture) -> None:
    """Every example and acceptance situation, every command (some with --count and --limit): the
    batch line's result is the document the single command prints with --json."""
    lines, expected = [], {}
    for n, path in enumerate(SITUATIONS + PUZZLES):
        data = yaml.safe_load(path.read_text())
        variants = (({}, []), ({"count": True}, ["--count"]), ({"limit": 1}, ["--limit", "1"]))
        for command in batch_commands() if path not in PUZZLES else ["verify"] * hasattr(api, "verify"):
            for options, flags in variants if n % 3 == 0 and command not in ("check", "verify") else variants[:1]:
                item_id = f"{path.stem}/{command}/{'+'.join(flags) or 'plain'}"
                lines.append(json.dumps({"id": item_id, "command": command, "situation": data, "options": options}))
                if command in cli.COMMANDS:
                    status = cli.main([command, str(path), "--json", *flags])
                    out = capsys.readouterr().out
                    expected[item_id] = json.loads(out) if status in (0, 1) else None
                else:  # check/verify not on the command line yet: the shared function itself
                    try:
                        expected[item_id] = commands.answer(command, api.load(path), count=bool(options.get("count")),
                                                            limit=options.get("limit"))
                    except pysolver_input_error():
                        expected[item_id] = None
    got, stats = run(lines)
    assert [line["id"] for line in got] == [json.loads(text)["id"] for text in lines]  # local: input order
    answered = 0
    for line in got:
        want = expected[line["id"]]
        if want is None:
            assert "error" in line, line["id"]
        else:
            assert without_timing(line.get("result")) == without_timing(want), line["id"]
            answered += 1
    assert answered >= len(SITUATIONS) * 3  # most questions have answers
    assert stats.lines == len(lines)


def without_timing(doc: dict | None) -> dict | None:
    """`verify` reports the seconds its search took in `stats`: the one field that differs between runs."""
    if doc and isinstance(doc.get("stats"), dict):
        return {**doc, "stats": {k: v for k, v in doc["stats"].items() if k != "seconds"}}
    return doc


def pysolver_input_error() -> type:
    from pysolver.errors import InputError
    return InputError


def test_bad_lines_become_error_lines_and_the_batch_continues() -> None:
    good = {"command": "blocks", "situation": TWO}
    lines = [
        json.dumps({"id": "ok-1", **good}),
        "{not json",
        json.dumps({"id": "unknown-command", "command": "block", "situation": TWO}),
        json.dumps({"id": "bad-situation", "command": "blocks", "situation": {**TWO, "active": "carol"}}),
        json.dumps(good),                                    # missing id
        json.dumps({"id": True, **good}),                    # an unusable id
        json.dumps(["a", "list"]),
        json.dumps({"id": "ok-1", **good}),                  # duplicate id
        json.dumps({"id": "bad-option", **good, "options": {"limit": 0}}),
        json.dumps({"id": "extra-key", **good, "colour": "red"}),
        json.dumps({"id": "no-situation", "command": "blocks"}),
        json.dumps({"id": "bad-line-text", "command": "blocks",
                    "situation": {**TWO, "permanents": [{**TWO["permanents"][0], "abilities": ["Flyng"]}]}}),
        "",                                                  # blank lines are not questions
        json.dumps({"id": 17, **good}),
    ]
    got, stats = run(lines, chunk_size=2)
    lines_by_id = by_id(got)
    assert set(lines_by_id) == {json.dumps(i) for i in (
        "ok-1", "line:2", "unknown-command", "bad-situation", "line:5", "line:6", "line:7", "line:8",
        "bad-option", "extra-key", "no-situation", "bad-line-text", 17)}
    assert lines_by_id['"ok-1"']["result"] == lines_by_id["17"]["result"]
    assert lines_by_id['"ok-1"']["result"]["count"] == 2
    errors = {k: v["error"] for k, v in lines_by_id.items() if "error" in v}
    assert len(errors) == 11 == stats.errors
    assert errors['"unknown-command"']["field"] == "command"
    assert errors['"bad-situation"'] == {"field": "active", "message": "'carol' is not one of the players"}
    assert errors['"line:5"']["field"] == "id"
    assert "duplicate id" in errors['"line:8"']["message"]
    assert errors['"bad-option"']["field"] == "options.limit"
    assert errors['"extra-key"']["field"] == "colour"
    assert errors['"bad-line-text"']["field"] == "permanents[0].abilities[0]"
    assert all(set(e) == {"field", "message"} for e in errors.values())


def test_cli_batch_output_file_exit_status_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    items = [json.dumps({"id": f"q{i}", "command": "blocks" if i % 2 else "attacks", "situation": TWO,
                         "options": {"limit": i}}) for i in range(1, 9)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(items + ["oops"]) + "\n")
    full = tmp_path / "full.jsonl"
    assert cli.main(["batch", str(source), "-o", str(full)]) == 2  # one error line
    assert "1 of 9 lines are error lines" in capsys.readouterr().err
    complete = by_id([json.loads(t) for t in full.read_text().splitlines()])
    assert len(complete) == 9

    # An interrupted run: three lines written, the fourth cut off in the middle.
    partial = tmp_path / "partial.jsonl"
    written = full.read_text().splitlines(keepends=True)
    partial.write_text("".join(written[:3]) + written[3][:20])
    assert cli.main(["batch", str(source), "--resume", str(partial)]) == 2
    assert "3 lines already answered" in capsys.readouterr().err
    resumed = by_id([json.loads(t) for t in partial.read_text().splitlines()])
    assert resumed == complete

    # Nothing left to do: nothing is appended.
    before = partial.read_text()
    assert cli.main(["batch", str(source), "--resume", str(partial)]) == 0
    assert partial.read_text() == before

    assert cli.main(["batch", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read file" in capsys.readouterr().err
    assert cli.main(["batch", str(source), "--resume", str(partial), "-o", str(full)]) == 2


def test_a_line_may_name_its_situation_file(tmp_path: Path, capsys: pytest.CaptureFixture,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: `"situation": "boards/x.yaml"` is read from the batch file's directory (the current
    directory for standard input) and answered as `pysolver COMMAND boards/x.yaml --json`; a file
    that cannot be read, or an error inside it, is an error line naming the file."""
    (tmp_path / "runs" / "boards").mkdir(parents=True)
    megamorph = ROOT / "examples" / "megamorph.yaml"
    puzzle = ROOT / "examples" / "puzzles" / "lure-forces-the-block.yaml"
    (tmp_path / "runs" / "boards" / "megamorph.yaml").write_bytes(megamorph.read_bytes())
    (tmp_path / "runs" / "boards" / "on.yaml").write_text(
        "players: [{name: alice}, {name: bob}]\nactive: alice\npermanents:\n"
        "  - {id: on, controller: alice, power: 2, toughness: 2}\n")
    lines = [{"id": "inline", "command": "outcomes", "situation": yaml.safe_load(megamorph.read_text())},
             {"id": "path", "command": "outcomes", "situation": "boards/megamorph.yaml"},
             {"id": "absolute", "command": "verify", "situation": str(puzzle)},
             {"id": "missing", "command": "blocks", "situation": "boards/missing.yaml"},
             {"id": "inside", "command": "check", "situation": "boards/on.yaml"}]
    source = tmp_path / "runs" / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert cli.main(["batch", str(source)]) == 2
    got = by_id([json.loads(t) for t in capsys.readouterr().out.splitlines()])
    assert got['"path"']["result"] == got['"inline"']["result"]
    assert cli.main(["verify", str(puzzle), "--json"]) == 0
    assert got['"absolute"']["result"] == json.loads(capsys.readouterr().out)
    boards = tmp_path / "runs" / "boards"
    assert got['"missing"']["error"] == {"file": str(boards / "missing.yaml"), "field": "situation",
                                          "message": "cannot read situation file: No such file or directory"}
    assert got['"inside"']["error"] == {
        "file": str(boards / "on.yaml"), "field": "permanents[0].id",
        "message": 'expected a string, got a boolean (YAML reads on/off/yes/no as true/false: write "on" in quotes)'}

    # From standard input: relative to the current directory.
    monkeypatch.chdir(tmp_path / "runs")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(source.read_bytes())))
    assert cli.main(["batch", "-"]) == 2
    again = by_id([json.loads(t) for t in capsys.readouterr().out.splitlines()])
    assert again['"path"'] == got['"path"']
    assert again['"missing"']["error"]["file"] == "boards/missing.yaml"


def test_process_workers_give_the_same_lines() -> None:
    lines = [json.dumps({"id": i, "command": c, "situation": TWO})
             for i, c in enumerate(["attacks", "blocks", "outcomes"] * 4)] + ["broken"]
    local, _ = run(lines)
    executor = executors.ProcessExecutor(2)
    try:
        parallel, stats = run(lines, executor=executor, chunk_size=2)
    finally:
        executor.close()
    assert by_id(parallel) == by_id(local)
    assert stats.errors == 1


def test_a_crashed_worker_chunk_is_retried_and_a_poisoned_one_reported(tmp_path: Path) -> None:
    import faults
    chunks = [executors.Chunk(i, {"value": i, "crash": i == 3, "marker": str(tmp_path / "m")}) for i in range(8)]
    executor = executors.ProcessExecutor(2)
    try:
        results = dict((c.key, v) for c, v in executors.run(faults.crash_once, chunks, executor))
        assert results == {i: i for i in range(8)}

        chunks = [executors.Chunk(i, {"value": i, "crash": i == 5}) for i in range(8)]
        results = dict((c.key, v) for c, v in executors.run(faults.crash_always, chunks, executor, retries=1))
    finally:
        executor.close()
    assert {k: v for k, v in results.items() if k != 5} == {i: i for i in range(8) if i != 5}
    assert isinstance(results[5], executors.Failed) and results[5].attempts == 2  # innocent chunks never charged


def test_failed_chunks_become_error_lines_for_each_id(monkeypatch: pytest.MonkeyPatch) -> None:
    original = batch.answer_chunk

    def broken(payload):
        if any(item["id"] == "b" for item in payload["items"]):
            raise MemoryError("worker ran out of memory")
        return original(payload)
    monkeypatch.setattr(batch, "answer_chunk", broken)
    lines = [json.dumps({"id": i, "command": "attacks", "situation": TWO}) for i in "abcd"]
    got, stats = run(lines, chunk_size=2)
    lines_by_id = by_id(got)
    assert set(lines_by_id) == {'"a"', '"b"', '"c"', '"d"'}
    assert "error" in lines_by_id['"a"'] and "error" in lines_by_id['"b"']  # the same chunk
    assert "3 attempts" in lines_by_id['"a"']["error"]["message"]
    assert "result" in lines_by_id['"c"'] and stats.failed_chunks == 1


def test_progress_bar_shows_rate_and_eta() -> None:
    out = io.StringIO()
    bar = Bar(10, "lines", stream=out, force=True, every=0)
    for _ in range(4):
        bar.update()
    bar.close()
    assert "4/10 lines" in out.getvalue() and "ETA" in out.getvalue() and "/s" in out.getvalue()
    assert not Bar(10, "lines", stream=io.StringIO()).enabled  # not a terminal: no bar


# --- lines that lose nothing (issue 11) ------------------------------------------------------------

def test_hostile_lines_each_become_one_error_line_and_the_rest_are_answered(tmp_path: Path) -> None:
    good = {"command": "blocks", "situation": TWO}
    deep = '{"id": "deep", "command": "blocks", "situation": ' + '{"a": [' * 2000 + "]}" * 2000 + "}"
    raw = [
        json.dumps({"id": "before", **good}).encode(),
        json.dumps({"id": "digits", **good}).replace('"blocks"', "7" * 5000, 1).encode(),
        deep.encode(),
        json.dumps({"id": "bytes", **good}).encode().replace(b"alice", b"al\xffice", 1),
        b"\xfe\xfe not even json",
        json.dumps({"id": "line:7", **good}).encode(),      # a reserved id
        b"garbage after it",
        json.dumps({"id": 10**40, **good}).encode(),          # a huge id
        json.dumps({"id": "slow", **good, "options": {"timeout": 0.000001}}).encode(),
        json.dumps({"id": "bad-timeout", **good, "options": {"timeout": "soon"}}).encode(),
        json.dumps({"id": "after", **good}).encode(),
    ]
    source = tmp_path / "in.jsonl"
    source.write_bytes(b"\n".join(raw) + b"\n")
    out = tmp_path / "out.jsonl"
    assert cli.main(["batch", str(source), "-o", str(out)]) == 2
    got = by_id([json.loads(t) for t in out.read_text().splitlines()])
    assert len(got) == len(raw)
    assert got['"before"']["result"] == got['"after"']["result"]
    errors = {k: v["error"] for k, v in got.items() if "error" in v}
    assert errors['"digits"']["field"] == "command"
    assert "nesting" in errors['"line:3"']["field"] and "deeper than" in errors['"line:3"']["message"]
    assert "UTF-8" in errors['"line:4"']["message"] and "UTF-8" in errors['"line:5"']["message"]
    assert errors['"line:6"']["field"] == "id" and "reserved" in errors['"line:6"']["message"]
    assert "not a JSON object" in errors['"line:7"']["message"]
    assert errors['"line:8"']["field"] == "id"
    assert got['"slow"']["result"]["complete"] is False  # cut by its own --timeout, still answered
    assert errors['"bad-timeout"']["field"] == "options.timeout"
    assert all(len(e["message"]) < 400 for e in errors.values())


def test_resume_keeps_duplicate_and_error_lines_and_counts_truthfully(tmp_path: Path, capsys) -> None:
    item = {"command": "attacks", "situation": TWO}
    lines = [json.dumps({"id": "a", **item}), json.dumps({"id": "a", **item}), "junk",
             json.dumps({"id": "b", **item})]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    full = tmp_path / "full.jsonl"
    assert cli.main(["batch", str(source), "-o", str(full)]) == 2
    written = full.read_text().splitlines(keepends=True)
    assert [json.loads(t)["id"] for t in written] == ["a", "line:2", "line:3", "b"]
    capsys.readouterr()
    # Killed after the first line: the duplicate's error line must still come (it was dropped before).
    partial = tmp_path / "partial.jsonl"
    partial.write_text(written[0])
    assert cli.main(["batch", str(source), "--resume", str(partial)]) == 2
    assert "1 lines already answered" in capsys.readouterr().err
    assert partial.read_text().splitlines(keepends=True) == written
    # Killed after the duplicate's error line: it is kept, not answered again.
    partial.write_text("".join(written[:2]))
    assert cli.main(["batch", str(source), "--resume", str(partial)]) == 2
    err = capsys.readouterr().err
    assert "2 lines already answered" in err and "(1 of the 2 lines there are error lines)" in err
    assert partial.read_text().splitlines(keepends=True) == written


def test_two_runs_on_the_same_resume_file_are_refused(tmp_path: Path, capsys) -> None:
    import fcntl
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": 1, "command": "attacks", "situation": TWO}) + "\n")
    target = tmp_path / "out.jsonl"
    with open(target, "a") as other:  # another run holds the lock
        fcntl.flock(other.fileno(), fcntl.LOCK_EX)
        assert cli.main(["batch", str(source), "--resume", str(target)]) == 2
        assert "locked" in capsys.readouterr().err
    assert target.read_text() == ""
    assert cli.main(["batch", str(source), "--resume", str(target)]) == 0


@pytest.mark.parametrize("where", ["folder", "missing/out.jsonl", "/dev/full"])
def test_output_faults_are_one_line_and_no_partial_file(tmp_path: Path, capsys, where: str) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": 1, "command": "attacks", "situation": TWO}) + "\n")
    (tmp_path / "folder").mkdir()
    target = where if where.startswith("/") else str(tmp_path / where)
    assert cli.main(["batch", str(source), "-o", target]) == 2
    err = capsys.readouterr().err
    assert target in err and "cannot write" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "in.jsonl"] or where == "folder"


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("signal_name", ["SIGKILL", "SIGTERM"])
def test_killing_the_coordinator_ends_its_workers(tmp_path: Path, signal_name: str) -> None:
    """The processes executor's workers, forkserver and resource tracker exit within seconds."""
    import os
    import signal
    import subprocess
    import sys
    import time
    lines = [json.dumps({"id": i, "command": "outcomes", "situation": TWO}) for i in range(400)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "pysolver.cli", "batch", str(source), "--jobs", "2",
                             "-o", str(tmp_path / "out.jsonl")], stderr=subprocess.DEVNULL)
    helpers: set[int] = set()
    try:
        limit = time.monotonic() + 120
        while time.monotonic() < limit and len(helpers) < 4:  # forkserver, tracker, two workers
            time.sleep(0.2)
            helpers |= _descendants(proc.pid)
        assert len(helpers) >= 3, helpers
        proc.send_signal(getattr(signal, signal_name))
        proc.wait(timeout=30)
        limit = time.monotonic() + 15
        while time.monotonic() < limit and any(map(_alive, helpers)):
            time.sleep(0.2)
        assert not [pid for pid in helpers if _alive(pid)]
    finally:
        for pid in [proc.pid, *helpers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


class _BreaksOnSubmit:
    """An executor whose pool a crashing chunk breaks: submitting to it then fails at once (as
    concurrent.futures does once a worker died, before the chunks in flight are waited for)."""

    window = 3

    def __init__(self) -> None:
        self.broken = False
        self.resets = 0

    def submit(self, fn: Any, payload: str) -> Any:
        import concurrent.futures as cf
        from concurrent.futures.process import BrokenProcessPool
        if self.broken:
            raise BrokenProcessPool("a child process terminated abruptly")
        future: cf.Future[str] = cf.Future()
        if payload == "crash" and not self.resets:
            self.broken = True
            future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        else:
            future.set_result(fn(payload))
        return future

    def wait(self, handles: list[Any]) -> set[Any]:
        return set(handles)

    def result(self, handle: Any) -> Any:
        return handle.result()

    def lost_all(self, exc: BaseException) -> bool:
        from concurrent.futures.process import BrokenProcessPool
        return isinstance(exc, BrokenProcessPool)

    def reset(self) -> None:
        self.broken, self.resets = False, self.resets + 1


def test_a_chunk_submitted_to_a_pool_a_crash_broke_is_run_again_uncharged() -> None:
    """No line is lost: a chunk whose submission finds the pool broken never ran; it is submitted to the
    new pool, not charged, and the crashed chunk is retried."""
    chunks = [executors.Chunk(i, payload) for i, payload in enumerate(["a", "crash", "b", "c"])]
    results = {c.key: (v, c.attempts) for c, v in executors.run(str.upper, chunks, _BreaksOnSubmit())}
    assert results == {0: ("A", 0), 1: ("CRASH", 1), 2: ("B", 0), 3: ("C", 0)}
