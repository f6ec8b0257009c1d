"""Goals of `verify` (docs/verify.md) evaluated on a situation, and a bound on the damage still to come.

>>> from pysolver.model import Goal
>>> describe_goal(Goal("all", parts=(Goal("lethal", ("bob",)), Goal("survive", ("x",)))))
'all: [lethal: bob; survive: [x]]'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .model import Goal, Permanent, Situation


def damage_bound(s: Situation, player: str) -> int:
    """An upper bound on the combat damage that can still be dealt to `player` (120.3a).

    Only the active player's creatures deal damage to a defending player: attacking ones (if
    attackers are declared: those attacking the player, or a planeswalker of theirs, 510.1b,
    702.19c), else untapped ones (508.1a). Each deals at most its greatest power over its face-down
    and face-up sides (702.37e, 702.37b), twice with double strike if the first-strike step is
    still to come (702.4b), nothing if it dealt first-strike damage without double strike (510.4),
    and nothing if it is blocked without trample (510.1c, 702.19b). A blocked trampler first assigns
    lethal damage to each creature on the battlefield that blocks it and no other (702.19b;
    deathtouch: 1, 702.2c), at least the least lethal damage over that blocker's sides; with double
    strike the second step may all go to the player (702.19e)."""
    attacks = dict(s.combat.attackers) if s.combat.attackers is not None else None
    blocked = {a for _, a in s.combat.blockers or ()}
    alone = _lone_blockers(s)
    before_first = s.combat.damage_step != "regular"
    dealt_first = set(s.combat.first_strikers or ())
    owners = {p.id: p.controller for p in s.permanents if "Planeswalker" in p.types}
    total = 0
    for p in s.permanents:
        if p.left_battlefield or p.controller != s.active or not p.is_creature:
            continue
        target = None
        if attacks is None:
            if p.tapped:
                continue
        else:
            target = attacks.get(p.id)
            if target is None or (target != player and owners.get(target) != player):
                continue
        best = 0
        for form in forms(p):
            kinds = set() if form.face_down else {a.kind for a in form.abilities}
            power = (2 if form.face_down else (form.power or 0)) + form.pt_modification[0]
            if p.id in blocked and not kinds & {"trample", "trample_over_planeswalkers"}:
                continue
            if target is not None and target != player and "trample_over_planeswalkers" not in kinds:
                continue
            if not before_first and p.id in dealt_first and "double_strike" not in kinds:
                continue
            steps = 2 if before_first and "double_strike" in kinds else 1
            first = power - sum(1 if "deathtouch" in kinds else lethal for lethal in alone.get(p.id, ()))
            best = max(best, max(first, 0) + max(power, 0) * (steps - 1))
        total += best
    return total


def _lone_blockers(s: Situation) -> dict[str, list[int]]:
    """For each blocked attacker, the least lethal damage (120.6, 702.19b) of each creature on the
    battlefield that blocks it and no other attacker, over the sides that creature may still show."""
    blocks: dict[str, list[str]] = {}
    for b, a in s.combat.blockers or ():
        blocks.setdefault(b, []).append(a)
    out: dict[str, list[int]] = {}
    for b, attackers in blocks.items():
        x = s.permanent(b)
        if len(attackers) != 1 or x.left_battlefield:
            continue
        lethal = min((2 if f.face_down else (f.toughness or 0)) + f.pt_modification[1] - f.damage
                     for f in forms(x))
        out.setdefault(attackers[0], []).append(max(lethal, 0))
    return out


def out_of_reach(s: Situation, player: str) -> str | None:
    """Why `player` can no longer be brought to 0 life in this combat, or None."""
    life = s.player(player).life
    bound = damage_bound(s, player)
    if life > 0 and bound < life:
        return f"at most {bound} combat damage can still reach {player} (life {life})"
    return None


def forms(p: Permanent) -> list[Permanent]:
    """The sides a permanent may still show: as it is, and face up if it is face down with a cost."""
    forms = [p]
    morph = p.morph_cost()
    if p.face_down and morph is not None:
        forms.append(replace(p, face_down=False).with_counters(1, 1, morph[0] == "megamorph"))
    return forms


def score(g: Goal, s: Situation) -> int:
    gone = {p.id for p in s.permanents if p.left_battlefield}
    if g.kind == "lethal":
        return s.player(g.targets[0]).life
    if g.kind == "destroy":
        return -100 * len(gone.intersection(g.targets))
    if g.kind == "survive":
        return 100 * len(gone.intersection(g.targets))
    return sum(score(p, s) for p in g.parts)


def goal_ids(g: Goal) -> Iterator[str]:
    if g.kind in ("destroy", "survive"):
        yield from g.targets
    for p in g.parts:
        yield from goal_ids(p)


def lethal_players(g: Goal) -> list[str]:
    if g.kind == "lethal":
        return list(g.targets)
    return sorted({x for p in g.parts for x in lethal_players(p)})


def aggressive(g: Goal) -> bool:
    return g.kind in ("lethal", "destroy") or any(aggressive(p) for p in g.parts)


def describe_goal(g: Goal) -> str:
    if g.kind == "lethal":
        return f"lethal: {g.targets[0]}"
    if g.kind in ("destroy", "survive"):
        return f"{g.kind}: [{', '.join(g.targets)}]"
    return f"{g.kind}: [{'; '.join(describe_goal(p) for p in g.parts)}]"
