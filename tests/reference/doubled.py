"""Damage replaced by a static ability's replacement effect (614.1a), written from the rules text: "If a source you
control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead",
applying to each damage event of each source its controller controls while it is on the battlefield (611.3a), once
for each such permanent (616.1f); "Damage that would reduce your life total to less than 1 reduces it to 1 instead",
applying to the damage dealt to its controller."""

from __future__ import annotations

from .characteristics import Characteristics


def doubled(field: dict[str, Characteristics], source: Characteristics, n: int) -> int:
    """The damage `source` deals instead of `n` (614.1a) with the permanents on the battlefield (`field`)."""
    return n * 2 ** sum(1 for x in field.values() if x.controller == source.controller and x.has("double_damage"))


def floored(field: dict[str, Characteristics], player: str, life: int, loss: int) -> int:
    """The life `player` (at `life`) loses instead of `loss` from a step's damage (120.3a) with the permanents on the
    battlefield (`field`): no more than leaves them at 1 beside "Damage that would reduce your life total to less
    than 1 reduces it to 1 instead" of theirs (614.1a)."""
    if loss > 0 and life - loss < 1 and any(x.controller == player and x.has("life_floor") for x in field.values()):
        return life - 1
    return loss
