"""The solving layer: encodings loaded with importlib.resources, run on the clingo Python API.

Encodings are data (``encodings/*.lp`` at the top of the source tree, ``pysolver.encodings``
package data in the wheel; :func:`encodings`). Each call builds a :class:`clingo.Control`, adds
facts (built as clingo symbols by :mod:`pysolver.asp.facts`) and grounds program parts, some with
parameters (``("require", [k])`` for
``#program require(k).``); what Python reads is shown by ``#show`` statements in those parts.
Models come back as lists of :class:`clingo.Symbol`, read through one table of the shown
predicates (:data:`SHOWN`, :func:`read`).

>>> from pysolver.asp.facts import atom, constant, program
>>> facts = program([atom("permanent", "x"), atom("printed_power", "x", 3), atom("printed_toughness", "x", 3),
...     atom("pt_counters", "x", 1, 1, 1), atom("damage_marked", "x", 0),
...     atom("until_end_of_turn", "x", 0, 0), atom("card_type", "x", constant("creature"))])
>>> [read(s) for s in next(models(control(CHARACTERISTICS, facts, parts=("base", "show_power"))))]
[('x', 4)]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import clingo
from clingo import ast

from . import deadline

# The programs, as the encodings each question needs (one concern per file, see README).
CHARACTERISTICS = ("characteristics", "statics", "sba")          # 708.2a, 613, 604; 704.3 before any choice
ATTACKS = CHARACTERISTICS + ("combat", "attacks")                 # 508.1
BOARD = ATTACKS + ("blocks",)                                     # 509.1, the attacker-blocker graph
STEP = CHARACTERISTICS + ("combat", "damage")                     # 510.1, one combat damage step
STEP_RESULTS = STEP + ("outcomes", "shields")                    # its results, 704.3 after it (701.19, 615)
AFTER_DECLARATIONS = STEP_RESULTS[len(STEP) - 1:]               # the same, added to BOARD (damage on)
REGULAR_STEP = STEP_RESULTS                                       # indexed by `regular` (510.4, strikes.lp)
WINDOW = CHARACTERISTICS + ("mana", "facedown")                   # 702.37e in a priority window


@cache
def encodings() -> Traversable:
    """Where the ``.lp`` files are: the wheel's ``pysolver.encodings`` package data, or, in a source
    tree (which has no such package: the files stay in the top-level ``encodings/``), that folder.

    >>> encodings().joinpath("blocks.lp").is_file()
    True
    """
    try:
        return resources.files("pysolver.encodings")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "encodings"


@cache
def encoding(name: str) -> str:
    """The text of ``encodings/NAME.lp``."""
    return encodings().joinpath(f"{name}.lp").read_text("utf-8")


_parsed = threading.local()


def statements(name: str) -> tuple[ast.AST, ...]:
    """``encodings/NAME.lp`` parsed once per thread (starting in ``#program base.``); the controls a
    thread builds reuse the AST. Per thread: clingo's AST objects are not safe to share between
    threads (a Dask worker runs tasks in threads)."""
    cache: dict[str, tuple[ast.AST, ...]] = _parsed.__dict__.setdefault("statements", {})
    if name not in cache:
        parsed: list[ast.AST] = []
        ast.parse_string(encoding(name), parsed.append)
        cache[name] = tuple(parsed)
    return cache[name]


def indexed_statements(name: str, index: str) -> tuple[ast.AST, ...]:
    """``encodings/NAME.lp`` instantiated at a step index (510.4: the regular step after a
    first-strike step in the same program as the first step, ``encodings/strikes.lp``): every atom
    gets the constant `index` as its first argument (``source(S,P)`` becomes
    ``source(regular,S,P)``), so the copy's rules read only the copy's atoms, which
    ``strikes.lp`` derives for it from the first step's results. Its ``#show`` and ``#project``
    statements are dropped (what is shown and projected of both steps is ``strikes.lp``'s
    business), and so are comments. Once per thread, as :func:`statements`.

    >>> next(str(s) for s in indexed_statements("combat", "regular") if s.ast_type == ast.ASTType.Rule)
    'attack(regular,A,T) :- attacking(regular,A,T).'
    """
    cache: dict[tuple[str, str], tuple[ast.AST, ...]] = _parsed.__dict__.setdefault("indexed", {})
    if (name, index) not in cache:
        step = _StepIndex(index)
        cache[name, index] = tuple(step(s) for s in statements(name) if s.ast_type not in _NOT_INDEXED)
    return cache[name, index]


_NOT_INDEXED = (ast.ASTType.ShowSignature, ast.ASTType.ShowTerm, ast.ASTType.ProjectSignature,
                ast.ASTType.ProjectAtom, ast.ASTType.Comment)


class _StepIndex(ast.Transformer):
    """Prepends a constant to the arguments of every atom (terms inside atoms are left as they are)."""

    def __init__(self, index: str) -> None:
        self.index = ast.SymbolicTerm(ast.Location(ast.Position("<index>", 0, 0), ast.Position("<index>", 0, 0)),
                                      clingo.Function(index))

    def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802 (clingo's visitor naming)
        symbol = atom.symbol
        if symbol.ast_type != ast.ASTType.Function:  # (the encodings use no classical negation)
            raise ValueError(f"cannot index the atom {symbol}")
        return atom.update(symbol=symbol.update(arguments=[self.index, *symbol.arguments]))


Part = str | tuple[str, Sequence[int | clingo.Symbol]]  # a program part, with its parameters if any


def control(encodings: Sequence[str], facts: str, *, parts: Sequence[Part] = ("base",),
            args: Sequence[str] = ("--models=0",), indexed: Sequence[tuple[str, str]] = ()) -> clingo.Control:
    """A grounded control: encodings + facts (and the `indexed` (encoding, index) copies of
    :func:`indexed_statements`), grounding the named parts (``"name"`` or ``("name",
    [parameters])``, in the copies too); what is shown comes from the ``show_*`` parts."""
    ctl = clingo.Control(list(args), logger=_quiet)
    with ast.ProgramBuilder(ctl) as builder:
        for name in encodings:
            for statement in statements(name):
                builder.add(statement)
        for name, index in indexed:
            for statement in indexed_statements(name, index):
                builder.add(statement)
    ctl.add("base", [], facts)
    ctl.ground([_part(part) for part in parts])
    return ctl


def _part(part: Part) -> tuple[str, list[clingo.Symbol]]:
    if isinstance(part, str):
        return part, []
    name, params = part
    return name, [clingo.Number(p) if isinstance(p, int) else p for p in params]


def _quiet(code: clingo.MessageCode, message: str) -> None:
    """Drop clingo's informational warnings (atoms that never occur in some boards)."""


Assumption = tuple[clingo.Symbol, bool] | int  # an atom and its value, or a (negative: false) literal


def models(ctl: clingo.Control, *, shown: bool = True,
           assumptions: Sequence[Assumption] = ()) -> Iterator[list[clingo.Symbol]]:
    """Lazily yield the (shown) symbols of each model, under `assumptions` (externals set for this
    solve only); under a time limit (:mod:`pysolver.asp.deadline`) the solve runs asynchronously and is
    cancelled when the limit runs out (:class:`deadline.Expired`)."""
    if deadline.remaining() is None:
        with ctl.solve(yield_=True, assumptions=list(assumptions)) as handle:
            for model in handle:
                yield model.symbols(shown=shown) if shown else model.symbols(atoms=True)
        return
    with ctl.solve(yield_=True, async_=True, assumptions=list(assumptions)) as handle:
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


def _solve(ctl: clingo.Control, on_model: Callable[[clingo.Model], bool | None] | None = None) -> None:
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


# The shown predicates the Python side reads, with their arities (the #show statements of the parts).
SHOWN: dict[str, int] = {
    "power": 2, "attack": 2, "block": 2, "attack_candidate": 1, "requirement": 1, "obeyed": 1,
    "violation": 3,
}

Value = str | int | clingo.Symbol


def read(symbol: clingo.Symbol) -> tuple[Value, ...]:
    """The arguments of a shown atom (:data:`SHOWN`, checked with :meth:`clingo.Symbol.match`):
    strings (ids, player names) as str, numbers as int, compound terms as symbols."""
    arity = SHOWN.get(symbol.name) if symbol.type == clingo.SymbolType.Function else None
    if arity is None or not symbol.match(symbol.name, arity):
        raise ValueError(f"{symbol} is not a shown atom of pysolver.asp.solving.SHOWN")
    return tuple(value(a) for a in symbol.arguments)


def read_ids(symbol: clingo.Symbol) -> tuple[str, ...]:
    """The arguments of a shown atom whose arguments are all ids (``block("b","a")``)."""
    values = read(symbol)
    if not all(isinstance(v, str) for v in values):
        raise ValueError(f"{symbol} does not hold ids only")
    return values  # type: ignore[return-value]


def value(term: clingo.Symbol) -> Value:
    """One term as a Python value: a string's text, a number, else the symbol itself."""
    if term.type == clingo.SymbolType.String:
        return term.string
    if term.type == clingo.SymbolType.Number:
        return term.number
    return term


def args_of(symbol: clingo.Symbol) -> list[str]:
    """The arguments of an atom as plain strings (kept for modules that do not use :func:`read` yet)."""
    return [a.string if a.type == clingo.SymbolType.String else str(a) for a in symbol.arguments]


@dataclass(frozen=True)
class Side:
    """How one declaration is chosen in the encodings: the declaration of attackers (508.1,
    ``attacks.lp``) or of blockers (509.1, ``blocks.lp``).

    >>> ATTACKERS.whole_board
    ('choose_attacks', 'every_attacker')
    """

    encodings: tuple[str, ...]
    choose: str  # the program part with the choice, over the candidates chosen (attack_chooser/1, chosen_blocker/1)
    every: str  # the part choosing every candidate: the whole board's declaration at once
    show: str  # the part that shows the declaration
    twins: str  # verify.lp's part keeping one declaration per orbit of identical creatures

    @property
    def whole_board(self) -> tuple[str, str]:
        """The parts that choose the whole board's declaration."""
        return self.choose, self.every


ATTACKERS = Side(ATTACKS, "choose_attacks", "every_attacker", "show_attacks", "twin_attackers")
BLOCKERS = Side(BOARD, "choose_blocks", "every_blocker", "show_blocks", "twin_blockers")


def most_obeyed(side: Side, facts: str) -> int | None:
    """The maximum number of requirements (508.1d, 509.1c) the whole board's declaration of `side`
    can obey (None: no declaration, which does not happen on a legal board)."""
    return maximum(control(side.encodings, facts, parts=("base", *side.whole_board, "maximize"),
                           args=("--opt-mode=opt",)))
