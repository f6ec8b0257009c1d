"""Card pools (SPEC §4): the built-in pool and `--cards` files in Scryfall or MTGJSON format.

Oracle text becomes SPEC §2 ability lines: keyword lines such as
"Flying, trample, protection from white and from blue" are split, reminder
text in parentheses is dropped, and lines the solver does not model (e.g.
"{R}: … gets +1/+0 until end of turn") are kept in `unmodelled`, never dropped.
Morph lines the solver cannot pay for (a cost with {X}, 702.37f, or a cost that is
not mana) stay in `lines`, so that using the card is an error naming the permanent.

>>> card = builtin_pool()["akroma, angel of fury"]
>>> card.lines
('Flying', 'trample', 'protection from white and from blue', 'Morph {3}{R}{R}{R}')
>>> card.unmodelled
("Akroma, Angel of Fury can't be countered.", '{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.')
>>> oracle_lines("Zurgo", "Flying, ward {2} (Whenever this creature becomes the target …)")
(('Flying',), ('ward {2}',))
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from . import reading
from .abilities import COLOR_LETTERS, KEYWORDS, UnsupportedAbility, parse_ability_line
from .errors import InputError

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")

# Scryfall layouts that are not game cards (their "faces" have no characteristics to play with).
_SKIPPED_LAYOUTS = {"art_series"}
# Scryfall layouts that are tokens and the like: a real card of the same name wins.
_MINOR_LAYOUTS = {"token", "double_faced_token", "emblem", "vanguard", "scheme", "planar", "augment", "host"}


@dataclass(frozen=True)
class Card:
    """The characteristics a card (or one face of it) gives a permanent by default (SPEC §1 `card:`).

    `lines` are SPEC §2 ability lines, `unmodelled` the oracle lines the solver does not model.
    """

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
    mana_cost: str = ""


def card_key(name: str) -> str:
    """The pool key of a card name: case, accents, curly apostrophes and spacing do not matter.

    >>> card_key("  Ghazbán  Ogre"), card_key("Gideon’s Lawkeeper")
    ('ghazban ogre', "gideon's lawkeeper")
    """
    text = unicodedata.normalize("NFKD", name.replace("\u2019", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.split()).casefold()


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None  # "*", "1+*" and the like: the situation must give the number


def _strip_reminder(raw: str) -> str:
    """The line without reminder text (parenthesised, possibly nested) and surrounding space."""
    line, previous = raw, None
    while line != previous:
        previous, line = line, re.sub(r"\s*\([^()]*\)", "", line)
    return " ".join(line.split())


def short_name(name: str, legendary: bool) -> str | None:
    """The shortened name a legendary card's text may use for itself (201.5c): "Akroma" for
    "Akroma, Angel of Fury", "Rhonas" for "Rhonas the Indomitable"; None if there is none."""
    if not legendary:
        return None
    m = re.match(r"(.+?)(?:,| the | of )", name)
    return m.group(1).strip() if m and m.group(1).strip() != name else None


def oracle_lines(name: str, text: str, legendary: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split oracle text into (ability lines, lines not modelled).

    A keyword line ("Flying, trample, protection from white and from blue") becomes one line per
    keyword; in a keyword line with keywords the solver does not model ("Flying, ward {2}") those
    parts alone are not modelled. A legendary card's shortened name (201.5c) is written out in full
    in the lines kept, so that they parse as "this creature". Unmodelled lines keep their text.
    """
    short = short_name(name, legendary)
    lines: list[str] = []
    unmodelled: list[str] = []
    for raw in text.splitlines():
        line = _strip_reminder(raw)
        if not line:
            continue
        full = _full_name(line, name, short)
        status = _status(full, name)
        parts = _keyword_parts(full, name)
        if status == "ok":
            if parts and all(_status(p, name) == "ok" for p in parts):
                lines.extend(parts)
            else:
                lines.append(full)
        elif status == "unsupported":
            lines.append(full)  # the loader rejects it with the reason when the card is used
        elif parts and _is_keyword_line(full, parts, name):
            for part in parts:
                if _status(part, name) == "no":
                    unmodelled.append(part)
                else:
                    lines.append(part)
        else:
            unmodelled.append(line)
    return tuple(lines), tuple(unmodelled)


def _full_name(line: str, name: str, short: str | None) -> str:
    """`line` with the shortened name (201.5c) replaced by the full name."""
    if not short:
        return line
    rest = re.escape(name[len(short):])
    return re.sub(rf"(?<!\w){re.escape(short)}(?!\w)(?!{rest})", lambda _: name, line)


def _status(line: str, name: str) -> str:
    """'ok' (a SPEC §2 line), 'unsupported' (a morph cost that cannot be paid) or 'no'."""
    try:
        parse_ability_line(line, name)
    except UnsupportedAbility:
        return "unsupported"
    except ValueError:
        return "no"
    return "ok"


def _keyword_parts(line: str, name: str) -> list[str] | None:
    """The comma-separated parts of a line (the card's own name, which may contain commas, kept
    whole), or None if the line has no comma or is an activated ability ("cost: effect")."""
    if ":" in line:
        return None
    masked = line.replace(name, "\0") if name else line
    parts = [p.strip().replace("\0", name) for p in masked.split(",")]
    return parts if len(parts) > 1 and all(parts) else None


def _is_keyword_line(line: str, parts: list[str], name: str) -> bool:
    """A list of keywords, not a sentence with commas: no final period (keyword lines have none)
    unless it starts with a keyword ("Flying, ward—Pay 2 life."); at least one part understood."""
    first = parts[0].lower()
    if line.endswith(".") and first not in KEYWORDS:
        return False
    return any(_status(p, name) != "no" for p in parts)


def _split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """(card types, subtypes, legendary) of one face's type line."""
    left, _, right = type_line.replace("\u2014", "-").partition(" - ")
    types = tuple(t for t in left.split() if t in CARD_TYPES)
    return types, tuple(right.split()), "Legendary" in left.split()


def _colors(letters: Any) -> tuple[str, ...]:
    if not isinstance(letters, list):
        raise TypeError(f"colors must be a list of W/U/B/R/G, got {letters!r}")
    try:
        return tuple(COLOR_LETTERS[c] for c in letters)
    except KeyError as exc:
        raise TypeError(f"color {exc.args[0]!r} is not one of W/U/B/R/G") from None


def scryfall_cards(obj: dict) -> list[Card]:
    """The cards of one Scryfall card object: one per face for multi-faced cards, front face first."""
    faces = obj.get("card_faces")
    if not faces:
        return [_scryfall_face(obj, obj, True)]
    return [_scryfall_face(face, obj, i == 0) for i, face in enumerate(faces)]


def _scryfall_face(face: dict, obj: dict, front: bool) -> Card:
    """One face; colors (and for the front face the numbers) fall back to the card object, as
    Scryfall keeps them there for adventurer, split and flip cards."""
    def get(key: str, default: Any = None) -> Any:
        if face.get(key) is not None:
            return face[key]
        return obj.get(key, default) if front or key == "colors" else default

    name = face["name"]
    types, subtypes, legendary = _split_type_line(get("type_line", ""))
    lines, unmodelled = oracle_lines(name, get("oracle_text", "") or "", legendary)
    return Card(name, types, subtypes, _colors(get("colors", [])),
                _int_or_none(get("power")), _int_or_none(get("toughness")),
                _int_or_none(get("loyalty")), _int_or_none(get("defense")),
                lines, unmodelled, get("mana_cost", "") or "")


def card_from_mtgjson(name: str, face: dict) -> Card:
    """A card from one face of an MTGJSON AtomicCards entry (`name` is the entry's key)."""
    face_name = face.get("faceName") or face.get("name") or name
    legendary = "Legendary" in (face.get("supertypes") or [])
    lines, unmodelled = oracle_lines(face_name, face.get("text", "") or "", legendary)
    return Card(face_name, tuple(t for t in face.get("types", []) if t in CARD_TYPES),
                tuple(face.get("subtypes", [])), _colors(face.get("colors", [])),
                _int_or_none(face.get("power")), _int_or_none(face.get("toughness")),
                _int_or_none(face.get("loyalty")), _int_or_none(face.get("defense")),
                lines, unmodelled, face.get("manaCost", "") or "")


def parse_pool(data: object, file: str) -> dict[str, Card]:
    """Cards keyed by :func:`card_key` of their name, from Scryfall JSON (a list of card objects, a
    `{"object": "list", "data": [...]}` page or one card object) or MTGJSON AtomicCards
    (`{"data": {name: [face, ...]}}`).

    A multi-faced card is found by its full name ("Delver of Secrets // Insectile Aberration": the
    front face) and by each face's own name. A card's name wins over a face or token of the same name.
    """
    if isinstance(data, dict) and data.get("object") == "card":
        data = [data]
    elif isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        data = data["data"]
    if isinstance(data, list):
        return _scryfall_pool(data, file)
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return _mtgjson_pool(data["data"], file)
    raise InputError(file, "", "not card data: expected Scryfall card JSON (a list of card objects) "
                               "or MTGJSON AtomicCards.json ({\"data\": {name: [face, ...]}})")


def _scryfall_pool(objects: list, file: str) -> dict[str, Card]:
    names: dict[str, tuple[int, Card]] = {}
    faces: dict[str, Card] = {}
    for i, obj in enumerate(objects):
        where = f"[{i}]"
        try:
            if not isinstance(obj, dict):
                raise TypeError("expected a card object")
            where = f"[{i}] ({obj['name']})"
            if not isinstance(obj["name"], str):
                raise TypeError("the name is not a string")
            layout = obj.get("layout", "normal")
            if layout in _SKIPPED_LAYOUTS:
                continue
            cards = scryfall_cards(obj)
        except KeyError as exc:
            raise InputError(file, where, f"malformed Scryfall card: no {exc.args[0]!r}") from None
        except (TypeError, AttributeError) as exc:
            raise InputError(file, where, f"malformed Scryfall card: {exc}") from None
        rank = 0 if layout in _MINOR_LAYOUTS else 1
        key = card_key(obj["name"])
        if key not in names or names[key][0] < rank:
            names[key] = (rank, cards[0])
        if len(cards) > 1 or cards[0].name != obj["name"]:
            for card in cards:
                faces.setdefault(card_key(card.name), card)
    pool = {key: card for key, (_, card) in names.items()}
    for key, card in faces.items():
        pool.setdefault(key, card)
    return pool


def _mtgjson_pool(entries: dict, file: str) -> dict[str, Card]:
    pool: dict[str, Card] = {}
    faces: dict[str, Card] = {}
    for name, entry in entries.items():
        try:
            if not isinstance(entry, list):
                if isinstance(entry, dict) and "cards" in entry:
                    raise InputError(file, f"data.{name}", "this looks like an MTGJSON set or AllPrintings "
                                                           "file; use AtomicCards.json")
                raise TypeError("expected a list of card faces")
            cards = [(face, card_from_mtgjson(name, face)) for face in entry]
            if not all(isinstance(card.name, str) for _, card in cards):
                raise TypeError("a face name is not a string")
        except (KeyError, TypeError, AttributeError) as exc:
            raise InputError(file, f"data.{name}", f"malformed MTGJSON card: {exc}") from None
        if not cards:
            continue
        front = next((card for face, card in cards if face.get("side") in (None, "a")), cards[0][1])
        pool.setdefault(card_key(name), front)
        for _, card in cards:
            faces.setdefault(card_key(card.name), card)
    for key, card in faces.items():
        pool.setdefault(key, card)
    return pool


def load_pool_file(path: str | Path) -> dict[str, Card]:
    """Read a `--cards` file."""
    try:
        data = reading.parse_json(reading.read_text(path, "card file"), str(path), unique_keys=False)
    except OSError as exc:
        raise InputError(str(path), "", f"cannot read card file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise InputError(str(path), "", f"card file is not UTF-8 text: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None
    return parse_pool(data, str(path))


@cache
def builtin_pool() -> dict[str, Card]:
    """The built-in pool: the seed cards and every card `examples/` uses (Scryfall format)."""
    text = resources.files("pysolver").joinpath("data/cards.json").read_text("utf-8")
    return parse_pool(json.loads(text), "built-in card pool")
