"""The end of combat step (511) in plain Python, for the reference: what triggers as it begins and what that does.

Independent of ``pysolver.rules.end_of_combat``. Unless a player lost in the combat (104.3b: the game is over), the
end of combat step begins once the last combat damage step is over (511.1), and these trigger then (511.2):

* each delayed triggered ability made by a combat trigger "… <destroy / sacrifice / return to its owner's hand /
  remove a +1/+1 counter from> it / that creature at end of combat" as it resolved (603.7a): read off the
  declarations, one for each time its trigger triggered (508.3a attacks, 509.3a blocks, 509.3c becomes blocked:
  once; 509.3b blocks a creature, 509.3d becomes blocked by a creature: once for each such creature, of its
  quality as declared), whether its source is still on the battlefield or not;
* each delayed triggered ability a damage trigger made as it resolved ("… destroy that creature at end of combat",
  603.7a): one for each permanent marked ``destroyed_at_end_of_combat``;
* "At end of combat, destroy all creatures blocking or blocked by ~" of a permanent still on the battlefield.

Each then resolves (608.2), state-based actions after each (the caller's :func:`reference.outcomes.checked`): a
creature no longer on the battlefield is not affected (603.7c, 400.7); destroyed unless indestructible (702.12b);
sacrificed, returned to its owner's hand: gone; a +1/+1 counter removed if it has one (122.1a). The boards the
loader admits make their order irrelevant (no static ability, regeneration, death trigger, persist, undying).

>>> from pysolver import load_data
>>> s = load_data({"players": [{"name": "a"}, {"name": "b"}], "active": "a",
...     "permanents": [{"id": "x", "controller": "a", "power": 2, "toughness": 2,
...                     "abilities": ["When ~ attacks or blocks, sacrifice it at end of combat"]}],
...     "combat": {"attackers": {"x": "b"}, "blockers": {}}})
>>> end_triggers(s, frozenset())
[('x', 'sacrifice')]
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pysolver.model import Permanent, Situation

from .characteristics import field_of

if TYPE_CHECKING:
    from .outcomes import State

Named = tuple[str, str]  # the creature a trigger acts on, what it does


def fits(p: Permanent, q: tuple) -> bool:
    """Whether creature `p` is of the quality its trigger's event names (105.2, 205.2a, 205.3m, 702.73a)."""
    name, *args = q
    if name == "any":
        return True
    if name == "non":
        return not fits(p, args[0])
    if name in ("color", "noncolor"):
        return (args[0] in p.colors) == (name == "color")
    if name == "card_type":
        return args[0] in {t.lower() for t in p.types}
    assert name == "creature_type"
    return args[0] in {t.lower() for t in p.subtypes} or any(a.kind == "changeling" for a in p.abilities)


def end_triggers(s: Situation, gone: frozenset[str]) -> list[Named]:
    """Each trigger of the end of combat step (511.2), by the creature it names."""
    attacking = {a for a, _ in s.combat.attackers or ()}
    pairs = s.combat.blockers or ()
    out: list[Named] = []
    for p in s.permanents:
        if p.destroyed_at_end_of_combat:  # 603.7a: a damage trigger's delayed trigger
            out.append((p.id, "destroy"))
        blocks = [a for b, a in pairs if b == p.id]
        blocked_by = [b for b, a in pairs if a == p.id]
        for ab in p.abilities:
            if ab.kind == "end_of_combat" and p.id not in gone:
                if not p.removed_from_combat:
                    out += [(x, "destroy") for x in blocks + blocked_by
                            if x not in gone and not s.permanent(x).removed_from_combat]
                continue
            if ab.kind != "delayed_end":
                continue
            e = ab.value
            if e.whom == "self":
                fired = ("attacks" in e.events and p.id in attacking) or ("blocks" in e.events and blocks) or (
                    "blocked" in e.events and blocked_by)
                out += [(p.id, e.effect)] if fired else []
            else:
                event = e.events[0]
                others = (blocks if event in ("blocks_creature", "either_by") else []) + (
                    blocked_by if event in ("blocked_by", "either_by") else [])
                out += [(x, e.effect) for x in others if fits(s.permanent(x), e.partner)]
    return out


def resolve_end(s: Situation, gone: frozenset[str], t: Named) -> tuple[Situation, frozenset[str]]:
    """`t` resolved: the situation and the permanents gone."""
    x, effect = t
    field = field_of(s, gone)
    if x not in field:
        return s, gone
    if effect == "destroy":
        return s, gone if field[x].has("indestructible") else gone | {x}
    if effect in ("sacrifice", "return"):
        return s, gone | {x}
    p = s.permanent(x)
    if p.plus_counters == 0:
        return s, gone
    counters = tuple((dp, dt, n - 1 if (dp, dt) == (1, 1) else n) for dp, dt, n in p.pt_counters)
    p = replace(p, pt_counters=tuple(c for c in counters if c[2]))
    return replace(s, permanents=tuple(p if q.id == x else q for q in s.permanents)), gone


def ended(state: State) -> State:
    """`state` once the end of combat step is over (511.3); itself if a player lost (104.3b)."""
    from .outcomes import checked

    if state.over or any(p.life <= 0 or p.poison >= 10 for p in state.s.players):
        return state
    for t in end_triggers(state.s, state.gone):
        s, gone = resolve_end(state.s, state.gone, t)
        state = checked(replace(state, s=s, gone=gone))
    return state
