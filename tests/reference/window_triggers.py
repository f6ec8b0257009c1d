"""Triggers of a priority window in plain Python: "When ~ is turned face up, <effect>" (708.8) and "When ~
becomes monstrous, <effect>" (701.37b) -- what triggers, every legal target, one of them resolving.

Independent of the ASP encodings and of ``pysolver.rules.window_triggers``: input is the typed model (the
parsed :class:`pysolver.model.abilities.WindowTrigger` values) and the reference characteristics. A
trigger is put on the stack by its source's controller (603.3a) right after the event, with a target
chosen (603.3d, 601.2c): "any target" / "target creature or player" a player, or a creature, planeswalker
or battle on the battlefield (115.4); "target player" a player; "target [another] <creature> [you control |
an opponent controls]" a creature of that quality and controller ("another": not the source); "target
artifact or enchantment" a face-up permanent of either type -- none with shroud (702.18a), with hexproof
if another player controls it (702.11b), or with protection from a quality of the source (702.16b). One
with no legal target is removed (603.3d).

Resolving (608.2), one whose target is no longer legal does nothing (608.2b); else the source (as it is
on the battlefield, or as it last existed there: 608.2h, 113.7a) deals its damage (120.3, as a death
trigger's damage: :func:`reference.deaths.resolve_death`), or the target, or each creature its controller
controls of the group's quality ("other": not the source), gets +X/+Y until end of turn (613.4c), N +1/+1
counters (122.1a), a keyword until end of turn (613.1f), is destroyed unless indestructible (701.8a,
702.12b; a regeneration shield regenerates it instead, 701.19a), gets a regeneration shield (701.19a) or
is tapped (701.26a).

A window trigger on the stack is written ``("window", kind, source, target, N, controller, source
characteristics, WindowTrigger)``.

>>> from pysolver import load_data
>>> from .characteristics import field_of
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "m", "controller": "a", "power": 1, "toughness": 1,
...                     "abilities": ["When ~ is turned face up, destroy target creature an opponent controls"]},
...                    {"id": "y", "controller": "b", "power": 2, "toughness": 2}]})
>>> (t,) = triggered(field_of(s, ()), "m", "turned_face_up")
>>> targets(s, field_of(s, ()), t)
['y']
"""

from __future__ import annotations

from dataclasses import replace

from pysolver.model import Situation
from pysolver.model.abilities import WindowTrigger

from .characteristics import Characteristics, hexproof_players
from .deaths import resolve_death
from .declarations import has_quality
from .shields import regenerated

Window = tuple  # ("window", kind, source, target, N, controller, source Characteristics, WindowTrigger)


def triggered(field: dict[str, Characteristics], pid: str, kind: str) -> list[Window]:
    """The triggers of `kind` of `pid` (on the battlefield, its side face up), one per instance (113.2c)."""
    c = field[pid]
    return [("window", kind, pid, "", w.amount, c.controller, c, w)
            for w in c.values(kind) if isinstance(w, WindowTrigger)]


def fits(c: Characteristics, q: tuple, source: str) -> bool:
    """Whether creature `c` has quality `q` (105.2, 205.3m, 613.1f: a keyword given counts)."""
    name, *args = q
    if name == "any":
        return True
    if name == "self":
        return c.id == source
    if name == "keyword":
        return c.has(args[0])
    if name == "color":
        return args[0] in c.colors
    if name == "noncolor":
        return args[0] not in c.colors
    if name == "card_type":
        return args[0] in c.types
    if name == "creature_type":
        return args[0] in c.subtypes  # (a changeling has every one, 702.73a)
    if name == "both":
        return fits(c, args[0], source) and fits(c, args[1], source)
    if name == "non":
        return not fits(c, args[0], source)
    assert name == "cmp" and args[2][0] == "n", q
    value = c.power if args[0] == "power" else c.toughness
    assert value is not None
    return value <= args[2][1] if args[1] == "le" else value >= args[2][1]


def source_now(field: dict[str, Characteristics], t: Window) -> Characteristics:
    """608.2h, 113.7a: the source as it is on the battlefield, else as it last existed there."""
    return field.get(t[2], t[6])


def targets(s: Situation, field: dict[str, Characteristics], t: Window) -> list[str]:
    """Every legal target of `t` now ([""] for one without a target, 115.1)."""
    w: WindowTrigger = t[7]
    if not w.targeted:
        return [""]
    source = source_now(field, t)
    players = [p.name for p in s.players if p.name not in hexproof_players(field, source.controller)] \
        if w.target in ("any", "player") else []  # 702.11c
    out = []
    for pid, c in sorted(field.items()):
        if w.target == "any":
            ok = c.is_creature or c.is_planeswalker or c.is_battle
        elif w.target == "artifact_or_enchantment":
            ok = not c.face_down and ("artifact" in c.types or "enchantment" in c.types)
        elif w.target == "creature":
            ok = c.is_creature and fits(c, w.quality, t[2])
        else:
            ok = False
        ok = ok and not (w.scope == "you" and c.controller != source.controller)
        ok = ok and not (w.scope == "opponents" and c.controller == source.controller)
        ok = ok and not (w.other and pid == t[2])
        ok = ok and not c.has("shroud") and not (c.has("hexproof") and c.controller != source.controller)
        if ok and not any(has_quality(source, q) for q in c.protections()):
            out.append(pid)
    return players + out


def resolve_window(s: Situation, field: dict[str, Characteristics], t: Window) -> tuple[Situation, set[str]]:
    """608.2: `t` resolves: the situation after it and the permanents it destroyed (the state-based actions
    are the caller's)."""
    w: WindowTrigger = t[7]
    source = source_now(field, t)
    if w.targeted and t[3] not in targets(s, field, t):
        return s, set()  # 608.2b
    if w.effect == "damage":
        whom = [t[3]] if w.targeted else [p.name for p in s.players
                                         if w.whom == "each_player" or p.name != source.controller]
        destroyed: set[str] = set()
        for r in whom:  # (one recipient at a time: the same as one event, each to another recipient)
            s, more = resolve_death(s, field, ("dies", "dies_damage", t[2], r, w.amount, source.controller, source,
                                                "any"))
            destroyed |= more
        # (704.5h: destroyed by deathtouch, written on the situation too: no longer on the battlefield)
        return replace(s, permanents=tuple(replace(p, left_battlefield=True) if p.id in destroyed else p
                                           for p in s.permanents)), destroyed
    if w.targeted:
        reached = {t[3]}
    else:
        mine = w.scope != "opponents"  # (a group of the other players' creatures, 102.3)
        reached = {pid for pid, c in field.items() if c.is_creature and (c.controller == source.controller) == mine
                   and fits(c, w.quality, t[2]) and not (w.other and pid == t[2])}
    destroyed = set()
    permanents = []
    for p in s.permanents:
        if p.id in reached:
            if w.effect == "gets":
                x, y = p.until_end_of_turn
                p = replace(p, until_end_of_turn=(x + w.power, y + w.toughness))
            elif w.effect == "counters":
                p = p.with_counters(1, 1, w.amount)
            elif w.effect == "gains":
                p = replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, w.keyword})))
            elif w.effect == "regenerate":
                p = replace(p, regeneration_shields=p.regeneration_shields + 1)
            elif w.effect == "tap":
                p = replace(p, tapped=True)
            elif w.effect == "cant_block":  # 509.1b
                p = replace(p, cant_block_this_turn=True)
            elif w.effect == "destroy" and not field[p.id].has("indestructible"):
                if p.regeneration_shields and not p.cant_be_regenerated_this_turn:  # 701.19a, 701.19c
                    p = regenerated(s, p)
                else:  # (written on the situation too: it is no longer on the battlefield)
                    destroyed.add(p.id)
                    p = replace(p, left_battlefield=True)
        permanents.append(p)
    return replace(s, permanents=tuple(permanents)), destroyed
