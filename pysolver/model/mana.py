"""Mana symbols, pools and costs (CR 107.4, 202.1) for paying morph costs (702.37e) and the costs of
activated abilities (602.2b, 601.2g-h).

A pool or cost is a :class:`Mana` value: an amount of each colour, colorless
mana and (costs only) generic mana and two-color hybrid symbols (107.4e: {W/U} is paid with {W} or
{U}).

Paying is decided by ``encodings/mana.lp`` (face-up turns and activations alike): colored and {C}
symbols exactly, each hybrid symbol with one of its two colors, generic mana with anything left
(107.4). A hybrid symbol's color is chosen as it is paid (601.2h); what was spent keeps it open
(`Player.spent`), since a pool pays everything spent and a later cost together if and only if
there were choices at each payment that leave enough for the later one: the outcomes of a combat do
not tell which mana paid what.

>>> str(Mana.parse("{R}{R}{R}{3}", is_pool=True)), str(Mana.parse("{3}{R}{R}{R}"))
('{R}{R}{R}{C}{C}{C}', '{3}{R}{R}{R}')
>>> (Mana.parse("{3}{R}") + Mana.parse("{U}")).total
5
>>> affordable(Mana.parse("{R}{R}{R}{G}", is_pool=True), Mana(), Mana.parse("{1}{R}"))
2
>>> affordable(Mana.parse("{B}{R}", is_pool=True), Mana.parse("{R/B}"), Mana.parse("{B}"))  # {R/B} paid with {R}
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cached_property
from operator import attrgetter

COLOR_SYMBOLS = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")
# 107.4e: the ten two-color hybrid symbols, as Mana's fields (the two colors in WUBRG order)
HYBRID = ("WU", "WB", "WR", "WG", "UB", "UR", "UG", "BR", "BG", "RG")
_SUBSETS = tuple(frozenset(c for i, c in enumerate(COLOR_SYMBOLS) if bits >> i & 1) for bits in range(1, 32))


@dataclass(frozen=True)
class Mana:
    """Mana as counts: `colored` per W/U/B/R/G symbol, `colorless` ({C}), `generic` (numbers in costs),
    and each two-color hybrid symbol (costs only; ``WU`` is {W/U}, 107.4e)."""

    W: int = 0
    U: int = 0
    B: int = 0
    R: int = 0
    G: int = 0
    colorless: int = 0
    generic: int = 0
    WU: int = 0
    WB: int = 0
    WR: int = 0
    WG: int = 0
    UB: int = 0
    UR: int = 0
    UG: int = 0
    BR: int = 0
    BG: int = 0
    RG: int = 0

    @classmethod
    def parse(cls, text: str, *, is_pool: bool = False) -> Mana:
        """Parse `{3}{R}{R}` (107.4). In a pool a number means that much colorless mana (docs/situation.md).

        Raises ValueError naming the symbol that is not understood; `{X}` (702.37f) is not supported.
        """
        text = text.strip()
        rest = _SYMBOL.sub("", text).strip()
        if rest:
            raise ValueError(f"mana {text!r}: {rest!r} is not a mana symbol like {{R}} or {{2}}")
        counts = dict.fromkeys([*COLOR_SYMBOLS, "colorless", "generic", *HYBRID], 0)
        for symbol in _SYMBOL.findall(text):
            s = symbol.upper()
            pair = "".join(sorted(s.split("/"), key=COLOR_SYMBOLS.find)) if s.count("/") == 1 else ""
            if pair in HYBRID and not is_pool:  # 107.4e
                counts[pair] += 1
            elif s in COLOR_SYMBOLS:
                counts[s] += 1
            elif s == "C":
                counts["colorless"] += 1
            elif s.isdigit():
                counts["colorless" if is_pool else "generic"] += int(s)
            elif s == "X":
                raise ValueError(f"mana {text!r}: costs with {{X}} (702.37f) are not supported")
            else:
                raise ValueError(f"mana {text!r}: {{{symbol}}} is not a supported mana symbol")
        return cls(**counts)

    def __add__(self, other: Mana) -> Mana:
        return Mana(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple())))

    def as_tuple(self) -> tuple[int, ...]:
        """The counts in field order: W, U, B, R, G, colorless, generic, then the hybrid symbols (:data:`HYBRID`)."""
        return _COUNTS(self)

    @property
    def hybrid(self) -> int:
        """How many hybrid symbols it has (107.4e)."""
        return sum(getattr(self, h) for h in HYBRID)

    @cached_property
    def total(self) -> int:
        """How many symbols or how much mana in all (a value: asked in every affordability test)."""
        return sum(_COUNTS(self))

    def __str__(self) -> str:
        parts = [f"{{{c}}}" * getattr(self, c) for c in COLOR_SYMBOLS]
        parts.append("{C}" * self.colorless)
        parts += [f"{{{h[0]}/{h[1]}}}" * getattr(self, h) for h in HYBRID]
        if self.generic:
            parts.insert(0, f"{{{self.generic}}}")
        return "".join(parts) or "{0}"


    def times(self, n: int) -> Mana:
        """This cost paid `n` times (602.2b: each activation pays its cost).

        >>> str(Mana.parse("{1}{R}").times(3))
        '{3}{R}{R}{R}'
        """
        return Mana(*(a * n for a in self.as_tuple()))


_COUNTS = attrgetter(*(f.name for f in fields(Mana)))


def affordable(pool: Mana, spent: Mana, cost: Mana) -> int:
    """How many times `cost` can still be paid from `pool` after `spent` (601.2g-h, 106.4), by the rule
    of ``encodings/mana.lp``: colored and {C} symbols with exactly that mana, generic mana with
    anything left (107.4), each hybrid symbol with one of its colors (107.4e). A cost of no mana is refused by
    the parser (pysolver.model.abilities.NotModelled)."""
    assert cost.total > 0
    if cost.hybrid or spent.hybrid:  # the most n for which pays() holds (it holds for fewer if for n)
        low, high = 0, max(0, (pool.total - spent.total) // cost.total)
        while low < high:
            mid = (low + high + 1) // 2
            low, high = (mid, high) if pays(pool, spent + cost.times(mid)) else (low, mid - 1)
        return low
    bounds = [(have - used) // need for have, used, need in zip(pool.as_tuple()[:6], spent.as_tuple()[:6],
                                                               cost.as_tuple()[:6]) if need]
    bounds.append((pool.total - spent.total) // cost.total)
    return max(0, min(bounds))


def pays(pool: Mana, spent: Mana) -> bool:
    """Whether `pool` pays for everything in `spent` together, by the rule of ``encodings/mana.lp``
    (601.2g-h, 106.4, 107.4): colored and {C} symbols with exactly that mana, generic mana with
    anything, each hybrid symbol with one of its two colors (107.4e): some choice of colors does it
    exactly when, for every set of colors, the symbols that must be paid with colors of the set (of
    one of them, or hybrid of two of them) are no more than the pool's mana of those colors (the
    marriage condition of a bipartite matching).

    >>> pool = Mana.parse("{R}{G}", is_pool=True)
    >>> pays(pool, Mana.parse("{1}{R}")), pays(pool, Mana.parse("{R}{R}")), pays(pool, Mana.parse("{2}{R}"))
    (True, False, False)
    >>> pays(pool, Mana.parse("{R/G}{R}")), pays(pool, Mana.parse("{R/G}{R/G}{1}")), pays(pool, Mana.parse("{W/U}"))
    (True, False, False)
    """
    if spent.colorless > pool.colorless or spent.total > pool.total:
        return False
    if not spent.hybrid:
        return all(getattr(spent, c) <= getattr(pool, c) for c in COLOR_SYMBOLS)
    return all(sum(getattr(spent, c) - getattr(pool, c) for c in colors)
               + sum(getattr(spent, h) for h in HYBRID if set(h) <= colors) <= 0 for colors in _SUBSETS)

