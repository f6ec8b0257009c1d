"""The objective of `pysolver best` (docs/best.md): a lexicographic list of terms read at the end of combat.

A term is written ``max KIND:PLAYER`` or ``min KIND:PLAYER`` (``value`` also ``value:PLAYER:mv`` or
``value:PLAYER:pt``), the same on the command line (``--objective``) and in a situation file's
``objective.terms``:

========================  =====================================================================
``lost:P``                1 if player P lost the game when state-based actions were checked (104.3a-b,
                          704.5a life 0 or less, 704.5c ten or more poison counters), else 0
``life:P``                P's life total at the end of combat
``poison:P``              P's poison counters at the end of combat (122.1f)
``destroyed:P``           how many permanents P controls left the battlefield (as ``outcomes`` lists them
                          in ``destroyed``: died, destroyed, put into a graveyard, 704.5f-i)
``value:P``               the sum of the values of those permanents: each its mana value (202.3) if it
                          states a ``mana_cost``, else its printed power plus toughness
``value:P:mv``            the same with the mana value only (no ``mana_cost``: 0)
``value:P:pt``            the same with printed power plus toughness only (a missing number: 0)
========================  =====================================================================

The terms compare lexicographically: the first that differs decides. One side (``attacker``, the
active player, or ``defender``, the defending players together) makes the objective as large as it
can; the other side plays against it (a zero-sum game).

>>> o = Objective.parse(["max lost:bob", "min life:bob"], "attacker", players=("alice", "bob"))
>>> [str(t) for t in o.terms], o.side
(['max lost:bob', 'min life:bob'], 'attacker')
>>> [str(t) for t in default_objective("defender", "alice", ("alice", "bob")).terms]
['min lost:bob', 'max life:bob', 'min value:bob', 'max value:alice']
>>> Term.parse("most life:bob", ("bob",))
Traceback (most recent call last):
...
ValueError: 'most life:bob': a term is 'max' or 'min' then KIND:PLAYER (lost, life, poison, destroyed, value)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .values import JSON

KINDS = ("lost", "life", "poison", "destroyed", "value")
SENSES = ("max", "min")
MEASURES = ("mv", "pt")  # value:P:mv, value:P:pt; none: mana value if stated, else power + toughness
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Term:
    """One term: `sense` (``max`` or ``min``), `kind` (:data:`KINDS`), `player`, and for ``value`` an
    explicit `measure` (``mv``, ``pt``) or none (mana value when stated, else power + toughness)."""

    sense: str
    kind: str
    player: str
    measure: str | None = None

    @classmethod
    def parse(cls, text: str, players: Sequence[str]) -> Term:
        """``max lost:bob``; ValueError with the reason if it is not a term of these `players`."""
        words = text.split()
        usage = (f"{text!r}: a term is 'max' or 'min' then KIND:PLAYER ({', '.join(KINDS)})")
        if len(words) != 2 or words[0] not in SENSES:
            raise ValueError(usage)
        parts = words[1].split(":")
        if len(parts) not in (2, 3) or parts[0] not in KINDS:
            raise ValueError(usage)
        if len(parts) == 3 and (parts[0] != "value" or parts[2] not in MEASURES):
            raise ValueError(f"{text!r}: only value takes a measure, 'mv' (mana value, 202.3) or 'pt' "
                             "(power + toughness)")
        if parts[1] not in players:
            raise ValueError(f"{text!r}: {parts[1]!r} is not one of the players ({', '.join(players)})")
        return cls(words[0], parts[0], parts[1], parts[2] if len(parts) == 3 else None)

    @property
    def name(self) -> str:
        """The term without its sense: ``life:bob``, ``value:bob:mv``."""
        return ":".join([self.kind, self.player] + ([self.measure] if self.measure else []))

    def __str__(self) -> str:
        return f"{self.sense} {self.name}"

    def flipped(self) -> Term:
        return Term("min" if self.sense == "max" else "max", self.kind, self.player, self.measure)


@dataclass(frozen=True)
class Objective:
    """What `side` plays for: `terms` in priority order; the other side plays against them."""

    terms: tuple[Term, ...]
    side: str

    @classmethod
    def parse(cls, texts: Sequence[str], side: str, players: Sequence[str]) -> Objective:
        """Terms from their texts (:meth:`Term.parse`); ValueError naming the first bad one."""
        if side not in SIDES:
            raise ValueError(f"side {side!r}: one of {', '.join(SIDES)}")
        if not texts:
            raise ValueError("an objective needs at least one term")
        return cls(tuple(Term.parse(t, players) for t in texts), side)

    def to_data(self) -> dict[str, JSON]:
        """The situation file's ``objective`` mapping (docs/situation.md)."""
        return {"side": self.side, "terms": [str(t) for t in self.terms]}


def default_side(attackers_declared: bool, blockers_declared: bool) -> str:
    """The side that makes the next declaration: the attacker before attackers are declared (508.1),
    the defender before blockers are (509.1), then the attacker, who assigns combat damage first (510.1)."""
    return "defender" if attackers_declared and not blockers_declared else "attacker"


def default_objective(side: str, active: str, players: Sequence[str]) -> Objective:
    """The attacker's default: each defending player loses, then the least life for each, then the
    most value of theirs destroyed, then the least of the attacker's own; the defender's is the
    same game from the other side (every sense flipped).

    >>> [str(t) for t in default_objective("attacker", "a", ("a", "b")).terms]
    ['max lost:b', 'min life:b', 'max value:b', 'min value:a']
    """
    defenders = [p for p in players if p != active]
    terms = ([Term("max", "lost", p) for p in defenders] + [Term("min", "life", p) for p in defenders]
             + [Term("max", "value", p) for p in defenders] + [Term("min", "value", active)])
    if side == "defender":
        terms = [t.flipped() for t in terms]
    return Objective(tuple(terms), side)
