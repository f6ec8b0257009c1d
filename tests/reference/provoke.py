"""Provoke (702.39), in plain Python: the triggers of a declared attack, their legal targets and
what one does as it resolves. Independent of the encodings.

702.39a: "Whenever this creature attacks, you may have target creature defending player controls
untap and block it if able." 702.39b: each instance triggers. A target is a creature the defending
player of the provoker controls (506.2) without protection from a quality of the provoker
(702.16b); as it resolves it must still be one (608.2b).
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from pysolver.model import Situation

from .characteristics import Characteristics
from .declarations import defending_player, has_quality

Provoke = tuple[str, str, str, int]  # ("provoke", provoker, target or "", 0), as on the stack


def provoke_sources(s: Situation, field: dict[str, Characteristics]) -> list[str]:
    """One entry per provoke instance of each attacking creature on the battlefield (face down: none,
    708.2a), in id order."""
    out = []
    for a, _ in s.combat.attackers or ():
        if a in field and field[a].is_creature:
            out += [a] * field[a].instances("provoke")
    return sorted(out)


def legal_targets(s: Situation, field: dict[str, Characteristics], source: str) -> list[str]:
    """The creatures provoke of `source` may target now (702.39a, 506.2, 702.16b; 702.18a: no shroud;
    702.11b: no hexproof, the defending player being an opponent of provoke's controller)."""
    target = dict(s.combat.attackers or ())[source]
    defender = defending_player(s, target)
    return sorted(pid for pid, c in field.items() if c.is_creature and c.controller == defender
                  and not any(has_quality(field[source], q) for q in c.protections())
                  and not c.has("shroud") and not (c.has("hexproof") and c.controller != field[source].controller))


def stacks(s: Situation, field: dict[str, Characteristics]) -> set[tuple[Provoke, ...]]:
    """Every way the active player can put the provoke triggers on the stack, each with no target
    ("you may") or a legal one (603.3d); as the order they resolve in (any order, 603.3b)."""
    choices = [[("provoke", a, t, 0) for t in ["", *legal_targets(s, field, a)]] for a in provoke_sources(s, field)]
    return {order for combo in itertools.product(*choices) for order in itertools.permutations(combo)}


def resolve_provoke(s: Situation, field: dict[str, Characteristics], t: Provoke) -> Situation:
    """702.39a: the target untaps and must block the provoker this combat if able (509.1c,
    ``combat.provoked``); nothing with no target or one no longer legal (608.2b)."""
    _, source, target, _ = t
    if not target or source not in field or target not in legal_targets(s, field, source):
        return s
    permanents = tuple(replace(p, tapped=False) if p.id == target else p for p in s.permanents)
    combat = replace(s.combat, provoked=tuple(sorted((*s.combat.provoked, (target, source)))))
    return replace(s, permanents=permanents, combat=combat)
