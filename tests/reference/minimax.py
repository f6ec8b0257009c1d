"""Can the active player force the goal (docs/verify.md `verify`)? A brute-force minimax for tiny boards.

Plain Python, independent of the ASP encodings and of ``pysolver.game.verify``: the game is played
out move by move as the rules describe it, and every position is valued by plain minimax
(the active player needs one winning move, the defending player one refuting move). It reuses
only the other plain-Python references: declarations (:mod:`reference.declarations`), damage
assignments (:mod:`reference.damage`), dealing damage, paying mana and the state-based actions
(:mod:`reference.outcomes`).

Differences in formulation from ``pysolver.game.verify``, on purpose:

* priority is literal: the player with priority takes **one** special action (turning **one**
  face-down permanent face up, 116.2b, 702.37e, each way of paying tried) or activates **one** pump
  ability once (602.2, putting it on a stack, paying, each way tried) and receives priority again
  (117.3c), or passes; when both players pass in succession the top of the stack resolves (608.2)
  and the active player receives priority (117.3b); with the stack empty the window ends (117.4);
* a combat damage step enumerates every complete legal assignment (no projection); the active
  player's announcement is the attackers' part of one of them, and the defending player may then
  complete it with any blockers' part that makes a legal whole (510.1, 510.1e);
* the goal is evaluated only when the combat is over.

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "goal": {"lethal": "b"}})
>>> reference_verify(s)
False
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from pysolver.model import Goal, Situation

from .activated import on_the_stack, resolve_activated, resolve_ward, stack_activations
from .damage import combat_now, fast, next_step, step_assignments
from .deaths import apnap, player_sequences, resolve_death, triggered
from .declarations import reference_attacks, reference_blocks
from .end_of_combat import ended
from .facedown import ways
from .hits import resolve_hit
from .hits import triggered as hit_triggers
from .outcomes import State, activations_of, after_costs, deal, pay, resolve_paid, resolve_pump, settle, start
from .provoke import resolve_provoke
from .triggers import (
    attack_stacked,
    attack_stacks,
    attack_triggers,
    block_puts,
    block_triggers,
    destroyed_by,
    resolve,
    resolve_put,
    resolve_targeted,
    stacked,
)

ACTIVE, DEFENCE = "active", "defence"
WINDOW_NEXT = {"beginning_of_combat": "declare_attackers", "after_attackers": "declare_blockers",
               "after_blockers": "damage", "after_first_strike": "damage", "after_combat_damage": "end"}


class Minimax:
    def __init__(self, s: Situation) -> None:
        assert s.goal is not None
        self.goal = s.goal
        self.active = s.active
        self.memo: dict[tuple, bool] = {}

    # ---- the goal, when the combat is over -------------------------------------------------

    def achieved(self, g: Goal, state: State) -> bool:
        if g.kind == "lethal":  # 104.3b, 704.5a, 704.5c
            loser = state.s.player(g.targets[0])
            return loser.life <= 0 or loser.poison >= 10
        if g.kind == "destroy":
            return all(t in state.gone for t in g.targets)
        if g.kind == "survive":
            return not any(t in state.gone for t in g.targets)
        results = [self.achieved(p, state) for p in g.parts]
        return all(results) if g.kind == "all" else any(results)

    def choose(self, active: bool, options: list):
        """The value of a choice among `options`, made by the active player's side or the defence's:
        the active player needs one winning move, the defence one refuting move."""
        return any(options) if active else all(options)

    # ---- positions -------------------------------------------------------------------------

    def value(self, stage: str, state: State, *extra) -> bool:
        key = (stage, state, extra)
        if key not in self.memo:
            self.memo[key] = getattr(self, stage)(state, *extra)
        return self.memo[key]

    def end(self, state: State) -> bool:
        return self.achieved(self.goal, ended(state))  # 511.2, 511.3 (reference.end_of_combat)

    def window(self, state: State, stage: str, holder: str, passes: int, stack: tuple = ()) -> bool:
        """`holder` has priority; `passes` players have passed in succession just before; `stack`: one
        stack (405.1), the last on top: the block triggers waiting (4-tuples of .triggers) and the pumps
        activated (Pending tuples of .outcomes), not yet resolved."""
        options = []
        # Pass: if the other player passed just before, both passed in succession (117.4): the top of
        # the stack resolves (608.1, 608.2), state-based actions (704.3), the active player receives
        # priority (117.3b); a player at 0 life has lost (704.5a). With the stack empty the window ends.
        if passes + 1 == 2 and stack:
            top = stack[-1]
            if len(top) == 5:
                options.append(self.value("window", resolve_pump(state, top), stage, ACTIVE, 0, stack[:-1]))
            elif top[0] == "provoke":  # 702.39a: the target untaps and must block (reference.provoke)
                options.append(self.value("window", settle(replace(state, s=resolve_provoke(
                    state.s, state.field(), top))), stage, ACTIVE, 0, stack[:-1]))
            elif top[0] == "activated" and on_the_stack(top[3], top[4]):  # damage, life (reference.pingers), 704.5a;
                # a destruction; 603.10a: the creatures they kill trigger
                resolved = resolve_activated(state, top)
                options.append(self.value("end", resolved) if resolved.over else self.put(
                    resolved, tuple(triggered(state.field(), set(resolved.gone - state.gone))), stage, stack[:-1]))
            elif top[0] == "activated":  # reference.activated: 608.2b, then its effect
                options.append(self.value("window", resolve_activated(state, top), stage, ACTIVE, 0, stack[:-1]))
            elif top[0] == "ward":  # 702.21a: its controller pays, or the ability is countered
                ways = [self.value("window", after, stage, ACTIVE, 0, rest)
                        for after, rest in resolve_ward(state, top, stack[:-1])]
                options.append(self.choose(top[1] == self.active, ways))
            elif top[0] == "hit" and len(top) == 7:  # 118.12, 603.5: its controller pays or declines as it resolves
                field = state.field()
                ways = []
                for dealt, destroyed in resolve_paid(state.s, state.gone, top):
                    resolved = settle(replace(state, s=dealt, gone=state.gone | destroyed))
                    lost = any(p.life <= 0 or p.poison >= 10 for p in resolved.s.players)  # 704.5a, 704.5c
                    ways.append(self.value("end", resolved) if lost else self.put(
                        resolved, tuple(triggered(field, set(resolved.gone - state.gone))), stage, stack[:-1]))
                options.append(self.choose(top[5] == self.active, ways))
            elif top[0] in ("dies", "hit", "on_target", "on_block"):  # a death (reference.deaths), combat-damage
                field = state.field()  # (reference.hits) or attack or block trigger (reference.triggers); the
                dealt, destroyed = (resolve_death(state.s, field, top) if top[0] == "dies"  # creatures it kills trigger
                                    else resolve_targeted(state.s, state.gone, top) if top[0] == "on_target"
                                    else resolve_put(state.s, state.gone, top) if top[0] == "on_block"
                                    else resolve_hit(state.s, state.gone, top))
                resolved = settle(replace(state, s=dealt, gone=state.gone | destroyed))
                lost = any(p.life <= 0 or p.poison >= 10 for p in resolved.s.players)  # 704.5a, 704.5c
                options.append(self.value("end", resolved) if lost else self.put(
                    resolved, tuple(triggered(field, set(resolved.gone - state.gone))), stage, stack[:-1]))
            else:  # 509.3d, 701.8a: "destroy that creature" destroys (reference.triggers.destroyed_by)
                resolved = settle(replace(state, s=resolve(state.s, state.gone, top),
                                          gone=state.gone | (destroyed_by(state.s, state.gone, top)
                                                             if top[0] == "blocked_destroy" else set())))
                lost = any(p.life <= 0 for p in resolved.s.players)  # 704.5a
                options.append(self.value("end", resolved) if lost else self.put(  # 603.10a: blockers flanking killed
                    resolved, tuple(triggered(state.field(), set(resolved.gone - state.gone))), stage, stack[:-1]))
        elif passes + 1 == 2:
            options.append(self.value(WINDOW_NEXT[stage], state))
        elif stage == "after_combat_damage" and not stack:  # the combat is over (510.3, docs/results.md)
            return self.value("end", state)
        else:
            options.append(self.value("window", state, stage, DEFENCE if holder == ACTIVE else ACTIVE, passes + 1,
                                      stack))
        # One special action: turn one of your face-down permanents face up (702.37e); priority stays (117.3c).
        for after in self.turn_one(state, holder):
            options.append(self.value("window", after, stage, holder, 0, stack))
        # Or activate one pump ability of yours (602.2); it goes on the stack, priority stays (117.3c).
        mine = {pl.name for pl in state.s.players if (pl.name == self.active) == (holder == ACTIVE)}
        for after, pending in activations_of(state, mine):  # 119.4, 704.5a: a player who paid their last life lost
            options.append(self.value("end", after) if after.over
                           else self.value("window", after, stage, holder, 0, stack + (pending,)))
        # Or one of reference.activated's, with its target (601.2c) and a ward trigger above it (702.21a).
        for paid_for, pushed in stack_activations(state, mine, len(stack)):
            if paid_for.over:  # 119.4, 704.5a: a player who paid their last life lost
                options.append(self.value("end", paid_for))
                continue
            after, died = after_costs(state, paid_for)  # 704.3, 117.3c; a creature sacrificed dies (700.4, 603.3)
            options.append(self.put(after, tuple(died), stage, stack + pushed) if died
                           else self.value("window", after, stage, holder, 0, stack + pushed))
        return self.choose(holder == ACTIVE, options)

    def put(self, state: State, pending: tuple, stage: str, stack: tuple, done: int = 0) -> bool:
        """603.3b, 603.3d: the players in APNAP order (from the `done`-th) put their death triggers of
        `pending` on the stack above `stack` (the last on top), each their order and targets; then
        the window `stage` with the active player's priority (117.3b)."""
        order = apnap(state.s)
        if done == len(order):
            if stage == "after_combat_damage" and not stack:
                return self.value("end", state)
            return self.value("window", state, stage, ACTIVE, 0, stack)
        player = order[done]
        ways = player_sequences(state.s, state.field(), list(pending), player)
        options = [self.put(state, pending, stage, stack + seq, done + 1) for seq in ways]
        return self.choose(player == self.active, options)

    def turn_one(self, state: State, holder: str) -> list[State]:
        out = []
        for p in state.s.permanents:
            if p.id in state.gone or (p.controller == self.active) != (holder == ACTIVE):
                continue
            me = state.s.player(p.controller)
            for _, cost, counter in ways(p):  # each way it has (116.2b, 702.37e, 702.168d, 701.40b, 701.58b)
                for left in pay(me.mana, cost):  # the pool shared across the combat
                    players = tuple(replace(x, mana=left) if x.name == me.name else x for x in state.s.players)
                    permanents = tuple(replace(q, face_down=False).with_counters(1, 1, counter)
                                       if q.id == p.id else q for q in state.s.permanents)  # 702.37b
                    out.append(settle(replace(state, s=replace(state.s, players=players, permanents=permanents))))
        return out

    def open_window(self, stage: str, state: State) -> bool:
        return self.value("window", state, stage, ACTIVE, 0)  # 117.3a: the active player receives priority first

    def beginning_of_combat(self, state: State) -> bool:
        return self.open_window("beginning_of_combat", state)

    def after_attackers(self, state: State) -> bool:
        return self.open_window("after_attackers", state)

    def after_blockers(self, state: State) -> bool:
        return self.open_window("after_blockers", state)

    def after_first_strike(self, state: State) -> bool:
        return self.open_window("after_first_strike", state)

    def declare_attackers(self, state: State) -> bool:
        """508.2a: the attack triggers that resolve at once resolved; the active player puts the
        provoke triggers on the stack with targets (702.39a, 603.3d), then the window after attackers."""
        options = []
        for d in reference_attacks(state.s):
            declared = state.s.with_combat(attackers=tuple(sorted(d)))
            after = replace(state, s=attack_triggers(declared, state.gone))
            losses = set(itertools.permutations(attack_stacked(declared, state.gone)))  # 508.3a, 603.3b
            options += [self.value("window", after, "after_attackers", ACTIVE, 0, tuple(reversed(order + loss)))
                        for loss in losses for order in attack_stacks(after.s, after.gone)]  # the last on top
        return self.choose(True, options)

    def declare_blockers(self, state: State) -> bool:
        if not state.s.combat.attackers:  # 508.8
            return self.value("end", state)
        if state.s.combat.blockers is not None:
            return self.value("after_blockers", state)
        return self.choose(False, [self.blocked(state.s.with_combat(blockers=tuple(sorted(d))), state)
                                   for d in reference_blocks(state.s)])

    def blocked(self, declared: Situation, state: State) -> bool:
        """509.2a: the block triggers that resolve at once resolved; those that wait go on the stack in
        the order the active player chooses (603.3b), then the window after blockers."""
        after = replace(state, s=block_triggers(declared, state.gone))
        puts = tuple(block_puts(declared, state.gone))  # 603.3b: put by their controllers, APNAP, above them
        return self.choose(True, [self.put_blocks(after, puts, tuple(reversed(order)))
                                  for order in set(itertools.permutations(stacked(declared, state.gone)))])

    def put_blocks(self, state: State, pending: tuple, stack: tuple, done: int = 0) -> bool:
        """603.3b: the players in APNAP order put their block triggers of `pending` on the stack above `stack`
        (the last on top), each in the order they choose, with "you may" chosen (reference.triggers.put_orders);
        then the window after blockers."""
        order = apnap(state.s)
        if done == len(order):
            return self.value("window", state, "after_blockers", ACTIVE, 0, stack)
        field = state.field()
        mine = [t for t in pending if field[t[1]].controller == order[done]]
        ways = {tuple(t[:2] + (x,) + t[3:] for t, x in zip(seq, chosen))
                for seq in itertools.permutations(mine)
                for chosen in itertools.product(*([t[2]] if t[3].effect == "damage" else
                                                  ["", t[1]] if t[3].optional else [t[1]] for t in seq))}
        return self.choose(order[done] == self.active, [self.put_blocks(state, pending, stack + w, done + 1)
                                                         for w in ways])

    def damage(self, state: State) -> bool:
        field = state.field()
        step = next_step(state.s, field)
        first = state.first_strikers
        if step == "regular" and first is None and state.s.combat.first_strikers is not None:
            first = frozenset(state.s.combat.first_strikers)
        attackers = {a for a, _ in state.s.combat.attackers or ()}
        legal = step_assignments(state.s, field, step, first)
        announced: dict[frozenset, list] = {}
        for assignment in legal:  # 510.1: the attackers' part first, then the blockers' part
            part = frozenset(t for t in assignment if t[0] in attackers)
            announced.setdefault(part, []).append(assignment)

        def outcome(assignment) -> bool:
            # The order of persist and undying triggers (603.3b) changes nothing a goal reads: the
            # creature is destroyed either way and the new object is not in combat (400.7, 506.4).
            after, lost = deal(state, field, assignment)[0]
            if step == "first_strike":
                had = frozenset(c for c in combat_now(state.s, field).creatures if fast(field[c]))
                after = replace(after, s=after.s.with_combat(damage_step="regular"), first_strikers=had)
            if lost:  # 104.3b: the game is over before any trigger is put on the stack
                return self.value("end", after)
            # 603.3, 510.3, 510.3a: the death triggers and the combat-damage triggers (reference.hits) are put
            # on the stack in this step, then they resolve
            stage = "after_first_strike" if step == "first_strike" else "after_combat_damage"
            pending = hit_triggers(state.s, field, assignment) + triggered(field, set(after.gone - state.gone))
            return self.put(after, tuple(pending), stage, ())

        return self.choose(True, [self.choose(False, [outcome(a) for a in completions])
                                  for completions in announced.values()])


def reference_verify(s: Situation) -> bool:
    """Whether the active player can force ``s.goal`` (docs/verify.md)."""
    stage, state = start(s)
    return Minimax(s).value(stage, state)
