"""Mana symbols, pools and costs (CR 107.4, 202.1) for paying morph costs (702.37e).

A pool or cost is a :class:`Mana` value: an amount of each colour, colorless
mana and (costs only) generic mana.

Paying is decided by ``encodings/facedown.lp``: colored and {C} symbols exactly, generic
mana with anything left.

>>> str(Mana.parse("{R}{R}{R}{3}", is_pool=True)), str(Mana.parse("{3}{R}{R}{R}"))
('{R}{R}{R}{C}{C}{C}', '{3}{R}{R}{R}')
>>> (Mana.parse("{3}{R}") + Mana.parse("{U}")).total
5
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
