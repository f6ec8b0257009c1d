"""Worker functions that fail on purpose, for the executor retry tests (importable by worker processes)."""

from __future__ import annotations

import os
from pathlib import Path


def crash_once(payload: dict) -> object:
    """Kill the worker process the first time a payload with `crash` runs (a marker file remembers)."""
    if payload.get("crash"):
        marker = Path(payload["marker"])
        if not marker.exists():
            marker.touch()
            os._exit(3)
    return payload["value"]


def crash_always(payload: dict) -> object:
    """Kill the worker process every time a payload with `crash` runs."""
    if payload.get("crash"):
        os._exit(3)
    return payload["value"]


def raise_once(payload: dict) -> object:
    """Raise (a failed task, as Dask reports a lost worker) the first time a `crash` payload runs."""
    if payload.get("crash"):
        marker = Path(payload["marker"])
        if not marker.exists():
            marker.touch()
            raise RuntimeError("worker lost")
    return payload["value"]


def raise_always(payload: dict) -> object:
    if payload.get("crash"):
        raise RuntimeError("worker lost")
    return payload["value"]
