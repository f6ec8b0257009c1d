"""Combat-damage triggers (510.3a, 603.2) in plain Python: what a step's damage triggers, and one
of them resolving.

Independent of the ASP encodings and of ``pysolver.rules.hits``: input is the typed model and the
reference characteristics. "Whenever ~ deals combat damage to a player / a player or planeswalker /
a creature, <effect>" triggers once for each recipient of that kind its source dealt combat damage
to in the step (603.2c; damage prevented by protection is not dealt, 702.16e), each instance
separately (113.2c), looking at the source as it was when the damage was dealt (a face-down one
has no abilities, 708.2a; one that dies of the same damage still triggers, 113.7a). It is
controlled by the source's controller (603.3a) and names a fixed object or player: its source
("put N +1/+1 counters on it"), the player dealt damage ("that player loses N life"), its
controller ("you gain N life") or the creature dealt damage ("destroy that creature"). Renown N
(702.112a) triggers on a player only if its source isn't renowned (603.4) and, resolving, puts N +1/+1
counters on it and makes it renowned if it is still on the battlefield and still isn't (702.112b-c).
"Tap that creature" taps it (701.26a), "put N -1/-1 counters on that creature" puts them on it (122.1a),
if it is still on the battlefield. They are put
on the stack with the death triggers of the same step (510.3a), APNAP, each player's in any order
(603.3b, :func:`reference.deaths.put_sequences`). Resolving (608.2): N +1/+1 counters on the source
if it is still on the battlefield (122.1a, 400.7), N life lost or gained (119.3), the creature
destroyed if it is still there and not indestructible (701.8a, 702.12b).

A combat-damage trigger on the stack is written ``("hit", kind, source, target, N, controller)``; one whose effect
follows "you may pay {cost}. If you do," (118.12, 603.5) carries the mana cost seventh: as it resolves its
controller pays it from what is left of their mana (each way) or declines, and only if paid does it act
(:func:`reference.outcomes.resolve_paid`).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
...                     "abilities": ["Whenever ~ deals combat damage to a player, that player loses 2 life"]}]})
>>> field = {p.id: characteristics(p) for p in s.permanents}
>>> triggered(s, field, [("x", "b", 2)])
[('hit', 'hit_loss', 'x', 'b', 2, 'a')]
"""

from __future__ import annotations

from dataclasses import replace

from pysolver.model import Situation

from .characteristics import Characteristics, characteristics
from .declarations import has_quality

KINDS = ("hit_counters", "hit_loss", "hit_gain", "hit_destroy", "renown", "hit_tap", "hit_minus_counters",
         "hit_untap")
# 119.9: "Whenever you gain life, <effect>": N +1/+1 counters on it, +N/+N until end of turn, each opponent loses
# N life, untap it
GAINED = ("gained_counters", "gained_pump", "gained_loss", "gained_untap")
Hit = tuple  # ("hit", kind, source, target, N, controller)


def _of_kind(s: Situation, field: dict[str, Characteristics], recipient: str, to: str) -> bool:
    """Whether `recipient` is a player / a player or planeswalker / a creature, as `to` says."""
    if recipient in {p.name for p in s.players}:
        return to in ("player", "player_or_planeswalker")
    c = field[recipient]
    return (to == "player_or_planeswalker" and c.is_planeswalker) or (to == "creature" and c.is_creature)


def triggered(s: Situation, field: dict[str, Characteristics], assignment: list[tuple[str, str, int]]) -> list[Hit]:
    """The combat-damage triggers of `assignment` dealt on `s` (`field` its characteristics then)."""
    dealt = sorted({(src, r) for src, r, n in assignment if n > 0
                    and not (r in field and any(has_quality(field[src], q) for q in field[r].protections()))})
    out = []
    for src, r in dealt:
        c = field[src]
        for kind in KINDS:
            for value in c.values(kind):
                if kind == "renown":  # 702.112a: to a player, if it isn't renowned (603.4)
                    if r not in {p.name for p in s.players} or s.permanent(src).renowned:
                        continue
                    out.append(("hit", kind, src, src, int(value), c.controller))  # type: ignore[call-overload]
                    continue
                to = value[0]  # type: ignore[index]
                if not _of_kind(s, field, r, to):
                    continue
                n = 0 if kind in ("hit_destroy", "hit_tap", "hit_untap") else int(value[1])  # type: ignore[index]
                target = {"hit_counters": src, "hit_gain": c.controller, "hit_untap": src}.get(kind, r)
                out.append(("hit", kind, src, target, n, c.controller))
        for paid in c.values("hit_paid"):  # 118.12: "you may pay {cost}. If you do, <effect>"
            kind, (to, n) = paid.trigger.kind, paid.trigger.value  # type: ignore[attr-defined]
            if _of_kind(s, field, r, to):
                target = {"hit_counters": src, "hit_gain": c.controller}.get(kind, r)
                out.append(("hit", kind, src, target, int(n), c.controller, paid.cost))  # type: ignore[attr-defined]
    return out + gained(field, dealt)


def gained(field: dict[str, Characteristics], dealt: list[tuple[str, str]]) -> list[Hit]:
    """702.15b, 702.15e, 119.9: each source with lifelink that dealt combat damage makes its controller gain
    life, one event however many it dealt damage to; each "Whenever you gain life" of a face-up permanent that
    player controls (as the damage was dealt) triggers once for it. Its target: the permanent itself, or for
    "each opponent loses N life" its controller (everyone else loses)."""
    out = []
    for src in sorted({src for src, _ in dealt if field[src].has("lifelink")}):
        player = field[src].controller
        for w, c in sorted(field.items()):
            if c.controller != player:
                continue
            for kind in GAINED:
                for value in c.values(kind):
                    n = 0 if value is None else int(value)  # type: ignore[call-overload]
                    out.append(("hit", kind, w, player if kind == "gained_loss" else w, n, player))
    return out


def resolve_hit(s: Situation, gone: frozenset[str], t: Hit) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves on `s` (`gone`: the permanents that left the battlefield): the situation
    after it and the creatures it destroys (the state-based actions are the caller's)."""
    kind, source, target, n = t[1:5]
    if kind == "renown":  # 702.112a, 603.4: not if it is renowned by now (702.112c) or gone (702.112b)
        return replace(s, permanents=tuple(replace(p.with_counters(1, 1, n), renowned=True)
                                           if p.id == source and p.id not in gone and not p.renowned else p
                                           for p in s.permanents)), set()
    if kind in ("hit_counters", "gained_counters"):
        return replace(s, permanents=tuple(p.with_counters(1, 1, n) if p.id == source and p.id not in gone else p
                                           for p in s.permanents)), set()
    if kind == "gained_pump":  # 613.4c: until end of turn, if it is still on the battlefield
        return replace(s, permanents=tuple(
            replace(p, until_end_of_turn=(p.until_end_of_turn[0] + n, p.until_end_of_turn[1] + n))
            if p.id == source and p.id not in gone else p for p in s.permanents)), set()
    if kind == "gained_loss":  # 102.2: each opponent of its controller (`target`)
        return replace(s, players=tuple(replace(p, life=p.life - n) if p.name != target else p
                                        for p in s.players)), set()
    if kind in ("gained_untap", "hit_untap"):  # 701.26b: nothing the loader admits reads it
        return s, set()
    if kind in ("hit_loss", "hit_gain"):
        sign = -1 if kind == "hit_loss" else 1
        return replace(s, players=tuple(replace(p, life=p.life + sign * n) if p.name == target else p
                                        for p in s.players)), set()
    victim = next((p for p in s.permanents if p.id == target and p.id not in gone), None)
    if kind in ("hit_tap", "hit_minus_counters"):  # 701.26a, 122.1a: if it is still on the battlefield
        changed = (replace(victim, tapped=True) if kind == "hit_tap" else victim.with_counters(-1, -1, n)) \
            if victim is not None else None
        return replace(s, permanents=tuple(changed if p.id == target and changed is not None else p
                                           for p in s.permanents)), set()
    if victim is None or characteristics(victim).has("indestructible"):
        return s, set()
    return s, {target}
