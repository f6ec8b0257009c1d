"""Static prevention of part of each damage event (615.10), written from the rules text: "If a source would deal
damage to you or a creature you control, prevent N of that damage" and "If a source would deal damage to another
<creature type> you control, prevent all but 1 of that damage", each applying to each source's damage to each
recipient (510.2: a combat damage step's damage is simultaneous, one event per source and recipient) while its
source is on the battlefield (611.3a)."""

from __future__ import annotations

from .characteristics import Characteristics


def partly_prevented(field: dict[str, Characteristics], recipient: str, n: int) -> int:
    """How much of `n` damage that would be dealt to `recipient` (a permanent's id in `field`, or a player's name)
    the static preventions of part of the damage of the permanents on the battlefield (`field`) prevent (615.10;
    two "prevent N" effects prevent N each, 616.1f)."""
    target = field.get(recipient)
    if target is not None and not target.is_creature:
        return 0
    owner = recipient if target is None else target.controller
    some = sum(int(v) for x in field.values() if x.controller == owner for v in x.values("prevent_some"))
    if target is not None and any(x.id != recipient and x.controller == owner and (
            target.has("changeling") or v in target.subtypes)
            for x in field.values() for v in x.values("prevent_all_but_one")):
        return max(n - 1, 0)
    return min(n, some)
