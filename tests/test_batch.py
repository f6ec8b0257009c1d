"""`pysolver batch`: results equal the single commands line for line; bad lines; ids; resume; executors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from pysolver import api, batch, cli, commands, executors
from pysolver.progress import Bar

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
