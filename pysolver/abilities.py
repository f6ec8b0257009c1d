"""Ability lines of SPEC §2 parsed into structured :class:`Ability` values.

Each ability knows its ASP term (``flying``, ``protection(color(white))``,
``landwalk("island")``, ``min_blockers(2)`` …) used by the encodings.

>>> [a.term for a in parse_ability_line("Protection from white and from blue", "Akroma")]
['protection(color(white))', 'protection(color(blue))']
>>> parse_ability_line("Akroma can't be blocked except by three or more creatures", "Akroma")[0].term
'min_blockers(3)'
>>> parse_ability_line("Swampwalk", "x")[0].term
'landwalk("swamp")'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .mana import Mana

COLORS = ("white", "blue", "black", "red", "green")
COLOR_LETTERS = dict(zip("WUBRG", COLORS))

# SPEC §2 keywords -> ASP constant, with the rule that defines each.
KEYWORDS = {
    "flying": "flying",  # 702.9
    "reach": "reach",  # 702.17
    "trample": "trample",  # 702.19
    "trample over planeswalkers": "trample_over_planeswalkers",  # 702.19c
    "menace": "menace",  # 702.111
    "deathtouch": "deathtouch",  # 702.2
    "first strike": "first_strike",  # 702.7
    "double strike": "double_strike",  # 702.4
    "vigilance": "vigilance",  # 702.20
    "haste": "haste",  # 702.10
    "defender": "defender",  # 702.3
    "indestructible": "indestructible",  # 702.12
    "lifelink": "lifelink",  # 702.15
    "fear": "fear",  # 702.36
    "intimidate": "intimidate",  # 702.13
    "shadow": "shadow",  # 702.28
    "horsemanship": "horsemanship",  # 702.31
    "skulk": "skulk",  # 702.118
}

# Blocking restrictions and requirements (509.1b, 509.1c, 508.1d), matched after the
# creature's own name, "~" and "this creature" are normalised to "this creature".
PHRASES = {
    "this creature can't block": "cant_block",
    "this creature can't be blocked": "cant_be_blocked",
    "this creature can block an additional creature each combat": "block_additional",
    "this creature can block an additional creature": "block_additional",
    "this creature can block any number of creatures each combat": "block_any_number",
    "this creature can block any number of creatures": "block_any_number",
    "this creature can block only creatures with flying": "block_only_flyers",
    "all creatures able to block this creature do so": "lure",
    "this creature must be blocked if able": "must_be_blocked",
    "this creature must be blocked each combat if able": "must_be_blocked",
    "this creature blocks each combat if able": "blocks_each_combat",
    "this creature blocks each turn if able": "blocks_each_combat",
    "this creature attacks each combat if able": "attacks_each_combat",
    "this creature attacks each turn if able": "attacks_each_combat",
}

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}

_MIN_BLOCKERS = re.compile(r"this creature can't be blocked except by (\w+) or more creatures")
_COST_ABILITY = re.compile(r"(morph|megamorph)\s*(\{.*\})$")
_OTHER_MORPH_COST = re.compile(r"(morph|megamorph)\s*[\u2014\u2013-]\s*(.+)")  # "Morph—Reveal a white card …"


class UnsupportedAbility(ValueError):
    """A line that is understood but cannot be solved: a morph cost with {X} (702.37f), a non-mana or
    hybrid morph cost. Such a line is always an error, also when it comes from a card's oracle text."""


@dataclass(frozen=True)
class Ability:
    """One ability: `kind` (an ASP constant) and an optional argument.

    `value` is a protection quality term, a land type, a blocker count or a morph cost.
    """

    kind: str
    value: object = None

    @property
    def term(self) -> str:
        """The ASP term the encodings match on."""
        if self.value is None:
            return self.kind
        if isinstance(self.value, Mana):
            return self.kind
        if isinstance(self.value, int) or self.kind == "protection":
            return f"{self.kind}({self.value})"
        return f'{self.kind}("{self.value}")'


@cache
def type_lists() -> tuple[frozenset[str], frozenset[str]]:
    """Creature types (205.3m) and land types (205.3i), lower-case."""
    data = json.loads(resources.files("pysolver").joinpath("data/types.json").read_text("utf-8"))
    return (frozenset(t.lower() for t in data["creature_types"]),
            frozenset(t.lower() for t in data["land_types"]))


def creature_type(word: str) -> str | None:
    """The creature type named by `word`, singular or plural (205.3m), or None."""
    creatures, _ = type_lists()
    word = word.lower()
    candidates = [word]
    if word.endswith("ves"):
        candidates += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    if word.endswith("men"):
        candidates.append(word[:-3] + "man")
    return next((c for c in candidates if c in creatures), None)


def asp_name(name: str) -> str:
    """A player name or id as an ASP term: always a string (pysolver.facts builds ids as strings, so
    that no name, not even ``not``, can be read as a keyword, variable or operator).

    >>> asp_name("bob"), asp_name("not")
    ('"bob"', '"not"')
    """
    return f'"{name}"'  # names are [A-Za-z][A-Za-z0-9_-]* (loader.NAME): nothing to escape


def _protection_quality(quality: str, players: frozenset[str]) -> str | None:
    """The ASP term of one protection quality (702.16a, h–k), or None if not understood."""
    q = quality.strip()
    if q in COLORS:
        return f"color({q})"
    simple = {"each color": "each_color", "all colors": "each_color", "everything": "everything",
              "creatures": "creatures", "artifacts": "artifacts", "multicolored": "multicolored",
              "monocolored": "monocolored", "colorless": "colorless"}
    if q in simple:
        return simple[q]
    for name in players:
        if q == name.lower():
            return f"player({asp_name(name)})"
    ctype = creature_type(q)
    if ctype is not None:
        return f'creature_type("{ctype}")'
    return None


def normalise(line: str, name: str | None) -> str:
    """Lower-case, straight apostrophes, no final period, the creature's own name as 'this creature'."""
    text = " ".join(line.replace("\u2019", "'").split()).rstrip(".").strip()
    if name:
        # whole words only, never inside a mana symbol: a creature named "X" keeps {X}
        text = re.sub(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])", "this creature", text, flags=re.IGNORECASE)
    text = text.replace("~", "this creature")
    return text.lower()


def parse_ability_line(line: str, name: str | None, players: frozenset[str] = frozenset()) -> list[Ability]:
    """Parse one SPEC §2 line into abilities; raise ValueError if it is not understood.

    A line may be a comma-separated list of keyword lines ("Flying, trample").
    """
    text = normalise(line, name)
    try:
        parsed = _parse_single(text, players)
    except UnsupportedAbility as exc:
        raise UnsupportedAbility(f"ability line {line!r}: {exc}") from None
    if parsed is not None:
        return parsed
    parts = [p.strip() for p in text.split(",")]
    if len(parts) > 1:
        try:
            results = [_parse_single(p, players) for p in parts]
        except UnsupportedAbility as exc:
            raise UnsupportedAbility(f"ability line {line!r}: {exc}") from None
        if all(r is not None for r in results):
            return [a for r in results for a in r]
    raise ValueError(f"ability line {line!r} is not understood (SPEC §2 lists the supported lines)")


def _parse_single(text: str, players: frozenset[str]) -> list[Ability] | None:
    if text in KEYWORDS:
        return [Ability(KEYWORDS[text])]
    bare = "this creature " + text if not text.startswith(("this creature", "all creatures")) else text
    if bare in PHRASES:
        return [Ability(PHRASES[bare])]
    m = _MIN_BLOCKERS.fullmatch(bare)
    if m:
        n = NUMBER_WORDS.get(m.group(1), int(m.group(1)) if m.group(1).isdigit() else None)
        return [Ability("min_blockers", n)] if n is not None and n >= 1 else None
    if text.endswith("walk"):
        _, lands = type_lists()
        land = text[: -len("walk")]
        return [Ability("landwalk", land)] if land in lands else None
    if text.startswith("protection from "):
        qualities = re.split(r",? and from |, from ", text[len("protection from "):])
        terms = [_protection_quality(q, players) for q in qualities]
        if any(t is None for t in terms):
            return None
        return [Ability("protection", t) for t in terms]
    m = _COST_ABILITY.fullmatch(text)
    if m:
        if "{x}" in m.group(2):
            raise UnsupportedAbility(f"{m.group(1)} costs with {{X}} (702.37f) are not supported")
        try:
            cost = Mana.parse(m.group(2).upper())
        except ValueError as exc:
            raise UnsupportedAbility(f"{m.group(1)} cost not supported: {exc}") from None
        return [Ability(m.group(1), cost)]
    m = _OTHER_MORPH_COST.fullmatch(text)
    if m:  # 702.37e: the cost must be paid; only mana (the player's `mana`) is modelled
        raise UnsupportedAbility(f"{m.group(1)} costs that are not mana (702.37e) are not supported")
    return None
