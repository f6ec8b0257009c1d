"""Effects whose only result in the combat is an object no line of the board reads (pysolver.files.loader refuses
a board with a line that may read it): basic lands searched for and put onto the battlefield tapped (701.23a,
110.5b), a card exiled from a graveyard (406.2, 404.1), a Clue (701.16a) or a Treasure (111.10a) created, a land or
a noncreature permanent the board does not state destroyed or sacrificed (701.8a, 701.21a).

* **A tapped basic land** of the searcher's choice (a card in a hidden zone, 121.1) adds no mana (106.4, 605.1a: it
  can't pay {T}), neither attacks nor blocks and is dealt no damage: only a line naming lands, a land type or
  landwalk (305.6, 702.14c), or permanents (a count, a target 115.1, "whenever a permanent enters"), or an inert
  "Whenever a land enters" (603.2) reads it.
* **A card exiled from a graveyard** changes only what reads a graveyard: its counts (threshold, delirium, "creature
  cards in your graveyard", 404.1), and the returns of a card that died (persist, undying, "return it to the
  battlefield": 400.7, their target gone, 608.2b); with another card returned from it to a hand (121.1), what reads
  a hand too.
* **A Clue** ("{2}, Sacrifice this artifact: Draw a card", 111.10f) is an artifact token and permanent, sacrificed
  (701.21a) for a card drawn (121.1): only a line naming artifacts, permanents, tokens, Clues, sacrifices, draws or
  a hand reads it. **A Treasure** ("{T}, Sacrifice this artifact: Add one mana of any color", 111.10a) adds mana
  (106.4) too: a line with a mana symbol may spend it.
* **A land or noncreature permanent destroyed or sacrificed** ("destroy target land", "each player sacrifices a
  land", "destroy target noncreature permanent"): one the board states would be reported destroyed (refused); one
  it does not state is seen only by a line naming lands, permanents (or artifacts, enchantments, planeswalkers,
  battles), a graveyard (its card there), a sacrifice, or mana (an untapped land's, 106.4: a player's `mana`).

Each recogniser reads lines as the grammar normalises them: lower case, the card's name as "this creature".

>>> [u.kind for u in UNREAD if u.effect.fullmatch("investigate")]
['investigate']
>>> puts_tapped_basic_lands("search your library for up to two basic land cards and put them onto the battlefield")
False
>>> unread_trigger("when this creature dies, exile target card from an opponent's graveyard")
'graveyard_exile'
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Unread:
    """One effect: its ability `kind`, its `name` in messages, its `rule`, the `effect` it is, and the words of a
    line that may read what it makes (`readers`: a refusal's test, which may say more than is needed, never
    less)."""

    kind: str
    name: str
    rule: str
    effect: re.Pattern[str]
    readers: re.Pattern[str]
    removes: str = ""  # what a board may state that it removes ("land", "noncreature"): refused beside one too

    def reads(self, line: str) -> bool:
        """Whether a normalised line may read what this effect makes: its words outside the effects of
        :data:`UNREAD` (what those make is read by nothing, or their own refusal says what; the cost of an activated
        ability that makes one may spend a Treasure's mana).

        >>> hart = ("{3}, sacrifice this creature: search your library for a basic land card, put it onto the "
        ...         "battlefield tapped, then shuffle")
        >>> UNREAD[0].reads(hart), UNREAD[4].reads(hart)
        (False, True)
        """
        for u in UNREAD:
            line = u.effect.sub("", line)
        return self.readers.search(line) is not None

    def may_remove(self, types: tuple[str, ...]) -> bool:
        """Whether it may remove a permanent of card `types` the board states (701.8a, 701.21a: its removal would
        be reported, docs/results.md).

        >>> UNREAD[5].may_remove(("Land",)), UNREAD[5].may_remove(("Artifact", "Creature"))
        (True, False)
        """
        return (self.removes == "land" and "Land" in types) or (self.removes == "noncreature"
                                                                and "Creature" not in types)


_SEARCH = re.compile(
    r"(?:you may )?search your library for (?:a basic land card|up to (?:one|two|three) basic land cards),? "
    r"(?:and )?put (?:it|that card|them|those cards) onto the battlefield tapped"
    r"(?:,? then shuffle(?: your library)?|\. (?:if you do, |then )?shuffle(?: your library)?)?")
# a land (or noncreature permanent) the board does not state, gone: lands and land types (305.6, 702.14c),
# permanents, a graveyard (its card there, 404.1), a sacrifice (701.21a), the mana it could have made (106.4)
_LANDS_GONE = re.compile(r"land|forest|swamp|mountain|plains|walk\b|\bpermanents?\b|\bdomain\b|graveyard|sacrific|"
                         r"\{[0-9wubrgcxs]|\bmana\b")
UNREAD = (
    Unread("land_search", "a basic land", "701.23a", _SEARCH,
           re.compile(r"land|forest|swamp|mountain|plains|walk\b|\bpermanents?\b|\bdomain\b")),
    Unread("graveyard_exile", "a card exiled from a graveyard", "406.2",
           re.compile(r"(?:you may )?exile target card from (?:a|an opponent's|target player's) graveyard"),
           re.compile(r"graveyard|persist|undying|\breturn|threshold|delirium|escape|unearth|flashback|embalm|"
                      r"eternalize|scavenge|\bexiled?\b")),
    Unread("graveyard_exile", "a card exiled from a graveyard and one returned to a hand", "406.2",
           re.compile(r"exile this creature, then return another target creature card from your graveyard to your "
                      r"hand"),
           re.compile(r"graveyard|persist|undying|\breturn|threshold|delirium|escape|unearth|flashback|embalm|"
                      r"eternalize|scavenge|\bexiled?\b|\bhand\b|\bdraws?\b")),
    Unread("investigate", "a Clue", "701.16a", re.compile(r"investigate"),
           re.compile(r"artifact|permanent|token|clue|sacrific|\bdraws?\b|\bhand\b")),
    Unread("treasure", "a Treasure", "111.10a",
           re.compile(r'create a colorless treasure artifact token with "\{t\}, sacrifice this artifact: add one '
                      r'mana of any color\.?"'),
           re.compile(r"artifact|permanent|token|treasure|sacrific|\{[0-9wubrgcxs]|\bmana\b")),
    Unread("land_destroy", "a land destroyed or sacrificed", "701.8a",
           re.compile(r"destroy target land|each player sacrifices a land"), _LANDS_GONE, "land"),
    Unread("noncreature_destroy", "a noncreature permanent destroyed", "701.8a",
           re.compile(r"destroy target noncreature permanent"),
           re.compile(_LANDS_GONE.pattern + r"|artifact|enchant|aura|equip|planeswalker|loyalty|battle"),
           "noncreature"),
)
#: the trigger conditions they are read after (603.1): a death or leaving (603.6c, 700.4; "When you cycle ~ or it
#: dies": nothing is cycled in combat), damage dealt or combat damage (603.2, 510.3a), an attack or block (508.3a,
#: 509.3a)
_WHEN = re.compile(r"(?:when|whenever) (?:this creature (?:dies|leaves the battlefield|is put into a graveyard from "
                   r"the battlefield|is dealt (?:combat )?damage|deals (?:combat )?damage(?: to a player| to an "
                   r"opponent)?|attacks|blocks|becomes blocked)|you cycle this creature or it dies), (?P<effect>.+)")


def puts_tapped_basic_lands(effect: str) -> bool:
    """Whether `effect` only searches for basic land cards and puts them onto the battlefield tapped (701.23a,
    110.5b), then shuffles.

    >>> puts_tapped_basic_lands("search your library for a basic land card, put it onto the battlefield tapped, "
    ...                         "then shuffle your library")
    True
    """
    return _SEARCH.fullmatch(effect.rstrip(".")) is not None


def unread_trigger(text: str) -> str | None:
    """The kind of :data:`UNREAD` whose effect is all of trigger `text` (a death, damage dealt, combat damage, an
    attack or a block), or None.

    >>> unread_trigger("when this creature dies, you may search your library for a basic land card, put it "
    ...                "onto the battlefield tapped, then shuffle your library")
    'land_search'
    """
    m = _WHEN.fullmatch(text)
    effect = m.group("effect").rstrip(".") if m else ""
    return next((u.kind for u in UNREAD if u.effect.fullmatch(effect)), None)


def made_by(line: str) -> Unread | None:
    """The effect of :data:`UNREAD` a normalised line has anywhere in it (its own trigger, an activated ability's
    effect, an ability it grants), or None."""
    return next((u for u in UNREAD if u.effect.search(line)), None)
