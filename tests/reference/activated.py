"""Activated abilities that act in combat, by brute force: every activation, target and ward payment.

Independent of the ASP encodings and of ``pysolver.rules.activated``: input is the typed model
(:meth:`pysolver.model.Permanent.combat_abilities`) and the reference characteristics. In a priority
window a player may activate an ability of a face-up permanent of theirs on the battlefield (602.2,
708.2a): "{cost}: Tap target creature" (701.26a), "... Target creature can't block this turn"
(509.1b), "... Target creature [with power N or less] can't be blocked this turn" (509.1b), "...
Target [attacking/blocking] creature gets +X/+Y until end of turn" (613.4c), "{cost}, {T}: ~ gets
+X/+Y until end of turn", "{cost}: Create <tokens>" (111.1, :mod:`reference.tokens`; "sacrifice ~" in its cost:
it leaves as the cost is paid, 701.21a), and those whose only effect is their cost ("{T}: Add {G}", "{T}: Draw a
card": in every window, the brute force does not ask whether they matter). Its cost: the mana, every
way of paying it from what is left of the pool
(601.2h), and {T}: the permanent untapped — an attacking creature without vigilance is tapped
(508.1f, 702.20b) — and, a creature, not summoning sick unless it has haste (302.6, 702.10c). Its
target (601.2c, 115.1): a creature on the battlefield (attacking: among the attackers; blocking:
among the blockers) without shroud (702.18a), without hexproof if another player controls it
(702.11b), without protection from a quality of the source (702.16b). A target with ward (702.21a)
that another player controls counters the ability unless its controller also pays every ward cost
(each instance, 113.2c): both ways are tried. It resolves at once (608.2), then the state-based
actions (704.3).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b", "mana": "{U}"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Ward {1}"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1,
...                     "abilities": ["{U}: Tap target creature"]}]})
>>> from .outcomes import State
>>> sorted((st.s.permanent("x").tapped, st.s.permanent("y").tapped) for st in actions(State(s, frozenset())))
[(False, False), (False, True)]
"""

from __future__ import annotations

from dataclasses import replace

from pysolver.model import Permanent
from pysolver.model.abilities import CombatAbility
from pysolver.model.mana import Mana

from .characteristics import Characteristics, characteristics
from .declarations import has_quality
from .pingers import KINDS, dealt, life_targets
from .pingers import targets as ping_targets
from .tokens import create

TARGETED = ("tap_target", "target_cant_block", "target_unblockable", "target_pump")


def shield_targets(state, field: dict[str, Characteristics], source: Characteristics,  # type: ignore[no-untyped-def]
                   pid: str, whom: str) -> list[str]:
    """615.7: what "Prevent the next N damage that would be dealt to <whom> this turn" may shield: a target
    (115.4 "any target", "target creature", "target player"; 702.11b, 702.16b, 702.18a), the source itself
    ("~"), or [""] for each creature and each player (615.11, no target)."""
    if whom == "":
        return [pid]
    if whom == "each_creature_and_player":
        return [""]
    if whom == "creature":
        return legal_targets(state, field, source, "creature")
    return ping_targets(state, field, source, whom)


def shield(state, ab: CombatAbility, target: str):  # type: ignore[no-untyped-def]
    """615.7, 615.11: the shield made: `ab.prevent` more on the target, or on each creature on the
    battlefield and each player."""
    field = state.field()
    each = target == ""

    def gets(q: Permanent) -> bool:
        return q.id in field and (field[q.id].is_creature if each else q.id == target)
    players = tuple(replace(pl, prevention_shield=pl.prevention_shield + ab.prevent) if each or pl.name == target
                    else pl for pl in state.s.players)
    permanents = tuple(replace(q, prevention_shield=q.prevention_shield + ab.prevent) if gets(q) else q
                       for q in state.s.permanents)
    return replace(state, s=replace(state.s, players=players, permanents=permanents))


def has_abilities(s) -> bool:  # type: ignore[no-untyped-def]
    """Whether any permanent has an ability of this kind or of :mod:`reference.pingers` (on either side)."""
    return any(p.combat_abilities() for p in s.permanents)


def is_tapped(state, p: Permanent, field: dict[str, Characteristics]) -> bool:  # type: ignore[no-untyped-def]
    """508.1f, 702.20b: tapped, or attacking without vigilance."""
    attacking = p.id in dict(state.s.combat.attackers or ())
    return p.tapped or (attacking and not field[p.id].has("vigilance"))


def legal_targets(state, field: dict[str, Characteristics], source: Characteristics,  # type: ignore[no-untyped-def]
                  whom: str, most_power: int | None = None) -> list[str]:
    """601.2c, 115.1 ("with power N or less": `most_power`), 702.11b, 702.16b, 702.18a."""
    attacking = set(dict(state.s.combat.attackers or ()))
    blocking = {b for b, _ in state.s.combat.blockers or ()}
    out = []
    for t, c in field.items():
        if not c.is_creature or (most_power is not None and c.power > most_power):
            continue
        if (whom == "attacking" and t not in attacking) or (whom == "blocking" and t not in blocking):
            continue
        if c.has("shroud") or (c.has("hexproof") and c.controller != source.controller):
            continue
        if any(has_quality(source, q) for q in c.protections()):
            continue
        out.append(t)
    return out


def actions(state):  # type: ignore[no-untyped-def]
    """Every state after one activation of one of these abilities, resolved (each way of paying)."""
    from .outcomes import paid, settle

    field = state.field()
    out = set()
    for p in state.s.permanents:
        if p.id not in field or p.face_down:
            continue
        c = field[p.id]
        for kind, ab in p.combat_abilities():
            if kind in KINDS:
                continue  # reference.pingers
            if ab.before_attackers and (p.controller != state.s.active or state.s.combat.attackers is not None):
                continue  # 602.5b
            if ab.tap and (is_tapped(state, p, field) or (c.is_creature and p.summoning_sick and not c.has("haste"))):
                continue
            targets = legal_targets(state, field, c, ab.target, ab.most_power) if kind in TARGETED else \
                shield_targets(state, field, c, p.id, ab.target) if kind == "shield" else [p.id]
            for t in targets:
                ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                    if (kind in TARGETED or (kind == "shield" and ab.target)) and t in field \
                    and field[t].controller != p.controller else Mana()
                tapped = state if not ab.tap else replace(state, s=replace(state.s, permanents=tuple(
                    replace(q, tapped=True) if q.id == p.id else q for q in state.s.permanents)))
                if ab.sacrifice:  # 701.21a: it leaves as the cost is paid
                    tapped = replace(tapped, gone=tapped.gone | {p.id}, s=replace(tapped.s, permanents=tuple(
                        replace(q, left_battlefield=True) if q.id == p.id else q for q in tapped.s.permanents)))
                countered = paid(tapped, p.controller, ab.cost)
                if ward.total:
                    out |= countered  # 702.21a: countered, its costs paid
                    resolving = paid(tapped, p.controller, ab.cost + ward)
                else:
                    resolving = countered
                out |= {settle(effect(after, kind, ab, t)) for after in resolving}
    return out


def effect(state, kind: str, ab: CombatAbility, target: str):  # type: ignore[no-untyped-def]
    """608.2: the effect on `target` (701.26a, 509.1b, 613.4c); none for a mana ability (605.1a: its mana is
    not modelled, a board where it could be spent is refused) or one acting in hidden zones only (121.1)."""
    if kind in ("tap_mana", "tap_hidden"):
        return state
    if kind == "create":  # 111.1, 111.2: `target` is the source; its controller creates the tokens
        source = state.s.permanent(target)
        return replace(state, s=create(state.s, source.id, ab.token, source.controller, ab.token.count))
    if kind == "shield":
        return shield(state, ab, target)

    def changed(q: Permanent) -> Permanent:
        if kind == "tap_target":
            return replace(q, tapped=True)
        if kind == "target_cant_block":
            return replace(q, cant_block_this_turn=True)
        if kind == "target_unblockable":
            return replace(q, cant_be_blocked_this_turn=True)
        return replace(q, until_end_of_turn=(q.until_end_of_turn[0] + ab.power, q.until_end_of_turn[1] + ab.toughness))
    return replace(state, s=replace(state.s, permanents=tuple(changed(q) if q.id == target else q
                                                              for q in state.s.permanents)))


# ==== On a literal stack (reference.minimax) ================================================
# An activation on the stack: ("activated", controller, source, kind, ability, target[, the source as
# its cost was paid: a damage ability, reference.pingers]); a ward
# trigger above it (702.21a): ("ward", controller of the ability, ward cost, the ability's place on
# the stack, counted from the bottom).

def stack_activations(state, players: set[str], depth: int) -> list[tuple[object, tuple]]:  # type: ignore[no-untyped-def]
    """Each activation `players` can make now with its target (each way of paying its costs): the
    state after paying and what goes on a stack of `depth` entries (the ability, and a ward trigger
    above it when the target has ward and another player controls it)."""
    from .outcomes import paid

    field = state.field()
    out = []
    for p in state.s.permanents:
        if p.id not in field or p.face_down or p.controller not in players:
            continue
        c = field[p.id]
        for kind, ab in p.combat_abilities():
            if ab.before_attackers and (p.controller != state.s.active
                                                          or state.s.combat.attackers is not None):
                continue  # 602.5b
            if ab.tap and (is_tapped(state, p, field) or (c.is_creature and p.summoning_sick and not c.has("haste"))):
                continue
            tapped = state if not ab.tap else replace(state, s=replace(state.s, permanents=tuple(
                replace(q, tapped=True) if q.id == p.id else q for q in state.s.permanents)))
            if ab.sacrifice:  # 701.21a: it leaves as the cost is paid
                tapped = replace(tapped, gone=tapped.gone | {p.id}, s=replace(tapped.s, permanents=tuple(
                    replace(q, left_battlefield=True) if q.id == p.id else q for q in tapped.s.permanents)))
            whom = ping_targets(state, field, c, ab.target) if kind == "ping" else \
                life_targets(state, p.controller, ab.target) if kind == "life" else [""] if kind in KINDS else \
                shield_targets(state, field, c, p.id, ab.target) if kind == "shield" else None
            for t in whom if whom is not None else \
                    (legal_targets(state, field, c, ab.target, ab.most_power) if kind in TARGETED else [p.id]):
                # 113.7a: a damage ability's source as it is now, as its cost is paid (it may be sacrificed)
                entry = ("activated", p.controller, p.id, kind, ab, t, *((c,) if kind in KINDS else ()))
                ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                    if ((kind in TARGETED or (kind == "shield" and ab.target)) and t in field) \
                    and field[t].controller != p.controller else Mana()
                pushed = (entry, ("ward", p.controller, ward, depth)) if ward.total else (entry,)
                out += [(after, pushed) for after in paid(tapped, p.controller, ab.cost)]
    return out


def resolve_activated(state, entry: tuple):  # type: ignore[no-untyped-def]
    """608.2b: the ability does nothing if its target is gone or no longer legal; else its effect."""
    from .outcomes import settle

    _, controller, source, kind, ab, target, *as_paid = entry
    field = state.field()
    if kind in KINDS:  # reference.pingers: 608.2b for its target, the source as it last existed (113.7a)
        source_c = field.get(source) or (as_paid[0] if ab.sacrifice else
                                         characteristics(next(q for q in state.s.permanents if q.id == source)))
        if kind == "ping" and target not in ping_targets(state, field, source_c, ab.target):
            return state
        if kind == "life" and target not in life_targets(state, controller, ab.target):
            return state
        return dealt(state, source_c, kind, ab, target)
    if kind == "create":  # 111.1: no target; it creates them if its source has left too
        return settle(effect(state, kind, ab, target))
    if kind == "shield":  # 608.2b: a target no longer legal is not shielded (the source as it last existed)
        source_c = field.get(source) or characteristics(next(q for q in state.s.permanents if q.id == source))
        legal = target == "" or target in shield_targets(state, field, source_c, source, ab.target)
        return shield(state, ab, target) if legal else state
    if target not in field:
        return state
    if kind in TARGETED:
        # 113.7a: the source's last known information if it has left the battlefield
        source_c = field.get(source) or characteristics(next(q for q in state.s.permanents if q.id == source))
        if target not in legal_targets(state, field, source_c, ab.target, ab.most_power):
            return state
    return settle(effect(state, kind, ab, target))


def resolve_ward(state, entry: tuple, stack: tuple) -> list[tuple[object, tuple]]:  # type: ignore[no-untyped-def]
    """702.21a: the ward trigger resolving: the ability's controller pays the cost (each way) and it
    stays, or it is countered (taken off the stack, its costs paid)."""
    from .outcomes import paid

    _, controller, cost, place = entry
    countered = stack[:place] + stack[place + 1:]
    return [(after, stack) for after in paid(state, controller, cost)] + [(state, countered)]
