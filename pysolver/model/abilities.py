"""Ability lines (docs/abilities.md, :mod:`pysolver.model.catalogue`) parsed into structured :class:`Ability` values.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache, cached_property, partial
from importlib import resources
from itertools import product
from typing import Any, cast

from . import numbers
from .catalogue import CATALOGUE
from .hidden import only_hidden
from .mana import HYBRID, Mana
from .unread import puts_tapped_basic_lands, unread_trigger

COLORS = ("white", "blue", "black", "red", "green")
COLOR_LETTERS = dict(zip("WUBRG", COLORS))

# 207.2c: the ability words, which have no rules meaning ("Metalcraft — ~ gets +2/+2 as long as …").
ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "domain",
    "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable",
    "grandeur", "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant",
    "magecraft", "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid", "rally", "renew",
    "revolt", "secret council", "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold",
    "undergrowth", "valiant", "vivid", "void", "will of the council")
_ABILITY_WORD = re.compile(rf"^(?:{'|'.join(ABILITY_WORDS)})\s*[\u2014\u2013-]\s*")


def normalise(line: str, name: str | None) -> str:
    """Lower-case, straight apostrophes, no final period, no ability word (207.2c), the creature's own
    name as 'this creature'.

    >>> normalise("Metalcraft — Ardent Recruit gets +2/+2.", "Ardent Recruit")
    'this creature gets +2/+2'
    """
    text = " ".join(line.replace("\u2019", "'").split()).rstrip(".").strip()
    if name:
        # whole words only, never inside a mana symbol: a creature named "X" keeps {X}
        text = re.sub(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])", "this creature", text, flags=re.IGNORECASE)
    text = text.replace("~", "this creature")
    return _ABILITY_WORD.sub("", text.lower())


# The parser's tables, taken from the catalogue (one entry per supported line, with its rule).
# Keywords: the line -> the ASP constant.
KEYWORDS = {f.form.lower(): f.kind for f in CATALOGUE if f.group == "keyword" and f.literal}



def keyword_line(kind: str) -> str:
    """The catalogue line of a keyword kind, as a file writes it.

    >>> keyword_line("first_strike")
    'First strike'
    >>> keyword_line("prevent_damage_to")  # (a prevention effect for the turn, :data:`PREVENTED_THIS_TURN`)
    'Prevent all damage that would be dealt to ~'
    """
    if given_walk(kind) is not None:  # 702.14a: "Forestwalk" (the catalogue's form is "<land type>walk")
        return kind.capitalize()
    return next(f.form for f in CATALOGUE if f.group in ("keyword", "shields") and f.literal and f.kind == kind)


# Blocking restrictions and requirements (509.1b, 509.1c, 508.1d), matched after the
# creature's own name, "~" and "this creature" are normalised to "this creature".
PHRASES = {normalise(form, None): f.kind for f in CATALOGUE if f.group in ("blocking", "requirement") and f.literal
           for form in (f.form, *f.also)}
# 510.1b-c: the options of a creature's damage assignment, matched whole (as PHRASES).
ASSIGNMENT_OPTIONS = {normalise(f.form, None): f.kind for f in CATALOGUE if f.group == "assignment"}

# Protection qualities written as words (702.16a, h, j) -> their ASP term.
QUALITIES = {normalise(form, None).removeprefix("protection from "): f.value
             for f in CATALOGUE if f.group == "protection" and f.literal for form in (f.form, *f.also)}

# 702.19b-c: the kinds of trample (a creature that assigns combat damage past its blockers).
TRAMPLES = frozenset({"trample", "trample_over_planeswalkers"})

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}

_MIN_BLOCKERS = re.compile(r"this creature can't be blocked except by (\w+) or more creatures")
# Combat triggers (603.2, pysolver.rules.triggers): the keyword lines, "Bushido N" and the like, the pump lines.
TRIGGER_KEYWORDS = {f.form.lower(): f.kind for f in CATALOGUE if f.group == "trigger" and f.literal}
TRIGGERS = frozenset(f.kind for f in CATALOGUE if f.group in ("trigger", "damage-trigger", "dealt-trigger"))
# 510.3a, 603.2c: combat-damage triggers ("Whenever ~ deals combat damage to a player, …"), pysolver.rules.hits.
HIT_TRIGGERS = frozenset(f.kind for f in CATALOGUE if f.group == "damage-trigger")
# Keyword mechanics (docs/abilities.md "Keyword mechanics"): the literal lines -> their kinds.
MECHANICS = {f.form.lower(): f.kind for f in CATALOGUE if f.group == "mechanic" and f.literal}
_DASH = re.compile(r"dash (\{.*\})")  # 702.109a: "Dash {cost}"
# 614.1c, 614.12: "<objects> your opponents control enter [the battlefield] tapped" (Kinjalli's Sunwing, Loxodon
# Gatekeeper): its value the card types of the objects it replaces the entering of (205.2a); "nonbasic lands" are
# read as lands, since no basic land card is a creature card (205.4c, 305.6) and in a combat here only creatures
# enter the battlefield: tokens (111.1, pysolver.rules.tokens) and cards persist or undying return (702.79a, 702.93a)
OPPONENTS_ENTER_TAPPED = "opponents_enter_tapped"
_ENTER_TAPPED = re.compile(r"(?P<what>[a-z, ]+?) your opponents control enter(?: the battlefield)? tapped")
_ENTERING = {"artifacts": "artifact", "creatures": "creature", "lands": "land", "nonbasic lands": "land"}


# 614.6, 700.4: "If ~ would die, put it on the bottom of its owner's library instead" (Nissa's Chosen; "… on top of
# …", Gravebane Zombie; "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's
# library instead", Darksteel Colossus): DIES_INSTEAD; "If a permanent would be put into a graveyard, exile it
# instead" (Samurai of the Pale Curtain): EXILED_INSTEAD, every permanent's. The permanent still leaves the
# battlefield (an outcome's `destroyed`) but never dies: pysolver.files.loader refuses a board where that could
# change a result (a death, persist or undying trigger, 603.10a; a regeneration, 616.1; a count of a graveyard). So
# where it is admitted, "you may put it …" (Pulmonic Sliver's grant) is read alike: either choice, the same results.
DIES_INSTEAD, EXILED_INSTEAD = "dies_instead", "exiled_instead"
# 614.6: "If a creature dealt damage by ~ this turn would die, exile it instead" (Kumano, Master Yamabushi):
# EXILED_IF_DEALT, read as EXILED_INSTEAD is (any creature may have been dealt damage by it this turn, before the
# combat or in it), so a board where a creature's not dying could change a result is refused alike.
EXILED_IF_DEALT = "exiled_if_dealt"
_EXILED_IF_DEALT = "if a creature dealt damage by this creature this turn would die, exile it instead"
_DIES_INSTEAD = re.compile(r"if this creature would (?:die|be put into a graveyard(?: from anywhere)?), "
                           r"(?:(?:you may )?put (?:it|this creature) on (?:the bottom|top) of its owner's library"
                           r"|reveal this creature and shuffle it into its owner's library) instead")
_EXILED_INSTEAD = "if a permanent would be put into a graveyard, exile it instead"


def _dies_instead(text: str) -> list[Ability] | None:
    """ "If ~ would die, put it on the bottom of its owner's library instead" and "If a permanent would be put into a
    graveyard, exile it instead" (614.6), or None.

    >>> _dies_instead("if this creature would die, put this creature on top of its owner's library instead")
    [Ability(kind='dies_instead', value=None)]
    """
    if _DIES_INSTEAD.fullmatch(text):
        return [Ability(DIES_INSTEAD)]
    if text == _EXILED_IF_DEALT:
        return [Ability(EXILED_IF_DEALT)]
    return [Ability(EXILED_INSTEAD)] if text == _EXILED_INSTEAD else None


# 615.10: static prevention of part of each damage event ("If a source would deal damage to you or a creature you
# control, prevent 1 of that damage", Hedron-Field Purists; "If a source would deal damage to another Dinosaur you
# control, prevent all but 1 of that damage", Temple Altisaur): PREVENT_SOME (N, to its controller and each
# creature they control), PREVENT_ALL_BUT_ONE (a creature type, 205.3m: to each other creature of it they control).
# 614.1a: "If a source you control would deal damage to a permanent or player, it deals double that damage to that
# permanent or player instead" (Angrath's Marauders; a catalogue line of the shields group, PREVENTIONS)
DOUBLE_DAMAGE = "double_damage"
# 614.1a: "Damage that would reduce your life total to less than 1 reduces it to 1 instead" (Sustaining Spirit; a
# catalogue line of the shields group, PREVENTIONS)
LIFE_FLOOR = "life_floor"
PREVENT_SOME, PREVENT_ALL_BUT_ONE = "prevent_some", "prevent_all_but_one"
PARTIAL_PREVENTIONS = (PREVENT_SOME, PREVENT_ALL_BUT_ONE)
_PREVENT_SOME = re.compile(r"if a source would deal damage to you or a creature you control, prevent (\w+) of that "
                           r"damage")
_PREVENT_ALL_BUT_ONE = re.compile(r"if a source would deal damage to another ([a-z'-]+) you control, prevent all but "
                                  r"1 of that damage")


def _partial_prevention(text: str) -> list[Ability] | None:
    """A static prevention of part of each damage event (615.10), or None.

    >>> _partial_prevention("if a source would deal damage to you or a creature you control, prevent 2 of that damage")
    [Ability(kind='prevent_some', value=2)]
    >>> _partial_prevention("if a source would deal damage to another dinosaur you control, prevent all but 1 of "
    ...                     "that damage")[0].term
    'prevent_all_but_one("dinosaur")'
    """
    m = _PREVENT_SOME.fullmatch(text)
    if m:
        word = m.group(1)
        n = NUMBER_WORDS.get(word, int(word) if word.isdigit() and len(word) <= 7 else None)
        return [Ability(PREVENT_SOME, n)] if n is not None and n >= 1 else None
    m = _PREVENT_ALL_BUT_ONE.fullmatch(text)
    ctype = creature_type(m.group(1)) if m else None
    return [Ability(PREVENT_ALL_BUT_ONE, ctype)] if ctype is not None else None


def _enters_tapped(text: str) -> list[Ability] | None:
    """ "<objects> your opponents control enter the battlefield tapped" (614.1c), or None.

    >>> _enters_tapped("artifacts, creatures, and lands your opponents control enter the battlefield tapped")[0].term
    'opponents_enter_tapped(artifact,creature,land)'
    """
    m = _ENTER_TAPPED.fullmatch(text)
    words = re.split(r",? and |, ", m.group("what")) if m else []
    if not words or any(w not in _ENTERING for w in words):
        return None
    return [Ability(OPPONENTS_ENTER_TAPPED, tuple(dict.fromkeys(_ENTERING[w] for w in words)))]
_TRIGGER_N = re.compile(r"(bushido|rampage|afflict|renown) (\w+)")
# 702.43a modular: "When this creature dies, you may put its +1/+1 counters on target artifact creature" (a death
# trigger putting as many as it had as it last existed, 608.2h: the N ``its``); "enters with N +1/+1 counters"
# has acted (the file states its counters, 603.6a).
_MODULAR = re.compile(r"modular (\w+)")
MODULAR = ("its", "may(artifact_creature)")  # the value of its death trigger: N and what it may target
_TRIGGER_PUMP = re.compile(r"whenever this creature (attacks|blocks|becomes blocked|blocks or becomes blocked), "
                           r"(?:it|this creature) gets \+(\d+)/\+(\d+) until end of turn")
# 207.2c battalion, 508.3a: "[Battalion — ]Whenever ~ and at least two other creatures attack, ~ gets +X/+Y …";
# "Whenever ~ attacks, it gets +X/+Y until end of turn for each other attacking creature".
_BATTALION = re.compile(r"whenever this creature and at least two other creatures "
                        r"attack, (?:it|this creature) gets \+(\d+)/\+(\d+) until end of turn")
_PUMP_EACH = re.compile(r"whenever this creature attacks, (?:it|this creature) gets \+(\d+)/\+(\d+) until end of turn "
                        r"for each other attacking creature")
# 603.8: the state trigger "When you control no Islands, sacrifice ~" (its value: the kind and quality of
# the objects, lands of a type or permanents of a card type).
_STATE_SACRIFICE = re.compile(r"when you control no (.+), sacrifice this creature")
# 603.6a: "Whenever [~ or] another <object> enters [the battlefield] [under your control], <effect>": only
# persist and undying put a permanent onto the battlefield in the solver's combat (pysolver.files.loader
# refuses a board with both); its value is the object's words.
_ENTERS_WATCH = re.compile(r"when(?:ever)? (?:this creature or )?(?:another|an?) (?P<what>[a-z' -]+?) enters"
                           r"(?: the battlefield)?(?: under (?:your|an opponent's) control)?, .+")
# 603.2, 115.1: "When[ever] ~ / a creature / a <type> [creature] you control becomes the target of a spell or ability
# [an opponent controls], <effect>": only a targeted ability on the board could set it off (pysolver.files.loader
# refuses a board with both); its value is whose becoming a target it watches (``self`` or ``any``).
_TARGETED = re.compile(r"when(?:ever)? (?P<what>this creature|a creature|an? [a-z-]+(?: creature)? you control) "
                       r"becomes the target of a spell or ability(?: an opponent controls)?, .+")
# 603.2: "Whenever you / an opponent / a player draws a card (121.1), [cycles or] discards a card (701.9a),
# sacrifices a <permanent> (701.21a) or scries (701.22a), <effect>": in the solver's combat only an ability on the
# board draws, discards, sacrifices or scries (no spell is cast, no ability of a card in a hand is activated:
# cycling, 702.29a, is one; pysolver.files.loader refuses a board with a watcher and such an ability); its value is
# whose event it watches.
_EVENT_WATCH = re.compile(r"whenever (?P<who>you|an opponent|a player) (?:(?P<draw>draws? a card)"
                          r"|(?:cycles? or )?(?P<discard>discards? (?:a|another) card)"
                          r"|(?P<sacrifice>sacrifices? (?:a|an|another) [a-z' -]+?)|(?P<scry>scry|scries)), .+")
# 603.2e, 701.26b: "Whenever ~ / a permanent you control becomes untapped, <effect>" (inspired): in the solver's
# combat only an ability on the board untaps (no untap step, 502.3); its value is whose untapping it watches.
_UNTAP_WATCH = re.compile(r"whenever (?P<what>this creature|an? (?:permanent|creature) you control) becomes untapped, "
                          r".+")
# 603.6c, 603.10a: "Whenever a permanent is returned to your hand, <effect>": only an ability on the board returns a
# permanent to a hand in the solver's combat (no spell is cast; ninjutsu is an ability of a card in a hand).
_RETURN_WATCH = re.compile(r"whenever an? (?:permanent|creature) is returned to your hand"
                           r"(?: from the battlefield)?, .+")
#: The kinds of those watchers, each with the rule of the event it watches.
EVENT_WATCHERS = {"draw_watch": "121.1", "discard_watch": "701.9a", "sacrifice_watch": "701.21a",
                  "scry_watch": "701.22a", "untap_watch": "701.26b", "return_watch": "603.6c"}
_EVENT_WHOSE = {"you": "you", "an opponent": "opponents", "a player": "all"}
# "… for each other attacking Ally" (205.3m): its value is (X, Y, the creature type).
_PUMP_EACH_TYPE = re.compile(r"whenever this creature attacks, (?:it|this creature) gets \+(\d+)/\+(\d+) until end of "
                             r"turn for each other attacking ([a-z'-]+)")
# 509.3d "Whenever ~ becomes blocked by a creature, ~ gets +X/+Y …" (once per blocker); 509.3b, 509.3f
# "Whenever ~ blocks a creature with flying, ~ gets +X/+Y …" (once per attacker with flying it blocks).
_BLOCKED_BY = re.compile(r"whenever this creature becomes blocked by a creature, (?:it|this creature) gets "
                         r"\+(\d+)/\+(\d+) until end of turn")
_BLOCKS_FLYER = re.compile(r"whenever this creature blocks a creature with flying, (?:it|this creature) gets "
                           r"\+(\d+)/\+(\d+) until end of turn")
_PUMP_KINDS = {"attacks": "attacks_pump", "blocks": "blocks_pump", "becomes blocked": "blocked_pump",
               "blocks or becomes blocked": "blocks_or_blocked_pump"}
# 603.10a, 700.4: "When(ever) ~ dies, it deals N damage to any target / each opponent".
_DIES = re.compile(r"when(?:ever)? this creature dies, (?:it|this creature) deals (\w+) damage to "
                   r"(any target|each opponent)")
_DIES_KINDS = {"any target": "dies_damage", "each opponent": "dies_each_opponent"}
# 603.10a, 603.6c, 700.4: a creature's own leaves-the-battlefield trigger with its effect. In the solver's combat a
# creature leaves the battlefield only by dying, and nothing is cycled or enters but what persist and undying
# return (pysolver.files.loader refuses "enters or dies" beside them): all of these trigger as it dies.
_DIES_EVENT = re.compile(r"when(?:ever)? (?:this creature (?:dies|leaves the battlefield|is put into a graveyard from "
                         r"the battlefield|enters(?: the battlefield)? or (?:dies|leaves the battlefield))|you cycle "
                         r"this creature or it dies), (.+)")
# 115.1, 115.4: what a death trigger may target (each a spec term of encodings/triggers.lp), and what it
# names without a target (115.10b: "you"; 102.2: "each player").
DEATH_TARGETS = {"any target": "any", "target creature or player": "creature_or_player",
                 "target creature": "creature", "target player": "player", "target opponent": "opponent",
                 "target player or planeswalker": "player_or_planeswalker",
                 "target creature an opponent controls": "creature_opponent",
                 "target creature you don't control": "creature_opponent",
                 "target creature you control": "creature_yours", "you": "you", "each player": "each_player"}
_CREATURE_TARGET = r"target creature(?: an opponent controls| you don't control| you control)?"
_HELLBENT = "if you have no cards in hand, "  # 603.4: an intervening "if" on a death trigger (402.1)
_DIES_EFFECTS = (
    ("dies_damage", re.compile(r"(?P<may>you may have )?(?:it|this creature) deals? (?P<n>\w+) damage to (?P<to>.+)")),
    # 613.4c: "target creature gets -N/-N until end of turn"
    ("dies_minus", re.compile(rf"(?P<may>you may have )?(?P<to>{_CREATURE_TARGET}) gets? -(?P<n>\d+)/-(?P=n) until "
                              r"end of turn")),
    ("dies_counters", re.compile(rf"(?P<may>you may )?put (?P<n>\w+) \+1/\+1 counters? on (?P<to>{_CREATURE_TARGET})")),
    ("dies_minus_counters", re.compile(rf"(?P<may>you may )?put (?P<n>\w+) -1/-1 counters? on "
                                       rf"(?P<to>{_CREATURE_TARGET})")),
    ("dies_all_loss", re.compile(r"each player loses (?P<n>\w+) life")),  # 119.3
    ("dies_target_loss", re.compile(r"(?P<may>)(?P<to>target player|target opponent) loses (?P<n>\w+) life")))
# 608.2h, 603.10a, 107.3a: a death trigger's number read from the creature as it last existed ("create X …, where X
# is ~'s power", "… for each +1/+1 counter on ~", "loses life equal to its power"): the effect as it reads with
# one, and the number's term (#program dies of encodings/triggers.lp computes it).
_ITS = r"(?:this creature's|its)"
_ITS_COUNTS = (
    (re.compile(rf"(?P<head>.+?) x (?P<tail>.+), where x is {_ITS} power"), "{head} one {tail}"),
    (re.compile(r"(?P<head>.+?) x (?P<tail>.+), where x is the number of (?P<kind>[+-]1/[+-]1) counters on "
                r"(?:this creature|it)"), "{head} one {tail}"),
    (re.compile(r"(?P<head>.+) for each (?P<kind>[+-]1/[+-]1) counter on (?:this creature|it)"), "{head}"),
    (re.compile(rf"(?P<head>.+) life equal to {_ITS} power"), "{head} one life"))
# 615.1a: static prevention lines, matched whole (the creature's name normalised to "this creature").
PREVENTIONS = {normalise(form, None): f.kind for f in CATALOGUE if f.group == "shields" and f.literal
               for form in (f.form, *f.also)}
# 603.10a: "When(ever) ~ dies, each opponent loses N life / you gain N life"; 603.6c: "Whenever another
# creature [you control] dies / a creature you control dies, put N +1/+1 counters on ~ / each opponent
# loses N life / you gain N life" (their value: the creatures watched, N).
# 702.103b bestow: "Whenever ~ or enchanted creature attacks, …" on a creature (303.4d: a creature enchants
# nothing, so only its first half can trigger; pysolver.files.loader refuses it on a noncreature permanent)
_ATTACKS_LOSS = re.compile(r"whenever this creature (?:or enchanted creature )?attacks, (defending player|each "
                           r"opponent) loses (\w+) life")
_DIES_LIFE = re.compile(r"when(?:ever)? this creature dies, (each opponent loses|you gain) (\w+) life")
# 122.1, 608.2h: "When ~ leaves the battlefield / dies, you gain life equal to the number of <name> counters on it"
# (the counters it had as it last existed: N ``counters(<name>)``)
_DIES_GAIN_COUNTED = re.compile(r"when(?:ever)? this creature (?:dies|leaves the battlefield), you gain life equal to "
                                r"the number of (?P<name>[a-z]+) counters on it")
_OTHER_DIES = re.compile(r"whenever (another creature you control|another creature|a creature you control) dies, "
                         r"(?:put (?P<counters>\w+) \+1/\+1 counters? on this creature|each opponent loses "
                         r"(?P<loss>\w+) life|you gain (?P<gain>\w+) life)")
_WATCHED = {"another creature": "another", "another creature you control": "another_yours",
            "a creature you control": "yours"}
# 603.6c, 603.10a: more creatures watched dying (also "leaves the battlefield", "is put into a graveyard from the
# battlefield": in the solver's combat a creature leaves only by dying) and more effects; the scope terms of
# encodings/triggers.lp (in_scope/3), a creature type's as typed(Scope,"type") (205.3m).
_WATCH = re.compile(r"whenever (?P<who>[a-z0-9' -]+?) (?:dies|leaves the battlefield|is put into a graveyard from the "
                    r"battlefield), (?P<effect>.+)")
_SCOPES = {**_WATCHED, "a creature": "all", "this creature or another creature": "all",
           "this creature or another creature you control": "yours", "a creature an opponent controls": "opponents",
           "a creature you don't control": "opponents", "a creature token": "tokens"}
_TYPED_SCOPE = re.compile(r"(?P<another>another|an?) (?P<type>[a-z'-]+)(?P<yours> you control)?")
# 208.1, 603.10a: "<creatures> with power / toughness N or greater" (as they last existed): at_least(Scope,P,N)
_AT_LEAST_SCOPE = re.compile(r"(?P<who>.+) with (?P<stat>power|toughness) (?P<n>\d+) or greater")
# 603.10a: "this creature or another <creatures>": self_or(Scope)
_SELF_OR_SCOPE = re.compile(r"this creature or (?P<other>another .+)")
_WATCH_EFFECTS = (
    ("other_dies_counter", re.compile(r"(?P<may>you may )?put (?P<n>\w+) \+1/\+1 counters? on this creature")),
    ("other_dies_loss", re.compile(r"each opponent loses (?P<n>\w+) life")),
    ("other_dies_gain", re.compile(r"you gain (?P<n>\w+) life")),
    ("other_dies_untap", re.compile(r"untap this creature")),  # 701.26b
    ("other_dies_tap", re.compile(r"tap this creature")),  # 701.26a
    ("other_dies_damage", re.compile(r"(?P<may>you may have )?this creature deals? (?P<n>\w+) damage to (?P<to>.+)")),
    ("other_dies_drain", re.compile(r"target player loses (?P<n>\w+) life and you gain (?P=n) life")),
    ("other_dies_drain_each", re.compile(r"each opponent loses (?P<n>\w+) life and you gain (?P=n) life")),
    ("other_dies_target_loss", re.compile(r"(?P<to>target player|target opponent) loses (?P<n>\w+) life")))
# 510.3a: "Whenever ~ deals combat damage to <a player / …>, <effect>"; its value is (what it was dealt to, N).
_HIT = re.compile(r"whenever this creature deals combat damage to (a player or planeswalker|a player|an opponent|"
                  r"a creature), (.+)")
_HIT_TO = {"a player": "player", "an opponent": "player", "a player or planeswalker": "player_or_planeswalker",
           "a creature": "creature"}
_HIT_EFFECTS = ((re.compile(r"put (\w+) \+1/\+1 counters? on (?:it|this creature)"), "hit_counters"),
                (re.compile(r"that player loses (\w+) life"), "hit_loss"),
                (re.compile(r"you gain (\w+) life"), "hit_gain"),
                (re.compile(r"destroy that creature(?:\. (?:it|the creature) can't be regenerated)?"), "hit_destroy"),
                # 701.26a; 502.3: not untapping in an untap step is after the combat (an inert rider)
                (re.compile(r"tap that creature(?: and it doesn't untap during its controller's next untap step)?"),
                 "hit_tap"),
                (re.compile(r"put (\w+) -1/-1 counters? on that creature"), "hit_minus_counters"),
                # 701.26b: once combat damage is dealt an untapped creature is read by nothing the loader admits
                (re.compile(r"untap target creature or land"), "hit_untap"))
# the effects on "that creature" (the creature dealt damage), and those without a number
_THAT_CREATURE = frozenset({"hit_destroy", "hit_tap", "hit_minus_counters"})
_NO_NUMBER = frozenset({"hit_destroy", "hit_tap", "hit_untap"})
_TOXIC = re.compile(r"toxic (\d+)")  # 702.164a: "toxic N"
MORPHS = ("morph", "megamorph", "disguise")  # the abilities that turn a face-down permanent face up (702.37e, 702.168d)
_COST_ABILITY = re.compile(r"(morph|megamorph|disguise)\s*(\{.*\})$")  # 702.37a, 702.37b, 702.168a
_OTHER_MORPH_COST = re.compile(r"(morph|megamorph|disguise)\s*[\u2014\u2013-]\s*(.+)")  # "Morph—Reveal a white card …"


class NotModelled(ValueError):
    """A line that is understood but not modelled: a targeted pump (115.1), a pump whose cost has {T}
    or other non-mana parts (602.1a). Like a line no form matches, it is noted for a card's oracle
    text and an error in a situation file's `abilities`."""


class UnsupportedAbility(ValueError):
    """A line that is understood but cannot be solved: a morph or disguise cost with {X} (702.37f,
    702.168e), a morph or disguise cost that is not mana symbols (or has Phyrexian ones, 107.4f).
    Such a line is always an error, also when it comes from a card's oracle text."""


@dataclass(frozen=True)
class Ability:
    """One ability: `kind` (an ASP constant) and an optional argument.

    `value` is a protection quality term, a land type, a blocker count, a morph cost or a :class:`Pump`.
    """

    kind: str
    value: object = None

    @property
    def term(self) -> str:
        """The ASP term the encodings match on."""
        if self.value is None:
            return self.kind
        if isinstance(self.value, (OnCombat, WindowTrigger, DamageTrigger, TokenSpec, AtEndOfCombat, PaidHit)):
            return self.value.term(self.kind)
        if self.kind in RESTRICTION_KINDS:
            return restriction_term(self.kind, self.value)
        if isinstance(self.value, (Mana, CombatAbility)):
            return self.kind
        if self.kind == "regenerate":
            return self.kind
        if self.kind == "monstrosity":  # 701.37a: N
            return f"monstrosity({cast(Pump, self.value).power})"
        if self.kind in STATICS or self.kind == GROUP_GRANT:
            return cast(Static, self.value).term(self.kind)
        if self.kind in PUMPS:
            assert isinstance(self.value, Pump)
            return f"{self.kind}({self.value.power},{self.value.toughness})"
        if self.kind == "attacks_pump_each_type":  # +X/+Y and a creature type, a string as printed_subtype/2's
            x, y, ctype = cast(tuple[int, int, str], self.value)
            return f'{self.kind}({x},{y},"{ctype}")'
        if self.kind == "other_dies_pump":  # the creatures watched, +X/+Y (its keywords: pysolver.rules.triggers)
            scope, x, y, _ = cast(tuple[str, int, int, tuple[str, ...]], self.value)
            return f"{self.kind}({scope},{x},{y})"
        if self.kind == "other_dies_create":  # 111.1: the creatures watched and how many tokens (pysolver.rules.tokens)
            scope, made = cast(tuple[str, TokenSpec], self.value)
            return f"{self.kind}({scope},{made.count})"
        if self.kind in TYPE_ATTACKS:  # a creature type, a string as printed_subtype/2's, and N
            ctype, n = cast(tuple[str, int], self.value)
            return f'{self.kind}("{ctype}",{n})'
        if isinstance(self.value, tuple):  # a combat trigger's +X/+Y (pysolver.rules.triggers)
            return f"{self.kind}({','.join(map(str, self.value))})"
        if isinstance(self.value, int) or self.kind == "protection":
            return f"{self.kind}({self.value})"
        return f'{self.kind}("{self.value}")'


# --- The costs of activated abilities (602.1a, 118, 601.2g-h) -------------------------------------------
# One grammar for every activated ability's cost: its parts, joined by commas, in any order. The ability
# parsers (:func:`_pump`, :func:`_regenerate`, :func:`_combat_ability`, :func:`_ping`) read it with
# :func:`parse_cost` and refuse (:class:`NotModelled`) the parts their rules do not pay.

#: the object words a cost sacrifices or taps ("an artifact", "two lands", "another Goblin", 205.2a, 205.3)
_CARD_TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "land": "Land", "enchantment": "Enchantment",
                    "planeswalker": "Planeswalker"}


@dataclass(frozen=True)
class Fodder:
    """The permanents a cost sacrifices (701.21a) or taps (701.26a): `count` of them, its controller's,
    each of the kind `what` — ``("type", "Artifact")`` a card type (205.2a), ``("creature_type", "goblin")``
    a creature type (205.3m; a changeling has every one, 702.73a), ``("land_type", "forest")`` a land type
    (205.3i) — and, `other`, not the ability's source ("another creature"). `words` as written."""

    count: int
    what: tuple[str, str]
    other: bool
    words: str


COUNTER_NAME = re.compile(r"[a-z]+")  # a counter's name (122.1), such as spore, fade, age, charge
# 122.1b-i: the counters a rule gives an effect of its own (a keyword's, shield, stun, finality) or that are a
# number elsewhere in the file (loyalty, defense) or a player's (poison, rad): not a permanent's named counter
RULED_COUNTERS = {"flying": "122.1b", "deathtouch": "122.1b", "decayed": "122.1b", "exalted": "122.1b",
                  "haste": "122.1b", "hexproof": "122.1b", "indestructible": "122.1b", "lifelink": "122.1b",
                  "menace": "122.1b", "reach": "122.1b", "shadow": "122.1b", "trample": "122.1b",
                  "vigilance": "122.1b", "shield": "122.1c", "stun": "122.1d", "loyalty": "122.1e",
                  "poison": "122.1f", "defense": "122.1g", "finality": "122.1h", "rad": "122.1i"}


@dataclass(frozen=True)
class Cost:
    """An activation cost (602.1a, 118): its mana symbols (107.4), {T} (107.5, 602.5a: tap the source),
    {Q} (107.6: untap it), "Pay N life" (119.4), "Discard a card" / "N cards" / "… at random" (701.9: a
    hand's cards are hidden, 121.1; only how many matters), "Sacrifice ~" (701.21a), "Sacrifice <fodder>"
    and "Tap <fodder> you control" (701.21a, 701.26a: :class:`Fodder`), "Remove N +1/+1 counters from ~"
    (122.1a; 118.3: only from a source that has them), "Remove N <name> counters from ~" (122.1, 118.3: a
    counter of the source's named kind, `named_counters`), "Pay {E}…" (107.14: an energy counter for each {E}),
    "Exile N cards from your graveyard" (406.1: from the cards its controller's graveyard holds, 404.1)."""

    mana: Mana = Mana()
    tap: bool = False
    untap: bool = False
    life: int = 0
    discard: int = 0
    sacrifice_self: bool = False
    sacrifice: Fodder | None = None
    tap_untapped: Fodder | None = None
    remove_counters: int = 0
    remove_named: tuple[str, int] | None = None  # (name, N): "Remove N <name> counters from ~" (122.1)
    energy: int = 0
    exile: int = 0  # "Exile N cards from your graveyard" (406.1, 404.1: from the cards its controller's holds)

    @property
    def choices(self) -> bool:
        """Whether paying it chooses permanents (which to sacrifice or tap, 601.2h)."""
        return self.sacrifice is not None or self.tap_untapped is not None

    @property
    def bounded(self) -> bool:
        """Whether it limits how often the ability can be activated (117.1b: one that costs nothing could
        be activated any number of times)."""
        return bool(self.mana.total or self.tap or self.untap or self.life or self.discard or self.sacrifice_self
                    or self.choices or self.remove_counters or self.remove_named or self.energy or self.exile)

    @property
    def shared(self) -> bool:
        """Whether paying it draws on what every fight of a combat draws on (pysolver.game.fights): life
        (119.4), cards in hand (701.9), permanents sacrificed or tapped other than the source (701.21a,
        701.26a), the source itself leaving (701.21a) or losing counters (122.1a, 122.1: what the fights' sums
        do not track, as a source in no fight may pay for an ability in each fight), or energy (107.14)."""
        return bool(self.life or self.discard or self.sacrifice_self or self.choices or self.remove_counters
                    or self.remove_named or self.energy or self.exile)

    def others(self) -> list[str]:
        """Its parts other than mana symbols, {T} and "Sacrifice ~", in words (for messages)."""
        return [w for w, present in (("{Q}", self.untap), (f"pay {self.life} life", self.life),
                                     (f"discard {self.discard}", self.discard),
                                     (f"sacrifice {getattr(self.sacrifice, 'words', '')}", self.sacrifice),
                                     (f"tap {getattr(self.tap_untapped, 'words', '')}", self.tap_untapped),
                                     (f"remove {self.remove_counters} +1/+1 counters", self.remove_counters),
                                     (f"remove {self.remove_named[1]} {self.remove_named[0]} counters"
                                      if self.remove_named else "", self.remove_named),
                                     ("pay " + "{E}" * self.energy, self.energy),
                                     (f"exile {self.exile} cards from your graveyard", self.exile))
                if present]


_SYMBOLS = re.compile(r"(?:\{[^}]+\})+")
_PAY_LIFE = re.compile(r"pay (\w+) life")
_DISCARD = re.compile(r"discard (a|an|one|two|three|four|five) cards?( at random)?")
_SACRIFICE = re.compile(r"sacrifice (?P<n>a|an|another|one|two|three|four|five) (?P<what>.+)")
_TAP_UNTAPPED = re.compile(r"tap (?P<n>an|another|one|two|three|four|five) untapped (?P<what>.+?) you control")
_REMOVE_COUNTERS = re.compile(r"remove (\w+) \+1/\+1 counters? from this creature")  # N: a word or a number
_REMOVE_NAMED = re.compile(r"remove (?P<n>\w+) (?P<name>[a-z]+) counters? from this creature")  # 122.1
_PAY_ENERGY_COST = re.compile(r"pay ((?:\{e\})+)")  # 107.14
_EXILE_CARDS = re.compile(r"exile (a|one|two|three|four|five) cards? from your graveyard")  # 406.1


def _fodder(n: str, what: str, words: str) -> Fodder | None:
    """The permanents "<n> <what>" names ("a", "another", "two", …), or None if `what` is no card type,
    creature type or land type (205.2a, 205.3m, 205.3i).

    >>> _fodder("two", "lands", "two lands").what, _fodder("another", "goblin", "another goblin").other
    (('type', 'Land'), True)
    >>> _fodder("a", "atog creature", "an atog creature") is None  # a type and a creature: not read
    True
    >>> _fodder("an", "eldrazi scion", "an eldrazi scion").what  # two creature types, both (205.3m)
    ('creature_type', 'eldrazi scion')
    """
    count = 1 if n in ("a", "an", "another") else NUMBER_WORDS[n]
    other = n == "another"
    word = what if count == 1 else (what[:-1] if what.endswith("s") and what[:-1] in _CARD_TYPE_WORDS else what)
    if word in _CARD_TYPE_WORDS:
        return Fodder(count, ("type", _CARD_TYPE_WORDS[word]), other, words)
    creatures, lands = type_lists()
    land = word if word in lands else (word[:-1] if word.endswith("s") and word[:-1] in lands else None)
    if land is not None:
        return Fodder(count, ("land_type", land), other, words)
    ctypes = [creature_type(w) for w in word.split()]
    if len(ctypes) == 1 and ctypes[0] is not None:
        return Fodder(count, ("creature_type", ctypes[0]), other, words)
    if len(ctypes) == 2 and ctypes == word.split():  # "an Eldrazi Scion": of both creature types (205.3m)
        return Fodder(count, ("creature_type", word), other, words)
    return None


def parse_cost(text: str) -> Cost:
    """An activation cost (normalised, lower case) read part by part (602.1a), or :class:`NotModelled`
    naming the part that is not: {X} (107.3), {E} among mana symbols (107.14: "Pay {E}" is read), {S} (107.4h),
    Phyrexian (107.4f) and {2/W}
    symbols, "discard a <kind> card" (the hand's cards are hidden, 121.1), "exile <a kind of> card from your
    graveyard" (only "exile N cards from your graveyard" is read),
    counters put as a cost, or removed other than from the source, and anything else.

    >>> c = parse_cost("{1}{r}, discard a card")
    >>> str(c.mana), c.discard, c.tap
    ('{1}{R}', 1, False)
    >>> c = parse_cost("{b}, pay 1 life, {t}")
    >>> c.life, c.tap, str(c.mana)
    (1, True, '{B}')
    >>> parse_cost("sacrifice another creature").sacrifice.what
    ('type', 'Creature')
    >>> parse_cost("tap an untapped creature you control").tap_untapped.words
    'an untapped creature you control'
    >>> parse_cost("{t}, pay {e}{e}").energy, parse_cost("{t}, exert this creature") == parse_cost("{t}")
    (2, True)
    >>> parse_cost("{t}, remove a javelin counter from this creature").remove_named
    ('javelin', 1)
    """
    parts = [x.strip() for x in text.split(",")]
    found: dict[str, Any] = {"mana": Mana()}
    for part in parts:
        m = _SYMBOLS.fullmatch(part)
        if m is not None:
            symbols = re.findall(r"\{[^}]+\}", part)
            found["tap"] = found.get("tap", False) or "{t}" in symbols
            found["untap"] = found.get("untap", False) or "{q}" in symbols
            mana = "".join(x for x in symbols if x not in ("{t}", "{q}"))
            found["mana"] += _mana_symbols(mana) if mana else Mana()
            continue
        if (m := _PAY_LIFE.fullmatch(part)) and (n := _count(m.group(1))):
            found["life"] = found.get("life", 0) + n  # 119.4
            continue
        if m := _DISCARD.fullmatch(part):
            found["discard"] = found.get("discard", 0) + (_count(m.group(1)) or 0)  # 701.9
            continue
        if part in ("sacrifice this creature", "sacrifice it"):
            found["sacrifice_self"] = True  # 701.21a
            continue
        if (m := _REMOVE_COUNTERS.fullmatch(part)) and (n := _count(m.group(1))):
            found["remove_counters"] = found.get("remove_counters", 0) + n  # 122.1a, 118.3
            continue
        if m := _EXILE_CARDS.fullmatch(part):
            found["exile"] = found.get("exile", 0) + (_count(m.group(1)) or 0)  # 406.1, 404.1
            continue
        if (m := _REMOVE_NAMED.fullmatch(part)) and (n := _count(m["n"])) and m["name"] not in RULED_COUNTERS \
                and m["name"] != "level" and "remove_named" not in found:
            found["remove_named"] = (m["name"], n)  # 122.1, 118.3: from the source's counters of that name
            continue
        if m := _PAY_ENERGY_COST.fullmatch(part):
            found["energy"] = found.get("energy", 0) + m.group(1).count("{")  # 107.14
            continue
        if part in ("exert this creature", "exert it"):
            continue  # 701.43a, 701.43b: always payable; it only keeps ~ tapped in the next untap step (502.3)
        m = _SACRIFICE.fullmatch(part) or _TAP_UNTAPPED.fullmatch(part)
        fodder = _fodder(m.group("n"), m.group("what"), part.split(" ", 1)[1]) if m else None
        if fodder is not None and (key := "sacrifice" if part.startswith("sac") else "tap_untapped") not in found:
            found[key] = fodder
            continue
        raise NotModelled(f"the cost part {part!r} is not modelled (602.1a: mana symbols, {{T}}, \"pay N life\", "
                          "\"discard a card\", \"sacrifice ~\", \"sacrifice a <type>\", \"tap an untapped <type> you "
                          "control\", \"remove N +1/+1 counters from ~\", \"remove N <name> counters from ~\", "
                          "\"pay {E}\", \"exile N cards from your graveyard\" and \"exert ~\" are)")
    return Cost(**found)


def _mana_symbols(text: str) -> Mana:
    """The mana symbols of a cost (107.4), or :class:`NotModelled` naming what is not modelled."""
    if "{x}" in text:
        raise NotModelled("an X in an activated ability is not modelled (107.3: it is chosen as the ability is "
                          "activated, 601.2b)")
    for symbol, why in (("{e}", "energy among mana symbols, 107.14: a cost pays it as \"Pay {E}\""),
                        ("{s}", "snow mana, 107.4h: which mana came from a snow source is not stated"),
                        ("/p}", "Phyrexian mana, 107.4f")):
        if symbol in text:
            raise NotModelled(f"the cost {text.upper()!r} is not modelled ({why})")
    try:
        return Mana.parse(text.upper())
    except ValueError as exc:
        raise NotModelled(f"the cost {text.upper()!r} is not modelled: {exc}") from None


def _cost(text: str, *, what: str = "this ability") -> Cost:
    """The cost of an ability activated for its effect on the battlefield (602.1a): :func:`parse_cost`,
    refused (:class:`NotModelled`) if it would not limit the activations (117.1b)."""
    cost = parse_cost(text)
    if cost.untap:
        raise NotModelled("a cost with {Q} is not modelled (107.6: the source is untapped, and an attacking creature "
                          "untapped is not)")
    if not cost.bounded:
        raise NotModelled(f"{what} costs no mana and nothing else, so it can be activated any number of times "
                          "(602.1, 117.1b): not modelled")
    return cost


# --- Activated pump abilities (602.1, 613.4c) ------------------------------------------------------
PUMPS = ("pump", "team_pump")  # "~ gets +X/+Y", "Creatures you control get +X/+Y" until end of turn
# The abilities activated for mana in the priority windows (602.2): the pumps, "{cost}: Regenerate ~"
# (701.19a, a Pump of +0/+0 whose effect is a regeneration shield) and "{cost}: Monstrosity N" (701.37a, a
# Pump of +N/+N whose effect is N +1/+1 counters if it isn't monstrous), numbered together (Activation.ability).
ACTIVATED = (*PUMPS, "regenerate", "monstrosity")
_REGENERATE = re.compile(r"(?P<cost>[^:]+): regenerate this creature")
_PUMP = re.compile(r"(?P<cost>[^:]+): (?P<who>.+?) (?:gets? (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and gains? (?P<also>.+?)"
                   r"| and becomes (?P<becomes>.+?))?|gains? (?P<only>.+?)) until end of turn"
                   r"(?P<despite> and can attack this turn as though it didn't have defender)?"
                   r"(?P<unblocked> and can't be blocked this turn)?")  # 509.1b (Cephalid Inkshrouder)
_PUMPED = {"this creature": "pump", "creatures you control": "team_pump"}
# Other effects of an ability on its source (kind ``pump``, :class:`Pump`): "put N +1/+1 counters on ~" (122.6),
# "~ can't be blocked this turn" (509.1b), "return ~ to its owner's hand" (400.7, 506.4), "exile ~. Return it to
# the battlefield … at the beginning of the next end step" (it returns after the combat, 513.1), "untap ~" (701.26b),
# "~ can attack this turn as though it didn't have defender" (702.3b: read as attackers are declared, 508.1a).
_ON_ITSELF = re.compile(r"(?P<cost>[^:]+): (?:put (?P<n>a|an|one|two|three) \+1/\+1 counters? on this creature"
                        r"|(?P<unblockable>this creature can't be blocked this turn)"
                        r"|this creature becomes (?P<becomes>.+?) until end of turn"
                        r"|(?P<despite>this creature can attack this turn as though it didn't have defender)"
                        r"|(?P<to_hand>return this creature to its owner's hand)"
                        r"|(?P<exiled>exile this creature\. return it to the battlefield under (?:its owner's|your) "
                        r"control at the beginning of the next end step)|(?P<untap>untap this creature))")
# 105.3, 613.1e (layer 5): "~ becomes colorless / <color> [and <color>] / the color of your choice until end of
# turn": its new colors replace all it had (a later such effect replaces them again, 613.7); "the color of your
# choice" (105.4: one of the five) is read as five abilities, one per color, so that activating one is the choice.
_BECOMES = re.compile(rf"colorless|the color of your choice|(?P<first>{'|'.join(COLORS)})"
                      rf"(?: and (?P<second>{'|'.join(COLORS)}))?")
# 613.1f (layer 6), 611.2a: the keywords a pump may give until end of turn ("~ gains flying until end of
# turn"), each read by the rules of its keyword through has/2 (encodings/characteristics.lp). Hexproof and
# shroud given in response to a targeted ability counter it as it resolves (608.2b), which the
# one-activation-at-a-time moves of pysolver.rules.activated do not play: pysolver.files.loader refuses a
# board where an opponent has such an ability.
GRANTABLE = frozenset({"flying", "reach", "trample", "menace", "deathtouch", "first_strike", "double_strike",
                       "vigilance", "haste", "indestructible", "lifelink", "fear", "intimidate", "infect",
                       "wither", "hexproof", "shroud", "shadow"})
TARGET_STOPPERS = ("hexproof", "shroud")  # 702.11b, 702.18a


@dataclass(frozen=True)
class Pump:
    """The value of a pump ability: "{cost}: … get(s) +X/+Y [and gain(s) K] until end of turn" or
    "{cost}: … gain(s) K until end of turn" (602.1, 613.4c; `keywords` the kinds given until end of
    turn, 613.1f)."""

    power: int
    toughness: int
    cost: Mana
    keywords: tuple[str, ...] = ()
    limit: int | None = None  # 602.5b: "Activate this ability only once / no more than N times each turn"
    extra: Cost = Cost()  # the parts of the cost other than mana (602.1a, :class:`Cost`; its `mana` is empty)
    counters: int = 0  # "put N +1/+1 counters on ~" (122.1a, 122.6)
    unblockable: bool = False  # "~ can't be blocked this turn" (509.1b)
    to_hand: bool = False  # "return ~ to its owner's hand" (it leaves the battlefield, 400.7, and combat, 506.4)
    exiled: bool = False  # "exile ~. return it … at the beginning of the next end step" (it leaves until then, 513.1)
    untap: bool = False  # "untap ~" (701.26b)
    tap: bool = False  # "… until end of turn. Tap ~" (701.26a)
    colors: tuple[str, ...] | None = None  # "~ becomes <colors> until end of turn" (105.3, 613.1e); () colorless
    despite_defender: bool = False  # "~ can attack this turn as though it didn't have defender" (702.3b)
    # "~ loses defender until end of turn" (613.1f, 702.3b): read as `despite_defender` where nothing else reads whether
    # it has defender (pysolver.files.loader refuses the boards where something does)
    loses_defender: bool = False
    # "~ loses hexproof [and gains <keywords>] until end of turn" (613.1f, 702.11b): read as the keywords only where
    # nothing could target it or read whether it has hexproof (pysolver.files.loader refuses the boards where something
    # could)
    loses_hexproof: bool = False
    # "Activate only if there are N or more card types among cards in your graveyard" (602.5, 205.2a, 404.1): N
    graveyard_types: int = 0

    def allowed(self, graveyard_types: tuple[str, ...] | None) -> bool:
        """Whether its condition lets it be activated with these card types among the cards in its controller's
        graveyard (602.5; pysolver.files.loader admits a board only where they cannot change in the combat)."""
        return len(graveyard_types or ()) >= self.graveyard_types

    @property
    def leaves(self) -> bool:
        """Whether it takes its source off the battlefield (400.7): to a hand or into exile."""
        return self.to_hand or self.exiled

    @cached_property
    def full_cost(self) -> Cost:
        """Its whole cost: the mana and the other parts (a value: asked at every activation)."""
        return replace(self.extra, mana=self.cost)


# 602.5b: an activation limit after the pump's effect ("… until end of turn. Activate this ability only once
# each turn", "… no more than twice each turn").
_LIMITED = re.compile(r"(?P<line>.+?)\. activate this ability "
                      r"(?:only (?P<once>once)|no more than (?P<n>twice|\w+ times)) each turn")
# 602.5, 205.2a: "… until end of turn. Activate only if there are N or more card types among cards in your graveyard"
_TYPES_ONLY = re.compile(r"(?P<line>.+?)\. activate (?:this ability )?only if there are (?P<n>\w+) or more card types "
                         r"among cards in your graveyard")
_TIMES = {"twice": 2, **{f"{w} times": n for w, n in NUMBER_WORDS.items() if n >= 3}}


# 702.3b, 611.2c: "{cost}: Creatures you control with defender can attack this turn as though they didn't have
# defender": each creature its controller controls as it resolves (608.2h; one without defender is not affected)
_TEAM_DESPITE = re.compile(r"(?P<cost>[^:]+): creatures you control with defender can attack this turn as though "
                           r"they didn't have defender")
# "{cost}: Until end of turn, ~ …": the duration written first (read as "{cost}: ~ … until end of turn")
_DURATION_FIRST = re.compile(r"(?P<cost>[^:]+): until end of turn, (?P<effect>.+)")
# 613.1f, 702.3b: "{cost}: ~ loses defender [and gains <keyword>] until end of turn"
# 701.26a: "{cost}: ~ gains <keyword> until end of turn [and doesn't untap during your next untap step]. Tap ~": a
# pump of its source that also taps it (the untap step, 502.3, comes after the combat: nothing of it acts in combat)
_TAPS_ITSELF = re.compile(r"(?P<line>[^:]+: this creature .+? until end of turn)"
                          r"(?: and doesn't untap during your next untap step)?\. tap this creature")
# 613.1f, 702.11b: "{cost}: ~ loses hexproof [and gains <keywords>] until end of turn" (Xathrid Slyblade)
_LOSES_HEXPROOF = re.compile(r"(?P<cost>[^:]+): this creature loses hexproof(?: and gains (?P<also>.+?))? until end of "
                             r"turn")
_LOSES_DEFENDER = re.compile(r"(?P<cost>[^:]+): this creature loses defender(?: and gains (?P<also>.+?))? until end of "
                            r"turn")


def _pump(text: str) -> list[Ability] | None:
    """A pump line, or None if `text` is no pump; :class:`NotModelled` for the pumps out of scope.

    >>> pump = _pump("{r}: this creature gets +1/+0 until end of turn")[0].value
    >>> pump.power, pump.toughness, str(pump.cost), pump.keywords, pump.limit
    (1, 0, '{R}', (), None)
    >>> str(_pump("{b/r}: this creature gets +1/+0 until end of turn")[0].value.cost)  # 107.4e
    '{B/R}'
    >>> _pump("{1}{g}{u}: this creature gets +2/+2 and gains flying until end of turn")[0].value.keywords
    ('flying',)
    >>> _pump("{2}{w}: creatures you control gain first strike until end of turn")[0].term
    'team_pump(0,0)'
    >>> _pump("{b}: this creature gets +1/+0 until end of turn. activate this ability no more than twice each turn"
    ...       )[0].value.limit
    2
    >>> _pump("{1}{b}: this creature gets +1/+1 until end of turn. activate only if there are four or more card "
    ...       "types among cards in your graveyard")[0].value.graveyard_types
    4
    """
    team = _TEAM_DESPITE.fullmatch(text)
    if team is not None:
        return [Ability("team_pump", _paid_by(Pump(0, 0, Mana(), despite_defender=True), _cost(team.group("cost"))))]
    taps = _TAPS_ITSELF.fullmatch(text)
    if taps is not None:
        return _tapping(_pump(taps.group("line")))
    first = _DURATION_FIRST.fullmatch(text)
    if first is not None:
        return _pump(f"{first.group('cost')}: {first.group('effect')} until end of turn")
    m = _LOSES_HEXPROOF.fullmatch(text)
    if m is not None:
        keywords = tuple(_given_until_end_of_turn(k) for k in re.split(r",? and |, ", m["also"])) if m["also"] else ()
        if any(k not in GRANTABLE for k in keywords):
            return None
        return [Ability("pump", _paid_by(Pump(0, 0, Mana(), keywords, loses_hexproof=True), _cost(m["cost"])))]
    m = _LOSES_DEFENDER.fullmatch(text)
    if m is not None:
        keywords = (_given_until_end_of_turn(m.group("also")),) if m.group("also") else ()
        pump = Pump(0, 0, Mana(), keywords, despite_defender=True, loses_defender=True)
        return [Ability("pump", _paid_by(pump, _cost(m.group("cost"))))]
    typed = _TYPES_ONLY.fullmatch(text)
    if typed is not None and (n := _count(typed["n"])) and n > 1:
        found = _pump(typed["line"])
        return None if found is None else [Ability(a.kind, replace(cast(Pump, a.value), graveyard_types=n))
                                           for a in found]
    limited = _LIMITED.fullmatch(text)
    if limited is not None:
        limit = 1 if limited.group("once") else _TIMES.get(limited.group("n"))
        found = _pump(limited.group("line")) if limit is not None else None
        if found is None:
            return None
        if len(found) > 1:  # 602.5b: the limit counts the ability's activations, whatever color was chosen
            raise NotModelled("an activation limit on an ability that becomes the color of your choice is not "
                              "modelled (602.5b, 105.4)")
        (ability,) = found
        assert isinstance(ability.value, Pump)
        return [Ability(ability.kind, replace(ability.value, limit=limit))]
    m = _ON_ITSELF.fullmatch(text)
    if m is not None:
        effect = Pump(0, 0, Mana(), counters=(_count(m.group("n")) or 0) if m.group("n") else 0,  # 122.6
                      unblockable=bool(m.group("unblockable")), to_hand=bool(m.group("to_hand")),
                      exiled=bool(m.group("exiled")), untap=bool(m.group("untap")),
                      despite_defender=bool(m.group("despite")))
        return _colored("pump", _paid_by(effect, _cost(m.group("cost"))), m.group("becomes"))
    m = _PUMP.fullmatch(text)
    if m is None:
        return None
    kind = _PUMPED.get(m.group("who"))
    if kind is None:
        raise NotModelled(f"a pump of {m.group('who')!r} is not modelled (only this creature and creatures you "
                          "control; a target, 115.1, is not)")
    given = m.group("also") or m.group("only")
    keywords = () if given is None else (_given_until_end_of_turn(given),)
    x, y = (0, 0) if m.group("x") is None else (int(m.group("x")), int(m.group("y")))
    if (m.group("becomes") or m.group("despite") or m.group("unblocked")) and kind != "pump":
        return None  # "creatures you control … become …": not read
    pump = Pump(x, y, Mana(), keywords, despite_defender=bool(m.group("despite")),
                unblockable=bool(m.group("unblocked")))
    lowering = kind == "pump" and y < 0 and not (m.group("becomes") or m.group("despite") or m.group("unblocked"))
    cost = _lowering_cost(m.group("cost")) if lowering else _cost(m.group("cost"))
    return _colored(kind, _paid_by(pump, cost), m.group("becomes"))


def _tapping(found: list[Ability] | None) -> list[Ability] | None:
    """The pumps of its source `found` that also tap it (701.26a: "… Tap ~"), or None.

    >>> [(a.term, a.value.keywords, a.value.tap) for a in _pump(
    ...     "{u}: this creature gains shroud until end of turn and doesn't untap during your next untap step. "
    ...     "tap this creature")]
    [('pump(0,0)', ('shroud',), True)]
    """
    if not found or any(a.kind != "pump" for a in found):
        return None
    return [Ability(a.kind, replace(cast(Pump, a.value), tap=True)) for a in found]


def _lowering_cost(text: str) -> Cost:
    """The cost of a pump that lowers its source's toughness ("{0}: ~ gets +1/-1 until end of turn"): any of
    :func:`_cost`, or one that costs nothing (117.1b, 602.1: activated any number of times, but each resolving
    lowers its toughness until it dies, 704.5f, and then the rest do nothing: pysolver.model.magnitudes.lowering_bound).

    >>> _lowering_cost("{0}").bounded, str(_lowering_cost("{r}").mana)
    (False, '{R}')
    """
    cost = parse_cost(text)
    return cost if not cost.bounded and not cost.untap else _cost(text)


def _colored(kind: str, pump: Pump, becomes: str | None) -> list[Ability] | None:
    """The pump abilities of a line whose effect on its source may also change its colors (105.3, 613.1e):
    `becomes` the words after "becomes" (None: no color change); one ability per color for "the color of
    your choice" (105.4: the activation chooses); None where the words are no colors.

    >>> [a.value.colors for a in _colored("pump", Pump(0, 0, Mana()), "colorless")]
    [()]
    >>> [a.value.colors[0] for a in _colored("pump", Pump(1, 1, Mana()), "the color of your choice")]
    ['white', 'blue', 'black', 'red', 'green']
    >>> _colored("pump", Pump(0, 0, Mana()), "blue and red")[0].value.colors
    ('blue', 'red')
    """
    if becomes is None:
        return [Ability(kind, pump)]
    m = _BECOMES.fullmatch(becomes)
    if m is None:
        return None
    if becomes == "the color of your choice":  # 105.4
        return [Ability(kind, replace(pump, colors=(c,))) for c in COLORS]
    colors = tuple(c for c in (m.group("first"), m.group("second")) if c)
    return [Ability(kind, replace(pump, colors=colors))]


def _given_until_end_of_turn(text: str) -> str:
    """The kind of the keyword a pump gives until end of turn (613.1f), or :class:`NotModelled`; a landwalk
    "<land type>walk" (702.14a) by its own word (:func:`given_ability`).

    >>> _given_until_end_of_turn("forestwalk"), _given_until_end_of_turn("first strike")
    ('forestwalk', 'first_strike')
    """
    if given_walk(text) is not None:
        return text
    kind = KEYWORDS.get(text)
    if kind not in GRANTABLE:
        raise NotModelled(f"giving {text!r} until end of turn is not modelled (only "
                          f"{', '.join(sorted(k.replace('_', ' ') for k in GRANTABLE))}: 613.1f)")
    return kind


def given_walk(kind: str) -> str | None:
    """The land type of a landwalk given until end of turn, kept by its word "<land type>walk" (702.14a: one
    of the land types, 205.3i), or None for any other kind given.

    >>> given_walk("forestwalk"), given_walk("flying")
    ('forest', None)
    """
    land = kind[: -len("walk")]
    return land if kind.endswith("walk") and land in type_lists()[1] else None


def given_ability(kind: str) -> Ability:
    """The ability a keyword given until end of turn is (613.1f): "<land type>walk" the landwalk of that land
    type (702.14a), another its own kind.

    >>> given_ability("islandwalk").term, given_ability("flying").term
    ('landwalk("island")', 'flying')
    """
    land = given_walk(kind)
    return Ability(kind) if land is None else Ability("landwalk", land)


_MONSTROSITY = re.compile(r"(?P<cost>[^:]+): monstrosity (?P<n>\w+)")


def _monstrosity(text: str) -> list[Ability] | None:
    """ "{cost}: Monstrosity N" (701.37a: "If this permanent isn't monstrous, put N +1/+1 counters on it and it
    becomes monstrous"), or None; {X} is not modelled (701.37c); its cost any of :func:`parse_cost`.

    >>> _monstrosity("{5}{r}{r}: monstrosity 3")[0].term
    'monstrosity(3)'
    """
    m = _MONSTROSITY.fullmatch(text)
    if m is None:
        return None
    n = _count(m.group("n"))
    if n is None:
        raise NotModelled(f"monstrosity {m.group('n')} is not modelled (701.37c: X)")
    return [Ability("monstrosity", _paid_by(Pump(n, n, Mana()), _cost(m.group("cost"))))]
def _regenerate(text: str) -> list[Ability] | None:
    """ "{cost}: Regenerate ~" (701.19a: each activation a regeneration shield for the turn), or None.

    >>> _regenerate("{1}{g}: regenerate this creature")[0].value.cost.total
    2
    """
    m = _REGENERATE.fullmatch(text)
    return None if m is None else [Ability("regenerate", _paid_by(Pump(0, 0, Mana()), _cost(m.group("cost"))))]


def _paid_by(pump: Pump, cost: Cost) -> Pump:
    """`pump` with its cost: the mana in `cost` (:attr:`Pump.cost`), the other parts in `extra`."""
    return replace(pump, cost=cost.mana, extra=replace(cost, mana=Mana()))


# --- Activated abilities that act in combat (602, 115, pysolver.rules.activated) ----------------------
#: their kinds: "tap target <creature>" (701.26a), "target <creature> can't block this turn" (509.1b),
#: "target <creature> can't be blocked this turn" (509.1b), "… can't be blocked by creatures with power N or less this
#: turn" (509.1b), "target <creature> gets +X/+Y [and gains K]"
#: or "gains K until end of turn" (613.4c, 613.1f), "~ gets +X/+Y" with {T} in its cost, "regenerate
#: target <creature>" (701.19a), "destroy target <creature>" (701.8a), "put N +X/+Y counters on target
#: <creature>" (122.1a), "exile target <creature>" (406.2), "return target <creature> to its owner's hand" (400.7),
#: "target <creature> can't be regenerated this turn" (701.19c), "untap target <permanent>" (701.26b), "you may tap
#: or untap target <permanent>" (701.26: :func:`effects`), "switch ~'s / each creature's power and toughness until
#: end of turn" (613.4d: :data:`SWITCHES`)
COMBAT_ABILITIES = ("tap_target", "target_cant_block", "target_unblockable", "target_evades", "target_pump", "tap_pump",
                    "target_regenerate", "destroy_target", "target_counter", "exile_target", "bounce_target",
                    "target_cant_regenerate", "untap_target", "tap_or_untap", "switch", "switch_each", "destroy_all")
#: "switch ~'s power and toughness until end of turn" (no target) and "switch each creature's …" (no target: each
#: creature on the battlefield as it resolves, 611.2c): layer 7d (613.4d)
SWITCHES = ("switch", "switch_each")
#: the activated abilities that go on the stack (405.1) and wait for the other player's response (117.3c):
#: damage (:data:`PINGS`), life lost or gained (:data:`LIFE`, 119.3), all combat damage prevented (:data:`FOGS`,
#: 615.1a) and destruction, exile or a return to the hand, which a response may answer (a regeneration shield,
#: 701.19a; damage first, 704.5a)
STACKED = ("ping", "ping_each", "life", "fog", "destroy_target", "exile_target", "bounce_target", "destroy_all")
# 115.1: those that have a target ("ping": "~ deals N damage to <a target>", pysolver.rules.pingers; a life
# ability's "target player" too, pysolver.rules.activated.targeted)
TARGETED = ("tap_target", "target_cant_block", "target_unblockable", "target_evades", "target_pump",
            "target_regenerate", "destroy_target", "target_counter", "exile_target", "bounce_target", "ping",
            "target_cant_regenerate", "untap_target", "tap_or_untap")
#: "you may tap or untap target <permanent>": its controller chooses as it resolves (608.2) which it does
TAP_OR_UNTAP = "tap_or_untap"
#: the abilities that remove their target from the battlefield: destroy (701.8a), exile (406.2), return to its
#: owner's hand (400.7); and "destroy all artifacts / enchantments" (701.8a, no target: each as it resolves, 608.2h)
REMOVALS = ("destroy_target", "exile_target", "bounce_target", "destroy_all")
#: those whose target may be of card types (:func:`typed_target`, 205.2a): "untap target permanent", "destroy target
#: artifact or enchantment", "return target nonland permanent to its owner's hand", "tap target land"; a removal's
#: not a land
TYPED = ("untap_target", TAP_OR_UNTAP, "destroy_target", "exile_target", "bounce_target", "tap_target")


def effects(kind: str) -> tuple[str, ...]:
    """The effects an activated ability of `kind` may have, each the `kind` of an activation of it
    (:class:`~pysolver.model.moves.AbilityActivation`): "you may tap or untap target creature" taps it
    (701.26a) or untaps it (701.26b) — "you may" doing neither is the tap of a tapped creature or the untap
    of an untapped one, which change nothing; the others their own.

    >>> effects("tap_or_untap"), effects("tap_target")
    (('tap_target', 'untap_target'), ('tap_target',))
    """
    return ("tap_target", "untap_target") if kind == TAP_OR_UNTAP else (kind,)


_TARGETED_EFFECTS = (
    (re.compile(r"you may tap or untap (?P<t>.+)"), TAP_OR_UNTAP),
    # 701.26a; 502.3: "It doesn't untap during its controller's [next] untap step [for as long as ~ remains tapped]"
    # acts in an untap step, after the combat (an inert rider)
    (re.compile(r"tap (?P<t>.+?)(?:\. (?:it|that creature) doesn't untap during its controller's (?:next )?untap step"
                r"(?: for as long as this creature remains tapped)?)?"), "tap_target"),
    (re.compile(r"untap (?P<t>.+)"), "untap_target"),
    (re.compile(r"(?P<t>.+?) can't block this turn"), "target_cant_block"),
    (re.compile(r"(?P<t>.+?) can't be blocked this turn"), "target_unblockable"),
    # 509.1b, 611.2a: the target's `cant_be_blocked_by_power_this_turn`
    (re.compile(r"(?P<t>.+?) can't be blocked by creatures with power (?P<n>\w+) or less this turn"), "target_evades"),
    (re.compile(r"(?P<t>.+?) (?:gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and gains (?P<also>.+?))?|gains (?P<only>.+?)"
                rf"|becomes (?P<becomes>colorless|{'|'.join(COLORS)})) until end of turn"), "target_pump"),
    (re.compile(r"regenerate (?P<t>.+)"), "target_regenerate"),
    (re.compile(r"(?P<t>.+?) can't be regenerated this turn"), "target_cant_regenerate"),  # 701.19c
    (re.compile(r"destroy all (?P<t>artifacts|enchantments)"), "destroy_all"),
    # 701.19c: "Destroy target creature. It can't be regenerated."; 608.2c, 202.3: "Destroy target artifact. ~ gets
    # +X/+0 until end of turn, where X is that artifact's mana value"
    (re.compile(r"destroy (?P<t>.+?)(?:(?P<unregenerated>\. it can't be regenerated)|(?P<smelts>\. this creature gets "
                r"\+x/\+0 until end of turn, where x is that artifact's (?:converted mana cost|mana value)))?"),
     "destroy_target"),
    (re.compile(r"put (?P<n>\w+) (?P<x>[+-]\d+)/(?P<y>[+-]\d+) counters? on (?P<t>.+)"), "target_counter"),
    (re.compile(r"exile (?P<t>.+)"), "exile_target"),
    (re.compile(r"return (?P<t>.+) to its owner's hand"), "bounce_target"),
    (re.compile(r"switch (?P<t>this creature|each creature)'s power and toughness until end of turn"), "switch"),
)
# 602.5b: "Activate only during your turn, before attackers are declared" (older: "activate this ability …")
_BEFORE_ATTACKERS = re.compile(r"(?P<line>.+?)\. activate (?:this ability )?only during your turn, before attackers "
                               r"are declared")
# 602.5b, 102.1: "Activate only during your turn" (older: "activate this ability …"): its controller is the active
# player (the combat is the active player's, 506.1)
_YOUR_TURN = re.compile(r"(?P<line>.+?)\. activate (?:this ability )?only during your turn")
# 115.1, 601.2c: what a target may be: "[another] target [attacking | blocking | attacking or blocking | tapped |
# untapped] <creatures> [you control | an opponent controls | you don't control] [with <quality> | without
# <keyword>]", <creatures> "creature", "<adjective> [or <adjective>] creature" (a color, non<color>, a creature
# type, artifact) or creature types alone ("target Goblin", "target Faerie or Elf").
_TARGET = re.compile(r"(?P<other>another )?target (?P<where>attacking or blocking |attacking |blocking )?"
                     r"(?P<state>tapped |untapped )?(?P<what>[a-z' -]+?)"
                     r"(?: (?P<scope>you control|an opponent controls|you don't control))?"
                     r"(?: (?P<with>with|without) (?P<quality>.+))?")
# 122.1: "with a counter on it" (any counter a situation states: `counters`), "with a +1/+1 counter on it"
_COUNTER_QUALITIES: dict[str, Quality] = {"a counter on it": ("counter", "any"),
                                          "a +1/+1 counter on it": ("counter", "plus")}
# 509.1g, 506.4: "target creature blocking ~", "target creature blocking or blocked by ~": a creature in a block
# with the source itself (blocks_source: it blocks the source; blocked_by_source: the source blocks it)
_RELATED_TARGET = re.compile(r"target creature (?P<rel>blocking|blocking or blocked by) this creature")
_RELATED_TARGETS: dict[str, tuple[str, Quality, str, bool]] = {
    "blocking": ("blocking", ("blocks_source",), "all", False),
    "blocking or blocked by": ("attacking_or_blocking", ("either", ("blocks_source",), ("blocked_by_source",)), "all",
                               False)}
_TARGET_SCOPES = {None: "all", "you control": "you", "an opponent controls": "opponents",
                  "you don't control": "opponents"}
# 115.1, 205.2a: a target of card types ("target permanent", "target artifact or creature", "target artifact,
# creature, or land", "target creature or land", "target land", "target artifact an opponent controls", "target
# artifact or enchantment", "target noncreature artifact", "target nonland permanent", "target Aura attached to a
# creature"): its creatures are read as a creature target, the other permanents it reaches (`reach`) are refused
# on a board (pysolver.files.loader)
_CARD_TYPE = r"(?:artifact|creature|enchantment|land)"
_TYPED_TARGET = re.compile(r"(?P<other>another )?target (?P<non>noncreature |nonland )?"
                           rf"(?P<types>permanent|{_CARD_TYPE}(?:(?:, or |, | or ){_CARD_TYPE})*)"
                           r"(?: (?P<scope>you control|an opponent controls|you don't control))?")
#: the card types of the noncreature permanents (110.4: artifact, battle, enchantment, land, planeswalker)
NONCREATURE_PERMANENTS = ("artifact", "battle", "enchantment", "land", "planeswalker")


@dataclass(frozen=True)
class CombatAbility:
    """The value of an activated ability that acts in combat (602.1): its effect's +X/+Y (pumps) and the
    keywords it gives (613.1f), its cost (602.1a: the mana in `cost`, the other parts in `extra`, a
    :class:`Cost` of :func:`parse_cost`, its mana empty), and what it may target (115.1): `target`
    where the creature is (``creature``, ``attacking``, ``blocking``, ``attacking_or_blocking``; empty
    for "~": no target; a damage ability's own, :data:`PING_TARGETS`), `quality` a creature quality
    (:func:`term_text`; ``("any",)``: any), `scope` whose (all, you, opponents), `other` not the source
    itself ("another target")."""

    power: int
    toughness: int
    cost: Mana
    extra: Cost = Cost()
    target: str = "creature"
    quality: Quality = ("any",)
    damage: int = 0  # "~ deals N damage to …" (120.3, :data:`PINGS`)
    before_attackers: bool = False  # "activate only during your turn, before attackers are declared" (602.5b)
    scope: str = "all"
    other: bool = False
    keywords: tuple[str, ...] = ()
    counters: int = 0  # "put N +X/+Y counters on …" (122.1a): N, its kind `power`/`toughness`
    loss: int = 0  # "… loses N life" (119.3, :data:`LIFE`)
    gain: int = 0  # "you gain N life" (119.3)
    token: TokenSpec | None = None  # "create … tokens" (111.1, pysolver.rules.tokens)
    prevent: int = 0  # "prevent the next N damage that would be dealt to …" (615.7, :data:`SHIELDS`)
    no_regeneration: bool = False  # "destroy … . It can't be regenerated." (701.19c)
    colors: tuple[str, ...] | None = None  # "target <creature> becomes <color> until end of turn" (105.3, 613.1e)
    reach: tuple[str, ...] = ()  # the card types of noncreature permanents its target may be (115.1, 205.2a)
    also_damage: int = 0  # "… and M damage to you / to itself" (120.3: one event, :data:`PINGS`): M
    also_to: str = ""  # its recipient, no target (115.10b): ``you`` (its controller) or ``itself`` (the source)
    power_damage: bool = False  # "~ deals damage equal to its power to …" (608.2h: its power as it resolves)
    counters_damage: bool = False  # "… equal to the number of +1/+1 counters on ~" (608.2h, 122.1a)
    counted: str = ""  # "… equal to the number of <name> counters on ~" (122.1, 608.2h): the counters' name
    damage_back: bool = False  # "That creature deals damage equal to its power to ~" (608.2c: after the first)
    then_tap: bool = False  # "… Tap that creature" (701.26a: after its damage, 608.2c)
    then_cant_block: bool = False  # "… That creature can't block this combat" (509.1b)
    while_attacking: bool = False  # "Activate only if ~ is attacking" (602.5, 506.4: a restriction on its use)
    min_power: int = 0  # "Activate only if ~'s power is N or greater" (602.5: its power as it is activated)
    radiance: bool = False  # "… and each other creature that shares a color with it" (105.2, 608.2h: as it resolves)
    when_attacked: bool = False  # "Activate only during the declare attackers step and only if you've been attacked
    # this step" (602.5, 508.1: attackers declared, blockers not yet; a creature attacks its controller)
    your_turn: bool = False  # "activate only during your turn" (602.5b: its controller is the active player, 102.1)
    # "Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that artifact's mana value" (608.2c: after
    # the destruction, destroyed or not; 608.2h: the mana value of the target as it last existed, 202.3)
    smelts: bool = False
    x: str = ""  # "{X}…: ~ deals X damage" (107.3): X paid with any mana (``any``), or one color's ("W" … "G")
    evades: int = 0  # "target_evades": "… can't be blocked by creatures with power N or less this turn" (509.1b)

    def x_mana(self, x: int) -> Mana:
        """The mana that pays X = `x` (107.3, 601.2f): generic, or of the one color "Spend only <color> mana on
        X" allows."""
        return Mana(generic=x) if self.x == "any" else Mana(**{self.x: x})

    @property
    def tap(self) -> bool:
        """Whether {T} is part of its cost (602.5a, 302.6)."""
        return self.extra.tap

    @property
    def sacrifice(self) -> bool:
        """Whether "sacrifice ~" is part of its cost (602.2b, 701.21a)."""
        return self.extra.sacrifice_self

    @cached_property
    def full_cost(self) -> Cost:
        """Its whole cost: the mana and the other parts (a value: asked at every activation)."""
        return replace(self.extra, mana=self.cost)


def on_stack(kind: str, ab: CombatAbility) -> bool:
    """Whether an activation goes on the stack and waits for both players to pass (405.1, 608.1): a
    :data:`STACKED` kind, or one whose cost sacrifices its source (701.21a: it dies, 700.4, and its
    death triggers go above it, 603.3)."""
    return kind in STACKED or ab.sacrifice


def target_of(text: str) -> tuple[str, Quality, str, bool] | None:
    """What a target phrase lets an ability target (115.1): where (:class:`CombatAbility` `target`), the
    quality, whose, and whether the source itself is left out; None if it is no creature target read.

    >>> target_of("target attacking creature without flying")
    ('attacking', ('non', ('keyword', 'flying')), 'all', False)
    >>> target_of("another target red creature you control")
    ('creature', ('color', 'red'), 'you', True)
    >>> target_of("target tapped nonblack creature")
    ('creature', ('both', ('non', ('color', 'black')), ('tapped',)), 'all', False)
    >>> target_of("target elf or soldier creature")[1]
    ('either', ('creature_type', 'elf'), ('creature_type', 'soldier'))
    >>> target_of("target land") is None
    True
    >>> target_of("target creature with islandwalk")  # 702.14a
    ('creature', ('landwalk', 'island'), 'all', False)
    >>> target_of("target creature token")  # 111.1
    ('creature', ('token',), 'all', False)
    >>> target_of("target creature blocking this creature")  # 509.1g
    ('blocking', ('blocks_source',), 'all', False)
    """
    related = _RELATED_TARGET.fullmatch(text)
    if related is not None:  # 506.4, 509.1g: a creature in one of the source's own blocks
        return _RELATED_TARGETS[related.group("rel")]
    m = _TARGET.fullmatch(text)
    token = m is not None and m.group("what").endswith("creature token")  # 111.1: "target creature token"
    what = _target_creatures(m.group("what").removesuffix(" token")) if m else None
    if m is None or what is None:
        return None
    parts = [what, *([("token",)] if token else [])]
    if m.group("state"):  # 701.26a: tapped or untapped
        parts.append(("tapped",) if m.group("state") == "tapped " else ("non", ("tapped",)))
    if m.group("with"):
        walk = given_walk(m.group("quality"))  # 702.14a: "with islandwalk" (a landwalk of that land type)
        with_q = (_COUNTER_QUALITIES.get(m.group("quality")) or _with_quality(m.group("quality"))
                  or (("landwalk", walk) if walk else None))
        if with_q is None:
            return None
        parts.append(with_q if m.group("with") == "with" else ("non", with_q))
    quality: Quality = ("any",)
    for q in parts:
        quality = q if quality == ("any",) else quality if q == ("any",) else ("both", quality, q)
    where = (m.group("where") or "creature ").strip().replace(" ", "_")
    return where, quality, _TARGET_SCOPES[m.group("scope")], m.group("other") is not None


def typed_target(text: str) -> tuple[tuple[str, Quality, str, bool], tuple[str, ...]] | None:
    """A target of card types (115.1, 205.2a): its creatures as :func:`target_of` reads a target, and the card
    types of the noncreature permanents it also reaches; None if it is no such target.

    >>> typed_target("another target permanent")
    (('creature', ('any',), 'all', True), ('artifact', 'battle', 'enchantment', 'land', 'planeswalker'))
    >>> typed_target("target artifact or creature")
    (('creature', ('any',), 'all', False), ('artifact',))
    >>> typed_target("target artifact an opponent controls")
    (('creature', ('card_type', 'artifact'), 'opponents', False), ('artifact',))
    >>> typed_target("target artifact or enchantment")[0][1]
    ('either', ('card_type', 'artifact'), ('card_type', 'enchantment'))
    >>> typed_target("target nonland permanent")
    (('creature', ('non', ('card_type', 'land')), 'all', False), ('artifact', 'battle', 'enchantment', 'planeswalker'))
    >>> typed_target("target noncreature artifact")[0][1]  # (no creature is one)
    ('both', ('card_type', 'artifact'), ('non', ('card_type', 'creature')))
    >>> typed_target("target aura attached to a creature")[1]  # (no creature is one, 303.4d)
    ('enchantment',)
    >>> typed_target("target creature") is None  # (target_of)
    True
    """
    if text == "target aura attached to a creature":  # 303.4d: an Aura creature is attached to nothing
        return ("creature", ("both", ("card_type", "enchantment"), ("non", ("card_type", "creature"))), "all",
                False), ("enchantment",)
    m = _TYPED_TARGET.fullmatch(text)
    types = set(re.split(r", or |, | or ", m.group("types"))) if m else set()
    non = m.group("non").strip()[3:] if m and m.group("non") else None
    if m is None or types == {"creature"} or (non == "creature" and types == {"permanent"}) or non in types:
        return None  # ("noncreature permanent": a face-down creature has no card type but is one, 708.2a)
    reach = NONCREATURE_PERMANENTS if types == {"permanent"} else tuple(sorted(types - {"creature"}))
    reach = tuple(t for t in reach if t != non)
    quality: Quality = ("any",)
    if "creature" not in types and types != {"permanent"}:  # 205.2a: an artifact (land) creature is one
        quality = ("card_type", reach[-1])
        for t in reversed(reach[:-1]):
            quality = ("either", ("card_type", t), quality)
    if non is not None:  # 205.2a: "noncreature", "nonland" (a face-down creature is neither a land nor an artifact)
        quality = ("non", ("card_type", non)) if quality == ("any",) else ("both", quality, ("non", ("card_type", non)))
    return ("creature", quality, _TARGET_SCOPES[m.group("scope")], m.group("other") is not None), reach


def _target_creatures(text: str) -> Quality | None:
    """The quality of "creature", "<adjective> [or <adjective>] creature" or "<creature type> [or <creature
    type>]" in a target phrase (205.3m, 105.2), or None."""
    words = text.split(" ")
    creature = words[-1] == "creature"
    if creature:
        words = words[:-1]
    if not words:
        return ("any",) if creature else None
    if len(words) not in (1, 3) or len(words) == 3 and words[1] != "or":
        return None
    found = [_adjective(w, creature) for w in words[::2]]
    if any(q is None for q in found):
        return None
    return found[0] if len(found) == 1 else ("either", found[0], found[1])


def _adjective(word: str, creature: bool) -> Quality | None:
    """One word before "creature" (a color, non<color>, artifact, a creature type), or alone a creature type."""
    if creature and word in COLORS:
        return ("color", word)
    if creature and word.startswith("non") and word[3:] in COLORS:
        return ("non", ("color", word[3:]))
    if creature and word == "artifact":
        return ("card_type", "artifact")
    ctype = creature_type(word)
    return ("creature_type", ctype) if ctype == word else None


def _combat_ability(text: str) -> list[Ability] | None:
    """An activated ability of :data:`COMBAT_ABILITIES`, or None; :class:`NotModelled` for a cost
    with parts other than mana, {T} and "sacrifice ~" (discard: 602.1a) and a keyword not given.

    >>> a = _combat_ability("{w}, {t}: tap target creature")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.target
    ('tap_target', '{W}', True, 'creature')
    >>> _combat_ability("{t}: target attacking creature gets +1/+1 until end of turn")[0].value.target
    'attacking'
    >>> _combat_ability("{u}, {t}: target creature gains flying until end of turn")[0].value.keywords
    ('flying',)
    >>> _combat_ability("{r}: this creature gets +1/+0 until end of turn") is None  # a mana pump (_pump)
    True
    """
    timed = _BEFORE_ATTACKERS.fullmatch(text)
    yours = None if timed else _YOUR_TURN.fullmatch(text)
    restricted = timed or yours
    m = re.fullmatch(r"(?P<cost>[^:]+): (?P<effect>.+)", restricted.group("line") if restricted else text)
    if m is None:
        return None
    found = next(((kind, e) for pattern, kind in _TARGETED_EFFECTS if (e := pattern.fullmatch(m.group("effect")))),
                 None)
    if found is None:
        return None
    kind, e = found
    target: tuple[str, Quality, str, bool] | None
    reach: tuple[str, ...]
    if kind == "target_pump" and e.group("t") == "this creature":
        if e.group("x") is None or e.group("also") or "{t}" not in m.group("cost").split(", "):
            return None  # "{cost}: ~ gets +X/+Y [and gains K]" of mana: a pump (_pump)
        kind, target, reach = "tap_pump", ("", ("any",), "all", False), ()
    elif kind == "switch":  # 613.4d: no target (115.1)
        kind = "switch" if e.group("t") == "this creature" else "switch_each"
        target, reach = ("", ("any",), "all", False), ()
    elif kind == "destroy_all":  # 701.8a: no target; each artifact / enchantment (creature: 205.2a) as it resolves
        card_type = e.group("t")[:-1]
        target, reach = ("", ("card_type", card_type), "all", False), (card_type,)
    else:
        typed = typed_target(e.group("t")) if kind in TYPED else None
        target, reach = typed if typed is not None else (target_of(e.group("t")), ())
        if target is None or (kind in REMOVALS and "land" in reach):
            return None  # (a land's mana is the players' `mana`: which land makes which mana is not stated, 106.4)
    cost = _cost(m.group("cost"))
    x, y, keywords = 0, 0, tuple[str, ...]()
    counters = 0
    if kind in ("target_pump", "tap_pump"):
        given = e.group("also") or e.group("only")
        keywords = () if given is None else tuple(_given_until_end_of_turn(k) for k in re.split(r",? and |, ", given))
        x, y = (0, 0) if e.group("x") is None else (_signed(e.group("x")), _signed(e.group("y")))
        stopper = next((k for k in keywords if k in TARGET_STOPPERS and kind == "target_pump"), None)
        if stopper is not None:
            raise NotModelled(f"giving {stopper} to a target creature until end of turn is not modelled (613.1f; "
                              "608.2b: given in response to a targeted ability, it counters that ability as it "
                              "resolves; only \"~ gains hexproof\" is, on a board where no opponent targets)")
    evades = 0
    if kind == "target_evades":  # 509.1b: N
        found_n = _count(e.group("n"))
        if found_n is None:
            return None
        evades = found_n
    if kind == "target_counter":  # 122.1a: N counters of the kind +X/+Y (or -X/-Y: both signs alike)
        x, y, n = _signed(e.group("x")), _signed(e.group("y")), _count(e.group("n"))
        if n is None or x * y < 0:
            return None
        counters = n
    where, quality, scope, other = target
    becomes = e.groupdict().get("becomes")
    colors = None if becomes is None else () if becomes == "colorless" else (becomes,)  # 105.3
    return [Ability(kind, CombatAbility(x, y, cost.mana, replace(cost, mana=Mana()), where, quality, 0,
                                        timed is not None, scope, other, keywords, counters,
                                        no_regeneration=bool(e.groupdict().get("unregenerated")), colors=colors,
                                        reach=reach, your_turn=yours is not None,
                                        smelts=bool(e.groupdict().get("smelts")), evades=evades))]


# --- Activated abilities that deal damage (120.3, pysolver.rules.pingers) -----------------------------
#: "{cost}: ~ deals N damage to <a target>" and "... to each <creature and/or player>" (no target)
PINGS = ("ping", "ping_each")
#: "{cost}: Target player loses N life [and you gain N life]", "... each opponent loses N life ...", "{cost}: You
#: gain N life" (119.3): its target a player or an opponent (115.1), or none (102.2 "each opponent")
LIFE = ("life",)
LIFE_TARGETS = {"target player": "player", "target opponent": "opponent", "each opponent": "each_opponent",
                "each player": "each_player"}
#: "{cost}: Prevent all combat damage that would be dealt this turn" (615.1a; no target)
FOGS = ("fog",)
#: what deals damage outside the combat damage steps: the damage abilities and the death triggers that deal
#: damage (120.3, 603.10a)
NONCOMBAT_DAMAGE = (*PINGS, "dies_damage", "dies_each_opponent", "other_dies_damage")
# "… and M damage to you / to itself" (120.3, 115.10b: no target); "… and doesn't untap during your next untap
# step" (502.3: the untap step is outside this combat, 506.1)
# "~ deals damage equal to its power to <a target>[. That creature deals damage equal to its power to ~]" (608.2h)
_PING = re.compile(r"(?P<cost>[^:]+): (?:this creature|it) deals (?:(?P<n>\w+) damage|(?P<power>damage equal to "
                   r"(?:its|this creature's) power)|(?P<counters>damage equal to the number of \+1/\+1 counters on "
                   r"(?:it|this creature))|damage equal to the number of (?P<counted>[a-z]+) counters on "
                   r"(?:it|this creature)) to (?P<whom>[^.]+?)"
                   r"(?P<radiance> and each other creature that shares a color with it)?"
                   r"(?P<back>\. that creature deals damage equal to its power to this creature)?"
                   r"(?: and (?P<also_n>\w+) damage to (?P<also_to>you|itself))?"
                   r"(?: and doesn't untap during your next untap step)?"
                   r"(?P<tap>\. tap that creature)?(?P<cant_block>\. that creature can't block this combat)?"
                   r"(?P<timing>\. activate (?:this ability )?only during your turn, before attackers are declared)?"
                   r"(?P<attacking>\. activate (?:this ability )?only if this creature is attacking)?"
                   r"(?:\. activate (?:this ability )?only if this creature's power is (?P<min_power>\w+) or greater)?"
                   r"(?P<attacked>\. activate (?:this ability )?only during the declare attackers step and only if "
                   r"you've been attacked this step)?"
                   r"(?:\. spend only (?P<x_color>white|blue|black|red|green) mana on x)?")
_COLOR_SYMBOL = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: 115.4 "any target" (older printings: "target creature or player", the same); 115.1 the others
PING_TARGETS = {"any target": "any", "target creature or player": "any", "target creature": "creature",
                "target player": "player", "target player or planeswalker": "player_or_planeswalker",
                "target attacking creature": "attacking", "target blocking creature": "blocking",
                "target attacking or blocking creature": "attacking_or_blocking",
                "target creature with flying": "flying", "target attacking creature with flying": "attacking_flying",
                "target opponent": "opponent",
                # the player targeted; the damage to each attacking or blocking creature they control (608.2h)
                "each attacking or blocking creature target player controls": "player_fighting"}
#: no target (115.1): each of these objects and players (102.2 "each opponent")
PING_EACH = {"each creature": "each_creature", "each creature without flying": "each_creature_without_flying",
             "each creature with flying": "each_creature_with_flying",
             "each creature and each player": "each_creature_and_player",
             "each creature without flying and each player": "each_creature_without_flying_and_player",
             "each player": "each_player", "each opponent": "each_opponent"}


# 608.2c, 120.3, 115.10b: "{cost}: ~ gets +X/+0 until end of turn and deals N damage to you" (Electric Eel): two
# effects in the order written, the damage to its controller (no target) as a "~ deals N damage to you" ping_each;
# a pump that lowers toughness is not read
_PUMP_AND_PING = re.compile(r"(?P<cost>[^:]+): this creature gets \+(?P<x>\d+)/\+(?P<y>\d+) until end of turn and "
                            r"deals (?P<n>\w+) damage to you")
# "{cost}: Tap target creature. ~ deals damage equal to ~'s power to that creature" (701.26a, 608.2c)
_TAP_THEN_PING = re.compile(r"(?P<cost>[^:]+): tap (?P<whom>target [^.]+)\. this creature deals (?P<what>[^.]+?) to "
                            r"that creature")
# "~ deals damage to <a target> equal to the number of +1/+1 counters on ~" (the same as "damage equal to … to")
_DAMAGE_TO_EQUAL = re.compile(r"(?P<cost>[^:]+): this creature deals damage to (?P<whom>[^.]+?) (?P<what>equal to "
                              r"the number of \+1/\+1 counters on this creature)")


def _ping(text: str) -> list[Ability] | None:
    """ "{cost}: ~ deals N damage to <whom>" (120.3; :data:`PING_TARGETS`, :data:`PING_EACH`), or None;
    its cost mana symbols, {T} and "sacrifice ~" (602.2b, 701.21a); :class:`NotModelled` for another
    cost or an X (107.3: a number is exact or refused).

    >>> a = _ping("{r}, sacrifice this creature: this creature deals 2 damage to target creature or player")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.sacrifice, a.value.target, a.value.damage
    ('ping', '{R}', False, True, 'any', 2)
    >>> _ping("{t}: this creature deals 1 damage to each creature without flying")[0].value.target
    'each_creature_without_flying'
    >>> a = _ping("{t}: this creature deals 2 damage to target creature or player and 3 damage to itself")[0]
    >>> a.value.damage, a.value.also_damage, a.value.also_to
    (2, 3, 'itself')
    >>> a = _ping("{t}: this creature deals damage equal to its power to target creature. that creature deals "
    ...           "damage equal to its power to this creature")[0]
    >>> a.value.target, a.value.power_damage, a.value.damage_back
    ('creature', True, True)
    >>> a = _ping("{1}{r}: this creature deals 1 damage to target creature. that creature can't block this combat. "
    ...           "activate this ability only if this creature is attacking")[0]
    >>> a.value.then_cant_block, a.value.while_attacking, a.value.then_tap
    (True, True, False)
    >>> a = _ping("{b}, {t}: tap target creature. this creature deals damage equal to this creature's power to that "
    ...           "creature")[0]
    >>> a.value.then_tap, a.value.power_damage
    (True, True)
    >>> _ping("{t}: this creature deals damage equal to the number of age counters on it to target attacking or "
    ...       "blocking creature")[0].value.counted
    'age'
    >>> a = _ping("{r}{r}: this creature gets +2/+0 until end of turn and deals 1 damage to you")[0]
    >>> a.kind, a.value.power, a.value.target, a.value.damage, a.value.also_damage, a.value.also_to
    ('ping_each', 2, 'you', 0, 1, 'you')
    >>> a = _ping("{x}: this creature deals x damage to each creature and each player. spend only black mana on x")[0]
    >>> a.value.x, str(a.value.x_mana(2)), a.value.damage
    ('B', '{B}{B}', 0)
    """
    pumping = _PUMP_AND_PING.fullmatch(text)
    if pumping and (n := _number(pumping["n"])):  # the source's +X/+Y, then N damage to "you" (608.2c)
        cost = _cost(pumping["cost"])
        return [Ability("ping_each", CombatAbility(int(pumping["x"]), int(pumping["y"]), cost.mana,
                                                   replace(cost, mana=Mana()), "you", also_damage=n, also_to="you"))]
    tapping = _TAP_THEN_PING.fullmatch(text)
    if tapping:  # (608.2c: the tap before the damage or after it, the same end: nothing between reads it)
        text = f"{tapping['cost']}: this creature deals {tapping['what']} to {tapping['whom']}. tap that creature"
    if reordered := _DAMAGE_TO_EQUAL.fullmatch(text):
        text = f"{reordered['cost']}: this creature deals damage {reordered['what']} to {reordered['whom']}"
    m = _PING.fullmatch(text)
    if m is None:
        return None
    whom = m.group("whom")
    also = (_number(m.group("also_n")) or 0) if m.group("also_n") else 0
    if m.group("also_n") and (not also or whom in PING_EACH):  # (a recipient twice, 120.3: not read)
        return None
    target = target_of(whom) if whom not in PING_TARGETS and whom not in PING_EACH else None
    if whom not in PING_TARGETS and whom not in PING_EACH and target is None:
        return None
    x = "" if m.group("n") != "x" else _COLOR_SYMBOL[m.group("x_color")] if m.group("x_color") else "any"
    if m.group("x_color") and not m.group("n") == "x":
        return None
    counted = m.group("counted") or ""
    if counted in RULED_COUNTERS or counted == "level":  # (122.1b-i, 711.2: not a counter of a name alone)
        return None
    n = 0 if m.group("power") or m.group("counters") or counted or x else _number(m.group("n") or "")
    back = m.group("back") is not None
    one_creature = (target is not None and target[0] == "creature") or PING_TARGETS.get(whom) == "creature"
    that = back or m.group("tap") is not None or m.group("cant_block") is not None or m.group("radiance") is not None
    if not (n or m.group("power") or m.group("counters") or counted or x) or (that and not one_creature):
        return None  # ("that creature": a target creature, 115.1)
    cost = _x_cost(m.group("cost")) if x else _cost(m.group("cost"))
    mana, extra, timing = cost.mana, replace(cost, mana=Mana()), m.group("timing") is not None
    if target is not None:  # "target blue creature", "target attacking creature without flying" (115.1)
        where, quality, scope, other = target
        kind, ab = "ping", CombatAbility(0, 0, mana, extra, where, quality, n or 0, timing, scope, other)
    else:
        kind, target_kind = ("ping", PING_TARGETS[whom]) if whom in PING_TARGETS else ("ping_each", PING_EACH[whom])
        ab = CombatAbility(0, 0, mana, extra, target_kind, ("any",), n or 0, timing)
    return [Ability(kind, replace(ab, also_damage=also, also_to=m.group("also_to") or "",
                                  power_damage=m.group("power") is not None, damage_back=back,
                                  counters_damage=m.group("counters") is not None, counted=counted,
                                  then_tap=m.group("tap") is not None,
                                  then_cant_block=m.group("cant_block") is not None,
                                  while_attacking=m.group("attacking") is not None, x=x,
                                  min_power=_number(m.group("min_power") or "0") or 0,
                                  radiance=m.group("radiance") is not None,
                                  when_attacked=m.group("attacked") is not None))]


def _x_cost(text: str) -> Cost:
    """The cost of "{X}…: ~ deals X damage" without its {X} (107.3: X is chosen as it is activated, 601.2b, and
    paid with the rest, :meth:`CombatAbility.x_mana`): :func:`parse_cost` of the other parts, nothing for "{X}"
    alone (each activation pays X of at least 1 where nothing else is paid: pysolver.rules.activated).

    >>> str(_x_cost("{x}{r}, {t}").mana), _x_cost("{x}").bounded
    ('{R}', False)
    """
    if text.count("{x}") != 1:
        raise NotModelled("a cost with more than one {X} is not modelled (107.3)")
    rest = ", ".join(part for part in (p.strip() for p in text.replace("{x}", "").split(",")) if part)
    cost = parse_cost(rest) if rest else Cost()
    if cost.untap:
        raise NotModelled("a cost with {Q} is not modelled (107.6)")
    return cost


# --- Activated abilities whose only effect in combat is their cost (pysolver.rules.activated) ----------
#: "{cost}, {T}: Add <mana>" (605.1a: a mana ability) and "{cost}, {T}: <an effect in hidden zones
#: only>" ("Draw a card", "Scry 1", "Target player mills two cards": 121.1, pysolver.model.hidden) or that puts basic
#: lands onto the battlefield tapped (701.23a, pysolver.model.unread): tapping the source and paying the mana is all
#: they do to a combat.
COST_ONLY = ("tap_mana", "tap_hidden")
#: every kind of activated ability :mod:`pysolver.rules.activated` plays (a :class:`~pysolver.model.moves.Trigger`
#: of one of these kinds is an activated ability on the stack, 405.1: a sacrificed source's shield, :data:`SHIELDS`,
#: and tokens, "create", too)
ACTIVATED_KINDS = frozenset((*COMBAT_ABILITIES, *STACKED, *COST_ONLY, "shield", "create"))
_COST_ONLY = re.compile(r"(?P<cost>[^:\"]+): (?P<effect>[^\"]+?)(?P<timing>\. activate (?:this ability )?only "
                        r"during your turn, before attackers are declared)?")
# 106.1, 605.1a: the mana a mana ability adds (its color and amount change nothing where it is modelled:
# pysolver.files.loader refuses a board where its controller could spend it)
_ADD_MANA = re.compile(r"add (?:(?:\{[wubrgc]\})+|one mana of any color|one mana of the chosen color"
                       r"|\{[wubrg]\}(?:, \{[wubrg]\})*,? or \{[wubrg]\})")


def _cost_only(text: str) -> list[Ability] | None:
    """ "{cost}, {T}: Add {G}" (605.1a) or "{cost}, {T}: Draw a card" (121.1), or None: an effect that adds
    mana or acts only in hidden zones and targets no card there (a hidden card is no legal target the
    board states, 601.2c), a cost (:func:`parse_cost`) with a part that acts in combat: {T} (602.5a),
    a sacrifice (701.21a), a tap of other permanents (701.26a), life (119.4) or counters removed (122.1a).
    Another cost (mana, cards discarded: only spent) is left to :mod:`pysolver.files.oracle`.

    >>> a = _cost_only("{2}{u}, {t}: draw a card, then discard a card")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.target
    ('tap_hidden', '{2}{U}', True, '')
    >>> _cost_only("{t}: add {r}, {g}, or {w}")[0].kind, _cost_only("{t}: draw a card, then gain 1 life")
    ('tap_mana', None)
    >>> _cost_only("sacrifice this creature: add {b}")[0].value.sacrifice, _cost_only("{2}: scry 1")
    (True, None)
    """
    m = _COST_ONLY.fullmatch(text)
    if m is None:
        return None
    effect = m.group("effect").replace("this creature", "~")
    if _ADD_MANA.fullmatch(effect):
        kind = "tap_mana"
    elif only_hidden(effect) and not re.search(r"\btarget (?!player|opponent)", effect) \
            or puts_tapped_basic_lands(effect):  # 701.23a, 110.5b: tapped basic lands (pysolver.model.unread)
        kind = "tap_hidden"
    else:
        return None
    try:
        cost = _cost(m.group("cost"))
    except NotModelled:
        return None
    if not (cost.tap or cost.sacrifice_self or cost.choices or cost.life or cost.remove_counters):
        return None
    return [Ability(kind, CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()), "",
                                       before_attackers=m.group("timing") is not None))]


_LIFE = re.compile(r"(?P<cost>[^:\"]+): (?:(?P<whom>target player|target opponent|each opponent|each player) loses "
                   r"(?P<loss>\w+) life(?: and you gain (?P<also>\w+) life)?|you gain (?P<gain>\w+) life)"
                   r"(?P<timing>\. activate (?:this ability )?only during your turn, before attackers are declared)?")


def _life(text: str) -> list[Ability] | None:
    """ "{cost}: Target player loses N life [and you gain N life]", "... target opponent / each opponent / each
    player loses N life ...", "{cost}: You gain N life" (119.3; :data:`LIFE`), or None; its cost any of
    :func:`parse_cost`.

    >>> a = _life("{b}{b}, {t}: target player loses 2 life and you gain 2 life")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.target, a.value.loss, a.value.gain
    ('life', '{B}{B}', True, 'player', 2, 2)
    >>> _life("{t}: you gain 1 life")[0].value.target
    ''
    """
    m = _LIFE.fullmatch(text)
    if m is None:
        return None
    loss = (_count(m.group("loss")) or 0) if m.group("loss") else 0
    gain = _count(m.group("also") or m.group("gain") or "") or 0
    if (m.group("loss") and not loss) or not (loss or gain):
        return None
    cost = _cost(m.group("cost"))
    whom = LIFE_TARGETS[m.group("whom")] if m.group("whom") else ""
    return [Ability("life", CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()), whom,
                                          before_attackers=m.group("timing") is not None, loss=loss, gain=gain))]


# --- Creature tokens (111.1-111.4, 110.5b) ---------------------------------------------------------
#: "create a 2/2 black Zombie creature token", "create two 1/1 white Spirit creature tokens with flying", "create a
#: tapped 2/2 …", "… artifact / enchantment creature token", "… named Minor Demon", a following "They have
#: "<ability>"" (111.3: the characteristics the ability gives it, and no other)
_CREATE = re.compile(
    r"create (?P<count>\w+) (?P<legendary>legendary )?(?P<tapped>tapped )?(?P<power>\d{1,2})/(?P<toughness>\d{1,2}) "
    r"(?P<colors>colorless|[a-z]+(?: and [a-z]+)?) (?P<subtypes>[a-z' -]+?) (?P<types>(?:artifact |enchantment )?)"
    r"creature tokens?(?: named (?P<name>[a-z' -]+?))?(?: with (?P<with>[a-z ,]+?))?"
    r"(?:(?: with| and) \"(?P<inline>[^\"]+?)\.?\")?"
    r"(?P<attacking> that(?:'s| are) tapped and attacking)?"
    r"(?:\. (?:it has|they have) \"(?P<quoted>[^\"]+?)\.?\")?"
    r"(?P<later>\. exile (?:it|them|that token|those tokens) at the beginning of the next end step)?")
# the abilities a token's text may give it (111.3): keywords, a death trigger that creates tokens in turn, and
# "{cost}: This creature gets +X/+Y until end of turn" (602.2, 613.4c: activated as any pump, pysolver.rules.pumps)
_TOKEN_KINDS = frozenset({*KEYWORDS.values(), "landwalk", "dies_create", "pump"} - {"persist", "undying"})  # 111.8


@dataclass(frozen=True)
class TokenSpec:
    """What a "create … token" effect makes (111.3, 111.4): `count` tokens, each a `power`/`toughness` creature
    of `colors`, `subtypes` and card `types`, named `name` (111.4: its subtypes and "Token" unless the effect
    names it), with `abilities`; entering `tapped` (110.5b) or tapped and `attacking` (508.4); `legendary` (205.4d:
    the legend rule, 704.5j, applies to it: pysolver.rules.tokens refuses a second one of its name)."""

    count: int
    power: int
    toughness: int
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ("Creature",)
    name: str = ""
    abilities: tuple[Ability, ...] = ()
    tapped: bool = False
    attacking: bool = False
    per: str = ""  # 608.2h: one for each of a number read from the source as it last existed ("its(power)")
    legendary: bool = False  # 205.4d, 704.5j

    def term(self, kind: str) -> str:
        """The ASP term ``KIND(N)`` (``KIND(its(…))`` for one for each of a number of the source as it last
        existed, 608.2h): the characteristics are the tokens' own (pysolver.rules.tokens)."""
        return f"{kind}({self.per or self.count})"


def creates(a: Ability) -> TokenSpec | None:
    """What an ability creates (a trigger's or an activated ability's :class:`TokenSpec`), or None."""
    spec = a.value.token if isinstance(a.value, (CombatAbility, OnCombat)) else a.value
    if a.kind == "other_dies_create":  # (the creatures watched, what it creates)
        spec = cast(tuple[str, TokenSpec], a.value)[1]
    return spec if isinstance(spec, TokenSpec) else None


def token_spec(text: str) -> TokenSpec | None:
    """The tokens a normalised "create …" effect makes (:class:`TokenSpec`), or None if it is none of the forms
    read (a copy, a token with abilities other than keywords, a death trigger creating tokens and a pump, an X,
    "exile it at end of combat": docs/abilities.md "Creature tokens").

    >>> s = token_spec("create two 1/1 white soldier creature tokens that are tapped and attacking")
    >>> s.count, s.power, s.colors, s.subtypes, s.name, s.attacking
    (2, 1, ('white',), ('Soldier',), 'Soldier Token', True)
    >>> [a.kind for a in token_spec("create a 2/2 green cat warrior creature token with forestwalk").abilities]
    ['landwalk']
    >>> s = token_spec('create a 2/2 red dragon creature token with flying and "{r}: this creature gets +1/+0 until '
    ...                'end of turn."')
    >>> [a.term for a in s.abilities]
    ['flying', 'pump(1,0)']
    >>> s = token_spec("create a legendary 5/5 colorless goblin golem artifact creature token named tuktuk the "
    ...                "returned")
    >>> s.name, s.types, s.legendary
    ('Tuktuk the Returned', ('Artifact', 'Creature'), True)
    """
    m = _CREATE.fullmatch(text)
    count = _count(m.group("count")) if m else None
    if m is None or count is None or count > len(NUMBER_WORDS):
        return None
    colors = () if m.group("colors") == "colorless" else tuple(m.group("colors").split(" and "))
    subtypes = [creature_type(w) for w in m.group("subtypes").split()]
    if any(c not in COLORS for c in colors) or None in subtypes:
        return None
    lines = re.split(r", and |, | and ", m.group("with")) if m.group("with") else []
    abilities: list[Ability] = []
    for line in [*lines, *(m.group(q) for q in ("inline", "quoted") if m.group(q))]:
        try:
            found = _parse_single(normalise(line, None), frozenset())
        except ValueError:
            return None
        if not found or any(a.kind not in _TOKEN_KINDS for a in found):
            return None
        abilities += found
    names = tuple(str(t).capitalize() for t in subtypes)
    name = _title(m.group("name")) if m.group("name") else " ".join((*names, "Token"))
    types = ("Artifact", "Creature") if "artifact" in m.group("types") else \
        ("Enchantment", "Creature") if "enchantment" in m.group("types") else ("Creature",)
    return TokenSpec(count, int(m.group("power")), int(m.group("toughness")),
                     tuple(c for c in COLORS if c in colors), names, types, name, tuple(abilities),
                     bool(m.group("tapped")), bool(m.group("attacking")), legendary=bool(m.group("legendary")))


def _title(name: str) -> str:
    """A token's name as its card would print it (111.4), from the lower-case line: each word capitalised but
    the articles and prepositions inside it.

    >>> _title("tuktuk the returned"), _title("minor demon")
    ('Tuktuk the Returned', 'Minor Demon')
    """
    small = {"the", "of", "a", "an", "and", "to", "in", "on"}
    words = name.split()
    return " ".join(w if k and w in small else w.capitalize() for k, w in enumerate(words))


_ACTIVATED_CREATE = re.compile(r"(?P<cost>[^:\"]+): (?P<effect>create .+)")


def _create(text: str) -> list[Ability] | None:
    """ "{cost}: Create <tokens>" (602.1, 111.1; :func:`token_spec`), or None; its cost mana symbols, {T},
    "sacrifice ~", "Pay {E}", "Discard N cards" and "Remove N [+1/+1 / <name>] counters from ~" (:func:`parse_cost`,
    107.14, 701.9, 122.1, 122.1a; a cost with other parts is not read here: what the sacrifice of another permanent
    would trigger beside the tokens is not modelled).

    >>> a = _create("{3}{g}: create a 1/1 green saproling creature token")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.token.name
    ('create', '{3}{G}', False, 'Saproling Token')
    """
    m = _ACTIVATED_CREATE.fullmatch(text)
    made = token_spec(m.group("effect")) if m else None
    if m is None or made is None or made.attacking:
        return None
    cost = _cost(m.group("cost"))
    if replace(cost, energy=0, discard=0, remove_named=None, remove_counters=0).others():
        return None
    return [Ability("create", CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()), "", token=made))]


#: "{cost}: Prevent the next N damage that would be dealt to <a target / ~ / each creature and each player> this
#: turn" (615.7: a prevention shield; 615.11: one for each, no target)
SHIELDS = ("shield",)
SHIELD_TARGETS = {"any target": "any", "target creature or player": "any", "target creature": "creature",
                  "target player": "player", "this creature": "",
                  "each creature and each player": "each_creature_and_player"}
_SHIELD = re.compile(r"(?P<cost>[^:\"]+): prevent the next (?P<n>\w+) damage that would be dealt to (?P<whom>[^.]+?) "
                     r"this turn")


def _shield(text: str) -> list[Ability] | None:
    """ "{cost}: Prevent the next N damage that would be dealt to <whom> this turn" (615.7; :data:`SHIELD_TARGETS`),
    or None; its cost any of :func:`parse_cost`, :class:`NotModelled` for another.

    >>> a = _shield("{t}: prevent the next 1 damage that would be dealt to target creature or player this turn")[0]
    >>> a.kind, str(a.value.cost), a.value.tap, a.value.target, a.value.prevent
    ('shield', '{0}', True, 'any', 1)
    >>> _shield("{1}{w}: prevent the next 2 damage that would be dealt to this creature this turn")[0].value.target
    ''
    """
    m = _SHIELD.fullmatch(text)
    if m is None or m.group("whom") not in SHIELD_TARGETS:
        return None
    n = _number(m.group("n"))
    if not n:
        return None
    cost = _cost(m.group("cost"))
    return [Ability("shield", CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()),
                                            SHIELD_TARGETS[m.group("whom")], prevent=n))]


#: the prevention effects a resolved "{cost}: Prevent all [combat] damage that would be dealt to <~ / a target> this
#: turn" or "... dealt this turn by <~ / a target>" leaves on its permanent for the turn (615.1a, 611.2c: the
#: permanent is fixed as it resolves), kept as `keywords_until_end_of_turn` beside the keywords pumps give
#: and read by the rules of the static lines of the same words (encodings/shields.lp)
PREVENTED_THIS_TURN = ("prevent_damage_to", "prevent_combat_damage_to", "prevent_combat_damage_by")
_PREVENTS_THIS_TURN = re.compile(r"(?P<cost>[^:\"]+): prevent all (?P<combat>combat )?damage that would be dealt "
                                 r"(?:to (?P<to>[^.]+?) this turn|this turn by (?P<by>[^.]+)"
                                 r"|by (?P<by2>[^.]+?) this turn)")


def _prevention_this_turn(text: str) -> list[Ability] | None:
    """ "{cost}: Prevent all [combat] damage that would be dealt to <whom> this turn" and "... dealt this turn by
    <whom>" (615.1a; :data:`PREVENTED_THIS_TURN`), or None: on "~" a ``pump`` (no target), on a creature target
    (:func:`target_of`, 115.1) a ``target_pump``, whose effect is the prevention for the turn.

    >>> a = _prevention_this_turn("discard a card: prevent all damage that would be dealt to this creature "
    ...                           "this turn")[0]
    >>> a.kind, a.value.keywords, a.value.extra.discard
    ('pump', ('prevent_damage_to',), 1)
    >>> a = _prevention_this_turn("{1}{w}: prevent all combat damage that would be dealt this turn by target "
    ...                           "attacking creature with flying")[0]
    >>> a.kind, a.value.keywords, a.value.target, a.value.quality
    ('target_pump', ('prevent_combat_damage_by',), 'attacking', ('keyword', 'flying'))
    """
    m = _PREVENTS_THIS_TURN.fullmatch(text)
    if m is None or (m.group("to") is None and m.group("combat") is None):
        return None  # (all damage dealt by a creature, its abilities' too: not read)
    whom = m.group("to") or m.group("by") or m.group("by2")
    kind = ("prevent_combat_damage_to" if m.group("combat") else "prevent_damage_to") if m.group("to") \
        else "prevent_combat_damage_by"
    cost = _cost(m.group("cost"))
    if whom == "this creature":
        return [Ability("pump", _paid_by(Pump(0, 0, Mana(), (kind,)), cost))]
    target = target_of(whom)
    if target is None:
        return None
    where, quality, scope, other = target
    return [Ability("target_pump", CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()), where, quality, 0,
                                                 False, scope, other, (kind,)))]


_FOG = re.compile(r"(?P<cost>[^:\"]+): prevent all combat damage that would be dealt this turn")


def _fog(text: str) -> list[Ability] | None:
    """ "{cost}: Prevent all combat damage that would be dealt this turn" (615.1a; :data:`FOGS`), or None; its
    cost any of :func:`parse_cost`, :class:`NotModelled` for another.

    >>> a = _fog("sacrifice this creature: prevent all combat damage that would be dealt this turn")[0]
    >>> a.kind, a.value.sacrifice, a.value.target
    ('fog', True, '')
    """
    m = _FOG.fullmatch(text)
    if m is None:
        return None
    cost = _cost(m.group("cost"))
    return [Ability("fog", CombatAbility(0, 0, cost.mana, replace(cost, mana=Mana()), ""))]


_WARD = re.compile(r"ward (\{.*\})")  # 702.21a: "Ward {N}" (a mana cost)


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
    """A player name or id as an ASP term: always a string (pysolver.asp.facts builds ids as strings, so
    that no name, not even ``not``, can be read as a keyword, variable or operator).

    >>> asp_name("bob"), asp_name("not")
    ('"bob"', '"not"')
    """
    return f'"{name}"'  # names are [A-Za-z][A-Za-z0-9_-]* (fields.NAME): nothing to escape


def _protection_quality(quality: str, players: frozenset[str]) -> str | None:
    """The ASP term of one protection quality (702.16a, h–k), or None if not understood."""
    q = quality.strip()
    if q in COLORS:
        return f"color({q})"
    if q == "the chosen color":  # 614.12 (pysolver.model.fields: the permanent's chosen_color)
        return CHOSEN_COLOR
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

    A line may be a comma-separated list of keyword lines ("Flying, trample"). An activated ability
    whose cost has Phyrexian mana symbols is read as one ability per way to pay them (:func:`phyrexian_ways`).
    """
    text = _named_type(normalise(line, name), name)
    try:
        ways = phyrexian_ways(text)
    except NotModelled as exc:
        raise NotModelled(f"ability line {line!r}: {exc}") from None
    return [a for way in ways or [text] for a in _parse_text(line, way, players)]


# 107.4f: an activated ability's cost (no quoted, granted ability) with Phyrexian mana symbols ({R/P}, {G/U/P})
_PHYREXIAN_COST = re.compile(r"(?P<cost>[^:\"]*/p\}[^:\"]*): (?P<effect>.+)")
_PHYREXIAN = re.compile(r"\{(?P<colors>(?:[wubrg]/)+)p\}")
# 602.5b: a limit counts the activations of the one ability, however its cost was paid
_ANY_LIMIT = re.compile(r"\. activate (?:this ability )?(?:only once|no more than)")


def phyrexian_ways(text: str) -> list[str] | None:
    """The ways to pay an activated ability's Phyrexian mana symbols (107.4f: each with one mana of its
    color, or of either color of a hybrid one, 107.4e, or with 2 life, 119.4), each as the line with that
    cost (its mana symbols, then "pay N life"); None if its cost has none. Activating the ability is
    activating one of them (601.2h: the payment is chosen as the cost is paid); :class:`NotModelled` for an
    ability with an activation limit (602.5b counts the ability's activations, whichever way paid).

    >>> phyrexian_ways("{r/p}: this creature gets +1/+0 until end of turn")
    ['{r}: this creature gets +1/+0 until end of turn', 'pay 2 life: this creature gets +1/+0 until end of turn']
    >>> phyrexian_ways("{1}{g/u/p}{g/u/p}, {t}: untap this creature")  # doctest: +NORMALIZE_WHITESPACE
    ['{1}{g/u}{g/u}, {t}: untap this creature', '{1}{g/u}, {t}, pay 2 life: untap this creature',
     '{1}, {t}, pay 4 life: untap this creature']
    >>> phyrexian_ways("{r}: this creature gets +1/+0 until end of turn") is None
    True
    """
    m = _PHYREXIAN_COST.fullmatch(text)
    if m is None:
        return None
    if _ANY_LIMIT.search(m["effect"]):
        raise NotModelled("an activation limit on an ability with Phyrexian mana is not modelled (602.5b, 107.4f)")
    ways: dict[tuple[tuple[str, ...], int], str] = {}
    for paid in product((False, True), repeat=len(_PHYREXIAN.findall(m["cost"]))):  # True: with 2 life
        cost = _PHYREXIAN.sub(partial(_paid_symbol, iter(paid)), m["cost"])
        parts = [p for p in (x.strip() for x in cost.split(",")) if p]
        parts += [f"pay {2 * sum(paid)} life"] if any(paid) else []
        ways.setdefault((tuple(sorted(re.findall(r"\{[^}]+\}", cost))), sum(paid)),
                        f"{', '.join(parts)}: {m['effect']}")
    return list(ways.values())


def _paid_symbol(with_life: Iterator[bool], symbol: re.Match[str]) -> str:
    """The mana symbol that pays a Phyrexian `symbol` (107.4f: its color, or a hybrid one's colors, 107.4e), or
    nothing where the next of `with_life` says it is paid with life."""
    return "" if next(with_life) else f"{{{symbol['colors'].rstrip('/')}}}"


def _parse_text(line: str, text: str, players: frozenset[str]) -> list[Ability]:
    """The abilities of one normalised line `text` (of `line`, for messages): :func:`parse_ability_line`."""
    try:
        parsed = _parse_single(text, players)
    except UnsupportedAbility as exc:
        raise UnsupportedAbility(f"ability line {line!r}: {exc}") from None
    except NotModelled as exc:
        raise NotModelled(f"ability line {line!r}: {exc}") from None
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


def _named_type(text: str, name: str | None) -> str:
    """`text` with "other attacking <name>" written back as the creature type of a card named for it (Aurochs:
    "for each other attacking Aurochs" counts creatures of that type, 205.3m, not the card itself, 201.5).

    >>> _named_type("it gets +1/+0 until end of turn for each other attacking this creature", "Aurochs")
    'it gets +1/+0 until end of turn for each other attacking aurochs'
    """
    own = name.lower() if name else None
    if own is None or creature_type(own) != own:
        return text
    return text.replace("other attacking this creature", f"other attacking {own}")


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


# 602.5: "Activated abilities of creatures [your opponents control] can't be activated" (mana abilities too, 605.3a):
# its value whose creatures, opponents (of its controller) or all (pysolver.rules.bans)
_ACTIVATION_BAN = re.compile(r"activated abilities of creatures(?P<whose> your opponents control)? can't be activated")


def _activation_ban(text: str) -> list[Ability] | None:
    """A static ability that prohibits activating the activated abilities of creatures (602.5), or None.

    >>> _activation_ban("activated abilities of creatures your opponents control can't be activated")[0].term
    'activation_ban("opponents")'
    """
    m = _ACTIVATION_BAN.fullmatch(text)
    return None if m is None else [Ability("activation_ban", "opponents" if m["whose"] else "all")]


def _player_hexproof(text: str) -> list[Ability] | None:
    """ "You have hexproof" (702.11c: its controller can't be the target of spells or abilities their opponents
    control, while it is on the battlefield, 611.3a), or None.

    >>> _player_hexproof("you have hexproof")[0].term
    'player_hexproof'
    """
    return [Ability("player_hexproof")] if text == "you have hexproof" else None


def _parse_single(text: str, players: frozenset[str]) -> list[Ability] | None:
    combat = (_combat_ability(text) or _ping(text) or _cost_only(text) or _life(text) or _shield(text)
              or _fog(text) or _create(text) or _prevention_this_turn(text))
    if combat is not None:
        return combat
    m = _WARD.fullmatch(text)
    if m:  # 702.21a
        try:
            return [Ability("ward", Mana.parse(m.group(1).upper()))]
        except ValueError:
            return None
    pump = _pump(text) or _regenerate(text) or _monstrosity(text)
    if pump is not None:
        return pump
    if text in PREVENTIONS:  # 615.1a
        return [Ability(PREVENTIONS[text])]
    if text in ASSIGNMENT_OPTIONS:  # 510.1b-c
        return [Ability(ASSIGNMENT_OPTIONS[text])]
    own = _parse_single(text.removeprefix("this creature has "), players) \
        if text.startswith("this creature has protection from ") else None
    if own is not None:  # 702.16a: the keyword, its own
        return own
    static = _paired(text, players) or _static(text, players) or _conditional(text, players) \
        or _enchanted(text, players) or _granted_unset(text, players) or _granted_while(text, players) \
        or _group_granted(text, players) or _granted_attached(text, players) \
        or _lord_while(text, players) or _lord_each(text, players) \
        or _activation_ban(text) or _player_hexproof(text) \
        or _lord_colors(text, players)
    if static is not None:
        return static
    if text in KEYWORDS:
        return [Ability(KEYWORDS[text])]
    if text in MECHANICS:
        return [Ability(MECHANICS[text])]
    entering = _enters_tapped(text) or _dies_instead(text) or _partial_prevention(text)
    if entering is not None:
        return entering
    m = _DASH.fullmatch(text)
    if m:  # 702.109a: the cost was paid as it was cast (or not): the file says which (`dashed`)
        try:
            return [Ability("dash", Mana.parse(m.group(1).upper()))]
        except ValueError:
            return None
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
        if land in lands:  # (else another line ending so: "… token with forestwalk")
            return [Ability("landwalk", land)]
    if text.startswith("protection from "):
        qualities = re.split(r",? and from |, from ", text[len("protection from "):])
        terms = [_protection_quality(q, players) for q in qualities]
        if any(t is None for t in terms):
            return None
        return [Ability("protection", t) for t in terms]
    unread = unread_trigger(text)
    if unread is not None:  # 701.23a, 406.2, 701.16a, 111.10a: what nothing reads (pysolver.model.unread)
        return [Ability(unread)]
    triggered = _parse_trigger(text)
    if triggered is not None:
        return [triggered]
    window = (_window_trigger(text) or _damage_trigger(text) or _watched_damage_trigger(text)
              or _type_damage_trigger(text))
    if window is not None:
        return window
    on_combat = (_at_end_of_combat(text) or _on_combat(text) or _type_attacks(text) or _exert(text)
                 or _energy_trigger(text) or _becomes_tapped(text))
    if on_combat is not None:
        return on_combat
    m = _COST_ABILITY.fullmatch(text)
    if m:
        if "{x}" in m.group(2):
            rule = "702.168e" if m.group(1) == "disguise" else "702.37f"
            raise UnsupportedAbility(f"{m.group(1)} costs with {{X}} ({rule}) are not supported")
        try:
            cost = Mana.parse(m.group(2).upper())
        except ValueError as exc:
            raise UnsupportedAbility(f"{m.group(1)} cost not supported: {exc}") from None
        return [Ability(m.group(1), cost)]
    m = _OTHER_MORPH_COST.fullmatch(text)
    if m:  # 702.37e, 702.168d: the cost must be paid; only mana (the player's `mana`) is modelled
        rule = "702.168d" if m.group(1) == "disguise" else "702.37e"
        raise UnsupportedAbility(f"{m.group(1)} costs that are not mana ({rule}) are not supported")
    restriction = parse_restriction(text) or parse_restriction(bare) or _defending(text)
    if restriction is not None:
        return [restriction]
    return _unless_you(text) or _blocker_restriction(text) or _joined(text) or _effect_restriction(text)


# 508.1c, 509.1b: "~ can't attack unless defending player controls an Island", "~ can't be blocked as long
# as defending player controls an artifact"; the value is the object's kind and quality (:func:`_object`).
_DEFENDING = re.compile(r"this creature (?P<what>can't attack unless|can't be blocked as long as) defending player "
                        r"controls (?:a|an) (?P<object>.+)")
_DEFENDING_KINDS = {"can't attack unless": "attacks_only_if", "can't be blocked as long as": "unblockable_if"}


def _defending(text: str) -> Ability | None:
    """An attack or blocking restriction on what the defending player controls, or None.

    >>> _defending("this creature can't attack unless defending player controls an island").term
    'attacks_only_if(permanent,land_type("island"))'
    """
    m = _DEFENDING.fullmatch(text)
    found = _object(m.group("object")) if m else None
    return Ability(_DEFENDING_KINDS[m.group("what")], found) if m and found else None


# 508.1c, 509.1b: "~ can't block unless you control another Zombie", "~ can't attack unless you control a Knight
# or a Soldier", "~ can't attack or block unless you control at least three other creatures": the restriction
# (cant_attack, cant_block, cant_attack_or_block) applies as long as the condition fails (grant_unless, the
# condition of grant_if, pysolver.model.abilities.Static and encodings/statics.lp).
_UNLESS_YOU = re.compile(r"this creature can't (?P<what>attack|block|attack or block) unless you control "
                         r"(?:(?P<article>a|an|another) (?P<object>.+)|at least (?P<least>\w+) (?P<other>other )?"
                         r"(?P<objects>.+)|(?P<more>\w+) or more (?P<more_objects>.+))")
_RESTRICTED = {"attack": "cant_attack", "block": "cant_block", "attack or block": "cant_attack_or_block"}


def _unless_you(text: str) -> list[Ability] | None:
    """An attack or block restriction unless its controller controls some objects, or None.

    >>> _unless_you("this creature can't block unless you control another zombie")[0].term
    'grant_unless(permanent,other,creature_type("zombie"),cant_block)'
    >>> _unless_you("this creature can't attack or block unless you control at least three other creatures")[0].term
    'grant_unless(at_least(3,you,creature),other,any,cant_attack_or_block)'
    """
    m = _UNLESS_YOU.fullmatch(text)
    if m is None:
        return None
    least: int | None = 1
    if m.group("object"):
        found, other = _object(m.group("object")), m.group("article") == "another"
    else:
        found = _plural_object(m.group("objects") or m.group("more_objects"))
        least, other = _number(m.group("least") or m.group("more")), m.group("other") is not None
    if found is None or least is None or least < 1:
        return None
    kind, quality = found
    return [Ability("grant_unless", Static(kind, other, quality, granted=Ability(_RESTRICTED[m.group("what")]),
                                           least=least))]


# 509.1b: a restriction on the blocker over the attacker's qualities ("~ can't block creatures with power 2 or
# greater").
_CANT_BLOCK_CREATURES = re.compile(r"this creature can't block creatures with (?P<with>.+)")


def _blocker_restriction(text: str) -> list[Ability] | None:
    """A blocking restriction of the blocker itself over the attackers it may block, or None.

    >>> [a.term for a in _blocker_restriction("this creature can't block creatures with power 2 or greater")]
    ['cant_block_creatures(cmp(power,ge,n(2)))']
    """
    m = _CANT_BLOCK_CREATURES.fullmatch(text)
    quality = _with_quality(m.group("with")) if m else None
    return [Ability("cant_block_creatures", quality)] if quality is not None else None


# 509.1b: two restrictions of the creature in one line: "~ can't block and can't be blocked", "~ can't block
# or be blocked by creatures with power 2 or greater" (each of the two lines it joins).
_JOINED = re.compile(r"this creature can't block (?:and can't be blocked|or be blocked by (?P<creatures>.+))")


def _joined(text: str) -> list[Ability] | None:
    """The two restrictions a line joins, or None.

    >>> [a.term for a in _joined("this creature can't block or be blocked by creatures with power 2 or greater")]
    ['cant_block_creatures(cmp(power,ge,n(2)))', 'not_blocked_by(cmp(power,ge,n(2)))']
    """
    m = _JOINED.fullmatch(text)
    if m is None:
        return None
    if m.group("creatures") is None:
        return [Ability("cant_block"), Ability("cant_be_blocked")]
    blocker = _blocker_restriction(f"this creature can't block {m.group('creatures')}")
    attacker = parse_restriction(f"this creature can't be blocked by {m.group('creatures')}")
    return blocker + [attacker] if blocker is not None and attacker is not None else None


# 508.1c, 509.1b: "Creatures can't attack you" (a permanent's effect on its controller, the player attacked);
# "~ can't attack or block if an enchantment is on the battlefield" (granted while a permanent of any player's
# of that kind is on the battlefield: grant_if with whose all).
_IF_ON_THE_BATTLEFIELD = re.compile(r"this creature can't (?P<what>attack|block|attack or block) if (?:a|an) "
                                    r"(?P<object>.+) is on the battlefield")


def _effect_restriction(text: str) -> list[Ability] | None:
    """ "Creatures can't attack you" or a restriction while a permanent of a kind is on the battlefield, or None.

    >>> _effect_restriction("this creature can't attack or block if an enchantment is on the battlefield")[0].term
    'grant_if(at_least(1,all,permanent),each,card_type(enchantment),cant_attack_or_block)'
    """
    if text == "creatures can't attack you":
        return [Ability("cant_attack_you")]
    if text == "this creature is every creature type":  # 604.3, 702.73a: what changeling stands for
        return [Ability("changeling")]
    m = _IF_ON_THE_BATTLEFIELD.fullmatch(text)
    found = _object(m.group("object")) if m else None
    if m is None or found is None:
        return None
    return [Ability("grant_if", Static(found[0], False, found[1], granted=Ability(_RESTRICTED[m.group("what")]),
                                       whose="all"))]


# ---- Blocking restrictions over creature qualities (509.1a, 509.1b) ----------------------------------
#
# A creature quality is a nested tuple, the first item its name (the encodings' functor), shown to the
# encodings as a term by :func:`term_text`:
#   ("color", C)                         a creature of color C (105.2)
#   ("keyword", K)                       a creature with the keyword ability K ("creatures with flying")
#   ("cmp", STAT, OP, OPERAND)           its power or toughness compared (lt, le, gt, ge) with a number
#                                        ("n", N), its own other value ("own", STAT: "their power") or the
#                                        value of the ability's source ("source", STAT: "~'s power")
#   ("creature_type", T)                 a creature of the creature type T ("Walls", 205.3m; a changeling
#                                        is every type, 702.73a), written creature_type("T")
#   ("either", Q1, Q2), ("both", Q1, Q2) one of two qualities, both ("red creatures with flying")
#   ("any",)                             every creature
# The restrictions: on an attacker, not_blocked_by(Q), blocked_only_by(Q), max_blockers(N); on a blocker
# cant_block_creatures(Q) (Q of the attacker, "~" the blocker); as static
# effects of a permanent, creatures_cant_block(SCOPE, Q) and creatures_cant_be_blocked(SCOPE, Q) with
# SCOPE all, you (its controller's creatures) or opponents (its controller's opponents' creatures).

Quality = tuple[Any, ...]
RESTRICTION_KINDS = ("not_blocked_by", "blocked_only_by", "cant_block_creatures", "creatures_cant_block",
                     "creatures_cant_be_blocked")
STATS = ("power", "toughness")
_CREATURES = (r"(?:(?P<color>white|blue|black|red|green) )?(?:creatures|(?P<ctype>[a-z-]+))"
              r"(?: (?P<scope>you control|your opponents control))?(?: with (?P<with>.+?))?")
_RESTRICTIONS = [
    (re.compile(rf"{_CREATURES} can't block (?:it|this creature)"), "not_blocked_by"),
    (re.compile(rf"this creature can't be blocked by {_CREATURES}"), "not_blocked_by"),
    (re.compile(rf"this creature can be blocked only by {_CREATURES}"), "blocked_only_by"),
    (re.compile(rf"{_CREATURES} can't block"), "creatures_cant_block"),
    (re.compile(rf"{_CREATURES} can't be blocked"), "creatures_cant_be_blocked"),
]
_MAX_BLOCKERS = re.compile(r"this creature can't be blocked by more than (\w+) creatures?")
# 509.1b: "~ can't be blocked except by <creatures>" is "~ can be blocked only by <creatures>"; "~ can't be
# blocked by non-Wall creatures" is "~ can be blocked only by Walls".
_EXCEPT_BY = re.compile(r"this creature can't be blocked (?:except by (?P<only>.+)|by non-(?P<non>[a-z]+) creatures)")
_LIMIT = re.compile(rf"({'|'.join(STATS)})(?: or ({'|'.join(STATS)}))? (\w+) or (less|greater)")
_RELATIVE = re.compile(rf"({'|'.join(STATS)}) (less|greater) than (this creature's|their|its) ({'|'.join(STATS)})")
SCOPES = {None: "all", "you control": "you", "your opponents control": "opponents"}


def _number(word: str) -> int | None:
    """A whole number in digits or words (docs/abilities.md `N`), in the range of ability numbers."""
    n = NUMBER_WORDS.get(word, int(word) if word.isdigit() and len(word) <= numbers.MAX_DIGITS else None)
    if n is not None and numbers.problem(n, "ability") is not None:
        raise UnsupportedAbility(f"the number {word}: {numbers.problem(n, 'ability')}")
    return n


_COUNTERS_ON = re.compile(r"(?:an? (?P<dp>[+-]\d+)/(?P<dt>[+-]\d+) counter on it|(?P<dps>[+-]\d+)/(?P<dts>[+-]\d+) "
                          r"counters on them)")


def _with_quality(text: str) -> Quality | None:
    """The quality of "creatures with <text>": a keyword, a power/toughness limit or comparison, P/T counters of
    a kind (122.1a)."""
    if text in KEYWORDS:
        return ("keyword", KEYWORDS[text])
    m = _COUNTERS_ON.fullmatch(text)
    if m:
        dp, dt = _signed(m.group("dp") or m.group("dps")), _signed(m.group("dt") or m.group("dts"))
        return ("counter", dp, dt) if (dp, dt) != (0, 0) and dp * dt >= 0 else None
    m = _LIMIT.fullmatch(text)
    if m:
        n = _number(m.group(3))
        if n is None:
            return None
        op = "le" if m.group(4) == "less" else "ge"
        first = ("cmp", m.group(1), op, ("n", n))
        return first if m.group(2) is None else ("either", first, ("cmp", m.group(2), op, ("n", n)))
    m = _RELATIVE.fullmatch(text)
    if m:
        whose = "own" if m.group(3) == "their" else "source"  # "their": the creatures'; "its": the source's
        return ("cmp", m.group(1), "lt" if m.group(2) == "less" else "gt", (whose, m.group(4)))
    return None


def parse_restriction(text: str) -> Ability | None:
    """A blocking restriction line (509.1b, normalised) over creature qualities, or None.

    >>> parse_restriction("creatures with power less than this creature's power can't block it").term
    'not_blocked_by(cmp(power,lt,source(power)))'
    >>> parse_restriction("creatures your opponents control with power 2 or less can't block").term
    'creatures_cant_block(opponents,cmp(power,le,n(2)))'
    >>> parse_restriction("this creature can't be blocked by more than one creature").term
    'max_blockers(1)'
    """
    m = _MAX_BLOCKERS.fullmatch(text)
    if m:
        n = _number(m.group(1))
        return Ability("max_blockers", n) if n is not None and n >= 1 else None
    m = _EXCEPT_BY.fullmatch(text)
    if m and m.group("only") and not re.fullmatch(r"\w+ or more creatures", m.group("only")):
        text = f"this creature can be blocked only by {m.group('only')}"
    elif m and m.group("non"):
        ctype = creature_type(m.group("non"))
        return Ability("blocked_only_by", ("creature_type", ctype)) if ctype == m.group("non") else None
    for pattern, kind in _RESTRICTIONS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        ctype = creature_type(m.group("ctype")) if m.group("ctype") else None
        if m.group("ctype") and (ctype is None or ctype == m.group("ctype")):
            continue  # not a creature type in the plural ("Walls", "Elves")
        with_q = _with_quality(m.group("with")) if m.group("with") else None
        if m.group("with") and with_q is None:
            return None
        color: Quality | None = ("color", m.group("color")) if m.group("color") else None
        if ctype is not None:
            color = ("both", color, ("creature_type", ctype)) if color else ("creature_type", ctype)
        quality = ("both", color, with_q) if color and with_q else color or with_q or ("any",)
        scope = SCOPES[m.group("scope")]
        if kind in ("creatures_cant_block", "creatures_cant_be_blocked"):
            return Ability(kind, (scope, quality))
        return Ability(kind, quality) if scope == "all" else None
    return None


def term_text(x: object) -> str:
    """A quality (or a part of one) as an ASP term: tuples are functions, strings constants.

    >>> term_text(("either", ("cmp", "power", "le", ("n", 1)), ("color", "red")))
    'either(cmp(power,le,n(1)),color(red))'
    """
    if isinstance(x, tuple):
        name, *args = x
        if name in ("creature_type", "landwalk"):  # a string, as printed_subtype/2 facts and landwalk("T") have it
            return f'{name}("{args[0]}")'
        return f"{name}({','.join(map(term_text, args))})" if args else str(name)
    return str(x)


def restriction_term(kind: str, value: object) -> str:
    """The ASP term of a restriction ability (`value`: a quality, or (scope, quality))."""
    args = value if kind.startswith("creatures_") else (value,)
    assert isinstance(args, tuple)
    return f"{kind}({','.join(map(term_text, args))})"


def quality_words(q: Quality, scope: str = "all") -> str:
    """The creatures of a quality (and a scope), in words (for messages).

    >>> quality_words(("cmp", "power", "lt", ("source", "power"))), quality_words(("color", "red"), "opponents")
    ("creatures with power less than the source's power", 'red creatures your opponents control')
    """
    if scope != "all":
        phrase = next(words for words, s in SCOPES.items() if s == scope)
        return quality_words(q).replace("creatures", f"creatures {phrase}", 1)
    name, *args = q
    if name == "any":
        return "creatures"
    if name == "color":
        return f"{args[0]} creatures"
    if name == "creature_type":
        return f"{str(args[0]).capitalize()} creatures"
    if name == "both":
        return quality_words(args[0]).removesuffix("creatures") + quality_words(args[1])
    if name == "either":  # "creatures with power 1 or less or toughness 1 or less"
        first, second = quality_words(args[0]), quality_words(args[1])
        return f"{first} or {second.removeprefix('creatures with ' if 'with' in first else 'creatures ')}"
    if name == "keyword":
        return f"creatures with {str(args[0]).replace('_', ' ')}"
    if name == "counter":
        return f"creatures with {args[0]:+d}/{args[1]:+d} counters on them".replace("+0/-", "-0/-")
    if name == "token":  # 111.1
        return "creature tokens"
    if name == "landwalk":  # 702.14a
        return f"creatures with {args[0]}walk"
    if name in ("blocks_source", "blocked_by_source"):  # 509.1g
        return f"creatures {'blocking' if name == 'blocks_source' else 'blocked by'} the source"
    stat, op, (whose, x) = args
    if whose == "n":
        return f"creatures with {stat} {x} or {'less' if op == 'le' else 'greater'}"
    other = "the source's" if whose == "source" else "their"
    return f"creatures with {stat} {'less' if op == 'lt' else 'greater'} than {other} {x}"


# ---- Combat triggers read by the effect grammar (508.3a, 509.3a-d, 509.3g, 603.2) ----------------------
#
# "When(ever) ~ <event>, <effect>[. <effect>]": the events of attacking and blocking, and effects that resolve
# at once (pysolver.rules.triggers): +X/+Y and keywords until end of turn, +1/+1 counters, life gained, "can't be
# blocked this combat", tapping, or that go on the stack (poison counters). Lines already read by a form of
# their own above (bushido-like pumps, "blocks a creature with flying") keep it.

#: the kinds: what triggers as attackers are declared (508.2a) and what as blockers are (509.2a)
ON_COMBAT = ("on_attack", "on_block")
#: the events, by their words (the partner's words, if any, follow "by" or "blocks")
_ON_EVENT = re.compile(
    r"when(?:ever)? this creature (?:enters (?:the battlefield )?or (?=attacks, create ))?"
    r"(?P<event>attacks and isn't blocked|attacks alone|attacks or blocks|attacks"
    r"|and at least two other creatures attack"
    r"|blocks or becomes blocked(?: by (?P<either>[^,]+?))?|becomes blocked(?: by (?P<by>[^,]+?))?"
    r"|blocks(?: (?P<blocks>an? [^,]+?))?), (?P<effect>.+)")
_EVENTS = {"attacks": ("on_attack", "attacks"), "attacks alone": ("on_attack", "alone"),
           "and at least two other creatures attack": ("on_attack", "battalion"),
           "attacks and isn't blocked": ("on_block", "unblocked"), "blocks": ("on_block", "blocks"),
           "becomes blocked": ("on_block", "blocked"), "blocks or becomes blocked": ("on_block", "blocks_or_blocked")}
# the events that name another creature (509.3b, 509.3d): by the words before its name
_PARTNER_EVENTS = {"either": "either_by", "by": "blocked_by", "blocks": "blocks_creature"}
# Keywords a trigger gives until end of turn (613.1f): not vigilance, which an attacking creature had or not as it
# attacked (508.1f, 702.20b).
_TRIGGER_GRANTS = GRANTABLE - {"vigilance"}
_EFFECTS = (
    (re.compile(r"(?P<who>.+?) gets? (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and gains? (?P<k>.+?))? until end of turn"),
     "gets"),
    (re.compile(r"(?P<who>.+?) gains? (?P<k>.+?) until end of turn"), "gains"),
    (re.compile(r"put (?P<n>\w+) \+1/\+1 counters? on (?P<who>.+)"), "counters"),
    (re.compile(r"you gain (?P<n>\w+) life"), "gain_life"),
    (re.compile(r"(?P<who>it|this creature) can't be blocked this (?:combat|turn)"), "unblockable"),
    (re.compile(r"defending player gets (?P<n>\w+) poison counters?"), "poison"),
    # 510.1a, 611.2a, 119.3: one effect of two parts, on the stack like poison counters (a life total may reach 0)
    (re.compile(r"(?P<who>it|this creature) assigns no combat damage this turn and defending player loses (?P<n>\w+) "
                r"life"), "assigns_none_loss"),
    (re.compile(r"(?P<who>it|this creature) assigns no combat damage this turn"), "assigns_none"),
    (re.compile(r"tap (?P<who>that creature|target .+)"), "tap"),
    (re.compile(r"destroy (?P<who>that creature)"), "destroy"),
    (re.compile(r"untap (?P<who>it|this creature) and remove it from combat"), "remove"),
    (re.compile(r"return (?P<who>it|this creature) to its owner's hand"), "return_to_hand"),
    (re.compile(r"untap (?P<who>target .+)"), "untap"),
    # 701.26b: "untap each other creature you control" once attackers are declared (read by nothing admitted)
    (re.compile(r"(?P<who>target .+?) can't block this turn"), "cant_block"),
    (re.compile(r"(?:it|this creature) deals? (?P<n>\w+) damage to (?P<who>.+)"), "damage"),
    (re.compile(r"prevent all combat damage that would be dealt this turn"), "fog"),  # 615.1a
    # 105.3, 613.1e: "that creature becomes <color>" (no duration: for the rest of the game, 611.2a)
    (re.compile(rf"(?P<who>that creature|it|this creature) becomes (?P<color>{'|'.join(COLORS)})"), "becomes"),
)
#: "target creature [defending player controls | an opponent controls | you control]" (115.1, 506.2), "any
#: target" (115.4; older printings "target creature or player", the same): the targets of :data:`ON_TARGET`
_TRIGGER_TARGET = re.compile(r"target creature(?: (?P<scope>defending player controls|an opponent controls"
                             r"|you control))?|(?P<any>any target|target creature or player)|(?P<permanent>target "
                             r"permanent)")
TARGET_SCOPES = {None: "creature", "defending player controls": "defending", "an opponent controls": "opponent",
                 "you control": "yours"}
#: 508.3a, 603.3d: an attack trigger with a target, put on the stack with it (pysolver.rules.triggers)
ON_TARGET = "on_target"
_MAY_PAY = re.compile(r"you may pay (?P<cost>(?:\{[^}]+\})+)\. if you do, (?P<rest>.+)")
_TARGETED_ONLY = ("untap", "cant_block", "damage")  # the effects read only on a target
#: 509.2a, 603.3b: block triggers their controllers put on the stack, APNAP, each in the order they choose
#: (pysolver.rules.triggers.block_puts): "~ deals N damage to that creature" (120.3), "[you may] untap ~ and
#: remove it from combat" (506.4), "return ~ to its owner's hand" (400.3: it leaves the battlefield, 506.4) and
#: "~ gets +X/-Y until end of turn" ("lowers": a toughness lowered may kill it, 704.5f; 613.4c), "you may gain N
#: life" (603.5, 119.3: chosen as it is put, as "you may untap ~") and "you may draw a card. If you do, ~ assigns no
#: combat damage this turn" ("may_assign_none": 510.1a, 611.2a; the card drawn acts in no combat, 121.1), and "you
#: may have ~ deal damage equal to its power to target creature. If you do, ~ assigns no combat damage this turn"
#: ("power_damage_instead": its target chosen as it is put, 603.3d; 118.12) or "… deal N damage to target creature.
#: If you do, prevent all combat damage ~ would deal this turn" ("damage_prevent", 615.1a)
PUT_EFFECTS = ("damage", "remove", "return_to_hand", "lowers", "may_gain_life", "may_assign_none",
               "power_damage_instead", "damage_prevent")
#: the kinds that trigger as blockers are declared (509.2a; #program block_triggers of encodings/triggers.lp)
BLOCK_TRIGGERS = frozenset({"bushido", "rampage", "blocks_pump", "blocked_pump", "blocks_or_blocked_pump", "flanking",
                            "afflict", "blocked_by_pump", "blocks_flyer_pump", "blocked_destroy", "on_block"})


def is_put(a: Ability) -> bool:
    """Whether `a` is a block trigger its controller puts on the stack (:data:`PUT_EFFECTS`)."""
    return a.kind == "on_block" and isinstance(a.value, OnCombat) and a.value.effect in PUT_EFFECTS
# Sentences of an effect that act outside the combat (502.3: the next untap step), or that change nothing on a
# board the loader admits (701.19c "It can't be regenerated": a "destroy that creature" beside regeneration is
# refused): read past.
# 603.5, 121.1: "you may draw a card. If you do, <effect>": the card drawn acts in no combat, so the choice is the
# effect's ("you may <effect>")
_DRAW_IF_YOU_DO = re.compile(r"^draw a card\. if you do, ")
_RIDERS = (re.compile(r"(?:it|that creature) doesn't untap during its controller's next untap step"),
           re.compile(r"it can't be regenerated"))


@dataclass(frozen=True)
class OnCombat:
    """The value of a combat trigger read by the effect grammar: when it triggers (`event`; `partner`:
    the quality the other creature of an event that names one must have, 509.3f), whom its effect
    reaches (`whom`: ``self``, ``partner``, ``controller``, ``defending``, ``combatants`` (each creature attacking or
    blocking), ``partner_and_controller`` (the other creature and its controller), or the creatures ``attacking``
    or ``you`` control, `other` leaving the source out, of `quality`) and what it does (`effect`:
    ``gets`` +`power`/+`toughness`, ``gains`` `keyword`, ``counters``, ``gain_life``, ``poison`` `amount`,
    ``unblockable``, ``tap``; ``fog``: all combat damage prevented this turn, 615.1a; ``becomes`` the color
    `keyword`, 105.3). An exert line's ``gets``
    may carry a `keyword` too ("it gets +1/+0 and gains first strike": one ability, one choice, 701.43d).

    >>> OnCombat("attacks", "gets", "attacking", True, power=1).term("on_attack")
    'on_attack(attacks,group(attacking,other,any),gets(1,0))'
    """

    event: str
    effect: str
    whom: str = "self"
    other: bool = False
    quality: Quality = ("any",)
    partner: Quality | None = None
    power: int = 0
    toughness: int = 0
    keyword: str = ""
    amount: int = 0
    token: TokenSpec | None = None  # "create …" (111.1)
    target: str = ""  # whom ``target``: its scope (:data:`TARGET_SCOPES`, ``any``: 115.4)
    optional: bool = False  # 603.5: "you may [have] …"
    cost: Mana | None = None  # "you may pay {cost}. If you do, …" (603.5, 608.2: paid as it resolves)
    condition: Quality | None = None  # 603.4: an intervening "if" clause (:func:`_intervening_if`)
    per: Quality | None = None  # "for each <quality> you control" (:func:`_counted`)
    target_quality: Quality | None = None  # "target creature … with <quality>" (:func:`_bounce`)
    exert: bool = False  # 701.43d, 607.2h: the linked "when you do" ability of "you may exert ~ as it attacks"
    energy: int = 0  # "you may pay {E}…. If you do, …": the {E} paid as it resolves (107.14, 603.5)
    reach: tuple[str, ...] = ()  # "target permanent": the noncreature card types it also reaches (115.1, 205.2a)
    evades: int | None = None  # an exert line's "… and can't be blocked by creatures with power N or less this turn"

    def term(self, kind: str) -> str:
        """The ASP term ``KIND(Event,Whom,Effect)`` (encodings/triggers.lp), ``on_target(Event,target(Scope),
        Effect,may|must)`` for :data:`ON_TARGET`."""
        event = self.event if self.partner is None else f"{self.event}({term_text(self.partner)})"
        if self.condition is not None:  # 603.4: if(Event,Condition)
            event = f"if({event},{term_text(self.condition)})"
        whom = (f"group({self.whom},{'other' if self.other else 'each'},{term_text(self.quality)})"
                if self.whom in ("attacking", "you", "all") else self.target_term() if self.whom == "target"
                else self.whom)
        evades = "" if self.evades is None else f",not_blocked_by(cmp(power,le,n({self.evades})))"  # 509.1b
        effect = {"gets": f"gets({self.power},{self.toughness}{f',{self.keyword}' if self.keyword else ''}{evades})",
                  "gains": f"gains({self.keyword})",
                  "counters": f"counters({self.amount})", "gain_life": f"gain_life({self.amount})",
                  "poison": f"poison({self.amount})", "damage": f"damage({self.amount})",
                  "create": f"create({self.amount})",
                  "gain_life_each": f"gain_life_each({self.amount},{term_text(self.per)})",
                  "remove_minus": f"remove_minus({self.amount})",
                  "lowers": f"lowers({self.power},{self.toughness})",
                  "may_gain_life": f"may_gain_life({self.amount})",
                  "assigns_none_loss": f"assigns_none_loss({self.amount})",
                  "damage_prevent": f"damage_prevent({self.amount})",
                  "becomes": f"becomes({self.keyword})"}.get(self.effect, self.effect)
        if kind == ON_TARGET:
            may = f"pay({','.join(str(self.cost).lower().replace('{', '').split('}')[:-1])})" if self.cost else \
                f"pay({','.join('e' * self.energy)})" if self.energy else \
                "exert" if self.exert else "may" if self.optional else "must"
            return f"{kind}({event},{whom},{effect},{may})"
        if self.effect == "remove":  # 603.5: "you may" or not
            effect = f"remove({'may' if self.optional else 'must'})"
        return f"{kind}({event},{whom},{effect})"


    def target_term(self) -> str:
        """``target(Scope)``, or ``target(Scope,Quality)`` for a target of a quality (115.1)."""
        quality = "" if self.target_quality is None else f",{term_text(self.target_quality)}"
        return f"target({self.target}{quality})"


#: 702.134a mentor: "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser
#: power" (the target scope ``attacking``, 506.3; its power less than the source's as it is targeted and as it
#: resolves, 115.1, 608.2b, the source as it last existed, 608.2h)
MENTOR = OnCombat("attacks", "counters", "target", amount=1, target="attacking", target_quality=("lesser_power",))


#: 603.7a, 511.2: a combat trigger that makes a delayed triggered ability acting at end of combat ("When ~ attacks
#: or blocks, destroy it at end of combat"; :class:`AtEndOfCombat`, pysolver.rules.end_of_combat)
DELAYED_END = "delayed_end"
#: 511.2: "At end of combat, destroy all creatures blocking or blocked by ~"
END_OF_COMBAT = "end_of_combat"
_DELAYED_END = re.compile(
    r"when(?:ever)? this creature (?P<event>attacks or blocks|attacks"
    r"|blocks or becomes blocked(?: by (?P<either>[^,]+?))?|becomes blocked(?: by (?P<by>[^,]+?))?"
    r"|blocks(?: (?P<blocks>an? [^,]+?))?), (?P<effect>destroy|sacrifice|return|remove a \+1/\+1 counter from) "
    r"(?P<who>it|that creature)(?P<hand> to its owner's hand)? at end of combat")
_END_EVENTS = {"attacks or blocks": ("attacks", "blocks"), "attacks": ("attacks",), "blocks": ("blocks",),
               "becomes blocked": ("blocked",), "blocks or becomes blocked": ("blocks", "blocked")}
_END_EFFECTS = {"destroy": "destroy", "sacrifice": "sacrifice", "return": "return",
                "remove a +1/+1 counter from": "remove_counter"}


@dataclass(frozen=True)
class AtEndOfCombat:
    """An ability acting at end of combat (511.2), read by :func:`_at_end_of_combat`: for :data:`DELAYED_END` a
    combat trigger whose effect makes a delayed triggered ability (603.7a) as it resolves — when it triggers
    (`events`: ``attacks`` 508.3a, ``blocks`` 509.3a, ``blocked`` 509.3c, or, once for each other creature of
    `partner`'s quality, ``blocks_creature`` 509.3b, ``blocked_by`` 509.3d, either ``either_by``), whom its
    delayed trigger acts on (`whom`: ``self`` or ``partner``, that other creature, 603.7c) and what it does
    (`effect`: ``destroy`` 701.8a, ``sacrifice`` 701.21a, ``return`` to its owner's hand, ``remove_counter``: a
    +1/+1 counter, 122.1a); for :data:`END_OF_COMBAT`, `whom` ``combatants``: every creature blocking or
    blocked by its source.

    >>> AtEndOfCombat(("attacks", "blocks"), "self", "destroy").term(DELAYED_END)
    'delayed_end(attacks_or_blocks,self,destroy)'
    >>> AtEndOfCombat(("either_by",), "partner", "destroy", ("noncolor", "black")).term(DELAYED_END)
    'delayed_end(either_by(noncolor(black)),partner,destroy)'
    """

    events: tuple[str, ...]
    whom: str
    effect: str
    partner: Quality | None = None

    def term(self, kind: str) -> str:
        """The ASP term ``KIND(Event,Whom,Effect)`` (only pysolver.rules.end_of_combat reads these)."""
        if kind == END_OF_COMBAT:
            return f"{kind}({self.whom},{self.effect})"
        event = "_or_".join(self.events)
        if self.partner is not None:
            event = f"{event}({term_text(self.partner)})"
        return f"{kind}({event},{self.whom},{self.effect})"


def _at_end_of_combat(text: str) -> list[Ability] | None:
    """A line acting at end of combat (511.2, 603.7a), or None.

    >>> [a.term for a in _at_end_of_combat("when this creature attacks or blocks, sacrifice it at end of combat")]
    ['delayed_end(attacks_or_blocks,self,sacrifice)']
    >>> _at_end_of_combat("whenever this creature blocks or becomes blocked by a non-wall creature, destroy that "
    ...                   "creature at end of combat")[0].term
    'delayed_end(either_by(non(creature_type("wall"))),partner,destroy)'
    >>> _at_end_of_combat("at end of combat, destroy all creatures blocking or blocked by this creature")[0].term
    'end_of_combat(combatants,destroy)'
    """
    if text == "at end of combat, destroy all creatures blocking or blocked by this creature":
        return [Ability(END_OF_COMBAT, AtEndOfCombat((), "combatants", "destroy"))]
    m = _DELAYED_END.fullmatch(text)
    if m is None or (m.group("hand") is not None) != (m.group("effect") == "return"):
        return None
    name = next((n for n in _PARTNER_EVENTS if m.group(n)), None)
    if (name is not None) != (m.group("who") == "that creature"):
        return None  # ("that creature" names the other creature of the event, 603.7c)
    effect = _END_EFFECTS[m.group("effect")]
    if name is None:
        return [Ability(DELAYED_END, AtEndOfCombat(_END_EVENTS[m.group("event")], "self", effect))]
    partner = _end_partner(m.group(name))
    if partner is None or effect == "remove_counter":
        return None
    return [Ability(DELAYED_END, AtEndOfCombat((_PARTNER_EVENTS[name],), "partner", effect, partner))]


def _end_partner(words: str) -> Quality | None:
    """The quality of the other creature an event names, one creature at a time (509.3b, 509.3d): "a creature",
    "a nonblack creature", "a non-Wall creature" (205.3m), … — none with a keyword, which the creature may have
    gained since (613.1f), nor "one or more" (509.3e)."""
    found = _partner(words)
    if found is not None:
        quality, once = found
        return None if once or "keyword" in term_text(quality) else quality
    m = re.fullmatch(r"an? non-(\S+) creature", words)
    ctype = creature_type(m.group(1)) if m is not None else None
    return ("non", ("creature_type", ctype)) if ctype is not None else None


def _on_combat(text: str) -> list[Ability] | None:
    """A combat trigger of the effect grammar (normalised), or None.

    >>> [a.term for a in _on_combat("whenever this creature blocks, it gets +1/+0 and gains first strike until "
    ...                             "end of turn")]
    ['on_block(blocks,self,gets(1,0))', 'on_block(blocks,self,gains(first_strike))']
    >>> [a.term for a in _on_combat("whenever this creature attacks, put a +1/+1 counter on each vampire you "
    ...                             "control")]
    ['on_attack(attacks,group(you,each,creature_type("vampire")),counters(1))']
    >>> _on_combat("whenever this creature blocks or becomes blocked by a nonblack creature, it gets +1/+0 until "
    ...            "end of turn")[0].term
    'on_block(either_by(noncolor(black)),self,gets(1,0))'
    """
    m = _ON_EVENT.fullmatch(text)
    if m is None:
        return _yours_block(text)
    words = m.group("event")
    name = next((n for n in _PARTNER_EVENTS if m.group(n)), None)
    partner: Quality | None = None
    if name is not None:
        found = _partner(m.group(name))
        if found is None:
            return None
        partner, once = found
        events = [("on_block", _PARTNER_EVENTS[name] + ("_any" if once else ""))]
    elif words == "attacks or blocks":  # 508.3a and 509.3a: one ability, triggered by either (never both)
        events = [_EVENTS["attacks"], _EVENTS["blocks"]]
    else:
        events = [_EVENTS[words]]
    found_if = _intervening_if(m.group("effect"))
    if found_if is None or (found_if[1] is not None and events != [("on_attack", "attacks")]):
        return None
    (text, condition), optional, cost = found_if, False, None
    paid = _MAY_PAY.fullmatch(text)
    if paid is not None:  # 603.5, 608.2: paid as it resolves, from the pool (one way: no generic or hybrid symbol)
        try:
            cost = Mana.parse(paid.group("cost").upper())
        except ValueError:
            return None  # ({E}: energy, 107.14, is not modelled)
        if cost.generic or any(getattr(cost, h) for h in HYBRID):
            return None
        text = paid.group("rest")
    for may in ("you may have ", "you may "):  # 603.5 (a targeted effect: its choice is its target's; or a block
        if text.startswith(may):  # trigger on the stack, PUT_EFFECTS)
            text, optional = text.removeprefix(may), True
            text = "you " + text if text.startswith("gain ") else text  # ("you may gain N life")
            text = _DRAW_IF_YOU_DO.sub("", text)  # (121.1: the card drawn acts in no combat; the choice is the same)
            break
    optional = optional or cost is not None
    sentences = [x for x in text.split(". ") if not any(r.fullmatch(x) for r in _RIDERS)]
    removed = _removed_counter(text) or _power_damage_instead(text)  # (two sentences, one effect: "If you do",
    read = [removed] if removed is not None else [  # 608.2c, 118.12)
        _each_gets(x) or _rule_effect(x) or _counted(x) or _bounce(x) or _counters_damage(x)
        or _damage_each(x, partner is not None) or _effect(x, partner is not None) for x in sentences]
    effects = [e for found in read if found is not None for e in found]
    if not effects or None in read:
        return None
    if any((e.effect in _RULE_EFFECTS and e.whom != "target") or e.effect in _COUNTED for e in effects) and any(
            kind != "on_attack" for kind, _ in events):
        return None  # (read as attack triggers only)
    if any(e.effect == "becomes" for e in effects) and (
            len(effects) > 1 or any(kind != "on_block" for kind, _ in events)):
        return None  # (105.3: read as a block trigger's one effect)
    if condition is not None:  # (603.4: read on the effects that resolve at once only)
        if optional or cost is not None or any(e.whom == "target" or e.effect not in _CONDITIONED for e in effects):
            return None
        effects = [replace(e, condition=condition) for e in effects]
    if [e.effect for e in effects] in (["power_damage_instead"], ["damage_prevent"]):  # 509.2a, 603.3d: a block
        # trigger with a target, put on the stack by its controller with its target, or none ("you may", 603.5)
        if not optional or partner is not None or any(kind != "on_block" for kind, _ in events):
            return None
        return [Ability("on_block", replace(effects[0], event=event, optional=True)) for _, event in events]
    if any(e.whom == "target" for e in effects):  # 508.3a, 603.3d: one target, chosen as it is put on the stack
        # "Whenever ~ attacks or blocks, untap target permanent" (509.3a): the untap of its block half comes once
        # blockers are declared, when an untapped creature is read by nothing the loader admits (701.26b), nor
        # its target (ward, 702.21a, and "becomes the target" triggers, 603.2, refused as for the attack half)
        either = events == [_EVENTS["attacks"], _EVENTS["blocks"]] and effects[0].effect == "untap"
        if len(effects) != 1 or (events != [("on_attack", "attacks")] and not either):
            return None
        return [Ability(ON_TARGET, replace(effects[0], event="attacks", optional=optional, cost=cost))]
    if [e.whom for e in effects] in ([w] for w in DEFENDING_CREATURES):  # 508.3a, 603.3a: put on the stack by the
        # active player, its source named ("you may", 603.5: chosen then, or not), its damage dealt as it resolves
        if events != [_EVENTS["attacks"]] or condition is not None or cost is not None:
            return None
        return [Ability(ON_TARGET, replace(effects[0], event="attacks", optional=optional))]
    if cost is not None:
        return None
    if optional and [e.effect for e in effects] == ["gets_power"] and events == [_EVENTS["attacks"]] and (
            condition is None):  # 603.5, 608.2h: chosen as it is put on the stack, its source named (115.1: no
        return [Ability(ON_TARGET, replace(effects[0], event="attacks", optional=True))]  # target), X as it resolves
    if optional and [(e.effect, e.whom) for e in effects] == [("counters", "self")] and events == [
            _EVENTS["attacks"]] and condition is None:  # 603.5, 122.1a: "you may put N +1/+1 counters on it",
        return [Ability(ON_TARGET, replace(effects[0], event="attacks", optional=True))]  # chosen as it is put
    if optional and [e.effect for e in effects] == ["gain_life"]:  # 603.5: its controller chooses (119.3)
        effects = [replace(effects[0], effect="may_gain_life")]
    if optional and [e.effect for e in effects] == ["assigns_none"]:  # 603.5: its controller chooses (510.1a)
        effects = [replace(effects[0], effect="may_assign_none")]
    if any(e.effect == "assigns_none" for e in effects):
        return None  # (read only chosen, "you may", or with the defending player's life loss)
    if any(e.effect in PUT_EFFECTS for e in effects):  # 509.2a: one effect, put on the stack (603.3b)
        if len(effects) != 1 or any(kind != "on_block" for kind, _ in events) or (
                effects[0].effect == "remove" and events != [("on_block", "blocked")]) or (
                effects[0].effect in ("return_to_hand", "lowers", "may_gain_life", "may_assign_none")
                and partner is not None):
            return None
        return [Ability("on_block", replace(effects[0], event=event, partner=partner, optional=optional))
                for _, event in events]
    if optional:
        return None
    if any(e.effect in ("poison", "assigns_none_loss") for e in effects) and events != [("on_block", "unblocked")]:
        return None  # (the defending player of an attacker that isn't blocked: 509.3g, 506.2)
    if any(e.effect == "destroy" for e in effects) and (events[0][1] != "blocked_by" or len(effects) > 1):
        return None  # (an attacker's, on the stack like blocked_destroy: 509.3d, 603.3b)
    return [Ability(kind, replace(e, event=event, partner=partner)) for kind, event in events for e in effects]


#: 603.4: the intervening "if" clauses of an attack trigger ("Whenever ~ attacks, if <condition>, <effect>"), each
#: as a condition term (encodings/triggers.lp holds/2): "you control a <creature type>" (205.3m), "defending player
#: is poisoned" (506.2, 122.1f: one or more poison counters), "it's renowned" (702.112b), "creatures you control have
#: total power N or greater" (formidable, 207.2c), "you control no untapped lands" (305.1, 110.5).
_IF = re.compile(r"if (?P<condition>[^,]+), (?P<rest>.+)")
_CONDITIONS = ((re.compile(r"you control an? (?P<type>[a-z'-]+)"), "controls"),
               (re.compile(r"defending player is poisoned"), "poisoned"),
               (re.compile(r"(?:it's|this creature is) renowned"), "renowned"),
               (re.compile(r"creatures you control have total power (?P<n>\w+) or greater"), "total_power"),
               (re.compile(r"you control no untapped lands"), "no_untapped_lands"))
#: the effects an intervening "if" is read on: they resolve at once after the declaration, so the condition that
#: held as the ability triggered still holds as it resolves (603.4; nothing else resolves in between, 603.3)
_CONDITIONED = ("gets", "gains", "counters", "gain_life")


def _intervening_if(text: str) -> tuple[str, Quality | None] | None:
    """An effect's text without its intervening "if" clause (603.4) and the clause's condition, None for a
    condition not read.

    >>> _intervening_if("if you control a dinosaur, it gets +1/+1 until end of turn")
    ('it gets +1/+1 until end of turn', ('controls', ('creature_type', 'dinosaur')))
    >>> _intervening_if("it gets +1/+1 until end of turn"), _intervening_if("if you have 5 life, you gain 1 life")
    (('it gets +1/+1 until end of turn', None), None)
    """
    m = _IF.fullmatch(text)
    if m is None:
        return text, None
    for pattern, name in _CONDITIONS:
        found = pattern.fullmatch(m.group("condition"))
        if found is None:
            continue
        if name == "total_power":
            n = _count(found.group("n"))
            return (m.group("rest"), (name, n)) if n else None
        if name != "controls":
            return m.group("rest"), (name,)
        ctype = creature_type(found.group("type"))
        return (m.group("rest"), (name, ("creature_type", ctype))) if ctype is not None else None
    return None


#: "<creatures> get +X/+Y and <creatures> get +X/+Y until end of turn": two effects, each its own group (611.2c)
_EACH_GETS = re.compile(r"(?P<first>.+? gets? [+-]\d+/[+-]\d+) and (?P<second>.+? gets? [+-]\d+/[+-]\d+) "
                        r"until end of turn")


def _each_gets(text: str) -> list[OnCombat] | None:
    """Two +X/+Y effects joined by "and" with one "until end of turn" (Agrus Kos: "attacking red creatures get
    +2/+0 and attacking white creatures get +0/+2 until end of turn"), or None.

    >>> [e.term("on_attack") for e in _each_gets("attacking red creatures get +2/+0 and attacking white creatures "
    ...                                          "get +0/+2 until end of turn")]  # doctest: +NORMALIZE_WHITESPACE
    ['on_attack(,group(attacking,each,color(red)),gets(2,0))',
     'on_attack(,group(attacking,each,color(white)),gets(0,2))']
    """
    m = _EACH_GETS.fullmatch(text)
    if m is None:
        return None
    read = [_effect(f"{m.group(part)} until end of turn", False) for part in ("first", "second")]
    return [e for found in read for e in found] if all(read) else None  # type: ignore[union-attr]


#: "creatures with <quality> can't block this turn" (509.1b; a keyword, or power or toughness N or less / N or
#: greater) and "untap each other creature you control" / "untap all creatures you control" (701.26b): the effects
#: of :func:`_rule_effect`
_CREATURES_CANT_BLOCK = re.compile(r"creatures with (?P<quality>.+) can't block this turn")
_UNTAP_GROUP = re.compile(r"untap (?P<who>(?:each|all) (?:other )?creatures? you control)")
_RULE_EFFECTS = ("cant_block", "untap")


def _rule_effect(text: str) -> list[OnCombat] | None:
    """"Creatures with <quality> can't block this turn" (every creature of the quality, ``all``) or "untap each
    other creature you control" (a group), or None.

    >>> [e.term("on_attack") for e in _rule_effect("creatures with power 1 or less can't block this turn")]
    ['on_attack(,group(all,each,cmp(power,le,n(1))),cant_block)']
    >>> [e.term("on_attack") for e in _rule_effect("untap each other creature you control")]
    ['on_attack(,group(you,other,any),untap)']
    """
    m = _CREATURES_CANT_BLOCK.fullmatch(text)
    if m is not None:
        quality = _with_quality(m.group("quality"))
        if quality is None or not (quality[0] == "keyword" or (quality[0] == "cmp" and quality[3][0] == "n")):
            return None
        return [OnCombat("", "cant_block", "all", quality=quality)]
    return _untap_group(text)


def _untap_group(text: str) -> list[OnCombat] | None:
    """"Untap each [other] creature you control" / "untap all [other] creatures you control" (701.26b), or None."""
    m = _UNTAP_GROUP.fullmatch(text)
    whom = _whom(m.group("who"), False, False) if m else None
    return None if whom is None else [replace(whom, effect="untap")]


#: effects whose amount is counted as they resolve (608.2h): "you gain N life for each <creature type> you control"
#: (119.3, 205.3m), "<creatures> get +X/+X until end of turn, where X is ~'s power" (613.4c) and "~ gets +X/+0 …,
#: where X is the number of lands defending player controls": :func:`_counted`
_GAIN_EACH = re.compile(r"you gain (?P<n>\w+) life for each (?P<type>[a-z'-]+) you control")
_GETS_POWER = re.compile(r"(?P<who>.+?) gets? \+x/\+x until end of turn, where x is this creature's power")
#: "~ gets +X/+0 until end of turn, where X is the number of lands defending player controls" (613.4c, 506.2)
_GETS_LANDS = re.compile(r"(?:it|this creature) gets \+x/\+0 until end of turn, where x is the number of lands "
                         r"defending player controls")
_COUNTED = ("gain_life_each", "gets_power", "gets_lands", "remove_minus")


def _counted(text: str) -> list[OnCombat] | None:
    """An effect counted as it resolves (:data:`_COUNTED`), or None.

    >>> [e.term("on_attack") for e in _counted("you gain 1 life for each elf you control")]
    ['on_attack(,controller,gain_life_each(1,creature_type("elf")))']
    >>> [e.term("on_attack") for e in _counted("each other creature you control gets +x/+x until end of turn, "
    ...                                          "where x is this creature's power")]
    ['on_attack(,group(you,other,any),gets_power)']
    """
    m = _GAIN_EACH.fullmatch(text)
    if m is not None:
        n, ctype = _count(m.group("n")), creature_type(m.group("type"))
        return None if not n or ctype is None else [
            OnCombat("", "gain_life_each", "controller", amount=n, per=("creature_type", ctype))]
    if _GETS_LANDS.fullmatch(text):
        return [OnCombat("", "gets_lands")]
    m = _GETS_POWER.fullmatch(text)
    whom = _whom(m.group("who"), False, False) if m else None
    return None if whom is None or whom.whom not in ("attacking", "you") else [replace(whom, effect="gets_power")]


#: 400.7, 506.4: "return target creature [defending player controls | …] [with <quality>] to its owner's hand"
_BOUNCE = re.compile(r"return target creature"
                     r"(?: (?P<scope>defending player controls|an opponent controls|you control))?"
                     r"(?: with (?P<quality>.+?))? to its owner's hand"
                     r"(?P<weaker> if its power is less than this creature's power)?")


def _bounce(text: str) -> list[OnCombat] | None:
    """"Return target creature … [with <quality>] to its owner's hand [if its power is less than ~'s power]" (the
    quality a power or toughness N or less or N or greater, as it is targeted and as it resolves, 115.1, 608.2b;
    the powers compared as it resolves, 608.2h: ``bounce_weaker``), or None.

    >>> _bounce("return target creature defending player controls with toughness 2 or less to its owner's hand"
    ...         )[0].term("on_target")
    'on_target(,target(defending,cmp(toughness,le,n(2))),bounce,must)'
    """
    m = _BOUNCE.fullmatch(text)
    if m is None:
        return None
    quality = _with_quality(m.group("quality")) if m.group("quality") else None
    if m.group("quality") and (quality is None or quality[0] != "cmp" or quality[3][0] != "n"):
        return None
    effect = "bounce_weaker" if m.group("weaker") else "bounce"  # (608.2h: "if its power is less than ~'s")
    return [OnCombat("", effect, "target", target=TARGET_SCOPES[m.group("scope")], target_quality=quality)]


#: 122.1a, 608.2c: "remove a -1/-1 counter from ~. If you do, you gain N life" (119.3)
_REMOVE_MINUS = re.compile(r"remove an? -1/-1 counter from (?:it|this creature)\. if you do, you gain (?P<n>\w+) life")


def _removed_counter(text: str) -> list[OnCombat] | None:
    """"Remove a -1/-1 counter from ~. If you do, you gain N life" (``remove_minus``: N life only if it had one), or
    None.

    >>> _removed_counter("remove a -1/-1 counter from it. if you do, you gain 1 life")[0].term("on_attack")
    'on_attack(,self,remove_minus(1))'
    """
    m = _REMOVE_MINUS.fullmatch(text)
    n = _count(m.group("n")) if m else None
    return [OnCombat("", "remove_minus", amount=n)] if n else None


#: 120.3, 608.2h, 118.12, 510.1a: "[you may have] ~ deal damage equal to its power to <target creature>. If you do,
#: ~ assigns no combat damage this turn" (the Laccoliths); 615.1a: "… deal N damage to <target creature>. If you do,
#: prevent all combat damage ~ would deal this turn" (Zealot il-Vec)
_POWER_DAMAGE_INSTEAD = re.compile(r"(?:it|this creature) deals? (?:damage equal to its power|(?P<n>\w+) damage) to "
                                   r"(?P<who>target creature(?: [a-z ]+)?)\. if you do, (?:(?:it|this creature) "
                                   r"assigns no combat damage this turn|(?P<prevent>prevent all combat damage "
                                   r"(?:it|this creature) would deal this turn))")


def _power_damage_instead(text: str) -> list[OnCombat] | None:
    """"~ deal damage equal to its power to target creature. If you do, ~ assigns no combat damage this turn"
    (``power_damage_instead``: its power as it resolves, the source as it last existed, 608.2h; "if you do" is the
    choice made, 118.12), or "~ deal N damage to target creature. If you do, prevent all combat damage ~ would deal
    this turn" (``damage_prevent``, 615.1a), or None.

    >>> _power_damage_instead("it deal damage equal to its power to target creature. if you do, this creature "
    ...                       "assigns no combat damage this turn")[0].term("on_block")
    'on_block(,target(creature),power_damage_instead)'
    >>> _power_damage_instead("it deal 1 damage to target creature. if you do, prevent all combat damage this "
    ...                       "creature would deal this turn")[0].term("on_block")
    'on_block(,target(creature),damage_prevent(1))'
    """
    m = _POWER_DAMAGE_INSTEAD.fullmatch(text)
    whom = _whom(m.group("who"), False, True) if m else None
    if m is None or whom is None or whom.whom != "target" or whom.target == "any" or whom.reach:
        return None
    if (m.group("n") is None) != (m.group("prevent") is None):
        return None  # (read in the two forms printed only)
    if m.group("n") is None:
        return [replace(whom, effect="power_damage_instead")]
    n = _count(m.group("n"))
    return [replace(whom, effect="damage_prevent", amount=n)] if n else None


#: 120.3, 608.2h: "~ deals damage to <target> equal to the number of +1/+1 counters on ~"
_COUNTERS_DAMAGE = re.compile(r"(?:it|this creature) deals damage to (?P<who>target creature or player|any target"
                              r"|target creature) equal to the number of \+1/\+1 counters on (?:it|this creature)")


def _counters_damage(text: str) -> list[OnCombat] | None:
    """"~ deals damage to <target> equal to the number of +1/+1 counters on ~" (its counters as it resolves, the
    source as it last existed, 608.2h: ``damage_counters``), or None.

    >>> _counters_damage("it deals damage to target creature or player equal to the number of +1/+1 counters on "
    ...                  "this creature")[0].term("on_target")
    'on_target(,target(any),damage_counters,must)'
    """
    m = _COUNTERS_DAMAGE.fullmatch(text)
    whom = _whom(m.group("who"), False, False) if m else None
    return None if whom is None else [replace(whom, effect="damage_counters")]


#: 120.3, 608.2h: a block trigger's damage to more than one object (no target, 115.1): "~ deals N damage to each
#: attacking creature and each blocking creature" (``combatants``: those in combat as it resolves, 506.4) and "~ deals
#: N damage to that creature and N damage to that creature's controller" (``partner_and_controller``: the other
#: creature of its event, 509.3d, and the player who controls it, one event)
_DAMAGE_EACH = re.compile(r"(?:it|this creature) deals? (?P<n>\w+) damage to (?:(?P<combatants>each attacking creature "
                          r"and each blocking creature)|that creature and (?P<m>\w+) damage to that creature's "
                          r"controller|each creature (?P<without>without flying )?defending player controls)")
#: 508.3a, 506.2: an attack trigger's damage to "each creature [without flying] defending player controls" (no target,
#: 115.1; those creatures as it resolves, 608.2h), by whom it reaches (:data:`ON_TARGET`, its source named)
DEFENDING_CREATURES = ("defending_creatures", "defending_creatures_without_flying")


def _damage_each(text: str, partnered: bool) -> list[OnCombat] | None:
    """The damage of :data:`_DAMAGE_EACH` (`partnered`: "that creature" names the other creature of the event), or
    None; the two amounts of "that creature and … its controller" equal (as printed).

    >>> _damage_each("it deals 2 damage to each attacking creature and each blocking creature", False)[0].term(
    ...     "on_block")
    'on_block(,combatants,damage(2))'
    >>> _damage_each("this creature deals 3 damage to that creature and 3 damage to that creature's controller",
    ...              True)[0].term("on_block")
    'on_block(,partner_and_controller,damage(3))'
    >>> _damage_each("it deal 1 damage to each creature without flying defending player controls", False)[0].whom
    'defending_creatures_without_flying'
    """
    m = _DAMAGE_EACH.fullmatch(text)
    n = _count(m.group("n")) if m else None
    if m is None or not n:
        return None
    if m.group("combatants"):
        return [OnCombat("", "damage", "combatants", amount=n)]
    if m.group("m") is None:  # "each creature [without flying] defending player controls" (506.2)
        return [OnCombat("", "damage", DEFENDING_CREATURES[m.group("without") is not None], amount=n)]
    return [OnCombat("", "damage", "partner_and_controller", amount=n)] if partnered and _count(m.group("m")) == n \
        else None


#: 508.3a, 603.2c: "Whenever a <creature type> you control attacks, defending player loses N life" and "…, creatures
#: defending player controls get -N/-N until end of turn" (506.2, 613.4c; 611.2c: those creatures as it resolves)
_TYPE_ATTACKS = re.compile(r"whenever an? (?P<type>[a-z'-]+) you control attacks, (?:defending player loses "
                           r"(?P<n>\w+) life|creatures defending player controls get -(?P<x>\d+)/-(?P<y>\d+) until end "
                           r"of turn)")
#: the kinds of :data:`_TYPE_ATTACKS`: once for each attacker of the type (603.2c), on the stack (603.3b)
TYPE_ATTACKS = ("type_attacks_loss", "type_attacks_shrink")


def _type_attacks(text: str) -> list[Ability] | None:
    """"Whenever a <creature type> you control attacks, defending player loses N life" (``type_attacks_loss``: once
    for each such attacker, 603.2c) or "…, creatures defending player controls get -N/-N until end of turn"
    (``type_attacks_shrink``, the same N twice as printed), or None.

    >>> _type_attacks("whenever a sliver you control attacks, defending player loses 1 life")[0].term
    'type_attacks_loss("sliver",1)'
    >>> _type_attacks("whenever a dragon you control attacks, creatures defending player controls get -1/-1 until "
    ...               "end of turn")[0].term
    'type_attacks_shrink("dragon",1)'
    """
    m = _TYPE_ATTACKS.fullmatch(text)
    if m is None or m.group("x") != m.group("y"):
        return None
    ctype, n = creature_type(m.group("type")), _count(m.group("n") or m.group("x"))
    return [Ability(TYPE_ATTACKS[m.group("n") is None], (ctype, n))] if ctype is not None and n else None


_YOURS_BLOCKS = re.compile(r"whenever an? creature you control(?: with (?P<with>[^,]+))? blocks, "
                           r"(?P<effect>you (?:may )?gain \w+ life)")
_YOURS_BLOCKED = re.compile(r"whenever an? creature you control becomes blocked, (?:it gets (?P<x>\+\d+)/(?P<y>\+\d+) "
                            r"until end of turn|(?P<remove>you may untap that creature and remove it from combat))")


def _yours_block(text: str) -> list[Ability] | None:
    """"Whenever a creature you control [with <keyword>] blocks, you [may] gain N life" (509.3a: once for each such
    creature declared as a blocker; 603.5, 119.3), "Whenever a creature you control becomes blocked, it gets +X/+Y
    until end of turn" (509.3c: once for each such attacker; 613.4c: Y >= 0, so no state-based action follows and
    its order beside the others changes nothing, 603.3b) or "…, you may untap that creature and remove it from
    combat" (506.4), or None.

    >>> [a.term for a in _yours_block("whenever a creature you control with defender blocks, you may gain 2 life")]
    ['on_block(yours_blocks(keyword(defender)),controller,may_gain_life(2))']
    """
    blocked = _YOURS_BLOCKED.fullmatch(text)
    if blocked is not None and blocked.group("remove"):  # 506.4, 603.5: on the stack (PUT_EFFECTS), "you may"
        return [Ability("on_block", OnCombat("yours_blocked", "remove", "partner", partner=("any",), optional=True))]
    if blocked is not None:  # 509.3c: once for each such attacker; "it": that creature (the blocked attacker)
        return [Ability("on_block", OnCombat("yours_blocked", "gets", "partner", partner=("any",),
                                             power=_signed(blocked.group("x")), toughness=_signed(blocked.group("y"))))]
    m = _YOURS_BLOCKS.fullmatch(text)
    if m is None:
        return None
    quality = _creature_words("creature" + (f" with {m.group('with')}" if m.group("with") else ""))
    found = _on_combat(f"whenever this creature blocks, {m.group('effect')}")
    if quality is None or found is None:
        return None
    return [Ability("on_block", replace(cast(OnCombat, a.value), event="yours_blocks", partner=quality))
            for a in found]


#: 701.43d, 508.1g, 607.2h: "You may exert ~ as it attacks. When you do, <effect>": exerting is an optional cost to
#: attack, chosen as attackers are declared, and the linked "when you do" ability triggers then (603.2)
_EXERT = re.compile(r"you may exert this creature as it attacks\. when you do, (?P<effect>.+)")
#: 509.1b, 611.2a: "<pump> until end of turn and can't be blocked by creatures with power N or less this turn"
_EVADES = re.compile(r"(?P<pump>it gets [+-]\d+/[+-]\d+ until end of turn) and can't be blocked by creatures with "
                     r"power (?P<n>\w+) or less this turn")


def _exert(text: str) -> list[Ability] | None:
    """An exert line (:data:`_EXERT`) as an attack trigger of :data:`ON_TARGET` whose choice is whether to exert:
    the linked ability triggers only if its source was exerted as it attacked (701.43d), and no player receives
    priority between that choice and the ability going on the stack (508.1g, 508.2, 603.3), so choosing to exert
    with the ability's target (or, for "it" and "creatures you control", with the source named: no target, 115.1)
    as it is put on the stack is the same choice. Exerting itself only keeps the source from untapping in its
    controller's next untap step (701.43a, 502.3), after the combat.

    >>> [a.term for a in _exert("you may exert this creature as it attacks. when you do, it gets +1/+3 and gains "
    ...                         "lifelink until end of turn")]
    ['on_target(attacks,self,gets(1,3,lifelink),exert)']
    >>> [a.term for a in _exert("you may exert this creature as it attacks. when you do, target creature can't "
    ...                         "block this turn")]
    ['on_target(attacks,target(creature),cant_block,exert)']
    >>> [a.term for a in _exert("you may exert this creature as it attacks. when you do, untap all other creatures "
    ...                         "you control")]
    ['on_target(attacks,group(you,other,any),untap,exert)']
    >>> [a.term for a in _exert("you may exert this creature as it attacks. when you do, it gets +1/+1 until end of "
    ...                         "turn and can't be blocked by creatures with power 2 or less this turn")]
    ['on_target(attacks,self,gets(1,1,not_blocked_by(cmp(power,le,n(2)))),exert)']
    """
    m = _EXERT.fullmatch(text)
    evading = _EVADES.fullmatch(m.group("effect")) if m else None
    evades = None if evading is None else _count(evading.group("n"))
    if evading is not None and evades is None:
        return None
    effect = evading.group("pump") if evading is not None else m.group("effect") if m else ""
    effects = (_untap_group(effect) or _effect(effect, False)) if m else None
    if not effects:
        return None
    if evades is not None:  # 509.1b: the source's, one ability and one choice with its +X/+Y (701.43d)
        effects = [replace(effects[0], evades=evades)]
    first = effects[0]
    if len(effects) == 2 and first.whom == "self" and (first.effect, effects[1].effect) == ("gets", "gains"):
        first, effects = replace(first, keyword=effects[1].keyword), [first]  # (one ability: its one choice)
    if len(effects) != 1 or not (first.whom == "target" or (first.whom, first.effect) == ("self", "gets") or (
            first.whom == "you" and first.effect == "gets" and first.quality == ("any",) and not first.other) or (
            first.whom == "you" and first.effect == "untap" and first.quality == ("any",))):
        return None
    return [Ability(ON_TARGET, replace(first, event="attacks", optional=True, exert=True))]


#: 603.2, 701.26a, 508.1f: "Whenever ~ becomes tapped, <effect>": in a combat it becomes tapped as it is declared an
#: attacker without vigilance (702.20b), and the ability triggers then, with the attack triggers (508.2a);
#: pysolver.files.loader refuses a board where it could become tapped otherwise (a tap effect, a {T} cost)
_BECOMES_TAPPED = re.compile(r"whenever this creature becomes tapped, (?P<effect>.+)")


def _becomes_tapped(text: str) -> list[Ability] | None:
    """A "becomes tapped" trigger (:data:`_BECOMES_TAPPED`) whose effect the attack triggers put on the stack with
    their choice read (:data:`ON_TARGET`: a target, 603.3d, or "you may", 603.5), its event ``tapped``: it
    triggers as its source attacks unless that has vigilance (508.1f, 702.20b; encodings/triggers.lp).

    >>> [a.term for a in _becomes_tapped("whenever this creature becomes tapped, target creature can't block this "
    ...                                  "turn")]
    ['on_target(tapped,target(creature),cant_block,must)']
    >>> [a.term for a in _becomes_tapped("whenever this creature becomes tapped, you may put a +1/+1 counter on it")]
    ['on_target(tapped,self,counters(1),may)']
    """
    m = _BECOMES_TAPPED.fullmatch(text)
    found = _on_combat(f"whenever this creature attacks, {m.group('effect')}") if m else None
    if not found or any(a.kind != ON_TARGET for a in found):
        return None
    return [Ability(ON_TARGET, replace(cast(OnCombat, a.value), event="tapped")) for a in found]


#: 107.14, 603.5, 508.3a: "Whenever ~ attacks, you may pay {E}[{E}…]. If you do, <effect>"
_PAY_ENERGY = re.compile(r"whenever this creature attacks, you may pay (?P<e>(?:\{e\})+)\. if you do, (?P<effect>.+)")


def _energy_trigger(text: str) -> list[Ability] | None:
    """An attack trigger paid with energy (:data:`_PAY_ENERGY`) as one of :data:`ON_TARGET`: its controller pays
    the {E} as it resolves (603.5, 107.14), the choice to pay made as it is put on the stack with its target, or,
    for "it" and "create" (no target, 115.1), with its source named (as for "you may [have] target …", 603.5). Its
    effects: a target's, or "it gets +X/+Y until end of turn", "put N +1/+1 counters on it", "create <tokens>"
    (111.1; not "tapped and attacking", 508.4).

    >>> [a.term for a in _energy_trigger("whenever this creature attacks, you may pay {e}{e}. if you do, put a +1/+1 "
    ...                                  "counter on it")]
    ['on_target(attacks,self,counters(1),pay(e,e))']
    """
    m = _PAY_ENERGY.fullmatch(text)
    effects = _effect(m.group("effect"), False) if m else None
    if m is None or not effects or len(effects) != 1:
        return None
    e = effects[0]
    if not (e.whom == "target" or (e.whom == "self" and e.effect in ("gets", "counters")) or (
            e.effect == "create" and e.token is not None and not e.token.attacking)):
        return None
    return [Ability(ON_TARGET, replace(e, event="attacks", optional=True, energy=m.group("e").count("{")))]


def _partner(words: str) -> tuple[Quality, bool] | None:
    """The quality of the other creature an event names ("a creature", "a nonblack creature", "an artifact
    creature", "one or more black creatures"), and whether the event happens once for all of them (509.3e)."""
    once = words.startswith("one or more ")
    if once:
        words = words.removeprefix("one or more ")
    elif words.startswith(("a ", "an ")):
        words = words.split(" ", 1)[1]
    else:
        return None
    quality = _creature_words(words)
    return None if quality is None else (quality, once)


def _creature_words(words: str) -> Quality | None:
    """The quality of creatures named by `words`: "creature(s)", "<color> creature(s)", "non<color>
    creature(s)", "artifact creature(s)", "<creature type> creature(s)", a creature type alone, each
    optionally "with <keyword>" (205.3m, 105.2)."""
    keyword = None
    if " with " in words:
        words, given = words.split(" with ", 1)
        keyword = KEYWORDS.get(given) or TRIGGER_KEYWORDS.get(given)  # ("creatures with flanking", 702.25)
        if keyword is None:
            return None
    base: Quality | None
    word = words.removesuffix("s") if words.endswith("creatures") else words
    if word == "creature":
        base = ("any",)
    elif word.endswith(" creature") and " " not in word.removesuffix(" creature"):
        first = word.removesuffix(" creature")
        base = (("color", first) if first in COLORS else ("noncolor", first[3:]) if first[3:] in COLORS
                and first.startswith("non") else ("card_type", "artifact") if first == "artifact"
                else ("creature_type", creature_type(first)) if creature_type(first) == first else None)
    else:
        ctype = creature_type(words)
        base = ("creature_type", ctype) if ctype is not None and " " not in words else None
    if base is None:
        return None
    if keyword is None:
        return base
    return ("keyword", keyword) if base == ("any",) else ("both", base, ("keyword", keyword))


def _effect(text: str, partnered: bool) -> list[OnCombat] | None:
    """The effects of one sentence (`partnered`: "that creature" names the other creature of the event)."""
    made = token_spec(text)
    if made is not None:  # 111.1, 111.2: "create …" (its controller, 603.3a, creates them)
        return [OnCombat("", "create", "controller", amount=made.count, token=made)]
    for pattern, effect in _EFFECTS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        groups = m.groupdict()
        whom = _whom(groups.get("who") or "it", partnered, effect == "counters")
        if whom is None or (whom.whom == "target") != (effect in _TARGETED_ONLY or (
                whom.whom == "target" and effect in ("tap", "gets", "gains"))):
            if not (effect == "damage" and whom is not None and whom.whom == "partner"):
                return None  # (the damage of a block trigger to the other creature of its event: PUT_EFFECTS)
        if whom.target == "any" and effect != "damage":
            return None  # (115.4: any target is a creature, player, planeswalker or battle: only damage reaches all)
        if whom.reach and effect != "untap":
            return None  # ("target permanent": its creatures, the others refused on a board, only for an untap)
        if effect == "damage":
            n = _count(groups["n"])
            return None if not n else [replace(whom, effect="damage", amount=n)]
        if effect in ("counters", "gain_life", "poison", "assigns_none_loss"):
            n = _count(groups["n"])
            return None if not n else [replace(whom, effect=effect, amount=n,
                                               whom="controller" if effect == "gain_life" else
                                               "defending" if effect in ("poison", "assigns_none_loss")
                                               else whom.whom)]
        if whom.whom == "partner" and (effect == "gets" or "indestructible" in (groups.get("k") or "")):
            return None  # (with flanking or "destroy that creature" waiting, its order would matter: 603.3b, 704.5f)
        if effect == "becomes":  # (its one color, 105.3)
            return [replace(whom, effect="becomes", keyword=groups["color"])]
        out = []
        if effect == "gets":
            x, y = _signed(groups["x"]), _signed(groups["y"])
            if y < 0 and whom.whom != "target":  # (a toughness lowered: 704.5f, in an order the player chooses,
                # 603.3b: on the stack, a block trigger of its own, PUT_EFFECTS)
                return None if whom.whom != "self" or groups.get("k") else [
                    replace(whom, effect="lowers", power=x, toughness=y)]
            out.append(replace(whom, effect="gets", power=x, toughness=y))
        if groups.get("k"):
            keywords = [KEYWORDS.get(k) for k in re.split(r",? and |, ", groups["k"])]
            if not all(k in _TRIGGER_GRANTS for k in keywords):
                return None
            out += [replace(whom, effect="gains", keyword=str(k)) for k in keywords]
        return out or [replace(whom, effect=effect)]
    return None


def _whom(words: str, partnered: bool, single: bool) -> OnCombat | None:
    """Whom an effect reaches: "it" / "this creature" (the source), "that creature" (the other creature
    of the event), or a group: "[all | each] [other] [attacking] <creatures> [you control]" (singular
    after "each", or for counters "each <creature type> you control"); None for other words."""
    if words in ("it", "this creature"):
        return OnCombat("", "", "self")
    if words == "that creature":
        return OnCombat("", "", "partner") if partnered else None
    target = _TRIGGER_TARGET.fullmatch(words)
    if target is not None:
        return OnCombat("", "", "target", target="any" if target.group("any") else TARGET_SCOPES[target.group("scope")],
                        reach=NONCREATURE_PERMANENTS if target.group("permanent") else ())
    m = re.fullmatch(r"(?P<each>all |each )?(?P<other>other )?(?P<attacking>attacking )?(?P<what>.+?)"
                     r"(?P<yours> you control)?", words)
    if m is None or not (m.group("attacking") or m.group("yours")):
        return None
    what = m.group("what")
    if m.group("each") == "each " and not what.endswith("s"):
        what = what + " creatures" if what != "creature" else "creatures"
    elif not single and not what.endswith("s") and " with " not in what:
        return None
    quality = _creature_words(what)
    if quality is None:
        return None
    return OnCombat("", "", "attacking" if m.group("attacking") else "you", m.group("other") is not None, quality)


# --- Cards exiled with a permanent (406.6, 607.2a) and their return (603.6c, 610.3c) -------------------------
#: 603.6c, 607.2a: "When ~ leaves the battlefield, return the exiled card[s] / all cards exiled with it to the
#: battlefield under its owner's / their owners' control" (Fiend Hunter, Worldgorger Dragon, Admonition Angel)
_RETURN_EXILED = re.compile(r"when this creature leaves the battlefield, return (?:the exiled cards?|all cards "
                            r"exiled with (?:it|this creature)) to the battlefield under (?:its owner's|their "
                            r"owners') control")
#: 702.72a: "Champion a creature / an Elf / a Goblin or Shaman": its enters trigger acted before the combat (603.6a),
#: the championed card is a card exiled with it (`exiled_cards`) its leaves-the-battlefield trigger returns
_CHAMPION = re.compile(r"champion an? [a-z-]+(?: or [a-z-]+)?")
#: 603.6c, 607.2a, 400.7: "When ~ leaves the battlefield, return the exiled cards to their owner's hand" (Hypnox,
#: Wormfang Behemoth)
_RETURN_EXILED_TO_HAND = re.compile(r"when this creature leaves the battlefield, return the exiled cards? to (?:their "
                                    r"owners?'s?|its owner's) hand")
#: 613.1d, 613.4b: Duplicant's "As long as a card exiled with ~ is a creature card, ~ has the power, toughness, and
#: creature types of the last creature card exiled with ~. It's still a Shapeshifter" (pysolver.files.exiled settles it)
EXILED_CHARACTERISTICS = "exiled_characteristics"
_EXILED_CHARACTERISTICS = ("as long as a card exiled with this creature is a creature card, this creature has the "
                           "power, toughness, and creature types of the last creature card exiled with this creature. "
                           "it's still a shapeshifter")
RETURN_EXILED = "dies_return_exiled"
RETURN_EXILED_TO_HAND = "dies_return_exiled_to_hand"
RETURNS_EXILED = (RETURN_EXILED, RETURN_EXILED_TO_HAND)


def returns_exiled(text: str) -> Ability | None:
    """The leaves-the-battlefield trigger that returns the cards exiled with its source (603.6c, 607.2a, 702.72a) to
    the battlefield or to their owners' hands, from a normalised line, or None; the cards are the permanent's
    `exiled_cards` (docs/situation.md).

    >>> returns_exiled("champion a goblin or shaman"), returns_exiled("champion a goblin and a shaman")
    (Ability(kind='dies_return_exiled', value=None), None)
    >>> returns_exiled("when this creature leaves the battlefield, return the exiled cards to their owner's hand")
    Ability(kind='dies_return_exiled_to_hand', value=None)
    """
    if _RETURN_EXILED_TO_HAND.fullmatch(text):
        return Ability(RETURN_EXILED_TO_HAND)
    if text == _EXILED_CHARACTERISTICS:  # (a static ability, 604.1, read here beside the other exiled cards' lines)
        return Ability(EXILED_CHARACTERISTICS)
    return Ability(RETURN_EXILED) if _RETURN_EXILED.fullmatch(text) or _CHAMPION.fullmatch(text) else None


def _parse_trigger(text: str) -> Ability | None:
    """A combat trigger line (603.2; docs/abilities.md "Combat triggers"), normalised, or None.

    >>> _parse_trigger("bushido 2"), _parse_trigger("exalted")
    (Ability(kind='bushido', value=2), Ability(kind='exalted', value=None))
    >>> _parse_trigger("whenever this creature attacks, it gets +1/+0 until end of turn").term
    'attacks_pump(1,0)'
    >>> _parse_trigger("when this creature dies, it deals 2 damage to any target").term
    'dies_damage(2)'
    >>> _parse_trigger("modular 2").term
    'dies_counters(its,may(artifact_creature))'
    >>> _parse_trigger("when this creature leaves the battlefield, you gain life equal to the number of age "
    ...                "counters on it").term
    'dies_gain(counters(age))'
    >>> _parse_trigger("mentor").term
    'on_target(attacks,target(attacking,lesser_power),counters(1),must)'
    """
    word = text
    exiled = returns_exiled(text)  # 603.6c, 607.2a, 702.72a
    if exiled is not None:
        return exiled
    if word == "mentor":  # 702.134a: an attack trigger with a target (ON_TARGET)
        return Ability(ON_TARGET, MENTOR)
    if word in TRIGGER_KEYWORDS:
        return Ability(TRIGGER_KEYWORDS[word])
    m = _TRIGGER_N.fullmatch(word)
    if m:
        n = NUMBER_WORDS.get(m.group(2), int(m.group(2)) if m.group(2).isdigit() else None)
        return Ability(m.group(1), n) if n is not None and n >= 1 else None
    m = _MODULAR.fullmatch(word)
    if m and _count(m.group(1)):  # 702.43a: its N counters are the file's (603.6a); the death trigger's N is "its"
        return Ability("dies_counters", MODULAR)
    m = _TRIGGER_PUMP.fullmatch(text)
    if m:
        return Ability(_PUMP_KINDS[m.group(1)], (int(m.group(2)), int(m.group(3))))
    for pattern, kind in ((_BATTALION, "battalion_pump"), (_PUMP_EACH, "attacks_pump_each"),
                          (_BLOCKED_BY, "blocked_by_pump"), (_BLOCKS_FLYER, "blocks_flyer_pump")):
        m = pattern.fullmatch(text)
        if m:
            return Ability(kind, (int(m.group(1)), int(m.group(2))))
    m = _STATE_SACRIFICE.fullmatch(text)
    found = _plural_object(m.group(1)) if m else None
    if found is not None and re.fullmatch(r'(land_type\("[^"]+"\)|card_type\(\w+\))', found[1]):
        return Ability("sacrifice_without", found)  # 603.8 (pysolver.files.loader: when it can trigger)
    m = _ENTERS_WATCH.fullmatch(text)
    if m and not m.group("what").startswith("land"):  # (landfall: no land enters at all, an inert line)
        return Ability("enters_watch", m.group("what"))
    m = _TARGETED.fullmatch(text)
    if m:
        return Ability("targeted_watch", "self" if m.group("what") == "this creature" else "any")
    m = _EVENT_WATCH.fullmatch(text)
    if m:  # 603.2 (pysolver.files.loader: when it can trigger)
        event = next(e for e in ("draw", "discard", "sacrifice", "scry") if m.group(e))
        return Ability(f"{event}_watch", _EVENT_WHOSE[m.group("who")])
    m = _UNTAP_WATCH.fullmatch(text)
    if m:  # 603.2e (pysolver.files.loader: when it can trigger)
        return Ability("untap_watch", "self" if m.group("what") == "this creature" else "yours")
    if _RETURN_WATCH.fullmatch(text):  # 603.6c (pysolver.files.loader: when it can trigger)
        return Ability("return_watch", "you")
    m = _PUMP_EACH_TYPE.fullmatch(text)
    ctype = creature_type(m.group(3)) if m else None
    if m and ctype is not None:
        return Ability("attacks_pump_each_type", (int(m.group(1)), int(m.group(2)), ctype))
    m = _DIES.fullmatch(text)
    if m:  # 603.10a, 700.4: a death trigger dealing N damage (120.1)
        word, whom = m.group(1), m.group(2)
        n = NUMBER_WORDS.get(word, int(word) if word.isdigit() and len(word) <= 7 else None)
        return Ability(_DIES_KINDS[whom], n) if n is not None and n >= 1 else None
    m = _DIES_EVENT.fullmatch(text)
    dies = _dies(m.group(1)) if m else None
    if dies is not None:
        return dies
    if text == "whenever this creature becomes blocked by a creature, destroy that creature":  # 509.3d, 701.8a
        return Ability("blocked_destroy")
    m = _ATTACKS_LOSS.fullmatch(text)
    if m:  # 508.3a, 506.2, 102.2
        n = _count(m.group(2))
        kind = "attacks_loss" if m.group(1) == "defending player" else "attacks_opponents_loss"
        return Ability(kind, n) if n else None
    m = _DIES_LIFE.fullmatch(text)
    if m:
        n = _count(m.group(2))
        return Ability("dies_loss" if m.group(1) == "each opponent loses" else "dies_gain", n) if n else None
    m = _DIES_GAIN_COUNTED.fullmatch(text)
    if m and m["name"] not in RULED_COUNTERS and m["name"] != "level":
        return Ability("dies_gain", (f"counters({m['name']})",))  # 122.1: its N counted as it resolves
    m = _OTHER_DIES.fullmatch(text)
    if m:
        effect = next(k for k in ("counters", "loss", "gain") if m.group(k) is not None)
        n = _count(m.group(effect))
        kind = {"counters": "other_dies_counter", "loss": "other_dies_loss", "gain": "other_dies_gain"}[effect]
        return Ability(kind, (_WATCHED[m.group(1)], n)) if n else None
    m = _HIT.fullmatch(text)
    if m:
        return _paid_hit(_HIT_TO[m.group(1)], m.group(2))
    m = _GAINED.fullmatch(text)
    if m:
        return _gained(m.group(1))
    m = _WATCH.fullmatch(text)
    if m:
        return _watch(m.group("who"), m.group("effect"))
    return None


def _watch_scope(who: str) -> str | None:
    """The creatures a watcher watches dying (603.6c), as a scope term, or None.

    >>> _watch_scope("a creature an opponent controls"), _watch_scope("another zombie you control")
    ('opponents', 'typed(another_yours,"zombie")')
    >>> _watch_scope("a creature you control with toughness 4 or greater")
    'at_least(yours,toughness,4)'
    >>> _watch_scope("this creature or another cleric")
    'self_or(typed(another,"cleric"))'
    """
    if who in _SCOPES:
        return _SCOPES[who]
    m = _AT_LEAST_SCOPE.fullmatch(who)
    scope = _watch_scope(m.group("who")) if m else None
    if m and scope is not None:
        return f"at_least({scope},{m.group('stat')},{int(m.group('n'))})"
    m = _SELF_OR_SCOPE.fullmatch(who)
    scope = _watch_scope(m.group("other")) if m else None
    if scope is not None:  # "this creature or another Cleric": itself, whatever its types, or the others
        return f"self_or({scope})"
    m = _TYPED_SCOPE.fullmatch(who)
    kind = creature_type(m.group("type")) if m else None
    if m is None or kind is None:
        return None
    scope = ("another" if m.group("another") == "another" else "all") + ("_yours" if m.group("yours") else "")
    return f'typed({ {"all_yours": "yours"}.get(scope, scope)},"{kind}")'


def _watch(who: str, effect: str) -> Ability | None:
    """A watcher's trigger (603.6c: "Whenever <creatures> die(s), <effect>"), or None. Its value: the scope,
    N (none for tap and untap) and, for "you may" and what it targets (603.5, :data:`DEATH_TARGETS`), a spec.

    >>> [_watch("another creature", e).term for e in ("untap this creature",
    ...  "you may have this creature deal 1 damage to target player")]
    ['other_dies_untap(another)', 'other_dies_damage(another,1,may(player))']
    """
    scope = _watch_scope(who)
    made = token_spec(effect) if scope is not None else None
    if made is not None:  # 111.1: "create …", tokens entering untapped, not attacking
        return Ability("other_dies_create", (scope, made)) if not made.attacking else None
    pump = _self_pump(effect) if scope is not None else None
    if pump is not None:  # 613.4c, 611.2c: "~ gets +X/+Y [and gains <keywords>] until end of turn"
        return Ability("other_dies_pump", (scope, *pump))
    for kind, pattern in _WATCH_EFFECTS if scope is not None else ():
        m = pattern.fullmatch(effect)
        if m is None:
            continue
        if kind in ("other_dies_untap", "other_dies_tap"):
            return Ability(kind, (scope,))
        n = _count(m.group("n"))
        to = m.groupdict().get("to")
        spec = DEATH_TARGETS.get(to) if to else "player" if kind == "other_dies_drain" else "self"
        if not n or spec is None:
            return None
        if m.groupdict().get("may"):
            return Ability(kind, (scope, n, f"may({spec})"))
        return Ability(kind, (scope, n) if spec == "self" else (scope, n, spec))
    return None


def _self_pump(effect: str) -> tuple[int, int, tuple[str, ...]] | None:
    """ "~ gets +X/+Y [and gains <keywords>] until end of turn" (613.4c, 611.2c) read by the effect grammar: X, Y
    and the keywords, or None.

    >>> _self_pump("this creature gets +2/+0 and gains first strike and haste until end of turn")
    (2, 0, ('first_strike', 'haste'))
    """
    try:
        found = _effect(effect, False)
    except ValueError:
        return None
    if not found or any(e.whom != "self" or e.effect not in ("gets", "gains") or e.optional or e.condition
                        for e in found):
        return None
    gets = [(e.power, e.toughness) for e in found if e.effect == "gets"] or [(0, 0)]  # (or "gains <keywords>")
    keywords = tuple(sorted({e.keyword for e in found} - {""}))
    return (*gets[0], keywords) if len(gets) == 1 else None


def _dies(effect: str) -> Ability | None:
    """A death trigger's effect (603.10a; docs/abilities.md "Death triggers"), or None. Its value is N and,
    but for "any target" (the first form read), what it targets or names (:data:`DEATH_TARGETS`), as
    ``may(…)`` for "you may" (603.5: the choice is made as its target is, pysolver.rules.triggers).

    >>> [_dies(e).term for e in ("it deals 2 damage to target creature or player", "it deals 2 damage to you",
    ...  "you may have target creature get -2/-2 until end of turn", "put a +1/+1 counter on target creature")]
    ['dies_damage(2,creature_or_player)', 'dies_damage(2,you)', 'dies_minus(2,may(creature))', \
'dies_counters(1,creature)']
    """
    if effect == "destroy all nonland permanents. they can't be regenerated":  # 701.8a, 701.19c
        return Ability("dies_destroy_all")
    if effect.startswith(_HELLBENT):  # 603.4: "if you have no cards in hand, …" (hellbent), on "-N/-N"
        found = _dies(effect.removeprefix(_HELLBENT))
        if found is None or found.kind != "dies_minus" or not isinstance(found.value, tuple):
            return None
        return Ability("dies_minus", (*found.value, "no_cards_in_hand"))
    counted = _its_count(effect)
    if counted is not None:
        return _its_number(_dies(counted[0]), counted[1])
    made = token_spec(effect)
    if made is not None:  # 111.1, 603.10a: "create …": tokens entering untapped, not attacking
        return Ability("dies_create", made) if not made.attacking else None
    for kind, pattern in _DIES_EFFECTS:
        m = pattern.fullmatch(effect)
        if m is None:
            continue
        n = _count(m.group("n"))
        if kind == "dies_all_loss":
            return Ability(kind, n) if n else None
        if kind == "dies_damage" and m.group("to") == "each opponent" and not m.group("may"):
            return Ability("dies_each_opponent", n) if n else None  # 102.2
        spec = DEATH_TARGETS.get(m.group("to"))
        if not n or spec is None or (m.group("may") and spec in ("you", "each_player")):
            return None
        if spec == "any" and not m.group("may"):
            return Ability(kind, n) if kind == "dies_damage" else None
        return Ability(kind, (n, f"may({spec})" if m.group("may") else spec))
    return None


def _its_count(effect: str) -> tuple[str, str] | None:
    """A death trigger's effect whose number is read from the creature as it last existed (608.2h,
    :data:`_ITS_COUNTS`): the effect as it reads with one, and the number's term, or None.

    >>> _its_count("create x 1/1 white vampire creature tokens with lifelink, where x is this creature's power")
    ('create one 1/1 white vampire creature tokens with lifelink', 'its(power)')
    >>> _its_count("you may put a -1/-1 counter on target creature for each -1/-1 counter on this creature")
    ('you may put a -1/-1 counter on target creature', 'its(counters(-1,-1))')
    """
    for pattern, template in _ITS_COUNTS:
        m = pattern.fullmatch(effect)
        if m is None:
            continue
        if m.groupdict().get("kind") is None:
            return template.format(**m.groupdict()), "its(power)"
        power, toughness = m.group("kind").split("/")
        return template.format(**m.groupdict()), f"its(counters({int(power)},{int(toughness)}))"
    return None


def _its_number(found: Ability | None, term: str) -> Ability | None:
    """`found`, a death trigger read with one (:func:`_its_count`), with that one its number's `term` instead:
    one token for each (111.1), that many counters (122.1a) or that much life lost (119.3); or None.

    >>> _its_number(_dies("put one +1/+1 counters on target creature you control"), "its(counters(1,1))").term
    'dies_counters(its(counters(1,1)),creature_yours)'
    """
    if found is None:
        return None
    if found.kind == "dies_create" and isinstance(found.value, TokenSpec) and found.value.count == 1:
        return Ability("dies_create", replace(found.value, per=term))
    value = found.value
    if found.kind in ("dies_counters", "dies_minus_counters", "dies_target_loss") and isinstance(value, tuple) \
            and value[0] == 1:
        return Ability(found.kind, (term, *value[1:]))
    return None


def _count(word: str) -> int | None:
    """N written as a number, a word from one to twelve or "a" (one), or None; never 0.

    >>> _count("a"), _count("three"), _count("12"), _count("0")
    (1, 3, 12, None)
    """
    n = 1 if word in ("a", "an") else NUMBER_WORDS.get(word, int(word) if word.isdigit() and len(word) <= 7 else None)
    return n if n else None


# 119.9, 702.15b, 702.15e: "Whenever you gain life, <effect>": in combat each source with lifelink that deals
# combat damage is one life gain event of its controller (pysolver.rules.hits; the loader refuses the boards
# where life may be gained otherwise); its value is N (none for "untap ~").
_GAINED = re.compile(r"whenever you gain life, (.+)")
#: the kinds of "Whenever you gain life, …": N +1/+1 counters on it (122.1a), +N/+N until end of turn (613.4c),
#: each opponent loses N life (119.3), untap it (701.26b)
GAINED = ("gained_counters", "gained_pump", "gained_loss", "gained_untap")
_GAINED_EFFECTS = ((re.compile(r"put (\w+) \+1/\+1 counters? on (?:it|this creature)"), "gained_counters"),
                   (re.compile(r"this creature gets \+(\d+)/\+(\d+) until end of turn"), "gained_pump"),
                   (re.compile(r"each opponent loses (\w+) life"), "gained_loss"),
                   (re.compile(r"untap this creature"), "gained_untap"))


def _gained(effect: str) -> Ability | None:
    """A "Whenever you gain life, <effect>" trigger (119.9) of :data:`GAINED`, or None.

    >>> _gained("put two +1/+1 counters on this creature").term, _gained("untap this creature").term
    ('gained_counters(2)', 'gained_untap')
    >>> _gained("this creature gets +1/+0 until end of turn") is None  # (+N/+N only)
    True
    """
    for pattern, kind in _GAINED_EFFECTS:
        m = pattern.fullmatch(effect)
        if m is None:
            continue
        if kind == "gained_untap":
            return Ability(kind)
        n = _count(m.group(1))
        if kind == "gained_pump" and m.group(1) != m.group(2):
            return None
        return Ability(kind, n) if n else None
    return None


def _hit(to: str, effect: str) -> Ability | None:
    """A combat-damage trigger (510.3a) dealt `to` a player, a player or planeswalker, or a creature,
    with its `effect` text, or None if the effect is none of the forms read.

    >>> _hit("player", "put a +1/+1 counter on it").term, _hit("creature", "destroy that creature").term
    ('hit_counters(player,1)', 'hit_destroy(creature)')
    >>> _hit("creature", "that player loses 2 life") is None  # a creature is no player
    True
    """
    for pattern, kind in _HIT_EFFECTS:
        m = pattern.fullmatch(effect)
        if m is None:
            continue
        if (kind == "hit_loss" and to != "player") or (kind in _THAT_CREATURE and to != "creature"):
            return None  # "that player" needs a player, "that creature" a creature
        if kind in _NO_NUMBER:
            return Ability(kind, (to,))
        n = _count(m.group(1))
        return Ability(kind, (to, n)) if n else None
    return None


#: 118.12, 603.5: the combat-damage triggers read after "you may pay {cost}. If you do, …" (their effects only on
#: the source and on players' life: what the game tree's payment as it resolves reaches, pysolver.rules.hits)
PAID_HIT_EFFECTS = ("hit_counters", "hit_loss", "hit_gain")
_MAY_PAY_MANA = re.compile(r"you may pay (?P<cost>(?:\{(?:\d+|[wubrgc])\})+)\. if you do, (?P<effect>.+)")


@dataclass(frozen=True)
class PaidHit:
    """A combat-damage trigger whose effect follows an optional payment of mana (118.12: "you may pay {cost}.
    If you do, <effect>", a cost paid as it resolves, 603.5, 601.2h): the `trigger` it is then (its term the
    encodings read: which triggers, and what it does, 510.3a) and the mana `cost`.

    >>> a = parse_ability_line("Whenever ~ deals combat damage to a player, you may pay {2}{G}. If you do, put six "
    ...                        "+1/+1 counters on ~", "Vorosh")[0]
    >>> a.kind, a.term, str(cast(PaidHit, a.value).cost)
    ('hit_paid', 'hit_counters(player,6)', '{2}{G}')
    """

    trigger: Ability
    cost: Mana

    def term(self, kind: str) -> str:  # noqa: ARG002 (the kind is the trigger's own: one term for the encodings)
        """The term of the trigger it is once paid (``encodings/hits.lp``)."""
        return self.trigger.term


def _paid_hit(to: str, effect: str) -> Ability | None:
    """A combat-damage trigger (:func:`_hit`), or one of :data:`PAID_HIT_EFFECTS` after "you may pay <mana>.
    If you do," (118.12, 603.5: :class:`PaidHit`; not {E}, 107.14, nor {X}, 107.3), or None.

    >>> _paid_hit("player", "you may pay {1}. if you do, you gain 2 life").term
    'hit_gain(player,2)'
    >>> _paid_hit("player", "you may pay {e}. if you do, you gain 2 life") is None
    True
    """
    m = _MAY_PAY_MANA.fullmatch(effect)
    if m is None:
        return _hit(to, effect)
    trigger = _hit(to, m.group("effect"))
    if trigger is None or trigger.kind not in PAID_HIT_EFFECTS:
        return None
    return Ability("hit_paid", PaidHit(trigger, Mana.parse(m.group("cost").upper())))


# ---- Triggers of a priority window: turned face up (708.8), becomes monstrous (701.37b) ----------------
#
# "When ~ is turned face up, <effect>" triggers as a player turns it face up, a special action (116.2b,
# 702.37e); "When ~ becomes monstrous, <effect>" as its monstrosity ability resolves (701.37b). Either is put
# on the stack the next time a player would receive priority (603.3, 117.3c), with its target (603.3d), and
# resolves when both players pass (608.1; pysolver.rules.window_triggers, encodings/window_triggers.lp).

#: the kinds, by the event that triggers them
WINDOW_TRIGGERS = ("turned_face_up", "becomes_monstrous")
_WINDOW_EVENT = re.compile(r"when(?:ever)? this creature (?P<event>is turned face up|becomes monstrous), "
                           r"(?P<effect>.+)")
_WINDOW_KINDS = {"is turned face up": "turned_face_up", "becomes monstrous": "becomes_monstrous"}
# "[another] target <what> [<whose>]" (115.1, 115.4): what a target may be, and whose it must be
_WINDOW_TARGET = re.compile(r"(?P<other>another )?target (?P<what>.+?)(?: (?P<whose>you control|an opponent "
                            r"controls|your opponents control|you don't control))?")
_WHOSE = {None: "all", "you control": "you", "an opponent controls": "opponents",
          "your opponents control": "opponents", "you don't control": "opponents"}
_WINDOW_EFFECTS = (
    (re.compile(r"(?:it|this creature) deals (?P<n>\w+) damage to (?P<whom>.+)"), "damage"),
    (re.compile(r"put (?P<n>\w+) \+1/\+1 counters? on (?P<whom>.+)"), "counters"),
    (re.compile(r"(?P<whom>.+?) gets? (?P<x>[+-]\d+)/(?P<y>[+-]\d+) until end of turn"), "gets"),
    (re.compile(r"(?P<whom>.+?) gains? (?P<k>[a-z ]+) until end of turn"), "gains"),
    (re.compile(r"destroy (?P<whom>.+)"), "destroy"),
    (re.compile(r"regenerate (?P<whom>.+)"), "regenerate"),
    (re.compile(r"(?P<e>tap) (?P<whom>.+)"), ""),
    (re.compile(r"(?P<whom>.+?) can't block this turn"), "cant_block"),  # 509.1b
)
# the players damage reaches without a target (102.2)
_EACH_PLAYER = {"each player": "each_player", "each opponent": "each_opponent"}


@dataclass(frozen=True)
class WindowTrigger:
    """The value of a trigger of a priority window (:data:`WINDOW_TRIGGERS`): what it does (`effect`:
    ``damage`` `amount`, ``counters`` `amount`, ``gets`` +`power`/+`toughness` until end of turn, ``gains``
    `keyword` until end of turn, ``destroy``, ``regenerate``, ``tap``, ``cant_block`` this turn) and to whom
    (`whom`: ``target``, a target of `target` kind — ``any`` (115.4), ``creature`` or ``player`` — of `scope`
    ``all``, ``you`` or ``opponents``, not the source if `other`, of `quality`; ``group``, the creatures
    its controller controls (`scope` ``opponents``: the other players control) of `quality`, not the source if
    `other`; ``each_player``, ``each_opponent``).

    >>> WindowTrigger("damage", "target", amount=2, target="any").term("turned_face_up")
    'turned_face_up(damage(2),target(any,all,each,any))'
    """

    effect: str
    whom: str
    amount: int = 0
    power: int = 0
    toughness: int = 0
    keyword: str = ""
    target: str = "creature"
    scope: str = "all"
    other: bool = False
    quality: Quality = ("any",)

    def term(self, kind: str) -> str:
        """The ASP term ``KIND(Effect,Whom)`` (encodings/window_triggers.lp)."""
        return f"{kind}({self.effect_term},{self.whom_term})"

    @property
    def effect_term(self) -> str:
        """What it does, as an ASP term: ``damage(N)``, ``counters(N)``, ``gets(X,Y)``, ``gains(K)``, ``destroy`` …"""
        return {"damage": f"damage({self.amount})", "counters": f"counters({self.amount})",
                "gets": f"gets({self.power},{self.toughness})", "gains": f"gains({self.keyword})"
                }.get(self.effect, self.effect)

    @property
    def whom_term(self) -> str:
        """Whom it reaches, as an ASP term: ``target(What,Whose,Other,Q)``, ``group(you,Other,Q)``, ``each_player``
        or ``each_opponent``."""
        other = "other" if self.other else "each"
        return {"target": f"target({self.target},{self.scope},{other},{term_text(self.quality)})",
                "group": f"group({'opponents' if self.scope == 'opponents' else 'you'},{other},"
                         f"{term_text(self.quality)})"}.get(self.whom, self.whom)

    @property
    def targeted(self) -> bool:
        """Whether it has a target (115.1)."""
        return self.whom == "target"

    @property
    def may_kill(self) -> bool:
        """Whether a creature may die of it (120.3, 701.8a, 704.5f)."""
        return self.effect in ("damage", "destroy") or (self.effect == "gets" and self.toughness < 0)


def _window_trigger(text: str) -> list[Ability] | None:
    """A trigger of a priority window (normalised), or None.

    >>> [a.term for a in _window_trigger("when this creature is turned face up, put a +1/+1 counter on each other "
    ...                                  "dragon creature you control")]
    ['turned_face_up(counters(1),group(you,other,creature_type("dragon")))']
    >>> _window_trigger("when this creature becomes monstrous, destroy target creature with flying an opponent "
    ...                 "controls")[0].term
    'becomes_monstrous(destroy,target(creature,opponents,each,keyword(flying)))'
    """
    m = _WINDOW_EVENT.fullmatch(text)
    if m is None:
        return None
    for pattern, effect in _WINDOW_EFFECTS:
        e = pattern.fullmatch(m.group("effect"))
        if e is None:
            continue
        found = _window_effect(effect or e.group("e"), e.groupdict())
        return None if found is None else [Ability(_WINDOW_KINDS[m.group("event")], found)]
    return None


def _window_effect(effect: str, groups: dict[str, str]) -> WindowTrigger | None:
    """One effect of a window trigger with its words (`groups`: whom, and N, X/Y or the keyword)."""
    words = groups["whom"]
    if effect == "damage":
        n = _count(groups["n"])
        if n is None:
            return None
        if words in _EACH_PLAYER:
            return WindowTrigger("damage", _EACH_PLAYER[words], amount=n)
        whom = _window_target(words, damage=True)
        return None if whom is None else replace(whom, effect="damage", amount=n)
    whom = _window_target(words) or _window_group(words)
    if whom is None or (whom.whom == "group" and whom.scope == "opponents" and effect != "cant_block"):
        return None  # (the opponents' creatures: only "can't block this turn" is read)
    if effect == "cant_block":  # 509.1b: a target or each creature of a group (cant_block_this_turn)
        return replace(whom, effect=effect)
    if effect == "counters":
        n = _count(groups["n"])
        return None if n is None else replace(whom, effect="counters", amount=n)
    if effect == "gets":
        return replace(whom, effect="gets", power=_signed(groups["x"]), toughness=_signed(groups["y"]))
    if effect == "gains":
        keyword = KEYWORDS.get(groups["k"])
        return None if keyword not in _TRIGGER_GRANTS else replace(whom, effect="gains", keyword=keyword)
    if whom.whom != "target":
        return None  # ("destroy each …", "tap all …": not read)
    return replace(whom, effect=effect)


def _window_target(words: str, damage: bool = False) -> WindowTrigger | None:
    """ "[another] target <what> [you control | an opponent controls]": a creature of a quality (105.2, 205.3m;
    "with <keyword>", "with power N or less"), or, for damage, "any target", "target creature or player"
    (115.4) or "target player"."""
    if damage and words == "any target":
        return WindowTrigger("", "target", target="any")
    m = _WINDOW_TARGET.fullmatch(words)
    if m is None:
        return None
    what, scope, other = m.group("what"), _WHOSE[m.group("whose")], m.group("other") is not None
    if damage and what in ("creature or player", "player") and scope == "all" and not other:
        return WindowTrigger("", "target", target="any" if what == "creature or player" else "player")
    if what == "artifact or enchantment" and scope == "all" and not other:  # (an artifact creature too)
        return WindowTrigger("", "target", target="artifact_or_enchantment")
    quality = _target_creature(what)
    return None if quality is None else WindowTrigger("", "target", scope=scope, other=other, quality=quality)


def _target_creature(words: str) -> Quality | None:
    """The quality of a target creature: "creature", "<color> / non<color> / artifact / <creature type>
    creature", "non-<creature type> creature", each "with <keyword>" or "with power N or less/greater"."""
    base, _, given = words.partition(" with ")
    with_q = _with_quality(given) if given else None
    if given and (with_q is None or with_q[0] == "cmp" and with_q[3][0] != "n"):
        return None
    m = re.fullmatch(r"non-(?P<ctype>[a-z]+) creature", base)
    quality = (("non", ("creature_type", creature_type(m.group("ctype")))) if m and creature_type(m.group("ctype"))
               else _creature_words(base) if base.endswith("creature") else None)
    if quality is None:
        return None
    if with_q is None:
        return quality
    return with_q if quality == ("any",) else ("both", quality, with_q)


def _window_group(words: str) -> WindowTrigger | None:
    """ "each [other] <creature> you control" / "<creatures> you control" (the creatures its controller
    controls as it resolves, 608.2h), "creatures [without <keyword>] your opponents control" (the other players')
    or "~".

    >>> _window_group("creatures without flying your opponents control").whom_term
    'group(opponents,each,non(keyword(flying)))'
    """
    if words in ("it", "this creature"):
        return WindowTrigger("", "group", quality=("self",))
    m = re.fullmatch(r"creatures(?: without (?P<k>[a-z ]+?))? your opponents control", words)
    if m is not None:  # "creatures without flying your opponents control" (Stoneshock Giant)
        keyword = KEYWORDS.get(m.group("k") or "")
        if m.group("k") and keyword is None:
            return None
        return WindowTrigger("", "group", scope="opponents", quality=("non", ("keyword", keyword)) if keyword
                             else ("any",))
    words = re.sub(r"^(each (?:other )?)([a-z-]+) creature you control$", r"\1\2 creatures you control", words)
    group = _whom(words, False, True)
    if group is None or group.whom != "you":
        return None
    return WindowTrigger("", "group", other=group.other, quality=group.quality)


# ---- Static abilities of a permanent: anthems and lords (604.1, 611.3, 613.1f, 613.4c) ----------------
#
# "[Other] <creatures> [you control | your opponents control] get +X/+Y [and have <abilities>]" and
# "... have <abilities>": the creatures an effect covers are read off the battlefield at every moment
# (611.3a). <creatures> is "creatures", "<color> creatures", "non<color> creatures", "colorless" or
# "multicolored creatures", "artifact creatures", "<creature type> creatures" or "<creature types>"
# (205.3m; a changeling is every creature type, 702.73a). The abilities granted (layer 6, 613.1f) are
# keywords, landwalk and protection; the P/T change is layer 7c (613.4c).

# the static ability kinds (pysolver.asp.facts, encodings/statics.lp): of a permanent on others, and of a
# creature on itself as long as, or for each, what its controller controls
STATICS = ("anthem", "grant", "anthem_if", "grant_if", "grant_unless", "anthem_per", "cda", "paired_anthem",
           "paired_grant", "anthem_while", "grant_while", "anthem_each", "anthem_colors")
# a lord's effect as long as a condition holds (604.1, 611.3a: pysolver.model.abilities._lord_while), and a lord's
# +X/+Y for each of what its source counts (anthem_each: _lord_each) or for each color of the creature (anthem_colors)
WHILE_KINDS = {"anthem": "anthem_while", "grant": "grant_while"}
LORD_KINDS = (*WHILE_KINDS.values(), "anthem_each", "anthem_colors")
# The restrictions a static ability may give (508.1c, 509.1b: "<creatures> can't attack", "~ can't block unless
# you control another Zombie", "~ can't attack or block if an enchantment is on the battlefield", "Slivers can't be
# blocked except by Slivers").
RESTRICTIONS_GIVEN = ("cant_attack", "cant_block", "cant_attack_or_block", "attacks_despite_defender",
                      "blocked_only_by")
# 508.1d, 509.1c: the requirements of the declarations (docs/abilities.md); a static ability may give the first
# ("All creatures attack each combat if able", "Creatures you control have haste and attack each combat if able")
REQUIREMENTS = ("lure", "must_be_blocked", "blocks_each_combat", "attacks_each_combat")
REQUIREMENTS_GIVEN = ("attacks_each_combat",)
# Keywords a static ability can grant: not changeling (a characteristic-defining ability of the
# creature itself, 604.3, 702.73a), nor persist and undying (their returns are read off the printed
# card, encodings/outcomes.lp).
UNGRANTED = ("changeling", "persist", "undying")
# 614.12: "protection from the chosen color" until pysolver.model.fields reads the permanent's chosen_color
CHOSEN_COLOR = "chosen_color"
# 613.1f, 702.83a, 702.25a: the triggered keywords a static ability may grant ("Other creatures you control have
# exalted", "All Sliver creatures have flanking"), each granted instance triggering separately (702.83b, 702.25b;
# encodings/triggers.lp).
GRANTED_TRIGGERS = ("exalted", "flanking")
_STATIC = re.compile(r"(?P<other>other )?(?:all )?(?P<who>.+?)(?: with (?P<with>[a-z ]+?))?"
                     r"(?: (?P<scope>you control|your opponents control))?(?: with (?P<with_after>[a-z ]+?))?"
                     r" (?:get (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and have (?P<also>.+))?|have (?P<have>.+)"
                     r"|(?P<cant>can't attack)|(?P<attack>attack each combat if able)"
                     r"|can't be blocked except by (?P<only>.+))")
# 508.1d: "… have <abilities> and attack each combat if able": the requirement of each creature it describes
_AND_ATTACKS = " and attack each combat if able"
_CARD_TYPES = {"artifact": "artifact", "land": "land", "enchantment": "enchantment"}


@dataclass(frozen=True)
class Static:
    """The value of a static ability (604.1): whose creatures (`scope`: all, you, opponents), whether the
    source itself is left out ("other"), which creatures (a quality term), and +X/+Y (an anthem, 613.4c)
    or the ability granted (613.1f, an :class:`Ability`)."""

    scope: str
    other: bool
    quality: str
    power: int = 0
    toughness: int = 0
    granted: Ability | None = None
    # whose objects a count takes: a characteristic-defining ability's you (its controller's) or all; a
    # condition's you, opponents ("as long as an opponent controls …") or all ("if an enchantment is on the
    # battlefield")
    whose: str = "you"
    least: int = 1  # how many objects a condition needs ("as long as you control three or more artifacts")
    most: int | None = None  # or at most how many cards ("as long as you have no cards in hand")
    # the creatures of a lord with a condition (anthem_while, grant_while): (scope, other, quality) as an anthem's,
    # the fields above being its condition's
    group: tuple[str, bool, str] | None = None

    def term(self, kind: str) -> str:
        """The ASP term: ``anthem(Scope,other|each,Q,X,Y)`` or ``grant(Scope,other|each,Q,A)``; for the
        conditional kinds the scope is the kind of object counted (creature, permanent), written
        ``at_least(L,Whose,Kind)`` when the condition needs L objects or an opponent's; a lord with a condition has
        its creatures' ``group(Scope,other|each,Q)`` after the condition."""
        scope = self.scope
        if self.most is not None:
            scope = f"at_most({self.most},{self.whose},{scope})"
        elif kind in ("anthem_if", "grant_if", "grant_unless", "anthem_per", *LORD_KINDS) and (
                self.least, self.whose) != (1, "you"):
            scope = f"at_least({self.least},{self.whose},{scope})"
        head = f"{scope},{'other' if self.other else 'each'},{self.quality}"
        if self.group is not None:
            head += f",group({self.group[0]},{'other' if self.group[1] else 'each'},{self.group[2]})"
        if kind == "cda":
            return f"cda({head},{self.whose},{self.power},{self.toughness})"
        if self.granted is None:
            return f"{kind}({head},{self.power},{self.toughness})"
        return f"{kind}({head},{self.granted.term})"


def granted_kind(a: Ability) -> str | None:
    """The kind of the ability a static ability grants (613.1f), or None.

    >>> granted_kind(parse_ability_line("Creatures you control have first strike", None)[0])
    'first_strike'
    """
    granted = getattr(a.value, "granted", None) if a.kind in STATICS else None
    return getattr(granted, "kind", None)


def declares_only(a: Ability) -> bool:
    """Whether a static ability only restricts the declarations of attackers and blockers (508.1c, 509.1b):
    it changes no power, toughness or ability that combat damage or a state-based action reads, so after the
    declarations it changes nothing (pysolver.rules.combat.has_statics, pysolver.game.fights.decomposes).

    >>> declares_only(parse_ability_line("Creatures can't attack", None)[0])
    True
    """
    return a.kind in STATICS and granted_kind(a) in (*RESTRICTIONS_GIVEN, *REQUIREMENTS_GIVEN)


def requires(a: Ability) -> bool:
    """Whether an ability is a requirement of the declarations (508.1d, 509.1c) or a static ability that gives
    one: the declarations obeying the most of them are chosen (pysolver.rules.declarations).

    >>> [requires(a) for a in parse_ability_line("Creatures you control have haste and attack each combat if able",
    ...                                          None)]
    [False, True]
    """
    return a.kind in REQUIREMENTS or (a.kind in STATICS and granted_kind(a) in REQUIREMENTS_GIVEN)


# 611.3a: the conditions of a creature's abilities on itself that no event of the combat changes: whose turn it is
# (500.1), what is attached to it (301.5, 303.4: nothing attaches or unattaches in the solver's combat), the city's
# blessing (702.131b: pysolver.files.loader refuses a board where ascend could give it).
CONSTANT_CONDITIONS = ("turn(", "attached(", "blessing")


def constant_on_itself(a: Ability) -> bool:
    """Whether a static ability is a creature's on itself with a condition that stays the same all combat long
    (:data:`CONSTANT_CONDITIONS`): what it gives is one of the creature's characteristics from the first state to
    the last, as printed ones are, and changes nothing when another permanent leaves the battlefield (611.3a,
    704.3: the state-based actions need no second check for it).

    >>> constant_on_itself(parse_ability_line("~ gets +2/+2 for each Aura attached to it", None)[0])
    True
    >>> constant_on_itself(parse_ability_line("~ gets +1/+1 as long as you control a Mountain", None)[0])
    False
    """
    value = a.value
    return (a.kind in ("anthem_if", "grant_if", "anthem_per", "grant_unless") and isinstance(value, Static)
            and value.quality == "self" and value.scope.startswith(CONSTANT_CONDITIONS))


def _creatures_quality(who: str) -> str | None:
    """The quality term of the creatures a static ability names ("red creatures", "goblins", "Eldrazi Spawn
    creatures": both qualities, 205.3m), or None.

    >>> _creatures_quality("eldrazi spawn creatures"), _creatures_quality("white knight creatures")
    ('both(creature_type("eldrazi"),creature_type("spawn"))', 'both(color(white),creature_type("knight"))')
    >>> _creatures_quality("green creatures and white creatures")  # either (each creature once)
    'either(color(green),color(white))'
    >>> _creatures_quality("servos and thopters")  # two creature types in the plural (205.3m)
    'either(creature_type("servo"),creature_type("thopter"))'
    >>> _creatures_quality("saproling creatures and other treefolk creatures")  # the second not the source
    'either(creature_type("saproling"),other(creature_type("treefolk")))'
    """
    if who == "creatures":
        return "any"
    either = who.split(" and ")
    if len(either) == 2 and all(part.endswith(" creatures") or " " not in part for part in either):
        first = _creatures_quality(either[0])
        second = _creatures_quality(either[1].removeprefix("other "))
        if not first or not second or "any" in (first, second) or first.startswith("either("):
            return None
        return f"either({first},other({second}))" if either[1].startswith("other ") else f"either({first},{second})"
    words = who.split(" ")
    if len(words) in (2, 3) and words[-1] == "creatures":
        qualities = [_creature_adjective(word) for word in words[:-1]]
        if None in qualities or len(set(qualities)) < len(qualities):
            return None
        return qualities[0] if len(qualities) == 1 else f"both({qualities[0]},{qualities[1]})"
    if len(words) == 1:  # a creature type in the plural ("Goblins"; "Merfolk" is its own plural)
        ctype = creature_type(who)
        return f'creature_type("{ctype}")' if ctype is not None else None
    return None


def _creature_adjective(word: str) -> str | None:
    """The quality of one word before "creatures" (a color, a card type, a creature type, …), or None."""
    if word in ("attacking", "face-down", "commander"):  # 508.1k, 506.4; 708.2a; 903.3
        return word.replace("-", "_")
    if word in COLORS:
        return f"color({word})"
    if word.startswith("non") and word[3:] in COLORS:
        return f"noncolor({word[3:]})"
    if word in ("colorless", "multicolored"):
        return word
    if word in _CARD_TYPES:
        return f"card_type({_CARD_TYPES[word]})"
    if word.startswith("non-") and creature_type(word[4:]) == word[4:]:  # "non-Eye creatures" (205.3m)
        return f'noncreature_type("{word[4:]}")'
    ctype = creature_type(word)
    return f'creature_type("{ctype}")' if ctype is not None and ctype == word else None


def _granted(text: str, players: frozenset[str]) -> list[Ability] | None:
    """The abilities "… have A, B and C" grants (keywords, landwalk, protection: "protection from artifacts and from
    all colors" is one line), or None."""
    parts = [p for p in re.split(r",? and (?!from )|, (?!from )", text) if p]
    found: list[Ability] = []
    for part in parts:
        parsed = _parse_single(part, players) if not part.startswith(("this creature", "other")) else None
        if parsed is None or any(a.kind not in (*KEYWORDS.values(), "landwalk", "protection", *GRANTED_TRIGGERS)
                                 or a.kind in UNGRANTED for a in parsed):
            return None
        found += parsed
    return found


def _static(text: str, players: frozenset[str]) -> list[Ability] | None:
    """An anthem or lord line (normalised), or None.

    >>> [a.term for a in _static("other goblin creatures you control get +1/+1 and have haste", frozenset())]
    ['anthem(you,other,creature_type("goblin"),1,1)', 'grant(you,other,creature_type("goblin"),haste)']
    >>> [a.term for a in _static("creatures your opponents control get -1/-0", frozenset())]
    ['anthem(opponents,each,any,-1,0)']
    >>> _static("elves you control have flying and trample", frozenset())[1].term
    'grant(you,each,creature_type("elf"),trample)'
    >>> _static("non-eye creatures you control can't attack", frozenset())[0].term  # 508.1c, as granted
    'grant(you,each,noncreature_type("eye"),cant_attack)'
    >>> _static("creatures with flying your opponents control get -1/-1", frozenset())[0].term
    'anthem(opponents,each,keyword(flying),-1,-1)'
    >>> _static("slivers can't be blocked except by slivers", frozenset())[0].term  # 509.1b, as granted
    'grant(all,each,creature_type("sliver"),blocked_only_by(creature_type("sliver")))'
    """
    m = _STATIC.fullmatch(text)
    if m is None:
        return None
    quality = _creatures_quality(m.group("who"))
    keyword = m.group("with") or m.group("with_after")
    if keyword is not None:  # "creatures with flying": of their own keyword (pysolver.files.loader), +X/+Y only
        if KEYWORDS.get(keyword) is None or m.group("x") is None or m.group("also") is not None or quality is None:
            return None
        having = f"keyword({KEYWORDS[keyword]})"
        quality = having if quality == "any" else f"both({quality},{having})"
    if quality is None:
        return None
    scope = SCOPES[m.group("scope")]
    other = m.group("other") is not None
    out: list[Ability] = []
    if m.group("x") is not None:
        x, y = _number(m.group("x").lstrip("+-")), _number(m.group("y").lstrip("+-"))
        if x is None or y is None:
            return None
        sign = {"+": 1, "-": -1}
        out.append(Ability("anthem", Static(scope, other, quality, sign[m.group("x")[0]] * x,
                                            sign[m.group("y")[0]] * y)))
    have = m.group("also") or m.group("have")
    attacks = m.group("attack") is not None or (have is not None and have.endswith(_AND_ATTACKS))
    if have is not None:
        granted = _granted(have.removesuffix(_AND_ATTACKS), players)
        if granted is None:
            return None
        out += [Ability("grant", Static(scope, other, quality, granted=a)) for a in granted]
    if m.group("cant"):  # 508.1c: the restriction on each creature it describes, read as a granted one
        out.append(Ability("grant", Static(scope, other, quality, granted=Ability("cant_attack"))))
    if m.group("only"):  # 509.1b: "Slivers can't be blocked except by Slivers", each one's restriction
        only = _parse_single(f"this creature can't be blocked except by {m.group('only')}", players)
        if only is None or [a.kind for a in only] != ["blocked_only_by"]:
            return None
        out.append(Ability("grant", Static(scope, other, quality, granted=only[0])))
    if attacks:  # 508.1d: the requirement of each creature it describes, read as a granted one
        out.append(Ability("grant", Static(scope, other, quality, granted=Ability("attacks_each_combat"))))
    return out


# 613.1f: a static ability granting a quoted ability (the quoted "this creature" is each grantee) that changes no
# result on the boards pysolver.files.loader admits, read as the source's own: a triggered ability that only an
# ability that targets or a creature entering the battlefield could set off ('Sliver creatures you control have
# "When this creature enters the battlefield, …"', 'As long as …, ~ gets +2/+2 and has "When ~ becomes the target
# of a spell or ability, sacrifice it."': the watchers of the unset triggers, refused on any board where one could
# trigger, whoever is granted it and whether a condition holds), and a mana or hidden-zone ability costing only {T}
# ('Sliver creatures you control have "{T}: Add one mana of any color."', 605.1a: granted_mana; a soulbond pair's
# "{T}: Target player mills two cards", 121.1: granted_hidden), refused where its mana could be spent, the cards it
# moves be counted, or tapping a creature could matter (a requirement, 509.1c; "as long as it's untapped", 110.5);
# elsewhere tapping only takes choices away, as a printed one's (pysolver.rules.activated.offered).
_QUOTED_GRANT = re.compile(r'(?P<head>.+?) (?:(?P<also>and )?has|have) "(?P<ability>[^"]+?)\.?"')
_GRANTED_ENTERS = re.compile(r"when(?:ever)? this creature enters(?: the battlefield)?, .+")


def _granted_unset(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A grant of a quoted "enters" trigger (to a group), {T} mana or hidden-zone ability (to a group or a soulbond
    pair) or "becomes the target" trigger, or None.

    >>> [a.term for a in _granted_unset('sliver creatures you control have "when this creature enters the '
    ...                                 'battlefield, you gain 1 life."', frozenset())]
    ['enters_watch("sliver creatures you control")']
    >>> [a.term for a in _granted_unset('as long as seven or more cards are in your graveyard, this creature gets '
    ...     '+2/+2 and has "when this creature becomes the target of a spell or ability, sacrifice it."', frozenset())]
    ['anthem_if(at_least(7,you,cards(graveyard)),each,self,2,2)', 'targeted_watch("self")']
    >>> [a.term for a in _granted_unset('creatures you control have "{t}: add {g}."', frozenset())]
    ['granted_mana("creatures you control")']
    >>> [a.term for a in _granted_unset('as long as this creature is paired with another creature, each of those '
    ...                                 'creatures has "{t}: target player mills two cards."', frozenset())]
    ['granted_hidden("paired")']
    """
    m = _QUOTED_GRANT.fullmatch(text)
    if m is None:
        return None
    head, ability, also = m.group("head"), m.group("ability"), m.group("also") is not None
    group = not also and _static(f"{head} have flying", players) is not None  # (the grantees' words, 613.1f)
    own = [] if head == "this creature" else _parse_single(head if also else f"{head} has flying", players)
    paired = not also and own is not None and [a.kind for a in own] == ["paired_grant"]  # (702.95b: both creatures)
    if not (group or paired) and (own is None or any(a.kind not in ("anthem_if", "grant_if") for a in own)):
        return None
    watched = _TARGETED.fullmatch(ability)
    if watched is not None and watched.group("what") == "this creature":
        granted = Ability("targeted_watch", "any" if group else "self")
    elif group and _GRANTED_ENTERS.fullmatch(ability):
        granted = Ability("enters_watch", head)
    elif (group or paired) and _taps_only(ability) is not None:
        granted = Ability(GRANTED_TAPS[cast(str, _taps_only(ability))], "paired" if paired else head)
    else:
        return None
    return [*([] if group or not also else own or []), granted]


# 613.1f, 404.1, 207.2c (threshold): "As long as seven or more cards are in your graveyard, ~ [gets +X/+Y and] has
# "<activated ability>"" (or "as long as you control a Demon"): a grant_if whose granted ability is the creature's
# own activated ability while the count holds. pysolver.files.loader settles it from the board (a graveyard count
# never falls below the stated one in combat and grows by at most the cards its controller owns on the board, 700.4;
# no Demon can appear where none could be one): the ability itself, none, or the board refused.
def _granted_while(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A creature's quoted activated ability granted to itself as long as a graveyard count or a permanent of a
    creature type holds, or None.

    >>> [a.term for a in _granted_while('as long as seven or more cards are in your graveyard, this creature gets '
    ...     '+3/+3 and has "{r}: this creature gets +1/+0 until end of turn."', frozenset())][1]
    'grant_if(at_least(7,you,cards(graveyard)),each,self,pump(1,0))'
    """
    m = _QUOTED_GRANT.fullmatch(text)
    if m is None or not m.group("head").startswith("as long as "):
        return None
    own = _parse_single(f"{m.group('head')} {'and has' if m.group('also') else 'has'} flying", players)
    inner = _parse_single(m.group("ability"), players)
    if own is None or inner is None or len(inner) != 1 or own[-1].kind != "grant_if" or not while_counted(
            replace(cast(Static, own[-1].value), granted=inner[0])):
        return None
    return [*own[:-1], Ability("grant_if", replace(cast(Static, own[-1].value), granted=inner[0]))]


# 613.1f, 611.3a: "All Slivers have "<ability>"", "All Sliver creatures have "<ability>"", "Other Zombies have
# "<ability>"", "Each creature you control is a Vampire in addition to its other creature types and has "<ability>""
# (205.1b: the type added too): a static ability granting each permanent of a creature type on the battlefield (its
# source too, if it is of the type and not "other") a quoted activated
# ability, damage trigger or conditional P/T change whose "this creature" / "this permanent" is the grantee.
# pysolver.files.group_grants settles it at load into each grantee's own abilities, and refuses the boards where
# what a grantee has could change during the combat (a source leaving the battlefield while a grantee may still use
# its instance, a permanent joining the group, an object turned face up).
GROUP_GRANT = "group_grant"
_GROUP_HEAD = re.compile(r"(?:all |(?P<other>other ))(?P<type>[a-z-]+)(?: creatures)?")
_TYPED_HEAD = re.compile(r"each creature you control is an? (?P<type>[a-z-]+) in addition to its other creature types")
_THIS_PERMANENT = re.compile(r"\bthis (?:permanent|creature)\b")


def _group_granted(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A group's grant of a quoted ability (:data:`GROUPED_KINDS`) to each permanent of a creature type, or None.

    >>> [a.term for a in _group_granted('all slivers have "{b}: regenerate this permanent."', frozenset())]
    ['group_grant(all,each,creature_type("sliver"),regenerate)']
    >>> [a.term for a in _group_granted('other zombies have "{b}: regenerate this permanent."', frozenset())]
    ['group_grant(all,other,creature_type("zombie"),regenerate)']
    >>> _group_granted('each creature you control is a vampire in addition to its other creature types and has '
    ...                '"whenever this creature deals damage to a creature, put a +1/+1 counter on this creature."',
    ...                frozenset())[0].value.added_type
    'vampire'
    >>> _group_granted('all sliver creatures have "{2}: this creature gets +1/+1 until end of turn."',
    ...                frozenset())[0].term
    'group_grant(all,each,creature_type("sliver"),pump(1,1))'
    """
    m = _QUOTED_GRANT.fullmatch(text)
    head = _GROUP_HEAD.fullmatch(m.group("head")) if m is not None and not m.group("also") else None
    typed = _TYPED_HEAD.fullmatch(m.group("head")) if m is not None and m.group("also") else None
    if m is None or (head or typed) is None:
        return None
    inner = _parse_single(_THIS_PERMANENT.sub("this creature", m.group("ability")), players)
    if inner is None or len(inner) != 1 or grouped_kind(inner[0]) is None:
        return None
    if typed is not None:  # 205.1b: each creature its controller controls is also of the type (layer 4, 613.1d)
        added = creature_type(typed.group("type"))
        return [Ability(GROUP_GRANT, GroupGrant("you", False, "any", granted=inner[0], added_type=added))] \
            if added is not None else None
    ctype = creature_type(cast(re.Match[str], head).group("type"))
    other = cast(re.Match[str], head).group("other") is not None
    return [Ability(GROUP_GRANT, Static("all", other, f'creature_type("{ctype}")', granted=inner[0]))] \
        if ctype is not None else None


@dataclass(frozen=True)
class GroupGrant(Static):
    """A group grant (:func:`_group_granted`) that also makes each creature of the group of a creature type in
    addition to its others (205.1b, 613.1d: "Each creature you control is a Vampire in addition to its other creature
    types and has …"): `added_type`."""

    added_type: str | None = None


#: the kinds of ability a group may be granted (:func:`_group_granted`): activated ones (602; several instances of
#: one are one choice, but for one activated only N times each turn, 602.5b), damage triggers (603.2: each instance
#: triggers) and a P/T change as long as a permanent is controlled (611.3a, 613.4c: each instance applies), and a
#: would-die replacement that an outcome lists alike whether it applies or not (614.6, 700.4: DIES_INSTEAD, refused
#: where not dying could change a result)
GROUPED_KINDS = {"activated": frozenset((*ACTIVATED, *ACTIVATED_KINDS)) - {"create", "monstrosity"},
                 "instances": frozenset(("is_dealt_damage", "deals_damage", "anthem_if")),
                 "alike": frozenset((DIES_INSTEAD,))}


def grouped_kind(a: Ability) -> str | None:
    """How a granted ability counts (a key of :data:`GROUPED_KINDS`), or None if a group may not be granted it.

    >>> grouped_kind(Ability("regenerate")), grouped_kind(Ability("flying"))
    ('activated', None)
    """
    anthem = not isinstance(a.value, Static) or a.value.scope in ("permanent", "creature")
    key = next((key for key, kinds in GROUPED_KINDS.items() if a.kind in kinds and anthem), None)
    # 602.5b: instances of an ability activated only N times each turn are activated N times each
    return "instances" if key == "activated" and getattr(a.value, "limit", None) is not None else key


# 301.5, 303.4, 613.1f: "As long as ~ is enchanted, it gets +2/+2, has trample, and has "{R}: ~ gets +1/+0 until end
# of turn."": the creature's own activated ability as long as an Aura (an Equipment) is attached to it, which no event
# of the combat changes (CONSTANT_CONDITIONS): pysolver.files.group_grants settles it at load from the board's
# `auras_attached` / `equipment_attached` (the ability itself or none).
_ATTACHED_GRANT = re.compile(r'as long as this creature is (?P<what>enchanted|equipped), it (?:gets (?P<x>[+-]\d+)/'
                             r'(?P<y>[+-]\d+)(?:, has (?P<has>[^",]+),)? and )?has "(?P<ability>[^"]+?)\.?"')


def _granted_attached(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A creature's quoted activated ability (and +X/+Y, keywords) as long as it is enchanted or equipped, or None.

    >>> [a.term for a in _granted_attached('as long as this creature is enchanted, it gets +2/+2, has trample, and '
    ...                                    'has "{r}: this creature gets +1/+0 until end of turn."', frozenset())]
    ['anthem_if(attached(aura),each,self,2,2)', 'grant_if(attached(aura),each,self,trample)', \
'grant_if(attached(aura),each,self,pump(1,0))']
    """
    m = _ATTACHED_GRANT.fullmatch(text)
    inner = _parse_single(m.group("ability"), players) if m is not None else None
    if m is None or inner is None or len(inner) != 1 or grouped_kind(inner[0]) != "activated":
        return None
    condition = Static(ATTACHED[m.group("what")], False, "self")
    own = [Ability("anthem_if", replace(condition, power=_signed(m.group("x")), toughness=_signed(m.group("y"))))] \
        if m.group("x") else []
    granted = _granted(m.group("has"), players) if m.group("has") else []
    if granted is None:
        return None
    return [*own, *(Ability("grant_if", replace(condition, granted=a)) for a in granted),
            Ability("grant_if", replace(condition, granted=inner[0]))]


def attached_grant(a: Ability) -> bool:
    """Whether `a` is a creature's activated ability of its own as long as it is enchanted or equipped
    (:func:`_granted_attached`)."""
    value = a.value
    return a.kind == "grant_if" and isinstance(value, Static) and value.scope.startswith("attached(") \
        and value.granted is not None and grouped_kind(value.granted) == "activated"


def while_counted(effect: Static) -> bool:
    """Whether a static ability grants its creature an activated ability of its own (a pump, regeneration or an
    ability of pysolver.rules.activated) as long as its controller's graveyard holds N or more cards, or as long as
    it controls a permanent of a creature type ("as long as you control a Demon")."""
    granted = effect.granted
    counted = (effect.scope, effect.whose, effect.most) == ("cards(graveyard)", "you", None) or (
        effect.scope in ("permanent", "creature") and (effect.whose, effect.least, effect.most) == ("you", 1, None)
        and effect.quality.startswith("creature_type("))
    return granted is not None and (granted.kind in ACTIVATED or granted.kind in COMBAT_ABILITIES) and counted


#: The kinds of a granted ability whose only cost is {T} and whose only effect in combat is that cost
#: (:data:`COST_ONLY`): a mana ability (605.1a) or one that acts in hidden zones only (121.1).
GRANTED_TAPS = {"tap_mana": "granted_mana", "tap_hidden": "granted_hidden"}


def _taps_only(text: str) -> str | None:
    """The kind of `text` if it is an ability of :data:`COST_ONLY` whose only cost is {T} (602.5a), or None.

    >>> _taps_only("{t}: add one mana of any color"), _taps_only("{1}, {t}: add {g}{g}")
    ('tap_mana', None)
    """
    parsed = _cost_only(text) if text.startswith("{t}: ") else None
    ability = parsed[0].value if parsed and len(parsed) == 1 and parsed[0].kind in COST_ONLY else None
    if not isinstance(ability, CombatAbility) or ability.cost.total or ability.extra != Cost(tap=True):
        return None
    return cast(list[Ability], parsed)[0].kind


# 303.4b, 702.103: "Enchanted creature gets +X/+Y [and has <abilities>]" of a creature card with bestow: on the
# battlefield as a creature it is attached to nothing (303.4d: an Aura that is also a creature can't enchant
# anything; 702.103f), so the effect applies to no object (611.3a); a permanent with it that is no creature
# would be an Aura attached to something, which is refused (pysolver.files.loader). Its value is (X, Y).
_ENCHANTED = re.compile(r"enchanted creature gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and has (?P<also>.+))?")


def _enchanted(text: str, players: frozenset[str]) -> list[Ability] | None:
    """ "Enchanted creature gets +X/+Y [and has <abilities>]", or None.

    >>> _enchanted("enchanted creature gets +1/+1 and has double strike", frozenset())[0].term
    'enchanted_pump(1,1)'
    """
    m = _ENCHANTED.fullmatch(text)
    if m is None or (m.group("also") is not None and _granted(m.group("also"), players) is None):
        return None
    return [Ability("enchanted_pump", (_signed(m.group("x")), _signed(m.group("y"))))]


# ---- Static abilities of a creature on itself, with a condition the board states (604.1, 611.3a) ------
#
# "~ gets +X/+Y [and has <abilities>] as long as you control a/an/another <object>", "~ has <abilities>
# as long as you control ...", the same with "As long as you control ..., ~ ..." first, with "N or more
# <objects>" (metalcraft, 207.2c), "an opponent controls a/an <object>" or (+X/+Y only) "no opponent controls
# a/an <object>" (at most 0 among the opponents' objects), and "~ gets +X/+Y for each
# [other] <object> you control". <object>: creature, <color> creature, artifact creature, <color>
# permanent, artifact, enchantment, land, <creature type>, <land type>, and two of one kind joined by
# "or" ("another Merfolk or an Island", "a red or white permanent").

_GETS = r"this creature gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and has (?P<also>.+?)| and (?P<cant>can't block))?"
_HAS = r"this creature has (?P<have>.+?)"
_AS_LONG_AS = (r"as long as (?P<whose>you control|an opponent controls|no opponent controls) "
               r"(?:(?P<article>a|an|another) (?P<object>.+?)|"
               r"(?P<least>\w+) or more (?P<objects>.+?)|(?P<yours>your commander))")
# 609.4, 702.3b: "~ can attack as though it didn't have defender" (while the condition holds), granted as
# `attacks_despite_defender`, which only the declaration of attackers reads (encodings/attacks.lp).
_DESPITE = r"this creature (?P<despite>can attack as though it didn't have defender)"
DESPITE_DEFENDER = "attacks_despite_defender"
_CONDITIONAL = [re.compile(rf"(?:{_GETS}|{_HAS}|{_DESPITE}) {_AS_LONG_AS}"),
                re.compile(rf"{_AS_LONG_AS}, (?:{_GETS}|{_HAS})")]
_FOR_EACH = re.compile(r"this creature gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+) for each (?P<other>other )?"
                       r"(?P<object>.+?) (?P<where>you control|on the battlefield)")
_OBJECT_TYPES = ("artifact", "enchantment", "land")
# 903.3, 903.3d: "as long as you control your commander": a permanent that is a commander (the file's `commander`)
# whose owner, its controller, is the ability's controller
YOUR_COMMANDER = ("permanent", "your_commander")


def _object(text: str) -> tuple[str, str] | None:
    """The kind (creature, permanent) and quality of an object a condition counts, or None.

    >>> _object("red creature"), _object("swamp"), _object("artifact")
    (('creature', 'color(red)'), ('permanent', 'land_type("swamp")'), ('permanent', 'card_type(artifact)'))
    """
    either = re.fullmatch(r"(?P<a>\w+) or (?P<b>\w+) (?P<kind>creature|permanent)", text)
    if either and either["a"] in COLORS and either["b"] in COLORS:  # "a red or white permanent"
        return either["kind"], f"either(color({either['a']}),color({either['b']}))"
    parts = re.split(r" or (?:an? )?", text, maxsplit=1)
    if len(parts) == 2:  # "another Merfolk or an Island": one object of either, counted once
        first, second = _object(parts[0]), _object(parts[1])
        if first is None or second is None or first[0] != second[0]:
            return None
        return first[0], f"either({first[1]},{second[1]})"
    words = text.split(" ")
    if text == "creature":
        return "creature", "any"
    if len(words) == 2 and words[1] in ("creature", "permanent") and words[0] in COLORS:
        return words[1], f"color({words[0]})"
    if text == "artifact creature":
        return "creature", "card_type(artifact)"
    if text in _OBJECT_TYPES:
        return "permanent", f"card_type({text})"
    if text in ("aura", "equipment"):  # 205.3g, 205.3h: an artifact or enchantment type
        return "permanent", f'subtype("{text}")'
    if len(words) == 2 and words[1] == "planeswalker" and words[0].isalpha():  # 205.3j: a planeswalker type ("a
        return "permanent", f'subtype("{words[0]}")'  # Nissa planeswalker"), which only planeswalkers have (205.3d)
    if text == "face-down creature":  # 708.2a
        return "creature", "face_down"
    if len(words) == 1 and text in type_lists()[1]:
        return "permanent", f'land_type("{text}")'
    if len(words) == 1 and creature_type(text) == text:
        return "permanent", f'creature_type("{text}")'
    return None


_ATTACKING = [re.compile(rf"(?:{_GETS}|{_HAS}) as long as it's attacking"),
              re.compile(r"as long as this creature is attacking, it "
                         r"(?:gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and has (?P<also>.+?))?|has (?P<have>.+?))")]


_EACH_ATTACKING = re.compile(r"this creature gets \+(?P<x>\d+)/\+(?P<y>\d+) for each other attacking creature")


_MONSTROUS = [re.compile(rf"(?:{_GETS}|{_HAS}) as long as it's monstrous"),
              re.compile(r"as long as this creature is monstrous, it "
                         r"(?:gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and has (?P<also>.+?))?|has (?P<have>.+?))")]


def _while_monstrous(text: str, players: frozenset[str]) -> list[Ability] | None:
    """ "As long as ~ is monstrous, it has <abilities> / gets +X/+Y" (701.37b): the condition is its own (kind
    `monstrous`, quality `self`), the permanent's state (`monstrous`). Only X, Y >= 0.

    >>> [a.term for a in _while_monstrous("as long as this creature is monstrous, it has hexproof and "
    ...                                   "indestructible", frozenset())]
    ['grant_if(monstrous,each,self,hexproof)', 'grant_if(monstrous,each,self,indestructible)']
    """
    m = next((m for pattern in _MONSTROUS if (m := pattern.fullmatch(text))), None)
    if m is None:
        return None
    return _gets_and_has(m, players, "anthem_if", "grant_if", partial(Static, "monstrous", False, "self"),
                         gains_only=True)


def _while_attacking(text: str, players: frozenset[str]) -> list[Ability] | None:
    """ "~ gets +X/+Y [and has <abilities>] as long as it's attacking" and the like (508.1k): the
    condition is its own (kind `attacking`, quality `self`), read off the declared attackers. Only
    X, Y >= 0 (a toughness lost on attacking would need state-based actions after the declaration).

    >>> [a.term for a in _while_attacking("this creature has first strike as long as it's attacking", frozenset())]
    ['grant_if(attacking,each,self,first_strike)']
    >>> [a.term for a in _while_attacking("this creature gets +1/+0 for each other attacking creature", frozenset())]
    ['anthem_per(attacker,other,any,1,0)']
    """
    m = _EACH_ATTACKING.fullmatch(text)
    if m is not None:  # 506.4: a creature removed from combat (here: that left the battlefield) stops counting
        x, y = _signed(m.group("x")), _signed(m.group("y"))
        return [Ability("anthem_per", Static("attacker", True, "any", x, y))]
    m = next((m for pattern in _ATTACKING if (m := pattern.fullmatch(text))), None)
    if m is None:
        return None
    return _gets_and_has(m, players, "anthem_if", "grant_if", partial(Static, "attacking", False, "self"),
                         gains_only=True)


def _conditional(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A creature's static ability on itself with a condition the board states (normalised), or None.

    >>> [a.term for a in _conditional("this creature gets +1/+1 as long as you control another goblin", frozenset())]
    ['anthem_if(permanent,other,creature_type("goblin"),1,1)']
    >>> [a.term for a in _conditional("as long as you control a red creature, this creature has haste", frozenset())]
    ['grant_if(creature,each,color(red),haste)']
    >>> [a.term for a in _conditional("this creature gets +1/+0 for each other elf you control", frozenset())]
    ['anthem_per(permanent,other,creature_type("elf"),1,0)']
    >>> [a.term for a in _conditional("this creature gets +2/+2 as long as you control three or more artifacts",
    ...                               frozenset())]
    ['anthem_if(at_least(3,you,permanent),each,card_type(artifact),2,2)']
    >>> [a.term for a in _conditional("this creature has haste as long as an opponent controls a human", frozenset())]
    ['grant_if(at_least(1,opponents,permanent),each,creature_type("human"),haste)']
    """
    attacking = _while_attacking(text, players) or _while_monstrous(text, players) or _defining(text) \
        or _with_counters(text, players)
    if attacking is not None:
        return attacking
    m = _FOR_EACH.fullmatch(text)
    found = _object(m.group("object")) if m else None
    if m is not None and found is not None:
        x, y = _signed(m.group("x")), _signed(m.group("y"))
        whose = "you" if m.group("where") == "you control" else "all"
        return [Ability("anthem_per", Static(found[0], m.group("other") is not None, found[1], x, y, whose=whose))]
    zone = _zone_conditional(text, players) or _state_conditional(text, players) or _attached(text)
    if zone is not None:
        return zone
    m = next((m for pattern in _CONDITIONAL if (m := pattern.fullmatch(text))), None)
    if m is None or m.group("cant"):
        return None
    whose = "you" if m.group("whose") == "you control" else "opponents"
    most = 0 if m.group("whose") == "no opponent controls" else None  # none of them: at most 0
    least = _number(m.group("least")) if m.group("least") else 1
    found = _object(m.group("object")) if m.group("object") else _plural_object(m.group("objects")) \
        if m.group("objects") else YOUR_COMMANDER if whose == "you" and most is None else None
    # "an opponent controls": one opponent's objects, so only "a"/"an" (with more opponents, three
    # among them all is not "an opponent controls three")
    if found is None or least is None or least < 1 or whose == "opponents" and m.group("article") not in ("a", "an"):
        return None
    if most is not None and (m.group("x") is None or m.group("least")):  # (+X/+Y of "no opponent controls a/an")
        return None
    kind, quality = found
    other = m.group("article") == "another"
    if m.groupdict().get("despite"):  # 609.4: "~ can attack as though it didn't have defender as long as …"
        return [Ability("grant_if", Static(kind, other, quality, granted=Ability(DESPITE_DEFENDER), whose=whose,
                                           least=least))]
    return _gets_and_has(m, players, "anthem_if", "grant_if",
                         partial(Static, kind, other, quality, whose=whose, least=least, most=most))


# 402.1, 404.1: conditions on the cards in a hand or graveyard, which the players' `hand` and `graveyard` state
# (docs/situation.md): "as long as seven or more cards are in your graveyard" (threshold, 207.2c), "as long as an
# opponent has ten or more cards in his or her graveyard", "as long as you have no cards in hand" (hellbent), "…
# seven or more cards in hand", "… one or fewer cards in hand"; the scope cards(hand) or cards(graveyard) of the
# controller (you) or of some opponent (opponents), at_least(L,…) or at_most(M,…).
_ZONE = (r"(?:(?P<gl>\w+) or more cards are in your graveyard|there are (?P<tl>\w+) or more cards in your graveyard"
         r"|(?P<who>you have|an opponent has) (?:(?P<least>\w+) or more|(?P<no>no)|(?P<most>\w+) or fewer) cards "
         r"in (?:(?P<hand>hand)|(?:his or her|their) graveyard))")
_ZONE_CONDITIONAL = [re.compile(rf"(?:{_GETS}|{_HAS}) as long as {_ZONE}"),
                     re.compile(rf"as long as {_ZONE}, (?:{_GETS}|{_HAS})"),
                     re.compile(rf"this creature can't (?P<what>attack|block|attack or block) unless {_ZONE}")]


def _zone_condition(m: re.Match[str]) -> Static | None:
    """The condition of a zone line as a :class:`Static` (its granted ability and +X/+Y left out), or None."""
    found = m.groupdict()
    if found["gl"] or found["tl"]:
        least = _number(found["gl"] or found["tl"])
        return Static("cards(graveyard)", False, "self", whose="you", least=least) if least else None
    whose = "you" if found["who"] == "you have" else "opponents"
    scope = "cards(hand)" if found["hand"] else "cards(graveyard)"
    if found["least"]:
        least = _number(found["least"])
        return Static(scope, False, "self", whose=whose, least=least) if least else None
    most = 0 if found["no"] else _number(found["most"])
    return Static(scope, False, "self", whose=whose, most=most) if most is not None else None


def _zone_conditional(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A creature's ability on itself with a condition on the cards in a hand or graveyard, or None.

    >>> [a.term for a in _zone_conditional("this creature gets +2/+2 as long as seven or more cards are in your "
    ...                                    "graveyard", frozenset())]
    ['anthem_if(at_least(7,you,cards(graveyard)),each,self,2,2)']
    >>> [a.term for a in _zone_conditional("this creature has shadow as long as you have no cards in hand",
    ...                                    frozenset())]
    ['grant_if(at_most(0,you,cards(hand)),each,self,shadow)']
    """
    m = next((m for pattern in _ZONE_CONDITIONAL if (m := pattern.fullmatch(text))), None)
    condition = _zone_condition(m) if m else None
    if m is None or condition is None:
        return None
    found = m.groupdict()
    if found.get("what"):
        return [Ability("grant_unless", replace(condition, granted=Ability(_RESTRICTED[found["what"]])))]
    out: list[Ability] = []
    if found.get("x") is not None:
        out.append(Ability("anthem_if", replace(condition, power=_signed(found["x"]), toughness=_signed(found["y"]))))
    if found.get("cant"):
        out.append(Ability("grant_if", replace(condition, granted=Ability("cant_block"))))
    have = found.get("also") or found.get("have")
    if have is not None:
        granted = _granted(have, players)
        if granted is None:
            return None
        out += [Ability("grant_if", replace(condition, granted=a)) for a in granted]
    return out


# The state of the game as a condition, read at every moment (611.3a): "as long as it's [not] your turn" (whose
# turn it is does not change in a combat, 500.1), "as long as there are four or more card types among cards in
# your graveyard" (delirium: the card types, 205.2a, of the cards in its controller's graveyard, 404.1, which the
# players' `graveyard_types` state; a card leaving the battlefield brings its own), "as long as <color> is the
# most common color among all permanents or is tied for most common" (105.1, 105.2: the permanents on the
# battlefield of each color), "as long as it's untapped" (110.5: its status; an attacking creature is tapped as it
# attacks unless it has vigilance, 508.1f), "as long as ~ is equipped / enchanted" (301.5, 303.4: an Equipment or
# Aura attached to it, which the file states and which no combat rule attaches or unattaches), "as long as you have
# the city's blessing" (702.131c: the players' `citys_blessing`). The scope is `turn(you)` / `turn(opponents)`,
# `at_least(N,you,card_types(graveyard))`, `most_common(<color>)`, `untapped`, `attached(equipment)` /
# `attached(aura)` or `blessing`, the quality `self`.
_STATE = (r"(?:it's (?P<not>not )?your turn|there are (?P<types>\w+) or more card types among cards in your "
          r"graveyard|(?P<color>white|blue|black|red|green) is the most common color among all permanents or is "
          r"tied for most common|(?P<untapped>it's untapped|this creature is untapped)"
          r"|(?:it's|this creature is) (?P<attached>equipped|enchanted)|(?P<blessing>you have the city's blessing))")
# 301.5, 303.4: the Equipment or Auras attached to it (the file's `equipment_attached`, `auras_attached`)
ATTACHED = {"equipped": "attached(equipment)", "enchanted": "attached(aura)", "equipment": "attached(equipment)",
            "aura": "attached(aura)"}
_STATE_CONDITIONAL = [re.compile(rf"(?:{_GETS}|{_HAS}|{_DESPITE}) as long as {_STATE}"),
                      re.compile(rf"as long as {_STATE}, (?:{_GETS}|{_HAS})")]


def _state_condition(found: dict[str, str | None]) -> Static | None:
    """The condition of a state line as a :class:`Static` (its effect left out), or None."""
    if found["types"]:
        least = _number(found["types"])
        return Static("card_types(graveyard)", False, "self", least=least) if least and least > 1 else None
    if found["color"]:
        return Static(f"most_common({found['color']})", False, "self")
    if found["untapped"]:
        return Static("untapped", False, "self")
    if found["attached"]:  # 301.5, 303.4: "as long as ~ is equipped / enchanted"
        return Static(ATTACHED[found["attached"]], False, "self")
    if found["blessing"]:  # 702.131c: "as long as you have the city's blessing"
        return Static("blessing", False, "self")
    return Static(f"turn({'opponents' if found['not'] else 'you'})", False, "self")


_ATTACHED_LINES = [re.compile(r"this creature gets (?P<x>[+-]\d+)/(?P<y>[+-]\d+) for each (?P<what>aura|equipment) "
                              r"attached to it"),
                   re.compile(r"this creature can't (?P<cant>attack|block|attack or block) unless it's "
                              r"(?P<what>equipped|enchanted)")]


def _attached(text: str) -> list[Ability] | None:
    """ "~ gets +X/+Y for each Aura / Equipment attached to it" (613.4c, 303.4, 301.5) and "~ can't attack or block
    unless it's equipped" (508.1c, 509.1b): counts of what is attached to it, or None.

    >>> [a.term for a in _attached("this creature gets +2/+2 for each aura attached to it")]
    ['anthem_per(attached(aura),each,self,2,2)']
    >>> [a.term for a in _attached("this creature can't attack or block unless it's equipped")]
    ['grant_unless(attached(equipment),each,self,cant_attack_or_block)']
    """
    m = next((m for pattern in _ATTACHED_LINES if (m := pattern.fullmatch(text))), None)
    if m is None:
        return None
    scope = ATTACHED[m.group("what")]
    if m.groupdict().get("cant"):
        return [Ability("grant_unless", Static(scope, False, "self", granted=Ability(_RESTRICTED[m.group("cant")])))]
    return [Ability("anthem_per", Static(scope, False, "self", _signed(m.group("x")), _signed(m.group("y"))))]


def _state_conditional(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A creature's ability on itself as long as the game is in a state, or None.

    >>> [a.term for a in _state_conditional("as long as it's your turn, this creature gets +0/+2", frozenset())]
    ['anthem_if(turn(you),each,self,0,2)']
    >>> for a in _state_conditional("this creature gets +1/+0 and has vigilance as long as there are four or more "
    ...                             "card types among cards in your graveyard", frozenset()):
    ...     print(a.term)
    anthem_if(at_least(4,you,card_types(graveyard)),each,self,1,0)
    grant_if(at_least(4,you,card_types(graveyard)),each,self,vigilance)
    >>> [a.term for a in _state_conditional("this creature gets -2/-2 as long as black is the most common color "
    ...                                     "among all permanents or is tied for most common", frozenset())]
    ['anthem_if(most_common(black),each,self,-2,-2)']
    """
    text = re.sub(r"^(as long as [^,]+), it (gets|has) ", r"\1, this creature \2 ", text)  # "…, it has flying"
    m = next((m for pattern in _STATE_CONDITIONAL if (m := pattern.fullmatch(text))), None)
    condition = _state_condition(m.groupdict()) if m else None
    if m is None or condition is None or m.groupdict().get("cant"):
        return None
    found = m.groupdict()
    if found.get("despite"):
        return [Ability("grant_if", replace(condition, granted=Ability(DESPITE_DEFENDER)))]
    out: list[Ability] = []
    if found.get("x") is not None:
        out.append(Ability("anthem_if", replace(condition, power=_signed(found["x"]), toughness=_signed(found["y"]))))
    have = found.get("also") or found.get("have")
    granted = _granted(have, players) if have is not None else []
    if granted is None or (found["untapped"] and any(a.kind == "vigilance" for a in granted)):
        return None  # (702.20b: vigilance decides whether it is tapped as it attacks, 508.1f)
    return out + [Ability("grant_if", replace(condition, granted=a)) for a in granted]


# 122.1a: "~ has <abilities> as long as it has a +1/+1 counter on it" (or "N or more +1/+1 counters"; a kind
# condition counter(DP,DT) on itself), "Each [other] creature you control with a +1/+1 counter on it has
# <abilities>" (a grant over the quality counter(DP,DT)); 704.5q: +1/+1 and -1/-1 counters are removed in pairs.
_COUNTER = r"(?P<dp>[+-]\d+)/(?P<dt>[+-]\d+) counters?"
_WITH_COUNTERS = [re.compile(rf"this creature has (?P<have>.+) as long as it has (?:a|(?P<least>\w+) or more) "
                             rf"{_COUNTER} on it"),
                  re.compile(rf"each (?P<other>other )?creature you control with an? {_COUNTER} on it "
                             r"has (?P<each>.+)")]


def _with_counters(text: str, players: frozenset[str]) -> list[Ability] | None:
    """An ability granted as long as a creature has P/T counters of a kind, or None.

    >>> _with_counters("this creature has reach as long as it has a +1/+1 counter on it", frozenset())[0].term
    'grant_if(counter(1,1),each,self,reach)'
    >>> _with_counters("each other creature you control with a +1/+1 counter on it has haste", frozenset())[0].term
    'grant(you,other,counter(1,1),haste)'
    """
    m = next((m for pattern in _WITH_COUNTERS if (m := pattern.fullmatch(text))), None)
    if m is None:
        return None
    found = m.groupdict()
    dp, dt = _signed(found["dp"]), _signed(found["dt"])
    quality = f"counter({dp},{dt})"
    granted = _granted(found.get("have") or found["each"], players)
    if granted is None or (dp, dt) == (0, 0) or dp * dt < 0:  # 122.1a: a P/T counter kind
        return None
    if found.get("each") is not None:
        return [Ability("grant", Static("you", found["other"] is not None, quality, granted=a)) for a in granted]
    least = _number(found["least"]) if found["least"] else 1
    if least is None or least < 1:
        return None
    return [Ability("grant_if", Static(quality, False, "self", granted=a, least=least)) for a in granted]
# 702.95b soulbond: "As long as ~ is paired with another creature, each of those creatures gets +X/+Y" / "both
# creatures have <abilities>": an effect on the creature it is paired with (scope ``paired``) and on itself
# while that one is on the battlefield (encodings/statics.lp; the file's `paired_with`).
_PAIRED = re.compile(r"as long as this creature is paired with another creature, (?:each of those creatures|both "
                     r"creatures) (?:gets? (?P<x>[+-]\d+)/(?P<y>[+-]\d+)(?: and (?:has|have) (?P<also>.+))?"
                     r"|(?:has|have) (?P<have>.+))")


def _paired(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A soulbond creature's static ability on itself and the creature it is paired with (702.95b), or None.

    >>> [a.term for a in _paired("as long as this creature is paired with another creature, each of those "
    ...                          "creatures gets +1/+1 and has reach", frozenset())]
    ['paired_anthem(paired,other,any,1,1)', 'paired_grant(paired,other,any,reach)']
    """
    m = _PAIRED.fullmatch(text)
    if m is None:
        return None
    return _gets_and_has(m, players, "paired_anthem", "paired_grant", partial(Static, "paired", True, "any"))


def _gets_and_has(m: re.Match[str], players: frozenset[str], anthem: str, grant: str, static: Callable[..., Static],
                  *, gains_only: bool = False) -> list[Ability] | None:
    """A matched static line's "gets +X/+Y" (groups ``x``, ``y``: an `anthem` kind, 613.4c) and "has <abilities>"
    (``also`` or ``have``: a `grant` kind each, 613.1f), both of ``static(...)``: one condition for both (604.1).
    `gains_only`: None for a -X or -Y (a toughness lost would need state-based actions where it applies)."""
    out: list[Ability] = []
    if m.group("x") is not None:
        x, y = _signed(m.group("x")), _signed(m.group("y"))
        if gains_only and (x < 0 or y < 0):
            return None
        out.append(Ability(anthem, static(power=x, toughness=y)))
    have = m.group("also") or m.group("have")
    if have is not None:
        granted = _granted(have, players)
        if granted is None:
            return None
        out += [Ability(grant, static(granted=a)) for a in granted]
    return out


# 604.1, 611.3a: a lord as long as a condition holds: "Saprolings you control get +2/+2 as long as you have the city's
# blessing", "As long as you have one or fewer cards in hand, Minotaurs you control get +2/+0", and a creature's own
# with it ("Lieutenant — As long as you control your commander, ~ gets +2/+2 and other creatures you control get +2/+2
# and have trample"): the creatures of an anthem or grant line (not "with <keyword>", 613.8; no granted trigger or
# restriction), the condition of the creature's own conditional lines, read for the source (anthem_while,
# grant_while).
_LORD_WHILE = [re.compile(r"(?P<lord>.+? (?:get|have) .+?) as long as (?P<condition>[^,]+)"),
               re.compile(r"as long as (?P<condition>[^,]+), (?:(?P<own>this creature gets [+-]\d+/[+-]\d+) and )?"
                          r"(?P<lord>.+)")]


def _lord_while(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A lord with a condition (and the source's own +X/+Y under it), or None.

    >>> [a.term for a in _lord_while("saprolings you control get +2/+2 as long as you have the city's blessing",
    ...                              frozenset())]
    ['anthem_while(blessing,each,self,group(you,each,creature_type("saproling")),2,2)']
    >>> for a in _lord_while("as long as you control your commander, this creature gets +2/+2 and creatures you "
    ...                      "control have vigilance", frozenset()):
    ...     print(a.term)
    anthem_if(permanent,each,your_commander,2,2)
    grant_while(permanent,each,your_commander,group(you,each,any),vigilance)
    """
    m = next((m for pattern in _LORD_WHILE if (m := pattern.fullmatch(text))), None)
    condition = _condition_of(m.group("condition")) if m else None
    lord = _static(m.group("lord"), players) if m and condition else None
    if m is None or condition is None or lord is None:
        return None
    own = _conditional(f"as long as {m.group('condition')}, {m.group('own')}", players) if m.groupdict().get(
        "own") else []
    effects = [cast(Static, a.value) for a in lord]
    if own is None or any("keyword(" in v.quality or granted_kind(a) in (*GRANTED_TRIGGERS, *RESTRICTIONS_GIVEN,
                                                                          *REQUIREMENTS_GIVEN)
                          for a, v in zip(lord, effects)):
        return None
    return own + [Ability(WHILE_KINDS[a.kind], replace(condition, power=v.power, toughness=v.toughness,
                                                        granted=v.granted, group=(v.scope, v.other, v.quality)))
                  for a, v in zip(lord, effects)]


# 613.4c, 122.1a: "Other Elf creatures you control get +1/+1 for each +1/+1 counter on ~" (the P/T counters of a kind
# on the source, 704.5q), "... for each [other] <object> you control" (what a creature's own "for each" counts, read
# for the source): the creatures of an anthem line (+X/+Y only), X and Y times the count (anthem_each).
_LORD_EACH = re.compile(r"(?P<lord>.+? get [+-]\d+/[+-]\d+) for each (?:(?P<dp>[+-]\d+)/(?P<dt>[+-]\d+) counter on "
                        r"this creature|(?P<each>.+))")


def _lord_each(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A lord's +X/+Y for each of what its source counts, or None.

    >>> [a.term for a in _lord_each("other elf creatures you control get +1/+1 for each +1/+1 counter on this "
    ...                             "creature", frozenset())]
    ['anthem_each(counter(1,1),each,self,group(you,other,creature_type("elf")),1,1)']
    """
    m = _LORD_EACH.fullmatch(text)
    v = _plain_anthem(m.group("lord"), players) if m else None
    if m is None or v is None:
        return None
    if m.group("each") is None:
        dp, dt = _signed(m.group("dp")), _signed(m.group("dt"))
        if (dp, dt) == (0, 0) or dp * dt < 0:  # 122.1a: a P/T counter kind
            return None
        count: Static | None = Static(f"counter({dp},{dt})", False, "self")
    else:
        own = _conditional(f"this creature gets +1/+1 for each {m.group('each')}", players)
        count = replace(cast(Static, own[0].value), power=0, toughness=0) if own and [a.kind for a in own] == [
            "anthem_per"] else None
    return None if count is None else [Ability("anthem_each", replace(count, power=v.power, toughness=v.toughness,
                                                                      group=(v.scope, v.other, v.quality)))]


# 613.4c, 105.2: "Each other multicolored creature you control gets +1/+1 for each of its colors": +X/+Y times the
# colors of each creature it covers (anthem_colors; a face-down one has none, 708.2a).
_LORD_COLORS = re.compile(r"each (?P<who>(?:other )?(?:[a-z ]+? )?creature) you control gets "
                          r"(?P<x>[+-]\d+)/(?P<y>[+-]\d+) for each of its colors")


def _lord_colors(text: str, players: frozenset[str]) -> list[Ability] | None:
    """A lord's +X/+Y for each color of each creature it covers, or None.

    >>> [a.term for a in _lord_colors("each other multicolored creature you control gets +1/+1 for each of its "
    ...                               "colors", frozenset())]
    ['anthem_colors(you,other,multicolored,1,1)']
    """
    m = _LORD_COLORS.fullmatch(text)
    v = _plain_anthem(f"{m.group('who')}s you control get {m.group('x')}/{m.group('y')}", players) if m else None
    return None if v is None else [Ability("anthem_colors", v)]


def _plain_anthem(text: str, players: frozenset[str]) -> Static | None:
    """`text` read as one anthem (613.4c: "<creatures> [you control] get +X/+Y") whose creatures are not "with
    <keyword>" (613.8: a dependency on layer 6 the count and colour lords do not order), or None."""
    lord = _static(text, players)
    if lord is None or [a.kind for a in lord] != ["anthem"] or "keyword(" in cast(Static, lord[0].value).quality:
        return None
    return cast(Static, lord[0].value)


def _condition_of(words: str) -> Static | None:
    """The condition "as long as <words>" of a creature's own conditional line, as a :class:`Static`, or None."""
    parsed = _conditional(f"this creature gets +1/+1 as long as {words}", frozenset())
    if parsed is None or [a.kind for a in parsed] != ["anthem_if"]:
        return None
    return replace(cast(Static, parsed[0].value), power=0, toughness=0)


def _signed(text: str) -> int:
    """A signed number of a "+X/+Y" (docs/abilities.md `N`)."""
    n = _number(text.lstrip("+-"))
    if n is None:
        raise UnsupportedAbility(f"the number {text} is not a number")
    return -n if text.startswith("-") else n


# ---- Characteristic-defining abilities that count the battlefield (604.3, 613.4a) ---------------------
_DEFINING = re.compile(r"this creature's (?P<what>power and toughness are each|power is|toughness is) equal to the "
                       r"number of (?P<other>other )?(?P<objects>.+?) (?P<where>you control|on the battlefield)")
_DEFINING_PLUS = [
    re.compile(r"(?P<head>this creature's (?:power and toughness are each|power is|toughness is) equal to) (?P<n>\w+) "
               r"plus (?P<count>the number of .+)"),
    # "~'s power is equal to the number of … and its toughness is equal to that number plus 1": both the count,
    # the toughness 1 more
    re.compile(r"this creature's power is equal to (?P<count>the number of .+?) and its toughness is equal to that "
               r"number plus (?P<n>\w+)")]
_DEFINING_SUM = re.compile(r"(?P<head>this creature's (?:power and toughness are each|power is|toughness is) equal to)"
                           r" the number of (?P<a>.+? (?:you control|on the battlefield)) plus the number of "
                           r"(?P<b>.+? (?:you control|on the battlefield))")


def _plural_object(text: str) -> tuple[str, str] | None:
    """The kind and quality of the objects "the number of <objects>" counts ("creatures", "Forests", …)."""
    words = text.split(" ")
    if words[-1] == "plains":
        return _object(text)
    if words[-1] in ("creatures", "permanents", "artifacts", "enchantments", "lands", "auras"):
        return _object(" ".join([*words[:-1], words[-1][:-1]]))
    if text == "equipment":
        return _object(text)
    if len(words) == 1:
        _, lands = type_lists()
        if text.endswith("s") and text[:-1] in lands:
            return _object(text[:-1])
        ctype = creature_type(text)
        plural = ctype is not None and (ctype != text or text.endswith(_SAME_PLURAL))
        return ("permanent", f'creature_type("{ctype}")') if plural else None
    return None


_SAME_PLURAL = ("folk", "kithkin", "sheep", "fish")  # creature types whose plural is the word itself (Treefolk)


# 604.3: "~'s power and toughness are each equal to [twice] the number of cards in your hand / graveyard / your
# opponents' graveyards", "… creature cards in your graveyard / all graveyards", "~'s power is equal to …":
# the scope cards(hand), cards(graveyard) or cards(graveyard_creatures), whose you, opponents or all.
_DEFINING_CARDS = re.compile(r"this creature's (?P<what>power and toughness are each|power is) equal to "
                             r"(?P<twice>twice )?the number of (?P<creature>creature )?cards in "
                             r"(?P<where>your hand|your graveyard|your opponents' graveyards|all graveyards)")
_WHERE = {"your hand": ("hand", "you"), "your graveyard": ("graveyard", "you"),
          "your opponents' graveyards": ("graveyard", "opponents"), "all graveyards": ("graveyard", "all")}


def _defining_cards(text: str) -> list[Ability] | None:
    """A characteristic-defining ability counting the cards in hands or graveyards, or None.

    >>> _defining_cards("this creature's power is equal to the number of cards in your hand")[0].term
    'cda(cards(hand),each,any,you,1,0)'
    """
    m = _DEFINING_CARDS.fullmatch(text)
    if m is None:
        return None
    zone, whose = _WHERE[m.group("where")]
    if m.group("creature"):
        if zone != "graveyard":
            return None
        zone = "graveyard_creatures"
    n = 2 if m.group("twice") else 1
    toughness = n if m.group("what").startswith("power and") else 0
    return [Ability("cda", Static(f"cards({zone})", False, "any", n, toughness, whose=whose))]


def _defining(text: str) -> list[Ability] | None:
    """ "~'s power [and toughness] is/are each equal to the number of [other] <objects> you control / on the
    battlefield", "~'s toughness is equal to …" (604.3: it defines the printed */*, layer 7a, 613.4a), or None.

    >>> _defining("this creature's power and toughness are each equal to the number of creatures you control")[0].term
    'cda(creature,each,any,you,1,1)'
    >>> _defining("this creature's power is equal to the number of swamps on the battlefield")[0].term
    'cda(permanent,each,land_type("swamp"),all,1,0)'
    >>> [a.term for a in _defining("this creature's power and toughness are each equal to the number of forests you "
    ...                            "control plus the number of treefolk you control")]
    ['cda(permanent,each,land_type("forest"),you,1,1)', 'cda(permanent,each,creature_type("treefolk"),you,1,1)']
    """
    cards = _defining_cards(text)
    if cards is not None:
        return cards
    plus = next((m for pattern in _DEFINING_PLUS if (m := pattern.fullmatch(text))), None)
    if plus is not None:  # 208.2a: "1 plus the number of …" (a card's 1+*), the number 1 and the count added
        head = plus.groupdict().get("head") or "this creature's power and toughness are each equal to"
        counted = _defining(f"{head} {plus.group('count')}")
        n = _number(plus.group("n"))
        if counted is None or n is None:
            return None
        x, y = (0, n) if not plus.groupdict().get("head") else {"each": (n, n), "power is": (n, 0)}.get(
            next((k for k in ("each", "power is") if k in head), ""), (0, n))
        return [*counted, Ability("cda", Static("one", False, "any", x, y, whose="you"))]
    both = _DEFINING_SUM.fullmatch(text)
    if both is not None:  # "the number of A plus the number of B": the two counts added (an object of both twice)
        first, second = (_defining(f"{both.group('head')} the number of {both.group(k)}") for k in ("a", "b"))
        return first + second if first is not None and second is not None else None
    m = _DEFINING.fullmatch(text)
    found = _plural_object(m.group("objects")) if m else None
    if m is None or found is None:
        return None
    power, toughness = {"power and toughness are each": (1, 1), "power is": (1, 0), "toughness is": (0, 1)}[
        m.group("what")]
    whose = "you" if m.group("where") == "you control" else "all"
    return [Ability("cda", Static(found[0], m.group("other") is not None, found[1], power, toughness, whose=whose))]


# ---- Damage triggers: "is dealt damage", "deals damage" (603.2, 120.3) ------------------------------
#
# "Whenever ~ is dealt [combat] damage, <effect>" and "Whenever ~ deals [combat] damage [to <recipient>],
# <effect>" trigger on a damage event (120.3, 510.2: all the combat damage of one step is one event; one
# resolving ability's damage is another): once per event, "that much" the damage it was dealt or dealt in
# it, or, naming a recipient, once for each recipient of that kind it dealt damage to (603.2c), "that much"
# the damage dealt to it (pysolver.rules.dealt, encodings/dealt.lp).

#: the kinds, by the event: ~ is dealt damage; ~ deals damage; a creature its controller controls deals damage; an
#: opponent of its controller is dealt damage; a source an opponent controls deals damage to its controller; a
#: creature of a creature type [its controller controls] deals damage
DEALT_TRIGGERS = ("is_dealt_damage", "deals_damage", "yours_deal_damage", "opponent_dealt_damage",
                  "source_deals_you_damage", "type_deals_damage")
_DAMAGE_EVENT = re.compile(r"when(?:ever)? this creature (?:(?P<dealt>is dealt)|deals) (?P<combat>combat )?damage"
                           r"(?: to (?P<to>a player or planeswalker|a player|an opponent|a creature|defending player"
                           r"|an? [a-z'-]+))?, "
                           r"(?P<effect>.+)")
_DAMAGE_TO = {"a player": "player", "an opponent": "opponent", "a player or planeswalker": "player_or_planeswalker",
              "a creature": "creature", "defending player": "player"}
_MUCH = r"(?P<n>\w+|that much)"
# each effect with what it needs of the event: the recipient (`that`: a player or a creature), else nothing
_DAMAGE_EFFECTS = (
    ("gain", "", re.compile(rf"you gain {_MUCH} life")),  # 119.3
    ("counters", "", re.compile(r"put (?P<n>\w+) \+1/\+1 counters? on (?:it|this creature)")),  # 122.1a
    # 122.1a, 506.4: on each creature its controller controls, or each of them attacking
    ("counters_yours", "", re.compile(r"put (?P<n>\w+) \+1/\+1 counters? on each creature you control")),
    ("counters_attacking", "", re.compile(r"put (?P<n>\w+) \+1/\+1 counters? on each attacking creature you "
                                          r"control")),
    # 120.3; 603.5: "you may have it deal …" (its target chosen as it is put, or none)
    ("damage", "", re.compile(rf"(?:(?P<may>you may have )(?:it|this creature) deal|(?:it|this creature) deals) "
                              rf"{_MUCH} damage to (?P<whom>.+)")),
    # 608.2h: its power as it resolves (or as it last existed)
    ("damage_power", "", re.compile(r"(?:it|this creature) deals damage equal to its power to (?P<whom>.+)")),
    ("opponents_gain", "", re.compile(rf"each opponent gains {_MUCH} life")),  # 119.3, 102.2
    # 119.3, 506.2: "you gain N life and attacking player loses N life" (the active player attacks)
    ("drain_attacking", "", re.compile(r"you gain (?P<n>\w+|that much) life and attacking player loses (?P=n) life")),
    ("poison", "player", re.compile(r"that player gets (?P<n>\w+) poison counters?")),  # 122.1f
    # 119.3, 205.2a: as it resolves, for each artifact that player controls (an artifact creature too)
    ("gain_each_artifact", "player", re.compile(r"you gain (?P<n>\w+) life for each artifact that player controls")),
    ("destroy", "creature", re.compile(r"destroy that creature")),  # 701.8a
    ("exile", "creature", re.compile(r"exile that creature")),  # 701.13a, 406.2
    # 603.7a: a delayed triggered ability that destroys it as the end of combat step begins (511.2)
    ("destroy_at_end", "creature", re.compile(r"destroy that creature at end of combat")),
    ("bounce", "", re.compile(r"return (?:it|this creature) to its owner's hand")),  # 400.7: to a hand
    # 701.26a; 502.3: not untapping in an untap step is after the combat (an inert rider)
    ("tap", "creature", re.compile(r"tap that creature(?: and it doesn't untap during its controller's next "
                                   r"untap step)?")),
    ("uncounter", "", re.compile(r"remove all -1/-1 counters from (?:it|this creature)")),  # 122.1a
    # 115.1, 603.5: a target's effect (400.7 to its owner's hand, 701.8a destroy, 701.26a tap); 502.3: not untapping
    # in an untap step is after the combat (an inert rider)
    ("bounce_target", "", re.compile(r"(?P<may>you may )?return (?P<whom>target creature that player controls) to "
                                     r"its owner's hand")),
    ("destroy_target", "", re.compile(r"(?P<may>you may )?destroy (?P<whom>target artifact(?: or enchantment)? that "
                                      r"player controls)")),
    ("tap_target", "", re.compile(r"tap (?P<whom>target creature)(?:\. that creature doesn't untap during its "
                                  r"controller's untap step for as long as this creature remains tapped)?")))
#: the effects on a target (115.1) other than damage, by the effect they have on it
TARGET_EFFECTS = {"bounce_target": "bounce", "destroy_target": "destroy", "tap_target": "tap"}
# "it deals N damage to …": a target (115.1) or a player it names (115.10b, 102.2), as death triggers have them;
# "target creature that player controls": one the player it dealt damage to controls (603.2c, 603.3d); "each
# other opponent": each opponent but that player (102.2)
_DAMAGE_WHOM = {**DEATH_TARGETS, "each opponent": "each_opponent",
                "target creature that player controls": "creature_that_player",
                "each other opponent": "each_other_opponent", "each blocking creature": "each_blocking",
                "target artifact that player controls": "artifact_that_player",
                "target artifact or enchantment that player controls": "artifact_or_enchantment_that_player"}
_UNTARGETED = ("you", "each_player", "each_opponent", "each_other_opponent", "each_blocking")
#: what names "that player", the player a damage trigger's source dealt damage to (603.2c)
THAT_PLAYER = ("creature_that_player", "each_other_opponent", "artifact_that_player",
               "artifact_or_enchantment_that_player")


@dataclass(frozen=True)
class DamageTrigger:
    """The value of a damage trigger (:data:`DEALT_TRIGGERS`): the damage it watches — only combat damage (`combat`,
    510.2), dealt by its source to recipients of kind `to` (``any``, ``player``, ``opponent``,
    ``player_or_planeswalker``, ``creature`` or a creature type, 205.3m) — and what it does (`effect`: ``gain`` N
    life, ``counters`` N +1/+1 counters on its source, on each creature its controller controls (``counters_yours``)
    or on each attacking one (``counters_attacking``), ``damage`` N to `whom`, ``opponents_gain`` N life,
    ``damage_power`` (damage equal to its power) to `whom`, ``drain_attacking`` (its controller gains N life and the
    attacking player loses N), ``poison`` N counters to
    that player, ``gain_each_artifact`` (N life for each artifact that player controls), ``destroy``, ``exile``,
    ``destroy_at_end`` (at end of combat, 603.7a) or ``tap`` that creature, ``bounce`` its source to its owner's hand,
    ``bounce_target``, ``destroy_target`` or ``tap_target`` `whom`, ``uncounter`` its source's -1/-1 counters);
    `amount` 0 is "that much" (the event's damage); `optional`: "you may [have it deal] …" (603.5).

    >>> DamageTrigger(True, "any", "damage", 0, "opponent").term("is_dealt_damage")
    'is_dealt_damage(combat,any,damage(much,opponent))'
    >>> DamageTrigger(True, "player", "damage", 2, "creature_that_player", True).term("deals_damage")
    'deals_damage(combat,player,damage(2,may(creature_that_player)))'
    """

    combat: bool
    to: str
    effect: str
    amount: int = 1
    whom: str = ""
    optional: bool = False
    watched: str = ""  # the creature type of the creatures whose damage it watches (type_deals_damage, 205.3m)
    yours: bool = False  # only those its controller controls

    @property
    def spec(self) -> str:
        """What its damage may be dealt to, as a death trigger's (``may(S)``: or to none, 603.5)."""
        return f"may({self.whom})" if self.optional else self.whom

    def term(self, kind: str) -> str:
        """The ASP term ``KIND(Combat,To,Effect)`` (encodings/dealt.lp)."""
        to = f'creature_type("{self.to}")' if self.to not in (*_DAMAGE_TO.values(), "any") else self.to
        n = self.amount or "much"
        effect = {"damage": f"damage({n},{self.spec})", "destroy": "destroy", "tap": "tap", "exile": "exile",
                  "bounce": "bounce", "uncounter": "uncounter", "destroy_unregenerable": "destroy_unregenerable",
                  "destroy_at_end": "destroy_at_end", "damage_power": f"damage(power,{self.spec})"}.get(
            self.effect, f"{self.effect}({n})")
        if self.effect in TARGET_EFFECTS:
            effect = f"{self.effect}({self.spec})"
        elif self.optional and self.effect != "damage":  # 603.5: "you may put …"
            effect = f"may({effect})"
        if self.watched:
            return f'{kind}({"combat" if self.combat else "any"},{to},{effect},{"yours" if self.yours else "all"},' \
                   f'"{self.watched}")'
        return f"{kind}({'combat' if self.combat else 'any'},{to},{effect})"

    @property
    def targeted(self) -> bool:
        """Whether it has a target (115.1): "it deals N damage to target …", "return target creature …"."""
        return self.effect in ("damage", "damage_power", *TARGET_EFFECTS) and self.whom not in _UNTARGETED

    @property
    def may_kill(self) -> bool:
        """Whether a creature may die of it (120.3, 701.8a, 704.5g)."""
        return self.effect in ("damage", "damage_power", "destroy", "destroy_target", "destroy_unregenerable")

    @property
    def leaves(self) -> bool:
        """Whether it moves a creature off the battlefield without its dying (700.4: exiled, 701.13a; returned to
        its owner's hand, 400.7)."""
        return self.effect in ("exile", "bounce", "bounce_target")


def _damage_trigger(text: str) -> list[Ability] | None:
    """A damage trigger (normalised), or None.

    >>> [a.term for a in _damage_trigger("whenever this creature is dealt damage, it deals that much damage to "
    ...                                  "any target")]
    ['is_dealt_damage(any,any,damage(much,any))']
    >>> _damage_trigger("whenever this creature deals damage to a dinosaur, destroy that creature")[0].term
    'deals_damage(any,creature_type("dinosaur"),destroy)'
    >>> _damage_trigger("whenever this creature deals damage to a player, destroy that creature") is None
    True
    """
    m = _DAMAGE_EVENT.fullmatch(text)
    if m is None or (m.group("dealt") and m.group("to")) or (m.group("to") == "defending player"
                                                              and not m.group("combat")):
        return None  # (510.1b: combat damage to a player is an attacker's, to the player it attacks)
    words = m.group("to")
    to = "any" if words is None else _DAMAGE_TO.get(words) or creature_type(words.split(" ", 1)[1])
    if to is None:
        return None
    for effect, that, pattern in _DAMAGE_EFFECTS:
        e = pattern.fullmatch(m.group("effect"))
        if e is None:
            continue
        if that and (to in ("any", "player_or_planeswalker") or (to in ("player", "opponent")) != (that == "player")):
            return None  # "that player" needs a player, "that creature" a creature
        groups = e.groupdict()
        n = 0 if groups.get("n") == "that much" else _count(groups["n"]) if "n" in groups else 1
        whom = _DAMAGE_WHOM.get(groups["whom"], "") if "whom" in groups else ""
        if n is None or ("whom" in groups and not whom) or (n == 0 and effect in ("counters", "poison")) or (
                effect in ("damage", "damage_power") and whom.startswith("artifact")):
            return None
        if (whom in THAT_PLAYER and to not in ("player", "opponent")) or (
                groups.get("may") and whom in _UNTARGETED):
            return None  # "that player" needs a player; "you may" only beside a target here
        return [Ability(DEALT_TRIGGERS[0] if m.group("dealt") else DEALT_TRIGGERS[1],
                        DamageTrigger(m.group("combat") is not None, to, effect, n, whom, bool(groups.get("may"))))]
    return None


# 603.2c, 510.1: "Whenever a creature you control deals combat damage to a player, put N / that many +1/+1
# counters on it": once for each creature of its controller that dealt combat damage to a player in a step (an
# attacking creature deals combat damage to the one player it attacks, 510.1b), the counters on that creature.
_WATCHED_EVENT = re.compile(r"whenever a creature you control deals combat damage to (?P<to>a player|an opponent), "
                            r"put (?P<n>\w+|that many) \+1/\+1 counters? on (?:it|that creature)")


def _watched_damage_trigger(text: str) -> list[Ability] | None:
    """ "Whenever a creature you control deals combat damage to a player, put N +1/+1 counters on it", or None.

    >>> _watched_damage_trigger("whenever a creature you control deals combat damage to a player, put that many "
    ...                         "+1/+1 counters on it")[0].term
    'yours_deal_damage(combat,player,counters(much))'
    """
    m = _WATCHED_EVENT.fullmatch(text)
    n = None if m is None else 0 if m.group("n") == "that many" else _count(m.group("n"))
    if m is None or n is None:
        return _player_damage_trigger(text)
    return [Ability(DEALT_TRIGGERS[2], DamageTrigger(True, _DAMAGE_TO[m.group("to")], "counters", n))]


# 603.2c: "Whenever an opponent is dealt damage, put that many +1/+1 counters on ~" (once for each opponent of its
# controller dealt damage in an event, however many sources, "that many" all that player was dealt) and "Whenever a
# source an opponent controls deals damage to you, [you may] put that many +1/+1 counters on ~" (once for each such
# source, "that many" what it dealt its controller; 603.5: "you may").
_PLAYER_EVENT = re.compile(r"whenever (?:(?P<dealt>an opponent is dealt damage)|a source an opponent controls deals "
                           r"damage to you), (?P<may>you may )?put (?P<n>\w+|that many) \+1/\+1 counters? on this "
                           r"creature")


def _player_damage_trigger(text: str) -> list[Ability] | None:
    """ "Whenever an opponent is dealt damage, …" / "Whenever a source an opponent controls deals damage to you, …"
    putting +1/+1 counters on the creature itself, or None.

    >>> _player_damage_trigger("whenever a source an opponent controls deals damage to you, you may put that many "
    ...                        "+1/+1 counters on this creature")[0].term
    'source_deals_you_damage(any,any,may(counters(much)))'
    """
    m = _PLAYER_EVENT.fullmatch(text)
    n = None if m is None else 0 if m.group("n") == "that many" else _count(m.group("n"))
    if m is None or n is None:
        return None
    kind = DEALT_TRIGGERS[3] if m.group("dealt") else DEALT_TRIGGERS[4]
    return [Ability(kind, DamageTrigger(False, "any", "counters", n, optional=m.group("may") is not None))]


# 603.2c, 205.3m: "Whenever a <creature type> [you control] deals [combat] damage to a creature, destroy that
# creature[. It can't be regenerated]" (701.8a, 701.19c): once for each such creature that dealt damage to a creature
# (any player's, or its controller's), "that creature" the one dealt damage.
_TYPE_EVENT = re.compile(r"whenever an? (?P<type>[a-z'-]+) (?P<yours>you control )?deals (?P<combat>combat )?damage "
                         r"to a creature, destroy that creature(?:(?P<unregenerable>\. it can't be regenerated)"
                         r"|(?P<end> at end of combat))?")


def _type_damage_trigger(text: str) -> list[Ability] | None:
    """ "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be regenerated", or None.

    >>> _type_damage_trigger("whenever a sliver deals combat damage to a creature, destroy that creature. it can't "
    ...                      "be regenerated")[0].term
    'type_deals_damage(combat,creature,destroy_unregenerable,all,"sliver")'
    """
    m = _TYPE_EVENT.fullmatch(text)
    watched = None if m is None or m.group("type") == "creature" else creature_type(m.group("type"))
    if m is None or watched is None:
        return None
    effect = "destroy_unregenerable" if m.group("unregenerable") else "destroy_at_end" if m.group("end") else "destroy"
    return [Ability(DEALT_TRIGGERS[5], DamageTrigger(m.group("combat") is not None, "creature", effect,
                                                     watched=watched, yours=m.group("yours") is not None))]
