"""The solving layer: encodings loaded with importlib.resources, run on the clingo Python API.

Encodings are data (``encodings/*.lp`` in the source tree, ``pysolver.encodings`` in the
wheel). Each call builds a :class:`clingo.Control`, adds facts and program parts, grounds
and solves. Models come back as lists of :class:`clingo.Symbol`.

>>> ctl = control(["characteristics"], "permanent(x). printed_power(x,3). printed_toughness(x,3). "
...               "plus_counters(x,1). minus_counters(x,0). damage_marked(x,0). card_type(x,creature).",
...               show="#show power/2.")
>>> [str(s) for s in next(models(ctl))]
['power(x,4)']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from importlib import resources

import clingo
from clingo import ast

from . import deadline

# The programs, as the encodings each question needs (one concern per file, see README).
ATTACKS = ("characteristics", "combat", "attacks")                # 508.1
BOARD = ATTACKS + ("blocks",)                                     # 509.1, the attacker-blocker graph
STEP = ("characteristics", "combat", "damage")                    # 510.1, one combat damage step
STEP_RESULTS = STEP + ("outcomes",)                               # its results, 704.3 after it
WINDOW = ("characteristics", "facedown")                          # 702.37e in a priority window


@cache
def encoding(name: str) -> str:
    """The text of ``encodings/NAME.lp``."""
    return resources.files("pysolver.encodings").joinpath(f"{name}.lp").read_text("utf-8")


_parsed = threading.local()


def statements(name: str) -> tuple[ast.AST, ...]:
    """``encodings/NAME.lp`` parsed once per thread (starting in ``#program base.``); the controls a
    thread builds reuse the AST. Per thread: clingo's AST objects are not safe to share between
    threads (a Dask worker runs tasks in threads)."""
    cache = _parsed.__dict__.setdefault("statements", {})
    if name not in cache:
        parsed: list[ast.AST] = []
        ast.parse_string(encoding(name), parsed.append)
        cache[name] = tuple(parsed)
    return cache[name]


def control(encodings: Sequence[str], facts: str, *, parts: Sequence[str] = ("base",),
            extra: str = "", show: str = "", args: Sequence[str] = ("--models=0",)) -> clingo.Control:
    """A grounded control: encodings + facts + `extra` program text, grounding the named parts."""
    ctl = clingo.Control(list(args), logger=_quiet)
    with ast.ProgramBuilder(ctl) as builder:
        for name in encodings:
            for statement in statements(name):
                builder.add(statement)
    ctl.add("base", [], "\n".join((facts, extra, show)))
    ctl.ground([(part, []) for part in parts])
    return ctl


def _quiet(code: clingo.MessageCode, message: str) -> None:
    """Drop clingo's informational warnings (atoms that never occur in some boards)."""


def models(ctl: clingo.Control, *, shown: bool = True) -> Iterator[list[clingo.Symbol]]:
    """Lazily yield the (shown) symbols of each model; under a time limit (:mod:`pysolver.deadline`)
    the solve runs asynchronously and is cancelled when the limit runs out (:class:`deadline.Expired`)."""
    if deadline.remaining() is None:
        with ctl.solve(yield_=True) as handle:
            for model in handle:
                yield model.symbols(shown=shown) if shown else model.symbols(atoms=True)
        return
    with ctl.solve(yield_=True, async_=True) as handle:
        while True:
            handle.resume()
            _wait(handle)
            model = handle.model()
            if model is None:
                return
            yield model.symbols(shown=shown) if shown else model.symbols(atoms=True)


def _wait(handle: clingo.SolveHandle) -> None:
    """Wait for an asynchronous solve until the time limit; cancel it and raise if the limit runs out."""
    if not handle.wait(deadline.remaining()):
        handle.cancel()
        raise deadline.Expired


def _solve(ctl: clingo.Control, on_model: Callable[[clingo.Model], object] | None = None) -> None:
    """Solve to the end (models reported to `on_model`), within the time limit."""
    if deadline.remaining() is None:
        ctl.solve(on_model=on_model)
        return
    with ctl.solve(on_model=on_model, async_=True) as handle:
        _wait(handle)


def one_model(ctl: clingo.Control) -> list[clingo.Symbol]:
    """The symbols of the first model (deterministic programs have exactly one)."""
    for symbols in models(ctl):
        return symbols
    raise RuntimeError("the program has no model")


def count_models(ctl: clingo.Control) -> int:
    """Enumerate without handing models to Python and return how many there are."""
    _solve(ctl)
    return int(ctl.statistics["summary"]["models"]["enumerated"])


def maximum(ctl: clingo.Control) -> int | None:
    """The optimum of a program whose only optimisation statement is a #maximize (None: unsatisfiable).

    The control must have been built with ``args=("--opt-mode=opt",)``.
    """
    best: list[int] = []
    _solve(ctl, on_model=lambda m: best.append(-m.cost[0] if m.cost else 0))
    return best[-1] if best else None


def args_of(symbol: clingo.Symbol) -> list[str]:
    """The arguments of an atom as plain strings (ids and player names)."""
    return [a.string if a.type == clingo.SymbolType.String else str(a) for a in symbol.arguments]
