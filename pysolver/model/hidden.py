"""Effects that act only in hidden zones (121.1, 406.3): drawing, discarding, milling, scrying, searching a
library, returning a card from a graveyard to a hand. The solver's combat casts no spell, so no card in a
hidden zone acts in it, and the situation has no library, so none is empty to draw from (704.5b).

One recogniser for the oracle's classifier (:mod:`pysolver.files.oracle`, the reason ``hidden``) and the
grammar (:mod:`pysolver.model.abilities`: an activated ability whose only effect in combat is its cost). It
reads an effect as the classifier shapes lines: lower case, the card's name as ``~``.

>>> only_hidden("draw a card, then discard a card"), only_hidden("target player mills two cards")
(True, True)
>>> only_hidden("draw a card and you lose 1 life"), only_hidden("draw a card. ~ gets +1/+1 until end of turn")
(False, False)
>>> only_hidden("you may have target player discard a card"), only_hidden("you may have target player lose 1 life")
(True, False)
"""

from __future__ import annotations

import re

_HIDDEN_STEPS = tuple(map(re.compile, (
    r"draw (a card|an additional card|\w+ cards|that many cards|cards equal to [\w' -]+)",
    r"(target|each|that|defending) (player|opponent|opponents) (draws? (a card|\w+ cards|that many cards)|"
    r"discards? (a card|\w+ cards|that many cards|(their|his or her) hand)( at random)?|mills? (a card|\w+ cards)|"
    r"reveals? (their|his or her) hand)",
    r"(scry|surveil) \d+",
    r"discards? (a card|\w+ cards|that many cards|(their|his or her) hand)( at random)?",
    r"draws (a card|\w+ cards|that many cards)",
    r"mills? (a card|\w+ cards)",
    r"puts? the top (card|\w+ cards) of (your|his or her|their|that player's) library into (your|his or her|their) "
    r"graveyard",
    r"puts? that many cards from the top of (your|his or her|their) library into (your|his or her|their) graveyard",
    r"puts? the top half of (your|his or her|their) library, rounded (up|down), into (your|his or her|their) "
    r"graveyard",
    r"return (up to one )?(another )?target [^.]*card[^.]* from your graveyard to your hand",
    r"search your library for [^.]*?,( reveal (it|that card|them),)? (and )?put (it|that card|them) into "
    r"your hand(, then shuffle)?",
    r"shuffle( your library)?",
    r"shuffle ~ into (its owner's|your) library",
    r"look at the top (card|\w+ cards) of (your|target player's|that player's) library",
    r"look at (target|that) (player|opponent)'s hand",
    r"return ~ from your graveyard to your hand",
    r"return all [\w -]+ cards from all graveyards to their owners' hands",
    r"put (a card|\w+ cards) from your hand on top of your library( in any order)?",
)))
# 406.3, 121.1: cards exiled from a library, or put back on the bottom of it, are in no zone a combat reads,
# and a draw of X cards only reads the board (their words "exile", "and", "counters" would otherwise mark a
# second effect).
_LIBRARY_STEPS = tuple(map(re.compile, (
    r"exiles? the top (card|\w+ cards) of (your|his or her|their|that player's) library",
    r"put (one|\w+) of them into your hand and the rest on the bottom of your library in (any|a random) order",
    r"draw x cards, where x is [^.]+",
)))
# Words of an effect on the battlefield or a player: never in a hidden-zone step.
_BOARD_WORDS = re.compile(r"\b(sacrifices?|loses?|gains?|destroys?|exiles?|taps?|untaps?|deals?|damage|counters?|"
                          r"tokens?|battlefield|creates?|attacks?|blocks?|gets?|pays?)\b")
_OWN_HAND = re.compile(r"return (it|~) to (its owner's|your) hand")


def only_hidden(effect: str, dies: bool = False) -> bool:
    """Whether every step of `effect` acts only in hidden zones; `dies`: the effect of a "when ~ dies"
    trigger, whose "return it to its owner's hand" moves the card from the graveyard (400.7)."""
    steps = [s for s in re.split(r"\. |, then |,? and (?=(?:you|that player|each player|target player|that opponent) )"
                                 r"(?!put)|, and (?!put)|\bthen ", effect) if s]
    for step in steps:
        # an intervening "if" (603.4) only decides whether the hidden-zone step happens
        step = re.sub(r"^(then |if [^,]+, |you may have (?=target player |target opponent |each opponent )|you may |"
                      r"you |each player |that player |target player |that opponent |defending player |its controller "
                      r"|that source's controller |may )+", "", step)
        step = step.rstrip(".")
        if any(p.fullmatch(step) for p in _LIBRARY_STEPS):
            continue
        if re.search(r" and (?!put (it|that card|them) into your hand)", step) or _BOARD_WORDS.search(step):
            return False  # "draws two cards and loses 2 life": a second effect
        if not (any(p.fullmatch(step) for p in _HIDDEN_STEPS) or dies and _OWN_HAND.fullmatch(step)):
            return False
    return bool(steps)
