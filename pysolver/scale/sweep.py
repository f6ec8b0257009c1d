"""`pysolver sweep POOL.yaml`: every board of a card pool, answered (docs/sweep.md).

The pool and its boards come from :mod:`pysolver.scale.pool`; each board is answered by the same
function as a single command (:func:`pysolver.commands.answer`), checked against rule
invariants (:mod:`pysolver.scale.invariants`) and written as batch lines or combat test vectors.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import sys
import time
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pysolver as api

from ..commands import Options, answer
from ..errors import InputError
from ..files.cards import cards_file
from ..files.loader import strict_check
from ..output.progress import Bar
from ..output.streams import atomic
from . import executors, invariants
from .lines import guarded, output
from .pool import (  # noqa: F401
    SWEEP_COMMANDS,
    Board,
    Pool,
    blocks_key,
    board_id,
    boards,
    count_boards,
    load_pool,
    parse_pool,
    situation,
    with_blocks,
)
from .vectors import blocks_text, in_order

MAX_RESULTS = 200
T = TypeVar("T")
CHUNK_SIZE = 4


# --- the worker side --------------------------------------------------------------------------

class BoardWork:
    """One board's answers, each computed once and shared by lines, vectors and invariants."""

    def __init__(self, pool: Pool, b: Board, cards: dict[str, Any] | None = None) -> None:
        self.pool, self.board, self.cards = pool, b, cards
        self.id = board_id(pool, b)
        self.data_free = situation(pool, b, declared=False)
        self.data = situation(pool, b)
        self.free = api.load_data(self.data_free, cards=cards)
        self.s = api.load_data(self.data, cards=cards)
        self._docs: dict[str, dict[str, Any]] = {}
        self._damage: dict[str, tuple[dict[str, Any], Any, dict[str, Any]]] = {}

    def full(self, command: str) -> dict[str, Any]:
        """The complete document of a command (`attacks` on the board before declarations)."""
        if command not in self._docs:
            self._docs[command] = answer(command, self.free if command == "attacks" else self.s)
        return self._docs[command]

    def declarations(self) -> list[list[Any]]:
        return [r["blocks"] for r in self.full("blocks")["results"]]

    def damage(self, blocks: list[Any]) -> tuple[dict[str, Any], Any, dict[str, Any]]:
        """(situation data, Situation, complete damage document) for one block declaration."""
        key = blocks_key(blocks)
        if key not in self._damage:
            data = with_blocks(self.data, blocks)
            s = api.load_data(data, cards=self.cards)
            self._damage[key] = (data, s, answer("damage", s))
        return self._damage[key]

    def lines(self, commands: tuple[str, ...], options: Options) -> list[tuple[bool, str]]:
        """The batch output lines of this board: ``{id}/{command}``, ``{id}/damage/{blocks}``."""
        out = []
        plain = not options.count and options.limit is None

        def doc(command: str, s: Any, full: Any) -> dict[str, Any]:
            return full() if plain else answer(command, s, count=options.count, limit=options.limit)

        for command in commands:
            if command == "damage":
                for blocks in self.declarations():
                    line_id = f"{self.id}/damage/{blocks_key(blocks)}"
                    _, s, full = self.damage(blocks)
                    out.append((True, json.dumps({"id": line_id, "result": doc("damage", s, lambda full=full: full)})))
                continue
            s = self.free if command == "attacks" else self.s
            if command in ("check", "verify"):
                result = answer(command, s)
            else:
                result = doc(command, s, lambda command=command: self.full(command))
            out.append((True, json.dumps({"id": f"{self.id}/{command}", "result": result})))
        return out

    def items(self, commands: tuple[str, ...], options: Options) -> list[str]:
        """The same questions as batch input lines (``--items``)."""
        opts = {k: v for k, v in (("count", options.count), ("limit", options.limit)) if v}
        out = []
        for command in commands:
            if command == "damage":
                for blocks in self.declarations():
                    out.append(json.dumps({"id": f"{self.id}/damage/{blocks_key(blocks)}", "command": "damage",
                                           "situation": with_blocks(self.data, blocks), "options": opts}))
            else:
                out.append(json.dumps({"id": f"{self.id}/{command}", "command": command,
                                       "situation": self.data_free if command == "attacks" else self.data,
                                       "options": opts}))
        return out

    def vector(self, max_results: int) -> dict[str, Any]:
        """The combat test vector of this board (docs/sweep.md, examples/vectors/README.md)."""
        def small(doc: dict[str, Any], strip_line: bool = False) -> dict[str, Any]:
            v: dict[str, Any] = {k: doc[k] for k in ("step", "count") if k in doc}
            if doc["count"] <= max_results:
                v["results"] = in_order([{k: x for k, x in r.items() if k != "line"} if strip_line else r
                                         for r in doc["results"]])
            return v
        declarations = sorted(self.declarations(), key=blocks_text)
        return {"board": self.id, "situation": self.data,
                "attacks": small(self.full("attacks")), "blocks": small(self.full("blocks")),
                "damage": [{"blocks": blocks, **small(self.damage(blocks)[2])} for blocks in declarations],
                "outcomes": small(self.full("outcomes"), strip_line=True)}


@dataclass
class BoardResult:
    index: int
    board: str
    lines: list[Any] = field(default_factory=list)
    vector: dict[str, Any] | None = None
    violations: list[Any] = field(default_factory=list)
    checks: int = 0
    skipped: list[Any] = field(default_factory=list)
    error: str | None = None
    cpu: float = 0.0  # seconds of worker CPU (this thread's) spent on the board


def sweep_chunk(payload: dict[str, Any]) -> list[BoardResult]:
    """The worker function: answer a chunk of boards (never raises for one bad board)."""
    pool = payload["pool"]  # its entries are self-contained (expand): workers need no card pool
    options = Options(**payload.get("options", {}))
    results = []
    for b in payload["boards"]:
        result = BoardResult(b.index, board_id(pool, b))
        start = time.thread_time()
        try:
            work = BoardWork(pool, b)
            strict_check(work.s, options.strict)
            if payload.get("items"):
                result.lines = [(True, text) for text in work.items(payload["commands"], options)]
            else:
                result.lines = work.lines(payload["commands"], options)
            if payload.get("vectors"):
                result.vector = work.vector(payload.get("max_results", MAX_RESULTS))
            if payload.get("invariants"):
                report = invariants.check_board(work)
                result.violations, result.checks, result.skipped = report.violations, report.checks, report.skipped
        except InputError as exc:
            result.error = json.dumps({"id": result.board, "error": {"field": exc.field, "message": exc.message}})
        except Exception as exc:  # noqa: BLE001 - a bug on one board must not stop the sweep
            result.error = json.dumps({"id": result.board, "error": {
                "field": "", "message": f"internal error: {type(exc).__name__}: {exc}"}})
        result.cpu = time.thread_time() - start
        results.append(result)
    return results


# --- the coordinator side ---------------------------------------------------------------------

@dataclass
class SweepStats:
    boards: int = 0
    lines: int = 0
    errors: int = 0
    violations: int = 0
    checks: int = 0
    skipped: set[Any] = field(default_factory=set)
    failed_chunks: int = 0
    seconds: float = 0.0  # wall-clock time of the sweep
    cpu: float = 0.0      # worker CPU time, summed over boards


def run_sweep(pool: Pool, out: Any, *, executor: Any = None, commands: tuple[str, ...] | None = None,
              options: Options = Options(), vectors: Any = None, invariant_report: Any = None, items: bool = False,
              max_results: int = MAX_RESULTS, chunk_size: int = CHUNK_SIZE, retries: int = executors.RETRIES,
              bar: Bar | None = None, done: Collection[str] = ()) -> SweepStats:
    """Answer every board of `pool` but those in `done` (board ids answered before, ``--resume``);
    lines go to `out` as chunks complete, vectors to `vectors` (a writable text file) in board order,
    violations to `invariant_report(board_result)`."""
    executor = executor or executors.LocalExecutor()
    stats = SweepStats()
    start = time.monotonic()
    base = {"pool": pool, "commands": tuple(commands or pool.commands),
            "options": {"count": options.count, "limit": options.limit, "strict": options.strict},
            "vectors": vectors is not None, "invariants": invariant_report is not None, "items": items,
            "max_results": max_results}

    def chunks() -> Iterator[executors.Chunk]:
        todo = (b for b in boards(pool) if board_id(pool, b) not in done)
        for part in _batched(todo, chunk_size):
            yield executors.Chunk([(b.index, board_id(pool, b)) for b in part], {**base, "boards": part})

    pending: dict[int, dict[str, Any] | None] = {}  # vectors that arrived before an earlier board's
    next_vector = 0

    def write(lines: list[tuple[bool, str]]) -> None:
        """A board's lines in one write: a run cut short leaves a board whole or cut in its last line
        (which --resume removes with the rest of that board, pysolver.scale.lines)."""
        if lines:
            out.write("".join(text + "\n" for _, text in lines))
        stats.lines += len(lines)
        stats.errors += sum(not ok for ok, _ in lines)

    for chunk, value in executors.run(sweep_chunk, chunks(), executor, retries=retries):
        if isinstance(value, executors.Failed):
            stats.failed_chunks += 1
            value = [BoardResult(index, bid, error=json.dumps({"id": bid, "error": {
                "field": "", "message": value.message()}})) for index, bid in chunk.key]
        for r in value:
            stats.boards += 1
            write(([(False, r.error)] if r.error is not None else []) + list(r.lines))
            stats.checks += r.checks
            stats.cpu += r.cpu
            stats.skipped.update(r.skipped)
            if invariant_report is not None and r.violations:
                stats.violations += len(r.violations)
                invariant_report(r)
            pending[r.index] = r.vector
            if bar is not None:
                bar.update()
        while next_vector in pending:
            vector = pending.pop(next_vector)
            if vectors is not None and vector is not None:
                vectors.write(json.dumps(vector) + "\n")
            next_vector += 1
        out.flush()
    stats.seconds = time.monotonic() - start
    return stats


def _batched(iterable: Iterable[T], n: int) -> Iterator[list[T]]:
    it = iter(iterable)
    while part := list(itertools.islice(it, n)):
        yield part


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("pool", metavar="POOL.yaml", help="the pool file (docs/sweep.md)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the answer lines to OUT (default: standard output; "
                                                        "'-' too; with --vectors or --invariants and no -o, no lines)")
    p.add_argument("--resume", metavar="OUT.jsonl",
                   help="keep every board OUT.jsonl already answers, append the other boards' lines to it "
                        "(a second run on the same file is refused)")
    p.add_argument("--commands", metavar="LIST", help="comma-separated commands, instead of the pool file's")
    p.add_argument("--items", action="store_true",
                   help="write the questions as batch input lines instead of answering them")
    p.add_argument("--vectors", metavar="DIR", help="write combat test vectors (vectors.jsonl, README.md) to DIR")
    p.add_argument("--max-results", type=int, default=MAX_RESULTS, metavar="N",
                   help=f"in vectors, full answers only when there are at most N results (default {MAX_RESULTS})")
    p.add_argument("--invariants", action="store_true", help="check the rule invariants on every board (exit 1 if "
                                                             "one is broken)")
    p.add_argument("--cards", metavar="FILE", help="extra card pool: Scryfall bulk JSON or MTGJSON AtomicCards")
    p.add_argument("--count", action="store_true", help="answer lines with only counts")
    p.add_argument("--limit", type=executors.positive, metavar="N", help="answer lines stop after N results")
    p.add_argument("--strict", action="store_true", help="card lines of the pool the solver does not model are "
                                                         "errors (else a note on stderr)")
    executors.add_arguments(p, chunk_size=CHUNK_SIZE)


def board_of(line_id: object) -> str:
    """The board an output line belongs to: its id up to the first ``/`` (``a=0 b=1/blocks``).

    >>> board_of("a=0 b=1/damage/[]"), board_of("a=0 b=1")
    ('a=0 b=1', 'a=0 b=1')
    """
    return str(line_id).split("/", 1)[0]


@guarded
def main(args: argparse.Namespace) -> int:
    """Exit status: 0 done, 1 an invariant is broken, 2 bad pool or some boards gave error lines."""
    from . import vectors as vector_files
    cards_path = cards_file(args.cards)  # or $PYSOLVER_CARDS
    cards = api.load_cards(cards_path) if cards_path else None
    pool = load_pool(args.pool, cards)
    for where, line in pool.unmodelled:  # the expanded entries leave these lines out
        if args.strict:
            raise InputError(pool.source, where, f"line {line!r} is not modelled (--strict)")
        print(f"note: {where}: {line!r} is not modelled by the solver", file=sys.stderr)
    commands = pool.commands
    if args.commands:
        commands = tuple(c.strip() for c in args.commands.split(",") if c.strip())
        bad = [c for c in commands if c not in SWEEP_COMMANDS]
        if bad or not commands:
            raise InputError(None, "--commands", f"expected commands from {', '.join(SWEEP_COMMANDS)}")
        if "verify" in commands and pool.goal is None:
            raise InputError(pool.source, "goal", "the verify command needs a goal (docs/verify.md)")
    if args.resume and (args.vectors or args.output and os.path.abspath(args.output) != os.path.abspath(args.resume)):
        raise InputError(None, "--resume", "--resume OUT appends the answer lines to OUT: not with --vectors, "
                                           "and -o must be the same file or left out")
    quiet = (args.vectors or args.invariants) and not args.output and not args.resume
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    target = None if quiet else args.resume or args.output

    def report(r: BoardResult) -> None:
        for v in r.violations:
            print(f"invariant broken: board {r.board!r}: {v['invariant']}: {v['message']}", file=sys.stderr)
            print(json.dumps({"board": r.board, **v}), file=sys.stderr)

    with contextlib.ExitStack() as stack:
        out, kept = stack.enter_context(output(target, resume=bool(args.resume), option="--resume" if args.resume
                                               else "-o", group=board_of))
        sink = _Null() if quiet else out
        vector_file = None
        if args.vectors:
            try:
                Path(args.vectors).mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise InputError(args.vectors, "--vectors", f"cannot write there: {exc.strerror or exc}") from None
            vector_file = stack.enter_context(atomic(Path(args.vectors) / vector_files.VECTORS))
        done = {board_of(json.loads(key)) for key in kept.ids}
        bar = Bar(max(count_boards(pool) - len(done), 0), "boards", force=show) if show else None
        executor = executors.from_arguments(args)
        with executors.running(executor, bar):
            stats = run_sweep(pool, sink, executor=executor, commands=commands,
                              options=Options(args.count, args.limit, args.strict), vectors=vector_file,
                              invariant_report=report if args.invariants else None, items=args.items,
                              max_results=args.max_results, chunk_size=args.chunk_size, retries=args.retries,
                              bar=bar, done=done)
    if args.resume:
        print(f"sweep: {len(done)} boards already answered in {args.resume} kept ({kept.errors} of the "
              f"{len(kept.ids)} lines there are error lines); {stats.boards} boards answered now", file=sys.stderr)
    if args.vectors:
        vector_files.write_readme(Path(args.vectors), args.pool, stats.boards, args.max_results)
    rate = stats.boards / stats.seconds if stats.seconds else 0.0
    print(f"sweep: {stats.boards} boards in {stats.seconds:.1f} s ({rate:.1f} boards/s, {executor.name}; "
          f"{stats.cpu / max(stats.boards, 1):.3f} s worker CPU per board)", file=sys.stderr)
    if args.invariants:
        print(f"invariants: {stats.checks} checks on {stats.boards} boards, {stats.violations} broken"
              + "".join(f"; skipped: {s}" for s in sorted(stats.skipped)), file=sys.stderr)
    if stats.errors:
        print(f"sweep: {stats.errors} error lines", file=sys.stderr)
    if stats.violations:
        return 1
    return 2 if stats.errors else 0


class _Null:
    def write(self, text: str) -> None:
        pass

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass
