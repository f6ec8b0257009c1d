"""Situation → ASP facts: the printed characteristics and the state of one board.

Derived characteristics (708.2a face-down values, counters, colors, qualities)
are computed by ``encodings/characteristics.lp`` from these facts.

>>> from pysolver.model import Permanent, Player, Situation
>>> s = Situation((Player("a"), Player("b")), "a", (Permanent("x", "a", power=2, toughness=2),))
>>> "printed_power(x,2)." in situation_facts(s)
True
"""

from __future__ import annotations

from .abilities import asp_name
from .model import Situation

REQUIREMENTS = ("lure", "must_be_blocked", "blocks_each_combat", "attacks_each_combat")  # SPEC §2
MANA_KEYS = ("w", "u", "b", "r", "g", "c", "generic")  # the fields of pysolver.mana.Mana, in order


def symbol(name: str) -> str:
    """An id or player name as an ASP term (a string unless it is a plain constant, see asp_name)."""
    return asp_name(name)


def asp_string(text: str) -> str:
    r"""Free text (a subtype) as an ASP string literal, escaped.

    >>> print(asp_string('go"blin\\'))
    "go\"blin\\"
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def situation_facts(s: Situation, *, combat: bool = True) -> str:
    """All facts of a situation; `combat=False` leaves out the declarations (to choose them)."""
    out: list[str] = []
    for p in s.players:
        n = symbol(p.name)
        out.append(f"player({n}). life({n},{p.life}).")
        out += [f"mana_pool({n},{k},{v}). mana_spent({n},{k},{w})."
                for k, v, w in zip(MANA_KEYS, p.mana.as_tuple(), p.spent.as_tuple())]
    out.append(f"active({symbol(s.active)}).")
    for p in s.permanents:
        out.extend(permanent_facts(p))
    if combat:
        out.extend(combat_facts(s))
    return "\n".join(out)


def permanent_facts(p) -> list[str]:
    """Facts for one permanent: printed values and state (tapped, damage, counters, face-down)."""
    i = symbol(p.id)
    # The owner is not a fact: on the battlefield protection from a player goes by the controller
    # (702.16k: objects that player owns are included only if no other player controls them).
    out = [f"permanent({i}). controller({i},{symbol(p.controller)})."]
    out += [f"card_type({i},{t.lower()})." for t in p.types]
    out += [f"printed_subtype({i},{asp_string(t.lower())})." for t in p.subtypes]
    out += [f"printed_color({i},{c})." for c in p.colors]
    for key in ("power", "toughness", "loyalty", "defense"):
        value = getattr(p, key)
        if value is not None:
            out.append(f"printed_{key}({i},{value}).")
    if p.protector:
        out.append(f"protector({i},{symbol(p.protector)}).")
    # Instances of "can block an additional creature" add up (509.1a); number them.
    extra = iter(range(len(p.abilities)))
    out += [f"printed_ability({i},block_additional({next(extra)}))." if a.kind == "block_additional"
            else f"printed_ability({i},{a.term})." for a in p.abilities]
    # Each instance of a requirement ability is a requirement of its own (113.2c, 508.1d, 509.1c).
    out += [f"printed_instance({i},{a.kind},{j})." for j, a in enumerate(p.abilities) if a.kind in REQUIREMENTS]
    out.append(f"plus_counters({i},{p.plus_counters}). minus_counters({i},{p.minus_counters}).")
    out.append(f"damage_marked({i},{p.damage}).")
    morph = p.morph_cost()
    if morph is not None:
        out.append(f"morph({i},{morph[0]}).")
        out += [f"morph_cost({i},{k},{v})." for k, v in zip(MANA_KEYS, morph[1].as_tuple()) if v]
    for flag in ("tapped", "summoning_sick", "face_down", "left_battlefield"):
        if getattr(p, flag):
            out.append(f"{flag}({i}).")
    return out


def combat_facts(s: Situation) -> list[str]:
    """Declared attacks, blocks and the damage step, if any."""
    c = s.combat
    out = [f"attacking({symbol(a)},{symbol(t)})." for a, t in c.attackers or ()]
    out += [f"blocking({symbol(b)},{symbol(a)})." for b, a in c.blockers or ()]
    if c.attackers is not None:
        out.append("attackers_declared.")
    if c.blockers is not None:
        out.append("blockers_declared.")
    if c.damage_step:
        out.append(f"requested_step({c.damage_step}).")
    if c.first_strikers is not None:
        out.append("first_strike_recorded.")
        out += [f"dealt_first_strike({symbol(x)})." for x in c.first_strikers]
    out += [f"assigned({symbol(src)},{symbol(r)},{n})." for src, r, n in c.assignment or ()]
    return out
