"""One function from (command, situation, options) to the command's SPEC §3 `--json` document.

The single commands (`pysolver blocks FILE --json`), `batch` lines and `sweep` lines all call
:func:`answer`, so that a batch line's `result` equals the single command's document.

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}]})
>>> answer("attacks", s)
{'count': 2, 'complete': True, 'results': [{'attacks': []}, {'attacks': [['x', 'b']]}]}
>>> answer("attacks", s, count=True)
{'count': 2, 'complete': True}
>>> answer("attacks", s, limit=1)
{'count': 1, 'complete': False, 'results': [{'attacks': []}]}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import api
from .cards import Card
from .errors import InputError
from .model import Situation
from .progress import Bar
from .results import collect, counted

#: The commands a batch line may name (`graph` draws pictures and is not one of them).
BATCH_COMMANDS = ("attacks", "blocks", "damage", "outcomes", "check", "verify")

_LABELS = {"attacks": "attack declarations", "blocks": "block declarations", "outcomes": "outcomes",
           "damage": "damage assignments"}


def _enumerations() -> dict[str, tuple[Callable, Callable | None]]:
    """Each enumerating command: its results, and a counter that needs no Python object per result
    (outcomes: clingo counts a one-step combat's projected answer sets, :func:`count_outcomes`)."""
    return {"attacks": (api.legal_attacks, api.count_attacks),
            "blocks": (api.legal_blocks, api.count_blocks),
            "outcomes": (api.outcomes, api.count_outcomes),
            "damage": (api.damage_assignments, api.count_damage)}


@dataclass(frozen=True)
class Options:
    """`--count`, `--limit N` and `--strict` (SPEC §3), the same for single commands and batch lines."""

    count: bool = False
    limit: int | None = None
    strict: bool = False


OPTION_KEYS = ("count", "limit", "strict")


def options_from_data(data: Any, field: str = "options") -> Options:
    """Validate a batch line's `options` mapping (absent or null: the defaults)."""
    if data is None:
        return Options()
    if not isinstance(data, dict):
        raise InputError(None, field, "expected a mapping like {\"count\": true, \"limit\": 10}")
    for key in data:
        if key not in OPTION_KEYS:
            raise InputError(None, f"{field}.{key}", f"unknown option (allowed: {', '.join(OPTION_KEYS)})")
    for key in ("count", "strict"):
        if key in data and not isinstance(data[key], bool):
            raise InputError(None, f"{field}.{key}", "expected true or false")
    limit = data.get("limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise InputError(None, f"{field}.limit", f"expected a whole number of at least 1, got {limit!r}")
    return Options(bool(data.get("count", False)), limit, bool(data.get("strict", False)))


def strict_check(s: Situation, strict: bool, note: Callable[[str], None] | None = None) -> None:
    """Card lines the solver does not model: an error with `strict`, else a note (if `note` is given)."""
    for p in s.permanents:
        for line in p.unmodelled:
            if strict:
                raise InputError(s.source, f"permanent {p.id}", f"line {line!r} is not modelled (--strict)")
            if note is not None:
                note(f"note: {p.id}: {line!r} is not modelled by the solver")


def unread_inputs(command: str, s: Situation) -> list[str]:
    """Notes for parts of the situation this command does not read (SPEC §3): `combat.assignment`
    is judged only by `check`, `goal` only by `verify`."""
    notes = []
    if s.combat.assignment is not None and command != "check":
        notes.append(f"note: combat.assignment is read only by `check`; `{command}` ignores it")
    if s.goal is not None and command != "verify":
        notes.append(f"note: goal is read only by `verify`; `{command}` ignores it")
    return notes


def answer(command: str, s: Situation, *, count: bool = False, limit: int | None = None,
           progress: bool = False) -> dict:
    """The SPEC §3 `--json` document of `command` for the situation `s`.

    `progress` shows a :class:`pysolver.progress.Bar` on stderr for long enumerations (the
    single commands do; batch workers do not).
    """
    if command in ("check", "verify"):
        return getattr(api, command)(s)
    enumerations = _enumerations()
    if command not in enumerations:
        raise InputError(None, "command", f"unknown command {command!r} (one of {', '.join(BATCH_COMMANDS)})")
    results, counter = enumerations[command]
    doc: dict = {"step": api.next_step(s)} if command == "damage" else {}
    if count and limit is None and counter is not None:
        return {**doc, **counted(lambda: counter(s))}
    return {**doc, **collect(results(s), limit=limit, count_only=count,
                             progress=Bar(None, _LABELS[command], after=2.0) if progress else None)}


def answer_data(command: str, situation: Any, options: Options = Options(),
                cards: dict[str, Card] | None = None) -> dict:
    """Validate a situation given as plain data (SPEC §1) and answer `command` for it."""
    s = api.load_data(situation, cards=cards)
    strict_check(s, options.strict)
    return answer(command, s, count=options.count, limit=options.limit)


def status(command: str, doc: dict) -> int:
    """The exit status of a single command: 1 for a negative `check` or `verify`, else 0 (SPEC §3)."""
    if command == "check" and doc.get("legal") is False:
        return 1
    if command == "verify" and doc.get("holds") is False:
        return 1
    return 0
