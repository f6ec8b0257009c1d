"""Creature tokens (111) in plain Python: creating them, and telling outcomes apart up to equal tokens.

Independent of ``pysolver.rules.tokens``: written from the rules text and docs/results.md. An ability that
creates tokens puts each onto the battlefield as a new permanent under its creator's control (111.2), with
the characteristics the ability gives it and no other (111.3: power, toughness, colors, card types,
creature types, abilities; 111.4 its name), untapped unless it says "tapped" (110.5b), summoning sick
(302.6), a token and no card (111.1: in no graveyard once it has left, 111.7). The k-th token of one kind
(one source, one name) made during the combat is ``<source>/<slug><k>``, the slug its name without
" Token", lower case, words joined by "-", and a second different kind of one name of one source
``<slug>-b`` (docs of ``pysolver.rules.tokens``). Outcomes that differ only by which of several equal
tokens is which are one outcome (:func:`canonical_ids`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from pysolver.errors import InputError
from pysolver.model import Permanent, Situation
from pysolver.model.abilities import CombatAbility, OnCombat, TokenSpec

from .characteristics import Characteristics

_ID = re.compile(r"(.+/[a-z-]+)(\d+)")


def kinds(p: Permanent | Characteristics) -> list[TokenSpec]:
    """What each ability of `p` that creates tokens creates, in order (a trigger's or an activated ability's)."""
    out = []
    for a in p.abilities:
        spec = a.value.token if isinstance(a.value, (CombatAbility, OnCombat)) else a.value
        if isinstance(spec, TokenSpec):
            out.append(spec)
    return out


def _slug(spec: TokenSpec) -> str:
    words = re.sub(r"[^a-z ]", "", spec.name.lower().removesuffix(" token")).split()
    return "-".join(words) or "token"


def enters_tapped(field: dict[str, Characteristics], controller: str, types: tuple[str, ...]) -> bool:
    """614.1c: a permanent of card types `types` entering under `controller`'s control enters tapped if another
    player's permanent on the battlefield (`field`) says "<objects> your opponents control enter the battlefield
    tapped" of one of those types."""
    mine = {t.lower() for t in types}
    return any(c.controller != controller and mine & set(v) for c in field.values()
               for v in c.values("opponents_enter_tapped") if isinstance(v, tuple))


def create(s: Situation, source: str, spec: TokenSpec, controller: str, count: int,
           field: dict[str, Characteristics]) -> Situation:
    """`s` with `count` new tokens of `spec` under `controller`'s control (111.2), made by `source`; tapped if
    the ability says so (110.5b), they are put onto the battlefield attacking (508.4) or a permanent of `field`,
    the battlefield, makes them enter tapped (614.1c)."""
    legend_rule(s, source, spec, controller, count)
    alike = []
    for t in kinds(s.permanent(source)):
        if _slug(t) == _slug(spec) and t not in alike:
            alike.append(t)
    rank = alike.index(spec) if spec in alike else 0
    head = f"{source}/{_slug(spec)}" + ("-" + "abcdefghijklmnopqrstuvwxyz"[rank] if rank else "")
    before = len([p for p in s.permanents if (m := _ID.fullmatch(p.id)) and m.group(1) == head])
    new = []
    for k in range(before + 1, before + count + 1):
        new.append(Permanent(f"{head}{k}", controller, name=spec.name, types=spec.types, subtypes=spec.subtypes,
                             colors=spec.colors, power=spec.power, toughness=spec.toughness,
                             abilities=spec.abilities, summoning_sick=True,
                             tapped=spec.tapped or spec.attacking or enters_tapped(field, controller, spec.types),
                             token=True))  # 111.1: no card (111.7: in no graveyard)
    return replace(s, permanents=s.permanents + tuple(new))


def legend_rule(s: Situation, source: str, spec: TokenSpec, controller: str, count: int) -> None:
    """704.5j: two legendary permanents of one name under one controller (205.4d) — here a legendary token made
    beside one of that name, or two made at once — would have their controller choose one to keep: refused."""
    named = [p for p in s.permanents if p.controller == controller and p.name == spec.name
             and not p.left_battlefield and not p.face_down]
    if spec.legendary and count > 0 and count + len(named) > 1:
        raise InputError(s.source, "permanents", f"legend rule (704.5j) for {spec.name!r} made by {source!r}")


def canonical_ids(outcome: dict) -> dict:
    """The outcome dict with equal tokens' ids permuted so that, of the tokens of one kind up to the
    highest-numbered one it names, those destroyed come first, then by damage, then by -1/-1 counters."""
    damage, minus = outcome["damage"], outcome.get("minus_counters", {})
    heads: dict[str, int] = {}
    for x in [*outcome["destroyed"], *damage, *minus]:
        m = _ID.fullmatch(x)
        if m:
            heads[m.group(1)] = max(heads.get(m.group(1), 0), int(m.group(2)))
    if not heads:
        return outcome
    rename = {}
    for head, last in heads.items():
        ids = [f"{head}{k}" for k in range(1, last + 1)]
        order = sorted(ids, key=lambda x: (-(x in outcome["destroyed"]), -damage.get(x, 0), -minus.get(x, 0)))
        rename |= dict(zip(order, ids))
    out = dict(outcome)
    out["destroyed"] = sorted(rename.get(x, x) for x in outcome["destroyed"])
    out["damage"] = {rename.get(x, x): n for x, n in damage.items()}
    if "minus_counters" in outcome:
        out["minus_counters"] = {rename.get(x, x): n for x, n in minus.items()}
    return out
