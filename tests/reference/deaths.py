"""Death triggers (700.4, 603.10a) in plain Python: what dies triggers, every way of putting the
abilities on the stack with their targets, and one of them resolving.

Independent of the ASP encodings and of ``pysolver.rules.triggers``: input is the typed model and the
reference characteristics. "When ~ dies, it deals N damage to any target" and "... to each
opponent" trigger for each creature that left the battlefield in one event; they look back at it
as it last existed (603.10a, 113.7a: the characteristics just before the event, so a face-down one
has no abilities, 708.2a). Each player in APNAP order (101.4, 603.3b) puts their own on the stack
in any order, choosing each one's target as they do (603.3d, 601.2c): a player, or a creature,
planeswalker or battle on the battlefield without protection from a quality of the source (115.4,
702.16b). The last put on resolves first (405.2). Resolving (608.2), it does nothing if its target
is no longer legal (608.2b); else the source's last known information deals N damage (608.2h):
life loss or, with infect, poison counters for a player (120.3a, 120.3b), damage marked or, with
wither or infect, -1/-1 counters for a creature (120.3d, 120.3e), loyalty and defense counters
removed (120.3c, 120.3h), the controller gaining that much life with lifelink (702.15b), and a
creature dealt damage by a source with deathtouch is destroyed (704.5h, 702.12b).

"When ~ dies, create N … tokens" (111.1) triggers the same way and, resolving, its controller creates them
(:mod:`reference.tokens`); so does "When ~ leaves the battlefield, return the exiled card to the battlefield under its
owner's control" (and champion's, 702.72a), which returns each card exiled with it (406.6, 607.2a: its
`exiled_cards`) as a new permanent under its owner's control (:func:`returned`), and "… return the exiled cards to
their owner's hand", which makes each owner's stated hand one card bigger for each (400.7, 402.1); "When ~ dies,
each opponent loses N life / you gain N life" trigger the same way;
"Whenever another creature [you control] dies / a creature you control dies, put N +1/+1 counters on ~ / each
opponent loses N life / you gain N life" trigger on a creature on the battlefield before the event (dying in it
or not: they look back too, 603.6c, 603.10a) once for each creature of that kind that died (603.2c,
700.4), the controllers as they last were; so do the watchers of "a creature", "a creature an opponent
controls" and "[another] <creature type> [you control]", with "untap / tap ~" (701.26), "~ deals N damage
to <target>" (dealt with the watcher's information now if it is still on the battlefield, 608.2h),
"target player loses N life and you gain N life", "target opponent loses N life", "each opponent loses N life and
you gain N life", "create <tokens>" (111.1) and "you may put"; "~ or another <creatures>"; creatures "with power /
toughness N or greater" as they last existed (208.1).
Resolving: N life lost by each opponent of its controller or gained by it (119.3, 102.2), N +1/+1
counters on the source if it is still on the battlefield (122.1a, 400.7).

"When ~ dies, it deals N damage to <target>" may also target only what it says (115.4: "target creature or
player", "target creature [an opponent controls | you control]", "target player", "target opponent",
"target player or planeswalker"; 102.2), or name "you" or "each player" (115.10b: no target); "target
creature gets -N/-N until end of turn" and "put N +1/+1 (-1/-1) counters on target creature" target a
creature; none targets one with shroud, or with hexproof its controller's opponent controls (702.18a,
702.11b); "you may" (603.5) may also have none. Resolving with its target still legal (608.2b): the
damage, -N/-N until end of turn (613.4c), the counters (122.1a); "each player loses N life" (119.3).

A number read from the creature as it last existed (608.2h, :func:`its`): "create X … tokens, where X is ~'s
power", "… for each +1/+1 counter on ~", "put X +1/+1 counters …, where X is the number of +1/+1 counters on ~",
"… for each -1/-1 counter on ~", "target player loses life equal to its power" (107.1b: a negative power is 0);
"target player / target opponent loses N life" (119.3) targets a player.

A death trigger on the stack is written ``("dies", kind, source, target, N, controller, lki, spec)``.

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "imp", "controller": "b", "power": 1, "toughness": 1,
...                     "abilities": ["When ~ dies, it deals 2 damage to any target"]}]})
>>> field = field_of(s, ())
>>> sorted(t[3] for (t,) in put_sequences(s, {}, triggered(field, {"imp"})))
['a', 'b']
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from pysolver.model import Permanent, Situation

from .characteristics import Characteristics, field_of, hexproof_players
from .declarations import has_quality
from .shields import after_shield, prevented_noncombat, regenerated, saved
from .tokens import create, enters_tapped

KINDS = ("dies_damage", "dies_each_opponent", "dies_loss", "dies_gain", "dies_minus", "dies_counters",
         "dies_minus_counters", "dies_all_loss", "dies_target_loss")
HELLBENT = "|no_cards_in_hand"  # 603.4: "if you have no cards in hand, …": only then (checked as it is put)
_ITS_COUNTERS = re.compile(r"its\(counters\((-?1),(-?1)\)\)")
# What each spec lets a death trigger target (115.4; "you may" targets the same, 603.5): players, and
# permanents by what they are and who controls them (102.2: an opponent of its controller).
SPECS = {"any": ("player", "creature", "planeswalker", "battle"), "creature_or_player": ("player", "creature"),
         "creature": ("creature",), "player": ("player",), "opponent": ("opponent",),
         "player_or_planeswalker": ("player", "planeswalker"), "creature_opponent": ("their creature",),
         "creature_yours": ("own creature",), "artifact_creature": ("artifact creature",),
         "artifact_that_player": ("artifact",), "artifact_or_enchantment_that_player": ("artifact", "enchantment")}
# a damage trigger's "target <permanent> that player controls" (reference.dealt: <spec>:<player>)
_THAT_PLAYER = ("creature_that_player", "artifact_that_player", "artifact_or_enchantment_that_player")
# 603.6c, 603.10a: a creature's abilities watching other creatures die: (scope, N) each
WATCHING = ("other_dies_counter", "other_dies_loss", "other_dies_gain", "other_dies_untap", "other_dies_tap",
            "other_dies_damage", "other_dies_drain", "other_dies_target_loss", "other_dies_drain_each",
            "other_dies_create", "other_dies_pump")
ON_WATCHER = ("other_dies_counter", "other_dies_untap", "other_dies_tap", "other_dies_pump")  # to the watcher itself
_TYPED = re.compile(r'typed\((\w+),"([^"]+)"\)')  # a creature type's scope (205.3m)
_AT_LEAST = re.compile(r"at_least\((.+),(power|toughness),(\d+)\)")  # "… with toughness N or greater" (208.1)


def watches(scope: str, wid: str, w: Characteristics, pid: str, c: Characteristics) -> bool:
    """603.6c: whether a watcher `wid` watching `scope` triggers on creature `pid` dying (as they last
    existed): "another creature [you control]", "a creature you control", "a creature", "a creature an
    opponent controls", "[another] <creature type> [you control]" (205.3m, 702.73a changeling), "a creature token"
    (111.1)."""
    if scope.startswith("self_or(") and pid == wid:  # "~ or another <creatures>": itself, whatever its types
        return True
    if scope.startswith("self_or("):
        return watches(scope.removeprefix("self_or(").removesuffix(")"), wid, w, pid, c)
    least = _AT_LEAST.fullmatch(scope)
    if least:
        value = c.power if least.group(2) == "power" else c.toughness
        return watches(least.group(1), wid, w, pid, c) and (value or 0) >= int(least.group(3))
    m = _TYPED.fullmatch(scope)
    if m:
        kind = m.group(2)
        return watches(m.group(1), wid, w, pid, c) and (kind in {t.lower() for t in c.subtypes} or c.has("changeling"))
    if scope in ("another", "another_yours") and pid == wid:
        return False
    if scope == "tokens":  # 111.1: "a creature token"
        return c.token
    if scope in ("another_yours", "yours"):
        return c.controller == w.controller
    return scope != "opponents" or c.controller != w.controller
Death = tuple  # ("dies", kind, source, target, N, controller, lki Characteristics, spec)
# 120.3, 603.2: where :func:`resolve_death` tells what it dealt to whom (reference.dealt.recording), if anywhere
DEALT: list[tuple[str, int]] | None = None


def triggered(before: dict[str, Characteristics], dead: set[str]) -> list[Death]:
    """The death triggers of the creatures `dead` as they were in `before` (603.10a), one per
    instance (113.2c), not yet targeted."""
    out = []
    for pid in sorted(dead):
        c = before.get(pid)
        if c is None or not c.is_creature:
            continue
        for spec in c.values("dies_create"):  # 111.1: "create N … tokens", no target
            n = its(spec.per, c) if spec.per else spec.count  # type: ignore[attr-defined]
            out.append(("dies", "dies_create", pid, "", n, c.controller, c, spec))
        for _ in c.values("dies_destroy_all"):  # 701.8a: no target
            out.append(("dies", "dies_destroy_all", pid, "", 0, c.controller, c, ""))
        for kind in ("dies_return_exiled", "dies_return_exiled_to_hand"):  # 603.6c, 607.2a: "return the exiled
            for _ in range(c.instances(kind)):  # card(s) to the battlefield / to their owner's hand", no target
                out.append(("dies", kind, pid, "", 0, c.controller, c, ""))
        for kind in KINDS:
            for value in c.values(kind):  # N, (N, what it targets or names[, an intervening "if", 603.4]), (N,)
                value = value if isinstance(value, tuple) else (value,)
                n, spec, *condition = value if len(value) > 1 else (value[0], "any")
                spec = "|".join([spec, *condition])  # ("creature|no_cards_in_hand": :data:`HELLBENT`)
                if n == "its":  # 702.43a modular: the +1/+1 counters it had as it last existed (608.2h)
                    n = sum(k for dp, dt, k in c.pt_counters if (dp, dt) == (1, 1))
                elif str(n).startswith("counters("):  # 122.1: "the number of <name> counters on it" (608.2h)
                    n = dict(c.named_counters).get(str(n)[len("counters("):-1], 0)
                out.append(("dies", kind, pid, "", its(n, c) if isinstance(n, str) else int(n), c.controller, c,
                            spec))
    for wid, w in sorted(before.items()):  # each watcher on the battlefield before the event, dying or not
        for kind in WATCHING:
            for value in w.values(kind):  # (scope[, N[, spec]])
                scope, n, spec = (*value, 0, "self")[:3]  # type: ignore[misc]
                if kind == "other_dies_create":  # 111.1: (scope, what it creates), no target
                    spec, n = n, n.count  # type: ignore[attr-defined]
                if kind == "other_dies_pump":  # 613.4c: (scope, X, Y, keywords)
                    spec = value[2:]  # type: ignore[index]
                for pid in sorted(dead):
                    c = before.get(pid)
                    if c is None or not c.is_creature or not watches(str(scope), wid, w, pid, c):
                        continue
                    target = wid if kind in ON_WATCHER else ""
                    out.append(("dies", kind, wid, target, int(n), w.controller, w,
                                spec if kind in ("other_dies_create", "other_dies_pump") else str(spec)))
    return out


def its(term: str, c: Characteristics) -> int:
    """608.2h, 603.10a: a number of the creature as it last existed, `c`: "its(power)" its power (107.1b: a
    negative one counts 0), "its(counters(1,1))" how many +1/+1 counters it had (122.1a)."""
    if term == "its(power)":
        return max(0, c.power or 0)
    m = _ITS_COUNTERS.fullmatch(term)
    assert m is not None, term
    kind = (int(m.group(1)), int(m.group(2)))
    return sum(n for dp, dt, n in c.pt_counters if (dp, dt) == kind)


def targets(s: Situation, field: dict[str, Characteristics], t: Death) -> list[str]:
    """115.4, 702.16b: every legal target of `t` now ("" for "each opponent": it has none; a
    combat-damage trigger of :mod:`reference.hits` names what it was fixed on, 510.3a)."""
    if t[0] == "hit":
        return [t[3]]
    if t[0] == "dealt":  # a damage trigger (reference.dealt)
        from .dealt import targets as dealt_targets
        return dealt_targets(s, field, t)
    if t[1] in ON_WATCHER:  # the counters go on the watcher, which it taps or untaps: no target
        return [""] * (t[7] == "may(self)") + [t[3]]  # 603.5: "you may put"
    if t[1] in ("dies_create", "other_dies_create", "dies_return_exiled", "dies_return_exiled_to_hand"):  # no target
        return [""]
    spec = t[7].split("|")[0]  # (without its condition, :func:`player_sequences`)
    may = spec.startswith("may(")  # 603.5: or none
    spec = spec.removeprefix("may(").removesuffix(")")
    that = ""
    if spec.split(":")[0] in _THAT_PLAYER:
        spec, that = spec.split(":")
    spec = "creature" if spec == "creature_that_player" else spec
    if t[1] not in ("dies_damage", "dies_minus", "dies_counters", "dies_minus_counters", "other_dies_damage",
                    "other_dies_drain", "other_dies_target_loss", "dies_target_loss") or spec not in SPECS:
        return [""]  # "each opponent", "you", "each player" (102.2, 115.10b): no target
    source, kinds = t[6], SPECS[spec]
    players = [p.name for p in s.players if ("player" in kinds or ("opponent" in kinds and p.name != t[5]))
               and p.name not in hexproof_players(field, t[5])]  # 702.11c

    def allowed(c: Characteristics) -> bool:
        if "artifact creature" in kinds:  # 205.2a: both card types (face down: neither but creature, 708.2a)
            return c.is_creature and c.is_artifact
        return ((c.is_creature and ("creature" in kinds or ("their creature" in kinds) == (c.controller != t[5])
                                    and {"their creature", "own creature"} & set(kinds)))
                or (c.is_planeswalker and "planeswalker" in kinds) or (c.is_battle and "battle" in kinds)
                or (c.is_artifact and "artifact" in kinds) or ("enchantment" in c.types and "enchantment" in kinds))

    permanents = [pid for pid, c in field.items() if allowed(c)
                  and not any(has_quality(source, q) for q in c.protections())  # 702.16b
                  and not c.has("shroud") and not (c.has("hexproof") and c.controller != t[5])  # 702.18a, 702.11b
                  and (not that or c.controller == that)]
    return [""] * may + players + sorted(permanents)


def player_sequences(s: Situation, field: dict[str, Characteristics], pending: list[Death],
                     player: str) -> set[tuple[Death, ...]]:
    """Every way `player` can put their own of `pending` on the stack: in any order (603.3b), each
    with each legal target (603.3d), in the order put."""
    hands = {p.name: p.hand for p in s.players}  # 603.4, 402.1: hellbent, as it triggered (no hand changes)
    mine = [t for t in pending if t[5] == player and not (t[0] == "dies" and isinstance(t[7], str)
                                                          and t[7].endswith(HELLBENT) and hands[player] != 0)]
    ways = set()
    for order in itertools.permutations(mine):
        for chosen in itertools.product(*(targets(s, field, t) for t in order)):
            ways.add(tuple(t[:3] + (x,) + t[4:] for t, x in zip(order, chosen)))
    return ways


def apnap(s: Situation) -> list[str]:
    """101.4: the active player, then the others in turn order."""
    names = [p.name for p in s.players]
    i = names.index(s.active)
    return names[i:] + names[:i]


def put_sequences(s: Situation, field: dict[str, Characteristics], pending: list[Death]) -> set[tuple[Death, ...]]:
    """Every way of putting `pending` on the stack, in the order put (APNAP, 603.3b: each player's
    in any order, the active player's first), each with each legal target (603.3d)."""
    per_player = [player_sequences(s, field, pending, pl) for pl in apnap(s)]
    return {tuple(itertools.chain(*combo)) for combo in itertools.product(*per_player)}


def returned(s: Situation, source: str, field: dict[str, Characteristics]) -> Situation:
    """607.2a, 110.2, 400.7: each card exiled with `source` (its `exiled_cards`) put onto the battlefield under its
    owner's control as a new permanent: summoning sick (302.6), in no fight (506.4), tapped if a permanent of `field`
    makes it enter tapped (614.1c); none is exiled with `source` any more (a second such ability returns nothing)."""
    cards = s.permanent(source).exiled_cards
    new = tuple(replace(c, controller=c.owner or c.controller, summoning_sick=True, tapped=enters_tapped(
        field, c.owner or c.controller, c.types)) for c in cards)
    return replace(s, permanents=tuple(replace(p, exiled_cards=()) if p.id == source else p
                                       for p in s.permanents) + new)


def resolve_death(s: Situation, field: dict[str, Characteristics], t: Death) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves: the situation after its damage and the creatures it destroys by
    deathtouch (704.5h; the other state-based actions are the caller's)."""
    _, kind, _, target, n, controller, source, spec = t
    if kind == "dies_destroy_all":  # 701.8a, 702.12b; 701.19c: no regeneration; 708.2a: a face-down one is no land
        return s, {pid for pid, c in field.items() if not c.is_land and not c.has("indestructible")}
    if kind in ("dies_create", "other_dies_create"):  # 111.2: its controller creates them (reference.tokens)
        return create(s, t[2], spec, controller, n, field), set()
    if kind == "dies_return_exiled":  # 607.2a, 610.3c: the cards exiled with the source come back
        return returned(s, t[2], field), set()
    if kind == "dies_return_exiled_to_hand":  # 400.7, 402.1: each into its owner's hand, if the file counts it
        cards = s.permanent(t[2]).exiled_cards
        players = tuple(replace(p, hand=p.hand + sum(1 for c in cards if (c.owner or c.controller) == p.name))
                        if p.hand is not None else p for p in s.players)
        return replace(s, players=players, permanents=tuple(replace(p, exiled_cards=()) if p.id == t[2] else p
                                                            for p in s.permanents)), set()
    players = {p.name for p in s.players}
    legal = target != "" and target in targets(s, field, t)  # 608.2b
    if kind in ("dies_minus", "dies_counters", "dies_minus_counters"):  # 613.4c, 122.1a, if still legal
        def changed(p: Permanent) -> Permanent:
            if kind == "dies_minus":
                return replace(p, until_end_of_turn=(p.until_end_of_turn[0] - n, p.until_end_of_turn[1] - n))
            return p.with_counters(1, 1, n) if kind == "dies_counters" else p.with_counters(-1, -1, n)
        return replace(s, permanents=tuple(changed(p) if legal and p.id == target else p for p in s.permanents)), set()
    if kind == "dies_all_loss":  # 119.3
        return replace(s, players=tuple(replace(p, life=p.life - n) for p in s.players)), set()
    if kind in ("other_dies_untap", "other_dies_tap"):  # 701.26a-b: the watcher, if still on the battlefield
        return replace(s, permanents=tuple(replace(p, tapped=kind == "other_dies_tap") if p.id == target
                                           and p.id in field else p for p in s.permanents)), set()
    if kind in ("other_dies_target_loss", "other_dies_drain", "dies_target_loss"):  # 119.3; 608.2b: nothing if the
        # target is illegal
        change = {target: -n} if legal else {}
        if legal and kind == "other_dies_drain":
            change[controller] = change.get(controller, 0) + n
        return replace(s, players=tuple(replace(p, life=p.life + change.get(p.name, 0)) for p in s.players)), set()
    if kind == "other_dies_damage" and t[2] in field:
        source = field[t[2]]  # 608.2h: a watcher still on the battlefield deals it as it now is
    if kind == "other_dies_pump":  # 613.4c, 611.2c, 400.7: +X/+Y and keywords until end of turn, if still there
        y, keywords = spec

        def pumped(p: Permanent) -> Permanent:
            return replace(p, until_end_of_turn=(p.until_end_of_turn[0] + n, p.until_end_of_turn[1] + y),
                           keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, *keywords})))
        return replace(s, permanents=tuple(pumped(p) if p.id == target and p.id in field else p
                                           for p in s.permanents)), set()
    if kind == "other_dies_counter":  # 122.1a, 400.7: on the source if it is still on the battlefield
        return replace(s, permanents=tuple(p.with_counters(1, 1, n) if p.id == target and p.id in field else p
                                           for p in s.permanents)), set()
    if kind == "other_dies_drain_each":  # 119.3, 102.2: each opponent loses N, its controller gains N
        return replace(s, players=tuple(replace(p, life=p.life + (n if p.name == controller else -n))
                                        for p in s.players)), set()
    if kind in ("dies_loss", "other_dies_loss", "dies_gain", "other_dies_gain"):  # 119.3, 102.2
        change = {pl: (n if pl == controller else 0) if kind.endswith("gain") else (0 if pl == controller else -n)
                  for pl in players}
        return replace(s, players=tuple(replace(p, life=p.life + change[p.name]) for p in s.players)), set()
    if kind == "dies_damage" and spec in ("you", "each_player"):
        recipients = [controller] if spec == "you" else sorted(players)  # 115.10b, 102.2
    elif kind == "dies_damage" and spec == "each_blocking":  # a damage trigger's (506.4: still blocking, no target)
        recipients = sorted({b for b, _ in s.combat.blockers or () if b in field and field[b].is_creature
                             and not s.permanent(b).removed_from_combat})
    elif kind == "dies_damage" and spec == "each_combatant":  # a block trigger's (506.4: in combat as it resolves)
        recipients = sorted({x for pair in (*(s.combat.attackers or ()), *(s.combat.blockers or ())) for x in pair[:1]
                             if x in field and field[x].is_creature and not s.permanent(x).removed_from_combat})
    elif kind == "dies_damage" and spec.startswith("that_creature_and_player:"):  # a block trigger's (no target):
        # that creature if still on the battlefield (400.7) and the player who controls it or last did (113.7a)
        recipients = [target] * (target in field and field[target].is_creature) + [spec.partition(":")[2]]
    elif kind == "dies_damage" and spec.startswith("each_defending"):  # an attack trigger's "each creature [without
        # flying] defending player controls" (506.2; no target, 115.1): those there as it resolves
        flying, _, defending = spec.partition(":")
        recipients = sorted(x for x, c in field.items() if c.is_creature and c.controller == defending
                            and not (flying.endswith("without_flying") and c.has("flying")))
    elif kind == "dies_damage" and spec == "itself":  # a damage ability's "… and M damage to itself" (no target)
        recipients = [target] if target in field else []
    elif kind == "dies_damage" and spec.startswith("each_other_opponent:"):  # a damage trigger's (reference.dealt)
        recipients = sorted(players - {controller, spec.removeprefix("each_other_opponent:")})  # 102.2, 603.2c
    elif kind in ("dies_damage", "other_dies_damage"):
        recipients = [target] if legal else []
    else:
        recipients = sorted(players - {controller})  # 102.2
    if kind == "dies_damage" and spec.startswith(("each_combatant", "that_creature_and_player:", "each_defending")):
        # 702.16e: no target (115.1), so a creature with protection from a quality of the source is a recipient
        # whose damage is prevented
        recipients = [r for r in recipients if r in players or not any(has_quality(source, q)
                                                                        for q in field[r].protections())]
    loss = {p: 0 for p in players}
    poison = {p: 0 for p in players}
    destroyed = set()
    permanents = []
    recipients = [r for r in recipients if not prevented_noncombat(field.get(r))]  # 615.1a, 120.4b
    shields = {p.name: p.prevention_shield for p in s.players} | {p.id: p.prevention_shield for p in s.permanents}
    amounts = {r: after_shield(shields[r], n) for r in recipients}  # 615.7: (dealt, shield left)
    recipients = [r for r in recipients if amounts[r][0] > 0]
    s = replace(s, players=tuple(replace(p, prevention_shield=amounts[p.name][1]) if p.name in amounts else p
                                 for p in s.players),
                permanents=tuple(replace(p, prevention_shield=amounts[p.id][1]) if p.id in amounts else p
                                 for p in s.permanents))
    if DEALT is not None:  # 603.2: the damage dealt (615.7: after the shields), for the triggers that watch it
        DEALT.extend((r, amounts[r][0]) for r in recipients)
    for p in s.permanents:
        if p.id in recipients:
            n = amounts[p.id][0]
            c = field[p.id]
            if c.is_creature:
                if source.has("wither") or source.has("infect"):
                    p = p.with_counters(-1, -1, n)  # 120.3d
                else:
                    p = replace(p, damage=p.damage + n)  # 120.3e
                if source.has("deathtouch") and not c.has("indestructible"):
                    if saved(p, c):
                        p = regenerated(s, p)  # 701.19a
                    else:
                        destroyed.add(p.id)  # 704.5h, 702.12b
            if c.is_planeswalker:
                p = replace(p, loyalty=max(0, (p.loyalty or 0) - n))  # 120.3c
            if c.is_battle:
                p = replace(p, defense=max(0, (p.defense or 0) - n))  # 120.3h
        permanents.append(p)
    for r in recipients:
        if r in players:
            (poison if source.has("infect") else loss)[r] += amounts[r][0]  # 120.3b, 120.3a
    gain = sum(amounts[r][0] for r in recipients) if source.has("lifelink") else 0  # 702.15b
    new_players = tuple(replace(p, life=p.life - loss[p.name] + (gain if p.name == controller else 0),
                                poison=p.poison + poison[p.name]) for p in s.players)
    return replace(s, players=new_players, permanents=tuple(permanents)), destroyed


def lki_field(s: Situation, gone: frozenset[str]) -> dict[str, Characteristics]:
    """The characteristics of the permanents on the battlefield (for last known information)."""
    return field_of(s, gone)
