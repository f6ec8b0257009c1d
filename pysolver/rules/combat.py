"""The combat as a sequence of stages, shared by `outcomes` and `verify`.

Stages follow the combat phase (506.1): the beginning of combat window (507.2), declare
attackers (508.1) and its window (508.2), declare blockers (509.1) and its window (509.2),
the combat damage steps (510, with a first-strike step when 510.4 says so) and the window
between them (510.3). In each window players may turn face-down creatures face up (116.2b).

A damage step's possible results come from ``encodings/outcomes.lp`` projected onto the
state after the step, so assignments with equal results are explored once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from clingo import SymbolType

from ..asp.facts import situation_facts
from ..asp.reads import answers, most_obeyed, one_answer
from ..asp.solving import (
    AFTER_DECLARATIONS,
    BLOCKERS,
    CHARACTERISTICS,
    STEP,
    STEP_RESULTS,
    args_of,
)
from ..model import Permanent, Situation
from ..model.abilities import COST_ONLY, STATICS, constant_on_itself, declares_only
from ..model.situation import RETURNED
from ..model.stage import Stage
from ..model.values import Line, Outcome
from . import tokens
from .facedown import Turn, turn_face_up
from .states import one_state_answer

# The parts choosing every source's shares of a step (outcomes.lp, 510.1): power-independent.
CHOOSE_RESULTS = ("choose_results", "choose_shares")
# The parts that show a step's results as the state the combat goes on from (outcomes.lp), telling
# apart the creatures regenerated (701.19a, shields.lp) that the outcomes themselves do not show.
STEP_SHOWN = ("show_results", "project_regenerated")


def first_stage(s: Situation) -> Stage:
    """The priority window the situation is in, from what its combat has declared (docs/verify.md)."""
    c = s.combat
    if c.attackers is None:
        return Stage.BEGINNING_OF_COMBAT
    if c.blockers is None:
        return Stage.AFTER_ATTACKERS
    return Stage.AFTER_FIRST_STRIKE_DAMAGE if c.damage_step == "regular" else Stage.AFTER_BLOCKERS


@lru_cache(maxsize=4096)
def settle(s: Situation) -> Situation:
    """Apply state-based actions (704.3, 704.5f/g/i/v): permanents that must leave, leave (a pure
    function of the situation, remembered: the game tree's orders of a stack reach the same ones).

    A situation that starts at the regular step (``combat.damage_step: regular``) also records,
    the first time, which creatures had first strike or double strike as the first-strike step
    began (510.4): those that have it now, before anyone turns a face-down creature face up in
    the window before the regular step; one turned face up with first strike there had neither
    and deals its damage in the regular step (702.7c).

    A creature that lethal damage would destroy and that has a regeneration shield is regenerated
    instead (701.19a, :func:`regenerate`); one that has left the battlefield is never checked again.

    704.3: after the actions are performed they are checked again. Without static abilities the
    permanents that left or were regenerated change nobody's characteristics and one check finds all;
    with them a source that left ends its effects (611.3b) and a regenerated creature removed from
    combat is no longer attacking (506.4, 611.3a), so the check is repeated until nothing more changes.
    """
    while True:
        shown = one_state_answer(CHARACTERISTICS, s, ("base", "show_gone"))  # (one program per board)
        left = {p.id for p in s.permanents if p.left_battlefield}
        gone = {args_of(sym)[0] for sym in shown if sym.name == "gone"} - left
        saved = {args_of(sym)[0] for sym in shown if sym.name == "regenerates"} - left  # 701.19a instead of 704.5g
        if not gone and not saved:
            break
        statics = has_statics(s)  # 704.3: checked again; only a static ability's source leaving changes anything
        s = replace(s, permanents=tuple(replace(p, left_battlefield=True) if p.id in gone
                                        else regenerate(s, p) if p.id in saved else p for p in s.permanents))
        if not statics:
            break
    if s.combat.damage_step == "regular" and s.combat.first_strikers is None:
        fast = one_answer(STEP, situation_facts(s), parts=("base", "show_fast"))
        s = s.with_combat(first_strikers=tuple(sorted(args_of(sym)[0] for sym in fast)))
    return s


def regenerate(s: Situation, p: Permanent) -> Permanent:
    """`p` regenerated (701.19a, 614.8): one regeneration shield used, all damage removed from it (120.6),
    tapped and, if it is an attacking or blocking creature, removed from combat (506.4).

    >>> from pysolver.model import Player
    >>> x = Permanent("x", "a", power=2, toughness=2, damage=3, regeneration_shields=2)
    >>> s = Situation((Player("a"), Player("b")), "a", (x,))
    >>> y = regenerate(s.with_combat(attackers=(("x", "b"),)), x)
    >>> y.damage, y.tapped, y.regeneration_shields, y.removed_from_combat
    (0, True, 1, True)
    """
    in_combat = {a for a, _ in s.combat.attackers or ()} | {b for b, _ in s.combat.blockers or ()}
    return replace(p, damage=0, tapped=True, regeneration_shields=p.regeneration_shields - 1,
                   removed_from_combat=p.removed_from_combat or p.id in in_combat)


def has_statics(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a static ability on a side it shows or may show
    (anthems and lords, 604.1, 613): then what one permanent is changes others' characteristics (a
    restriction of the declarations only, 508.1c, 509.1b, changes none).

    >>> from pysolver.model import Player
    >>> has_statics(Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1,
    ...     abilities=("Creatures you control get +1/+1",)),)))
    True
    """
    return any(a.kind in STATICS and not declares_only(a)
               for p in s.permanents if not p.left_battlefield for a in p.abilities)


def varying_statics(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a static ability whose effect may change during the combat
    (:func:`has_statics` but a creature's abilities on itself with a condition that stays the same,
    :func:`~pysolver.model.abilities.constant_on_itself`: 611.3a, its source leaving changes no other permanent,
    so one check of the state-based actions is all of them, 704.3)."""
    return any(a.kind in STATICS and not declares_only(a) and not constant_on_itself(a)
               for p in s.permanents if not p.left_battlefield for a in p.abilities)


PLAIN_STATICS = ("anthem", "grant")  # their effect reads only their source's presence and the object it affects


def may_change_statics(s: Situation, r: StepResult) -> bool:
    """Whether what a damage step's result `r` did may change what a static ability of `s` does, so that
    the state-based actions must be checked again (704.3; the step's result holds the first check,
    ``encodings/outcomes.lp``): a permanent regenerated (removed from combat, 506.4) or returned (702.79a,
    702.93a), a static ability's source gone (611.3b), or one gone while a static ability reads more than
    its source and the object it affects (a condition or a count, 611.3a)."""
    if r.regenerated or r.returned:
        return True
    gone = [p for p in s.permanents if p.id in r.gone]
    return bool(gone) and (any(a.kind in STATICS for p in gone for a in p.abilities)
                           or any(a.kind in STATICS and a.kind not in PLAIN_STATICS
                                  for p in s.permanents if not p.left_battlefield for a in p.abilities))


def settled(s: Situation) -> Situation:
    """`s` after its state-based actions where one program's check is not all of them (704.3: a board
    with static abilities, whose sources leaving change others, :func:`settle`); else `s` as it is (its
    programs apply the actions themselves, characteristics.lp). For the questions about one step."""
    return settle(s) if has_statics(s) else s


def face_up(s: Situation, turns: tuple[Turn, ...]) -> Situation:
    """The permanents of `turns` turned face up, each its way (116.2b, 702.37e, 702.168d, 701.40b,
    701.58b), then state-based actions (704.3). Turning face up changes only the turned permanents,
    so the state-based actions are run only if one of them could now be gone, or if a static ability
    may now apply or stop applying (611.3a, 708.2a: a face-down permanent has none; its source or what
    it covers changed)."""
    after = turn_face_up(s, turns)
    ids = {pid for pid, _ in turns}
    if has_statics(after) or any(may_leave_face_up(p) for p in after.permanents if p.id in ids):
        return settle(after)
    return after


def may_leave_face_up(p: Permanent) -> bool:
    """Whether a permanent, face up, might be put into the graveyard by a state-based action: it has
    damage marked (704.5g) or counters, a change until end of turn (613.4c) or its printed toughness
    might make it 0 or less (704.5f)."""
    return (p.damage > 0 or any(dt < 0 for _, dt, _ in p.pt_counters) or p.until_end_of_turn[1] < 0
            or (p.toughness or 0) <= 0 or p.switched_until_end_of_turn)  # (613.4d: its power is its toughness)


def may_matter(s: Situation, window: str) -> set[str]:
    """The face-down permanents whose turning face up in `window` can change what happens later in
    the combat: at the beginning of combat all (haste, 702.10b; evasion); after attackers the
    attackers and the defending players' permanents (possible blockers, 509.1a); after blockers
    and between the damage steps the creatures in combat (only they deal or are dealt combat
    damage, 510.1). Turning any other face up changes nothing but what mana is left, except
    when state-based actions then put it into the graveyard, or its face-up side has a pump that
    lowers toughness (602.2, 704.5f), or an ability that acts on other creatures (a pump of
    "creatures you control", 613.4c, or one of :mod:`pysolver.rules.activated`'s, 602.2), or a pump
    that gives a keyword (613.1f) or changes its colors (105.3): those are included too (turned face up,
    it may activate them, 702.37e); so is one with a "when ~ is turned face up" or "when ~ becomes
    monstrous" trigger (708.8, 701.37b: its effect may reach any permanent or player); and on a board
    with static abilities every one (611.3a: its side may be a source, or be covered by one or no longer)."""
    attackers = {a for a, _ in s.combat.attackers or ()}
    in_combat = attackers | {b for b, _ in s.combat.blockers or ()}
    relevant = {p.id for p in s.permanents
                if window == Stage.BEGINNING_OF_COMBAT or p.id in in_combat or has_statics(s)
                or (window == Stage.AFTER_ATTACKERS and p.controller != s.active)}
    return relevant | {p.id for p in s.permanents if p.face_down and (
        may_leave_face_up(replace(p, face_down=False)) or any(k not in COST_ONLY for k, _ in p.combat_abilities())
        or p.has("turned_face_up") or p.has("becomes_monstrous")
        or any(pump.toughness < 0 or kind == "team_pump" or pump.keywords or pump.colors is not None
               for kind, pump in p.pump_abilities()))}


@dataclass(frozen=True)
class StepResult:
    """One distinct result of a combat damage step (after state-based actions, 704.3)."""

    step: str
    assignment: tuple[tuple[str, str, int], ...]
    life: tuple[tuple[str, int], ...]
    damage: tuple[tuple[str, int], ...]
    loyalty: tuple[tuple[str, int], ...]
    defense: tuple[tuple[str, int], ...]
    gone: frozenset[str]
    dealers: frozenset[str]
    poison: tuple[tuple[str, int], ...] = ()  # 120.3b, 702.164c
    minus_counters: tuple[tuple[str, int], ...] = ()  # 120.3d: wither and infect damage
    returned: frozenset[str] = frozenset()  # 702.79a, 702.93a
    regenerated: frozenset[str] = frozenset()  # 701.19a
    hits: frozenset[tuple[str, str]] = frozenset()  # 510.3a: (source, recipient) of combat-damage triggers
    shields: tuple[tuple[str, int], ...] = ()  # 615.7: what is left of each prevention shield
    shield_choices: frozenset[str] = frozenset()  # 615.7, 616.1: whose shield's use the result depends on
    order_choices: frozenset[str] = frozenset()  # 616.1: whose order of prevention and -1/-1 counters it depends on
    counters_removed: frozenset[str] = frozenset()  # 615.5: a +1/+1 counter removed as its damage was prevented
    events: frozenset[tuple[str, str, int]] = frozenset()  # 603.2, 120.3: the damage damage triggers read


def step_results(s: Situation) -> Iterator[StepResult]:
    """Each distinct result of the next combat damage step, with one assignment that reaches it.

    The shares that change a result are chosen, not the amounts (outcomes.lp, ``#program
    choose_results``): grounding follows lethal damage, loyalty and defense, not power."""
    read: dict[Any, tuple[str, tuple[Any, ...]]] = {}  # the shown atoms recur from model to model
    for symbols in answers(STEP_RESULTS, situation_facts(s.with_combat(assignment=None)),
                           parts=("base", *CHOOSE_RESULTS, *STEP_SHOWN), args=("--models=0", "--project=project")):
        yield step_result(symbols, read)


def step_result(symbols: Sequence[Any], read: dict[Any, tuple[str, tuple[Any, ...]]] | None = None) -> StepResult:
    """A :class:`StepResult` from the shown atoms of one model of ``outcomes.lp``; `read` caches the
    atoms already read (they recur from model to model of one program)."""
    read = {} if read is None else read
    by_name: dict[str, list[tuple[Any, ...]]] = {}
    for sym in symbols:
        known = read.get(sym)
        if known is None:
            known = read[sym] = (sym.name, tuple(a.string if a.type == SymbolType.String else
                                                 a.number if a.type == SymbolType.Number else a.name
                                                 for a in sym.arguments))
        by_name.setdefault(known[0], []).append(known[1])

    def pairs(name: str) -> tuple[Any, ...]:
        return tuple(sorted(by_name.get(name, ())))
    return StepResult(
        step=by_name["step"][0][0], assignment=tuple(sorted(by_name.get("witness", ()))),
        life=pairs("after_life"), damage=pairs("after_damage"), loyalty=pairs("after_loyalty"),
        defense=pairs("after_defense"),
        gone=frozenset(x for x, in by_name.get("after_gone", ())),
        dealers=frozenset(x for x, in by_name.get("deals", ())),
        poison=pairs("after_poison"), minus_counters=pairs("after_minus_counters"),
        returned=frozenset(x for x, in by_name.get("after_returned", ())),
        regenerated=frozenset(x for x, in by_name.get("after_regenerated", ())),
        hits=frozenset(by_name.get("hit", ())), shields=pairs("after_shield"),
        shield_choices=frozenset(x for x, in by_name.get("shield_choice", ())),
        order_choices=frozenset(x for x, in by_name.get("counters_order", ())),
        counters_removed=frozenset(x for x, in by_name.get("after_counter_removed", ())),
        events=frozenset(by_name.get("damage_event", ())))


def blocks_and_step_results(s: Situation) -> Iterator[tuple[tuple[tuple[str, str], ...], StepResult]]:
    """Each legal block declaration with each distinct result of the damage step after it, in one
    solve: the block choice of blocks.lp (every possible blocker, the number of obeyed requirements
    at its maximum, 509.1c) and the assignment choice of damage.lp, projected onto the declaration
    and the state after the step. For boards whose priority window after blockers offers nothing
    (no face-down permanent can be turned face up): the same answers as declaring each block
    declaration and then enumerating its step results, in one call instead of one per declaration."""
    facts = situation_facts(s.with_combat(blockers=None, assignment=None))
    best = most_obeyed(BLOCKERS, facts)
    read: dict[Any, tuple[str, tuple[Any, ...]]] = {}  # the shown atoms recur from model to model
    parts = ("base", *BLOCKERS.whole_board, ("require", [best or 0]), "project_blocks", BLOCKERS.show,
             *CHOOSE_RESULTS, *STEP_SHOWN)
    for symbols in answers(BLOCKERS.encodings + AFTER_DECLARATIONS, facts, parts=parts,
                           args=("--models=0", "--project=project")):
        blocks = tuple(sorted(tuple(args_of(sym)) for sym in symbols if sym.name == "block"))
        yield blocks, step_result([sym for sym in symbols if sym.name != "block"], read)


def apply_step(s: Situation, r: StepResult) -> Situation:
    """The situation after a damage step: life, poison, damage, -1/-1 counters (and +1/+1 counters removed,
    615.5), loyalty, defense,
    permanents gone, creatures returned by persist or undying (:func:`returned_object`; tapped where an
    opponent's permanent says they enter tapped, 614.1c, :func:`pysolver.rules.tokens.enters_tapped`), creatures
    regenerated (:func:`regenerate`, 701.19a); the next step is the regular one, remembering who
    dealt first-strike damage (510.4; nobody, after a regular step that had no first-strike step before it);
    what is left of the prevention shields (615.7)."""
    life, damage, loyalty, defense = dict(r.life), dict(r.damage), dict(r.loyalty), dict(r.defense)
    poison, minus, shields = dict(r.poison), dict(r.minus_counters), dict(r.shields)
    players = tuple(p if (life.get(p.name, p.life), poison.get(p.name, p.poison),
                          shields.get(p.name, p.prevention_shield)) == (p.life, p.poison, p.prevention_shield)
                    else replace(p, life=life.get(p.name, p.life), poison=poison.get(p.name, p.poison),
                                 prevention_shield=shields.get(p.name, p.prevention_shield))  # 615.7
                    for p in s.players)

    def after(p: Permanent) -> Permanent:
        changed = (damage.get(p.id, p.damage), loyalty.get(p.id, p.loyalty), defense.get(p.id, p.defense),
                   p.left_battlefield or p.id in r.gone, shields.get(p.id, p.prevention_shield))
        added = minus.get(p.id, p.minus_counters) - p.minus_counters  # 120.3d: -1/-1 counters from wither, infect
        removed = -1 if p.id in r.counters_removed else 0  # 615.5: a +1/+1 counter removed
        if changed == (p.damage, p.loyalty, p.defense, p.left_battlefield, p.prevention_shield) and not added \
                and not removed:
            return p
        return replace(p, damage=changed[0], loyalty=changed[1], defense=changed[2],
                       left_battlefield=changed[3], prevention_shield=changed[4]).with_counters(
            -1, -1, added).with_counters(1, 1, removed)
    permanents = tuple(regenerate(s, after(p)) if p.id in r.regenerated else after(p) for p in s.permanents)
    back = [returned_object(p) for p in s.permanents if p.id in r.returned]
    now = replace(s, permanents=permanents)  # 614.1c: the permanents on the battlefield as they return
    permanents += tuple(replace(p, tapped=True) if tokens.enters_tapped(now, p) else p for p in back)
    # (after a regular step with no first-strike step before it, none dealt first-strike damage, 510.4: recorded,
    # so that no question asks again who had first strike as it began)
    first = (tuple(sorted(r.dealers)) if r.step == "first_strike"
             else s.combat.first_strikers if s.combat.first_strikers is not None else ())
    combat = replace(s.combat, damage_step="regular", first_strikers=first)
    return replace(s, players=players, permanents=permanents, combat=combat)


def returned_object(p: Permanent) -> Permanent:
    """The new object (400.7) that persist (702.79a: with a -1/-1 counter) or undying (702.93a: with
    a +1/+1 counter) returns to the battlefield under its owner's control when `p` dies, built from what the
    card is, not from the object that died: its characteristics (name, mana cost, colors, types, subtypes, power,
    toughness and abilities, 109.3), its owner, and what belongs to the card (903.3: a commander; 111.1: a token;
    the color chosen as it entered, 614.12, and a leveler's level, 711.2, as the file states them: a return
    that would choose or level anew is not modelled). Nothing the old object acquired on the battlefield comes
    back: it is face up, untapped and summoning sick (302.6: its {T} abilities wait for its controller's next
    turn), with no damage and no counter but its one, no pump or effect of the turn (613.1, 611.2a), no
    designation (monstrous 701.37b, renowned 702.112b, dashed 702.109a, paired 702.95b), no Aura or Equipment
    attached (303.4d, 301.5c), no shield (615.7, 701.19a), no card exiled with it (607.2a) and no activation
    counted this turn (602.5b), and it is not in combat (506.4; its id is not in the declarations). It keeps
    `p`'s id with :data:`RETURNED` appended, so that results name `p`. With both abilities the one that resolves
    first is taken to be persist unless that would return it with toughness 0 or less (603.3b: its controller
    orders them; outcomes.lp enumerates both orders, and the results differ only when one order returns it to
    die at once, which then is not a result of this object).

    >>> back = returned_object(Permanent("x", "a", power=2, toughness=2, abilities=("Persist", "{G}: Monstrosity 1"),
    ...                                  monstrous=True, auras_attached=1, damage=2, tapped=True))
    >>> back.minus_counters, back.monstrous, back.auras_attached, back.damage, back.tapped, back.summoning_sick
    (1, False, 0, 0, False, True)
    """
    persist = p.has("persist") and not (p.has("undying") and (p.toughness or 0) <= 1)
    return Permanent(p.id + RETURNED, p.owner or p.controller, owner=p.owner, name=p.name, types=p.types,
                     subtypes=p.subtypes, colors=p.colors, power=p.power, toughness=p.toughness, loyalty=p.loyalty,
                     defense=p.defense, protector=p.protector, abilities=p.abilities, ability_lines=p.ability_lines,
                     unmodelled=p.unmodelled, mana_cost=p.mana_cost, commander=p.commander, token=p.token,
                     chosen_color=p.chosen_color, level_counters=p.level_counters, summoning_sick=True,
                     pt_counters=((-1, -1, 1),) if persist else ((1, 1, 1),))


def original_id(pid: str) -> str:
    """The id a result names for a permanent: a returned object's is that of the creature that died."""
    return pid.removesuffix(RETURNED)


def losers(s: Situation) -> tuple[str, ...]:
    """Players with 0 or less life (104.3b, 704.5a) or ten or more poison counters (704.5c): they lose
    when state-based actions are checked."""
    return tuple(sorted(p.name for p in s.players if p.life <= 0 or p.poison >= 10))


def outcome(s: Situation, line: Line | None = None) -> Outcome:
    """The docs/results.md outcome of a finished combat, reached by `line` (:meth:`Outcome.of`):
    permanents that left are destroyed (a returned object, 400.7, names the creature that died);
    of those still on the battlefield, creatures' damage and -1/-1 counters (120.3d), face-up
    planeswalkers' loyalty (306.8) and battles' defense (310.6).

    >>> from pysolver.model import Player
    >>> outcome(Situation(players=(Player("a"), Player("b", life=0)), active="a",
    ...                   permanents=(Permanent("x", "a", power=2, toughness=2, damage=1),))).to_json()
    {'life': {'a': 20, 'b': 0}, 'lost': ['b'], 'destroyed': [], 'damage': {'x': 1}, 'loyalty': {}, 'defense': {}}
    """
    alive = [p for p in s.permanents if not p.left_battlefield]
    return Outcome.of(
        life=[(p.name, p.life) for p in s.players], lost=losers(s),
        destroyed={original_id(p.id) for p in s.permanents if p.left_battlefield},
        damage=[(p.id, p.damage) for p in alive if p.is_creature],
        loyalty=[(p.id, p.loyalty) for p in alive  # 306.5b, 310.4: the loader sees that they have one
                 if "Planeswalker" in p.types and not p.face_down and p.loyalty is not None],
        defense=[(p.id, p.defense) for p in alive if "Battle" in p.types and not p.face_down and p.defense is not None],
        poison=[(p.name, p.poison) for p in s.players],
        minus_counters=[(p.id, p.minus_counters) for p in alive if p.is_creature and not p.id.endswith(RETURNED)],
        returned=[original_id(p.id) for p in alive if p.id.endswith(RETURNED)], line=line)
