"""Every legal combat damage assignment of the next combat damage step, by generate-and-test.

Plain Python, independent of the ASP encodings (input: the typed model, read through
:mod:`reference.characteristics`). Nothing is clever:

1. find the creatures that assign combat damage in this step (510.4, 702.7b, 702.4b, 510.1a);
2. for each, the objects it could possibly assign damage to (510.1b-d, 506.4c, 509.1h,
   702.19b-f);
3. generate every way each of them could split its power among its possible recipients;
4. keep the combinations that break none of the checks of :func:`assignment_violations`
   (510.1a-d, 702.19b lethal damage first, 702.2c deathtouch, 702.19c loyalty first; a blocked creature
   that may assign "as though it weren't blocked" assigns either so, 510.1b, or as blocked, 510.1c).

Since the 2024 rules change there is no damage assignment order: a blocked creature divides
its damage among its blockers freely (510.1c); only trample ties what goes to the player,
planeswalker or battle to lethal damage on the blockers.

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3, "abilities": ["Trample"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 2}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
>>> sorted(sorted(a) for a in reference_assignments(s))  # doctest: +NORMALIZE_WHITESPACE
[[('x', 'b', 1), ('x', 'y', 2), ('y', 'x', 1)], [('x', 'y', 3), ('y', 'x', 1)]]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

from pysolver.model import Situation

from .characteristics import Characteristics, battlefield

Triple = tuple[str, str, int]
Assignment = frozenset[Triple]
Field = dict[str, Characteristics]


@dataclass(frozen=True)
class Combat:
    """Who is in combat right now (506.4: permanents that left the battlefield are not).

    ``attacks``: each attacking creature still on the battlefield -> what it was declared to
    attack (a player, planeswalker or battle, maybe gone since, 506.4c). ``blocked``: the
    attackers that became blocked (509.1h: they stay blocked even if all their blockers left).
    ``blocks``: (blocker, attacker) pairs of blocking creatures still on the battlefield.
    """

    attacks: dict[str, str]
    blocked: frozenset[str]
    blocks: frozenset[tuple[str, str]]

    def blockers_of(self, attacker: str) -> list[str]:
        return sorted(b for b, a in self.blocks if a == attacker)

    def blocked_by(self, blocker: str) -> list[str]:
        return sorted(a for b, a in self.blocks if b == blocker)

    @property
    def creatures(self) -> set[str]:
        return set(self.attacks) | {b for b, _ in self.blocks}


def combat_now(s: Situation, field: Field) -> Combat:
    """The combat of ``s`` (declared attackers and blockers) as it stands on ``field``."""
    assert s.combat.attackers is not None and s.combat.blockers is not None
    # 506.4, 701.19a: a creature regenerated in an earlier step is removed from combat
    here = {pid for pid, c in field.items() if c.is_creature and not s.permanent(pid).removed_from_combat}
    attacks = {a: t for a, t in s.combat.attackers if a in here}
    blocked = frozenset(a for _, a in s.combat.blockers if a in attacks)
    blocks = frozenset((b, a) for b, a in s.combat.blockers if b in here)
    return Combat(attacks, blocked, blocks)


def fast(c: Characteristics) -> bool:
    """702.7b, 702.4b: first strike or double strike."""
    return c.has("first_strike") or c.has("double_strike")


def next_step(s: Situation, field: Field) -> str:
    """510.4: a first-strike combat damage step if an attacking or blocking creature has first
    strike or double strike as the combat damage step begins, else the regular one;
    ``combat.damage_step: regular`` says the situation is already past the first-strike step."""
    if s.combat.damage_step == "regular":
        return "regular"
    return "first_strike" if any(fast(field[c]) for c in combat_now(s, field).creatures) else "regular"


def dealers(s: Situation, field: Field, step: str, first_strikers: frozenset[str] | None) -> list[str]:
    """The creatures that assign combat damage in this step (510.4).

    First-strike step: those with first strike or double strike. Regular step: the remaining
    attackers and blockers that had neither ability as the first-strike step began
    (``first_strikers`` are those that had one; None: no record, so those that have first strike
    or double strike now are taken to have had it), and those that have double strike now.
    """
    creatures = sorted(combat_now(s, field).creatures)
    if step == "first_strike":
        return [c for c in creatures if fast(field[c])]
    if first_strikers is None:
        first_strikers = frozenset(c for c in creatures if fast(field[c]))
    return [c for c in creatures if c not in first_strikers or field[c].has("double_strike")]


def is_planeswalker(s: Situation, pid: str) -> bool:
    """Whether `pid` is (or, if it left the battlefield, was) a planeswalker."""
    if pid in s.player_names:
        return False
    p = s.permanent(pid)
    return "Planeswalker" in p.types and not p.face_down


def tramples(c: Characteristics) -> bool:
    """702.19c: trample over planeswalkers is a variant of trample."""
    return c.has("trample") or c.has("trample_over_planeswalkers")


def recipients(s: Situation, field: Field, combat: Combat, source: str) -> list[str]:
    """Everything `source` could possibly assign some of its damage to in this step."""
    c = field[source]
    if source in combat.attacks:
        target = combat.attacks[source]
        target_here = target in s.player_names or target in field  # 506.4c
        out: list[str] = []
        if source in combat.blocked:
            out += combat.blockers_of(source)  # 510.1c (none left: nothing, unless trample)
            if (tramples(c) or c.has("as_unblocked")) and target_here:
                out.append(target)  # 702.19b, 702.19d; 510.1b: as though it weren't blocked
        elif target_here:
            out.append(target)  # 510.1b (attacking nothing any more: no damage, 506.4c)
        if c.has("trample_over_planeswalkers") and is_planeswalker(s, target):
            out.append(s.permanent(target).controller)  # 702.19c, 702.19e
        return out
    # 510.1d: a blocking creature assigns its damage to the creatures it blocks (still in combat).
    return [a for a in combat.blocked_by(source) if a in combat.attacks]


def splits(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as an ordered sum of `parts` non-negative numbers."""
    if parts == 0:
        return
    for cut in itertools.combinations(range(total + parts - 1), parts - 1):
        bounds = (-1, *cut, total + parts - 1)
        yield tuple(bounds[i + 1] - bounds[i] - 1 for i in range(parts))


def assigned_power(s: Situation, field: Field, source: str) -> int:
    """510.1a: the combat damage `source` assigns, its power; none if a resolved effect says it assigns no combat
    damage this turn (611.2a)."""
    return 0 if s.permanent(source).assigns_no_combat_damage else field[source].power or 0


def candidates(s: Situation, field: Field, step: str,
               first_strikers: frozenset[str] | None) -> list[list[tuple[Triple, ...]]]:
    """For each creature dealing damage in this step, every split of its power (510.1a: 0 or
    less: it assigns none) among every object it could possibly assign damage to."""
    combat = combat_now(s, field)
    options = []
    for source in dealers(s, field, step, first_strikers):
        power = assigned_power(s, field, source)
        rs = recipients(s, field, combat, source)
        if power <= 0 or not rs:
            continue
        options.append([tuple((source, r, n) for r, n in zip(rs, amounts) if n > 0)
                        for amounts in splits(power, len(rs))])
    return options


def lethal_assigned(field: Field, assignment: Assignment, creature: str) -> bool:
    """702.19b, 120.6, 702.2c: the creature has been assigned lethal damage: damage already
    marked plus damage assigned to it by every creature in this step at least its toughness
    (prevention ignored), or any nonzero damage from a source with deathtouch."""
    c = field[creature]
    assigned = sum(n for _, r, n in assignment if r == creature)
    if c.damage + assigned >= c.toughness:
        return True
    return any(r == creature and n > 0 and field[src].has("deathtouch") for src, r, n in assignment)


def assignment_violations(s: Situation, field: Field, step: str, first_strikers: frozenset[str] | None,
                          assignment: Assignment) -> list[tuple[str, tuple]]:
    """Every rule the assignment breaks, as (rule, objects)."""
    combat = combat_now(s, field)
    out: list[tuple[str, tuple]] = []
    dealing = dealers(s, field, step, first_strikers)
    for src, r, n in sorted(assignment):
        if src not in dealing:
            out.append(("510.4", (src,)))
        elif r not in recipients(s, field, combat, src):
            out.append(("510.1", (src, r)))
        if n <= 0:
            out.append(("510.1a", (src, r, n)))
    for src in dealing:
        power = assigned_power(s, field, src)
        total = sum(n for x, _, n in assignment if x == src)
        if recipients(s, field, combat, src) and power > 0 and total != power:
            out.append(("510.1a", (src, total)))
    for src, r, _n in sorted(assignment):
        if src not in combat.attacks or r in combat.blockers_of(src):
            continue
        blockers = combat.blockers_of(src)
        if src in combat.blocked and field[src].has("as_unblocked") and not any(
                x == src and b in blockers for x, b, _ in assignment):
            blockers = []  # 510.1b: assigned as though it weren't blocked: no lethal damage first
        elif not tramples(field[src]):
            if src in combat.blocked and field[src].has("as_unblocked"):
                out.append(("510.1c", (src, r)))  # both as though it weren't blocked and as blocked
            continue
        # 702.19b: to the player, planeswalker or battle only once every blocker has lethal damage.
        for b in blockers:
            if not lethal_assigned(field, assignment, b):
                out.append(("702.19b", (src, r, b)))
        # 702.19c: to the planeswalker's controller only once damage at least equal to its loyalty
        # has been assigned to the planeswalker (by any creature); 702.19e: not if it has left.
        target = combat.attacks[src]
        if r in s.player_names and is_planeswalker(s, target) and target in field:
            if sum(m for _, x, m in assignment if x == target) < (field[target].loyalty or 0):
                out.append(("702.19c", (src, r, target)))
    return out


def step_assignments(s: Situation, field: Field, step: str,
                     first_strikers: frozenset[str] | None) -> set[Assignment]:
    """Every legal assignment of combat damage step `step` on `field` (the permanents still on the
    battlefield, by id), for the declared attackers and blockers of ``s.combat``."""
    legal = set()
    for combo in itertools.product(*candidates(s, field, step, first_strikers)):
        assignment = frozenset(t for part in combo for t in part)
        if not assignment_violations(s, field, step, first_strikers, assignment):
            legal.add(assignment)
    return legal


def reference_assignments(s: Situation) -> set[Assignment]:
    """Every legal combat damage assignment of the next damage step of ``s`` (docs/results.md `damage`),
    after the state-based actions on the starting situation (docs/situation.md)."""
    field = battlefield(s)
    first = frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None
    return step_assignments(s, field, next_step(s, field), first)


def closed_form_count(s: Situation) -> int | None:
    """The number of legal assignments by a formula, for any power, when no two sources' amounts
    are tied together: no blocker is assigned damage by two creatures, and no trampler over
    planeswalkers attacks a planeswalker still on the battlefield (702.19c) — else None.

    Each source splits its power P among its k recipients in C(P+k-1, k-1) ways (510.1a-d). A
    trampler with b blockers, some still needing damage n_i (1 with deathtouch, 702.2c), and e other
    recipients (702.19b): the splits giving those nothing, C(P+b-1, b-1), plus those giving each
    blocker at least its n_i and the others something: with Q = P - sum(n_i),
    C(Q+b+e-1, b+e-1) - C(Q+b-1, b-1) (all splits of Q, less those with nothing beyond the blockers).
    Independent sources multiply.

    >>> from pysolver import load_data
    >>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 1000, "toughness": 3, "abilities": ["Trample"]}]
    ...     + [{"id": f"y{i}", "controller": "b", "power": 0, "toughness": 2} for i in range(5)],
    ...     "combat": {"attackers": {"x": "b"}, "blockers": {f"y{i}": ["x"] for i in range(5)}}})
    >>> closed_form_count(s)
    8047334956199
    """
    field = battlefield(s)
    step = next_step(s, field)
    first = frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None
    combat = combat_now(s, field)
    givers: dict[str, int] = {}
    total = 1
    for source in dealers(s, field, step, first):
        power = assigned_power(s, field, source)
        rs = recipients(s, field, combat, source)
        if power <= 0 or not rs:
            continue
        for r in rs:
            givers[r] = givers.get(r, 0) + 1
        target = combat.attacks.get(source)
        if field[source].has("trample_over_planeswalkers") and target in field and is_planeswalker(s, target):
            return None
        if source in combat.blocked and field[source].has("as_unblocked"):
            return None  # (510.1b: two modes, not this formula)
        if source not in combat.attacks or not tramples(field[source]):
            total *= comb(power + len(rs) - 1, len(rs) - 1)
            continue
        blockers = combat.blockers_of(source)
        needs = [field[b].toughness - field[b].damage for b in blockers]  # 0 or less: already lethal
        needs = [min(n, 1) if field[source].has("deathtouch") else n for n in needs if n > 0]
        b, e = len(needs), len(rs) - len(blockers)
        if not b or not e:
            total *= comb(power + len(rs) - 1, len(rs) - 1)
            continue
        q = power - sum(needs)  # blockers already lethal take any amount either way
        total *= comb(power + len(blockers) - 1, len(blockers) - 1) + (
            comb(q + len(rs) - 1, len(rs) - 1) - comb(q + len(blockers) - 1, len(blockers) - 1) if q >= 0 else 0)
    if any(n > 1 for r, n in givers.items() if r in field and field[r].is_creature and r not in combat.attacks):
        return None
    return total
