"""Card pools (docs/engines.md): the built-in pool and `--cards` files in Scryfall or MTGJSON format.

Oracle text becomes docs/abilities.md ability lines: keyword lines such as
"Flying, trample, protection from white and from blue" are split, reminder
text in parentheses is dropped, and lines the solver does not model are never dropped: those that
cannot change one combat are kept in `inert` with their reason (:mod:`pysolver.files.oracle`), those
that may change the answer (e.g. "{R}: Target creature gets +1/+0 until end of turn") in `unmodelled`.
Morph and disguise lines the solver cannot pay for (a cost with {X}, 702.37f, 702.168e, or a
cost that is not mana) stay in `lines`, so that using the card is an error naming the permanent.

>>> card = builtin_pool()["akroma, angel of fury"]
>>> card.lines[3:]
('{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.', 'Morph {3}{R}{R}{R}')
>>> card.unmodelled, [(line, why.key) for line, why in card.inert]
((), [("Akroma, Angel of Fury can't be countered.", 'spell')])
>>> oracle_lines("Zurgo", "Flying, prowess (Whenever you cast a noncreature spell …)")
(('Flying',), ('prowess',))
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import re
import unicodedata
import zlib
from collections import ChainMap
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from ..errors import InputError
from ..model.abilities import COLOR_LETTERS, EVENT_WATCHERS, KEYWORDS, UnsupportedAbility, parse_ability_line
from ..model.fields import CARD_TYPES, Level
from ..model.numbers import Oversized
from . import reading
from .cardindex import Index, StoredIndex, file_index, memory
from .oracle import Classified, Reason, classify, reason

# Scryfall layouts that are not game cards (their "faces" have no characteristics to play with).
_SKIPPED_LAYOUTS = {"art_series"}
# Scryfall layouts that are tokens and the like: a real card of the same name wins.
_MINOR_LAYOUTS = {"token", "double_faced_token", "emblem", "vanguard", "scheme", "planar", "augment", "host"}


@dataclass(frozen=True)
class Card:
    """The characteristics a card (or one face of it) gives a permanent by default (docs/situation.md `card:`).

    `lines` are docs/abilities.md ability lines; of the oracle lines the solver does not model, `inert` are
    those that cannot change one combat, each with its reason, and `unmodelled` those that may change the answer.
    `source` is the card file it is from (a pool's file); `too_long` the numbers (power, toughness,
    loyalty, defense) whose digits are too many to be read as one, which a permanent using them refuses.
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
    inert: tuple[tuple[str, Reason], ...] = ()
    levels: tuple[Level, ...] = ()  # 711.2: a leveler card's striations (their lines are not in `lines`)
    source: str = field(default="", repr=False, compare=False)
    too_long: tuple[tuple[str, Oversized], ...] = field(default=(), repr=False, compare=False)

    @property
    def level_lines(self) -> tuple[str, ...]:
        """The lines of its striations as printed (711.2): each level symbol, its power/toughness box, its
        ability lines."""
        return tuple(line for x in self.levels for line in (
            f"LEVEL {x.low}-{x.high}" if x.high is not None else f"LEVEL {x.low}+", f"{x.power}/{x.toughness}",
            *x.lines))

    @property
    def classification(self) -> tuple[Classified, ...]:
        """Each line of the card with its class (:func:`pysolver.files.oracle.classify`)."""
        return classify(self)


def card_key(name: str) -> str:
    """The pool key of a card name: case, accents, curly apostrophes and spacing do not matter.

    >>> card_key("  Ghazbán  Ogre"), card_key("Gideon’s Lawkeeper")
    ('ghazban ogre', "gideon's lawkeeper")
    """
    if name.isascii():
        return " ".join(name.split()).lower()  # the common case, fast: card files have ~10^5 keys
    text = unicodedata.normalize("NFKD", name.replace("\u2019", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.split()).casefold()


_NUMBERS = ("power", "toughness", "loyalty", "defense")
_DIGITS = re.compile(r"\s*[+-]?\d[\d_]*\s*")


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None  # "*", "1+*" and the like (the situation must give the number), or too long


def _ints(numbers: dict[str, Any]) -> tuple[int | None, int | None, int | None, int | None]:
    """Power, toughness, loyalty and defense as numbers (None: not a number, or none)."""
    power, toughness, loyalty, defense = (_int_or_none(numbers[key]) for key in _NUMBERS)
    return power, toughness, loyalty, defense


def _too_long(numbers: dict[str, Any]) -> tuple[tuple[str, Oversized], ...]:
    """The numbers given as digits too many for :func:`int` (Python reads at most 4300), kept as their text.

    >>> _too_long({"power": "9" * 5000, "toughness": "*", "loyalty": None})
    (('power', Oversized(9999999999…(5000 digits))),)
    """
    texts = {key: v.text if isinstance(v, Oversized) else str(v) for key, v in numbers.items() if v is not None}
    return tuple((key, Oversized(text)) for key, text in texts.items()
                 if _int_or_none(text) is None and _DIGITS.fullmatch(text))


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


def _classified(name: str, text: str, legendary: bool) -> tuple[tuple[str, ...], tuple[str, ...],
                                                                tuple[tuple[str, Reason], ...]]:
    """(ability lines, lines that may change the answer, inert lines with their reasons): the grammar
    first (:func:`oracle_lines`), then the lines it does not read sorted out (:mod:`pysolver.files.oracle`)."""
    lines, unread = oracle_lines(name, text, legendary)
    short = short_name(name, legendary)
    # a "whenever another creature enters" watcher (603.6a) or one of a player's event ("whenever you cycle or
    # discard another card, scry 1", 603.2) whose effect is inert anyway ("… you may draw a card") stays inert:
    # read, it would refuse the boards with persist or undying or with its event's causes (pysolver.files.loader)
    inert_watchers = tuple(line for line in lines
                           if len(kinds := _kinds(line, name)) == 1 and kinds <= {"enters_watch", *EVENT_WATCHERS}
                           and reason(line, name, lines + unread, short) is not None)
    lines, unread = tuple(x for x in lines if x not in inert_watchers), unread + inert_watchers
    # 700.2: the modes ("• …") of a modal ability are part of it: a mode has the class of the line that
    # starts the ability ("When ~ enters, choose one —") when the grammar does not read that line
    headers = {mode: header for mode, header in _mode_headers(text).items() if header in unread}
    why = [(line, reason(headers.get(line, line), name, lines + unread, short)) for line in unread]
    return (lines, tuple(line for line, r in why if r is None),
            tuple((line, r) for line, r in why if r is not None))


# 711.2: a leveler card's text: the level symbols "LEVEL N1-N2" and "LEVEL N3+", each followed by its power/toughness
# box and the abilities of its striation.
_LEVEL = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")
_PT_BOX = re.compile(r"(\d+)/(\d+)")


def _leveled(name: str, text: str, legendary: bool) -> tuple[tuple[str, ...], tuple[str, ...],
                                                               tuple[tuple[str, Reason], ...], tuple[Level, ...]]:
    """:func:`_classified` of a card's text, its striations (711.2) apart: each striation's modelled lines are its
    own, the others noted or kept inert with the card's.

    >>> lines, _, _, levels = _leveled("S", "Level up {W}\\nLEVEL 2-6\\n3/3\\nFirst strike\\nLEVEL 7+\\n4/4", False)
    >>> levels
    (Level(low=2, high=6, power=3, toughness=3, lines=('First strike',)), Level(low=7, high=None, power=4, \
toughness=4, lines=()))
    """
    rows = text.splitlines()
    starts = [i for i, row in enumerate(rows) if _LEVEL.fullmatch(row.strip())]
    if not starts or any(i + 1 >= len(rows) or not _PT_BOX.fullmatch(rows[i + 1].strip()) for i in starts):
        return (*_classified(name, text, legendary), ())
    lines, unmodelled, inert = _classified(name, "\n".join(rows[:starts[0]]), legendary)
    levels = []
    for i, end in zip(starts, [*starts[1:], len(rows)]):
        level, box = _LEVEL.fullmatch(rows[i].strip()), _PT_BOX.fullmatch(rows[i + 1].strip())
        assert level is not None and box is not None
        own, noted, kept = _classified(name, "\n".join(rows[i + 2:end]), legendary)
        unmodelled, inert = unmodelled + noted, inert + kept
        levels.append(Level(int(level.group(1)), int(level.group(2)) if level.group(2) else None, int(box.group(1)),
                            int(box.group(2)), own))
    return lines, unmodelled, inert, tuple(levels)
def _mode_headers(text: str) -> dict[str, str]:
    """Each mode line ("• Put a +1/+1 counter on ~.") of a modal ability's text, with the line that starts
    the ability ("When ~ enters, choose one —", 700.2), both as :func:`oracle_lines` keeps them.

    >>> _mode_headers("Flying\\nWhen X enters, choose one —\\n• You gain 2 life.\\n• Draw a card.")
    {'• You gain 2 life.': 'When X enters, choose one —', '• Draw a card.': 'When X enters, choose one —'}
    """
    headers: dict[str, str] = {}
    header = None
    for raw in text.splitlines():
        line = _strip_reminder(raw)
        if line.startswith("\u2022"):
            if header is not None:
                headers[line] = header
        elif line:
            header = line
    return headers


def _full_name(line: str, name: str, short: str | None) -> str:
    """`line` with the shortened name (201.5c) replaced by the full name."""
    if not short:
        return line
    rest = re.escape(name[len(short):])
    return re.sub(rf"(?<!\w){re.escape(short)}(?!\w)(?!{rest})", lambda _: name, line)


def _kinds(line: str, name: str) -> set[str]:
    """The kinds of the abilities a line reads as (none for a line kept for the loader to refuse)."""
    try:
        return {a.kind for a in parse_ability_line(line, name)}
    except ValueError:
        return set()


def _status(line: str, name: str) -> str:
    """'ok' (a docs/abilities.md line), 'unsupported' (a morph cost that cannot be paid) or 'no'."""
    try:
        parse_ability_line(line, name)
    except UnsupportedAbility:
        return "unsupported"
    except ValueError:
        return "no"
    return "ok"


def _keyword_parts(line: str, name: str) -> list[str] | None:
    """The comma-separated parts of a line (or semicolon-separated, as older printings list keywords: "Flying;
    trample"; the card's own name, which may contain commas, kept whole), or None if the line has no comma
    or is an activated ability ("cost: effect")."""
    if ":" in line:
        return None
    masked = line.replace(name, "\0") if name else line
    parts = [p.strip().replace("\0", name) for p in re.split(r"[,;]", masked)]  # (older printings: "Flying; trample")
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


def scryfall_cards(obj: dict[str, Any]) -> list[Card]:
    """The cards of one Scryfall card object: one per face for multi-faced cards, front face first."""
    faces = obj.get("card_faces")
    if not faces:
        return [_scryfall_face(obj, obj, True)]
    return [_scryfall_face(face, obj, i == 0) for i, face in enumerate(faces)]


def _scryfall_face(face: dict[str, Any], obj: dict[str, Any], front: bool) -> Card:
    """One face; colors (and for the front face the numbers) fall back to the card object, as
    Scryfall keeps them there for adventurer, split and flip cards."""
    def get(key: str, default: Any = None) -> Any:
        if face.get(key) is not None:
            return face[key]
        return obj.get(key, default) if front or key == "colors" else default

    name = face["name"]
    types, subtypes, legendary = _split_type_line(get("type_line", ""))
    lines, unmodelled, inert, levels = _leveled(name, get("oracle_text", "") or "", legendary)
    numbers = {key: get(key) for key in _NUMBERS}
    return Card(name, types, subtypes, _colors(get("colors", [])),
                *_ints(numbers),
                lines, unmodelled, get("mana_cost", "") or "", inert, levels, too_long=_too_long(numbers))


def card_from_mtgjson(name: str, face: dict[str, Any]) -> Card:
    """A card from one face of an MTGJSON AtomicCards entry (`name` is the entry's key)."""
    face_name = face.get("faceName") or face.get("name") or name
    legendary = "Legendary" in (face.get("supertypes") or [])
    lines, unmodelled, inert, levels = _leveled(face_name, face.get("text", "") or "", legendary)
    numbers = {key: face.get(key) for key in _NUMBERS}
    return Card(face_name, tuple(t for t in face.get("types", []) if t in CARD_TYPES),
                tuple(face.get("subtypes", [])), _colors(face.get("colors", [])),
                *_ints(numbers),
                lines, unmodelled, face.get("manaCost", "") or "", inert, levels, too_long=_too_long(numbers))


# --- card files: names and ids indexed first, oracle text parsed only for the cards used --------

# Fields of a card object the pool needs; the rest (images, prices, legalities, …) is dropped.
_SCRYFALL_FIELDS = ("name", "layout", "type_line", "oracle_text", "colors", "power", "toughness", "loyalty",
                    "defense", "mana_cost")
_MTGJSON_FIELDS = ("name", "faceName", "side", "supertypes", "types", "subtypes", "text", "colors", "power",
                   "toughness", "loyalty", "defense", "manaCost")
_NAME, _MINOR, _FACE = 2, 1, 0  # who wins a name: a card, then a token or the like, then a face
_LETTERS = frozenset(COLOR_LETTERS)


def _compact(obj: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    return {k: obj[k] for k in fields if k in obj}


def _index_scryfall(objects: list[Any], file: str) -> Index:
    index = Index(file)
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
            fields = _compact(obj, _SCRYFALL_FIELDS)
            faces = obj.get("card_faces") or []
            if faces:
                fields["card_faces"] = [_compact(face, _SCRYFALL_FIELDS) for face in faces]
                face_names = [face["name"] for face in faces]
            for part in (fields, *fields.get("card_faces", ())):
                colors = part.get("colors", [])
                if not isinstance(colors, list) or not _LETTERS.issuperset(colors):
                    _colors(colors)
        except KeyError as exc:
            raise InputError(file, where, f"malformed Scryfall card: no {exc.args[0]!r}") from None
        except (TypeError, AttributeError) as exc:
            raise InputError(file, where, f"malformed Scryfall card: {exc}") from None
        n = index.add("scryfall", where, fields, (obj.get("id"), obj.get("oracle_id"), obj.get("arena_id"), None,
                                                   obj.get("set"), obj.get("collector_number")), obj.get("oracle_id"))
        index.name(card_key(obj["name"]), _MINOR if layout in _MINOR_LAYOUTS else _NAME, n, 0)
        if faces and (len(faces) > 1 or face_names[0] != obj["name"]):
            for j, face_name in enumerate(face_names):
                index.name(card_key(face_name), _FACE, n, j)
    return index


def _index_mtgjson(entries: dict[str, Any], file: str) -> Index:
    index = Index(file)
    for name, entry in entries.items():
        where = f"data.{name}"
        try:
            if not isinstance(entry, list):
                if isinstance(entry, dict) and "cards" in entry:
                    raise InputError(file, where, "this looks like an MTGJSON set or AllPrintings "
                                                  "file; use AtomicCards.json")
                raise TypeError("expected a list of card faces")
            faces = [_compact(face, _MTGJSON_FIELDS) for face in entry]
            for face in faces:
                _colors(face.get("colors", []))
                if not all(isinstance(face.get(k, ""), str) for k in ("name", "faceName")):
                    raise TypeError("a face's name must be text")
        except (KeyError, TypeError, AttributeError) as exc:
            raise InputError(file, where, f"malformed MTGJSON card: {exc}") from None
        if not faces:
            continue
        front = next((j for j, face in enumerate(faces) if face.get("side") in (None, "a")), 0)
        raw = entry[front]
        ids = raw.get("identifiers") if isinstance(raw.get("identifiers"), dict) else {}
        n = index.add("mtgjson", where, {"name": name, "faces": faces, "front": front},
                      (ids.get("scryfallId"), ids.get("scryfallOracleId"), ids.get("mtgArenaId"), raw.get("uuid"),
                       raw.get("setCode"), raw.get("number")))
        index.name(card_key(name), _NAME, n, front)
        for j, face in enumerate(faces):
            index.name(card_key(face.get("faceName") or face.get("name") or name), _FACE, n, j)
    return index


def _index(data: object, file: str) -> Index:
    """The index of Scryfall JSON (a list of card objects, a `{"object": "list", "data": [...]}`
    page or one card object) or MTGJSON AtomicCards (`{"data": {name: [face, ...]}}`)."""
    if isinstance(data, dict) and data.get("object") == "card":
        data = [data]
    elif isinstance(data, dict) and data.get("object") == "list" and isinstance(data.get("data"), list):
        data = data["data"]
    if isinstance(data, list):
        return _index_scryfall(data, file)
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return _index_mtgjson(data["data"], file)
    raise InputError(file, "", "not card data: expected Scryfall card JSON (a list of card objects) "
                               "or MTGJSON AtomicCards.json ({\"data\": {name: [face, ...]}})")


class CardPool(Mapping[str, Any]):
    """Cards keyed by :func:`card_key` of their name, read from a card file's index: a card's oracle
    text is parsed the first time the card is looked up.

    A multi-faced card is found by its full name ("Delver of Secrets // Insectile Aberration": the
    front face) and by each face's own name; a card's name wins over a token's and a face's. It is
    also found by id (not listed when iterating): ``scryfall:<id or oracle_id>``,
    ``arena:<arena_id>``, ``mtgjson:<uuid>``, ``set:<set code>/<collector number>``. A name that
    stands for two different cards is reported when it is looked up, naming both.

    >>> pool = parse_pool([{"name": "Grizzly Bears", "type_line": "Creature — Bear", "colors": ["G"],
    ...     "power": "2", "toughness": "2", "id": "0b1c", "set": "10e", "collector_number": "268"}], "x.json")
    >>> list(pool), pool["set:10E/268"] is pool["grizzly bears"], pool["scryfall:0B1C"].power
    (['grizzly bears'], True, 2)
    """

    def __init__(self, index: StoredIndex, file: str, reopen: tuple[Any, ...] | None = None) -> None:
        self._index, self.file, self._reopen = index, file, reopen
        self._cards: dict[int, list[Card]] = {}
        self._refs: dict[str, tuple[int, int] | None] = {}  # a batch looks the same names and ids up again

    def _ref(self, key: str) -> tuple[int, int] | None:
        if key not in self._refs:
            self._refs[key] = self._index.ref(key)
        return self._refs[key]

    def __getitem__(self, key: str) -> Card:
        key = card_key(key)
        ref = self._ref(key)
        if ref is None:
            choices = self._index.choices(key)
            if choices:
                raise InputError(self.file, "", f"card name {key!r} stands for {len(choices)} "
                                                "different cards in this file: "
                                                f"{'; '.join(choices)}; "
                                                f"name one by id (docs/engines.md)")
            raise KeyError(key)
        n, face = ref
        if n not in self._cards:
            self._cards[n] = self._parse(n)
        return self._cards[n][face]

    def _parse(self, n: int) -> list[Card]:
        fmt, place, fields = self._index.record(n)
        try:
            if fmt == "scryfall":
                cards = scryfall_cards(fields)
            else:
                cards = [card_from_mtgjson(fields["name"], face) for face in fields["faces"]]
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise InputError(self.file, place, f"malformed card: {exc}") from None
        return [replace(card, source=self.file) for card in cards]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (self._ref(card_key(key)) is not None or
                                         self._index.choices(card_key(key)) is not None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._index.keys())

    def __len__(self) -> int:
        return len(self._index)

    @property
    def duplicates(self) -> dict[str, list[str]]:
        """The names that stand for different cards, with the places (and ids) of those cards."""
        return self._index.duplicates()

    def __reduce__(self) -> tuple[Any, ...]:
        if self._reopen:
            return load_pool_file, self._reopen
        duplicates = self.duplicates
        return dict, ({k: self[k] for k in self if k not in duplicates},)


def with_builtin(cards: Mapping[str, Card] | None) -> Mapping[str, Card]:
    """`cards` (e.g. ``--cards``) over the built-in pool, looked up lazily: nothing is copied, so
    no card of a bulk file is parsed before it is used."""
    maps = [cards if cards is not None else {}, builtin_pool()]  # not `cards or`: a pool is never counted
    return ChainMap(*cast("list[MutableMapping[str, Card]]", maps))


def parse_pool(data: object, file: str) -> CardPool:
    """A pool from already parsed card data (Scryfall or MTGJSON AtomicCards, see :func:`_index`)."""
    return CardPool(StoredIndex(memory(_index(data, file))), file)


_MAGIC = {b"\x1f\x8b": gzip.decompress, b"\xfd7zXZ\x00": lzma.decompress, b"BZh": bz2.decompress}


def read_card_data(path: str | Path) -> object:
    """The JSON of a card file, plain or compressed with gzip, xz or bzip2 (recognised by content)."""
    file = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(file, "", f"cannot read card file: {exc.strerror or exc}") from None
    for magic, decompress in _MAGIC.items():
        if raw.startswith(magic):
            try:
                raw = decompress(raw)
            except (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error) as exc:
                raise InputError(file, "", f"cannot decompress card file: {exc}") from None
            break
    try:
        return reading.parse_json(reading.decode(raw, file, "card file"), file, unique_keys=False)
    except json.JSONDecodeError as exc:
        raise InputError(file, f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from None


def load_pool_file(path: str | Path, cache: bool = True) -> CardPool:
    """Read a `--cards` file (docs/engines.md): Scryfall bulk JSON or MTGJSON AtomicCards, plain or
    .gz/.xz/.bz2. Its index is cached (:func:`~pysolver.files.cardindex.cache_dir`) unless `cache` is false or
    ``PYSOLVER_NO_CACHE=1``; a later call with the same file (path, size, mtime) reads the cache."""
    file = str(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        raise InputError(file, "", f"cannot read card file: {exc.strerror or exc}") from None
    return CardPool(file_index(Path(path), st, cache, lambda: _index(read_card_data(path), file)), file, (file, cache))


def cards_file(option: str | None) -> str | None:
    """The `--cards` file: the option, else ``$PYSOLVER_CARDS`` (unset or empty: none)."""
    return option or os.environ.get("PYSOLVER_CARDS") or None


@cache
def builtin_pool() -> CardPool:
    """The built-in pool: the seed cards and every card `examples/` uses (Scryfall format)."""
    text = resources.files("pysolver").joinpath("data/cards.json").read_text("utf-8")
    return parse_pool(json.loads(text), "built-in card pool")
