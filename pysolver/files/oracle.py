"""The lines of a real card's oracle text the grammar does not read, classified (docs/engines.md "Lines that
cannot change one combat"): *cannot change one combat* (with a reason of :data:`REASONS`) or *may change the
answer*.

The grammar (:func:`pysolver.model.abilities.parse_ability_line`) runs first: a line it reads is *modelled*.
Of the rest, a line is inert only when it cannot change any end-of-combat result the solver reports (life,
poison, damage, destroyed and dead creatures, counters, who lost) in the combat phase (506–511), given that every
other line on the board is modelled or inert itself: an event that only a *may change* line could cause (a
token entering, a card drawn being counted) is noted through that line. Anything not known to be inert may change.

>>> reason("At the beginning of your upkeep, sacrifice Xathrid Demon.", "Xathrid Demon").key
'step'
>>> reason("Whenever Cloudkin Seer attacks, draw a card.", "Cloudkin Seer").rule
'121.1'
>>> reason("Whenever Goblin Guide attacks, defending player reveals the top card of their library.",
...        "Goblin Guide") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from ..model.abilities import RULED_COUNTERS, normalise
from ..model.hidden import only_hidden


@dataclass(frozen=True)
class Reason:
    """Why a line cannot change one combat: a short `key`, the rule that says so, the reason in words."""

    key: str
    rule: str
    text: str


#: Every reason a line may be inert for, in the order the classifier tries them (docs/engines.md).
REASONS: dict[str, Reason] = {r.key: r for r in (
    Reason("enters", "603.6a, 614.1c, 614.12",
           "the card's own enters-the-battlefield trigger or replacement (\"When ~ enters\", \"As ~ enters\", "
           "\"enters tapped\", \"enters with N counters\", a clone's \"enter as a copy\" (the file states what it "
           "copied, 707.2), bloodthirst, fabricate, …): the permanent is on the "
           "battlefield already and the file states its counters; never inert on a card with persist, undying "
           "(702.79a, 702.93a) or a line that returns it to the battlefield, which can bring it back in combat"),
    Reason("step", "500.1, 502.3, 503.1, 504.1, 513.1, 514.1",
           "a step outside the combat phase: upkeep, draw step, main phase, end step, untap step (\"doesn't "
           "untap\", phasing), cleanup (a maximum hand size, 402.2), and the upkeep keywords echo, cumulative "
           "upkeep, fading and vanishing"),
    Reason("spell", "601.2, 113.6",
           "casting: flash, costs and restrictions, \"can't be countered\", \"when you cast\", spell-cast and "
           "cycle triggers, \"becomes the target of a spell\", casting keywords (kicker, convoke, evoke, prowess, "
           "cascade, bestow, …): the permanent was cast already, and the solver's combat has no spell cast and "
           "no ability of a card in a hand activated"),
    Reason("counter", "601.2c, 602.2, 700.2a",
           "an activated ability (or a mode) whose only effect counters a target spell (\"{T}: Counter target "
           "spell unless its controller pays {1}\"), whatever its cost: the solver's combat casts no spell, so "
           "it never has a legal target, and an ability whose targets can't be chosen can't be activated (602.2: "
           "its costs are never paid; a mode that can't have its targets can't be chosen, 700.2a); not \"target "
           "spell or ability\" (abilities are activated in combat)"),
    Reason("zone", "113.6",
           "an ability that works only while the card is in a hand, graveyard, library or exile (cycling, "
           "ninjutsu, madness, unearth, flashback, embalm, \"Discard ~:\", \"return ~ from your graveyard\", "
           "\"if a spell or ability an opponent controls causes you to discard ~\", …): "
           "the card is a permanent on the battlefield"),
    Reason("sorcery", "602.5d, 307.1",
           "an activated ability activated only as a sorcery (\"Activate only as a sorcery\", level up, "
           "outlast, transfigure, reconfigure, equip granted to Equipment, 702.6a): not during combat"),
    Reason("mana", "605.1a, 106.4",
           "a mana ability with no cost but mana: the situation states the mana each player may spend during "
           "the combat (docs/situation.md `mana`); a {T} mana ability is modelled (a creature tapped before "
           "blockers are declared is free of blocking requirements, 509.1c; docs/abilities.md)"),
    Reason("hidden", "121.1",
           "an effect that only draws, discards, mills, scries, surveils, looks at or reveals cards, exiles a "
           "library's top cards, searches a library or returns a card from a graveyard to a hand: the solver's "
           "combat casts no spell, so no card "
           "in a hidden zone acts in it (a line that counts such cards is noted itself), and a situation has no "
           "empty library to draw from (704.5b); as an activated ability only with a cost of mana or discarding"),
    Reason("energy", "107.14, 122.1",
           "an effect that only gives a player energy counters ({E}): they change no life, creature or result of "
           "the combat, and only a cost that pays {E} spends them: a board with an ability paying {E} beside such "
           "a line is refused (the energy it gives is not modelled)"),
    Reason("named", "122.1",
           "a triggered ability that only puts counters of a name on the permanent itself (\"Whenever ~ deals "
           "combat damage to a player, put a charge counter on it\"): a counter of a name has no effect of its own, "
           "and only a line of the same card could read it, none of which does during the combat (the card's other "
           "lines naming it act in a step outside the combat phase); not a P/T or level counter, nor one a rule "
           "gives an effect (122.1a-i)"),
    Reason("land", "305.1, 305.2",
           "a land entering (landfall): lands are played in a main phase, and the one line modelled that puts a "
           "land onto the battlefield during combat (a tapped basic land searched for, 701.23a) is refused beside "
           "it (pysolver.files.loader)"),
    Reason("deck", "702.124, 702.139, 100.2a, 905.1",
           "deck construction and outside the game: partner, companion, \"a deck can have any number\", "
           "the draft before a Conspiracy Draft game (\"draft ~ face up\", \"reveal ~ as you draft it\", \"as "
           "you draft a card\", \"during the draft\", booster packs passed)"),
    Reason("stated", "702.114a",
           "a characteristic-defining keyword whose characteristic the card file states: devoid (the card's "
           "colors are none)"),
    Reason("marker", "702.131c",
           "a keyword that only gives a player a designation with no rules meaning of its own: ascend (the "
           "city's blessing, 702.131b); only a line that reads the designation could change the combat, and "
           "such a line is noted itself"),
)}

# 207.2c: ability words have no rules meaning; the line is read without them.
_ABILITY_WORD = re.compile(r"^[a-z' ]+(?: \d)? — ")

_STEPS = (r"(upkeep|draw step|end step|(pre|post)combat main phase|(first|second) main phase|main phase|"
          r"cleanup step)")
_WHOSE = r"((the|your|each|each player's|each opponent's|that player's|target opponent's|each other player's|"\
         r"enchanted player's|its controller's|chosen player's) )?(next )?"

# An activated ability of the card itself (no quoted ability granted) with a timing restriction (602.5b).
_ACTIVATED_ONLY = r'^[^"]*: [^"]*\bactivate (this ability )?only '

_KEYWORDS: dict[str, tuple[str, ...]] = {
    "enters": ("bloodthirst", "amplify", "sunburst", "devour", "fabricate", "tribute", "exploit"),
    "step": ("echo", "cumulative upkeep", "fading", "vanishing", "phasing"),
    "spell": ("flash", "prowess", "cascade", "storm", "extort", "convoke", "delve", "improvise", "affinity for",
              "split second", "kicker", "multikicker", "evoke", "emerge", "prowl", "surge", "spectacle",
              "bestow", "mutate", "casualty", "foretell", "plot", "miracle", "squad", "replicate", "overload",
              "buyback", "entwine", "assist", "undaunted"),
    "zone": ("cycling", "ninjutsu", "commander ninjutsu", "madness", "unearth", "flashback", "embalm",
             "eternalize", "scavenge", "encore", "dredge", "recover", "disturb", "retrace", "transmute",
             "forecast", "reinforce", "suspend", "aftermath", "escape", "jump-start", "cipher"),
    "sorcery": ("level up", "outlast", "transfigure", "reconfigure"),
    "hidden": ("soulshift", "ingest"),
    "deck": ("partner", "partner with", "companion"),
    "stated": ("devoid",),
    "marker": ("ascend",),
}
# After a keyword: its cost, number or a few words ("affinity for artifacts"), or "—" and a cost (702.1).
_PARAMETER = re.compile(r"( (\{[^}]+\})+| \d+| [a-z][\w'-]*( [a-z~][\w'-]*){0,3})?(—.*)?")
_TYPECYCLING = re.compile(r"^([a-z]+ )?[a-z]+cycling\b")

_PATTERNS: dict[str, tuple[re.Pattern[str], ...]] = {key: tuple(map(re.compile, patterns)) for key, patterns in {
    "enters": (r"^(when|whenever) ~ enters( the battlefield)?( under your control)?, ",
               r"^as ~ enters( the battlefield)?, ",
               r"^~ enters( the battlefield)? (tapped|with )",
               r"^if ~ was (kicked|evoked|bargained)[^,]*, it enters( the battlefield)? with ",
               r"^~ escapes with ",
               r"^you may have ~ enter( the battlefield)? as a copy of ",
               r"^when ~ exploits a creature, "),
    "step": (rf"^at the beginning of {_WHOSE}{_STEPS}\b",
             r"^at the beginning of each (player's )?(upkeep|end step)\b",
             r"^~ doesn't untap during ",
             # 502.3: effects that act only in an untap step (none is in the combat phase)
             r"^whenever ~ (attacks|blocks|attacks or blocks), (it|~) doesn't untap during its controller's next "
             r"untap step$",
             # 513.1: sacrificed in the end step, after the combat phase (506.1)
             r"^(when|whenever) ~ (attacks|blocks|attacks or blocks), sacrifice (it|~) at the beginning of the next "
             r"end step$",
             # 603.7, 513.1: the death trigger's only effect creates a delayed triggered ability that acts in the
             # next end step, after the combat phase (one clause: no comma, no "and" of a second effect now)
             r"^when ~ dies, ((?! and )[^.:\",])+ at the beginning of the next end step$",
             r"^[^:\"]+ don't untap during their controllers' untap steps$",
             r"^untap all [^.:\"]+ during each other player's untap step$",
             r"^you may choose not to untap ~ during your untap step",
             # 701.43a: exerting only keeps it from untapping in the next untap step (without a linked "when
             # you do" ability; a "whenever you exert a creature" trigger is a line of its own)
             r"^you may exert ~ as it attacks$",
             rf"{_ACTIVATED_ONLY}during (your|an opponent's) upkeep\b",  # 503.1: no upkeep in the combat phase
             # 402.2, 514.1: the maximum hand size is checked only in the cleanup step
             r"^(your|each opponent's|each player's|each other player's) maximum hand size is (reduced|increased) "
             r"by \w+$"),
    "spell": (r"^(this spell|~) can't be countered\b",
              r"^(this spell|~) costs [^.]* (less|more) to cast\b",
              r"^(if [^,]*, )?this spell costs [^.]* (less|more) to cast\b",
              r"^[a-z -]*spells( [a-z' ]+)? cast cost [^.]* (less|more) to cast\b",
              r"^[a-z ,-]*spells cost [^.]* (less|more) to cast\b",
              # 601.3: a restriction on casting (the solver's combat casts no spell)
              r"^(players|each player|your opponents|each opponent) can cast spells only during their own turns$",
              r"^whenever the \w+ spell (of a|each) turn is cast, ",
              r"^as an additional cost to cast (this spell|~)(?!\w)",
              r"^cast (this spell|~) only\b",
              r"^you may [^.]* rather than pay (this spell's|~'s) mana cost",
              # 118.9: an alternative cost of casting the card itself ("if an opponent controls a Plains and you
              # control a Mountain, you may cast ~ without paying its mana cost")
              r"^(if [^,]*, )?you may cast (this spell|~) without paying its mana cost$",
              # 608.2n, 614.6: where instant and sorcery cards go instead of a graveyard (a resolving spell; a card
              # discarded or milled moves between hidden zones and counts no board reads, pysolver.files.loader)
              r"^if an instant or sorcery card would be put into a graveyard from anywhere, exile it instead$",
              r"^you may cast (this spell|~) as though it had flash\b",
              r"^(when|whenever) you cast (this spell|~)(?!\w)",
              r"^(when|whenever) (you|a player|an opponent|another player|each opponent|target opponent|"
              r"your opponents?) "
              r"(casts?|cycles?)(?! or discard) [^,~]*( that targets ~)?(?<!dies)(?<!attacks)(?<!blocks)(?<!enters), ",
              r"^(when|whenever) ~ becomes the target of a spell( an opponent controls| your opponents control"
              r"| you control)?, "),
    # 601.2c, 602.2, 700.2a: countering a spell, which the solver's combat never has to target
    "counter": (r'^(?:[^:"]+: |• )counter target (?:[a-z]+ )*?spell(?: with [^.]+?)?'
                r'(?: unless its controller pays [^.]+| if [^.]+)?$',),
    "zone": (r"^you may cast ~ from your (graveyard|hand)\b",
             r'^[^:"]*\b(discard ~|exile ~ from your graveyard|reveal ~ from your hand)[^:"]*: ',
             r"^[^:]*: return ~ from your graveyard to ",
             r"^(when|whenever) ~ is put into (your|a) graveyard from (your|a) (library|hand)\b",
             r"^while ~ is in your (graveyard|hand)\b",
             r"^when you cycle ~, ",
             # 113.6b: a replacement of the card's discard functions while the card is in a hand
             r"^if a spell or ability an opponent controls causes you to discard ~, "),
    "sorcery": (rf"{_ACTIVATED_ONLY}(as a sorcery|any time you could cast a sorcery)\b",
                r'^[\w ,-]+ (has|have) "[^"]*: [^"]*\bactivate (this ability )?only (as a sorcery|any time you could '
                r'cast a sorcery)[^"]*"$',
                # 702.6a: equip, granted to Equipment (at a cost of its own, or as long as a condition holds), is
                # "[cost]: attach this permanent to target creature you control. Activate only as a sorcery"
                r"^(as long as [^,]+, )?equipment you control (has|have) equip \{[^}]*\}( as long as [^,]+)?$"),
    "land": (r"^whenever a land( you control)? enters( the battlefield)?( under your control)?, ",),
    "deck": (r"^a deck can have any number of cards named ~", r"^draft ~ face up\b",
             # 905.1: a draft ability acts while the cards are drafted, before the game begins
             r"^reveal ~ as you draft it\b", r"^as you draft a card\b", r"^during the draft\b",
             r"^each player passes the last card from each booster pack\b"),
}.items()}

# 613.1f: a static ability granting a quoted ability ('All Slivers have "…"', "As long as …, ~ has "…"") to its
# grantees, the quoted ability's "this artifact/creature/permanent" being each of them (`who` "~": the card itself).
_GRANT = re.compile(r'^(?P<who>[^"]+?) (?:has|have) "(?P<ability>[^"]+)"$')
_SELF_GRANT = re.compile(r"^(?:as long as [^,]+, )?~(?: gets [+-]\d+/[+-]\d+ and)?$")
_MANA = re.compile(r"^(?P<cost>(\{[^}]+\}(, )?)+): add [^.]+\.( spend this mana only [^.]+\.)?"
                   r"( activate only once each turn\.)?$")
_ENERGY = re.compile(r"you get ((\{e\})+|that many \{e\}|an amount of \{e\} equal to [^.,]+)")
_RETURNS = re.compile(r"\b(return|put) (?P<what>it|~)( from your graveyard)?( onto| to) the battlefield")
# 513.1, 503.1: a return in the next end step or upkeep is after the combat phase (506.1)
_RETURNS_LATER = re.compile(r"at the beginning of (the|your) next (end step|upkeep)")
_DIES = re.compile(r"^when ~ (dies|is put into (a|your) graveyard from the battlefield)$")
_TRIGGER = re.compile(r"^(?:when|whenever|at) (?P<condition>[^,]+), (?P<effect>.+)$")
_ACTIVATED = re.compile(r"^(?P<cost>[^:\"]+): (?P<effect>.+)$")
_COST_HIDDEN = re.compile(r"((\{[^}tq]+\})+|discard (a card|\w+ cards))")
# 118.12, 603.5: "you may pay <mana symbols>. If you do, <effect>" of a triggered ability (not {E}, 107.14)
_MAY_PAY_MANA = re.compile(r"^you may pay (\{(\d+|[wubrgc](/[wubrgc])?)\})+\. if you do, ")


def shape(line: str, name: str, short: str | None = None) -> str:
    """The line as the classifier reads it: the card's name (and shortened name, 201.5c) and "this
    creature" as ``~``, lower case, no ability word (207.2c), no final period.

    >>> shape("Landfall — Whenever a land enters, Akroma gets +1/+1.", "Akroma, Angel of Fury", "Akroma")
    'whenever a land enters, ~ gets +1/+1'
    """
    text = line
    for own in (name, short):
        if own:
            text = re.sub(rf"(?<![\w{{]){re.escape(own)}(?![\w}}])", "~", text)
    text = re.sub(r"\bthis (creature|permanent)\b", "~", normalise(text, None))
    text = re.sub(r"\b(enters|escapes) the battlefield\b", r"\1", text)
    return _ABILITY_WORD.sub("", text).rstrip(".")


def reason(line: str, name: str, card_lines: tuple[str, ...] = (), short: str | None = None) -> Reason | None:
    """Why `line` of the card `name` cannot change one combat, or None: it may change the answer.
    `card_lines` are the card's lines: a card that can return to the battlefield during combat
    (persist, undying, 702.79a, 702.93a, or a line returning it) does not have inert "enters" lines.

    >>> reason("Flash", "Ambush Viper").key, reason("{T}: Add {G}.", "Llanowar Elves")
    ('spell', None)
    """
    text = shape(line, name, short)
    returns = any(_returns(shape(other, name, short)) for other in card_lines)
    for key in REASONS:
        if key == "enters" and returns:
            continue
        if _keyword(text) in _KEYWORDS.get(key, ()) or any(p.search(text) for p in _PATTERNS.get(key, ())):
            return REASONS[key]
        if key == "mana" and _mana(text) or key == "hidden" and _hidden(text) or key == "energy" and _energy(text):
            return REASONS[key]
        if _granted(text, key, returns) \
                or key == "named" and _named(text, [shape(other, name, short) for other in card_lines]):
            return REASONS[key]
    return None


def _granted(text: str, key: str, returns: bool) -> bool:
    """Whether `text` grants a quoted ability (613.1f) that is inert for `key` whoever has it: one of a step outside
    the combat phase ("step": an upkeep trigger never triggers in combat, 503.1), or the card's own
    enters-the-battlefield trigger granted to itself ("enters", 603.6a: as for its printed ones, not on a card that
    `returns` to the battlefield in combat). Granted to others, an enters trigger may matter (a token entering).

    >>> _granted('all slivers have "at the beginning of your upkeep, this permanent deals 1 damage to you."',
    ...          "step", False)
    True
    >>> _granted('as long as seven or more cards are in your graveyard, ~ has "when ~ enters, draw a card."',
    ...          "enters", False)
    True
    >>> _granted('sliver creatures you control have "when ~ enters, you gain 1 life."', "enters", False)
    False
    """
    m = _GRANT.fullmatch(text)
    if m is None or key not in ("step", "enters") or key == "enters" and (returns or not _SELF_GRANT.fullmatch(
            m.group("who"))):
        return False
    ability = re.sub(r"\bthis (artifact|creature|permanent)\b", "~", m.group("ability")).rstrip(".")
    return any(p.search(ability) for p in _PATTERNS[key])


_PUTS_NAMED = re.compile(r"^(when|whenever|at) [^,]+, put (a|an|one|two|three|four|five|\d+) (?P<name>[a-z]+) "
                         r"counters? on (it|~)$")


def _named(text: str, others: list[str]) -> bool:
    """122.1: a triggered ability that only puts counters of a name on the permanent itself, where every other
    line of the card that names them acts in a step outside the combat phase (the "step" reason).

    >>> _named("whenever ~ deals combat damage to a player, put a charge counter on it",
    ...        ["at the beginning of your end step, ~ deals damage equal to the number of charge counters on it to "
    ...         "each opponent"])
    True
    >>> _named("whenever ~ attacks, put a ki counter on ~", ["remove a ki counter from ~: ~ gets +1/+1 until end of "
    ...        "turn"])
    False
    """
    m = _PUTS_NAMED.match(text)
    if m is None or m["name"] in RULED_COUNTERS or m["name"] == "level":
        return False
    naming = [o for o in others if o != text and re.search(rf"\b{m['name']} counters?\b", o)]
    return all(any(p.search(o) for p in _PATTERNS["step"]) for o in naming)


def _returns(text: str) -> bool:
    """Whether the line can return the card itself to the battlefield during combat: persist, undying
    (702.79a, 702.93a), or "return ~ / it to the battlefield" where "it" is the card (not a card searched for
    or chosen before it in the sentence), not as a sorcery (602.5d) and not at the next end step or upkeep.

    >>> _returns("when ~ dies, return it to the battlefield face down under your control")
    True
    >>> _returns("when ~ enters, you may search your library for a basic land card, put it onto the battlefield "
    ...          "tapped, then shuffle")
    False
    """
    if re.match(r"^(persist|undying)\b", text):
        return True
    if re.search(rf"{_ACTIVATED_ONLY}(as a sorcery|any time you could cast a sorcery)\b", text):
        return False
    for sentence in text.split(". "):
        m = _RETURNS.search(sentence)
        before = sentence[:m.start()] if m else ""
        if m and not _RETURNS_LATER.search(sentence) and (
                m.group("what") == "~" or not re.search(r"\bcards?\b", before)):
            return True
    return False


def _keyword(text: str) -> str | None:
    """The keyword a keyword line ("cycling {2}", "bloodthirst 2", "affinity for artifacts", a keyword
    with a cost that is not mana after a dash, 702.1: "echo—discard a card") is of; any typecycling
    ("swampcycling {2}", "basic landcycling {1}{g}") is "cycling" (702.29e).

    >>> _keyword("cumulative upkeep—put a -1/-1 counter on ~"), _keyword("kicker—sacrifice a creature")
    ('cumulative upkeep', 'kicker')
    """
    words = text.replace("\u2014", " \u2014").split()
    for size in (3, 2, 1):
        head = " ".join(words[:size])
        if len(words) >= size and text.startswith(head) and any(head in group for group in _KEYWORDS.values()) \
                and _PARAMETER.fullmatch(text[len(head):]):
            return head
    m = _TYPECYCLING.match(text)
    return "cycling" if m and _PARAMETER.fullmatch(text[m.end():]) else None


def _mana(text: str) -> bool:
    """605.1a: an ability without a target that adds mana, costing only mana ({T}, {Q} excluded: 509.1c)."""
    m = _MANA.match(text + ".")
    return m is not None and not re.search(r"\{[tq]\}", m.group("cost"))


def _energy(text: str) -> bool:
    """122.1: a triggered ability, or an activated one costing mana or discarding, that only gives energy.

    >>> _energy("whenever ~ attacks, you get {e}{e}"), _energy("whenever ~ attacks, you get {e} and ~ gets +1/+1")
    (True, False)
    """
    trigger = _TRIGGER.match(text)
    activated = None if trigger else _ACTIVATED.match(text)
    if activated and not all(_COST_HIDDEN.fullmatch(c.strip()) for c in activated.group("cost").split(",")):
        return False
    match = trigger or activated
    return match is not None and _ENERGY.fullmatch(match.group("effect")) is not None


def _hidden(text: str) -> bool:
    """Only hidden-zone steps in a triggered ability, or in an activated one costing mana or discarding; in a
    triggered ability also after an optional payment of mana ("you may pay {1}. If you do, draw a card": 118.12,
    603.5, the payment a choice made as it resolves, only mana spent, as an activated ability's cost).

    >>> _hidden("when ~ dies, you may pay {1}{b}. if you do, target player discards a card at random")
    True
    >>> _hidden("whenever ~ attacks, you may pay {e}. if you do, draw a card")  # (107.14: energy a cost reads)
    False
    """
    trigger = _TRIGGER.match(text)
    activated = None if trigger else _ACTIVATED.match(text)
    if trigger:
        effect, dies = trigger.group("effect"), bool(_DIES.match(f"when {trigger.group('condition')}"))
        effect = _MAY_PAY_MANA.sub("", effect)
    elif activated and all(_COST_HIDDEN.fullmatch(c.strip()) for c in activated.group("cost").split(",")):
        effect, dies = activated.group("effect"), False
    else:
        return False
    return only_hidden(effect, dies)


#: The three classes of a line (docs/engines.md).
MODELLED, INERT, MAY_CHANGE = "modelled", "inert", "may change"


@dataclass(frozen=True)
class Classified:
    """One line of a card and its class: :data:`MODELLED` (a docs/abilities.md line), :data:`INERT`
    (cannot change one combat, for `reason`) or :data:`MAY_CHANGE` (not modelled, may change the answer)."""

    line: str
    status: str
    reason: Reason | None = None

    def to_json(self) -> dict[str, Any]:
        """The entry of a `cards` document's ``lines`` (docs/results.md).

        >>> Classified("Flash", INERT, REASONS["spell"]).to_json()["reason"]["rule"]
        '601.2, 113.6'
        """
        why = None if self.reason is None else {"key": self.reason.key, "rule": self.reason.rule,
                                                  "text": self.reason.text}
        return {"line": self.line, "class": self.status, "reason": why}


class _CardLines(Protocol):
    @property
    def lines(self) -> tuple[str, ...]: ...
    @property
    def level_lines(self) -> tuple[str, ...]: ...
    @property
    def inert(self) -> tuple[tuple[str, Reason], ...]: ...
    @property
    def unmodelled(self) -> tuple[str, ...]: ...


def classify(card: _CardLines) -> tuple[Classified, ...]:
    """Every line of a card (:class:`pysolver.files.cards.Card`) with its class: the modelled lines,
    the inert ones, then those that may change the answer.

    >>> from pysolver.files.cards import builtin_pool
    >>> [(c.status, c.reason and c.reason.key) for c in classify(builtin_pool()["blistering firecat"])]
    [('modelled', None), ('modelled', None), ('modelled', None), ('inert', 'step')]
    """
    return (*(Classified(line, MODELLED) for line in (*card.lines, *card.level_lines)),
            *(Classified(line, INERT, why) for line, why in card.inert),
            *(Classified(line, MAY_CHANGE) for line in card.unmodelled))
