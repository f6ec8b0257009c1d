"""`pysolver cards FILE [NAME…]`: the class of each line of real cards (docs/engines.md, docs/results.md).

A card file as `--cards` reads it (Scryfall or MTGJSON, plain or compressed); each card named (by name or
id), or every card of the file, with each of its lines modelled, inert (cannot change one combat, with its
reason, :mod:`pysolver.files.oracle`) or "may change" the answer; then how many cards are of each class.

>>> from pysolver.files.cards import parse_pool
>>> pool = parse_pool([{"name": "Cloudkin Seer", "type_line": "Creature — Elemental Wizard", "colors": ["U"],
...     "power": "2", "toughness": "1", "oracle_text": "Flying\\nWhen Cloudkin Seer enters, draw a card."}], "x")
>>> print(render_text(document(pool, "x", [])))
Cloudkin Seer: only inert lines besides the modelled ones
  modelled    Flying
  inert       When Cloudkin Seer enters, draw a card.  [enters: 603.6a, 614.1c, 614.12]
1 card: 0 fully modelled, 1 with only inert lines besides, 0 with lines that may change the answer
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import InputError
from .cards import Card, CardPool, card_key, load_pool_file
from .oracle import INERT, MAY_CHANGE, MODELLED, classify

# The class of a whole card: every line modelled, some inert but none that may change, or some that may.
CARD_CLASSES = {MODELLED: "fully modelled", INERT: "only inert lines besides the modelled ones",
                MAY_CHANGE: "has lines that may change the answer"}

def card_class(card: Card) -> str:
    """:data:`~pysolver.files.oracle.MAY_CHANGE` if a line may change the answer, else
    :data:`~pysolver.files.oracle.INERT` if a line is inert, else :data:`~pysolver.files.oracle.MODELLED`."""
    return MAY_CHANGE if card.unmodelled else INERT if card.inert else MODELLED


def cards_of(pool: CardPool, names: Sequence[str]) -> list[Card]:
    """The cards named (each name or id once), or every card of the file in the order of its names
    (a multi-faced card once per face; a name that stands for two cards is left out: name them by id).
    An unknown name is an :class:`~pysolver.errors.InputError` naming the file (and the nearest name)."""
    if names:
        cards = []
        for name in names:
            if name not in pool:
                near = difflib.get_close_matches(card_key(name), list(pool), n=1) if len(pool) < 100_000 else []
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise InputError(pool.file, "NAME", f"no card {name!r} in this card file{hint}")
            cards.append(pool[name])
        return cards
    duplicates = pool.duplicates
    seen: dict[int, Card] = {}
    for key in pool:
        if key not in duplicates:
            card = pool[key]
            seen.setdefault(id(card), card)
    return list(seen.values())


def document(pool: CardPool, file: str, names: Sequence[str]) -> dict[str, Any]:
    """The `cards --json` document (docs/results.md, schema `cards`)."""
    cards = cards_of(pool, names)
    entries = [{"name": c.name, "class": card_class(c),
                "lines": [x.to_json() for x in classify(c)]}
               for c in cards]
    counts = {k: sum(e["class"] == k for e in entries) for k in (MODELLED, INERT, MAY_CHANGE)}
    return {"file": file, "cards": entries,
            "summary": {"cards": len(entries), "modelled": counts[MODELLED], "inert": counts[INERT],
                        "may_change": counts[MAY_CHANGE]},
            "format": 1}


def _lines(doc: dict[str, Any]) -> Iterable[str]:
    for entry in doc["cards"]:
        yield f"{entry['name']}: {CARD_CLASSES[entry['class']]}"
        for x in entry["lines"]:
            why = f"  [{x['reason']['key']}: {x['reason']['rule']}]" if x["reason"] else ""
            yield f"  {x['class']:<10}  {x['line']}{why}"
    s = doc["summary"]
    yield (f"{s['cards']} card{'s' if s['cards'] != 1 else ''}: {s['modelled']} fully modelled, {s['inert']} with "
           f"only inert lines besides, {s['may_change']} with lines that may change the answer")


def render_text(doc: dict[str, Any]) -> str:
    """The human table of a `cards` document: each card's class, each line's, then the counts."""
    return "\n".join(_lines(doc))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`pysolver cards FILE [NAME…] [--json] [--no-card-cache]`."""
    parser.add_argument("file", metavar="FILE", help="a card file: Scryfall or MTGJSON JSON, plain or .gz/.xz/.bz2")
    parser.add_argument("names", nargs="*", metavar="NAME", help="card names or ids (docs/engines.md); none: all")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout (docs/results.md)")
    parser.add_argument("--no-card-cache", action="store_true", help="do not read or write the card-file index cache")


def main(args: argparse.Namespace) -> int:
    """Print the classification (exit status 0; 2 for an unreadable file or an unknown name)."""
    pool = load_pool_file(args.file, cache=not args.no_card_cache)
    doc = document(pool, args.file, args.names)
    sys.stdout.write(json.dumps(doc) + "\n" if args.json else render_text(doc) + "\n")
    return 0
