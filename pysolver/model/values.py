"""Typed results (docs/results.md, §5): frozen, hashable values whose ``to_json()`` is the command's JSON.

The dict-returning functions of :mod:`pysolver` stay as they are (the CLI and batch print their
documents); these values are built from those documents by ``from_json`` and returned by the typed
methods of :class:`pysolver.Situation` (``check()``, ``outcomes()``, ``verify()``, ``graph()``).

>>> v = CheckResult.from_json({"legal": False, "violations": [
...     {"rule": "702.9b", "message": "y (no flying or reach) blocks x (flying)", "objects": ["y", "x"]}]})
>>> v.legal, v.violations[0].rule, bool(v)
(False, '702.9b', False)
>>> v.to_json()["violations"][0]["objects"]
['y', 'x']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Union

from .moves import (
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    TargetChoice,
    Trigger,
    TriggerOrder,
)

JSON = Union[None, bool, int, float, str, list["JSON"], dict[str, "JSON"]]  # noqa: UP007 - a recursive alias
"""A JSON value: what every ``to_json()`` returns (recursively typed, no ``Any``)."""
Counts = tuple[tuple[str, int], ...]  # an ordered mapping name -> number, hashable

#: The version of every result document's layout (docs/results.md); a change that breaks readers raises it.
FORMAT = 1


def _known(d: Mapping[str, Any], kind: str, *keys: str) -> Mapping[str, Any]:
    """`d` if it has no key these values do not hold: a field a command adds must be added here too,
    or its JSON would lose it silently.

    >>> _known({"rule": "509.1c", "colour": "red"}, "violation", "rule", "message", "objects")
    Traceback (most recent call last):
    ...
    ValueError: a violation mapping with fields the typed value does not hold: colour
    """
    extra = sorted(set(d) - set(keys))
    if extra:
        raise ValueError(f"a {kind} mapping with fields the typed value does not hold: {', '.join(extra)}")
    return d


@dataclass(frozen=True)
class Violation:
    """One broken rule of a declaration or assignment: the CR rule, a message, the objects it names.

    >>> str(Violation("702.9b", "y (no flying or reach) blocks x (flying)", ("y", "x")))
    'y (no flying or reach) blocks x (flying) (702.9b)'
    """

    rule: str
    message: str
    objects: tuple[str | int, ...] = ()

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Violation:
        """From a docs/results.md violation mapping."""
        d = _known(d, "violation", "rule", "message", "objects")
        return cls(str(d["rule"]), str(d["message"]), tuple(d.get("objects", ())))

    def to_json(self) -> dict[str, JSON]:
        """``{"rule", "message", "objects"}``."""
        return {"rule": self.rule, "message": self.message, "objects": list(self.objects)}

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class IllegalMoveError(ValueError):
    """A move that breaks the rules in the position it is played in (``Situation.play``,
    ``Position.push``); `violations` cite the rules, `move` is the move refused.

    >>> e = IllegalMoveError(AttackDeclaration(), (Violation("508.1", "attackers are declared now"),))
    >>> str(e), e.violations[0].rule
    ('AttackDeclaration(attacks=()) is illegal: attackers are declared now (508.1)', '508.1')
    """

    def __init__(self, move: object, violations: tuple[Violation, ...]) -> None:
        self.move = move
        self.violations = violations
        super().__init__(f"{move!r} is illegal: " + "; ".join(map(str, violations)))


@dataclass(frozen=True)
class CheckResult:
    """The `check` answer: legal or not, with every violation (true when legal).

    >>> bool(CheckResult(True)), CheckResult(True).to_json()
    (True, {'legal': True, 'violations': []})
    """

    legal: bool
    violations: tuple[Violation, ...] = ()

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CheckResult:
        """From the docs/results.md `check` document."""
        d = _known(d, "check", "legal", "violations", "format")
        return cls(bool(d["legal"]), tuple(Violation.from_json(v) for v in d["violations"]))

    def to_json(self) -> dict[str, JSON]:
        """``{"legal", "violations"}``, as ``pysolver check --json``."""
        return {"legal": self.legal, "violations": [v.to_json() for v in self.violations]}

    def __bool__(self) -> bool:
        return self.legal

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules broken, in order, each once."""
        return tuple(dict.fromkeys(v.rule for v in self.violations))

    def _repr_html_(self) -> str:
        """A table of the violations, for Jupyter."""
        rows = "".join(f"<tr><td>{escape(v.rule)}</td><td>{escape(v.message)}</td></tr>" for v in self.violations)
        return f"<p><b>{'legal' if self.legal else 'illegal'}</b></p>" + (f"<table>{rows}</table>" if rows else "")


@dataclass(frozen=True)
class Line:
    """How an outcome is reached: the declarations, face-up turns, damage assignments and activations.

    >>> line = Line.from_json({"attacks": [["x", "bob"]], "blocks": [], "face_up": [], "regular": [["x", "bob", 2]]})
    >>> line.regular
    DamageAssignment(step='regular', assignment=(('x', 'bob', 2),))
    """

    attacks: AttackDeclaration
    blocks: BlockDeclaration
    face_up: tuple[FaceUp, ...] = ()
    first_strike: DamageAssignment | None = None
    regular: DamageAssignment | None = None
    activations: tuple[Activation, ...] = ()
    triggers: TriggerOrder | None = None  # the order the active player chose for block triggers (603.3b)
    targets: tuple[TargetChoice, ...] = ()  # death triggers put on the stack with their targets (603.3b, 603.3d)

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Line:
        """From an outcome's `line` mapping."""
        d = _known(d, "line", "attacks", "blocks", "face_up", "first_strike", "regular", "activations", "triggers",
                   "targets")
        steps = {step: DamageAssignment.of(step, [tuple(t) for t in d[step]]) if step in d else None
                 for step in ("first_strike", "regular")}
        return cls(AttackDeclaration.of(d["attacks"]), BlockDeclaration.of(d["blocks"]),
                   tuple(FaceUp(f["window"], f["permanent"], f["cost"]) for f in d["face_up"]),
                   steps["first_strike"], steps["regular"],
                   tuple(Activation(a["window"], a["permanent"], a["times"], a.get("ability", 0))
                         for a in d.get("activations", [])),
                   TriggerOrder(tuple(Trigger(t["kind"], t["source"], t["target"], t["amount"])
                                      for t in d["triggers"])) if "triggers" in d else None,
                   tuple(TargetChoice(Trigger(t["kind"], t["source"], t["target"], t["amount"]))
                         for t in d.get("targets", [])))

    def to_json(self) -> dict[str, JSON]:
        """The `line` mapping of docs/results.md `outcomes`."""
        d: dict[str, JSON] = {"attacks": [list(p) for p in self.attacks.attacks],
                              "blocks": [list(p) for p in self.blocks.blocks],
                              "face_up": [dict(f.to_json()) for f in self.face_up],
                              "activations": [dict(a.to_json()) for a in self.activations]}
        for step in (self.first_strike, self.regular):
            if step is not None:
                d[step.step] = [list(t) for t in step.assignment]
        if self.triggers is not None:
            d["triggers"] = [dict(t.to_json()) for t in self.triggers.resolves]
        if self.targets:
            d["targets"] = [dict(t.to_json()) for t in self.targets]
        return d


def _counts(d: Mapping[str, Any]) -> Counts:
    return tuple((str(k), int(v)) for k, v in d.items())


def _mapping(c: Counts) -> dict[str, JSON]:
    return {k: v for k, v in c}


@dataclass(frozen=True)
class Outcome:
    """One distinct end-of-combat result (docs/results.md `outcomes`): life totals, players who lost
    (704.5a, 704.5c), permanents destroyed, damage, loyalty and defense left, poison counters
    (122.1f), -1/-1 counters on survivors (120.3d), creatures returned (702.79a, 702.93a), and one
    line reaching it.

    >>> o = Outcome.from_json({"life": {"alice": 20, "bob": 0}, "lost": ["bob"], "destroyed": [], "damage": {},
    ...                        "loyalty": {}, "defense": {}})
    >>> o.life_of("bob"), o.lost
    (0, ('bob',))
    """

    life: Counts
    lost: tuple[str, ...]
    destroyed: tuple[str, ...]
    damage: Counts
    loyalty: Counts
    defense: Counts
    line: Line | None = None
    poison: Counts = ()
    minus_counters: Counts = ()
    returned: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Outcome:
        """From one docs/results.md outcome mapping."""
        d = _known(d, "outcome", "life", "lost", "destroyed", "damage", "loyalty", "defense", "line", "poison",
                   "minus_counters", "returned")
        return cls(_counts(d["life"]), tuple(d["lost"]), tuple(d["destroyed"]), _counts(d["damage"]),
                   _counts(d["loyalty"]), _counts(d["defense"]),
                   Line.from_json(d["line"]) if d.get("line") is not None else None,
                   _counts(d.get("poison", {})), _counts(d.get("minus_counters", {})), tuple(d.get("returned", ())))

    def to_json(self) -> dict[str, JSON]:
        """The outcome mapping, as in ``pysolver outcomes --json``."""
        d: dict[str, JSON] = {"life": _mapping(self.life), "lost": list(self.lost),
                              "destroyed": list(self.destroyed), "damage": _mapping(self.damage),
                              "loyalty": _mapping(self.loyalty), "defense": _mapping(self.defense)}
        if self.poison:
            d["poison"] = _mapping(self.poison)
        if self.minus_counters:
            d["minus_counters"] = _mapping(self.minus_counters)
        if self.returned:
            d["returned"] = list(self.returned)
        if self.line is not None:
            d["line"] = self.line.to_json()
        return d

    def life_of(self, player: str) -> int:
        """A player's life total at the end of combat."""
        return dict(self.life)[player]

    def _repr_html_(self) -> str:
        """The outcome as a table, for Jupyter."""
        rows = [("life", ", ".join(f"{p} {n}" for p, n in self.life)), ("lost (704.5a)", ", ".join(self.lost)),
                ("destroyed", ", ".join(self.destroyed)), ("damage", ", ".join(f"{p} {n}" for p, n in self.damage)),
                ("poison (704.5c)", ", ".join(f"{p} {n}" for p, n in self.poison)),
                ("-1/-1 counters", ", ".join(f"{p} {n}" for p, n in self.minus_counters)),
                ("returned", ", ".join(self.returned))]
        return "<table>" + "".join(f"<tr><th>{k}</th><td>{escape(v)}</td></tr>" for k, v in rows if v) + "</table>"


@dataclass(frozen=True)
class Strategy:
    """A proof of `verify` (docs/verify.md): the `player` whose moves it fixes and the move tree (a JSON
    list: moves with `by`/`stage`/`move`, `replies` for the other side, `end` leaves).

    >>> Strategy.from_json({"player": "alice", "tree": [{"end": {"lost": ["bob"]}}]}).to_json()
    {'player': 'alice', 'tree': [{'end': {'lost': ['bob']}}]}
    """

    player: str
    tree: tuple[JSON, ...]
    interchangeable: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Strategy:
        """From a `strategy` or `refutation` mapping."""
        d = _known(d, "strategy", "player", "tree", "interchangeable")
        return cls(str(d["player"]), tuple(d["tree"]), tuple(tuple(g) for g in d.get("interchangeable", ())))

    def to_json(self) -> dict[str, JSON]:
        """The `strategy`/`refutation` mapping."""
        d: dict[str, JSON] = {"player": self.player, "tree": list(self.tree)}
        if self.interchangeable:
            d["interchangeable"] = [list(g) for g in self.interchangeable]
        return d


@dataclass(frozen=True)
class Verdict:
    """The `verify` answer: does the goal hold, the strategy (if it does) or refutation (if not),
    and the search's figures (`stats`, volatile: seconds).

    >>> v = Verdict(False, "lethal: bob", None, Strategy("bob", ({"end": {}},)))
    >>> bool(v), v.proof.player
    (False, 'bob')
    """

    holds: bool
    goal: str
    strategy: Strategy | None
    refutation: Strategy | None
    stats: tuple[tuple[str, int | float], ...] | None = None

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Verdict:
        """From the docs/verify.md `verify` document."""
        d = _known(d, "verify", "holds", "goal", "strategy", "refutation", "stats", "format")
        return cls(bool(d["holds"]), str(d["goal"]),
                   Strategy.from_json(d["strategy"]) if d.get("strategy") else None,
                   Strategy.from_json(d["refutation"]) if d.get("refutation") else None,
                   tuple((str(k), v) for k, v in d["stats"].items()) if "stats" in d else None)

    def to_json(self) -> dict[str, JSON]:
        """``{"holds", "goal", "strategy", "refutation", "stats"}``, as ``pysolver verify --json``."""
        d: dict[str, JSON] = {"holds": self.holds, "goal": self.goal,
                              "strategy": self.strategy.to_json() if self.strategy else None,
                              "refutation": self.refutation.to_json() if self.refutation else None}
        if self.stats is not None:
            d["stats"] = {k: v for k, v in self.stats}
        return d

    def __bool__(self) -> bool:
        return self.holds

    @property
    def proof(self) -> Strategy:
        """The strategy if the goal holds, else the refutation."""
        proof = self.strategy if self.holds else self.refutation
        assert proof is not None, "verify always leaves a strategy or a refutation"
        return proof

    def _repr_html_(self) -> str:
        """The verdict and its strategy or refutation tree, for Jupyter: a notebook display hook, like
        ``Situation._repr_svg_`` the one place the model reaches up to :mod:`pysolver.output`."""
        from ..output.render import verify_text
        return f"<pre>{escape(verify_text(self.to_json()))}</pre>"

