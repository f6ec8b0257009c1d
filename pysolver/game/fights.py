"""Outcomes by independent fights: each attacker with its blockers, solved once, combined by sums.

Once blockers are declared (509.1), each connected group of the attacker–blocker graph — an
attacker with the creatures blocking it, and the attackers those block too (509.1a, 702.19b) — a
*fight* — deals and is dealt combat damage apart from the others (510.1: an attacking creature
assigns its damage to the creatures blocking it or, with trample, to the player or planeswalker it
attacks; a blocking creature to the creatures it blocks). Fights meet only in:

* the players' life and poison totals (119.3, 120.3, 122.1f), which add up;
* whether there is a first-strike damage step at all (510.4: if *any* attacking or blocking
  creature has first strike or double strike as the step begins), and, if there is, 104.3b and
  704.5a/704.5c between the steps: a player at 0 or less life, or with ten poison counters, after
  the first-strike step has lost before the regular step;
* the mana each player spends on face-up turns (702.37e) and pumps (602.2b) in the windows after
  blockers (509.2) and between the steps (510.3): one pool for the combat (106.4).

So :meth:`Fights.ends` walks each fight alone — its windows and damage steps through the one game
tree (:mod:`pysolver.game.gametree`; each step one projected enumeration of its distinct results,
``encodings/outcomes.lp`` through :mod:`pysolver.rules.steps`, one program for every fight of an
attacker) on a situation holding only its creatures — and remembers the result for every block
declaration that has the same fight; and :meth:`Blocks.outcomes` takes one end of each fight at a
time, keeps the combinations whose mana the pools pay together, and adds their life and poison (a
sumset), reading who lost after the first-strike step. Pumps and face-up turns commute within a
window, and in a fight nothing happens between its window after blockers and the one between
the steps if it has no first striker, so each fight's windows are explored as the sets of
situations they can close in (:func:`window_ends`), not as orders of play.

Before blocks the walk is over whole situations: the windows' ends, then each declaration
(:func:`pysolver.game.outcomes.outcome_values` uses this module where :func:`decomposes` says the board
has no death trigger, combat-damage trigger, requirement, provoke or team pump; a declaration that
attacks a planeswalker or battle, or leaves block triggers on the stack, is walked as before).

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 3}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}]})
>>> sorted((o.life_of("b"), o.destroyed) for o in outcomes(gt.root(s), lambda p, m: iter(())))
[(0, ()), (3, ()), (3, ('y',))]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..asp import deadline
from ..model import Permanent, Player, Situation
from ..model.abilities import (
    DEALT_TRIGGERS,
    DOUBLE_DAMAGE,
    HIT_TRIGGERS,
    LIFE_FLOOR,
    OPPONENTS_ENTER_TAPPED,
    PARTIAL_PREVENTIONS,
    RETURNS_EXILED,
    SHIELDS,
    STATICS,
    SWITCHES,
    TRIGGERS,
    WINDOW_TRIGGERS,
    constant_on_itself,
    declares_only,
    granted_kind,
    requires,
)
from ..model.mana import Mana, pays
from ..model.moves import (
    DEATH_TRIGGERS,
    AbilityActivation,
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    Triple,
)
from ..model.situation import RETURNED
from ..model.stage import WINDOWS, Stage
from ..model.values import Line, Outcome
from ..rules import activated, end_of_combat, pumps, tokens
from ..rules import combat as c
from ..rules.bans import may_lift
from ..rules.facedown import turnable
from ..rules.steps import StepPrograms
from ..rules.triggers import PROVOKE, has_triggers
from . import gametree as gt
from .explore import explores, line

# "Target creature gets +X/+Y [and gains K]" (613.4c, 613.1f), "regenerate target creature" (701.19a), "target
# creature can't be regenerated this turn" (701.19c), "put a +1/+1 counter on target creature" (122.1a): of a
# permanent in no fight, they go with each fight (:class:`Blocks`)
TARGETING = ("target_pump", "target_regenerate", "target_counter", "target_cant_regenerate")
FAST = ("first_strike", "double_strike")  # 510.4: a board with these (or granting them, 613.1f) may have two steps
# A fight's life totals start here (a number no combat reaches 0 from, 119.3), so that nobody
# loses inside it (704.5a): who lost is read off the sums (:meth:`Blocks.outcomes`).
OFFSET = 1_000_000
Fallback = Callable[[gt.Position, tuple[Move, ...]], Iterator[Outcome]]


def decomposes(s: Situation) -> bool:
    """Whether the board's combat splits into fights once blockers are declared: nothing it can do
    reaches across them but life, poison and mana (no death trigger, 603.10a, whose target is any
    creature; no requirement or provoke, 509.1c; no pump of "creatures you control", 608.2h; no
    "target creature gets +X/-Y" that lowers a toughness, 704.5f, nor one on a face-down
    permanent), and no damage step has begun, and no delayed trigger will destroy a creature at end of combat
    (603.7a: a permanent in no fight would be destroyed in each). (Once blockers are declared tapping a creature and
    "can't block" change no end, :func:`pysolver.rules.activated.may_matter`, and "~ gets +X/+Y"
    with {T} stays in its fight; "target creature gets +X/+Y" of a permanent in no fight goes with
    every fight, its {T} paid in one of them only, :meth:`Blocks.fight`; :meth:`Blocks.outcomes`
    does not split a declaration with its source in a fight, nor one while a "~ deals N damage to …"
    can still be paid for, :func:`pysolver.rules.activated.may_use_stack`: its target is any
    fight's.) No combat-damage trigger either (510.3a: it goes on the stack after the step, not in a
    fight's own windows), nor a trigger of a window (708.8, 701.37b: its target or group may be in any
    fight), nor a damage trigger (603.2, 120.3: its damage may reach any fight). No static ability (611.3a)
    but those of :func:`constant_sources` either: its source in one fight may die in its first-strike
    step and so change a creature's power, toughness or abilities in another, and the state-based
    actions it changes (704.3) reach across fights; a creature's ability on itself with a condition that stays the
    same (:func:`~pysolver.model.abilities.constant_on_itself`: "as long as it's your turn", "… is equipped")
    stays in its fight; a restriction of the declarations ("~ can't block
    unless you control another Zombie", 509.1b: :func:`~pysolver.model.abilities.declares_only`) is
    read by them only; nor "Prevent all damage that would be dealt to creature tokens you control" (615.1a, 611.3a:
    its source may leave the battlefield in one fight's first-strike step, the tokens it protects be in others;
    so may the source of a prevention of part of the damage, 615.10, or of doubled damage, 614.1a; and a life floor,
    614.1a, reads the sum of every fight's damage to its controller),
    nor "switch each creature's power and toughness" (613.4d: every fight's creatures), nor "Creatures your
    opponents control enter the battlefield tapped" of a permanent in a fight (614.1c: the tokens and returned
    cards it taps may be in others), nor a creature that prohibits activating abilities of creatures that have some
    (602.5, :func:`pysolver.rules.bans.may_lift`: it may leave the battlefield in one fight's first-strike
    step and so allow them in another). A permanent's "return the exiled card[s]" with no card exiled with it triggers
    nothing (607.2a, 610.3c: :mod:`pysolver.rules.exiled`) and stays in its fight.
    Nor may a player have or get a prevention shield (615.7,
    :func:`pysolver.rules.activated.shields_players`: it prevents damage from any fight, the player
    choosing which); a creature's is its fight's, and "Prevent the next N damage that would be dealt
    to target creature" of a permanent in no fight goes with every fight, as a targeted pump does. The end of
    combat step's triggers (511.2, :mod:`pysolver.rules.end_of_combat`) act in their source's fight: each fight
    plays its step alone (:class:`FightEnd` ``last``), where nobody lost (104.3b)."""
    constant = constant_sources(s)
    kinds = {a.kind for p in s.permanents if p.id not in constant for a in p.abilities
             if not declares_only(a) and not constant_on_itself(a)
             and not (a.kind in RETURNS_EXILED and not p.exiled_cards)}  # 607.2a: with nothing to return
    return (s.combat.damage_step is None and not s.combat.provoked
            and not any(requires(a) for p in s.permanents for a in p.abilities)
            and not kinds & {*DEATH_TRIGGERS, PROVOKE, "team_pump", *HIT_TRIGGERS, *WINDOW_TRIGGERS, *STATICS,
                             *DEALT_TRIGGERS, "prevent_damage_to_tokens", *PARTIAL_PREVENTIONS,
                             DOUBLE_DAMAGE, LIFE_FLOOR, OPPONENTS_ENTER_TAPPED, "switch_each"}
            and not any(kind in TARGETING and (ab.toughness < 0 or p.face_down)
                        for p in s.permanents for kind, ab in p.combat_abilities())
            and not activated.shields_players(s) and not may_lift(s)
            and not any(p.destroyed_at_end_of_combat for p in s.permanents))  # 603.7a: a delayed trigger's


def constant_sources(s: Situation) -> frozenset[str]:
    """The permanents whose static abilities are the same through the whole combat (611.3a): anthems and
    grants of a permanent that is no creature, planeswalker or battle (nothing in combat damages it or
    changes it; a face-down permanent is a creature, 708.2a). Each fight's program has them."""
    return frozenset(p.id for p in s.permanents if not p.left_battlefield and not p.face_down
                     and not {"Creature", "Planeswalker", "Battle"} & set(p.types)
                     and any(a.kind in STATICS for a in p.abilities)
                     and all(a.kind in ("anthem", "grant") for a in p.abilities))


@dataclass(frozen=True)
class Part:
    """A fight's share of a state: life and poison added (in the players' order), what happened to its
    creatures (:func:`key`'s facts: left the battlefield, damage, -1/-1 counters) and which came back
    (persist, undying: 702.79a, 702.93a)."""

    totals: tuple[int, ...]  # life added, then poison counters, in the players' order
    facts: frozenset[tuple[Any, ...]]
    back: frozenset[tuple[Any, ...]]


@dataclass(frozen=True)
class FightEnd:
    """One way a fight can end: `strike` None for a combat with one damage step, True if the fight
    had a first-strike step of its own (510.4), False for a combat with a first-strike step in
    which this fight has no first striker (only its regular step deals damage); the mana spent (per
    player, in their order), its share of the state after the first-strike step and at the
    end, and the moves of its line."""

    strike: bool | None
    cost: tuple[Mana, ...]
    first: Part | None
    final: Part
    moves: tuple[Move, ...]
    before: int  # how many of `moves` come before the window between the steps (the line if it ends there)
    taps: frozenset[str] = frozenset()  # the permanents it tapped to pay {T} (602.5a): one fight each
    last: Part | None = None  # its share once the end of combat step is over (511.3), if that changed `final`


def window_ends(p: gt.Position) -> dict[gt.Position, tuple[Move, ...]]:
    """Each position the priority window `p` is in can close into (117.4), with one sequence of
    actions reaching it: face-up turns (702.37e) and pump activations (602.2) commute, so the
    window is the set of situations it can end in, each explored once; only actions that may change
    the outcome (as the walk of :mod:`pysolver.game.outcomes` chooses them). At the beginning of
    combat only the active player's face-up turns, the activations that give a keyword (haste,
    702.10b; vigilance, 702.20b: read as attackers are declared, 613.1f) and those whose cost does
    not wait (:func:`pysolver.rules.pumps.waits`: life, a sacrifice, a tap): no rule of declaring
    attackers reads power or toughness or the defending player's permanents (508.1a-c), so the rest
    can wait for the window after attackers, where they do the same."""
    if p.stage not in WINDOWS:
        return {p: ()}
    stage = p.stage
    ends: dict[gt.Position, tuple[Move, ...]] = {}
    seen: set[gt.Position] = set()

    def go(q: gt.Position, moves: tuple[Move, ...]) -> None:
        if q in seen:
            return
        deadline.check()
        seen.add(q)
        if q.stage != stage:
            ends.setdefault(q, moves)
            return
        for m, child in explores(q, moves):
            if stage == Stage.BEGINNING_OF_COMBAT and (
                    (isinstance(m, Activation) and not pumps.gives_keywords(q.s, m) and pumps.waits(
                        pumps.pumps_of(q.s.permanent(m.permanent))[m.ability]))
                    or (isinstance(m, FaceUp) and q.s.permanent(m.permanent).controller != q.s.active)):
                continue
            go(child, moves + (m,))
    go(p, ())
    return ends


def _part(s: Situation) -> Part:
    o = c.outcome(s)
    return Part(tuple(n - OFFSET for _, n in o.life) + tuple(p.poison for p in s.players),
                _facts(o.destroyed, o.damage, o.minus_counters), frozenset(("returned", x) for x in o.returned))


def _after(s: Situation, r: c.StepResult) -> Part:
    """The part of the state after a damage step's result `r` on `s`, as :func:`_part` of
    :func:`pysolver.rules.combat.apply_step` has it, without building that situation: life and
    poison as the step leaves them, what left the battlefield (by the id it had, 400.7), damage and
    -1/-1 counters (120.3d) on the creatures still there, the creatures returned (702.79a,
    702.93a)."""
    life, poison = dict(r.life), dict(r.poison)
    damage, minus = dict(r.damage), dict(r.minus_counters)
    facts: list[tuple[Any, ...]] = []
    back = [("returned", x) for x in r.returned]
    for p in s.permanents:
        if p.left_battlefield or p.id in r.gone:
            facts.append(("gone", c.original_id(p.id)))
        elif p.id.endswith(RETURNED):
            back.append(("returned", c.original_id(p.id)))
        elif p.is_creature:
            n, k = damage.get(p.id, p.damage), minus.get(p.id, p.minus_counters)
            facts += [("damage", p.id, n)] * (n > 0) + [("minus", p.id, k)] * (k > 0)
    return Part(tuple(life.get(p.name, p.life) - OFFSET for p in s.players)
                + tuple(poison.get(p.name, p.poison) for p in s.players), frozenset(facts), frozenset(back))


class Fights:
    """The fights of one search, each walked once (:meth:`ends`), and their step programs."""

    def __init__(self) -> None:
        self.steps = StepPrograms()
        self.memo: dict[tuple[Situation, bool], tuple[FightEnd, ...]] = {}

    def ends(self, s: Situation, board: Situation, first_strike: bool) -> tuple[FightEnd, ...]:
        """Every distinct way the fight `s` (a situation holding one fight, blockers declared) can end;
        `board`: its attackers with every creature that might block them, none declared (one step
        program serves each fight of the board, :meth:`pysolver.rules.steps.StepPrograms.results`);
        `first_strike`: whether another fight may have a first-strike step (510.4; if not, no end
        of this fight without one in a combat with one is needed)."""
        found = self.memo.get((s, first_strike))
        if found is None:
            found = self.memo[s, first_strike] = tuple(dict.fromkeys(self._ends(s, board, first_strike)))
        return found

    def _ends(self, s: Situation, board: Situation, first_strike: bool) -> Iterator[FightEnd]:
        start = _part(s)
        untapped = frozenset(p.id for p in s.permanents if not p.tapped)
        plain = []
        for q, moves in window_ends(gt.enter(Stage.AFTER_BLOCKERS, s)).items():
            results = self.steps.results(q.s, board)
            if results and results[0].step == "first_strike":  # 510.4: this fight has a first striker
                for r in results:
                    first = c.apply_step(q.s, r)
                    part = _part(first)
                    yield from self._regular(gt.after_step(q.s, r), board, True, part,
                                             moves + (DamageAssignment(r.step, r.assignment),), untapped)
                continue
            for r in results:  # one damage step for the whole combat
                yield FightEnd(None, _spent(q.s), None, _after(q.s, r),
                               moves + (DamageAssignment(r.step, r.assignment),), len(moves) + 1,
                               _taps(q.s, untapped), _ended(q.s, r))
            # (704.3 after a face-up turn: what the first step leaves)
            if first_strike and (q.s == s or _part(q.s) != start):
                plain.append((q.s, moves))
        # A combat with a first-strike step elsewhere: this fight deals no damage in it, so its window
        # after blockers and the one between the steps are as one (nothing happens to it in between;
        # only actions whose state-based actions, 704.3, change what the first step leaves are kept
        # before it).
        for q_s, moves in plain:
            p = gt.enter(Stage.AFTER_FIRST_STRIKE_DAMAGE, q_s.with_combat(damage_step="regular", first_strikers=()))
            yield from self._regular(p, board, False, _part(q_s), moves, untapped)

    def _regular(self, p: gt.Position, board: Situation, strike: bool, first: Part,
                 moves: tuple[Move, ...], untapped: frozenset[str]) -> Iterator[FightEnd]:
        for q, more in window_ends(p).items():
            for r in self.steps.results(q.s, board):
                yield FightEnd(strike, _spent(q.s), first, _after(q.s, r),
                               moves + more + (DamageAssignment(r.step, r.assignment),), len(moves),
                               _taps(q.s, untapped), _ended(q.s, r))


def _ended(s: Situation, r: c.StepResult) -> Part | None:
    """The fight's share once its end of combat step is over (511.2, 511.3: its triggers resolved, 704.3) after
    the last damage step's result `r` on `s`, if it has such triggers and they change it, else None. (They act on
    their source, the creatures it blocks and those blocking it: one fight's; nothing else happens in it after
    the step, :func:`decomposes`; whether a player lost before it, 104.3b, is the sum over the fights'.)"""
    if not end_of_combat.present(s):
        return None
    after = c.apply_step(s, r)
    done = end_of_combat.ended(after)  # (the fight's players are at OFFSET life: none lost in it alone)
    return None if done == after else _part(done)


def _taps(s: Situation, untapped: frozenset[str]) -> frozenset[str]:
    """The permanents untapped as the fight began (`untapped`) that are tapped in `s`: paid for {T}
    (602.5a; nothing else taps a permanent once blockers are declared, rules.activated.may_matter)."""
    return frozenset(p.id for p in s.permanents if p.tapped and p.id in untapped)


def _spent(s: Situation) -> tuple[Mana, ...]:
    """What each player spent in a fight (its situation starts with nothing spent, :meth:`Blocks.fight`)."""
    return tuple(p.spent for p in s.players)


def losers_of(names: tuple[str, ...], life: tuple[int, ...], poison: tuple[int, ...]) -> list[str]:
    """The players at 0 or less life (704.5a) or with ten or more poison counters (704.5c), by the
    totals summed over the fights (:func:`pysolver.rules.combat.losers` for a whole situation)."""
    return [n for n, hp, pz in zip(names, life, poison) if hp <= 0 or pz >= 10]


def _turned(moves: tuple[Move, ...]) -> frozenset[str]:
    return frozenset(m.permanent for m in moves if isinstance(m, FaceUp))


def _waits(s: Situation) -> bool:
    """Whether every face-up turn before a declaration does the same if it waits for a later window
    (so that only the fewest turns a declaration needs are explored): no face-down permanent that
    can be turned face up has a combat trigger (603.2: face up as a declaration is made, it
    triggers; face down it has no abilities, 708.2a)."""
    return not any(a.kind in TRIGGERS for pid in turnable(s) for a in s.permanent(pid).abilities)


def _still(p: Permanent) -> bool:
    """Whether a permanent out of combat stays as it is whatever the windows do: no face-up turn
    could put it into the graveyard (704.5f/g), no pump of its lowers toughness (602.1, also
    "{T}: ~ gets -X/-Y"), it has no power and toughness switched nor an ability that switches them (613.4d: a
    toughness may fall) and none returns it to its owner's hand or exiles it (400.7)."""
    if p.switched_until_end_of_turn or any(kind in SWITCHES for kind, _ in p.combat_abilities()):
        return False
    return not (p.face_up_ways() and c.may_leave_face_up(replace(p, face_down=False))) and not any(
        y < 0 for y in [*(q.toughness for q in pumps.pumps_of(p)), *(ab.toughness for _, ab in p.combat_abilities())]
    ) and not any(q.leaves for q in pumps.pumps_of(p))  # 400.7: returned to a hand or exiled


Key = tuple[tuple[int, ...], tuple[int, ...], frozenset[tuple[Any, ...]]]  # life, poison, the permanents' facts


def key(o: Outcome, players: tuple[str, ...]) -> Key:
    """What tells outcomes apart (every docs/results.md field but `line`, as :attr:`Outcome.key`), in
    the form :class:`Blocks` builds from the fights' parts: life and poison in the players' order,
    and one set of what happened to the permanents."""
    poison = dict(o.poison)
    return (tuple(n for _, n in o.life), tuple(poison.get(p, 0) for p in players),
            frozenset(_facts(o.destroyed, o.damage, o.minus_counters) | {("returned", x) for x in o.returned}
                      | {("loyalty", *x) for x in o.loyalty} | {("defense", *x) for x in o.defense}))


def _facts(destroyed: Iterable[str], damage: Iterable[tuple[str, int]],
           minus: Iterable[tuple[str, int]]) -> frozenset[tuple[Any, ...]]:
    return frozenset([("gone", x) for x in destroyed] + [("damage", x, n) for x, n in damage if n > 0]
                     + [("minus", x, n) for x, n in minus if n > 0])


class Search:
    """One search for the outcomes from a position: the fights it solved (:class:`Fights`), the walk
    for what does not split (`fallback`), the outcomes found (by :func:`key`)."""

    def __init__(self, fallback: Fallback, build: bool = True) -> None:
        self.fights = Fights()
        self.fallback = fallback
        self.build = build
        self.seen: set[Key] = set()
        self.visited: set[gt.Position] = set()  # (a position reached twice, by other orders of the same moves)

    def outcomes(self, root: gt.Position) -> Iterator[Outcome | None]:
        """Every end-of-combat result from `root` (attackers or blockers to declare, or the window
        after blockers), each distinct one once (None for each if not `build`: for counting);
        positions this module does not split (a declaration that attacks a planeswalker or battle,
        block triggers on the stack) are walked (`fallback`) with the moves that reached them."""
        players = tuple(p.name for p in root.s.players)
        for o, new in self._search(root, ()):
            if not new:
                assert o is not None
                k = key(o, players)
                if k in self.seen:
                    continue
                self.seen.add(k)
            yield o

    def _search(self, p: Any, moves: tuple[Move, ...]) -> Iterator[tuple[Outcome | None, bool]]:
        """Outcomes from `p`, each with whether it is known to be new: those of combined fights are
        (None for each, not building), the others are told apart by :meth:`outcomes`."""
        deadline.check()
        if isinstance(p, _Blocked):
            yield from self._combined(p.blocks, p.pairs)
            return
        if p in self.visited:  # explored once: its outcomes were found then
            return
        self.visited.add(p)
        if p.is_end():
            yield c.outcome(p.s, line(p.s, moves)), False
        elif p.stage in (Stage.BEGINNING_OF_COMBAT, Stage.AFTER_ATTACKERS):
            # A declaration legal after fewer face-up turns is reached from there: the others can
            # wait for a later window (:func:`_waits`), where they do the same.
            done: dict[tuple[Move, tuple[Move, ...]], list[frozenset[str]]] = {}
            waits = _waits(p.s)
            ends = sorted(window_ends(p).items(), key=lambda e: len(_turned(e[1])))
            for q, more in ends:
                if q.stage not in (Stage.DECLARE_ATTACKERS, Stage.DECLARE_BLOCKERS):
                    yield from self._search(q, moves + more)
                    continue
                turned = _turned(more)
                pumped = tuple(m for m in more if isinstance(m, (Activation, AbilityActivation)))
                for m, child in self._declarations(q, moves + more):
                    if waits:
                        if any(t <= turned for t in done.get((m, pumped), ())):
                            continue
                        done.setdefault((m, pumped), []).append(turned)
                    yield from self._search(child, moves + more + (m,))
        elif p.stage in (Stage.DECLARE_ATTACKERS, Stage.DECLARE_BLOCKERS):
            for m, child in self._declarations(p, moves):
                yield from self._search(child, moves + (m,))
        elif p.stage == Stage.PUT_TRIGGERS and p.s.combat.blockers is None:  # 603.3d: attack triggers with targets
            for m, child in explores(p, moves):  # (they resolve before blocks: the fights are after them)
                yield from self._search(child, moves + (m,))
        elif p.stack or p.stage not in (Stage.AFTER_BLOCKERS, Stage.ATTACKERS_DAMAGE) or p.s.combat.damage_step:
            yield from ((o, False) for o in self.fallback(p, moves))
        else:  # blockers declared in the situation file
            yield from self._combined(Blocks(p.s, moves, self), p.s.combat.blockers or ())

    def _declarations(self, p: gt.Position, moves: tuple[Move, ...]) -> Iterator[tuple[Move, Any]]:
        """The declarations of `p` with what follows each: at declare blockers on a board where no
        block triggers anything (509.2a), the fights of each (:class:`Blocks`), without a position
        per declaration."""
        if p.stage != Stage.DECLARE_BLOCKERS or has_triggers(p.s, attacked=True) or not p.s.combat.attackers:
            yield from p.successors()
            return
        from ..rules.declarations import block_pairs
        blocks = Blocks(p.s, moves, self)
        for pairs in block_pairs(p.s):
            yield BlockDeclaration(pairs), _Blocked(blocks, pairs)

    def _combined(self, blocks: Blocks, pairs: tuple[tuple[str, str], ...]) -> Iterator[tuple[Outcome | None, bool]]:
        found = blocks.outcomes(pairs)
        if found is None:
            s = blocks.s.with_combat(blockers=pairs)
            moves = blocks.moves + (BlockDeclaration(pairs),)
            yield from ((o, False) for o in self.fallback(gt.enter(Stage.AFTER_BLOCKERS, s), moves))
        else:
            yield from ((o, True) for o in found)


def outcomes(root: gt.Position, fallback: Fallback) -> Iterator[Outcome]:
    """Every distinct end-of-combat result from `root` (:meth:`Search.outcomes`)."""
    for o in Search(fallback).outcomes(root):
        assert o is not None
        yield o


def count(root: gt.Position, fallback: Fallback) -> int:
    """The number of distinct end-of-combat results from `root`, no outcome built."""
    return sum(1 for _ in Search(fallback, build=False).outcomes(root))


@dataclass(frozen=True)
class _Blocked:
    """A block declaration made by :meth:`Search._declarations`, its situation built only if walked."""

    blocks: Blocks
    pairs: tuple[tuple[str, str], ...]


class Blocks:
    """The block declarations of one situation (attackers declared): each one's fights, their ends
    remembered (:class:`Fights`), combined by :meth:`outcomes`."""

    def __init__(self, s: Situation, moves: tuple[Move, ...], search: Search) -> None:
        self.s, self.moves, self.search = s, moves, search
        self.order = {p.id: i for i, p in enumerate(s.permanents)}
        self.names = tuple(p.name for p in s.players)
        self.poison = tuple(p.poison for p in s.players)
        self.attacked = dict(s.combat.attackers or ())
        # 510.4: a first-strike step needs a creature with first strike or double strike (face down, on
        # its face-up side: it may be turned face up before damage, 702.37e; or given by a pump or a
        # static ability, 613.1f).
        self.first_strike = any(set(FAST) & pumps.may_gain(s, p.id)
                                or any(a.kind in FAST or (a.kind == "grant" and granted_kind(a) in FAST)
                                       for a in p.abilities)
                                for p in s.permanents if not p.left_battlefield)
        self.constant = constant_sources(s)  # in every fight (611.3a: their effects reach all)
        self.rests: dict[frozenset[str], tuple[Outcome, frozenset[tuple[Any, ...]]] | None] = {}
        self.ends: dict[tuple[tuple[str, str], ...], tuple[list[FightEnd], list[FightEnd]]] = {}
        self.boards: dict[Any, Situation] = {}
        # "Target creature gets +X/+Y", "regenerate target creature" (115.1, TARGETING) and "Prevent the next N
        # damage that would be dealt to target creature" (615.7) of permanents that may be in no fight: in every
        # fight's situation, out of combat (506.4), their {T} paid in one fight only (:func:`_affordable`).
        self.sources = frozenset(p.id for p in s.permanents if not p.left_battlefield
                                 and any(kind in TARGETING or (kind in SHIELDS and ab.target == "creature")
                                         for kind, ab in p.combat_abilities()))
        self.damaging = activated.may_use_stack(s)  # (pysolver.rules.pingers, destroy_target)
        self.sharing = pumps.shares_costs(s)

    def split(self, pairs: tuple[tuple[str, str], ...]) -> list[tuple[tuple[str, str], ...]]:
        """The fights of a declaration (509.1a): its attackers, each group joined by the creatures
        blocking them, as the (attacker, target) and (blocker, attacker) pairs of each."""
        group = {a: a for a in self.attacked}

        def find(x: str) -> str:
            while group[x] != x:
                x = group[x]
            return x
        for b, a in pairs:
            if b not in group:
                group[b] = find(a)
            else:
                group[find(b)] = find(a)
        by_root: dict[str, list[tuple[str, str]]] = {}
        for a, target in self.attacked.items():
            by_root.setdefault(find(a), []).append((a, target))
        for b, a in pairs:
            by_root[find(a)].append((b, a))
        return [tuple(v) for v in by_root.values()]

    def rest(self, involved: frozenset[str]) -> tuple[Outcome, frozenset[tuple[Any, ...]]] | None:
        """The outcome fields of the permanents in no fight and their facts (:func:`key`), or None if
        a window could change one."""
        if involved not in self.rests:
            others = tuple(p for p in self.s.permanents if p.id not in involved)
            rest = c.outcome(replace(self.s, permanents=others)) if all(map(_still, others)) else None
            self.rests[involved] = None if rest is None else (rest, key(rest, self.names)[2])
        return self.rests[involved]

    def fight(self, pairs: tuple[tuple[str, str], ...]) -> tuple[list[FightEnd], list[FightEnd]]:
        """The ends of a fight in a combat with one damage step, and with a first-strike step (510.4),
        the costliest ways to each left out (:func:`_cheapest`)."""
        found = self.ends.get(pairs)
        if found is None:
            members = {x for x, _ in pairs}
            s = self.s
            # The fight alone: its creatures, the players with their life at OFFSET, no poison counters and
            # all their mana (what the pools pay together is seen by _affordable).
            sub = replace(s, players=tuple(replace(p, life=OFFSET, poison=0, spent=Mana()) for p in s.players),
                          permanents=tuple(p for p in s.permanents
                                           if p.id in members or p.id in self.sources or p.id in self.constant),
                          combat=replace(s.combat, attackers=tuple(x for x in pairs if x[0] in self.attacked),
                                         blockers=tuple(x for x in pairs if x[0] not in self.attacked)))
            attackers = sub.combat.attackers
            board = self.boards.get(attackers)
            if board is None:
                board = self.boards[attackers] = replace(sub, permanents=tuple(
                    p for p in s.permanents if p.id in members or p.id in self.constant or p.controller != s.active),
                    combat=replace(sub.combat, blockers=None))
            ends = self.search.fights.ends(sub, board, self.first_strike)
            found = self.ends[pairs] = (_cheapest([e for e in ends if e.strike is None]),
                                        _cheapest([e for e in ends if e.strike is not None]))
        return found

    def outcomes(self, pairs: tuple[tuple[str, str], ...]) -> Iterator[Outcome | None] | None:
        """The outcomes of the declaration `pairs` not found before, from the ends of its fights: one
        end of each, in every combination whose mana each player's pool pays (106.4, 601.2h), with
        one damage step if no fight has a first striker, else with one (at least) that has
        (510.4); life and poison are the sums, and a player who lost after the first-strike step
        ends the combat there (104.3b, 704.5a, 704.5c). None if the declaration does not split: a
        planeswalker or battle is attacked (its loyalty or defense, 306.8, 310.6, is every fight's
        that attacks it), or a window could change a permanent in no fight."""
        prepared = self._prepared(pairs)
        return None if prepared is None else self._new(pairs, *prepared)

    def keys(self, pairs: tuple[tuple[str, str], ...]) -> Iterator[Key] | None:
        """The :func:`key` of each end of combat of the declaration `pairs` (as :meth:`outcomes` finds
        them, repeats included, none built); None if it does not split."""
        prepared = self._prepared(pairs)
        return None if prepared is None else (k for k, _, _ in self._combine(*prepared))

    def _prepared(self, pairs: tuple[tuple[str, str], ...]) -> tuple[
            list[tuple[list[FightEnd], list[FightEnd]]], Outcome, frozenset[tuple[Any, ...]]] | None:
        """The ends of the fights of `pairs` and the permanents in none (:meth:`rest`), if it splits."""
        if any(t not in self.names for t in self.attacked.values()):
            return None
        if self.sources & ({b for b, _ in pairs} | set(self.attacked)):
            return None  # a targeted pump's source in a fight: its target may be in another one (115.1)
        if self.damaging:
            return None  # "~ deals N damage to …" may still be activated: its damage crosses fights (120.3)
        if self.sharing:
            return None  # a cost other than mana may still be paid: what it takes is every fight's (602.1a)
        split = self.split(pairs)
        rest = self.rest(frozenset(x for f in split for x, _ in f))
        if rest is None:
            return None
        return [self.fight(f) for f in split], *rest

    def _new(self, pairs: tuple[tuple[str, str], ...], ends: list[tuple[list[FightEnd], list[FightEnd]]],
             rest: Outcome, facts: frozenset[tuple[Any, ...]]) -> Iterator[Outcome | None]:
        """The ends :meth:`_combine` makes not found before in the search, each built (None if not building)."""
        seen, build = self.search.seen, self.search.build
        for k, chosen, ended_first in self._combine(ends, rest, facts):
            if k not in seen:
                seen.add(k)
                yield self._build(pairs, k, chosen, ended_first, rest) if build else None

    def _combine(self, ends: list[tuple[list[FightEnd], list[FightEnd]]], rest: Outcome,
                 facts: frozenset[tuple[Any, ...]]) -> Iterator[tuple[Key, tuple[FightEnd, ...], bool]]:
        """Each affordable combination of the fights' ends: the key of its state, the ends, and whether
        the combat ended after the first-strike step."""
        base_life = tuple(n for _, n in rest.life)
        n = len(base_life)

        base = base_life + self.poison

        def key_of(parts: list[Part], earlier: list[Part], ended: list[Part] | None = None) -> tuple[Key, bool]:
            """The key of the state the fights' `parts` make, and whether a player lost in it; `ended`: the
            parts once the end of combat step is over (511.3), the state if nobody lost (104.3b)."""
            totals = tuple(map(sum, zip(base, *[q.totals for q in parts])))
            life, poison = totals[:n], totals[n:]
            lost = bool(losers_of(self.names, life, poison))
            # 104.3b: a game that is over puts no persist or undying trigger on the stack (603.3): only
            # the creatures returned after an earlier step (`earlier`) are back.
            back = [q.back for q in (earlier if lost else parts) if q.back]
            shown = parts if lost or ended is None else ended
            return (life, poison, facts.union(*[q.facts for q in shown], *back)), lost

        for two in (False, True):
            options = [e[two] for e in ends]
            for chosen in _affordable(options, self.s.players):
                if two and not any(e.strike for e in chosen):
                    continue  # 510.4: a first-strike step needs a first striker in some fight
                ended_first = False
                firsts: list[Part] = [e.first for e in chosen] if two else []  # type: ignore[misc]
                if two:
                    k, ended_first = key_of(firsts, [])  # 104.3b: the game is over after the first step
                if not ended_first:
                    k, _ = key_of([e.final for e in chosen], firsts, [e.last or e.final for e in chosen])
                yield k, chosen, ended_first

    def _build(self, pairs: tuple[tuple[str, str], ...], k: Key, chosen: tuple[FightEnd, ...], ended_first: bool,
               rest: Outcome) -> Outcome:
        """The outcome of key `k`, reached by the fights' ends `chosen`."""
        fight_moves = [m for e in chosen for m in (e.moves[:e.before] if ended_first else e.moves)]
        steps: dict[str, list[Triple]] = {}
        for m in fight_moves:
            if isinstance(m, DamageAssignment):
                steps.setdefault(m.step, []).extend(m.assignment)
        first = DamageAssignment.of("first_strike", steps["first_strike"]) if "first_strike" in steps else None
        regular = DamageAssignment.of("regular", steps.get("regular", ())) if not ended_first else None
        moves = self.moves + tuple(fight_moves)
        line = Line(AttackDeclaration.of(tokens.declared(tuple(self.attacked.items()))), BlockDeclaration.of(pairs),
                    tuple(m for m in moves if isinstance(m, FaceUp)), first, regular,
                    tuple(m for m in moves if isinstance(m, (Activation, AbilityActivation))))
        life, poison, facts = k
        by_kind: dict[str, list[tuple[Any, ...]]] = {}
        for f in facts:
            by_kind.setdefault(f[0], []).append(f[1:])
        order = self.order
        return Outcome.of(zip(self.names, life), losers_of(self.names, life, poison),
                          [x for x, in by_kind.get("gone", ())],
                          sorted(by_kind.get("damage", ()), key=lambda d: order.get(d[0], len(order))),
                          rest.loyalty, rest.defense, zip(self.names, poison),
                          by_kind.get("minus", ()), [x for x, in by_kind.get("returned", ())], line)


def _cheapest(ends: list[FightEnd]) -> list[FightEnd]:
    """Of the ends with the same results, those no other pays for with less of every kind of mana
    and less in all (what less pays, 107.4: each colored and {C} symbol, and the total)."""
    by_result: dict[tuple[Any, ...], list[FightEnd]] = {}
    for e in ends:
        kept = by_result.setdefault((e.strike, e.first, e.final, e.last), [])
        if kept and not any(m.total for m in kept[0].cost) and not kept[0].taps:
            continue  # reached for no mana and no {T}: nothing pays for it with less
        if not any(_covers(k, e) for k in kept):
            kept[:] = [k for k in kept if not _covers(e, k)] + [e]
    return [e for kept in by_result.values() for e in kept]


def _covers(a: FightEnd, b: FightEnd) -> bool:
    """Whether the cost of `a` is paid whenever that of `b` is: each player's pool that pays `b`'s
    pays `a`'s, and `a` taps no permanent `b` does not (602.5a). (`b`'s cost read as a pool counts its
    hybrid symbols, 107.4e, as no color: some `a` that is covered is then kept too, none is dropped
    that is not.)"""
    return a.taps <= b.taps and all(pays(pb, pa) for pa, pb in zip(a.cost, b.cost))


def _affordable(options: list[list[FightEnd]], players: tuple[Player, ...]) -> Iterator[tuple[FightEnd, ...]]:
    """Every choice of one end per fight whose costs each player's pool pays together with what they
    spent before (:func:`pysolver.model.mana.pays`) and that tap no permanent twice (602.5a): the
    fights' costs chosen first, then every end of each at its cost."""
    by_cost = []
    for es in options:
        grouped: dict[tuple[tuple[Mana, ...], frozenset[str]], list[FightEnd]] = {}
        for e in es:
            grouped.setdefault((e.cost, e.taps), []).append(e)
        by_cost.append(list(grouped.items()))
    if all(len(g) == 1 and not any(m.total for m in g[0][0][0]) and not g[0][0][1] for g in by_cost):
        yield from itertools.product(*options)
        return

    def go(i: int, chosen: tuple[list[FightEnd], ...], spent: tuple[Mana, ...],
           tapped: frozenset[str]) -> Iterator[tuple[FightEnd, ...]]:
        if i == len(by_cost):
            yield from itertools.product(*chosen)
            return
        for (cost, taps), es in by_cost[i]:
            more = tuple(x + y for x, y in zip(spent, cost))
            if not taps & tapped and all(pays(p.mana, m) for p, m in zip(players, more)):
                yield from go(i + 1, chosen + (es,), more, tapped | taps)  # 602.5a: {T} once
    yield from go(0, (), tuple(p.spent for p in players), frozenset())
