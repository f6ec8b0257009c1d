"""Regeneration (701.19) and damage prevention (615), in plain Python, for the reference.

* 615.1a: "Prevent all combat damage that would be dealt to ~" and "... dealt by ~",
  "Prevent all damage that would be dealt to ~" (combat damage and a death trigger's damage alike):
  the damage is not dealt (120.4b), so it does nothing at all: no life loss, no damage marked, no
  counters, no deathtouch, no lifelink (:func:`prevented`, :func:`prevented_noncombat`).
* 701.19a, 614.8: the next time a creature with a regeneration shield would be destroyed (lethal
  damage, 704.5g; deathtouch damage, 704.5h) it is regenerated instead (:func:`regenerated`): the
  shield is used, all damage removed, it is tapped and removed from combat (506.4). Toughness 0 or
  less (704.5f) is no destruction. Shields come from the situation (`regeneration_shields`) and
  from each activation of "{cost}: Regenerate ~".

* 615.7: a prevention shield ("Prevent the next N damage that would be dealt to <R> this turn"; a
  permanent's or player's `prevention_shield`) prevents each 1 damage that would be dealt to R, from any
  source, until it is used up. Damage from several sources at once: R's controller chooses which damage
  it prevents; damage another effect prevents as well (protection, the lines above): the controller
  chooses the order (616.1), so the shield may be used on it (:func:`shield_uses`, every such choice).
  Outside combat damage (one source at a time) the shield prevents what the other effects leave
  (:func:`after_shield`; the loader refuses a board where the other order could matter).

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1, damage=1,
...               regeneration_shields=1),)).with_combat(attackers=(("x", "b"),))
>>> y = regenerated(s, s.permanent("x"))
>>> (y.damage, y.tapped, y.regeneration_shields, y.removed_from_combat)
(0, True, 0, True)
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from pysolver.model import Permanent, Situation

from .characteristics import Characteristics


def prevented(source: Characteristics, recipient: Characteristics | None, everyone: bool = False) -> bool:
    """615.1a: whether combat damage from `source` to `recipient` (None: a player) is prevented (`everyone`: a
    resolved "Prevent all combat damage that would be dealt this turn", `combat.combat_damage_prevented`)."""
    if everyone or source.has("prevent_combat_damage_by") or source.has("prevent_combat_damage_to_and_by"):
        return True
    return recipient is not None and (any(recipient.has(k) for k in (
        "prevent_combat_damage_to", "prevent_damage_to", "prevent_combat_damage_to_and_by"))
        or recipient.has("prevent_combat_damage_from_enchanted") and dict(source.attached).get("aura", 0) > 0)


def prevented_noncombat(recipient: Characteristics | None) -> bool:
    """615.1a: whether a death trigger's damage to `recipient` (None: a player) is prevented."""
    return recipient is not None and recipient.has("prevent_damage_to")


def saved(p: Permanent, c: Characteristics) -> bool:
    """701.19a: whether a creature that would be destroyed (704.5g, 704.5h; toughness above 0) is
    regenerated instead: it has a shield left, and no effect says it can't be regenerated this turn (701.19c)."""
    return c.is_creature and c.toughness is not None and c.toughness > 0 and p.regeneration_shields > 0 \
        and not p.cant_be_regenerated_this_turn


def regenerated(s: Situation, p: Permanent) -> Permanent:
    """701.19a: `p` regenerated: a shield used, no damage, tapped, out of combat if it was in it (506.4)."""
    fighting = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    return replace(p, damage=0, tapped=True, regeneration_shields=p.regeneration_shields - 1,
                   removed_from_combat=p.removed_from_combat or p.id in fighting)


def shield_uses(shield: int, amounts: list[tuple[int, bool]]) -> list[tuple[int, ...]]:
    """615.7, 616.1: every way a shield of `shield` may be used on damage dealt at once, given each
    source's (amount, prevented by another effect anyway): how much of each it prevents. The shield
    prevents damage nothing else prevents while it lasts; on damage prevented anyway it is used all
    the way, or not at all, unless it runs out there.

    >>> shield_uses(1, [(2, False), (1, False)])
    [(0, 1), (1, 0)]
    >>> shield_uses(2, [(1, True)])
    [(0,), (1,)]
    """
    if not shield:
        return [tuple(0 for _ in amounts)]
    out = []
    for uses in itertools.product(*(range(min(n, shield) + 1) for n, _ in amounts)):
        used = sum(uses)
        if used > shield:
            continue
        left = used < shield
        if left and any(x < n for x, (n, other) in zip(uses, amounts) if not other):
            continue  # 615.7: while it lasts, it prevents
        if left and any(0 < x < n for x, (n, other) in zip(uses, amounts) if other):
            continue  # 616.1: applied first, it prevents all it can
        out.append(uses)
    return out


def after_shield(shield: int, amount: int) -> tuple[int, int]:
    """615.7: damage `amount` from one source meeting a shield: (damage still dealt, shield left)."""
    used = min(shield, amount)
    return amount - used, shield - used
