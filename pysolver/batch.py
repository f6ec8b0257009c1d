"""`pysolver batch INPUT.jsonl`: many questions, one JSON line each, answered in a stream.

Input: one JSON object per line, ``{"id": …, "command": …, "situation": {…SPEC §1…},
"options": {"count": true, "limit": N, "strict": false}}`` (options optional; blank lines are
skipped). Output: one line per input line, ``{"id": …, "result": {…}}`` with the document the
single command prints with ``--json`` (both come from :func:`pysolver.commands.answer`), or
``{"id": …, "error": {"field": …, "message": …}}``. A bad line never stops the batch; a line
without a usable id (a string or an integer) gets the id ``"line:N"`` (N counts from 1), and
so does the second line with an id already used.

Memory does not grow with the number of lines: lines are read only as fast as workers answer
them and answers are written as they arrive (in input order with one local worker, else in
order of completion). The only thing kept per line is its id (a set,
to report duplicates and to skip ids already answered with ``--resume``).

>>> import io
>>> out = io.StringIO()
>>> lines = ['{"id": 1, "command": "attacks", "situation": {"players": [{"name": "a"}, {"name": "b"}],'
...          ' "active": "a", "permanents": []}}', 'not json']
>>> run_batch(lines, out).errors
1
>>> print(out.getvalue(), end="")
{"id": 1, "result": {"count": 1, "complete": true, "results": [{"attacks": []}]}}
{"id": "line:2", "error": {"field": "", "message": "not a JSON object: Expecting value (column 1)"}}
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from . import executors
from .cards import cards_file
from .commands import BATCH_COMMANDS, answer_data, options_from_data
from .errors import InputError
from .progress import Bar

CHUNK_SIZE = 8
LINE_KEYS = ("id", "command", "situation", "options")


def id_key(value: Any) -> str:
    """Ids compare by their JSON text: 7 and "7" are different ids."""
    return json.dumps(value)


def usable_id(value: Any) -> bool:
    return (isinstance(value, str) and value != "") or (isinstance(value, int) and not isinstance(value, bool))


def error_line(item_id: Any, field: str, message: str) -> str:
    return json.dumps({"id": item_id, "error": {"field": field, "message": message}})


def result_line(item_id: Any, doc: dict) -> str:
    return json.dumps({"id": item_id, "result": doc})


# --- the worker side --------------------------------------------------------------------------

@lru_cache(maxsize=4)
def _cards(path: str | None):
    if path is None:
        return None
    from . import api
    return api.load_cards(path)


def answer_item(item: dict, cards: Any = None) -> tuple[bool, str]:
    """One output line for a parsed batch line: ``(ok, text)``. Never raises for a bad item."""
    if "error_line" in item:  # found bad by the coordinator: passed through to keep the order
        return False, item["error_line"]
    try:
        options = options_from_data(item.get("options"))
        doc = answer_data(item["command"], item["situation"], options, cards)
    except InputError as exc:
        return False, error_line(item["id"], exc.field, exc.message)
    except RecursionError:
        return False, error_line(item["id"], "", "internal error: recursion too deep")
    except Exception as exc:  # noqa: BLE001 - a bug for one item must not stop the batch
        return False, error_line(item["id"], "", f"internal error: {type(exc).__name__}: {exc}")
    return True, result_line(item["id"], doc)


def answer_chunk(payload: dict) -> list[tuple[bool, str]]:
    """The worker function: ``{"cards": path or None, "items": [...]}`` -> output lines."""
    try:
        cards = _cards(payload.get("cards"))
    except InputError as exc:
        return [(False, error_line(item["id"], "--cards", str(exc))) for item in payload["items"]]
    return [answer_item(item, cards) for item in payload["items"]]


# --- the coordinator side ---------------------------------------------------------------------

def parse_line(number: int, text: str) -> tuple[Any, dict | None, str | None]:
    """``(id, item, None)`` for a line to answer, ``(id, None, error line)`` for a bad one."""
    synthetic = f"line:{number}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return synthetic, None, error_line(synthetic, "", f"not a JSON object: {exc.msg} (column {exc.colno})")
    if not isinstance(data, dict):
        return synthetic, None, error_line(synthetic, "", "not a JSON object")
    if "id" not in data or data["id"] is None:
        return synthetic, None, error_line(synthetic, "id", "missing (required)")
    if not usable_id(data["id"]):
        return synthetic, None, error_line(synthetic, "id", f"expected a non-empty string or an integer, "
                                                            f"got {json.dumps(data['id'])}")
    item_id = data["id"]
    unknown = sorted(set(data) - set(LINE_KEYS))
    if unknown:
        return item_id, None, error_line(item_id, unknown[0], f"unknown key (allowed: {', '.join(LINE_KEYS)})")
    command = data.get("command")
    if command not in BATCH_COMMANDS:
        what = "missing (required)" if command is None else f"unknown command {json.dumps(command)}"
        return item_id, None, error_line(item_id, "command", f"{what} (one of {', '.join(BATCH_COMMANDS)})")
    if "situation" not in data:
        return item_id, None, error_line(item_id, "situation", "missing (required)")
    try:
        options_from_data(data.get("options"))
    except InputError as exc:
        return item_id, None, error_line(item_id, exc.field, exc.message)
    return item_id, data, None


@dataclass
class Stats:
    lines: int = 0      # output lines written
    errors: int = 0     # of which error lines
    skipped: int = 0    # ids already answered (--resume)
    failed_chunks: int = 0


def run_batch(lines: Iterable[str], out: IO[str], *, executor: Any = None, chunk_size: int = CHUNK_SIZE,
              retries: int = executors.RETRIES, cards: str | None = None, skip: set[str] | None = None,
              bar: Bar | None = None) -> Stats:
    """Answer every line of `lines`, writing one output line each to `out` as answers arrive.

    `skip` holds the :func:`id_key` of ids already answered (``--resume``); they are not answered
    again and get no line. `cards` is the path of an extra card pool, read by each worker.
    """
    executor = executor or executors.LocalExecutor()
    skip = skip if skip is not None else set()
    stats = Stats()
    seen: dict[str, int] = {}

    def write(ok: bool, text: str) -> None:
        out.write(text + "\n")
        stats.lines += 1
        stats.errors += not ok
        if bar is not None:
            bar.update()

    def chunks() -> Iterator[executors.Chunk]:
        items: list[dict] = []
        for number, text in enumerate(lines, 1):
            if not text.strip():
                continue
            item_id, item, error = parse_line(number, text)
            key = id_key(item_id)
            if key in skip:
                stats.skipped += 1
                continue
            if key in seen:
                synthetic = f"line:{number}"
                if id_key(synthetic) in skip:
                    stats.skipped += 1
                    continue
                item_id = synthetic
                error = error_line(synthetic, "id", f"duplicate id {key} (first used on line {seen[key]})")
            else:
                seen[key] = number
            if error is not None:
                items.append({"id": item_id, "error_line": error})
            else:
                items.append({"id": item_id, "command": item["command"], "situation": item["situation"],
                              "options": item.get("options")})
            if len(items) >= chunk_size:
                yield executors.Chunk([i["id"] for i in items], {"cards": cards, "items": items})
                items = []
        if items:
            yield executors.Chunk([i["id"] for i in items], {"cards": cards, "items": items})

    for chunk, value in executors.run(answer_chunk, chunks(), executor, retries=retries):
        if isinstance(value, executors.Failed):
            stats.failed_chunks += 1
            for item_id in chunk.key:
                write(False, error_line(item_id, "", value.message()))
        else:
            for ok, text in value:
                write(ok, text)
        out.flush()
    return stats


def answered_ids(path: Path) -> set[str]:
    """The ids (as :func:`id_key`) that an earlier output file answered, for ``--resume``.

    A last line cut off in the middle (the run was killed while writing it) is removed from
    the file, so that appending continues on a fresh line and that id is answered again.
    """
    ids: set[str] = set()
    if not path.exists():
        return ids
    with open(path, "rb+") as f:
        good = 0
        for raw in f:
            if not raw.endswith(b"\n"):
                break
            good += len(raw)
            try:
                data = json.loads(raw)
            except ValueError:
                continue
            if isinstance(data, dict) and "id" in data and ("result" in data or "error" in data):
                ids.add(id_key(data["id"]))
        f.truncate(good)
    return ids


def _count_lines(path: str) -> int | None:
    try:
        with open(path, "rb") as f:
            return sum(1 for raw in f if raw.strip())
    except OSError:
        return None


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", metavar="INPUT.jsonl", help="one JSON object per line ('-': standard input)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the output lines to OUT (default: standard output)")
    p.add_argument("--resume", metavar="OUT.jsonl",
                   help="skip the ids OUT.jsonl already answers and append the other lines to it")
    p.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards "
                                                  "(read by every worker: the same path must exist there)")
    executors.add_arguments(p, chunk_size=CHUNK_SIZE)


def main(args: argparse.Namespace) -> int:
    """Exit status 0 if every line got a result, 2 if some got error lines (or bad options)."""
    if args.resume and args.output and os.path.abspath(args.output) != os.path.abspath(args.resume):
        raise InputError(None, "--resume", "--resume OUT writes to OUT; give -o the same file or leave it out")
    args.cards = cards_file(args.cards)  # $PYSOLVER_CARDS stands in for --cards (docs/engines.md)
    if args.cards:
        _cards(args.cards)  # a bad card file is an error now, not once per line
    if args.input != "-" and not Path(args.input).is_file():
        raise InputError(args.input, "", "cannot read file: no such file")
    target = args.resume or args.output
    try:
        skip = answered_ids(Path(args.resume)) if args.resume else set()
    except OSError as exc:
        raise InputError(args.resume, "--resume", f"cannot read file: {exc.strerror or exc}") from None
    total = None
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    if show and args.input != "-":
        total = _count_lines(args.input)
        total = max(total - len(skip), 0) if total is not None else None
    bar = Bar(total, "lines", force=show) if show else None
    executor = executors.from_arguments(args)
    try:
        out = open(target, "a" if args.resume else "w", encoding="utf-8") if target else sys.stdout
    except OSError as exc:
        executor.close()
        raise InputError(target, "-o" if args.output else "--resume", f"cannot write file: {exc.strerror or exc}") \
            from None
    source = sys.stdin if args.input == "-" else open(args.input, encoding="utf-8")
    with executors.running(executor, bar, source, out):
        stats = run_batch(source, out, executor=executor, chunk_size=args.chunk_size, retries=args.retries,
                          cards=args.cards, skip=skip, bar=bar)
    if args.resume:
        print(f"batch: {stats.skipped} ids already answered in {args.resume}", file=sys.stderr)
    if stats.errors:
        print(f"batch: {stats.errors} of {stats.lines} lines are error lines"
              + (f" ({stats.failed_chunks} chunks failed on every attempt)" if stats.failed_chunks else ""),
              file=sys.stderr)
        return 2
    return 0
