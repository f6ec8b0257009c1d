"""Result documents (SPEC §3): `count`, `complete`, `results`, with `--limit` and `--count`.

>>> collect(iter([{"a": 1}, {"a": 2}, {"a": 3}]), limit=2)
{'count': 2, 'complete': False, 'results': [{'a': 1}, {'a': 2}]}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .progress import Bar


def collect(results: Iterator[dict], *, limit: int | None = None, progress: Bar | None = None,
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
            progress.update()
    if progress is not None:
        progress.close()
    doc: dict = {"count": n, "complete": complete}
    if not count_only:
        doc["results"] = items
    return doc


def counted(count: Callable[[], int]) -> dict:
    """A `--count` document computed without enumeration."""
    return {"count": count(), "complete": True}
