"""Writing what the program produces, so that an output fault is one clear message, never a traceback
and never a partial file that looks complete.

* :func:`atomic` writes a product file under a temporary name beside it and renames it into place
  when the whole file is written; devices and pipes (``/dev/stdout``, ``/dev/full``) are written
  directly. Any OS error becomes :class:`OutputError` naming the path.
* :func:`emit` writes to standard output: a closed pipe (``pysolver … | head``) ends the program
  quietly; any other fault (a full disk) is an :class:`OutputError` for ``<stdout>``.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> with atomic(os.path.join(folder, "a.txt")) as f:
...     _ = f.write("done")
>>> open(os.path.join(folder, "a.txt")).read()
'done'
>>> try:
...     with atomic(os.path.join(folder, "missing", "a.txt")) as f:
...         pass
... except OutputError as e:
...     print(str(e).split(":")[0].endswith("a.txt"))
True
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


class OutputError(Exception):
    """An output could not be written: the path and the operating system's reason (exit status 2)."""

    def __init__(self, path: str | os.PathLike[str], error: OSError) -> None:
        self.path = str(path)
        self.reason = error.strerror or str(error)
        super().__init__(f"{self.path}: cannot write: {self.reason}")


@contextmanager
def atomic(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open `path` for writing so that it appears only once complete (temporary name, then rename)."""
    target = Path(path)
    try:
        if target.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(target))
        direct = target.exists() and not stat.S_ISREG(target.stat().st_mode)
    except OSError as error:
        raise OutputError(target, error) from None
    temporary = target if direct else target.with_name(f".{target.name}.{os.getpid()}.tmp")
    encoding = None if "b" in mode else "utf-8"
    try:
        with open(temporary, mode, encoding=encoding) as handle:
            yield handle
        if not direct:
            os.replace(temporary, target)
    except OSError as error:
        if not direct:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        raise OutputError(target, error) from None
    except BaseException:
        if not direct:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        raise


class ClosedPipe(Exception):
    """Standard output was closed by its reader (``| head``): stop quietly."""


def emit(text: str, stream: IO[str] | None = None) -> None:
    """Write `text` to standard output (or `stream`) and flush it."""
    out = stream if stream is not None else sys.stdout
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:
        closed_stdout()
        raise ClosedPipe from None
    except OSError as error:
        raise OutputError("<stdout>", error) from None


def closed_stdout() -> None:
    """Standard output's reader has gone: point file descriptor 1 at the null device, so that what is
    still buffered, flushed at the interpreter's exit, goes nowhere instead of raising BrokenPipeError
    (Python's advice for SIGPIPE, docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real stdout (a StringIO in tests, or already closed)
        pass
