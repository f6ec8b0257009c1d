"""Every legal declaration of attackers (508.1) and blockers (509.1), by generate-and-test.

Plain Python, independent of the ASP encodings. Each rule is one check with its
rule number; nothing is clever:

1. generate every candidate declaration;
2. keep those that break no restriction (508.1a-c, 509.1a-b and the docs/abilities.md lines);
3. keep those obeying the maximum number of requirements (508.1d, 509.1c).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Menace"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1},
...                    {"id": "z", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> sorted(sorted(d) for d in reference_blocks(s))
[[], [('y', 'x'), ('z', 'x')]]
>>> sorted(sorted(d) for d in reference_attacks(s))
[[], [('x', 'b')]]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from pysolver.model import Situation

from .characteristics import Characteristics, battlefield
from .statics import is_object

Pair = tuple[str, str]
Declaration = frozenset[Pair]
Violation = tuple[str, str, tuple[str, ...]]  # (rule, kind, objects)

COLORS = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d, 509.1c): `obeyed` tells whether a declaration obeys it."""

    rule: str
    kind: str
    objects: tuple[str, ...]
    obeyed: Callable[[Declaration], bool]


def subsets(items: Iterable) -> Iterator[tuple]:
    """Every subset of `items`, the empty one first."""
    items = list(items)
    return itertools.chain.from_iterable(itertools.combinations(items, n) for n in range(len(items) + 1))


def keep_most_obeyed(legal: list[Declaration], requirements: list[Requirement]) -> set[Declaration]:
    """508.1d / 509.1c: a declaration obeying fewer requirements than the maximum possible number
    that could be obeyed without disobeying any restriction is illegal. Two instances of the same
    requirement ability are two abilities (113.2c), so two requirements."""
    def obeyed(d: Declaration) -> int:
        return sum(1 for r in requirements if r.obeyed(d))
    best = max((obeyed(d) for d in legal), default=0)
    return {d for d in legal if obeyed(d) == best}


# ==== Attacks (508.1) =====================================================================

def attack_targets(s: Situation, field: dict[str, Characteristics]) -> dict[str, str]:
    """What the active player's creatures may attack, with the defending player each belongs to.

    506.2, 508.1b: an opponent, a planeswalker an opponent controls, a battle an opponent
    protects (310.8b: a battle's protector can never attack it; a Siege battle can be attacked
    by its own controller). 802.2, 802.3: in a multiplayer game every opponent is a defending
    player (attack multiple players option).
    """
    targets = {}
    for p in s.players:
        if p.name != s.active:
            targets[p.name] = p.name
    for c in field.values():
        if c.is_planeswalker and c.controller != s.active:
            targets[c.id] = c.controller
        if c.is_battle and c.protector is not None and c.protector != s.active:
            targets[c.id] = c.protector
    return targets


def attack_violations(s: Situation, field: dict[str, Characteristics], decl: Declaration) -> list[Violation]:
    """Every restriction a declaration of attackers breaks (508.1a-c, 302.6, 702.3b)."""
    out: list[Violation] = []
    targets = attack_targets(s, field)
    attackers = [a for a, _ in decl]
    for a in sorted(set(attackers)):
        if attackers.count(a) > 1:  # 508.1b: each chosen creature attacks one player/planeswalker/battle
            out.append(("508.1b", "attacks_twice", (a,)))
    for a, target in sorted(decl):
        c = field.get(a)
        if c is None or not c.is_creature or c.controller != s.active:
            out.append(("508.1a", "not_active_creature", (a,)))  # 506.3, 508.1a
            continue
        if c.tapped:
            out.append(("508.1a", "tapped", (a,)))
        if c.is_battle:
            out.append(("508.1a", "battle_attacks", (a,)))
        if c.summoning_sick and not c.has("haste"):
            out.append(("302.6", "summoning_sick", (a,)))  # 702.10b haste
        if c.has("defender") and not (c.has("attacks_despite_defender") or c.attacks_despite_defender_this_turn):
            # 609.4: "as though it didn't have defender"; 702.3b: until end of turn (reference.outcomes)
            out.append(("702.3b", "defender", (a,)))
        for kind in ("cant_attack", "cant_attack_or_block"):  # 508.1c (also granted while a condition fails)
            if c.has(kind):
                out.append(("508.1c", kind, (a,)))
        if target not in targets:
            out.append(("508.1b", "not_attackable", (a, target)))
            continue
        defending = defending_player(s, target)
        if any(not controls(field, defending, obj) for obj in c.values("attacks_only_if")):
            # 508.1c: "~ can't attack unless defending player controls an Island"
            out.append(("508.1c", "attacks_only_if", (a, target)))
        if c.has("attacks_only_if_poisoned") and s.player(defending).poison == 0:  # 122.1f: poisoned
            out.append(("508.1c", "attacks_only_if_poisoned", (a, target)))
        if c.has("attacks_if_more") and creatures_of(field, c.controller) <= creatures_of(field, defending):
            out.append(("508.1c", "attacks_if_more", (a, target)))
        for S in field.values():  # 508.1c: "Creatures can't attack you" (the player, not a planeswalker)
            if S.has("cant_attack_you") and target == S.controller:
                out.append(("508.1c", "cant_attack_you", (a, target, S.id)))
    return out


def creatures_of(field: dict[str, Characteristics], player: str) -> int:
    """How many creatures `player` controls on the battlefield."""
    return sum(1 for c in field.values() if c.is_creature and c.controller == player)


def controls(field: dict[str, Characteristics], player: str, obj: object) -> bool:
    """Whether `player` controls a permanent of the (kind, quality) `obj` ("an Island", "an artifact")."""
    kind, quality = obj  # type: ignore[misc]
    return any(c.controller == player and is_object(c, kind, quality) for c in field.values())


def attack_requirements(s: Situation, field: dict[str, Characteristics]) -> list[Requirement]:
    """508.1d: "This creature attacks each combat if able", one requirement per instance."""
    out = []
    for c in field.values():
        if c.is_creature and c.controller == s.active:
            for _ in range(c.instances("attacks_each_combat")):
                out.append(Requirement("508.1d", "attacks", (c.id,),
                                       lambda d, a=c.id: any(x == a for x, _ in d)))
    return out


def reference_attacks(s: Situation) -> set[Declaration]:
    """Every legal declaration of attackers for the board as it stands (combat is ignored)."""
    field = battlefield(s)
    mine = sorted(c.id for c in field.values() if c.is_creature and c.controller == s.active)
    # Candidate targets: every player and every planeswalker or battle, attackable or not.
    anything = [p.name for p in s.players] + sorted(
        c.id for c in field.values() if c.is_planeswalker or c.is_battle)
    options = [[None, *anything] for _ in mine]
    legal = []
    for choice in itertools.product(*options):
        decl = frozenset((a, t) for a, t in zip(mine, choice) if t is not None)
        if not attack_violations(s, field, decl):
            legal.append(decl)
    return keep_most_obeyed(legal, attack_requirements(s, field))


# ==== Blocks (509.1) ======================================================================

def defending_player(s: Situation, target: str) -> str:
    """The defending player of a creature attacking `target` (506.2, 802.2a, 310.8d).

    The player attacked, the controller of the planeswalker attacked, the protector of the
    battle attacked. If that planeswalker or battle has left the battlefield, the creature is
    still attacking (506.4c: "It may be blocked") and its defending player is the one it was
    attacking before (802.2a).
    """
    if target in s.player_names:
        return target
    p = s.permanent(target)
    if "Battle" in p.types and p.protector is not None:
        return p.protector
    return p.controller


def attacking(s: Situation, field: dict[str, Characteristics]) -> dict[str, str]:
    """The attacking creatures of ``combat.attackers`` still in combat -> their defending player.

    506.4: a permanent that leaves the battlefield (here: by the starting state-based actions)
    or stops being a creature is removed from combat; it is no longer an attacking creature.
    """
    assert s.combat.attackers is not None, "blocks need declared attackers"
    return {a: defending_player(s, t) for a, t in s.combat.attackers
            if a in field and field[a].is_creature}


def defending_lands(field: dict[str, Characteristics], player: str) -> set[str]:
    """The land types among the lands `player` controls (for landwalk, 702.14c)."""
    return {t for c in field.values() if c.is_land and c.controller == player for t in c.subtypes}


def has_quality(blocker: Characteristics, quality: tuple[str, str | None]) -> bool:
    """Whether the blocker has a protection quality (702.16a, f, h-k)."""
    kind, arg = quality
    colors = blocker.colors
    if kind == "color":
        return arg in colors
    if kind == "each_color":  # 702.16h: protection from white, from blue, ... (any colored object)
        return len(colors) > 0
    if kind == "everything":  # 702.16j: can't be blocked by creatures
        return True
    if kind == "creatures":
        return blocker.is_creature
    if kind == "artifacts":
        return blocker.is_artifact
    if kind == "multicolored":  # 105.4
        return len(colors) >= 2
    if kind == "monocolored":  # 105.4
        return len(colors) == 1
    if kind == "colorless":  # 105.2c
        return len(colors) == 0
    if kind == "player":  # 702.16k: can't be blocked by creatures that player controls
        return blocker.controller == arg
    if kind == "creature_type":  # 702.16a: permanents with that subtype (a face-down one has none)
        return arg in blocker.subtypes
    raise AssertionError(f"unknown protection quality {quality}")


def pair_violations(s: Situation, field: dict[str, Characteristics], attackers: dict[str, str],
                    b: str, a: str) -> list[Violation]:
    """Why blocker `b` may not block attacker `a` at all (509.1a, 509.1b and evasion rules)."""
    out: list[Violation] = []
    B, A = field[b], field[a]
    objs = (b, a)
    if B.controller != attackers[a]:
        # 509.1a, 802.4a: only an attacker attacking that player, a planeswalker they control or a
        # battle they protect (310.8c).
        out.append(("509.1a", "not_defending", objs))
    if B.tapped:
        out.append(("509.1a", "tapped_blocker", objs))
    if B.is_battle:
        out.append(("509.1a", "battle_blocks", objs))
    if A.has("flying") and not (B.has("flying") or B.has("reach")):
        out.append(("702.9b", "flying", objs))  # 702.17b reach
    for q in A.protections():
        if has_quality(B, q):
            out.append(("702.16f", "protection", objs))
    if A.has("fear") and not (B.is_artifact or "black" in B.colors):
        out.append(("702.36b", "fear", objs))
    if A.has("intimidate") and not (B.is_artifact or A.colors & B.colors):
        out.append(("702.13b", "intimidate", objs))
    # "~ can block creatures with shadow as though ~ had shadow" / "as though they didn't have shadow"
    if A.has("shadow") and not B.has("shadow") and not B.has("blocks_shadow") and not B.has("ignores_shadow"):
        out.append(("702.28b", "shadow", objs))
    if B.has("shadow") and not A.has("shadow"):
        out.append(("702.28b", "blocker_shadow", objs))
    if B.has("shadow") and A.has("shadow") and B.has("ignores_shadow"):  # A is one without shadow to B
        out.append(("702.28b", "ignored_shadow", objs))
    if A.has("horsemanship") and not B.has("horsemanship"):
        out.append(("702.31b", "horsemanship", objs))
    if A.has("skulk") and B.power > A.power:
        out.append(("702.118b", "skulk", objs))
    for land_type in A.values("landwalk"):
        # 702.14c, 802.2a: the defending player of this attacker controls a land of that type.
        if land_type in defending_lands(field, attackers[a]):
            out.append(("702.14c", "landwalk", objs))
    if any(controls(field, attackers[a], obj) for obj in A.values("unblockable_if")):
        # 509.1b: "~ can't be blocked as long as defending player controls an artifact"
        out.append(("509.1b", "unblockable_if", objs))
    if B.has("cant_block") or B.cant_block_this_turn:  # 509.1b, and the effect of reference.activated
        out.append(("509.1b", "cant_block", objs))
    if A.has("unblockable_alone") and sum(1 for x in attackers if not s.permanent(x).removed_from_combat) == 1:
        out.append(("509.1b", "unblockable_alone", objs))  # 506.5: no other creature is attacking (506.4)
    if B.has("blocks_if_more") and creatures_of(field, B.controller) <= creatures_of(field, s.active):
        out.append(("509.1b", "blocks_if_more", objs))
    if B.has("cant_attack_or_block"):  # 509.1b
        out.append(("509.1b", "cant_attack_or_block", objs))
    if B.has("unleash") and B.counters(1, 1) > 0:  # 702.98a: as long as it has a +1/+1 counter (704.5q)
        out.append(("702.98a", "unleash", objs))
    if any(satisfies(A, q, B) for q in B.values("cant_block_creatures")):  # 509.1b: "~" is the blocker
        out.append(("509.1b", "cant_block_creatures", objs))
    if A.has("cant_be_blocked") or A.cant_be_blocked_this_turn:  # 509.1b, and reference.activated's effect
        out.append(("509.1b", "cant_be_blocked", objs))
    if B.has("block_only_flyers") and not A.has("flying"):
        out.append(("509.1b", "block_only_flyers", objs))
    # 509.1b, restrictions over creature qualities: on the attacker ("~" is the attacker) ...
    evades = A.cant_be_blocked_by_power_this_turn  # 509.1b: "… by creatures with power N or less this turn"
    if any(satisfies(B, q, A) for q in A.values("not_blocked_by")) or (
            evades is not None and B.power is not None and B.power <= evades):
        out.append(("509.1b", "not_blocked_by", objs))
    if any(not satisfies(B, q, A) for q in A.values("blocked_only_by")):
        out.append(("509.1b", "blocked_only_by", objs))
    # ... and static effects of any permanent S on the battlefield ("~" is S; face down it has none).
    for S in field.values():
        for scope, q in S.values("creatures_cant_block"):  # type: ignore[misc]
            if in_scope(B, scope, S) and satisfies(B, q, S):
                out.append(("509.1b", "creatures_cant_block", objs))
        for scope, q in S.values("creatures_cant_be_blocked"):  # type: ignore[misc]
            if in_scope(A, scope, S) and satisfies(A, q, S):
                out.append(("509.1b", "creatures_cant_be_blocked", objs))
    return out


def satisfies(x: Characteristics, quality: object, source: Characteristics) -> bool:
    """Whether creature `x` has a creature quality (the tuples of pysolver.model.abilities) of an ability of
    `source`: its color (105.2), a keyword, its power or toughness compared with a number, with its own
    other value or with the source's (a source that is not a creature has no such value)."""
    assert isinstance(quality, tuple)
    name, *args = quality
    if name == "any":
        return True
    if name == "color":
        return args[0] in x.colors
    if name == "keyword":
        return x.has(args[0])
    if name == "creature_type":  # 205.3m; a changeling's subtypes are every creature type (702.73a)
        return args[0] in x.subtypes
    if name == "counter":  # 122.1a: "with +1/+1 counters on them" (704.5q)
        return x.counters(args[0], args[1]) > 0
    if name == "either":
        return satisfies(x, args[0], source) or satisfies(x, args[1], source)
    if name == "both":
        return satisfies(x, args[0], source) and satisfies(x, args[1], source)
    assert name == "cmp", quality
    stat, op, (whose, v) = args
    left = getattr(x, stat)
    if whose == "n":
        right = v
    elif whose == "own":
        right = getattr(x, v)
    else:
        right = getattr(source, v) if source.is_creature else None
    if right is None:
        return False
    return {"lt": left < right, "le": left <= right, "gt": left > right, "ge": left >= right}[op]


def in_scope(x: Characteristics, scope: str, source: Characteristics) -> bool:
    """Whether an effect of `source` on "creatures", "creatures you control" or "creatures your
    opponents control" (102.2) speaks of creature `x`."""
    if scope == "you":
        return x.controller == source.controller
    if scope == "opponents":
        return x.controller != source.controller
    return True


def capacity(B: Characteristics) -> int | None:
    """How many attackers it may block (509.1a: one); None: any number.
    Each "can block an additional creature each combat" adds one."""
    if B.has("block_any_number"):
        return None
    return 1 + B.instances("block_additional")


def blocker_violations(s: Situation, field: dict[str, Characteristics], attackers: dict[str, str],
                       b: str, blocked: Iterable[str]) -> list[Violation]:
    """Restrictions on one blocker's part of a declaration: `b` blocks exactly `blocked`."""
    blocked = sorted(blocked)
    if not blocked:
        return []
    B = field.get(b)
    if B is None or not B.is_creature or B.controller == s.active:
        return [("509.1a", "not_defending_creature", (b,))]  # 506.3, 509.1a
    out: list[Violation] = []
    for a in blocked:
        if a not in attackers:
            out.append(("509.1a", "not_attacking", (b, a)))
        else:
            out.extend(pair_violations(s, field, attackers, b, a))
    cap = capacity(B)
    if cap is not None and len(blocked) > cap:
        out.append(("509.1a", "too_many_blocks", (b,)))
    return out


def attacker_violations(attackers: dict[str, str], field: dict[str, Characteristics], a: str,
                        blockers: Iterable[str]) -> list[Violation]:
    """Restrictions on how many creatures block attacker `a` (702.111b menace, 509.1b)."""
    n = len(set(blockers))
    A = field[a]
    out: list[Violation] = []
    if A.has("menace") and n == 1:
        out.append(("702.111b", "menace", (a,)))
    for need in A.values("min_blockers"):
        if 0 < n < need:
            out.append(("509.1b", "min_blockers", (a,)))
    for most in A.values("max_blockers"):  # 509.1b "can't be blocked by more than N creatures"
        if n > most:  # type: ignore[operator]
            out.append(("509.1b", "max_blockers", (a,)))
    return out


def block_violations(s: Situation, decl: Declaration) -> list[Violation]:
    """Every restriction a declaration of blockers for ``combat.attackers`` breaks."""
    field = battlefield(s)
    attackers = attacking(s, field)
    return _block_violations(s, field, attackers, decl)


def _block_violations(s: Situation, field: dict[str, Characteristics], attackers: dict[str, str],
                      decl: Declaration) -> list[Violation]:
    out: list[Violation] = []
    for b in sorted({b for b, _ in decl}):
        out.extend(blocker_violations(s, field, attackers, b, [a for x, a in decl if x == b]))
    for a in sorted(attackers):
        out.extend(attacker_violations(attackers, field, a, [b for b, x in decl if x == a]))
    return out


def block_requirements(s: Situation, field: dict[str, Characteristics],
                       attackers: dict[str, str]) -> list[Requirement]:
    """509.1c requirements, one per instance of the ability.

    * "All creatures able to block this creature do so" (Lure): each creature that could block
      has its own requirement to block it. (Creatures that can't block it at all are included:
      their requirement can be obeyed by no legal declaration, which leaves the maximum as is.)
    * "This creature must be blocked if able": one requirement that at least one creature blocks it.
    * "This creature blocks each combat if able": that creature blocks (any attacker).
    * Provoke (702.39a), as resolved (``combat.provoked``): the target blocks that attacker; one
      requirement per resolved trigger (702.39b), none if the attacker left combat (506.4).
    """
    out = []
    blockers = [c for c in field.values() if c.is_creature and c.controller != s.active]
    for a in sorted(attackers):
        A = field[a]
        for _ in range(A.instances("lure")):
            for B in blockers:
                out.append(Requirement("509.1c", "lure", (a, B.id),
                                       lambda d, a=a, b=B.id: (b, a) in d))
        for _ in range(A.instances("must_be_blocked")):
            out.append(Requirement("509.1c", "must_be_blocked", (a,),
                                   lambda d, a=a: any(x == a for _, x in d)))
    for B in blockers:
        for _ in range(B.instances("blocks_each_combat")):
            out.append(Requirement("509.1c", "blocks", (B.id,), lambda d, b=B.id: any(x == b for x, _ in d)))
    for t, a in s.combat.provoked:
        if a in attackers and any(B.id == t for B in blockers):
            out.append(Requirement("509.1c", "provoke", (a, t), lambda d, a=a, t=t: (t, a) in d))
    return out


def reference_blocks(s: Situation) -> set[Declaration]:
    """Every legal declaration of blockers for ``combat.attackers`` (its ``blockers`` are ignored).

    Candidates: each creature the non-active players control blocks nothing or any subset of the
    attacking creatures. A declaration is legal only if each blocker's own part is; so the
    restrictions that concern one blocker alone (:func:`blocker_violations`) are applied to its
    options before the product is formed -- the same test, done earlier to keep the product small
    -- and then every candidate of the product is tested in full (:func:`_block_violations`).
    """
    field = battlefield(s)
    attackers = attacking(s, field)
    possible = sorted(c.id for c in field.values() if c.is_creature and c.controller != s.active)
    options = [[set(sub) for sub in subsets(sorted(attackers))
                if not blocker_violations(s, field, attackers, b, sub)] for b in possible]
    legal = []
    for choice in itertools.product(*options):
        decl = frozenset((b, a) for b, blocked in zip(possible, choice) for a in blocked)
        if not _block_violations(s, field, attackers, decl):
            legal.append(decl)
    return keep_most_obeyed(legal, block_requirements(s, field, attackers))
