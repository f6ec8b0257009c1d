"""Activated pump abilities in the priority windows of the combat (602, 608.2, 613.4c), and
"{cost}: Regenerate ~" (701.19a), activated the same way: its shield is added to the creature's
`regeneration_shields` as it resolves.

A pump ability ("{R}: ~ gets +1/+0 until end of turn", "{1}{W}: Creatures you control get +1/+1
until end of turn", docs/abilities.md) may be activated by its controller whenever they have
priority (602.2, 117.1b), any number of times, each activation paid from their `mana` (602.2b,
601.2g-h, the pool that pays morph costs, 106.4). A face-down permanent has no abilities (708.2a)
and a permanent that left the battlefield none to activate. An activation resolves when both
players pass with it on the stack (117.4, 608.2): the pumped creature ("~") gets +X/+Y until end
of turn if it is still on the battlefield; "creatures you control" means the creatures its
controller controls as it resolves (608.2h). The effect adds to `until_end_of_turn` (613.4c,
layer 7c) and state-based actions follow (704.3: a toughness now 0 or less, 704.5f, or lethal
damage, 704.5g).

An :class:`pysolver.model.moves.Activation` activates one ability `times` times in a row, each resolving
before the next; the other player's responses change nothing the activation does (pumps affect
their controller's creatures only, and players pay from their own pools), so they are their moves
after it (:mod:`pysolver.game.gametree`).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}{R}"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
...                     "abilities": ["{R}: ~ gets +1/+0 until end of turn"]}]})
>>> [m.times for m in activations(s, "after_blockers", frozenset({"a"}))]
[1, 2]
>>> after = activate(s, Activation("after_blockers", "x", 2))
>>> after.permanent("x").until_end_of_turn, str(after.player("a").spent)
((2, 0), '{R}{R}')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..model import Permanent, Situation
from ..model.abilities import PUMPS, Pump
from ..model.mana import affordable
from ..model.moves import Activation
from ..model.stage import Stage
from ..model.values import Violation
from .combat import has_statics

# The ability kinds whose rules read no power or toughness before blockers are declared, listed
# one by one (a kind added later is not in it until someone shows that it reads neither): with only
# these on the board a pump that leaves toughness alone can wait for the window after blockers
# (:func:`may_wait`).
BLIND_BEFORE_BLOCKS = frozenset({
    "flying", "reach", "trample", "trample_over_planeswalkers", "menace", "deathtouch", "first_strike",
    "double_strike", "vigilance", "haste", "defender", "indestructible", "lifelink", "fear", "intimidate",
    "shadow", "horsemanship", "skulk", "landwalk", "protection", "morph", "megamorph", "cant_block",
    "cant_be_blocked", "block_additional", "block_any_number", "block_only_flyers", "min_blockers", "lure",
    "must_be_blocked", "blocks_each_combat", "attacks_each_combat", *PUMPS,
    # pysolver.rules.activated: they read no P/T (hexproof, shroud and ward read who targets)
    "tap_target", "target_cant_block", "target_pump", "tap_pump", "hexproof", "shroud", "ward",
    # regeneration and prevention (701.19a, 615.1a) read no P/T
    "regenerate", "prevent_combat_damage_to", "prevent_combat_damage_by", "prevent_damage_to",
    "prevent_combat_damage_to_and_by"})


def lowers_toughness(s: Situation) -> bool:
    """Whether an ability of :mod:`pysolver.rules.activated` on the battlefield gives -X/-Y with Y > 0
    (a creature may die of it, 704.5f)."""
    return any(ab.toughness < 0 for p in s.permanents if not p.left_battlefield for _, ab in p.combat_abilities())


def pumps_of(p: Permanent) -> list[Pump]:
    """The pump abilities of a permanent's face-up side, in order (the `ability` numbers of moves)."""
    return [pump for _, pump in p.pump_abilities()]


def _kind(p: Permanent, index: int) -> str:
    return p.pump_abilities()[index][0]


def can_activate(p: Permanent) -> bool:
    """Whether the permanent has pump abilities it can activate now: face up (708.2a) and on the
    battlefield."""
    return not p.face_down and not p.left_battlefield and bool(pumps_of(p))


def max_times(s: Situation, pid: str, index: int = 0) -> int:
    """How many times the pump ability `index` of `pid` can still be paid for (602.2b, 601.2h)."""
    p = s.permanent(pid)
    owner = s.player(p.controller)
    return affordable(owner.mana, owner.spent, pumps_of(p)[index].cost)


def activatable(s: Situation, players: frozenset[str] | None = None) -> bool:
    """Whether any of `players` (default: anyone) can activate a pump ability now."""
    return any(can_activate(p) and (players is None or p.controller in players)
               and any(max_times(s, p.id, i) for i in range(len(pumps_of(p)))) for p in s.permanents)


def activations(s: Situation, window: str, players: frozenset[str]) -> Iterator[Activation]:
    """Each activation `players` can make in `window`: each ability, each number of times they can
    pay for (602.2b), fewest first."""
    for p in s.permanents:
        if can_activate(p) and p.controller in players:
            for i in range(len(pumps_of(p))):
                for n in range(1, max_times(s, p.id, i) + 1):
                    yield Activation(window, p.id, n, i)


def source_of(s: Situation, window: str, players: frozenset[str], move_window: str,
              pid: str) -> Permanent | tuple[Violation, ...]:
    """The permanent an activation in `move_window` names, if one of `players` (who have priority) may
    activate its abilities in `window`; else why not (117.1b, 117.3c, 602.2, 708.2a)."""
    if move_window != window:
        return (Violation("117.1b", f"this is the window {window}"),)
    try:
        p = s.permanent(pid)
    except KeyError:
        return (Violation("602.2", f"there is no permanent {pid}"),)
    if p.controller not in players:
        return (Violation("117.3c", f"{p.id} is not controlled by a player with priority (602.2)"),)
    if p.left_battlefield:
        return (Violation("602.2", f"{p.id} is no longer on the battlefield"),)
    if p.face_down:
        return (Violation("708.2a", f"{p.id} is face down and has no abilities"),)
    return p


def illegal(s: Situation, window: str, players: frozenset[str], move: Activation) -> tuple[Violation, ...]:
    """Why an activation can't be made now, with the rules it breaks (none if it can)."""
    p = source_of(s, window, players, move.window, move.permanent)
    if not isinstance(p, Permanent):
        return p
    if not 0 <= move.ability < len(pumps_of(p)):
        return (Violation("602.1", f"{p.id} has {len(pumps_of(p))} pump abilities, not an ability {move.ability}"),)
    if move.times < 1:
        return (Violation("602.2", "an ability is activated at least once"),)
    if move.times > max_times(s, p.id, move.ability):
        return (Violation("602.2b", f"its controller's mana pays for {max_times(s, p.id, move.ability)} "
                                    "activations only (601.2h)"),)
    return ()


def activate(s: Situation, move: Activation) -> Situation:
    """The situation after `move`: each activation paid (602.2b) and resolved (608.2), state-based
    actions after each (704.3); activations stop once the permanent has left the battlefield."""
    for _ in range(move.times):
        p = s.permanent(move.permanent)
        if p.left_battlefield:
            break
        pump = pumps_of(p)[move.ability]
        players = tuple(replace(pl, spent=pl.spent + pump.cost) if pl.name == p.controller else pl
                        for pl in s.players)
        s = resolve(replace(s, players=players), p, _kind(p, move.ability), pump)
    return s


def resolve(s: Situation, source: Permanent, kind: str, pump: Pump) -> Situation:
    """A pump resolving (608.2): "~" gets +X/+Y if still on the battlefield; "creatures you control"
    are the controller's creatures on the battlefield now (608.2h); then state-based actions.
    "Regenerate ~" gives it one more regeneration shield for the turn (701.19a), if still there."""
    if kind == "regenerate":
        return replace(s, permanents=tuple(
            replace(x, regeneration_shields=x.regeneration_shields + 1) if x.id == source.id and not x.left_battlefield
            else x for x in s.permanents))
    def pumped(x: Permanent) -> bool:
        if x.left_battlefield:
            return False
        return x.id == source.id if kind == "pump" else x.is_creature and x.controller == source.controller

    change = (pump.power, pump.toughness)
    permanents = tuple(replace(x, until_end_of_turn=(x.until_end_of_turn[0] + change[0],
                                                      x.until_end_of_turn[1] + change[1])) if pumped(x) else x
                       for x in s.permanents)
    after = replace(s, permanents=permanents)
    if pump.toughness >= 0:
        return after
    from .combat import settle  # clingo: state-based actions only where a toughness went down (704.5f, 704.5g)
    return settle(after)


def declared_pumps(s: Situation) -> Situation:
    """`s` with the effects of its ``combat.activations`` (for `check`): each activation of an ability
    the face-up permanent has adds to `until_end_of_turn` as it resolves (613.4c, 608.2h); whether
    they could be made and paid for is judged by ``encodings/check.lp``, so nothing is paid here.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
    ...                     "abilities": ["{R}: ~ gets +1/+0 until end of turn"]}],
    ...     "combat": {"attackers": {"x": "b"}, "activations": [{"window": "after_attackers",
    ...                                                          "permanent": "x", "times": 2}]}})
    >>> declared_pumps(s).permanent("x").until_end_of_turn
    (2, 0)
    """
    for move in s.combat.activations:
        p = s.permanent(move.permanent)
        if p.face_down or not 0 <= move.ability < len(pumps_of(p)) or not reached(s, move.window):
            continue
        for _ in range(move.times):
            s = resolve(s, p, _kind(p, move.ability), pumps_of(p)[move.ability])
    return s


def reached(s: Situation, window: str) -> bool:
    """Whether the combat a situation file describes has come to `window` (as window_reached/1 of
    encodings/check.lp: 507.2, 508.2, 509.2, 510.3)."""
    reached: dict[str, bool] = {Stage.BEGINNING_OF_COMBAT: True, Stage.AFTER_ATTACKERS: s.combat.attackers is not None,
                                Stage.AFTER_BLOCKERS: s.combat.blockers is not None,
                                Stage.AFTER_FIRST_STRIKE_DAMAGE: s.combat.damage_step == "regular"}
    return reached[window]


def pumped_by(s: Situation, pid: str) -> list[tuple[Permanent, int, Pump]]:
    """The pump abilities that would pump `pid`: its own, and "creatures you control" of permanents
    its controller controls (for bounds), with their sources (face-down ones included: they may be
    turned face up)."""
    target = s.permanent(pid)
    found = []
    for p in s.permanents:
        if p.left_battlefield or p.controller != target.controller:
            continue
        for i, (kind, pump) in enumerate(p.pump_abilities()):
            if (kind == "pump" and p.id == pid) or (kind == "team_pump" and target.is_creature):
                found.append((p, i, pump))
    return found


def reach(s: Situation, pid: str) -> tuple[int, int]:
    """An upper bound on the power and toughness pumps can still add to `pid` (each ability as often
    as its controller's mana left pays for it alone): for bounds (pysolver.game.goals) and ranges."""
    power = toughness = 0
    for p, i, pump in pumped_by(s, pid):
        n = max_times(s, p.id, i)
        power += n * max(pump.power, 0)
        toughness += n * max(pump.toughness, 0)
    return power, toughness


def may_wait(s: Situation, move: Activation) -> bool:
    """Whether an activation before blockers are declared may wait for the window after blockers
    with no outcome lost (for `outcomes`): it leaves toughness alone, or raises it when no face-down
    permanent can be turned face up and no pump lowers toughness (before blocks only those change
    toughness, so only they could make it matter to a state-based action, 704.5f/g), and no ability
    on the board reads power or toughness before blocks
    (:data:`BLIND_BEFORE_BLOCKS`). The same mana pays it later (the pool is the combat's, 106.4),
    the same creatures get it (none leaves the battlefield before combat damage but by a state-based
    action), and only the damage steps read power (510.1). A regeneration shield (701.19a) waits
    unless a pump on the board lowers toughness (before blocks only that can destroy a creature,
    704.5g, and a creature regenerated then is tapped: it can't attack or block, 508.1a, 509.1a)."""
    p = s.permanent(move.permanent)
    pump = pumps_of(p)[move.ability]
    if _kind(p, move.ability) == "regenerate" and (lowers_toughness(s) or any(
            q.toughness < 0 for x in s.permanents for q in pumps_of(x))):
        return False
    if pump.toughness < 0 or (pump.toughness > 0 and (lowers_toughness(s) or any(
            (p.face_down and not p.left_battlefield) or any(q.toughness < 0 for q in pumps_of(p))
            for p in s.permanents))):
        return False
    return all(a.kind in BLIND_BEFORE_BLOCKS for p in s.permanents for a in p.abilities)


def may_matter(s: Situation, move: Activation) -> bool:
    """Whether an activation after blockers can change the outcome: it lowers toughness (704.5f),
    raises it while an ability of :mod:`pysolver.rules.activated` could lower it (what the creature
    survives, 704.5f), or pumps or regenerates a creature in combat (only those deal or are dealt
    combat damage, 510.1; a creature removed from combat, 506.4, is not), or regenerates one a pump
    may lower the toughness of (704.5g: its damage may become lethal). On a board with static
    abilities every activation (611.3b: a lord leaving in combat may lower the toughness of a creature
    in no fight, 704.3)."""
    p = s.permanent(move.permanent)
    kind = _kind(p, move.ability)
    toughness = pumps_of(p)[move.ability].toughness
    if toughness < 0 or (toughness > 0 and lowers_toughness(s)) or has_statics(s):
        return True
    if kind == "regenerate" and any(q.toughness < 0 for _, _, q in pumped_by(s, p.id)):
        return True  # 701.19a, 704.5g: a pump lowering its toughness may make its damage lethal
    in_combat = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    return any(x.id in in_combat and not x.left_battlefield and not x.removed_from_combat for x in s.permanents
               if (x.id == p.id if kind != "team_pump" else x.is_creature and x.controller == p.controller))
