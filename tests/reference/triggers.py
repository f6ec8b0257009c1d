"""Combat triggers (603.2) resolved after a declaration, in plain Python.

Independent of the ASP encodings and of ``pysolver.rules.triggers``: input is the typed model only. Each
instance of a triggered ability triggers separately (113.2c); a face-down permanent has none
(708.2a). Every ability here only raises power and toughness (until end of turn, 613.4c) or puts
+1/+1 counters on (122.1a), so the order of resolution (603.3b) does not matter and they are
applied one after the other.

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Bushido 2"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}}})
>>> block_triggers(s.with_combat(blockers=(("y", "x"),)), frozenset()).permanent("x").until_end_of_turn
(2, 2)
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import cast

from pysolver.model import Permanent, Situation
from pysolver.model.abilities import OnCombat

from .characteristics import Characteristics, field_of, hexproof_players
from .deaths import apnap, resolve_death
from .declarations import has_quality
from .provoke import legal_targets, provoke_sources
from .tokens import create, kinds
from .window_triggers import fits


def _pumped(s: Situation, gains: list[tuple[str, int, int, int]]) -> Situation:
    """`s` with each (permanent, +X, +Y, +1/+1 counters) applied."""
    permanents = []
    for p in s.permanents:
        for pid, x, y, n in gains:
            if pid == p.id:
                px, py = p.until_end_of_turn
                p = replace(p, until_end_of_turn=(px + x, py + y))
                if n:
                    p = p.with_counters(1, 1, n)
        permanents.append(p)
    return replace(s, permanents=tuple(permanents))


def _field(s: Situation, gone: frozenset[str]) -> dict[str, Characteristics]:
    return field_of(s, gone)


def _pumps(c: Characteristics, kind: str) -> list[tuple[int, int]]:
    return [v for v in c.values(kind)]  # type: ignore[misc]


def attack_triggers(s: Situation, gone: frozenset[str]) -> Situation:
    """508.2a, 508.3a: what the declared attackers trigger, resolved."""
    field = _field(s, gone)
    attacks = {a: t for a, t in s.combat.attackers or () if a in field and field[a].is_creature}
    players = {p.name for p in s.players}
    gains: list[tuple[str, int, int, int]] = []
    if len(attacks) == 1:  # 702.83a/b: attacks alone; each exalted instance its controller controls
        (a,) = attacks
        n = sum(c.instances("exalted") for c in field.values() if c.controller == field[a].controller)
        gains.append((a, n, n, 0))
    attacked = {t for t in attacks.values() if t in players}
    most = max(p.life for p in s.players)
    made = any(e.effect == "create" for a in attacks for e in _on(field[a], "on_attack"))
    for a, target in attacks.items():
        c = field[a]
        # 702.91a: each other attacking creature +1/+0 (on the stack beside tokens to come: attack_stacked)
        cries = 0 if made else c.instances("battle_cry")
        gains += [(b, cries, 0, 0) for b in attacks if b != a]
        m = c.instances("melee") * len(attacked)  # 702.121a: per opponent attacked (players only)
        gains.append((a, m, m, 0))
        if target in players and s.player(target).life == most:  # 702.105a
            gains.append((a, 0, 0, c.instances("dethrone")))
        gains += [(a, x, y, 0) for x, y in _pumps(c, "attacks_pump")]
        others = len(attacks) - 1
        if others >= 2:  # 207.2c battalion: it and at least two other creatures attack
            gains += [(a, x, y, 0) for x, y in _pumps(c, "battalion_pump")]
        gains += [(a, x * others, y * others, 0) for x, y in _pumps(c, "attacks_pump_each")]  # per other attacker
        for x, y, ctype in c.values("attacks_pump_each_type"):  # type: ignore[misc]
            k = sum(1 for b in attacks if b != a and ctype in field[b].subtypes)  # 205.3m, 702.73a changeling
            gains.append((a, x * k, y * k, 0))
    fired = [(a, e, a) for a in attacks for e in _on(field[a], "on_attack")
             if (e.event == "attacks" or (e.event == "alone" and len(attacks) == 1)  # 508.3a, 506.5
                 or (e.event == "battalion" and len(attacks) >= 3))  # 207.2c: it and two or more others
             and _intervenes(s, field, a, attacks[a], e)]
    return _effects(_pumped(s, gains), field, set(attacks), fired)


def _intervenes(s: Situation, field: dict[str, Characteristics], source: str, attacked: str, e: OnCombat) -> bool:
    """603.4: whether the intervening "if" of `e` (none: true) holds as `source`, attacking `attacked`, attacks:
    its controller controls a permanent of a creature type (205.3m), its defending player has a poison counter
    (506.2, 122.1f), it is renowned (702.112b), its controller's creatures have a total power of at least N, its
    controller controls no untapped land (110.5)."""
    if e.condition is None:
        return True
    name, *args = e.condition
    if name == "controls":
        ctype = args[0][1]
        return any(c.controller == field[source].controller and ctype in c.subtypes for c in field.values())
    if name == "poisoned":
        defending = attacked if attacked in {p.name for p in s.players} else _defending(s, attacked)
        return s.player(defending).poison > 0
    if name == "total_power":  # 207.2c formidable (107.1b: a negative power counts as it is)
        return sum(c.power or 0 for c in field.values() if c.is_creature
                   and c.controller == field[source].controller) >= args[0]
    if name == "no_untapped_lands":  # 110.5, 305.1: no land its controller controls is untapped
        return not any(c.is_land and c.controller == field[source].controller and not s.permanent(pid).tapped
                       for pid, c in field.items())
    assert name == "renowned", e.condition
    return s.permanent(source).renowned


# ==== The effect grammar (pysolver.model.abilities.OnCombat) ==================================

def _on(c: Characteristics, kind: str) -> list[OnCombat]:
    return [cast(OnCombat, v) for v in c.values(kind)]


def is_of(c: Characteristics, q: tuple) -> bool:
    """Whether a creature has quality `q` (105.2 colors, 205.3m creature types, 205.2a card types, a
    keyword it has; reference.window_triggers.fits, with no source of its own)."""
    return fits(c, q, "")


def _effects(s: Situation, field: dict[str, Characteristics], attacking: set[str],
             fired: list[tuple[str, OnCombat, str]]) -> Situation:
    """`s` after the triggers `fired` (source, effect, the other creature of its event or the source)
    resolved, one after the other: whom each reaches as it resolves (611.2c), and what it does: +X/+Y and a
    keyword until end of turn (613.4c, 613.1f), +1/+1 counters (122.1a), life gained (119.3), tapped
    (701.26a), can't be blocked this combat (509.1b), all combat damage prevented this turn (615.1a). (Poison
    counters wait on the stack: :func:`stacked`.)"""
    for source, e, partner in fired:
        me = field[source]
        if e.effect == "fog":  # 615.1a: every creature's combat damage this turn
            s = replace(s, combat=replace(s.combat, combat_damage_prevented=True))
            continue
        if e.whom == "controller":
            gain = e.amount if e.effect == "gain_life" else 0
            if e.effect == "gain_life_each":  # 119.3, 205.3m: N for each permanent of the type it controls
                gain = e.amount * sum(1 for c in field.values() if c.controller == me.controller
                                      and cast(tuple, e.per)[1] in c.subtypes)
            s = replace(s, players=tuple(replace(p, life=p.life + gain) if p.name == me.controller else p
                                         for p in s.players))
            continue
        if e.effect == "remove_minus":  # 122.1a, 608.2c: "if you do": only if it has a -1/-1 counter
            if source in field and s.permanent(source).minus_counters > 0:
                s = replace(s, permanents=tuple(p.with_counters(-1, -1, -1) if p.id == source else p
                                                for p in s.permanents),
                            players=tuple(replace(p, life=p.life + e.amount) if p.name == me.controller else p
                                          for p in s.players))
            continue
        if e.effect == "gets_lands":  # 613.4c, 506.2: +X/+0, X the lands its defending player controls
            attacked = dict(s.combat.attackers or ())[source]
            defending = attacked if attacked in {p.name for p in s.players} else _defending(s, attacked)
            e = replace(e, effect="gets", power=sum(1 for c in field.values() if c.is_land
                                                    and c.controller == defending))
        if e.effect == "gets_power":  # 613.4c, 107.1b: +X/+X, X its power as it resolves (0 if negative)
            assert me.power is not None
            e = replace(e, effect="gets", power=max(me.power, 0), toughness=max(me.power, 0))
        if e.whom == "self":
            whom = {source}
        elif e.whom == "partner":
            whom = {partner}
        elif e.whom == "attacking":
            whom = {x for x in attacking if is_of(field[x], e.quality)}
        elif e.whom == "you":
            whom = {x for x, c in field.items() if c.is_creature and c.controller == me.controller
                    and is_of(c, e.quality)}
        elif e.whom == "all":  # 509.1b, 611.2c: every creature of the quality as it resolves
            whom = {x for x, c in field.items() if c.is_creature and is_of(c, e.quality)}
        else:
            continue
        whom = {x for x in whom if x in field and field[x].is_creature and not (e.other and x == source)}
        s = replace(s, permanents=tuple(_affected(p, e) if p.id in whom else p for p in s.permanents))
    return s


def _exerted(s: Situation, gone: frozenset[str], source: str, e: OnCombat) -> Situation:
    """The linked ability of an exerted creature (701.43d) or an energy-paid one (603.5) resolves: its source, if
    still on the battlefield, or each creature its controller controls now (611.2c), gets +X/+Y (and the keyword)
    until end of turn, or the +1/+1 counters (122.1a), or "all other creatures you control" untap (701.26b), or the
    other attacking creatures get +X/+X, X its power (608.2h); or its controller creates the tokens (111.1)."""
    field = _field(s, gone)
    me = s.permanent(source).controller  # 603.3a: the ability's controller, its source's as it last existed
    if e.effect == "create":  # 111.1, 111.2: its controller creates them
        assert e.token is not None
        return create(s, source, e.token, me, e.token.count, field)
    attacking = {a for a, _ in s.combat.attackers or () if not s.permanent(a).removed_from_combat}
    reached = {source} & set(field) if e.whom == "self" else {
        pid for pid, c in field.items() if c.is_creature and not (e.other and pid == source)
        and (c.controller == me if e.whom == "you" else pid in attacking)}
    if e.effect == "gets_power":  # 608.2h: its power as it resolves, or as it last existed (107.1b)
        x = max(0, _field(s, gone - {source})[source].power or 0)
        e = replace(e, effect="gets", power=x, toughness=x)
    return replace(s, permanents=tuple(_affected(p, e) if p.id in reached and field[p.id].is_creature else p
                                       for p in s.permanents))


def _affected(p: Permanent, e: OnCombat) -> Permanent:
    if e.effect == "gets":
        keywords = tuple(sorted({*p.keywords_until_end_of_turn, e.keyword} - {""}))
        if e.evades is not None:  # 509.1b: "can't be blocked by creatures with power N or less this turn"
            p = replace(p, cant_be_blocked_by_power_this_turn=max(e.evades, p.cant_be_blocked_by_power_this_turn or 0))
        return replace(p, until_end_of_turn=(p.until_end_of_turn[0] + e.power, p.until_end_of_turn[1] + e.toughness),
                       keywords_until_end_of_turn=keywords)
    if e.effect == "gains":
        return replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, e.keyword})))
    if e.effect == "counters":
        return p.with_counters(1, 1, e.amount)
    if e.effect == "tap":
        return replace(p, tapped=True)
    if e.effect == "unblockable":
        return replace(p, cant_be_blocked_this_turn=True)
    if e.effect == "cant_block":  # 509.1b
        return replace(p, cant_block_this_turn=True)
    if e.effect == "untap":  # 701.26b
        return replace(p, tapped=False)
    if e.effect == "becomes":  # 105.3: that color alone from now on
        return replace(p, colors=(e.keyword,))
    return p


def _block_fired(s: Situation, field: dict[str, Characteristics]) -> list[tuple[str, OnCombat, str]]:
    """509.2a: the triggers of the effect grammar the declared blockers trigger, each (source, effect,
    the other creature of its event or the source): "blocks" once (509.3a), "becomes blocked" once (509.3c),
    "becomes blocked by a <quality> creature" once for each such blocker (509.3d), "blocks a <quality>
    creature" once for each such attacker (509.3b), "by one or more" once if any (509.3e), qualities as
    blockers are declared (509.3f); "attacks and isn't blocked" if no blocker was declared for it (509.3g)."""
    blocks = [(b, a) for b, a in s.combat.blockers or () if b in field and field[b].is_creature]
    attackers = {a for a, _ in s.combat.attackers or () if a in field and field[a].is_creature}
    declared = {x for _, x in s.combat.blockers or ()}
    out = []
    for pid, c in field.items():
        blocking = [a for b, a in blocks if b == pid and a in attackers]
        blocked_by = [b for b, a in blocks if a == pid] if pid in attackers else []
        for e in _on(c, "on_block"):
            q = e.partner
            others = {"blocked_by": blocked_by, "blocks_creature": blocking, "either_by": blocked_by + blocking,
                      "blocked_by_any": blocked_by, "either_by_any": blocked_by + blocking}.get(e.event, [])
            if e.event == "yours_blocks":  # 509.3a: once for each creature of its controller's that blocks
                others = sorted({b for b, _ in blocks if field[b].controller == c.controller})
            if e.event == "yours_blocked":  # 509.3c: once for each attacker of its controller's blocked
                others = sorted(a for a in attackers if a in declared and field[a].controller == c.controller)
            others = [x for x in others if q is None or is_of(field[x], q)]
            if e.event in ("blocked_by", "blocks_creature", "either_by", "yours_blocks", "yours_blocked"):
                out += [(pid, e, x) for x in others]
            elif e.event.endswith("_any"):
                out += [(pid, e, pid)] if others else []
            elif (e.event == "blocks" and blocking) or (e.event == "blocked" and pid in declared and pid in attackers) \
                    or (e.event == "blocks_or_blocked" and (blocking or (pid in declared and pid in attackers))) \
                    or (e.event == "unblocked" and pid in attackers and pid not in declared):
                out.append((pid, e, pid))
    return out


def block_triggers(s: Situation, gone: frozenset[str]) -> Situation:
    """509.2a, 509.3a (blocks: once), 509.3c (becomes blocked: once): what the declared blockers
    trigger, resolved; rampage counts the blockers beyond the first (702.23a)."""
    field = _field(s, gone)
    blocks = [(b, a) for b, a in s.combat.blockers or () if b in field and field[b].is_creature]
    blockers = {b for b, _ in blocks}
    attackers = {a for a, _ in s.combat.attackers or () if a in field and field[a].is_creature}
    declared = {x for _, x in s.combat.blockers or ()}  # 509.1h: blocked by a creature declared as a blocker
    blocked = {a: sum(1 for _, x in blocks if x == a) for a in attackers if a in declared}
    gains: list[tuple[str, int, int, int]] = []
    for pid in blockers | set(blocked):
        c = field[pid]
        gains += [(pid, n, n, 0) for n in c.values("bushido")]  # type: ignore[misc]
        gains += [(pid, x, y, 0) for x, y in _pumps(c, "blocks_or_blocked_pump")]
        gains += [(pid, x, y, 0) for x, y in _pumps(c, "blocks_pump" if pid in blockers else "blocked_pump")]
    for a, k in blocked.items():  # 509.3d: once for each creature blocking it
        gains += [(a, x * k, y * k, 0) for x, y in _pumps(field[a], "blocked_by_pump")]
    for b, a in blocks:  # 509.3b, 509.3f: once for each attacker with flying it blocks
        if a in attackers and field[a].has("flying"):
            gains += [(b, x, y, 0) for x, y in _pumps(field[b], "blocks_flyer_pump")]
    for a, k in blocked.items() if not any(t[0] in ("flanking", "blocked_destroy") for t in stacked(s, gone)) else ():
        gains += [(a, n * (k - 1), n * (k - 1), 0) for n in field[a].values("rampage") if k > 1]  # type: ignore[operator]
    return _effects(_pumped(s, gains), field, attackers, _block_fired(s, field))


# ==== Abilities that wait on the stack (603.3b, 608.2) =====================================
# Flanking and afflict are the active player's (the attackers'); with flanking around, so is a
# rampage, which counts the blockers as it resolves (702.23b). Written (kind, source, target, N).

Stacked = tuple[str, str, str, int]


def stacked(s: Situation, gone: frozenset[str]) -> list[Stacked]:
    """What the declared blockers trigger that goes on the stack: 702.25a flanking, once per
    blocker without flanking (509.3d), per instance; 702.130a afflict N (the defending player,
    506.2); 702.23a rampage when some flanking triggered."""
    field = _field(s, gone)
    blocks = [(b, a) for b, a in s.combat.blockers or () if b in field and field[b].is_creature]
    attacks = {a: t for a, t in s.combat.attackers or () if a in field and field[a].is_creature}
    declared = {x for _, x in s.combat.blockers or ()}
    out: list[Stacked] = []
    for b, a in blocks:
        if a in attacks and not field[b].has("flanking"):
            out += [("flanking", a, b, 0)] * field[a].instances("flanking")
        if a in attacks:  # 509.3d: "becomes blocked by a creature, destroy that creature", once per blocker
            out += [("blocked_destroy", a, b, 0)] * field[a].instances("blocked_destroy")
    for a, target in attacks.items():
        if a in declared:
            player = target if target in {p.name for p in s.players} else _defending(s, target)
            out += [("afflict", a, player, n) for n in field[a].values("afflict")]  # type: ignore[misc]
    for pid, e, partner in _block_fired(s, field):  # 509.3g, 122.1f: poison counters for the defending player
        if e.effect == "create" and e.token is not None:  # 111.1
            out.append(("create_tokens", pid, "", kinds(field[pid]).index(e.token)))
        if e.effect == "destroy":  # 509.3d, 701.8a: "destroy that creature", once for each such blocker
            out.append(("blocked_destroy", pid, partner, 0))
        if e.effect in ("poison", "assigns_none_loss"):  # (506.2; 510.1a: and it assigns no combat damage)
            target = attacks[pid]
            out.append(("poisons" if e.effect == "poison" else "assigns_none_loss", pid,
                        target if target in {p.name for p in s.players} else _defending(s, target), e.amount))
    if any(t[0] in ("flanking", "blocked_destroy") for t in out):  # a blocker may leave first
        out += [("rampage", a, "", n) for a in attacks if a in declared for n in field[a].values("rampage")]  # type: ignore[misc]
    return out


def attack_stacked(s: Situation, gone: frozenset[str]) -> list[Stacked]:
    """What the declared attackers trigger that goes on the stack (508.3a): "defending player loses N
    life" (506.2) and "each opponent loses N life", per instance, in any order (603.3b)."""
    field = _field(s, gone)
    out: list[Stacked] = []
    for a, target in s.combat.attackers or ():
        if a in field and field[a].is_creature:
            player = target if target in {p.name for p in s.players} else _defending(s, target)
            out += [("attacks_loss", a, player, n) for n in field[a].values("attacks_loss")]  # type: ignore[misc]
            out += [("attacks_opponents_loss", a, "", n)  # type: ignore[misc]
                    for n in field[a].values("attacks_opponents_loss")]
            out += _creating(field[a], a, len(s.combat.attackers or ()) == 1)
            out += [("attacks_loss", w, player, n) for w, c in field.items() if c.controller == field[a].controller
                    for ctype, n in c.values("type_attacks_loss") if ctype in field[a].subtypes]  # type: ignore[misc]
            out += [("shrink_defending", w, player, n) for w, c in field.items()  # 603.2c: -N/-N to its creatures
                    if c.controller == field[a].controller
                    for ctype, n in c.values("type_attacks_shrink") if ctype in field[a].subtypes]  # type: ignore[misc]
    if any(t[0] == "create_tokens" for t in out):  # 702.91a: counted as it resolves, after tokens or before
        out += [("battle_cry", a, "", 0) for a, _ in s.combat.attackers or () if a in field and field[a].is_creature
                for _ in range(field[a].instances("battle_cry"))]
    return out


def _creating(c: Characteristics, pid: str, alone: bool) -> list[Stacked]:
    """111.1: each "Whenever ~ attacks [alone], create …" of attacker `c` (506.5: `alone`, the only one declared):
    ("create_tokens", its source, "", which of the source's token-making abilities, reference.tokens.kinds)."""
    return [("create_tokens", pid, "", kinds(c).index(e.token)) for e in _on(c, "on_attack")
            if e.effect == "create" and e.token is not None
            and (e.event == "attacks" or (e.event == "alone" and alone))]


def _defending(s: Situation, target: str) -> str:
    """506.2: the controller of an attacked planeswalker, the protector of an attacked battle."""
    p = s.permanent(target)
    return p.protector if "Battle" in p.types and p.protector else p.controller


def destroyed_by(s: Situation, gone: frozenset[str], t: Stacked) -> set[str]:
    """701.8a, 702.12b: what `t` ("destroy that creature") destroys: the blocker if it is still on the
    battlefield and not indestructible."""
    field = _field(s, gone)
    target = t[2]
    return {target} if target in field and field[target].is_creature and not field[target].has("indestructible") \
        else set()


def resolve(s: Situation, gone: frozenset[str], t: Stacked) -> Situation:
    """608.2: one of them resolves (state-based actions are the caller's)."""
    kind, source, target, n = t
    field = _field(s, gone)
    if kind == "create_tokens":  # 111.2, 603.3a: its source's controller creates them; 508.4 tapped and attacking
        p = s.permanent(source)
        spec = kinds(p)[n]
        after = create(s, source, spec, p.controller, spec.count, field)
        if not spec.attacking:
            return after
        new = [x.id for x in after.permanents[len(s.permanents):]]
        opponent = next(pl.name for pl in s.players if pl.name != p.controller)
        return after.with_combat(attackers=(*(s.combat.attackers or ()), *((x, opponent) for x in new)))
    if kind == "battle_cry":  # 702.91a: each other attacking creature, as it resolves
        return _pumped(s, [(a, 1, 0, 0) for a, _ in s.combat.attackers or () if a != source and a in field
                           and field[a].is_creature])
    if kind == "shrink_defending":  # 613.4c, 611.2c: each creature the defending player controls as it resolves
        return _pumped(s, [(c, -n, -n, 0) for c, x in field.items() if x.is_creature and x.controller == target])
    if kind == "flanking":  # 702.25a: -1/-1 until end of turn, if the blocker is still there
        return _pumped(s, [(target, -1, -1, 0)]) if target in field and field[target].is_creature else s
    if kind == "poisons":  # 509.3g, 122.1f
        return replace(s, players=tuple(replace(p, poison=p.poison + n) if p.name == target else p for p in s.players))
    if kind in ("afflict", "attacks_loss"):  # 702.130a, 508.3a, 119.3
        return replace(s, players=tuple(replace(p, life=p.life - n) if p.name == target else p for p in s.players))
    if kind == "assigns_none_loss":  # 119.3; 510.1a, 611.2a: its source, if still there, assigns no combat damage
        lost = replace(s, players=tuple(replace(p, life=p.life - n) if p.name == target else p for p in s.players))
        return replace(lost, permanents=tuple(replace(p, assigns_no_combat_damage=True) if p.id == source
                                              and source in field else p for p in lost.permanents))
    if kind == "blocked_destroy":  # what it destroys is destroyed_by's (the state's permanents gone)
        return s
    if kind == "attacks_opponents_loss":  # 102.2: each opponent of the attacker's controller
        me = s.permanent(source).controller
        return replace(s, players=tuple(replace(p, life=p.life - n) if p.name != me else p for p in s.players))
    if source not in field:
        return s
    k = sum(1 for b, a in s.combat.blockers or () if a == source and b in field and field[b].is_creature)
    return _pumped(s, [(source, n * (k - 1), n * (k - 1), 0)]) if k > 1 else s  # 702.23a, b


# ==== Attack triggers with a target (508.3a, 603.3d) ==========================================
# "Whenever ~ attacks, [you may have] target creature … <effect>" (pysolver.model.abilities.ON_TARGET), as on the
# stack: ("on_target", source, target or "", the effect). The active player puts them on the stack (603.3a) in
# any order (603.3b) with provoke's (reference.provoke), each with a legal target (603.3d, 601.2c): none if there
# is none, or, with "you may" (603.5), none to do nothing.

Targeted = tuple[str, str, str, OnCombat]


def targeted_targets(s: Situation, gone: frozenset[str], source: str, e: OnCombat) -> list[str]:
    """The legal targets of `source`'s trigger with effect `e` now, the source as it last existed (608.2b):
    115.1 a creature (the defending player's, 506.2; an opponent's, 102.2; its controller's), 115.4 any
    target (a player, a creature, planeswalker or battle); not one with shroud (702.18a), hexproof under
    another player (702.11b) or protection from a quality of the source (702.16b)."""
    field = _field(s, gone - {source})
    me = field[source]
    attacked = dict(s.combat.attackers or ()).get(source)
    defending = None if attacked is None else (attacked if attacked in {p.name for p in s.players}
                                               else _defending(s, attacked))
    out = [p.name for p in s.players if p.name not in hexproof_players(field, me.controller)] \
        if e.target == "any" else []  # 702.11c
    attacking = {a for a, _ in s.combat.attackers or () if not s.permanent(a).removed_from_combat}  # 506.4
    for pid, c in sorted(field.items()):
        if pid in gone:
            continue
        ok = {"creature": c.is_creature, "defending": c.is_creature and c.controller == defending,
              "attacking": c.is_creature and pid in attacking,  # 702.134a mentor, 506.3
              "opponent": c.is_creature and c.controller != me.controller,
              "yours": c.is_creature and c.controller == me.controller,
              "any": c.is_creature or c.is_planeswalker or c.is_battle}[e.target]
        if not ok or c.has("shroud") or (c.has("hexproof") and c.controller != me.controller):
            continue
        if e.target_quality == ("lesser_power",):  # 702.134a: less than the source's power (as it last existed)
            if (c.power or 0) >= (me.power or 0):
                continue
        elif e.target_quality is not None and not is_of(c, e.target_quality):  # 115.1 "with <quality>"
            continue
        if any(has_quality(me, q) for q in c.protections()):
            continue
        out.append(pid)
    return out


def targeted_triggers(s: Situation, gone: frozenset[str]) -> list[tuple[str, OnCombat]]:
    """Each attack trigger with a target of the attackers on the battlefield (508.2a; 708.2a: a face-down
    one has none), one per instance (113.2c); "Whenever ~ becomes tapped" only if the attack tapped it (508.1f:
    unless it has vigilance, 702.20b)."""
    field = _field(s, gone)
    return [(a, e) for a, _ in sorted(s.combat.attackers or ()) if a in field and field[a].is_creature
            for e in _on(field[a], "on_target") if e.event != "tapped" or not field[a].has("vigilance")]


def attack_stacks(s: Situation, gone: frozenset[str]) -> set[tuple]:
    """Every way the active player can put the provoke triggers and the attack triggers with a target on
    the stack, each with its target (603.3d), in any order (603.3b): in the order they resolve."""
    field = _field(s, gone)
    choices: list[list[tuple]] = [[("provoke", a, t, 0) for t in ["", *legal_targets(s, field, a)]]
                                  for a in provoke_sources(s, field)]
    for a, e in targeted_triggers(s, gone):
        if e.whom != "target":  # 701.43d: exerted as it attacked, or 603.5 "you may pay {E}" (its source named) or not
            choices.append([("on_target", a, t, e) for t in (("", a) if e.optional else (a,))])
            continue
        legal = targeted_targets(s, gone, a, e)
        choices.append([("on_target", a, t, e) for t in (["", *legal] if e.optional or not legal else legal)])
    return {order for combo in itertools.product(*choices) for order in itertools.permutations(combo)}


def resolve_targeted(s: Situation, gone: frozenset[str], t: Targeted) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves (state-based actions are the caller's): nothing with no target or one no longer
    legal (608.2b); else the target is tapped or untapped (701.26a-b), can't block this turn (509.1b), gets
    +X/+Y or a keyword until end of turn (613.4c, 613.1f), or is dealt the damage by the source as it last
    existed (120.3, 608.2h: :func:`reference.deaths.resolve_death`); the creatures deathtouch destroyed."""
    _, source, target, e = t
    if not target or (e.whom == "target" and target not in targeted_targets(s, gone, source, e)):
        return s, set()
    if e.energy:  # 107.14: "you may pay {E}…": an energy counter removed for each, if its controller has them
        owner = s.player(s.permanent(source).controller)
        if owner.energy < e.energy:
            return s, set()
        s = replace(s, players=tuple(replace(p, energy=p.energy - e.energy) if p.name == owner.name else p
                                     for p in s.players))
    if e.cost is not None:  # "you may pay {cost}. If you do": from what is left of its controller's pool
        owner = s.player(s.permanent(source).controller)
        left = [getattr(owner.mana, k) - getattr(e.cost, k) for k in ("W", "U", "B", "R", "G", "colorless")]
        if min(left) < 0:
            return s, set()
        s = replace(s, players=tuple(replace(p, mana=replace(p.mana, **dict(zip(("W", "U", "B", "R", "G", "colorless"),
                                                                              left))))
                                     if p.name == owner.name else p for p in s.players))
    if e.whom in ("defending_creatures", "defending_creatures_without_flying"):  # 506.2, 120.3: no target (115.1)
        me = _field(s, gone - {source})[source]  # (608.2h: as it last existed)
        attacked = dict(s.combat.attackers or ())[source]
        defending = attacked if attacked in {p.name for p in s.players} else _defending(s, attacked)
        spec = f"each_{e.whom.replace('_creatures', '')}:{defending}"  # (each_defending[_without_flying])
        return resolve_death(s, _field(s, gone), ("dies", "dies_damage", source, source, e.amount, me.controller, me,
                                                  spec))
    if e.whom != "target":  # 701.43d, 607.2h, 603.5: "it" or "creatures you control" (611.2c)
        return _exerted(s, gone, source, e), set()
    if e.effect == "bounce_weaker":  # 608.2h: only if its power is less than the source's (as it last existed)
        power = _field(s, gone - {source})[source].power
        if _field(s, gone)[target].power >= cast(int, power):
            return s, set()
        e = replace(e, effect="bounce")
    if e.effect == "bounce":  # 400.7, 506.4: it leaves the battlefield (and combat), no death (700.4)
        return replace(s, permanents=tuple(replace(p, left_battlefield=True) if p.id == target else p
                                           for p in s.permanents)), {target}
    if e.effect == "damage_counters":  # 120.3, 608.2h: as many as the +1/+1 counters on it as it last existed
        amount = s.permanent(source).plus_counters
        if not amount:
            return s, set()
        e = replace(e, effect="damage", amount=amount)
    if e.effect == "damage":
        me = _field(s, gone - {source})[source]
        return resolve_death(s, _field(s, gone), ("dies", "dies_damage", source, target, e.amount, me.controller, me,
                                                        "any"))

    def affected(p: Permanent) -> Permanent:
        if e.effect == "tap":
            return replace(p, tapped=True)
        if e.effect == "untap":
            return replace(p, tapped=False)
        if e.effect == "cant_block":
            return replace(p, cant_block_this_turn=True)
        return _affected(p, e)
    return replace(s, permanents=tuple(affected(p) if p.id == target else p for p in s.permanents)), set()


# ==== Block triggers their controllers put on the stack (509.2a, 603.3b) ===================================
# "~ deals N damage to that creature" (the other creature of its event, 509.3d) and "[you may] untap ~ and remove
# it from combat" (pysolver.model.abilities.PUT_EFFECTS), as on the stack: ("on_block", source, the creature it
# names or "", the effect). APNAP (101.4): the active player puts theirs in any order, then the defending
# player theirs, which resolve first; "you may" (603.5): the source named, or "" (nothing).

def block_puts(s: Situation, gone: frozenset[str]) -> list[Targeted]:
    """The block triggers of :data:`pysolver.model.abilities.PUT_EFFECTS` the declared blockers trigger
    (reference :func:`_block_fired`), not yet put."""
    field = _field(s, gone)
    return [("on_block", pid, partner if e.effect == "damage" or e.whom == "partner" else "", e)
            for pid, e, partner in _block_fired(s, field)
            if e.effect in ("damage", "remove", "return_to_hand", "lowers", "may_gain_life", "may_assign_none",
                            "power_damage_instead", "damage_prevent")]


def put_orders(s: Situation, gone: frozenset[str]) -> set[tuple]:
    """Every way of putting :func:`block_puts` on the stack (APNAP, each player's in any order, the choice of
    "you may"), as the order they resolve in: the defending players' first."""
    field = _field(s, gone)
    pending = block_puts(s, gone)
    per_player = []
    for player in reversed(apnap(s)):
        mine = [t for t in pending if field[t[1]].controller == player]
        ways = set()
        for order in itertools.permutations(mine):
            choices = [[t] if t[3].effect == "damage" else  # (603.3d, 603.5: a legal target or none)
                       [t[:2] + (x,) + t[3:] for x in ["", *targeted_targets(s, gone, t[1], t[3])]]
                       if t[3].whom == "target" else [t[:2] + (x,) + t[3:] for x in (["", t[2] or t[1]]
                                                                                           if t[3].optional
                                                                                           else [t[2] or t[1]])]
                       for t in order]
            ways |= set(itertools.product(*choices))
        per_player.append(ways)
    return {tuple(itertools.chain(*combo)) for combo in itertools.product(*per_player)}


def _instead(s: Situation, gone: frozenset[str], source: str, target: str, e: OnCombat) -> tuple[Situation, set[str]]:
    """"You may have ~ deal damage equal to its power to target creature. If you do, ~ assigns no combat damage
    this turn", chosen with `target`: nothing if it is no longer a legal target (608.2b); else the source as it
    last existed deals damage equal to its power (608.2h; none if 0 or less, 107.1b, 120.8), and, still on the
    battlefield, assigns no combat damage this turn (118.12: the choice was made; 510.1a, 611.2a); or N damage and
    all combat damage it would deal this turn prevented (615.1a)."""
    if target not in targeted_targets(s, gone, source, e):
        return s, set()
    me = _field(s, gone - {source})[source]
    amount = (me.power or 0) if e.effect == "power_damage_instead" else e.amount
    destroyed: set[str] = set()
    if amount > 0:
        s, destroyed = resolve_death(s, _field(s, gone), ("dies", "dies_damage", source, target, amount,
                                                          me.controller, me, "any"))

    def quiet(p: Permanent) -> Permanent:
        if e.effect == "power_damage_instead":
            return replace(p, assigns_no_combat_damage=True)
        return replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn,
                                                                   "prevent_combat_damage_by"})))
    return replace(s, permanents=tuple(quiet(p) if p.id == source and source not in gone else p
                                       for p in s.permanents)), destroyed


def resolve_put(s: Situation, gone: frozenset[str], t: Targeted) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves (state-based actions are the caller's): the source as it last existed (608.2h) deals
    N damage to the other creature if it is still on the battlefield (120.3; reference.deaths.resolve_death,
    which leaves out a creature with protection from the source, 702.16e); or the source, chosen and still
    there, untaps and is removed from combat (506.4), returns to its owner's hand, or gets +X/-Y until end of turn.
    The creatures deathtouch destroyed, or the one returned."""
    _, source, target, e = t
    if e.effect == "may_gain_life":  # 603.5, 119.3: its controller gains the life if they chose to, its source
        gainer = _field(s, gone - {source})[source].controller  # there or not (113.7a)
        return (replace(s, players=tuple(replace(p, life=p.life + e.amount) if p.name == gainer else p
                                         for p in s.players)) if target else s), set()
    if e.whom in ("combatants", "partner_and_controller"):  # 120.3, 115.1: no target; one event of the source as
        me = _field(s, gone - {source})[source]  # it last existed (608.2h)
        spec = ("each_combatant" if e.whom == "combatants"
                else f"that_creature_and_player:{s.permanent(target).controller}")
        return resolve_death(s, _field(s, gone), ("dies", "dies_damage", source, target, e.amount, me.controller, me,
                                                  spec))
    if not target or target in gone:
        return s, set()
    if e.effect in ("power_damage_instead", "damage_prevent"):
        return _instead(s, gone, source, target, e)
    if e.effect == "damage":
        me = _field(s, gone - {source})[source]
        return resolve_death(s, _field(s, gone), ("dies", "dies_damage", source, target, e.amount, me.controller, me,
                                                        "any"))
    if e.effect == "return_to_hand":  # 400.3: to its owner's hand (gone from the battlefield, 506.4)
        return s, {target}
    if e.effect == "may_assign_none":  # 603.5; 510.1a, 611.2a: chosen, it assigns no combat damage this turn
        return replace(s, permanents=tuple(replace(p, assigns_no_combat_damage=True) if p.id == target else p
                                           for p in s.permanents)), set()
    if e.effect == "lowers":  # 613.4c: "~ gets +X/-Y until end of turn"
        return replace(s, permanents=tuple(replace(p, until_end_of_turn=(p.until_end_of_turn[0] + e.power,
                                                                         p.until_end_of_turn[1] + e.toughness))
                                           if p.id == target else p for p in s.permanents)), set()
    return replace(s, permanents=tuple(replace(p, tapped=False, removed_from_combat=True) if p.id == target else p
                                       for p in s.permanents)), set()
