"""The damage one resolving ability deals (120.3), for the triggers that watch it (603.2).

All noncombat damage is dealt in one place (:func:`pysolver.rules.triggers` ``_dealt_by``, ``#program
resolve_dies``: 120.3 once); each time it reports what it dealt to whom here. A search that resolves an
ability (:mod:`pysolver.game.gametree`) reads, inside :func:`recording`, the damage events of that resolution:
"Whenever ~ is dealt damage" and "Whenever ~ deals damage" trigger on them (:mod:`pysolver.rules.dealt`).
Outside :func:`recording` nothing is kept.

>>> with recording() as log:
...     dealt((("bear", 2),))
>>> log
[(('bear', 2),)]
>>> dealt((("bear", 1),))  # nobody is listening: nothing kept
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Dealt = tuple[tuple[str, int], ...]  # one event: each recipient with the damage dealt to it (120.3)
_LOG: ContextVar[list[Dealt] | None] = ContextVar("damage_log", default=None)


def dealt(recipients: Dealt) -> None:
    """Report one event of damage dealt (nothing was dealt if `recipients` is empty: 120.4b)."""
    log = _LOG.get()
    if log is not None and recipients:
        log.append(recipients)


@contextmanager
def recording() -> Iterator[list[Dealt]]:
    """The events dealt while the block runs, in order."""
    log: list[Dealt] = []
    token = _LOG.set(log)
    try:
        yield log
    finally:
        _LOG.reset(token)
