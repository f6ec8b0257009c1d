"""A long search's progress line on a terminal (docs/cli.md: long runs show progress), shared by
`verify` and `best`.

>>> import io
>>> t = Ticker(io.StringIO(), progress=False)
>>> t.tick(lambda seconds: f"{seconds:.0f} s"); t.done(); t.stream.getvalue()
''
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Ticker:
    """Redraws one line on `stream` (stderr by default) at most once a second, from the second second
    on; `progress` None: only when `stream` is a terminal."""

    def __init__(self, stream: TextIO | None, progress: bool | None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.show = progress if progress is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = self.last = time.monotonic()
        self.shown = False

    def seconds(self) -> float:
        """The seconds since the search began."""
        return time.monotonic() - self.start

    def tick(self, line: Callable[[float], str]) -> None:
        """Redraw the line, `line(seconds)`, if it is time to."""
        if not self.show:
            return
        now = time.monotonic()
        if now - self.start >= 2 and now - self.last >= 1:
            self.last, self.shown = now, True
            print(f"\r{line(now - self.start)}", end="", file=self.stream, flush=True)

    def done(self) -> None:
        """End the line, if one was drawn."""
        if self.shown:
            print(file=self.stream, flush=True)
