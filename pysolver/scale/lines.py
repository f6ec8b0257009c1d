"""The output lines of `batch` and `sweep`: standard output, a product file, or a ``--resume`` file.

* standard output goes through :func:`pysolver.output.streams.emit` (a closed pipe ends quietly, a full disk
  is one :class:`~pysolver.output.streams.OutputError`);
* ``-o FILE`` is written through :func:`pysolver.output.streams.atomic`: the file appears, complete, only when
  the run ends; an interrupted run leaves no partial file under its name;
* ``--resume FILE`` appends: every line already written is kept (error lines included), a last line
  cut off in the middle is removed, and a lock (``flock``) refuses a second run on the same file.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "out.jsonl")
>>> with open(path, "w") as f:
...     _ = f.write('{"id": "a", "result": {}}\\n{"id": "b", "error": {}}\\n{"id": "c", "res')
>>> with output(path, resume=True, option="--resume") as (sink, kept):
...     sorted(kept.ids), kept.errors
...     sink.write('{"id": "c", "result": {}}\\n')
(['"a"', '"b"'], 1)
>>> len(open(path).read().splitlines())
3
"""

from __future__ import annotations

import fcntl
import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

from ..errors import InputError
from ..output.streams import ClosedPipe, OutputError, atomic, emit


def id_key(value: Any) -> str:
    """Ids compare by their JSON text: 7 and "7" are different ids."""
    return json.dumps(value)


@dataclass
class Kept:
    """The lines a ``--resume`` file already holds: their ids (:func:`id_key`) and how many are errors."""

    ids: set[str] = field(default_factory=set)
    errors: int = 0


class Sink:
    """Where output lines go; every write fault is an :class:`OutputError` naming the path."""

    def __init__(self, handle: IO[str] | None, path: str) -> None:
        self.handle, self.path = handle, path

    def write(self, text: str) -> None:
        if self.handle is None:
            emit(text)
            return
        try:
            self.handle.write(text)
        except OSError as error:
            raise OutputError(self.path, error) from None

    def flush(self) -> None:
        if self.handle is None:
            return
        try:
            self.handle.flush()
        except OSError as error:
            raise OutputError(self.path, error) from None


@contextmanager
def output(path: str | None, *, resume: bool, option: str,
           group: Callable[[str], str] | None = None) -> Iterator[tuple[Sink, Kept]]:
    """A :class:`Sink` for the output lines and what a ``--resume`` file already holds.

    `group` (sweep) maps an id to the unit written at once (a board): if the last line was cut off,
    every line of its unit is removed too, so that the unit is answered again whole."""
    if path is None or path == "-":
        yield Sink(None, "<stdout>"), Kept()
        return
    if not resume:
        with atomic(path) as handle:
            yield Sink(handle, path), Kept()
        return
    try:
        handle = open(path, "a+b")
    except OSError as error:
        raise OutputError(path, error) from None
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(path, option, "another run is writing this file (it is locked)") from None
        try:
            kept = _keep(handle, group)
            text = open(handle.fileno(), "a", encoding="utf-8", closefd=False)
        except OSError as error:
            raise OutputError(path, error) from None
        with text:
            yield Sink(text, path), kept
            try:
                text.flush()
            except OSError as error:
                raise OutputError(path, error) from None


def _keep(handle: IO[bytes], group: Callable[[str], str] | None) -> Kept:
    """Read the lines already written; remove a last line cut off in the middle (and its unit)."""
    handle.seek(0)
    kept = Kept()
    good = 0
    unit_start, unit = 0, None  # where the last unit's lines begin
    units: list[tuple[str, bool]] = []  # the last unit's (id key, is error)
    cut = False
    for raw in handle:
        if not raw.endswith(b"\n"):
            cut = True
            break
        try:
            data = json.loads(raw)
        except ValueError:
            good += len(raw)
            continue
        if isinstance(data, dict) and "id" in data and ("result" in data or "error" in data):
            key = id_key(data["id"])
            name = group(data["id"]) if group is not None and isinstance(data["id"], str) else key
            if name != unit:
                unit_start, unit, units = good, name, []
            units.append((key, "error" in data))
            kept.ids.add(key)
            kept.errors += "error" in data
        good += len(raw)
    if cut and group is not None and unit is not None:
        for key, error in units:
            kept.ids.discard(key)
            kept.errors -= error
        good = unit_start
    handle.truncate(good)
    handle.seek(0, 2)
    return kept



def guarded(main: Callable[..., int]) -> Callable[..., int]:
    """A tool's `main` whose output faults end it with exit status 2 and one line on stderr naming
    the path and the OS error, and whose closed standard output (``| head``) ends it quietly."""
    @functools.wraps(main)
    def run(*args: Any) -> int:
        try:
            return main(*args)
        except OutputError as exc:
            print(f"pysolver: error: {exc}", file=sys.stderr)
            return 2
        except ClosedPipe:
            return 0
    return run
