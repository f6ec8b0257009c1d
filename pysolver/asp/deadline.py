"""A time limit for the running question (`--timeout SECONDS`): set once, checked where work is done.

The limit lives in a context variable, so a batch worker or a thread has its own. Searches call
:func:`check` between steps; the solving layer waits on clingo with :func:`remaining` and cancels the
solve when it runs out. Either way :class:`Expired` is raised, and the question answers with what it
found so far and ``"complete": false``.

>>> with limit(None):
...     remaining() is None
True
>>> with limit(0):
...     expired()
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_until: ContextVar[float | None] = ContextVar("pysolver_deadline", default=None)


class Expired(Exception):
    """The time limit of the running question ran out."""


@contextmanager
def limit(seconds: float | None) -> Iterator[None]:
    """Run the body with a time limit of `seconds` (None: no limit; an outer, earlier limit stays)."""
    until = None if seconds is None else time.monotonic() + seconds
    outer = _until.get()
    if outer is not None and (until is None or outer < until):
        until = outer
    token = _until.set(until)
    try:
        yield
    finally:
        _until.reset(token)


def remaining() -> float | None:
    """Seconds left (never negative), or None when there is no limit."""
    until = _until.get()
    return None if until is None else max(0.0, until - time.monotonic())


def expired() -> bool:
    """Whether the time limit has run out."""
    left = remaining()
    return left is not None and left <= 0.0


def check() -> None:
    """Raise :class:`Expired` if the time limit has run out."""
    if expired():
        raise Expired
