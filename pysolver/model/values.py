"""Typed results (docs/results.md, §5): frozen, hashable values whose ``to_json()`` is the command's JSON.

`check`, `outcomes` and `verify` produce these values where they are found
(:func:`pysolver.rules.check.check_result`, :func:`pysolver.game.outcomes.outcome_values`,
:func:`pysolver.game.verify.verdict`); the JSON documents are made from them only at the edge, where
they are written (:mod:`pysolver.output.results`, :mod:`pysolver.commands`), and by the dict-returning
functions of :mod:`pysolver` (``pysolver.check(s)`` is ``check_result(s).to_json()``).

>>> v = CheckResult(False, (Violation("702.9b", "y (no flying or reach) blocks x (flying)", ("y", "x")),))
>>> v.legal, v.violations[0].rule, bool(v)
(False, '702.9b', False)
>>> v.to_json()["violations"][0]["objects"]
['y', 'x']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Union

from .moves import (
    AbilityActivation,
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    TargetChoice,
    TriggerOrder,
)

JSON = Union[None, bool, int, float, str, list["JSON"], dict[str, "JSON"]]  # noqa: UP007 - a recursive alias
"""A JSON value: what every ``to_json()`` returns (recursively typed, no ``Any``)."""
Counts = tuple[tuple[str, int], ...]  # an ordered mapping name -> number, hashable
OutcomeKey = tuple[Counts | tuple[str, ...], ...]  # Outcome.key: its fields but the line, in a fixed order

#: The version of every result document's layout (docs/results.md); a change that breaks readers raises it.
FORMAT = 1



@dataclass(frozen=True)
class Violation:
    """One broken rule of a declaration or assignment: the CR rule, a message, the objects it names.

    >>> str(Violation("702.9b", "y (no flying or reach) blocks x (flying)", ("y", "x")))
    'y (no flying or reach) blocks x (flying) (702.9b)'
    """

    rule: str
    message: str
    objects: tuple[str | int, ...] = ()

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
    (True, {'legal': True, 'violations': [], 'format': 1})
    """

    legal: bool
    violations: tuple[Violation, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        """``{"legal", "violations", "format"}``: the document ``pysolver check --json`` prints."""
        return {"legal": self.legal, "violations": [v.to_json() for v in self.violations], "format": FORMAT}

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

    >>> line = Line(AttackDeclaration.of([("x", "bob")]), BlockDeclaration(),
    ...             regular=DamageAssignment.of("regular", [("x", "bob", 2)]))
    >>> line.to_json()
    {'attacks': [['x', 'bob']], 'blocks': [], 'face_up': [], 'activations': [], 'regular': [['x', 'bob', 2]]}
    """

    attacks: AttackDeclaration
    blocks: BlockDeclaration
    face_up: tuple[FaceUp, ...] = ()
    first_strike: DamageAssignment | None = None
    regular: DamageAssignment | None = None
    activations: tuple[Activation | AbilityActivation, ...] = ()
    triggers: TriggerOrder | None = None  # the order the active player chose for block triggers (603.3b)
    targets: tuple[TargetChoice, ...] = ()  # death triggers put on the stack with their targets (603.3b, 603.3d)

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


def _mapping(c: Counts) -> dict[str, JSON]:
    return {k: v for k, v in c}


@dataclass(frozen=True)
class Outcome:
    """One distinct end-of-combat result (docs/results.md `outcomes`): life totals, players who lost
    (704.5a, 704.5c), permanents destroyed, damage, loyalty and defense left, poison counters
    (122.1f), -1/-1 counters on survivors (120.3d), creatures returned (702.79a, 702.93a), and one
    line reaching it. Built by :meth:`of` from the state at the end of combat; :attr:`key` tells
    outcomes apart.

    >>> o = Outcome.of(life=[("alice", 20), ("bob", 0)], lost=["bob"], destroyed=[], damage=[("x", 0)])
    >>> o.life_of("bob"), o.lost, o.damage
    (0, ('bob',), ())
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
    def of(cls, life: Iterable[tuple[str, int]], lost: Iterable[str], destroyed: Iterable[str],
           damage: Iterable[tuple[str, int]] = (), loyalty: Iterable[tuple[str, int]] = (),
           defense: Iterable[tuple[str, int]] = (), poison: Iterable[tuple[str, int]] = (),
           minus_counters: Iterable[tuple[str, int]] = (), returned: Iterable[str] = (),
           line: Line | None = None) -> Outcome:
        """The one builder of outcomes, from the state at the end of combat as its producer reads it
        (:func:`pysolver.rules.combat.outcome` from a finished situation, :mod:`pysolver.game.outcomes`
        from an answer set): each player's life (in the players' order) and who lost (104.3b, 704.5a,
        704.5c), what left the battlefield, the damage marked on creatures that stay (a creature with
        none is not listed, 120.3e), loyalty and defense left (in the order given), poison counters
        (122.1f) and -1/-1 counters (120.3d) where there are any, the creatures persist or undying
        returned (702.79a, 702.93a).

        >>> o = Outcome.of([("a", 20), ("b", 20)], [], ["y", "x"], poison=[("b", 3), ("a", 0)])
        >>> o.destroyed, o.to_json()["poison"]
        (('x', 'y'), {'b': 3})
        """
        return cls(tuple(life), tuple(sorted(lost)), tuple(sorted(destroyed)),
                   tuple((x, n) for x, n in damage if n > 0), tuple(loyalty), tuple(defense), line,
                   tuple(sorted((x, n) for x, n in poison if n > 0)),
                   tuple(sorted((x, n) for x, n in minus_counters if n > 0)), tuple(sorted(returned)))

    @property
    def key(self) -> OutcomeKey:
        """What tells two outcomes apart (docs/results.md: every field but `line`), whatever order
        their mappings list the permanents in.

        >>> a = Outcome.of([("a", 20)], [], [], damage=[("x", 1), ("y", 2)])
        >>> b = Outcome.of([("a", 20)], [], [], damage=[("y", 2), ("x", 1)])
        >>> a == b, a.key == b.key
        (False, True)
        """
        return (self.life, self.lost, self.destroyed, tuple(sorted(self.damage)), tuple(sorted(self.loyalty)),
                tuple(sorted(self.defense)), self.poison, self.minus_counters, self.returned)

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

    >>> Strategy("alice", ({"end": {"lost": ["bob"]}},)).to_json()
    {'player': 'alice', 'tree': [{'end': {'lost': ['bob']}}]}
    """

    player: str
    tree: tuple[JSON, ...]
    interchangeable: tuple[tuple[str, ...], ...] = ()

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

    >>> v = Verdict(False, "lethal: bob", None, Strategy("bob", ({"end": {}},)), (("positions", 3),))
    >>> bool(v), v.proof.player
    (False, 'bob')
    >>> list(v.to_json()), v.to_json()["format"]
    (['holds', 'goal', 'strategy', 'refutation', 'format'], 1)
    >>> v.to_json(stats=True)["stats"]
    {'positions': 3}
    """

    holds: bool
    goal: str
    strategy: Strategy | None
    refutation: Strategy | None
    stats: tuple[tuple[str, int | float], ...] | None = None

    def to_json(self, *, stats: bool = False) -> dict[str, JSON]:
        """``{"holds", "goal", "strategy", "refutation", "format"}``: the document ``pysolver verify
        --json`` prints; with `stats`, the search's figures before `format`, as ``--stats`` adds them
        (the command line then puts its own total in ``seconds``). Without them two runs give the same
        document."""
        d: dict[str, JSON] = {"holds": self.holds, "goal": self.goal,
                              "strategy": self.strategy.to_json() if self.strategy else None,
                              "refutation": self.refutation.to_json() if self.refutation else None}
        if stats and self.stats is not None:
            d["stats"] = {k: v for k, v in self.stats}
        return {**d, "format": FORMAT}

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

