"""Static abilities of permanents (anthems and lords), in plain Python: 604.1, 611.3, 613.

Independent of the ASP encodings: a field (the characteristics of the permanents on the
battlefield, by id) is changed by the static abilities of its own members, all at once.

611.3a, 611.3b: an effect applies while its source is on the battlefield, to whatever its text
indicates at that moment. 613.1f (layer 6): abilities granted; 613.4c (layer 7c): +X/+Y added to
the value the printed P/T (or face-down 2/2, 708.2a), the counters and the resolved pumps give.
Nothing here changes a color, a type or a controller, which are all an effect reads, so the order
of the effects does not matter (613.8 finds no dependency).

>>> from pysolver.model import Permanent
>>> from .characteristics import characteristics
>>> lord = Permanent("lord", "a", power=2, toughness=2, subtypes=("Goblin",),
...                  abilities=("Other Goblin creatures get +1/+1 and have haste",))
>>> field = {p.id: characteristics(p) for p in (lord, Permanent("g", "b", power=1, toughness=1, subtypes=("Goblin",)))}
>>> g = with_statics(field)["g"]
>>> (g.power, g.toughness, g.has("haste")), with_statics(field)["lord"].power
((2, 2, True), 2)
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from pysolver.model.abilities import COLORS, STATICS, Ability, Static

if TYPE_CHECKING:
    from .characteristics import Characteristics

_QUALITY = re.compile(r'(\w+)(?:\("?(.*?)"?\))?')


def statics_of(c: Characteristics) -> list[tuple[str, Static]]:
    """The static abilities of a permanent as it is (none face down: its abilities are gone, 708.2a)."""
    return [(a.kind, cast(Static, a.value)) for a in c.abilities if a.kind in STATICS]


def describes(source: Characteristics, effect: Static, c: Characteristics,
              attacking: frozenset[str] = frozenset()) -> bool:
    """Whether the effect of `source` describes the permanent `c` (611.3a): a creature, of the
    right controller, not the source itself if "other", with the quality (`attacking`: the creatures
    attacking, 508.1k)."""
    if not c.is_creature:
        return False
    if effect.scope == "you" and c.controller != source.controller:
        return False
    if effect.scope == "opponents" and c.controller == source.controller:
        return False
    if effect.scope == "paired" and c.id != source.paired_with:  # 702.95b: the creature it is paired with
        return False
    if effect.other and c.id == source.id:
        return False
    pair = _pair(effect.quality, "either(")
    if pair is not None and pair[1].startswith("other("):  # "Saproling creatures and other Treefolk creatures"
        return has_quality(c, pair[0], attacking) or (c.id != source.id and has_quality(c, pair[1][6:-1], attacking))
    return has_quality(c, effect.quality, attacking)


def has_quality(c: Characteristics, quality: str, attacking: frozenset[str]) -> bool:
    """Whether creature `c` has the quality of the creatures a static ability describes."""
    pair = _pair(quality, "both(")
    if pair is not None:
        return has_quality(c, pair[0], attacking) and has_quality(c, pair[1], attacking)
    pair = _pair(quality, "either(")
    if pair is not None:  # "green creatures and white creatures": one of the two
        return has_quality(c, pair[0], attacking) or has_quality(c, pair[1], attacking)
    m = _QUALITY.fullmatch(quality)
    assert m, quality
    name, arg = m.group(1), m.group(2)
    if name == "any":
        return True
    if name == "attacking":  # 508.1k; one removed from combat is not (506.4): not in `attacking`
        return c.id in attacking
    if name == "face_down":  # 708.2a
        return c.face_down
    if name == "commander":  # 903.3: the card's designation, face down too
        return c.commander
    if name == "keyword":  # its own or given until end of turn (pysolver.files.loader refuses the others)
        return c.has(arg)
    if name == "counter":  # 122.1a: "with a +1/+1 counter on it"
        return c.counters(*map(int, arg.split(","))) > 0
    if name == "color":
        return arg in c.colors  # 105.2
    if name == "noncolor":
        return arg not in c.colors
    if name == "noncreature_type":  # "non-Eye creatures": a changeling's subtypes are all types (702.73a)
        return arg not in c.subtypes
    if name == "colorless":
        return not c.colors  # 105.2c
    if name == "multicolored":
        return len(c.colors) >= 2  # 105.4
    if name == "card_type":
        return arg in c.types
    if name == "creature_type":
        return arg in c.subtypes  # 205.3m; a changeling's subtypes are all creature types (702.73a)
    raise AssertionError(f"unknown quality {quality!r}")


def _pair(quality: str, head: str) -> tuple[str, str] | None:
    """The two qualities of ``either(A,B)`` ("a red or white permanent") or ``both(A,B)``, by `head`, or None."""
    if not quality.startswith(head):
        return None
    inner, depth = quality[len(head):-1], 0
    for i, ch in enumerate(inner):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            return inner[:i], inner[i + 1:]
    raise AssertionError(f"bad quality {quality!r}")


def is_object(c: Characteristics, kind: str, quality: str) -> bool:
    """Whether a permanent is an object of the kind (creature, permanent) and quality a condition counts
    (``either(A,B)``: of one of two qualities)."""
    if kind == "creature" and not c.is_creature:
        return False
    pair = _pair(quality, "either(")
    if pair is not None:
        return is_object(c, kind, pair[0]) or is_object(c, kind, pair[1])
    m = _QUALITY.fullmatch(quality)
    assert m, quality
    name, arg = m.group(1), m.group(2)
    if name == "any":
        return True
    if name == "color":
        return arg in c.colors
    if name == "card_type":
        return arg in c.types
    if name in ("creature_type", "land_type", "subtype"):
        return arg in c.subtypes  # 205.3m, 205.3i, 205.3g-h (702.73a: a changeling's are all creature types)
    if name == "face_down":  # 708.2a
        return c.face_down
    if name == "your_commander":  # 903.3, 903.3d: a commander its owner controls (face down too)
        return c.commander and c.owner == c.controller
    raise AssertionError(f"unknown quality {quality!r}")


def count(field: dict[str, Characteristics], c: Characteristics, effect: Static, attacking: frozenset[str]) -> int:
    """How many objects the condition of `c`'s own ability counts in the field ("another", "other": not `c`),
    its controller's, (``whose`` opponents: "as long as an opponent controls …") the others' or (all) anyone's;
    "as long as it's attacking": 1 if it is one of the declared attackers (508.1k)."""
    if effect.scope == "attacking":
        return int(c.id in attacking)
    if effect.scope == "monstrous":  # 701.37b: "as long as ~ is monstrous"
        return int(c.monstrous)
    if effect.scope.startswith("attached("):  # 301.5, 303.4: the Equipment or Auras attached to it
        return dict(c.attached)[effect.scope[len("attached("):-1]]
    if effect.scope.startswith("counter("):  # 122.1a: the counters of that kind on itself (704.5q)
        return c.counters(*map(int, effect.scope[len("counter("):-1].split(",")))
    if effect.scope == "attacker":  # "for each other attacking creature"
        return sum(1 for x in field.values() if x.id in attacking and x.is_creature and x.id != c.id)
    return sum(1 for x in field.values()
               if (effect.whose == "all" or (x.controller == c.controller) == (effect.whose == "you"))
               and is_object(x, effect.scope, effect.quality) and not (effect.other and x.id == c.id))


# (player, hand / graveyard / graveyard_creatures) -> the cards there, if stated; (player, graveyard_types) -> how many
# card types among them; (the active player, turn) -> 1
Zones = dict[tuple[str, str], int]


def holds(field: dict[str, Characteristics], c: Characteristics, effect: Static, attacking: frozenset[str],
          zones: Zones) -> bool:
    """Whether the condition of `c`'s own ability holds: enough objects counted (``least``), or the cards in its
    controller's (or some opponent's) hand or graveyard at least ``least`` or at most ``most`` (402.1, 404.1)."""
    if effect.scope.startswith("cards("):
        zone = effect.scope[len("cards("):-1]
        counts = [n for (pl, z), n in zones.items() if z == zone and (pl == c.controller) == (effect.whose == "you")]
        return any(n <= effect.most if effect.most is not None else n >= effect.least for n in counts)
    if effect.scope == "card_types(graveyard)":  # 205.2a: delirium, its controller's graveyard
        return zones.get((c.controller, "graveyard_types"), 0) >= effect.least
    if effect.scope == "blessing":  # 702.131c: "as long as you have the city's blessing"
        return zones.get((c.controller, "blessing")) == 1
    if effect.scope.startswith("turn("):  # "as long as it's [not] your turn"
        return (zones.get((c.controller, "turn")) == 1) == (effect.scope == "turn(you)")
    if effect.scope == "untapped":  # 110.5; 508.1f: an attacking creature is tapped unless it has vigilance
        return not (c.tapped or (c.id in attacking and not c.has("vigilance")))
    if effect.scope.startswith("most_common("):  # 105.1: no color among the permanents more common than this one
        per_color = {k: sum(1 for x in field.values() if k in x.colors) for k in COLORS}
        return per_color[effect.scope[len("most_common("):-1]] == max(per_color.values())
    if effect.most is not None:  # "as long as no opponent controls a creature": at most that many
        return count(field, c, effect, attacking) <= effect.most
    return count(field, c, effect, attacking) >= effect.least


def defined(field: dict[str, Characteristics], c: Characteristics, effect: Static, zones: Zones) -> int:
    """The number a characteristic-defining ability counts (604.3): [other] objects of the kind and quality,
    its controller's or everyone's; or the cards in hands or graveyards: its controller's, its opponents' or all; or
    the number 1 of "1 plus the number of …" (208.2a: a card's 1+*)."""
    if effect.scope == "one":
        return 1
    if effect.scope.startswith("cards("):
        zone = effect.scope[len("cards("):-1]
        return sum(n for (pl, z), n in zones.items() if z == zone and (
            effect.whose == "all" or (pl == c.controller) == (effect.whose == "you")))
    return sum(1 for x in field.values() if is_object(x, effect.scope, effect.quality)
               and (effect.whose == "all" or x.controller == c.controller) and not (effect.other and x.id == c.id))


def own_effects(field: dict[str, Characteristics], c: Characteristics, attacking: frozenset[str] = frozenset(),
                zones: Zones | None = None) -> tuple[int, int, list[Ability]]:
    """What a creature's abilities on itself give it (604.1, 611.3a): "as long as you control ..." once
    if the condition counts enough (one, or ``least``: "three or more artifacts"), "for each ..." times
    the count; a characteristic-defining ability the count as its power (and toughness) over the base 0
    (604.3, 613.4a)."""
    dp = dt = 0
    granted: list[Ability] = []
    zones = zones or {}
    for kind, effect in statics_of(c):
        if kind in ("cda", "anthem_per"):
            n = defined(field, c, effect, zones) if kind == "cda" else count(field, c, effect, attacking)
            dp, dt = dp + effect.power * n, dt + effect.toughness * n
            continue
        if kind in ("paired_anthem", "paired_grant") and c.paired_with in field:  # 702.95b, 702.95e: paired
            dp, dt = dp + effect.power, dt + effect.toughness  # while its partner is on the battlefield too
            granted += [effect.granted] if effect.granted is not None else []
        ok = holds(field, c, effect, attacking, zones) if kind in ("anthem_if", "grant_if", "grant_unless") else False
        if kind == "anthem_if" and ok:
            dp, dt = dp + effect.power, dt + effect.toughness
        if (kind == "grant_if" and ok) or (kind == "grant_unless" and not ok):
            assert effect.granted is not None  # 508.1c, 509.1b: "can't block unless": while the condition fails
            granted.append(effect.granted)
    return dp, dt, granted


def lord(field: dict[str, Characteristics], source: Characteristics, kind: str, effect: Static,
         attacking: frozenset[str], zones: Zones | None) -> tuple[str, Static] | None:
    """A source's effect on others as an anthem or a grant: its own, or a lord's with a condition (anthem_while,
    grant_while: its creatures, while the condition holds for the source, 611.3a) or a count (anthem_each: +X/+Y
    times what the source counts, its counters of a kind too, 122.1a; anthem_colors: +X/+Y for each color of the
    creature, with_statics), or None."""
    if kind in ("anthem", "grant", "paired_anthem", "paired_grant", "anthem_colors"):
        return kind, effect
    if kind == "anthem_each":
        n = count(field, source, effect, attacking)
        effect = replace(effect, power=effect.power * n, toughness=effect.toughness * n)
    elif kind not in ("anthem_while", "grant_while") or not holds(field, source, effect, attacking, zones or {}):
        return None
    assert effect.group is not None
    scope, other, quality = effect.group
    return kind.split("_")[0], replace(effect, scope=scope, other=other, quality=quality, group=None)


def with_statics(field: dict[str, Characteristics], attacking: frozenset[str] = frozenset(),
                 zones: Zones | None = None) -> dict[str, Characteristics]:
    """The field with the effects of its static abilities applied (every source in the field);
    `attacking`: the declared attackers; `zones`: the cards in the players' hands and graveyards."""
    sources = [(c, *found) for c in field.values() for kind, effect in statics_of(c)
               if (found := lord(field, c, kind, effect, attacking, zones)) is not None]
    if not any(statics_of(c) for c in field.values()):
        return field
    out = {}
    for pid, c in field.items():
        dp, dt, granted = own_effects(field, c, attacking, zones)
        for source, kind, effect in sources:
            if not describes(source, effect, c, attacking):
                continue
            if kind in ("anthem", "paired_anthem"):
                dp, dt = dp + effect.power, dt + effect.toughness
            elif kind == "anthem_colors":  # 105.2: for each of its colors
                dp, dt = dp + effect.power * len(c.colors), dt + effect.toughness * len(c.colors)
            else:
                assert effect.granted is not None
                granted.append(effect.granted)
        if dp or dt or granted:
            c = replace(c, power=c.power + dp if c.power is not None else None,
                        toughness=c.toughness + dt if c.toughness is not None else None,
                        abilities=c.abilities + tuple(granted))
        out[pid] = c
    return out


def bonus_toughness(field: dict[str, Characteristics], new: Characteristics) -> int:
    """What the static abilities of `field` and of `new` itself add to the toughness of `new`, a
    permanent entering the battlefield (611.3c: they apply as it enters)."""
    sources = [*field.values(), new]  # (no lord with a condition: refused beside persist or undying, the loader)
    return (sum(effect.toughness for source in sources for kind, effect in statics_of(source)
                if kind == "anthem" and describes(source, effect, new)) + own_effects({**field, new.id: new}, new)[1])

