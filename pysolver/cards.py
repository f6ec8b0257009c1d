"""Card pools (SPEC §4): the built-in pool and `--cards` files in Scryfall or MTGJSON format.

Oracle text becomes SPEC §2 ability lines: keyword lines such as
"Flying, trample, protection from white and from blue" are split, reminder
text in parentheses is dropped, and lines the solver does not model (e.g.
"{R}: … gets +1/+0 until end of turn") are kept in `unmodelled`, never dropped.

>>> card = builtin_pool()["akroma, angel of fury"]
>>> card.lines
('Flying', 'trample', 'protection from white and from blue', 'Morph {3}{R}{R}{R}')
>>> card.unmodelled
('{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.',)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from .abilities import COLOR_LETTERS, parse_ability_line
from .errors import InputError

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


@dataclass(frozen=True)
class Card:
    """The characteristics a card gives a permanent by default (SPEC §1 `card:`)."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    lines: tuple[str, ...]
    unmodelled: tuple[str, ...]


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None  # "*" and the like: the situation must give the number


def oracle_lines(name: str, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split oracle text into (ability lines understood, lines not modelled)."""
    understood: list[str] = []
    unmodelled: list[str] = []
    for raw in text.splitlines():
        line = re.sub(r"\s*\([^()]*\)", "", raw).strip()
        if not line:
            continue
        parts = [p.strip() for p in line.split(",")]
        try:
            parse_ability_line(line, name)
        except ValueError:
            unmodelled.append(line)
            continue
        if len(parts) > 1 and all(_parses(p, name) for p in parts):
            understood.extend(parts)
        else:
            understood.append(line)
    return tuple(understood), tuple(unmodelled)


def _parses(line: str, name: str) -> bool:
    try:
        parse_ability_line(line, name)
    except ValueError:
        return False
    return True


def _split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    left, _, right = type_line.replace("\u2014", "-").partition(" - ")
    types = tuple(t for t in left.split() if t in CARD_TYPES)
    return types, tuple(right.split())


def card_from_scryfall(obj: dict) -> Card:
    """A card from a Scryfall card object (its front face for multi-faced cards)."""
    face = obj["card_faces"][0] if obj.get("card_faces") and "oracle_text" not in obj else obj
    name = face.get("name", obj["name"])
    types, subtypes = _split_type_line(face.get("type_line", obj.get("type_line", "")))
    colors = face.get("colors", obj.get("colors", []))
    lines, unmodelled = oracle_lines(name, face.get("oracle_text", ""))
    return Card(name, types, subtypes, tuple(COLOR_LETTERS[c] for c in colors),
                _int_or_none(face.get("power")), _int_or_none(face.get("toughness")),
                _int_or_none(face.get("loyalty")), _int_or_none(face.get("defense")),
                lines, unmodelled)


def card_from_mtgjson(name: str, face: dict) -> Card:
    """A card from one face of an MTGJSON AtomicCards entry."""
    face_name = face.get("faceName", name)
    lines, unmodelled = oracle_lines(face_name, face.get("text", ""))
    return Card(face_name, tuple(t for t in face.get("types", []) if t in CARD_TYPES),
                tuple(face.get("subtypes", [])), tuple(COLOR_LETTERS[c] for c in face.get("colors", [])),
                _int_or_none(face.get("power")), _int_or_none(face.get("toughness")),
                _int_or_none(face.get("loyalty")), _int_or_none(face.get("defense")),
                lines, unmodelled)


def parse_pool(data: object, file: str) -> dict[str, Card]:
    """Cards keyed by lower-case name, from Scryfall bulk JSON (a list) or MTGJSON AtomicCards."""
    pool: dict[str, Card] = {}
    try:
        if isinstance(data, list):
            for obj in data:
                card = card_from_scryfall(obj)
                pool[obj["name"].lower()] = card
                pool.setdefault(card.name.lower(), card)
        elif isinstance(data, dict) and isinstance(data.get("data"), dict):
            for name, faces in data["data"].items():
                for face in faces:
                    card = card_from_mtgjson(name, face)
                    pool.setdefault(card.name.lower(), card)
                    pool.setdefault(name.lower(), card)
        else:
            raise InputError(file, "", "not a Scryfall card list nor an MTGJSON AtomicCards file")
    except (KeyError, TypeError, AttributeError) as exc:
        raise InputError(file, "", f"malformed card data ({exc!r})") from None
    return pool


def load_pool_file(path: str | Path) -> dict[str, Card]:
    """Read a `--cards` file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(str(path), "", f"cannot read card file: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None
    return parse_pool(data, str(path))


@cache
def builtin_pool() -> dict[str, Card]:
    """The built-in pool: the seed cards and every card `examples/` uses (Scryfall format)."""
    text = resources.files("pysolver").joinpath("data/cards.json").read_text("utf-8")
    return parse_pool(json.loads(text), "built-in card pool")
