"""`pysolver batch INPUT.jsonl`: many questions, one JSON line each, answered in a stream.

Input: one JSON object per line, ``{"id": …, "command": …, "situation": {…docs/situation.md…},
"options": {"count": true, "limit": N, "strict": false, "timeout": SECONDS}}`` (options optional;
blank lines are skipped); the situation may instead be the path of a situation file,
``"situation": "boards/x.yaml"``, relative to the batch file's directory (to the current directory
when the lines come from standard input). Output: one line per input line, ``{"id": …, "result": {…}}``
with the document the single command prints with ``--json`` (both come from
:func:`pysolver.commands.answer`), or ``{"id": …, "error": {"field": …, "message": …}}`` (with
``"file"``, the situation file, when the line names one).

Each line is read and answered in isolation (:mod:`pysolver.files.reading`: any length of integer, any
nesting, any bytes), so a bad line never stops the batch and becomes exactly one error line. A line
without a usable id (a non-empty string or an integer) gets the id ``"line:N"`` (N counts from 1),
and so does the second line with an id already used; ids of the form ``line:N`` are reserved for
this, so a generated id never equals a given one. ``timeout`` limits the line's answer
(:func:`pysolver.asp.deadline.limit`).

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
{"id": 1, "result": {"count": 1, "complete": true, "results": [{"attacks": []}], "format": 1}}
{"id": "line:2", "error": {"field": "", "message": "not a JSON object: Expecting value (column 1)"}}
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from ..asp import deadline
from ..commands import BATCH_COMMANDS, answer_data, options_from_data
from ..errors import InputError
from ..files import reading
from ..files.cards import CardPool, cards_file
from ..model.numbers import abbreviate, quote
from ..output.progress import Bar
from . import executors
from .lines import Sink, guarded, id_key, output

CHUNK_SIZE = 8
LINE_KEYS = ("id", "command", "situation", "options")
RESERVED = re.compile(r"line:[0-9]+")  # the generated ids
MAX_TIMEOUT = 10**6  # seconds


def usable_id(value: Any) -> bool:
    """A non-empty string that is not a generated id, or an integer (JSON ids)."""
    return (isinstance(value, str) and value != "" and not RESERVED.fullmatch(value)) \
        or (isinstance(value, int) and not isinstance(value, bool))


def split_timeout(options: Any, field: str = "options") -> tuple[Any, float | None]:
    """The options without ``timeout``, and the timeout in seconds (a positive number) or None.

    >>> split_timeout({"count": True, "timeout": 2.5})
    ({'count': True}, 2.5)
    """
    if not isinstance(options, dict) or options.get("timeout") is None:
        return (options if not isinstance(options, dict)
                else {k: v for k, v in options.items() if k != "timeout"}), None
    timeout = options["timeout"]
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= MAX_TIMEOUT:
        raise InputError(None, f"{field}.timeout", f"expected a number of seconds in (0, {MAX_TIMEOUT}], "
                                                   f"got {quote(timeout)}")
    return {k: v for k, v in options.items() if k != "timeout"}, float(timeout)


def error_line(item_id: Any, field: str, message: str, file: str | None = None) -> str:
    """An output line for a line without an answer; `file`: the situation file it names, if any.

    >>> error_line("q1", "active", "missing (required)", "boards/x.yaml")
    '{"id": "q1", "error": {"file": "boards/x.yaml", "field": "active", "message": "missing (required)"}}'
    """
    where = {"file": file} if file is not None else {}
    return json.dumps({"id": item_id, "error": {**where, "field": field, "message": message}})


def situation_file(situation: Any, base: str) -> Any:
    """A line's situation: a path (a string) is taken relative to `base`, the batch file's directory
    ("" for standard input: the current directory); a mapping is the situation itself.

    >>> situation_file("x.yaml", "runs"), situation_file("/tmp/x.yaml", "runs"), situation_file({}, "runs")
    ('runs/x.yaml', '/tmp/x.yaml', {})
    """
    return os.path.join(base, situation) if isinstance(situation, str) else situation


def result_line(item_id: Any, doc: dict[str, Any]) -> str:
    return json.dumps({"id": item_id, "result": doc})


# --- the worker side --------------------------------------------------------------------------

@lru_cache(maxsize=4)
def _cards(path: str | None) -> CardPool | None:
    if path is None:
        return None
    import pysolver as api
    return api.load_cards(path)


def answer_item(item: dict[str, Any], cards: Any = None) -> tuple[bool, str]:
    """One output line for a parsed batch line: ``(ok, text)``. Never raises for a bad item."""
    if "error_line" in item:  # found bad by the coordinator: passed through to keep the order
        return False, item["error_line"]
    situation = item["situation"]
    file = situation if isinstance(situation, str) else None  # a path, already joined to the batch's directory
    try:
        data, timeout = split_timeout(item.get("options"))
        options = options_from_data(data)
        with deadline.limit(timeout):
            if file is not None:
                situation = reading.parse(reading.read_text(file, "situation file"), file)
            doc = answer_data(item["command"], situation, options, cards, file)
    except InputError as exc:
        if file is not None:
            return False, error_line(item["id"], exc.field or "situation", exc.message, exc.file or file)
        return False, error_line(item["id"], exc.field, exc.message)
    except deadline.Expired:
        return False, error_line(item["id"], "options.timeout", f"no answer within {timeout:g} seconds")
    except RecursionError:
        return False, error_line(item["id"], "", "internal error: recursion too deep")
    except Exception as exc:  # noqa: BLE001 - a bug for one item must not stop the batch
        return False, error_line(item["id"], "", f"internal error: {type(exc).__name__}: {exc}")
    return True, result_line(item["id"], doc)


def answer_chunk(payload: dict[str, Any]) -> list[tuple[bool, str]]:
    """The worker function: ``{"cards": path or None, "items": [...]}`` -> output lines."""
    try:
        cards = _cards(payload.get("cards"))
    except InputError as exc:
        return [(False, error_line(item["id"], "--cards", str(exc))) for item in payload["items"]]
    return [answer_item(item, cards) for item in payload["items"]]


# --- the coordinator side ---------------------------------------------------------------------

def parse_line(number: int, raw: str | bytes) -> tuple[Any, dict[str, Any] | None, str | None]:
    """``(id, item, None)`` for a line to answer, ``(id, None, error line)`` for a bad one; `raw` is
    the line as read (bytes from a file: decoded here, so that one bad byte spoils only its line)."""
    synthetic = f"line:{number}"
    try:
        text = raw if isinstance(raw, str) else reading.decode(raw, None, "the line")
        data = reading.parse_json(text, None)
    except json.JSONDecodeError as exc:
        return synthetic, None, error_line(synthetic, "", f"not a JSON object: {exc.msg} (column {exc.colno})")
    except InputError as exc:
        return synthetic, None, error_line(synthetic, exc.field, exc.message)
    if not isinstance(data, dict):
        return synthetic, None, error_line(synthetic, "", "not a JSON object")
    if "id" not in data or data["id"] is None:
        return synthetic, None, error_line(synthetic, "id", "missing (required)")
    if not usable_id(data["id"]):
        return synthetic, None, error_line(synthetic, "id", f"expected a non-empty string or an integer "
                                                            f"(ids line:N are reserved), got {quote(data['id'])}")
    item_id = data["id"]
    unknown = sorted(map(str, set(data) - set(LINE_KEYS)))
    if unknown:
        return item_id, None, error_line(item_id, abbreviate(unknown[0]),
                                         f"unknown key (allowed: {', '.join(LINE_KEYS)})")
    command = data.get("command")
    if not isinstance(command, str) or command not in BATCH_COMMANDS:
        what = "missing (required)" if command is None else f"unknown command {quote(command)}"
        return item_id, None, error_line(item_id, "command", f"{what} (one of {', '.join(BATCH_COMMANDS)})")
    if "situation" not in data:
        return item_id, None, error_line(item_id, "situation", "missing (required)")
    try:
        options_from_data(split_timeout(data.get("options"))[0])
    except InputError as exc:
        return item_id, None, error_line(item_id, exc.field, exc.message)
    return item_id, data, None


@dataclass
class Stats:
    lines: int = 0      # output lines written
    errors: int = 0     # of which error lines
    skipped: int = 0    # input lines whose output line was already written (--resume)
    failed_chunks: int = 0


def run_batch(lines: Iterable[str | bytes], out: IO[str] | Sink, *, executor: Any = None,
              chunk_size: int = CHUNK_SIZE, retries: int = executors.RETRIES, cards: str | None = None,
              skip: set[str] | None = None, bar: Bar | None = None, base: str = "") -> Stats:
    """Answer every line of `lines`, writing one output line each to `out` as answers arrive.
    A situation given as a path is relative to `base` (:func:`situation_file`; each worker reads it,
    so with several machines the path must exist on each, as `cards`).

    `skip` holds the :func:`~pysolver.scale.lines.id_key` of the output lines already written
    (``--resume``): an input line whose output id (its own, or ``line:N`` for a bad or duplicate
    line) is among them is not answered again. `cards` is the path of an extra card pool, read by
    each worker.
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
        items: list[dict[str, Any]] = []
        for number, text in enumerate(lines, 1):
            if not text.strip():
                continue  # blank (str or bytes): not a question
            item_id, item, error = parse_line(number, text)
            key = id_key(item_id)
            if key in seen:  # the output id is decided before --resume looks at it
                synthetic = f"line:{number}"
                error = error_line(synthetic, "id", f"duplicate id {quote(key)} (first used on line {seen[key]})")
                item_id, key = synthetic, id_key(synthetic)
            else:
                seen[key] = number
            if key in skip:
                stats.skipped += 1
                continue
            if error is not None:
                items.append({"id": item_id, "error_line": error})
            else:
                items.append({"id": item_id, "command": item["command"],
                              "situation": situation_file(item["situation"], base), "options": item.get("options")})
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
                   help="keep every line OUT.jsonl already holds, append the answers to the other input lines "
                        "(a second run on the same file is refused)")
    p.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards "
                                                  "(read by every worker: the same path must exist there)")
    executors.add_arguments(p, chunk_size=CHUNK_SIZE)


@guarded
def main(args: argparse.Namespace) -> int:
    """Exit status 0 if every line answered in this run got a result, 2 if some got error lines (or bad
    options); lines kept by --resume are counted on stderr."""
    if args.resume and args.output and os.path.abspath(args.output) != os.path.abspath(args.resume):
        raise InputError(None, "--resume", "--resume OUT writes to OUT; give -o the same file or leave it out")
    args.cards = cards_file(args.cards)  # $PYSOLVER_CARDS stands in for --cards (docs/engines.md)
    if args.cards:
        _cards(args.cards)  # a bad card file is an error now, not once per line
    if args.input != "-" and not Path(args.input).is_file():
        raise InputError(args.input, "", "cannot read file: no such file")
    with output(args.resume or args.output, resume=bool(args.resume),
                                     option="--resume" if args.resume else "-o") as (out, kept):
        show = args.progress if args.progress is not None else sys.stderr.isatty()
        total = _count_lines(args.input) if show and args.input != "-" else None
        bar = Bar(max(total - len(kept.ids), 0) if total is not None else None, "lines", force=show) if show else None
        try:
            source = sys.stdin.buffer if args.input == "-" else open(args.input, "rb")
        except OSError as exc:
            raise InputError(args.input, "", f"cannot read file: {exc.strerror or exc}") from None
        executor = executors.from_arguments(args)
        with executors.running(executor, bar, source):
            stats = run_batch(source, out, executor=executor, chunk_size=args.chunk_size, retries=args.retries,
                              cards=args.cards, skip=kept.ids, bar=bar,
                              base="" if args.input == "-" else os.path.dirname(args.input))
    if args.resume:
        print(f"batch: {stats.skipped} lines already answered in {args.resume} kept ({kept.errors} of the "
              f"{len(kept.ids)} lines there are error lines); {stats.lines} lines answered now", file=sys.stderr)
    if stats.errors:
        print(f"batch: {stats.errors} of {stats.lines} lines are error lines"
              + (f" ({stats.failed_chunks} chunks failed on every attempt)" if stats.failed_chunks else ""),
              file=sys.stderr)
    return 2 if stats.errors else 0
