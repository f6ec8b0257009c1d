"""Forge puzzles (.pzl) and game states, read into situations and written from them (docs/engines.md).

A Forge file has an optional ``[metadata]`` part (``Key:Value`` lines: Name, Goal, Targets,
Turns, Description, …) and a ``[state]`` part of ``key=value`` lines (keys in any case):
``humanlife``, ``ailife``, ``activeplayer``, ``activephase``, ``humanbattlefield``,
``aibattlefield``, hands, libraries, …. A battlefield is a ``;``-separated list of entries
``Card Name|Tapped|SummonSick|FaceDown|Counters:P1P1=1|Damage:2|Id:7|Attacking:7``; a token is
``t:Name,P:4,T:4,Color:R,Types:Creature-Dragon,Keywords:Flying`` or a token script name such as
``t:r_4_4_dragon_flying``. The players become ``human`` and ``ai``.

An entry the importer cannot put on the board (a card in no pool, a noncreature spell permanent,
``*`` power, a noncreature token) would make every answer about another board: it is an
error, :class:`LeftOut`, unless ``lenient=True`` imports without it and names it in the notes.

>>> import pysolver
>>> state = read_forge("[state]\\nactiveplayer=human\\nactivephase=MAIN1\\nailife=3\\n"
...                    "humanbattlefield=Grizzly Bears;Forest;Forest|Tapped\\naibattlefield=t:w_1_1_soldier", "p.pzl")
>>> data, notes = to_situation(state)
>>> [(p["id"], p.get("card") or p["name"]) for p in data["permanents"]]
[('grizzly_bears', 'Grizzly Bears'), ('forest', 'Forest'), ('forest_2', 'Forest'), ('soldier', 'Soldier')]
>>> pysolver.load_data(data).permanent("soldier").colors
('white',)
>>> data["players"][0], notes
({'name': 'human', 'life': 20, 'mana': '{G}'}, [])
>>> anthem = read_forge("activeplayer=human\\nactivephase=MAIN1\\nhumanbattlefield=Glorious Anthem", "p.pzl")
>>> to_situation(anthem)  # doctest: +ELLIPSIS
Traceback (most recent call last):
pysolver.engines.forge.LeftOut: p.pzl: humanbattlefield[0] (Glorious Anthem): card 'Glorious Anthem' is in no ...
>>> data, notes = to_situation(anthem, lenient=True)
>>> data["permanents"], notes[0].endswith("(built-in or --cards); left out")
([], True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..files.cards import Card, card_key, with_builtin
from ..model import Permanent, Situation, counter_kind, pt_change
from ..model.abilities import KEYWORDS
from ..model.fields import CARD_TYPES
from ..model.mana import Mana

PLAYERS = ("human", "ai")
_FACE_DOWN = {"manifested": "manifest", "cloaked": "cloak"}  # |FaceDown:Manifested, |FaceDown:Cloaked (lowered)
# Forge's phases (its PhaseType names and script names, without case and underscores), in turn order.
PHASES = {
    "untap": "UNTAP", "upkeep": "UPKEEP", "draw": "DRAW", "main1": "MAIN1",
    "combatbegin": "COMBAT_BEGIN", "begincombat": "COMBAT_BEGIN",
    "combatdeclareattackers": "COMBAT_DECLARE_ATTACKERS", "declareattackers": "COMBAT_DECLARE_ATTACKERS",
    "combatdeclareblockers": "COMBAT_DECLARE_BLOCKERS", "declareblockers": "COMBAT_DECLARE_BLOCKERS",
    "combatfirststrikedamage": "COMBAT_FIRST_STRIKE_DAMAGE", "firststrikedamage": "COMBAT_FIRST_STRIKE_DAMAGE",
    "combatdamage": "COMBAT_DAMAGE", "combatend": "COMBAT_END", "endcombat": "COMBAT_END",
    "main2": "MAIN2", "endofturn": "END_OF_TURN", "cleanup": "CLEANUP",
}
BEFORE_COMBAT = ("UNTAP", "UPKEEP", "DRAW", "MAIN1", "COMBAT_BEGIN")
AFTER_BLOCKS = ("COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE", "COMBAT_END")
ZONES = {"hand": "in a hand", "library": "in a library", "graveyard": "in a graveyard", "exile": "in exile",
         "command": "in the command zone"}
DESTROY_GOALS = ("destroy specified permanents", "destroy specified creatures", "kill specified creatures",
                 "remove specified permanents from the battlefield")
COUNTER_KIND = re.compile(r"([PM])(\d)\1(\d)")  # Forge's P/T counter kinds: P1P1, P1P0, M0M1, P2P2 … (122.1a)
_FORGE_SIGNS = str.maketrans({"+": "P", "-": "M", "/": None})  # "+1/+0" -> "P1P0"
# Entry modifiers that only matter for things the solver does not model (noted when present).
UNMODELLED_MODIFIERS = ("Renowned", "Monstrous", "IsCommander", "Attaching", "ChosenColor", "ChosenType",
                        "NamedCard", "ExecuteScript", "RememberedCards", "Imprinting", "ExiledWith", "Ability",
                        "Transformed", "Flipped", "Meld")
COLOR_NAMES = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}
_BASIC_MANA = re.compile(r"\{T\}: Add \{([WUBRGC])\}\.")
_BASIC_LAND = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_TOKEN_SCRIPT = re.compile(r"([wubrgc]+)_(\d+)_(\d+)_([a-z0-9_]+)")


@dataclass
class ForgeState:
    """A parsed Forge file: metadata (keys lower-cased) and state lines (keys lower-cased)."""

    file: str
    metadata: dict[str, str] = field(default_factory=dict)
    state: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)  # state key -> line number


def read_forge(text: str, file: str) -> ForgeState:
    """Parse a `.pzl` puzzle or a game-state dump (state lines without sections)."""
    out = ForgeState(file)
    section = "state"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            if section not in ("metadata", "state"):
                raise InputError(file, f"line {number}", f"unknown section {line!r} (expected [metadata] or [state])")
            continue
        if section == "metadata":
            key, sep, value = line.partition(":")
            if not sep:
                raise InputError(file, f"line {number}", f"metadata line {line[:60]!r} is not Key:Value")
            out.metadata[key.strip().lower()] = value.strip()
        else:
            key, sep, value = line.partition("=")
            if not sep:
                raise InputError(file, f"line {number}", f"state line {line[:60]!r} is not key=value")
            out.state[key.strip().lower()] = value.strip()
            out.lines[key.strip().lower()] = number
    return out


class LeftOut(InputError):
    """Permanents of a Forge file that the importer cannot put on the board (exit status 2).

    `errors` holds one :class:`InputError` per entry left out (the first is this error's own
    file, field and message); `data`, `notes` and `left_out` are the import without them, as
    ``lenient=True`` returns it (like :class:`subprocess.CalledProcessError` holds the output)."""

    HINT = "use --lenient to import without it"

    def __init__(self, file: str, left_out: list[tuple[str, str]], data: dict[str, Any], notes: list[str]) -> None:
        self.errors = [InputError(file, where, f"{why}; {self.HINT}") for where, why in left_out]
        more = f" (and {len(left_out) - 1} more permanents left out)" if len(left_out) > 1 else ""
        super().__init__(file, self.errors[0].field, self.errors[0].message + more)
        self.left_out = [f"{where}: {why}" for where, why in left_out]
        self.data = data
        self.notes = notes


@dataclass
class _Import:
    """One import in progress: the situation's parts, the notes on what is not modelled, and the
    entries left out of the board."""

    st: ForgeState
    cards: Mapping[str, Card]
    permanents: list[dict[str, Any]] = field(default_factory=list)
    mana: dict[str, list[str]] = field(default_factory=lambda: {p: [] for p in PLAYERS})
    forge_ids: dict[str, str] = field(default_factory=dict)   # Forge Id:N -> permanent id
    attacking: dict[str, str | None] = field(default_factory=dict)  # permanent id -> Forge id or None
    notes: list[tuple[str, str]] = field(default_factory=list)  # (field, message)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (field, why): also in notes
    gone: dict[str, str] = field(default_factory=dict)  # Forge Id:N of an entry left out -> its field

    def note(self, where: str, message: str) -> None:
        self.notes.append((where, message))

    def leave_out(self, where: str, why: str) -> None:
        """An entry that does not become a permanent: the board differs from the file's."""
        self.left_out.append((where, why))
        self.note(where, f"{why}; left out")

    def new_id(self, name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "_", card_key(name)).strip("_") or "permanent"
        base = base if base[0].isalpha() and base not in PLAYERS else f"p_{base}"
        pid, k = base, 1
        while any(p["id"] == pid for p in self.permanents):
            k += 1
            pid = f"{base}_{k}"
        return pid


def to_situation(st: ForgeState, cards: Mapping[str, Card] | None = None, *,
                 lenient: bool = False) -> tuple[dict[str, Any], list[str]]:
    """The situation (plain data, docs/situation.md) of a Forge file, and notes naming every entry or key
    not modelled. Cards resolve through the built-in pool and `cards` (``--cards``). An entry that
    cannot become a permanent raises :class:`LeftOut`; with `lenient` it is left out with a note."""
    imp = _Import(st, with_builtin(cards))
    active = st.state.get("activeplayer", "").lower()
    if active not in PLAYERS:
        raise InputError(st.file, "activeplayer", f"expected human or ai, got {active or 'nothing'!r}")
    phase_text = st.state.get("activephase", "")
    phase = PHASES.get(phase_text.replace("_", "").lower())
    if phase is None:
        raise InputError(st.file, "activephase", f"unknown Forge phase {phase_text!r} (e.g. MAIN1, "
                                                 "COMBAT_DECLARE_ATTACKERS, COMBAT_DECLARE_BLOCKERS)")
    players: list[dict[str, object]] = [{"name": p, "life": _number(st, f"{p}life", 20)} for p in PLAYERS]
    for player in PLAYERS:
        for i, entry in enumerate(_entries(st.state.get(f"{player}battlefield", st.state.get(f"{player}play", "")))):
            _entry(imp, player, entry, f"{player}battlefield[{i}]")
    for p in players:
        name = str(p["name"])
        if imp.mana[name]:
            p["mana"] = "".join(f"{{{c}}}" for c in imp.mana[name])
    _other_keys(imp)
    data: dict[str, Any] = {"players": players, "active": active, "permanents": imp.permanents}
    combat = _combat(imp, active, phase)
    if combat is not None:
        data["combat"] = combat
    goal = _goal(imp, active)
    if goal is not None:
        data["goal"] = goal
    notes = [f"{st.file}: {where}: {message}" for where, message in imp.notes]
    if imp.left_out and not lenient:
        raise LeftOut(st.file, imp.left_out, data, notes)
    return data, notes


def _number(st: ForgeState, key: str, default: int) -> int:
    text = st.state.get(key)
    if text is None or text == "":
        return default
    if not re.fullmatch(r"-?\d{1,9}", text):
        raise InputError(st.file, key, f"expected a whole number, got {text[:40]!r}")
    return int(text)


def _entries(value: str) -> list[str]:
    return [e.strip() for e in value.split(";") if e.strip()]


def _entry(imp: _Import, player: str, entry: str, where: str) -> None:
    """One battlefield entry: a card or a token with its modifiers."""
    head, *mods = [part.strip() for part in entry.split("|")]
    where = f"{where} ({head[:60]})"
    if head.startswith("t:"):
        perm = _token(imp, head[2:], where)
    else:
        perm = _card(imp, player, head, where)
    if perm is None:
        for mod in mods:
            if mod.startswith("Id:"):
                imp.gone[mod[3:]] = where
        return
    perm = {"id": imp.new_id(perm.get("name") or head), "controller": player, **perm}
    land = perm.pop("_land", None)
    if land is not None:
        return _land(imp, player, perm, land, mods, where)
    for mod in mods:
        _modifier(imp, perm, mod, where)
    imp.permanents.append(perm)


def _card(imp: _Import, player: str, name: str, where: str) -> dict[str, Any] | None:
    card = imp.cards.get(card_key(name))
    basic = name.removeprefix("Snow-Covered ")
    if card is None and (basic in _BASIC_LAND or basic == "Wastes"):
        # a basic land needs no card pool: its land type gives its mana ability (305.6)
        return {"name": name, "types": ["Land"], "subtypes": [basic] if basic in _BASIC_LAND else [],
                "_land": "Wastes" if basic == "Wastes" else _BASIC_LAND[basic]}
    if card is None:
        imp.leave_out(where, f"card {name!r} is in no card pool (built-in or --cards)")
        return None
    if "Land" in card.types and not {"Creature", "Planeswalker", "Battle"} & set(card.types):
        return {"card": card.name, "_land": ""}
    if not {"Creature", "Planeswalker", "Battle"} & set(card.types):
        imp.leave_out(where, f"{card.name!r} is not a creature, planeswalker, battle or land "
                             "(its effects are not modelled)")
        return None
    if "Creature" in card.types and (card.power is None or card.toughness is None):
        imp.leave_out(where, f"{card.name!r} has a characteristic-defining power or toughness (*, 604.3)")
        return None
    perm: dict[str, Any] = {"card": card.name}
    if "Battle" in card.types:
        perm["protector"] = next(p for p in PLAYERS if p != player)  # 310.8a: an opponent protects it
    return perm


def _land(imp: _Import, player: str, perm: dict[str, Any], basic: str, mods: list[str], where: str) -> None:
    """A land stays on the battlefield (landwalk, 702.14); untapped, with only a basic mana
    ability (305.6, 106.1), it becomes one mana of its color in its controller's `mana`. `basic`
    is the mana of a basic land named without a card pool ("" for a card of the pool)."""
    tapped = any(m == "Tapped" for m in mods)
    for mod in mods:
        if mod not in ("Tapped", "SummonSick") and not mod.startswith(("Id:", "Set:", "Art:")):
            imp.note(where, f"modifier {mod!r} of a land is not modelled")
    if tapped:
        perm["tapped"] = True
    imp.permanents.append(perm)
    if tapped:
        return
    if basic:
        imp.mana[player].append("C" if basic == "Wastes" else basic)
        return
    card = imp.cards[card_key(perm["card"])]
    text = [*card.lines, *(line for line, _ in card.inert), *card.unmodelled]
    types = [_BASIC_LAND[t] for t in card.subtypes if t in _BASIC_LAND]
    symbols = [m.group(1) for m in map(_BASIC_MANA.fullmatch, text) if m]
    if not text and len(types) == 1:
        imp.mana[player].append(types[0])
    elif len(text) == 1 and len(symbols) == 1:
        imp.mana[player].append(symbols[0])
    else:
        imp.note(where, f"the mana abilities of {card.name!r} are not modelled: it adds nothing to {player}'s mana")


def _token(imp: _Import, spec: str, where: str) -> dict[str, Any] | None:
    """A token: Forge's ``Name,P:n,T:n,Color:R,Types:Creature-Dragon,Keywords:Flying`` form or a
    token script name ``<colors>_<power>_<toughness>_<types and keywords>`` (111.4)."""
    m = _TOKEN_SCRIPT.fullmatch(spec.strip().lower())
    if m:
        colors, power, toughness, words = m.groups()
        types, subtypes, keywords = ["Creature"], [], []
        for word in words.split("_"):
            if word in ("a", "e"):
                types.insert(0, "Artifact" if word == "a" else "Enchantment")
            elif word in KEYWORDS:
                keywords.append(word.capitalize())
            else:
                subtypes.append(word.capitalize())
        return {"name": " ".join(subtypes) or "Token", "types": types, "subtypes": subtypes,
                "colors": [COLOR_NAMES[c] for c in colors if c in COLOR_NAMES],
                "power": int(power), "toughness": int(toughness), "abilities": keywords}
    name, *parts = [p.strip() for p in spec.split(",")]
    info = {k.strip(): v.strip() for k, _, v in (p.partition(":") for p in parts if ":" in p)}
    types = [t for t in info.get("Types", "").split("-") if t]
    if "Creature" not in types:
        imp.leave_out(where, f"token {name!r} is not a creature (its effects are not modelled)")
        return None
    try:
        power, toughness = int(info.get("P", "0")), int(info.get("T", "0"))
    except ValueError:
        raise InputError(imp.st.file, where, "token power and toughness must be whole numbers") from None
    keywords = []
    for kw in filter(None, info.get("Keywords", "").split("-")):
        if kw.lower() in KEYWORDS:
            keywords.append(kw)
        else:
            imp.note(where, f"keyword {kw!r} of token {name!r} is not modelled; the token is imported without it")
    return {"name": name, "types": [t for t in types if t in CARD_TYPES],
            "subtypes": [t for t in types if t not in CARD_TYPES and t != "Legendary"],
            "colors": _token_colors(imp, info.get("Color", ""), where),
            "power": power, "toughness": toughness, "abilities": keywords}


def _token_colors(imp: _Import, text: str, where: str) -> list[str]:
    names = {v: v for v in COLOR_NAMES.values()}
    if text.lower() in (*names, "colorless", "c", ""):
        return [text.lower()] if text.lower() in names else []
    if all(c in COLOR_NAMES for c in text.lower()):
        return [COLOR_NAMES[c] for c in text.lower()]
    raise InputError(imp.st.file, where, f"unknown token color {text!r}")


def _modifier(imp: _Import, perm: dict[str, Any], mod: str, where: str) -> None:
    """One ``|Modifier`` of a creature, planeswalker or battle entry."""
    key, _, value = mod.partition(":")
    if key == "Tapped":
        perm["tapped"] = True
    elif key == "SummonSick":
        perm["summoning_sick"] = True  # 302.6
    elif key == "FaceDown":
        how = _FACE_DOWN.get(value.lower())
        perm["face_down"] = how or True  # 708.2a; FaceDown:Manifested 701.40a, FaceDown:Cloaked 701.58a
        if value and how is None:
            imp.note(where, f"face down ({value.lower()}): imported as a face-down morph creature (708.2a)")
    elif key == "Counters":
        _counters(imp, perm, value, where)
    elif key == "Damage":
        perm["damage"] = _int(imp, value, where, "Damage")
    elif key == "Id":
        imp.forge_ids[value] = perm["id"]
    elif key == "Attacking":
        imp.attacking[perm["id"]] = value or None
    elif key == "PhasedOut":
        perm["_phased_out"] = where
        # not a board that differs from the file's: it does not exist until its controller's next
        # untap step (702.26a-b), after this turn's combat, so no answer changes without it
        imp.note(where, "phased out: treated as though it does not exist (702.26b); not imported")
    elif key in ("Set", "Art"):
        pass  # the printing: no rules meaning
    elif key in UNMODELLED_MODIFIERS:
        imp.note(where, f"modifier {mod!r} is not modelled")
    else:
        imp.note(where, f"unknown modifier {mod!r}; ignored")


def _int(imp: _Import, text: str, where: str, what: str) -> int:
    if not re.fullmatch(r"\d{1,9}", text):
        raise InputError(imp.st.file, where, f"{what} must be a whole number, got {text[:40]!r}")
    return int(text)


def _counters(imp: _Import, perm: dict[str, Any], value: str, where: str) -> None:
    """``P1P1=2,M1M1=1,LOYALTY=3,DEFENSE=4`` (122.1): P/T counters, loyalty (306.5b), defense (310.4)."""
    for pair in filter(None, value.split(",")):
        kind, _, n = pair.partition("=")
        amount = _int(imp, n, where, f"counter {kind}")
        pt = COUNTER_KIND.fullmatch(kind)
        if pt and pt.group(2, 3) != ("0", "0"):
            sign = "+" if pt.group(1) == "P" else "-"
            perm.setdefault("counters", {})[f"{sign}{pt.group(2)}/{sign}{pt.group(3)}"] = amount
        elif kind == "LOYALTY":
            perm["loyalty"] = amount
        elif kind == "DEFENSE":
            perm["defense"] = amount
        else:
            imp.note(where, f"{kind} counters are not modelled")


def _combat(imp: _Import, active: str, phase: str) -> dict[str, Any] | None:
    """What is declared: the phase decides (506.1). Before the declare attackers step nothing is;
    in it, the entries marked Attacking (if any) are; from the declare blockers step on, attackers
    are declared and blockers still to be chosen (a game state does not record blocks)."""
    phased_out = {p["id"]: p.pop("_phased_out") for p in imp.permanents if "_phased_out" in p}
    imp.permanents[:] = [p for p in imp.permanents if p["id"] not in phased_out]
    imp.gone.update((n, phased_out[pid]) for n, pid in imp.forge_ids.items() if pid in phased_out)
    ids = {p["id"] for p in imp.permanents}
    defender = next(p for p in PLAYERS if p != active)
    attackers: dict[str, str] = {}
    for pid, target in imp.attacking.items():
        if pid not in ids:
            continue
        if target is None:
            attackers[pid] = defender
        elif target in imp.gone:
            raise InputError(imp.st.file, "Attacking", f"{pid!r} attacks Id:{target}, {imp.gone[target]}, which "
                                                       "is not imported: the attack cannot be imported")
        elif target in imp.forge_ids:
            attackers[pid] = imp.forge_ids[target]
        else:
            raise InputError(imp.st.file, "Attacking", f"{pid!r} attacks Id:{target}, which no entry has")
    if phase in BEFORE_COMBAT or phase in ("MAIN2", "END_OF_TURN", "CLEANUP"):
        if phase not in BEFORE_COMBAT:
            imp.note("activephase", f"{phase}: this turn's combat is over; imported as the board before "
                                    "attackers are declared")
        if attackers:
            imp.note("activephase", f"{phase}: creatures marked Attacking outside combat; not declared")
        return None
    if phase == "COMBAT_DECLARE_ATTACKERS" and not attackers:
        return None
    if phase in AFTER_BLOCKS:
        imp.note("activephase", f"{phase}: a game state does not record blocks; imported with blockers "
                                "still to be declared")
    return {"attackers": attackers}


def _goal(imp: _Import, active: str) -> dict[str, Any] | None:
    """``Goal: Win`` -> the AI loses (104.3b); destroy goals with ``Targets`` -> ``destroy``."""
    goal = imp.st.metadata.get("goal", "")
    if not goal:
        return None
    turns = imp.st.metadata.get("turns", "1")
    if turns.strip() not in ("", "1"):
        imp.note("Turns", f"the puzzle has {turns} turns; only this turn's combat is answered")
    if active != "human":
        imp.note("Goal", f"goal {goal!r} is the human's, who is not the active player in this combat; no goal")
        return None
    if goal.lower() == "win":
        return {"lethal": "ai"}
    if goal.lower() in DESTROY_GOALS:
        targets = _targets(imp, imp.st.metadata.get("targets") or "Creature.OppCtrl")
        return {"destroy": targets} if targets else None
    imp.note("Goal", f"goal {goal!r} is not a combat goal pysolver answers; no goal")
    return None


def _targets(imp: _Import, text: str) -> list[str] | None:
    """The permanents a Forge ``Targets`` expression names: ``Type[.Prop[+Prop]]`` alternatives
    separated by commas, Type one of Card/Permanent/Creature/Planeswalker/Battle, props
    ``OppCtrl``, ``YouCtrl``, ``named<Card Name>``."""
    chosen: list[str] = []
    for alternative in filter(None, (a.strip() for a in text.split(","))):
        kind, _, props = alternative.partition(".")
        if kind not in ("Card", "Permanent", "Creature", "Planeswalker", "Battle"):
            imp.note("Targets", f"{alternative!r}: only Card/Permanent/Creature/Planeswalker/Battle targets are read")
            return None
        tests: list[Callable[..., bool]] = []  # each takes a permanent entry (a dict)
        for prop in filter(None, props.split("+")):
            if prop in ("OppCtrl", "YouCtrl"):
                owner = "ai" if prop == "OppCtrl" else "human"
                tests.append(lambda p, owner=owner: p["controller"] == owner)
            elif prop.startswith("named"):
                named = card_key(prop[5:])
                tests.append(lambda p, n=named: card_key(p.get("card") or p.get("name", "")) == n)
            else:
                imp.note("Targets", f"{alternative!r}: property {prop!r} is not read")
                return None
        for p in imp.permanents:
            if (kind in ("Card", "Permanent") or kind in _types(imp, p)) and all(t(p) for t in tests) \
                    and p["id"] not in chosen:
                chosen.append(p["id"])
    if not chosen:
        imp.note("Targets", f"{text!r} names no permanent on the battlefield; no goal")
        return None
    return chosen


def _types(imp: _Import, perm: dict[str, Any]) -> tuple[str, ...]:
    if "types" in perm:
        return tuple(perm["types"])
    return imp.cards[card_key(perm["card"])].types


def _other_keys(imp: _Import) -> None:
    """Every other non-empty state key is out of scope: noted with what it holds."""
    read = {"activeplayer", "activephase", *(f"{p}{k}" for p in PLAYERS for k in ("life", "battlefield", "play"))}
    for key, value in imp.st.state.items():
        if key in read or not value:
            continue
        zone = next((z for z in ZONES if key.endswith(z)), None)
        if zone:
            for i, entry in enumerate(_entries(value)):
                imp.note(f"{key}[{i}] ({entry.split('|')[0][:60]})", f"a card {ZONES[zone]} is not modelled")
        else:
            imp.note(key, f"state {key}={value[:60]!r} is not modelled")


# --- writing: a situation as a Forge game state -------------------------------------------------

LAND_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}
COLOR_LETTER = {v: k.upper() for k, v in COLOR_NAMES.items()}


def to_forge(s: Situation, cards: Mapping[str, Card] | None = None, name: str | None = None) -> tuple[str, list[str]]:
    """Forge game-state text for a two-player situation, and notes on what Forge's format cannot
    hold. The active player is Forge's ``human`` (the one solving the puzzle), the other ``ai``.
    A permanent whose characteristics are those of its card is written by name; any other as a
    token with its characteristics. Each player's `mana` becomes untapped basic lands (Wastes
    for {C}). With a goal the text is a puzzle (``[metadata]`` + ``[state]``).

    >>> import pysolver
    >>> s = pysolver.load_data({"players": [{"name": "alice", "mana": "{R}"}, {"name": "bob", "life": 3}],
    ...     "active": "alice", "permanents": [{"id": "g", "controller": "alice", "card": "Grizzly Bears",
    ...     "tapped": True}], "goal": {"lethal": "bob"}})
    >>> print(to_forge(s)[0])
    [metadata]
    Name:pysolver situation
    Goal:Win
    Turns:1
    Difficulty:Easy
    Description:Win this turn.
    [state]
    humanlife=20
    ailife=3
    activeplayer=human
    activephase=MAIN1
    humanbattlefield=Grizzly Bears|Tapped;Mountain
    aibattlefield=
    <BLANKLINE>
    """
    if len(s.players) != 2:
        raise InputError(s.source, "players", "a Forge game state has exactly two players (human and ai)")
    notes: list[str] = []
    pool = with_builtin(cards)
    side = {s.active: "human", next(p.name for p in s.players if p.name != s.active): "ai"}
    attackers = dict(s.combat.attackers or ())
    targets = set(attackers.values()) - set(side)
    forge_id = {p.id: i for i, p in enumerate(s.permanents, 1) if p.id in targets}
    entries: dict[str, list[str]] = {"human": [], "ai": []}
    for p in s.permanents:
        entry = _forge_entry(p, pool, notes)
        if p.id in forge_id:
            entry += f"|Id:{forge_id[p.id]}"
        if p.id in attackers:
            target = attackers[p.id]
            entry += "|Attacking" + (f":{forge_id[target]}" if target in forge_id else "")
        entries[side[p.controller]].append(entry)
    for player in s.players:
        m = player.mana
        for letter, n in (("W", m.W), ("U", m.U), ("B", m.B), ("R", m.R), ("G", m.G), ("C", m.colorless)):
            entries[side[player.name]].extend([LAND_OF[letter]] * n)
    if s.combat.blockers:
        notes.append("combat.blockers: a Forge game state cannot hold blocks; written as the declare blockers step")
    if targets:
        notes.append("combat.attackers: Forge reads attacks on planeswalkers and battles (|Attacking:Id) only "
                     "when the attacked permanent's entry comes first; check them after loading")
    phase = "COMBAT_DECLARE_BLOCKERS" if s.combat.attackers is not None else "MAIN1"
    life = {side[p.name]: p.life for p in s.players}
    lines = [f"humanlife={life['human']}", f"ailife={life['ai']}", "activeplayer=human", f"activephase={phase}",
             f"humanbattlefield={';'.join(entries['human'])}", f"aibattlefield={';'.join(entries['ai'])}"]
    if s.goal is not None:
        lines = ["[metadata]", f"Name:{name or 'pysolver situation'}", *_forge_goal(s, side, notes),
                 "Turns:1", "Difficulty:Easy", "Description:Win this turn.", "[state]", *lines]
    return "\n".join(lines) + "\n", notes


def _forge_goal(s: Situation, side: dict[str, str], notes: list[str]) -> list[str]:
    goal = s.goal
    assert goal is not None
    if goal.kind == "lethal" and side.get(goal.targets[0]) == "ai":
        return ["Goal:Win"]
    if goal.kind == "destroy":
        names = [s.permanent(t).name or t for t in goal.targets]
        return ["Goal:Destroy specified permanents",
                "Targets:" + ",".join(f"Permanent.named{n}+OppCtrl" for n in dict.fromkeys(names))]
    notes.append(f"goal: {goal.kind} has no Forge puzzle goal; written as Goal:Win")
    return ["Goal:Win"]


def _forge_entry(p: Permanent, pool: Mapping[str, Card], notes: list[str]) -> str:
    """One battlefield entry: the card's name (or a token spec) and its modifiers."""
    card = pool.get(card_key(p.name)) if p.name else None
    token = False
    if card is not None and _same(p, card):
        entry = card.name
    elif p.name and p.name.removeprefix("Snow-Covered ") in (*_BASIC_LAND, "Wastes") and p.types == ("Land",):
        entry = p.name  # a basic land is known by name (305.6)
    else:
        entry, token = _token_spec(p, notes), True
    if p.tapped or ("Land" in p.types and not p.is_creature):
        entry += "|Tapped"  # a land's mana is its controller's `mana`, written as untapped basic lands
    if p.summoning_sick:
        entry += "|SummonSick"
    if p.face_down:
        entry += "|FaceDown" + next((f":{forge.capitalize()}" for forge, how in _FACE_DOWN.items()
                                     if how == p.face_down), "")
    if p.face_down in _FACE_DOWN.values() and p.mana_cost is not None and token:
        notes.append(f"{p.id}: a Forge token has no mana cost, so its mana cost {p.mana_cost} is not written "
                     "(Forge can't turn it face up for it, 701.40b, 701.58b)")
    counters = [counter_kind(dp, dt).translate(_FORGE_SIGNS) + f"={n}" for dp, dt, n in p.pt_counters]
    counters += [f"{name.upper()}={n}" for name, n in p.named_counters]  # 122.1: Forge's counter types, SPORE=3
    if "Planeswalker" in p.types and p.loyalty is not None:
        counters.append(f"LOYALTY={p.loyalty}")
    if "Battle" in p.types and p.defense is not None:
        counters.append(f"DEFENSE={p.defense}")
    if counters:
        entry += "|Counters:" + ",".join(counters)
    if p.damage:
        entry += f"|Damage:{p.damage}"
    if p.until_end_of_turn != (0, 0):
        notes.append(f"{p.id}: a Forge game state cannot hold its change until end of turn "
                     f"{pt_change(p.until_end_of_turn)} (613.4c); not written")
    if p.paired_with is not None:
        notes.append(f"{p.id}: a Forge game state cannot hold that it is paired with {p.paired_with} (702.95b); "
                     "not written")
    if p.dashed:
        notes.append(f"{p.id}: a Forge game state cannot hold that its dash cost was paid (702.109a: haste); "
                     "not written")
    if p.monstrous:
        notes.append(f"{p.id}: a Forge game state cannot hold that it is monstrous (701.37b); not written")
    if p.auras_attached or p.equipment_attached:
        notes.append(f"{p.id}: the Auras and Equipment attached to it (303.4, 301.5) are no permanents of the file; "
                     "not written")
    if p.keywords_until_end_of_turn:
        notes.append(f"{p.id}: a Forge game state cannot hold the keywords it was given until end of turn "
                     f"{', '.join(p.keywords_until_end_of_turn)} (613.1f); not written")
    if p.cant_be_blocked_by_power_this_turn is not None:
        notes.append(f"{p.id}: a Forge game state cannot hold that it can't be blocked by creatures with power "
                     f"{p.cant_be_blocked_by_power_this_turn} or less this turn (509.1b); not written")
    if p.attacks_despite_defender_this_turn:
        notes.append(f"{p.id}: a Forge game state cannot hold that it can attack this turn as though it didn't have "
                     "defender (702.3b); not written")
    if p.switched_until_end_of_turn:
        notes.append(f"{p.id}: a Forge game state cannot hold that its power and toughness are switched (613.4d); "
                     "not written")
    if p.cant_be_regenerated_this_turn:
        notes.append(f"{p.id}: a Forge game state cannot hold that it can't be regenerated this turn (701.19c); "
                     "not written")
    if p.destroyed_at_end_of_combat:
        notes.append(f"{p.id}: a Forge game state cannot hold a delayed trigger destroying it at end of combat "
                     "(603.7a); not written")
    if p.exiled_cards:
        notes.append(f"{p.id}: the cards exiled with it (406.6, 607.2a) are no permanents of the file; not written")
    return entry


def _same(p: Permanent, card: Card) -> bool:
    """Whether a permanent has exactly its card's characteristics (Forge builds it from the name; a
    manifested or cloaked one's mana cost too, 701.40b)."""
    return (tuple(p.types), tuple(p.subtypes), tuple(p.colors), p.power, p.toughness, tuple(p.ability_lines)) == \
        (card.types, card.subtypes, card.colors, card.power, card.toughness, card.lines) and \
        (p.defense in (None, card.defense)) and (p.mana_cost is None or _cost(card) == p.mana_cost)


def _cost(card: Card) -> Mana | None:
    """The card's mana cost (202.1), None if it has none or one the solver does not read ({X}, hybrid)."""
    try:
        return Mana.parse(card.mana_cost) if card.mana_cost else None
    except ValueError:
        return None


def _token_spec(p: Permanent, notes: list[str]) -> str:
    """``t:Name,P:n,T:n,Color:…,Types:Creature-Sub,Keywords:Flying-Trample`` (keywords only)."""
    keywords = [line for line in p.ability_lines if line.lower() in KEYWORDS]
    dropped = [line for line in p.ability_lines if line.lower() not in KEYWORDS]
    if dropped:
        notes.append(f"permanents.{p.id}: written as a Forge token, which holds keywords only; "
                     f"left out: {'; '.join(dropped)}")
    name = (p.name or p.id).replace(",", " ").replace("|", " ").replace(";", " ")
    colors = "".join(COLOR_LETTER[c] for c in p.colors) or "C"
    parts = [f"t:{name}", f"P:{p.power or 0}", f"T:{p.toughness or 0}", f"Color:{colors}",
             "Types:" + "-".join([*p.types, *p.subtypes])]
    if keywords:
        parts.append("Keywords:" + "-".join(k.capitalize() for k in keywords))
    return ",".join(parts)
