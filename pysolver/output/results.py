"""Result documents (docs/results.md): `count`, `complete`, `results`, with `--limit`, `--count`
and `--timeout`, gathered in a list (the Python API, `batch`) or streamed (the command line).

A :class:`Tally` walks the lazily produced results once: it stops after `limit` results (and
then, having seen one more, knows the answer is incomplete), and when the time limit of
:mod:`pysolver.asp.deadline` runs out (the results found so far stand, ``"complete": false``). The
writers put each result on the output as soon as it is found, so memory stays flat however many
results there are; `count` and `complete` come last, when they are known.

The results are typed values (the moves of :mod:`pysolver.model.moves`, the outcomes of
:mod:`pysolver.model.values`); each becomes its docs/results.md mapping (``to_json()``) only here, where
it is written. The command line's `attacks` and `blocks` under `--json`/`--jsonl` hand their
results over as JSON texts already (:mod:`pysolver.output.jsontext`), counted by a :class:`TextTally`:
the writers take both as lists of texts (``texts()``).

>>> from pysolver.model.moves import AttackDeclaration
>>> moves = [AttackDeclaration(), AttackDeclaration.of([("x", "b")]), AttackDeclaration.of([("y", "b")])]
>>> collect(Tally(iter(moves), limit=2))
{'count': 2, 'complete': False, 'results': [{'attacks': []}, {'attacks': [['x', 'b']]}]}
>>> import io
>>> out = io.StringIO()
>>> write_jsonl({}, Tally(iter(moves[:2])), Buffer(out.write))
>>> print(out.getvalue(), end="")
{"count": null, "complete": null, "format": 1}
{"attacks": []}
{"attacks": [["x", "b"]]}
{"count": 2, "complete": true}
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Any, Generic, Protocol, TypeVar

from ..asp import deadline
from ..model.values import FORMAT
from .jsontext import to_json
from .progress import Bar

Result = dict[str, Any]  # a document, or the part of one written at once


class Typed(Protocol):
    """A typed result: a move or an outcome, with its docs/results.md mapping."""

    def to_json(self) -> Mapping[str, object]: ...


T = TypeVar("T", bound=Typed)


class _Counted:
    """What both tallies keep: the cut (`limit`, the time limit), the progress bar, and after the
    iteration `count`, `complete` and `cut`."""

    def __init__(self, *, limit: int | None = None, progress: Bar | None = None) -> None:
        self.limit, self.progress = limit, progress
        self.count = 0
        self.complete = True
        self.cut: str | None = None

    def summary(self) -> Result:
        """``{"count", "complete"}`` once the iteration is over."""
        return {"count": self.count, "complete": self.complete}


class Tally(_Counted, Generic[T]):
    """The results of one enumeration, counted as they are taken, cut by `limit` or the time limit.

    After the iteration, `count` is the number of results taken, `complete` whether they are all
    the results there are, and `cut` what stopped it (``"limit"``, ``"timeout"`` or None).
    """

    def __init__(self, results: Iterable[T], *, limit: int | None = None,
                 progress: Bar | None = None) -> None:
        super().__init__(limit=limit, progress=progress)
        self.results = results

    def __iter__(self) -> Iterator[T]:
        count, limit, progress = self.count, self.limit, self.progress  # locals: this loop runs per result
        try:
            for item in self.results:
                if count == limit:
                    self.complete, self.cut = False, "limit"
                    break
                if not count & 255:  # results made in Python (block products) between clingo's waits
                    deadline.check()
                count += 1
                if progress is not None:
                    progress.update()
                self.count = count
                yield item
        except deadline.Expired:
            self.complete, self.cut = False, "timeout"
        finally:
            if progress is not None:
                progress.close()

    def texts(self) -> Iterator[list[str]]:
        """The results' JSON texts, in lists (:func:`batches`): each result's ``to_json()`` encoded."""
        for batch in batches(self):
            yield [to_json(item.to_json()) for item in batch]

    def drain(self) -> None:
        """Take every result without writing it (``--count`` answered by enumerating)."""
        for _ in self:
            pass


class TextTally(_Counted):
    """A :class:`Tally` of results that come as their JSON texts already, in lists (the fast path of
    :mod:`pysolver.output.jsontext`: no Python object per result but its text), with the same `limit`,
    time limit, progress, `count`, `complete` and `cut`.

    >>> t = TextTally(iter([['{"blocks": []}', '{"blocks": [["y", "x"]]}'], ['{"blocks": [["z", "x"]]}']]), limit=2)
    >>> list(t.texts()), t.summary(), t.cut
    ([['{"blocks": []}', '{"blocks": [["y", "x"]]}']], {'count': 2, 'complete': False}, 'limit')
    """

    def __init__(self, chunks: Iterable[list[str]], *, limit: int | None = None,
                 progress: Bar | None = None) -> None:
        super().__init__(limit=limit, progress=progress)
        self.chunks = chunks

    def texts(self) -> Iterator[list[str]]:
        """The lists of texts, cut after `limit` texts (then, having seen one more, incomplete) or
        when the time limit runs out (the texts already given stand)."""
        limit, progress, chunks = self.limit, self.progress, iter(self.chunks)
        try:
            for texts in chunks:
                if not texts:
                    continue
                deadline.check()
                room = None if limit is None else limit - self.count
                if room is not None and len(texts) >= room:
                    if len(texts) == room:  # all of them fit: incomplete only if another one follows
                        self._took(texts)
                        yield texts
                        if next(filter(None, chunks), None) is None:
                            return
                    elif room:
                        self._took(texts[:room])
                        yield texts[:room]
                    self.complete, self.cut = False, "limit"
                    return
                self._took(texts)
                yield texts
        except deadline.Expired:
            self.complete, self.cut = False, "timeout"
        finally:
            if progress is not None:
                progress.close()

    def _took(self, texts: list[str]) -> None:
        self.count += len(texts)
        if self.progress is not None:
            self.progress.update(len(texts))

    def drain(self) -> None:
        """Take every text without writing it."""
        for _ in self.texts():
            pass


Stream = Tally[Any] | TextTally  # what the writers write: results as their JSON texts (texts())


def collect(tally: Tally[T], *, count_only: bool = False) -> Result:
    """The whole document in memory (`batch`, `sweep`): ``{"count", "complete", "results"}``."""
    items: list[Mapping[str, object]] = []
    for item in tally:
        if not count_only:
            items.append(item.to_json())
    return {**tally.summary(), **({} if count_only else {"results": items})}


def counted(count: Callable[[], int]) -> Result:
    """A `--count` document computed without enumeration; a lower bound of 0 if the time limit runs out first."""
    try:
        return {"count": count(), "complete": True}
    except deadline.Expired:
        return {"count": 0, "complete": False}


# ---- streaming writers -------------------------------------------------------------------------

def batches(items: Iterable[T], *, most: int = 1024, within: float = 0.2) -> Iterator[list[T]]:
    """The items in lists, so that each list is written at once: lists grow (doubling, up to `most`)
    while they come faster than `within` seconds, and shrink when they come slower, so that slow
    enumerations still show each result soon after it is found."""
    source = iter(items)
    size = 1
    while True:
        start = time.monotonic()
        batch = list(islice(source, size))
        if not batch:
            return
        yield batch
        size = min(most, size * 2) if time.monotonic() - start < within else max(1, size // 2)


class Buffer:
    """Text gathered into chunks of about `size` characters, each handed to `write` (one system call
    per chunk, not per result), or sooner when `within` seconds have passed since the last one;
    :meth:`flush` hands over the rest."""

    def __init__(self, write: Callable[[str], object], size: int = 1 << 16, within: float = 0.2) -> None:
        self.write, self.size, self.within = write, size, within
        self.parts: list[str] = []
        self.length = 0
        self.last = time.monotonic()

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)
        if self.length >= self.size or time.monotonic() - self.last >= self.within:
            self.flush()

    def flush(self) -> None:
        self.last = time.monotonic()
        if self.parts:
            text, self.parts, self.length = "".join(self.parts), [], 0
            self.write(text)


Extra = Callable[[], Result]


def _summary(tally: Stream | None, known: Result | None) -> Result:
    return tally.summary() if tally is not None else dict(known or {"count": 0, "complete": True})


def write_json(head: Result, tally: Stream | None, out: Buffer, known: Result | None = None,
               extra: Extra | None = None) -> None:
    """One JSON document, written as it is found: the `head` keys, ``"results": [ … ]``, then
    `count`, `complete`, the keys `extra()` gives at the end (`stats`) and `format`. With `tally`
    None (`--count`) there are no results and `known` has the count."""
    opening = to_json(head)[:-1]
    out.add(opening + (", " if head else ""))
    if tally is not None:
        out.add('"results": [')
        lead: list[str] = []  # after the first list, an empty text first: its separator leads
        for texts in tally.texts():  # one string per list, its separators included: no copy in between
            out.add(", ".join([*lead, *texts]))
            lead = [""]
        out.add("], ")
    last = {**_summary(tally, known), **(extra() if extra else {}), "format": FORMAT}
    out.add(to_json(last)[1:] + "\n")
    out.flush()


def write_jsonl(head: Result, tally: Stream | None, out: Buffer, known: Result | None = None,
                extra: Extra | None = None) -> None:
    """JSON Lines: a header line ``{…head, "count", "complete", "format": 1}``, one line per result,
    then a trailer line ``{"count", "complete", …extra()}``. `count` and `complete` are known only
    at the end, so the header has them null unless they are `known` before (`--count`)."""
    ahead = known if tally is None and known is not None else {"count": None, "complete": None}
    out.add(to_json({**head, "count": ahead["count"], "complete": ahead["complete"], "format": FORMAT}) + "\n")
    if tally is not None:
        for texts in tally.texts():
            out.add("\n".join([*texts, ""]))  # each text with its newline, in one string
    out.add(to_json({**_summary(tally, known), **(extra() if extra else {})}) + "\n")
    out.flush()
