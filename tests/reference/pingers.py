"""Activated abilities that deal damage (120.3), by brute force: every activation, target, way of
paying and ward payment.

Independent of the ASP encodings and of ``pysolver.rules.pingers``: input is the typed model
(:meth:`pysolver.model.Permanent.combat_abilities`, kinds ``ping`` and ``ping_each``) and the
reference characteristics. In a priority window a player may activate such an ability of a face-up
permanent of theirs on the battlefield (602.2, 708.2a), paying its cost: mana from what is left of
the pool (each way, 601.2h); {T} with the permanent untapped (an attacking creature without
vigilance is tapped, 508.1f, 702.20b) and, a creature, not summoning sick unless it has haste
(302.6, 702.10c); "sacrifice ~": it leaves the battlefield (701.21a). "Activate only during your
turn, before attackers are declared" (602.5b): only by the active player with no attackers declared.

Targets (115.4, 115.1, 601.2c): "any target" a player or a creature, planeswalker or battle on the
battlefield; "target player" a player; "target player or planeswalker" either; "target creature" a
creature; "target attacking / blocking / attacking or blocking creature" one in combat; "... with
flying" one with flying. A permanent is not a legal target with shroud (702.18a), with hexproof if
another player controls it (702.11b), or with protection from a quality of the source (702.16b); a
permanent target with ward another player controls counters the ability unless its controller also
pays every ward cost (702.21a; both tried). "Each creature [without flying] [and each player] / each
player / each opponent" has no target: each of them as it resolves.

It goes on the stack (602.2, 405.1) and resolves when both players pass (608.1;
:func:`reference.outcomes.window_options` tries every order of actions and resolutions): nothing
if its target is gone or no longer legal (608.2b), else the source as it last existed (113.7a,
608.2h: the characteristics before the cost was paid) deals the damage
(:func:`reference.deaths.resolve_death`, one recipient at a time: the same events as one, 120.3,
since each is dealt to another recipient), none to a recipient with protection from a quality of
the source (702.16e) or with "Prevent all damage that would be dealt to ~" (615.1a); then
state-based actions (704.3); a player who lost (704.5a, 704.5c) ends the combat (:attr:`reference.outcomes.State.over`).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1,
...                     "abilities": ["{T}: ~ deals 1 damage to any target"]}]})
>>> from .outcomes import State
>>> sorted((e[5], st.s.permanent("x").tapped) for st, e in pushes(State(s, frozenset())))
[('a', True), ('b', True), ('x', True)]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from pysolver.model.abilities import CombatAbility
from pysolver.model.mana import Mana

from .characteristics import Characteristics, hexproof_players
from .deaths import resolve_death
from .declarations import has_quality, in_scope

# the abilities of this module: damage (120.3) and life lost or gained (119.3: "target player loses N life and
# you gain N life", "each opponent loses …", "you gain N life")
KINDS = ("ping", "ping_each", "life", "fog")
CREATURES_IN = {"creature": "any", "attacking": "attacking", "blocking": "blocking",
                "attacking_or_blocking": "either", "flying": "any", "attacking_flying": "attacking"}


def abilities_on_field(state: Any, field: dict[str, Characteristics]) -> Iterator[tuple[Any, Characteristics, str,
                                                                                      CombatAbility]]:
    """Each activated ability that acts in combat of each permanent on the battlefield with its face-up side
    (708.2a: a face-down one has none), with the permanent, its characteristics now and the ability's kind;
    "you may tap or untap target creature" once as each: its controller chooses as it resolves (608.2, 701.26a,
    701.26b; doing neither is a tap of a tapped creature or an untap of an untapped one)."""
    for p in state.s.permanents:
        if p.id in field and not p.face_down:
            for kind, ab in p.combat_abilities():
                for chosen in ("tap_target", "untap_target") if kind == "tap_or_untap" else (kind,):
                    yield p, field[p.id], chosen, ab

def targets(state, field: dict[str, Characteristics], source: Characteristics,  # type: ignore[no-untyped-def]
            ab: CombatAbility) -> list[str]:
    """115.4, 115.1, 601.2c (a creature's quality, whose, "another": :func:`reference.activated.fits`);
    702.11b, 702.16b, 702.18a."""
    from .activated import fits

    whom = ab.target
    players = [p.name for p in state.s.players]
    attacking = set(dict(state.s.combat.attackers or ()))
    blocking = {b for b, _ in state.s.combat.blockers or ()}
    out = players if whom in ("any", "player", "player_or_planeswalker", "player_fighting") else []
    if whom == "opponent":  # 115.1, 102.2: a player other than its controller
        out = [pl for pl in players if pl != source.controller]
    out = [pl for pl in out if pl not in hexproof_players(field, source.controller)]  # 702.11c
    for t, c in sorted(field.items()):
        if whom == "any":
            ok = c.is_creature or c.is_planeswalker or c.is_battle
        elif whom == "player_or_planeswalker":
            ok = c.is_planeswalker
        elif whom in CREATURES_IN:
            where = CREATURES_IN[whom]
            ok = c.is_creature and (where == "any" or (where in ("attacking", "either") and t in attacking)
                                    or (where in ("blocking", "either") and t in blocking))
            ok = ok and (whom not in ("flying", "attacking_flying") or c.has("flying"))
            ok = ok and fits(state, field, t, ab.quality, source) and in_scope(c, ab.scope, source) \
                and not (ab.other and t == source.id)
        else:
            ok = False
        if not ok or c.has("shroud") or (c.has("hexproof") and c.controller != source.controller):
            continue
        if any(has_quality(source, q) for q in c.protections()):
            continue
        out.append(t)
    return out


def life_targets(state, controller: str, whom: str) -> list[str]:  # type: ignore[no-untyped-def]
    """115.1: "target player" any player, "target opponent" another player than the controller; [""] for
    no target."""
    players = [p.name for p in state.s.players if p.name not in hexproof_players(state.field(), controller)]  # 702.11c
    if whom == "player":
        return players
    return [p for p in players if p != controller] if whom == "opponent" else [""]


def recipients(state, field: dict[str, Characteristics], source: Characteristics, whom: str) -> list[str]:  # type: ignore[no-untyped-def]
    """ "each creature [with / without flying] [and each player] / each player / each opponent" (102.2)."""
    players = [p.name for p in state.s.players]
    out = []
    if whom in ("each_creature", "each_creature_and_player", "each_creature_without_flying",
                "each_creature_without_flying_and_player"):
        out += [t for t, c in sorted(field.items()) if c.is_creature
                and not ("without_flying" in whom and c.has("flying"))]
    if whom == "each_creature_with_flying":
        out += [t for t, c in sorted(field.items()) if c.is_creature and c.has("flying")]
    if whom in ("each_creature_and_player", "each_creature_without_flying_and_player", "each_player"):
        out += players
    if whom == "each_opponent":
        out += [p for p in players if p != source.controller]
    return out


def pushes(state):  # type: ignore[no-untyped-def]
    """Every activation of one of these abilities now, each way of paying: the state after paying its
    costs and the ability as it goes on the stack (602.2, 405.1; resolved by
    :func:`reference.activated.resolve_activated`), or None where ward counters it (702.21a, its
    costs paid; reference.outcomes.costs_paid: a player who paid their last life has lost, 704.5a)."""
    from .outcomes import costs_paid

    field = state.field()
    out = set()
    for p, c, kind, ab in abilities_on_field(state, field):
        if kind not in KINDS:
            continue
        if ab.before_attackers and (p.controller != state.s.active or state.s.combat.attackers is not None):
            continue  # 602.5b
        if ab.while_attacking and (p.id not in dict(state.s.combat.attackers or ()) or p.removed_from_combat):
            continue  # "activate only if ~ is attacking" (602.5)
        if ab.when_attacked and not (state.s.combat.blockers is None and any(
                t == p.controller for _, t in state.s.combat.attackers or ())):
            continue  # "only during the declare attackers step and only if you've been attacked this step" (602.5)
        if (c.power or 0) < ab.min_power:
            continue  # "activate only if ~'s power is N or greater" (602.5: as it is activated)
        whom = targets(state, field, c, ab) if kind == "ping" else \
            life_targets(state, p.controller, ab.target) if kind == "life" else [""]
        # "{X}…: ~ deals X damage" (107.3, 601.2b): each X, paid with the rest; X = 0 only where the cost
        # sacrifices (else it does nothing but pay, 120.8)
        pool = state.s.player(p.controller).mana.total
        xs = [(ab, Mana())] if not ab.x else [
            (replace(ab, damage=x, x=""), ab.x_mana(x))
            for x in range(0 if ab.extra.sacrifice_self or ab.extra.sacrifice else 1, pool + 1)]
        for t, (chosen, xm) in itertools.product(whom, xs):
            # 113.7a: a source sacrificed as the cost is paid last existed as it is now (`c`)
            entry = ("activated", p.controller, p.id, kind, chosen, t, c)
            ward = sum((v for v in field[t].values("ward") if isinstance(v, Mana)), Mana()) \
                if t in field and field[t].controller != p.controller else Mana()
            if ward.total:  # 702.21a: countered
                out |= {(after, None) for after in costs_paid(state, p, replace(ab.full_cost, mana=ab.cost + xm))}
            out |= {(after, entry) for after in costs_paid(state, p, replace(ab.full_cost, mana=ab.cost + ward + xm))}
    return out


def damage_back(state, creature: str, source: str):  # type: ignore[no-untyped-def]
    """`creature` (still on the battlefield: deathtouch destroys it only as state-based actions are checked,
    704.5h) deals damage equal to its power as it now is (608.2h, 107.1b) to `source`, if that is on the
    battlefield (no target), unless protection from one of its qualities prevents it (702.16e)."""
    field = state.field()
    c = field[creature]
    if source not in field or any(has_quality(c, q) for q in field[source].protections()):
        return state.s, set()
    return resolve_death(state.s, field, ("dies", "dies_damage", "", source, max(0, c.power or 0), c.controller, c,
                                          "itself"))


def dealt(state, source: Characteristics, kind: str, ab: CombatAbility, target: str):  # type: ignore[no-untyped-def]
    """608.2, 113.7a: the source's damage (as it was, `source`), then 704.3 and 704.5a/c."""
    from .outcomes import settle

    field = state.field()
    if kind == "fog":  # 615.1a: all combat damage this turn
        return replace(state, s=replace(state.s, combat=replace(state.s.combat, combat_damage_prevented=True)))
    if kind == "life":  # 119.3: life lost, then gained
        losing = {target} if target else {p.name for p in state.s.players if ab.target == "each_player"
                                          or (ab.target == "each_opponent" and p.name != source.controller)}
        players = tuple(replace(p, life=p.life - (ab.loss if p.name in losing else 0)
                                + (ab.gain if p.name == source.controller else 0)) for p in state.s.players)
        after = settle(replace(state, s=replace(state.s, players=players)))
        return replace(after, over=any(p.life <= 0 or p.poison >= 10 for p in after.s.players))
    if (ab.power or ab.toughness) and source.id in field:  # "~ gets +X/+Y … and deals N damage to you" (608.2c)
        state = replace(state, s=replace(state.s, permanents=tuple(
            replace(q, until_end_of_turn=(q.until_end_of_turn[0] + ab.power, q.until_end_of_turn[1] + ab.toughness))
            if q.id == source.id else q for q in state.s.permanents)))
        field = state.field()
    whom = [target] if kind == "ping" else recipients(state, field, source, ab.target)
    if ab.radiance:  # "and each other creature that shares a color with it" (105.2, 608.2h; no target)
        whom += [t for t, c in sorted(field.items())
                 if c.is_creature and t != target and c.colors & field[target].colors]
    if ab.target == "player_fighting":  # each attacking or blocking creature the target player controls (608.2h)
        fighting = set(dict(state.s.combat.attackers or ())) | {b for b, _ in state.s.combat.blockers or ()}
        whom = [t for t, c in sorted(field.items()) if c.is_creature and c.controller == target and t in fighting
                and not state.s.permanent(t).removed_from_combat]
    if ab.power_damage and source.id in field:  # 608.2h: a source still on the battlefield as it now is
        source = field[source.id]
    # "damage equal to its power" (608.2h, 107.1b: not below 0; 208.3: a noncreature has none, 0)
    damage = max(0, source.power or 0) if ab.power_damage else ab.damage
    if ab.counters_damage:  # "equal to the number of +1/+1 counters on ~" (122.1a; 608.2h)
        damage = sum(n for dp, dt, n in (field[source.id] if source.id in field else source).pt_counters
                     if (dp, dt) == (1, 1))
    if ab.counted:  # "equal to the number of <name> counters on ~" (122.1; 608.2h: as it last existed too)
        damage = dict(state.s.permanent(source.id).named_counters).get(ab.counted, 0)
    # "… and M damage to you / to itself" (115.10b: no target): the controller, or the source if it is still on
    # the battlefield; in the same event (120.3): to the target as well, one amount
    also = source.controller if ab.also_to == "you" else source.id if ab.also_to == "itself" else ""
    amounts = {r: damage for r in whom}
    if ab.also_damage and (also in field or ab.also_to == "you"):
        amounts[also] = amounts.get(also, 0) + ab.also_damage
    s, gone = state.s, set(state.gone)
    for r, n in amounts.items():
        if r in field and any(has_quality(source, q) for q in field[r].protections()):
            continue  # 702.16e
        # the target (608.2b) or a player; "you" (115.10b); a permanent it does not target: hexproof and shroud
        # concern targets only (702.11b, 702.18a)
        spec = "itself" if r in field and not (kind == "ping" and r == target) else "any" if r in whom else "you"
        dealt = ("dies", "dies_damage", "", r, n, source.controller, source, spec)
        s, destroyed = resolve_death(s, field, dealt)
        gone |= destroyed
    if ab.then_tap or ab.then_cant_block:  # "tap that creature" (701.26a), "… can't block this combat" (509.1b)
        s = replace(s, permanents=tuple(replace(p, tapped=p.tapped or ab.then_tap,
                                                cant_block_this_turn=p.cant_block_this_turn or ab.then_cant_block)
                                        if p.id == target and target in field else p for p in s.permanents))
    if ab.damage_back:  # "That creature deals damage equal to its power to ~" (608.2c): it as it now is, 608.2h
        s, destroyed = damage_back(replace(state, s=s), target, source.id)
        gone |= destroyed
    # (the sacrificed source and those deathtouch destroyed left the battlefield, 506.4: as the
    # situation says it)
    s = replace(s, permanents=tuple(replace(q, left_battlefield=True) if q.id in gone else q for q in s.permanents))
    after = settle(replace(state, s=s, gone=frozenset(gone)))
    return replace(after, over=any(p.life <= 0 or p.poison >= 10 for p in after.s.players))
