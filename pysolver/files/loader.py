"""Load a situation file (docs/situation.md, YAML or JSON) into the typed model, strictly.

Every problem is an :class:`InputError` naming the file, the field path and
what is wrong: unknown keys, wrong types, duplicate ids, ids equal to player
names, dangling references, attackers that are not the active player's
creatures, blockers assigned to non-attackers, ability lines not understood.
Each field is read by :mod:`pysolver.model.fields` (as the model's constructors read theirs);
this module checks the board as a whole: players and ids, card pools, the goal, the totals.

>>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "card": "Grizzly Bears"}]})
>>> s.permanent("x").power, s.permanent("x").subtypes
(2, ('Bear',))
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from ..errors import InputError
from ..model import Combat, Goal, Permanent, Player, Situation, fields, numbers, unread
from ..model.abilities import (
    ACTIVATED_KINDS,
    BLOCK_TRIGGERS,
    COST_ONLY,
    DEALT_TRIGGERS,
    DELAYED_END,
    DIES_INSTEAD,
    DOUBLE_DAMAGE,
    END_OF_COMBAT,
    EVENT_WATCHERS,
    EXILED_IF_DEALT,
    EXILED_INSTEAD,
    FOGS,
    GAINED,
    GRANTED_TAPS,
    LIFE,
    LIFE_FLOOR,
    LORD_KINDS,
    NONCOMBAT_DAMAGE,
    ON_COMBAT,
    ON_TARGET,
    PARTIAL_PREVENTIONS,
    PREVENT_ALL_BUT_ONE,
    PREVENT_SOME,
    REMOVALS,
    SHIELDS,
    STATICS,
    SWITCHES,
    TARGET_STOPPERS,
    TARGETED,
    TRIGGERS,
    WINDOW_TRIGGERS,
    Ability,
    CombatAbility,
    Cost,
    DamageTrigger,
    OnCombat,
    Pump,
    Static,
    WindowTrigger,
    creates,
    declares_only,
    effects,
    granted_kind,
    is_put,
    normalise,
    on_stack,
    term_text,
    while_counted,
)
from ..model.catalogue import CATALOGUE
from ..model.fields import CARD_TYPES, Reader, kind
from ..model.magnitudes import magnitude, pump_magnitude, rampage_magnitude, static_magnitude, trigger_magnitude
from ..model.moves import DEATH_TRIGGERS
from ..model.numbers import quote as q
from ..model.objective import SIDES, Objective, Term, default_objective, default_side
from . import reading
from .cards import Card, card_key, with_builtin
from .exiled import check_exiled, settled
from .group_grants import settle_attached_grants, settle_group_grants

TOP_KEYS = {"players", "active", "permanents", "combat", "goal", "objective"}
OBJECTIVE_KEYS = {"side", "terms"}
GOAL_KEYS = {"lethal", "destroy", "survive", "all", "any"}


def load_situation(path: str | Path, pool: Mapping[str, Card] | None = None) -> Situation:
    """Read and validate a situation file (``-``: standard input); `pool` adds `--cards` cards to the
    built-in pool."""
    return _situation(reading.read(path), reading.source(path), pool)


def situation_from_data(data: Any, file: str | None = None, pool: Mapping[str, Card] | None = None) -> Situation:
    """Validate plain data (as parsed from YAML/JSON, or built in Python) into a :class:`Situation`."""
    reading.check_depth(data, file, "")  # data built in Python has not been through pysolver.files.reading
    return _situation(data, file, pool)


TARGETING = {"provoke": "provoke (702.39a)", "dies_damage": "death trigger (603.10a)",  # they target creatures
             "dies_minus": "death trigger (603.10a)", "dies_counters": "death trigger (603.10a)",
             "dies_minus_counters": "death trigger (603.10a)", "other_dies_damage": "death trigger (603.10a)",
             "ping": "damage ability (115.4)", "window": "face-up or monstrous trigger (708.8, 701.37b)"}
DEATH_TARGETING = ("dies_damage", "dies_minus", "dies_counters", "dies_minus_counters",  # 603.3d: with a target
                   "other_dies_damage")


def _situation(data: Any, file: str | None, pool: Mapping[str, Card] | None) -> Situation:
    r = Reader(file)
    if pool is not None and not isinstance(pool, Mapping):
        raise r.fail("cards", f"expected a card pool (a dict from load_cards), got {kind(pool)}")
    top = r.mapping(data, "", TOP_KEYS)
    for key in ("players", "active", "permanents"):
        if key not in top:
            raise r.fail(key, "missing (required)")
    players = _players(r, top["players"])
    names = frozenset(p.name for p in players)
    active = r.text(top["active"], "active")
    if active not in names:
        raise r.fail("active", f"{q(active)} is not one of the players")
    cards = with_builtin(pool)
    permanents, hidden, gains = _permanents(r, top["permanents"], names, cards)
    _check_unread(r, permanents, lambda: _landfall(r, top["permanents"], names, cards))
    check_exiled(r, permanents)  # 406.6, 607.2a (pysolver.files.exiled)
    permanents = settled(r, permanents)  # 613.4b, 613.1d: Duplicant
    permanents = settle_attached_grants(_settle_counted_grants(r, players, permanents))
    combat = Combat(**fields.combat(r, top.get("combat"), active, names, {p.id: p for p in permanents}))
    permanents = settle_group_grants(r, permanents, combat, active)
    by_id = {p.id: p for p in permanents}
    goal = _goal(r, top["goal"], "goal", names, by_id) if top.get("goal") is not None else None
    assigned = sum(n for _, _, n in combat.assignment or ())
    problem = numbers.total_problem(sum(map(magnitude, players)) + sum(map(magnitude, permanents)) + assigned)
    if problem is not None:
        raise r.fail("permanents", problem)
    _check_ward(r, permanents, active)
    _check_regeneration(r, permanents)
    _check_end_of_combat(r, permanents)
    _check_sacrificed_tokens(r, permanents)
    _check_token_triggers(r, permanents, players)
    _check_shields(r, permanents, players)
    _check_damage_as_counters(r, permanents)
    _check_partial_prevention(r, permanents, players)
    _check_doubled_damage(r, permanents, players)
    _check_life_floor(r, permanents)
    _check_pingers(r, permanents, active)
    _check_leaving(r, permanents)
    _check_state_triggers(r, permanents)
    _check_enters_watchers(r, permanents)
    _check_unleash(r, permanents)
    _check_myriad(r, permanents, players, active, combat)
    _check_pairs(r, permanents)
    _check_targeted_watchers(r, permanents)
    _check_event_watchers(r, permanents, hidden)
    _check_trigger_groups(r, permanents)
    _check_intervening(r, permanents)
    _check_barred(r, permanents)
    _check_group_untap(r, permanents)
    _check_counted(r, permanents)
    _check_enchanted(r, permanents)
    _check_keyword_qualities(r, permanents)
    _check_returns(r, permanents)
    _check_dies_instead(r, permanents)
    _check_death_targets(r, permanents)
    _check_mana_abilities(r, permanents)
    _check_granted_taps(r, permanents, combat)
    _check_costs(r, players, permanents, combat, hidden)
    _check_target_stoppers(r, permanents)
    _check_untap(r, permanents)
    _check_lost_hexproof(r, permanents)
    _check_recolored_returns(r, permanents)
    _check_lost_defender(r, permanents)
    _check_recoloring_responses(r, permanents)
    _check_untap_targets(r, permanents)
    _check_removal_targets(r, permanents)
    _check_tap_targets(r, permanents)
    _check_life_watchers(r, permanents)
    _check_hit_untaps(r, permanents)
    _check_window_triggers(r, permanents)
    _check_trigger_targets(r, permanents)
    _check_becomes_tapped(r, permanents)
    _check_energy(r, permanents, gains)
    _check_exerted_groups(r, permanents)
    _check_chosen_power_pumps(r, permanents)
    _check_attack_shrinks(r, permanents)
    _check_enchanted_attacks(r, permanents)
    _check_block_recolors(r, permanents)
    _check_block_puts(r, permanents, combat)
    _check_zone_counts(r, players, permanents, hidden)
    _check_state_returns(r, permanents)
    _check_lord_while_returns(r, permanents)
    _check_blessing(r, permanents, players)
    _check_damage_triggers(r, permanents, players, combat)
    _check_untapped_conditions(r, permanents)
    objective = _objective(r, top["objective"], [p.name for p in players], active, combat) \
        if top.get("objective") is not None else None
    s = Situation(tuple(players), active, tuple(permanents), combat, goal, file, objective)
    problem = numbers.total_problem(sum(map(magnitude, players)) + sum(map(magnitude, permanents)) + assigned
                                    + pump_magnitude(s)  # what pump abilities can still add (602.2b, 613.4c)
                                    + rampage_magnitude(permanents) + static_magnitude(permanents)
                                    + trigger_magnitude(permanents))
    if problem is not None:
        raise r.fail("permanents", f"with what pump abilities, rampage and static abilities can add, {problem}")
    return s


def _check_ward(r: Reader, permanents: list[Permanent], active: str) -> None:
    """A face-down permanent with ward {2} (cast with disguise, 702.168a; cloaked, 701.58a) is refused
    where another player's provoke (702.39a: the active player's, whose creatures attack) or "deals N
    damage to any target" death trigger (603.10a) could target it: ward's trigger (702.21a) is not
    modelled. Elsewhere ward changes nothing (only an opponent's targeting spell or ability triggers it)."""
    for i, p in enumerate(permanents):
        if not (p.face_down == "cloak" or (p.face_down is True and p.has("disguise"))):
            continue
        targeting = next((q for q in permanents if q.controller != p.controller and (
            any(map(q.has, DEATH_TARGETING)) or (q.has("provoke") and q.controller == active)
            or _window_targeting(q))), None)
        if targeting is not None:
            kind = next((k for k in TARGETING if targeting.has(k)), "window")
            rule = "701.58a" if p.face_down == "cloak" else "702.168a"
            raise r.fail(f"permanents[{i}].face_down",
                         f"face-down {q(p.id)} has ward {{2}} ({rule}) and the {TARGETING[kind]} of "
                         f"{q(targeting.id)} could target it: ward's trigger (702.21a) is not modelled")


def _windows(p: Permanent) -> list[WindowTrigger]:
    """The triggers of a priority window of a permanent's face-up side (708.8, 701.37b)."""
    return [a.value for a in p.abilities if a.kind in WINDOW_TRIGGERS and isinstance(a.value, WindowTrigger)]


def _window_targeting(p: Permanent) -> bool:
    """Whether a permanent has a window trigger with a target (115.1) another player's permanent may be."""
    return any(w.targeted and w.scope != "you" for w in _windows(p))


def _check_window_triggers(r: Reader, permanents: list[Permanent]) -> None:
    """A trigger of a priority window ("When ~ is turned face up, …", 708.8; "When ~ becomes monstrous, …",
    701.37b; pysolver.rules.window_triggers) that may kill a creature is refused beside persist or undying
    (702.79a, 702.93a: a creature that dies outside combat damage returns only after a combat damage step
    in the solver), and one that targets beside a permanent of another player with ward (702.21a: ward's
    trigger on it is not modelled)."""
    killing = next((p for p in permanents if any(w.may_kill for w in _windows(p))), None)
    targeting: dict[str, Permanent] = {}  # a permanent with a targeting window trigger, by its controller
    for x in permanents:
        if _window_targeting(x):
            targeting.setdefault(x.controller, x)
    for i, p in enumerate(permanents):
        if killing is not None and (p.has("persist") or p.has("undying")):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and the trigger "
                         f"of {q(killing.id)} (708.8, 701.37b) could kill it outside combat damage: not modelled")
        ward = next((x for c, x in targeting.items() if c != p.controller), None) if p.has("ward") else None
        if ward is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has ward (702.21a) and the trigger of {q(ward.id)} (708.8, "
                         "701.37b) could target it: ward's trigger is not modelled")


def _check_pingers(r: Reader, permanents: list[Permanent], active: str) -> None:
    """A board with an activated ability that goes on the stack (:func:`pysolver.model.abilities.on_stack`:
    "~ deals N damage to …", pysolver.rules.pingers; "destroy target creature"; a cost that sacrifices its
    source; a life ability only by that sacrifice, 119.3: :func:`_may_kill`) is refused where a creature
    that dies outside combat damage would return (persist, undying: 702.79a, 702.93a, returned only after
    a combat damage step), and where one of a defending player whose
    cost sacrifices its source (701.21a) would make a death trigger trigger (its own, or one watching
    creatures die: 603.10a, 603.6c): such a trigger goes on the stack above the ability (603.3) and then
    its player receives priority again (117.3c), which is modelled only for the active player (who
    receives priority after triggers are put, 117.3b)."""
    pingers = [p for p in permanents if any(_may_kill(kind, ab) for kind, ab in p.combat_abilities())]
    if not pingers:
        return
    for i, p in enumerate(permanents):
        if p.has("persist") or p.has("undying"):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and the "
                         f"{_which(pingers[0])} ability of {q(pingers[0].id)} could kill it outside combat damage: "
                         "not modelled")
    sacrificed = {p.id: p for p in pingers if p.controller != active
                  and any(ab.sacrifice for _, ab in p.combat_abilities())}
    for i, p in enumerate(permanents):
        kinds = [k for k in DEATH_TRIGGERS if p.has(k)]
        watcher = any(k.startswith("other_dies") for k in kinds)
        x = sacrificed.get(p.id) if kinds else None
        x = x or (next(iter(sacrificed.values()), None) if watcher else None)
        if x is not None:
            raise r.fail(f"permanents[{i}]", f"sacrificing {q(x.id)} to pay for its {_which(x)} ability (701.21a) "
                         f"triggers the death trigger of {q(p.id)} (603.10a, 603.3), and then {q(x.controller)}, "
                         "not the active player, receives priority (117.3c): not modelled")


def _check_leaving(r: Reader, permanents: list[Permanent]) -> None:
    """A board with "exile target creature" or "return target creature to its owner's hand" (406.2, 400.7; an
    activated ability or an attack trigger) and a death trigger (603.10a, 603.6c) is refused: such a creature
    leaves the battlefield without dying (700.4), which the death triggers' watch (everything that leaves) does not
    tell apart."""
    leaving = next((p for p in permanents if p.has("exile_target") or p.has("bounce_target") or any(
        a.kind == ON_TARGET and cast(OnCombat, a.value).effect in ("bounce", "bounce_weaker") for a in p.abilities)),
                   None)
    if leaving is None:
        return
    for i, p in enumerate(permanents):
        if any(p.has(k) for k in DEATH_TRIGGERS):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a death trigger (603.10a) and {q(leaving.id)} can make "
                         "a creature leave the battlefield without dying (406.2, 400.7, 700.4): not modelled")


def _may_kill(kind: str, ab: CombatAbility) -> bool:
    """Whether an activation goes on the stack (:func:`pysolver.model.abilities.on_stack`) and could make a
    creature leave the battlefield there: all but a life ability (119.3) that sacrifices nothing."""
    return on_stack(kind, ab) and (kind not in LIFE or ab.sacrifice)


def _which(p: Permanent) -> str:
    """What p's ability that goes on the stack does, for a message: "damage" or "destroy"."""
    return "damage" if p.has("ping") or p.has("ping_each") else "destroy" if p.has("destroy_target") else "exile" \
        if p.has("exile_target") or p.has("bounce_target") else "activated"


def _check_sacrificed_tokens(r: Reader, permanents: list[Permanent]) -> None:
    """"{cost}, Sacrifice ~: Create …" (701.21a, 111.1) resolves at once (pysolver.rules.activated); a death
    trigger its sacrifice would trigger (the source's own, one watching creatures die: 603.10a, 603.6c, or that of
    a creature the state-based actions then put into the graveyard, 704.3, having lost a lord or a count of a
    static ability, 611.3a) goes on the stack above it and resolves before the tokens exist (603.3): a board
    with both is refused."""
    makers = [p for p in permanents if any(kind == "create" and ab.sacrifice for kind, ab in p.combat_abilities())]
    statics = makers and any(a.kind in STATICS for p in permanents for a in p.abilities)
    for i, p in enumerate(permanents):
        for x in makers:
            if any(p.has(k) and (p.id == x.id or k.startswith("other_dies") or statics) for k in DEATH_TRIGGERS):
                raise r.fail(f"permanents[{i}]", f"sacrificing {q(x.id)} to create tokens (701.21a) triggers the "
                             f"death trigger of {q(p.id)} (603.10a), which resolves before the tokens are created "
                             "(603.3): not modelled")


#: The combat triggers whose effect reads the creatures there are as it resolves (702.91a, 508.3a, 611.2c), which
#: a token created before it would join: the order of the two matters (603.3b).
_COUNTING = ("attacks_pump_each", "attacks_pump_each_type")


def _check_token_triggers(r: Reader, permanents: list[Permanent], players: list[Player]) -> None:
    """"Whenever ~ attacks / blocks, create …" (111.1) goes on the stack (603.3b), a battle cry beside it too
    (702.91a, encodings/triggers.lp). Refused: beside another trigger of the same declaration whose effect reads
    the creatures as it resolves ("for each other attacking creature", a group of creatures: its order with the
    tokens is not modelled); tokens "tapped and attacking" (508.4: its controller chooses what they attack) where
    they could attack something else than the one opponent (a second opponent, a planeswalker, a battle)."""
    for part in ("on_attack", "on_block"):
        maker = next((p for p in permanents for a in p.abilities if a.kind == part and creates(a)), None)
        if maker is None:
            continue
        for i, p in enumerate(permanents):
            if any((part == "on_attack" and a.kind in _COUNTING) or (
                    a.kind == part and cast(OnCombat, a.value).whom in ("attacking", "you")) for a in p.abilities):
                raise r.fail(f"permanents[{i}]", f"the combat trigger of {q(p.id)} reads the creatures there are as "
                             f"it resolves, and that of {q(maker.id)} creates tokens as it resolves: their order "
                             "(603.3b) is not modelled")
    attacking = next((p for p in permanents for a in p.abilities
                      if (made := creates(a)) is not None and made.attacking), None)
    if attacking is None:
        return
    other = next((i for i, p in enumerate(permanents) if p.controller != attacking.controller
                  and {"Planeswalker", "Battle"} & set(p.types)), None)
    if len(players) > 2 or other is not None:
        where = "players" if other is None else f"permanents[{other}]"
        raise r.fail(where, f"{q(attacking.id)} creates tokens tapped and attacking, and its controller chooses "
                     "what they attack among a defending player, their planeswalkers and the battles they protect "
                     "(508.4): not modelled with more than one choice")


def _check_end_of_combat(r: Reader, permanents: list[Permanent]) -> None:
    """A board with an ability acting at end of combat (511.2: "When ~ attacks or blocks, destroy it at end of
    combat", 603.7a; "At end of combat, destroy all creatures blocking or blocked by ~"; pysolver.rules.
    end_of_combat) is admitted only where nothing in the end of combat step's window (117.3) and no order of its
    triggers (603.3b) can change what they do: refused beside a face-down permanent (702.37e: turned face up
    there; 708.2a: or face down as its trigger's event happened), an activated ability (602.2: activated in
    response), a death trigger (603.10a: the creatures they destroy would trigger it), persist or undying
    (702.79a, 702.93a), a regeneration shield (701.19a: it removes a creature from combat, 506.4) and a static
    ability (611.3a, 604.2: a source leaving changes what the others are, and so what the next trigger does).
    The same for a damage trigger's "destroy that creature at end of combat" and a permanent marked
    ``destroyed_at_end_of_combat`` (603.7a)."""
    source = next((p for p in permanents if p.destroyed_at_end_of_combat or any(
        a.kind in (DELAYED_END, END_OF_COMBAT) or (a.kind in DEALT_TRIGGERS and cast(DamageTrigger, a.value).effect
                                                     == "destroy_at_end") for a in p.abilities)), None)
    if source is None:
        return
    line = next((x for x in source.ability_lines if "end of combat" in x.lower()),
                "a delayed trigger destroying it at end of combat")  # (603.7a: destroyed_at_end_of_combat)
    for i, p in enumerate(permanents):
        found = _acts_at_end_of_combat(p)
        if found is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has {found} and {q(source.id)} has {line!r} (511.2): the "
                         "end of combat step is modelled only where nobody acts in its window and the order of "
                         "its triggers changes nothing")


def _acts_at_end_of_combat(p: Permanent) -> str | None:
    """What of `p` may act in the end of combat step's window or make the order of its triggers matter (511.2;
    :func:`_check_end_of_combat`), in words, or None."""
    if p.face_down:
        return "a face-down permanent (702.37e, 708.2a)"
    if p.combat_abilities() or p.pump_abilities() or any(a.kind in ACTIVATED_KINDS for a in p.abilities):
        return "an activated ability (602.2)"
    if any(a.kind in DEATH_TRIGGERS for a in p.abilities):
        return "a death trigger (603.10a)"
    if p.has("persist") or p.has("undying"):
        return "persist or undying (702.79a, 702.93a)"
    if p.regeneration_shields:
        return "a regeneration shield (701.19a)"
    if any(a.kind in STATICS and not declares_only(a) for a in p.abilities):  # (509.1b: a restriction of the
        return "a static ability (611.3a)"  # declarations changes nobody after them)
    return None


def _check_regeneration(r: Reader, permanents: list[Permanent]) -> None:
    """A board with a "destroy that creature" trigger (510.3a, 509.3d: ``hit_destroy``, ``blocked_destroy``)
    and a creature that has or can make a regeneration shield (701.19a) is refused: those triggers are
    read both with and without "It can't be regenerated" (701.19c), so whether a shield replaces
    their destruction is not known."""
    destroyer = next((p for p in permanents if p.has("hit_destroy") or p.has("blocked_destroy") or any(
        a.kind == "on_block" and cast(OnCombat, a.value).effect == "destroy" for a in p.abilities)), None)
    if destroyer is None:
        return
    for i, p in enumerate(permanents):
        if p.regeneration_shields or p.has("regenerate") or p.has("target_regenerate"):  # (any creature's shield)
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} may be regenerated (701.19a) and the \"destroy that "
                         f"creature\" trigger of {q(destroyer.id)} is not modelled with regeneration (701.19c)")


def _check_shields(r: Reader, permanents: list[Permanent], players: list[Player]) -> None:
    """A board with a prevention shield (615.7: a `prevention_shield`, or an ability that makes one), damage
    dealt outside the combat damage steps (an activated "~ deals N damage to …", a death trigger that deals
    damage, 603.10a) and a permanent whose damage another prevention effect may prevent (protection, 702.16e;
    "Prevent all damage that would be dealt to ~", 615.1a, or an ability that leaves it for the turn on a
    permanent: then on any) is refused: where both apply to such damage the
    shield's controller chooses which applies first (616.1), and one shield used up on damage prevented
    anyway (or not) is modelled for combat damage only (encodings/shields.lp; outside it the other effect
    applies first, encodings/triggers.lp)."""
    shielding = next((p for p in permanents if p.prevention_shield or p.has("shield")), None)
    if shielding is None and not any(p.prevention_shield for p in players):
        return
    dealing = next((p for p in permanents if any(p.has(k) for k in NONCOMBAT_DAMAGE)), None)
    if dealing is None:
        return
    given = any("prevent_damage_to" in ab.keywords for x in permanents for _, ab in x.pump_abilities()) or any(
        "prevent_damage_to" in ab.keywords for x in permanents for _, ab in x.combat_abilities())
    for i, p in enumerate(permanents):
        if p.has("protection") or p.has("prevent_damage_to") or given:
            named = f"of {q(shielding.id)} " if shielding is not None else "of a player "
            raise r.fail(f"permanents[{i}]", f"damage the ability of {q(dealing.id)} deals (120.3) to {q(p.id)} "
                         f"could be prevented both by its prevention effect and by the prevention shield {named}"
                         "(615.7), whose controller chooses which applies first (616.1): not modelled outside "
                         "combat damage")


#: the lines that change what damage to their creature does beyond preventing it (614.1a, 615.5): it becomes -1/-1
#: counters, or a +1/+1 counter is removed (encodings/shields.lp, for combat damage only)
DAMAGE_CHANGED = ("damage_as_counters", "prevent_remove_counter", "prevent_remove_counter_while",
                  # (and a static prevention for creature tokens, 615.1a, 611.3a: modelled for combat damage only)
                  "prevent_damage_to_tokens")


def _check_damage_as_counters(r: Reader, permanents: list[Permanent]) -> None:
    """A creature whose damage becomes -1/-1 counters or removes a +1/+1 counter as it is prevented (614.1a,
    615.5), or a static prevention for creature tokens (615.1a: :data:`DAMAGE_CHANGED`), is modelled for combat
    damage (encodings/shields.lp): a board where damage
    could be dealt otherwise (an activated or triggered ability that deals damage, 120.3) or where it has or
    could get a prevention shield (615.7: which damage the shield prevents is its controller's choice, 616.1)
    is refused."""
    changed = _combat_damage_only(r, permanents, DAMAGE_CHANGED,
                                  "the change of what damage does (614.1a, 615.1a, 615.5)")
    shielding = any(x.has("shield") for x in permanents)
    for i, p in changed:
        if p.prevention_shield or shielding:
            raise r.fail(f"permanents[{i}]", f"the ability of {q(p.id)} that changes what damage does (614.1a, "
                         "615.1a, 615.5) and a prevention shield (615.7) may apply to the same damage, its controller "
                         "ordering them (616.1): not modelled")


def _noncombat_dealer(permanents: list[Permanent]) -> Permanent | None:
    """The first permanent with an activated or triggered ability that deals damage (120.3) otherwise than as
    combat damage (510.2), or None."""
    return next((x for x in permanents for a in x.abilities if a.kind in NONCOMBAT_DAMAGE
                 or a.kind in DEALT_TRIGGERS or getattr(a.value, "effect", None) == "damage"), None)


def _combat_damage_only(r: Reader, permanents: list[Permanent], kinds: Iterable[str],
                        what: str) -> list[tuple[int, Permanent]]:
    """The permanents (with their indexes) that have an ability of `kinds`, which changes what damage does and is
    modelled for combat damage only (510.2): a board where damage could also be dealt otherwise (120.3,
    :func:`_noncombat_dealer`) is refused, naming the first of them and `what` its ability does."""
    found = [(i, p) for i, p in enumerate(permanents) if any(p.has(k) for k in kinds)]
    dealing = _noncombat_dealer(permanents) if found else None
    if dealing is not None:
        i, p = found[0]
        raise r.fail(f"permanents[{i}]", f"{what} of {q(p.id)} is modelled for combat damage only, and an ability of "
                     f"{q(dealing.id)} deals damage otherwise (120.3)")
    return found


#: the lines whose ordering beside a static prevention of part of the damage (615.10) changes a result (616.1)
ORDERED_WITH_PARTIAL = ("damage_as_counters", "prevent_remove_counter", "prevent_remove_counter_while", "shield")


def _check_partial_prevention(r: Reader, permanents: list[Permanent], players: list[Player]) -> None:
    """A static prevention of part of each damage event (615.10: "prevent N of that damage", "prevent all but 1 of
    that damage") is modelled for combat damage (encodings/shields.lp): a board where damage could be dealt
    otherwise (120.3) is refused, and so is one where another effect applying to the same damage could be ordered
    before or after it with different results (616.1): a prevention shield (615.7), damage made -1/-1 counters or
    removing a +1/+1 counter (614.1a, 615.5), or both of these lines under one controller."""
    partial = _combat_damage_only(r, permanents, PARTIAL_PREVENTIONS, "the prevention of part of the damage (615.10)")
    if not partial:
        return
    i, p = partial[0]
    ordered = next((x for x in permanents if x.prevention_shield or any(x.has(k) for k in ORDERED_WITH_PARTIAL)),
                   None) or next((x for x in players if x.prevention_shield), None)
    if ordered is not None:
        name = ordered.id if isinstance(ordered, Permanent) else ordered.name
        raise r.fail(f"permanents[{i}]", f"the prevention of part of the damage of {q(p.id)} (615.10) and an effect "
                     f"of {q(name)} (a prevention shield, 615.7, or damage made counters, 614.1a, 615.5) may apply "
                     "to the same damage, its controller ordering them (616.1): not modelled")
    for some in (x for _, x in partial if x.has(PREVENT_SOME)):
        other = next((x for _, x in partial if x.has(PREVENT_ALL_BUT_ONE) and x.controller == some.controller), None)
        if other is not None:
            raise r.fail(f"permanents[{i}]", f"the preventions of part of the damage of {q(some.id)} and "
                         f"{q(other.id)} (615.10) may apply to the same damage in either order, with different "
                         "results (616.1): not modelled")


def _check_doubled_damage(r: Reader, permanents: list[Permanent], players: list[Player]) -> None:
    """Damage doubled by "If a source you control would deal damage to a permanent or player, it deals double that
    damage to that permanent or player instead" (614.1a) is modelled for combat damage (encodings/shields.lp): a board
    where damage could be dealt otherwise (120.3) is refused, and so is one where another effect applying to the same
    damage could be ordered before or after it with different results (616.1): a prevention shield (615.7), a
    prevention of part of the damage (615.10) or damage made -1/-1 counters (614.1a)."""
    doubling = _combat_damage_only(r, permanents, (DOUBLE_DAMAGE,), "the doubling of damage (614.1a)")
    if not doubling:
        return
    i, p = doubling[0]
    ordered = next((x.id for x in permanents if x.prevention_shield or any(
        x.has(k) for k in ("shield", "damage_as_counters", *PARTIAL_PREVENTIONS))), None) or next(
        (x.name for x in players if x.prevention_shield), None)
    if ordered is not None:
        raise r.fail(f"permanents[{i}]", f"the doubling of damage of {q(p.id)} (614.1a) and an effect of {q(ordered)} "
                     "(a prevention shield, 615.7, a prevention of part of the damage, 615.10, or damage made "
                     "counters, 614.1a) may apply to the same damage, the affected player ordering them (616.1): "
                     "not modelled")


def _check_life_floor(r: Reader, permanents: list[Permanent]) -> None:
    """"Damage that would reduce your life total to less than 1 reduces it to 1 instead" (614.1a) is modelled for combat
    damage (encodings/outcomes.lp): a board where damage could be dealt otherwise (120.3) is refused, and so is one
    where a creature has or could get lifelink (702.15b: life gained in the same damage event)."""
    floor = _combat_damage_only(r, permanents, (LIFE_FLOOR,), "the life floor (614.1a)")
    if not floor:
        return
    i, p = floor[0]
    linked = next((x for x in permanents if any("lifelink" in line.lower() for line in x.ability_lines)), None)
    if linked is not None:
        raise r.fail(f"permanents[{i}]", f"the life floor of {q(p.id)} (614.1a) beside the lifelink of "
                     f"{q(linked.id)} (702.15b: life gained in the same damage event): not modelled")


def _check_trigger_groups(r: Reader, permanents: list[Permanent]) -> None:
    """A combat trigger whose effect reaches a group of creatures of a quality ("Goblin creatures you control
    get +1/+1", pysolver.model.abilities.OnCombat) is resolved at once after its declaration; a face-down
    permanent turned face up while it waits (116.2b, 117.3b) could join or leave the group (708.8), so a board
    with both is refused."""
    grouped = next((p for p in permanents for a in p.abilities if a.kind in ON_COMBAT
                    and cast(OnCombat, a.value).whom in ("attacking", "you")
                    and cast(OnCombat, a.value).quality != ("any",)), None)
    if grouped is None:
        return
    for i, p in enumerate(permanents):
        if p.face_down and p.face_up_ways():
            raise r.fail(f"permanents[{i}]", f"face-down {q(p.id)} could be turned face up (116.2b) while the combat "
                         f"trigger of {q(grouped.id)} that reaches creatures of a quality waits on the stack "
                         "(117.3b, 611.2c): not modelled")


def _check_intervening(r: Reader, permanents: list[Permanent]) -> None:
    """An attack trigger "if you control a <creature type>" or "if you control no untapped lands" (603.4) is resolved
    at once after the declaration, its condition read as it triggers; an activated ability activated while it waits
    (117.3b) could make that creature leave the battlefield or lose the type, or untap a land, before it resolves,
    and then it does nothing: a board with both is refused, and so is one with the latter beside an attack trigger
    that untaps a target (603.3b: it may resolve first)."""
    found = next(((p, name) for p in permanents for a in p.abilities if a.kind == "on_attack"
                  and (name := (cast(OnCombat, a.value).condition or ("",))[0]) in ("controls", "no_untapped_lands")),
                 None)
    if found is None:
        return
    conditioned, name = found
    for i, p in enumerate(permanents):
        untaps = name == "no_untapped_lands" and any(a.kind == ON_TARGET and cast(OnCombat, a.value).effect == "untap"
                                                     for a in p.abilities)
        if p.combat_abilities() or p.pump_abilities() or untaps:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has an activated ability or an attack trigger that untaps, "
                         f"which could act while the attack trigger of {q(conditioned.id)} with an intervening \"if "
                         "you control …\" waits (117.3b, 603.4, 603.3b): not modelled")


def _effect_source(permanents: list[Permanent], effect: str) -> Permanent | None:
    """The first permanent with an attack trigger of the effect grammar that has `effect`."""
    return next((p for p in permanents for a in p.abilities
                 if a.kind == "on_attack" and cast(OnCombat, a.value).effect == effect), None)


def _check_barred(r: Reader, permanents: list[Permanent]) -> None:
    """"Creatures with <quality> can't block this turn" (509.1b) changes the rules, so it applies to the creatures
    that have the quality as blockers are declared (611.2c); the solver marks those that have it as the trigger
    resolves. A board on which a creature could gain or lose the quality in between is refused: an activated
    ability (117.3b), a face-down permanent that can be turned face up (116.2b, 708.8), an attack trigger with a
    target (603.3d) or a static ability, whose effect could change with what resolves meanwhile (613)."""
    source = _effect_source(permanents, "cant_block")
    if source is None:
        return
    for i, p in enumerate(permanents):
        why = ("has an activated ability" if p.combat_abilities() or p.pump_abilities() else
               "can be turned face up" if p.face_down and p.face_up_ways() else
               "has an attack trigger with a target" if p.has(ON_TARGET) else
               "has a static ability" if any(a.kind in STATICS for a in p.abilities) else None)
        if why is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} {why}, which could change which creatures the \"can't "
                         f"block this turn\" of {q(source.id)} applies to before blockers are declared (611.2c): "
                         "not modelled")


def _check_group_untap(r: Reader, permanents: list[Permanent]) -> None:
    """"Untap each other creature you control" (701.26b) is refused beside an ability that reads whether a
    creature is tapped: an activated ability ({T} and tap costs, 602.5a, "target tapped creature"), or a line
    over tapped or untapped creatures (110.5): an attacking creature untapped is not modelled (the solver reads
    one without vigilance as tapped, 508.1f)."""
    source = _effect_source(permanents, "untap") or next(  # (or an exerted creature's, 701.43d)
        (p for p in permanents for a in p.abilities if a.kind == ON_TARGET and cast(OnCombat, a.value).effect == "untap"
         and cast(OnCombat, a.value).whom == "you"), None)
    if source is None:
        return
    for i, p in enumerate(permanents):
        if p.combat_abilities() or p.pump_abilities() or any("tapped" in a.term for a in p.abilities):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} reads whether a creature is tapped (602.5a, 110.5) and "
                         f"the attack trigger of {q(source.id)} untaps creatures (701.26b): an untapped attacking "
                         "creature (508.1f) is not modelled")


def _check_counted(r: Reader, permanents: list[Permanent]) -> None:
    """An attack trigger whose amount is counted as it resolves ("you gain 1 life for each Elf you control",
    "… get +X/+X, where X is ~'s power", "… the number of lands defending player controls", "remove a -1/-1
    counter from it. If you do, …": pysolver.model.abilities.OnCombat, 608.2h), or whose intervening "if"
    adds up its controller's creatures' power (formidable, 603.4), is resolved at once after the declaration,
    counted as it triggered. A board on which the count could change while it waits is refused: an
    activated ability (117.3b), a face-down permanent that can be turned face up (116.2b), an attack trigger that
    creates tokens (they could be of the type, 111.1), and, for power or counters, another triggered ability
    (603.3b: the active player orders them; a static ability can grant one, 613.1f)."""
    for src in permanents:
        for a in src.abilities:
            e = cast(OnCombat, a.value) if a.kind == "on_attack" else None
            powers = e is not None and (e.effect in ("gets_power", "remove_minus")
                                        or (e.condition or ("",))[0] == "total_power")
            if e is None or not (powers or e.effect in ("gain_life_each", "gets_lands")):
                continue
            for i, p in enumerate(permanents):
                why = ("has an activated ability" if p.combat_abilities() or p.pump_abilities() else
                       "can be turned face up" if p.face_down and p.face_up_ways() else
                       "creates tokens as it attacks" if any(b.kind == "on_attack" and creates(b) for b in p.abilities)
                       else "has another triggered ability" if powers and any(
                           b is not a and (b.kind in TRIGGERS or granted_kind(b) in TRIGGERS) and b.kind not in
                           BLOCK_TRIGGERS for b in p.abilities) else None)
                if why is not None:
                    raise r.fail(f"permanents[{i}]", f"{q(p.id)} {why}, which could change what the attack trigger "
                                 f"of {q(src.id)} counts before it resolves (608.2h): not modelled")


def _check_energy(r: Reader, permanents: list[Permanent], gains: dict[int, str]) -> None:
    """A board where an ability pays energy ({E}, 107.14: "you may pay {E}", a cost "Pay {E}") is refused where a
    card's line the solver keeps as inert gives energy (122.1: "Whenever ~ attacks, you get {E}{E}"): given during
    the combat, it could pay for it."""
    payer = next((p for p in permanents if any(isinstance(a.value, OnCombat) and a.value.energy for a in p.abilities)
                  or any(ab.extra.energy for _, ab in p.combat_abilities())
                  or any(pump.extra.energy for _, pump in p.pump_abilities())), None)
    if payer is None or not gains:
        return
    i, line = min(gains.items())
    raise r.fail(f"permanents[{i}]", f"{q(permanents[i].id)} has the line {q(line)}, which gives energy (122.1) that "
                 f"the ability of {q(payer.id)} could pay (107.14): energy given during the combat is not modelled")


def _check_exerted_groups(r: Reader, permanents: list[Permanent]) -> None:
    """An attack trigger reaching "creatures you control" (611.2c: each creature as it resolves) beside one that
    creates tokens (111.1) where one of them is put on the stack with a choice (ON_TARGET: an exert line, 701.43d,
    an energy-paid line, 603.5) and the other is not: the active player orders them (603.3b), but those put with a
    choice resolve above the others, and those of the effect grammar resolve at once (pysolver.game.gametree,
    pysolver.rules.triggers): that order is not modelled. (Two of the effect grammar: _check_token_triggers.)"""
    makers = {a.kind: p for p in permanents for a in p.abilities if a.kind in ("on_attack", ON_TARGET) and creates(a)}
    for i, p in enumerate(permanents):
        for a in p.abilities:
            other = {ON_TARGET: "on_attack", "on_attack": ON_TARGET}.get(a.kind)
            if other in makers and cast(OnCombat, a.value).whom == "you":
                raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} reaches the creatures there are as "
                             f"it resolves, and that of {q(makers[other].id)} creates tokens: their order (603.3b) is "
                             "not modelled")


def _check_chosen_power_pumps(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever ~ attacks, you may have other attacking creatures get +X/+X until end of turn, where X is ~'s
    power" (an attack trigger put on the stack with its choice, ON_TARGET; 608.2h: X and the attacking creatures as
    it resolves) is refused beside another ability that triggers in combat (or a static ability granting one,
    613.1f): the active player orders the attack triggers (603.3b), and one resolving first could change X or the
    attackers (508.4); that order is not modelled."""
    for i, p in enumerate(permanents):
        for j, a in enumerate(p.abilities):
            if a.kind != ON_TARGET or cast(OnCombat, a.value).effect != "gets_power":
                continue
            other = next((x for x in permanents for k, b in enumerate(x.abilities) if (x.id, k) != (p.id, j) and (
                b.kind in TRIGGERS - BLOCK_TRIGGERS or granted_kind(b) is not None)), None)
            if other is not None:
                raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} counts its power and the attacking "
                             f"creatures as it resolves and {q(other.id)} has another combat trigger: their order "
                             "(603.3b) is not modelled")


def _check_attack_shrinks(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever a <creature type> you control attacks, creatures defending player controls get -N/-N until end of
    turn" (on the stack, 603.3b) is refused beside an attack trigger with a target or provoke (put on the stack above
    it, where the active player may order them either way: "target creature gets +0/+3" first or last, 603.3b) and
    beside "creatures with <quality> can't block this turn" (resolved at once, where the other order could change
    which creatures have the quality, 611.2c): those orders are not modelled."""
    shrinking = next(((i, p) for i, p in enumerate(permanents) if p.has("type_attacks_shrink")), None)
    if shrinking is None:
        return
    i, p = shrinking
    other = next((x for x in permanents for a in x.abilities if a.kind in (ON_TARGET, "provoke") or (
        a.kind == "on_attack" and cast(OnCombat, a.value).effect == "cant_block")), None)
    if other is not None:
        raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} lowers the defending player's creatures "
                     f"and {q(other.id)} has an attack trigger whose order beside it (603.3b) is not modelled")


#: 702.103b, 303.4: a bestow card's "Whenever ~ or enchanted creature attacks, …" (its second half an Aura's)
_OR_ENCHANTED = re.compile(r"\bor enchanted creature attacks\b", re.IGNORECASE)


def _check_enchanted_attacks(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever ~ or enchanted creature attacks, …" is read on a creature, which enchants nothing (303.4d; 702.103b:
    a bestow card attached is an Aura, no creature): on a noncreature permanent the creature it enchants could
    attack, which the solver does not know (refused)."""
    for i, p in enumerate(permanents):
        if not p.is_creature and any(_OR_ENCHANTED.search(line) for line in p.ability_lines):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} is no creature and has a trigger on the creature it enchants "
                         "attacking (702.103b, 303.4b): the enchanted creature is not modelled")


def _check_block_recolors(r: Reader, permanents: list[Permanent]) -> None:
    """A block trigger "that creature becomes <color>" (105.3) resolves at once in the solver, with the other block
    triggers: it is refused beside another block trigger (603.3b: their order, and a quality read as the other one
    resolves, 611.2c), beside an activated ability (117.3b: one played in response, with the old colors, 608.2b), a
    face-down permanent (708.2a: its colors, 613.1e, are not modelled; a face-up turn in response) and persist or
    undying (400.7: the returned object's colors are its card's, which the board no longer states)."""
    found = next(((i, p, j) for i, p in enumerate(permanents) for j, a in enumerate(p.abilities)
                  if a.kind == "on_block" and cast(OnCombat, a.value).effect == "becomes"), None)
    if found is None:
        return
    i, p, j = found
    other = next((x for x in permanents if x.face_down or x.has("persist") or x.has("undying")
                  or x.combat_abilities() or x.pump_abilities()
                  or any(b.kind in BLOCK_TRIGGERS and (x.id, k) != (p.id, j) for k, b in enumerate(x.abilities))),
                 None)
    if other is not None:
        raise r.fail(f"permanents[{i}]", f"the block trigger of {q(p.id)} changes a creature's colors (105.3) and "
                     f"{q(other.id)} has an ability or a state whose order beside it (603.3b, 117.3b) or colors "
                     "(708.2a, 400.7) are not modelled")


def _check_trigger_targets(r: Reader, permanents: list[Permanent]) -> None:
    """An attack trigger with a target (pysolver.model.abilities.ON_TARGET) is refused where it could target a
    permanent with ward another player controls (702.21a: ward's trigger is not modelled; a face-down one cast
    with disguise or cloaked has ward {2}, 702.168a, 701.58a), and an "untap target creature" where a
    permanent has an ability with {T} in its cost (602.5a: an attacking creature is tapped, 508.1f, which the
    solver reads off its attacking, so an untapped attacker is not modelled) or where what it may untap could be
    read otherwise (:func:`_trigger_untap_problem`: a pump's {T}, a "tap an untapped" cost, a tapped-reading
    ability, a noncreature permanent of "target permanent")."""
    for i, p in enumerate(permanents):
        for a in p.abilities:
            if a.kind != ON_TARGET or cast(OnCombat, a.value).whom != "target":
                continue  # (an exert line's "it" or "creatures you control": no target, 701.43d, 115.1)
            e = cast(OnCombat, a.value)
            warded = next((x for x in permanents if x.controller != p.controller and e.target != "yours" and (
                x.has("ward") or x.face_down == "cloak" or (x.face_down is True and x.has("disguise")))), None)
            if warded is not None:
                raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} could target {q(warded.id)}, which "
                             "has ward (702.21a, 702.168a, 701.58a): ward's trigger is not modelled")
            tapping = next((x for x in permanents if any(ab.tap for _, ab in x.combat_abilities())), None)
            if e.effect == "untap" and tapping is not None:
                raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} untaps a creature and "
                             f"{q(tapping.id)} has an ability with {{T}} in its cost (602.5a): an untapped attacking "
                             "creature (508.1f) is not modelled")
            problem = _trigger_untap_problem(p, e, permanents) if e.effect == "untap" else ""
            if problem:
                raise r.fail(f"permanents[{i}]", f"the attack trigger of {q(p.id)} can untap {problem}: not modelled "
                             "(an untapped attacking creature, 508.1f, is not)")


#: an ability term that taps a permanent as its effect (701.26a: "tap target creature", "tap that creature", …),
#: not a {T} cost's ("{T}: Add {G}", "{T}: Look at …": tap_mana, tap_hidden) nor "enters tapped" (614.1c)
_TAPS = re.compile(r"(?<![a-z])tap(?![a-z]|_mana|_hidden)")


def _check_becomes_tapped(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever ~ becomes tapped" (603.2, 701.26a) is modelled as it triggers when its source is tapped on being
    declared an attacker (508.1f; pysolver.model.abilities._becomes_tapped): a board where it could become tapped
    otherwise is refused — an ability of any permanent, or of a token one may create (111.1), that taps a creature
    (701.26a), a {T} in a cost of its own (602.5a, printed or granted, 613.1f), a "tap an untapped creature you
    control" cost of its controller's (701.26a)."""
    made = _token_abilities(permanents)
    for i, p in enumerate(permanents):
        if not any(a.kind == ON_TARGET and cast(OnCombat, a.value).event == "tapped" for a in p.abilities):
            continue
        taps = next((f"{q(x.id)} has an ability that taps a creature" for x in permanents
                     if any(_TAPS.search(a.term) for a in x.abilities)), None) or next(
            ("a token one of them may create has an ability that taps a creature" for a in made
             if _TAPS.search(a.term)), None)
        own = any(cost.tap for cost in _extra_costs(p)) or any(pump.tap for _, pump in p.pump_abilities()) or any(
            x.has(k) for x in permanents for k in GRANTED_TAPS.values())
        tapping = next((x for x in permanents if x.controller == p.controller
                        and any(cost.tap_untapped for cost in _extra_costs(x))), None)
        why = taps or ("it could pay a {T} cost or tap itself (602.5a, 701.26a)" if own else None) or (
            f"{q(tapping.id)} has a \"tap an untapped\" cost (701.26a)" if tapping is not None else None)
        if why is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has \"whenever ~ becomes tapped\" and {why}: only its "
                         "being tapped as it attacks (508.1f) is modelled")


def _check_block_puts(r: Reader, permanents: list[Permanent], combat: Combat) -> None:
    """A block trigger put on the stack by its controller ("~ deals N damage to that creature", "untap ~ and
    remove it from combat": pysolver.model.abilities.PUT_EFFECTS) is refused beside another block trigger
    (509.2a: with the defending player's put on the stack last, APNAP, 603.3b, the order of theirs is not
    modelled), "untap ~" beside an ability with {T} in its cost (602.5a, 508.1f), one with a target beside another
    player's permanent with ward (702.21a: ward's trigger is not modelled) and, once blockers are declared, "remove it
    from combat" of a blocked attacker (whether it was removed, 506.4, is not stated)."""
    puts = [(i, p, a) for i, p in enumerate(permanents) for a in p.abilities if is_put(a)]
    if not puts:
        return
    i, p, a = puts[0]
    other = next((x for x in permanents for b in x.abilities if b.kind in BLOCK_TRIGGERS and not is_put(b)), None)
    if other is not None:
        raise r.fail(f"permanents[{i}]", f"the block trigger of {q(p.id)} goes on the stack (603.3b) and "
                     f"{q(other.id)} has another block trigger: the order of both is not modelled")
    tapping = next((x for x in permanents if any(ab.tap for _, ab in x.combat_abilities())), None)
    blocked = {b for _, b in combat.blockers or ()}
    for i, p, a in puts:
        warded = next((x for x in permanents if x.controller != p.controller and (
            x.has("ward") or x.face_down == "cloak" or (x.face_down is True and x.has("disguise")))), None)
        if cast(OnCombat, a.value).whom == "target" and warded is not None:
            raise r.fail(f"permanents[{i}]", f"the block trigger of {q(p.id)} could target {q(warded.id)}, which has "
                         "ward (702.21a, 702.168a, 701.58a): ward's trigger is not modelled")
        if cast(OnCombat, a.value).effect == "return_to_hand":
            _check_return(r, permanents, combat, i, p)
        if cast(OnCombat, a.value).effect != "remove":
            continue
        if tapping is not None:
            raise r.fail(f"permanents[{i}]", f"the block trigger of {q(p.id)} untaps it and {q(tapping.id)} has an "
                         "ability with {T} in its cost (602.5a): an untapped attacking creature (508.1f) is not "
                         "modelled")
        partner = cast(OnCombat, a.value).whom == "partner"  # (509.3c: "a creature you control")
        removable = {x.id for x in permanents if x.controller == p.controller} if partner else {p.id}
        if removable & blocked:
            raise r.fail(f"permanents[{i}]", f"blockers are declared and whether the trigger of {q(p.id)} removed "
                         f"{'a creature' if partner else 'it'} from combat (506.4) is not stated: not modelled")


def _check_return(r: Reader, permanents: list[Permanent], combat: Combat, i: int, p: Permanent) -> None:
    """"Return ~ to its owner's hand" of block trigger of `p` (the `i`-th permanent) is refused once blockers are
    declared with `p` blocking or blocked (whether it resolved is not stated) and beside a death trigger, persist
    or undying (700.4: a creature returned to its hand does not die; those are read off the creatures that left
    the battlefield, 603.10a)."""
    declared = {x for pair in combat.blockers or () for x in pair}
    if p.id in declared:
        raise r.fail(f"permanents[{i}]", f"blockers are declared and whether the trigger of {q(p.id)} returned it to "
                     "its owner's hand (509.2a) is not stated: not modelled")
    dying = next((j for j, x in enumerate(permanents) if x.has("persist") or x.has("undying")
                  or any(a.kind in DEATH_TRIGGERS for a in x.abilities)), None)
    if dying is not None:
        raise r.fail(f"permanents[{dying}]", f"{q(permanents[dying].id)} has a death trigger, persist or undying "
                     f"and the block trigger of {q(p.id)} returns it to its owner's hand (700.4, 603.10a): not "
                     "modelled")


def _check_state_triggers(r: Reader, permanents: list[Permanent]) -> None:
    """"When you control no Islands, sacrifice ~" (603.8) is admitted only where it cannot trigger in the
    combat: the creature is face up and its controller controls a permanent of that kind that is no
    creature, planeswalker or battle (none of which leaves the battlefield in the solver's combat).
    Otherwise it has triggered already (no such permanent) or may trigger during the combat: refused."""
    for i, p in enumerate(permanents):
        for a in p.abilities:
            if a.kind != "sacrifice_without":
                continue
            name, _, arg = cast(tuple[str, str], a.value)[1].rstrip(")").partition("(")
            arg = arg.strip('"')
            objects = f"{arg.capitalize() if name == 'land_type' else arg}s"  # "Islands", "artifacts"
            mine = [x for x in permanents if x.controller == p.controller and _is(x, name, arg)]
            stable = [x for x in mine if not {"Creature", "Planeswalker", "Battle"} & set(x.types)]
            if p.face_down:
                why = "face down, it could be turned face up during the combat and trigger then"
            elif not mine:
                why = f"{q(p.controller)} controls none, so it has triggered already"
            elif not stable:
                why = "the only ones its controller controls are creatures, planeswalkers or battles, which may " \
                      "leave the battlefield during the combat"
            else:
                continue
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a state trigger (603.8) that sacrifices it when its "
                         f"controller controls no {objects}: {why}; not modelled")


#: The triggers of a creature entering the battlefield (603.6a), each with its rule: "whenever another
#: creature enters", evolve, soulbond (which may pair an unpaired creature with one entering).
ENTERS_WATCHERS = {"enters_watch": "603.6a", "evolve": "702.100a", "soulbond": "702.95a"}


def _check_enters_watchers(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever another creature enters the battlefield, …" (603.6a) and evolve (702.100a) are admitted only
    where nothing can enter in the combat: no permanent with persist or undying (702.79a, 702.93a), which
    return creatures, nor one with an ability that creates tokens (111.1)."""
    def enters(p: Permanent) -> bool:
        return p.has("persist") or p.has("undying") or any(map(creates, p.abilities))
    returning = next(filter(enters, permanents), None)
    if returning is None:
        return
    how = ("has an ability that creates tokens (111.1), which can put" if any(map(creates, returning.abilities))
           else "has persist or undying (702.79a, 702.93a), which can return")
    for i, p in enumerate(permanents):
        for watcher, rule in ENTERS_WATCHERS.items():
            if p.has(watcher):
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a \"whenever … enters\" trigger ({rule}) and "
                             f"{q(returning.id)} {how} a creature onto the battlefield during the combat: not "
                             "modelled")


def _check_myriad(r: Reader, permanents: list[Permanent], players: list[Player], active: str,
                  combat: Combat) -> None:
    """Myriad (702.116a) creates tokens attacking each opponent other than the defending player: with one
    opponent there is none, and once attackers are declared the file states the tokens. A board where the
    active player has two or more opponents and a creature with myriad that may still attack is refused."""
    if len(players) < 3 or combat.attackers is not None:
        return
    for i, p in enumerate(permanents):
        if p.has("myriad") and p.controller == active:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has myriad (702.116a) and {q(active)} has two or more "
                         "opponents: the tokens it would create attacking the others are not modelled")


#: The abilities that target (115.1): the catalogue's forms that name a target, and provoke (702.39a).
TARGETING_KINDS = frozenset({f.kind for f in CATALOGUE if "target" in " ".join((f.form, *f.also)).lower()
                             and f.kind not in ("targeted_watch", "on_block", *EVENT_WATCHERS)} | {"provoke"})


def _may_target(a: Ability) -> bool:
    """Whether ability `a` may target (115.1): a kind of :data:`TARGETING_KINDS`, or a block trigger with a target
    (603.3d: "you may have ~ deal damage equal to its power to target creature …")."""
    return a.kind in TARGETING_KINDS or (a.kind == "on_block" and cast(OnCombat, a.value).whom == "target")


def _check_targeted_watchers(r: Reader, permanents: list[Permanent]) -> None:
    """"When ~ becomes the target of a spell or ability, …" (603.2) is admitted only where nothing can target
    in the combat: no spell is cast, and no permanent has an ability that targets (:data:`TARGETING_KINDS`)."""
    targeting = next((p for p in permanents if any(map(_may_target, p.abilities))), None)
    if targeting is None:
        return
    for i, p in enumerate(permanents):
        if p.has("targeted_watch"):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a \"becomes the target\" trigger (603.2) and "
                         f"{q(targeting.id)} has an ability that targets (115.1): not modelled")


#: What each player event a watcher (:data:`~pysolver.model.abilities.EVENT_WATCHERS`) watches is, in words.
_EVENT_WORDS = {"draw_watch": "a player drawing a card", "discard_watch": "a player discarding a card",
                "sacrifice_watch": "a player sacrificing a permanent", "scry_watch": "a player scrying",
                "untap_watch": "a permanent becoming untapped", "return_watch": "a permanent returned to a hand"}
#: The watched events an ability acting in hidden zones may bring about (121.1, 701.9a, 701.22a).
_HIDDEN_EVENTS = ("draw_watch", "discard_watch", "scry_watch")
#: A modelled line's words that draw, discard or scry (121.1, 701.9a, 701.22a), and a watcher's own words.
_HIDDEN_STEPS = re.compile(r"\bdraws? (?:a|an|one|two|three|that many|\w+) cards?\b|\bdiscards?\b|\bscr(?:y|ies)\b")
_WATCHING = re.compile(r"(?:inspired — )?whenever (?:you|an opponent|a player) (?:draws?|cycles?|discards?|scr)")
#: An ability's term that untaps (701.26b): "untap …" effects, "… untap that creature and remove it from combat"
#: (read wide: any removal from combat or of counters), not a condition or cost reading untapped (110.5).
_UNTAPS = re.compile(r"untap(?!ped)|remove")
#: An ability's term that may return a permanent to its owner's hand (400.7): "bounce", "return_to_hand", a delayed
#: "return" (read wide: any term that returns).
_RETURNS = re.compile(r"bounce|return")


def _player_events(p: Permanent, line: str | None) -> dict[str, str]:
    """The player events (603.2) that `p`'s abilities, or those of the tokens they may create (111.1), can bring
    about in the combat, by watcher kind, each with its cause in words: a draw, a discard or a scry (121.1, 701.9a,
    701.22a) by an ability acting in hidden zones (printed or granted, 613.1f) or by its card's line the solver
    keeps as inert that does (`line`), a discard by a discard cost (701.9a), a sacrifice (701.21a) by a sacrifice
    cost or effect, an untap (701.26b) by an untap effect or a {Q} cost (107.6), a return to a hand (400.7) by an
    effect that returns a permanent. No spell is cast in the solver's
    combat and no ability of a card in a hand (cycling, 702.29a) is activated."""
    found: dict[str, str] = {}
    abilities = [*p.abilities, *_token_abilities([p])]
    if line is not None:
        found = dict.fromkeys(_HIDDEN_EVENTS, f"the line {line!r}")
    elif any(a.kind == "tap_hidden" for a in abilities) or p.has("granted_hidden"):
        found = dict.fromkeys(_HIDDEN_EVENTS, "an ability that acts in hidden zones")
    costs = [a.value.extra for a in abilities if isinstance(a.value, (CombatAbility, Pump))]
    if any(cost.discard for cost in costs):
        found.setdefault("discard_watch", "an ability with a discard cost")
    if any(cost.sacrifice_self or cost.sacrifice for cost in costs):
        found["sacrifice_watch"] = "an ability with a sacrifice cost"
    elif any("sacrific" in a.term for a in abilities if a.kind not in EVENT_WATCHERS):
        found["sacrifice_watch"] = "an ability that sacrifices"
    if any(cost.untap for cost in costs) or any(a.value.untap for a in abilities if isinstance(a.value, Pump)) or any(
            _UNTAPS.search(a.term) for a in abilities if a.kind not in EVENT_WATCHERS):
        found["untap_watch"] = "an ability that untaps"
    if any(_HIDDEN_STEPS.search(text) for line in p.ability_lines if not _WATCHING.match(text := line.lower())):
        for watch in _HIDDEN_EVENTS:  # ("you may draw a card. If you do, ~ assigns no combat damage", 121.1)
            found.setdefault(watch, "a line that draws, discards or scries")
    if any(a.value.to_hand for a in abilities if isinstance(a.value, Pump)) or any(
            _RETURNS.search(a.term) for a in abilities if a.kind not in EVENT_WATCHERS):
        found["return_watch"] = "an ability that returns a permanent to a hand"
    return found


def _check_event_watchers(r: Reader, permanents: list[Permanent], hidden: dict[int, str]) -> None:
    """"Whenever you draw a card / discard a card / sacrifice a <permanent>, …", "Whenever ~ becomes untapped, …"
    (603.2, 603.2e; :data:`EVENT_WATCHERS`)
    is admitted only where its event can't happen in the combat: no permanent has an ability that can bring it
    about (:func:`_player_events`; a watcher's own trigger can't, as its event never comes first)."""
    watchers = [(i, p, a.kind) for i, p in enumerate(permanents) for a in [*p.abilities, *_token_abilities([p])]
                if a.kind in EVENT_WATCHERS]
    if not watchers:
        return
    causes = [(x, _player_events(x, hidden.get(k))) for k, x in enumerate(permanents)]
    for i, p, watch in watchers:
        cause = next(((x, events[watch]) for x, events in causes if watch in events), None)
        if cause is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a trigger on {_EVENT_WORDS[watch]} "
                         f"({EVENT_WATCHERS[watch]}, 603.2) and {q(cause[0].id)} has {cause[1]}, which can make that "
                         "happen during the combat: not modelled")


def _check_pairs(r: Reader, permanents: list[Permanent]) -> None:
    """`paired_with` (702.95b): two creatures that name each other, of one controller, one of them with
    soulbond (702.95a: only a soulbond ability pairs creatures; 702.95d: one partner each)."""
    by_id = {p.id: p for p in permanents}
    for i, p in enumerate(permanents):
        if p.paired_with is None:
            continue
        other = by_id.get(p.paired_with)
        why = None
        if other is None or other.id == p.id:
            why = "is not the id of another permanent"
        elif other.paired_with != p.id:
            why = f"does not name {q(p.id)} back in its paired_with (702.95d: the two are paired with each other)"
        elif not (p.is_creature and other.is_creature) or p.controller != other.controller:
            why = "and it are not both creatures of one controller (702.95a, 702.95e)"
        elif not any(x.has("soulbond") for x in (p, other)):
            why = "and it have no soulbond ability that paired them (702.95a)"
        if why is not None:
            raise r.fail(f"permanents[{i}].paired_with", f"{q(p.paired_with)} {why}")


def _check_unleash(r: Reader, permanents: list[Permanent]) -> None:
    """Unleash (702.98a) lets its controller have the permanent enter with a +1/+1 counter: the file states
    that choice by its counters. A creature with unleash that persist or undying can return (702.79a,
    702.93a) would enter again with that choice open: refused."""
    for i, p in enumerate(permanents):
        if p.has("unleash") and (p.has("persist") or p.has("undying")):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has unleash (702.98a) and persist or undying (702.79a, "
                         "702.93a): returning, it could enter with a +1/+1 counter or without; not modelled")


def _check_enchanted(r: Reader, permanents: list[Permanent]) -> None:
    """"Enchanted creature gets +X/+Y" (a creature card with bestow) acts on nothing while its permanent is a
    creature (303.4d, 702.103f); one that is no creature would be an Aura attached to something: refused."""
    for i, p in enumerate(permanents):
        if p.has("enchanted_pump") and not p.is_creature:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} is no creature and has \"enchanted creature gets +X/+Y\": "
                         "an Aura attached to a creature (303.4b) is not modelled")


def _check_keyword_qualities(r: Reader, permanents: list[Permanent]) -> None:
    """"Creatures with flying get -1/-1" reads the creatures' own keywords (and those given until end of turn);
    a board where a static ability grants that keyword is refused: which effect applies first would depend on
    the other (613.8), which is not modelled."""
    read = {k for p in permanents for a in p.abilities if a.kind in STATICS
            for k in re.findall(r"keyword\((\w+)\)", cast(Static, a.value).quality)}
    for i, p in enumerate(permanents):
        given = next((k for a in p.abilities if (k := granted_kind(a)) in read), None)
        if given is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a static ability that grants {given.replace('_', ' ')}, "
                         "which another static ability's creatures \"with\" it are read by: their dependency "
                         "(613.8) is not modelled")


# Triggered abilities that can put a creature into a graveyard outside a combat damage step, where persist
# and undying return nothing (only a combat damage step's deaths are returned, rules.combat.apply_step):
# the kind and whether persist (702.79a: only a creature with no -1/-1 counter) would return it.
KILLING_TRIGGERS = {"hit_minus_counters": False, "hit_destroy": True, "blocked_destroy": True, "dies_damage": True,
                    "dies_minus": True, "dies_minus_counters": False, "other_dies_damage": True,
                    "dies_destroy_all": True}


def _check_returns(r: Reader, permanents: list[Permanent]) -> None:
    """A board with a triggered ability of :data:`KILLING_TRIGGERS` and a creature with persist or
    undying that it could kill is refused: that creature would return (702.79a, 702.93a), which is
    modelled only for the deaths of a combat damage step."""
    killer = next(((p, k) for p in permanents for k in KILLING_TRIGGERS if p.has(k)), None)
    if killer is None:
        return
    source, kind = killer
    for i, p in enumerate(permanents):
        if p.has("undying") or (p.has("persist") and KILLING_TRIGGERS[kind]):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and the "
                         f"triggered ability of {q(source.id)} could kill it outside a combat damage step: "
                         "its return is not modelled")


_ENTERS_OR_LEAVES = re.compile(r"\benters\b[^,]* or (dies|leaves|attacks)", re.IGNORECASE)


def _check_dies_instead(r: Reader, permanents: list[Permanent]) -> None:
    """A permanent that would die and goes elsewhere instead ("If ~ would die, put it on the bottom of its owner's
    library instead", DIES_INSTEAD; every permanent beside "If a permanent would be put into a graveyard, exile it
    instead", EXILED_INSTEAD, and, as any may have been dealt damage by it this turn, beside "If a creature dealt
    damage by ~ this turn would die, exile it instead", EXILED_IF_DEALT: 614.6, 700.4) leaves the battlefield as
    one that dies does, and an outcome lists it alike; the board is refused where its not dying could change a
    result: a death trigger of its own, persist or undying (603.10a, 702.79a, 702.93a), a regeneration shield or
    ability on the board (616.1: its controller orders the two replacements), a trigger watching another creature
    die (603.10a), or an ability counting the cards in a graveyard (404.1: it is not put there)."""
    source = next((p for p in permanents if p.has(DIES_INSTEAD) or p.has(EXILED_INSTEAD) or p.has(EXILED_IF_DEALT)),
                  None)
    if source is None:
        return
    line = next((x for x in source.ability_lines if "instead" in x.lower()), "a replacement of dying")
    every = any(p.has(EXILED_INSTEAD) or p.has(EXILED_IF_DEALT) for p in permanents)
    for i, p in enumerate(permanents):
        affected = every or p.has(DIES_INSTEAD)
        found = next((what for what, present in (
            ("a death trigger of its own (603.10a)", affected and any(p.has(k) for k in DEATH_TRIGGERS
                                                                     if not k.startswith("other_dies"))),
            ("persist or undying (702.79a, 702.93a)", affected and (p.has("persist") or p.has("undying"))),
            ("a regeneration shield or ability (616.1)", p.regeneration_shields > 0 or p.has("regenerate")
             or p.has("target_regenerate")),
            ("a trigger watching creatures die (603.10a)", any(p.has(k) for k in DEATH_TRIGGERS
                                                               if k.startswith("other_dies"))),
            ("an ability counting the cards in a graveyard (404.1)", any(
                a.kind in STATICS and "graveyard" in cast(Static, a.value).scope for a in p.abilities)),
        ) if present), None)
        if found is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has {found} and {q(source.id)} has {line!r} (614.6): "
                         "a permanent that would die and goes elsewhere instead is modelled only where its not "
                         "dying changes no result")


def _check_death_targets(r: Reader, permanents: list[Permanent]) -> None:
    """A death trigger with a target (603.3d) is refused beside another player's permanent with ward
    (702.21a: its trigger, which counters the ability unless its controller pays, is modelled only for
    activated abilities); "When ~ enters or dies, …" (603.6a) beside persist or undying on the same
    creature, which would return it and so trigger its "enters" (702.79a, 702.93a)."""
    sources: dict[str, Permanent] = {}  # a permanent with a targeting death trigger, by its controller
    for x in permanents:
        if any(map(x.has, DEATH_TARGETING)):
            sources.setdefault(x.controller, x)
    for i, p in enumerate(permanents):
        found = next((m for line in p.ability_lines if (m := _ENTERS_OR_LEAVES.search(line))), None)
        if (p.has("persist") or p.has("undying")) and found is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a \"when … enters or {found.group(1).lower()}\" trigger "
                         "(603.6a) and persist or undying (702.79a, 702.93a), which would return it to the battlefield "
                         "and trigger it: not modelled")
        source = next((x for c, x in sources.items() if c != p.controller), None)
        if source is not None and p.has("ward") and not p.face_down:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has ward (702.21a) and the death trigger (603.10a) of "
                         f"{q(source.id)} could target it: ward's trigger on a triggered ability is not modelled")


# 115.4, 102.2: the damage of a damage trigger (pysolver.model.abilities.DamageTrigger) that may reach a creature
_REACHES_CREATURES = ("any", "creature_or_player", "creature", "creature_opponent", "creature_yours",
                      "creature_that_player")


def _check_leaving_triggers(r: Reader, permanents: list[Permanent], leaving: Permanent | None) -> None:
    """A damage trigger that exiles a creature or returns one to its owner's hand (701.13a, 400.7) is refused beside
    a death trigger (603.10a, 603.6c), persist or undying (702.79a, 702.93a): such a creature leaves the battlefield
    without dying (700.4), which the death triggers' watch (everything that leaves) does not tell apart, and a
    creature persist or undying returned after the damage step's deaths is a new object (400.7) the trigger would
    not find; and beside an ability that counts the cards in a hand or graveyard (402.1, 404.1: the counts follow
    only the permanents put into a graveyard)."""
    if leaving is None:
        return
    for i, p in enumerate(permanents):
        if any(a.kind in STATICS and _ZONE_SCOPE.fullmatch(cast(Static, a.value).scope) for a in p.abilities):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} counts the cards in a hand or graveyard (402.1, 404.1) and "
                         f"the damage trigger of {q(leaving.id)} moves a creature to exile or a hand (701.13a, "
                         "400.7): not modelled")
        if p.has("persist") or p.has("undying") or any(p.has(k) for k in DEATH_TRIGGERS):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a death trigger, persist or undying (603.10a, 702.79a, "
                         f"702.93a) and the damage trigger of {q(leaving.id)} makes a creature leave the battlefield "
                         "without dying (701.13a, 400.7, 700.4): not modelled")


def _check_damage_triggers(r: Reader, permanents: list[Permanent], players: list[Player], combat: Combat) -> None:
    """A damage trigger (603.2, 120.3: "Whenever ~ is dealt damage, …", "Whenever ~ deals damage …") is refused
    where what it does is not modelled: beside persist or undying if it may kill a creature (702.79a, 702.93a:
    returns are modelled only after a combat damage step); with a target beside another player's permanent with
    ward (702.21a: ward's trigger on a triggered ability is not modelled); "is dealt damage, it deals damage to
    <a creature>" where a creature may be indestructible (702.12b: two such creatures could deal each other
    damage for ever, and a game of mandatory loops is a draw, 104.4b, which the solver does not report).
    Elsewhere such a loop ends: each turn of it marks damage on a creature that is not indestructible (704.5g).
    Beside a prevention shield or a "prevent all combat damage this turn" effect, stated or to come (615.7,
    615.1a: what a damage event is after such prevention is not modelled for these triggers). One that exiles a
    creature or returns it to a hand: :func:`_check_leaving_triggers`."""
    found = [(p, cast(DamageTrigger, a.value), a.kind) for p in permanents for a in p.abilities
             if a.kind in DEALT_TRIGGERS]
    if found:
        shielded = next((f"players[{i}]" for i, p in enumerate(players) if p.prevention_shield), None) or next(
            (f"permanents[{i}]" for i, p in enumerate(permanents) if p.prevention_shield or any(
                a.kind in FOGS + SHIELDS or (isinstance(a.value, OnCombat) and a.value.effect == "fog")
                for a in p.abilities)), None)
        if shielded is not None or combat.combat_damage_prevented:
            raise r.fail(shielded or "combat.combat_damage_prevented",
                         f"the damage trigger (603.2) of {q(found[0][0].id)} beside damage prevention (615.7, 615.1a): "
                         "the damage events of prevented damage are not modelled")
    killing = next((p for p, d, _ in found if d.effect in ("destroy", "destroy_target", "destroy_unregenerable")
                    or (d.may_kill and d.whom in _REACHES_CREATURES)), None)
    _check_leaving_triggers(r, permanents, next((p for p, d, _ in found if d.leaves), None))
    for i, p in enumerate(permanents):
        if killing is not None and (p.has("persist") or p.has("undying")):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and the damage "
                         f"trigger of {q(killing.id)} could kill it outside a combat damage step: its return is "
                         "not modelled")
        source = next((x for x, d, _ in found if d.targeted and x.controller != p.controller), None)
        if source is not None and p.has("ward") and not p.face_down:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has ward (702.21a) and the damage trigger (603.2) of "
                         f"{q(source.id)} could target it: ward's trigger on a triggered ability is not modelled")
    looping = {p.id for p, d, kind in found if kind == "is_dealt_damage" and d.effect == "damage"
               and d.whom in _REACHES_CREATURES}
    for i, p in enumerate(permanents):
        lines = [line.lower().rstrip(".") for line in p.ability_lines]
        granting = any("indestructible" in line for line in lines if line != "indestructible")  # 613.1f
        if looping and (granting or (p.id in looping and ("indestructible" in lines
                                                           or "indestructible" in p.keywords_until_end_of_turn))):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} may make a creature whose damage trigger deals damage to a "
                         "creature whenever it is dealt damage indestructible (702.12b): a loop of such triggers may "
                         "never end (104.4b), which is not modelled")


def _check_mana_abilities(r: Reader, permanents: list[Permanent]) -> None:
    """A mana ability with {T} in its cost ("{T}: Add {G}", 605.1a) is modelled as what tapping its source does
    (pysolver.rules.activated.offered); the mana it adds is not (106.4: it empties from the pool at the end
    of the step it was added in, unlike the `mana` a situation states for the whole combat). So a board where
    its controller could spend mana is refused: a face-down permanent of theirs that can be turned face up for
    mana (702.37e, 701.40b), a pump or regeneration (602.2b), an activated ability with a mana cost, or a
    targeted one while an opponent has ward (702.21a)."""
    spending: dict[str, tuple[Permanent, str]] = {}  # by controller: a permanent and what mana it could pay for
    warders = {x.controller for x in permanents if x.has("ward")}
    for x in permanents:
        spends = _spends_mana(x, bool(warders - {x.controller}))
        if spends:
            spending.setdefault(x.controller, (x, spends))
    for i, p in enumerate(permanents):
        if p.controller in spending and any(kind == "tap_mana" for kind, _ in p.combat_abilities()):
            x, spends = spending[p.controller]
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a mana ability with {{T}} (605.1a) and "
                         f"{q(p.controller)} could spend its mana on {spends} of {q(x.id)}: the mana it adds "
                         "(106.4) is not modelled")


def _settle_counted_grants(r: Reader, players: list[Player], permanents: list[Permanent]) -> list[Permanent]:
    """A creature's activated ability that it has as long as its controller's graveyard holds N or more cards
    (threshold, 404.1) or as long as it controls a permanent of a creature type ("as long as you control a Demon";
    613.1f: pysolver.model.abilities.while_counted) is settled from the board. The graveyard's count never falls
    below the stated one in combat (a card persist or undying returns went there first, 400.7) and grows by at most
    the nontoken permanents its controller owns (700.4, 111.7): with N or more stated the creature has the ability
    all combat long, with fewer even counting all of them it has none. Where its controller controls no permanent
    that is or could be of the type (its face-up side's, 708.2a; a changeling, 702.73a) and no ability creates
    tokens (111.1), it has none. Otherwise the board is refused (an ability arriving or leaving in the middle of the
    combat is not modelled)."""
    settled = []
    for i, p in enumerate(permanents):
        kept: list[Ability] = []
        for a in p.abilities:
            effect = cast(Static, a.value) if a.kind == "grant_if" else None
            if effect is None or not while_counted(effect):
                kept.append(a)
            elif _counted_always(r, players, permanents, i, effect):
                kept.append(cast(Ability, effect.granted))
        settled.append(p if kept == list(p.abilities) else replace(p, abilities=tuple(kept)))
    return settled


def _counted_always(r: Reader, players: list[Player], permanents: list[Permanent], i: int, effect: Static) -> bool:
    """Whether the condition of the ability of ``permanents[i]`` (:func:`_settle_counted_grants`) holds all combat
    long (True) or never (False); a board where it may change is refused."""
    p = permanents[i]
    if effect.scope == "cards(graveyard)":
        j, stated = next((j, pl.graveyard) for j, pl in enumerate(players) if pl.name == p.controller)
        if stated is None:
            raise r.fail(f"players[{j}].graveyard", f"the ability of {q(p.id)} counts the cards in "
                         f"{q(p.controller)}'s graveyard (402.1, 404.1): state how many")
        owned = sum(1 for x in permanents if (x.owner or x.controller) == p.controller and not x.token)
        if stated < effect.least <= stated + owned:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has an activated ability as long as {effect.least} or "
                         f"more cards are in {q(p.controller)}'s graveyard, which holds {stated} and may reach "
                         f"{effect.least} during the combat (404.1, 700.4): not modelled")
        return stated >= effect.least
    ctype = effect.quality.removeprefix('creature_type("').removesuffix('")')
    could = next((x for x in permanents if x.controller == p.controller and (x is not p or not effect.other)
                  and (ctype in {t.lower() for t in x.subtypes} or x.has("changeling"))), None)
    could = could or next((x for x in permanents if any(map(creates, x.abilities))), None)
    if could is not None:
        raise r.fail(f"permanents[{i}]", f"{q(p.id)} has an activated ability as long as {q(p.controller)} controls "
                     f"a {ctype} (613.1f), and {q(could.id)} is or may bring one that may leave or arrive during the "
                     "combat: not modelled")
    return False


#: What tapping a creature before the declarations may free it of (508.1d, 509.1c): the requirements and provoke.
REQUIREMENT_KINDS = frozenset({f.kind for f in CATALOGUE if f.group == "requirement"} | {"provoke"})


def _check_granted_taps(r: Reader, permanents: list[Permanent], combat: Combat) -> None:
    """A mana or hidden-zone ability costing only {T} that a static ability grants ('Creatures you control have
    "{T}: Add {G}."', 605.1a; a soulbond pair's "{T}: Target player mills two cards", 121.1; 613.1f:
    granted_mana, granted_hidden) changes no result where its mana can't be spent (106.4; the cards a hidden-zone
    one moves are refused beside a count of them, :func:`_hand_changers`), no requirement is at stake before
    blockers are declared (508.1d, 509.1c), no static ability reads whether a permanent is untapped (110.5), no
    cost untaps its source ({Q}, 107.6) and no ability targets a tapped or untapped creature (115.1): tapping a
    creature then only takes choices away, as a printed one's (pysolver.rules.activated.offered). Elsewhere the
    board is refused, naming both permanents."""
    granting = next(((i, p) for i, p in enumerate(permanents) if any(map(p.has, GRANTED_TAPS.values()))), None)
    if granting is None:
        return
    i, p = granting
    warders = {x.controller for x in permanents if x.has("ward")}
    why, x = next(((why, x) for x in permanents if (why := _spends_mana(x, bool(warders - {x.controller})))),
                  (None, p)) if any(x.has("granted_mana") for x in permanents) else (None, p)
    required = next((x for x in permanents for a in x.abilities if a.kind in REQUIREMENT_KINDS), None)
    if why is None and combat.blockers is None and (combat.provoked or required is not None):
        why, x = "a requirement a creature tapped before blockers are declared is free of (508.1d, 509.1c)", \
            required or p
    untapped = next((x for x in permanents for a in x.abilities
                     if a.kind in STATICS and cast(Static, a.value).scope == "untapped"), None)
    if why is None and untapped is not None:
        why, x = "a static ability that reads whether a permanent is untapped (110.5)", untapped
    untapping = next((x for x in permanents if any(c.untap for c in _extra_costs(x))), None)
    if why is None and untapping is not None:
        why, x = "an activated ability with {Q} in its cost (107.6)", untapping
    targeting = next((x for x in permanents if any("tapped" in str(ab.quality) for _, ab in x.combat_abilities())),
                     None)
    if why is None and targeting is not None:
        why, x = "an ability that targets a tapped or untapped creature (115.1)", targeting
    if why is not None:
        raise r.fail(f"permanents[{i}]", f"{q(p.id)} grants an ability with {{T}} (605.1a, 613.1f) that could "
                     f"matter through {why}{'' if x is p else f' of {q(x.id)}'}: not modelled")


def _spends_mana(p: Permanent, warded: bool) -> str | None:
    """What its controller could spend mana on with `p` in a combat (in words), or None; `warded`: an opponent
    of its controller has a permanent with ward."""
    if any(cost.total for _, cost in p.face_up_ways()):
        return "turning it face up (702.37e)"
    if p.pump_abilities():
        return "a pump or regeneration ability (602.2b)"
    if any(a.kind == "pump" for a in _token_abilities([p])):  # 111.3: a token's "{R}: ~ gets +1/+0 …"
        return "the pump ability of a token it may create (602.2b)"
    if any(ab.cost.total for _, ab in p.combat_abilities()):
        return "an activated ability with a mana cost (602.2b)"
    if warded and any(kind not in COST_ONLY for kind, _ in p.combat_abilities()):
        return "the ward cost of a target of an activated ability (702.21a)"
    return None


# a line that may target or read hexproof (115.1, 702.11b): beside "~ loses hexproof until end of turn", refused
_TARGETS_OR_HEXPROOF = re.compile(r"\btarget|hexproof|\bany\b")


def _check_lost_hexproof(r: Reader, permanents: list[Permanent]) -> None:
    """"~ loses hexproof [and gains <keywords>] until end of turn" (613.1f) is read as its keywords only: hexproof
    only keeps the abilities of its controller's opponents from targeting it (702.11b). A board where another
    permanent has an ability that may target (115.1) or that reads hexproof is refused."""
    loser = next((p for p in permanents if any(pump.loses_hexproof for _, pump in p.pump_abilities())), None)
    if loser is None:
        return
    for i, p in enumerate(permanents):
        if p.id != loser.id and (
                any(_TARGETS_OR_HEXPROOF.search(text.lower()) for text in p.ability_lines)
                or any(_TARGETS_OR_HEXPROOF.search(a.term) for a in p.abilities)
                or any(kind in TARGETED or ab.target for kind, ab in p.combat_abilities())
                or p.has("provoke")):
            raise r.fail(f"permanents[{i}]", f"{q(loser.id)} can lose hexproof until end of turn (613.1f) and "
                         f"{q(p.id)} has an ability that may target it or reads hexproof (115.1, 702.11b): not "
                         "modelled")


def _check_target_stoppers(r: Reader, permanents: list[Permanent]) -> None:
    """A pump that gives hexproof or shroud (702.11b, 702.18a) is refused where an opponent of its
    controller has an ability that targets (an activated one, provoke, a death trigger's "any target"):
    given in response, it would counter that ability as it resolves (608.2b), which the solver's
    activations, resolved at once, do not play."""
    targeting: dict[str, Permanent] = {}  # a permanent with an ability that targets, by its controller
    for x in permanents:
        if any(kind in TARGETED for kind, _ in x.combat_abilities()) or x.has("provoke") or x.has("dies_damage"):
            targeting.setdefault(x.controller, x)
    for i, p in enumerate(permanents):
        if not any(set(pump.keywords) & set(TARGET_STOPPERS) for _, pump in p.pump_abilities()):
            continue
        source = next((x for c, x in targeting.items() if c != p.controller), None)
        if source is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can give hexproof or shroud (702.11b, 702.18a) and "
                         f"{q(source.id)} has an ability that targets: given in response, it counters that ability "
                         "as it resolves (608.2b), which is not modelled")


def _extra_costs(p: Permanent) -> list[Cost]:
    """The parts other than mana of the costs of `p`'s activated abilities (602.1a): its pumps' and those
    of pysolver.rules.activated."""
    return [pump.extra for _, pump in p.pump_abilities()] + [ab.extra for _, ab in p.combat_abilities()]


def _check_recolored_returns(r: Reader, permanents: list[Permanent]) -> None:
    """A creature that can change its own colors (105.3) and has persist or undying is refused: the new object
    returned (400.7) has its card's colors, which the board no longer states once they changed (`colors`)."""
    for i, p in enumerate(permanents):
        if (p.has("persist") or p.has("undying")) and any(pump.colors is not None for _, pump in p.pump_abilities()):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can change its colors (105.3) and has persist or undying "
                         "(702.79a, 702.93a): the colors of the new object it returns as (400.7) are not modelled")


def _check_recoloring_responses(r: Reader, permanents: list[Permanent]) -> None:
    """A color change (105.3) made in response to a targeted ability that resolves at once in the solver's
    activations (not on the stack, :func:`~pysolver.model.abilities.on_stack`) would make its target illegal as it
    resolves (608.2b, 115.1: "target red creature"; 702.16b: protection from the source's color), which is not
    played: a board with a creature that can change its colors and another player's such ability whose target's
    quality reads a color, or with such an ability of its own beside protection, is refused; so is one where
    "target creature becomes <color>" may recolor any creature and another such ability reads a color or stands
    beside protection, and one where it may recolor a face-down creature (708.2a: its colors are not modelled)."""
    protected = any(a.kind == "protection" for p in permanents for a in p.abilities)
    targeted = [(x, ab) for x in permanents for effect, ab in x.combat_abilities()
                if effect in TARGETED and not on_stack(effect, ab)]
    for i, p in enumerate(permanents):
        recolors = any(ab.colors is not None for _, ab in p.combat_abilities())
        if recolors and any(x.face_down for x in permanents):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} may change the colors of a face-down creature (613.1e, "
                         "708.2a): not modelled")
        for x, ab in targeted:
            reads = "color" in term_text(ab.quality)
            if (recolors and x.id != p.id and (reads or protected)) or (any(
                    pump.colors is not None for _, pump in p.pump_abilities())
                    and ((x.controller != p.controller and reads) or (x.id == p.id and protected))):
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} can change colors (105.3) in response to the "
                             f"targeted ability of {q(x.id)}, which would then be countered (608.2b): not modelled")


def _check_lost_defender(r: Reader, permanents: list[Permanent]) -> None:
    """"~ loses defender until end of turn" (613.1f) is read as "~ can attack this turn as though it didn't have
    defender" (702.3b: the only rule of defender); a board where another ability reads whether a creature has
    defender ("creatures with defender", 702.3) is refused."""
    loser = next((p for p in permanents if any(pump.loses_defender for _, pump in p.pump_abilities())), None)
    if loser is None:
        return
    for i, p in enumerate(permanents):
        if any("keyword(defender)" in a.term + term_text(getattr(a.value, "quality", "")) for a in p.abilities):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} reads whether a creature has defender, which {q(loser.id)} "
                         "can lose until end of turn (613.1f): not modelled")


def _check_untap(r: Reader, permanents: list[Permanent]) -> None:
    """"Untap ~" (701.26b) is refused where its source's being untapped could be read after it attacked: an
    attacking creature untapped is not modelled (the solver reads one without vigilance as tapped, 508.1f),
    which matters only to a {T} cost of its own (602.5a) or a "tap an untapped creature you control" cost of
    its controller's (701.26a)."""
    tapping: dict[str, Permanent] = {}  # a permanent with a "tap an untapped …" cost, by its controller
    for x in permanents:
        if any(cost.tap_untapped for cost in _extra_costs(x)):
            tapping.setdefault(x.controller, x)
    for i, p in enumerate(permanents):
        if not any(pump.untap for _, pump in p.pump_abilities()):
            continue
        own = any(cost.tap for cost in _extra_costs(p))
        if own or p.controller in tapping:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can untap itself (701.26b) and "
                         f"{'has a {T} cost' if own else q(tapping[p.controller].id) + ' has a tap cost'} "
                         "(602.5a, 701.26a): an attacking creature untapped is not modelled")


OWN_DEATH = ("dies_damage", "dies_each_opponent", "dies_loss", "dies_gain", "persist", "undying",
             "sacrifice_without")


def _check_costs(r: Reader, players: list[Player], permanents: list[Permanent], combat: Combat,
                 hidden: dict[int, str]) -> None:
    """The costs of activated abilities other than mana (602.1a, pysolver.rules.costs) are refused where
    the solver cannot pay them exactly: "Exile N cards from your graveyard" of a player whose graveyard is not
    stated (404.1), "Discard a card" of a player whose hand is not stated (402.1,
    121.1: a hidden zone, only its number is read), or on a board where a card's line the solver leaves
    out as acting in hidden zones only (`hidden`: a draw, a discard) or an ability whose only effect in
    combat is its cost ("{T}: Draw a card", pysolver.model.abilities.COST_ONLY) could change how many
    cards a hand holds; a sacrifice of permanents (701.21a; of a pump's source too) that could make a
    death trigger or persist or undying trigger (603.10a, 603.6c: it goes on the stack above the ability,
    603.3, and resolves first, which the solver's activations, resolved at once, do not play) or could
    take the last permanent a state trigger counts (603.8) — "sacrifice ~" of an ability that goes on the
    stack is modelled with its triggers (pysolver.model.abilities.on_stack); and a pump with such a cost
    in ``combat.activations`` (`check` judges mana only)."""
    hands = {p.name: p.hand for p in players}
    graveyards = {p.name: p.graveyard for p in players}
    drawing = [(x, len(x.pump_abilities()) + j) for x in permanents  # (their places in _extra_costs)
               for j, (kind, _) in enumerate(x.combat_abilities()) if kind == "tap_hidden"]
    drawing += [(x, -1) for x in permanents if x.has("granted_hidden")]  # (613.1f: any grantee's, no cost of its own)
    hidden_line = next((f"{q(permanents[k].id)}'s line {q(line)}" for k, line in hidden.items()), None)
    watching = next((p for p in permanents if any(p.has(k) for k in DEATH_TRIGGERS if k.startswith("other_dies"))),
                    None)
    dying: dict[str, Permanent] = {}  # a permanent with a death, persist, undying or state trigger, by controller
    for x in permanents:
        if any(x.has(k) for k in OWN_DEATH):
            dying.setdefault(x.controller, x)
    declared = {(a.permanent, a.ability) for a in combat.activations}
    switched = any(x.switched_until_end_of_turn or any(k in SWITCHES for k, _ in x.combat_abilities())
                   for x in permanents)  # 613.4d
    for i, p in enumerate(permanents):
        pumps = [pump.extra for _, pump in p.pump_abilities()]
        for k, cost in enumerate(_extra_costs(p)):
            if cost.discard and hands[p.controller] is None:
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a \"discard\" cost (701.9) and its controller "
                             f"{q(p.controller)} has no stated `hand` (how many cards, 402.1; a hand is hidden, 121.1)")
            if cost.exile and graveyards[p.controller] is None:
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a cost that exiles cards from a graveyard (406.1) "
                             f"and its controller {q(p.controller)} has no stated `graveyard` (how many cards, 404.1)")
            other = next((x for x, j in drawing[:2] if (x.id, j) != (p.id, k)), None) if cost.discard else None
            changing = hidden_line or (f"{q(other.id)}'s ability that acts in hidden zones" if other else None)
            if cost.discard and changing:  # (a hidden-zone ability other than this one)
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} has a \"discard\" cost (701.9) and {changing} may "
                             "change how many cards a hand holds (121.1): not modelled")
            if cost.sacrifice is not None or (k < len(pumps) and cost.sacrifice_self):
                trigger = watching or dying.get(p.controller)
                if trigger is not None:
                    raise r.fail(f"permanents[{i}]", f"sacrificing to pay the cost of {q(p.id)}'s ability (701.21a) "
                                 f"could trigger {q(trigger.id)}'s death, persist, undying or state trigger (603.10a, "
                                 "603.6c, 603.8), which resolves before the ability (603.3): not modelled")
        for j, (_, pump) in enumerate(p.pump_abilities()):
            if pump.extra.bounded and (p.id, j) in declared:
                raise r.fail("combat.activations", f"{q(p.id)}'s ability {j} has a cost other than mana (602.1a): "
                             "`check` judges declared activations paid with mana only")
            if pump.graveyard_types:
                _check_types_condition(r, i, p, players, permanents, (p.id, j) in declared)
            if not pump.full_cost.bounded and (p.toughness is None or switched):
                raise r.fail(f"permanents[{i}]", f"{q(p.id)}'s ability {j} costs nothing (117.1b: activated any number "
                             "of times) and lowers its toughness, which is not stated or may be switched with its "
                             "power (613.4d): how often it can matter is not bounded; not modelled")


def _check_types_condition(r: Reader, i: int, p: Permanent, players: list[Player], permanents: list[Permanent],
                           declared: bool) -> None:
    """A pump of `p` (permanents[i]) with "Activate only if there are N or more card types among cards in your
    graveyard" (602.5, 205.2a) needs its controller's `graveyard_types`, and is admitted only where they cannot
    change in the combat (so the condition holds, or fails, all combat long, in every fight): not a card of theirs
    that may leave the battlefield (700.4, 404.1) may bring the count to N, and no cost of theirs exiles cards
    from their graveyard (406.1: which ones is hidden) while it is N or more; nor in `combat.activations`."""
    pl = next(x for x in players if x.name == p.controller)
    n = max(pump.graveyard_types for _, pump in p.pump_abilities())
    if pl.graveyard_types is None:
        raise r.fail(f"permanents[{i}]", f"{q(p.id)}'s ability reads the card types among the cards in "
                     f"{q(pl.name)}'s graveyard (602.5, 205.2a): state its `graveyard_types`")
    if declared:
        raise r.fail("combat.activations", f"{q(p.id)}'s ability has a condition (602.5): `check` judges declared "
                     "activations paid with mana only")
    stated = set(pl.graveyard_types)
    reached = stated | {t.lower() for x in permanents if (x.owner or x.controller) == pl.name and not x.token
                        for t in x.types}
    if len(stated) < n <= len(reached):
        raise r.fail(f"permanents[{i}]", f"{q(p.id)}'s ability needs {n} card types in {q(pl.name)}'s graveyard "
                     "(602.5, 205.2a): a card of theirs leaving the battlefield in the combat may bring them there "
                     "(700.4, 404.1); not modelled")
    if len(stated) >= n and any(cost.exile for x in permanents if x.controller == pl.name for cost in _extra_costs(x)):
        raise r.fail(f"permanents[{i}]", f"{q(p.id)}'s ability needs {n} card types in {q(pl.name)}'s graveyard "
                     "(602.5, 205.2a) and a cost exiles cards from it (406.1: which ones is hidden); not modelled")


ZONE_WORDS = {"hand": "hand", "graveyard": "graveyard", "graveyard_creatures": "graveyard (its creature cards)",
              "graveyard_types": "graveyard (the card types among its cards, 205.2a)"}
_ZONE_SCOPE = re.compile(r"(?:cards|card_(types))\((\w+)\)")  # a scope cards(Z), card_types(graveyard)


def _check_zone_counts(r: Reader, players: list[Player], permanents: list[Permanent], hidden: dict[int, str]) -> None:
    """An ability that counts the cards in a hand or graveyard (402.1, 404.1) needs the counts of the players it
    reads (`hand`, `graveyard`, `graveyard_creatures`; the card types among them, `graveyard_types`). Such a board is
    refused where a line the solver keeps as inert acts in a hidden zone (121.1: a draw, a discard or a mill in
    combat would change a count) or an ability it plays does (:func:`_hand_changers`), where the reader has
    persist or undying (702.79a, 702.93a: returning, it leaves the graveyard it counts), and a token with
    persist or undying is refused on any board (111.7: a token that left the battlefield can't return)."""
    for i, p in enumerate(permanents):
        if p.token and (p.has("persist") or p.has("undying")):
            raise r.fail(f"permanents[{i}].token", f"token {q(p.id)} has persist or undying: a token that has left "
                         "the battlefield can't return to it (111.7); not modelled")
    statics = [(i, p, cast(Static, a.value)) for i, p in enumerate(permanents) for a in p.abilities
               if a.kind in STATICS]
    for i, p, effect in statics:
        m = _ZONE_SCOPE.fullmatch(effect.scope)
        if m is None:
            continue
        zone = f"{m.group(2)}_types" if m.group(1) else m.group(2)
        for j, pl in enumerate(players):
            mine = pl.name == p.controller
            if (effect.whose == "you" and not mine) or (effect.whose == "opponents" and mine):
                continue
            if getattr(pl, zone) is None:
                raise r.fail(f"players[{j}].{zone}", f"the ability of {q(p.id)} counts the cards in {q(pl.name)}'s "
                             f"{ZONE_WORDS[zone]} (402.1, 404.1): state {'which' if m.group(1) else 'how many'}")
        if p.has("persist") or p.has("undying"):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} counts the cards in a hand or graveyard and has persist or "
                         "undying (702.79a, 702.93a): returning, it leaves the graveyard; not modelled")
        _refuse_hand_changers(r, permanents, hidden, "a hand or graveyard", f"{q(p.id)} counts them")
    _check_hellbent(r, players, permanents, hidden)


def _check_hellbent(r: Reader, players: list[Player], permanents: list[Permanent], hidden: dict[int, str]) -> None:
    """A death trigger "if you have no cards in hand, …" (603.4, 402.1) needs its controller's `hand`, and is refused
    on a board where the cards in a hand could change during the combat (121.1, :func:`_hand_changers`): it is read
    as it triggers only."""
    for p in permanents:
        if not any(a.kind == "dies_minus" and isinstance(a.value, tuple) and "no_cards_in_hand" in a.value
                   for a in p.abilities):
            continue
        j = next(j for j, pl in enumerate(players) if pl.name == p.controller)
        if players[j].hand is None:
            raise r.fail(f"players[{j}].hand", f"the death trigger of {q(p.id)} asks whether {q(p.controller)} has no "
                         "cards in hand (603.4, 402.1): state how many")
        _refuse_hand_changers(r, permanents, hidden, "a hand", f"the death trigger of {q(p.id)} asks for none")


def _refuse_hand_changers(r: Reader, permanents: list[Permanent], hidden: dict[int, str], zones: str,
                          reader: str) -> None:
    """Refuses the board if a permanent's line (`hidden`: kept as inert, 121.1) or ability
    (:func:`_hand_changers`) can change the cards in `zones` during the combat, which `reader` reads."""
    changers = {k: f"the line {line!r}" for k, line in hidden.items()} | _hand_changers(permanents)
    for k, what in changers.items():
        raise r.fail(f"permanents[{k}]", f"{q(permanents[k].id)} has {what}, which can change the cards in {zones} "
                     f"during the combat (121.1), and {reader}: not modelled")


def _hand_changers(permanents: list[Permanent]) -> dict[int, str]:
    """By index, an ability of each permanent that the solver plays and that changes the cards in a hand or
    graveyard in a way its counts do not follow: one whose only effect in combat is its cost and acts in hidden
    zones ("{T}: Draw a card", 121.1), or one whose cost discards (701.9: a card leaves the hand for the
    graveyard)."""
    found: dict[int, str] = {}
    for i, p in enumerate(permanents):
        if any(kind == "tap_hidden" for kind, _ in p.combat_abilities()):
            found[i] = "an ability that acts in hidden zones"
        elif p.has("granted_hidden"):  # (613.1f: its grantees')
            found[i] = "an ability it grants that acts in hidden zones"
        elif any(cost.discard for cost in _extra_costs(p)):
            found[i] = "an ability with a discard cost"
        elif any(cost.exile for cost in _extra_costs(p)):  # 406.1: the count its readers take is not followed
            found[i] = "an ability whose cost exiles cards from a graveyard"
    return found


# the scopes of pysolver.model.abilities' state conditions (attached(…): 400.7, nothing is attached to a new object)
STATE_CONDITIONS = ("turn(", "most_common(", "untapped", "attached(", "blessing")


def _check_state_returns(r: Reader, permanents: list[Permanent]) -> None:
    """A permanent with persist or undying and an ability with a condition on the state of the game ("as long as
    it's your turn", "… the most common color among all permanents", 611.3a) is refused: the new object it
    returns as (400.7) would enter with that ability (611.3c), which is not modelled."""
    for i, p in enumerate(permanents):
        if (p.has("persist") or p.has("undying")) and any(
                a.kind in STATICS and cast(Static, a.value).scope.startswith(STATE_CONDITIONS) for a in p.abilities):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and an ability with "
                         "a condition on the state of the game (611.3a): the object it returns as (400.7, 611.3c) "
                         "is not modelled")


def _check_lord_while_returns(r: Reader, permanents: list[Permanent]) -> None:
    """A lord with a condition or a count ("Saprolings you control get +2/+2 as long as you have the city's blessing",
    "Other Elf creatures you control get +1/+1 for each +1/+1 counter on ~", 604.1, 611.3a: LORD_KINDS) beside a
    permanent with persist or undying is refused: what it gives the new object as it returns (400.7, 611.3c) is not
    modelled."""
    lord = next((p for p in permanents if any(a.kind in LORD_KINDS for a in p.abilities)), None)
    for i, p in enumerate(permanents):
        if lord is not None and (p.has("persist") or p.has("undying")):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} has persist or undying (702.79a, 702.93a) and {q(lord.id)} a "
                         "lord with a condition or a count (611.3a): what it gives the object that returns (400.7, "
                         "611.3c) is not modelled")


def _check_blessing(r: Reader, permanents: list[Permanent], players: list[Player]) -> None:
    """"As long as you have the city's blessing" (702.131c) reads the players' `citys_blessing`. Ascend, which the
    cards with such a line have (702.131a-b), gives it to a player who controls ten or more permanents: a board
    where a reader's controller lacks it and controls ten or more, or where an ability may create a token
    during the combat (111.1), is refused."""
    maker = next((p for p in permanents if any(map(creates, p.abilities))), None)
    for i, p in enumerate(permanents):
        if not any(a.kind in STATICS and cast(Static, a.value).scope == "blessing" for a in p.abilities):
            continue
        owner = next(pl for pl in players if pl.name == p.controller)
        controlled = sum(1 for x in permanents if x.controller == p.controller)
        if not owner.citys_blessing and (controlled >= 10 or maker is not None):
            why = "controls ten or more permanents" if maker is None else f"may get a token of {q(maker.id)}"
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} reads the city's blessing (702.131c) and {q(p.controller)}, "
                         f"who has not got it, {why}: with ascend they would get it (702.131b); not modelled")


def _check_untap_targets(r: Reader, permanents: list[Permanent]) -> None:
    """"{cost}: [You may tap or] untap target <creature / permanent>" (701.26) is modelled for what an untapped
    creature does as attackers and blockers are declared (508.1a, 509.1a; pysolver.rules.activated). It is
    refused where it could reach what else reads a permanent untapped: a noncreature permanent of a card type
    its target names (205.2a: a land's mana, an artifact's {T}; tapped, too); a creature with {T} in a cost
    (602.5a: paid again; but the source's own when each of its untap abilities needs {T}: tapped, it can't
    untap itself) or whose controller has a "tap an untapped <creature> you control" cost (701.26a); a static
    ability that reads whether a permanent is untapped (110.5) or a target that must be tapped (115.1: an
    attacking creature is tapped, 508.1f, and one untapped is not modelled)."""
    tapping = {x.controller for x in permanents if any(cost.tap_untapped for cost in _extra_costs(x))}
    reader = _tapped_reader(permanents)
    made = [a for a in _token_abilities(permanents) if isinstance(a.value, (CombatAbility, Pump))
            and (a.value.extra.tap or a.value.extra.tap_untapped)]
    for i, p in enumerate(permanents):
        untaps = [ab for kind, ab in p.combat_abilities() if "untap_target" in effects(kind)]
        if not untaps:
            continue
        if made:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can untap a creature (701.26b) and a token with a tap cost "
                         "may be created (111.1, 602.5a, 701.26a): not modelled")
        if reader is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can untap a creature (701.26b) and {q(reader.id)} reads "
                         "whether a permanent is tapped (110.5, 115.1): an attacking creature untapped (508.1f) is "
                         "not modelled")
        for ab in untaps:
            for x in permanents:
                mine = x.controller == p.controller
                if x.left_battlefield or (ab.other and x.id == p.id) or ab.scope not in ("all", "you" if mine
                                                                                         else "opponents"):
                    continue
                problem = _untapped_problem(p, x, ab.reach, all(u.tap for u in untaps), tapping)
                if problem:
                    raise r.fail(f"permanents[{i}]", f"{q(p.id)} can untap {q(x.id)} (701.26b), {problem}: not "
                                 "modelled")


def _check_removal_targets(r: Reader, permanents: list[Permanent]) -> None:
    """"{cost}: Destroy / Exile / Return target <card types> …" (701.8a, 406.2, 400.7; "target artifact or
    enchantment", "target nonland permanent") is modelled for the creatures it may target (205.2a: an artifact or
    enchantment creature is one; pysolver.rules.activated). It is refused where it could target a noncreature
    permanent of a card type it names (115.1): what that permanent's leaving would change (an attack on a
    planeswalker or battle, 506.4; what the permanent does) is not modelled; "~ gets +X/+0 …, where X is that
    artifact's mana value" where it could target a permanent (not a token) whose mana cost is not stated (202.3)."""
    for i, p, ab, x, reached in _typed_targets(permanents, REMOVALS):
        if "creature" not in {t.lower() for t in x.types}:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can target {q(x.id)}, a noncreature {reached[0]} (115.1, "
                         "205.2a), to remove it from the battlefield (701.8a, 406.2, 400.7): only creatures as its "
                         "targets are modelled")
        if ab.smelts and x.mana_cost is None and not x.token:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} gets +X/+0 for the mana value of its target (202.3) and "
                         f"{q(x.id)}'s mana cost is not stated (`mana_cost`; a card with {{X}} or hybrid symbols can't "
                         "state it)")


def _check_tap_targets(r: Reader, permanents: list[Permanent]) -> None:
    """"{cost}: Tap target <card types>" (701.26a: "target land", "target artifact", "target permanent") is modelled
    for the creatures it may target (205.2a: a land or artifact creature is one; pysolver.rules.activated). It is
    refused where it could target a noncreature permanent of a card type it names (115.1): what that permanent's
    being tapped changes (a land's mana, 106.4, is the players' `mana`; an artifact's {T}, 602.5a) is not modelled."""
    for i, p, _, x, reached in _typed_targets(permanents, ("tap_target",)):
        if "creature" not in {t.lower() for t in x.types}:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} can target {q(x.id)}, a noncreature {reached[0]} (115.1, "
                         "205.2a), to tap it (701.26a): only creatures as its targets are modelled")


def _typed_targets(permanents: list[Permanent], kinds: tuple[str, ...]
                   ) -> Iterator[tuple[int, Permanent, CombatAbility, Permanent, list[str]]]:
    """Each permanent `x` on the battlefield, face up, that an ability of one of `kinds` of permanent `p` (the
    `i`-th), or of a token it may create (111.1), may target by a card type it names (115.1, 205.2a): (i, p, the
    ability, x, the card types of x it names, sorted)."""
    for i, p in enumerate(permanents):
        abilities = [b for kind, b in p.combat_abilities() if kind in kinds and b.reach]
        abilities += [b.value for b in _token_abilities([p]) if b.kind in kinds
                      and isinstance(b.value, CombatAbility) and b.value.reach]
        for ab in abilities:
            for x in permanents:
                mine = x.controller == p.controller
                if x.left_battlefield or x.face_down or ab.scope not in ("all", "you" if mine else "opponents"):
                    continue
                reached = sorted({t.lower() for t in x.types} & set(ab.reach))
                if reached:
                    yield i, p, ab, x, reached


def _token_abilities(permanents: list[Permanent]) -> list[Ability]:
    """The abilities of the tokens the permanents' abilities may create (111.1, 111.3)."""
    return [b for x in permanents for a in x.abilities if (made := creates(a)) is not None for b in made.abilities]


def _tapped_reader(permanents: list[Permanent]) -> Permanent | None:
    """A permanent with a static ability that reads whether a permanent is untapped (110.5) or an ability
    whose target must be tapped (115.1), if any."""
    return next((x for x in permanents if any(a.kind in STATICS and cast(Static, a.value).scope == "untapped"
                                              or _names_tapped(getattr(a.value, "quality", ("any",)))
                                              for a in x.abilities)), None)


_GAINS = re.compile(r"gain(?!s\()|drain")  # an ability's term that gains life (119.3): not "gains(<keyword>)"


def _check_hit_untaps(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever ~ deals combat damage to a player, untap target creature or land" (701.26b) is modelled as it
    acts once combat damage is dealt: on nothing but what reads an untapped permanent, refused here — a land (its
    mana, 106.4), a creature with {T} in a cost (602.5a) or whose controller has a "tap an untapped" cost
    (701.26a), a static ability or target that reads tapped (110.5, 115.1) — or its target: ward (702.21a)."""
    for i, p in enumerate(permanents):
        if not p.has("hit_untap"):
            continue
        reader = _tapped_reader(permanents)
        tapping = {x.controller for x in permanents if any(cost.tap_untapped for cost in _extra_costs(x))}
        problem = f"{q(reader.id)} reads whether a permanent is tapped (110.5, 115.1)" if reader else next(
            (f"{q(x.id)} {why}" for x in permanents if not x.left_battlefield
             and (why := _untapped_problem(p, x, ("land",), False, tapping))), "")
        warded = next((x for x in permanents if x.controller != p.controller and (
            x.has("ward") or x.face_down == "cloak" or (x.face_down is True and x.has("disguise")))), None)
        if warded is not None:
            problem = f"{q(warded.id)} has ward (702.21a)"
        if problem:
            raise r.fail(f"permanents[{i}]", f"the combat-damage trigger of {q(p.id)} untaps a target creature or land "
                         f"(701.26b) and {problem}: not modelled")


def _creates_watcher(p: Permanent) -> bool:
    """Whether `p` may create a token with "Whenever you gain life, …" (111.1, 119.9)."""
    return any(a.kind in GAINED for a in _token_abilities([p]))


def _check_life_watchers(r: Reader, permanents: list[Permanent]) -> None:
    """"Whenever you gain life, …" (119.9; pysolver.rules.hits) is modelled for the life gained in combat by the
    combat damage of sources with lifelink (702.15b, 702.15e). A board with one is refused where life may be
    gained otherwise (an ability that gains life, 119.3) or a source with lifelink may deal noncombat damage
    (120.3: a damage ability or trigger beside lifelink, printed or given); "untap ~" where its being untapped
    could be read: a {T} cost of its own (602.5a), a "tap an untapped creature you control" cost of its
    controller's (701.26a), a static ability or target that reads tapped (110.5, 115.1; an attacking creature
    untapped, 508.1f, is not modelled)."""
    watchers = [(i, p) for i, p in enumerate(permanents) if any(a.kind in GAINED for a in p.abilities)]
    made = _token_abilities(permanents)
    if not watchers and not any(a.kind in GAINED for a in made):
        return
    i, p = watchers[0] if watchers else next((i, x) for i, x in enumerate(permanents) if _creates_watcher(x))
    gaining = next((x for x in permanents for a in [*x.abilities, *_token_abilities([x])] if a.kind not in GAINED
                    and (_GAINS.search(a.term) or (isinstance(a.value, CombatAbility) and a.value.gain))), None)
    if gaining is not None:
        raise r.fail(f"permanents[{i}]", f"{q(p.id)} has \"whenever you gain life\" and {q(gaining.id)} has an "
                     "ability that gains life (119.3, 119.9): only the life gained by lifelink's combat damage "
                     "(702.15b) is modelled")
    lifelink = any("lifelink" in repr(x.abilities) or "lifelink" in x.keywords_until_end_of_turn for x in permanents)
    damaging = next((x for x in permanents for a in [*x.abilities, *_token_abilities([x])]
                     if a.kind in NONCOMBAT_DAMAGE or "damage(" in a.term), None)
    if lifelink and damaging is not None:
        raise r.fail(f"permanents[{i}]", f"{q(p.id)} has \"whenever you gain life\" and {q(damaging.id)} may deal "
                     "damage outside combat damage beside lifelink (120.3, 702.15b): not modelled")
    tapping = {x.controller for x in permanents if any(cost.tap_untapped for cost in _extra_costs(x))}
    reader = _tapped_reader(permanents)
    for i, p in watchers:
        if not any(a.kind == "gained_untap" for a in p.abilities):
            continue
        if any(cost.tap for cost in _extra_costs(p)) or p.controller in tapping or reader is not None:
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} untaps itself when its controller gains life (701.26b) and "
                         "a {T} cost, a \"tap an untapped\" cost or a tapped-reading ability could read it (602.5a, "
                         "701.26a, 110.5): an attacking creature untapped (508.1f) is not modelled")


def _trigger_untap_problem(p: Permanent, e: OnCombat, permanents: list[Permanent]) -> str:
    """What an attack trigger's "untap target creature / permanent" (701.26b; pysolver.rules.triggers) could
    untap that something reads, as :func:`_check_untap_targets` refuses for activated abilities (its source's own
    {T} too: it may target itself), named for the refusal; empty if nothing."""
    reader = _tapped_reader(permanents)
    if reader is not None:
        return f"a creature and {q(reader.id)} reads whether a permanent is tapped (110.5, 115.1)"
    tapping = {x.controller for x in permanents if any(cost.tap_untapped for cost in _extra_costs(x))}
    for x in permanents:
        mine = x.controller == p.controller
        if x.left_battlefield or (e.target != "creature" and (e.target == "yours") != mine):
            continue
        problem = _untapped_problem(p, x, e.reach, False, tapping)
        if problem:
            return f"{q(x.id)} (701.26b), {problem}"
    return ""


def _untapped_problem(p: Permanent, x: Permanent, reach: tuple[str, ...], exempt: bool, tapping: set[str]) -> str:
    """What an untapped `x` could do that :func:`_check_untap_targets` refuses (empty if nothing): `reach` the
    noncreature card types the untap reaches, `exempt` whether its source `p` can't untap itself."""
    if not x.face_down and "creature" not in (t.lower() for t in x.types):
        reached = sorted({t.lower() for t in x.types} & set(reach))
        return f"a noncreature {reached[0]} (205.2a)" if reached else ""
    own = x.id == p.id and exempt  # 602.5a: tapped, it can't pay {T} to untap itself
    if not own and any(cost.tap for cost in _extra_costs(x)):
        return "which has {T} in a cost (602.5a: paid again)"
    if x.controller in tapping:
        return "and its controller has a \"tap an untapped <creature> you control\" cost (701.26a)"
    return ""


def _names_tapped(quality: object) -> bool:
    """Whether a creature quality (115.1) reads whether a creature is tapped ("target tapped creature")."""
    return quality == ("tapped",) or (isinstance(quality, tuple) and any(_names_tapped(q) for q in quality[1:]))


def _check_untapped_conditions(r: Reader, permanents: list[Permanent]) -> None:
    """"~ has hexproof as long as it's untapped" reads whether an attacking creature was tapped as it attacked
    (508.1f: unless it had vigilance, 702.20b) off its printed vigilance (encodings/statics.lp): a board where
    vigilance may come otherwise — a static ability granting it (its source leaving, or its condition changing,
    could give or take it away after attackers are declared), a pump giving it until end of turn (given after the
    declaration it untaps nothing) or one the file says was given until end of turn (when?) — is refused."""
    reader = next((p for p in permanents if any(a.kind in STATICS and cast(Static, a.value).scope == "untapped"
                                                for a in p.abilities)), None)
    if reader is None:
        return
    for i, p in enumerate(permanents):
        if ("vigilance" in p.keywords_until_end_of_turn
                or any(granted_kind(a) == "vigilance" or "vigilance" in getattr(a.value, "keywords", ())
                       for a in p.abilities)):
            raise r.fail(f"permanents[{i}]", f"{q(p.id)} may have vigilance other than printed (a static ability, "
                         f"until end of turn) and the ability of {q(reader.id)} reads whether it is untapped (110.5): "
                         "an attacking creature tapped or not as it attacked (508.1f, 702.20b) is not modelled")


def _is(p: Permanent, name: str, arg: str) -> bool:
    """Whether a permanent is of a state trigger's quality: `name` ``land_type`` (`arg` among its subtypes,
    205.3i) or ``card_type`` (among its card types, 205.2a); a face-down permanent is neither (708.2a)."""
    if p.face_down or p.left_battlefield:
        return False
    if name == "land_type":
        return arg in (t.lower() for t in p.subtypes)
    return arg in (t.lower() for t in p.types)


def _players(r: Reader, value: Any) -> list[Player]:
    players: list[Player] = []
    seen: set[str] = set()
    for i, raw in enumerate(r.listing(value, "players")):
        path = f"players[{i}]"
        name, life, mana, poison, zones, shield, types = fields.player(r, raw, path)
        energy = fields.energy(r, raw, path)  # 107.14
        blessing = fields.citys_blessing(r, raw, path)  # 702.131b
        if name in seen:
            raise r.fail(f"{path}.name", f"duplicate player name {q(name)}")
        seen.add(name)
        players.append(Player(name, life, mana, poison=poison, hand=zones.get("hand"),
                              graveyard=zones.get("graveyard"), graveyard_creatures=zones.get("graveyard_creatures"),
                              prevention_shield=shield, graveyard_types=types, energy=energy,
                              citys_blessing=blessing))
    if len(players) < 2:
        raise r.fail("players", "at least two players are required")
    return players


def _permanents(r: Reader, value: Any, players: frozenset[str],
                cards: Mapping[str, Card]) -> tuple[list[Permanent], dict[int, str], dict[int, str]]:
    """The permanents, and for each (by index) one of its card's inert lines that acts in a hidden zone
    (121.1: draws, discards, mills; pysolver.files.oracle), if any, and one that gives energy (122.1), if any."""
    result: list[Permanent] = []
    hidden: dict[int, str] = {}
    gains: dict[int, str] = {}
    ids: set[str] = set()
    for i, raw in enumerate(r.listing(value, "permanents")):
        path = f"permanents[{i}]"
        d, pid = fields.permanent_entry(r, raw, path, players)
        if pid in ids:
            raise r.fail(f"{path}.id", f"duplicate id {q(pid)}")
        ids.add(pid)
        card = _card(r, d, path, cards)
        result.append(Permanent(**fields.permanent(r, d, path, pid, players, card)))
        for j, exiled in enumerate(result[-1].exiled_cards):  # 406.6: each may return as a permanent of its own
            if exiled.id in ids:
                raise r.fail(f"{path}.exiled_cards[{j}].id", f"duplicate id {q(exiled.id)}")
            ids.add(exiled.id)
        if card is not None and d.get("abilities") is None:
            found = next((line for line, why in card.inert if why.key == "hidden"), None)
            if found is not None:
                hidden[i] = found
            gain = next((line for line, why in card.inert if why.key == "energy"), None)
            if gain is not None:
                gains[i] = gain
    return result, hidden, gains


def _landfall(r: Reader, value: Any, players: frozenset[str], cards: Mapping[str, Card]) -> dict[int, str]:
    """For each permanent (by index) whose card's lines are its own, one of its card's inert lines of a land
    entering ("Whenever a land enters …", the reason ``land``, pysolver.files.oracle), if any."""
    found: dict[int, str] = {}
    for i, raw in enumerate(r.listing(value, "permanents")):
        d, _ = fields.permanent_entry(r, raw, f"permanents[{i}]", players)
        card = _card(r, d, f"permanents[{i}]", cards)
        line = next((x for x, why in card.inert if why.key == "land"), None) if card and d.get("abilities") is None \
            else None
        if line is not None:
            found[i] = line
    return found


def _check_unread(r: Reader, permanents: list[Permanent], landfall: Callable[[], dict[int, str]]) -> None:
    """A line that makes what no line of the board reads (pysolver.model.unread: basic lands put onto the
    battlefield tapped, 701.23a; a card exiled from a graveyard, 406.2; a Clue, 701.16a; a Treasure, 111.10a; a land
    or noncreature permanent destroyed, 701.8a) is modelled as doing nothing the solver reports: refused beside a
    line that may read it (printed, granted, a token's, or not modelled), or, for a land, a card's inert "Whenever a
    land enters" (603.2, `landfall`: read only then, a second look-up of the cards), or a permanent the board states
    that it may remove."""
    for i, p in enumerate(permanents):
        for made in dict.fromkeys(u for x in p.ability_lines if (u := unread.made_by(normalise(x, p.name)))):
            stated = next((x for x in permanents if made.may_remove(("Creature",) if x.face_down else x.types)), None)
            if stated is not None:  # 701.8a, 701.21a: its removal would be reported (708.2a: face down, a creature)
                raise r.fail(f"permanents[{i}]", f"{q(p.id)} makes {made.name} ({made.rule}) and may remove "
                             f"{q(stated.id)}: not modelled")
            entering = landfall() if made.kind == "land_search" else {}
            for j, x in enumerate(permanents):
                line = entering.get(j) or next(
                    (y for y in (*x.ability_lines, *x.unmodelled) if made.reads(normalise(y, x.name))), None)
                if line is not None:
                    raise r.fail(f"permanents[{i}]", f"{q(p.id)} makes {made.name} ({made.rule}) and the line "
                                 f"{line!r} of {q(x.id)} may read it: not modelled")


def _card(r: Reader, d: dict[str, Any], path: str, cards: Mapping[str, Card]) -> Card | None:
    """The card of a permanent entry's `card`, from the pool (a close name suggested if none)."""
    if d.get("card") is None:
        return None
    card_name = r.text(d["card"], f"{path}.card")
    card = cards.get(card_key(card_name))
    if card is None:
        close = difflib.get_close_matches(card_key(card_name), cards, n=1)
        hint = f"; did you mean {q(cards[close[0]].name)}?" if close else ""
        raise r.fail(f"{path}.card", f"card {q(card_name)} is in no card pool (built-in or --cards){hint}")
    if not card.types and d.get("types") is None:
        raise r.fail(f"{path}.card", f"card {q(card.name)} is not a permanent card (it has none of the "
                                     f"types {', '.join(CARD_TYPES)})")
    _card_numbers(r, d, path, card)
    return card


def _card_numbers(r: Reader, d: dict[str, Any], path: str, card: Card) -> None:
    """The numbers a permanent takes from a card file are in their ranges (docs/limits.md): one error
    naming the card file, the card, the field and the range, never a number the permanent lacks."""
    if not card.source:
        return  # a pool built in Python: the field readers check the card's numbers
    too_long = dict(card.too_long)
    for key in ("power", "toughness", "loyalty", "defense"):
        value = too_long.get(key, getattr(card, key))
        problem = numbers.problem(value, key) if value is not None and d.get(key) is None else None
        if problem is not None:
            raise r.fail(f"{path}.card", f"card {q(card.name)} of card file {card.source}: {key} {problem}")


def _goal(r: Reader, value: Any, path: str, players: frozenset[str], by_id: Mapping[str, Permanent]) -> Goal:
    d = r.mapping(value, path, GOAL_KEYS)
    if len(d) != 1:
        raise r.fail(path, "a goal has exactly one of lethal, destroy, survive, all, any")
    (kind, arg), = d.items()
    if kind == "lethal":
        name = r.text(arg, f"{path}.lethal")
        if name not in players:
            raise r.fail(f"{path}.lethal", f"{q(name)} is not one of the players")
        return Goal("lethal", (name,))
    if kind in ("destroy", "survive"):
        ids = [r.text(x, f"{path}.{kind}[{j}]") for j, x in enumerate(r.listing(arg, f"{path}.{kind}"))]
        for j, pid in enumerate(ids):
            fields.ref(r, pid, f"{path}.{kind}[{j}]", by_id)
        return Goal(kind, tuple(ids))
    parts = tuple(_goal(r, g, f"{path}.{kind}[{j}]", players, by_id)
                  for j, g in enumerate(r.listing(arg, f"{path}.{kind}")))
    return Goal(kind, parts=parts)


def _objective(r: Reader, value: Any, players: list[str], active: str, combat: Combat) -> Objective:
    """The `objective` of `pysolver best` (docs/best.md): its `side` (default: who declares next,
    :func:`~pysolver.model.objective.default_side`) and `terms` (default: the side's defaults)."""
    d = r.mapping(value, "objective", OBJECTIVE_KEYS)
    side = default_side(combat.attackers is not None, combat.blockers is not None)
    if d.get("side") is not None:
        side = r.text(d["side"], "objective.side")
        if side not in SIDES:
            raise r.fail("objective.side", f"{q(side)} is not one of {', '.join(SIDES)}")
    if d.get("terms") is None:
        return default_objective(side, active, players)
    texts = [r.text(x, f"objective.terms[{j}]") for j, x in enumerate(r.listing(d["terms"], "objective.terms"))]
    if not texts:
        raise r.fail("objective.terms", "an objective needs at least one term")
    terms = []
    for j, text in enumerate(texts):
        try:
            terms.append(Term.parse(text, players))
        except ValueError as exc:
            raise r.fail(f"objective.terms[{j}]", str(exc)) from None
    return Objective(tuple(terms), side)


def permanent_from_card(card: str, *, id: str, controller: str, cards: Mapping[str, Card] | None = None,
                        **changes: object) -> Permanent:
    """A permanent of a card of the built-in pool (or `cards`), fields in `changes` overriding
    the card's (docs/situation.md `card`, §4); its player references are checked where it is
    put on a board (:func:`situation_from_data`).

    >>> permanent_from_card("Grizzly Bears", id="bear", controller="bob")
    Permanent('bear', 'bob', 2/2, name='Grizzly Bears', mana_cost='{1}{G}')
    """
    data = {"id": id, "controller": controller, "card": card, **_data_fields(changes)}
    players = frozenset(n for n in (controller, changes.get("owner"), changes.get("protector")) if isinstance(n, str))
    r, path = Reader(None), "permanents[0]"
    try:
        d, pid = fields.permanent_entry(r, data, path, players)
        return Permanent(**fields.permanent(r, d, path, pid, players, _card(r, d, path, with_builtin(cards))))
    except InputError as exc:
        raise InputError(exc.file, exc.field.removeprefix("permanents[0]."), exc.message) from None


def _data_fields(changes: Mapping[str, object]) -> dict[str, Any]:
    """Keyword fields of :func:`permanent_from_card` in the file form (`abilities`: lines, counters by kind)."""
    d: dict[str, Any] = {k: list(v) if isinstance(v, tuple) and k not in ("pt_counters", "named_counters") else v
                         for k, v in changes.items()}
    counters = d.pop("pt_counters", ())
    if counters:
        d["counters"] = dict(counters) if isinstance(counters, Mapping) else \
            {fields.counter_kind(dp, dt): n for dp, dt, n in counters}
    if named := d.pop("named_counters", ()):  # 122.1: (name, n) pairs
        d["counters"] = {**d.get("counters", {}), **dict(named)}
    if isinstance(d.get("until_end_of_turn"), list):
        d["until_end_of_turn"] = fields.pt_change(tuple(d["until_end_of_turn"]))
    return d


def strict_check(s: Situation, strict: bool, note: Callable[[str], None] | None = None) -> None:
    """Card lines the solver does not model (a card's oracle text, docs/engines.md): an error with
    `strict`, else a note (if `note` is given)."""
    for p in s.permanents:
        for line in p.unmodelled:
            if strict:
                raise InputError(s.source, f"permanent {p.id}", f"line {line!r} is not modelled (--strict)")
            if note is not None:
                note(f"note: {p.id}: {line!r} is not modelled by the solver")
