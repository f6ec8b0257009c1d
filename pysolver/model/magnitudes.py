"""The magnitudes of a board's numbers (docs/limits.md), kept inside :data:`pysolver.model.numbers.MAX_TOTAL`
by the loader so that no sum or product the encodings compute wraps.

>>> from pysolver.model import Permanent, Player
>>> magnitude(Player("alice", life=20, mana="{R}{R}")), magnitude(Permanent("x", "a", power=2, toughness=3))
(22, 5)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from .abilities import COLORS, ON_COMBAT, ON_TARGET, STATICS, CombatAbility, OnCombat, Pump, Static
from .mana import Mana, affordable
from .situation import Permanent, Player, Situation


def times_bound(s: Situation, p: Permanent, pump: Pump | CombatAbility, spent: Mana | None = None,
                controlled: int | None = None) -> int:
    """At most how many times `p`'s `pump` (or other activated ability) can be paid for from now on (602.2b):
    its mana from the pool left after `spent` (default: what its controller spent), "Pay N life" from their
    life (119.4), "Discard" from their hand (701.9), {T} and "Sacrifice ~" once, "Sacrifice" or "Tap"
    permanents from those they control (`controlled`, else counted), +1/+1 or named counters from those it
    has (122.1a, 122.1; pysolver.rules.costs.times_paid counts exactly)."""
    owner = s.player(p.controller)
    extra = pump.extra
    bounds = [affordable(owner.mana, owner.spent if spent is None else spent, pump.cost)] if pump.cost.total else []
    bounds += [max(owner.life, 0) // extra.life] if extra.life else []
    bounds += [(owner.hand or 0) // extra.discard] if extra.discard else []
    bounds += [owner.energy // extra.energy] if extra.energy else []  # 107.14
    if extra.exile:  # 406.1: the cards stated in the graveyard and every card of theirs that may get there (404.1)
        cards = (owner.graveyard or 0) + sum(1 for x in s.permanents if (x.owner or x.controller) == owner.name)
        bounds.append(cards // extra.exile)
    bounds += [1] if extra.tap or extra.sacrifice_self else []
    bounds += [sum(n for _, _, n in p.pt_counters) // extra.remove_counters] if extra.remove_counters else []
    bounds += [p.named(extra.remove_named[0]) // extra.remove_named[1]] if extra.remove_named else []  # 122.1
    fodder = extra.sacrifice or extra.tap_untapped
    if fodder is not None:
        mine = sum(x.controller == p.controller for x in s.permanents) if controlled is None else controlled
        bounds.append(mine // fodder.count)
    if isinstance(pump, CombatAbility) and pump.x:  # 107.3: each activation pays an X of at least 1 where
        bounds.append(owner.mana.total)  # nothing else is paid (pysolver.rules.activated.x_values)
    if isinstance(pump, Pump) and not pump.full_cost.bounded:  # 117.1b: a cost of nothing, toughness lowered
        bounds.append(lowering_bound(s, p, pump))
    return min(bounds)


def lowering_bound(s: Situation, p: Permanent, pump: Pump) -> int:
    """At most how many activations of `p`'s `pump`, which costs nothing (117.1b: any number) and gives -Y
    toughness, find `p` on the battlefield: each lowers its toughness by Y as it resolves, and at 0 or less it
    dies (704.5f, 704.3), so no more than its toughness over Y, plus the one that kills it. Its toughness is at most
    the stated one with its counters, its pumps until end of turn and what static abilities may add
    (:func:`static_magnitude`; pysolver.files.loader refuses a toughness not stated or power and toughness
    switched, 613.4d).

    >>> from pysolver.model import Player
    >>> from pysolver.model.abilities import parse_ability_line
    >>> (a,) = parse_ability_line("{0}: ~ gets +1/-1 until end of turn", None)
    >>> x = Permanent("x", "a", power=1, toughness=3)
    >>> lowering_bound(Situation((Player("a"), Player("b")), "a", (x,)), x, a.value)
    4
    """
    most = (p.toughness or 0) + sum(dt * n for _, dt, n in p.pt_counters) + p.until_end_of_turn[1] \
        + static_magnitude(s.permanents)
    return max(0, most) // -pump.toughness + 1


def magnitude(x: Player | Permanent) -> int:
    """The sum of the magnitudes of the numbers of a player or permanent (numbers.MAX_TOTAL)."""
    if isinstance(x, Player):
        return abs(x.life) + x.mana.total + x.poison + (x.hand or 0) + (x.graveyard or 0) + x.prevention_shield
    values = [x.power, x.toughness, x.loyalty, x.defense, x.damage, x.regeneration_shields, x.prevention_shield,
              *(n * max(abs(dp), abs(dt)) for dp, dt, n in x.pt_counters), *map(abs, x.until_end_of_turn),
              x.mana_cost.total if x.mana_cost is not None else None]  # 202.1: paid like a morph cost
    for a in x.abilities:
        if isinstance(a.value, Mana):
            values.append(a.value.total)
        if isinstance(a.value, (Pump, CombatAbility)):
            values += [a.value.cost.total, a.value.power, a.value.toughness]
        for v in a.value if isinstance(a.value, tuple) else (a.value,):
            if isinstance(v, int) and not isinstance(v, bool):
                values.append(v)
    values += map(magnitude, x.exiled_cards)  # 406.6, 607.2a: the cards it may return to the battlefield
    return sum(abs(v) for v in values if v is not None)


def rampage_magnitude(permanents: Iterable[Permanent]) -> int:
    """At most what rampage N can add (702.23a: +N/+N for each creature blocking it beyond the first),
    N for every other permanent, so that no power or toughness it makes wraps (numbers.MAX_TOTAL)."""
    permanents = tuple(permanents)
    return sum(abs(a.value) * len(permanents) for p in permanents for a in p.abilities
               if a.kind == "rampage" and isinstance(a.value, int))


def static_magnitude(permanents: Iterable[Permanent]) -> int:
    """At most what anthems and lords add (613.4c: +X/+Y to each creature they cover), |X|+|Y| for every
    permanent, so that no power or toughness they make wraps (numbers.MAX_TOTAL).

    >>> static_magnitude([Permanent("x", "a", power=1, toughness=1, abilities=("Creatures you control get +2/-1",))])
    3
    """
    permanents = tuple(permanents)
    statics = [(p, a.kind, cast(Static, a.value)) for p in permanents for a in p.abilities if a.kind in STATICS]
    # (301.5, 303.4: "for each Aura attached to it" counts its Auras or Equipment, which may be more; a lord's
    # "for each +1/+1 counter on ~", 122.1a: its counters and those a trigger may put, on each creature it covers)
    counted = len(permanents) + trigger_magnitude(permanents)
    return sum((abs(v.power) + abs(v.toughness)) * max(len(permanents), p.auras_attached + p.equipment_attached)
               * (sum(n for _, _, n in p.pt_counters) + counted if kind == "anthem_each" else 1)
               * (len(COLORS) if kind == "anthem_colors" else 1)  # (105.2: five colors at most)
               for p, kind, v in statics)


def trigger_magnitude(permanents: Iterable[Permanent]) -> int:
    """At most what the combat triggers of the effect grammar add (pysolver.model.abilities.OnCombat: +X/+Y,
    counters, life or poison counters, damage, each at most once for every other permanent, 509.3b, 509.3d), |X|+|Y|
    and N for every permanent, so that no number they make wraps (numbers.MAX_TOTAL).

    >>> pump = "Whenever ~ attacks, attacking creatures get +2/+1 until end of turn"
    >>> trigger_magnitude([Permanent("x", "a", power=1, toughness=1, abilities=(pump,))])
    3
    """
    permanents = tuple(permanents)
    effects = [cast(OnCombat, a.value) for p in permanents for a in p.abilities if a.kind in (*ON_COMBAT, ON_TARGET)]
    shrinks = [cast(tuple[str, int], a.value)[1] for p in permanents for a in p.abilities
               if a.kind == "type_attacks_shrink"]  # -N/-N once for each attacker (603.2c)
    return sum((abs(e.power) + abs(e.toughness) + e.amount) * len(permanents) for e in effects) + sum(
        2 * n * len(permanents) for n in shrinks)


def pump_magnitude(s: Situation) -> int:
    """What pumps can add to the magnitudes of a board's numbers (docs/limits.md): each ability as often
    as its controller's mana pays for it (602.2b, 601.2h), and each declared activation
    (``combat.activations``), times |X|+|Y| for each creature it pumps (613.4c), plus the mana the
    declared ones cost. Inside :data:`pysolver.model.numbers.MAX_TOTAL`, no sum the encodings
    compute can wrap (a power of ``N+C-D+X`` with X up to that total)."""
    total = 0
    creatures: dict[str, int] = {}  # each player's creatures on the battlefield, counted once (linear loading)
    controlled: dict[str, int] = {}  # and their permanents
    for x in s.permanents:
        controlled[x.controller] = controlled.get(x.controller, 0) + 1
        if x.is_creature and not x.left_battlefield:
            creatures[x.controller] = creatures.get(x.controller, 0) + 1
    for p in s.permanents:
        if p.left_battlefield:
            continue
        # 701.19a: no P/T; 701.37a: monstrosity's counters (counted as often as it is paid for: a bound)
        pumped = {"pump": 1, "team_pump": creatures.get(p.controller, 0), "regenerate": 0, "monstrosity": 1}
        for i, (kind, pump) in enumerate(p.pump_abilities()):
            declared = sum(a.times for a in s.combat.activations if (a.permanent, a.ability) == (p.id, i))
            paid = times_bound(s, p, pump, controlled=controlled.get(p.controller, 0))
            total += (paid + declared) * (abs(pump.power) + abs(pump.toughness) + 2 * pump.counters) * pumped[kind]
            total += pump.cost.total * declared
        for a in p.abilities:  # 602.2b: as often as its cost can be paid
            if isinstance(a.value, CombatAbility):
                times = times_bound(s, p, a.value, controlled=controlled.get(p.controller, 0))
                # 120.3, 702.15b: "~ deals N damage to …" marks N (or takes N life) and may gain N, on each
                # creature and player for "each"
                reached = 1 if a.kind == "ping" else sum(creatures.values()) + len(s.players)
                # "… and M damage to you / to itself"; "damage equal to its power" (and back: the other's)
                # (122.1: "damage equal to the number of <name> counters on ~"; 107.3: an X at most the pool)
                damage = a.value.damage + abs(p.power or 0) * a.value.power_damage + p.named(a.value.counted) + (
                    s.player(p.controller).mana.total if a.value.x else 0)
                total += times * (abs(a.value.power) + abs(a.value.toughness) + 2 * damage * reached
                                  + 2 * a.value.also_damage) + 2 * times * a.value.damage_back * max(
                                      (abs(x.power or 0) for x in s.permanents), default=0)
    return total
