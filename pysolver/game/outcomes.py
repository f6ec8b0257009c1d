"""Every distinct end-of-combat result over all choices still open (docs/results.md `outcomes`).

Three searches over the combat of :mod:`pysolver.game.gametree`, which knows the stages, chosen by
:func:`count_path`:

* **fight by fight** (:mod:`pysolver.game.fights`) where the board decomposes once blockers are
  declared (no death trigger, combat-damage trigger, requirement, provoke or team pump), unless it
  is a small board of the next kind;
* **one program** when nothing happens between the declarations and the combat damage steps but
  the steps themselves (no face-down permanent can be turned face up, no pump to activate, no
  requirement, 508.1d/509.1c, and no combat trigger, 603.2, :mod:`pysolver.rules.triggers`): attacks
  (if open), blocks (if open) and the damage step are chosen in one clingo program projected onto
  the state after the step (``encodings/outcomes.lp``'s ``#project``), so each answer set is one
  distinct outcome and its witness carries the declarations and the assignment of its `line`. On
  a board with first strike or double strike (510.4) the program holds both steps: the first, its
  state-based actions (704.3; a player who lost ends the game, 104.3b, 704.5a) and the regular
  step, a copy of the step encodings indexed by ``regular`` (``encodings/strikes.lp``), projected
  onto the state at the end, with both steps' assignments in the witness;
* otherwise a depth-first walk of the game tree: declarations, face-up turns in each window
  (only of permanents whose turning can change the result,
  :func:`pysolver.rules.combat.may_matter`), and each damage step as one projected enumeration of its
  distinct results (:func:`pysolver.game.gametree.whole_steps`, each board's damage steps one grounded
  program solved per state, :mod:`pysolver.rules.steps`; blocks and step together when the
  window after blockers offers nothing). A position reached twice is explored once. A player at
  0 or less life after the first-strike step has lost (104.3b, 704.5a): that outcome ends there.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 3}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3}]})
>>> sorted((o.life_of("b"), o.lost) for o in outcome_values(s))
[(0, ('b',)), (3, ())]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import clingo

from ..asp import deadline
from ..asp.facts import situation_facts
from ..asp.solving import (
    AFTER_DECLARATIONS,
    ATTACKERS,
    BLOCKERS,
    BOARD,
    REGULAR_STEP,
    args_of,
    control,
    count_models,
    models,
)
from ..model import Situation
from ..model.abilities import requires
from ..model.moves import (
    AbilityActivation,
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    TargetChoice,
    TriggerOrder,
)
from ..model.stage import Stage
from ..model.values import Line, Outcome, OutcomeKey
from ..rules import combat as c
from ..rules import end_of_combat, tokens
from ..rules.facedown import turnable
from ..rules.steps import StepPrograms
from ..rules.triggers import has_triggers
from . import fights
from . import gametree as gt
from .explore import activates_after_attacks, acts_after_attacks, explores, line

ONE_PROGRAM = BOARD + AFTER_DECLARATIONS + ("verify",)  # attacks, blocks, damage, results; twins parts
ONE_PROGRAM_CREATURES = 8  # up to this many, a one-program combat with one damage step is counted by that program


def outcome_values(s: Situation, *, split: bool = True) -> Iterator[Outcome]:
    """Each distinct end-of-combat result, lazily, with one `line` that reaches it (``pysolver.outcomes(s)``
    gives their ``to_json()``), found as :func:`count_path` says: fight by fight where the combat
    decomposes (`split`, the default, :mod:`pysolver.game.fights`), in one projected program where
    nothing happens but declarations and damage and the board is small, else by the walk (without
    `split`: for benchmarks and the differential tests, the same outcomes).

    >>> from pysolver import load
    >>> sorted(o.life_of("bob") for o in outcome_values(load("examples/megamorph.yaml")))
    [17, 20, 20]
    """
    root = gt.root(s)
    if tokens.makes_tokens(root.s):  # 111.1: equal tokens' ids permuted are one outcome (rules.tokens)
        seen: set[OutcomeKey] = set()
        for outcome in _outcomes(root, split):
            key = tokens.canonical_key(outcome)
            if key not in seen:
                seen.add(key)
                yield outcome
        return
    yield from _outcomes(root, split)


def _outcomes(root: gt.Position, split: bool) -> Iterator[Outcome]:
    path = count_path(root, split)
    if path == "split":
        yield from fights.outcomes(root, _fallback())
        return
    if path == "one":
        yield from _one_program(root)
        return
    seen: set[OutcomeKey] = set()
    for outcome in _walk(root, (), set(), StepPrograms()):
        key = outcome.key
        if key not in seen:
            seen.add(key)
            yield outcome


def count_outcomes(s: Situation, *, split: bool = True) -> int:
    """The number of distinct outcomes: fight by fight where the combat decomposes (`split`,
    :mod:`pysolver.game.fights`; no outcome is built), else for a one-program combat by clingo alone
    (each answer set of the projected program is one outcome), else by the walk."""
    root = gt.root(s)
    if tokens.makes_tokens(root.s):  # 111.1: told apart up to equal tokens (rules.tokens)
        return sum(1 for _ in outcome_values(s, split=split))
    path = count_path(root, split)
    if path == "split":
        return fights.count(root, _fallback())
    if path == "one":
        return count_models(one_program_control(root))
    return len({o.key for o in _walk(root, (), set(), StepPrograms())})


def count_path(root: gt.Position, split: bool = True) -> str:
    """How :func:`count_outcomes` counts from `root`: ``split`` (fight by fight), ``one`` (one
    projected program) or ``walk``."""
    single = one_step(root)
    if split and fights.decomposes(root.s) and not (single and _small(root.s)):
        return "split"
    return "one" if single else "walk"


def _small(s: Situation) -> bool:
    """Whether a one-program combat is counted faster by that program than fight by fight: one damage
    step (no first strike or double strike, 510.4) and at most :data:`ONE_PROGRAM_CREATURES` creatures
    (benchmarks/fights_bench.py: 4×4 vanilla 0.7 s in one program, 2 s by fights; 5×5 20 s against 5 s)."""
    creatures = [p for p in s.permanents if p.is_creature and not p.left_battlefield]
    return len(creatures) <= ONE_PROGRAM_CREATURES and not any(set(fights.FAST) & p.kinds() for p in creatures)


def _fallback() -> fights.Fallback:
    """The walk, for the positions :mod:`pysolver.game.fights` does not split (one set of visited
    positions and step programs for the search)."""
    visited: set[Any] = set()
    steps = StepPrograms()
    return lambda p, moves: _walk(p, moves, visited, steps)


def _walk(p: gt.Position, moves: tuple[Move, ...], visited: set[Any],
          steps: StepPrograms) -> Iterator[Outcome]:
    if p in visited:
        return
    deadline.check()
    visited.add(p)
    if p.is_end():
        yield c.outcome(p.s, line(p.s, moves))
    elif rest_in_one(p) and p.stage != Stage.ATTACKERS_DAMAGE:  # nothing left but declaring blockers and the
        yield from _one_program(p, moves, in_board_order=True)  # damage steps: one program
    # (at a damage step the board's step program, grounded once per attack declaration with the state as
    # externals, serves every state the walk reaches there: not one program grounded per state)
    elif p.stage == Stage.DECLARE_BLOCKERS and not acts_after_attacks(p.s) and not has_triggers(p.s):
        for blocks, damage, child in gt.blocks_with_steps(p):
            yield from _walk(child, moves + (blocks, damage), visited, steps)
    elif p.stage == Stage.ATTACKERS_DAMAGE:
        for damage, child in gt.whole_steps(p, steps):
            yield from _walk(child, moves + (damage,), visited, steps)
    else:
        for m, child in explores(p, moves):
            yield from _walk(child, moves + (m,), visited, steps)


def one_step(p: gt.Position) -> bool:
    """Whether nothing but declarations and one combat damage step can happen from `p`, with
    something left to declare."""
    s = p.s
    return (p.stage in (Stage.DECLARE_ATTACKERS, Stage.DECLARE_BLOCKERS) and not gt.acts_in_windows(s)
            and s.combat.damage_step is None and not has_triggers(s)
            and not any(requires(a) for x in s.permanents for a in x.abilities)
            and not s.combat.provoked  # 702.39a: a requirement of the combat (509.1c)
            and not end_of_combat.present(s)  # 511.2: what triggers at end of combat acts after the damage
            and not c.varying_statics(s))  # 704.3: its state-based actions are checked again (rules.combat.settle)


def rest_in_one(p: gt.Position) -> bool:
    """Whether the rest of the combat from a position of the walk is one program (blocks if open and
    the damage steps): :func:`one_step`, or, at declare blockers (no requirement, 509.1c) or at the
    first damage step, no trigger and nothing left to do in the windows to come that the walk
    would explore: no pump to activate (602.2) but idle ones (:func:`pysolver.game.explore.idle`), no
    other activated ability, and no face-down permanent that can be turned face up (702.37e) and whose
    turning may matter there (:func:`pysolver.rules.combat.may_matter`; after attackers is the widest
    of the windows after blockers and between the steps)."""
    s = p.s
    if one_step(p):
        return True
    window = {Stage.DECLARE_BLOCKERS: Stage.AFTER_ATTACKERS,
              Stage.ATTACKERS_DAMAGE: Stage.AFTER_FIRST_STRIKE_DAMAGE}.get(p.stage)
    if (window is None or s.combat.damage_step is not None or has_triggers(s) or activates_after_attacks(s)
            or c.varying_statics(s) or end_of_combat.present(s)):  # (511.2: as one_step)
        return False
    if p.stage == Stage.DECLARE_BLOCKERS and (s.combat.provoked or any(requires(a) for x in s.permanents
                                                                     for a in x.abilities)):
        return False
    return not set(turnable(s)) & c.may_matter(s, window)


def one_program_control(p: gt.Position) -> clingo.Control:
    """Attacks (if open), blocks (if open) and the damage step chosen together, projected onto the
    results; with first strike or double strike on the board, both damage steps (510.4,
    ``strikes.lp``)."""
    s = p.s
    open_attacks = p.stage == Stage.DECLARE_ATTACKERS
    open_blocks = p.stage in (Stage.DECLARE_ATTACKERS, Stage.DECLARE_BLOCKERS)
    # (the twins parts of verify.lp constrain nothing here, there are no twin/2 facts: grounded all the
    # same, since their atoms are part of the ground program whose enumeration order gives each
    # outcome's witness line)
    parts: tuple[str, ...] = (("base", *ATTACKERS.whole_board, ATTACKERS.show, ATTACKERS.twins) if open_attacks
                              else ("base",))
    parts += ((*BLOCKERS.whole_board, BLOCKERS.show, BLOCKERS.twins, *c.CHOOSE_RESULTS) if open_blocks
              else c.CHOOSE_RESULTS)
    facts = situation_facts(s.with_combat(blockers=None if open_blocks else s.combat.blockers, damage_step=None,
                                          assignment=None), combat=not open_attacks)
    args = ("--models=0", "--project=project")
    if not any(set(fights.FAST) & x.kinds() for x in s.permanents):  # (613.1f: given ones too)
        # (each model one outcome: projected onto the end state only, not rules.combat.STEP_SHOWN's
        # creatures regenerated, which no outcome shows)
        return control(ONE_PROGRAM, facts, parts=(*parts, "show_results"), args=args)
    return control(ONE_PROGRAM + ("strikes",), facts, parts=(*parts, "show_combat"), args=args,
                   indexed=[(name, "regular") for name in REGULAR_STEP])


def _one_program(p: gt.Position, moves: tuple[Move, ...] = (), in_board_order: bool = False) -> Iterator[Outcome]:
    """The outcomes of a one-program combat in one projected enumeration: each model is one
    outcome, read off its after_* atoms (outcomes.lp, or strikes.lp's end state), who lost off its
    after_lost/1 atoms (104.3b, 704.5a, 704.5c), its line off the witness' attack/2, block/2, the
    first step's step/1 and witness/3 and, if a regular step followed a first-strike step, its
    regular_witness/3 atoms; declarations made before `p` as `p` has them, the face-up turns and
    activations before it among `moves`. Damage, loyalty and defense are listed by id, or
    `in_board_order` as :func:`pysolver.rules.combat.outcome` lists them (the walk's subtrees). Symbols
    recur from model to model: each is read once."""
    s = p.s
    read: dict[clingo.Symbol, tuple[Any, ...]] = {}
    left = {x.id for x in s.permanents if x.left_battlefield}
    order = {x.id: i for i, x in enumerate(s.permanents)}
    by_id: Callable[[tuple[str, int]], int] | None = (lambda kv: order[kv[0]]) if in_board_order else None
    face_up = tuple(m for m in moves if isinstance(m, FaceUp))
    activations = tuple(m for m in moves if isinstance(m, (Activation, AbilityActivation)))
    orders = [m for m in moves if isinstance(m, TriggerOrder)]  # 603.3b, 603.3d: as explore.line has them
    put = tuple(m for m in moves if isinstance(m, TargetChoice))
    declared_attacks = AttackDeclaration.of(tokens.declared(s.combat.attackers or ()))  # (508.4)
    declared_blocks = BlockDeclaration.of(s.combat.blockers or ())
    for symbols in models(one_program_control(p)):
        atoms: dict[str, list[Any]] = {}
        for sym in symbols:
            known = read.get(sym)
            if known is None:
                known = read[sym] = (sym.name, tuple(a.number if a.type == clingo.SymbolType.Number else args_of(sym)[i]
                                                     for i, a in enumerate(sym.arguments)))
            atoms.setdefault(known[0], []).append(known[1])
        life = dict(atoms.get("after_life", []))
        gone = left | {g for g, in atoms.get("after_gone", [])}
        attacks = AttackDeclaration.of(atoms["attack"]) if "attack" in atoms else declared_attacks
        first = regular = None
        if attacks.attacks:  # 508.8: no attackers, no damage step
            first = DamageAssignment.of(atoms["step"][0][0], atoms.get("witness", ()))
            if first.step == "regular":
                first, regular = None, first
        if "second_step" in atoms:  # 510.4: the regular step after the first-strike step
            regular = DamageAssignment.of("regular", atoms.get("regular_witness", ()))
        yield Outcome.of(
            life=[(pl.name, life[pl.name]) for pl in s.players], lost=[pl for pl, in atoms.get("after_lost", [])],
            destroyed=gone,
            damage=sorted(((x, d) for x, d in atoms.get("after_damage", []) if x not in gone), key=by_id),
            loyalty=sorted(((x, n) for x, n in atoms.get("after_loyalty", []) if x not in gone), key=by_id),
            defense=sorted(((x, n) for x, n in atoms.get("after_defense", []) if x not in gone), key=by_id),
            poison=atoms.get("after_poison", []),
            minus_counters=[(x, n) for x, n in atoms.get("after_minus_counters", []) if x not in gone],
            returned=[x for x, in atoms.get("after_returned", [])],
            line=Line(attacks, BlockDeclaration.of(atoms["block"]) if "block" in atoms else declared_blocks,
                      face_up, first, regular, activations, orders[-1] if orders else None, put))
