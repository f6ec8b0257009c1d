"""Goals of `verify` (docs/verify.md) evaluated on a situation, and a bound on the damage still to come.

>>> from pysolver.model import Goal
>>> describe_goal(Goal("all", parts=(Goal("lethal", ("bob",)), Goal("survive", ("x",)))))
'all: [lethal: bob; survive: [x]]'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from ..model import Goal, Permanent, Situation
from ..model.abilities import DOUBLE_DAMAGE, FOGS, LIFE_FLOOR, PREVENT_SOME, TRAMPLES, OnCombat
from ..rules import activated, window_triggers
from ..rules.combat import has_statics
from ..rules.pumps import grants, max_times, pumped_by, reach, switching
from ..rules.triggers import has_triggers

PREVENTED_BY = frozenset({"prevent_combat_damage_by", "prevent_combat_damage_to_and_by"})  # 615.1a


def damage_bound(s: Situation, player: str) -> int:
    """An upper bound on the combat damage that can still be dealt to `player` (120.3a).

    Only the active player's creatures deal damage to a defending player: attacking ones (if
    attackers are declared: those attacking the player, or a planeswalker of theirs, 510.1b,
    702.19c), else untapped ones (508.1a). Each deals at most its greatest power over its face-down
    and face-up sides (702.37e, 702.37b), twice with double strike if the first-strike step is
    still to come (702.4b), nothing if it dealt first-strike damage without double strike (510.4),
    and nothing if it is blocked without trample (510.1c, 702.19b) or "as though it weren't blocked" (all of
    it, 510.1b). A blocked trampler first assigns
    lethal damage to each creature on the battlefield that blocks it and no other (702.19b;
    deathtouch: 1, 702.2c), at least the least lethal damage over that blocker's sides, less what
    pumps may take from its toughness (:func:`_toughness_drop`); with double
    strike the second step may all go to the player (702.19e). Pumps its controller can still pay
    for add to its power (602.2b, 613.4c; :func:`pysolver.rules.pumps.reach`). Doubled damage (614.1a) multiplies
    the total (:func:`doubling`).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 5, "toughness": 5, "abilities": ["Trample"]},
    ...                    {"id": "w", "controller": "b", "power": 0, "toughness": 4}],
    ...     "combat": {"attackers": {"x": "b"}, "blockers": {"w": ["x"]}}})
    >>> damage_bound(s, "b"), sure_damage(s, "b")
    (1, 1)
    """
    attacks = dict(s.combat.attackers) if s.combat.attackers is not None else None
    blocked = {a for _, a in s.combat.blockers or ()}
    alone = _lone_blockers(s)
    before_first = s.combat.damage_step != "regular"
    dealt_first = set(s.combat.first_strikers or ())
    owners = {p.id: p.controller for p in s.permanents if "Planeswalker" in p.types}
    total = 0
    for p in s.permanents:
        if p.left_battlefield or p.removed_from_combat or p.controller != s.active or not p.is_creature:
            continue  # (506.4: a creature regenerated out of combat deals no more combat damage)
        target = None
        if attacks is None:
            if p.tapped:
                continue
        else:
            target = attacks.get(p.id)
            if target is None or (target != player and owners.get(target) != player):
                continue
        best, pumped = 0, reach(s, p.id)[0]
        for form in forms(p):
            kinds = _kinds(form)
            power = side_power(form) + pumped
            unblocked = p.id in blocked and "as_unblocked" in kinds  # 510.1b: all of it, as though not blocked
            if p.id in blocked and not kinds & TRAMPLES and not unblocked:
                continue
            if target is not None and target != player and "trample_over_planeswalkers" not in kinds:
                continue
            steps = len(_steps(kinds, before_first, p.id in dealt_first))
            # 702.2c: with deathtouch 1 is lethal, and none where damage already marked is (702.19b)
            first = power - sum(min(lethal, 1) if "deathtouch" in kinds else lethal for lethal in alone.get(p.id, ())
                                if not unblocked)
            best = max(best, max(first, 0) + max(power, 0) * (steps - 1) if steps else 0)
        total += best
    return total * doubling(s, s.active)


def sure_damage(s: Situation, player: str, could_block: Mapping[str, Sequence[str]] | None = None,
                most_blocked: int | None = None) -> int:
    """A lower bound, once blockers are declared (0 before), on the combat damage the active player
    can make sure is dealt to `player` in the rest of the combat, whatever the defence does.

    At declare blockers, `could_block` (each attacker's possible blockers, 509.1b; none for one
    that too few can block, 702.111b) and `most_blocked` (the most attackers any declaration
    blocks: the blockers' capacities added up, 509.1a; None: no limit) make it a lower bound over
    every block declaration: each attacker counts as unblocked, except that the defence takes
    away, for the `most_blocked` attackers where that takes most, what it would deal unblocked
    less what it would deal blocked by all its possible blockers at once (a trampler assigns
    lethal damage to each of them, and any of them may strike first). A declaration blocks a set
    of attackers no larger than that, each by some of its possible blockers, which leaves each at
    least that much.

    The active player's plan: turn nothing face up, and assign as below. A creature attacking the
    player (not a planeswalker or battle of theirs) deals damage in each step it deals damage in
    (510.4: with double strike in both, with first strike in the first-strike step only, without in
    the regular step; after the first-strike step, again only with double strike):

    * unblocked (509.1h), all its power to the player (510.1a); nothing deals damage to it
      (510.1: combat damage is dealt only to the player or planeswalker it attacks and to the
      creatures it blocks or is blocked by), so it is on the battlefield when its steps come;
    * blocked, with trample (702.19b), at least its power less the lethal damage of each creature
      blocking it (the greatest over the sides that creature may still show, 702.37e, so the
      defence's face-up turns can't raise it; 1 if the trampler has deathtouch, 702.2c); lethal
      damage also counts damage already marked (120.6), which only lowers it, and in the regular
      step a blocker killed earlier needs none (702.19e). It counts in the regular step only if no
      creature blocking it may deal first-strike damage while it doesn't (702.7b): otherwise it
      may die first (704.5g, 704.5h).

    An attacker removed from combat (506.4, regenerated: 701.19a) deals nothing, nor does one whose
    combat damage is prevented (615.1a, "Prevent all combat damage that would be dealt by ~"); a
    regenerated blocker needs no lethal damage any more. Where a player has or may get a prevention
    shield (615.7, :func:`pysolver.rules.activated.shields_players`) or all combat damage may be prevented
    (615.1a, :func:`may_prevent_all`) or part of each damage event to them is prevented ("If a source would deal
    damage to you …, prevent N of that damage", 615.10) or they can't be brought below 1 life by damage (614.1a)
    the bound is 0. No other ability of
    the catalogue prevents combat damage to a player, and none changes an attacking
    creature's power, so nothing the defence does lowers this, except what raises a blocker's
    toughness (so a trampler's excess): its pump abilities, as often as its mana pays for each
    (602.2, 613.4c; :func:`pysolver.rules.pumps.reach`), and, before blockers are declared, the abilities
    that trigger on blocking (509.3a: bushido 702.45a, "Whenever ~ blocks"); each blocker counts
    with the most toughness they can give it (:func:`_growth`). Its face-down value is used for a
    face-down creature (708.2a: 2/2 without abilities, as long as it is not turned face up).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3,
    ...                     "abilities": ["Double strike"]}], "combat": {"attackers": {"x": "b"}, "blockers": {}}})
    >>> sure_damage(s, "b")
    6
    """
    blocking = _blocking(s, could_block)
    if s.combat.attackers is None or blocking is None or activated.shields_players(s) or may_prevent_all(s) \
            or any(p.controller == player and (p.has(PREVENT_SOME) or p.has(LIFE_FLOOR)) and not p.left_battlefield
                   for p in s.permanents):
        return 0  # (615.7, 615.1a, 615.10: a prevention shield on the player, all combat damage or some prevented)
    before_first = s.combat.damage_step != "regular"
    dealt_first = set(s.combat.first_strikers or ())
    total = 0
    taken: list[int] = []  # what blocking each attacker that could be blocked may take away
    for a, target in s.combat.attackers:
        p = s.permanent(a)
        if target != player or p.left_battlefield or p.removed_from_combat or not p.is_creature:
            continue
        kinds, power = _kinds(p), max(side_power(p), 0)
        if kinds & PREVENTED_BY:  # 615.1a: none of its combat damage is dealt
            continue
        if "infect" in kinds:  # 120.3b, 702.90b: its damage to a player gives poison counters, no life loss
            continue
        steps = _steps(kinds, before_first, a in dealt_first)
        unblocked = power * len(steps)
        if a not in blocking:
            total += unblocked
            continue
        blocked = 0
        if "trample" in kinds:
            blockers = [b for b in blocking[a] if not b.left_battlefield and not b.removed_from_combat]
            needed = sum(1 if "deathtouch" in kinds else max(max(_lethal(f) + _growth(s, f)[1] for f in forms(b)), 0)
                         for b in blockers)
            strike_first = any(_kinds(f) & {"first_strike", "double_strike"} for b in blockers for f in forms(b))
            blocked = max(power - needed, 0) * sum(1 for step in steps
                                                   if step != "regular" or not before_first or not strike_first)
        if could_block is None:
            total += blocked
        else:
            total += unblocked
            taken.append(unblocked - blocked)
    taken.sort(reverse=True)
    return total - sum(taken if most_blocked is None else taken[:most_blocked])


def doubling(s: Situation, player: str) -> int:
    """The most the damage of `player`'s sources can be multiplied by (614.1a: each permanent of theirs on the
    battlefield with "If a source you control would deal damage …, it deals double that damage … instead" doubles it,
    616.1f; a face-down one may be turned face up)."""
    return 1 << sum(1 for p in s.permanents if p.controller == player and not p.left_battlefield
                    and p.has(DOUBLE_DAMAGE))


def may_prevent_all(s: Situation) -> bool:
    """Whether all combat damage is or may yet be prevented this turn (615.1a): a resolved "Prevent all combat
    damage that would be dealt this turn", or a permanent with an ability or a combat trigger that does it."""
    return s.combat.combat_damage_prevented or any(
        a.kind in FOGS or (isinstance(a.value, OnCombat) and a.value.effect == "fog")
        for p in s.permanents if not p.left_battlefield for a in p.abilities)


def gain_bound(s: Situation, player: str, could_block: Mapping[str, Sequence[str]] | None = None) -> int:
    """An upper bound on the life `player` can still gain in this combat once blockers are declared
    (with `could_block`, as in :func:`sure_damage`: whichever are declared): only their blocking
    creatures with lifelink deal combat damage for them (702.15b, 510.1c-d), each at most its
    greatest power over its sides (702.37e) with what pumps and block triggers may still add
    (:func:`_growth`), in the steps it may deal damage in (510.4, as in :func:`damage_bound`), doubled as
    :func:`doubling` says (614.1a, 702.15b: it gains the damage dealt).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3},
    ...                    {"id": "y", "controller": "b", "power": 2, "toughness": 2, "abilities": ["Lifelink"]}],
    ...     "combat": {"attackers": {"x": "b"}, "blockers": {"y": ["x"]}}})
    >>> gain_bound(s, "b")
    2
    """
    before_first = s.combat.damage_step != "regular"
    dealt_first = set(s.combat.first_strikers or ())
    total = 0
    for x in {b.id: b for blockers in (_blocking(s, could_block) or {}).values() for b in blockers}.values():
        if x.left_battlefield or x.controller != player:
            continue
        total += max((max(side_power(f) + _growth(s, f)[0], 0)
                      * len(_steps(_kinds(f), before_first, x.id in dealt_first))
                      for f in forms(x) if "lifelink" in _kinds(f)), default=0)
    return total * doubling(s, player)


def _blocking(s: Situation, could_block: Mapping[str, Sequence[str]] | None) -> dict[str, list[Permanent]] | None:
    """The creatures blocking each blocked attacker: as declared, or all that could (`could_block`);
    None if blockers are not declared and `could_block` is not given."""
    if could_block is not None:
        return {a: [s.permanent(b) for b in bs] for a, bs in could_block.items() if bs}
    if s.combat.blockers is None:
        return None
    blocking: dict[str, list[Permanent]] = {}
    for b, a in s.combat.blockers:
        blocking.setdefault(a, []).append(s.permanent(b))
    return blocking


def _steps(kinds: set[str], before_first: bool, dealt_first: bool) -> tuple[str, ...]:
    """The combat damage steps still to come in which a creature with these abilities deals
    damage (510.4; 702.4b double strike, 702.7b first strike)."""
    if not before_first:
        return ("regular",) if "double_strike" in kinds or not dealt_first else ()
    if "double_strike" in kinds:
        return ("first_strike", "regular")
    return ("first_strike",) if "first_strike" in kinds else ("regular",)


def _growth(s: Situation, side: Permanent) -> tuple[int, int]:
    """An upper bound on the power and toughness a blocking creature's side may still get in this
    combat: what pumps can add (602.2, 613.4c; each ability as often as its controller's mana pays
    for it, :func:`pysolver.rules.pumps.reach`) and, before blockers are declared, what its abilities that
    trigger on blocking add as they resolve (509.3a; 702.45a bushido N: +N/+N; "Whenever ~ blocks"
    and "Whenever ~ blocks or becomes blocked": +X/+Y). A face-down side has no abilities (708.2a).

    >>> from pysolver.model import Player
    >>> s = Situation((Player("a"), Player("b", mana="{G}{G}")), "a", (Permanent("w", "b", power=0, toughness=4,
    ...     abilities=("Bushido 1", "{G}: ~ gets +0/+1 until end of turn")),))
    >>> _growth(s, s.permanent("w"))
    (1, 3)
    """
    power, toughness = reach(s, side.id)
    if s.combat.blockers is None and not side.face_down:
        for a in side.abilities:
            if a.kind == "bushido" and isinstance(a.value, int):
                power, toughness = power + a.value, toughness + a.value
            elif a.kind in ("blocks_pump", "blocks_or_blocked_pump") and isinstance(a.value, tuple):
                power, toughness = power + a.value[0], toughness + a.value[1]
    return power, toughness


def _kinds(p: Permanent) -> set[str]:
    """The abilities of a side (none face down, 708.2a) and the keywords it was given until end of turn
    (613.1f, face down too)."""
    return set(p.keywords_until_end_of_turn) if p.face_down else set(p.kinds())


def side_power(p: Permanent) -> int:
    """The power of a side: 2 face down (708.2a), with what its P/T counters and resolved changes
    until end of turn add (122.1a, 613.4c), switched with its toughness (613.4d).

    >>> side_power(Permanent("x", "a", power=5, toughness=5, face_down=True).with_counters(1, 1))
    3
    """
    if p.switched_until_end_of_turn:  # 613.4d: layer 7d, after the counters and changes of 7c
        return _unswitched_toughness(p)
    return (2 if p.face_down else (p.power or 0)) + p.pt_modification[0]


def side_toughness(p: Permanent) -> int:
    """The toughness of a side: 2 face down (708.2a), with what its P/T counters and resolved
    changes until end of turn add (122.1a, 613.4c), switched (613.4d)."""
    if p.switched_until_end_of_turn:
        return (2 if p.face_down else (p.power or 0)) + p.pt_modification[0]
    return _unswitched_toughness(p)


def _unswitched_toughness(p: Permanent) -> int:
    return (2 if p.face_down else (p.toughness or 0)) + p.pt_modification[1]


def _lethal(p: Permanent) -> int:
    """Lethal damage for a side (120.6): its toughness less the damage already marked on it."""
    return side_toughness(p) - p.damage


def _lone_blockers(s: Situation) -> dict[str, list[int]]:
    """For each blocked attacker, the least lethal damage (120.6, 702.19b) of each creature on the
    battlefield that blocks it and no other attacker, over the sides that creature may still show."""
    blocks: dict[str, list[str]] = {}
    for b, a in s.combat.blockers or ():
        blocks.setdefault(b, []).append(a)
    out: dict[str, list[int]] = {}
    for b, attackers in blocks.items():
        x = s.permanent(b)
        if len(attackers) != 1 or x.left_battlefield or x.removed_from_combat:
            continue  # (506.4: a blocker regenerated out of combat is assigned no damage, 702.19d)
        lethal = min(_lethal(f) for f in forms(x)) - _toughness_drop(s, b)
        out.setdefault(attackers[0], []).append(max(lethal, 0))
    return out


def _toughness_drop(s: Situation, pid: str) -> int:
    """The most toughness pumps with a negative toughness change can still take from `pid` (602.2,
    613.4c): a blocker that needs less lethal damage lets more of a trampler's damage through."""
    return sum(max_times(s, p.id, i) * max(-pump.toughness, 0) for p, i, pump in pumped_by(s, pid))


def out_of_reach(s: Situation, player: str) -> str | None:
    """Why `player` can no longer be brought to 0 life in this combat, or None. Never while the
    player may still lose to poison counters instead (704.5c): the active player has a creature on
    the battlefield with infect or toxic on a side it may show (120.3b, 702.164c); never on a board
    with static abilities (613.4c: the powers read here are the printed ones)."""
    if may_poison(s) or (s.combat.blockers is None and has_triggers(s)):  # 704.5c; 603.2: pumps to come
        return None
    if activated.pumps_present(s) or grants(s) or switching(s):  # 613.4c, 613.1f: a targeted or {T} pump, a
        return None  # keyword to come (trample, double strike: 702.19b, 702.4b) are in no bound; 613.4d: a switch
    if window_triggers.present(s):  # 708.8, 701.37b: their damage, pumps and counters are in no bound
        return None
    if has_statics(s):  # 613.4c: anthems and lords change the powers these bounds read (not bounded here)
        return None
    life = s.player(player).life
    bound = damage_bound(s, player)
    if life > 0 and bound < life:
        return f"at most {bound} combat damage can still reach {player} (life {life})"
    return None


def sure_lethal(s: Situation, player: str, could_block: Mapping[str, Sequence[str]] | None = None,
                most_blocked: int | None = None) -> str | None:
    """Why `player` will be at 0 life or less when state-based actions are checked after the last
    combat damage step, whatever the defence does (704.5a), or None: the damage the active player
    can make sure of (:func:`sure_damage`) is at least their life plus the most they can gain
    (:func:`gain_bound`). Life lost and gained in a step happen together (510.2, 702.15b); if the
    player survives the first-strike step, the regular step brings the whole to 0 or less.
    With `could_block`, whatever blockers are declared (:func:`sure_damage`).

    >>> from pysolver.files.loader import situation_from_data
    >>> s = situation_from_data({"players": [{"name": "a"}, {"name": "b", "life": 3}], "active": "a",
    ...     "permanents": [{"id": "x", "controller": "a", "power": 3, "toughness": 3}],
    ...     "combat": {"attackers": {"x": "b"}, "blockers": {}}})
    >>> sure_lethal(s, "b")
    'at least 3 combat damage is sure to reach b (life 3)'
    """
    if activated.pumps_present(s) or grants(s) or switching(s) or (s.combat.attackers is None
                                                                   and activated.may_tap_attackers(s)):
        return None  # 613.4c, 613.1f: no bound counts a targeted or {T} pump, a keyword to come; 508.1a: a
        # would-be attacker tapped; 613.4d: power and toughness switched
    if has_statics(s) or window_triggers.present(s):  # 613.4c, 613.1f: anthems and lords change the powers and
        return None  # abilities it reads; 708.8, 701.37b: a window's triggers may destroy, tap or shrink attackers
    if s.combat.blockers is None and any(a.kind == "on_block" for p in s.permanents for a in p.abilities):
        return None  # 509.2a: a block trigger may lower an attacker's power, give a blocker toughness or first strike
    life = s.player(player).life
    sure = sure_damage(s, player, could_block, most_blocked)
    gain = gain_bound(s, player, could_block)
    if life > 0 and sure and sure >= life + gain:
        return ("whatever blocks, " if could_block is not None else "") + \
            f"at least {sure} combat damage is sure to reach {player} (life {life}" + \
            (f", at most {gain} gained)" if gain else ")")
    return None


def may_poison(s: Situation) -> bool:
    """Whether a creature of the active player may still give poison counters in this combat (120.3b,
    702.164c): it is on the battlefield with infect or toxic on one of its :func:`forms`.

    >>> from pysolver.model import Player
    >>> may_poison(Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=1, toughness=1,
    ...                                                                 abilities=("Toxic 1",)),)))
    True
    """
    return "infect" in grants(s) or any(_kinds(f) & {"infect", "toxic"} for p in s.permanents  # (613.1f: given too)
                                        if p.controller == s.active and not p.left_battlefield for f in forms(p))


def forms(p: Permanent) -> list[Permanent]:
    """The sides a permanent may still show: as it is, and face up each way it may be turned face up
    (a +1/+1 counter for a megamorph cost, 702.37b; none for a mana cost, 701.40b, 701.58b)."""
    return [p] + [replace(p, face_down=False).with_counters(1, 1, way == "megamorph") for way, _ in p.face_up_ways()]


def score(g: Goal, s: Situation) -> int:
    gone = {p.id for p in s.permanents if p.left_battlefield}
    if g.kind == "lethal":
        return s.player(g.targets[0]).life
    if g.kind == "destroy":
        return -100 * len(gone.intersection(g.targets))
    if g.kind == "survive":
        return 100 * len(gone.intersection(g.targets))
    return sum(score(p, s) for p in g.parts)


def goal_ids(g: Goal) -> Iterator[str]:
    if g.kind in ("destroy", "survive"):
        yield from g.targets
    for p in g.parts:
        yield from goal_ids(p)


def lethal_players(g: Goal) -> list[str]:
    if g.kind == "lethal":
        return list(g.targets)
    return sorted({x for p in g.parts for x in lethal_players(p)})


def aggressive(g: Goal) -> bool:
    return g.kind in ("lethal", "destroy") or any(aggressive(p) for p in g.parts)


def describe_goal(g: Goal) -> str:
    if g.kind == "lethal":
        return f"lethal: {g.targets[0]}"
    if g.kind in ("destroy", "survive"):
        return f"{g.kind}: [{', '.join(g.targets)}]"
    return f"{g.kind}: [{'; '.join(describe_goal(p) for p in g.parts)}]"
