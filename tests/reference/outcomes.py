"""Every distinct end-of-combat result (docs/results.md `outcomes`), by brute force.

Plain Python, independent of the ASP encodings and of ``pysolver.combat``/``outcomes``. The
rest of the combat is played out in every possible way, one stage after the other (506.1):

* beginning of combat (507.2, only if attackers are not declared yet): a priority window;
* declare attackers (508.1, :func:`reference.declarations.reference_attacks`), then its window;
* declare blockers (509.1, :func:`reference.declarations.reference_blocks`), then its window
  (508.8: no attackers, no declare blockers and no combat damage steps);
* the combat damage steps (510, :func:`reference.damage.step_assignments` for every
  assignment), with the window between the first-strike and the regular step (510.3, 510.4).

In each window every player may turn any of their face-down creatures with a morph or
megamorph cost face up (116.2b, 702.37e), paying from what is left of their `mana` (the pool
is shared across the combat): every colored and {C} symbol with exactly that mana, every
generic one with any mana; each way of paying is tried. A megamorph cost puts a +1/+1 counter
on it (702.37b); damage marked stays (120.6) and state-based actions follow (704.3).

Each combat damage step deals the damage of each legal assignment (510.2) and then applies the
state-based actions (704.3). A player at 0 or less life after the first-strike step has lost
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

from pysolver.mana import Mana
from pysolver.model import Permanent, Situation

from .characteristics import Characteristics, battlefield, characteristics, left_battlefield, state_based_action
from .damage import Assignment, combat_now, fast, next_step, step_assignments
from .declarations import has_quality, reference_attacks, reference_blocks

POOL_KEYS = ("W", "U", "B", "R", "G", "colorless")


class Outcome(dict):
    """A canonical outcome (docs/results.md, without `line`): a dict that can be put in a set."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(canonical(self))


def canonical(outcome: dict) -> str:
    """A comparable form of an outcome dict (its `line`, if any, left out)."""
    keys = ("life", "lost", "destroyed", "damage", "loyalty", "defense")
    return json.dumps({k: outcome[k] for k in keys}, sort_keys=True)


@dataclass(frozen=True)
class State:
    """A moment of the combat: the situation as it now is (life, damage, loyalty, defense,
    face-down or not, counters; each player's `mana` is what they have left), the permanents
    that left the battlefield, and who had first strike or double strike as the first-strike
    step began (510.4; None before it)."""

    s: Situation
    gone: frozenset[str]
    first_strikers: frozenset[str] | None = None

    def field(self) -> dict[str, Characteristics]:
        return {p.id: characteristics(p) for p in self.s.permanents if p.id not in self.gone}


# ==== Turning face up (116.2b, 702.37e) ===================================================

def pay(pool: Mana, cost: Mana) -> set[Mana]:
    """Every pool left after paying `cost` from `pool` (107.4, 601.2h): each colored and {C}
    symbol with one mana of exactly that kind, each generic one with any one mana."""
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


def morph_cost(p: Permanent) -> tuple[str, Mana] | None:
    """('morph' | 'megamorph', cost) from the face-up side's abilities (702.37a, 702.37b)."""
    for a in p.abilities:
        if a.kind in ("morph", "megamorph"):
            return a.kind, a.value  # type: ignore[return-value]
    return None


def settle(state: State) -> State:
    """704.3: the state-based actions of docs/situation.md (704.5f/g/i/v), before any damage step."""
    gone = set(state.gone)
    for pid, c in state.field().items():
        if state_based_action(c) is not None:
            gone.add(pid)
    return replace(state, gone=frozenset(gone))


def face_up_options(state: State) -> set[State]:
    """Every state after a priority window: each set of face-down permanents (each player's own)
    turned face up, each way of paying their costs; the empty set included."""
    turnable = [p for p in state.s.permanents
                if p.face_down and p.id not in state.gone and morph_cost(p) is not None]
    results = set()
    for n in range(len(turnable) + 1):
        for chosen in itertools.combinations(turnable, n):
            pools = [{p.name: p.mana for p in state.s.players}]
            for p in chosen:
                cost = morph_cost(p)[1]
                pools = [{**pool, p.controller: left} for pool in pools for left in pay(pool[p.controller], cost)]
            ids = {p.id for p in chosen}
            for pool in pools:
                players = tuple(replace(pl, mana=pool[pl.name]) for pl in state.s.players)
                permanents = tuple(
                    replace(p, face_down=False).with_counters(1, 1, morph_cost(p)[0] == "megamorph")  # 702.37b
                    if p.id in ids else p for p in state.s.permanents)
                results.add(settle(replace(state, s=replace(state.s, players=players, permanents=permanents))))
    return results


# ==== A combat damage step (510.2, 120.3, 704.3) ==========================================

def deal(state: State, field: dict[str, Characteristics], assignment: Assignment) -> tuple[State, bool]:
    """Deal the damage of an assignment simultaneously, then the state-based actions."""
    loss = {p.name: 0 for p in state.s.players}
    gain = {p.name: 0 for p in state.s.players}
    marked = {pid: 0 for pid in field}
    deathtouched = set()
    for src, r, n in assignment:
        source = field[src]
        if r in field and any(has_quality(source, q) for q in field[r].protections()):
            continue  # 702.16e, 702.16j, 702.16k: prevented
        if source.has("lifelink"):
            gain[source.controller] += n  # 702.15b
        if r in loss:
            loss[r] += n  # 120.3a
        else:
            marked[r] += n
            if source.has("deathtouch"):
                deathtouched.add(r)  # 702.2b
    players = tuple(replace(p, life=p.life - loss[p.name] + gain[p.name]) for p in state.s.players)
    permanents = []
    for p in state.s.permanents:
        c = field.get(p.id)
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
    for pid, c in after.field().items():
        if state_based_action(c) is not None:  # 704.5f, 704.5g (702.12b), 704.5i, 704.5v
            gone.add(pid)
        if (pid in deathtouched and c.is_creature and c.toughness > 0
                and not c.has("indestructible")):  # 704.5h, 702.12b
            gone.add(pid)
    lost = any(p.life <= 0 for p in players)  # 704.5a
    return replace(after, gone=frozenset(gone)), lost


# ==== The search ==========================================================================

def outcome(state: State) -> Outcome:
    """The docs/results.md result of a finished combat."""
    field = state.field()
    return Outcome(
        life={p.name: p.life for p in state.s.players},
        lost=sorted(p.name for p in state.s.players if p.life <= 0),
        destroyed=sorted(state.gone),
        damage={pid: c.damage for pid, c in field.items() if c.is_creature and c.damage > 0},
        loyalty={pid: c.loyalty for pid, c in field.items() if c.is_planeswalker},
        defense={pid: c.defense for pid, c in field.items() if c.is_battle})


class Search:
    def __init__(self) -> None:
        self.memo: dict[tuple[str, State], frozenset[Outcome]] = {}

    def run(self, stage: str, state: State) -> frozenset[Outcome]:
        key = (stage, state)
        if key not in self.memo:
            self.memo[key] = frozenset(getattr(self, stage)(state))
        return self.memo[key]

    def check_board(self, state: State) -> None:
        # Before any damage, the permanents gone are exactly those the state-based actions remove.
        assert set(battlefield(state.s)) == set(state.field()), "state-based actions out of step"

    def beginning_of_combat(self, state: State) -> set[Outcome]:
        return {o for after in face_up_options(state) for o in self.run("declare_attackers", after)}

    def declare_attackers(self, state: State) -> set[Outcome]:
        self.check_board(state)
        out = set()
        for decl in reference_attacks(state.s):
            declared = replace(state, s=state.s.with_combat(attackers=tuple(sorted(decl))))
            out |= self.run("after_attackers", declared)
        return out

    def after_attackers(self, state: State) -> set[Outcome]:
        return {o for after in face_up_options(state) for o in self.run("declare_blockers", after)}

    def declare_blockers(self, state: State) -> set[Outcome]:
        if not state.s.combat.attackers:  # 508.8
            return {outcome(state)}
        if state.s.combat.blockers is not None:
            return set(self.run("after_blockers", state))
        self.check_board(state)
        out = set()
        for decl in reference_blocks(state.s):
            declared = replace(state, s=state.s.with_combat(blockers=tuple(sorted(decl))))
            out |= self.run("after_blockers", declared)
        return out

    def after_blockers(self, state: State) -> set[Outcome]:
        return {o for after in face_up_options(state) for o in self.run("damage", after)}

    def after_first_strike(self, state: State) -> set[Outcome]:
        return {o for after in face_up_options(state) for o in self.run("damage", after)}

    def damage(self, state: State) -> set[Outcome]:
        field = state.field()
        step = next_step(state.s, field)
        out = set()
        for assignment in step_assignments(state.s, field, step, state.first_strikers):
            after, lost = deal(state, field, assignment)
            if step == "first_strike":
                # 510.4: who had first strike or double strike as this step began.
                had = frozenset(c for c in combat_now(state.s, field).creatures if fast(field[c]))
                after = replace(after, s=after.s.with_combat(damage_step="regular"), first_strikers=had)
                if lost:  # 104.3b, 704.5a: the game is over
                    out.add(outcome(after))
                else:
                    out |= self.run("after_first_strike", after)
            else:
                out.add(outcome(after))
        return out


def start(s: Situation) -> tuple[str, State]:
    """The starting state (docs/situation.md state-based actions applied) and the first stage (docs/verify.md)."""
    state = State(s, frozenset(left_battlefield(s)),
                  frozenset(s.combat.first_strikers) if s.combat.first_strikers is not None else None)
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
