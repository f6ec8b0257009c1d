"""Is a declared combat legal, and if not, which rules does it break (docs/results.md `check`)?

The violations are computed by ``encodings/check.lp``: it collects, as ``violation(Rule, Kind,
Objects)``, the same ``attack_violation/3``, ``block_violation/3`` and ``damage_violation/3``
atoms that the enumerations (`attacks`, `blocks`, `damage`) use as hard constraints, with the
declared combat given as facts. So a declaration is legal for `check` exactly when the
enumeration lists it.

Requirements (508.1d, 509.1c) are not restrictions of one declaration but a comparison with all
others: the maximum number that can be obeyed comes from the same clingo optimisation that
`attacks` and `blocks` use (over the whole board), and an
optimal declaration names a requirement that could have been obeyed (the parts ``every_attacker``/
``every_blocker`` and ``maximize`` of the encodings). The assignment, if given,
is judged for the next combat damage step (510.1, 510.4, 702.19b-c, 702.2c), with the pumps of
``combat.activations`` resolved (613.4c); those are judged too: the window, the ability, the mana
and the activation limits (602.2b, 117.1b, 708.2a, 602.5b).

Messages are built here from (rule, kind, objects) by the templates in :data:`MESSAGES`.

>>> from pysolver.files.loader import situation_from_data
>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2, "abilities": ["Flying"]},
...                    {"id": "y", "controller": "b", "power": 1, "toughness": 1}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
>>> r = check_result(s)
>>> r.legal, [str(v) for v in r.violations], r.violations[0].objects
(False, ['y (no flying or reach) blocks x (flying) (702.9b)'], ('y', 'x'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import clingo

from ..asp.facts import atom, constant, program, situation_facts
from ..asp.solving import ATTACKERS, BLOCKERS, BOARD, control, models, read, value
from ..errors import InputError
from ..model import Situation
from ..model.abilities import quality_words
from ..model.values import CheckResult, Violation
from .combat import settled
from .pumps import declared_pumps

CHECK = BOARD + ("mana", "check")
CHECK_DAMAGE = BOARD + ("damage", "mana", "check")

# (rule, kind) -> message template over the objects o[0], o[1], … (ids, player names, numbers).
MESSAGES: dict[tuple[str, str], str] = {
    ("508.1a", "not_candidate"): "{0} is not a creature the active player controls on the battlefield and can't attack",
    ("508.1b", "not_attackable"): "{0} attacks {1}, which is not an opponent, a planeswalker an opponent controls "
                                  "or a battle an opponent protects, on the battlefield",
    ("508.1a", "tapped"): "{0} is tapped and can't attack",
    ("508.1a", "battle_attacks"): "{0} is a battle and can't attack",
    ("302.6", "summoning_sick"): "{0} has not been under its controller's control continuously since the turn "
                                 "began and has no haste, so it can't attack",
    ("702.3b", "defender"): "{0} has defender and can't attack",
    ("508.1c", "cant_attack"): "{0} attacks but can't attack",
    ("508.1c", "cant_attack_or_block"): "{0} attacks but can't attack or block",
    ("508.1c", "cant_attack_you"): "{0} attacks {1}, but creatures can't attack {1} ({2})",
    ("508.1c", "attacks_only_if_poisoned"): "{0} attacks {1}, but it can't attack unless the defending player is "
                                            "poisoned",
    ("508.1c", "attacks_if_more"): "{0} attacks {1}, but it can't attack unless its controller controls more "
                                   "creatures than the defending player",
    ("508.1c", "attacks_only_if"): "{0} attacks {1}, but it can't attack unless the defending player controls "
                                   "the permanent its ability names",
    ("509.1a", "not_candidate"): "{0} blocks {1} but is not a creature a defending player controls on the "
                                 "battlefield, or {1} is not an attacking creature",
    ("509.1a", "not_defending"): "{0} blocks {1}, which attacks neither {0}'s controller nor a planeswalker or "
                                 "battle of theirs",
    ("509.1a", "tapped_blocker"): "{0} is tapped and can't block {1}",
    ("509.1a", "battle_blocks"): "{0} is a battle and can't block {1}",
    ("509.1a", "too_many_blocks"): "{0} blocks {1} creatures but can block only {2}",
    ("702.9b", "flying"): "{0} (no flying or reach) blocks {1} (flying)",
    ("702.16f", "protection"): "{0} blocks {1}, which has protection from it",
    ("702.36b", "fear"): "{0} (neither an artifact nor black) blocks {1} (fear)",
    ("702.13b", "intimidate"): "{0} (neither an artifact nor sharing a color with it) blocks {1} (intimidate)",
    ("702.28b", "shadow"): "{0} (no shadow) blocks {1} (shadow)",
    ("702.28b", "blocker_shadow"): "{0} (shadow) blocks {1} (no shadow)",
    ("702.28b", "ignored_shadow"): "{0} (shadow) blocks {1} as though {1} had no shadow",
    ("702.31b", "horsemanship"): "{0} (no horsemanship) blocks {1} (horsemanship)",
    ("702.118b", "skulk"): "{0} (greater power) blocks {1} (skulk)",
    ("702.14c", "landwalk"): "{0} blocks {1}, whose landwalk type is among the defending player's lands",
    ("509.1b", "cant_block"): "{0} can't block but blocks {1}",
    ("509.1b", "cant_attack_or_block"): "{0} can't attack or block but blocks {1}",
    ("702.98a", "unleash"): "{0} has unleash and a +1/+1 counter, so it can't block, but blocks {1}",
    ("509.1b", "cant_block_creatures"): "{0} blocks {1}, but {0} can't block {2}",
    ("509.1b", "cant_be_blocked"): "{0} blocks {1}, which can't be blocked",
    ("509.1b", "unblockable_alone"): "{0} blocks {1}, which can't be blocked as long as it's attacking alone",
    ("509.1b", "blocks_if_more"): "{0} blocks {1}, but it can't block unless its controller controls more "
                                  "creatures than the attacking player",
    ("509.1b", "unblockable_if"): "{0} blocks {1}, which can't be blocked as long as the defending player "
                                  "controls the permanent its ability names",
    ("509.1b", "block_only_flyers"): "{0} can block only creatures with flying but blocks {1} (no flying)",
    ("702.111b", "menace"): "{0} (menace) is blocked by {1} alone",
    ("509.1b", "min_blockers"): "{0} can't be blocked except by {1} or more creatures but is blocked by {2}",
    ("509.1b", "max_blockers"): "{0} can't be blocked by more than {1} creature(s) but is blocked by {2}",
    ("509.1b", "not_blocked_by"): "{0} blocks {1}, which can't be blocked by {2}",
    ("509.1b", "blocked_only_by"): "{0} blocks {1}, which can be blocked only by {2}",
    ("509.1b", "creatures_cant_block"): "{0} blocks {1}, but {3} can't block ({2})",
    ("509.1b", "creatures_cant_be_blocked"): "{0} blocks {1}, but {3} can't be blocked ({2})",
    ("508.1d", "requirements"): "{0} requirements obeyed, {1} possible ({2})",
    ("509.1c", "requirements"): "{0} requirements obeyed, {1} possible ({2})",
    ("510.1a", "total"): "{0} assigns {2} of its {1} combat damage",
    ("510.1a", "no_power"): "{0} has power {1} and assigns no combat damage",
    ("510.4", "not_dealing"): "{0} assigns combat damage but deals none in the {1} combat damage step",
    ("510.1b", "not_recipient"): "{0} (unblocked) assigns combat damage to {1}, which it is not attacking",
    ("510.1c", "not_recipient"): "{0} (blocked) assigns combat damage to {1}, which is not blocking it",
    ("510.1d", "not_recipient"): "{0} (blocking) assigns combat damage to {1}, which it is not blocking",
    ("702.19b", "lethal_first"): "{0} assigns {3} to {1} but {2} was assigned {4} of {5} lethal",
    ("510.1c", "unblocked_and_blocked"): "{0} assigns combat damage both to {1}, as though it weren't blocked "
                                         "(510.1b), and to {2}, which is blocking it",
    ("702.19c", "loyalty_first"): "{0} assigns {3} to {1} but {2} was assigned {4} of its {5} loyalty",
    # combat.activations (602.2)
    ("117.1b", "not_yet"): "{0}'s pump ability is activated in the window {1}, which has not come yet",
    ("708.2a", "face_down_activation"): "{0} is face down and has no abilities to activate",
    ("602.1", "no_pump"): "{0} has no pump ability number {1} (counting from 0)",
    ("602.5b", "activation_limit"): "{0}'s pump ability {1} may be activated {2} more times this turn, not {3}",
    ("602.2b", "mana"): "{0}'s activations cost {2} mana of kind {1} but only {3} is left",
    ("602.2b", "mana_total"): "{0}'s activations cost {1} mana in all but only {2} is left",
    ("602.2b", "mana_hybrid"): "{0}'s activations and what was spent before need {2} mana of the color set {1} "
                               "(W=1, U=2, B=4, R=8, G=16; hybrid symbols among them, 107.4e) but the pool has {3}",
}

# What a requirement (508.1d, 509.1c) that could have been obeyed asks for.
REQUIREMENTS = {
    "attacks": "{0} could attack, which it does each combat if able",
    "lure": "{1} could block {0}, which all creatures able to block must block",
    "blocked": "{0} could be blocked, which it must be if able",
    "blocks": "{0} could block, which it does each combat if able",
    "provoke": "{1} could block {0}, which it must do if able since {0}'s provoke targeted it (702.39a)",
}

ATTACK_RULES = ("302.6", "702.3b")
ACTIVATION_RULES = ("117.1b", "708.2a", "602.1", "602.5b", "602.2b")  # combat.activations


def check_result(s: Situation) -> CheckResult:
    """Judge ``combat.attackers``, ``combat.blockers`` (if declared) and ``combat.assignment`` (if given):
    legal or not, with every violation, attacks first (:func:`stage_of`); ``pysolver.check(s)`` gives
    its ``to_json()``, ``{"legal": bool, "violations": [{"rule", "message", "objects"}, …]}``.

    >>> from pysolver import load
    >>> check_result(load("examples/check/akroma-illegal-combat.yaml")).rules
    ('508.1a', '702.16f', '702.9b', '702.19b')
    """
    if s.combat.attackers is None:
        raise InputError(s.source, "combat.attackers", "check needs the declared attackers (docs/results.md)")
    s = settled(declared_pumps(_merge_assignment(s)))
    facts = [situation_facts(s)]
    facts += _optimum("attack", situation_facts(s, combat=False))
    if s.combat.blockers is not None:
        facts += _optimum("block", situation_facts(s.with_combat(blockers=None, damage_step=None, assignment=None)))
    judged = s.combat.assignment is not None
    if judged:
        facts.append(program([atom("judge_assignment")]))
    ctl = control(CHECK_DAMAGE if judged else CHECK, "\n".join(facts))
    found: list[Violation] = []
    for symbols in models(ctl):
        found = [_violation(sym) for sym in symbols]
        break
    found.sort(key=lambda v: (stage_of(v.rule), v.rule, v.message))
    return CheckResult(not found, tuple(found))


def _merge_assignment(s: Situation) -> Situation:
    """Two entries for the same source and recipient are one assignment of their sum (510.1)."""
    if not s.combat.assignment:
        return s
    total: dict[tuple[str, str], int] = {}
    for source, recipient, n in s.combat.assignment:
        total[(source, recipient)] = total.get((source, recipient), 0) + n
    return s.with_combat(assignment=tuple(sorted((a, b, n) for (a, b), n in total.items())))


@lru_cache(maxsize=256)
def _optimum(side: str, facts: str) -> tuple[str, ...]:
    """max_obeyed(side,M) and could_obey(side,R) from the same optimisation as `attacks`/`blocks`
    (508.1d, 509.1c), over every creature of the board at once."""
    declaring = ATTACKERS if side == "attack" else BLOCKERS
    ctl = control(declaring.encodings, facts, parts=("base", *declaring.whole_board, "maximize", "show_optimum"),
                  args=("--opt-mode=opt",))
    last: list[Sequence[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: last.append(m.symbols(shown=True)))
    # The attack requirements (508.1d) are fixed while blockers are chosen: count each side's own.
    mine: Callable[[clingo.Symbol], bool] = ((lambda r: r.name == "attacks") if side == "attack"
                                             else (lambda r: r.name != "attacks"))
    symbols = [sym for sym in (last[-1] if last else []) if mine(sym.arguments[0])]
    if not any(sym.name == "requirement" for sym in symbols):
        return ()
    obeyed = [read(sym)[0] for sym in symbols if sym.name == "obeyed"]
    return (program([atom("max_obeyed", constant(side), len(obeyed)),
                     *(atom("could_obey", constant(side), r) for r in obeyed)]),)


def stage_of(rule: str) -> int:
    """Attacks (508, 302.6, 702.3b), then blocks (509 and evasion), then damage (510, 702.19), then
    activations (602.2)."""
    if rule.startswith("508") or rule in ATTACK_RULES:
        return 0
    if rule in ACTIVATION_RULES:
        return 3
    return 2 if rule.startswith(("510", "702.19")) else 1


def _plain(sym: clingo.Symbol) -> object:
    """An object of a violation: an id (str), a number, a constant's name (a step), or a term."""
    plain = value(sym)
    if isinstance(plain, clingo.Symbol) and not plain.arguments:
        return plain.name
    return plain


def _violation(sym: clingo.Symbol) -> Violation:
    rule, kind_sym, objects_sym = read(sym)
    assert isinstance(kind_sym, clingo.Symbol) and isinstance(objects_sym, clingo.Symbol)
    kind = kind_sym.name
    objects = [_plain(a) for a in objects_sym.arguments]
    words = [_describe(o) for o in objects]
    message = MESSAGES.get((str(rule), kind), "{kind}").format(*words, kind=kind.replace("_", " "))
    ids: list[str] = []
    for o in objects:
        if isinstance(o, clingo.Symbol) and o.name in QUALITIES:
            continue  # a creature quality names no object (its creature type is a string)
        for name in ([value(a) for a in o.arguments] if isinstance(o, clingo.Symbol) else [o]):
            if isinstance(name, str) and name not in ids:
                ids.append(name)
    if kind in ("not_dealing", "not_yet", "mana", "mana_total"):
        ids = ids[:1]  # the step, window or mana kind is not an object
    return Violation(str(rule), message, tuple(ids))


def _describe(o: object) -> str:
    """A requirement or creature quality term in words; anything else as it is."""
    if o == "any":  # the quality "creatures" (pysolver.model.abilities)
        return quality_words(("any",))
    if isinstance(o, clingo.Symbol):
        template = REQUIREMENTS.get(o.name)
        if template is not None:
            return template.format(*(value(a) for a in o.arguments))
        if o.name == "scoped":
            scope, q = o.arguments
            return quality_words(_plain_term(q), scope.name)
        if o.name in QUALITIES:
            return quality_words(_plain_term(o))
        return str(o)
    if isinstance(o, str):
        return o.replace("_", "-") if o in ("first_strike",) else o
    return str(o)


# creature qualities (pysolver.model.abilities)
QUALITIES = ("color", "keyword", "cmp", "either", "both", "creature_type", "counter")


def _plain_term(sym: clingo.Symbol) -> Any:
    """A term as the nested tuples of :mod:`pysolver.model.abilities` qualities: functions as tuples."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        return (sym.name, *map(_plain_term, sym.arguments))
    return (sym.name,) if sym.name == "any" else sym.name


def text(doc: dict[str, Any]) -> str:
    """The `check` document for people: the verdict, then each violation with its rule."""
    if doc["legal"]:
        return "legal: the declared combat breaks no rule"
    lines = [f"illegal: {len(doc['violations'])} violation{'s' if len(doc['violations']) != 1 else ''}"]
    lines += [f"  {v['rule']}: {v['message']}" for v in doc["violations"]]
    return "\n".join(lines)
