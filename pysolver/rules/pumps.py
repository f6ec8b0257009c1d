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
damage, 704.5g). A keyword it gives ("~ gains flying until end of turn", "~ gets +2/+2 and gains
trample …") is added to `keywords_until_end_of_turn` (613.1f, layer 6; 611.2a: the creatures as it
resolves), which every rule of that keyword reads (``encodings/characteristics.lp``): flying at the
declaration of blockers (702.9b), first strike and double strike as a combat damage step begins
(510.4, 702.7c: one given after the first-strike step does not stop a creature dealing damage in the
regular step), vigilance only as attackers are declared (702.20b: an attacking creature given
vigilance later stays tapped), haste for attacking and {T} costs (302.6, 702.10b-c).

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
from ..model.abilities import PUMPS, SWITCHES, Ability, CombatAbility, Pump, term_text
from ..model.magnitudes import lowering_bound
from ..model.moves import Activation
from ..model.stage import Stage
from ..model.values import Violation
from . import costs
from .bans import banned
from .combat import has_statics, losers

# The ability kinds whose rules read no power or toughness before blockers are declared, listed
# one by one (a kind added later is not in it until someone shows that it reads neither): with only
# these on the board a pump that leaves toughness alone can wait for the window after blockers
# (:func:`may_wait`).
BLIND_BEFORE_BLOCKS = frozenset({
    "flying", "reach", "trample", "trample_over_planeswalkers", "menace", "deathtouch", "first_strike",
    "double_strike", "vigilance", "haste", "defender", "indestructible", "lifelink", "fear", "intimidate",
    "shadow", "horsemanship", "skulk", "landwalk", "protection", "morph", "megamorph", "cant_block",
    "cant_be_blocked", "block_additional", "block_any_number", "block_only_flyers", "min_blockers", "lure",
    "must_be_blocked", "blocks_each_combat", "attacks_each_combat", "attacks_only_if", "unblockable_if", *PUMPS,
    # restrictions that read which permanents are on the battlefield or the counters (508.1c, 509.1b, 702.98a)
    "cant_attack", "cant_attack_or_block", "grant_unless", "unleash", "cant_attack_you", "attacks_only_if_poisoned",
    "attacks_if_more", "blocks_if_more", "unblockable_alone", "blocks_shadow", "ignores_shadow",
    # pysolver.rules.activated: they read no P/T (hexproof, shroud and ward read who targets), but for a target's
    # quality that does ("target creature with power 3 or less", 115.1: :func:`blind`)
    "tap_target", "target_cant_block", "target_unblockable", "target_evades", "target_pump", "tap_pump",
    "target_regenerate",
    "target_cant_regenerate",
    "destroy_target", "target_counter", "exile_target", "bounce_target", "untap_target", "tap_or_untap",
    "hexproof", "shroud", "ward",
    # replacements of entering and dying (614.1c, 614.6): they read card types only, or nothing
    "opponents_enter_tapped", "dies_instead", "exiled_instead", "exiled_if_dealt",
    # their only effect in combat is their cost (605.1a, 121.1), printed or granted (613.1f: admitted only where that
    # cost changes nothing, pysolver.files.loader)
    "tap_mana", "tap_hidden", "granted_mana", "granted_hidden",
    # regeneration and prevention (701.19a, 615.1a), damage as -1/-1 counters (614.1a) read no P/T
    "regenerate", "prevent_combat_damage_to", "prevent_combat_damage_by", "prevent_damage_to",
    "prevent_combat_damage_to_and_by", "shield", "damage_as_counters",
    # prevention of part of the damage (615.10) and doubled damage (614.1a) read no P/T either
    "prevent_some", "prevent_all_but_one", "double_damage", "prevent_combat_damage_from_enchanted"})


def blind(a: Ability) -> bool:
    """Whether the rules of ability `a` read no power or toughness before blockers are declared
    (:data:`BLIND_BEFORE_BLOCKS`; an activated ability whose target must have a power or toughness,
    115.1, 601.2c, reads it).

    >>> from pysolver.model.abilities import parse_ability_line
    >>> [blind(parse_ability_line(line, None)[0]) for line in ("{T}: Tap target creature",
    ...                                                       "{T}: Tap target creature with power 3 or less")]
    [True, False]
    """
    return a.kind in BLIND_BEFORE_BLOCKS and not (isinstance(a.value, CombatAbility)
                                                  and "cmp(" in term_text(a.value.quality))


def blind_board(s: Situation) -> bool:
    """Whether nothing on `s` reads a power or toughness before blockers are declared: no ability (:func:`blind`)
    and no resolved "can't be blocked by creatures with power N or less this turn" (509.1b: read as blockers are
    declared)."""
    return all(blind(a) for p in s.permanents for a in p.abilities) and not any(
        p.cant_be_blocked_by_power_this_turn is not None for p in s.permanents if not p.left_battlefield)


def lowers_toughness(s: Situation) -> bool:
    """Whether an ability of :mod:`pysolver.rules.activated` on the battlefield gives -X/-Y with Y > 0
    (a creature may die of it, 704.5f), or power and toughness are or may be switched (:func:`switching`).
    """
    return switching(s) or any(ab.toughness < 0 for p in s.permanents if not p.left_battlefield
                               for _, ab in p.combat_abilities())


def switching(s: Situation) -> bool:
    """Whether a creature's power and toughness are switched, or a permanent on the battlefield (face down too: it
    may be turned face up) has an ability that switches them (613.4d): its power is then read as its toughness,
    and a +X/+0 or -X/+0 changes its toughness, so no shortcut that reads a change's sign holds."""
    return any(not p.left_battlefield and (p.switched_until_end_of_turn
                                           or any(kind in SWITCHES for kind, _ in p.combat_abilities()))
               for p in s.permanents)


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
    """How many times the pump ability `index` of `pid` can still be paid for (602.2b, 601.2h) and
    activated under its limit this turn, if it has one (602.5b), and its condition (602.5); none while a static
    ability prohibits it (602.5, :func:`pysolver.rules.bans.banned`)."""
    p = s.permanent(pid)
    pump = pumps_of(p)[index]
    if banned(s, p):
        return 0  # 602.5: "activated abilities of creatures your opponents control can't be activated"
    if not pump.allowed(s.player(p.controller).graveyard_types):
        return 0  # 602.5: "activate only if there are N or more card types among cards in your graveyard"
    paid = costs.times_paid(s, p, pump.full_cost) if pump.full_cost.bounded else lowering_bound(s, p, pump)  # 117.1b
    return paid if pump.limit is None else min(paid, left(p, index))


def left(p: Permanent, index: int) -> int:
    """How many more times the pump ability `index` of `p`, which has an activation limit, may be
    activated this turn (602.5b: "only once each turn", "no more than twice each turn"; the
    activations of the file's `activations_this_turn` count too)."""
    limit = pumps_of(p)[index].limit
    assert limit is not None
    return max(limit - p.activated(index), 0)


def activatable(s: Situation, players: frozenset[str] | None = None) -> bool:
    """Whether any of `players` (default: anyone) can activate a pump ability now."""
    return any(can_activate(p) and (players is None or p.controller in players)
               and any(max_times(s, p.id, i) for i in range(len(pumps_of(p)))) for p in s.permanents)


def shares_costs(s: Situation) -> bool:
    """Whether a pump ability or an activated ability of :mod:`pysolver.rules.activated` whose cost has parts
    other than mana and {T} (:attr:`~pysolver.model.abilities.Cost.shared`) can still be paid for now
    (602.1a): its life (119.4: only while the life total is N or more; at 0 its player loses at once,
    704.5a), cards in hand (701.9), permanents sacrificed or tapped (701.21a, 701.26a: of any fight, or
    of none) or counters removed (122.1a) are what all fights of a combat draw on, which the fights' sums
    do not track (:mod:`pysolver.game.fights`; a fight's players have no life total of their own). A
    face-down permanent counts by its face-up side (it may be turned face up, 702.37e); a life cost
    always (lifelink may raise a life total, 702.15b)."""
    for p in s.permanents:
        if p.left_battlefield:
            continue
        if any(pump.extra.life or (pump.extra.shared and max_times(s, p.id, i)) for i, pump in enumerate(pumps_of(p))):
            return True
        if any(ab.extra.life or (ab.extra.shared and costs.times_paid(s, p, ab.full_cost))
               for _, ab in p.combat_abilities()):
            return True
    return False


def activations(s: Situation, window: str, players: frozenset[str]) -> Iterator[Activation]:
    """Each activation `players` can make in `window`: each ability, each number of times they can
    pay for (602.2b), fewest first; one whose cost sacrifices or taps permanents once, with each
    choice of them (601.2h)."""
    for p in s.permanents:
        if can_activate(p) and p.controller in players:
            for i, pump in enumerate(pumps_of(p)):
                times = max_times(s, p.id, i)
                if not pump.extra.choices:
                    yield from (Activation(window, p.id, n, i) for n in range(1, times + 1))
                elif times:
                    yield from (Activation(window, p.id, 1, i, chosen) for chosen in costs.choices(s, p, pump.extra))


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
    if banned(s, p):
        return (Violation("602.5", f"the activated abilities of {p.id} can't be activated now"),)
    pump = pumps_of(p)[move.ability]
    if pump.limit is not None and move.times > left(p, move.ability):
        return (Violation("602.5b", f"{p.id}'s ability {move.ability} can be activated {left(p, move.ability)} more "
                                    f"times this turn (its limit is {pump.limit})"),)
    if move.times > max_times(s, p.id, move.ability):
        return (Violation("602.2b", f"its cost can be paid for {max_times(s, p.id, move.ability)} activations only "
                                    "(601.2h: mana, 119.4 life, 701.9 cards in hand, 602.5a {T}, 701.21a sacrifice)"),)
    if pump.extra.choices and move.times != 1:
        return (Violation("601.2h", f"its cost {' and '.join(pump.extra.others())} is paid once per move"),)
    return costs.illegal_choice(s, p, pump.extra, move.pay_with)


def activate(s: Situation, move: Activation) -> Situation:
    """The situation after `move`: each activation paid (602.2b, :func:`pysolver.rules.costs.pay`), counted
    for its limit (602.5b) and resolved (608.2), state-based actions after each (704.3); activations stop once the
    permanent has left the battlefield. A player whose life a cost took to 0 or less loses as the
    state-based actions are checked before the ability resolves (119.4, 704.5a, 117.5): it does not."""
    for _ in range(move.times):
        p = s.permanent(move.permanent)
        if p.left_battlefield:
            break
        pump = pumps_of(p)[move.ability]
        if pump.limit is not None:
            s = replace(s, permanents=tuple(x.with_activation(move.ability) if x.id == p.id else x
                                            for x in s.permanents))
        s = costs.pay(s, p.id, pump.full_cost, move.pay_with)
        if losers(s):
            return s
        s = resolve(s, s.permanent(p.id), _kind(p, move.ability), pump)
    return s


def resolve(s: Situation, source: Permanent, kind: str, pump: Pump) -> Situation:
    """A pump resolving (608.2): "~" gets +X/+Y if still on the battlefield; "creatures you control"
    are the controller's creatures on the battlefield now (608.2h); then state-based actions.
    "Regenerate ~" gives it one more regeneration shield for the turn (701.19a), if still there; "Monstrosity N"
    puts N +1/+1 counters on it and makes it monstrous if it is still there and isn't monstrous (701.37a-b;
    its "when ~ becomes monstrous" triggers are the game tree's, :mod:`pysolver.rules.window_triggers`)."""
    if kind == "monstrosity":
        return replace(s, permanents=tuple(
            replace(x, monstrous=True).with_counters(1, 1, pump.power) if x.id == source.id and not x.left_battlefield
            and not x.monstrous else x for x in s.permanents))
    if kind == "regenerate":
        return replace(s, permanents=tuple(
            replace(x, regeneration_shields=x.regeneration_shields + 1) if x.id == source.id and not x.left_battlefield
            else x for x in s.permanents))
    def pumped(x: Permanent) -> bool:
        if x.left_battlefield:
            return False
        return x.id == source.id if kind == "pump" else x.is_creature and x.controller == source.controller

    permanents = tuple(_given(s, x, pump) if pumped(x) else x for x in s.permanents)
    after = replace(s, permanents=permanents)
    if pump.to_hand and pumped(source):  # 400.7: a card in its owner's hand (the hand one bigger, 402.1)
        owner = source.owner or source.controller
        after = replace(after, players=tuple(replace(pl, hand=pl.hand + 1) if pl.name == owner and pl.hand is not None
                                             else pl for pl in after.players))
    if pump.toughness >= 0:
        return after
    from .combat import settle  # clingo: state-based actions only where a toughness went down (704.5f, 704.5g)
    return settle(after)


def _given(s: Situation, x: Permanent, pump: Pump) -> Permanent:
    """`x` with what `pump` gives it until end of turn: +X/+Y (613.4c) and its keywords (613.1f); for
    "~" also its +1/+1 counters (122.6), "can't be blocked this turn" (509.1b), "can attack this turn as though
    it didn't have defender" (702.3b), an untap (701.26b) or a tap (701.26a: "… Tap ~"), its new
    colors (105.3, 613.1e: they replace all it had, and a later activation's replace them, 613.7), or
    its return to its owner's hand or exile until the next end step (400.7: it leaves the battlefield,
    and combat, 506.4). An attacking creature tapped as
    it attacked (508.1f) stays tapped when it is given vigilance (702.20b: vigilance matters only as
    attackers are declared).

    >>> from pysolver.model import Player
    >>> from pysolver.model.mana import Mana
    >>> x = Permanent("x", "a", power=1, toughness=1)
    >>> s = Situation((Player("a"), Player("b")), "a", (x,)).with_combat(attackers=(("x", "b"),))
    >>> y = _given(s, x, Pump(1, 0, Mana(W=1), ("vigilance",)))
    >>> y.until_end_of_turn, y.keywords_until_end_of_turn, y.tapped
    ((1, 0), ('vigilance',), True)
    """
    had = x.keywords_until_end_of_turn if x.face_down else x.kinds()  # (708.2a: face down, only what it was given)
    tapped = x.tapped or ("vigilance" in pump.keywords and "vigilance" not in had
                          and any(a == x.id for a, _ in s.combat.attackers or ()))
    given = replace(x, until_end_of_turn=(x.until_end_of_turn[0] + pump.power,
                                          x.until_end_of_turn[1] + pump.toughness),
                    keywords_until_end_of_turn=tuple(sorted({*x.keywords_until_end_of_turn, *pump.keywords})),
                    tapped=tapped and not pump.untap or pump.tap, cant_be_blocked_this_turn=x.cant_be_blocked_this_turn
                    or pump.unblockable, left_battlefield=pump.leaves,  # 701.26b, 701.26a; 509.1b; 400.7, 506.4
                    attacks_despite_defender_this_turn=x.attacks_despite_defender_this_turn
                    or (pump.despite_defender and not x.face_down and x.has("defender")),  # 702.3b, 611.2c, 708.2a
                    colors=x.colors if pump.colors is None else pump.colors)  # 105.3, 613.1e, 613.7: the latest
    return given.with_counters(1, 1, pump.counters) if pump.counters else given  # 122.6


def is_monstrosity(s: Situation, move: Activation) -> bool:
    """Whether `move` activates a monstrosity ability (701.37a)."""
    return _kind(s.permanent(move.permanent), move.ability) == "monstrosity"


def gives_keywords(s: Situation, move: Activation) -> bool:
    """Whether the ability `move` activates gives a keyword until end of turn (613.1f)."""
    return bool(pumps_of(s.permanent(move.permanent))[move.ability].keywords)


def grants(s: Situation) -> frozenset[str]:
    """The keywords the pump abilities on the battlefield may still give (613.1f; "target creature gains
    K" too, :mod:`pysolver.rules.activated`), on a side their permanents may show (face-down ones too:
    they may be turned face up).

    >>> from pysolver.model import Player
    >>> grants(Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1,
    ...     abilities=("{R}: ~ gains first strike until end of turn",)),)))
    frozenset({'first_strike'})
    """
    return frozenset(k for p in s.permanents if not p.left_battlefield
                     for k in [*(k for _, pump in p.pump_abilities() for k in pump.keywords),
                               *(k for _, ab in p.combat_abilities() for k in ab.keywords)])


def may_gain(s: Situation, pid: str) -> frozenset[str]:
    """The keywords `pid` has or may still be given by a pump (613.1f; :func:`pumped_by`) or by "target
    creature gains K" (any creature may be its target): for the rules that ask whether a creature may
    come to have one (510.4, 702.19b)."""
    targeted = frozenset(k for p in s.permanents if not p.left_battlefield for _, ab in p.combat_abilities()
                         if ab.target for k in ab.keywords)
    return s.permanent(pid).kinds() | targeted | frozenset(k for _, _, pump in pumped_by(s, pid) for k in pump.keywords)


def declared_pumps(s: Situation) -> Situation:
    """`s` with the effects of its ``combat.activations`` (for `check`): each activation of an ability
    the face-up permanent has adds to `until_end_of_turn` as it resolves (613.4c, 608.2h); whether
    they could be made and paid for is judged by ``encodings/check.lp``, so nothing is paid here. "~ can attack
    this turn as though it didn't have defender" lets it attack only if activated before attackers are declared
    (702.3b, 508.1a).

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
        pump = pumps_of(p)[move.ability]
        if move.window != Stage.BEGINNING_OF_COMBAT:  # 702.3b, 508.1a: after the declaration of attackers
            pump = replace(pump, despite_defender=False)
        for _ in range(move.times):
            s = resolve(s, p, _kind(p, move.ability), pump)
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
            if (kind in ("pump", "monstrosity") and p.id == pid) or (kind == "team_pump" and target.is_creature):
                found.append((p, i, pump))
    return found


def reach(s: Situation, pid: str) -> tuple[int, int]:
    """An upper bound on the power and toughness pumps can still add to `pid` (each ability as often
    as its controller's mana left pays for it alone): for bounds (pysolver.game.goals) and ranges."""
    power = toughness = 0
    for p, i, pump in pumped_by(s, pid):
        n = max_times(s, p.id, i)
        power += n * (max(pump.power, 0) + pump.counters)  # 122.6: +1/+1 counters too
        toughness += n * (max(pump.toughness, 0) + pump.counters)
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
    704.5g, and a creature regenerated then is tapped: it can't attack or block, 508.1a, 509.1a).
    An activation that gives a keyword never waits (613.1f: flying matters as blockers are declared,
    702.9b; haste and vigilance as attackers are, 702.10b, 702.20b)."""
    p = s.permanent(move.permanent)
    pump = pumps_of(p)[move.ability]
    if switching(s):  # 613.4d: what a +X/+Y does to a toughness depends on the switches
        return False
    if pump.keywords or not waits(pump) or _kind(p, move.ability) == "monstrosity":
        return False  # 613.1f: a keyword may matter before blocks (702.9b, 702.10b, 702.20b, 509.1b qualities); 701.37b
        # a monstrosity's triggers too
    if _kind(p, move.ability) == "regenerate" and (lowers_toughness(s) or any(
            q.toughness < 0 for x in s.permanents for q in pumps_of(x))):
        return False
    if pump.toughness < 0 or (pump.toughness + pump.counters > 0 and (lowers_toughness(s) or any(
            (p.face_down and not p.left_battlefield) or any(q.toughness < 0 for q in pumps_of(p))
            for p in s.permanents))):
        return False
    return blind_board(s)


def waits(pump: Pump) -> bool:
    """Whether paying the cost of `pump` later does the same as now: mana and cards in hand are only
    spent (106.4, 402.1); paying life may make its player lose at once (119.4, 704.5a: before an
    attack trigger that changes a life total, say), sacrificing removes a permanent (701.21a) and
    tapping a creature keeps it from attacking or blocking (508.1a, 509.1a), removing +1/+1 counters lowers
    a toughness (122.1a, 704.5f). Nor does an effect that
    takes the source off the battlefield (400.7), makes it unblockable (509.1b: as blockers are
    declared), untaps or taps it (701.26b, 701.26a: a tapped creature can't attack or block, 508.1a, 509.1a),
    changes its colors (105.3: protection, fear and intimidate read them as blockers are declared, 702.16b, 702.36b,
    702.13b) or lets it attack as though it didn't have defender (702.3b: as attackers are declared, 508.1a)."""
    extra = pump.extra
    return not (extra.life or extra.tap or extra.sacrifice_self or extra.choices or extra.remove_counters
                or pump.leaves or pump.unblockable or pump.untap or pump.tap or pump.colors is not None
                or pump.despite_defender)


def may_matter(s: Situation, move: Activation) -> bool:
    """Whether an activation after blockers can change the outcome: it lowers toughness (704.5f),
    raises it while an ability of :mod:`pysolver.rules.activated` could lower it (what the creature
    survives, 704.5f), or pumps or regenerates a creature in combat (only those deal or are dealt
    combat damage, 510.1; a creature removed from combat, 506.4, is not), or regenerates one a pump
    may lower the toughness of (704.5g: its damage may become lethal); one that gives a keyword
    (613.1f) or changes a color (105.3) always may; on a board with static abilities every activation
    (611.3b: a lord leaving in combat may lower the toughness of a creature in no fight, 704.3)."""
    p = s.permanent(move.permanent)
    kind = _kind(p, move.ability)
    toughness = pumps_of(p)[move.ability].toughness + pumps_of(p)[move.ability].counters  # 122.6
    extra = pumps_of(p)[move.ability].extra
    if extra.life or extra.sacrifice or extra.sacrifice_self or extra.remove_counters \
            or pumps_of(p)[move.ability].leaves:
        return True  # 119.4: a life total; 701.21a, 400.7: a permanent leaves the battlefield; 122.1a: it shrinks
    if kind == "monstrosity":  # 701.37a: once it is monstrous another activation does nothing
        return not p.monstrous
    if pumps_of(p)[move.ability].tap and not p.tapped:
        return True  # 701.26a: a tapped creature pays no {T} cost (602.5a) and reads as tapped (110.5)
    if pumps_of(p)[move.ability].keywords:
        return True  # 613.1f: e.g. indestructible on a creature a dies trigger may deal damage to (603.10a)
    if pumps_of(p)[move.ability].colors is not None:
        return True  # 105.3: protection from a color prevents that color's damage (702.16e)
    if toughness < 0 or (toughness > 0 and lowers_toughness(s)) or has_statics(s):
        return True
    if kind == "regenerate" and any(q.toughness < 0 for _, _, q in pumped_by(s, p.id)):
        return True  # 701.19a, 704.5g: a pump lowering its toughness may make its damage lethal
    in_combat = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    return any(x.id in in_combat and not x.left_battlefield and not x.removed_from_combat for x in s.permanents
               if (x.id == p.id if kind != "team_pump" else x.is_creature and x.controller == p.controller))
