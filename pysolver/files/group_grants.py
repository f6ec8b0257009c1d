"""A group's grants of quoted abilities settled at load (613.1f, 611.3a; pysolver.model.abilities._group_granted).

'All Slivers have "{B}: Regenerate this permanent."' gives each Sliver on the battlefield, its source too, an
ability whose "this permanent" is that Sliver, for as long as the source is on the battlefield with its abilities
(611.3a; 708.2a: a face-down permanent has none). Each permanent of the group is given a copy as its own, and the
static ability itself is dropped: the rest of the solver reads abilities by index from each permanent's own list.

That is exact when what each permanent has stays the same all combat long:

* no permanent may join the group (111.1: a token created during the combat; 708.2a: a face-down permanent turned
  face up has its creature types) nor be a source that appears (a face-down one turned face up);
* an activated ability a permanent has from sources that include itself: it has the ability exactly while it is on
  the battlefield, whichever other source leaves (several instances of one activated ability are one choice: 602.2,
  the same cost and effect);
* a triggered ability or a P/T change has one instance per source (603.2: each triggers; 613.4c: each applies), so
  only one granted by the permanent itself alone is settled;
* a would-die replacement ("If this permanent would be put into a graveyard, you may put it on top of its owner's
  library instead", 614.6) changes no result where the loader admits it (an outcome lists a permanent that leaves
  so as one that dies, 700.4), so it is settled from any source.

An instance from another source is settled too where that source surely stays on the battlefield with its
abilities all combat long (:func:`stays`: 'Other Zombies have "{B}: Regenerate this permanent."' of a Zombie Master
at home). Elsewhere (an ability a permanent has only from another source, which may leave the battlefield during
the combat, 704.5g; several sources of a trigger) the board is refused, naming both permanents and the line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from ..model import Combat, Permanent
from ..model.abilities import (
    ACTIVATED,
    GROUP_GRANT,
    KEYWORDS,
    STATICS,
    Ability,
    DamageTrigger,
    Pump,
    Static,
    attached_grant,
    creates,
    grouped_kind,
)
from ..model.fields import Reader
from ..model.numbers import quote as q


def settle_group_grants(r: Reader, permanents: list[Permanent], combat: Combat, active: str) -> list[Permanent]:
    """Each permanent with the abilities a group grant of another's (or its own) gives it; the grants dropped.

    A board where what a permanent is granted could change during the combat is refused (module docstring)."""
    grants = [(p, a) for p in permanents for a in p.abilities if a.kind == GROUP_GRANT]
    if not grants:
        return permanents
    _refuse_changing_groups(r, permanents, grants[0][0])
    _refuse_added_types(r, permanents, grants)
    staying = {p.id for p, _ in grants if stays(p, permanents, combat, active)}
    settled = []
    for i, g in enumerate(permanents):
        given: list[Ability] = []
        for granted in dict.fromkeys(cast(Ability, cast(Static, a.value).granted) for _, a in grants):
            sources = [p for p, a in grants if cast(Static, a.value).granted == granted and _covers(r, i, p, a, g)]
            if sources:
                given.append(_settled(r, i, g, granted, sources, staying))
        own = tuple(a for a in g.abilities if a.kind != GROUP_GRANT)
        settled.append(g if own + tuple(given) == g.abilities else replace(g, abilities=own + tuple(given)))
    return settled


def settle_attached_grants(permanents: list[Permanent]) -> list[Permanent]:
    """A creature's own activated ability as long as it is enchanted or equipped (301.5, 303.4, 613.1f: Flaring
    Flame-Kin's 'As long as ~ is enchanted, it … has "{R}: ~ gets +1/+0 until end of turn."') settled from the
    board: nothing attaches or unattaches an Aura or Equipment in the solver's combat (611.3a), so with one attached
    it has the ability all combat long, with none it has none.

    >>> from pysolver.model import Permanent
    >>> line = 'As long as this creature is enchanted, it has "{B}: Regenerate this creature."'
    >>> [[a.kind for a in p.abilities] for p in settle_attached_grants(
    ...     [Permanent("k", "a", power=1, toughness=1, abilities=(line,), auras_attached=n) for n in (0, 1)])]
    [[], ['regenerate']]
    """
    settled = []
    for p in permanents:
        kept = tuple(cast(Ability, cast(Static, a.value).granted) if attached_grant(a) else a for a in p.abilities
                     if not attached_grant(a) or _attached(p, cast(Static, a.value).scope))
        settled.append(p if kept == p.abilities else replace(p, abilities=kept))
    return settled


def _attached(p: Permanent, scope: str) -> bool:
    """Whether an Aura (``attached(aura)``) or an Equipment (``attached(equipment)``) is attached to `p`."""
    return (p.auras_attached if scope == "attached(aura)" else p.equipment_attached) > 0


def _refuse_changing_groups(r: Reader, permanents: list[Permanent], source: Permanent) -> None:
    """Refuse a board where a permanent may join a group or a source appear during the combat: a face-down
    permanent (708.2a: turned face up, it has its creature types and abilities) or an ability creating tokens
    (111.1: a token of the group would have the abilities granted)."""
    for i, p in enumerate(permanents):
        why = "is face down (708.2a: turned face up, it may join the group or grant it)" if p.face_down else \
            "may create tokens (111.1: one of the group would have the abilities granted)" \
            if any(creates(a) is not None for a in p.abilities) else None
        if why is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} {why} and {q(source.id)} grants a group a quoted ability "
                         "(613.1f): a group that may change during the combat is not modelled")


def _covers(r: Reader, i: int, source: Permanent, grant: Ability, g: Permanent) -> bool:
    """Whether the group `grant` of `source` names covers ``permanents[i]`` (`g`): a permanent of the creature type
    (205.3m; a changeling is every creature type, 702.73a) or any creature ("each creature you control"), not the
    source itself for "other", its controller's only for "you control"."""
    effect = cast(Static, grant.value)
    creature = "creature" in (t.lower() for t in g.types)
    if (effect.scope == "you" and g.controller != source.controller) or (effect.other and g is source):
        return False
    if effect.quality == "any":
        return creature
    ctype = effect.quality.removeprefix('creature_type("').removesuffix('")')
    if not (ctype in (t.lower() for t in g.subtypes) or g.has("changeling")):
        return False
    if not creature:
        raise r.fail(f"permanents[{i}]", f"{q(g.id)} is a {ctype} that is no creature and {q(source.id)} grants "
                     "its group a quoted ability (613.1f): not modelled")
    return True


def _refuse_added_types(r: Reader, permanents: list[Permanent], grants: list[tuple[Permanent, Ability]]) -> None:
    """A creature type a grant adds (205.1b: "is a Vampire in addition to its other creature types", layer 4) is
    not among the subtypes the solver reads: a board where a line of a permanent names that type or creature types
    at all (a lord, protection, a target's quality) is refused."""
    for source, a in grants:
        added = getattr(a.value, "added_type", None)
        if added is None:
            continue
        for i, p in enumerate(permanents):
            named = next((line for line in p.ability_lines if "in addition to its other creature types" not in
                          line.lower() and re.search(rf"\b(?:{added}|creature types?)\b", line.lower())), None)
            if named is not None:
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has {named!r} and {q(source.id)} makes creatures "
                             f"{added}s in addition to their other types (205.1b, 613.1d): not modelled")


def _settled(r: Reader, i: int, g: Permanent, granted: Ability, sources: list[Permanent],
             staying: set[str]) -> Ability:
    """The ability `g` (``permanents[i]``) has from `sources` all combat long (`g` itself and those `staying` give it
    for as long as `g` is on the battlefield); a board where that may change is refused."""
    how = grouped_kind(granted)
    steady = [p for p in sources if p is g or p.id in staying]
    leaving = [p for p in sources if p not in steady]
    if how == "alike" or (how == "activated" and steady) or (not leaving and len(steady) == 1):
        return granted
    other = next(p for p in leaving or steady if p is not g)
    raise r.fail(f"permanents[{i}]", f"{q(g.id)} has an ability ({granted.term}) that {q(other.id)} grants (613.1f) "
                 f"{'beside another instance' if not leaving else 'only' if not steady else 'beside its own'} "
                 f"while {q(other.id)} is on the battlefield (611.3a): an ability that may leave with its source "
                 "during the combat, or several instances of a trigger or P/T change, are not modelled")


def stays(p: Permanent, permanents: list[Permanent], combat: Combat, active: str) -> bool:
    """Whether `p` surely stays on the battlefield with its abilities all combat long: it is in no combat and can't
    be declared an attacker or blocker (506.4; 508.1a, 509.1a: an untapped creature), it has no damage marked and its
    own toughness (printed, counters, until end of turn) holds without any other's static ability (704.5f, 704.5g),
    and every ability on the board is of a kind that can't make it leave (:func:`_harmless`).

    >>> from pysolver.model import Permanent
    >>> master = Permanent("m", "bob", power=2, toughness=3, tapped=True)
    >>> stays(master, [master], Combat(), "alice"), stays(master, [master], Combat(attackers={"m": "alice"}), "bob")
    (True, False)
    """
    in_combat = {a for a, _ in combat.attackers or ()} | {b for b, _ in combat.blockers or ()}
    declarable = not p.tapped and (combat.attackers is None and p.controller == active
                                   or combat.blockers is None and p.controller != active)
    counters = sum(dt * n for _, dt, n in p.pt_counters)
    return (p.id not in in_combat and not declarable and p.damage == 0 and p.toughness is not None
            and p.toughness + counters + p.until_end_of_turn[1] >= 1
            and not (p.destroyed_at_end_of_combat or p.switched_until_end_of_turn or p.left_battlefield)
            and all(_harmless(a, x is p) for x in permanents for a in x.abilities))


#: the keywords, which make no creature out of combat leave the battlefield (the combat ones act in combat damage,
#: persist and undying on a creature that dies, changeling on types), protection and landwalk
_HARMLESS_KEYWORDS = frozenset(KEYWORDS.values()) | {"protection", "landwalk"}


def _harmless(a: Ability, own: bool) -> bool:
    """Whether ability `a` (the creature's `own` or another's) can't make a creature out of combat leave the
    battlefield or lose its abilities: a keyword, protection or landwalk, a damage trigger putting +1/+1 counters
    (122.1a), a static ability raising or keeping toughness that grants such a keyword (613.4c), a pump or
    regeneration of its own source raising or keeping toughness, untapping nothing, with no cost sacrificing another
    permanent nor an effect moving its source (602.2, 701.19a); the creature's own sacrificing it or removing its
    counters neither (122.1a). A group grant is judged by what it gives."""
    if a.kind == GROUP_GRANT:  # (what it gives each grantee, not yet settled)
        return _harmless(cast(Ability, cast(Static, a.value).granted), False)
    if a.kind in _HARMLESS_KEYWORDS or (isinstance(a.value, DamageTrigger) and a.value.effect == "counters"):
        return True
    if a.kind in STATICS and isinstance(a.value, Static):
        return a.value.toughness >= 0 and (a.value.granted is None or a.value.granted.kind in _HARMLESS_KEYWORDS)
    pump = a.value
    return a.kind in ACTIVATED and a.kind != "monstrosity" and isinstance(pump, Pump) and pump.toughness >= 0 \
        and pump.extra.sacrifice is None and not (pump.to_hand or pump.exiled or pump.untap) \
        and not (own and (pump.extra.sacrifice_self or pump.extra.remove_counters or pump.extra.remove_named))
