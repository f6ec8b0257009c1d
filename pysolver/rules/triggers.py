"""Combat triggers (603.2): what a declaration triggers, resolved before the next priority window.

Abilities that trigger on attacking trigger as the attackers are declared (508.2a, 508.3a); those
that trigger on blocking or on becoming blocked as the blockers are (509.2a, 509.3a, 509.3c). They
are put on the stack the next time a player would receive priority (603.3, 117.5) and resolve in
that same step, before the next declaration: ``encodings/triggers.lp`` says what each does
(exalted 702.83, battle cry 702.91, melee 702.121, dethrone 702.105, bushido 702.45, rampage
702.23, the "Whenever ~ attacks / blocks / becomes blocked, it gets +X/+Y until end of turn"
lines); :func:`resolve` applies it to the situation: the +X/+Y to `until_end_of_turn` (613.4c,
layer 7c), the counters to the permanent's counters (122.1a). So the power that blocking
restrictions read is the power after the attack triggers resolved.

Flanking (702.25), afflict (702.130), "becomes blocked by a creature, destroy that creature" (509.3d)
and the attack triggers making players lose life (508.3a) can kill a blocker or end the game
part-way, and a rampage next to flanking or that destroy counts the blockers still there (702.23b):
those are :class:`Trigger` values the game tree puts on the stack in an order the active player
chooses (:func:`orders`, 603.3b) and resolves one at a time (:func:`resolve_top`), state-based
actions and a priority window after each (117.3b, 117.5); life losses that can bring nobody to 0
life resolve at once.

A search reaches many block declarations and stack states for one attack declaration: the block
triggers and the flanking and rampage resolutions are each one grounded program per attack
declaration (and ability, and toughness after the pumps) in which the block declaration and the
permanents that have left are externals (``#program block_state``, ``left_state``), each state
one solve under assumptions.

Death triggers (700.4, 603.10a: "When ~ dies, it deals N damage to any target / each opponent",
"… each opponent loses N life / you gain N life"; 603.6c: "Whenever another creature [you control]
dies …", which look back too, so a watcher dying in the same event triggers) trigger when creatures
die in the state-based actions after a combat damage step or after an ability resolved (:func:`died`,
read off how the creatures last existed, 113.7a); the game tree has
their controllers put them on the stack with their targets (603.3b, 603.3d: :func:`targets`, a
:class:`~pysolver.model.moves.TargetChoice` each) and resolves them (:func:`resolve_top`), the source's
last known information dealing the damage (608.2h).

Provoke (702.39a) triggers as attackers are declared (:func:`provokes`); the active player puts
each on the stack with a target creature the defending player controls or none (603.3d, "you
may": a :class:`~pysolver.model.moves.TargetChoice`, :func:`targets`), and as it resolves
(:func:`provoked`) the target untaps and must block the provoker if able (509.1c), written in
the situation's ``combat.provoked``.

The attack triggers with a target (:data:`~pysolver.model.abilities.ON_TARGET`, 508.3a: "Whenever ~ attacks,
target creature can't block this turn", "… it deals N damage to any target") are put on the stack with
provoke's (:func:`targeted`), each with a legal target (:func:`trigger_targets`: 115.1, 702.11b, 702.16b,
702.18a), and resolve with that target rechecked (608.2b). The block triggers of
:data:`~pysolver.model.abilities.PUT_EFFECTS` ("~ deals N damage to that creature", "untap ~ and remove it
from combat") are put on the stack by their controllers, APNAP (:func:`block_puts`, 603.3b), the defending
player's resolving first.

A situation file with a declaration is past its triggers: their effects are written in its
`until_end_of_turn` and `counters` (docs/situation.md).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "e", "controller": "a", "power": 1, "toughness": 1, "abilities": ["Exalted"]}]})
>>> after, stack = resolve(s.with_combat(attackers=(("x", "b"),)), ATTACK)
>>> after.permanent("x").until_end_of_turn, stack
((1, 1), ())
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import cast

from clingo import Control, Function, Number, String, Symbol, parse_term

from ..asp.facts import atom, program, situation_facts
from ..asp.reads import one_answer
from ..asp.solving import ATTACKS, CHARACTERISTICS, control, models, one_model, value
from ..model import Permanent, Situation
from ..model.abilities import (
    BLOCK_TRIGGERS,
    DEFENDING_CREATURES,
    ON_TARGET,
    RETURN_EXILED,
    RETURN_EXILED_TO_HAND,
    TRIGGERS,
    TYPE_ATTACKS,
    OnCombat,
    granted_kind,
    is_put,
)
from ..model.mana import pays
from ..model.moves import DEATH_TRIGGERS, Trigger
from . import damage_log, exiled, tokens
from .combat import regenerate
from .states import one_state_answer

ATTACK, BLOCK = "attack_triggers", "block_triggers"  # the #program parts of encodings/triggers.lp
PROVOKE = "provoke"  # 702.39a: put on the stack with a target, resolved by :func:`provoked`
CREATE = "create_tokens"  # 111.1: "Whenever ~ attacks / blocks, create …", on the stack (encodings/triggers.lp)
# 603.3d: the attack triggers put on the stack with a target by the active player (:func:`targeted`)
TARGETED = frozenset({PROVOKE, ON_TARGET})
PROGRAM = ATTACKS + ("triggers",)
DEATHS = CHARACTERISTICS + ("triggers",)  # the death-trigger parts read no declaration
# 704.5f, 704.5g: a permanent leaves by a state-based action only through toughness or damage; afflict
# changes only a player's life (702.130a, 119.3), rampage only raises power and toughness (702.23a):
# after either resolves on a settled situation (704.3) no state-based action but 704.5a can apply.
NONE_LEAVES = frozenset({"afflict", "rampage", "attacks_loss", "attacks_opponents_loss", "poisons",
                         "assigns_none_loss"})
# Abilities on the stack whose only effect is life loss (119.3): afflict (702.130a, the defending player),
# "Whenever ~ attacks, defending player loses N life" (its `target`) and "… each opponent loses N life"
# (every player but the active player, whose attacker it is: 102.2, 603.3a); or poison counters (122.1f:
# "Whenever ~ attacks and isn't blocked, defending player gets a poison counter", its `target`); "Whenever ~ attacks
# and isn't blocked, it assigns no combat damage this turn and defending player loses N life" (510.1a, 611.2a: its
# source marked as well, :func:`_silenced`).
LOSSES = frozenset({"afflict", "attacks_loss", "attacks_opponents_loss", "poisons", "assigns_none_loss"})
WATCHING = frozenset({"other_dies_counter", "other_dies_loss", "other_dies_gain", "other_dies_untap", "other_dies_tap",
                      "other_dies_damage", "other_dies_drain", "other_dies_target_loss",
                      "other_dies_drain_each", "other_dies_create", "other_dies_pump"})  # 603.6c: creatures die
CREATING = frozenset({"dies_create", "other_dies_create"})  # 111.1: death triggers that create tokens
# what they do is to the watcher
ON_SOURCE = frozenset({"other_dies_counter", "other_dies_untap", "other_dies_tap", "other_dies_pump"})
BY_ABILITY = CREATING | {"other_dies_pump"}  # what they do is read from the ability (`Trigger.ability`)
# Death triggers put on the stack with a target (603.3d, 115.1), but for those that name "you" or "each
# player" instead (115.10b, 102.2: their spec in the trigger's last known information).
TARGETING = frozenset({"dies_damage", "dies_minus", "dies_counters", "dies_minus_counters", "dies_target_loss",
                       "other_dies_damage", "other_dies_drain", "other_dies_target_loss"})
UNTARGETED = ("spec(you)", "spec(each_player)")
Stack = tuple[Trigger, ...]  # abilities on the stack, the next to resolve first
CACHED = 4096  # death-trigger programs remembered by their situations (searches reach them again)
PROGRAMS = 16  # grounded block-trigger programs kept (one per attack declaration; a walk is depth-first)
Counters = dict[str, list[tuple[int, int, int]]]  # the counters put on each permanent: (+X, +Y, how many)


# The trigger kinds each declaration part of encodings/triggers.lp reads (508.2a: attacking; 509.2a,
# 509.3a, 509.3c: blocking, becoming blocked); provoke (702.39a) and death triggers (603.10a) are put
# on the stack with targets instead. tests/test_triggers.py checks that every trigger kind is in one.
TRIGGERED_BY = {ATTACK: frozenset({"exalted", "battle_cry", "melee", "dethrone", "attacks_pump", "battalion_pump",
                                   "attacks_pump_each", "attacks_pump_each_type", "attacks_loss",
                                   "attacks_opponents_loss", "on_attack", *TYPE_ATTACKS}),
                BLOCK: BLOCK_TRIGGERS}


def has_triggers(s: Situation, attacked: bool = False) -> bool:
    """Whether a permanent on the battlefield has a combat trigger on its face-up side (a face-down
    one may still be turned face up before a declaration, 702.37e); `attacked`: one that can still
    trigger once attackers are declared (508.2a: not those that trigger only on attacking)."""
    kinds = TRIGGERS - (TRIGGERED_BY[ATTACK] | TARGETED) if attacked else TRIGGERS
    return bool(kinds & battlefield_kinds(s))


def battlefield_kinds(s: Situation) -> frozenset[str]:
    """The kinds of the abilities of the permanents on the battlefield, and of those their static abilities grant
    (613.1f: "Other creatures you control have exalted")."""
    return frozenset(k for p in s.permanents if not p.left_battlefield for a in p.abilities
                     for k in (a.kind, granted_kind(a)) if k is not None)


def resolve(s: Situation, part: str) -> tuple[Situation, Stack]:
    """`s` (just declared) after the abilities its declaration triggered that resolve at once
    resolved (`part` is :data:`ATTACK` or :data:`BLOCK`), with the abilities that go on the stack.

    Those resolved at once raise power and toughness or put +1/+1 counters on, so no state-based
    action can follow from them (704.5f and 704.5g need toughness 0 or less or damage at least
    toughness, and the situation was settled before the declaration, 704.3): none is checked.
    Afflict and the attack triggers making players lose life that together can't bring any player
    to 0 life (704.5a) resolve at once too: life loss changes nothing a face-up turn or another of
    these abilities does.
    """
    if not TRIGGERED_BY[part] & battlefield_kinds(s):
        return s, ()  # nothing on the battlefield triggers on this declaration
    symbols = _block_triggers(s) if part == BLOCK else one_model(control(PROGRAM, situation_facts(s),
                                                                         parts=("base", part)))
    effects, stack = _read(symbols)
    after = _applied(s, effects)
    if all(t.kind in LOSSES for t in stack):
        lost = _losses(after, stack)
        if all(pl.life + lost.life.get(pl.name, 0) > 0 and pl.poison + lost.poison.get(pl.name, 0) < 10
               for pl in after.players):
            return _silenced(_applied(after, lost), stack), ()
    return after, stack


def _silenced(s: Situation, stack: Stack) -> Situation:
    """`s` with the sources of the abilities "it assigns no combat damage this turn and defending player loses N
    life" of `stack` (resolved) assigning no combat damage this turn (510.1a, 611.2a), those still on the
    battlefield (400.7)."""
    quiet = {t.source for t in stack if t.kind == "assigns_none_loss"}
    return replace(s, permanents=tuple(replace(p, assigns_no_combat_damage=True)
                                       if p.id in quiet and not p.left_battlefield else p
                                       for p in s.permanents)) if quiet else s


def _losses(s: Situation, stack: Stack) -> Effects:
    """The life each player loses (119.3) and the poison counters each gets (122.1f) by the abilities of
    `stack`, all of :data:`LOSSES`."""
    def loses(name: str) -> int:
        return -sum(t.amount for t in stack if t.kind != "poisons" and (
            t.target == name or (t.kind == "attacks_opponents_loss" and name != s.active)))
    return Effects(life={p.name: loses(p.name) for p in s.players},
                   poison={p.name: sum(t.amount for t in stack if t.kind == "poisons" and t.target == p.name)
                           for p in s.players})


def _block_triggers(s: Situation) -> list[Symbol]:
    """The model of ``#program block_triggers`` for `s`'s block declaration, solved under
    assumptions in the program of its attack declaration (:func:`_block_program`)."""
    ctl, externals = _block_program(s.with_combat(blockers=()))
    return _solved(ctl, externals, {atom("state_blocking", b, a) for b, a in s.combat.blockers or ()})


@lru_cache(maxsize=PROGRAMS)
def _block_program(s: Situation) -> tuple[Control, dict[Symbol, int]]:
    """The block triggers of `s` (attackers declared, no blockers) grounded once with the block
    declaration as externals (``#program block_state``, :func:`_grounded`)."""
    return _grounded(control(PROGRAM, situation_facts(s), parts=("base", "block_state", BLOCK)))


def _grounded(ctl: Control) -> tuple[Control, dict[Symbol, int]]:
    """A grounded program and its externals' literals (``block_state``, ``left_state``), every
    external left free: each solve fixes them all (an external set false would be simplified away for good)."""
    externals = {a.symbol: a.literal for sig in (("state_blocking", 2), ("state_left", 1))
                 for a in ctl.symbolic_atoms.by_signature(*sig) if a.is_external}
    for x in externals:
        ctl.assign_external(x, None)
    return ctl, externals


def _solved(ctl: Control, externals: dict[Symbol, int], true: set[Symbol]) -> list[Symbol]:
    """The one model of a deterministic program with the externals in `true` true, the others false."""
    missing = [str(x) for x in true if x not in externals]
    if missing:
        raise ValueError(f"state outside the program's externals: {', '.join(missing)}")
    for symbols in models(ctl, assumptions=[lit if x in true else -lit for x, lit in externals.items()]):
        return symbols
    raise RuntimeError("the program has no model")


def resolve_top(s: Situation, stack: Stack) -> Situation:
    """`s` after the top ability of `stack` resolved (608.2; ``#program resolve`` of
    ``encodings/triggers.lp``, ``#program resolve_dies`` for a death trigger), before state-based
    actions (the game tree applies them, 704.3)."""
    t = stack[0]
    if t.kind in CREATING:  # 111.1, 111.2: its controller creates its N tokens (608.2h: as the line says)
        return tokens.created(s, t.source, tokens.spec_of(s.permanent(t.source), t.ability), t.controller, t.amount)
    if t.kind == "other_dies_pump":
        return _watcher_pumped(s, t)
    if t.kind == RETURN_EXILED:  # 607.2a, 610.3c: the cards exiled with its source come back (rules.exiled)
        return exiled.returned(s, t.source)
    if t.kind == RETURN_EXILED_TO_HAND:  # 400.7, 402.1: … to their owners' hands (rules.exiled)
        return exiled.to_hand(s, t.source)
    if t.kind in DEATH_TRIGGERS:
        return _dealt(s, t)
    if t.kind == PROVOKE:
        return provoked(s, t)
    if t.kind == CREATE:  # 111.1, 111.2, 603.3a: the source's controller creates them; 508.4 attacking
        source = s.permanent(t.source)
        spec = tokens.spec_of(source, t.ability)
        return tokens.created(s, source.id, spec, source.controller, attacking=spec.attacking)
    if t.kind == ON_TARGET:
        return _resolved_targeted(s, t)
    if t.kind == "on_block":
        return _resolved_put(s, t)
    if t.kind in LOSSES:  # 702.130a, 508.3a, 119.3: its defending player or each opponent loses its N life
        return _silenced(_applied(s, _losses(s, (t,))), (t,))  # (122.1f: or gets its poison counters)
    ctl, externals = _resolve_program(_unresolved(s), t)
    true = {atom("state_blocking", b, a) for b, a in s.combat.blockers or ()}
    true |= {atom("state_left", p.id) for p in s.permanents if p.left_battlefield}
    symbols = _solved(ctl, externals, true)
    effects, _ = _read(symbols)
    destroyed = {sym.arguments[0].string for sym in symbols if sym.match("destroyed", 1)}  # 701.8a
    after = _applied(s, effects)
    return replace(after, permanents=tuple(replace(p, left_battlefield=True) if p.id in destroyed else p
                                           for p in after.permanents)) if destroyed else after


def _watcher_pumped(s: Situation, t: Trigger) -> Situation:
    """`s` after watcher `t`'s "~ gets +X/+Y [and gains <keywords>] until end of turn" resolved: on the watcher if it
    is still on the battlefield (400.7), until end of turn (613.4c, 611.2c: kept in `until_end_of_turn` and
    `keywords_until_end_of_turn`)."""
    _, x, y, keywords = cast(tuple[str, int, int, tuple[str, ...]], s.permanent(t.source).abilities[t.ability].value)

    def pumped(p: Permanent) -> Permanent:
        return replace(p, until_end_of_turn=(p.until_end_of_turn[0] + x, p.until_end_of_turn[1] + y),
                       keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, *keywords})))
    return replace(s, permanents=tuple(pumped(p) if p.id == t.source and not p.left_battlefield else p
                                       for p in s.permanents))


def _unresolved(s: Situation) -> Situation:
    """`s` without what ``#program resolve`` reads as externals: the blocks and who has left
    (``block_state``, ``left_state``), and the power pumped until end of turn, which flanking and
    rampage do not read (702.25a, 702.23b: they read creature/1 and block/2). Toughness and damage
    stay facts: creature/1 reads them (704.5f, 704.5g in characteristics.lp)."""
    return replace(s.with_combat(blockers=()), permanents=tuple(
        replace(p, left_battlefield=False, until_end_of_turn=(0, p.until_end_of_turn[1])) for p in s.permanents))


@lru_cache(maxsize=PROGRAMS)
def _resolve_program(s: Situation, t: Trigger) -> tuple[Control, dict[Symbol, int]]:
    """``#program resolve`` of trigger `t` on board `s` (:func:`_unresolved`) grounded once, with the
    blocks and the permanents that left as externals (:func:`_grounded`)."""
    part = ("resolve", [Function(t.kind), String(t.source), String(t.target), Number(t.amount)])
    return _grounded(control(PROGRAM, situation_facts(s), parts=("base", "block_state", "left_state", part)))


def may_die_triggering(s: Situation, gone: set[str]) -> bool:
    """Whether a creature of `gone` has a death trigger on its face-up side, or, if any is gone, a
    face-up permanent on the battlefield watches creatures die (603.6c; a quick look before asking
    ``#program dies``, which decides)."""
    return any((p.id in gone or (gone and not p.left_battlefield and a.kind in WATCHING)) and not p.face_down
               and a.kind in DEATH_TRIGGERS for p in s.permanents for a in p.abilities)


def has_death_triggers(s: Situation) -> bool:
    """Whether a permanent on the battlefield has a death trigger on its face-up side (bounds on what
    the combat can still do yield to them: their damage comes after combat damage)."""
    return any(not p.left_battlefield and a.kind in DEATH_TRIGGERS for p in s.permanents for a in p.abilities)


@lru_cache(maxsize=CACHED)
def died(before: Situation, after: Situation) -> Stack:
    """The death triggers of the creatures on the battlefield in `before` that `after` has put
    into the graveyard (700.4), with their controllers and last known information (603.10a,
    113.7a: as they were in `before`; ``#program dies``), not yet targeted, in APNAP order of
    their controllers (603.3b, 101.4: the active player's first).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "imp", "controller": "b", "power": 1, "toughness": 1,
    ...                     "abilities": ["When ~ dies, it deals 2 damage to any target", "Lifelink"]}]})
    >>> gone = replace(s, permanents=tuple(replace(p, left_battlefield=True) for p in s.permanents))
    >>> [(t.kind, t.amount, t.controller, t.lki) for t in died(s, gone)]
    [('dies_damage', 2, 'b', ('controller("b")', 'has(lifelink)'))]
    """
    gone = {p.id for p in after.permanents if p.left_battlefield} - {p.id for p in before.permanents
                                                                      if p.left_battlefield}
    if not may_die_triggering(before, gone):
        return ()
    symbols = one_state_answer(DEATHS, before, ("base", "dies"), program([atom("dying", pid) for pid in sorted(gone)]))
    lki: dict[str, list[str]] = {}
    counted: dict[tuple[str, int], int] = {}  # 608.2h: a number read from the source as it last existed
    for sym in symbols:
        if sym.match("lki", 2):
            lki.setdefault(sym.arguments[0].string, []).append(str(sym.arguments[1]))
        elif sym.match("dies_amount", 3):
            counted[sym.arguments[0].string, sym.arguments[1].number] = sym.arguments[2].number
    found = []
    for sym in symbols:
        if sym.match("dies_trigger", 3):
            pid, term, j = sym.arguments[0].string, sym.arguments[1], sym.arguments[2].number
            # what it targets or names (a second argument; "any target" without), as #program dies_targets reads it
            spec = [f"spec({term.arguments[1]})"] if len(term.arguments) > 1 else []
            known = tuple(sorted(lki.get(pid, []) + spec))
            # N, its(…) as #program dies counted it, or `its` / counters(Name) (:func:`_amount`); a dies_create: which
            # ability creates the tokens
            amount = counted[pid, j] if (pid, j) in counted else _amount(before.permanent(pid), term.arguments[0]) \
                if term.arguments else 0
            found.append(Trigger(term.name, pid, "", amount, before.permanent(pid).controller, known,
                                 j if term.name == "dies_create" else 0))
        elif sym.match("watched", 4):  # 603.2c: one for each creature that died; the counters go on the source
            pid, term = sym.arguments[0].string, sym.arguments[3]
            target = pid if term.name in ON_SOURCE else ""
            amount = term.arguments[1].number if len(term.arguments) > 1 else 0
            spec = [f"spec({term.arguments[2]})"] if len(term.arguments) > 2 else []
            found.append(Trigger(term.name, pid, target, amount, before.permanent(pid).controller,
                                 tuple(sorted(lki.get(pid, []) + spec)),
                                 sym.arguments[2].number if term.name in BY_ABILITY else 0))  # (which ability)
    order = apnap(before)
    return tuple(sorted(found, key=lambda t: (order.index(t.controller), t.source, t.kind, t.amount)))


def _amount(p: Permanent, n: Symbol) -> int:
    """A death trigger's N: a number, ``its`` (702.43a modular: "its +1/+1 counters") or ``counters(Name)`` ("the
    number of <name> counters on it", 122.1): as many as `p` had as it last existed on the battlefield (608.2h,
    603.10a)."""
    if n.match("counters", 1):
        return p.named(n.arguments[0].name)
    return p.plus_counters if n.match("its", 0) else n.number


def apnap(s: Situation) -> list[str]:
    """The players in APNAP order (101.4): the active player, then the others in turn order."""
    names = [p.name for p in s.players]
    i = names.index(s.active)
    return names[i:] + names[:i]


def targets(s: Situation, t: Trigger) -> list[str]:
    """The legal targets of death trigger `t` as it is put on the stack (603.3d, 601.2c, 115.4:
    ``#program targets``); `[""]` for one that has none ("each opponent"). For provoke (702.39a):
    none ("you may") and each creature :func:`provoke_targets` allows. For an attack trigger with a
    target (:data:`~pysolver.model.abilities.ON_TARGET`): each one :func:`trigger_targets` allows, none
    too for "you may" (603.5: it does nothing), none if there is none (603.3d: it is removed)."""
    if t.kind == PROVOKE:
        return ["", *provoke_targets(s, t.source)]
    if t.kind == ON_TARGET:
        if _targeted_effect(s, t).whom != "target":  # 701.43d: exerted (its source named, no target) or not; 603.5
            return ["", t.source] if _targeted_effect(s, t).optional else [t.source]  # (or "you may" chosen or not)
        legal = list(trigger_targets(s, t.source, t.ability))
        return ["", *legal] if _targeted_effect(s, t).optional or not legal else legal
    if t.kind == "on_block":  # 509.3d: the other creature of its event; "[you may] remove ~ from combat": ~
        e = _targeted_effect(s, t)  # (or "that creature", 509.3c)
        if e.whom == "target":  # 603.3d, 603.5: a legal target or none
            return ["", *trigger_targets(s, t.source, t.ability)]
        named = t.target if e.whom == "partner" else t.source
        return [t.target] if e.effect == "damage" else ["", named] if e.optional else [named]
    if t.kind in ON_SOURCE:  # its counters go on its source, which it taps or untaps: no target (115.1)
        return [""] * ("spec(may(self))" in t.lki) + [t.target]  # 603.5: "you may put"
    if t.kind not in TARGETING or any(x in t.lki for x in UNTARGETED):
        return [""]
    may = any(x.startswith("spec(may(") for x in t.lki)  # 603.5: or none (its effect not chosen)
    return [""] * may + list(_targets(s, t.lki))


@lru_cache(maxsize=CACHED)
def _targets(s: Situation, lki: tuple[str, ...]) -> tuple[str, ...]:
    """The legal targets on `s` of a source with last known information `lki` (a search asks for
    the same ones at each of a player's puts)."""
    symbols = one_answer(DEATHS, _with_lki(s, lki), parts=("base", "dies_targets", "targets"))
    return tuple(sorted(sym.arguments[0].string for sym in symbols))


def provokes(s: Situation) -> Stack:
    """The provoke triggers of the attack just declared on `s` (702.39a, 702.39b: one per instance;
    508.2a; ``#program provoke``), controlled by the active player (603.3a), not yet targeted.

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Provoke"]},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1, "tapped": True}]})
    >>> s = s.with_combat(attackers=(("x", "b"),))
    >>> [(t.kind, t.source, t.controller) for t in provokes(s)], targets(s, provokes(s)[0])
    ([('provoke', 'x', 'a')], ['', 'y'])
    >>> after = provoked(s, replace(provokes(s)[0], target="y"))
    >>> after.combat.provoked, after.permanent("y").tapped
    ((('y', 'x'),), False)
    """
    if not any(a.kind == PROVOKE for p in s.permanents if not p.face_down for a in p.abilities):
        return ()
    symbols = one_model(control(PROGRAM, situation_facts(s), parts=("base", PROVOKE)))
    found = sorted((sym.arguments[0].string, sym.arguments[1].number) for sym in symbols
                   if sym.match("provoke_trigger", 2))
    return tuple(Trigger(PROVOKE, a, "", 0, s.active, (str(String(a)),)) for a, _ in found)


@lru_cache(maxsize=CACHED)
def provoke_targets(s: Situation, source: str) -> tuple[str, ...]:
    """The creatures provoke of attacker `source` may target on `s` (702.39a, 506.2, 702.16b;
    ``#program provoke_targets``)."""
    part = ("provoke_targets", [String(source)])
    symbols = one_model(control(PROGRAM, situation_facts(s), parts=("base", part)))
    return tuple(sorted(sym.arguments[0].string for sym in symbols if sym.match("provoke_target", 1)))


def targeted(s: Situation) -> Stack:
    """The attack triggers of the attack just declared on `s` that its active player puts on the stack with
    targets (603.3a, 603.3d): provoke (:func:`provokes`) and the lines of
    :data:`~pysolver.model.abilities.ON_TARGET` (``#program targeted``: 508.2a; 113.2c: one per instance J,
    the `ability` of its :class:`~pysolver.model.moves.Trigger`, whose `amount` is its damage, if any).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
    ...                     "abilities": ["Whenever ~ attacks, target creature can't block this turn"]},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1, "abilities": ["Hexproof"]},
    ...                    {"id": "z", "controller": "b", "power": 1, "toughness": 1}]})
    >>> s = s.with_combat(attackers=(("x", "b"),))
    >>> [(t.kind, t.source, t.ability) for t in targeted(s)], targets(s, targeted(s)[0])
    ([('on_target', 'x', 0)], ['x', 'z'])
    >>> resolve_top(s, (replace(targeted(s)[0], target="z"),)).permanent("z").cant_block_this_turn
    True
    """
    if not any(a.kind == ON_TARGET for p in s.permanents if not p.face_down for a in p.abilities):
        return provokes(s)
    symbols = one_model(control(PROGRAM, situation_facts(s), parts=("base", "targeted")))
    found = sorted((sym.arguments[0].string, sym.arguments[1].number) for sym in symbols
                   if sym.match("targeted_trigger", 2))
    return provokes(s) + tuple(
        Trigger(ON_TARGET, a, "", _targeted_damage(s, a, j), s.active, (str(String(a)), str(j)), j) for a, j in found)


def _targeted_damage(s: Situation, source: str, index: int) -> int:
    """The damage attack trigger `index` of `source` deals (120.3): its N, or the +1/+1 counters on its source
    (608.2h: counted again as it resolves, :func:`_resolved_targeted`), 0 for another effect."""
    e = cast(OnCombat, s.permanent(source).abilities[index].value)
    return s.permanent(source).plus_counters if e.effect == "damage_counters" else _damage(e)


def block_puts(s: Situation) -> Stack:
    """The block triggers of `s`'s block declaration that their controllers put on the stack (509.2a, 603.3b,
    :data:`~pysolver.model.abilities.PUT_EFFECTS`; ``put_block/3`` of ``#program block_triggers``), not yet
    put: "~ deals N damage to that creature" names the other creature of its event (509.3d; its `amount` N),
    "[you may] untap ~ and remove it from combat" its source (chosen as it is put: none for "you may", 603.5).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
    ...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1, "abilities": [
    ...                     "Whenever ~ blocks or becomes blocked by a creature, ~ deals 1 damage to that creature"]}],
    ...     "combat": {"attackers": {"x": "b"}}})
    >>> puts = block_puts(s.with_combat(blockers=(("y", "x"),)))
    >>> [(t.kind, t.source, t.target, t.amount, t.controller) for t in puts]
    [('on_block', 'y', 'x', 1, 'b')]
    """
    if not any(is_put(a) for p in s.permanents if not p.face_down for a in p.abilities):
        return ()
    found = sorted((sym.arguments[0].string, sym.arguments[1].number, sym.arguments[2].string)
                   for sym in _block_triggers(s) if sym.match("put_block", 3))
    out = []
    for p, j, b in found:
        e = cast(OnCombat, s.permanent(p).abilities[j].value)
        named = b if e.effect == "damage" or e.whom == "partner" else ""  # (509.3c: the attacker it removes)
        out.append(Trigger("on_block", p, named, _damage(e), s.permanent(p).controller,
                           (str(String(p)), str(j)), j))
    return tuple(out)


def _damage(e: object) -> int:
    """The damage an effect of the grammar deals (120.3), 0 for another."""
    return cast(OnCombat, e).amount if cast(OnCombat, e).effect == "damage" else 0


def _targeted_effect(s: Situation, t: Trigger) -> OnCombat:
    """The effect of attack trigger `t` (instance `t.ability` of its source's abilities)."""
    return cast(OnCombat, s.permanent(t.source).abilities[t.ability].value)


def _lasting(s: Situation, source: str) -> Situation:
    """`s` with `source` as it last existed on the battlefield (113.7a, 608.2b, 608.2h: the information a
    trigger whose source has left uses)."""
    if not s.permanent(source).left_battlefield:
        return s
    return replace(s, permanents=tuple(replace(p, left_battlefield=False) if p.id == source else p
                                       for p in s.permanents))


@lru_cache(maxsize=CACHED)
def _target_symbols(s: Situation, source: str, index: int) -> tuple[Symbol, ...]:
    """The model of ``#program trigger_targets`` for trigger instance `index` of `source`, its source as it last
    existed (608.2b, 608.2h)."""
    part = ("trigger_targets", [String(source), Number(index)])
    return tuple(one_model(control(PROGRAM, situation_facts(_lasting(s, source)), parts=("base", part))))


def trigger_targets(s: Situation, source: str, index: int) -> tuple[str, ...]:
    """The legal targets on `s` of trigger instance `index` of `source` (115.1, 115.4, 506.2, 702.11b,
    702.16b, 702.18a; ``#program trigger_targets``), its source as it last existed (608.2b)."""
    return tuple(sorted(sym.arguments[0].string for sym in _target_symbols(s, source, index)
                        if sym.match("trigger_target", 1)))


def _resolved_targeted(s: Situation, t: Trigger) -> Situation:
    """`s` after attack trigger `t` resolved (608.2): nothing with no target or one no longer legal
    (608.2b); else the target is tapped or untapped (701.26a, 701.26b), can't block this turn (509.1b),
    returned to its owner's hand (400.7), gets +X/+Y or a keyword until end of turn (613.4c, 613.1f), +1/+1
    counters (122.1a: mentor, 702.134a) or is dealt
    the damage (120.3, its source as it last existed, 608.2h: ``#program resolve_dies``); state-based actions are
    the caller's (704.3). An ability without a target (`t.target` its source if chosen: exerted, 701.43d, or "you
    may pay {E}", 603.5) acts through :func:`_named`."""
    e = _targeted_effect(s, t)
    if not t.target or (e.whom == "target" and t.target not in trigger_targets(s, t.source, t.ability)):
        return s
    paid = _paid(s, t.controller, e)  # "you may pay {cost}. If you do, …" (603.5): paid now (601.2h, 107.14)
    if paid is None:
        return s
    s = paid
    if e.whom != "target":
        return _named(s, t, e)
    if e.effect in ("damage", "damage_counters"):  # 608.2h: the counters on the source as it last existed
        n = e.amount if e.effect == "damage" else s.permanent(t.source).plus_counters
        return _dealt_by(s, "dies_damage", t.target, n, lki(_lasting(s, t.source), t.source)) if n else s
    if e.effect == "bounce_weaker" and not any(sym.match("weaker", 1) and sym.arguments[0].string == t.target
                                               for sym in _target_symbols(s, t.source, t.ability)):
        return s  # 608.2h: its power is not less than the source's as it resolves
    changed = {"tap": {"tapped": True}, "untap": {"tapped": False}, "cant_block": {"cant_block_this_turn": True},
               "bounce": {"left_battlefield": True}, "bounce_weaker": {"left_battlefield": True}}  # 400.7, 506.4

    def affected(p: Permanent) -> Permanent:
        if e.effect == "gets":
            return _pumped(p, e)
        if e.effect == "counters":  # 122.1a, 702.134a: mentor's +1/+1 counter
            return p.with_counters(1, 1, e.amount)
        if e.effect == "gains":
            return replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, e.keyword})))
        return replace(p, **changed[e.effect])  # type: ignore[arg-type]
    return replace(s, permanents=tuple(affected(p) if p.id == t.target else p for p in s.permanents))


def _pumped(p: Permanent, e: OnCombat) -> Permanent:
    """`p` with effect `e`'s +X/+Y until end of turn (613.4c), its keyword, if any (613.1f), and "can't be blocked by
    creatures with power N or less this turn" (509.1b, 611.2a: of several, the greatest N restricts)."""
    x, y = p.until_end_of_turn
    keywords = {*p.keywords_until_end_of_turn, e.keyword} - {""}
    evades = max((n for n in (p.cant_be_blocked_by_power_this_turn, e.evades) if n is not None), default=None)
    return replace(p, until_end_of_turn=(x + e.power, y + e.toughness),
                   keywords_until_end_of_turn=tuple(sorted(keywords)), cant_be_blocked_by_power_this_turn=evades)


def _paid(s: Situation, name: str, e: OnCombat) -> Situation | None:
    """`s` with the cost of "you may pay {cost}. If you do, …" paid by player `name` as it resolves (603.5): mana
    from what is left of the pool (601.2h), {E} by removing an energy counter each (107.14); None if they can't."""
    me = s.player(name)
    if (e.cost is not None and not pays(me.mana, me.spent + e.cost)) or me.energy < e.energy:
        return None
    if e.cost is None and not e.energy:
        return s
    return replace(s, players=tuple(replace(p, spent=p.spent + e.cost if e.cost else p.spent,
                                            energy=p.energy - e.energy) if p.name == name else p for p in s.players))


def _named(s: Situation, t: Trigger, e: OnCombat) -> Situation:
    """`s` after an attack trigger without a target resolved (:func:`_resolved_targeted`): "it" (its source, if
    still on the battlefield, 400.7) gets +X/+Y (and a keyword) until end of turn or +1/+1 counters (122.1a);
    "creatures you control" each creature its controller controls as it resolves gets +X/+Y (611.2c), or "all other
    creatures you control" untap (701.26b); "other attacking creatures get +X/+X, where X is ~'s power" (the
    attacking creatures as it resolves, 611.2c; its power then, 608.2h); its controller creates the tokens (111.1,
    111.2, 603.3a); "it deals N damage to each creature [without flying] defending player controls" (506.2: those of
    its defending player as it resolves; 120.3: one event, the source as it is or last existed, 608.2h)."""
    source = s.permanent(t.source)
    if e.effect == "create":
        return tokens.created(s, source.id, tokens.spec_of(source, t.ability), source.controller)
    if e.whom in DEFENDING_CREATURES:  # 506.2: its defending player's creatures as it resolves (608.2h), dealt
        # damage by the source as it is or last existed (120.3; protection prevents it, 702.16e)
        spec = "each_defending" + "_without_flying" * (e.whom == DEFENDING_CREATURES[1])
        that = f"that_player({String(_defending_player(s, source.id))})"
        known = tuple(sorted((*lki(_lasting(s, source.id), source.id), f"spec({spec})", that)))
        return _dealt_by(s, "dies_damage", source.id, e.amount, known)
    attacking = {a for a, _ in s.combat.attackers or ()}  # (506.4: still on the battlefield, in combat)
    reached = {source.id} if e.whom == "self" and not source.left_battlefield and source.is_creature else {
        p.id for p in s.permanents if p.is_creature and not p.left_battlefield and not (e.other and p.id == source.id)
        and ((e.whom == "you" and p.controller == source.controller)
             or (e.whom == "attacking" and p.id in attacking and not p.removed_from_combat))}
    if e.effect == "gets_power":  # 608.2h: X its power as it resolves, or as it last existed (107.1b: 0 if negative)
        x = power_in(lki(_lasting(s, source.id), source.id, power=True))
        e = replace(e, effect="gets", power=x, toughness=x)

    def affected(p: Permanent) -> Permanent:
        if e.effect == "untap":  # 701.26b
            return replace(p, tapped=False)
        return p.with_counters(1, 1, e.amount) if e.effect == "counters" else _pumped(p, e)
    return replace(s, permanents=tuple(affected(p) if p.id in reached else p for p in s.permanents))


def _defending_player(s: Situation, attacker: str) -> str:
    """The defending player of `attacker` (506.2): the player it attacks, the controller of the planeswalker or the
    protector of the battle it attacks."""
    attacked = dict(s.combat.attackers or ())[attacker]
    if attacked in {p.name for p in s.players}:
        return attacked
    p = s.permanent(attacked)
    return p.protector if "Battle" in p.types and p.protector else p.controller


def _resolved_put(s: Situation, t: Trigger) -> Situation:
    """`s` after block trigger `t` (:func:`block_puts`) resolved (608.2), before state-based actions: its
    source as it last existed (608.2h) deals N damage to the other creature if that is still on the
    battlefield (120.3, 400.7; protection prevents it, 702.16e); or, if it was chosen and the source is
    still on the battlefield, the source untaps (701.26b) and is removed from combat (506.4), or returns to its
    owner's hand (400.3: it leaves the battlefield, 506.4; it does not die, 700.4), or gets +X/-Y until end of
    turn (613.4c), or assigns no combat damage this turn (510.1a, 611.2a); or, if it was chosen, its controller
    gains N life (119.3, 603.5), the source there or not."""
    e = _targeted_effect(s, t)
    if e.whom in _DAMAGE_SPECS:  # 115.1: no target; 608.2h: the source as it last existed
        return _dealt_each(s, t, e)
    if not t.target or (s.permanent(t.target).left_battlefield and e.effect != "may_gain_life"):
        return s  # (608.2b: the life is gained with its source gone, 113.7a)
    if e.effect in ("power_damage_instead", "damage_prevent"):
        return _instead(s, t, e)
    if e.effect == "damage":
        return _dealt_by(s, "dies_damage", t.target, e.amount, lki(_lasting(s, t.source), t.source))
    if e.effect == "return_to_hand":
        return replace(s, permanents=tuple(replace(p, left_battlefield=True) if p.id == t.target else p
                                           for p in s.permanents))
    if e.effect == "may_gain_life":  # 119.3, 603.5: chosen (its source named), its controller gains N life
        gainer = s.permanent(t.source).controller
        return replace(s, players=tuple(replace(p, life=p.life + e.amount) if p.name == gainer else p
                                        for p in s.players))
    if e.effect == "may_assign_none":  # 510.1a, 611.2a: chosen, it assigns no combat damage this turn
        return replace(s, permanents=tuple(replace(p, assigns_no_combat_damage=True) if p.id == t.target else p
                                           for p in s.permanents))
    if e.effect == "lowers":  # 613.4c: +X/-Y until end of turn
        x, y = s.permanent(t.target).until_end_of_turn
        return replace(s, permanents=tuple(replace(p, until_end_of_turn=(x + e.power, y + e.toughness))
                                           if p.id == t.target else p for p in s.permanents))
    return replace(s, permanents=tuple(replace(p, tapped=False, removed_from_combat=True) if p.id == t.target else p
                                       for p in s.permanents))


# 120.3: the recipients of a block trigger's damage to more than one object (#program resolve_dies's spec/1)
_DAMAGE_SPECS = {"combatants": "each_combatant", "partner_and_controller": "that_creature_and_player"}


def _dealt_each(s: Situation, t: Trigger, e: OnCombat) -> Situation:
    """`s` after "~ deals N damage to each attacking creature and each blocking creature" (each creature in combat as
    it resolves, 506.4) or "~ deals N damage to that creature and N damage to that creature's controller" (`t.target`
    that creature, if still on the battlefield, 400.7, and its controller, as it last existed, 113.7a) resolved: one
    damage event (120.3) of its source as it is or last existed (608.2h); protection prevents it (702.16e)."""
    known = lki(_lasting(s, t.source), t.source)
    that = (f"that_player({String(s.permanent(t.target).controller)})",) if e.whom == "partner_and_controller" else ()
    return _dealt_by(s, "dies_damage", t.target, e.amount,
                     tuple(sorted((*known, f"spec({_DAMAGE_SPECS[e.whom]})", *that))))


def _instead(s: Situation, t: Trigger, e: OnCombat) -> Situation:
    """`s` after "you may have ~ deal damage equal to its power to target creature. If you do, ~ assigns no combat
    damage this turn" (`t`, its target chosen) resolved: nothing if its target is no longer legal (608.2b); else the
    source, as it is or as it last existed (608.2h, 113.7a; 107.1b: a negative power deals none, 120.8), deals that
    damage to it (120.3) and, the choice made (118.12), assigns no combat damage this turn (510.1a, 611.2a) if it
    is still on the battlefield; "… deal N damage …. If you do, prevent all combat damage ~ would deal this turn"
    (`e` ``damage_prevent``): N damage, and that prevention effect on it for the turn (615.1a)."""
    if t.target not in trigger_targets(s, t.source, t.ability):
        return s
    known = lki(_lasting(s, t.source), t.source, power=e.effect == "power_damage_instead")
    amount = power_in(known) if e.effect == "power_damage_instead" else e.amount
    after = _dealt_by(s, "dies_damage", t.target, amount, known) if amount else s

    def quiet(p: Permanent) -> Permanent:
        if e.effect == "power_damage_instead":
            return replace(p, assigns_no_combat_damage=True)
        return replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn,
                                                                   "prevent_combat_damage_by"})))
    return replace(after, permanents=tuple(quiet(p) if p.id == t.source and not p.left_battlefield else p
                                           for p in after.permanents))


def power_in(known: tuple[str, ...]) -> int:
    """The power in a source's information (``power(N)``, :func:`lki`), 0 if it is negative (107.1b) or if it
    has none (208.3: a noncreature permanent, an artifact's "damage equal to its power" deals none).

    >>> power_in(("has(lifelink)", "power(-1)")), power_in(("power(3)",)), power_in(('controller("a")',))
    (0, 3, 0)
    """
    return max(0, next((int(x[6:-1]) for x in known if x.startswith("power(")), 0))


def provoked(s: Situation, t: Trigger) -> Situation:
    """`s` after provoke trigger `t` resolved (702.39a): its target untaps and blocks `t.source` this
    combat if able (``combat.provoked``, 509.1c); nothing if it chose no target or its target is no
    longer legal (608.2b)."""
    if not t.target or t.target not in provoke_targets(s, t.source):
        return s
    permanents = tuple(replace(p, tapped=False) if p.id == t.target else p for p in s.permanents)
    combat = replace(s.combat, provoked=tuple(sorted((*s.combat.provoked, (t.target, t.source)))))
    return replace(s, permanents=permanents, combat=combat)


@lru_cache(maxsize=CACHED)
def lki(s: Situation, source: str, power: bool = False) -> tuple[str, ...]:
    """The information of `source` on `s` that its damage uses (113.7a, 608.2h: as it last existed on
    the battlefield, for a source sacrificed to pay the cost): its controller, deathtouch, lifelink,
    wither, infect (``#program dies`` of ``encodings/triggers.lp``) and the qualities protection reads
    (702.16b, 702.16e); with `power`, its power too (``power(N)``: "damage equal to its power")."""
    facts = [atom("dealing", source)] + ([atom("dealing_power", source)] if power else [])
    found = one_state_answer(DEATHS, s, ("base", "dies"), program(facts))
    return tuple(sorted(str(sym.arguments[1]) for sym in found
                        if sym.match("lki", 2) and sym.arguments[0].string == source))


def _with_lki(s: Situation, lki: tuple[str, ...]) -> str:
    """The facts of `s` with the last known information of a trigger's source (608.2h)."""
    return situation_facts(s) + "\n" + program([atom("source_lki", parse_term(x)) for x in lki])


def _dealt(s: Situation, t: Trigger) -> Situation:
    """`s` after death trigger `t` dealt its damage (``#program resolve_dies``: 120.3, 702.15b,
    704.5h; nothing if its target is no longer legal, 608.2b)."""
    known = t.lki
    if t.kind == "other_dies_damage" and any(p.id == t.source and not p.left_battlefield for p in s.permanents):
        # 608.2h: a source still on the battlefield deals it with its current information
        known = tuple(sorted(lki(s, t.source) + tuple(x for x in t.lki if x.startswith("spec("))))
    return _dealt_by(s, t.kind, t.target, t.amount, known)


def _dealt_by(s: Situation, kind: str, target: str, amount: int, lki: tuple[str, ...]) -> Situation:
    """:func:`_dealt` by what it depends on; the damage it dealt is reported (120.3, 603.2:
    :mod:`pysolver.rules.damage_log`)."""
    after, recipients = _damage_by(s, kind, target, amount, lki)
    damage_log.dealt(recipients)
    return after


@lru_cache(maxsize=CACHED)
def _damage_by(s: Situation, kind: str, target: str, amount: int,
               lki: tuple[str, ...]) -> tuple[Situation, damage_log.Dealt]:
    """:func:`_dealt_by`, cached (other orders of the stack reach the same states), with the damage dealt."""
    part = ("resolve_dies", [Function(kind), String(target), Number(amount)])
    shown: dict[str, dict[str, int]] = {}
    destroyed = set()
    lki_facts = program([atom("source_lki", parse_term(x)) for x in lki])
    for sym in one_state_answer(DEATHS, s, ("base", "dies_targets", part), lki_facts):  # (one program per board)
        if sym.match("resolved_destroyed", 1):
            destroyed.add(sym.arguments[0].string)
        elif len(sym.arguments) == 1:  # 701.26a, 701.26b: tapped, untapped
            shown.setdefault(sym.name, {})[sym.arguments[0].string] = 0
        else:
            shown.setdefault(sym.name, {})[sym.arguments[0].string] = sym.arguments[1].number
    life, poison = shown.get("life_change", {}), shown.get("poison_change", {})
    damage, counters = shown.get("resolved_damage", {}), shown.get("resolved_counters", {})
    plus, pump = shown.get("resolved_plus_counters", {}), shown.get("resolved_pump", {})
    tapped = {pid: True for pid in shown.get("resolved_tapped", {})}
    tapped |= {pid: False for pid in shown.get("resolved_untapped", {})}
    loyalty, defense = shown.get("resolved_loyalty", {}), shown.get("resolved_defense", {})
    shields = shown.get("resolved_shield", {})  # 615.7
    players = tuple(replace(p, life=p.life + life.get(p.name, 0), poison=p.poison + poison.get(p.name, 0),
                            prevention_shield=shields.get(p.name, p.prevention_shield))
                    for p in s.players)
    # 701.19a: a creature with a regeneration shield that deathtouch damage would destroy is regenerated
    # (701.19c: not one that can't be regenerated, nor one "destroy all …, they can't be regenerated" destroys)
    saved = {x for x in destroyed if s.permanent(x).regenerates and kind != "dies_destroy_all"}
    permanents = tuple(replace(p, damage=damage.get(p.id, p.damage), loyalty=loyalty.get(p.id, p.loyalty),
                               defense=defense.get(p.id, p.defense),
                               left_battlefield=p.left_battlefield or p.id in destroyed - saved,
                               tapped=tapped.get(p.id, p.tapped),
                               prevention_shield=shields.get(p.id, p.prevention_shield),
                               until_end_of_turn=(p.until_end_of_turn[0] + pump.get(p.id, 0),
                                                  p.until_end_of_turn[1] + pump.get(p.id, 0)))
                       .with_counters(-1, -1, counters.get(p.id, 0)).with_counters(1, 1, plus.get(p.id, 0))
                       for p in s.permanents)
    recipients = tuple(sorted(shown.get("dealt_to", {}).items()))
    return replace(s, players=players, permanents=tuple(regenerate(s, p) if p.id in saved else p
                                                        for p in permanents)), recipients


def orders(stack: Stack) -> list[Stack]:
    """Each distinct order the active player may put `stack` on the stack in (603.3b), as the
    order they resolve in: abilities with the same effect are interchangeable.

    >>> a, b = Trigger("afflict", "x", "bob", 1), Trigger("afflict", "y", "bob", 1)
    >>> orders((a, b, Trigger("afflict", "z", "bob", 2)))  # doctest: +ELLIPSIS
    [(Trigger(kind='afflict', source='x', ...), Trigger(..., amount=1), Trigger(..., amount=2)), ...]
    >>> len(_)
    3
    """
    if not stack:
        return [()]
    out: list[Stack] = []
    seen: set[tuple[str, str, int]] = set()
    for i, t in enumerate(stack):
        if t.effect not in seen:
            seen.add(t.effect)
            out += [(t, *rest) for rest in orders(stack[:i] + stack[i + 1:])]
    return out


def _read(symbols: list[Symbol]) -> tuple[Effects, Stack]:
    """What a model of ``encodings/triggers.lp`` resolves at once (pump/3, counter/4, grants/2, taps/1,
    unblockable/1, barred/1, untaps/1, life_gain/2, prevents_all_combat_damage/0) and the abilities it puts on
    the stack (stacked/1)."""
    effects = Effects()
    stack: list[Trigger] = []
    for sym in symbols:
        if sym.match("prevents_all_combat_damage", 0):  # 615.1a
            effects.fog = True
            continue
        if sym.match("stacked", 1):
            t = sym.arguments[0]
            args = [value(a) for a in t.arguments]
            if t.name == CREATE:  # 111.1: which ability of its source (pysolver.rules.tokens)
                stack.append(Trigger(CREATE, str(args[0]), "", 0, ability=t.arguments[1].number))
                continue
            target = str(args[1]) if t.name in ("flanking", "afflict", "attacks_loss", "blocked_destroy",
                                                "poisons", "assigns_none_loss", "shrink_defending") else ""
            amount = next((x for x in args[1:-1] if isinstance(x, int)), 0)
            stack.append(Trigger(t.name, str(args[0]), target, amount))
            continue
        pid, *numbers = [value(a) for a in sym.arguments]
        n = [x for x in numbers if isinstance(x, int)]
        if sym.match("pump", 3):
            effects.pumps[str(pid)] = (n[0], n[1])
        elif sym.match("counter", 4):
            effects.counters.setdefault(str(pid), []).append((n[0], n[1], n[2]))
        elif sym.match("grants", 2):
            effects.keywords.setdefault(str(pid), set()).add(sym.arguments[1].name)
        elif sym.match("taps", 1):
            effects.tapped.add(str(pid))
        elif sym.match("unblockable", 1):
            effects.unblockable.add(str(pid))
        elif sym.match("barred", 1):
            effects.barred.add(str(pid))
        elif sym.match("untaps", 1):
            effects.untapped.add(str(pid))
        elif sym.match("life_gain", 2):
            effects.life[str(pid)] = n[0]
        elif sym.match("recolors", 2):  # 105.3, 613.1e
            effects.colors[str(pid)] = (sym.arguments[1].name,)
    return effects, tuple(sorted(stack, key=lambda t: (t.kind, t.source, t.target, t.amount)))


@dataclass
class Effects:
    """What abilities resolved at once do: +X/+Y (613.4c) and keywords (613.1f) until end of turn, +1/+1
    counters put on (122.1a, (+X, +Y, how many)), permanents tapped (701.26a), untapped (701.26b), made
    unblockable this combat or unable to block this turn (509.1b), each player's life changed (119.3) and poison
    counters got (122.1f), all combat damage prevented this turn (615.1a)."""

    pumps: dict[str, tuple[int, int]] = field(default_factory=dict)
    counters: Counters = field(default_factory=dict)
    keywords: dict[str, set[str]] = field(default_factory=dict)
    tapped: set[str] = field(default_factory=set)
    unblockable: set[str] = field(default_factory=set)
    barred: set[str] = field(default_factory=set)  # 509.1b: can't block this turn
    untapped: set[str] = field(default_factory=set)  # 701.26b
    life: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    fog: bool = False  # 615.1a: all combat damage prevented this turn
    colors: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 105.3, 613.1e: its colors from now on


def _applied(s: Situation, e: Effects) -> Situation:
    """`s` with the effects `e` applied."""
    if not (e.pumps or e.counters or e.keywords or e.tapped or e.unblockable or e.barred or e.untapped
            or any(e.life.values()) or any(e.poison.values()) or e.fog or e.colors):
        return s
    players = tuple(replace(p, life=p.life + e.life.get(p.name, 0), poison=p.poison + e.poison.get(p.name, 0))
                    for p in s.players)
    combat = replace(s.combat, combat_damage_prevented=True) if e.fog else s.combat  # 615.1a
    return replace(s, players=players, permanents=tuple(_after(p, e) for p in s.permanents), combat=combat)


def _after(p: Permanent, e: Effects) -> Permanent:
    """A permanent with its pump added to its until-end-of-turn change (613.4c), its counters (+X/+Y kind,
    how many) put on (122.1a), its keywords given until end of turn (613.1f), tapped (701.26a), unblockable
    this combat (509.1b), unable to block this turn (509.1b) and untapped (701.26b) as `e` says."""
    pump = e.pumps.get(p.id, (0, 0))
    if pump != (0, 0):
        x, y = p.until_end_of_turn
        p = replace(p, until_end_of_turn=(x + pump[0], y + pump[1]))
    for dp, dt, n in e.counters.get(p.id, []):
        p = p.with_counters(dp, dt, n)
    if p.id in e.keywords:
        p = replace(p, keywords_until_end_of_turn=tuple(sorted({*p.keywords_until_end_of_turn, *e.keywords[p.id]})))
    if p.id in e.tapped:
        p = replace(p, tapped=True)
    if p.id in e.unblockable:
        p = replace(p, cant_be_blocked_this_turn=True)
    if p.id in e.barred:
        p = replace(p, cant_block_this_turn=True)
    if p.id in e.untapped:
        p = replace(p, tapped=False)
    if p.id in e.colors:  # 105.3, 613.1e: its colors from now on (the loader refuses a face-down one, 708.2a)
        p = replace(p, colors=e.colors[p.id])
    return p
