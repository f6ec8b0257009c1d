"""Result documents (SPEC §3): `count`, `complete`, `results`, with `--limit` and `--count`.

>>> collect(iter([{"a": 1}, {"a": 2}, {"a": 3}]), limit=2)
{'count': 2, 'complete': False, 'results': [{'a': 1}, {'a': 2}]}
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator


class Progress:
    """Reports progress of a long enumeration on stderr (every `every` seconds after `after` seconds)."""

    def __init__(self, label: str, *, after: float = 2.0, every: float = 2.0, stream=None) -> None:
        self.label, self.after, self.every = label, after, every
        self.stream = stream if stream is not None else sys.stderr
        self.start = self.last = time.monotonic()
        self.shown = False

    def tick(self, n: int) -> None:
        now = time.monotonic()
        if now - self.start >= self.after and now - self.last >= self.every:
            self.last = now
            self.shown = True
            rate = n / (now - self.start)
            print(f"\r{self.label}: {n} so far ({rate:,.0f}/s)", end="", file=self.stream, flush=True)

    def done(self) -> None:
        if self.shown:
            print(file=self.stream, flush=True)


def collect(results: Iterator[dict], *, limit: int | None = None, progress: Progress | None = None,
            count_only: bool = False) -> dict:
    """Gather lazily produced results into a SPEC §3 document; stop after `limit`."""
    items: list[dict] = []
    n = 0
    complete = True
    for item in results:
        if limit is not None and n >= limit:
            complete = False
            break
        n += 1
        if not count_only:
            items.append(item)
        if progress is not None:
            progress.tick(n)
    if progress is not None:
        progress.done()
    doc: dict = {"count": n, "complete": complete}
    if not count_only:
        doc["results"] = items
    return doc


def counted(count: Callable[[], int]) -> dict:
    """A `--count` document computed without enumeration."""
    return {"count": count(), "complete": True}
