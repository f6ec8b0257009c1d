"""Moves of the combat game tree: typed, hashable values in canonical form (docs/results.md).

A move is what one player does at one point of the combat (506.1): declare attackers (508.1),
declare blockers (509.1), turn a face-down permanent face up in a priority window (116.2b,
702.37e), activate a pump ability (602, :mod:`pysolver.rules.pumps`), pass priority (117.3d),
assign one combat damage step's damage (510.1), order triggered abilities (603.3b) or put a death
trigger on the stack with its target (603.3d, 601.2c). Each move
is built in canonical form (pairs and triples sorted), so equal moves compare and hash equal,
and ``to_json()`` gives the docs/results.md form used at the JSON edge.

>>> AttackDeclaration.of([("y", "bob"), ("x", "bob")])
AttackDeclaration(attacks=(('x', 'bob'), ('y', 'bob')))
>>> AttackDeclaration.of([("x", "bob")]).to_json()
{'attacks': [['x', 'bob']]}
>>> DamageAssignment.of("regular", [("x", "y", 2)]).to_json()
{'assignment': [['x', 'y', 2]]}
>>> FaceUp("after_blockers", "akroma", "{3}{R}{R}{R}").to_json()
{'window': 'after_blockers', 'permanent': 'akroma', 'cost': '{3}{R}{R}{R}'}
>>> Activation("after_blockers", "akroma", 3).to_json()
{'window': 'after_blockers', 'permanent': 'akroma', 'times': 3}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Pair = tuple[str, str]
Triple = tuple[str, str, int]


@dataclass(frozen=True)
class AttackDeclaration:
    """The attackers declared (508.1a): ``(attacker, player/planeswalker/battle)`` pairs, sorted.

    >>> AttackDeclaration.of([("y", "bob"), ("x", "bob")]) == AttackDeclaration((("x", "bob"), ("y", "bob")))
    True
    """

    attacks: tuple[Pair, ...] = ()

    @classmethod
    def of(cls, pairs: Iterable[Iterable[str]]) -> AttackDeclaration:
        """From any ``(attacker, target)`` pairs, in any order."""
        return cls(tuple(sorted((str(a), str(t)) for a, t in pairs)))

    @classmethod
    def canonical(cls, pairs: Iterable[Sequence[str]]) -> AttackDeclaration:
        """From pairs of ids already sorted (as :func:`pysolver.rules.declarations.legal_attacks` gives them):
        no sorting, for enumerations of millions."""
        return cls(tuple(map(tuple, pairs)))  # type: ignore[arg-type]  # pairs: (str, str)

    def to_json(self) -> dict[str, list[list[str]]]:
        return {"attacks": list(map(list, self.attacks))}


@dataclass(frozen=True)
class BlockDeclaration:
    """The blockers declared (509.1a): ``(blocker, attacker)`` pairs, sorted.

    >>> BlockDeclaration.of([("wall", "bear")]).to_json()
    {'blocks': [['wall', 'bear']]}
    """

    blocks: tuple[Pair, ...] = ()

    @classmethod
    def of(cls, pairs: Iterable[Iterable[str]]) -> BlockDeclaration:
        """From any ``(blocker, attacker)`` pairs, in any order."""
        return cls(tuple(sorted((str(b), str(a)) for b, a in pairs)))

    @classmethod
    def canonical(cls, pairs: Iterable[Sequence[str]]) -> BlockDeclaration:
        """From pairs of ids already sorted (as :func:`pysolver.rules.declarations.legal_blocks` gives them)."""
        return cls(tuple(map(tuple, pairs)))  # type: ignore[arg-type]  # pairs: (str, str)

    def to_json(self) -> dict[str, list[list[str]]]:
        return {"blocks": list(map(list, self.blocks))}


@dataclass(frozen=True)
class FaceUp:
    """Turning a face-down permanent face up in a priority window, paying its cost (116.2b): its morph,
    megamorph or disguise cost (702.37e, 702.168d) or, `mana_cost`, a manifested or cloaked creature
    card's mana cost (701.40b, 701.58b; written only when true).

    >>> FaceUp("after_blockers", "flock", "{U}").permanent
    'flock'
    >>> FaceUp("after_blockers", "flock", "{2}{U}", mana_cost=True).to_json()["mana_cost"]
    True
    """

    window: str
    permanent: str
    cost: str
    mana_cost: bool = False

    def to_json(self) -> dict[str, str | bool]:
        d: dict[str, str | bool] = {"window": str(self.window), "permanent": self.permanent, "cost": self.cost}
        if self.mana_cost:
            d["mana_cost"] = True
        return d


@dataclass(frozen=True)
class Activation:
    """Activating a pump ability of `permanent` `times` times in a row in a priority window, each
    activation paid (602.2b) and resolved (608.2, both players passing, 117.4) before the next;
    `ability` numbers the permanent's pump abilities from 0 (written only when not 0). `pay_with`: the
    permanents its cost sacrifices or taps ("Sacrifice an artifact", "Tap an untapped creature you
    control", 601.2h), sorted, for one activation (written only when not empty).

    >>> Activation("after_blockers", "atog", pay_with=("relic",)).to_json()
    {'window': 'after_blockers', 'permanent': 'atog', 'times': 1, 'pay_with': ['relic']}
    """

    window: str
    permanent: str
    times: int = 1
    ability: int = 0
    pay_with: tuple[str, ...] = ()

    def to_json(self) -> dict[str, str | int | list[Any]]:
        d: dict[str, str | int | list[Any]] = {"window": str(self.window), "permanent": self.permanent,
                                               "times": self.times}
        if self.ability:
            d["ability"] = self.ability
        if self.pay_with:
            d["pay_with"] = list(self.pay_with)
        return d


@dataclass(frozen=True)
class AbilityActivation:
    """Activating one activated ability that acts in combat (:mod:`pysolver.rules.activated`, 602.2) of
    `permanent` once in a priority window: its `kind` (``tap_target``, ``target_cant_block``,
    ``target_unblockable``, ``target_evades``, ``target_pump``, ``tap_pump``, ``untap_target``; of "you may tap or
    untap", the one chosen; ``ping``, ``ping_each``: damage,
    :mod:`pysolver.rules.pingers`), its `target` chosen (601.2c, 115.1, 115.4: a player too;
    empty if it has none). If the target has ward (702.21a) and is the activating player's
    opponent's, `ward_paid` says whether they pay the ward cost (if not, the ability is countered,
    its costs paid); else it is None. `ability` numbers the permanent's such abilities from 0
    (written only when not 0). `pay_with`: the permanents its cost sacrifices or taps ("Sacrifice a
    creature", "Tap an untapped Soldier you control", 601.2h), sorted (written only when not empty). `x`: the
    value chosen for X ("{X}…: ~ deals X damage", 107.3, 601.2b; written only for such an ability).

    >>> AbilityActivation("after_attackers", "sentry", "tap_target", "bear").to_json()
    {'window': 'after_attackers', 'permanent': 'sentry', 'times': 1, 'kind': 'tap_target', 'target': 'bear'}
    """

    window: str
    permanent: str
    kind: str
    target: str = ""
    ward_paid: bool | None = None
    ability: int = 0
    pay_with: tuple[str, ...] = ()
    x: int | None = None

    times = 1  # one activation (as Activation.times counts them)

    def to_json(self) -> dict[str, str | int | bool | list[Any]]:
        d: dict[str, str | int | bool | list[Any]] = {"window": str(self.window), "permanent": self.permanent,
                                                      "times": 1, "kind": self.kind}
        if self.ability:
            d["ability"] = self.ability
        if self.target:
            d["target"] = self.target
        if self.ward_paid is not None:
            d["ward_paid"] = self.ward_paid
        if self.pay_with:
            d["pay_with"] = list(self.pay_with)
        if self.x is not None:
            d["x"] = self.x
        return d


@dataclass(frozen=True)
class Pass:
    """A player passing priority in a window (117.3d); the window closes when all pass in
    succession (117.4).

    >>> Pass("after_attackers", "alice").to_json()
    {'window': 'after_attackers', 'pass': 'alice'}
    """

    window: str
    player: str

    def to_json(self) -> dict[str, str]:
        return {"window": str(self.window), "pass": self.player}


@dataclass(frozen=True)
class DamageAssignment:
    """One combat damage step's assignment (510.1): ``(source, recipient, amount)``, amounts
    positive, sorted.

    >>> DamageAssignment.of("regular", [("x", "bob", 2), ("x", "y", 0)])
    DamageAssignment(step='regular', assignment=(('x', 'bob', 2),))
    """

    step: str
    assignment: tuple[Triple, ...] = ()

    @classmethod
    def of(cls, step: str, triples: Iterable[tuple[str, str, int]]) -> DamageAssignment:
        return cls(step, tuple(sorted((str(s), str(r), int(n)) for s, r, n in triples if int(n) > 0)))

    def to_json(self) -> dict[str, list[list[str | int]]]:
        return {"assignment": [list(t) for t in self.assignment]}


@dataclass(frozen=True)
class Trigger:
    """A triggered ability waiting on the stack (603.3, :mod:`pysolver.rules.triggers`): its `kind`
    (``flanking``, ``afflict``, ``rampage``, ``dies_damage``, ``dies_each_opponent``, ``provoke``, the
    combat-damage triggers ``hit_*``), its `source`, its `target` (the blocker, the defending player,
    the chosen target of a death or provoke trigger, 601.2c via 603.3d; none for rampage, "each
    opponent" and a provoke with no target, 702.39a; for a combat-damage trigger what it names, fixed
    as it triggered, 510.3a: the source its counters go on, the player who loses or gains life, the
    creature destroyed) and its N (`amount`; 0 for provoke and "destroy"). A death, provoke or
    combat-damage trigger also carries its `controller` (603.3a), a death or provoke trigger its
    source's last known information (`lki`, 113.7a, 608.2h: the abilities and qualities its damage
    and targeting read, as ASP terms; for provoke the source's id, which tells the triggers of
    different attackers apart). An activated damage ability waits on the stack the same way (602.2,
    405.1; kind ``ping`` or ``ping_each``, :mod:`pysolver.rules.pingers`): its chosen target, its N,
    its controller, its source's information and which of the source's abilities it is (`ability`)."""

    kind: str
    source: str
    target: str = ""
    amount: int = 0
    controller: str = field(default="", repr=False)
    lki: tuple[str, ...] = field(default=(), repr=False)
    ability: int = field(default=0, repr=False)

    @property
    def effect(self) -> tuple[str, str, int]:
        """What it does as it resolves: abilities with equal effects are interchangeable on the stack."""
        if self.kind in ("dies_create", "other_dies_create", "other_dies_pump", "create_tokens", "dies_return_exiled",
                         "dies_return_exiled_to_hand"):
            # 111.1: its tokens are its source's (rules.tokens); a watcher's +X/+Y and keywords are its ability's;
            # 607.2a: the cards it returns are those exiled with its source (rules.exiled)
            return (self.kind, self.source, self.ability)
        if self.kind in DEATH_TRIGGERS:  # the source's last known information deals the damage (608.2h)
            return (self.kind, f"{self.target}:{','.join(self.lki)}", self.amount)
        return (self.kind, self.source if self.kind == "rampage" else self.target, self.amount)

    def to_json(self) -> dict[str, str | int]:
        return {"kind": self.kind, "source": self.source, "target": self.target, "amount": self.amount}


# 603.10a: put on the stack by a TargetChoice; the "other_dies" ones watch other creatures die (603.6c)
DEATH_TRIGGERS = ("dies_damage", "dies_each_opponent", "dies_loss", "dies_gain", "other_dies_counter",
                  "other_dies_loss", "other_dies_gain", "dies_minus", "dies_counters", "dies_minus_counters",
                  "dies_all_loss", "other_dies_untap", "other_dies_tap", "other_dies_damage", "other_dies_drain",
                  "other_dies_target_loss", "dies_create", "dies_target_loss",
                  "other_dies_drain_each", "other_dies_create", "dies_destroy_all", "other_dies_pump",
                  "dies_return_exiled", "dies_return_exiled_to_hand")


@dataclass(frozen=True)
class TargetChoice:
    """Putting one death or provoke trigger on the stack (603.3): its controller puts theirs in the order they
    choose (603.3b; APNAP: the active player's first, so they resolve last) and chooses its target as
    they do (603.3d, 601.2c); `trigger` has the target chosen (none for "each opponent").

    >>> TargetChoice(Trigger("dies_damage", "imp", "bob", 2, "alice")).to_json()
    {'kind': 'dies_damage', 'source': 'imp', 'target': 'bob', 'amount': 2}
    """

    trigger: Trigger

    def to_json(self) -> dict[str, str | int]:
        return self.trigger.to_json()


@dataclass(frozen=True)
class TriggerOrder:
    """The order the active player puts their triggered abilities on the stack in (603.3b), given
    as the order they resolve in (the last put on resolves first, 405.2, 608.1).

    >>> TriggerOrder((Trigger("afflict", "x", "bob", 2),)).to_json()
    {'triggers': [{'kind': 'afflict', 'source': 'x', 'target': 'bob', 'amount': 2}]}
    """

    resolves: tuple[Trigger, ...]

    def to_json(self) -> dict[str, list[dict[str, str | int]]]:
        return {"triggers": [t.to_json() for t in self.resolves]}


Move = (AttackDeclaration | BlockDeclaration | FaceUp | Activation | AbilityActivation | Pass | DamageAssignment
        | TriggerOrder | TargetChoice)


def label(m: Move) -> dict[str, Any]:
    """A move as `verify`'s proofs and `best`'s lines show it (docs/results.md): a face-up turn as
    ``turn_face_up`` (a pass as ``[]``), a damage half as ``assign`` with its ``step``."""
    if isinstance(m, FaceUp):  # for its mana cost: a manifested or cloaked creature (701.40b, 701.58b)
        return {"turn_face_up": [m.permanent], **({"mana_cost": True} if m.mana_cost else {})}
    if isinstance(m, (Activation, AbilityActivation)):  # 602.2: activated by the player with priority (117.3c)
        return {"activate": {k: v for k, v in m.to_json().items() if k != "window"}}
    if isinstance(m, Pass):
        return {"turn_face_up": []}
    if isinstance(m, DamageAssignment):
        return {"assign": [list(t) for t in m.assignment], "step": m.step}
    if isinstance(m, TargetChoice):  # 603.3b, 603.3d: by the trigger's controller
        return {"put_trigger": m.to_json()}
    return m.to_json()
