"""Every distinct end-of-combat result (docs/results.md `outcomes`), by brute force.

Plain Python, independent of the ASP encodings and of ``pysolver.rules.combat``/``outcomes``. The
rest of the combat is played out in every possible way, one stage after the other (506.1):

* beginning of combat (507.2, only if attackers are not declared yet): a priority window;
* declare attackers (508.1, :func:`reference.declarations.reference_attacks`), the abilities that
  triggered resolved (508.2a, :mod:`reference.triggers`), then its window;
* declare blockers (509.1, :func:`reference.declarations.reference_blocks`), its triggers resolved
  (509.2a), then its window
  (508.8: no attackers, no declare blockers and no combat damage steps);
* the combat damage steps (510, :func:`reference.damage.step_assignments` for every
  assignment), with the window between the first-strike and the regular step (510.3, 510.4).

In each window every player may turn any of their face-down creatures face up (116.2b) each way
it has (:mod:`reference.facedown`): for a morph, megamorph or disguise cost (702.37e, 702.168d), or
a manifested or cloaked creature card for its mana cost (701.40b, 701.58b), paying from what is
left of their `mana` (the pool is shared across the combat): every colored and {C} symbol with
exactly that mana, every generic one with any mana; each way of paying is tried. A megamorph cost
puts a +1/+1 counter on it (702.37b; its mana cost does not); damage marked stays (120.6) and
state-based actions follow (704.3). A creature with a "when ~ is turned face up" trigger is turned face up
one at a time, its triggers then put on the stack with their targets (708.8, 603.3d,
:mod:`reference.window_triggers`) and resolving when both pass (any other action in between, 117.3c).

In each window every player may also activate the abilities of :mod:`reference.activated` (targets,
hexproof, shroud, ward), and the pump abilities ("{cost}: ~ gets +X/+Y until end
of turn", "{cost}: Creatures you control get +X/+Y …") of their face-up permanents on the
battlefield (602.2, 708.2a), any number of times, each paid from what is left of their `mana` (any
way of paying) and resolving before the next action (608.2): the creature itself, if still there,
or every creature its controller controls then (608.2h) gets +X/+Y (613.4c), and state-based
actions follow (704.3). A window with pump abilities on the board is played one action at a time
(every face-up turn and every activation, in every order) until nobody acts any more.

Each combat damage step deals the damage of each legal assignment (510.2) and then applies the
state-based actions (704.3). Damage from a source with wither or infect to a creature is -1/-1
counters (120.3d), from a source with infect to a player poison counters (120.3b), and a creature
with toxic gives its total toxic value in poison counters too (702.164c); damage to a creature with
"If damage would be dealt to ~, put that many -1/-1 counters on it instead" is not dealt but that many
-1/-1 counters (614.1a, 615.5; beside another prevention effect either first, 616.1); ten poison counters lose
the game (704.5c). A creature with persist or undying that dies returns (702.79a, 702.93a) unless
the counter it looks back at is on it (603.10a), as a new object out of combat (400.7, 506.4),
on the battlefield as ``ID/returned``: its controller may still activate its abilities, and if it
dies again it stays dead (it has the counter). Creatures that died with a death trigger (603.10a,
:mod:`reference.deaths`) have them put on the stack in every way (APNAP, each player's order and
targets, 603.3b, 603.3d) and resolved one at a time with a window before each (the window between
the steps, or after the regular step), state-based actions after each; the creatures they kill
trigger in turn. So are the combat-damage triggers of the step (510.3a, :mod:`reference.hits`), with
the death triggers. A player at 0 or less life after the first-strike step has lost
(104.3b, 704.5a) and the combat, as far as outcomes go, ends there (docs/results.md).

The search is a plain recursion over complete states, remembered so that a state reached
twice is explored once (slow is fine, wrong is not).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b", "life": 3}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3}]})
>>> sorted((o["life"]["b"], o["lost"]) for o in reference_outcomes(s))
[(0, ['b']), (3, [])]
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, replace

from pysolver.model import Permanent, Situation
from pysolver.model.abilities import Cost
from pysolver.model.mana import HYBRID, Mana

from .activated import actions as activated_actions
from .activated import has_abilities as has_activated
from .activated import prohibited, resolve_activated
from .activated import pushes as stacked_pushes
from .characteristics import (
    Characteristics,
    battlefield,
    characteristics,
    field_of,
    left_battlefield,
    state_based_action,
    zones,
)
from .damage import Assignment, Triple, combat_now, fast, next_step, step_assignments
from .dealt import events_of, recording, resolve_dealt
from .dealt import targets as dealt_targets
from .dealt import triggered as dealt_triggered
from .deaths import put_sequences, resolve_death, triggered
from .declarations import has_quality, reference_attacks, reference_blocks
from .doubled import doubled, floored
from .end_of_combat import ended
from .facedown import ways
from .hits import resolve_hit
from .hits import triggered as hit_triggers
from .partial import partly_prevented
from .pingers import pushes as ping_pushes
from .provoke import resolve_provoke
from .shields import prevented, regenerated, saved, shield_uses
from .statics import bonus_toughness
from .tokens import canonical_ids, enters_tapped
from .triggers import (
    attack_stacked,
    attack_stacks,
    attack_triggers,
    block_triggers,
    destroyed_by,
    put_orders,
    resolve,
    resolve_put,
    resolve_targeted,
    stacked,
)
from .window_triggers import resolve_window
from .window_triggers import targets as window_targets
from .window_triggers import triggered as window_triggered

POOL_KEYS = ("W", "U", "B", "R", "G", "colorless")


class Outcome(dict):
    """A canonical outcome (docs/results.md, without `line`): a dict that can be put in a set."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(canonical(self))

    def __eq__(self, other: object) -> bool:  # equal tokens' ids permuted are one outcome (reference.tokens)
        return isinstance(other, dict) and canonical(self) == canonical(other)


def canonical(outcome: dict) -> str:
    """A comparable form of an outcome dict (its `line`, if any, left out; equal tokens' ids in one order,
    :func:`reference.tokens.canonical_ids`)."""
    outcome = canonical_ids(outcome)
    keys = ("life", "lost", "destroyed", "damage", "loyalty", "defense")
    optional = {"poison": {}, "minus_counters": {}, "returned": []}  # present only when not empty
    return json.dumps({**{k: outcome[k] for k in keys}, **{k: outcome.get(k, v) for k, v in optional.items()}},
                      sort_keys=True)


@dataclass(frozen=True)
class State:
    """A moment of the combat: the situation as it now is (life, damage, loyalty, defense,
    face-down or not, counters; each player's `mana` is what they have left), the permanents
    that left the battlefield, and who had first strike or double strike as the first-strike
    step began (510.4; None before it)."""

    s: Situation
    gone: frozenset[str]
    first_strikers: frozenset[str] | None = None
    returned: frozenset[str] = frozenset()  # died and returned by persist/undying (702.79a, 702.93a)
    over: bool = False  # a player lost to an activated ability's damage (704.5a, 704.5c; reference.pingers)

    def field(self) -> dict[str, Characteristics]:
        return field_of(self.s, self.gone)


# ==== Turning face up (116.2b, 702.37e) ===================================================

def pay(pool: Mana, cost: Mana) -> set[Mana]:
    """Every pool left after paying `cost` from `pool` (107.4, 601.2h): each colored and {C}
    symbol with one mana of exactly that kind, each hybrid one with one mana of either of its two
    colors (107.4e: each choice tried), each generic one with any one mana."""
    for h in HYBRID:
        if getattr(cost, h):  # one {X/Y} paid as {X} or as {Y}, the rest in turn
            rest = replace(cost, **{h: getattr(cost, h) - 1})
            return pay(pool, rest + Mana(**{h[0]: 1})) | pay(pool, rest + Mana(**{h[1]: 1}))
    have = [getattr(pool, k) for k in POOL_KEYS]
    need = [getattr(cost, k) for k in POOL_KEYS]
    rest = [h - n for h, n in zip(have, need)]
    if min(rest) < 0:
        return set()
    out = set()
    for taken in itertools.product(*(range(r + 1) for r in rest)):
        if sum(taken) == cost.generic:
            out.add(Mana(*(r - t for r, t in zip(rest, taken))))
    return out


def checked(state: State, last_known: dict[str, Characteristics] | None = None) -> State:
    """704.3: the state-based actions of docs/situation.md (704.5f/g/i/v) performed and checked again
    until none applies (a static ability's source that left ends its effects, 611.3b; a creature
    regenerated is removed from combat, 506.4); a creature lethal damage would destroy with a
    regeneration shield is regenerated instead (701.19a). `last_known` gets the characteristics of
    those that leave, as they last existed (603.10a)."""
    while True:
        field = state.field()
        found, saving = set(), set()
        for pid, c in field.items():
            rule = state_based_action(c)
            if rule == "704.5g" and saved(state.s.permanent(pid), c):
                saving.add(pid)
            elif rule is not None:
                found.add(pid)
        if not found and not saving:
            return state
        if last_known is not None:
            last_known |= {pid: field[pid] for pid in found}
        permanents = tuple(regenerated(state.s, p) if p.id in saving else p for p in state.s.permanents)
        state = replace(state, s=replace(state.s, permanents=permanents), gone=state.gone | frozenset(found))


def after_costs(before: State, after: State) -> tuple[State, list]:
    """`after`, an ability's costs paid from `before` (602.2b, 601.2h; :func:`costs_paid`), with the
    state-based actions performed before its controller receives priority (117.3c, 704.3): a creature sacrificed
    (701.21a) may have counted for a characteristic-defining ability (604.3) or been a lord's source
    (611.3b), leaving another at lethal damage or 0 toughness (704.5f, 704.5g). The sacrificed
    creature and those the state-based actions put into the graveyard die (700.4): their death
    triggers (603.10a, as each last existed), put on the stack then (603.3b)."""
    last_known = after.field()
    settled = checked(after, last_known)
    sacrificed = set(after.gone - before.gone)
    return settled, (triggered(before.field(), sacrificed)
                     + triggered(last_known, set(settled.gone - after.gone)))


def settle(state: State) -> State:
    """704.3: the state-based actions before any damage step (:func:`checked`)."""
    return checked(state)


def face_up_options(state: State) -> set[State]:
    """Every state after a priority window: each set of face-down permanents (each player's own)
    turned face up, each one way (:func:`reference.facedown.ways`), each way of paying their costs;
    the empty set included."""
    turnable = [p for p in state.s.permanents if p.id not in state.gone and ways(p)]
    results = set()
    for n in range(len(turnable) + 1):
        for chosen in itertools.combinations(turnable, n):
            for how in itertools.product(*(ways(p) for p in chosen)):
                pools = [{p.name: p.mana for p in state.s.players}]
                for p, (_, cost, _) in zip(chosen, how):
                    pools = [{**pool, p.controller: left} for pool in pools for left in pay(pool[p.controller], cost)]
                counter = {p.id: plus for p, (_, _, plus) in zip(chosen, how)}
                for pool in pools:
                    players = tuple(replace(pl, mana=pool[pl.name]) for pl in state.s.players)
                    permanents = tuple(replace(p, face_down=False).with_counters(1, 1, counter[p.id])  # 702.37b
                                       if p.id in counter else p for p in state.s.permanents)
                    results.add(settle(replace(state, s=replace(state.s, players=players, permanents=permanents))))
    return results


# ==== Pump abilities (602.2, 608.2, 613.4c) ===============================================

PUMP_KINDS = ("pump", "team_pump", "regenerate", "monstrosity")


def pumps(p: Permanent) -> list[tuple[str, int, int, Mana]]:
    """(kind, X, Y, cost) of each pump ability of the face-up side (602.1), and of each "{cost}:
    Regenerate ~" (701.19a; X = Y = 0) and "{cost}: Monstrosity N" (701.37a; X = Y = N)."""
    return [(a.kind, a.value.power, a.value.toughness, a.value.cost)  # type: ignore[attr-defined]
            for a in p.abilities if a.kind in PUMP_KINDS]


# an activated pump on the stack: (controller, source, kind, (X, Y, N +1/+1 counters, "can't be blocked this
# turn", "return ~ to its owner's hand", "exile ~ … until the next end step", "untap ~", "… Tap ~", the colors it
# becomes or None, 105.3, "can attack this turn as though it didn't have defender", 702.3b), the keywords it gives:
# 613.1f) -- five items, which tells it from the triggers on reference.minimax's stack
Pending = tuple[str, str, str, tuple[int, int, int, bool, bool, bool, bool, bool, tuple[str, ...] | None, bool],
                tuple[str, ...]]


def resolve_paid(s: Situation, gone: frozenset[str], t: tuple) -> list[tuple[Situation, set[str]]]:
    """608.2: combat-damage trigger `t` resolving on `s` (reference.hits), each way: one paid as it resolves
    (118.12, 603.5: a seventh item, its mana cost) is declined (nothing happens) or paid from what is left of its
    controller's mana (601.2h, each way) and then acts."""
    if len(t) == 6:
        return [resolve_hit(s, gone, t)]
    controller, cost = t[5], t[6]
    return [(s, set())] + [resolve_hit(replace(s, players=tuple(replace(pl, mana=left) if pl.name == controller
                                                                else pl for pl in s.players)), gone, t)
                           for left in sorted(pay(s.player(controller).mana, cost), key=str)]


def paid(state: State, controller: str, cost: Mana) -> set[State]:
    """Every state after `controller` pays `cost` from what is left of their mana (601.2h)."""
    return {replace(state, s=replace(state.s, players=tuple(replace(pl, mana=left) if pl.name == controller else pl
                                                            for pl in state.s.players)))
            for left in pay(state.s.player(controller).mana, cost)}


def activations_of(state: State, players: set[str]) -> list[tuple[State, Pending]]:
    """Each activation `players` can make now (602.2: a face-up permanent they control on the
    battlefield, 708.2a; 602.5b: fewer times this turn than its limit, if it has one), each way of
    paying (:func:`costs_paid`): the state after paying (and counting it, 602.5b), and the pump on the
    stack."""
    out = []
    for p in state.s.permanents:
        if p.id not in state.gone and not p.face_down and p.controller in players and not prohibited(state, p):
            for i, a in enumerate(a for a in p.abilities if a.kind in PUMP_KINDS):  # (602.5: prohibited)
                pump = a.value
                limit = pump.limit  # type: ignore[attr-defined]
                done = p.activations_this_turn[i] if i < len(p.activations_this_turn) else 0
                if limit is not None and done >= limit:
                    continue
                if len(graveyard_types(state, p.controller)) < pump.graveyard_types:  # type: ignore[attr-defined]
                    continue  # 602.5: "activate only if there are N or more card types among cards in your graveyard"
                counted = state if limit is None else _counted(state, p.id, i)
                effect = (pump.power, pump.toughness, pump.counters, pump.unblockable, pump.to_hand,  # type: ignore[attr-defined]
                          pump.exiled, pump.untap, pump.tap, pump.colors, pump.despite_defender)  # type: ignore[attr-defined]
                out += [(after, (p.controller, p.id, a.kind, effect, pump.keywords))  # type: ignore[attr-defined]
                        for after in costs_paid(counted, p, pump.full_cost)]  # type: ignore[attr-defined]
    return out


def graveyard_types(state: State, player: str) -> set[str]:
    """205.2a, 404.1: the card types among the cards in `player`'s graveyard: those stated, and those of each card
    they own that has left the battlefield (700.4; a token is no card, 111.7; one returned is back, 400.7)."""
    back = {q.id.removesuffix(RETURNED) for q in state.s.permanents if q.id.endswith(RETURNED)}
    return set(state.s.player(player).graveyard_types or ()) | {
        t.lower() for q in state.s.permanents if q.id in state.gone and q.id not in back and not q.token
        and (q.owner or q.controller) == player for t in q.types}


def costs_paid(state: State, p: Permanent, cost: Cost) -> set[State]:
    """Every state after paying the whole `cost` of an activated ability of `p` (602.2b, 601.2h), each way:
    the mana (each way of paying it), N life if its controller has N or more (119.4), N cards from a hand
    of N or more (701.9), {T} if the source is untapped and not summoning sick without haste (602.5a,
    302.6), the source sacrificed (701.21a), N +1/+1 counters removed from a source that has them
    (122.1a, 118.3), N counters of a name removed from a source that has them (122.1, 118.3), and each
    choice of the permanents of its controller a "sacrifice"/"tap an untapped" part names (of that card type,
    creature type — every one with changeling, 702.73a — or land type; not the source for "another"; untapped
    for a tap, 508.1f). A sacrifice is followed by the state-based actions (704.3); a player at 0 or less life
    has lost (704.5a: checked before the ability resolves, 117.5): the state is over."""
    from .activated import is_tapped

    extra = cost
    field = state.field()
    me = state.s.player(p.controller)
    if me.life < extra.life or (me.hand or 0) < extra.discard or me.energy < extra.energy:  # 107.14: energy
        return set()
    if extra.exile and zones(state.s, set(state.gone)).get((me.name, "graveyard"), 0) - me.exiled < extra.exile:
        return set()  # 406.1: the cards in the graveyard (404.1), less those exiled for costs before
    if sum(n for dp, dt, n in p.pt_counters if (dp, dt) == (1, 1)) < extra.remove_counters:
        return set()
    name, removed = extra.remove_named or ("", 0)
    if dict(p.named_counters).get(name, 0) < removed:  # 122.1, 118.3
        return set()
    c = field[p.id]
    if extra.tap and (is_tapped(state, p, field) or (c.is_creature and p.summoning_sick and not c.has("haste"))):
        return set()

    def kind_of(x: Characteristics, what: tuple[str, str]) -> bool:
        kind, word = what
        if kind == "type":
            return word.lower() in x.types
        if kind == "creature_type":  # each of its words a creature type the permanent has (205.3m)
            return all(w in x.subtypes for w in word.split()) and (x.is_creature or "kindred" in x.types)
        return word in x.subtypes

    def chosen(fodder, untapped: bool) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
        if fodder is None:
            return [()]
        ids = sorted(x for x, xc in field.items() if xc.controller == p.controller and kind_of(xc, fodder.what)
                     and not (fodder.other and x == p.id)
                     and not (untapped and is_tapped(state, state.s.permanent(x), field)))
        return list(itertools.combinations(ids, fodder.count))

    out = set()
    for sacrificed in chosen(extra.sacrifice, False):
        for tapping in chosen(extra.tap_untapped, True):
            gone = set(sacrificed) | ({p.id} if extra.sacrifice_self else set())
            tapped = set(tapping) | ({p.id} if extra.tap else set())
            players = tuple(replace(pl, life=pl.life - extra.life, energy=pl.energy - extra.energy,
                                    hand=None if pl.hand is None else pl.hand - extra.discard,
                                    exiled=pl.exiled + extra.exile)
                            if pl.name == p.controller else pl for pl in state.s.players)
            permanents = tuple(replace(q, tapped=q.tapped or q.id in tapped, left_battlefield=q.left_battlefield
                                       or q.id in gone) for q in state.s.permanents)
            permanents = tuple(_less(q, extra.remove_counters) if q.id == p.id else q for q in permanents)
            permanents = tuple(_fewer(q, name, removed) if q.id == p.id else q for q in permanents)
            after = replace(state, s=replace(state.s, players=players, permanents=permanents),
                            gone=state.gone | frozenset(gone))
            after = settle(after) if gone or extra.remove_counters else after
            for done in paid(after, p.controller, extra.mana):
                lost = any(pl.life <= 0 for pl in done.s.players)  # 704.5a
                out.add(replace(done, over=True) if lost else done)
    return out


def _less(q: Permanent, n: int) -> Permanent:
    """122.1a: `q` with `n` fewer +1/+1 counters."""
    counts = {(dp, dt): k for dp, dt, k in q.pt_counters}
    counts[1, 1] = counts.get((1, 1), 0) - n
    return replace(q, pt_counters=tuple(sorted((dp, dt, k) for (dp, dt), k in counts.items() if k)))


def _fewer(q: Permanent, name: str, n: int) -> Permanent:
    """122.1: `q` with `n` fewer counters named `name` (none of it left: no entry)."""
    counts = {**dict(q.named_counters), name: dict(q.named_counters).get(name, 0) - n}
    return replace(q, named_counters=tuple(sorted((k, m) for k, m in counts.items() if m)))


def _counted(state: State, pid: str, index: int) -> State:
    """`state` with one more activation this turn of pump ability `index` of `pid` (602.5b)."""
    def more(p: Permanent) -> Permanent:
        counts = list(p.activations_this_turn) + [0] * (index + 1 - len(p.activations_this_turn))
        counts[index] += 1
        return replace(p, activations_this_turn=tuple(counts))
    return replace(state, s=replace(state.s, permanents=tuple(more(p) if p.id == pid else p
                                                              for p in state.s.permanents)))


def resolve_pump(state: State, pending: Pending) -> State:
    """A pump resolving (608.2), then 704.3: its source gets +X/+Y and its keywords (613.1f) if still
    on the battlefield, or every creature its controller controls now does (608.2h). An attacking
    creature given vigilance it did not have stays tapped (508.1f, 702.20b). The source also gets its
    +1/+1 counters (122.6), can't be blocked this turn (509.1b), may attack this turn though it has defender
    (702.3b), is untapped (701.26b) or tapped (701.26a), takes its new colors
    (105.3: they replace the old ones; the latest resolved wins, 613.7), or is returned to
    its owner's hand or exiled until the next end step: it leaves the battlefield (400.7, 506.4), without
    dying (700.4), and a hand, if stated, holds one more card (402.1)."""
    controller, source, kind, (x, y, counters, unblockable, to_hand, exiled, untap, tap, colors, despite), keywords = \
        pending
    field = state.field()
    if kind == "regenerate":  # 701.19a: a regeneration shield, if it is still on the battlefield
        return replace(state, s=replace(state.s, permanents=tuple(
            replace(q, regeneration_shields=q.regeneration_shields + 1) if q.id == source and q.id in field else q
            for q in state.s.permanents)))
    if kind == "monstrosity":  # 701.37a: N +1/+1 counters if it is still there and isn't monstrous
        return replace(state, s=replace(state.s, permanents=tuple(
            replace(q, monstrous=True).with_counters(1, 1, x) if q.id == source and q.id in field and not q.monstrous
            else q for q in state.s.permanents)))

    def gets(q: Permanent) -> bool:
        if kind == "pump":
            return q.id == source and q.id in field
        return q.id in field and field[q.id].is_creature and q.controller == controller

    attacking = {a for a, _ in state.s.combat.attackers or ()}

    def given(q: Permanent) -> Permanent:
        tapped = q.tapped or ("vigilance" in keywords and q.id in attacking and not field[q.id].has("vigilance"))
        tapped = tapped and not untap or tap  # 701.26b; 701.26a: "… Tap ~"
        q = replace(q, until_end_of_turn=(q.until_end_of_turn[0] + x, q.until_end_of_turn[1] + y), tapped=tapped,
                    keywords_until_end_of_turn=tuple(sorted({*q.keywords_until_end_of_turn, *keywords})),
                    cant_be_blocked_this_turn=q.cant_be_blocked_this_turn or unblockable)
        if colors is not None:  # 105.3: the new colors replace all the old ones (613.1e, layer 5)
            q = replace(q, colors=colors)
        if despite and field[q.id].has("defender"):  # 702.3b: it may attack this turn though it has defender
            q = replace(q, attacks_despite_defender_this_turn=True)
        return q.with_counters(1, 1, counters) if counters else q

    permanents = tuple(given(q) if gets(q) else q for q in state.s.permanents)
    after = replace(state, s=replace(state.s, permanents=permanents))
    if (to_hand or exiled) and source in field:  # 400.7: off the battlefield until after the combat (513.1)
        owner = field[source].owner
        players = tuple(replace(pl, hand=pl.hand + 1) if pl.name == owner and pl.hand is not None and to_hand else pl
                        for pl in after.s.players)
        after = replace(after, gone=after.gone | {source}, s=replace(after.s, players=players, permanents=tuple(
            replace(q, left_battlefield=True) if q.id == source else q for q in after.s.permanents)))
    return settle(after)


def single_actions(state: State) -> set[State]:
    """Every state after one action in a window: one face-down permanent turned face up (each way of
    paying; one without a "when ~ is turned face up" trigger, :func:`turnings`), or one pump ability
    activated once and resolved (each way of paying), then 704.3."""
    out = set()
    for p in state.s.permanents:
        if any(a.kind == "turned_face_up" for a in p.abilities):
            continue
        for _, cost, counter in ways(p) if p.id not in state.gone else ():
            up = replace(p, face_down=False).with_counters(1, 1, counter)  # 702.37b
            for after in paid(state, p.controller, cost):
                out.add(settle(replace(after, s=replace(after.s, permanents=tuple(
                    up if q.id == p.id else q for q in after.s.permanents)))))
    players = {pl.name for pl in state.s.players}
    out |= {after if after.over else resolve_pump(after, pending) for after, pending in activations_of(state, players)
            if pending[2] != "monstrosity"}  # (:func:`monstrosities`)
    return out | activated_actions(state)  # reference.activated


def turnings(state: State) -> list[tuple[State, tuple]]:
    """Each face-down permanent with a "when ~ is turned face up" trigger turned face up (116.2b; each way,
    each way of paying), 704.3, and its triggers put on the stack by its controller in each order, each with
    each legal target (708.8, 603.3, 603.3b, 603.3d; one without a legal target removed): the state and the
    triggers in the order they resolve (the last put first, 405.2)."""
    out = []
    for p in state.s.permanents:
        if p.id in state.gone or not any(a.kind == "turned_face_up" for a in p.abilities):
            continue
        up = replace(p, face_down=False)
        for _, cost, counter in ways(p):
            for after in paid(state, p.controller, cost):
                turned = replace(after, s=replace(after.s, permanents=tuple(
                    up.with_counters(1, 1, counter) if q.id == p.id else q for q in after.s.permanents)))
                settled = settle(turned)
                field = settled.field()
                pending = [t for t in window_triggered(turned.field(), p.id, "turned_face_up")  # as it is turned
                           if window_targets(settled.s, field, t)]  # (708.8); 603.3d: none without a target
                for order in set(itertools.permutations(pending)):
                    for chosen in itertools.product(*(window_targets(settled.s, field, t) for t in order)):
                        out.append((settled, tuple(reversed([t[:3] + (x,) + t[4:] for t, x in zip(order, chosen)]))))
    return out


def monstrosities(state: State) -> list[tuple[State, tuple]]:
    """Each monstrosity ability activated once and resolved (each way of paying, 602.2b, 701.37a) and, if
    its permanent became monstrous, its "when ~ becomes monstrous" triggers put on the stack in each order,
    each with each legal target (701.37b, 603.3b, 603.3d): the state and the triggers, the last put first."""
    out = []
    for after, pending in activations_of(state, {pl.name for pl in state.s.players}):
        if pending[2] != "monstrosity":
            continue
        if after.over:  # 119.4, 704.5a: its player paid their last life
            out.append((after, ()))
            continue
        resolved = resolve_pump(after, pending)
        source = pending[1]
        if not resolved.s.permanent(source).monstrous or after.s.permanent(source).monstrous:
            out.append((resolved, ()))
            continue
        field = resolved.field()
        triggered = [t for t in window_triggered(field, source, "becomes_monstrous")
                     if window_targets(resolved.s, field, t)]
        for order in set(itertools.permutations(triggered)):
            for chosen in itertools.product(*(window_targets(resolved.s, field, t) for t in order)):
                out.append((resolved, tuple(reversed([t[:3] + (x,) + t[4:] for t, x in zip(order, chosen)]))))
    return out


def window_options(state: State) -> set[State]:
    """Every state a priority window can end in: with pump abilities on the board, every sequence of
    single actions (117.3c, 117.4); without, every set of face-up turns at once. A damage ability
    (reference.pingers) goes on the stack and resolves when both players pass (608.1): any time
    after, other actions and abilities in between (the later ones resolving first, 405.2); the
    window ends with the stack empty, or when a player lost (704.5a)."""
    if state.over:
        return {state}
    if not any(pumps(p) for p in state.s.permanents) and not has_activated(state.s) and not has_windows(state.s):
        return face_up_options(state)
    seen: set[tuple[State, tuple]] = set()
    ends: set[State] = set()
    todo: list[tuple[State, tuple]] = [(state, ())]
    while todo:
        st, stack = todo.pop()
        if (st, stack) in seen:
            continue
        seen.add((st, stack))
        if st.over or not stack:
            ends.add(st)
        if st.over:
            continue
        todo += [(x, stack) for x in single_actions(st)]
        todo += [(x, put + stack) for x, put in turnings(st) + monstrosities(st)]  # 708.8, 117.3c; 701.37b
        for paid_for, entry in ping_pushes(st) | stacked_pushes(st):  # 704.3 before priority; what died triggers
            # above (603.3)
            pushed = stack if entry is None else (entry, *stack)
            after, pending = after_costs(st, paid_for)
            todo += [(after, tuple(reversed(seq)) + pushed) for seq in put_sequences(after.s, after.field(), pending)] \
                if pending else [(after, pushed)]
        if stack:
            todo += resolved_top(st, stack)
    return ends


def resolved_top(state: State, stack: tuple) -> list[tuple[State, tuple]]:
    """The top of a window's `stack` resolved (608.2; a damage ability, reference.activated, or a death
    trigger it caused, reference.deaths), state-based actions (704.3); a player who lost ends it
    (704.5a); the creatures that died put their death triggers on top (603.3b, 603.3d)."""
    top, rest = stack[0], stack[1:]
    field = state.field()
    with recording() as log:  # 603.2, 120.3: the damage it deals, one event (reference.dealt)
        if top[0] in ("dies", "window"):  # a window trigger (reference.window_triggers) as a death trigger
            dealt, destroyed = (resolve_death if top[0] == "dies" else resolve_window)(state.s, field, top)
            resolved = settle(replace(state, s=dealt, gone=state.gone | destroyed))
            resolved = replace(resolved, over=any(p.life <= 0 or p.poison >= 10 for p in resolved.s.players))
        else:
            resolved = resolve_activated(state, top)
    if resolved.over:
        return [(resolved, ())]
    pending = damage_triggered(state.s, field, resolved, events_of(top[2], log), False) \
        + triggered(field, set(resolved.gone - state.gone))
    if not pending:
        return [(resolved, rest)]
    return [(resolved, tuple(reversed(seq)) + rest) for seq in put_sequences(resolved.s, resolved.field(), pending)]


def has_windows(s: Situation) -> bool:
    """Whether a permanent has a trigger of a priority window (708.8, 701.37b): then a window is played one
    action at a time, each trigger on the stack."""
    return any(a.kind in ("turned_face_up", "becomes_monstrous") for p in s.permanents for a in p.abilities)


def damage_triggered(s: Situation, field: dict, after: State, events: list, combat: bool) -> list:
    """The damage triggers (reference.dealt) of one damage event on `s` (`field` its permanents then), those
    that can be put on the stack in `after` (603.3d: one whose target has no legal choice is removed)."""
    return [t for t in dealt_triggered(s, field, events, combat) if dealt_targets(after.s, after.field(), t)]


# ==== A combat damage step (510.2, 120.3, 704.3) ==========================================

def deal(state: State, field: dict[str, Characteristics], assignment: Assignment) -> list[tuple[State, bool]]:
    """Deal the damage of an assignment simultaneously, then the state-based actions, then the
    persist and undying triggers (one state per order of the triggers, 603.3b), for every way the
    prevention shields may be used (615.7, 616.1: :func:`reference.shields.shield_uses`)."""
    def other(src: str, r: str) -> bool:  # 702.16e, 615.1a: prevented by another effect
        return (r in field and any(has_quality(field[src], q) for q in field[r].protections())) \
            or prevented(field[src], field.get(r), state.s.combat.combat_damage_prevented) \
            or token_prevented(state, field, r)
    shields = {p.name: p.prevention_shield for p in state.s.players}
    shields |= {p.id: p.prevention_shield for p in state.s.permanents if p.id in field}
    ordered = tuple(sorted(assignment))
    shielded = sorted({r for _, r, _ in ordered if shields.get(r)})
    choices = []
    for r in shielded:
        entries = [i for i, (_, x, _) in enumerate(ordered) if x == r]
        choices.append([(r, entries, uses) for uses in shield_uses(shields[r], [(ordered[i][2], other(
            ordered[i][0], r)) for i in entries])])
    # 614.1a, 615.5, 616.1: damage to a creature whose damage becomes -1/-1 counters, which another effect would
    # prevent too: its controller applies either first
    ordering = [i for i, (src, r, _) in enumerate(ordered) if (removing(state, field, r) or (
        r in field and field[r].has("damage_as_counters"))) and other(src, r)]
    out = []
    for combo in itertools.product(*choices):
        used = {i: x for _, entries, uses in combo for i, x in zip(entries, uses)}
        left = {r: shields[r] - sum(uses) for r, _, uses in combo}
        for first in itertools.product((False, True), repeat=len(ordering)):
            counters_first = frozenset(i for i, f in zip(ordering, first) if f)
            out += _dealt(state, field, ordered, used, left, counters_first)
    return out


def token_prevented(state: State, field: dict[str, Characteristics], r: str) -> bool:
    """615.1a, 611.3a: whether `r` is a creature token (111.1) whose controller controls a permanent on the
    battlefield with "Prevent all damage that would be dealt to creature tokens you control"."""
    c = field.get(r)
    return c is not None and c.is_creature and state.s.permanent(r).token and any(
        x.has("prevent_damage_to_tokens") and x.controller == c.controller for x in field.values())


def plus_ones(p: Permanent) -> int:
    """How many +1/+1 counters `p` has (122.1a)."""
    return sum(k for dp, dt, k in p.pt_counters if (dp, dt) == (1, 1))


def removing(state: State, field: dict[str, Characteristics], r: str) -> bool:
    """615.5: whether damage that would be dealt to `r` now is prevented with a +1/+1 counter removed ("If damage
    would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~"; "... while it has a +1/+1 counter
    on it": only then)."""
    c = field.get(r)
    if c is None or not c.is_creature:
        return False
    return c.has("prevent_remove_counter") or (c.has("prevent_remove_counter_while")
                                              and plus_ones(state.s.permanent(r)) > 0)


def _dealt(state: State, field: dict[str, Characteristics], assignment: tuple[Triple, ...], used: dict[int, int],
           left: dict[str, int], counters_first: frozenset[int]) -> list[tuple[State, bool]]:
    """:func:`deal` with the shields used as `used` says (damage prevented, by the assignment's index) and
    what is `left` of them, the damage of the entries in `counters_first` made -1/-1 counters before another
    effect could prevent it (616.1)."""
    loss = {p.name: 0 for p in state.s.players}
    gain = {p.name: 0 for p in state.s.players}
    poison = {p.name: 0 for p in state.s.players}
    marked = {pid: 0 for pid in field}
    counters = {pid: 0 for pid in field}
    removed: set[str] = set()
    deathtouched = set()
    for i, (src, r, n) in enumerate(assignment):
        source = field[src]
        otherwise = r in field and (any(has_quality(source, q) for q in field[r].protections())
                                    or prevented(source, field[r], state.s.combat.combat_damage_prevented)
                                    or token_prevented(state, field, r))
        if r in field and field[r].has("damage_as_counters") and n > 0:
            if i in counters_first or not otherwise:
                counters[r] += n  # 614.1a, 615.5: not dealt (120.4b), that many -1/-1 counters instead
            continue
        if removing(state, field, r) and n > 0:
            if i in counters_first or not otherwise:
                removed.add(r)  # 615.5: prevented (120.4b), one +1/+1 counter removed for the step's one event
            continue
        if r in field and any(has_quality(source, q) for q in field[r].protections()):
            continue  # 702.16e, 702.16j, 702.16k: prevented
        if prevented(source, field.get(r), state.s.combat.combat_damage_prevented) or token_prevented(state, field, r):
            continue  # 615.1a, 120.4b: prevented (reference.shields)
        n -= used.get(i, 0)  # 615.7: prevented by a shield
        n -= partly_prevented(field, r, n)  # 615.10: part of it prevented (reference.partial)
        if n <= 0:
            continue
        n = doubled(field, source, n)  # 614.1a: doubled instead (reference.doubled)
        if source.has("lifelink"):
            gain[source.controller] += n  # 702.15b (with infect too)
        if r in loss:
            if source.has("infect"):
                poison[r] += n  # 120.3b, 702.90b
            else:
                loss[r] += n  # 120.3a
            poison[r] += sum(int(v) for v in source.values("toxic"))  # 702.164b, 702.164c
        else:
            if field[r].is_creature and (source.has("wither") or source.has("infect")):
                counters[r] += n  # 120.3d, 702.80a, 702.90c
            else:
                marked[r] += n
            if source.has("deathtouch"):
                deathtouched.add(r)  # 702.2b
    loss = {name: floored(field, name, state.s.player(name).life, n) for name, n in loss.items()}  # reference.doubled
    players = tuple(replace(p, life=p.life - loss[p.name] + gain[p.name], poison=p.poison + poison[p.name],
                            prevention_shield=left.get(p.name, p.prevention_shield)) for p in state.s.players)
    permanents = []
    for p in state.s.permanents:
        c = field.get(p.id)
        p = replace(p, prevention_shield=left.get(p.id, p.prevention_shield))
        if c is not None and counters[p.id]:
            p = p.with_counters(-1, -1, counters[p.id])
        if p.id in removed and plus_ones(p):
            p = p.with_counters(1, 1, -1)  # 615.5, 122.1a
        if c is not None and marked[p.id]:
            n = marked[p.id]
            if c.is_creature:
                p = replace(p, damage=p.damage + n)  # 120.3e
            if c.is_planeswalker:
                p = replace(p, loyalty=max(0, p.loyalty - n))  # 120.3c, 306.8
            if c.is_battle:
                p = replace(p, defense=max(0, p.defense - n))  # 120.3h, 310.6
        permanents.append(p)
    after = replace(state, s=replace(state.s, players=players, permanents=tuple(permanents)))
    gone = set(after.gone)
    last_known = after.field()
    saving = set()
    for pid, c in last_known.items():
        rule = state_based_action(c)  # 704.5f, 704.5g (702.12b), 704.5i, 704.5v
        destroyed = rule == "704.5g" or (pid in deathtouched and c.is_creature and c.toughness > 0
                                         and not c.has("indestructible"))  # 704.5h, 702.12b
        if rule not in (None, "704.5g"):
            gone.add(pid)
        elif destroyed and saved(after.s.permanent(pid), c):
            saving.add(pid)  # 701.19a: regenerated instead
        elif destroyed:
            gone.add(pid)
    if saving:
        after = replace(after, s=replace(after.s, permanents=tuple(
            regenerated(state.s, p) if p.id in saving else p for p in after.s.permanents)))
    lost = any(p.life <= 0 or p.poison >= 10 for p in players)  # 704.5a, 704.5c
    after = replace(after, gone=frozenset(gone))
    if lost:  # 104.3b: the game is over before any trigger is put on the stack (603.3)
        return [(after, lost)]
    # 704.3: checked again (deathtouch damage was dealt before the last check, 704.5h): a static
    # ability's source that left ends its effects (611.3b), which may put others into the graveyard.
    after = checked(after, last_known)
    gone = set(after.gone)
    states = [after]
    for pid in sorted(gone - set(state.gone)):
        if pid.endswith(RETURNED):
            continue  # a returned object dying again has the counter it looks back at (702.79a, 702.93a)
        options = returning(after.s.permanent(pid), last_known[pid], after.field())
        field = after.field()
        states = [replace(st, returned=st.returned | {pid}, s=replace(st.s, permanents=(
            *st.s.permanents, returned_object(st.s.permanent(pid), counter, field)))) if counter else st
            for st in states for counter in options]
    return [(st, False) for st in states]


def combat_events(field: dict[str, Characteristics], assignment: Assignment) -> list[tuple[str, str, int]]:
    """The combat damage of one step as one event (510.2, 120.3): what each source dealt to each recipient,
    but what was prevented (702.16e, 615.1a, 120.4b)."""
    return [(src, r, n) for src, r, n in assignment if n > 0
            and not (r in field and (field[r].has("damage_as_counters")
                                     or field[r].has("prevent_remove_counter")))  # 614.1a, 615.5: not dealt
            and not (r in field and any(has_quality(field[src], q) for q in field[r].protections()))
            and not prevented(field[src], field.get(r))]


RETURNED = "/returned"  # the id of the new object a creature returned as (400.7), as the solver names it


def returning(p: Permanent, c: Characteristics, field: dict[str, Characteristics]) -> set[int]:
    """How the creature that just died comes back, over each order of its triggers (603.3b): with a
    -1/-1 counter (-1) by persist (702.79a) if it had none, with a +1/+1 counter (+1) by undying
    (702.93a) if it had none, as it last existed (603.10a: face down it had no abilities, and the
    -1/-1 counters wither just put on it count); 0: it stays in the graveyard. The first trigger to
    resolve returns it; the new object (400.7) has its printed toughness and that counter, with what
    the static abilities of the permanents on the battlefield `field` and its own add as it enters
    (611.3c), and at 0 or less dies at once (704.5f: 0 too)."""
    if not c.is_creature:
        return {0}
    options = set()
    new = characteristics(replace(p, controller=p.owner or p.controller, damage=0, pt_counters=(),
                                 until_end_of_turn=(0, 0), face_down=False))
    bonus = bonus_toughness(field, new)
    base = new.toughness  # printed (0 for a */* its ability defines, 604.3), before any effect
    if c.has("persist") and p.minus_counters == 0:
        options.add(-1 if base - 1 + bonus > 0 else 0)
    if c.has("undying") and p.plus_counters == 0:
        options.add(1 if base + 1 + bonus > 0 else 0)
    return options or {0}


def returned_object(p: Permanent, counter: int, field: dict[str, Characteristics]) -> Permanent:
    """The new object `p`'s card returns as (400.7: it has no memory of the old one; 506.4: out of combat): what
    the card says (109.3: name, mana cost, colors, types, subtypes, power, toughness, abilities), whose it is
    (owner, commander 903.3, token 111.1), the color chosen and the level as stated (614.12, 711.2), its one
    counter (702.79a, 702.93a) and summoning sickness (302.6); nothing else of the old object (damage, counters,
    pumps, designations, attachments, shields, exiled cards, activations this turn). Its controller may still
    activate its abilities in a later window (a pump lowering its toughness may kill it again). Untapped, unless
    a permanent of another player's on the battlefield (`field`) makes it enter tapped (614.1c)."""
    card = {name: getattr(p, name) for name in ("owner", "name", "types", "subtypes", "colors", "power", "toughness",
                                                "loyalty", "defense", "protector", "abilities", "ability_lines",
                                                "unmodelled", "mana_cost", "commander", "token", "chosen_color",
                                                "level_counters")}
    fresh = Permanent(p.id + RETURNED, p.owner or p.controller, summoning_sick=True,
                      tapped=enters_tapped(field, p.owner or p.controller, p.types), **card)
    return fresh.with_counters(counter, counter, 1)


# ==== The search ==========================================================================

def outcome(state: State) -> Outcome:
    """The docs/results.md result of a finished combat."""
    field = state.field()
    extra = {"poison": {p.name: p.poison for p in state.s.players if p.poison > 0},
             "minus_counters": {p.id: p.minus_counters for p in state.s.permanents
                                if p.id in field and field[p.id].is_creature and p.minus_counters > 0
                                and not p.id.endswith(RETURNED)},
             # a returned object that died again is no longer back (its first object stays destroyed)
             "returned": sorted(pid for pid in state.returned if pid + RETURNED not in state.gone)}
    return Outcome(
        life={p.name: p.life for p in state.s.players},
        lost=sorted(p.name for p in state.s.players if p.life <= 0 or p.poison >= 10),
        destroyed=sorted(pid for pid in state.gone if not pid.endswith(RETURNED)),
        damage={pid: c.damage for pid, c in field.items() if c.is_creature and c.damage > 0
                and not pid.endswith(RETURNED)},
        loyalty={pid: c.loyalty for pid, c in field.items() if c.is_planeswalker},
        defense={pid: c.defense for pid, c in field.items() if c.is_battle},
        **{k: v for k, v in extra.items() if v})


class Search:
    def __init__(self) -> None:
        self.memo: dict[tuple[str, State], frozenset[Outcome]] = {}

    def run(self, stage: str, state: State) -> frozenset[Outcome]:
        key = (stage, state)
        if state.over:  # 104.3b: the game is over
            return frozenset({outcome(state)})
        if key not in self.memo:
            self.memo[key] = frozenset(getattr(self, stage)(state))
        return self.memo[key]

    def check_board(self, state: State) -> None:
        # Before any damage, the permanents gone are exactly those the state-based actions remove.
        assert set(battlefield(state.s)) == set(state.field()), "state-based actions out of step"

    def beginning_of_combat(self, state: State) -> set[Outcome]:
        return {o for after in window_options(state) for o in self.run("declare_attackers", after)}

    def declare_attackers(self, state: State) -> set[Outcome]:
        self.check_board(state)
        out = set()
        for decl in reference_attacks(state.s):
            declared = state.s.with_combat(attackers=tuple(sorted(decl)))
            after = replace(state, s=attack_triggers(declared, state.gone))  # 508.2a
            for losses in set(itertools.permutations(attack_stacked(declared, state.gone))):  # 508.3a, 603.3b
                for stack in attack_stacks(after.s, after.gone):  # 702.39a, 508.3a: put with targets (603.3d)
                    out |= self.stack_window(after, stack + losses, "after_attackers")
        return out

    def after_attackers(self, state: State) -> set[Outcome]:
        return {o for after in window_options(state) for o in self.run("declare_blockers", after)}

    def declare_blockers(self, state: State) -> set[Outcome]:
        if not state.s.combat.attackers:  # 508.8: the end of combat step follows (511.1)
            return self.end(state)
        if state.s.combat.blockers is not None:
            return set(self.run("after_blockers", state))
        self.check_board(state)
        out = set()
        for decl in reference_blocks(state.s):
            declared = state.s.with_combat(blockers=tuple(sorted(decl)))
            after = replace(state, s=block_triggers(declared, state.gone))  # 509.2a
            for order in set(itertools.permutations(stacked(declared, state.gone))):  # 603.3b
                for puts in put_orders(declared, state.gone):  # 603.3b: APNAP, above them
                    out |= self.stack_window(after, puts + order)
        return out

    def stack_window(self, state: State, stack: tuple, then: str = "after_blockers") -> frozenset[Outcome]:
        """A window with `stack` waiting: any actions (117.3b-c: face-up turns 116.2b, pumps, damage
        abilities, whatever waits), then the top resolves (608.1), state-based actions (704.3);
        a player who lost ends it (704.5a); the creatures that died trigger (603.10a), their abilities
        put on top. With the stack empty, the stage `then`."""
        if not stack:
            return self.run(then, state)
        key = ("stack", stack, state, then)
        if key in self.memo:
            return self.memo[key]
        out = set()
        for after in window_options(state):  # 117.3b-c: with anything waiting, each player may act
            field = after.field()
            for way in range(len(self.ways(after, stack[0]))):  # (118.12: paid or declined as it resolves)
                with recording() as log:  # 603.2, 120.3: the damage it deals, one event (reference.dealt)
                    resolved = self.resolved(after, field, stack[0], way)
                if any(p.life <= 0 or p.poison >= 10 for p in resolved.s.players):  # 704.5a, 704.5c
                    out.add(outcome(resolved))
                else:
                    pending = damage_triggered(after.s, field, resolved, events_of(stack[0][2], log), False)
                    out |= self.put(resolved, pending + triggered(field, set(resolved.gone - after.gone)),
                                    stack[1:], then)
        self.memo[key] = frozenset(out)
        return self.memo[key]

    @staticmethod
    def ways(after: State, top: tuple) -> list[tuple[Situation, set[str]]]:
        """The ways `top` may resolve on `after` that differ by a choice as it resolves: a combat-damage trigger
        paid or not (:func:`resolve_paid`); one way for the others."""
        return resolve_paid(after.s, after.gone, top) if top[0] == "hit" else [(after.s, set())]

    def resolved(self, after: State, field: dict, top: tuple, way: int = 0) -> State:
        """`top` resolved on `after` (608.2) the `way`-th way (:meth:`ways`), then state-based actions (704.3)."""
        destroyed: set[str] = set()
        if top[0] == "dies":
            s, destroyed = resolve_death(after.s, field, top)
        elif top[0] == "hit":  # 510.3a (reference.hits)
            s, destroyed = self.ways(after, top)[way]
        elif top[0] == "blocked_destroy":  # 509.3d, 701.8a (reference.triggers)
            s, destroyed = after.s, destroyed_by(after.s, after.gone, top)
        elif top[0] == "provoke":
            s = resolve_provoke(after.s, field, top)
        elif top[0] in ("on_target", "on_block"):  # 508.3a, 608.2b, 509.2a (reference.triggers)
            s, destroyed = (resolve_targeted if top[0] == "on_target" else resolve_put)(after.s, after.gone, top)
        elif top[0] == "dealt":  # 603.2, 120.3 (reference.dealt)
            s, destroyed = resolve_dealt(after.s, field, top)
        else:
            s = resolve(after.s, after.gone, top)
        return settle(replace(after, s=s, gone=after.gone | destroyed))

    def after_blockers(self, state: State) -> set[Outcome]:
        return {o for after in window_options(state) for o in self.run("damage", after)}

    def after_first_strike(self, state: State) -> set[Outcome]:
        return {o for after in window_options(state) for o in self.run("damage", after)}

    def damage(self, state: State) -> set[Outcome]:
        field = state.field()
        step = next_step(state.s, field)
        out = set()
        for assignment in step_assignments(state.s, field, step, state.first_strikers):
            for after, lost in deal(state, field, assignment):
                if step == "first_strike":
                    # 510.4: who had first strike or double strike as this step began.
                    had = frozenset(c for c in combat_now(state.s, field).creatures if fast(field[c]))
                    after = replace(after, s=after.s.with_combat(damage_step="regular"), first_strikers=had)
                if lost:  # 104.3b, 704.5a: the game is over before any trigger is put on the stack
                    out.add(outcome(after))
                    continue
                # 603.3, 117.5: the death triggers go on the stack the next time a player would
                # receive priority: in this step (510.3), then the window or the end.
                # 510.3a: with the abilities that triggered on the damage itself (reference.hits).
                then = "after_first_strike" if step == "first_strike" else "end"
                pending = hit_triggers(state.s, field, assignment) \
                    + damage_triggered(state.s, field, after, combat_events(field, assignment), True) \
                    + triggered(field, set(after.gone - state.gone))
                out |= self.put(after, pending, (), then)
        return out

    def put(self, state: State, pending: list, stack: tuple, then: str) -> set[Outcome]:
        """Each way of putting `pending` death triggers on the stack above `stack` (603.3b, 603.3d),
        then the stack resolving (:meth:`stack_window`) and the stage `then`."""
        if not pending:
            return set(self.stack_window(state, stack, then))
        out: set[Outcome] = set()
        for seq in put_sequences(state.s, state.field(), pending):
            out |= self.stack_window(state, tuple(reversed(seq)) + stack, then)  # the last put resolves first
        return out

    def end(self, state: State) -> set[Outcome]:
        return {outcome(ended(state))}  # 511.2, 511.3 (reference.end_of_combat)


def start(s: Situation) -> tuple[str, State]:
    """The starting state (docs/situation.md state-based actions applied) and the first stage (docs/verify.md)."""
    state = settle(State(s, frozenset(left_battlefield(s)),
                         frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None))
    c = s.combat
    if c.damage_step == "regular" and state.first_strikers is None:
        # 510.4, 702.7c: past the first-strike step, the creatures that had first strike or double
        # strike as it began are those that have it now, before any face-up turn in the window
        # before the regular step (a face-down creature had no abilities, 708.2a).
        field = state.field()
        state = replace(state, first_strikers=frozenset(x for x in combat_now(s, field).creatures
                                                        if fast(field[x])))
    if c.attackers is None:
        return "beginning_of_combat", state
    if c.blockers is None:
        return "after_attackers", state
    return ("after_first_strike" if c.damage_step == "regular" else "after_blockers"), state


def reference_outcomes(s: Situation) -> set[Outcome]:
    """Every distinct end-of-combat result reachable from ``s`` (docs/results.md `outcomes`, without `line`)."""
    stage, state = start(s)
    return set(Search().run(stage, state))
