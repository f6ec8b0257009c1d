"""Chunked work with retries on three executors: `local`, `processes` and `dask`.

`batch` and `sweep` cut their work into chunks (lists of batch lines or boards). :func:`run`
keeps a bounded number of chunks in flight, yields each chunk's result as soon as it arrives
(in order of completion) and retries a chunk whose worker failed:

* A chunk's function never raises for a bad item (the workers turn every item error into an
  error line), so an exception from a chunk means the *worker* failed: a process that died,
  a Dask worker that was lost (``KilledWorker``), a result that could not be sent back.
* A failed chunk is retried up to ``retries`` times (default :data:`RETRIES`, so at most three
  attempts), each retry alone, with nothing else in flight. A chunk that fails every attempt is
  yielded as :class:`Failed`, and the caller writes an error line for each of its ids: nothing
  is silently dropped.
* When a worker process dies, :class:`concurrent.futures.ProcessPoolExecutor` fails *every*
  chunk in flight, not only the culprit's. Those chunks are rerun one at a time without counting
  an attempt; only a chunk that breaks the pool while alone is charged with the failure.
* Dask reschedules the tasks of a lost worker by itself (``distributed.scheduler.allowed-failures``,
  3 by default) before it reports ``KilledWorker``; the retries here come on top of that.

>>> from operator import neg
>>> sorted(value for _, value in run(neg, [Chunk(i, i) for i in range(3)], LocalExecutor()))
[-2, -1, 0]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError

RETRIES = 2
EXECUTORS = ("local", "processes", "dask")


@dataclass
class Chunk:
    """One unit of work: `key` is the caller's (e.g. the ids in it), `payload` goes to the worker."""

    key: Any
    payload: Any
    attempts: int = 0  # failed attempts so far
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Failed:
    """The result of a chunk that failed on every attempt."""

    attempts: int
    error: str

    def message(self) -> str:
        return f"worker failed on all {self.attempts} attempts for this chunk (last error: {self.error})"


class _Done:
    """A completed call of the local executor, shaped like a future."""

    def __init__(self, fn: Callable[..., Any], payload: Any) -> None:
        try:
            self.value, self.exc = fn(payload), None
        except Exception as exc:  # noqa: BLE001 - reported as a failed attempt
            self.value, self.exc = None, exc

    def result(self) -> Any:
        if self.exc is not None:
            raise self.exc
        return self.value


class LocalExecutor:
    """Everything in this process, one chunk at a time (the default for ``--jobs 1``)."""

    name = "local"
    window = 1

    def submit(self, fn: Callable[..., Any], payload: Any) -> Any:
        return _Done(fn, payload)

    def wait(self, handles: list[Any]) -> list[Any]:
        return list(handles)

    def result(self, handle: Any) -> Any:
        return handle.result()

    def lost_all(self, exc: BaseException) -> bool:
        return False

    def reset(self) -> None:
        pass

    def close(self) -> None:
        pass


class ProcessExecutor:
    """`jobs` worker processes on this machine (:class:`concurrent.futures.ProcessPoolExecutor`)."""

    name = "processes"

    def __init__(self, jobs: int, *, in_flight: int | None = None) -> None:
        self.jobs = jobs
        self.window = in_flight or 2 * jobs
        self._pool = self._start()

    def _start(self) -> cf.ProcessPoolExecutor:
        # forkserver: workers do not inherit the coordinator's threads (e.g. a Dask client's).
        # The forkserver and the resource tracker exit by themselves once the coordinator's end of
        # their pipes closes; the workers watch the coordinator (watch_coordinator).
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        return cf.ProcessPoolExecutor(max_workers=self.jobs, mp_context=multiprocessing.get_context(method),
                                      initializer=watch_coordinator, initargs=(os.getpid(),))

    def submit(self, fn: Callable[..., Any], payload: Any) -> cf.Future[Any]:
        return self._pool.submit(fn, payload)

    def wait(self, handles: list[Any]) -> set[Any]:
        return cf.wait(handles, return_when=cf.FIRST_COMPLETED).done

    def result(self, handle: cf.Future[Any]) -> Any:
        return handle.result()

    def lost_all(self, exc: BaseException) -> bool:
        return isinstance(exc, BrokenProcessPool)

    def reset(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


WATCH_SECONDS = 0.5


def watch_coordinator(pid: int) -> None:
    """In a worker process: end it as soon as the coordinator `pid` is gone (killed by SIGKILL or
    SIGTERM, which run no clean-up), even in the middle of a long answer. A daemon thread polls: the
    worker's parent (the forkserver, which exits with the coordinator) changes, or `pid` is gone."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            if os.getppid() != parent:
                os._exit(1)
            try:
                os.kill(pid, 0)
            except (ProcessLookupError, PermissionError):  # gone (or the number reused by another user)
                os._exit(1)
    threading.Thread(target=watch, name="watch-coordinator", daemon=True).start()


class DaskExecutor:
    """A `dask.distributed` cluster: an existing one (``scheduler`` address or ``client``) or a
    :class:`distributed.LocalCluster` of `jobs` single-threaded workers started here."""

    name = "dask"

    def __init__(self, jobs: int = 1, *, scheduler: str | None = None, client: Any = None,
                 processes: bool = True, in_flight: int | None = None) -> None:
        try:
            import distributed
        except ImportError:
            raise InputError(None, "--executor", "dask needs the distributed extra: "
                                                 "pip install 'pysolver[distributed]'") from None
        self._distributed = distributed
        self._cluster = None
        self._own_client = client is None
        if client is None:
            if scheduler is None:
                self._cluster = distributed.LocalCluster(
                    n_workers=jobs, threads_per_worker=1, processes=processes, dashboard_address=None,
                    silence_logs=logging.ERROR)
                client = distributed.Client(self._cluster)
            else:
                try:
                    client = distributed.Client(scheduler, timeout="20s")
                except (OSError, TimeoutError) as exc:
                    raise InputError(None, "--scheduler", f"cannot reach the Dask scheduler {scheduler!r}: {exc}") \
                        from None
        self.client = client
        threads = sum(client.nthreads().values()) or jobs
        self.window = in_flight or 2 * threads

    def submit(self, fn: Callable[..., Any], payload: Any) -> Any:
        return self.client.submit(fn, payload, pure=False)

    def wait(self, handles: list[Any]) -> set[Any]:
        done: set[Any] = self._distributed.wait(handles, return_when="FIRST_COMPLETED").done
        return done

    def result(self, handle: Any) -> Any:
        try:
            return handle.result()
        finally:
            handle.release()

    def lost_all(self, exc: BaseException) -> bool:
        return False  # Dask attributes a lost worker's failure to the tasks it was running

    def reset(self) -> None:
        pass

    def close(self) -> None:
        if self._own_client:
            self.client.close()
        if self._cluster is not None:
            self._cluster.close()


def run(fn: Callable[[Any], Any], chunks: Iterable[Chunk], executor: Any, *,
        retries: int = RETRIES) -> Iterator[tuple[Chunk, Any]]:
    """Apply `fn` to each chunk's payload; yield ``(chunk, result or Failed)`` in order of completion.

    At most ``executor.window`` chunks are in flight, and `chunks` is consumed only as fast as
    results come back, so memory does not grow with the amount of work.
    """
    source = iter(chunks)
    exhausted = False
    alone: deque[Chunk] = deque()  # retries and suspects: run one at a time
    held: deque[Chunk] = deque()  # never started: the pool was found broken as they were submitted
    in_flight: dict[Any, Chunk] = {}

    def submit(chunk: Chunk) -> None:
        # A worker that died since the last wait breaks the pool: submitting then fails at once. The chunk
        # never ran (not charged); the chunks in flight report the loss as they are waited for.
        try:
            in_flight[executor.submit(fn, chunk.payload)] = chunk
        except Exception as exc:
            if not executor.lost_all(exc):
                raise
            held.append(chunk)

    def fail(chunk: Chunk, exc: BaseException) -> Iterator[tuple[Chunk, Any]]:
        chunk.attempts += 1
        chunk.errors.append(f"{type(exc).__name__}: {exc}")
        if chunk.attempts > retries:
            yield chunk, Failed(chunk.attempts, chunk.errors[-1])
        else:
            alone.append(chunk)

    while True:
        if held and not in_flight:  # every chunk of the broken pool reported: a new pool for the held ones
            executor.reset()
            for _ in range(len(held)):
                submit(held.popleft())
        while not exhausted and not alone and not held and len(in_flight) < executor.window:
            chunk = next(source, None)
            if chunk is None:
                exhausted = True
                break
            submit(chunk)
        if alone and not in_flight and not held:
            submit(alone.popleft())
        if not in_flight:
            if held:
                continue
            return
        lost: list[tuple[Chunk, BaseException]] = []
        for handle in executor.wait(list(in_flight)):
            chunk = in_flight.pop(handle)
            try:
                value = executor.result(handle)
            except Exception as exc:  # noqa: BLE001 - the worker failed; retried below
                if executor.lost_all(exc):
                    lost.append((chunk, exc))
                else:
                    yield from fail(chunk, exc)
            else:
                yield chunk, value
        if lost:
            # The pool is gone and took every chunk in flight with it; collect those too.
            for handle in list(in_flight):
                chunk = in_flight.pop(handle)
                try:
                    value = executor.result(handle)
                except Exception as exc:  # noqa: BLE001
                    lost.append((chunk, exc))
                else:
                    yield chunk, value
            executor.reset()
            if len(lost) == 1:
                yield from fail(*lost[0])
            else:
                alone.extend(chunk for chunk, _ in lost)  # suspects: find the culprit alone


@contextmanager
def running(executor: Any, bar: Any = None, *files: Any) -> Iterator[None]:
    """Close the executor, the progress bar and the files (not standard input/output) however the
    run ends (`batch` and `sweep`)."""
    try:
        yield
    finally:
        executor.close()
        if bar is not None:
            bar.close()
        for f in files:
            if f is not None and f not in (sys.stdin, sys.stdout, getattr(sys.stdin, "buffer", None),
                                           getattr(sys.stdout, "buffer", None)):
                f.close()


def add_arguments(p: argparse.ArgumentParser, *, chunk_size: int) -> None:
    """The executor options shared by `batch` and `sweep` (and their progress bar)."""
    p.add_argument("--jobs", "-j", type=positive, default=1, metavar="N",
                   help="worker processes (processes executor) or LocalCluster workers (dask); default 1")
    p.add_argument("--executor", choices=EXECUTORS, default=None,
                   help="where the work runs: local (this process), processes (--jobs worker processes), "
                        "dask (a dask.distributed cluster); default: local for --jobs 1, else processes")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --executor dask: an existing scheduler (tcp://host:8786); without it a "
                        "LocalCluster of --jobs workers is started")
    p.add_argument("--chunk-size", type=positive, default=chunk_size, metavar="N",
                   help=f"items sent to a worker at a time (default {chunk_size})")
    p.add_argument("--retries", type=_non_negative, default=RETRIES, metavar="N",
                   help=f"times a chunk whose worker failed is retried before its ids get error lines "
                        f"(default {RETRIES})")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: when stderr is a terminal)")


def from_arguments(args: argparse.Namespace) -> Any:
    """The executor the options ask for."""
    kind = args.executor or ("local" if args.jobs == 1 and not args.scheduler else
                             "dask" if args.scheduler else "processes")
    if args.scheduler and kind != "dask":
        raise InputError(None, "--scheduler", "only used with --executor dask")
    if kind == "local":
        return LocalExecutor()
    if kind == "processes":
        return ProcessExecutor(args.jobs)
    return DaskExecutor(args.jobs, scheduler=args.scheduler)


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be at least 0")
    return value

