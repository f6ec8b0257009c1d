"""The typed situation model (SPEC §1): players, permanents, declared combat, goal.

All classes are frozen dataclasses so that situations can be hashed and shared
between search states (outcomes and verify explore many of them).

>>> p = Permanent(id="bear", controller="bob", power=2, toughness=2)
>>> p.is_creature, p.face_down
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .abilities import Ability
from .mana import Mana

STEPS = ("first_strike", "regular")


@dataclass(frozen=True)
class Player:
    """A player: name, life total and the mana they may still spend this combat."""

    name: str
    life: int = 20
    mana: Mana = field(default_factory=Mana)
    spent: Mana = field(default_factory=Mana)  # paid so far in this combat (702.37e)


@dataclass(frozen=True)
class Permanent:
    """A permanent as written in the situation (its face-up side when `face_down`).

    Characteristics derived from these fields (708.2a face-down values, counters)
    are computed by ``encodings/characteristics.lp``.
    """

    id: str
    controller: str
    owner: str | None = None
    name: str | None = None
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = None
    abilities: tuple[Ability, ...] = ()
    ability_lines: tuple[str, ...] = ()
    unmodelled: tuple[str, ...] = ()
    plus_counters: int = 0
    minus_counters: int = 0
    damage: int = 0
    tapped: bool = False
    summoning_sick: bool = False
    face_down: bool = False
    left_battlefield: bool = False  # during a combat being explored (704.3, 506.4)

    @property
    def is_creature(self) -> bool:
        """A face-down permanent is a creature (708.2a); otherwise by its card types."""
        return self.face_down or "Creature" in self.types

    def has(self, kind: str) -> bool:
        """Whether the face-up side has an ability of this kind (morph costs matter face down)."""
        return any(a.kind == kind for a in self.abilities)

    def morph_cost(self) -> tuple[str, Mana] | None:
        """('morph' | 'megamorph', cost) if the face-up side has a morph ability (702.37)."""
        for a in self.abilities:
            if a.kind in ("morph", "megamorph"):
                assert isinstance(a.value, Mana)
                return a.kind, a.value
        return None


@dataclass(frozen=True)
class Combat:
    """What has been declared: attacks (attacker, target), blocks (blocker, attacker), the next step."""

    attackers: tuple[tuple[str, str], ...] | None = None
    blockers: tuple[tuple[str, str], ...] | None = None
    damage_step: str | None = None
    assignment: tuple[tuple[str, str, int], ...] | None = None
    first_strikers: tuple[str, ...] | None = None  # creatures that dealt first-strike damage (510.4)


@dataclass(frozen=True)
class Goal:
    """A `verify` goal (SPEC §5): kind is lethal, destroy, survive, all or any."""

    kind: str
    targets: tuple[str, ...] = ()
    parts: tuple["Goal", ...] = ()


@dataclass(frozen=True)
class Situation:
    """One board: players in turn order, the active player, permanents, combat so far."""

    players: tuple[Player, ...]
    active: str
    permanents: tuple[Permanent, ...]
    combat: Combat = field(default_factory=Combat)
    goal: Goal | None = None
    source: str | None = None

    def permanent(self, pid: str) -> Permanent:
        return next(p for p in self.permanents if p.id == pid)

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    @property
    def player_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.players)

    def with_combat(self, **changes: object) -> "Situation":
        """A copy with some combat fields replaced."""
        return replace(self, combat=replace(self.combat, **changes))
