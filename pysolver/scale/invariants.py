"""Rule invariants checked on every board of a sweep (`pysolver sweep --invariants`).

Each invariant recomputes something from the answers by an independent, simpler route (plain
Python arithmetic on the results, not the encodings), so that a bug in an encoding shows up as
a broken invariant on a concrete board:

* ``declared-attack``: the sweep's declaration (every attacker attacks) is one of the legal
  attack declarations of the board.
* ``counts``: ``count_attacks``, ``count_blocks``, ``count_damage`` (per block declaration) and
  ``count_outcomes`` equal the number of enumerated results, and the results are distinct.
* ``check-legal`` / ``check-illegal``: every declaration `blocks` lists passes ``api.check``; a
  seeded random sample of other declarations fails it; a sample of the damage assignments of
  each declaration passes it too (only once ``api.check`` exists; skipped otherwise).
* ``unblockable``: no creature with protection from everything or "can't be blocked" (as it is
  when blockers are declared: face down it has neither) is blocked, in `blocks` or in an
  outcome's line.
* ``damage-sum``: in every damage assignment (the `damage` answers and both steps of every
  outcome's line) the damage each creature assigns sums to its power, or to 0 when it assigns
  none (510.1a-c); its power with the pumps the line activated before that step (602.2, 613.4c).
* ``life``: each outcome's life totals equal the starting life minus the combat damage dealt
  to that player plus lifelink (702.15b) over the line's assignments, where damage to a
  creature with protection from the source is prevented (702.16e); ``lost`` lists exactly the
  players at 0 or less life (704.5a) or with ten or more poison counters (704.5c); damage from a
  source with infect causes no life loss (120.3b).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pysolver as api

from ..game import gametree as gt
from ..model import Permanent, Situation
from ..model.abilities import asp_name, given_ability
from ..model.moves import (
    Activation,
    AttackDeclaration,
    BlockDeclaration,
    DamageAssignment,
    FaceUp,
    Move,
    Pass,
    TargetChoice,
    Trigger,
    TriggerOrder,
)
from ..model.stage import WINDOWS, Stage
from ..model.values import IllegalMoveError
from ..rules.combat import outcome

CHECK_SAMPLES = 3        # illegal block declarations tried per board
ASSIGNMENT_SAMPLES = 2   # damage assignments per block declaration given to check
LINE_SAMPLES = 3         # outcome lines replayed on the game tree per board
BEFORE = {"blocks": WINDOWS[:2], "first_strike": WINDOWS[:3], "regular": WINDOWS[:4]}  # not after_combat_damage


@dataclass
class Report:
    violations: list[dict[str, Any]] = field(default_factory=list)
    checks: int = 0
    skipped: list[str] = field(default_factory=list)

    def expect(self, ok: bool, invariant: str, message: str, **detail: Any) -> None:
        self.checks += 1
        if not ok:
            self.violations.append({"invariant": invariant, "message": message, **detail})


@dataclass(frozen=True)
class Chars:
    """What the invariants need of a permanent at one moment: face-down or face-up (708.2a)."""

    id: str
    controller: str
    power: int
    abilities: tuple[Any, ...]
    colors: tuple[Any, ...]
    types: tuple[Any, ...]
    subtypes: tuple[Any, ...]

    def has(self, kind: str, value: Any = None) -> bool:
        return any(a.kind == kind and (value is None or a.value == value) for a in self.abilities)


def chars(p: Permanent, turned: Mapping[str, bool]) -> Chars:
    """`p` after the face-up turns in `turned`, each id mapped to whether it was turned for its mana
    cost (702.37e, 702.168d, 701.40b, 701.58b; megamorph adds a +1/+1 counter if its megamorph cost
    was paid, 702.37b)."""
    up = p.id in turned
    megamorph = up and not turned[p.id] and (p.morph_cost() or ("",))[0] == "megamorph"
    plus = p.pt_modification[0] + (1 if megamorph else 0)
    given = tuple(given_ability(k) for k in p.keywords_until_end_of_turn)  # 613.1f: face down too
    if p.face_down and not up:
        return Chars(p.id, p.controller, 2 + plus, given, (), ("Creature",), ())
    return Chars(p.id, p.controller, (p.power or 0) + plus, p.abilities + given, p.colors, p.types,
                 p.subtypes)


def protected(recipient: Chars, source: Chars) -> bool:
    """Whether `recipient` has protection from a quality of `source` (702.16a, h-k)."""
    for a in recipient.abilities:
        if a.kind != "protection":
            continue
        q = str(a.value)
        if q in ("everything", "creatures") \
                or (q == "each_color" and source.colors) \
                or (q == "colorless" and not source.colors) \
                or (q == "multicolored" and len(source.colors) >= 2) \
                or (q == "monocolored" and len(source.colors) == 1) \
                or (q == "artifacts" and "Artifact" in source.types) \
                or (q.startswith("color(") and q[6:-1] in source.colors) \
                or (q == f"player({asp_name(source.controller)})") \
                or (q.startswith("creature_type(") and q[15:-2] in {t.lower() for t in source.subtypes}) \
                or (q.startswith("creature_type(") and source.has("changeling")):  # 702.73a
            return True
    return False


def unblockable(c: Chars) -> bool:
    return c.has("cant_be_blocked") or c.has("protection", "everything")


def _turned(line: dict[str, Any], windows: tuple[str, ...]) -> dict[str, bool]:
    return {f["permanent"]: f.get("mana_cost", False) for f in line.get("face_up", []) if f["window"] in windows}


def _distinct(report: Report, what: str, results: list[Any]) -> None:
    keys = Counter(json.dumps({k: v for k, v in r.items() if k != "line"}, sort_keys=True) for r in results)
    twice = [k for k, n in keys.items() if n > 1]
    report.expect(not twice, "counts", f"{what}: results listed more than once: {twice[:3]}")


def _pumped(s: Situation, line: dict[str, Any], windows: tuple[str, ...]) -> Counter[str]:
    """The power the line's activations in `windows` added to each creature (613.4c): X times each
    activation, to its permanent ("~") or to every creature its controller controls (608.2h)."""
    added: Counter[str] = Counter()
    for act in line.get("activations", []):
        if act["window"] not in windows:
            continue
        source = s.permanent(act["permanent"])
        kind, pump = source.pump_abilities()[act.get("ability", 0)]  # (701.19a: "Regenerate ~" adds +0/+0)
        for p in s.permanents:
            if p.id == source.id if kind != "team_pump" else p.is_creature and p.controller == source.controller:
                added[p.id] += act["times"] * pump.power
    return added


def _given(s: Situation, line: dict[str, Any], windows: tuple[str, ...]) -> dict[str, set[str]]:
    """The keywords the line's activations in `windows` gave each creature until end of turn (613.1f): to
    its permanent ("~") or to every creature its controller controls (608.2h)."""
    given: dict[str, set[str]] = {}
    for act in line.get("activations", []):
        if act["window"] not in windows or act.get("kind"):  # (a `kind`: pysolver.rules.activated's)
            continue
        source = s.permanent(act["permanent"])
        kind, pump = source.pump_abilities()[act.get("ability", 0)]
        for p in s.permanents:
            if p.id == source.id if kind != "team_pump" else p.is_creature and p.controller == source.controller:
                given.setdefault(p.id, set()).update(pump.keywords)
    return given


def _damage_sums(report: Report, s: Situation, assignment: list[Any], turned: Mapping[str, bool], where: str,
                 pumped: Counter[str] | None = None) -> None:
    totals: Counter[Any] = Counter()
    for source, _, amount in assignment:
        totals[source] += amount
    for source, total in totals.items():
        power = chars(s.permanent(source), turned).power + (pumped or Counter())[source]
        report.expect(total == max(power, 0), "damage-sum",
                      f"{where}: {source} assigns {total} damage in all but has power {power} (510.1a)",
                      assignment=assignment)


def _random_blocks(rng: random.Random, blockers: list[str], attackers: list[str]) -> list[list[str]]:
    pairs = []
    for b in blockers:
        if rng.random() < 0.35:
            continue
        for a in rng.sample(attackers, 2 if len(attackers) > 1 and rng.random() < 0.15 else 1):
            pairs.append([b, a])
    return sorted(pairs)


def check_board(work: Any) -> Report:
    """All invariants on one :class:`pysolver.scale.sweep.BoardWork`."""
    report = Report()
    s, free = work.s, work.free
    declared = sorted([a, t] for a, t in s.combat.attackers)

    # declared-attack and counts
    attacks = work.full("attacks")
    report.expect({"attacks": declared} in attacks["results"], "declared-attack",
                  f"the declaration {declared} is not among the {attacks['count']} legal attack declarations")
    for command, target, counter in (("attacks", free, api.count_attacks), ("blocks", s, api.count_blocks),
                                     ("outcomes", s, api.count_outcomes)):
        doc = work.full(command)
        n = counter(target)
        report.expect(n == doc["count"] == len(doc["results"]), "counts",
                      f"count_{command} gives {n} but {len(doc['results'])} {command} results are enumerated")
        _distinct(report, command, doc["results"])

    # blocks: check, unblockable; damage: counts, sums, check
    check = getattr(api, "check", None)
    if check is None:
        report.skipped.append("check-legal/check-illegal (api.check is not available)")
    blocking_time = {p.id: chars(p, {}) for p in s.permanents}
    declarations = work.declarations()
    for blocks in declarations:
        for b, a in blocks:
            report.expect(not unblockable(blocking_time[a]), "unblockable",
                          f"{b} blocks {a}, which can't be blocked or has protection from everything", blocks=blocks)
        data, ds, damage = work.damage(blocks)
        n = api.count_damage(ds)
        report.expect(n == damage["count"] == len(damage["results"]), "counts",
                      f"blocks {blocks}: count_damage gives {n} but {len(damage['results'])} assignments "
                      f"are enumerated")
        _distinct(report, f"damage for blocks {blocks}", damage["results"])
        for r in damage["results"]:
            _damage_sums(report, ds, r["assignment"], {}, f"damage for blocks {blocks}")
        if check is not None:
            verdict = check(ds)
            report.expect(verdict["legal"] is True, "check-legal",
                          f"check rejects the listed declaration {blocks}: {verdict.get('violations')}")
            for r in damage["results"][:ASSIGNMENT_SAMPLES]:
                verdict = check(ds.with_combat(assignment=tuple(map(tuple, r["assignment"]))))
                report.expect(verdict["legal"] is True, "check-legal",
                              f"check rejects the listed damage assignment {r['assignment']} for blocks {blocks}: "
                              f"{verdict.get('violations')}")
    if check is not None:
        rng = random.Random(work.id)
        listed = {json.dumps(b) for b in declarations}
        blockers = [p.id for p in s.permanents if p.controller == work.pool.defender and p.is_creature]
        attackers = [a for a, _ in declared]
        tried = 0
        for _ in range(50):
            if tried >= CHECK_SAMPLES or not blockers:
                break
            candidate = _random_blocks(rng, blockers, attackers)
            if json.dumps(candidate) in listed:
                continue
            tried += 1
            verdict = check(s.with_combat(blockers=tuple(map(tuple, candidate))))
            report.expect(verdict["legal"] is False, "check-illegal",
                          f"check accepts {candidate}, which is not among the legal declarations", blocks=candidate)

    # outcomes: unblockable, damage sums, life arithmetic, lost, line replay
    start_life = {p.name: p.life for p in s.players}
    _replays(report, s, work.full("outcomes")["results"])
    for o in work.full("outcomes")["results"]:
        line = o["line"]
        at_blocks = _turned(line, BEFORE["blocks"])
        for b, a in line["blocks"]:
            report.expect(not unblockable(chars(s.permanent(a), at_blocks)), "unblockable",
                          f"outcome line: {b} blocks {a}, which can't be blocked or has protection from everything",
                          line=line)
        life = dict(start_life)
        for step in ("first_strike", "regular"):
            if step not in line:
                continue
            turned = _turned(line, BEFORE[step])
            _damage_sums(report, s, line[step], turned, f"outcome line, {step} step", _pumped(s, line, BEFORE[step]))
            given = _given(s, line, BEFORE[step])
            for source, recipient, amount in line[step]:
                src = chars(s.permanent(source), turned)
                kinds = {a.kind for a in src.abilities} | given.get(source, set())
                if recipient in life:
                    if "infect" not in kinds:  # 120.3b: infect damage gives poison counters instead
                        life[recipient] -= amount  # 120.3a: players have no protection here
                    dealt = amount
                else:
                    dealt = 0 if protected(chars(s.permanent(recipient), turned), src) else amount  # 702.16e
                if "lifelink" in kinds:
                    life[src.controller] += dealt  # 702.15b
        report.expect(life == o["life"], "life",
                      f"outcome life {o['life']} but its line gives {life} (120.3a, 702.15b, 702.16e)", line=line)
        poison = o.get("poison", {})
        lost = sorted(name for name, n in o["life"].items() if n <= 0 or poison.get(name, 0) >= 10)
        report.expect(lost == o["lost"], "life",
                      f"outcome lost {o['lost']} but life {o['life']}, poison {poison} (704.5a, 704.5c)")
    return report


def replay(s: Situation, line: dict[str, Any]) -> gt.Position:
    """The position an outcome's `line` leads to, each move pushed (and so judged legal) on the
    game tree: the declarations, in each window the face-up turns and then the activations (602.2) of
    the player with priority and otherwise a pass (117.3c, 117.4), each step's assignment in its two
    halves (510.1).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3}]})
    >>> replay(s, {"attacks": [["x", "b"]], "blocks": [], "face_up": [], "regular": [["x", "b", 3]]}).s.player("b").life
    17
    """
    p = gt.root(s)
    pending = list(line.get("face_up", [])) + list(line.get("activations", []))
    steps: list[str] = [step for step in ("first_strike", "regular") if step in line]
    while not p.is_end():
        p = p.push(_next_move(p, line, pending, steps))
    return p


def _next_move(p: gt.Position, line: dict[str, Any], pending: list[dict[str, Any]], steps: list[str]) -> Move:
    if p.stage in WINDOWS:
        mine = [f for f in pending
                if f["window"] == p.stage and p.s.permanent(f["permanent"]).controller in p.players()]
        if mine:
            pending.remove(mine[0])
            if "cost" in mine[0]:
                return FaceUp(**mine[0])
            return Activation(**{**mine[0], "pay_with": tuple(mine[0].get("pay_with", ()))})
        return Pass(p.stage, p.name())
    if p.stage == Stage.DECLARE_ATTACKERS:
        return AttackDeclaration.of(line["attacks"])
    if p.stage == Stage.DECLARE_BLOCKERS:
        return BlockDeclaration.of(line["blocks"])
    if p.stage == Stage.ORDER_TRIGGERS:  # 603.3b
        return TriggerOrder(tuple(Trigger(**t) for t in line["triggers"]))
    if p.stage == Stage.PUT_TRIGGERS:  # 603.3b, 603.3d: the next death trigger the line puts on the stack
        put = len([m for m in p.move_stack if isinstance(m, TargetChoice)])
        t = line["targets"][put]
        chosen = next(m for m in p.target_choices() if m.to_json() == t)
        return chosen
    attacking = {a for a, _ in p.s.combat.attackers or ()}
    step = steps[0] if steps else "regular"
    if p.stage == Stage.BLOCKERS_DAMAGE and steps:
        steps.pop(0)
    assignment = [t for t in line.get(step, []) if (t[0] in attacking) == (p.stage == Stage.ATTACKERS_DAMAGE)]
    return DamageAssignment.of(step, assignment)


def _replays(report: Report, s: Situation, outcomes: list[dict[str, Any]]) -> None:
    for o in outcomes[:LINE_SAMPLES]:
        try:
            final = replay(s, o["line"])
        except IllegalMoveError as exc:
            report.expect(False, "line-replay", f"outcome line is not legal move by move: {exc}", line=o["line"])
            continue
        got = outcome(final.s).to_json()  # the one builder, on the state the line reaches
        report.expect(got == {k: v for k, v in o.items() if k != "line"}, "line-replay",
                      f"outcome line replayed reaches {got}", line=o["line"])
