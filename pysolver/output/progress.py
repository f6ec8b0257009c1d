"""A progress bar on stderr: items done, rate and ETA (`batch`, `sweep`, long enumerations).

Shown only when the stream is a terminal (or when forced), from `after` seconds on, redrawn at
most every `every` seconds.

>>> import io
>>> out = io.StringIO()
>>> bar = Bar(4, "boards", stream=out, force=True, every=0)
>>> bar.update(2); bar.update(2); bar.close()
>>> "4/4 boards" in out.getvalue()
True
>>> quiet = io.StringIO()
>>> late = Bar(None, "outcomes", stream=quiet, force=True, after=60)
>>> late.update(); late.close(); quiet.getvalue()
''
"""

from __future__ import annotations

import sys
import time
from typing import IO


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Bar:
    """`done/total label [####....] rate/s ETA m:ss`; total may be unknown (None)."""

    def __init__(self, total: int | None, label: str, *, stream: IO[str] | None = None, force: bool = False,
                 every: float = 0.25, after: float = 0.0, width: int = 24) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = force or bool(getattr(self.stream, "isatty", lambda: False)())
        self.total, self.label, self.every, self.after, self.width = total, label, every, after, width
        self.done = 0
        self.drawn = False
        self.start = self.last = time.monotonic()

    def update(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.enabled and now - self.start >= self.after and (
                now - self.last >= self.every or self.done == self.total):
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        if self.total:
            filled = int(self.width * min(self.done / self.total, 1.0))
            bar = "#" * filled + "." * (self.width - filled)
            eta = _duration((self.total - self.done) / rate) if rate > 0 else "?"
            text = f"{self.done}/{self.total} {self.label} [{bar}] {rate:,.1f}/s ETA {eta}"
        else:
            text = f"{self.done} {self.label} {rate:,.1f}/s {_duration(elapsed)}"
        print(f"\r{text}\x1b[K", end="", file=self.stream, flush=True)
        self.drawn = True

    def close(self) -> None:
        if self.enabled and (self.drawn or not self.after):
            self._draw(time.monotonic())
            print(file=self.stream, flush=True)
