"""Damage doubled by a replacement effect (614.1a), written from the rules text: "If a source you control would deal
damage to a permanent or player, it deals double that damage to that permanent or player instead", applying to each
damage event of each source its controller controls while it is on the battlefield (611.3a), once for each such
permanent (616.1f)."""

from __future__ import annotations

from .characteristics import Characteristics


def doubled(field: dict[str, Characteristics], source: Characteristics, n: int) -> int:
    """The damage `source` deals instead of `n` (614.1a) with the permanents on the battlefield (`field`)."""
    return n * 2 ** sum(1 for x in field.values() if x.controller == source.controller and x.has("double_damage"))
