"""Can the active player force a goal, whatever the defending players do (SPEC §5 `verify`)?

The rest of the combat is a two-player game of perfect information: the active player against
the defending players (one side: what any of them may do, they may do together). Positions are
:class:`Node`\\ s; the moves of each are computed by the same encodings as every other command:

* **priority windows** (507.2 beginning of combat if attackers are not declared, 508.2 after
  attackers, 509.2 after blockers, 510.3 between the first-strike and regular damage steps): the
  player with priority may turn face-down permanents they control face up (116.2b, 702.37e),
  paying from their `mana` (:func:`pysolver.facedown.face_up_choices` for that player alone). The
  active player has priority first. A player who takes an action receives priority again
  (117.3c): turning several permanents one after the other before passing is one move here, a set.
  Priority then passes; the window ends when both players pass in succession (117.4), so a move
  that turns nothing ends the window unless it is the window's very first move. Every turn face up
  is irreversible and paid from a finite pool: the game is finite.
* **declarations**: attackers by the active player (508.1, :func:`legal_attacks`), blockers by the
  defending side (509.1, :func:`legal_blocks`); no attackers, no blockers and no damage (508.8).
* **combat damage steps** (510.1): the active player announces the attacking creatures' assignment,
  then the defending side, having seen it, the blocking creatures'. Each half is enumerated by
  ``encodings/verify.lp`` (damage.lp's choice and violations restricted to one half, the other half
  as ``assigned/3`` facts) projected onto the results of outcomes.lp, so assignments with the same
  effect are one move. A player at 0 or less life after the first-strike step has lost (104.3b,
  704.5a): the game ends there.

The goal (``lethal``, ``destroy``, ``survive``, ``all``, ``any``) is evaluated when the combat
ends, and earlier when it is already decided: destroyed permanents stay destroyed.

Method: an exact AND-OR search of this game (a boolean minimax), made to scale past brute force by

1. **short-circuits** (alpha-beta for a win/lose game): at the active player's positions the search
   stops at the first winning move, at the defence's at the first refuting reply;
2. **a transposition table**: each position is solved once (positions reached by different orders
   of face-up turns, or equal after different assignments, are the same);
3. **counterexample-guided refinement at the declarations**: candidate attacks are tried one after
   the other (aggressive ones first for lethal/destroy goals). For a candidate the defence first
   tries the block declarations that refuted earlier candidates (a pool of counterexamples, most
   recent first); only if none of them is legal and refutes it is the strongest defence searched
   among all other declarations, and a refutation found is added to the pool. A candidate is thus
   usually dismissed by an old counterexample in one or two sub-searches, and the one attack that
   survives every counterexample is the one that gets searched in full. Other decisions are
   ordered by a history heuristic (moves that decided positions before are tried first) and by a
   one-ply evaluation of damage results;
4. **symmetry**: creatures that are identical in every respect but their id (and that the goal
   does not name) are interchangeable; declarations that differ only by such a permutation lead to
   isomorphic games, and only one of each class is searched;
5. **bounds**: for a ``lethal`` goal, an upper bound on the combat damage that can still reach
   the player (powers, face-up sides, double strike, trample for blocked creatures) below the
   player's life decides a position at once.

The proof the search leaves behind is returned: a **strategy** when the goal holds (the active
player's move at each of their positions, every defence answered), a **refutation** when it does
not (one defence, with its reply to every attack and face-up action). Identical continuations
are grouped, forced moves left out.

>>> from pysolver.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 2}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "goal": {"lethal": "b"}})
>>> doc = verify(s)
>>> doc["holds"], doc["refutation"]["tree"][0]["replies"][1]["then"][0]["move"]
(False, {'blocks': [['y', 'x']]})
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from . import combat as c
from . import goals
from .check import check, stage_of

from .declarations import legal_attacks, legal_blocks
from .errors import InputError
from .facedown import face_up_choices, turnable
from .facts import situation_facts
from .model import Goal, Permanent, Situation
from .solving import STEP_RESULTS, control, models

HALF = STEP_RESULTS + ("verify",)
ACTIVE, DEFENCE = "active", "defence"
ATTACKERS_HALF = "attackers_damage"   # the active player announces the attackers' assignment (510.1)
BLOCKERS_HALF = "blockers_damage"     # then the defending player the blockers' (510.1)
DECIDES = {c.DECLARE_ATTACKERS: ACTIVE, c.DECLARE_BLOCKERS: DEFENCE, ATTACKERS_HALF: ACTIVE,
           BLOCKERS_HALF: DEFENCE}
MAX_PERMUTATIONS = 720


@dataclass(frozen=True)
class Node:
    """A position: the stage, the board, and in a window who has priority and whether anybody has
    moved yet; in a damage step's second half, the attackers' half announced."""

    stage: str
    s: Situation
    mover: str = ""
    first: bool = False
    half: tuple = ()


@dataclass(frozen=True)
class Move:
    label: tuple  # hashable, e.g. ("blocks", (("b", "a"),))
    child: Node
    score: int = 0  # damage halves: one-ply evaluation, lower is better for the active player


class Verifier:
    """One `verify` search; :meth:`solve` returns the SPEC §3 document."""

    def __init__(self, s: Situation, *, progress: bool | None = None, stream=None) -> None:
        if s.goal is None:
            raise InputError(s.source, "goal", "verify needs a goal (SPEC §5)")
        self.s0, self.goal = s, s.goal
        self.opponents = frozenset(p.name for p in s.players if p.name != s.active)
        self.named = set(goals.goal_ids(self.goal))
        self.aggressive = goals.aggressive(self.goal)
        self.memo: dict[Node, bool] = {}
        self.choice: dict[Node, Move] = {}    # the deciding move: a win for the active player, or a refutation
        self.reason: dict[Node, dict] = {}    # why a position was decided without moves
        self._moves: dict[Node, list[Move]] = {}
        self._proofs: dict[tuple[Node, bool], list] = {}
        self._whole: dict[Node, c.StepResult] = {}  # damage steps where only the attackers deal damage
        self.pool: list[tuple] = []           # counterexamples: block declarations that refuted an attack
        self.history: dict[tuple, int] = {}
        self.symmetric: set[tuple[str, ...]] = set()
        self.stats = {"positions": 0, "attack_candidates": 0, "attacks_tried": 0, "counterexamples": 0,
                      "pool_refutations": 0}
        self.stream = stream if stream is not None else sys.stderr
        self.show = progress if progress is not None else bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = self.last = time.monotonic()
        self.shown = False

    # ---- the search ---------------------------------------------------------------------

    def solve(self) -> dict:
        root = self.enter(c.first_stage(self.s0), c.settle(self.s0))
        holds = self.win(root)
        if self.shown:
            print(file=self.stream, flush=True)
        active = self.s0.active
        defence = ", ".join(sorted(self.opponents))
        doc: dict = {"holds": holds, "goal": goals.describe_goal(self.goal), "strategy": None, "refutation": None}
        tree = self.proof(root, holds)
        body = {"player": active if holds else defence, "tree": tree}
        if self.symmetric:
            body["interchangeable"] = sorted(list(g) for g in self.symmetric)
        doc["strategy" if holds else "refutation"] = body
        self.stats["positions"] = len(self.memo)
        self.stats["seconds"] = round(time.monotonic() - self.start, 3)
        doc["stats"] = dict(self.stats)
        return doc

    def win(self, node: Node) -> bool:
        """Whether the active player can force the goal from `node`."""
        known = self.memo.get(node)
        if known is not None:
            return known
        self._tick()
        decided = self.static(node)
        if decided is not None:
            self.memo[node] = decided
            return decided
        if node.stage == c.DECLARE_BLOCKERS and self._refuted_by_pool(node):
            self.memo[node] = False
            return False
        moves = self.moves(node)
        active = self.decider(node) == ACTIVE
        value = not active
        for m in self.ordered(node, moves):
            if node.stage == c.DECLARE_ATTACKERS:
                self.stats["attacks_tried"] += 1
            if self.win(m.child) == active:
                self.choice[node] = m
                self._remember(node, m)
                value = active
                break
        self.memo[node] = value
        return value

    def _refuted_by_pool(self, node: Node) -> bool:
        """Counterexample-guided refinement: before the defence's declarations are enumerated, the
        counterexamples that refuted earlier attacks are tried, each if :func:`pysolver.check.check`
        finds it legal for this attack (the same rules as the enumeration)."""
        s = node.s
        attacking = {a for a, _ in s.combat.attackers or ()}
        for label in list(self.pool):
            pairs = label[1]
            if not {a for _, a in pairs} <= attacking:
                continue
            declared = s.with_combat(blockers=pairs)
            if any(not _attack_rule(v["rule"]) for v in check(declared)["violations"]):
                continue
            child = self.enter(c.BLOCKERS_WINDOW, declared)
            if not self.win(child):
                self.choice[node] = Move(label, child)
                self._remember(node, self.choice[node])
                return True
        return False

    def decider(self, node: Node) -> str:
        return node.mover if node.stage in c.WINDOW_NEXT else DECIDES[node.stage]

    def static(self, node: Node) -> bool | None:
        """The value of a position decided without looking at moves: the end, or the goal already
        decided (destroyed permanents stay destroyed), or a lethal bound."""
        final = node.stage == c.END
        status = self._status(self.goal, node, final)
        if status is not None:
            self.reason[node] = self._ending(node, final, status)
        return status

    def _status(self, g: Goal, node: Node, final: bool) -> bool | None:
        s = node.s
        gone = {p.id for p in s.permanents if p.left_battlefield}
        if g.kind == "lethal":
            if final:
                return g.targets[0] in c.losers(s)
            if node.stage != BLOCKERS_HALF and goals.out_of_reach(s, g.targets[0]) is not None:
                return False
            return None
        if g.kind == "destroy":
            return True if gone.issuperset(g.targets) else (False if final else None)
        if g.kind == "survive":
            return False if gone.intersection(g.targets) else (True if final else None)
        parts = [self._status(p, node, final) for p in g.parts]
        if g.kind == "all":
            return False if False in parts else (True if all(parts) else None)
        return True if True in parts else (False if all(p is False for p in parts) else None)

    def _ending(self, node: Node, final: bool, holds: bool) -> dict:
        """What decided a position: who lost, which permanents the goal names were destroyed, the
        life of a player the goal wants dead who is not, or the bound that puts that out of reach."""
        s = node.s
        out: dict = {}
        lost = list(c.losers(s))
        if lost:
            out["lost"] = lost
        gone = sorted(p.id for p in s.permanents if p.left_battlefield and p.id in self.named)
        if gone:
            out["destroyed"] = gone
        life = {p: s.player(p).life for p in goals.lethal_players(self.goal) if p not in lost}
        if life and not holds:
            out["life"] = life
        if not final:
            out["decided"] = "before the end of combat"
            if not holds and node.stage != BLOCKERS_HALF:
                notes = [n for n in map(lambda p: goals.out_of_reach(s, p), goals.lethal_players(self.goal)) if n]
                if notes:
                    out["bound"] = "; ".join(notes)
        return out

    # ---- moves --------------------------------------------------------------------------

    def enter(self, stage: str, s: Situation) -> Node:
        """The position at the start of `stage` (windows nobody can act in are skipped)."""
        if stage in c.WINDOW_NEXT:
            if not turnable(s):
                return self.enter(c.WINDOW_NEXT[stage], s)
            return Node(stage, s, ACTIVE, True)
        if stage == c.DECLARE_BLOCKERS:
            if not s.combat.attackers:  # 508.8
                return Node(c.END, s)
            if s.combat.blockers is not None:
                return self.enter(c.BLOCKERS_WINDOW, s)
        if stage == c.DAMAGE:
            return Node(ATTACKERS_HALF, s)
        return Node(stage, s)

    def moves(self, node: Node) -> list[Move]:
        if node not in self._moves:
            self._moves[node] = list(self._generate(node))
        return self._moves[node]

    def _generate(self, node: Node) -> Iterator[Move]:
        s = node.s
        if node.stage in c.WINDOW_NEXT:
            players = frozenset({s.active}) if node.mover == ACTIVE else self.opponents
            other = DEFENCE if node.mover == ACTIVE else ACTIVE
            for ids in face_up_choices(s, players):
                if ids:
                    child = Node(node.stage, c.face_up(s, ids), other, False)
                elif node.first:
                    child = Node(node.stage, s, other, False)
                else:  # 117.4: both players passed in succession
                    child = self.enter(c.WINDOW_NEXT[node.stage], s)
                yield Move(("turn_face_up", tuple(ids)), child)
        elif node.stage == c.DECLARE_ATTACKERS:
            for pairs in self._unique(s, (tuple(map(tuple, d["attacks"])) for d in legal_attacks(s)), "attacks"):
                yield Move(("attacks", pairs), self.enter(c.ATTACKERS_WINDOW, s.with_combat(attackers=pairs)))
        elif node.stage == c.DECLARE_BLOCKERS:
            for pairs in self._unique(s, (tuple(map(tuple, d["blocks"])) for d in legal_blocks(s)), "blocks"):
                yield Move(("blocks", pairs), self.enter(c.BLOCKERS_WINDOW, s.with_combat(blockers=pairs)))
        elif node.stage == ATTACKERS_HALF:
            for r, blockers_deal in half_results(s, "attackers"):
                child = Node(BLOCKERS_HALF, s, half=r.assignment)
                if not blockers_deal:  # the defending player has nothing to assign: r is the whole step
                    self._whole[child] = r
                yield Move(("assign", r.assignment, r.step), child, goals.score(self.goal, c.apply_step(s, r)))
        elif node.stage == BLOCKERS_HALF:
            attackers = {a for a, _ in s.combat.attackers or ()}
            whole = self._whole.get(node)
            results = [whole] if whole is not None else (r for r, _ in half_results(s, "blockers", node.half))
            for r in results:
                after = c.apply_step(s, r)
                mine = tuple(t for t in r.assignment if t[0] not in attackers)
                if r.step == "first_strike" and not c.losers(after):
                    child = self.enter(c.FIRST_STRIKE_WINDOW, after)
                else:
                    child = Node(c.END, after)
                yield Move(("assign", mine, r.step), child, goals.score(self.goal, after))

    def ordered(self, node: Node, moves: list[Move]) -> list[Move]:
        """Counterexamples and moves that decided positions before first, then a heuristic order."""
        active = self.decider(node) == ACTIVE
        if node.stage == c.DECLARE_BLOCKERS:
            rank = {label: i for i, label in enumerate(self.pool)}
            size = (lambda m: -len(m.label[1])) if self.aggressive else (lambda m: len(m.label[1]))
            return sorted(moves, key=lambda m: (rank.get(m.label, len(rank)), size(m)))
        if node.stage == c.DECLARE_ATTACKERS:
            size = (lambda m: -len(m.label[1])) if self.aggressive else (lambda m: len(m.label[1]))
            return sorted(moves, key=lambda m: (-self.history.get((node.stage, m.label), 0), size(m)))
        if node.stage in (ATTACKERS_HALF, BLOCKERS_HALF):
            sign = 1 if active else -1
            return sorted(moves, key=lambda m: sign * m.score)
        return sorted(moves, key=lambda m: (-self.history.get((node.stage, m.label), 0), -len(m.label[1])))

    def _remember(self, node: Node, m: Move) -> None:
        key = (node.stage, m.label)
        self.history[key] = self.history.get(key, 0) + 1
        if node.stage == c.DECLARE_BLOCKERS:
            if m.label in self.pool:
                self.pool.remove(m.label)
                self.stats["pool_refutations"] += 1
            else:
                self.stats["counterexamples"] += 1
            self.pool.insert(0, m.label)

    def _unique(self, s: Situation, declarations: Iterator[tuple], kind: str) -> Iterator[tuple]:
        """One declaration of each class of declarations equal up to interchangeable creatures."""
        seen: set = set()
        reps = self._classes(s)
        renames = self._renames(s, reps) if kind == "blocks" else []
        for pairs in declarations:
            key = self._canonical(reps, renames, pairs, kind)
            if key in seen:
                continue
            seen.add(key)
            if kind == "attacks":
                self.stats["attack_candidates"] += 1
            yield pairs

    def _canonical(self, reps: dict[str, str], renames: list[dict[str, str]], pairs: tuple, kind: str) -> tuple:
        """A form shared by exactly the declarations equal up to permuting interchangeable
        creatures: blockers (and attackers) of a class, attackers of a class with the same target."""
        if kind == "attacks":
            return tuple(sorted((reps.get(a, a), t) for a, t in pairs))
        blocked: dict[str, list[str]] = {}
        for b, a in pairs:
            blocked.setdefault(b, []).append(a)
        return min(tuple(sorted((reps.get(b, b), tuple(sorted(rename.get(a, a) for a in att)))
                                for b, att in blocked.items())) for rename in renames)

    @staticmethod
    def _renames(s: Situation, reps: dict[str, str]) -> list[dict[str, str]]:
        """The permutations of interchangeable attackers (same class, same target)."""
        targets = dict(s.combat.attackers or ())
        classes: dict[tuple, list[str]] = {}
        for a in sorted(targets):
            classes.setdefault((reps.get(a, a), targets[a]), []).append(a)
        groups = [g for g in classes.values() if len(g) > 1]
        perms = itertools.product(*(itertools.permutations(g) for g in groups))
        return [{x: y for g, p in zip(groups, perm) for x, y in zip(g, p)}
                for perm in itertools.islice(perms, MAX_PERMUTATIONS)]

    def _classes(self, s: Situation) -> dict[str, str]:
        """Each creature that has an identical twin (all fields but the id), not named by the goal,
        -> the least id of its class."""
        by_form: dict[Permanent, list[str]] = {}
        for p in s.permanents:
            if p.id not in self.named and not p.left_battlefield:
                by_form.setdefault(replace(p, id=""), []).append(p.id)
        reps = {}
        for ids in by_form.values():
            if len(ids) > 1:
                self.symmetric.add(tuple(sorted(ids)))
                for i in ids:
                    reps[i] = min(ids)
        return reps

    # ---- the proof ----------------------------------------------------------------------

    def proof(self, node: Node, holds: bool) -> list:
        """The winner's proof from `node`: their choices, every reply of the other side."""
        key = (node, holds)
        if key not in self._proofs:
            self._proofs[key] = self._proof(node, holds)
        return self._proofs[key]

    def _proof(self, node: Node, holds: bool) -> list:
        if node in self.reason:
            return [{"end": self.reason[node]}]
        winner = ACTIVE if holds else DEFENCE
        decider = self.decider(node)
        who = self.s0.active if decider == ACTIVE else ", ".join(sorted(self.opponents))
        if decider == winner or len(self.moves(node)) == 1:
            forced = node in self._moves and len(self._moves[node]) == 1  # (refuted by the pool: not enumerated)
            m = self._moves[node][0] if forced else self.choice[node]
            step = {"by": who, "stage": node.stage, "move": _label(m.label)}
            if forced:  # shown only if it says something (declarations, damage dealt)
                informative = node.stage in (c.DECLARE_ATTACKERS, c.DECLARE_BLOCKERS) or (
                    node.stage in (ATTACKERS_HALF, BLOCKERS_HALF) and m.label[1])
                return ([{**step, "forced": True}] if informative else []) + self.proof(m.child, holds)
            return [step] + self.proof(m.child, holds)
        groups: dict[str, dict] = {}
        for m in self.moves(node):
            sub = self.proof(m.child, holds)
            key = json.dumps(sub, sort_keys=True)
            groups.setdefault(key, {"moves": [], "then": sub})["moves"].append(_label(m.label))
        return [{"by": who, "stage": node.stage, "replies": list(groups.values())}]

    def _tick(self) -> None:
        if not self.show:
            return
        now = time.monotonic()
        if now - self.start >= 2 and now - self.last >= 1:
            self.last, self.shown = now, True
            st = self.stats
            print(f"\rverify: {len(self.memo)} positions, {st['attack_candidates']} attack candidates, "
                  f"{st['counterexamples']} counterexamples, {now - self.start:.0f} s", end="",
                  file=self.stream, flush=True)


# ---- damage halves (510.1) ----------------------------------------------------------------

def half_results(s: Situation, deciding: str, fixed: tuple = ()) -> Iterator[tuple[c.StepResult, bool]]:
    """The distinct results of one half of the next combat damage step: `deciding` is
    ``attackers`` (the active player's announcement, 510.1) or ``blockers`` (the defending
    player's, with the attackers' half `fixed` as announced). With each, whether the other half
    has creatures that assign damage in this step."""
    facts = situation_facts(s.with_combat(assignment=tuple(fixed) or None)) + f"\ndeciding({deciding})."
    ctl = control(HALF, facts, parts=("base", "choose_half"), show=c.RESULTS + " #show half/2.",
                  args=("--models=0", "--project=project"))
    for symbols in models(ctl):
        others = any(sym.name == "half" and str(sym.arguments[1]) != deciding for sym in symbols)
        yield c.step_result([sym for sym in symbols if sym.name != "half"]), others


def _attack_rule(rule: str) -> bool:
    """A violation of the attack declaration (already made), not of the blocks being tried."""
    return stage_of(rule) == 0


def _label(label: tuple) -> dict:
    kind = label[0]
    if kind == "turn_face_up":
        return {"turn_face_up": list(label[1])}
    if kind == "assign":
        return {"assign": [list(t) for t in label[1]], **({"step": label[2]} if len(label) > 2 else {})}
    return {kind: [list(p) for p in label[1]]}


def verify(s: Situation, *, progress: bool | None = None) -> dict:
    """SPEC §5: ``{"holds", "goal", "strategy", "refutation", "stats"}``. `progress`: report on
    stderr during long searches (default: when stderr is a terminal)."""
    return Verifier(s, progress=progress).solve()
