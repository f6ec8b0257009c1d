"""Activated abilities that act in combat, their targets, hexproof, shroud and ward (602, 115, 702.11,
702.18, 702.21).

The abilities (docs/abilities.md, "Activated abilities in combat"): "{cost}: Tap target <creature>"
(701.26a), "{cost}: Target <creature> can't block this turn" and "... can't be blocked this turn"
(509.1b), "{cost}: Target <creature> gets +X/+Y [and gains K] until end of turn" or "gains K" (613.4c,
613.1f), "{cost}: Regenerate target <creature>" (701.19a), "{cost}: Destroy target <creature>" (701.8a),
"{cost}, {T}: ~ gets +X/+Y until end of turn", "{cost}: Untap target <creature / permanent>" (701.26b: a
tapped creature untapped may attack or block, 508.1a, 509.1a), "{cost}: You may tap or untap target <creature /
permanent>" (701.26: an activation of each, :func:`~pysolver.model.abilities.effects`, chosen as it resolves,
608.2) and "{cost}: Prevent the next N damage that would
be dealt to <a target / ~ / each creature and each player> this turn" (615.7, 615.11: :func:`shielded`). A cost is
any of :func:`pysolver.model.abilities.parse_cost`, paid as every activated ability's is
(:mod:`pysolver.rules.costs`, 602.2b, 601.2g-h): mana from the controller's `mana`; {T} only with the
permanent untapped (602.5a; an attacking creature without vigilance is tapped, 508.1f, 702.20b) and, if it
is a creature, not summoning sick unless it has haste (302.6, 702.10c); "sacrifice ~" puts it into the
graveyard (701.21a); life (119.4), cards (701.9), permanents sacrificed or tapped (701.21a, 701.26a: an
activation's `pay_with`), +1/+1 counters removed (122.1a). A player whose last life a cost took loses
before the ability resolves (704.5a). A face-down permanent has no abilities (708.2a). An ability with {T}
in its cost is activated at most once while its source stays tapped; one of mana only as often as the
pool pays.

Targets (601.2c, 115.1; ``encodings/activated.lp``) are chosen by the activating player among the
legal ones: not a creature with shroud (702.18a), nor one with hexproof its opponent controls
(702.11b), nor one with protection from a quality of the source (702.16b). Ward (702.21a): when a
permanent with "Ward {N}" becomes the target of an ability an opponent controls, that ability is
countered unless that player pays {N}; each instance triggers (113.2c), so the whole is the sum.
An :class:`~pysolver.model.moves.AbilityActivation` says whether the activating player pays
(`ward_paid`): if not, the ability is countered and its costs stay paid (701.6a, 602.2b).

A damage ability ("~ deals N damage to …", :mod:`pysolver.rules.pingers`), a destruction and an
ability whose cost sacrifices its source (:func:`~pysolver.model.abilities.on_stack`) are put on the
stack (:func:`paid`) and resolve when both players pass (:func:`resolve_stacked`, 608.1, 608.2b): a
response to one may be chosen with its target in view (a player about to lose dealing their own
damage first, 704.5a; a regeneration shield for the creature about to be destroyed, 701.19a), and a
sacrificed source's death triggers go above it (603.3). Each other activation resolves before
anything else happens, as pumps do
(:mod:`pysolver.rules.pumps`):
any order in which a stack of activations and responses resolves is the order of a line in which
each is activated just before it resolves — a player passes (117.3d) to let the other act first
and the active player receives priority after each resolution (117.3b) — its costs paid then from
the same pool (mana is only spent) and, for {T}, from the same untapped source (nothing modelled
untaps a permanent with {T} in a cost, pysolver.files.loader, so a source untapped when a response was
activated is untapped earlier in the line). A target stays legal until its ability resolves (608.2b):
nothing modelled grants hexproof, shroud or protection, and a creature that leaves the battlefield does so by a
state-based action after a resolution.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 1, "toughness": 1,
...                     "abilities": ["{T}: Tap target creature"]},
...                    {"id": "y", "controller": "b", "power": 2, "toughness": 2},
...                    {"id": "z", "controller": "b", "power": 2, "toughness": 2, "abilities": ["Hexproof"]}]})
>>> [m.target for m in activations(s, "beginning_of_combat", frozenset({"a"}))]
['x', 'y']
>>> activate(s, AbilityActivation("beginning_of_combat", "x", "tap_target", "y")).permanent("y").tapped
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from clingo import Symbol, parse_term

from ..asp.facts import atom, constant, program
from ..asp.solving import BOARD
from ..model import Permanent, Situation
from ..model.abilities import (
    COST_ONLY,
    FOGS,
    LIFE,
    NONCOMBAT_DAMAGE,
    PINGS,
    SHIELDS,
    STACKED,
    SWITCHES,
    TAP_OR_UNTAP,
    TARGETED,
    CombatAbility,
    Cost,
    effects,
    on_stack,
    requires,
    term_text,
)
from ..model.mana import Mana
from ..model.moves import DEATH_TRIGGERS, AbilityActivation, Trigger
from ..model.stage import Stage
from ..model.values import Violation
from . import costs, tokens
from .bans import banned
from .combat import has_statics, losers
from .pingers import lki, pinged, power_in
from .pumps import blind_board, lowers_toughness, pumps_of, source_of
from .states import one_state_answer
from .statics import has_now, reads_tapped

# they only take choices away (may_matter)
TAKING = ("tap_target", "target_cant_block", "target_unblockable", "target_evades")
ENCODINGS = BOARD + ("activated",)  # blocks.lp: the creature qualities (sat/3) targets have
BEFORE_BLOCKS = (Stage.BEGINNING_OF_COMBAT, Stage.AFTER_ATTACKERS)
CACHED = 4096  # target sets remembered by their situations (a search asks again at each action)


def abilities_of(p: Permanent) -> list[tuple[str, CombatAbility]]:
    """The abilities of this module a permanent can activate: face up (708.2a) and on the battlefield."""
    return [] if p.face_down or p.left_battlefield else p.combat_abilities()


def pumps_present(s: Situation) -> bool:
    """Whether a permanent on the battlefield has "target creature gets +X/+Y [and gains K]", "{T}: ~ gets
    +X/+Y", "regenerate target creature", "destroy target creature", "~ deals N damage to …", a life ability
    (120.3, 119.3: it changes life, and who is there to block or deal combat damage; on a side it may show)
    or "create …" (111.1: a new attacker or blocker):
    the damage bounds of :mod:`pysolver.game.goals` do not count them. The other abilities only tap
    creatures or restrict blocks, or their only effect in combat is their cost: fewer blockers raise no
    upper bound on the damage to come, and none lowers a sure one but a tapped would-be attacker
    (:func:`may_tap_attackers`)."""
    return any(kind not in TAKING and kind not in COST_ONLY for p in s.permanents if not p.left_battlefield
               for kind, _ in p.combat_abilities())


def may_tap_attackers(s: Situation) -> bool:
    """Whether a defending player has "tap target creature" (508.1a: a would-be attacker tapped)."""
    return any("tap_target" in effects(kind) and p.controller != s.active for p in s.permanents
               if not p.left_battlefield
               for kind, _ in p.combat_abilities())


def payable(s: Situation, p: Permanent, ability: CombatAbility, extra: Mana | None = None) -> bool:
    """Whether the cost of `ability` of `p` (and `extra`, a ward cost) can be paid now
    (:func:`pysolver.rules.costs.times_paid`: mana from what is left of the pool, 602.2b, 601.2h; {T}
    only untapped, 602.5a, and for a creature not summoning sick unless it has haste, 302.6, 702.10c;
    life, cards, permanents, counters, 118.3); "activate only during your turn, before attackers are
    declared" only then (602.5b, 507.1), "activate only during your turn" only by the active player (102.1); never
    while a static ability prohibits it (602.5, :func:`pysolver.rules.bans.banned`)."""
    if banned(s, p):
        return False
    if ability.before_attackers and (p.controller != s.active or s.combat.attackers is not None):
        return False
    if ability.your_turn and p.controller != s.active:
        return False  # "activate only during your turn" (602.5b, 102.1)
    if ability.while_attacking and (p.id not in dict(s.combat.attackers or ()) or p.removed_from_combat):
        return False  # "activate only if ~ is attacking" (602.5, 506.4)
    if ability.when_attacked and not attacked(s, p.controller):
        return False  # "only during the declare attackers step and only if you've been attacked this step" (602.5)
    if ability.min_power and power_in(lki(s, p.id, power=True)) < ability.min_power:
        return False  # "activate only if ~'s power is N or greater" (602.5: its power now, 613)
    return costs.times_paid(s, p, with_ward(ability, extra)) > 0


def attacked(s: Situation, player: str) -> bool:
    """Whether it is the declare attackers step (508: attackers declared, blockers not yet, 509) and a creature
    attacks `player` (508.1, 506.2)."""
    return s.combat.blockers is None and any(t == player for _, t in s.combat.attackers or ())


def with_ward(ability: CombatAbility, extra: Mana | None) -> Cost:
    """The whole cost of `ability` and a ward cost `extra` (702.21a: paid with it, the same pool)."""
    return replace(ability.full_cost, mana=ability.cost + (extra or Mana()))


def activatable(s: Situation, players: frozenset[str] | None = None) -> bool:
    """Whether any of `players` (default: anyone) can pay for one of these abilities now (its targets
    aside)."""
    return any(payable(s, p, ab) and offered(s, kind, ab) for p in s.permanents
               if players is None or p.controller in players for kind, ab in abilities_of(p))


def offered(s: Situation, kind: str, ab: CombatAbility) -> bool:
    """Whether an ability of `kind` is a move of the combat now: one whose only effect in combat is its
    cost (:data:`~pysolver.model.abilities.COST_ONLY`: "{T}: Add {G}", 605.1a; "{T}: Draw a card", 121.1)
    only before blockers are declared where a requirement is at stake (508.1d, 509.1c: a tapped creature is
    not able to attack or block, so tapping it may allow declarations otherwise illegal). Anywhere else
    tapping a permanent and spending mana only take choices away (508.1a, 509.1a, 602.5a: nothing
    modelled reads a tapped permanent but declarations and {T} costs, 506.4b; a tapped attacker or
    blocker still deals its combat damage), so every end it reaches is the end of a line without it —
    the same as an inert "{2}: Scry 1" (docs/engines.md), it is no move; so is "untap target creature" once
    blockers are declared (701.26b: an untapped creature is read only as attackers and blockers are declared,
    508.1a, 509.1a; a permanent with {T} in a cost is no target the loader admits); but one whose cost sacrifices a
    permanent (701.21a: it leaves combat, 506.4), pays life (119.4) or removes counters (122.1a) is a move
    anywhere. Where the mana of a mana ability could be spent, the board is refused (pysolver.files.loader).
    Where a static ability reads whether a permanent is untapped (110.5,
    :func:`~pysolver.rules.statics.reads_tapped`), tapping one may change what it has: offered."""
    extra = ab.extra
    if kind == "untap_target" and s.combat.blockers is None:
        return True
    if (kind not in COST_ONLY and kind != "untap_target") or extra.sacrifice_self or extra.sacrifice or extra.life \
            or extra.remove_counters:
        return True
    return (s.combat.blockers is None and _requirements(s)) or reads_tapped(s)


def may_use_stack(s: Situation) -> bool:
    """Whether a permanent on the battlefield (face down too: it may be turned face up, 702.37e) has an
    ability that goes on the stack (:func:`~pysolver.model.abilities.on_stack`: "~ deals N damage to …",
    life lost or gained, 119.3; "Prevent all combat damage that would be dealt this turn", 615.1a;
    "destroy target creature", a cost that sacrifices it) that its controller can pay for now, timing
    aside (602.5b: one "before attackers are declared" only counts before then). Mana is only spent and
    nothing modelled untaps a permanent with {T} in a cost (pysolver.files.loader), so one that can't be paid
    now can't later: its effect may reach
    any fight only while this holds (:mod:`pysolver.game.fights`). A summoning-sick creature may still be
    given haste by a pump (302.6, 702.10c, 613.1f): where a pump on the battlefield gives haste, summoning
    sickness is not counted."""
    hasty = any("haste" in pump.keywords for x in s.permanents if not x.left_battlefield for pump in pumps_of(x))
    # (a power that may still rise, an attack still to come: "activate only if ~'s power is N or greater", "only if
    # you've been attacked this step" are not counted, 602.5)
    return any(on_stack(kind, ab) and payable(s, replace(p, summoning_sick=False) if hasty else p,
                                              replace(ab, min_power=0, when_attacked=ab.when_attacked
                                                      and s.combat.attackers is not None))
               for p in s.permanents if not p.left_battlefield for kind, ab in p.combat_abilities())


def targets(s: Situation, pid: str, index: int) -> tuple[str, ...]:
    """The legal targets of ability `index` of `pid` (601.2c, 115.1, 702.11b, 702.16b, 702.18a), by id;
    ``("",)`` for one with no target ("~ gets +X/+Y")."""
    kind, ab = s.permanent(pid).combat_abilities()[index]
    if not targeted(kind, ab):
        return ("",)
    return _targets(s).get((pid, index), ())


def targeted(kind: str, ab: CombatAbility) -> bool:
    """Whether an ability of `kind` has a target (115.1): those of :data:`TARGETED`, a life ability's
    "target player" or "target opponent" (not "each opponent", "you gain N life"), a prevention shield's
    "any target", "target creature", "target player" (not "~", "each creature and each player", 615.11)."""
    return (kind in TARGETED or (kind in LIFE and ab.target in ("player", "opponent"))
            or (kind in SHIELDS and ab.target in ("any", "creature", "player")))


@lru_cache(maxsize=CACHED)
def _targets(s: Situation) -> dict[tuple[str, int], tuple[str, ...]]:
    """Every targeted ability's legal targets on `s` (``#program activation_targets``)."""
    facts = [fact for p in s.permanents for i, (kind, ab) in enumerate(abilities_of(p)) if targeted(kind, ab)
             for fact in _target_facts(p.id, i, ab)]
    if not facts:
        return {}
    symbols = one_state_answer(ENCODINGS, s, ("base", "activation_targets"), program(facts))
    found: dict[tuple[str, int], list[str]] = {}
    for sym in symbols:
        src, i, t = sym.arguments
        found.setdefault((src.string, i.number), []).append(t.string)
    return {k: tuple(sorted(v)) for k, v in found.items()}


def _target_facts(pid: str, i: int, ab: CombatAbility) -> Iterator[Symbol]:
    """The facts of what ability `i` of `pid` may target (``encodings/activated.lp``): where, its quality,
    whose, "another"."""
    yield atom("combat_ability", pid, i, constant(ab.target))
    if ab.quality != ("any",):
        yield atom("combat_ability_quality", pid, i, parse_term(term_text(ab.quality)))
    if ab.scope != "all":
        yield atom("combat_ability_scope", pid, i, constant(ab.scope))
    if ab.other:
        yield atom("combat_ability_other", pid, i)


def ward(s: Situation, source: Permanent, target: str) -> Mana | None:
    """What ward asks the source's controller to pay for targeting `target` (702.21a: each instance of
    a face-up permanent an opponent controls, 113.2c), or None if nothing."""
    if not target or all(q.id != target for q in s.permanents):  # none, or a player (115.4)
        return None
    t = s.permanent(target)
    if t.face_down or t.controller == source.controller:
        return None
    costs = [a.value for a in t.abilities if a.kind == "ward" and isinstance(a.value, Mana)]
    return sum(costs, Mana()) if costs else None


def activations(s: Situation, window: str, players: frozenset[str]) -> Iterator[AbilityActivation]:
    """Each activation `players` can make in `window`: each ability they can pay for, each legal
    target, and against ward paying it (if the pool also pays that) or not."""
    for p in s.permanents:
        if p.controller not in players:
            continue
        for i, (kind, ab) in enumerate(abilities_of(p)):
            if not (payable(s, p, ab) and offered(s, kind, ab)):
                continue
            chosen = costs.choices(s, p, ab.extra)  # 601.2h: the permanents its cost sacrifices or taps
            for t in targets(s, p.id, i):
                cost = ward(s, p, t)
                for c in chosen:
                    for effect in effects(kind) if kind == TAP_OR_UNTAP else (kind,):
                        if kind == TAP_OR_UNTAP and not offered(s, effect, ab):
                            continue
                        for x in x_values(s, p, ab):  # 107.3, 601.2b: each X its controller can pay
                            xm = ab.x_mana(x) if x is not None else Mana()
                            if cost is None:
                                yield AbilityActivation(window, p.id, effect, t, None, i, c, x)
                                continue
                            if payable(s, p, ab, cost + xm):
                                yield AbilityActivation(window, p.id, effect, t, True, i, c, x)
                            yield AbilityActivation(window, p.id, effect, t, False, i, c, x)


def x_values(s: Situation, p: Permanent, ab: CombatAbility) -> list[int | None]:
    """The values of X `p`'s controller can choose for `ab` and pay (107.3, 601.2b, 601.2f: from what is left of
    the pool, :meth:`~pysolver.model.abilities.CombatAbility.x_mana`); ``[None]`` for an ability without X. X = 0
    deals no damage (120.8) and spends no mana for X, so it is a move only where the rest of its cost sacrifices a
    permanent (701.21a: it leaves the battlefield); else its only effect is its cost ({T}, mana: 602.5a), which
    only takes choices away (:func:`offered`)."""
    if not ab.x:
        return [None]
    lowest = 0 if ab.extra.sacrifice_self or ab.extra.sacrifice is not None else 1
    return [x for x in range(lowest, s.player(p.controller).mana.total + 1) if payable(s, p, ab, ab.x_mana(x))]


def illegal(s: Situation, window: str, players: frozenset[str], move: AbilityActivation) -> tuple[Violation, ...]:
    """Why an activation can't be made now, with the rules it breaks (none if it can)."""
    p = source_of(s, window, players, move.window, move.permanent)
    if not isinstance(p, Permanent):
        return p
    mine = abilities_of(p)
    if not 0 <= move.ability < len(mine):
        return (Violation("602.1", f"{p.id} has {len(mine)} such activated abilities, not an ability {move.ability}"),)
    kind, ab = mine[move.ability]
    if move.kind not in effects(kind):
        return (Violation("602.1", f"ability {move.ability} of {p.id} is {kind}, not {move.kind}"),)
    kind = move.kind  # 608.2: "tap or untap", the one chosen
    if banned(s, p):
        return (Violation("602.5", f"the activated abilities of {p.id} can't be activated now"),)
    if not payable(s, p, ab):
        return (Violation("602.2b", "its cost can't be paid now (601.2h, 118.3; {T}: 602.5a, 302.6)"),)
    chosen = costs.illegal_choice(s, p, ab.extra, move.pay_with)
    if chosen:
        return chosen
    if not offered(s, kind, ab) and kind == "untap_target":
        return (Violation("701.26b", "an untapped creature is read only as attackers and blockers are declared "
                                     "(508.1a, 509.1a): once they are, untapping one is no move"),)
    if move.x not in x_values(s, p, ab):
        return (Violation("107.3", f"X = {move.x} can't be chosen and paid for it now (say x exactly for an ability "
                                   f"with X: {', '.join(map(str, x_values(s, p, ab)))}; 601.2b, 601.2f)"),)
    xm = ab.x_mana(move.x) if move.x is not None else Mana()
    if not offered(s, kind, ab):
        return (Violation("509.1c", "its only effect in combat is its cost, a move only before blockers are "
                                    "declared where a requirement is at stake (508.1d, 509.1c; 506.4b)"),)
    legal = targets(s, p.id, move.ability)
    if move.target not in legal:
        return (Violation("115.4", f"{move.target or 'no target'} is not a legal target "
                                   f"({', '.join(x or 'none' for x in legal) or 'none'}; 601.2c, 702.11b, "
                                   "702.16b, 702.18a)"),)
    cost = ward(s, p, move.target)
    if (cost is None) != (move.ward_paid is None):
        return (Violation("702.21a", "say whether ward is paid exactly when the target has ward (ward_paid)"),)
    if move.ward_paid and cost is not None and not payable(s, p, ab, cost + xm):
        return (Violation("702.21a", f"its controller's mana does not pay the ward cost {cost} too (601.2h)"),)
    return ()


def activate(s: Situation, move: AbilityActivation) -> Situation:
    """The situation after `move` (not one that goes on the stack: :func:`paid`): its costs paid
    (:func:`pysolver.rules.costs.pay`, 602.2b), then, unless ward counters it (702.21a), a player lost
    paying life (704.5a) or its target is no longer legal (608.2b: sacrificed or tapped to pay), its
    effect (608.2): the target becomes tapped (701.26a), can't block or can't be blocked this turn
    (509.1b), or gets +X/+Y until end of turn (613.4c), the source itself for "~"; state-based actions
    after a toughness went down (704.5f, 704.5g)."""
    p = s.permanent(move.permanent)
    _, ab = abilities_of(p)[move.ability]
    kind = move.kind  # (its ability's kind, or the effect chosen: effects)
    s = costs.pay(s, p.id, with_ward(ab, ward(s, p, move.target) if move.ward_paid else None), move.pay_with)
    if move.ward_paid is False or losers(s):
        return s
    if move.target and ab.extra.bounded and not still_legal(s, p.id, move.ability, move.target):
        return s
    if kind in SHIELDS:
        return shielded(s, p.id, ab, move.target)
    if ab.token is not None:  # 111.1, 111.2: its controller creates the tokens; then 704.3
        from .combat import settle
        return settle(tokens.created(s, p.id, ab.token, p.controller))
    s = replace(s, permanents=tuple(_affected(x, kind, ab) if _affects(x, kind, move.target or p.id) else x
                                    for x in s.permanents))
    if ab.toughness >= 0 and kind not in SWITCHES:
        return s
    from .combat import settle  # clingo: state-based actions only where a toughness went down (704.5f, 704.5g;
    return settle(s)  # 613.4d: a switch may lower one)


def _affects(x: Permanent, kind: str, whom: str) -> bool:
    """Whether an effect of `kind` on `whom` (its target, or its source) changes `x`: "switch each creature's power
    and toughness" each creature on the battlefield as it resolves (611.2c, 613.4d), the others `whom` only."""
    if kind == "switch_each":
        return x.is_creature and not x.left_battlefield
    return x.id == whom


def still_legal(s: Situation, pid: str, index: int, target: str) -> bool:
    """Whether `target` is still a legal target of ability `index` of `pid` (608.2b): on the battlefield
    and a legal target of the source as it last existed (113.7a: a source sacrificed to pay its own cost
    still resolves its ability); a player stays one (115.4)."""
    if target not in s.player_names and s.permanent(target).left_battlefield:
        return False
    lasting = replace(s, permanents=tuple(replace(x, left_battlefield=False) if x.id == pid else x
                                          for x in s.permanents)) if s.permanent(pid).left_battlefield else s
    return target in targets(lasting, pid, index)


def stacks(s: Situation, move: AbilityActivation) -> bool:
    """Whether the activation `move` goes on the stack and waits for both players to pass (405.1,
    :func:`~pysolver.model.abilities.on_stack`: damage, destruction, a cost that sacrifices its source)."""
    kind, ab = s.permanent(move.permanent).combat_abilities()[move.ability]
    return on_stack(kind, ab)


def paid(s: Situation, move: AbilityActivation) -> tuple[Situation, Trigger | None]:
    """An ability that goes on the stack (:func:`stacks`) activated: `s` with its costs paid (602.2b,
    701.21a) and the ability as it waits on the stack (602.2, 405.1), None if ward counters it
    (702.21a: its costs stay paid); it resolves when both players pass (608.1, :func:`resolve_stacked`)."""
    p = s.permanent(move.permanent)
    kind, ab = abilities_of(p)[move.ability]
    known = lki(s, p.id, ab.power_damage) if kind in PINGS else ()  # 113.7a: the source before a sacrifice
    extra = (ward(s, p, move.target) if move.ward_paid else None) or Mana()
    extra += ab.x_mana(move.x) if move.x is not None else Mana()  # 107.3: X paid with the rest (601.2f)
    after = costs.pay(s, p.id, with_ward(ab, extra), move.pay_with)
    return after, None if move.ward_paid is False else put(s, move, known)


def put(s: Situation, move: AbilityActivation, known: tuple[str, ...]) -> Trigger:
    """The ability of `move` on the stack, with its source's information `known` (113.7a; a damage
    ability's, :func:`pysolver.rules.pingers.lki`)."""
    p = s.permanent(move.permanent)
    _, ab = p.combat_abilities()[move.ability]
    amount = ab.damage if move.x is None else move.x  # 107.3: "X damage"
    return Trigger(move.kind, p.id, move.target, amount, p.controller, known, move.ability)


def resolve_stacked(s: Situation, t: Trigger) -> Situation:
    """`s` after the ability `t` resolved (608.2), before state-based actions: nothing if its target is
    no longer legal (608.2b: gone, out of combat, 506.4, or no longer a legal target of its source as it
    last existed, 113.7a); else its damage (:func:`pysolver.rules.pingers.deal`), its life lost or gained
    (:func:`life_changed`), all combat damage prevented this turn (615.1a), its destruction
    (:func:`destroy`), its tokens (111.1) or its other effect."""
    source = s.permanent(t.source)
    _, ab = source.combat_abilities()[t.ability]
    kind = t.kind  # (its ability's kind, or the effect chosen: effects)
    if t.target:
        players = {pl.name for pl in s.players}
        there = t.target in players or not s.permanent(t.target).left_battlefield
        lasting = replace(s, permanents=tuple(replace(x, left_battlefield=False) if x.id == source.id else x
                                              for x in s.permanents))  # the source as it last existed
        if not there or t.target not in targets(lasting, source.id, t.ability):
            return s
    if kind in LIFE:
        return life_changed(s, t.controller, ab, t.target)
    if kind in FOGS:  # 615.1a: every creature's combat damage this turn
        return replace(s, combat=replace(s.combat, combat_damage_prevented=True))
    if kind in PINGS:
        return pinged(s, t, ab)
    if kind == "destroy_all":
        return destroy_all(s, ab)
    if kind == "destroy_target":
        after = destroy(s, t.target, not ab.no_regeneration)
        return smelted(after, source.id, s.permanent(t.target)) if ab.smelts else after
    if kind in ("exile_target", "bounce_target"):  # 406.2, 400.7: it leaves the battlefield (no death: 700.4)
        return replace(s, permanents=tuple(replace(x, left_battlefield=True) if x.id == t.target else x
                                           for x in s.permanents))
    if ab.token is not None:  # 111.1, 111.2: a sacrificed source's (701.21a) tokens, its controller's
        return tokens.created(s, source.id, ab.token, t.controller)
    if kind in SHIELDS:  # 615.7: a sacrificed source's prevention shield
        return shielded(s, source.id, ab, t.target)
    return replace(s, permanents=tuple(_affected(x, kind, ab) if _affects(x, kind, t.target or source.id) else x
                                       for x in s.permanents))


def destroy(s: Situation, target: str, regenerable: bool = True) -> Situation:
    """`s` after `target` is destroyed (701.8a: put into its owner's graveyard), before state-based
    actions: not if it is indestructible (702.12b; its own or granted, 613.1f); a regeneration shield
    replaces it (701.19a, 614.8: :func:`pysolver.rules.combat.regenerate`) unless it can't be regenerated
    (701.19c: this turn, or `regenerable` false: "Destroy target creature. It can't be regenerated.")."""
    from .combat import regenerate
    p = s.permanent(target)
    if has_now(s, p, "indestructible"):
        return s
    after = regenerate(s, p) if p.regenerates and regenerable else replace(p, left_battlefield=True)
    return replace(s, permanents=tuple(after if x.id == target else x for x in s.permanents))


def destroy_all(s: Situation, ab: CombatAbility) -> Situation:
    """`s` after "destroy all artifacts / enchantments" resolved (701.8a: each permanent of that card type on the
    battlefield as it resolves, at once, 608.2h; an artifact or enchantment creature is one, 205.2a; a face-down
    permanent is neither, 708.2a), before state-based actions: each as :func:`destroy` (702.12b, 701.19a), read
    off the state before any of them is.

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a"), Player("b")), "a", (Permanent("e", "b", types=("Enchantment", "Creature"),
    ...     power=1, toughness=1), Permanent("c", "b", power=1, toughness=1)))
    >>> [x.left_battlefield for x in destroy_all(s, CombatAbility(0, 0, Mana(), quality=("card_type",
    ...     "enchantment"))).permanents]
    [True, False]
    """
    card_type = ab.quality[1].capitalize()
    doomed = [x.id for x in s.permanents if not x.left_battlefield and not x.face_down and card_type in x.types
              and not has_now(s, x, "indestructible")]
    from .combat import regenerate
    gone = {pid: regenerate(s, s.permanent(pid)) if s.permanent(pid).regenerates
            else replace(s.permanent(pid), left_battlefield=True) for pid in doomed}
    return replace(s, permanents=tuple(gone.get(x.id, x) for x in s.permanents))


def smelted(s: Situation, source: str, target: Permanent) -> Situation:
    """`s` after "~ gets +X/+0 until end of turn, where X is that artifact's mana value" (608.2c: after the
    destruction, whether it was destroyed or not; 608.2h: the target as it last existed, its mana value 202.3, of a
    token or a permanent without a mana cost 0, 202.3a): the source, if still on the battlefield (400.7).

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a"), Player("b")), "a", (Permanent("d", "a", power=5, toughness=5),))
    >>> smelted(s, "d", Permanent("t", "b", power=1, toughness=1, mana_cost="{2}{U}")).permanent("d").until_end_of_turn
    (3, 0)
    """
    mana_value = target.mana_cost.total if target.mana_cost is not None else 0
    return replace(s, permanents=tuple(replace(x, until_end_of_turn=(x.until_end_of_turn[0] + mana_value,
                                                                     x.until_end_of_turn[1]))
                                       if x.id == source and not x.left_battlefield else x for x in s.permanents))


def life_changed(s: Situation, controller: str, ab: CombatAbility, target: str) -> Situation:
    """`s` after a life ability of `controller` resolved (119.3): its target player, each opponent (102.2) or
    each player loses `ab.loss` life, then its controller gains `ab.gain` life; a player at 0 or less loses
    when state-based actions are checked (704.5a).

    >>> from pysolver.model import Player
    >>> s = Situation(players=(Player("a"), Player("b"), Player("c")), active="a", permanents=())
    >>> ab = CombatAbility(0, 0, Mana(), target="each_opponent", loss=1, gain=1)
    >>> [p.life for p in life_changed(s, "a", ab, "").players]
    [21, 19, 19]
    """
    losing = {target} if target else {p.name for p in s.players if ab.target == "each_player"
                                      or (ab.target == "each_opponent" and p.name != controller)}
    players = tuple(replace(p, life=p.life - ab.loss * (p.name in losing) + ab.gain * (p.name == controller))
                    for p in s.players)
    return replace(s, players=players)


def shielded(s: Situation, source: str, ab: CombatAbility, target: str) -> Situation:
    """`s` after a prevention shield ability resolved (608.2, 615.7): its target (a permanent or a player),
    the source itself for "~" if it is still on the battlefield, or each creature on the battlefield and
    each player (615.11: a shield for each, none targeted) gets `ab.prevent` more damage prevented this turn.

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1),))
    >>> ab = CombatAbility(0, 0, Mana(), target="each_creature_and_player", prevent=2)
    >>> after = shielded(s, "x", ab, "")
    >>> [p.prevention_shield for p in after.players], after.permanent("x").prevention_shield
    ([2, 2], 2)
    """
    n = ab.prevent
    each = ab.target == "each_creature_and_player"

    def gets(x: Permanent) -> bool:
        if x.left_battlefield:
            return False
        return x.is_creature if each else x.id == (target or source)
    players = tuple(replace(pl, prevention_shield=pl.prevention_shield + n) if each or pl.name == target else pl
                    for pl in s.players)
    permanents = tuple(replace(x, prevention_shield=x.prevention_shield + n) if gets(x) else x for x in s.permanents)
    return replace(s, players=players, permanents=permanents)


def _affected(x: Permanent, kind: str, ab: CombatAbility) -> Permanent:
    """The target (or source) `x` after the effect of an ability of `kind` (608.2)."""
    if kind in COST_ONLY or kind == "create":  # 605.1a, 121.1: it adds mana, or acts in hidden zones only
        return x
    if kind == "tap_target":
        return replace(x, tapped=True)  # 701.26a
    if kind == "untap_target":
        return replace(x, tapped=False)  # 701.26b
    if kind == "target_cant_block":
        return replace(x, cant_block_this_turn=True)  # 509.1b, 611.2a
    if kind == "target_unblockable":
        return replace(x, cant_be_blocked_this_turn=True)  # 509.1b, 611.2a
    if kind == "target_evades":  # 509.1b, 611.2a: of several, the greatest N restricts
        return replace(x, cant_be_blocked_by_power_this_turn=max(ab.evades, x.cant_be_blocked_by_power_this_turn or 0))
    if kind == "target_regenerate":
        return replace(x, regeneration_shields=x.regeneration_shields + 1)  # 701.19a
    if kind == "target_cant_regenerate":
        return replace(x, cant_be_regenerated_this_turn=True)  # 701.19c
    if kind == "target_counter":
        return x.with_counters(ab.power, ab.toughness, ab.counters)  # 122.1a
    if kind in SWITCHES:  # 613.4d: switched again, back as it was
        return replace(x, switched_until_end_of_turn=not x.switched_until_end_of_turn)
    keywords = tuple(sorted(set(x.keywords_until_end_of_turn) | set(ab.keywords)))  # 613.1f
    return replace(x, until_end_of_turn=(x.until_end_of_turn[0] + ab.power, x.until_end_of_turn[1] + ab.toughness),
                   keywords_until_end_of_turn=keywords,
                   colors=x.colors if ab.colors is None else ab.colors)  # 105.3, 613.1e, 613.7: the latest


def token_matters(s: Situation, window: str, p: Permanent, ab: CombatAbility) -> bool:
    """Whether creating tokens (111.1) may change an end of combat: a token an outcome never names (neither
    destroyed nor damaged, docs/results.md) changes none. It may block if its controller defends and
    blockers are still to be declared (509.1a: untapped; summoning sickness does not stop blocking), attack
    if attackers are (302.6: with haste, untapped); its source sacrificed is destroyed (701.21a); and it may
    be dealt damage, get -X/-Y or count for a static ability on a board with a death trigger (603.10a), a
    damage ability (120.3), an ability lowering toughness or a static ability (604.1, 704.5f); else it
    never leaves the battlefield nor is dealt damage, and the ends it reaches are those of the line without
    it (mana and {T} only take choices away, 602.5a)."""
    token = ab.token
    assert token is not None
    untapped = not (token.tapped or token.attacking)
    blocks = window in BEFORE_BLOCKS and p.controller != s.active and untapped
    attacks = window == Stage.BEGINNING_OF_COMBAT and p.controller == s.active and untapped and any(
        a.kind == "haste" for a in token.abilities)
    return (ab.sacrifice or blocks or attacks or token.toughness <= 0 or has_statics(s) or lowers_toughness(s)
            or any(a.kind in DEATH_TRIGGERS or a.kind in STACKED or a.kind in TARGETED for x in s.permanents
                   if not x.left_battlefield for a in x.abilities)  # (a targeted counter, destruction: 122.1a, 701.8a)
            or any(kind == "target_pump" and y.toughness < 0 for x in s.permanents for kind, y in abilities_of(x)))


def noncombat_damage(s: Situation) -> bool:
    """Whether a permanent on the battlefield has an ability that deals damage outside combat damage: "~ deals N
    damage to …" (:data:`~pysolver.model.abilities.PINGS`, 120.3) or a death trigger that does (603.10a)."""
    return any(a.kind in NONCOMBAT_DAMAGE for p in s.permanents if not p.left_battlefield for a in p.abilities)


def shields_players(s: Situation) -> bool:
    """Whether a player has or may get a prevention shield (615.7: a player's `prevention_shield`, or an ability
    that can give one, face down too: it may be turned face up): it may prevent damage from any creature
    attacking them, the player choosing which (so, for :mod:`pysolver.game.fights`, the fights' life totals do
    not add up; a creature's shield is its fight's)."""
    return any(p.prevention_shield for p in s.players) or any(
        kind in SHIELDS and ab.target in ("any", "player", "each_creature_and_player")
        for p in s.permanents if not p.left_battlefield for kind, ab in p.combat_abilities())


def shield_matters(s: Situation, before: bool, target: str, ab: CombatAbility) -> bool:
    """Whether a prevention shield (615.7) on `target` (a permanent or player; any for "each creature and
    each player", 615.11) may change an end: damage may still be dealt to it. Noncombat damage may reach
    anything at any time (:func:`noncombat_damage`); else only combat damage is dealt, in the damage steps
    (510.2), to a creature in combat (510.1, 506.4), a player, or a planeswalker or battle attacked
    (510.1b), and a shield made before blockers are declared does the same made in the window after them
    (nothing reads a shield before damage is dealt, and blocking taps no creature, 509.1: its {T} can
    still be paid), so it waits for that window."""
    if noncombat_damage(s):
        return True
    if before:
        return False
    if ab.target == "each_creature_and_player" or target in s.player_names:
        return True
    attacks = s.combat.attackers or ()
    fighting = {a for a, _ in attacks} | {t for _, t in attacks} | {b for b, _ in s.combat.blockers or ()}
    x = s.permanent(target)
    return x.id in fighting and not x.left_battlefield and not x.removed_from_combat


def _requirements(s: Situation) -> bool:
    """Whether a requirement may be at stake (508.1d, 509.1c: a tapped creature or one that can't
    block is not able to, so tapping one may allow declarations otherwise illegal)."""
    return bool(s.combat.provoked) or any(requires(a) or a.kind == "provoke" for p in s.permanents
                                          for a in p.abilities)


FLYING = ("flying", "attacking_flying")  # "target [attacking] creature with flying" (115.1)


def may_become_targets(s: Situation) -> set[str]:
    """The face-down permanents that turned face up (702.37e) may become a legal target of a "~ deals N
    damage to target [attacking] creature with flying" someone can pay for now (115.1, 601.2c): their
    face-up side has flying, which face down they lack (708.2a). Turned face up before it is activated,
    such a creature may be dealt its damage (120.3) even out of combat, where
    :func:`pysolver.rules.combat.may_matter` finds its turning otherwise changes nothing.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a", "mana": "{R}"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 0, "toughness": 4, "face_down": True,
    ...                     "abilities": ["Morph {R}", "Flying"]},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1,
    ...                     "abilities": ["{T}: ~ deals 1 damage to target creature with flying"]}]})
    >>> tapped = replace(s, permanents=(s.permanents[0], replace(s.permanents[1], tapped=True)))
    >>> may_become_targets(s), may_become_targets(tapped)  # (602.5a: {T} can't be paid)
    ({'x'}, set())
    """
    if not any(kind == "ping" and ab.target in FLYING and payable(s, p, ab)
               for p in s.permanents for kind, ab in abilities_of(p)):
        return set()
    return {p.id for p in s.permanents if p.face_down and not p.left_battlefield and p.has("flying")}


def may_matter(s: Situation, window: str, move: AbilityActivation) -> bool:
    """Whether the searches for outcomes explore an activation (:mod:`pysolver.game.explore`); one that
    is not explored can't add an end of combat that the others do not reach:

    * Tapping a creature (the effect, or the {T} cost), "can't block" and "can't be blocked" only
      take choices away (508.1a, 509.1a, 509.1b, 602.5a: fewer attackers, blockers, blocks, activations;
      nothing modelled reads a tapped creature otherwise), so the ends they lead to are ends of the
      line without them — unless a requirement is at stake before blocks (508.1d, 509.1c), which a
      creature that can't attack or block no longer has to obey, or a static ability reads whether a
      permanent is untapped ("~ has hexproof as long as it's untapped", 110.5: tapping may take an ability
      away); mana spent only takes choices away too.
    * Untapping a creature (701.26b) matters only before blockers are declared, to a tapped creature (it may
      then attack or block, 508.1a, 509.1a; no permanent with {T} in a cost is a target the loader admits).
    * A +X/+Y waits for the window after blockers where it does the same (as
      :func:`pysolver.rules.pumps.may_wait` argues: before blocks nothing modelled reads power or
      toughness but a state-based action, :data:`~pysolver.rules.pumps.BLIND_BEFORE_BLOCKS`) unless
      it lowers toughness, or raises it while something could lower a toughness before blocks (a
      face-down permanent turned face up, a -X/-Y); after blockers it matters for a creature in
      combat (510.1) and for any other whose toughness it lowers (704.5f), or raises while a
      -X/-Y could still come (what such a creature survives), or while a static ability could lower
      it (611.3b: a lord leaving in combat, 704.3)."""
    p = s.permanent(move.permanent)
    _, ab = abilities_of(p)[move.ability]
    kind = move.kind  # (its ability's kind, or the effect chosen: effects)
    if on_stack(kind, ab) or kind in SWITCHES:  # damage (120.3), destruction (701.8a), a source sacrificed
        return True  # (701.21a): in any window; 613.4d: a switch changes a power and a toughness at once
    if ab.extra.life or ab.extra.sacrifice or ab.extra.remove_counters:  # 119.4: a life total; 701.21a: a
        return True  # permanent leaves the battlefield; 122.1a: a creature shrinks (704.5f)
    if ab.token is not None:
        return token_matters(s, window, p, ab)
    before = window in BEFORE_BLOCKS
    taking = before and _requirements(s)  # tapping / "can't block" may free a requirement
    taps = ab.tap or ab.extra.tap_untapped is not None  # 701.26a: the source, or permanents it names
    if (taps or (kind == "tap_target" and move.ward_paid is not False)) and reads_tapped(s):
        return True  # 110.5: a permanent tapped (a cost is paid even if ward counters it) may lose an ability
    if move.ward_paid is False or kind in TAKING or kind in COST_ONLY:
        return taking and (taps or move.ward_paid is not False)
    if kind in SHIELDS:
        return (taking and taps) or shield_matters(s, before, move.target or p.id, ab)
    if kind == "untap_target":  # 701.26b: a tapped creature untapped may yet attack or block (508.1a, 509.1a)
        target = s.permanent(move.target)
        return (taking and taps) or (before and target.tapped and not target.left_battlefield)
    if ab.toughness < 0 or ab.keywords or ab.colors is not None:  # 613.1f: a keyword is read as declarations are
        return True  # made and after; 105.3: so are colors (702.16b, 702.36b, 702.13b, 702.16e)
    target = s.permanent(move.target or p.id)
    lowering = lowers_toughness(s) or any(q.toughness < 0 for x in s.permanents for q in pumps_of(x))
    in_combat = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    if kind in ("target_regenerate", "target_cant_regenerate"):  # 701.19a, 701.19c: before combat damage only a
        # -X/-Y may destroy it (704.5g), and a destruction on the stack is answered there (405.2, pysolver.game.explore)
        return lowering or has_statics(s) or (not before and target.id in in_combat and not target.removed_from_combat)
    if before:
        if taking and taps:
            return True
        unread = blind_board(s)
        face_down = any(x.face_down and not x.left_battlefield for x in s.permanents)
        return not unread or (ab.toughness > 0 and (lowering or face_down))
    return (target.id in in_combat and not target.left_battlefield) or (ab.toughness > 0 and (lowering
                                                                                           or has_statics(s)))
