"""The combat damage steps after one attack declaration in one grounded clingo program (510.1, 510.4, 704.3).

The game-tree walk of `outcomes` reaches a damage step once per declaration and once per result of
the first-strike step before it. Rather than ground a program for each of those states, a
:class:`StepPrograms` grounds one program per attack declaration and set of characteristics (a
face-up turn, 702.37e, changes them) in which the state a step starts from is a set of externals
(``encodings/combat.lp``, ``#program block_state``, ``left_state``, ``step_state``): the blocks,
the permanents that have left the battlefield, the damage marked on each creature, whether this
is the regular step after a first-strike step and who dealt first-strike damage in it. Each state is then one
solve under assumptions (every external fixed), projected onto the state after the step
(``encodings/outcomes.lp``), with the witness assignment of each result read off its model.

Where this is used: the walk reaches damage steps only when something can still happen in a
window before or between them (a face-up turn that may matter, 702.37e; a pump, 602.2; a trigger,
603.2). A combat in which nothing can happen any more is one program instead, with both steps of a
first-strike combat in it (``encodings/strikes.lp``: the step encodings indexed by ``regular``,
:func:`pysolver.asp.solving.indexed_statements`; :func:`pysolver.game.outcomes.rest_in_one`). Between the
steps of a walk the externals keep the rules as they are, grounded a handful of times per board
(``benchmarks/outcomes_bench.py``, column ``path``); what is left is clasp's cost per solve, which
grows with the size of the grounded program even when the assumptions fix the state (measured
~0.7 µs per variable): one program per attack declaration rather than one for every attack keeps
that smaller.

Boards with a power over :data:`POWER_RANGE` are solved one state at a time (as before). Two
things are not externals: life and poison (a player who lost, 704.5a/704.5c, ends the game before
persist or undying triggers, 104.3b, 603.3, so they are facts: a state with other totals gets a
program of its own), and the damage marked on
creatures of toughness over :data:`DAMAGE_RANGE` or indestructible ones (702.12b: any amount may
be marked), which is part of the program's facts (a state with other values of it gets a program
of its own).

>>> from pysolver.files.loader import situation_from_data
>>> from pysolver.rules.combat import settle
>>> s = settle(situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 5}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 2}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {}}}))
>>> steps = StepPrograms()
>>> [dict(r.life) for r in steps.results(s)]
[{'a': 20, 'b': 2}]
>>> blocked = s.with_combat(blockers=(("y", "x"),))
>>> sorted(sorted(r.gone) for r in steps.results(blocked)), steps.grounded
([['y']], 1)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

from clingo import Symbol

from ..asp.facts import atom, program, situation_symbols
from ..asp.solving import STEP_RESULTS, Part, control, models
from ..model import Permanent, Situation
from ..model.abilities import Pump
from ..model.magnitudes import times_bound
from ..model.mana import Mana
from . import combat as c
from .statics import reads_tapped

DAMAGE_RANGE = 20  # creatures of toughness up to this have their damage marked as an external
POWER_RANGE = 20  # boards with a greater power are solved one state at a time
NOT_CHARACTERISTICS = ("left_battlefield", "departed", "tapped", "mana_pool", "mana_spent",  # read by no step rule
                       "pump_limit", "cant_block_this_turn", "cant_be_blocked_this_turn",
                       "attacks_despite_defender_this_turn", "cant_be_blocked_by_power_this_turn")
# The parts of encodings/combat.lp that make the state a step starts from externals, and those externals,
# by name and arity.
STATE_PARTS: tuple[Part, ...] = ("block_state", "left_state", ("step_state", [DAMAGE_RANGE]), "pump_state")
STATE = (("state_blocking", 2), ("state_left", 1), ("state_damage", 2), ("state_regular", 0),
         ("state_dealt_first_strike", 1), ("state_pump", 3))


KEPT = 16  # boards whose step programs a search keeps (each a grounded program of a few MB)
PUMP_TOTALS = 256  # at most this many totals until end of turn of one creature are externals; more stay facts


def pump_totals(s: Situation, p: Permanent) -> frozenset[tuple[int, int]] | None:
    """For a face-up creature with pump abilities of its own ("~ gets +X/+Y", 602.1, 708.2a): the
    totals until end of turn (613.4c) it can have from now on, each ability activated as often as its
    controller's whole pool pays for it (602.2b, 601.2h; more than what is left, so that one program
    serves the later states too). None if it has none, or more than :data:`PUMP_TOTALS` (a big pool:
    then each total is a program of its own, as before, rather than one program grounding them all)."""
    found = _pump_times(s, p)
    if found is None:
        return None
    own, times = found
    x, y = p.until_end_of_turn
    return frozenset((x + sum(k * q.power for k, q in zip(ks, own)), y + sum(k * q.toughness for k, q in zip(ks, own)))
                     for ks in itertools.product(*(range(n + 1) for n in times)))


def _pump_times(s: Situation, p: Permanent) -> tuple[list[Pump], list[int]] | None:
    """The pumps of :func:`pump_totals` and how often the pool pays each, or None."""
    own = [pump for kind, pump in p.pump_abilities() if kind == "pump"] if p.is_creature and not p.face_down else []
    if not own:
        return None
    times = [0 if not pump.allowed(s.player(p.controller).graveyard_types)  # 602.5
             else times_bound(s, p, pump, Mana()) if pump.limit is None else min(times_bound(s, p, pump, Mana()),
                                                                                   pump.limit)  # 602.5b
             for pump in own]
    return (own, times) if math.prod(n + 1 for n in times) <= PUMP_TOTALS else None


class StepProgram:
    """One board's grounded damage-step program; :meth:`results` solves it for one state."""

    def __init__(self, s: Situation) -> None:
        facts = []
        self.pumps = {p.id: totals for p in s.permanents if (totals := pump_totals(s, p)) is not None}
        for sym in situation_symbols(s, combat=False):
            if sym.name == "damage_marked":
                facts.append(atom("fixed_damage", *sym.arguments))
            elif sym.name == "until_end_of_turn" and sym.arguments[0].string in self.pumps:
                continue  # an external (#program pump_state)
            elif sym.name not in NOT_CHARACTERISTICS:  # (110.5: tapped_reading/1, "as long as it's untapped")
                facts.append(sym)
        facts += [atom("pump_range", pid, x, y) for pid, totals in self.pumps.items() for x, y in sorted(totals)]
        facts += [atom("attacking", a, t) for a, t in s.combat.attackers or ()]
        self.ctl = control(STEP_RESULTS, program(facts),
                           parts=("base", *STATE_PARTS, *c.CHOOSE_RESULTS, *c.STEP_SHOWN),
                           args=("--models=0", "--project=project"))
        # Free externals, each fixed by the assumptions of a solve (an external left false would be
        # false for good: clasp simplifies it away).
        self.externals = {a.symbol: a.literal for sig in STATE for a in self.ctl.symbolic_atoms.by_signature(*sig)
                          if a.is_external}  # (not every atom: the program's externals are these)
        for x in self.externals:
            self.ctl.assign_external(x, None)
        self.varies = {a.symbol.arguments[0].string for a in self.ctl.symbolic_atoms.by_signature("state_damage", 2)}
        self.read: dict[Any, tuple[str, tuple[Any, ...]]] = {}  # the shown atoms read so far
        # The results of each state solved so far.
        self.solved: dict[tuple[int, ...], list[c.StepResult]] = {}
        self.fixed = {p.id: p.damage for p in s.permanents if p.id not in self.varies}

    def fits(self, s: Situation) -> bool:
        """Whether `s` differs from this program's board only in its externals' state."""
        return (all(p.damage == self.fixed[p.id] for p in s.permanents if p.id in self.fixed and not p.left_battlefield)
                and all(p.until_end_of_turn in self.pumps[p.id] for p in s.permanents if p.id in self.pumps))

    def covers(self, s: Situation) -> bool:
        """Whether every external true in state `s` is one of this program's (on a board with static
        abilities, 613, a creature's damage may be one its toughness in this program's board does not bound:
        an indestructible one, 702.12b)."""
        return all(x in self.externals for x in self._true(s))

    def _true(self, s: Situation) -> list[Symbol]:
        """The externals true in state `s`."""
        combat = s.combat
        if combat.damage_step == "regular" and combat.first_strikers is None:
            raise ValueError("the regular step needs the first strikers recorded (pysolver.rules.combat.settle)")
        true = [atom("state_blocking", b, a) for b, a in combat.blockers or ()]
        true += [atom("state_left", p.id) for p in s.permanents if p.left_battlefield]
        true += [atom("state_damage", p.id, p.damage) for p in s.permanents
                 if p.id in self.varies and not p.left_battlefield]
        true += [atom("state_pump", p.id, *p.until_end_of_turn) for p in s.permanents if p.id in self.pumps]
        if combat.damage_step == "regular":
            true += [atom("state_regular")] + [atom("state_dealt_first_strike", x) for x in combat.first_strikers or ()]
        return true

    def assumptions(self, s: Situation) -> list[int]:
        """Every external as a literal, true or false in state `s`."""
        true = self._true(s)
        missing = [str(x) for x in true if x not in self.externals]
        if missing:
            raise ValueError(f"state outside the program's externals: {', '.join(missing)}")
        chosen = set(true)
        return [lit if x in chosen else -lit for x, lit in self.externals.items()]

    def results(self, s: Situation) -> list[c.StepResult]:
        """Each distinct result of the next damage step of `s`, with one witness assignment (all of
        them, before any is used: a search may solve this program again for a later state)."""
        assumptions = tuple(self.assumptions(s))
        found = self.solved.get(assumptions)
        if found is None:
            found = self.solved[assumptions] = [c.step_result(symbols, self.read)
                                                for symbols in models(self.ctl, assumptions=assumptions)]
        return found


class StepPrograms:
    """The step programs of the boards one search reaches, grounded on first use (`grounded` counts them),
    the :data:`KEPT` boards used last kept (a walk is depth first: it seldom comes back to an older one)."""

    def __init__(self) -> None:
        self.programs: dict[tuple[Any, ...], list[StepProgram]] = {}
        self.grounded = 0

    def results(self, s: Situation, board: Situation | None = None) -> list[c.StepResult]:
        """Each distinct result of the next damage step of `s` (as :func:`pysolver.rules.combat.step_results`).
        A board with a printed power over :data:`POWER_RANGE` gets the one-state program of
        :func:`pysolver.rules.combat.step_results` instead: with the blocks and who has left not facts, the
        shared program would ground the shares to exact recipients of every possible block in unary;
        so does a state whose damage marked no program of its board has as an external (on a board with
        static abilities, 613: the toughness that bounds the damage externals depends on who has left
        and an indestructible creature, 702.12b, may have any damage; :meth:`StepProgram.covers`).

        `board`: a situation whose permanents include those of `s` and whose attackers are its
        (:mod:`pysolver.game.fights`: a fight's attackers with every creature that might block them):
        `s` is solved with the other permanents of `board` beside it, out of combat, so that one
        program (blocks are externals) serves every fight of those attackers."""
        if any((p.power or 0) > POWER_RANGE for p in s.permanents):
            return list(c.step_results(s))
        if board is not None and board.combat.attackers == s.combat.attackers:
            ids = {p.id for p in s.permanents}
            s = replace(s, permanents=s.permanents + tuple(p for p in board.permanents if p.id not in ids))
        program = self._program(s)
        return program.results(s) if program is not None else list(c.step_results(s))

    def _program(self, s: Situation) -> StepProgram | None:
        """A program of `s`'s board that fits and covers `s`, grounded if none does yet; None if even a
        new one does not cover it."""
        key = _key(s)
        programs = self.programs.pop(key, [])
        self.programs[key] = programs  # (the last used last)
        if len(self.programs) > KEPT:
            del self.programs[next(iter(self.programs))]
        fitting = next((sp for sp in programs if sp.fits(s) and sp.covers(s)), None)
        if fitting is None:
            fitting = StepProgram(s)
            programs.append(fitting)
            self.grounded += 1
        return fitting if fitting.covers(s) else None


def _key(s: Situation) -> tuple[Any, ...]:
    """What a step program is grounded from but its externals (:class:`StepProgram`). Mana is read by
    no step rule (NOT_CHARACTERISTICS): boards that differ only in mana paid for pumps or face-up turns
    share a program, and so do boards that differ only in what pumps added until end of turn
    (#program pump_state; the pools bound it), and boards whose creatures differ only in how many
    regeneration shields they have, if any (701.19a: a step uses at most one; outcomes.lp reads only
    whether there is one), or in how often their pumps were activated this turn (602.5b: read by no step
    rule) — but whether they are tapped where a static ability reads it (110.5, "as long as it's untapped")."""
    reads = reads_tapped(s)
    return (s.active, tuple((p.name, p.life, p.poison, p.mana, p.prevention_shield) for p in s.players),
            s.combat.attackers, s.combat.combat_damage_prevented,
            tuple(sorted((replace(p, damage=0, left_battlefield=False, tapped=p.tapped and reads,
                                  cant_block_this_turn=False, cant_be_blocked_this_turn=False,
                                  cant_be_blocked_by_power_this_turn=None, attacks_despite_defender_this_turn=False,
                                  regeneration_shields=min(p.regeneration_shields, 1), activations_this_turn=(),
                                  until_end_of_turn=(0, 0) if _pump_times(s, p) is not None else p.until_end_of_turn)
                          for p in s.permanents), key=lambda p: p.id)))
