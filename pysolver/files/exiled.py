"""The board-level checks of the cards exiled with a permanent (406.6, 607.2a; docs/situation.md `exiled_cards`).

A card exiled with a permanent comes back as its leaves-the-battlefield trigger resolves (603.6c, 610.3c:
:mod:`pysolver.rules.exiled`), a new object entering the battlefield in the middle of the combat (400.7). What the
solver models of such a card is what it models of a token (111.3, :mod:`pysolver.rules.tokens`): a creature,
artifact or enchantment card with keyword abilities and "When ~ dies, create …" at most. The rest is refused with
one message naming the permanent, the card and the rule: a land (305.6: its mana abilities would add mana no
player's `mana` states), a planeswalker or battle (306.5b, 310.4: the loyalty or defense it enters with), a card
with another ability (603.6a: an enters trigger; an ability that reads the board as it arrives); and, beside a card
that may come back, the abilities that read a permanent entering or a count the loader settles from the board
(603.6a "whenever … enters", 702.100a evolve, 702.95a soulbond; 702.131b ascend's ten permanents; 404.1 the cards in
a graveyard, which a returned card that dies again adds to; 613.1f an ability granted as long as one controls a
permanent of a creature type). A card that "return the exiled cards to their owner's hand" returns (400.7) may be any
card (`types: []` for one of no permanent type): beside it "if you have no cards in hand" (603.4) and the abilities
counting a hand's cards (402.1) are refused.

Duplicant's "As long as a card exiled with ~ is a creature card, ~ has the power, toughness, and creature types of the
last creature card exiled with ~. It's still a Shapeshifter" (:func:`settled`) reads cards that stay in exile all combat
long: the loader settles it from the file.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from ..model import Permanent
from ..model.abilities import (
    EXILED_CHARACTERISTICS,
    KEYWORDS,
    RETURN_EXILED,
    RETURN_EXILED_TO_HAND,
    STATICS,
    Static,
    parse_ability_line,
    while_counted,
)
from ..model.fields import Reader
from ..model.numbers import quote as q

#: the abilities a returned card may have (as a token's, 111.3): keywords (a returned card's persist or undying,
#: 702.79a, 702.93a, is not modelled: only a combat damage step's deaths are returned) and "When ~ dies, create …"
RETURNABLE = frozenset({*KEYWORDS.values(), "landwalk", "dies_create"} - {"persist", "undying"})
#: the card types of a card refused in `exiled_cards`, with the rule of what it would bring
REFUSED_TYPES = {"Land": "305.6", "Planeswalker": "306.5b", "Battle": "310.4"}
#: abilities that read a permanent entering the battlefield (603.6a, 702.100a, 702.95a)
ENTERING = {"enters_watch": "603.6a", "evolve": "702.100a", "soulbond": "702.95a"}
_ZONE = re.compile(r"(?:cards|card_types)\(\w+\)")  # a static's scope counting the cards of a hand or graveyard


def check_exiled(r: Reader, permanents: list[Permanent]) -> None:
    """Refuse what the solver does not model of the cards exiled with the permanents (the module's docstring); the
    permanents as read, before the loader settles the abilities granted while a count holds."""
    for i, p in enumerate(permanents):
        for j, c in enumerate(p.exiled_cards if p.has(RETURN_EXILED) else ()):
            where = f"permanents[{i}].exiled_cards[{j}]"
            if not c.types:
                raise r.fail(f"{where}.types", f"card {q(c.id)} exiled with {q(p.id)} returns to the battlefield: "
                             "state its card types (205.2a, 110.4)")
            kind = next((t for t in c.types if t in REFUSED_TYPES), None)
            if kind is not None:
                raise r.fail(f"{where}.types", f"card {q(c.id)} exiled with {q(p.id)} is a {kind.lower()} "
                             f"({REFUSED_TYPES[kind]}): returning it to the battlefield is not modelled")
            other = next((line for line in c.ability_lines
                          if any(a.kind not in RETURNABLE for a in parse_ability_line(line, c.name))), None)
            if other is not None:
                raise r.fail(f"{where}.abilities", f"card {q(c.id)} exiled with {q(p.id)} has the line {other!r}: a "
                             "returned card with abilities other than keywords and \"When ~ dies, create …\" is not "
                             "modelled (603.6a: it enters the battlefield in the combat, 400.7)")
    source = next((p for p in permanents if p.exiled_cards and p.has(RETURN_EXILED)), None)
    if source is not None:
        _check_readers(r, permanents, source)
    source = next((p for p in permanents if p.exiled_cards and p.has(RETURN_EXILED_TO_HAND)), None)
    if source is not None:
        _check_hand_readers(r, permanents, source)


def _check_readers(r: Reader, permanents: list[Permanent], source: Permanent) -> None:
    """Refuse a board where a card exiled with `source` may come back beside an ability that reads a permanent
    entering, the permanents a player controls or the cards in a graveyard as the loader settles them."""
    for i, p in enumerate(permanents):
        for a in p.abilities:
            effect = cast(Static, a.value) if a.kind in STATICS else None
            rule = ENTERING.get(a.kind) or (
                "702.131b" if effect is not None and effect.scope == "blessing" else
                "404.1" if effect is not None and _ZONE.fullmatch(effect.scope) else
                "613.1f" if a.kind == "grant_if" and effect is not None and while_counted(effect) else None)
            if rule is not None:
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has an ability ({rule}) that reads what a card exiled "
                             f"with {q(source.id)} changes as it returns to the battlefield (607.2a, 400.7): not "
                             "modelled")


def _check_hand_readers(r: Reader, permanents: list[Permanent], source: Permanent) -> None:
    """Refuse a board where a card exiled with `source` may return to a hand (400.7) beside "if you have no cards in
    hand" (603.4, read as it triggers) or an ability counting the cards in a hand (402.1)."""
    for i, p in enumerate(permanents):
        for a in p.abilities:
            hellbent = a.kind == "dies_minus" and isinstance(a.value, tuple) and "no_cards_in_hand" in a.value
            if hellbent or (a.kind in STATICS and "cards(hand)" in cast(Static, a.value).scope):
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has an ability (603.4, 402.1) that reads the cards in a "
                             f"hand, which the cards exiled with {q(source.id)} may join (400.7): not modelled")


def settled(r: Reader, permanents: list[Permanent]) -> list[Permanent]:
    """The permanents with Duplicant's static ability applied (613.1d layer 4, 613.4b layer 7b): with a creature card
    among its `exiled_cards` (406.6, 607.2a: in the order exiled; they stay exiled all combat long), its power and
    toughness those of the last one's (the base values the counters and the effects of layers 7c-7d change, 613.4c-d)
    and its creature types that card's and Shapeshifter (205.3m); a face-down one has no abilities and is a 2/2
    without types all the same (708.2a), its face-up side so. No other effect of layer 7b or 4 is modelled, so there is
    no timestamp to order (613.7). A last creature card with a characteristic-defining ability (604.3: its power or
    creature types are not the printed ones in exile either) is refused.

    >>> from pysolver.model import Permanent
    >>> line = ("As long as a card exiled with ~ is a creature card, ~ has the power, toughness, and creature types of "
    ...         "the last creature card exiled with ~. It's still a Shapeshifter")
    >>> d = Permanent("d", "a", power=2, toughness=4, subtypes=("Shapeshifter",), abilities=(line,),
    ...               exiled_cards=(Permanent("g", "b", power=5, toughness=5, subtypes=("Giant",)),))
    >>> [(p.power, p.toughness, p.subtypes) for p in settled(Reader(None), [d])]
    [(5, 5, ('Giant', 'Shapeshifter'))]
    """
    out = []
    for i, p in enumerate(permanents):
        last = next((c for c in reversed(p.exiled_cards) if "Creature" in c.types), None)
        if last is None or not p.has(EXILED_CHARACTERISTICS):
            out.append(p)
            continue
        if last.has("cda") or last.has("changeling"):
            raise r.fail(f"permanents[{i}].exiled_cards", f"the last creature card exiled with {q(p.id)}, "
                         f"{q(last.id)}, has a characteristic-defining ability (604.3): the power, toughness and "
                         f"creature types {q(p.id)} takes from it (613.4b, 613.1d) are not modelled")
        types = tuple(dict.fromkeys((*last.subtypes, "Shapeshifter")))
        out.append(replace(p, power=last.power, toughness=last.toughness, subtypes=types))
    return out
