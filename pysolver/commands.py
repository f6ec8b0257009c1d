"""One function from (command, situation, options) to the command's `--json` document (docs/results.md).

The single commands (`pysolver blocks FILE --json`, streamed through :func:`enumeration`),
`batch` lines and `sweep` lines all call this module, so that a batch line's `result` equals
the single command's document. The modules behind each command are imported only when it runs
(a `check` does not pay for the others).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}]})
>>> answer("attacks", s)
{'count': 2, 'complete': True, 'results': [{'attacks': []}, {'attacks': [['x', 'b']]}], 'format': 1}
>>> answer("attacks", s, count=True)
{'count': 2, 'complete': True, 'format': 1}
>>> answer("attacks", s, limit=1)
{'count': 1, 'complete': False, 'results': [{'attacks': []}], 'format': 1}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from .asp.deadline import Expired
from .errors import InputError
from .model.stage import Stage
from .model.values import FORMAT, Verdict
from .output.progress import Bar
from .output.results import Stream, Tally, TextTally, Typed, collect, counted

if TYPE_CHECKING:
    from .files.cards import Card
    from .model import Situation
    from .model.optimum import Optimum
    from .model.values import CheckResult, Violation

#: The commands a batch line may name (`graph` draws pictures and is not one of them).
BATCH_COMMANDS = ("attacks", "blocks", "damage", "outcomes", "check", "verify")

_LABELS = {"attacks": "attack declarations", "blocks": "block declarations", "outcomes": "outcomes",
           "damage": "damage assignments"}


#: The stage of the game tree whose legal moves each enumerating command but `outcomes` lists
#: (:class:`pysolver.game.gametree.LegalMoveGenerator`).
_STAGES = {"attacks": Stage.DECLARE_ATTACKERS, "blocks": Stage.DECLARE_BLOCKERS, "damage": Stage.DAMAGE}


def _results(command: str, s: Situation) -> tuple[Iterable[Typed], Callable[[], int], dict[str, Any]]:
    """An enumerating command's typed results (lazily), its exact counter (no Python object per
    result; outcomes: clingo counts a one-step combat's projected answer sets), and the keys written
    before the results (`damage`: its `step`, 510.4). Only the command's own modules are imported.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a", "permanents": []})
    >>> results, count, head = _results("attacks", s)
    >>> list(results), count(), head
    ([AttackDeclaration(attacks=())], 1, {})
    """
    if command == "outcomes":
        from .game.outcomes import count_outcomes, outcome_values
        return outcome_values(s), partial(count_outcomes, s), {}
    from .game.gametree import Position
    moves = Position(_STAGES[command], s).legal_moves
    if command != "damage":
        return moves, moves.count, {}
    from .rules.damage import next_step
    return moves, moves.count, {"step": next_step(s)}


@dataclass(frozen=True)
class Options:
    """`--count`, `--limit N` and `--strict` (docs/cli.md), the same for single commands and batch lines."""

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


def unread_inputs(command: str, s: Situation) -> list[str]:
    """Notes for parts of the situation this command does not read (docs/situation.md): `combat.assignment`
    is judged only by `check`, `goal` only by `verify`, `combat.provoked` not by `attacks`."""
    notes = []
    if s.combat.assignment is not None and command != "check":
        notes.append(f"note: combat.assignment is read only by `check`; `{command}` ignores it")
    if s.combat.activations and command != "check":
        notes.append(f"note: combat.activations is read only by `check`; `{command}` ignores it")
    if s.combat.provoked and command == "attacks":  # 702.39a: a requirement on the blocks only (509.1c)
        notes.append("note: combat.provoked concerns the blocks; `attacks` ignores it")
    if s.goal is not None and command != "verify":
        notes.append(f"note: goal is read only by `verify`; `{command}` ignores it")
    if s.objective is not None and command != "best":
        notes.append(f"note: objective is read only by `best`; `{command}` ignores it")
    return notes


@dataclass
class Enumeration:
    """An enumerating command's answer before it is written: the keys before the results (`damage`:
    its `step`), the results as a :class:`~pysolver.output.results.Tally` of typed values or a
    :class:`~pysolver.output.results.TextTally` of their JSON texts (None when `--count` is answered by a
    counter) and the counter's ``{"count", "complete"}``."""

    head: dict[str, Any]
    tally: Stream | None
    counted: dict[str, Any] | None = None


#: The JSON texts of the declarations, made without a typed value per result (:mod:`pysolver.output.jsontext`).
_TEXTS = {"attacks": "attack_texts", "blocks": "block_texts"}


def enumeration(command: str, s: Situation, *, count: bool = False, limit: int | None = None,
                progress: Bar | None = None, texts: bool = False) -> Enumeration:
    """The lazily produced answer of `attacks`, `blocks`, `damage` or `outcomes` (docs/results.md).
    With `texts` (the JSON writers), `attacks` and `blocks` give their results' JSON texts directly,
    the same texts in the same order as the typed results' ``to_json()`` (a :class:`TextTally`).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2}]})
    >>> e = enumeration("attacks", s, texts=True)
    >>> [text for texts in e.tally.texts() for text in texts], e.tally.summary()
    (['{"attacks": []}', '{"attacks": [["x", "b"]]}'], {'count': 2, 'complete': True})
    """
    if command not in _STAGES and command != "outcomes":
        raise InputError(None, "command", f"unknown command {command!r} (one of {', '.join(BATCH_COMMANDS)})")
    results, counter, head = _results(command, s)
    if count and limit is None:
        return Enumeration(head, None, counted(counter))
    if texts and command in _TEXTS:
        from .output import jsontext
        chunks = getattr(jsontext, _TEXTS[command])(s)
        return Enumeration(head, TextTally(chunks, limit=limit, progress=progress))
    return Enumeration(head, Tally(results, limit=limit, progress=progress))


def optimum(s: Situation, objective: Sequence[str] | None = None, side: str | None = None) -> Optimum:
    """`best` as a typed value (docs/best.md): the objective's terms and side as given on the command
    line, else the situation file's, else the defaults; progress on stderr when that is a terminal."""
    from .game.best import best
    return best(s, objective, side=side, progress=None)


def decide(command: str, s: Situation) -> CheckResult | Verdict:
    """`check` or `verify` as a typed value (only the one asked for is imported); `verify` reports
    its progress on stderr when that is a terminal."""
    if command == "check":
        from .rules.check import check_result
        return check_result(s)
    from .game.verify import verdict
    return verdict(s, progress=None)


def illegal_combat(command: str, s: Situation) -> tuple[Violation, ...]:
    """For `damage`: the violations `check` finds in the declared attacks and blocks (508.1, 509.1),
    which the damage step takes as given; nothing for the other commands.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Flying"]},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
    ...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
    >>> [v.rule for v in illegal_combat("damage", s)]
    ['702.9b']
    """
    if command != "damage" or s.combat.attackers is None or s.combat.blockers is None:
        return ()
    from .rules.check import check_result
    return check_result(s.with_combat(assignment=None)).violations


def label(command: str) -> str:
    """What an enumerating command's results are, in words (progress bars, summaries)."""
    return _LABELS[command]


def timed_out(command: str) -> dict[str, Any]:
    """The document of a `check`, `verify` or `best` that found no answer within `--timeout`: the
    verdict (`best`: the value) is null and ``"complete": false``."""
    key = {"check": "legal", "verify": "holds", "best": "value"}[command]
    return {key: None, "complete": False, "format": FORMAT}


def answer(command: str, s: Situation, *, count: bool = False, limit: int | None = None,
           progress: bool = False, stats: bool = False, objective: Sequence[str] | None = None,
           side: str | None = None) -> dict[str, Any]:
    """The `--json` document of `command` for the situation `s` (docs/results.md), in memory: the
    typed results become their mappings here (`batch` and `sweep` lines).

    `progress` shows a :class:`pysolver.output.progress.Bar` on stderr for long enumerations (batch
    workers do not). Under a time limit (:mod:`pysolver.asp.deadline`) an enumeration answers with
    what it found and ``"complete": false``; `check` and `verify` with :func:`timed_out`.
    `verify`'s and `best`'s search figures (`stats`, with the seconds it took) only with `stats`
    (`--stats`): without them two runs give the same document. `best` reads `objective` and `side`
    (``--objective``, ``--side``; :func:`optimum`).
    """
    if command == "best":
        try:
            return optimum(s, objective, side).to_json(stats=stats)
        except Expired:
            return timed_out(command)
    if command in ("check", "verify"):
        try:
            result = decide(command, s)
            return dict(result.to_json(stats=stats) if isinstance(result, Verdict) else result.to_json())
        except Expired:
            return timed_out(command)
    e = enumeration(command, s, count=count, limit=limit,
                    progress=Bar(None, _LABELS[command], after=2.0) if progress else None)
    assert not isinstance(e.tally, TextTally), "typed results: asked without texts"
    found = collect(e.tally, count_only=count) if e.tally is not None else e.counted or {}
    return {**e.head, **found, "format": FORMAT}


def answer_data(command: str, situation: Any, options: Options = Options(),
                cards: dict[str, Card] | None = None, file: str | None = None) -> dict[str, Any]:
    """Validate a situation given as plain data (docs/situation.md; read from `file`, if given, which
    its errors name) and answer `command` for it."""
    from .files.loader import situation_from_data, strict_check
    s = situation_from_data(situation, file, cards)
    strict_check(s, options.strict)
    return answer(command, s, count=options.count, limit=options.limit)


def status(command: str, doc: dict[str, Any]) -> int:
    """The exit status of a single command: 1 for a negative `check` or `verify`, else 0 (docs/cli.md)."""
    if command == "check" and doc.get("legal") is False:
        return 1
    if command == "verify" and doc.get("holds") is False:
        return 1
    return 0
