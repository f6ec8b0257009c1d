"""Activated abilities that act in combat, by brute force: every activation, target and ward payment.

Independent of the ASP encodings and of ``pysolver.rules.activated``: input is the typed model
(:meth:`pysolver.model.Permanent.combat_abilities`) and the reference characteristics. In a priority
window a player may activate an ability of a face-up permanent of theirs on the battlefield (602.2,
708.2a): "{cost}: Tap target creature" (701.26a), "... Untap target creature" (701.26b), "... Target creature
can't block this turn"
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
from .declarations import has_quality, in_scope, satisfies
from .pingers import KINDS, abilities_on_field, dealt, life_targets
from .pingers import targets as ping_targets
from .shields import regenerated
from .tokens import create

TARGETED = ("tap_target", "target_cant_block", "target_unblockable", "target_evades", "target_pump",
            "target_regenerate", "destroy_target", "target_counter", "exile_target", "bounce_target",
            "target_cant_regenerate", "untap_target")


def on_the_stack(kind: str, ab: CombatAbility) -> bool:
    """405.1: damage and life abilities (reference.pingers) and "destroy target creature" go on the stack, and
    so does an ability whose cost sacrifices its source (701.21a: it dies as the cost is paid, 700.4, its death
    triggers above the ability, 603.3); the others resolve at once (608.2: every order of resolution
    is a line in which each is activated just before it resolves)."""
    return kind in KINDS or kind in ("destroy_target", "exile_target", "bounce_target", "destroy_all") or ab.sacrifice


def prohibited(state, p: Permanent) -> bool:  # type: ignore[no-untyped-def]
    """602.5: "Activated abilities of creatures [your opponents control] can't be activated" of a face-up permanent
    on the battlefield (708.2a) prohibits activating every ability of a creature it names (605.3a: mana abilities
    too)."""
    field = state.field()
    if p.id not in field or not field[p.id].is_creature:
        return False
    return any(a.kind == "activation_ban" and (a.value == "all" or q.controller != p.controller)
               for q in state.s.permanents if q.id in field and not q.face_down for a in q.abilities)


def timely(state, p: Permanent, ab: CombatAbility) -> bool:  # type: ignore[no-untyped-def]
    """602.5b: "Activate only during your turn, before attackers are declared"; "… only during your turn"; 602.5:
    not while a static ability prohibits it (:func:`prohibited`)."""
    if prohibited(state, p):
        return False
    if ab.your_turn and p.controller != state.s.active:
        return False
    return not ab.before_attackers or (p.controller == state.s.active and state.s.combat.attackers is None)


def shield_targets(state, field: dict[str, Characteristics], source: Characteristics,  # type: ignore[no-untyped-def]
                   pid: str, ab: CombatAbility) -> list[str]:
    """615.7: what "Prevent the next N damage that would be dealt to <a target> this turn" may shield: a target
    (115.4 "any target", "target creature", "target player"; 702.11b, 702.16b, 702.18a), the source itself
    ("~"), or [""] for each creature and each player (615.11, no target)."""
    if ab.target == "":
        return [pid]
    if ab.target == "each_creature_and_player":
        return [""]
    if ab.target == "creature":
        return legal_targets(state, field, source, ab)
    return ping_targets(state, field, source, ab)


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
                  ab: CombatAbility) -> list[str]:
    """601.2c, 115.1: where the creature is (attacking, blocking, either: 506.4), its quality, whose
    (102.2), "another"; 702.11b, 702.16b, 702.18a."""
    attacking = set(dict(state.s.combat.attackers or ()))
    blocking = {b for b, _ in state.s.combat.blockers or ()}
    where = {"attacking": attacking, "blocking": blocking, "attacking_or_blocking": attacking | blocking}
    out = []
    for t, c in field.items():
        if not c.is_creature or (ab.target in where and t not in where[ab.target]):
            continue
        if not fits(state, field, t, ab.quality, source) or not in_scope(c, ab.scope, source) \
                or (ab.other and t == source.id):
            continue
        if c.has("shroud") or (c.has("hexproof") and c.controller != source.controller):
            continue
        if any(has_quality(source, q) for q in c.protections()):
            continue
        out.append(t)
    return out


def fits(state, field: dict[str, Characteristics], t: str, quality: tuple,  # type: ignore[no-untyped-def]
         source: Characteristics) -> bool:
    """Whether creature `t` has a target's quality (115.1): those of the blocking restrictions
    (:func:`reference.declarations.satisfies`), and "non<Q>" / "without <Q>", tapped (an attacking
    creature without vigilance is, 508.1f), an artifact creature, a creature token (111.1)."""
    name, *args = quality
    if name == "either":
        return any(fits(state, field, t, q, source) for q in args)
    if name == "both":
        return all(fits(state, field, t, q, source) for q in args)
    if name == "non":
        return not fits(state, field, t, args[0], source)
    if name == "tapped":
        return is_tapped(state, next(p for p in state.s.permanents if p.id == t), field)
    if name == "card_type":
        return args[0] in field[t].types and not field[t].face_down  # (lower-case, 205.2a)
    if name in ("blocks_source", "blocked_by_source"):  # 509.1g: in a block with the source itself
        pair = (t, source.id) if name == "blocks_source" else (source.id, t)
        return pair in set(state.s.combat.blockers or ())
    if name == "landwalk":  # 702.14a: "target creature with islandwalk"
        return args[0] in field[t].values("landwalk")
    if name == "token":  # 111.1: "target creature token"
        return next(p for p in state.s.permanents if p.id == t).token
    if name == "counter":  # 122.1: the counters the situation states; "plus": a +1/+1 counter
        counters = next(p for p in state.s.permanents if p.id == t).pt_counters
        return any(n > 0 and (args[0] == "any" or (dp, dt) == (1, 1)) for dp, dt, n in counters)
    return satisfies(field[t], quality, source)


def actions(state):  # type: ignore[no-untyped-def]
    """Every state after one activation of one of these abilities, resolved (each way of paying its cost,
    reference.outcomes.costs_paid; a player who paid their last life has lost, 704.5a). 608.2b: a target
    no longer legal once the cost is paid (sacrificed, tapped) is not affected."""
    from .outcomes import costs_paid, settle

    field = state.field()
    out = set()
    for p, c, kind, ab in abilities_on_field(state, field):
        if on_the_stack(kind, ab) or not timely(state, p, ab):
            continue  # (pushes, reference.pingers)
        targets = legal_targets(state, field, c, ab) if kind in TARGETED else \
            shield_targets(state, field, c, p.id, ab) if kind == "shield" else [p.id]
        for t in targets:
            ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                if (kind in TARGETED or (kind == "shield" and ab.target)) and t in field \
                and field[t].controller != p.controller else Mana()
            countered = costs_paid(state, p, ab.full_cost)
            if ward.total:
                out |= countered  # 702.21a: countered, its costs paid
                resolving = costs_paid(state, p, replace(ab.full_cost, mana=ab.cost + ward))
            else:
                resolving = countered
            out |= {after if after.over or not still_legal(after, c, kind, ab, t)
                    else settle(effect(after, kind, ab, t)) for after in resolving}
    return out


def still_legal(state, source: Characteristics, kind: str, ab: CombatAbility,  # type: ignore[no-untyped-def]
                target: str) -> bool:
    """608.2b: whether `target` is still a legal target of the ability of `source` (as it was before its
    cost was paid, if that sacrificed it: 113.7a) once its cost is paid."""
    field = state.field()
    if kind == "shield":
        return target == "" or target in shield_targets(state, field, field.get(source.id, source), source.id, ab)
    return kind not in TARGETED or (target in field and target in legal_targets(
        state, field, field.get(source.id, source), ab))


def effect(state, kind: str, ab: CombatAbility, target: str):  # type: ignore[no-untyped-def]
    """608.2: the effect on `target` (701.26a, 509.1b, 613.4c, 613.1f, 701.19a, 701.8a); none for a mana ability
    (605.1a: its mana is not modelled, a board where it could be spent is refused) or one acting in hidden
    zones only (121.1)."""
    if kind in ("tap_mana", "tap_hidden"):
        return state
    if kind in ("switch", "switch_each"):  # 613.4d: the source; 611.2c: each creature on the battlefield now
        field = state.field()
        ids = {target} if kind == "switch" else {x for x, c in field.items() if c.is_creature}
        return replace(state, s=replace(state.s, permanents=tuple(
            replace(q, switched_until_end_of_turn=not q.switched_until_end_of_turn) if q.id in ids else q
            for q in state.s.permanents)))
    if kind == "create":  # 111.1, 111.2: `target` is the source; its controller creates the tokens
        source = state.s.permanent(target)
        return replace(state, s=create(state.s, source.id, ab.token, source.controller, ab.token.count, state.field()))
    if kind == "shield":
        return shield(state, ab, target)
    if kind == "destroy_target":  # 701.8a; 702.12b indestructible; 701.19a a regeneration shield instead
        if state.field()[target].has("indestructible"):
            return state
        p = next(q for q in state.s.permanents if q.id == target)
        # 701.19c: not if this ability or an effect this turn says it can't be regenerated
        if p.regeneration_shields and not ab.no_regeneration and not p.cant_be_regenerated_this_turn:
            return replace(state, s=replace(state.s, permanents=tuple(
                regenerated(state.s, q) if q.id == target else q for q in state.s.permanents)))
        return replace(state, gone=state.gone | {target}, s=replace(state.s, permanents=tuple(
            replace(q, left_battlefield=True) if q.id == target else q for q in state.s.permanents)))
    if kind in ("exile_target", "bounce_target"):  # 406.2, 400.7: it leaves the battlefield, whatever it has
        return replace(state, gone=state.gone | {target}, s=replace(state.s, permanents=tuple(
            replace(q, left_battlefield=True) if q.id == target else q for q in state.s.permanents)))

    def changed(q: Permanent) -> Permanent:
        if kind == "tap_target":
            return replace(q, tapped=True)
        if kind == "untap_target":  # 701.26b
            return replace(q, tapped=False)
        if kind == "target_cant_block":
            return replace(q, cant_block_this_turn=True)
        if kind == "target_unblockable":
            return replace(q, cant_be_blocked_this_turn=True)
        if kind == "target_evades":  # 509.1b: "can't be blocked by creatures with power N or less this turn"
            return replace(q, cant_be_blocked_by_power_this_turn=max(ab.evades, q.cant_be_blocked_by_power_this_turn
                                                                     or 0))
        if kind == "target_regenerate":
            return replace(q, regeneration_shields=q.regeneration_shields + 1)
        if kind == "target_cant_regenerate":  # 701.19c
            return replace(q, cant_be_regenerated_this_turn=True)
        if kind == "target_counter":  # 122.1a
            counts = {(dp, dt): n for dp, dt, n in q.pt_counters}
            counts[ab.power, ab.toughness] = counts.get((ab.power, ab.toughness), 0) + ab.counters
            return replace(q, pt_counters=tuple(sorted((dp, dt, n) for (dp, dt), n in counts.items() if n)))
        q = replace(q, until_end_of_turn=(q.until_end_of_turn[0] + ab.power, q.until_end_of_turn[1] + ab.toughness),
                    keywords_until_end_of_turn=tuple(sorted({*q.keywords_until_end_of_turn, *ab.keywords})))
        return q if ab.colors is None else replace(q, colors=ab.colors)  # 105.3: the new colors replace the old
    return replace(state, s=replace(state.s, permanents=tuple(changed(q) if q.id == target else q
                                                              for q in state.s.permanents)))


def pushes(state):  # type: ignore[no-untyped-def]
    """Every activation now of an ability that goes on the stack (:func:`on_the_stack`) but a damage ability
    (reference.pingers), each way of paying: the state after paying its costs ({T}; "sacrifice ~": it
    leaves the battlefield, 701.21a; reference.outcomes.costs_paid) and the ability as it goes on the stack
    (602.2, 405.1; resolved by :func:`resolve_activated`), or None where ward counters it (702.21a, its costs
    paid)."""
    from .outcomes import costs_paid

    field = state.field()
    out = set()
    for p, c, kind, ab in abilities_on_field(state, field):
        if kind in KINDS or not on_the_stack(kind, ab) or not timely(state, p, ab):
            continue
        for t in legal_targets(state, field, c, ab) if kind in TARGETED else [p.id]:
            entry = ("activated", p.controller, p.id, kind, ab, t, c)
            ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                if kind in TARGETED and field[t].controller != p.controller else Mana()
            if ward.total:
                out |= {(after, None) for after in costs_paid(state, p, ab.full_cost)}  # 702.21a: countered
            out |= {(after, entry) for after in costs_paid(state, p, replace(ab.full_cost, mana=ab.cost + ward))}
    return out


# ==== On a literal stack (reference.minimax) ================================================
# An activation on the stack: ("activated", controller, source, kind, ability, target[, the source as
# its cost was paid: a damage ability, reference.pingers]); a ward
# trigger above it (702.21a): ("ward", controller of the ability, ward cost, the ability's place on
# the stack, counted from the bottom).

def stack_activations(state, players: set[str], depth: int) -> list[tuple[object, tuple]]:  # type: ignore[no-untyped-def]
    """Each activation `players` can make now with its target (each way of paying its costs): the
    state after paying and what goes on a stack of `depth` entries (the ability, and a ward trigger
    above it when the target has ward and another player controls it; reference.outcomes.costs_paid)."""
    from .outcomes import costs_paid

    field = state.field()
    out = []
    for p, c, kind, ab in abilities_on_field(state, field):
        if p.controller not in players or not timely(state, p, ab):
            continue  # (602.5b)
        whom = ping_targets(state, field, c, ab) if kind == "ping" else \
            life_targets(state, p.controller, ab.target) if kind == "life" else [""] if kind in KINDS else \
            shield_targets(state, field, c, p.id, ab) if kind == "shield" else None
        for t in whom if whom is not None else \
                (legal_targets(state, field, c, ab) if kind in TARGETED else [p.id]):
            # 113.7a: a damage ability's source as it is now, as its cost is paid (it may be sacrificed)
            entry = ("activated", p.controller, p.id, kind, ab, t, *((c,) if on_the_stack(kind, ab) else ()))
            ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                if ((kind in TARGETED or (kind == "shield" and ab.target)) and t in field) \
                and field[t].controller != p.controller else Mana()
            pushed = (entry, ("ward", p.controller, ward, depth)) if ward.total else (entry,)
            out += [(after, pushed) for after in costs_paid(state, p, ab.full_cost)]
    return out


def resolve_activated(state, entry: tuple):  # type: ignore[no-untyped-def]
    """608.2b: the ability does nothing if its target is gone or no longer legal; else its effect."""
    from .outcomes import settle

    _, controller, source, kind, ab, target, *as_paid = entry
    field = state.field()
    if kind in KINDS:  # reference.pingers: 608.2b for its target, the source as it last existed (113.7a)
        source_c = field.get(source) or (as_paid[0] if ab.sacrifice else
                                         characteristics(next(q for q in state.s.permanents if q.id == source)))
        if kind == "ping" and target not in ping_targets(state, field, source_c, ab):
            return state
        if kind == "life" and target not in life_targets(state, controller, ab.target):
            return state
        return dealt(state, source_c, kind, ab, target)
    if kind == "create":  # 111.1: no target; it creates them if its source has left too
        return settle(effect(state, kind, ab, target))
    if kind == "destroy_all":  # 701.8a: no target; each artifact / enchantment creature on the battlefield now
        field = state.field()
        doomed = sorted(x for x, c in field.items() if c.is_creature and fits(state, field, x, ab.quality, c)
                        and not c.has("indestructible"))  # (all at once: read before any is destroyed)
        for t in doomed:
            state = effect(state, "destroy_target", replace(ab, no_regeneration=False), t)
        return settle(state)
    if kind == "shield":  # 608.2b: a target no longer legal is not shielded (the source as it last existed)
        source_c = field.get(source) or characteristics(next(q for q in state.s.permanents if q.id == source))
        legal = target == "" or target in shield_targets(state, field, source_c, source, ab)
        return shield(state, ab, target) if legal else state
    if target not in field:
        return state
    if kind in TARGETED:
        # 113.7a: the source's last known information if it has left the battlefield (as its cost was paid)
        source_c = field.get(source) or (as_paid[0] if as_paid else
                                         characteristics(next(q for q in state.s.permanents if q.id == source)))
        if target not in legal_targets(state, field, source_c, ab):
            return state
    after = effect(state, kind, ab, target)
    if ab.smelts and source in after.field():  # 608.2c: then the source gets +X/+0, X the target's mana value
        cost = next(q for q in state.s.permanents if q.id == target).mana_cost  # (608.2h, 202.3; none: 0)
        x = cost.total if cost is not None else 0
        after = replace(after, s=replace(after.s, permanents=tuple(
            replace(q, until_end_of_turn=(q.until_end_of_turn[0] + x, q.until_end_of_turn[1])) if q.id == source
            else q for q in after.s.permanents)))
    return settle(after)


def resolve_ward(state, entry: tuple, stack: tuple) -> list[tuple[object, tuple]]:  # type: ignore[no-untyped-def]
    """702.21a: the ward trigger resolving: the ability's controller pays the cost (each way) and it
    stays, or it is countered (taken off the stack, its costs paid)."""
    from .outcomes import paid

    _, controller, cost, place = entry
    countered = stack[:place] + stack[place + 1:]
    return [(after, stack) for after in paid(state, controller, cost)] + [(state, countered)]
