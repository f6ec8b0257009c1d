"""Mana symbols, pools and costs (CR 107.4, 202.1) for paying morph costs (702.37e) and the costs of
activated abilities (602.2b, 601.2g-h).

A pool or cost is a :class:`Mana` value: an amount of each colour, colorless
mana and (costs only) generic mana.

Paying is decided by ``encodings/mana.lp`` (face-up turns and activations alike): colored and {C}
symbols exactly, generic mana with anything left (107.4).

>>> str(Mana.parse("{R}{R}{R}{3}", is_pool=True)), str(Mana.parse("{3}{R}{R}{R}"))
('{R}{R}{R}{C}{C}{C}', '{3}{R}{R}{R}')
>>> (Mana.parse("{3}{R}") + Mana.parse("{U}")).total
5
>>> affordable(Mana.parse("{R}{R}{R}{G}", is_pool=True), Mana(), Mana.parse("{1}{R}"))
2
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLOR_SYMBOLS = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Mana:
    """Mana as counts: `colored` per W/U/B/R/G symbol, `colorless` ({C}), `generic` (numbers in costs)."""

    W: int = 0
    U: int = 0
    B: int = 0
    R: int = 0
    G: int = 0
    colorless: int = 0
    generic: int = 0

    @classmethod
    def parse(cls, text: str, *, is_pool: bool = False) -> Mana:
        """Parse `{3}{R}{R}` (107.4). In a pool a number means that much colorless mana (docs/situation.md).

        Raises ValueError naming the symbol that is not understood; `{X}` (702.37f) is not supported.
        """
        text = text.strip()
        rest = _SYMBOL.sub("", text).strip()
        if rest:
            raise ValueError(f"mana {text!r}: {rest!r} is not a mana symbol like {{R}} or {{2}}")
        counts = dict.fromkeys([*COLOR_SYMBOLS, "colorless", "generic"], 0)
        for symbol in _SYMBOL.findall(text):
            s = symbol.upper()
            if s in COLOR_SYMBOLS:
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
        return (self.W, self.U, self.B, self.R, self.G, self.colorless, self.generic)

    @property
    def total(self) -> int:
        return sum(self.as_tuple())

    def __str__(self) -> str:
        parts = [f"{{{c}}}" * getattr(self, c) for c in COLOR_SYMBOLS]
        parts.append("{C}" * self.colorless)
        if self.generic:
            parts.insert(0, f"{{{self.generic}}}")
        return "".join(parts) or "{0}"


    def times(self, n: int) -> Mana:
        """This cost paid `n` times (602.2b: each activation pays its cost).

        >>> str(Mana.parse("{1}{R}").times(3))
        '{3}{R}{R}{R}'
        """
        return Mana(*(a * n for a in self.as_tuple()))


def affordable(pool: Mana, spent: Mana, cost: Mana) -> int:
    """How many times `cost` can still be paid from `pool` after `spent` (601.2g-h, 106.4), by the rule
    of ``encodings/mana.lp``: colored and {C} symbols with exactly that mana, generic mana with
    anything left (107.4). A cost of no mana is refused by the parser (pysolver.model.abilities.NotModelled)."""
    assert cost.total > 0
    bounds = [(have - used) // need for have, used, need in zip(pool.as_tuple()[:-1], spent.as_tuple()[:-1],
                                                               cost.as_tuple()[:-1]) if need]
    bounds.append((pool.total - spent.total) // cost.total)
    return max(0, min(bounds))


def pays(pool: Mana, spent: Mana) -> bool:
    """Whether `pool` pays for everything in `spent` together, by the rule of ``encodings/mana.lp``
    (601.2g-h, 106.4, 107.4): colored and {C} symbols with exactly that mana, generic mana with
    anything.

    >>> pool = Mana.parse("{R}{G}", is_pool=True)
    >>> pays(pool, Mana.parse("{1}{R}")), pays(pool, Mana.parse("{R}{R}")), pays(pool, Mana.parse("{2}{R}"))
    (True, False, False)
    """
    return all(used <= have for have, used in zip(pool.as_tuple()[:-1], spent.as_tuple()[:-1])) and (
        spent.total <= pool.total)

