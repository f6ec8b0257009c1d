"""Basic lands put onto the battlefield tapped (701.23a search, 305.4, 110.5b): "search your library for a basic land
card, put it onto the battlefield tapped, then shuffle" and its variants.

Such an effect puts onto the battlefield, under its controller's control, a tapped basic land of the searcher's
choice (a card in a hidden zone, 121.1, 701.23a). In the solver's combat a tapped land adds no mana (106.4, 605.1a:
it can't pay {T}), blocks nothing and is dealt no damage; it changes an end-of-combat result only through an
ability that reads lands or permanents (landwalk, 702.14c; a count of lands or permanents; a land type, 305.6; a
target permanent, 115.1; an untap, 701.26b; landfall, 603.2) — a board with one beside such an effect is refused
(:func:`reads_lands`, pysolver.files.loader). Elsewhere the effect, and the shuffle, do nothing the solver reports.
Both recognisers read lines as the grammar normalises them: lower case, the card's name as "this creature".

>>> puts_tapped_basic_lands("search your library for a basic land card, put it onto the battlefield tapped, then "
...                         "shuffle your library")
True
>>> puts_tapped_basic_lands("search your library for up to two basic land cards and put them onto the battlefield")
False
>>> reads_lands("forestwalk"), reads_lands("destroy target noncreature permanent"), reads_lands("flying")
(True, True, False)
"""

from __future__ import annotations

import re

_SEARCH = re.compile(
    r"(?:you may )?search your library for (?:a basic land card|up to (?:one|two|three) basic land cards),? "
    r"(?:and )?put (?:it|that card|them|those cards) onto the battlefield tapped"
    r"(?:,? then shuffle(?: your library)?|\. (?:if you do, |then )?shuffle(?: your library)?)?")
#: the trigger conditions it is read after (603.1): a death or leaving (603.6c, 700.4), damage dealt or combat
#: damage (603.2, 510.3a), an attack or block (508.3a, 509.3a)
_WHEN = re.compile(r"(?:when|whenever) this creature (?:dies|leaves the battlefield|is put into a graveyard from the "
                   r"battlefield|is dealt (?:combat )?damage|deals (?:combat )?damage(?: to a player| to an "
                   r"opponent)?|attacks|blocks|becomes blocked), (?P<effect>.+)")
#: words of a line that may read a land entering: lands and land types (305.6; "island" holds "land"), landwalk
#: (702.14), permanents (a count, a target, "whenever a permanent enters")
_READS = re.compile(r"land|forest|swamp|mountain|plains|walk\b|\bpermanents?\b|\bdomain\b")


def puts_tapped_basic_lands(effect: str) -> bool:
    """Whether `effect` only searches for basic land cards and puts them onto the battlefield tapped (701.23a,
    110.5b), then shuffles."""
    return _SEARCH.fullmatch(effect.rstrip(".")) is not None


def mentions_land_search(line: str) -> bool:
    """Whether a normalised line puts basic lands onto the battlefield tapped anywhere in it (its own trigger, an
    activated ability's effect, an ability it grants)."""
    return _SEARCH.search(line) is not None


def land_search_trigger(text: str) -> bool:
    """Whether `text` is a trigger (a death, damage dealt, combat damage, an attack or a block) whose only effect
    is :func:`puts_tapped_basic_lands`.

    >>> land_search_trigger("when this creature dies, you may search your library for a basic land card, put it "
    ...                     "onto the battlefield tapped, then shuffle your library")
    True
    """
    m = _WHEN.fullmatch(text)
    return m is not None and puts_tapped_basic_lands(m.group("effect"))


def reads_lands(line: str) -> bool:
    """Whether a line (lower case) may read a land put onto the battlefield: it names lands, a land type,
    landwalk or permanents (a refusal's test: it may say more than is needed, never less)."""
    return _READS.search(line.lower()) is not None
