"""The numeric ranges of a situation (docs/limits.md Numbers, ``docs/limits.md``), checked in one place.

clingo integers are 32-bit and wrap silently (``a(4294967296)`` grounds as ``a(0)``), so every
number a board can hold is bounded such that every sum the encodings compute stays well inside
``-2**31 .. 2**31-1``:

* each stored value (life, poison, power, toughness, loyalty, defense, damage, counters, mana
  amounts, the N of "can't be blocked except by N") has ``|n| <= MAX_VALUE`` (10^6), or
  ``0 .. MAX_VALUE`` where a negative value makes no sense (:data:`RANGES`);
* the magnitudes of all numbers of one board (its permanents, players and a declared
  ``combat.assignment``) add up to at most ``MAX_TOTAL`` (10^8).

Worst cases in the encodings (the comments there cite this module): a creature's power with
counters and a change until end of turn ``N+C+X`` (C the #sum of X·n over its +X/+Y counters,
characteristics.lp, 613.4c) is at most 4·10^6 in magnitude; any ``#sum`` over the board (damage
dealt to one player or permanent,
life gained by lifelink, mana spent on face-up turns; 510.1, 702.15b, 702.37e) is bounded by the
board total, at most twice over with double strike (702.4b), so a life total after combat is
within ``MAX_VALUE + 4·MAX_TOTAL`` = 401,000,000 < 2**31 - 1 = 2,147,483,647.

Integer literals are read at any length (:func:`parse_int`): a literal longer than
:data:`MAX_DIGITS` digits becomes an :class:`Oversized` value that the loader refuses with its
field; nothing ever calls ``int()`` on an unbounded string (Python refuses 4300 digits).

>>> problem(10**6, "life") is None, problem(-1, "damage")
(True, 'must be between 0 and 1000000 (docs/limits.md), got -1')
>>> problem(parse_int("9" * 5000), "power")
'must be between -1000000 and 1000000 (docs/limits.md), got 9999999999…(5000 digits)'
>>> abbreviate("x" * 200)[-20:]
'xxxxxxxx…(200 chars)'
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_VALUE = 10**6
MAX_TOTAL = 10**8
MAX_DIGITS = 30  # far beyond MAX_VALUE; anything longer is refused unread
QUOTE = 80  # characters of a value a message quotes at most
CLINGO_MAX = 2**31 - 1

SIGNED = (-MAX_VALUE, MAX_VALUE)
NATURAL = (0, MAX_VALUE)
RANGES: dict[str, tuple[int, int]] = {
    "life": SIGNED,        # 119.1, 107.1b: life can be negative
    "poison": NATURAL,     # 122.1f
    "energy": NATURAL,     # 107.14, 122.1: a player's energy counters
    "cards": NATURAL,      # 402.1, 404.1: cards in a hand or graveyard
    "power": SIGNED,       # 208.1, 107.1b
    "toughness": SIGNED,
    "loyalty": NATURAL,    # 306.5b
    "defense": NATURAL,    # 310.4
    "damage": NATURAL,     # 120.6 damage marked
    "regeneration_shields": NATURAL,  # 701.19a: regeneration shields on a creature this turn
    # 509.1b: N of "~ can't be blocked by creatures with power N or less this turn"
    "cant_be_blocked_by_power_this_turn": NATURAL,
    "attached": (0, 1000),  # 301.5, 303.4: the Auras or the Equipment attached to a permanent
    "prevention_shield": NATURAL,  # 615.7: damage still to be prevented by "prevent the next N damage" shields
    "activations_this_turn": NATURAL,  # 602.5b: activations of one pump ability this turn
    "counters": NATURAL,   # 122.1: how many counters of one kind
    "counter_kind": NATURAL,  # the X and Y of a +X/+Y counter kind (122.1a)
    "counter_total": (0, 2 * MAX_VALUE),  # sum of |X|·n (and |Y|·n) over a permanent's P/T counters (613.4c)
    "until_end_of_turn": SIGNED,  # each of +X/+Y of resolved pumps (613.4c)
    "mana": NATURAL,       # 106.4 amounts of mana in a pool or a cost
    "amount": (1, 4 * MAX_VALUE),  # an assigned amount of combat damage: at most a power with counters
                                   # and a change until end of turn (510.1)
    "blockers": (1, MAX_VALUE),  # "can't be blocked except by N or more creatures" (509.1b)
    "activations": (1, MAX_VALUE),  # how many times a pump ability is activated (602.2)
    "ability": SIGNED,     # any other number in an ability line (+X/+Y, bushido N, …)
}


@dataclass(frozen=True, repr=False)
class Oversized:
    """An integer literal too long to be a number of any range here (kept as its text, shown abbreviated)."""

    text: str

    def __str__(self) -> str:
        return abbreviate(self.text, width=30, unit="digits")

    def __repr__(self) -> str:
        return f"Oversized({self})"


def parse_int(text: str) -> int | Oversized:
    """A decimal integer literal as a number, or :class:`Oversized` past :data:`MAX_DIGITS` digits.

    >>> parse_int("-12"), parse_int("1" * 40)
    (-12, Oversized(1111111111…(40 digits)))
    """
    if len(text.lstrip("+-")) > MAX_DIGITS:
        return Oversized(text)
    return int(text)


def abbreviate(text: str, width: int = QUOTE, unit: str = "chars") -> str:
    """`text` cut to about `width` characters, saying how long it was."""
    if len(text) <= width:
        return text
    return f"{text[: width - 20]}…({len(text)} {unit})"


def quote(value: object) -> str:
    """A value as messages show it: its repr, at most about :data:`QUOTE` characters.

    >>> quote("abc"), len(quote("a" * 10**6)) < 90
    ("'abc'", True)
    """
    if isinstance(value, Oversized):
        return str(value)
    if isinstance(value, int) and abs(value) >= 10**MAX_DIGITS:  # repr() refuses 4300 digits
        return f"an integer of about {int(abs(value).bit_length() * 0.30103)} digits"
    if isinstance(value, str) and len(value) > QUOTE:
        return repr(value[: QUOTE - 20]) + f"…({len(value)} chars)"
    text = repr(value)
    return text if len(text) <= QUOTE else abbreviate(text)


def problem(value: int | Oversized, kind: str) -> str | None:
    """What is wrong with `value` as a number of this kind (:data:`RANGES`), or None."""
    low, high = RANGES[kind]
    if isinstance(value, Oversized) or not low <= value <= high:
        return f"must be between {low} and {high} (docs/limits.md), got {quote(value)}"
    return None


def total_problem(total: int) -> str | None:
    """What is wrong with the sum of the magnitudes of a board's numbers, or None.

    >>> total_problem(10**8 + 1)
    'the numbers of the board add up to 100000001 in magnitude, more than 100000000 (docs/limits.md)'
    """
    if total > MAX_TOTAL:
        return f"the numbers of the board add up to {total} in magnitude, more than {MAX_TOTAL} (docs/limits.md)"
    return None
