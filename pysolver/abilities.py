"""Ability lines (docs/abilities.md, :mod:`pysolver.catalogue`) parsed into structured :class:`Ability` values.

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

import difflib
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .catalogue import CATALOGUE
from .mana import Mana

COLORS = ("white", "blue", "black", "red", "green")
COLOR_LETTERS = dict(zip("WUBRG", COLORS))

def normalise(line: str, name: str | None) -> str:
    """Lower-case, straight apostrophes, no final period, the creature's own name as 'this creature'."""
    text = " ".join(line.replace("\u2019", "'").split()).rstrip(".").strip()
    if name:
        # whole words only, never inside a mana symbol: a creature named "X" keeps {X}
        text = re.sub(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])", "this creature", text, flags=re.IGNORECASE)
    text = text.replace("~", "this creature")
    return text.lower()


# The parser's tables, taken from the catalogue (one entry per supported line, with its rule).
# Keywords: the line -> the ASP constant.
KEYWORDS = {f.form.lower(): f.kind for f in CATALOGUE if f.group == "keyword" and f.literal}

# Blocking restrictions and requirements (509.1b, 509.1c, 508.1d), matched after the
# creature's own name, "~" and "this creature" are normalised to "this creature".
PHRASES = {normalise(form, None): f.kind for f in CATALOGUE if f.group in ("blocking", "requirement") and f.literal
           for form in (f.form, *f.also)}

# Protection qualities written as words (702.16a, h, j) -> their ASP term.
QUALITIES = {normalise(form, None).removeprefix("protection from "): f.value
             for f in CATALOGUE if f.group == "protection" and f.literal for form in (f.form, *f.also)}

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}

_MIN_BLOCKERS = re.compile(r"this creature can't be blocked except by (\w+) or more creatures")
_TOXIC = re.compile(r"toxic (\d+)")  # 702.164a: "toxic N"
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
    if q in QUALITIES:
        return QUALITIES[q]
    for name in players:
        if q == name.lower():
            return f"player({asp_name(name)})"
    ctype = creature_type(q)
    if ctype is not None:
        return f'creature_type("{ctype}")'
    return None


def parse_ability_line(line: str, name: str | None, players: frozenset[str] = frozenset()) -> list[Ability]:
    """Parse one ability line (a catalogue form) into abilities; raise :class:`UnknownAbilityLine`
    (a ValueError) if no form matches, :class:`UnsupportedAbility` for a cost that cannot be paid.

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
            return [a for r in results if r is not None for a in r]
        raise UnknownAbilityLine(line, next(p for p, r in zip(parts, results) if r is None), part=True)
    raise UnknownAbilityLine(line, text)


class UnknownAbilityLine(ValueError):
    """A line (or one comma-separated part of it, `text`, normalised) that no catalogue form matches.

    Its message names the closest supported line (difflib), computed only when the message is
    read: card files hold many lines the solver does not model, and those are only noted.

    >>> print(UnknownAbilityLine("Flyng", "flyng"))  # doctest: +ELLIPSIS
    ability line 'Flyng' is not understood; did you mean 'Flying'? (supported lines: `pysolver abilities`, ...)
    """

    def __init__(self, line: str, text: str, part: bool = False) -> None:
        super().__init__(line, text, part)
        self.line, self.text, self.part = line, text, part

    def __str__(self) -> str:
        close = suggestion(self.text)
        where = f": its part {self.text!r} matches no supported line" if self.part else ""
        hint = f"; did you mean {close!r}?" if close else ""
        return (f"ability line {self.line!r} is not understood{where}{hint} "
                f"(supported lines: `pysolver abilities`, docs/abilities.md)")


@cache
def _candidates() -> dict[str, str]:
    """Each catalogue line, normalised -> as shown in a did-you-mean ('~' written 'this creature')."""
    shown = {f"{land}walk": f"{land.capitalize()}walk" for land in type_lists()[1]}  # 702.14: each land type
    for f in CATALOGUE:
        for form in ((f.form, *f.also) if f.literal else (f.example,)):
            text = form.replace("~", "this creature")
            shown[normalise(form, None)] = text[0].upper() + text[1:]
    return shown


def suggestion(text: str) -> str | None:
    """The supported line closest to the normalised line `text`, if one is close enough.

    >>> suggestion("cant block"), suggestion("protection from whte"), suggestion("fly me to the moon")
    ("This creature can't block", 'Protection from white', None)
    """
    tries = [text] if text.startswith(("this creature", "all creatures")) else [text, "this creature " + text]
    close = [difflib.get_close_matches(t, _candidates(), n=1, cutoff=0.75) for t in tries]
    best = max((c[0] for c in close if c), key=lambda c: max(difflib.SequenceMatcher(None, t, c).ratio()
                                                               for t in tries), default=None)
    return _candidates()[best] if best is not None else None


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
    m = _TOXIC.fullmatch(text)
    if m:  # 702.164a
        n = int(m.group(1)) if len(m.group(1)) <= 7 else None
        return [Ability("toxic", n)] if n is not None and n >= 1 else None
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
